/* SPDX-License-Identifier: CC0-1.0 */
/* The path table of an implementation without run-time dispatch: one row,
   "default", which every CPU it builds for runs, through the one dispatcher
   (common/dispatch.h; with one row its choice is a constant the compiler
   folds). The row is the implementation's own code:
     scalar: its poly1305aes_authenticate, which is the entry point itself
       (OWN_AUTHENTICATE) and wipes what it leaves on the stack (no wipe here);
     onetime: when its cflags define POLY1305AES_ONETIME, its fused one-shot
       code onetime(out, key, m, l) (the one-time key r || s, an unsigned int
       length: messages up to UINT_MAX bytes, PATH_LENGTH_MAX); else NULL,
       and onetimeauth composes the core (common/stream.c), as it does for
       longer messages;
     core: its functions aes, start, blocks and finish (common/core.h) on a
       state of POLY1305AES_CORE_STATE_BYTES (its cflags; its source checks
       it), which wipe what they leave themselves. */
#include <limits.h>
#include <stddef.h>
#include <stdint.h>
#include "core.h"
#include "namespace.h"
#include "dispatch.h"   /* the path record */

#if !defined(POLY1305AES_CORE_STATE_BYTES)
#error "an implementation on common/onepath.c defines POLY1305AES_CORE_STATE_BYTES (its cflags)"
#elif POLY1305AES_CORE_STATE_BYTES > POLY1305AES_CORE_STATE_MAX
#error "POLY1305AES_CORE_STATE_BYTES is above what common/core.h allows"
#endif

/* the row's fused code: the implementation's own, whose length is an unsigned int */
static void own_authenticate(unsigned char out[16], const unsigned char *kr, const unsigned char *n,
                             const unsigned char *m, size_t l)
{
  poly1305aes_authenticate(out, kr, n, m, (unsigned int) l);
}

#if defined(POLY1305AES_ONETIME)
void CRYPTO_NAMESPACE(onetime)(unsigned char out[16], const unsigned char key[32], const unsigned char *m,
  unsigned int l);

static void own_onetime(unsigned char out[16], const unsigned char *key, const unsigned char *n,
                        const unsigned char *m, size_t l)
{
  (void) n;
  CRYPTO_NAMESPACE(onetime)(out, key, m, (unsigned int) l);
}
#if SIZE_MAX > UINT_MAX
#define PATH_LENGTH_MAX UINT_MAX   /* longer: composed */
#endif
#define OWN_ONETIME own_onetime
#else
#define OWN_ONETIME NULL
#endif

static const struct path paths[] = {
  { .name = "default", .needs = 0, .scalar = own_authenticate, .vector = NULL, .onetime = OWN_ONETIME,
    .vector_from = PATH_ALL(0), .onetime_from = PATH_ALL(0), .scalar_stack = 0, .vector_stack = 0,
    .core = PATH_CORE(0), .many = NULL },
};

static int runs_here(const struct path *p)
{
  (void) p;
  return 1;
}
#define may_force runs_here

/* the row's code wipes its own stack, and so do its core's functions (the portable cores of
   common/pathcore.h go unused here) */
#define wipe_below(bytes) ((void) (bytes))
#define CORE_WIPE() ((void) 0)
#define OWN_AUTHENTICATE

/* the core: the descriptor's void * state, passed on (each a tail jump) */
struct CRYPTO_NAMESPACE(state);
void CRYPTO_NAMESPACE(aes)(unsigned char out[16], const unsigned char k[16], const unsigned char in[16]);
void CRYPTO_NAMESPACE(start)(struct CRYPTO_NAMESPACE(state) *st, const unsigned char r[16]);
void CRYPTO_NAMESPACE(blocks)(struct CRYPTO_NAMESPACE(state) *st, const unsigned char *m, size_t nblocks,
  unsigned int pad);
void CRYPTO_NAMESPACE(finish)(struct CRYPTO_NAMESPACE(state) *st, const unsigned char s[16], unsigned char tag[16]);

static void own_start(void *st, const unsigned char r[16])
{
  CRYPTO_NAMESPACE(start)(st, r);
}

static void own_blocks(void *st, const unsigned char *m, size_t nblocks, unsigned int pad)
{
  CRYPTO_NAMESPACE(blocks)(st, m, nblocks, pad);
}

static void own_finish(void *st, const unsigned char s[16], unsigned char tag[16])
{
  CRYPTO_NAMESPACE(finish)(st, s, tag);
}

/* the streaming driver collects a buffer's worth of blocks for each call (a call's fixed cost,
   the FP mode and the saved registers, outweighs copying short updates), except on SPARC,
   where its copies are byte loops (common/bytes.h) and cost more than the calls they save */
#if defined(__sparc__)
#define ONEPATH_BUFFER 0
#else
#define ONEPATH_BUFFER POLY1305AES_STREAM_BLOCKS
#endif
#define OWN_CORES
#define PATH_CORE_OF(path_aes_i, i) \
  { POLY1305AES_CORE_STATE_BYTES, CRYPTO_NAMESPACE(aes), own_start, own_blocks, own_finish, ONEPATH_BUFFER }

/* onetime_fused, path_core and the path interface (common/impl.h.in) */
#include "dispatch.h"
