/* SPDX-License-Identifier: CC0-1.0 */
/* poly1305aes_arm64 internals. Assumes AArch64 (little-endian, 64-bit words,
   unsigned __int128 from GCC or clang), Linux (getauxval). Shared by every
   code path: the radix-2^64 scalar Poly1305 below (MUL, UMULH, ADDS, ADCS in
   GNU inline assembly; 30 instructions a block).
   The block multiplication keeps h2 <= 4: the bounds are in common/poly64.h. */
#ifndef poly1305aes_arm64_internal_H
#define poly1305aes_arm64_internal_H

#include "namespace.h"

/* the names the path files share, each namespaced once (common/namespace.h);
   hybrid.S includes this header for them */
#define scalar_ce CRYPTO_NAMESPACE(scalar_ce)
#define scalar_vperm CRYPTO_NAMESPACE(scalar_vperm)
#define vector_neon CRYPTO_NAMESPACE(vector_neon)
#define vector_vperm CRYPTO_NAMESPACE(vector_vperm)
#define hybrid_steps CRYPTO_NAMESPACE(hybrid_steps)
#define core_blocks_neon CRYPTO_NAMESPACE(core_blocks_neon)
#define expanded_neon CRYPTO_NAMESPACE(expanded_neon)
#define expanded_neon_vperm CRYPTO_NAMESPACE(expanded_neon_vperm)
#define split_neon CRYPTO_NAMESPACE(split_neon)
#define split_scalar CRYPTO_NAMESPACE(split_scalar)
#define split_vperm CRYPTO_NAMESPACE(split_vperm)
#define many_ce CRYPTO_NAMESPACE(many_ce)

#ifndef __ASSEMBLER__
#include "poly64.h"
#include "stack.h"   /* STACK_BYTES, the wipe sizes the build measured */

#define HIDDEN __attribute__((visibility("hidden")))

/* the code of a path for some lengths (common/path.h); the dispatcher (dispatch.c) picks one
   by CPU and length */
#include "path.h"

HIDDEN fusedfn scalar_ce;       /* AES-CE, radix 2^64 (scalar.c) */
HIDDEN fusedfn scalar_vperm;    /* vector-permute AES, radix 2^64 (scalar.c) */
HIDDEN fusedfn vector_neon;     /* AES-CE, radix 2^26 NEON, four blocks a step (neon.c); l >= 64 */
HIDDEN fusedfn vector_vperm;    /* vector-permute AES, the same NEON hash (neon.c); l >= 64 */
/* the same two NEON calls with an expanded key's bytes (common/path.h's struct path_split: r at
   16, the round keys at POLY1305AES_KEY_SCHED; neon.c), and each path's split AES: AES-CE on
   paths neon and scalar, vector permutes on path vperm (scalar.c) */
HIDDEN fusedfn expanded_neon, expanded_neon_vperm;
HIDDEN extern const struct path_split split_neon, split_scalar, split_vperm;
/* many messages a call on paths neon and scalar (common/path.h's manyfn; many.c): the AES-CE of
   four keys and nonces at once, transposed, then each message's radix-2^64 hash */
HIDDEN manyfn many_ce;

/* NEON from VECTOR_FROM bytes, HYBRID_FROM the hybrid loop (the implementation's thresholds
   file, written by the build into this header) */
#include "thresholds.h"
#if VECTOR_FROM < 64
#error "the NEON code takes whole groups of four blocks"
#endif

/* the hybrid loop (hybrid.S): its state, laid out as the assembly reads it */
struct hybrid {
  uint32_t x[5][2];                /* X: the two NEON lanes' limbs */
  u64 unused;
  u64 h[3], r0, r1, s1;            /* the scalar chain: h, and r (p64) */
  uint32_t key[4][9];              /* r^8, r^6, r^4, r^2: limbs 0-4, then five times limbs 1-4 */
};
HIDDEN void hybrid_steps(struct hybrid *state, const unsigned char *mv, const unsigned char *ms, size_t steps);

/* ---- Poly1305 in radix 2^64 ---- */

/* h = a r for a = h0 + 2^64 h1 + 2^128 h2 already holding the block, in
   assembly (GCC's unsigned __int128 code moves carries through CSET):
   d0 = a0 r0 + a1 s1, d1 = a0 r1 + a1 r0 + hi(d0) + a2 s1, top = hi(d1)
   + a2 r0 (weight 2^128; a2 s1 < 2^62.9 joins hi(d0) < 2^61.2 without a
   carry); h0 = lo(d0) + 5 (top >> 2), h1 = lo(d1) + carry, h2 = (top & 3)
   + carry. Operands: h0 h1 h2, d0l d0h d1l d1h t u, r0 r1 s1. */
#define P64_MUL                                                                              \
  P64_PRODUCTS                                                                               \
  "mul %[t], %[h2], %[s1]\n\t"                                                                \
  "mul %[u], %[h2], %[r0]\n\t"                                                                \
  "add %[d0h], %[d0h], %[t]\n\t"                                                              \
  "add %[d1h], %[d1h], %[u]\n\t"                                                              \
  P64_CARRY
/* its pieces (many.c takes them too): d0 = a0 r0 + a1 s1, d1 = a0 r1 + a1 r0 (before the a2
   terms); then top = hi(d1 + hi(d0)) and h from d0, d1 and top */
#define P64_PRODUCTS                                                                         \
  "mul %[d0l], %[h0], %[r0]\n\t"                                                              \
  "umulh %[d0h], %[h0], %[r0]\n\t"                                                            \
  "mul %[t], %[h1], %[s1]\n\t"                                                                \
  "umulh %[u], %[h1], %[s1]\n\t"                                                              \
  "adds %[d0l], %[d0l], %[t]\n\t"                                                             \
  "adc %[d0h], %[d0h], %[u]\n\t"                                                              \
  "mul %[d1l], %[h0], %[r1]\n\t"                                                              \
  "umulh %[d1h], %[h0], %[r1]\n\t"                                                            \
  "mul %[t], %[h1], %[r0]\n\t"                                                                \
  "umulh %[u], %[h1], %[r0]\n\t"                                                              \
  "adds %[d1l], %[d1l], %[t]\n\t"                                                             \
  "adc %[d1h], %[d1h], %[u]\n\t"
#define P64_CARRY                                                                            \
  "adds %[d1l], %[d1l], %[d0h]\n\t"                                                           \
  "adc %[d1h], %[d1h], xzr\n\t"                  /* top */                                   \
  "and %[h2], %[d1h], #3\n\t"                                                                 \
  "and %[t], %[d1h], #-4\n\t"                                                                 \
  "add %[t], %[t], %[d1h], lsr #2\n\t"           /* 5 (top >> 2) */                          \
  "adds %[h0], %[d0l], %[t]\n\t"                                                              \
  "adcs %[h1], %[d1l], xzr\n\t"                                                               \
  "adc %[h2], %[h2], xzr\n\t"

/* h = (h + c + pad 2^128) r for each whole block c of m[0..16 count), count >= 1, pad <= 1 */
INLINE void p64_blocks(struct p64 *st, const unsigned char *m, size_t count, u64 pad)
{
  const unsigned char *end = m + 16 * count;
  u64 d0l, d0h, d1l, d1h, t, u;
  __asm__("1:\n\t"
          "ldp %[t], %[u], [%[m]], #16\n\t"
          "adds %[h0], %[h0], %[t]\n\t"
          "adcs %[h1], %[h1], %[u]\n\t"
          "adc %[h2], %[h2], %[one]\n\t"
          P64_MUL
          "cmp %[m], %[end]\n\t"
          "b.ne 1b\n\t"
          : P64_GPR_OPERANDS, [m] "+&r"(m)
          : P64_GPR_KEY, [end] "r"(end), [one] "r"(pad)
          : "cc", "memory");
}

/* h = (h + m0 + 2^64 m1) r: the padded last chunk, its 1 already in m0 m1;
   also h = h r (m0 = m1 = 0: the powers of r) */
INLINE void p64_last(struct p64 *st, u64 m0, u64 m1)
{
  u64 d0l, d0h, d1l, d1h, t, u;
  __asm__("adds %[h0], %[h0], %[m0]\n\t"
          "adcs %[h1], %[h1], %[m1]\n\t"
          "adc %[h2], %[h2], xzr\n\t"
          P64_MUL
          : P64_GPR_OPERANDS
          : P64_GPR_KEY, [m0] "r"(m0), [m1] "r"(m1)
          : "cc");
}

/* absorb all of m[0..l) */
INLINE void p64_hash(struct p64 *st, const unsigned char *m, size_t l)
{
  if (l >= 16) p64_blocks(st, m, l / 16, 1);
  if (l & 15) {
    u64 m0, m1;
    p64_tail(m, l, &m0, &m1);
    p64_last(st, m0, m1);
  }
}

/* ---- the contract (common/core.h) on a struct p64: start is p64_start ---- */

/* h = (h + c + pad 2^128) r for each of the nblocks blocks c at m, in radix 2^64 */
INLINE void core_blocks_scalar(struct p64 *st, const unsigned char *m, size_t nblocks, unsigned int pad)
{
  if (nblocks) p64_blocks(st, m, nblocks, pad);
}

/* the same, with the NEON code (neon.c) for whole blocks from VECTOR_FROM bytes on, h
   absorbed into its first block */
HIDDEN void core_blocks_neon(struct p64 *st, const unsigned char *m, size_t nblocks, unsigned int pad);

/* tag = (h mod p + s) mod 2^128 */
INLINE void core_finish(struct p64 *st, const unsigned char s[16], unsigned char tag[16])
{
  p64_finish(tag, st->h0, st->h1, st->h2, load64(s), load64(s + 8));
}

/* zero the bytes [sp - bytes, sp) below the stack pointer, where the frames of
   the function just called were: the dispatcher's wipe of each path's stack
   (bytes a multiple of 64; in the build's stack probe, only recorded:
   common/stack.h), 64 bytes a store (ST1 of v16-v19, volatile: AAPCS64). The
   stack pointer moves down over them for the stores (memory below it is not
   the program's to write), and back. */
INLINE void wipe_below(size_t bytes)
{
  if (stack_probing(bytes)) return;
  __asm__ __volatile__("mov x9, sp\n\t"
                       "sub x10, x9, %0\n\t"
                       "mov sp, x10\n\t"
                       "movi v16.2d, #0\n\t"
                       "movi v17.2d, #0\n\t"
                       "movi v18.2d, #0\n\t"
                       "movi v19.2d, #0\n"
                       "1:\n\t"
                       "st1 {v16.2d-v19.2d}, [x10], #64\n\t"
                       "cmp x10, x9\n\t"
                       "b.lo 1b\n\t"
                       "mov sp, x9"
                       : : "r"(bytes) : "x9", "x10", "v16", "v17", "v18", "v19", "cc", "memory");
}

#endif /* __ASSEMBLER__ */
#endif
