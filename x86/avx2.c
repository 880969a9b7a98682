/* SPDX-License-Identifier: CC0-1.0 */
/* Poly1305 in radix 2^26 with AVX2, four blocks a register, 8 blocks a
   step, for poly1305aes_x86 (and poly1305aes_amd64): the driver and the
   bounds are radix26.h's (shared with sse2.c), here are the lane operations
   and the loop, written for the 8 ymm registers of 32-bit mode (the
   multipliers stay in memory operands). Constant time: no branch or memory
   index depends on r or the message (only on l). */
#include <immintrin.h>
#include "x86.h"

typedef __m256i V;
#define LANES 4
#define SETS 2
#define VT __attribute__((target("avx2,avx")))
#define LANE_BLOCKS { 0, 2, 1, 3 }  /* VPUNPCK{L,H}QDQ of blocks 0-1 and 2-3, per 128-bit half */
#define v_mul _mm256_mul_epu32
#define v_add _mm256_add_epi64
#define v_and _mm256_and_si256
#define v_or _mm256_or_si256
#define v_andnot _mm256_andnot_si256
#define v_srli _mm256_srli_epi64
#define v_slli _mm256_slli_epi64
#define HASH avx2_hash
#define HASH_FROM avx2_hash_from
#ifdef __i386__
#define LANES_HASH avx2_lanes   /* poly1305aes_x86's many messages (amd64's MULX chain is faster) */
#endif

INLINE VT V v_set1(uint64_t x)
{
  return _mm256_set1_epi64x((long long) x);
}

INLINE VT V v_lanes(const uint64_t x[4])
{
  return _mm256_set_epi64x((long long) x[3], (long long) x[2], (long long) x[1], (long long) x[0]);
}

INLINE VT V v_lane0(V a)
{
  return _mm256_permute4x64_epi64(a, 0);
}

#ifdef LANES_HASH   /* its lanes to memory */
INLINE VT void v_store(uint64_t x[4], V a)
{
  _mm256_storeu_si256((V *) (void *) x, a);
}
#endif

INLINE VT uint64_t v_sum(V a)
{
  __m128i half = _mm_add_epi64(_mm256_castsi256_si128(a), _mm256_extracti128_si256(a, 1));
  uint64_t x;
  _mm_storel_epi64((__m128i *) (void *) &x, _mm_add_epi64(half, _mm_unpackhi_epi64(half, half)));
  return x;
}

INLINE VT void store_blocks(unsigned char *p, const __m128i b[8])
{
  int i;
  for (i = 0; i < 4; ++i) _mm256_store_si256((V *) (void *) (p + 32 * i), _mm256_set_m128i(b[2 * i + 1], b[2 * i]));
}

#include "radix26.h"

/* the loops: offsets in struct state (radix26.h) at W = 32, SETS = 2: Q_0 at
   0, Q_1 at 320, h at 640, the limbs of M_0 at 800, pads at 960 and 992, mask
   at 1024; in 32-byte slots (PRODUCTS): Q_0 0, Q_1 10, h 20, M_0 25 */

/* the terms of PRODUCTS (radix26.h), a slot 32 bytes: d += a times the slot */
#define LOAD_A(slot) "vmovdqa 32*(" #slot ")(%[st]), %[a]\n\t"
#define MUL(slot, dk) \
  "vpmuludq 32*(" #slot ")(%[st]), %[a], %[t]\n\t" \
  "vpaddq %[t], %[" #dk "], %[" #dk "]\n\t"
#define MUL_LAST MUL
#define CARRY(from, to) \
  "vpsrlq $26, %[" #from "], %[t]\n\t" \
  "vpaddq %[t], %[" #to "], %[" #to "]\n\t" \
  "vpand %[mask], %[" #from "], %[" #from "]\n\t"
#define FOLD  /* d4 -> 5 d0 */ \
  "vpsrlq $26, %[d4], %[t]\n\t" \
  "vpand %[mask], %[d4], %[d4]\n\t" \
  "vpsllq $2, %[t], %[a]\n\t" \
  "vpaddq %[a], %[t], %[t]\n\t" \
  "vpaddq %[t], %[d0], %[d0]\n\t"
#define STORE(dk, slot) "vmovdqa %[" #dk "], 32*(" #slot ")(%[st])\n\t"

/* one step on the chunk at p: H = H Q + M0 Q2 + M1 (h_products: the products H Q, or nothing for
   H = 0); STEP_M0 adds ADD(k, reg) before M0's limb k (in reg) is stored: nothing in STEP, the
   h slots' lanes (lane 0 an h to start from, block 0's) in FIRST_STEP_FROM_H */
#define STEP(h_products) STEP_M0(h_products, M0_KEEP)
#define M0_KEEP(k, reg) ""
#define M0_ADD_H(k, reg) "vpaddq 32*(20+" #k ")(%[st]), %[" #reg "], %[" #reg "]\n\t"
#define FIRST_STEP_FROM_H STEP_M0("", M0_ADD_H)
#define STEP_M0(h_products, ADD) \
    /* M0 (blocks 0-3) into limbs in st->m0, through d0..d2 */ \
    "vmovdqu 0(%[p]), %[d0]\n\t" \
    "vmovdqu 32(%[p]), %[d1]\n\t" \
    "vpunpckhqdq %[d1], %[d0], %[d2]\n\t"   /* high words of blocks (0,2,1,3) */ \
    "vpunpcklqdq %[d1], %[d0], %[d0]\n\t"   /* low words */ \
    "vpand %[mask], %[d0], %[d1]\n\t" \
    ADD(0, d1) \
    "vmovdqa %[d1], 800(%[st])\n\t" \
    "vpsrlq $26, %[d0], %[d1]\n\t" \
    "vpand %[mask], %[d1], %[d1]\n\t" \
    ADD(1, d1) \
    "vmovdqa %[d1], 832(%[st])\n\t" \
    "vpsrlq $52, %[d0], %[d0]\n\t" \
    "vpsllq $12, %[d2], %[d1]\n\t" \
    "vpor %[d1], %[d0], %[d0]\n\t" \
    "vpand %[mask], %[d0], %[d0]\n\t" \
    ADD(2, d0) \
    "vmovdqa %[d0], 864(%[st])\n\t" \
    "vpsrlq $14, %[d2], %[d1]\n\t" \
    "vpand %[mask], %[d1], %[d1]\n\t" \
    ADD(3, d1) \
    "vmovdqa %[d1], 896(%[st])\n\t" \
    "vpsrlq $40, %[d2], %[d2]\n\t" \
    "vpor 960(%[st]), %[d2], %[d2]\n\t" \
    ADD(4, d2) \
    "vmovdqa %[d2], 928(%[st])\n\t" \
    /* M1 (blocks 4-7) into d0..d4 */ \
    "vmovdqu 64(%[p]), %[d0]\n\t" \
    "vmovdqu 96(%[p]), %[t]\n\t" \
    "vpunpckhqdq %[t], %[d0], %[d3]\n\t" \
    "vpunpcklqdq %[t], %[d0], %[d0]\n\t" \
    "vpsrlq $26, %[d0], %[d1]\n\t" \
    "vpand %[mask], %[d1], %[d1]\n\t" \
    "vpsrlq $52, %[d0], %[d2]\n\t" \
    "vpsllq $12, %[d3], %[t]\n\t" \
    "vpor %[t], %[d2], %[d2]\n\t" \
    "vpand %[mask], %[d2], %[d2]\n\t" \
    "vpsrlq $40, %[d3], %[d4]\n\t" \
    "vpor 992(%[st]), %[d4], %[d4]\n\t" \
    "vpsrlq $14, %[d3], %[d3]\n\t" \
    "vpand %[mask], %[d3], %[d3]\n\t" \
    "vpand %[mask], %[d0], %[d0]\n\t" \
    /* + H Q (not in the first step, where H = 0) + M0 Q2 */ \
    h_products \
    PRODUCTS(25, 10) \
    /* carry, then H */ \
    CARRIES_TO_H(20)

/* H Q_0: the products of the steps after the first (radix26.h) */
#define H_PRODUCTS PRODUCTS(20, 0)

#include "radix26_steps.h"
