/* SPDX-License-Identifier: CC0-1.0 */
/* Poly1305 in radix 2^26 with SSE2 integer code, two blocks a register,
   for poly1305aes_amd64 and poly1305aes_x86 (x86-64 and 32-bit x86: the loop
   needs only the 8 xmm registers 32-bit mode has): the driver and the bounds
   are in radix26.h, here are the lane operations and the loop, 8 blocks (4
   sets of 2) a step: 2-operand SSE2 spends 3 instructions a product, so
   the step's fixed work (split, carry, H) weighs; 8 blocks a step took
   0.93x the time of 4 here. On x86-64 also the hybrid (HYBRID_HASH,
   below), poly1305aes_amd64's loop for CPUs without AVX2. Constant time: no
   branch or memory index depends on r or the message (only on l). */
#include <emmintrin.h>
#include "x86.h"

typedef __m128i V;
#define LANES 2
#define SETS 4
#define VT __attribute__((target("sse2")))
#define LANE_BLOCKS { 0, 1 }        /* PUNPCK{L,H}QDQ of blocks 0 and 1 */
#define v_mul _mm_mul_epu32
#define v_add _mm_add_epi64
#define v_and _mm_and_si128
#define v_or _mm_or_si128
#define v_andnot _mm_andnot_si128
#define v_srli _mm_srli_epi64
#define v_slli _mm_slli_epi64
#define HASH sse2_hash
#ifdef __x86_64__
#define HYBRID_HASH sse2_hybrid_hash   /* the hybrid loop below */
#include "poly64.h"
#endif

INLINE VT V v_set1(uint64_t x)
{
  return _mm_set_epi32((int) (x >> 32), (int) x, (int) (x >> 32), (int) x);
}

INLINE VT V v_lanes(const uint64_t x[2])
{
  return _mm_set_epi32((int) (x[1] >> 32), (int) x[1], (int) (x[0] >> 32), (int) x[0]);
}

INLINE VT V v_lane0(V a)
{
  return _mm_unpacklo_epi64(a, a);
}

INLINE VT uint64_t v_sum(V a)
{
  uint64_t x;
  _mm_storel_epi64((V *) (void *) &x, _mm_add_epi64(a, _mm_unpackhi_epi64(a, a)));
  return x;
}

INLINE VT void store_blocks(unsigned char *p, const V b[8])
{
  int i;
  for (i = 0; i < 8; ++i) _mm_store_si128((V *) (void *) (p + 16 * i), b[i]);
}

#include "radix26.h"

/* the loops: offsets in struct state (radix26.h) at W = 16, SETS = 4: Q_j at
   160 j, h at 640, the limbs of M_j at 720 + 80 j, pad j at 960 + 16 j, mask
   at 1024; in 16-byte slots (PRODUCTS): Q_j 10 j, h 40, M_j 45 + 5 j */

/* the terms of PRODUCTS (radix26.h), a slot 16 bytes: d += a times the
   slot; the last of a row multiplies a itself, no longer needed (one copy
   fewer) */
#define LOAD_A(slot) "movdqa 16*(" #slot ")(%[st]), %[a]\n\t"
#define MUL(slot, dk) \
  "movdqa %[a], %[t]\n\t" \
  "pmuludq 16*(" #slot ")(%[st]), %[t]\n\t" \
  "paddq %[t], %[" #dk "]\n\t"
#define MUL_LAST(slot, dk) \
  "pmuludq 16*(" #slot ")(%[st]), %[a]\n\t" \
  "paddq %[a], %[" #dk "]\n\t"
#define CARRY(from, to) \
  "movdqa %[" #from "], %[t]\n\t" \
  "psrlq $26, %[t]\n\t" \
  "paddq %[t], %[" #to "]\n\t" \
  "pand %[mask], %[" #from "]\n\t"
#define FOLD  /* d4 -> 5 d0 */ \
  "movdqa %[d4], %[t]\n\t" \
  "psrlq $26, %[t]\n\t" \
  "pand %[mask], %[d4]\n\t" \
  "movdqa %[t], %[a]\n\t" \
  "psllq $2, %[a]\n\t" \
  "paddq %[a], %[t]\n\t" \
  "paddq %[t], %[d0]\n\t"
#define STORE(dk, slot) "movdqa %[" #dk "], 16*(" #slot ")(%[st])\n\t"
/* the blocks at p + off and p + off + 16 into limbs at mem, their pad bits
   from pad, through d0..d2 */
#define SPLIT_TO_MEMORY(off, mem, pad) \
  "movdqu " #off "(%[p]), %[d0]\n\t" \
  "movdqu " #off "+16(%[p]), %[d1]\n\t" \
  "movdqa %[d0], %[d2]\n\t" \
  "punpcklqdq %[d1], %[d0]\n\t"     /* low words of the two blocks */ \
  "punpckhqdq %[d1], %[d2]\n\t"     /* high words */ \
  "movdqa %[d0], %[d1]\n\t" \
  "pand %[mask], %[d1]\n\t" \
  "movdqa %[d1], " #mem "(%[st])\n\t" \
  "movdqa %[d0], %[d1]\n\t" \
  "psrlq $26, %[d1]\n\t" \
  "pand %[mask], %[d1]\n\t" \
  "movdqa %[d1], " #mem "+16(%[st])\n\t" \
  "psrlq $52, %[d0]\n\t" \
  "movdqa %[d2], %[d1]\n\t" \
  "psllq $12, %[d1]\n\t" \
  "por %[d1], %[d0]\n\t" \
  "pand %[mask], %[d0]\n\t" \
  "movdqa %[d0], " #mem "+32(%[st])\n\t" \
  "movdqa %[d2], %[d1]\n\t" \
  "psrlq $14, %[d1]\n\t" \
  "pand %[mask], %[d1]\n\t" \
  "movdqa %[d1], " #mem "+48(%[st])\n\t" \
  "psrlq $40, %[d2]\n\t" \
  "por " #pad "(%[st]), %[d2]\n\t" \
  "movdqa %[d2], " #mem "+64(%[st])\n\t"

/* one step on the chunk at p: H = H Q_0 + M_0 Q_1 + M_1 Q_2 + M_2 Q_3 + M_3
   (h_products: the products H Q_0, or nothing for H = 0); STEP_WITH puts
   the instructions s0..s5 between its pieces (the hybrid's scalar blocks) */
#define STEP(h_products) STEP_WITH(h_products, "", "", "", "", "", "")
#define STEP_WITH(h_products, s0, s1, s2, s3, s4, s5) \
    SPLIT_TO_MEMORY(0, 720, 960) s0 \
    SPLIT_TO_MEMORY(32, 800, 976) \
    SPLIT_TO_MEMORY(64, 880, 992) s1 \
    /* M_3 (blocks 6, 7) into d0..d4 */ \
    "movdqu 96(%[p]), %[d0]\n\t" \
    "movdqu 112(%[p]), %[t]\n\t" \
    "movdqa %[d0], %[d3]\n\t" \
    "punpcklqdq %[t], %[d0]\n\t" \
    "punpckhqdq %[t], %[d3]\n\t" \
    "movdqa %[d0], %[d1]\n\t" \
    "psrlq $26, %[d1]\n\t" \
    "pand %[mask], %[d1]\n\t" \
    "movdqa %[d0], %[d2]\n\t" \
    "psrlq $52, %[d2]\n\t" \
    "movdqa %[d3], %[t]\n\t" \
    "psllq $12, %[t]\n\t" \
    "por %[t], %[d2]\n\t" \
    "pand %[mask], %[d2]\n\t" \
    "movdqa %[d3], %[d4]\n\t" \
    "psrlq $40, %[d4]\n\t" \
    "por 1008(%[st]), %[d4]\n\t" \
    "psrlq $14, %[d3]\n\t" \
    "pand %[mask], %[d3]\n\t" \
    "pand %[mask], %[d0]\n\t" \
    /* + H Q_0 (not in the first step, where H = 0) + M_0 Q_1 + M_1 Q_2 + M_2 Q_3 */ \
    h_products s2 \
    PRODUCTS(45, 10) s3 \
    PRODUCTS(50, 20) s4 \
    PRODUCTS(55, 30) s5 \
    /* carry, then H */ \
    CARRIES_TO_H(40)

/* H Q_0: the products of the steps after the first (radix26.h) */
#define H_PRODUCTS PRODUCTS(40, 0)

#ifdef __x86_64__
/* the hybrid step (x86-64: registers for both): the step above with
   HYBRID_BLOCKS (8) radix-2^64 blocks of a second region (radix64.h: MUL,
   one chain, h2 <= 4) between its pieces, so the integer multiplier works
   while the vector unit does. Faster than the SSE2 steps alone and than
   two radix-2^64 chains, and with 8 scalar blocks a step than with 4 or 12
   (the figures: doc/results/amd64.md, "Figures from the source headers").
   The region split and the join: poly1305aes_amd64/scalar.c */
#include "radix64.h"
#define SB P64_BLOCK_AT_MS(h0, h1, h2)
#if HYBRID_BLOCKS != 8
#error "HYBRID_STEP places eight scalar blocks"
#endif
#define HYBRID_STEP STEP_WITH(H_PRODUCTS, SB SB, SB, SB, SB, SB SB, SB)
#endif

#include "radix26_steps.h"
