/* SPDX-License-Identifier: CC0-1.0 */
/* The code-path interface (common/impl.h.in) of an implementation without
   run-time dispatch: one path, "default", which every CPU it builds for runs.
   onetimeauth: when the implementation's cflags define POLY1305AES_ONETIME,
   its fused one-shot code onetime(out, key, m, l) (the one-time key r || s,
   an unsigned int length) for l up to UINT_MAX; else, and for longer
   messages, the driver (common/stream.c) composes the core's pieces. When
   the implementation's cflags define
   POLY1305AES_CORE_STATE_BYTES (its core state's size; its source checks
   it), also path_core: the core (common/core.h) is its functions aes,
   start, blocks and finish. */
#include <limits.h>
#include <stddef.h>
#include <stdint.h>
#include "core.h"
#include "namespace.h"

const char *poly1305aes_path_name(unsigned int i)
{
  return i == 0 ? "default" : NULL;
}

int poly1305aes_path_use(unsigned int i)
{
  return i == 0;
}

const char *poly1305aes_path(void)
{
  return "default";
}

unsigned int poly1305aes_path_current(void)
{
  return 0;
}

#if defined(POLY1305AES_ONETIME)
void CRYPTO_NAMESPACE(onetime)(unsigned char out[16], const unsigned char key[32], const unsigned char *m,
  unsigned int l);
#endif

int poly1305aes_onetime_fused(unsigned char out[16], const unsigned char key[32], const unsigned char *m, size_t l)
{
#if defined(POLY1305AES_ONETIME)
#if SIZE_MAX > UINT_MAX
  if (l > UINT_MAX) return 0;   /* past the one-shot code's unsigned int: composed */
#endif
  CRYPTO_NAMESPACE(onetime)(out, key, m, (unsigned int) l);
  return 1;
#else
  (void) out, (void) key, (void) m, (void) l;
  return 0;
#endif
}

/* no many-message code and no split AES: the driver (common/many.c) loops, and an expanded
   key keeps kr */
int poly1305aes_many_fused(unsigned char *const out[], const unsigned char *const kr[],
                           const unsigned char *const n[], const unsigned char *const m[], const size_t l[],
                           size_t count)
{
  (void) out, (void) kr, (void) n, (void) m, (void) l, (void) count;
  return 0;
}

int poly1305aes_split_expand(unsigned int i, unsigned char *sched, const unsigned char k[16])
{
  (void) i, (void) sched, (void) k;
  return 0;
}


int poly1305aes_split_fused(unsigned int i, unsigned char out[16], const unsigned char *key, const unsigned char *n,
                            const unsigned char *m, size_t l)
{
  (void) i, (void) out, (void) key, (void) n, (void) m, (void) l;
  return 0;
}

#if defined(POLY1305AES_CORE_STATE_BYTES)
#if POLY1305AES_CORE_STATE_BYTES > POLY1305AES_CORE_STATE_MAX
#error "POLY1305AES_CORE_STATE_BYTES is above what common/core.h allows"
#endif
struct CRYPTO_NAMESPACE(state);
void CRYPTO_NAMESPACE(aes)(unsigned char out[16], const unsigned char k[16], const unsigned char in[16]);
void CRYPTO_NAMESPACE(start)(struct CRYPTO_NAMESPACE(state) *st, const unsigned char r[16]);
void CRYPTO_NAMESPACE(blocks)(struct CRYPTO_NAMESPACE(state) *st, const unsigned char *m, size_t nblocks,
  unsigned int pad);
void CRYPTO_NAMESPACE(finish)(struct CRYPTO_NAMESPACE(state) *st, const unsigned char s[16], unsigned char tag[16]);

/* the descriptor's void * state, passed on (each a tail jump) */
static void start(void *st, const unsigned char r[16])
{
  CRYPTO_NAMESPACE(start)(st, r);
}

static void blocks(void *st, const unsigned char *m, size_t nblocks, unsigned int pad)
{
  CRYPTO_NAMESPACE(blocks)(st, m, nblocks, pad);
}

static void finish(void *st, const unsigned char s[16], unsigned char tag[16])
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
static const struct poly1305aes_core core = {
  POLY1305AES_CORE_STATE_BYTES, CRYPTO_NAMESPACE(aes), start, blocks, finish, ONEPATH_BUFFER
};

const struct poly1305aes_core *poly1305aes_path_core(unsigned int i)
{
  return i == 0 ? &core : NULL;
}
#endif
