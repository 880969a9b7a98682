/* SPDX-License-Identifier: CC0-1.0 */
/* poly1305aes_ppc64le internals. Assumes 64-bit little-endian POWER (ELFv2),
   whose processor baseline is Power ISA 2.07 with VMX and VSX (POWER8), and
   GCC or clang (unsigned __int128, altivec.h, GNU inline assembly). Shared
   by every code path: the radix-2^64 scalar Poly1305 (common/poly64.h's
   state, start, tail and finish; the block multiplication here, in
   assembly: mulld/mulhdu, 32 instructions a block, or with ISA 3.0's
   maddld/maddhdu, 28), AES-128 with the POWER8 vector crypto instructions
   (aesp8.h), and the core contract every path's Poly1305 meets:
     start(st, r)                  h = 0, r kept (clamped here) and its precomputations reset
     blocks(st, m, count, pad)     h = (h + c + pad 2^128) r for each 16-byte block c at m
     finish(st, s, tag)            tag = (h mod p + s) mod 2^128
   with h in radix 2^64 between calls (h2 <= 4: the bounds in common/poly64.h). */
#ifndef poly1305aes_ppc64le_internal_H
#define poly1305aes_ppc64le_internal_H

#include "namespace.h"

/* the names the path files share, each namespaced once (common/namespace.h) */
#define blocks_p8 CRYPTO_NAMESPACE(blocks_p8)
#define blocks_p9 CRYPTO_NAMESPACE(blocks_p9)
#define vector_p9 CRYPTO_NAMESPACE(vector_p9)
#define vector_p10 CRYPTO_NAMESPACE(vector_p10)
#define aes_vperm CRYPTO_NAMESPACE(aes_vperm)

#include <stddef.h>
#include "poly64.h"

#define HIDDEN __attribute__((visibility("hidden")))

#include "p64r44.h"   /* struct state, the R44 shape */

HIDDEN void blocks_p8(struct state *st, const unsigned char *m, size_t count, u64 pad);   /* scalar.c */
HIDDEN void blocks_p9(struct state *st, const unsigned char *m, size_t count, u64 pad);   /* scalar.c: ISA 3.0 */
/* vector.c: the whole groups of R44_GROUP blocks of m[0..16 count), count >= R44_GROUP,
   in radix 2^44 (vmsumudm, ISA 3.0); returns the blocks left for the scalar code */
HIDDEN size_t vector_p9(struct state *st, const unsigned char *m, size_t count, u64 pad);
HIDDEN size_t vector_p10(struct state *st, const unsigned char *m, size_t count, u64 pad);   /* ISA 3.1 */
HIDDEN void aes_vperm(unsigned char out[16], const unsigned char k[16], const unsigned char in[16]); /* vperm.c */

/* ---- Poly1305 in radix 2^64 ----
   One block, a = h0 + 2^64 h1 + 2^128 h2 already holding it: d0 = a0 r0 +
   a1 s1, d1 = a0 r1 + a1 r0 + hi(d0) + a2 s1, top = hi(d1) + a2 r0 (weight
   2^128); h0 = lo(d0) + 5 (top >> 2), h1 = lo(d1) + carry, h2 = (top & 3) +
   carry. Operands: h0 h1 h2, d0l d0h d1l d1h t u, r0 r1 s1. The carry bit
   is XER[CA]. */
#define P64_PRODUCTS_P8                                                                       \
  "mulld %[d0l], %[h0], %[r0]\n\t"                                                             \
  "mulhdu %[d0h], %[h0], %[r0]\n\t"                                                            \
  "mulld %[t], %[h1], %[s1]\n\t"                                                               \
  "mulhdu %[u], %[h1], %[s1]\n\t"                                                              \
  "addc %[d0l], %[d0l], %[t]\n\t"                                                              \
  "adde %[d0h], %[d0h], %[u]\n\t"                                                              \
  "mulld %[d1l], %[h0], %[r1]\n\t"                                                             \
  "mulhdu %[d1h], %[h0], %[r1]\n\t"                                                            \
  "mulld %[t], %[h1], %[r0]\n\t"                                                               \
  "mulhdu %[u], %[h1], %[r0]\n\t"                                                              \
  "addc %[d1l], %[d1l], %[t]\n\t"                                                              \
  "adde %[d1h], %[d1h], %[u]\n\t"                                                              \
  "mulld %[t], %[h2], %[s1]\n\t"                                                               \
  "mulld %[u], %[h2], %[r0]\n\t"                                                               \
  "add %[d0h], %[d0h], %[t]\n\t"                                                               \
  "add %[d1h], %[d1h], %[u]\n\t"

/* the same with ISA 3.0's multiply-adds: maddhdu gives the high half of a
   product plus a 64-bit addend, carry included, so a second product joins a
   sum in two instructions and an add; h2's products (< 2^63: no carry)
   join in one maddld each */
#define P64_PRODUCTS_P9                                                                       \
  "mulld %[d0l], %[h0], %[r0]\n\t"                                                             \
  "mulhdu %[d0h], %[h0], %[r0]\n\t"                                                            \
  "mulld %[d1l], %[h0], %[r1]\n\t"                                                             \
  "mulhdu %[d1h], %[h0], %[r1]\n\t"                                                            \
  "maddhdu %[t], %[h1], %[s1], %[d0l]\n\t"                                                     \
  "maddld %[d0l], %[h1], %[s1], %[d0l]\n\t"                                                    \
  "maddhdu %[u], %[h1], %[r0], %[d1l]\n\t"                                                     \
  "maddld %[d1l], %[h1], %[r0], %[d1l]\n\t"                                                    \
  "maddld %[d0h], %[h2], %[s1], %[d0h]\n\t"                                                    \
  "maddld %[d1h], %[h2], %[r0], %[d1h]\n\t"                                                    \
  "add %[d0h], %[d0h], %[t]\n\t"                                                               \
  "add %[d1h], %[d1h], %[u]\n\t"

/* top = d1 + hi(d0) 2^64 >> 64, folded: h = lo(d0) + 2^64 lo(d1) + 2^128 (top & 3) + 5 (top >> 2) */
#define P64_REDUCE                                                                            \
  "addc %[d1l], %[d1l], %[d0h]\n\t"                                                            \
  "addze %[d1h], %[d1h]\n\t"                                                                   \
  "rldicl %[h2], %[d1h], 0, 62\n\t"                                                            \
  "rldicr %[t], %[d1h], 0, 61\n\t"                                                             \
  "srdi %[u], %[d1h], 2\n\t"                                                                   \
  "add %[t], %[t], %[u]\n\t"                                                                   \
  "addc %[h0], %[d0l], %[t]\n\t"                                                               \
  "addze %[h1], %[d1l]\n\t"                                                                    \
  "addze %[h2], %[h2]\n\t"

/* h = (h + c + pad 2^128) r for each of count >= 1 blocks c at m, on the
   struct p64 *st in scope; PRODUCTS is P64_PRODUCTS_P8 or _P9 (the
   caller's function must allow ISA 3.0 for _P9) */
#define P64_BLOCKS(PRODUCTS, m_, count_, pad_)                                               \
  do {                                                                                         \
    u64 d0l, d0h, d1l, d1h, t, u;                                                              \
    const unsigned char *p_ = (m_);                                                             \
    __asm__("mtctr %[count]\n"                                                                 \
            "1:\n\t"                                                                           \
            "ld %[t], 0(%[m])\n\t"                                                             \
            "ld %[u], 8(%[m])\n\t"                                                             \
            "addi %[m], %[m], 16\n\t"                                                          \
            "addc %[h0], %[h0], %[t]\n\t"                                                      \
            "adde %[h1], %[h1], %[u]\n\t"                                                      \
            "adde %[h2], %[h2], %[pad]\n\t"                                                    \
            PRODUCTS P64_REDUCE                                                                \
            "bdnz 1b"                                                                          \
            : P64_GPR_OPERANDS, [m] "+&b"(p_)                                                  \
            : P64_GPR_KEY, [count] "r"(count_), [pad] "r"(pad_)                                \
            : "ctr", "xer", "memory");                                                         \
  } while (0)

/* h = (h + m0 + 2^64 m1) r on the struct p64 *st in scope: the padded last
   chunk, its 1 already in m0 m1; also h = h r (m0 = m1 = 0: the powers of r) */
#define P64_LAST(PRODUCTS, m0_, m1_)                                                        \
  do {                                                                                         \
    u64 d0l, d0h, d1l, d1h, t, u;                                                              \
    __asm__("addc %[h0], %[h0], %[a0]\n\t"                                                     \
            "adde %[h1], %[h1], %[a1]\n\t"                                                     \
            "addze %[h2], %[h2]\n\t"                                                           \
            PRODUCTS P64_REDUCE                                                                \
            : P64_GPR_OPERANDS                                                                 \
            : P64_GPR_KEY, [a0] "r"(m0_), [a1] "r"(m1_)                                        \
            : "xer");                                                                          \
  } while (0)

#endif
