/* SPDX-License-Identifier: CC0-1.0 */
/* poly1305aes_ct: portable C99 (plus GCC/clang's unsigned __int128 where the
   compiler has it, and __atomic), any byte order, no floating point.
   Constant time everywhere: AES-128 bitsliced (common/aes_bs64.h on 64-bit
   words, common/aes_bs32.h on 32-bit words), Poly1305 in integers (radix
   2^64 with 128-bit products, common/poly64.h; else radix 2^26 with 32x32->64
   products, common/poly26.h, below); every branch and every memory index depends
   only on the message length and the path.

   Two paths, one for each word size, both built on every target so the
   tests run both: word64 (aes_bs64; radix 2^64 when the compiler has
   unsigned __int128 with an inline product, radix 2^26 otherwise) and
   word32 (aes_bs32, radix 2^26): two rows of the path record (common/path.h)
   under the one dispatcher (common/dispatch.h), the target's own word size
   first, which every call runs unless a test forces the other. Each is one
   Poly1305 core used through start, blocks and finish; the last partial
   chunk is padded here (its bytes, 0x01, zeros) and given to blocks with pad
   0. No path has fused code for a one-time key (onetime NULL): onetimeauth
   composes the core, which is this code's. */
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include "namespace.h"
#include "wipe.h"
#include "aes_bs32.h"
#include "aes_bs64.h"
#include "dispatch.h"   /* the path record */
/* radix 2^64 where the compiler's 64x64->128-bit product is inline; not on
   SPARC before VIS3 (no high-product instruction: a libgcc call, __multi3,
   236 instructions a block against 170 in radix 2^26 under qemu-sparc64) */
#if defined(__SIZEOF_INT128__) && !(defined(__sparc__) && !(defined(__VIS__) && __VIS__ >= 0x300))
#define RADIX64 1
#include "poly64.h"
#else
#define RADIX64 0
#include "poly26.h"
#endif

/* the stack the paths' frames reach below authenticate's, wiped after each
   call: STACK_BYTES, measured by the build for the compiler in use, with a
   margin (common/stack.h); word64 on a 32-bit CPU (a test path there) keeps
   its 64-bit words in register pairs and spills far deeper than word32. */

/* the padded last chunk: the t (1..15) bytes at m, 0x01, zeros. Byte by byte:
   the empty asm keeps the compiler from calling memcpy, which on sparc64
   (glibc) uses %g2 and %g3, registers the psABI leaves to the application */
static void pad_chunk(unsigned char chunk[16], const unsigned char *m, size_t t)
{
  size_t i;
  memset(chunk, 0, 16);
  for (i = 0; i < t; ++i) {
    chunk[i] = m[i];
    __asm__("" : : : "memory");
  }
  chunk[t] = 1;
}

#if RADIX64
/* the radix-2^64 core's blocks and finish (start: p64_start) */
static inline void radix64_blocks(struct p64 *st, const unsigned char *m, size_t count, u64 pad)
{
  for (; count > 0; --count, m += 16) p64_block(st, load64(m), load64(m + 8), pad);
}

static inline void radix64_finish(const struct p64 *st, const uint32_t s[4], unsigned char tag[16])
{
  p64_finish(tag, st->h0, st->h1, st->h2, (u64) s[1] << 32 | s[0], (u64) s[3] << 32 | s[2]);
}
#endif

/* out = the tag of m[0..l) under r and s (in columns) with one Poly1305 core: its state, start,
   blocks and finish */
#define HASH_WITH(state, start, blocks, finish, out, r, s, m, l)                                 \
  do {                                                                                          \
    state st;                                                                                   \
    unsigned char chunk[16];                                                                    \
    start(&st, r);                                                                              \
    blocks(&st, m, (l) / 16, 1);                                                                \
    if ((l) & 15) {                                                                             \
      pad_chunk(chunk, (m) + ((l) & ~(size_t) 15), (l) & 15);                                   \
      blocks(&st, chunk, 1, 0);                                                                 \
    }                                                                                           \
    finish(&st, s, out);                                                                        \
  } while (0)

/* radix 2^26 */
static inline void hash26(unsigned char out[16], const unsigned char r[16], const uint32_t s[4],
                          const unsigned char *m, size_t l)
{
  HASH_WITH(struct p26, p26_start, p26_blocks, p26_finish_words, out, r, s, m, l);
}

/* radix 2^64 where the compiler has it, in the caller's frame (word64's) */
#if RADIX64
#define hash64(out, r, s, m, l) HASH_WITH(struct p64, p64_start, radix64_blocks, radix64_finish, out, r, s, m, l)
#else
#define hash64 hash26
#endif

/* the paths: s = AES_k(n) with the word size's bitsliced AES, then the tag */
#define WORD_PATH(name, aes_bs, hash)                                                              \
  static __attribute__((noinline)) void name(unsigned char out[16], const unsigned char kr[32],   \
                                             const unsigned char n[16], const unsigned char *m,   \
                                             size_t l)                                            \
  {                                                                                                \
    uint32_t k[4], block[4], s[4];                                                                 \
    aes_bs_columns(k, kr);                                                                         \
    aes_bs_columns(block, n);                                                                      \
    aes_bs(s, k, block);                                                                           \
    hash(out, kr + 16, s, m, l);                                                                   \
  }

WORD_PATH(word64, aes_bs64, hash64)
WORD_PATH(word32, aes_bs32, hash26)

WIPE_STACK_FUNCTION(wipe_word64, STACK_BYTES(word64, scalar))
WIPE_STACK_FUNCTION(wipe_word32, STACK_BYTES(word32, scalar))
WIPE_STACK_FUNCTION(wipe_core, STACK_CORE_BYTES)

/* the paths, the target's word size first (row WORD64_ROW is word64); no vector code */
#if UINTPTR_MAX > 0xffffffffu
#define WORD64_ROW 0
#else
#define WORD64_ROW 1
#endif
/* expanded keys (common/path.h's struct path_split) hold each path's bitsliced key schedule
   (common/aes_bs32.h, common/aes_bs64.h); each path's code with one is the path's own with
   the AES from the schedule (ek its bytes: r at 16, the schedule at POLY1305AES_KEY_SCHED) */
static __attribute__((noinline)) void expand_words(unsigned char *sched, const unsigned char k[16], int use64)
{
  uint32_t kc[4];
  aes_bs_columns(kc, k);
  if (use64) aes_bs64_expand(sched, kc);
  else aes_bs32_expand(sched, kc);
  wipe(kc, sizeof kc);
}

static void expand64(unsigned char *sched, const unsigned char k[16])
{
  expand_words(sched, k, 1);
}

static void expand32(unsigned char *sched, const unsigned char k[16])
{
  expand_words(sched, k, 0);
}

#define EXPANDED_PATH(name, aes_bs_expanded, hash)                                                 \
  static __attribute__((noinline)) void name(unsigned char out[16], const unsigned char *ek,      \
                                             const unsigned char *n, const unsigned char *m,      \
                                             size_t l)                                            \
  {                                                                                                \
    uint32_t block[4], s[4];                                                                       \
    aes_bs_columns(block, n);                                                                      \
    aes_bs_expanded(s, ek + POLY1305AES_KEY_SCHED, block);                                         \
    hash(out, ek + 16, s, m, l);                                                                   \
  }
EXPANDED_PATH(expanded64, aes_bs64_expanded, hash64)
EXPANDED_PATH(expanded32, aes_bs32_expanded, hash26)

static const struct path_split split_word64 = { expand64, expanded64, NULL };
static const struct path_split split_word32 = { expand32, expanded32, NULL };

#define ROW(word, i) \
  { .name = #word, .needs = 0, .scalar = word, .vector = NULL, .onetime = NULL, .vector_from = PATH_ALL(0), \
    .onetime_from = PATH_ALL(0), .scalar_stack = STACK_BYTES(word, scalar), .vector_stack = 0, \
    .core = PATH_CORE(i), .many = NULL, .split = &split_##word }
static const struct path paths[] = {
#if WORD64_ROW == 0
  ROW(word64, 0), ROW(word32, 1)
#else
  ROW(word32, 0), ROW(word64, 1)
#endif
};

/* every path runs everywhere: the library's own choice is the first */
static int runs_here(const struct path *p)
{
  (void) p;
  return 1;
}
#define may_force runs_here

/* the wipes: the measured size of the path's code after it (its AES in path_core's aes too),
   common/pathcore.h's after a core entry point */
#define WIPE_AFTER(p, bytes) ((p) == &paths[WORD64_ROW] ? wipe_word64() : wipe_word32())
#define CORE_WIPE() wipe_core()

/* path_core: each path's AES (the dispatcher's path_aes: its code on an empty message) and its
   Poly1305 core, common/pathcore.h's, the same arithmetic as authenticate's */
#if RADIX64
#define WORD64_STATE struct p64
#define WORD64_CORE(piece) core64_##piece
#else
#define WORD64_STATE struct p26
#define WORD64_CORE(piece) core26_##piece
#endif
#define OWN_CORES
#define PATH_CORE_OF(aes, i) \
  { (i) == WORD64_ROW ? sizeof(WORD64_STATE) : sizeof(struct p26), aes, \
    (i) == WORD64_ROW ? WORD64_CORE(start) : core26_start, (i) == WORD64_ROW ? WORD64_CORE(blocks) : core26_blocks, \
    (i) == WORD64_ROW ? WORD64_CORE(finish) : core26_finish, 0 }

/* authenticate, onetime_fused, path_core, the many-message hooks and the path interface
   (common/impl.h.in) */
#include "dispatch.h"
