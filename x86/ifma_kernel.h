/* SPDX-License-Identifier: CC0-1.0 */
/* Poly1305 in radix 2^44 with AVX-512 IFMA, 2 N blocks a step in two sets of
   N lanes, for the includer that defined IFMA_LANES (N: 8, zmm registers, or
   4, ymm registers with AVX-512 VL) and IFMA_HASH (the name of the hash it
   gets): x86/ifma.c's and x86/ifma256.c's. x86-64 or 32-bit x86 (in 32-bit
   mode only 8 vector registers exist and the compiler keeps the rest in
   memory). Constant time: no secret branch or index.

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
   carry; 2 N <= 16 lanes of D < 2^54.7 sum below 2^59 and are returned, for
   the caller's scalar code to reduce.

   Blocks: a chunk is 2 N blocks, set A its first N, set B the rest; lane L
   of a set holds block L/2 + (L mod 2) N/2 of the set's N (the order
   VPUNPCK{L,H}QDQ of two vectors of N/2 blocks gives). Whole chunks, two at a
   time: H = H r^(4N) + M r^(2N) + M', then one more if need be:
   H = H r^(2N) + M. The last t = 1..2N blocks (the final one possibly
   partial) are loaded with byte masks (no access outside m[0..l)) into the
   last t block positions of a virtual chunk: H = H r^t + T. Finally block
   position i of set A is multiplied by r^(2N-i), of set B by r^(N-i), and all
   lanes are added. The powers come from a product tree over lane masks:
   r^e = r (r)^b0 (r^2)^b1 (r^4)^b2, e - 1 = b; lane 0 has every bit of b set,
   so each level's lane 0 is the square its next level multiplies by (r^2,
   r^4, ..., then r^(2N) from set A's lanes), broadcast rather than computed
   in N lanes again: wide work is what costs while the core warms its
   512-bit units (doc/results/amd64.md, the mixed load). */
#include <immintrin.h>
#include "x86.h"

#define IFMA_TARGET \
  __attribute__((target("avx512f,avx512vl,avx512bw,avx512ifma,avx512vbmi2,avx2,avx,bmi2,bmi,aes,ssse3,sse4.1")))

/* the vector width's types and operations: PICK(512-bit one, 256-bit one) */
#if IFMA_LANES == 8
#define PICK(zmm, ymm) zmm
#elif IFMA_LANES == 4
#define PICK(zmm, ymm) ymm
#else
#error "IFMA_LANES: 8 or 4"
#endif
typedef PICK(__m512i, __m256i) V;
typedef PICK(__mmask64, __mmask32) byte_lanes;   /* a bit per byte of a vector */
#define VOP(op) PICK(_mm512_##op, _mm256_##op)
#define vzero() PICK(_mm512_setzero_si512, _mm256_setzero_si256)()
#define vand(a, b) PICK(_mm512_and_si512, _mm256_and_si256)(a, b)
#define vload(p) PICK(_mm512_loadu_si512, _mm256_loadu_si256)((const void *) (p))
#define vlow(a) PICK(_mm512_castsi512_si128, _mm256_castsi256_si128)(a)
#define k64(x) PICK(_mm512_set1_epi64, _mm256_set1_epi64x)((long long) (x))
#define VBYTES (8 * IFMA_LANES)            /* a vector: N/2 blocks */
#define CHUNK (32 * IFMA_LANES)            /* 2 N blocks, four vectors */
#define SET_LANES ((1u << IFMA_LANES) - 1)

typedef uint64_t u64;
struct num { V l0, l1, l2; };           /* radix 2^44, one number per lane */
struct mult { V r0, r1, r2, s1, s2; };  /* a multiplier, s_j = 20 r_j */

#define M44 ((1ULL << 44) - 1)
#define M42 ((1ULL << 42) - 1)

INLINE IFMA_TARGET V lo(V a, V b, V c) { return VOP(madd52lo_epu64)(a, b, c); }
INLINE IFMA_TARGET V hi(V a, V b, V c) { return VOP(madd52hi_epu64)(a, b, c); }
INLINE IFMA_TARGET V add(V a, V b) { return VOP(add_epi64)(a, b); }

/* the sum of the lanes */
INLINE IFMA_TARGET u64 lanes_sum(V a)
{
#if IFMA_LANES == 8
  return (u64) _mm512_reduce_add_epi64(a);
#else
  __m128i x = _mm_add_epi64(_mm256_castsi256_si128(a), _mm256_extracti128_si256(a, 1));
  u64 s;
  _mm_storel_epi64((__m128i *) (void *) &s, _mm_add_epi64(x, _mm_unpackhi_epi64(x, x)));
  return s;
#endif
}

/* acc + h0 x0 + h1 x1 + h2 x2 by f (lo or hi), one chain: on ymm (the shorter messages, whose
   time is the chain of steps) h0 last, as a carry step makes it a multiply-add after h1 and
   h2 (faster on the Intel Xeon here); on zmm in limb order (faster there for amd64) */
#if IFMA_LANES == 4
#define SUM3(f, acc, h, x0, x1, x2) f(f(f(acc, (h)->l1, x1), (h)->l2, x2), (h)->l0, x0)
#else
#define SUM3(f, acc, h, x0, x1, x2) f(f(f(acc, (h)->l0, x0), (h)->l1, x1), (h)->l2, x2)
#endif

/* L += h r, U += h r (the low and the high halves, weights above) */
INLINE IFMA_TARGET void mul_add(V l[3], V u[3], const struct num *h, const struct mult *r)
{
  l[0] = SUM3(lo, l[0], h, r->r0, r->s2, r->s1);
  l[1] = SUM3(lo, l[1], h, r->r1, r->r0, r->s2);
  l[2] = SUM3(lo, l[2], h, r->r2, r->r1, r->r0);
  u[0] = SUM3(hi, u[0], h, r->r0, r->s2, r->s1);
  u[1] = SUM3(hi, u[1], h, r->r1, r->r0, r->s2);
  u[2] = SUM3(hi, u[2], h, r->r2, r->r1, r->r0);
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
  const V z = vzero();
  V l[3] = { m0, m1, m2 }, u[3] = { z, z, z };
  mul_add(l, u, h, r);
  fold(d, l, u);
}

INLINE IFMA_TARGET void carry(struct num *h, const V d[3])
{
  h->l0 = lo(vand(d[0], k64(M44)), VOP(srli_epi64)(d[2], 42), k64(5));
  h->l1 = add(vand(d[1], k64(M44)), VOP(srli_epi64)(d[0], 44));
  h->l2 = add(vand(d[2], k64(M42)), VOP(srli_epi64)(d[1], 44));
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
  const V z = vzero();
  V l[3] = { m->l0, m->l1, m->l2 }, u[3] = { z, z, z }, d[3];
  mul_add(l, u, g, r);
  mul_add(l, u, h, r2);
  fold(d, l, u);
  carry(h, d);
}

INLINE IFMA_TARGET void mulmod(struct num *out, const struct num *a, const struct mult *b)
{
  const V z = vzero();
  V d[3];
  mul(d, a, b, z, z, z);
  carry(out, d);
}

INLINE IFMA_TARGET void to_mult(struct mult *out, const struct num *a)
{
  const V z = vzero();
  out->r0 = a->l0;
  out->r1 = a->l1;
  out->r2 = a->l2;
  out->s1 = lo(z, a->l1, k64(20));
  out->s2 = lo(z, a->l2, k64(20));
}

/* every lane: lane 0 of a */
INLINE IFMA_TARGET void first_lane(struct num *out, const struct num *a)
{
  out->l0 = VOP(broadcastq_epi64)(vlow(a->l0));
  out->l1 = VOP(broadcastq_epi64)(vlow(a->l1));
  out->l2 = VOP(broadcastq_epi64)(vlow(a->l2));
}

/* lanes in k: a; other lanes: 1 */
INLINE IFMA_TARGET void select_or_one(struct mult *out, const struct mult *a, __mmask8 k)
{
  out->r0 = VOP(mask_mov_epi64)(k64(1), k, a->r0);
  out->r1 = VOP(maskz_mov_epi64)(k, a->r1);
  out->r2 = VOP(maskz_mov_epi64)(k, a->r2);
  out->s1 = VOP(maskz_mov_epi64)(k, a->s1);
  out->s2 = VOP(maskz_mov_epi64)(k, a->s2);
}

INLINE IFMA_TARGET void broadcast_lane(struct mult *out, const struct mult *a, unsigned int lane)
{
  V idx = k64(lane);
  out->r0 = VOP(permutexvar_epi64)(idx, a->r0);
  out->r1 = VOP(permutexvar_epi64)(idx, a->r1);
  out->r2 = VOP(permutexvar_epi64)(idx, a->r2);
  out->s1 = VOP(permutexvar_epi64)(idx, a->s1);
  out->s2 = VOP(permutexvar_epi64)(idx, a->s2);
}

/* N blocks from 16 N bytes (x: the first N/2 blocks, y: the rest) into limbs; pad: 1 or 0 per lane */
INLINE IFMA_TARGET void split(struct num *out, V x, V y, V pad)
{
  V l = VOP(unpacklo_epi64)(x, y), h = VOP(unpackhi_epi64)(x, y);
  out->l0 = vand(l, k64(M44));
  out->l1 = vand(VOP(shrdi_epi64)(l, h, 44), k64(M44));
  out->l2 = VOP(shrdi_epi64)(h, pad, 24);
}

INLINE IFMA_TARGET void load_blocks(struct num *out, const unsigned char *p)
{
  split(out, vload(p), vload(p + VBYTES), k64(1));
}

/* bits [lo, hi) of a 64-bit mask at bit offset base, for 0 <= lo <= hi */
INLINE u64 byte_mask(unsigned int lo, unsigned int hi, unsigned int base)
{
  u64 a = hi <= base ? 0 : hi - base >= 64 ? ~(u64) 0 : ((u64) 1 << (hi - base)) - 1;
  u64 b = lo <= base ? 0 : lo - base >= 64 ? ~(u64) 0 : ((u64) 1 << (lo - base)) - 1;
  return a & ~b;
}

/* the lane of a set that holds its block b */
INLINE unsigned int lane_of_block(unsigned int b)
{
  return 2 * (b % (IFMA_LANES / 2)) + b / (IFMA_LANES / 2);
}

/* lanes of a set from a mask over its N block positions */
INLINE IFMA_TARGET __mmask8 lanes_of_blocks(unsigned int blocks)
{
  const unsigned int half = (1u << IFMA_LANES / 2) - 1;
  return (__mmask8) (_pdep_u32(blocks & half, 0x55 & SET_LANES) | _pdep_u32(blocks >> IFMA_LANES / 2 & half, 0xaa & SET_LANES));
}

/* e = 1..N: the lane of r^e in pb, the lane powers r^(N - b) of set B's blocks b */
INLINE unsigned int lane_of_power(unsigned int e)
{
  return lane_of_block(IFMA_LANES - e);
}

/* the product tree's lane masks, level by level: the lanes whose e - 1 (N - 1 - b, lane L
   holding block b) has bit j (constants: the tree is written out, not looped) */
#if IFMA_LANES == 8
#define LEVEL_LANES(j) ((j) == 0 ? 0x33 : (j) == 1 ? 0x0f : 0x55)
#else
#define LEVEL_LANES(j) ((j) == 0 ? 0x3 : 0x5)
#endif

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

/* one level of the product tree: pb's lanes in the mask times square, the others kept */
INLINE IFMA_TARGET void tree_level(struct num *pb, const struct num *square, __mmask8 lanes)
{
  struct num before = *pb;
  struct mult sq, sel;
  to_mult(&sq, square);
  select_or_one(&sel, &sq, lanes);
  mulmod(pb, &before, &sel);
}

/* pb's lanes r^(N - b), b the block each holds, from r's limbs n1 in every lane (lane 0's
   r^N last) */
INLINE IFMA_TARGET void lane_powers(struct num *pb, const struct num *n1)
{
  struct num square;
  *pb = *n1;
  tree_level(pb, n1, LEVEL_LANES(0));            /* times r */
  first_lane(&square, pb);
  tree_level(pb, &square, LEVEL_LANES(1));       /* times r^2 */
#if IFMA_LANES == 8
  first_lane(&square, pb);
  tree_level(pb, &square, LEVEL_LANES(2));       /* times r^4 */
#endif
}

/* the sums of m[0..l), l >= 1 (x86.h) */
IFMA_TARGET void IFMA_HASH(u64 c[3], const unsigned char r[16], const unsigned char *m, size_t l)
{
  const V z = vzero();
  size_t chunks = l / CHUNK, i;
  unsigned int rest = (unsigned int) (l % CHUNK), t = (rest + 15) / 16, part = rest & 15;
  int need_a = chunks > 0 || t > IFMA_LANES;
  struct num a, b, n1, n, p, tmp, tmp2, zeronum = { z, z, z };
  struct mult rn, rc, rc2, pa, pb, rt;
  V d[3], e[3];

  /* powers: pb, then pa = pb r^N, rc = r^(2N) and rc2 = r^(4N) where used */
  clamped_limbs(&n1, r);
  lane_powers(&p, &n1);
  to_mult(&pb, &p);
  pa = rc = rc2 = pb;                          /* set below when used */
  if (need_a) {
    first_lane(&n, &p);
    to_mult(&rn, &n);
    mulmod(&tmp, &p, &rn);
    to_mult(&pa, &tmp);
    if (chunks > 1) {
      first_lane(&n, &tmp);
      to_mult(&rc, &n);
    }
    if (chunks > 2) {
      mulmod(&tmp, &n, &rc);
      to_mult(&rc2, &tmp);
    }
  }

  /* whole chunks: the first, then two at a time, then the last if one is left */
  if (chunks) {
    load_blocks(&a, m);
    load_blocks(&b, m + CHUNK / 2);
    for (i = 1; i + 1 < chunks; i += 2) {
      const unsigned char *q = m + CHUNK * i;
      load_blocks(&tmp, q);
      load_blocks(&tmp2, q + CHUNK);
      step2(&a, &rc2, &tmp, &rc, &tmp2);
      load_blocks(&tmp, q + CHUNK / 2);
      load_blocks(&tmp2, q + CHUNK + CHUNK / 2);
      step2(&b, &rc2, &tmp, &rc, &tmp2);
    }
    if (i < chunks) {
      const unsigned char *q = m + CHUNK * i;
      load_blocks(&tmp, q);
      step(&a, &rc, &tmp);
      load_blocks(&tmp, q + CHUNK / 2);
      step(&b, &rc, &tmp);
    }
  } else {
    a = b = zeronum;                           /* l >= 1: the tail below sets them */
  }

  /* the last t blocks, at block positions 2N - t .. 2N - 1 of a virtual chunk ending at
     m + CHUNK chunks + 16 t */
  if (rest) {
    const unsigned char *base = (const unsigned char *) ((uintptr_t) m + CHUNK * chunks + 16 * t - CHUNK);
    const unsigned int all = (1u << 2 * IFMA_LANES) - 1;
    unsigned int first = CHUNK - 16 * t, full = (all << (2 * IFMA_LANES - t)) & all;
    struct num ta, tb;
    V y;
    if (part) full &= all >> 1;
    if (t > IFMA_LANES) {
      split(&ta, VOP(maskz_loadu_epi8)((byte_lanes) byte_mask(first, first + rest, 0), base),
            VOP(maskz_loadu_epi8)((byte_lanes) byte_mask(first, first + rest, VBYTES), base + VBYTES),
            VOP(maskz_mov_epi64)(lanes_of_blocks(full & SET_LANES), k64(1)));
    } else {
      ta.l0 = ta.l1 = ta.l2 = z;
    }
    y = VOP(maskz_loadu_epi8)((byte_lanes) byte_mask(first, first + rest, 3 * VBYTES), base + 3 * VBYTES);
    if (part) y = VOP(mask_mov_epi8)(y, (byte_lanes) 1 << (VBYTES - 16 + part), VOP(set1_epi8)(1));
    split(&tb, VOP(maskz_loadu_epi8)((byte_lanes) byte_mask(first, first + rest, 2 * VBYTES), base + 2 * VBYTES), y,
          VOP(maskz_mov_epi64)(lanes_of_blocks(full >> IFMA_LANES), k64(1)));
    if (chunks) {
      broadcast_lane(&rt, t > IFMA_LANES ? &pa : &pb, lane_of_power(t > IFMA_LANES ? t - IFMA_LANES : t));
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
  c[0] = lanes_sum(d[0]);   /* each < 2^59 */
  c[1] = lanes_sum(d[1]);
  c[2] = lanes_sum(d[2]);
}
