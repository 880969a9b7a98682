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
   word32 (aes_bs32, radix 2^26). Calls run the target's own word size's unless a test forces the
   other. Each is one Poly1305 core used through start, blocks and finish;
   the last partial chunk is padded here (its bytes, 0x01, zeros) and given
   to blocks with pad 0. */
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include "namespace.h"
#include "wipe.h"
#include "aes_bs32.h"
#include "aes_bs64.h"
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

/* the path in use: 0 the target's word size, 1 the other (the path interface) */
static int other_word;

void poly1305aes_authenticate(unsigned char out[16], const unsigned char kr[32], const unsigned char n[16],
                              const unsigned char m[], unsigned int l)
{
#if UINTPTR_MAX > 0xffffffffu
  const int use64 = !__atomic_load_n(&other_word, __ATOMIC_RELAXED);
#else
  const int use64 = __atomic_load_n(&other_word, __ATOMIC_RELAXED);
#endif
  if (use64) {
    word64(out, kr, n, m, l);
    wipe_word64();
  } else {
    word32(out, kr, n, m, l);
    wipe_word32();
  }
}

/* the path interface (common/impl.h.in): the target's word size first */
#if UINTPTR_MAX > 0xffffffffu
static const char *const path_names[] = { "word64", "word32" };
#else
static const char *const path_names[] = { "word32", "word64" };
#endif

const char *poly1305aes_path_name(unsigned int i)
{
  return i < 2 ? path_names[i] : NULL;
}

int poly1305aes_path_use(unsigned int i)
{
  if (i >= 2) return 0;
  __atomic_store_n(&other_word, (int) i, __ATOMIC_RELAXED);
  return 1;
}

const char *poly1305aes_path(void)
{
  return path_names[__atomic_load_n(&other_word, __ATOMIC_RELAXED)];
}

unsigned int poly1305aes_path_current(void)
{
  return (unsigned int) __atomic_load_n(&other_word, __ATOMIC_RELAXED);
}

/* onetimeauth composes the path's core (no fused one-shot: the composition is this code) */
int poly1305aes_onetime_fused(unsigned char out[16], const unsigned char key[32], const unsigned char *m, size_t l)
{
  (void) out, (void) key, (void) m, (void) l;
  return 0;
}

/* path_core: each path's AES, then the stack its work used wiped (the path's measured
   size: it covers authenticate's AES as well), and its Poly1305 core (common/pathcore.h's, the same
   arithmetic as authenticate's) */
static __attribute__((noinline)) void aes_words(unsigned char out[16], const unsigned char k[16],
                                                const unsigned char in[16], int use64)
{
  uint32_t kc[4], block[4], s[4];
  unsigned int i;
  aes_bs_columns(kc, k);
  aes_bs_columns(block, in);
  if (use64) aes_bs64(s, kc, block);
  else aes_bs32(s, kc, block);
  for (i = 0; i < 4; ++i) {
    out[4 * i] = (unsigned char) s[i], out[4 * i + 1] = (unsigned char) (s[i] >> 8);
    out[4 * i + 2] = (unsigned char) (s[i] >> 16), out[4 * i + 3] = (unsigned char) (s[i] >> 24);
  }
  wipe(kc, sizeof kc);
  wipe(s, sizeof s);
}

static void aes64(unsigned char out[16], const unsigned char k[16], const unsigned char in[16])
{
  aes_words(out, k, in, 1);
  wipe_word64();
}

static void aes32(unsigned char out[16], const unsigned char k[16], const unsigned char in[16])
{
  aes_words(out, k, in, 0);
  wipe_word32();
}

WIPE_STACK_FUNCTION(wipe_core, STACK_CORE_BYTES)
#define CORE_WIPE() wipe_core()
#include "pathcore.h"

#if RADIX64
#define CORE_WORD64 { sizeof(struct p64), aes64, core64_start, core64_blocks, core64_finish, 0 }
#else
#define CORE_WORD64 { sizeof(struct p26), aes64, core26_start, core26_blocks, core26_finish, 0 }
#endif
#define CORE_WORD32 { sizeof(struct p26), aes32, core26_start, core26_blocks, core26_finish, 0 }

/* in the order of path_names */
#if UINTPTR_MAX > 0xffffffffu
static const struct poly1305aes_core cores[2] = { CORE_WORD64, CORE_WORD32 };
#else
static const struct poly1305aes_core cores[2] = { CORE_WORD32, CORE_WORD64 };
#endif

const struct poly1305aes_core *poly1305aes_path_core(unsigned int i)
{
  return i < 2 ? &cores[i] : NULL;
}

/* the many-message driver's hooks (common/impl.h.in): no many-message code of its own (the
   driver, common/many.c, loops); expanded keys hold each path's bitsliced key schedule
   (common/aes_bs32.h, common/aes_bs64.h), and each path's code with one is the path's own
   with the AES from the schedule; each call is followed by the path's wipe */
int poly1305aes_many_fused(unsigned char *const out[], const unsigned char *const kr[],
                           const unsigned char *const n[], const unsigned char *const m[], const size_t l[],
                           size_t count)
{
  (void) out, (void) kr, (void) n, (void) m, (void) l, (void) count;
  return 0;
}

/* path i runs the 64-bit words (path_names' order) */
#if UINTPTR_MAX > 0xffffffffu
#define PATH_WORD64(i) ((i) == 0)
#else
#define PATH_WORD64(i) ((i) == 1)
#endif

static __attribute__((noinline)) void expand_words(unsigned char *sched, const unsigned char k[16], int use64)
{
  uint32_t kc[4];
  aes_bs_columns(kc, k);
  if (use64) aes_bs64_expand(sched, kc);
  else aes_bs32_expand(sched, kc);
  wipe(kc, sizeof kc);
}

/* the paths with an expanded key (ek its bytes: r at 16, the schedule at POLY1305AES_KEY_SCHED):
   s = AES_k(n) from the schedule, then the tag, as WORD_PATH's */
#define EXPANDED_PATH(name, aes_bs_expanded, hash)                                                 \
  static __attribute__((noinline)) void name(unsigned char out[16], const unsigned char *ek,      \
                                             const unsigned char n[16], const unsigned char *m,   \
                                             size_t l)                                            \
  {                                                                                                \
    uint32_t block[4], s[4];                                                                       \
    aes_bs_columns(block, n);                                                                      \
    aes_bs_expanded(s, ek + POLY1305AES_KEY_SCHED, block);                                         \
    hash(out, ek + 16, s, m, l);                                                                   \
  }
EXPANDED_PATH(expanded64, aes_bs64_expanded, hash64)
EXPANDED_PATH(expanded32, aes_bs32_expanded, hash26)

int poly1305aes_split_expand(unsigned int i, unsigned char *sched, const unsigned char k[16])
{
  if (i >= 2) return 0;
  expand_words(sched, k, PATH_WORD64(i));
  if (PATH_WORD64(i)) wipe_word64();
  else wipe_word32();
  return 1;
}

int poly1305aes_split_fused(unsigned int i, unsigned char out[16], const unsigned char *key, const unsigned char *n,
                            const unsigned char *m, size_t l)
{
  if (i >= 2) return 0;
  if (PATH_WORD64(i)) {
    expanded64(out, key, n, m, l);
    wipe_word64();
  } else {
    expanded32(out, key, n, m, l);
    wipe_word32();
  }
  return 1;
}
