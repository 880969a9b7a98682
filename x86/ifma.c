/* SPDX-License-Identifier: CC0-1.0 */
/* Poly1305 in radix 2^44 with AVX-512 IFMA, 16 blocks a step in two sets of
   8 lanes: the long messages of the "ifma" paths of poly1305aes_amd64 and
   poly1305aes_x86 (x86-64 and 32-bit x86; in 32-bit mode only zmm0-7 exist
   and the compiler keeps the rest in memory). Constant time: no secret
   branch or index.

   A number is three limbs per lane, weights 2^0, 2^44, 2^88. VPMADD52LUQ and
   VPMADD52HUQ multiply the low 52 bits of two limbs and add the low or high
   52 bits of the 104-bit product. Multiplier limbs r0, r1 < 2^44 + 2^14 and
   r2 < 2^42 + 2^10 (2^36 for r itself); s_j = 20 r_j (2^132 = 20 mod p).
   Multiplicand limbs after a carry step: h0 < 2^44 + 2^15, h1 < 2^44 + 2^10.7,
   h2 < 2^42 + 2^10.7; message limbs < 2^44, 2^44, 2^41. One step, h r + m,
   or two chunks' step h r' + g r + m (g a message, r' = r^2), which needs
   4 fewer carries and reductions a chunk (the products of g and r do not
   wait for h):
     L_k = m_k + sum of three (six) low halves     < 2^54.6   (weight 2^44k)
     U_k = sum of three (six) high halves: U0, U1 < 2^40.5, U2 < 2^37.6
           (weight 2^(44k+52); 2^140 = 5120 mod p)
     D0 = L0 + 5120 U2, D1 = L1 + 2^8 U0, D2 = L2 + 2^8 U1   < 2^54.7
     (5120 U2 < 2^50, 2^8 U0 < 2^48.5: each a VPMADD52LUQ by a constant, exact)
   then one parallel carry, h0 = (D0 mod 2^44) + 5 (D2 >> 42),
   h1 = (D1 mod 2^44) + (D0 >> 44), h2 = (D2 mod 2^42) + (D1 >> 44), restores
   the multiplicand bounds. The last step (times the lane powers) skips the
   carry; 16 lanes of D < 2^54.7 sum below 2^59 and are returned, for the
   caller's scalar code to reduce.

   Blocks: lane L of a set holds block (0,4,1,5,2,6,3,7)[L] of the set's 8
   (VPUNPCK{L,H}QDQ order). Whole 256-byte chunks, two at a time:
   H = H r^32 + M r^16 + M', then one more if need be: H = H r^16 + M. The last
   t = 1..16 blocks (the final one possibly partial) are loaded with byte masks
   (no access outside m[0..l)) into the last t block positions of a virtual
   chunk: H = H r^t + T. Finally block position i of set A is multiplied by
   r^(16-i), of set B by r^(8-i), and all lanes are added. The powers come from
   a product tree over lane masks: r^e = r (r)^b0 (r^2)^b1 (r^4)^b2, e - 1 = b;
   lane 0 has every bit of b set, so each level's lane 0 is the square its
   next level multiplies by (r^2, r^4, r^8, then r^16 from set A's lanes),
   broadcast rather than computed in 8 lanes again: 512-bit work is what
   costs while the core warms its 512-bit units (doc/RESULTS.md, the mixed
   load). */
#include <immintrin.h>
#include "x86.h"

#define IFMA_TARGET \
  __attribute__((target("avx512f,avx512vl,avx512bw,avx512ifma,avx512vbmi2,avx2,avx,bmi2,bmi,aes,ssse3,sse4.1")))

typedef __m512i V;
typedef uint64_t u64;
struct num { V l0, l1, l2; };           /* radix 2^44, one number per lane */
struct mult { V r0, r1, r2, s1, s2; };  /* a multiplier, s_j = 20 r_j */

#define M44 ((1ULL << 44) - 1)
#define M42 ((1ULL << 42) - 1)

INLINE IFMA_TARGET V lo(V a, V b, V c) { return _mm512_madd52lo_epu64(a, b, c); }
INLINE IFMA_TARGET V hi(V a, V b, V c) { return _mm512_madd52hi_epu64(a, b, c); }
INLINE IFMA_TARGET V add(V a, V b) { return _mm512_add_epi64(a, b); }
INLINE IFMA_TARGET V k64(u64 x) { return _mm512_set1_epi64((long long) x); }

/* L += h r, U += h r (the low and the high halves, weights above) */
INLINE IFMA_TARGET void mul_add(V l[3], V u[3], const struct num *h, const struct mult *r)
{
  l[0] = lo(lo(lo(l[0], h->l0, r->r0), h->l1, r->s2), h->l2, r->s1);
  l[1] = lo(lo(lo(l[1], h->l0, r->r1), h->l1, r->r0), h->l2, r->s2);
  l[2] = lo(lo(lo(l[2], h->l0, r->r2), h->l1, r->r1), h->l2, r->r0);
  u[0] = hi(hi(hi(u[0], h->l0, r->r0), h->l1, r->s2), h->l2, r->s1);
  u[1] = hi(hi(hi(u[1], h->l0, r->r1), h->l1, r->r0), h->l2, r->s2);
  u[2] = hi(hi(hi(u[2], h->l0, r->r2), h->l1, r->r1), h->l2, r->r0);
}

/* D from L and U */
INLINE IFMA_TARGET void fold(V d[3], const V l[3], const V u[3])
{
  d[0] = lo(l[0], u[2], k64(5120));
  d[1] = lo(l[1], u[0], k64(256));
  d[2] = lo(l[2], u[1], k64(256));
}

/* D = h r + m before the carry; h carried (bounds above) */
INLINE IFMA_TARGET void mul(V d[3], const struct num *h, const struct mult *r, V m0, V m1, V m2)
{
  const V z = _mm512_setzero_si512();
  V l[3] = { m0, m1, m2 }, u[3] = { z, z, z };
  mul_add(l, u, h, r);
  fold(d, l, u);
}

INLINE IFMA_TARGET void carry(struct num *h, const V d[3])
{
  h->l0 = lo(_mm512_and_si512(d[0], k64(M44)), _mm512_srli_epi64(d[2], 42), k64(5));
  h->l1 = add(_mm512_and_si512(d[1], k64(M44)), _mm512_srli_epi64(d[0], 44));
  h->l2 = add(_mm512_and_si512(d[2], k64(M42)), _mm512_srli_epi64(d[1], 44));
}

/* h = h r + m, carried */
INLINE IFMA_TARGET void step(struct num *h, const struct mult *r, const struct num *m)
{
  V d[3];
  mul(d, h, r, m->l0, m->l1, m->l2);
  carry(h, d);
}

/* h = h r2 + g r + m, carried: two chunks' step (g, m messages) */
INLINE IFMA_TARGET void step2(struct num *h, const struct mult *r2, const struct num *g, const struct mult *r,
                              const struct num *m)
{
  const V z = _mm512_setzero_si512();
  V l[3] = { m->l0, m->l1, m->l2 }, u[3] = { z, z, z }, d[3];
  mul_add(l, u, g, r);
  mul_add(l, u, h, r2);
  fold(d, l, u);
  carry(h, d);
}

INLINE IFMA_TARGET void mulmod(struct num *out, const struct num *a, const struct mult *b)
{
  const V z = _mm512_setzero_si512();
  V d[3];
  mul(d, a, b, z, z, z);
  carry(out, d);
}

INLINE IFMA_TARGET void to_mult(struct mult *out, const struct num *a)
{
  const V z = _mm512_setzero_si512();
  out->r0 = a->l0;
  out->r1 = a->l1;
  out->r2 = a->l2;
  out->s1 = lo(z, a->l1, k64(20));
  out->s2 = lo(z, a->l2, k64(20));
}

/* every lane: lane 0 of a */
INLINE IFMA_TARGET void first_lane(struct num *out, const struct num *a)
{
  out->l0 = _mm512_broadcastq_epi64(_mm512_castsi512_si128(a->l0));
  out->l1 = _mm512_broadcastq_epi64(_mm512_castsi512_si128(a->l1));
  out->l2 = _mm512_broadcastq_epi64(_mm512_castsi512_si128(a->l2));
}

/* lanes in k: a; other lanes: 1 */
INLINE IFMA_TARGET void select_or_one(struct mult *out, const struct mult *a, __mmask8 k)
{
  out->r0 = _mm512_mask_mov_epi64(k64(1), k, a->r0);
  out->r1 = _mm512_maskz_mov_epi64(k, a->r1);
  out->r2 = _mm512_maskz_mov_epi64(k, a->r2);
  out->s1 = _mm512_maskz_mov_epi64(k, a->s1);
  out->s2 = _mm512_maskz_mov_epi64(k, a->s2);
}

INLINE IFMA_TARGET void broadcast_lane(struct mult *out, const struct mult *a, unsigned int lane)
{
  V idx = k64(lane);
  out->r0 = _mm512_permutexvar_epi64(idx, a->r0);
  out->r1 = _mm512_permutexvar_epi64(idx, a->r1);
  out->r2 = _mm512_permutexvar_epi64(idx, a->r2);
  out->s1 = _mm512_permutexvar_epi64(idx, a->s1);
  out->s2 = _mm512_permutexvar_epi64(idx, a->s2);
}

/* 8 blocks from 128 bytes (x: blocks 0-3, y: blocks 4-7) into limbs; pad: 1 or 0 per lane */
INLINE IFMA_TARGET void split(struct num *out, V x, V y, V pad)
{
  V l = _mm512_unpacklo_epi64(x, y), h = _mm512_unpackhi_epi64(x, y);
  out->l0 = _mm512_and_si512(l, k64(M44));
  out->l1 = _mm512_and_si512(_mm512_shrdi_epi64(l, h, 44), k64(M44));
  out->l2 = _mm512_shrdi_epi64(h, pad, 24);
}

INLINE IFMA_TARGET void load_blocks(struct num *out, const unsigned char *p)
{
  split(out, _mm512_loadu_si512((const void *) p), _mm512_loadu_si512((const void *) (p + 64)), k64(1));
}

/* bits [lo, hi) of a 64-bit mask at bit offset base, for 0 <= lo <= hi */
INLINE u64 byte_mask(unsigned int lo, unsigned int hi, unsigned int base)
{
  u64 a = hi <= base ? 0 : hi - base >= 64 ? ~(u64) 0 : ((u64) 1 << (hi - base)) - 1;
  u64 b = lo <= base ? 0 : lo - base >= 64 ? ~(u64) 0 : ((u64) 1 << (lo - base)) - 1;
  return a & ~b;
}

/* lanes of a set from a mask over its 8 block positions (lane L holds block (0,4,1,5,2,6,3,7)[L]) */
INLINE IFMA_TARGET __mmask8 lanes_of_blocks(unsigned int blocks)
{
  return (__mmask8) (_pdep_u32(blocks & 15, 0x55) | _pdep_u32(blocks >> 4 & 15, 0xaa));
}

static const unsigned char lane_of_power[9] = { 0, 7, 5, 3, 1, 6, 4, 2, 0 };   /* e: lane of r^e in PB */

/* the limbs of the clamped r, in every lane */
INLINE IFMA_TARGET void clamped_limbs(struct num *n1, const unsigned char r[16])
{
  u64 x0, x1;
  memcpy(&x0, r, 8);
  memcpy(&x1, r + 8, 8);
  x0 &= 0x0ffffffc0fffffffULL;
  x1 &= 0x0ffffffc0ffffffcULL;
  n1->l0 = k64(x0 & M44);
  n1->l1 = k64((x0 >> 44 | x1 << 20) & M44);
  n1->l2 = k64(x1 >> 24);
}

/* the sums of m[0..l), l >= 1 (x86.h) */
IFMA_TARGET void ifma_hash(u64 c[3], const unsigned char r[16], const unsigned char *m, size_t l)
{
  const V z = _mm512_setzero_si512();
  size_t chunks = l / 256, i;
  unsigned int rest = (unsigned int) (l % 256), t = (rest + 15) / 16, part = rest & 15;
  int need_a = chunks > 0 || t > 8;
  struct num a, b, n1, n2, n4, n8, n16, p, tmp, tmp2, zeronum = { z, z, z };
  struct mult r1, r2, r4, r8, r16, r32, pa, pb, sel, rt;
  V d[3], e[3];

  /* powers */
  clamped_limbs(&n1, r);
  to_mult(&r1, &n1);
  select_or_one(&sel, &r1, 0x33);
  mulmod(&p, &n1, &sel);                       /* lane L: r^(2,2,1,1,2,2,1,1)[L] */
  first_lane(&n2, &p);
  to_mult(&r2, &n2);
  select_or_one(&sel, &r2, 0x0f);
  mulmod(&tmp, &p, &sel);                      /* r^(4,4,3,3,2,2,1,1)[L] */
  first_lane(&n4, &tmp);
  to_mult(&r4, &n4);
  select_or_one(&sel, &r4, 0x55);
  mulmod(&p, &tmp, &sel);                      /* r^(8,4,7,3,6,2,5,1)[L] */
  to_mult(&pb, &p);
  pa = r16 = r32 = pb;                         /* set below when used */
  if (need_a) {
    first_lane(&n8, &p);
    to_mult(&r8, &n8);
    mulmod(&tmp, &p, &r8);
    to_mult(&pa, &tmp);                        /* r^(16,12,15,11,14,10,13,9)[L] */
    if (chunks > 1) {
      first_lane(&n16, &tmp);
      to_mult(&r16, &n16);
    }
    if (chunks > 2) {
      mulmod(&tmp, &n16, &r16);
      to_mult(&r32, &tmp);
    }
  }

  /* whole chunks: the first, then two at a time, then the last if one is left */
  if (chunks) {
    load_blocks(&a, m);
    load_blocks(&b, m + 128);
    for (i = 1; i + 1 < chunks; i += 2) {
      const unsigned char *q = m + 256 * i;
      load_blocks(&tmp, q);
      load_blocks(&tmp2, q + 256);
      step2(&a, &r32, &tmp, &r16, &tmp2);
      load_blocks(&tmp, q + 128);
      load_blocks(&tmp2, q + 384);
      step2(&b, &r32, &tmp, &r16, &tmp2);
    }
    if (i < chunks) {
      const unsigned char *q = m + 256 * i;
      load_blocks(&tmp, q);
      step(&a, &r16, &tmp);
      load_blocks(&tmp, q + 128);
      step(&b, &r16, &tmp);
    }
  } else {
    a = b = zeronum;                           /* l >= 1: the tail below sets them */
  }

  /* the last t blocks, at block positions 16 - t .. 15 of a virtual chunk ending at m + 256 chunks + 16 t */
  if (rest) {
    const unsigned char *base = (const unsigned char *) ((uintptr_t) m + 256 * chunks + 16 * t - 256);
    unsigned int first = 256 - 16 * t, full = (0xffffu << (16 - t)) & 0xffffu;
    struct num ta, tb;
    V y;
    if (part) full &= 0x7fff;
    if (t > 8) {
      split(&ta, _mm512_maskz_loadu_epi8(byte_mask(first, first + rest, 0), base),
            _mm512_maskz_loadu_epi8(byte_mask(first, first + rest, 64), base + 64),
            _mm512_maskz_mov_epi64(lanes_of_blocks(full & 255), k64(1)));
    } else {
      ta.l0 = ta.l1 = ta.l2 = z;
    }
    y = _mm512_maskz_loadu_epi8(byte_mask(first, first + rest, 192), base + 192);
    if (part) y = _mm512_mask_mov_epi8(y, (__mmask64) 1 << (48 + part), _mm512_set1_epi8(1));
    split(&tb, _mm512_maskz_loadu_epi8(byte_mask(first, first + rest, 128), base + 128), y,
          _mm512_maskz_mov_epi64(lanes_of_blocks(full >> 8), k64(1)));
    if (chunks) {
      broadcast_lane(&rt, t > 8 ? &pa : &pb, lane_of_power[t > 8 ? t - 8 : t]);
      step(&a, &rt, &ta);
      step(&b, &rt, &tb);
    } else {
      a = ta;
      b = tb;
    }
  }

  /* times the lane powers, all lanes added */
  mul(d, &b, &pb, z, z, z);
  if (need_a) {
    mul(e, &a, &pa, z, z, z);
    d[0] = add(d[0], e[0]);
    d[1] = add(d[1], e[1]);
    d[2] = add(d[2], e[2]);
  }
  c[0] = (u64) _mm512_reduce_add_epi64(d[0]);   /* each < 2^59 */
  c[1] = (u64) _mm512_reduce_add_epi64(d[1]);
  c[2] = (u64) _mm512_reduce_add_epi64(d[2]);
}

/* ---- a stream's groups of 32 blocks (x86.h's struct ifma_powers, kept in the core state):
   the 32 blocks as four sets of 8 (blocks 8j .. 8j + 7 in set j, the lane order above),
   X = (S0 r^8 + S1) r^16 + (S2 r^8 + S3), each step carried, then X times the lane powers
   r^(8 - i) of pb and all lanes added: the sums of H = sum of block i r^(32 - i). The running
   h (radix 2^44 limbs below 2^44, 2^44, 2^43) is added to block 0's lane of S0 first, so
   the sums are of h r^32 + H. That lane's limbs are then below 2^45, 2^45, 2^43.6: the low
   halves are below 2^52 whatever the factors (L as above), and with r^8's limbs (a power,
   carried) the high halves give U0 < 2^40.9, U1 < 2^38.6, U2 < 2^37.6, so 2^8 U0, 2^8 U1
   and 5120 U2 stay below 2^52 (exact) and the carried bounds above hold after the step.
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
    __mmask8 lane = (__mmask8) (1u << lane_of_power[e]);
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
  c[0] = (u64) _mm512_reduce_add_epi64(d[0]);
  c[1] = (u64) _mm512_reduce_add_epi64(d[1]);
  c[2] = (u64) _mm512_reduce_add_epi64(d[2]);
}
