/* SPDX-License-Identifier: CC0-1.0 */
/* Poly1305 in radix 2^44 with AVX-512 IFMA on zmm registers: the long
   messages of the "ifma" paths of poly1305aes_amd64 and poly1305aes_x86
   (x86-64 and 32-bit x86), 16 blocks a step in two sets of 8 lanes
   (x86/ifma_kernel.h, where the bounds are), and the stream kernel below.
   Constant time: no secret branch or index. */
#define IFMA_LANES 8
#define IFMA_HASH ifma_hash
#include "ifma_kernel.h"

/* ---- a stream's groups of 32 blocks (x86.h's struct ifma_powers, kept in the core state):
   the 32 blocks as four sets of 8 (blocks 8j .. 8j + 7 in set j, in ifma_kernel.h's lane order),
   X = (S0 r^8 + S1) r^16 + (S2 r^8 + S3), each step carried, then X times the lane powers
   r^(8 - i) of pb and all lanes added: the sums of H = sum of block i r^(32 - i). The running
   h (radix 2^44 limbs below 2^44, 2^44, 2^43) is added to block 0's lane of S0 first, so
   the sums are of h r^32 + H. That lane's limbs are then below 2^45, 2^45, 2^43.6: the low
   halves are below 2^52 whatever the factors (L as in ifma_kernel.h), and with r^8's limbs (a power,
   carried) the high halves give U0 < 2^40.9, U1 < 2^38.6, U2 < 2^37.6, so 2^8 U0, 2^8 U1
   and 5120 U2 stay below 2^52 (exact) and ifma_kernel.h's carried bounds hold after the step.
   (Measured on the Intel Xeon here: adding h r^32 as a sixth product of the last step
   instead, off the blocks' chain, is slower: 18 more multiplies a group.) ---- */

/* pb's lanes r^(8,4,7,3,6,2,5,1)[L] (block i's lane: r^(8 - i)), r^8 and r^16, carried */
IFMA_TARGET void ifma_stream_powers(struct ifma_powers *pw, const unsigned char r[16])
{
  struct num n1, power, lanes;
  struct mult r1;
  unsigned int e;
  clamped_limbs(&n1, r);
  to_mult(&r1, &n1);
  power = lanes = n1;                                    /* r^1 everywhere: lane 7's */
  for (e = 2; e <= 8; ++e) {
    __mmask8 lane = (__mmask8) (1u << lane_of_power(e));
    mulmod(&power, &power, &r1);                         /* r^e in every lane */
    lanes.l0 = _mm512_mask_mov_epi64(lanes.l0, lane, power.l0);
    lanes.l1 = _mm512_mask_mov_epi64(lanes.l1, lane, power.l1);
    lanes.l2 = _mm512_mask_mov_epi64(lanes.l2, lane, power.l2);
  }
  _mm512_storeu_si512((void *) pw->pb[0], lanes.l0);
  _mm512_storeu_si512((void *) pw->pb[1], lanes.l1);
  _mm512_storeu_si512((void *) pw->pb[2], lanes.l2);
  _mm_storel_epi64((__m128i *) (void *) &pw->r8[0], _mm512_castsi512_si128(power.l0));
  _mm_storel_epi64((__m128i *) (void *) &pw->r8[1], _mm512_castsi512_si128(power.l1));
  _mm_storel_epi64((__m128i *) (void *) &pw->r8[2], _mm512_castsi512_si128(power.l2));
  to_mult(&r1, &power);
  mulmod(&power, &power, &r1);                           /* r^16 */
  _mm_storel_epi64((__m128i *) (void *) &pw->r16[0], _mm512_castsi512_si128(power.l0));
  _mm_storel_epi64((__m128i *) (void *) &pw->r16[1], _mm512_castsi512_si128(power.l1));
  _mm_storel_epi64((__m128i *) (void *) &pw->r16[2], _mm512_castsi512_si128(power.l2));
}

/* a power kept in the state, in every lane, as a multiplier (s_j = 20 r_j by shifts) */
INLINE IFMA_TARGET void kept_power(struct mult *out, const u64 limbs[3])
{
  out->r0 = k64(limbs[0]);
  out->r1 = k64(limbs[1]);
  out->r2 = k64(limbs[2]);
  out->s1 = k64(20 * limbs[1]);
  out->s2 = k64(20 * limbs[2]);
}

/* the sums (each < 2^59) of h r^32 + H(m[0..512)) */
IFMA_TARGET void ifma_stream_group(u64 c[3], const struct ifma_powers *pw, const u64 h[3], const unsigned char *m)
{
  const V z = _mm512_setzero_si512();
  struct num x, y, s1, s3, lanes;
  struct mult r8, r16, pb;
  V d[3];
  kept_power(&r8, pw->r8);
  kept_power(&r16, pw->r16);
  lanes.l0 = _mm512_loadu_si512((const void *) pw->pb[0]);
  lanes.l1 = _mm512_loadu_si512((const void *) pw->pb[1]);
  lanes.l2 = _mm512_loadu_si512((const void *) pw->pb[2]);
  to_mult(&pb, &lanes);
  load_blocks(&x, m);
  load_blocks(&s1, m + 128);
  load_blocks(&y, m + 256);
  load_blocks(&s3, m + 384);
  x.l0 = _mm512_mask_add_epi64(x.l0, 1, x.l0, k64(h[0]));   /* lane 0: block 0 */
  x.l1 = _mm512_mask_add_epi64(x.l1, 1, x.l1, k64(h[1]));
  x.l2 = _mm512_mask_add_epi64(x.l2, 1, x.l2, k64(h[2]));
  step(&x, &r8, &s1);
  step(&y, &r8, &s3);
  step(&x, &r16, &y);
  mul(d, &x, &pb, z, z, z);
  c[0] = lanes_sum(d[0]);
  c[1] = lanes_sum(d[1]);
  c[2] = lanes_sum(d[2]);
}
