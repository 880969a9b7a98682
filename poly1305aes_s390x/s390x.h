/* SPDX-License-Identifier: CC0-1.0 */
/* poly1305aes_s390x internals. Assumes 64-bit z/Architecture (big-endian),
   Linux, GCC (unsigned __int128, whose products are MLGR; vecintrin.h under
   -mzvector; per-function target attributes). Shared by every code path:
   the radix-2^64 scalar Poly1305 (common/poly64.h's state, start, tail and
   finish, little-endian loads byte-reversed by LRVG; the block here in C,
   h2 <= 4 by poly64.h's bounds) and the core contract every path meets:
     start(st, r)                  h = 0, r kept (clamped here) and its precomputations reset
     blocks(st, m, count, pad)     h = (h + c + pad 2^128) r for each 16-byte block c at m
     finish(st, s, tag)            tag = (h mod p + s) mod 2^128
   with h in radix 2^64 between calls. */
#ifndef poly1305aes_s390x_internal_H
#define poly1305aes_s390x_internal_H

#include "namespace.h"

/* the names the path files share, each namespaced once (common/namespace.h); scalar.S
   includes this header for them */
#define vector_z14 CRYPTO_NAMESPACE(vector_z14)
#define vector_z13 CRYPTO_NAMESPACE(vector_z13)
#define aes_vx CRYPTO_NAMESPACE(aes_vx)
#define aes_km CRYPTO_NAMESPACE(aes_km)
#define km_aes128_reported CRYPTO_NAMESPACE(km_aes128_reported)
#define blocks_z CRYPTO_NAMESPACE(blocks_z)

#ifndef __ASSEMBLER__
#include <stddef.h>
#include "poly64.h"

#define HIDDEN __attribute__((visibility("hidden")))

#include "p64r44.h"   /* struct state, the R44 shape */

/* vector.c: the whole groups of R44_GROUP blocks of m[0..16 count), count >= R44_GROUP,
   in radix 2^44 (VMSLG, vector enhancements 1: z14); returns the blocks left for the scalar code */
HIDDEN size_t vector_z14(struct state *st, const unsigned char *m, size_t count, u64 pad);
/* vx26.c: the whole groups of four blocks of m[0..16 count), count >= 4, in radix 2^26 (the
   vector facility's multiply-adds: z13); returns the blocks left for the scalar code */
HIDDEN size_t vector_z13(struct state *st, const unsigned char *m, size_t count, u64 pad);
/* vperm.c: AES-128 by vector permutes (the vector facility: z13) */
HIDDEN void aes_vx(unsigned char out[16], const unsigned char k[16], const unsigned char in[16]);
/* km.S: AES-128 by CPACF's KM-AES-128 (only where km_aes128_reported() said 1) */
HIDDEN void aes_km(unsigned char out[16], const unsigned char k[16], const unsigned char in[16]);
/* km.S: 1 when STFLE reports the message-security assist and KM's query KM-AES-128 (needs STFLE) */
HIDDEN int km_aes128_reported(void);
/* scalar.S: h = (h + c + pad 2^128) r for each of count >= 1 blocks c at m (31 instructions a block) */
HIDDEN void blocks_z(struct p64 *st, const unsigned char *m, size_t count, u64 pad);

/* ---- Poly1305 in radix 2^64 ----
   The blocks of a message: scalar.S. One block here (the padded last chunk,
   the powers of r), inline: h = (h + m0 + 2^64 m1 + 2^128 pad) r: a = h + m, d0 = a0 r0 + a1 s1,
   d1 = a0 r1 + a1 r0 + hi(d0) + a2 s1, top = hi(d1) + a2 r0 (weight
   2^128); h0 = lo(d0) + 5 (top >> 2), h1 = lo(d1) + carry, h2 = (top & 3)
   + carry. In assembly: MLGR multiplies the odd register of an even-odd
   pair into the pair, so the products live in r0-r5 (clobbered): (r0, r1)
   d0, (r2, r3) and (r4, r5) the two products of d1; a2 s1 + hi(d0) <
   2^63.9 + 2^61.2 joins d1 as one word; the key, the pad bit and zero are
   read from memory (MLG, MSG, ALCG: the registers are all taken, and a PIC
   build has one fewer). 35 instructions. */
#define P64_BLOCK_ASM(LOAD)                                                                   \
  LOAD                                                                                         \
  "algr %%r1, %[h0]\n\t"                 /* a0, carry */                                    \
  "alcgr %%r3, %[h1]\n\t"                /* a1 */                                           \
  "alcg %[h2], %[pad]\n\t"               /* a2 (in h2) */                                   \
  "lgr %%r4, %%r1\n\t"                   /* a0 again */                                     \
  "lgr %%r5, %%r3\n\t"                   /* a1 again */                                     \
  "mlg %%r0, %[r0]\n\t"                  /* a0 r0 */                                        \
  "mlg %%r2, %[s1]\n\t"                  /* a1 s1 */                                        \
  "algr %%r1, %%r3\n\t"                                                                      \
  "alcgr %%r0, %%r2\n\t"                 /* d0 */                                           \
  "lgr %%r3, %%r4\n\t"                                                                       \
  "mlg %%r2, %[r1]\n\t"                  /* a0 r1 */                                        \
  "mlg %%r4, %[r0]\n\t"                  /* a1 r0 */                                        \
  "algr %%r3, %%r5\n\t"                                                                      \
  "alcgr %%r2, %%r4\n\t"                 /* a0 r1 + a1 r0 */                                \
  "lgr %%r5, %[h2]\n\t"                                                                      \
  "msg %%r5, %[s1]\n\t"                                                                      \
  "algr %%r5, %%r0\n\t"                  /* a2 s1 + hi(d0): no carry */                     \
  "algr %%r3, %%r5\n\t"                                                                      \
  "alcg %%r2, %[zero]\n\t"               /* d1 */                                           \
  "lgr %%r5, %[h2]\n\t"                                                                      \
  "msg %%r5, %[r0]\n\t"                                                                      \
  "agr %%r2, %%r5\n\t"                   /* top */                                          \
  "risbg %[h2], %%r2, 62, 128 + 63, 0\n\t"   /* top & 3 */                                  \
  "srlg %%r5, %%r2, 2\n\t"                                                                   \
  "nill %%r2, 0xfffc\n\t"                                                                    \
  "agr %%r2, %%r5\n\t"                   /* 5 (top >> 2) */                                 \
  "algrk %[h0], %%r1, %%r2\n\t"                                                              \
  "lgr %[h1], %%r3\n\t"                                                                      \
  "alcg %[h1], %[zero]\n\t"                                                                  \
  "alcg %[h2], %[zero]\n\t"

#define P64_CLOBBERS "r0", "r1", "r2", "r3", "r4", "r5", "cc"
static const u64 p64_zero = 0;
#define P64_OPERANDS [h0] "+&d"(st->h0), [h1] "+&d"(st->h1), [h2] "+&d"(st->h2)
#define P64_KEY [r0] "T"(st->r0), [r1] "T"(st->r1), [s1] "T"(st->s1)

/* h = (h + c + pad 2^128) r for each of count blocks c at m */
INLINE void p64_blocks(struct p64 *st, const unsigned char *m, size_t count, u64 pad)
{
  if (count) blocks_z(st, m, count, pad);
}

/* h = (h + m0 + 2^64 m1 + 2^128 pad) r, the block above in assembly (common/poly64.h's
   p64_block is the portable C one): the padded last chunk (pad 0); also h = h r */
INLINE void p64_block_z(struct p64 *st, u64 m0, u64 m1, u64 pad)
{
  __asm__(P64_BLOCK_ASM("lgr %%r1, %[m0]\n\t" "lgr %%r3, %[m1]\n\t")
          : P64_OPERANDS
          : P64_KEY, [m0] "d"(m0), [m1] "d"(m1), [pad] "T"(pad), [zero] "T"(p64_zero)
          : P64_CLOBBERS);
}

/* out = (h mod p + s) mod 2^128 for h2 <= 4, s little-endian at s: common/poly64.h's
   p64_finish in assembly (the compiler's unsigned __int128 code for it spills), no branch
   on h: fold 2^130 = 5, g = h + 5, keep g when g >= 2^130 (a mask), add s */
INLINE void p64_finish_z(unsigned char out[16], u64 h0, u64 h1, u64 h2, const unsigned char *s)
{
  u64 t, u, g0, g1, g2, zero;
  __asm__("risbg %[t], %[h2], 0, 128 + 61, 0\n\t"
          "srlg %[u], %[h2], 2\n\t"
          "agr %[t], %[u]\n\t"                  /* 5 (h2 >> 2) */
          "risbg %[h2], %[h2], 62, 128 + 63, 0\n\t"
          "lghi %[zero], 0\n\t"
          "algr %[h0], %[t]\n\t"
          "alcgr %[h1], %[zero]\n\t"
          "alcgr %[h2], %[zero]\n\t"           /* h < 2^130 + 20 */
          "lghi %[g0], 5\n\t"
          "algr %[g0], %[h0]\n\t"
          "lgr %[g1], %[h1]\n\t"
          "alcgr %[g1], %[zero]\n\t"
          "lgr %[g2], %[h2]\n\t"
          "alcgr %[g2], %[zero]\n\t"           /* g = h + 5 */
          "srlg %[g2], %[g2], 2\n\t"
          "lcgr %[g2], %[g2]\n\t"              /* all ones when h >= p */
          "xgr %[g0], %[h0]\n\t"
          "ngr %[g0], %[g2]\n\t"
          "xgr %[h0], %[g0]\n\t"
          "xgr %[g1], %[h1]\n\t"
          "ngr %[g1], %[g2]\n\t"
          "xgr %[h1], %[g1]\n\t"
          "lrvg %[t], 0(%[s])\n\t"
          "lrvg %[u], 8(%[s])\n\t"
          "algr %[h0], %[t]\n\t"
          "alcgr %[h1], %[u]\n\t"
          "strvg %[h0], 0(%[out])\n\t"
          "strvg %[h1], 8(%[out])"
          : [h0] "+&d"(h0), [h1] "+&d"(h1), [h2] "+&d"(h2), [t] "=&d"(t), [u] "=&d"(u), [g0] "=&d"(g0),
            [g1] "=&d"(g1), [g2] "=&d"(g2), [zero] "=&d"(zero), "=m"(*(unsigned char(*)[16]) out)
          : [s] "a"(s), [out] "a"(out), "m"(*(const unsigned char(*)[16]) s)
          : "cc");
}

/* absorb all of m[0..l) */
INLINE void p64_hash(struct p64 *st, const unsigned char *m, size_t l)
{
  p64_blocks(st, m, l / 16, 1);
  if (l & 15) {
    u64 m0, m1;
    p64_tail(m, l, &m0, &m1);
    p64_block_z(st, m0, m1, 0);
  }
}

#endif /* __ASSEMBLER__ */
#endif
