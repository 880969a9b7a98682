/* poly1305aes_amd64 path "avx2": AES-NI; radix-2^64 scalar Poly1305 (MULX)
   for short messages; for long ones (dispatch.c), radix 2^26 with AVX2, 8 blocks a step in two
   sets of 4 lanes. Constant time: no secret branch or index.

   A number is five limbs per 64-bit lane, weights 2^(26k). VPMULUDQ multiplies
   the low 32 bits of two lanes. Multiplier limbs: the powers r^k, from scalar
   code (h2 <= 4), have r_0..r_3 < 2^26 and r_4 < 5 2^24 + 2^24 < 2^26.33, so
   s_j = 5 r_j < 2^28.65 (2^130 = 5 mod p). Multiplicand limbs after a carry
   step < 2^26 + 2^7.4, message limbs < 2^26. One step, h r + m:
   D_k = m_k + sum of five products < 2^26 + 5 2^54.66 < 2^57.01; the carry
   chain (d0->d1, d3->d4; d1->d2, d4->5 d0; d2->d3, d0->d1; d3->d4) leaves every
   limb < 2^26 + 2^7.4 (5 (d4 >> 26) < 2^33.4 enters d0, whose carry is < 2^7.4).
   The last step (times the lane powers) skips the carry: 8 lanes of D < 2^57.01
   sum below 2^60.1.

   Blocks: lane L of a set holds block (0,2,1,3)[L] of the set's 4
   (VPUNPCK{L,H}QDQ order). Whole 128-byte chunks: H = H r^8 + M for two sets
   (A: blocks 0-3, B: 4-7), so that one set's carry chain (a step's latency,
   about 28 cycles, is as long as its 85 vector uops take to issue) overlaps
   the other's products. The last t = 1..8 blocks (the final one possibly
   partial) are loaded, by masked loads and scalar code, into block positions
   8 - t .. 7 of a virtual chunk ending at the end of the last block, the
   rest of it zero: H = H r^t + T. Then block position i of set A is
   multiplied by r^(8-i), of set B by r^(4-i), and all lanes are added. */
#include <immintrin.h>
#include "amd64.h"

#define AVX2_TARGET __attribute__((target("avx2,avx,bmi2,bmi,aes,ssse3,sse4.1")))

typedef __m256i W;
struct num { W l[5]; };                 /* radix 2^26, one number per lane */
struct mult { W r[5], s[5]; };          /* a multiplier, s_j = 5 r_j */

#define M26 ((1ULL << 26) - 1)

INLINE AVX2_TARGET W mulw(W a, W b) { return _mm256_mul_epu32(a, b); }
INLINE AVX2_TARGET W addw(W a, W b) { return _mm256_add_epi64(a, b); }
INLINE AVX2_TARGET W k64(u64 x) { return _mm256_set1_epi64x((long long) x); }

/* D = h r + m without the carry: the final products by the lane powers */
INLINE AVX2_TARGET void mul(W d[5], const struct num *h, const struct mult *r, const W m[5])
{
  const W *x = h->l;
  d[0] = addw(addw(addw(mulw(x[0], r->r[0]), mulw(x[1], r->s[4])), addw(mulw(x[2], r->s[3]), mulw(x[3], r->s[2]))),
              addw(mulw(x[4], r->s[1]), m[0]));
  d[1] = addw(addw(addw(mulw(x[0], r->r[1]), mulw(x[1], r->r[0])), addw(mulw(x[2], r->s[4]), mulw(x[3], r->s[3]))),
              addw(mulw(x[4], r->s[2]), m[1]));
  d[2] = addw(addw(addw(mulw(x[0], r->r[2]), mulw(x[1], r->r[1])), addw(mulw(x[2], r->r[0]), mulw(x[3], r->s[4]))),
              addw(mulw(x[4], r->s[3]), m[2]));
  d[3] = addw(addw(addw(mulw(x[0], r->r[3]), mulw(x[1], r->r[2])), addw(mulw(x[2], r->r[1]), mulw(x[3], r->r[0]))),
              addw(mulw(x[4], r->s[4]), m[3]));
  d[4] = addw(addw(addw(mulw(x[0], r->r[4]), mulw(x[1], r->r[3])), addw(mulw(x[2], r->r[2]), mulw(x[3], r->r[1]))),
              addw(mulw(x[4], r->r[0]), m[4]));
}

INLINE AVX2_TARGET struct num zeronum(W z)
{
  struct num n;
  n.l[0] = n.l[1] = n.l[2] = n.l[3] = n.l[4] = z;
  return n;
}

INLINE AVX2_TARGET void to_mult(struct mult *out, const struct num *a)
{
  int j;
  for (j = 0; j < 5; ++j) {
    out->r[j] = a->l[j];
    out->s[j] = addw(a->l[j], _mm256_slli_epi64(a->l[j], 2));
  }
}

INLINE AVX2_TARGET void broadcast_lane(struct mult *out, const struct mult *a, unsigned int lane)
{
  W idx = _mm256_set1_epi32((int) (2 * lane)), idx2 = _mm256_set_epi32(1, 0, 1, 0, 1, 0, 1, 0);
  int j;
  idx = _mm256_add_epi32(idx, idx2);
  for (j = 0; j < 5; ++j) {
    out->r[j] = _mm256_permutevar8x32_epi32(a->r[j], idx);
    out->s[j] = _mm256_permutevar8x32_epi32(a->s[j], idx);
  }
}

/* 4 blocks from 64 bytes into limbs; pad: 2^24 or 0 per lane */
INLINE AVX2_TARGET void split(struct num *out, W x, W y, W pad)
{
  const W mask = k64(M26);
  W l = _mm256_unpacklo_epi64(x, y), h = _mm256_unpackhi_epi64(x, y);
  out->l[0] = _mm256_and_si256(l, mask);
  out->l[1] = _mm256_and_si256(_mm256_srli_epi64(l, 26), mask);
  out->l[2] = _mm256_and_si256(_mm256_or_si256(_mm256_srli_epi64(l, 52), _mm256_slli_epi64(h, 12)), mask);
  out->l[3] = _mm256_and_si256(_mm256_srli_epi64(h, 14), mask);
  out->l[4] = _mm256_or_si256(_mm256_srli_epi64(h, 40), pad);
}

INLINE AVX2_TARGET void load_blocks(struct num *out, const unsigned char *p, W pad)
{
  split(out, _mm256_loadu_si256((const __m256i *) (const void *) p),
        _mm256_loadu_si256((const __m256i *) (const void *) (p + 32)), pad);
}

/* One step h r + m with its carry, scheduled by hand (GCC's code keeps the 25
   products live and spills): 12 ymm registers, the multiplier as memory
   operands. The loop alternates the two sets of lanes, each set's h stored to
   memory between its steps (loads and stores have their own ports), so one
   set's carry chain overlaps the other's products. */
#define AVX2_MUL(hi, off, dk)                                                                      \
  "vpmuludq " #off "(%[r]), %[" #hi "], %[t]\n\t"                                                  \
  "vpaddq %[t], %[" #dk "], %[" #dk "]\n\t"
#define AVX2_CARRY(from, to, c)                                                                    \
  "vpsrlq $26, %[" #from "], %[" #c "]\n\t"                                                        \
  "vpaddq %[" #c "], %[" #to "], %[" #to "]\n\t"                                                   \
  "vpand %[mask], %[" #from "], %[" #from "]\n\t"
/* d_k += products of h_i and r_j or s_j (i + j = k mod 5), then the carry
   chain d0->d1, d3->d4; d1->d2, d4->5 d0; d2->d3, d0->d1; d3->d4 into d (h, t scratch) */
#define AVX2_PRODUCTS                                                                              \
  AVX2_MUL(h0, 0, d0) AVX2_MUL(h0, 32, d1) AVX2_MUL(h0, 64, d2) AVX2_MUL(h0, 96, d3) AVX2_MUL(h0, 128, d4) \
  AVX2_MUL(h1, 288, d0) AVX2_MUL(h1, 0, d1) AVX2_MUL(h1, 32, d2) AVX2_MUL(h1, 64, d3) AVX2_MUL(h1, 96, d4) \
  AVX2_MUL(h2, 256, d0) AVX2_MUL(h2, 288, d1) AVX2_MUL(h2, 0, d2) AVX2_MUL(h2, 32, d3) AVX2_MUL(h2, 64, d4) \
  AVX2_MUL(h3, 224, d0) AVX2_MUL(h3, 256, d1) AVX2_MUL(h3, 288, d2) AVX2_MUL(h3, 0, d3) AVX2_MUL(h3, 32, d4) \
  AVX2_MUL(h4, 192, d0) AVX2_MUL(h4, 224, d1) AVX2_MUL(h4, 256, d2) AVX2_MUL(h4, 288, d3) AVX2_MUL(h4, 0, d4)
#define AVX2_CARRIES                                                                               \
  AVX2_CARRY(d0, d1, h0) AVX2_CARRY(d3, d4, h3)                                                    \
  AVX2_CARRY(d1, d2, h1)                                                                           \
  "vpsrlq $26, %[d4], %[h4]\n\t"                       /* d4 -> 5 d0 */                            \
  "vpsllq $2, %[h4], %[t]\n\t"                                                                     \
  "vpaddq %[t], %[h4], %[h4]\n\t"                                                                  \
  "vpaddq %[h4], %[d0], %[d0]\n\t"                                                                 \
  "vpand %[mask], %[d4], %[d4]\n\t"                                                                \
  AVX2_CARRY(d2, d3, h2) AVX2_CARRY(d0, d1, h0)                                                    \
  AVX2_CARRY(d3, d4, h3)
/* one set: h from hs + hoff, message blocks from p + moff, h r + m back to hs + hoff */
#define AVX2_HALF(hoff, moff)                                                                      \
  "vmovdqa " #hoff "+0(%[hs]), %[h0]\n\t"                                                          \
  "vmovdqa " #hoff "+32(%[hs]), %[h1]\n\t"                                                         \
  "vmovdqa " #hoff "+64(%[hs]), %[h2]\n\t"                                                         \
  "vmovdqa " #hoff "+96(%[hs]), %[h3]\n\t"                                                         \
  "vmovdqa " #hoff "+128(%[hs]), %[h4]\n\t"                                                        \
  "vmovdqu " #moff "(%[p]), %[d0]\n\t"                                                             \
  "vpunpckhqdq " #moff "+32(%[p]), %[d0], %[d3]\n\t"   /* high words of blocks (0,2,1,3) */        \
  "vpunpcklqdq " #moff "+32(%[p]), %[d0], %[d0]\n\t"   /* low words */                             \
  "vpsrlq $26, %[d0], %[d1]\n\t"                                                                   \
  "vpand %[mask], %[d1], %[d1]\n\t"                                                                \
  "vpsrlq $52, %[d0], %[d2]\n\t"                                                                   \
  "vpsllq $12, %[d3], %[t]\n\t"                                                                    \
  "vpor %[t], %[d2], %[d2]\n\t"                                                                    \
  "vpand %[mask], %[d2], %[d2]\n\t"                                                                \
  "vpsrlq $40, %[d3], %[d4]\n\t"                                                                   \
  "vpor %[pad], %[d4], %[d4]\n\t"                                                                  \
  "vpsrlq $14, %[d3], %[d3]\n\t"                                                                   \
  "vpand %[mask], %[d3], %[d3]\n\t"                                                                \
  "vpand %[mask], %[d0], %[d0]\n\t"                                                                \
  AVX2_PRODUCTS AVX2_CARRIES                                                                       \
  "vmovdqa %[d0], " #hoff "+0(%[hs])\n\t"                                                          \
  "vmovdqa %[d1], " #hoff "+32(%[hs])\n\t"                                                         \
  "vmovdqa %[d2], " #hoff "+64(%[hs])\n\t"                                                         \
  "vmovdqa %[d3], " #hoff "+96(%[hs])\n\t"                                                         \
  "vmovdqa %[d4], " #hoff "+128(%[hs])\n\t"

/* a = a r + M_A, b = b r + M_B for each of count >= 1 chunks of 128 bytes at p */
INLINE AVX2_TARGET void steps(struct num *a, struct num *b, const struct mult *r, const unsigned char *p,
                              size_t count)
{
  const unsigned char *end = p + 128 * count;
  struct num hs[2];
  W h0, h1, h2, h3, h4, d0, d1, d2, d3, d4, t;
  const W mask = k64(M26), pad = k64(1 << 24);
  hs[0] = *a;
  hs[1] = *b;
  /* offsets: r_j at 32 j, s_j = 5 r_j at 160 + 32 j; set A's h at 0, B's at 160.
     Volatile: its result is in hs, which only the "memory" clobber shows */
  __asm__ __volatile__("1:\n\t"
          AVX2_HALF(0, 0)
          AVX2_HALF(160, 64)
          "addq $128, %[p]\n\t"
          "cmpq %[p], %[end]\n\t"
          "jne 1b\n\t"
          : [h0] "=&x"(h0), [h1] "=&x"(h1), [h2] "=&x"(h2), [h3] "=&x"(h3), [h4] "=&x"(h4), [p] "+&r"(p),
            [d0] "=&x"(d0), [d1] "=&x"(d1), [d2] "=&x"(d2), [d3] "=&x"(d3), [d4] "=&x"(d4), [t] "=&x"(t)
          : [r] "r"(r), [hs] "r"(hs), [end] "r"(end), [mask] "x"(mask), [pad] "x"(pad)
          : "cc", "memory");
  *a = hs[0];
  *b = hs[1];
}

/* out = h r + m (carried), all in memory: the loop's instructions, for the tail */
INLINE AVX2_TARGET void step_mem(struct num *out, const struct num *h, const struct mult *r, const struct num *m)
{
  W h0, h1, h2, h3, h4, d0, d1, d2, d3, d4, t;
  const W mask = k64(M26);
  __asm__ __volatile__("vmovdqa 0(%[hp]), %[h0]\n\t"
                       "vmovdqa 32(%[hp]), %[h1]\n\t"
                       "vmovdqa 64(%[hp]), %[h2]\n\t"
                       "vmovdqa 96(%[hp]), %[h3]\n\t"
                       "vmovdqa 128(%[hp]), %[h4]\n\t"
                       "vmovdqa 0(%[mp]), %[d0]\n\t"
                       "vmovdqa 32(%[mp]), %[d1]\n\t"
                       "vmovdqa 64(%[mp]), %[d2]\n\t"
                       "vmovdqa 96(%[mp]), %[d3]\n\t"
                       "vmovdqa 128(%[mp]), %[d4]\n\t"
                       AVX2_PRODUCTS AVX2_CARRIES
                       "vmovdqa %[d0], 0(%[op])\n\t"
                       "vmovdqa %[d1], 32(%[op])\n\t"
                       "vmovdqa %[d2], 64(%[op])\n\t"
                       "vmovdqa %[d3], 96(%[op])\n\t"
                       "vmovdqa %[d4], 128(%[op])\n\t"
                       : [h0] "=&x"(h0), [h1] "=&x"(h1), [h2] "=&x"(h2), [h3] "=&x"(h3), [h4] "=&x"(h4),
                         [d0] "=&x"(d0), [d1] "=&x"(d1), [d2] "=&x"(d2), [d3] "=&x"(d3), [d4] "=&x"(d4), [t] "=&x"(t)
                       : [r] "r"(r), [hp] "r"(h), [mp] "r"(m), [op] "r"(out), [mask] "x"(mask)
                       : "memory");
}

/* the radix-2^26 limbs of h0 + 2^64 h1 + 2^128 h2, each through a general register */
INLINE void limbs26(u64 out[5], u64 h0, u64 h1, u64 h2)
{
  u64 x0 = h0 & M26, x1 = h0 >> 26 & M26, x2 = (h0 >> 52 | h1 << 12) & M26, x3 = h1 >> 14 & M26;
  u64 x4 = h1 >> 40 | h2 << 24;
  __asm__("" : "+r"(x0), "+r"(x1), "+r"(x2), "+r"(x3), "+r"(x4));
  out[0] = x0;
  out[1] = x1;
  out[2] = x2;
  out[3] = x3;
  out[4] = x4;
}

static const unsigned char lane_of_power[5] = { 0, 3, 1, 2, 0 };   /* e: lane of r^e in PB */

/* h (radix 2^64, h2 <= 4) of m[0..l), l >= 1 */
AVX2_TARGET void avx2_hash(u64 h[3], const unsigned char r[16],
                                                                    const unsigned char *m, size_t l)
{
  const W z = _mm256_setzero_si256(), pad1 = k64(1 << 24);
  size_t chunks = l / 128;
  unsigned int rest = (unsigned int) (l % 128), t = (rest + 15) / 16, part = rest & 15, j;
  int need_a = chunks > 0 || t > 4;
  struct num a, b, tmp, zero;
  struct p64 st;
  u64 pw[9][3], lp[9][5];
  unsigned int k;
  struct mult tab[4];   /* r^8 in every lane; lane L: r^(8,6,7,5)[L]; r^(4,2,3,1)[L]; r^t */
  W d[5], e[5], sum, posa2;
  u64 c[5], h0, h1, h2;
  u128 acc;

  /* powers r^1..r^8 (r^1..r^4 when no set A is needed) in scalar code, r^k = r^(k-1) r
     with the clamped r as multiplier (radix 2^64, h2 <= 4): a 15-cycle step each,
     faster here than the vector tree, whose steps cost about 40 cycles of latency */
  p64_start(&st, r);
  pw[1][0] = st.h0 = st.r0;
  pw[1][1] = st.h1 = st.r1;
  pw[1][2] = st.h2 = 0;
  for (k = 2; k <= (need_a ? 8u : 4u); ++k) {
    p64_last(&st, 0, 0, 1);
    pw[k][0] = st.h0;
    pw[k][1] = st.h1;
    pw[k][2] = st.h2;
  }
  /* radix 2^26 limbs (the top one < 5 2^24 + 2^24) into the lanes: PB r^(4,2,3,1)[L], PA r^(8,6,7,5)[L];
     the limbs pass through general registers (GCC would vectorize through memory and stall) */
  for (k = 1; k <= (need_a ? 8u : 4u); ++k) limbs26(lp[k], pw[k][0], pw[k][1], pw[k][2]);
  for (j = 0; j < 5; ++j) {
    tmp.l[j] = _mm256_set_epi64x((long long) lp[1][j], (long long) lp[3][j], (long long) lp[2][j], (long long) lp[4][j]);
    if (need_a) {
      a.l[j] = _mm256_set_epi64x((long long) lp[5][j], (long long) lp[7][j], (long long) lp[6][j], (long long) lp[8][j]);
      b.l[j] = k64(lp[8][j]);
    }
  }
  to_mult(&tab[2], &tmp);
  if (need_a) {
    to_mult(&tab[1], &a);
    to_mult(&tab[0], &b);
  }
  zero = zeronum(z);

  if (chunks) {
    load_blocks(&a, m, pad1);
    load_blocks(&b, m + 64, pad1);
    if (chunks > 1) steps(&a, &b, &tab[0], m + 128, chunks - 1);
  } else {
    a = b = zeronum(z);                        /* l >= 1: the tail below sets them */
  }

  /* the last t blocks, at block positions 8 - t .. 7 of a virtual 128-byte chunk ending
     at m + 128 chunks + 16 t: its whole qwords inside m[0..l) by masked loads (lanes
     outside are neither read nor faulted), the last partial qword and the padding 1
     from scalar code (a buffer of narrow stores read back wide would stall) */
  if (rest) {
    const unsigned char *base = (const unsigned char *) ((uintptr_t) m + 128 * chunks + 16 * t - 128);
    const unsigned char *src = m + 128 * chunks;
    unsigned int first = 128 - 16 * t, whole = rest / 8, tail = rest % 8, stop = part ? 7 : 8;
    const W lanes = _mm256_set_epi64x(3, 2, 1, 0), posa = _mm256_set_epi64x(3, 1, 2, 0);
    const W lo = k64((u64) (7 - (long long) t)), hi = k64(stop);
    const W qa = k64((u64) ((long long) first / 8 - 1)), qb = k64(first / 8 + whole);
    u64 last = 0;
    W q[4], pick;
    struct num ta, tb;
    for (j = tail; j > 0; --j) last = last << 8 | src[8 * whole + j - 1];
    if (part) last |= (u64) 1 << (8 * tail);                   /* the 1 after a partial block */
    for (j = 0; j < 4; ++j) {
      W index = _mm256_add_epi64(lanes, k64(4 * j));        /* qword index in the chunk */
      W in = _mm256_and_si256(_mm256_cmpgt_epi64(index, qa), _mm256_cmpgt_epi64(qb, index));
      q[j] = _mm256_maskload_epi64((const long long *) (const void *) (base + 32 * j), in);
      pick = _mm256_cmpeq_epi64(index, qb);                 /* the qword after the whole ones */
      q[j] = _mm256_or_si256(q[j], _mm256_and_si256(pick, k64(last)));
    }
    /* pad lanes: block position in [8 - t, stop) */
    split(&ta, q[0], q[1], _mm256_and_si256(pad1, _mm256_and_si256(_mm256_cmpgt_epi64(posa, lo),
                                                                  _mm256_cmpgt_epi64(hi, posa))));
    posa2 = _mm256_add_epi64(posa, k64(4));
    split(&tb, q[2], q[3], _mm256_and_si256(pad1, _mm256_and_si256(_mm256_cmpgt_epi64(posa2, lo),
                                                                   _mm256_cmpgt_epi64(hi, posa2))));
    if (chunks) {
      broadcast_lane(&tab[3], t > 4 ? &tab[1] : &tab[2], lane_of_power[t > 4 ? t - 4 : t]);   /* r^t */
      step_mem(&a, &a, &tab[3], &ta);
      step_mem(&b, &b, &tab[3], &tb);
    } else {
      a = ta;
      b = tb;
    }
  }

  /* times the lane powers, all lanes added */
  mul(d, &b, &tab[2], zero.l);
  if (need_a) {
    mul(e, &a, &tab[1], zero.l);
    for (j = 0; j < 5; ++j) d[j] = addw(d[j], e[j]);
  }
  for (j = 0; j < 5; ++j) {                    /* each sum < 2^60 */
    sum = _mm256_add_epi64(d[j], _mm256_permute4x64_epi64(d[j], 0x4e));
    c[j] = (u64) _mm_cvtsi128_si64(_mm_add_epi64(_mm256_castsi256_si128(sum),
                                                 _mm_unpackhi_epi64(_mm256_castsi256_si128(sum),
                                                                    _mm256_castsi256_si128(sum))));
  }
  acc = (u128) c[0] + ((u128) c[1] << 26) + ((u128) c[2] << 52);
  h0 = (u64) acc;
  acc = (acc >> 64) + ((u128) c[3] << 14) + ((u128) c[4] << 40);
  h1 = (u64) acc;
  h2 = (u64) (acc >> 64);                      /* < 2^37 */
  p64_fold(h, h0, h1, h2);
}
