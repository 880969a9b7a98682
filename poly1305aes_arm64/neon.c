/* poly1305aes_arm64 NEON code (path "neon", from its threshold on): AES-CE
   (common/aesce.h) and Poly1305 in radix 2^26, four blocks a step in two
   lanes. Assumes AArch64 with ASIMD and the AES instructions; integer NEON
   only (no floating point). Constant time: no branch or index depends on r,
   s, k or the message.

   The blocks go in pairs P_0, P_1, ... (lanes: the even and the odd block of
   a pair). Two lanes of X carry the chains: a step takes two pairs,
   X = (X + P_j) r^4 + P_(j+1) r^2, the last step (X + P_j)(r^4, r^3)
   + P_(j+1)(r^2, r), so the sum of the two lanes is the Poly1305 of every
   whole group of four blocks; the scalar code (arm64.h) takes the 0..63
   bytes left. LD4 splits four blocks into their 32-bit words, one block a
   lane, so the 26-bit limbs of all four come from 12 instructions; lanes 0-1
   (P_j) join X, lanes 2-3 (P_(j+1)) meet r^2 in the upper halves (UMLAL2).

   Bounds: powers of r are reduced below p, so their limbs are < 2^26 and
   5 r_i < 2^28.33. X + P_j < 2^27.01 a limb (below), P_(j+1) < 2^26, so a
   product sum is < 21 2^53.01 + 21 2^52 < 2^58 (64-bit lanes). The carry
   chain (0>1, 3>4, 1>2, 4>0 times 5, 2>3, 0>1, 3>4) leaves limbs below
   2^26, 2^26 + 2^8.4, 2^26, 2^26, 2^26 + 2^6.1. At the end the lanes' sums
   (< 2^59 a limb) are carried into radix 2^64 with h2 < 2^35, then folded. */
#include "arm64.h"
#include "aesce.h"

#define M26 0x3ffffff

/* a power of r (or a pair of them) as limbs, and five times limbs 1..4 */
struct key26 {
  uint32x4_t r[5], r5[5];   /* lanes 0-1: the multiplier of X + P_j; 2-3: of P_(j+1) */
};

/* h (any, h2 <= 4) reduced below p */
INLINE void p64_reduce(u64 h[3])
{
  u128 t;
  u64 g0, g1, g2, mask;
  p64_fold(h, h[0], h[1], h[2]);                            /* h < 2^130 */
  t = (u128) h[0] + 5;                                      /* g = h + 5 >= 2^130 iff h >= p */
  g0 = (u64) t;
  t = (u128) h[1] + (u64) (t >> 64);
  g1 = (u64) t;
  g2 = h[2] + (u64) (t >> 64);
  mask = 0 - (g2 >> 2);
  h[0] ^= mask & (h[0] ^ g0);
  h[1] ^= mask & (h[1] ^ g1);
  h[2] ^= mask & (h[2] ^ (g2 & 3));
}

/* the limbs of h < 2^130 */
INLINE void limbs26(uint32_t l[5], const u64 h[3])
{
  l[0] = (uint32_t) h[0] & M26;
  l[1] = (uint32_t) (h[0] >> 26) & M26;
  l[2] = (uint32_t) (h[0] >> 52 | h[1] << 12) & M26;
  l[3] = (uint32_t) (h[1] >> 14) & M26;
  l[4] = (uint32_t) (h[1] >> 40 | h[2] << 24);
}

/* key: lanes 0, 1, 2, 3 times a, b, c, d (limbs of powers of r) */
INLINE void key26(struct key26 *key, const uint32_t a[5], const uint32_t b[5], const uint32_t c[5], const uint32_t d[5])
{
#define LANES(i)                                                                                      \
  do {                                                                                                \
    uint32_t lanes_[4] = { a[i], b[i], c[i], d[i] };                                                  \
    key->r[i] = vld1q_u32(lanes_);                                                                    \
    key->r5[i] = vaddq_u32(key->r[i], vshlq_n_u32(key->r[i], 2));                                     \
  } while (0)
  LANES(0);
  LANES(1);
  LANES(2);
  LANES(3);
  LANES(4);
#undef LANES
}

/* D = L_high K_high + S K_low, where L holds P_(j+1) in lanes 2-3 and S = X + P_j (lanes 0-1): the
   products that do not wait for X first */
#define PRODUCTS(d, s, l, k)                                                                          \
  do {                                                                                                \
    d[0] = vmull_high_u32(l[0], k->r[0]);                                                             \
    d[1] = vmull_high_u32(l[0], k->r[1]);                                                             \
    d[2] = vmull_high_u32(l[0], k->r[2]);                                                             \
    d[3] = vmull_high_u32(l[0], k->r[3]);                                                             \
    d[4] = vmull_high_u32(l[0], k->r[4]);                                                             \
    d[0] = vmlal_high_u32(d[0], l[1], k->r5[4]);                                                      \
    d[1] = vmlal_high_u32(d[1], l[1], k->r[0]);                                                       \
    d[2] = vmlal_high_u32(d[2], l[1], k->r[1]);                                                       \
    d[3] = vmlal_high_u32(d[3], l[1], k->r[2]);                                                       \
    d[4] = vmlal_high_u32(d[4], l[1], k->r[3]);                                                       \
    d[0] = vmlal_high_u32(d[0], l[2], k->r5[3]);                                                      \
    d[1] = vmlal_high_u32(d[1], l[2], k->r5[4]);                                                      \
    d[2] = vmlal_high_u32(d[2], l[2], k->r[0]);                                                       \
    d[3] = vmlal_high_u32(d[3], l[2], k->r[1]);                                                       \
    d[4] = vmlal_high_u32(d[4], l[2], k->r[2]);                                                       \
    d[0] = vmlal_high_u32(d[0], l[3], k->r5[2]);                                                      \
    d[1] = vmlal_high_u32(d[1], l[3], k->r5[3]);                                                      \
    d[2] = vmlal_high_u32(d[2], l[3], k->r5[4]);                                                      \
    d[3] = vmlal_high_u32(d[3], l[3], k->r[0]);                                                       \
    d[4] = vmlal_high_u32(d[4], l[3], k->r[1]);                                                       \
    d[0] = vmlal_high_u32(d[0], l[4], k->r5[1]);                                                      \
    d[1] = vmlal_high_u32(d[1], l[4], k->r5[2]);                                                      \
    d[2] = vmlal_high_u32(d[2], l[4], k->r5[3]);                                                      \
    d[3] = vmlal_high_u32(d[3], l[4], k->r5[4]);                                                      \
    d[4] = vmlal_high_u32(d[4], l[4], k->r[0]);                                                       \
    d[0] = vmlal_u32(d[0], s[0], vget_low_u32(k->r[0]));                                              \
    d[1] = vmlal_u32(d[1], s[0], vget_low_u32(k->r[1]));                                              \
    d[2] = vmlal_u32(d[2], s[0], vget_low_u32(k->r[2]));                                              \
    d[3] = vmlal_u32(d[3], s[0], vget_low_u32(k->r[3]));                                              \
    d[4] = vmlal_u32(d[4], s[0], vget_low_u32(k->r[4]));                                              \
    d[0] = vmlal_u32(d[0], s[1], vget_low_u32(k->r5[4]));                                             \
    d[1] = vmlal_u32(d[1], s[1], vget_low_u32(k->r[0]));                                              \
    d[2] = vmlal_u32(d[2], s[1], vget_low_u32(k->r[1]));                                              \
    d[3] = vmlal_u32(d[3], s[1], vget_low_u32(k->r[2]));                                              \
    d[4] = vmlal_u32(d[4], s[1], vget_low_u32(k->r[3]));                                              \
    d[0] = vmlal_u32(d[0], s[2], vget_low_u32(k->r5[3]));                                             \
    d[1] = vmlal_u32(d[1], s[2], vget_low_u32(k->r5[4]));                                             \
    d[2] = vmlal_u32(d[2], s[2], vget_low_u32(k->r[0]));                                              \
    d[3] = vmlal_u32(d[3], s[2], vget_low_u32(k->r[1]));                                              \
    d[4] = vmlal_u32(d[4], s[2], vget_low_u32(k->r[2]));                                              \
    d[0] = vmlal_u32(d[0], s[3], vget_low_u32(k->r5[2]));                                             \
    d[1] = vmlal_u32(d[1], s[3], vget_low_u32(k->r5[3]));                                             \
    d[2] = vmlal_u32(d[2], s[3], vget_low_u32(k->r5[4]));                                             \
    d[3] = vmlal_u32(d[3], s[3], vget_low_u32(k->r[0]));                                              \
    d[4] = vmlal_u32(d[4], s[3], vget_low_u32(k->r[1]));                                              \
    d[0] = vmlal_u32(d[0], s[4], vget_low_u32(k->r5[1]));                                             \
    d[1] = vmlal_u32(d[1], s[4], vget_low_u32(k->r5[2]));                                             \
    d[2] = vmlal_u32(d[2], s[4], vget_low_u32(k->r5[3]));                                             \
    d[3] = vmlal_u32(d[3], s[4], vget_low_u32(k->r5[4]));                                             \
    d[4] = vmlal_u32(d[4], s[4], vget_low_u32(k->r[0]));                                              \
  } while (0)

/* the limbs of four blocks at p, one a lane (pad bit 2^128 included) */
INLINE void split4(uint32x4_t l[5], const unsigned char *p)
{
  const uint32x4_t mask = vdupq_n_u32(M26);
  uint32x4x4_t w = vld4q_u32((const uint32_t *) (const void *) p);
  l[0] = vandq_u32(w.val[0], mask);
  l[1] = vandq_u32(vsliq_n_u32(vshrq_n_u32(w.val[0], 26), w.val[1], 6), mask);
  l[2] = vandq_u32(vsliq_n_u32(vshrq_n_u32(w.val[1], 20), w.val[2], 12), mask);
  l[3] = vandq_u32(vsliq_n_u32(vshrq_n_u32(w.val[2], 14), w.val[3], 18), mask);
  l[4] = vorrq_u32(vshrq_n_u32(w.val[3], 8), vdupq_n_u32(1 << 24));
}

/* x = d with the carries moved up (the chain above), as 32-bit limbs */
INLINE void carry(uint32x2_t x[5], uint64x2_t d[5])
{
  const uint64x2_t mask = vdupq_n_u64(M26);
  uint64x2_t c;
#define CARRY(a, b) c = vshrq_n_u64(d[a], 26), d[a] = vandq_u64(d[a], mask), d[b] = vaddq_u64(d[b], c)
  CARRY(0, 1);
  CARRY(3, 4);
  CARRY(1, 2);
  c = vshrq_n_u64(d[4], 26), d[4] = vandq_u64(d[4], mask);
  d[0] = vaddq_u64(d[0], vaddq_u64(c, vshlq_n_u64(c, 2)));
  CARRY(2, 3);
  CARRY(0, 1);
  CARRY(3, 4);
#undef CARRY
  x[0] = vmovn_u64(d[0]);
  x[1] = vmovn_u64(d[1]);
  x[2] = vmovn_u64(d[2]);
  x[3] = vmovn_u64(d[3]);
  x[4] = vmovn_u64(d[4]);
}

/* S = X + P_j: the pair's limbs join the chains (limbs < 2^27.01) */
#define JOIN(s, x, l)                                                                                 \
  do {                                                                                                \
    s[0] = vadd_u32(x[0], vget_low_u32(l[0]));                                                        \
    s[1] = vadd_u32(x[1], vget_low_u32(l[1]));                                                        \
    s[2] = vadd_u32(x[2], vget_low_u32(l[2]));                                                        \
    s[3] = vadd_u32(x[3], vget_low_u32(l[3]));                                                        \
    s[4] = vadd_u32(x[4], vget_low_u32(l[4]));                                                        \
  } while (0)

/* the whole groups of four blocks of m[0..64 groups), groups >= 1, into h (radix 2^64, h2 <= 4) */
INLINE void hash_groups(u64 h[3], const unsigned char *m, size_t groups, const struct p64 *st)
{
  struct key26 loop, last;
  uint32_t r1[5], r2[5], r3[5], r4[5];
  uint32x2_t x[5], s[5];
  uint32x4_t l[5];
  uint64x2_t d[5];
  u64 power[3], t0;
  struct p64 by = *st;
  u128 t;
  /* r, r^2, r^3, r^4, reduced below p, as limbs */
  power[0] = st->r0, power[1] = st->r1, power[2] = 0;
  limbs26(r1, power);
  by.h0 = st->r0, by.h1 = st->r1, by.h2 = 0;
  p64_last(&by, 0, 0);
  power[0] = by.h0, power[1] = by.h1, power[2] = by.h2;
  p64_reduce(power);
  limbs26(r2, power);
  p64_last(&by, 0, 0);
  power[0] = by.h0, power[1] = by.h1, power[2] = by.h2;
  p64_reduce(power);
  limbs26(r3, power);
  p64_last(&by, 0, 0);
  power[0] = by.h0, power[1] = by.h1, power[2] = by.h2;
  p64_reduce(power);
  limbs26(r4, power);
  key26(&loop, r4, r4, r2, r2);
  key26(&last, r4, r3, r2, r1);

  x[0] = x[1] = x[2] = x[3] = x[4] = vdup_n_u32(0);
  for (; groups > 1; --groups, m += 64) {
    split4(l, m);
    JOIN(s, x, l);
    PRODUCTS(d, s, l, (&loop));
    carry(x, d);
  }
  split4(l, m);
  JOIN(s, x, l);
  PRODUCTS(d, s, l, (&last));
  /* the two lanes' sums, each < 2^59, into radix 2^64 */
  t = (u128) vaddvq_u64(d[0]) + ((u128) vaddvq_u64(d[1]) << 26) + ((u128) vaddvq_u64(d[2]) << 52);
  t0 = (u64) t;
  t = (t >> 64) + ((u128) vaddvq_u64(d[3]) << 14) + ((u128) vaddvq_u64(d[4]) << 40);
  p64_fold(h, t0, (u64) t, (u64) (t >> 64));
}

AESCE_TARGET void vector_neon(unsigned char out[16], const unsigned char r[16], const unsigned char *k,
                              const unsigned char *n, const unsigned char *m, size_t l)
{
  struct p64 st;
  u64 h[3];
  size_t whole = l & ~(size_t) 63;
  uint64x2_t s = vreinterpretq_u64_u8(aesce_encrypt(k, n));
  p64_start(&st, r);
  hash_groups(h, m, l / 64, &st);
  st.h0 = h[0], st.h1 = h[1], st.h2 = h[2];
  p64_hash(&st, m + whole, l - whole);
  p64_finish(out, st.h0, st.h1, st.h2, vgetq_lane_u64(s, 0), vgetq_lane_u64(s, 1));
}
