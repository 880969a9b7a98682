/* SPDX-License-Identifier: CC0-1.0 */
/* poly1305aes_arm64 NEON code (paths "neon" and "vperm", from their
   threshold on): Poly1305 in radix 2^26, four blocks a step in two lanes,
   and AES-CE (common/aesce.h; path neon) or the vector-permute AES
   (common/vpaes.h; path vperm, for CPUs without the AES instructions).
   Assumes AArch64 with ASIMD, and the AES instructions for path neon;
   integer NEON only (no floating point). Constant time: no branch or index
   depends on r, s, k or the message.

   The blocks go in pairs P_0, P_1, ... (lanes: the even and the odd block of
   a pair). Two lanes of X carry the chains: a step takes two pairs,
   X = (X + P_j) r^4 + P_(j+1) r^2, the last step (X + P_j)(r^4, r^3)
   + P_(j+1)(r^2, r), so the sum of the two lanes is the Poly1305 of every
   whole group of four blocks; the scalar code (arm64.h) takes the 0..63
   bytes left. LD4 splits four blocks into their 32-bit words, one block a
   lane, so the 26-bit limbs of all four come from 12 instructions; lanes 0-1
   (P_j) join X, lanes 2-3 (P_(j+1)) meet r^2 in the upper halves (UMLAL2).

   Bounds: the powers of r come from the scalar multiplication (h2 <= 4), so
   their limbs are < 2^26 but limb 4 < 5 2^24 < 2^26.33, and 5 r_i < 2^28.33
   (2^28.66 for limb 4): a limb's multipliers sum to < 2^30.48. X + P_j
   < 2^27.01 a limb (below), P_(j+1) < 2^26, so a product sum is < 2^57.49
   + 2^56.48 < 2^58.1 (64-bit lanes). The carry chain (0>1, 3>4, 1>2, 4>0
   times 5, 2>3, 0>1, 3>4) leaves limbs below 2^26, 2^26 + 2^8.5, 2^26,
   2^26, 2^26 + 2^6.2. At the end the lanes' sums (< 2^59.1 a limb) are
   carried into radix 2^64 with h2 < 2^36, then folded. */
#include "arm64.h"
#include "aesce.h"
#include "vpaes.h"

/* the hybrid loop from HYBRID_FROM bytes (the thresholds file), at least 14 blocks: one
   step and the last group */
#if HYBRID_FROM < 224
#error "the hybrid needs at least 14 blocks"
#endif

/* a power of r (or a pair of them) as limbs, and five times limbs 1..4 */
struct key26 {
  uint32x4_t r[5], r5[5];   /* lanes 0-1: the multiplier of X + P_j; 2-3: of P_(j+1) */
};

/* the limbs of two powers a and b, a lane pair each: pair[i] = limb i of a + 2^32 limb i of b */
INLINE void limb_pairs(u64 pair[5], const struct p64 *a, const struct p64 *b)
{
#define PAIR(i) pair[i] = LIMB(a->h0, a->h1, a->h2, i) | LIMB(b->h0, b->h1, b->h2, i) << 32
  PAIR(0);
  PAIR(1);
  PAIR(2);
  PAIR(3);
  PAIR(4);
#undef PAIR
}

/* the limb pairs of the powers of r the NEON code multiplies by: r^4 r^4 | r^2 r^2 (a step)
   and r^4 r^3 | r^2 r (the last step); h2 <= 4 each (p64_last) */
struct powers {
  u64 r44[5], r22[5], r43[5], r21[5];
};

INLINE void powers(struct powers *pw, const struct p64 *st)
{
  struct p64 r1 = *st, r2, r3, r4;
  r1.h0 = st->r0, r1.h1 = st->r1, r1.h2 = 0;
  r2 = r1;
  p64_last(&r2, 0, 0);
  r3 = r2;
  p64_last(&r3, 0, 0);
  r4 = r3;
  p64_last(&r4, 0, 0);
  limb_pairs(pw->r44, &r4, &r4);
  limb_pairs(pw->r22, &r2, &r2);
  limb_pairs(pw->r43, &r4, &r3);
  limb_pairs(pw->r21, &r2, &r1);
}

/* key: lanes 0-1 from the pairs low, 2-3 from high */
INLINE void key26(struct key26 *key, const u64 low[5], const u64 high[5])
{
#define LANES(i)                                                                                      \
  key->r[i] = vcombine_u32(vcreate_u32(low[i]), vcreate_u32(high[i])),                                \
  key->r5[i] = vaddq_u32(key->r[i], vshlq_n_u32(key->r[i], 2))
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

/* the sum of the two lanes of each limb (< 2^59.1), into radix 2^64 */
INLINE void lane_sums(u64 h[3], const uint64x2_t d[5])
{
  u64 sum[5] = { vaddvq_u64(d[0]), vaddvq_u64(d[1]), vaddvq_u64(d[2]), vaddvq_u64(d[3]), vaddvq_u64(d[4]) };
  from26(h, sum);
}

/* h = (h r^(4 groups) + the hash of the groups of four blocks of m[0..64 groups)) mod p, groups
   >= 1, h radix 2^64 (h2 <= 4 on entry and on return). h joins lane 0 as X: X + P_0 is then
   below 2^27 (limbs 0-3) and 5 2^24 + 2^25 < 2^26.81 (limb 4), within the bound above */
INLINE void hash_groups(u64 h[3], const unsigned char *m, size_t groups, const struct p64 *st)
{
  struct key26 loop, last;
  struct powers pw;
  uint32x2_t x[5], s[5];
  uint32x4_t l[5];
  uint64x2_t d[5];
  powers(&pw, st);
  key26(&loop, pw.r44, pw.r22);

  x[0] = vcreate_u32(LIMB(h[0], h[1], h[2], 0));
  x[1] = vcreate_u32(LIMB(h[0], h[1], h[2], 1));
  x[2] = vcreate_u32(LIMB(h[0], h[1], h[2], 2));
  x[3] = vcreate_u32(LIMB(h[0], h[1], h[2], 3));
  x[4] = vcreate_u32(LIMB(h[0], h[1], h[2], 4));
  for (; groups > 1; --groups, m += 64) {
    split4(l, m);
    JOIN(s, x, l);
    PRODUCTS(d, s, l, (&loop));
    carry(x, d);
  }
  key26(&last, pw.r43, pw.r21);
  split4(l, m);
  JOIN(s, x, l);
  PRODUCTS(d, s, l, (&last));
  lane_sums(h, d);
}

/* ---- the hybrid (hybrid.S): eight blocks into the NEON chains and two into a
   scalar chain a step; the scalar region follows the NEON region, so
   h = H_neon r^(2 steps) + H_scalar, joined in radix 2^26 ---- */

/* h = h r^b + the hash of the first b = 4 (2 steps + 1) + 2 steps blocks of m, steps >= 1 (h2 <= 4
   on entry and on return: h joins lane 0 of X, which the loop carries first); returns 16 b */
INLINE size_t hash_hybrid(u64 h[3], const unsigned char *m, size_t steps, const struct p64 *st)
{
  struct hybrid state;
  struct key26 last;
  struct powers pw;
  struct p64 re = *st;
  uint32x2_t s[5];
  uint32x4_t l[5];
  uint64x2_t d[5];
  int i, e;
  powers(&pw, st);
  /* the loop's key: r^8, r^6, r^4, r^2 (re = r^e, h2 <= 4), each its limbs and five times limbs 1-4 */
  re.h0 = st->r0, re.h1 = st->r1, re.h2 = 0;
  for (e = 2; e <= 8; ++e) {
    p64_last(&re, 0, 0);
    if (e % 2) continue;
    for (i = 0; i < 5; ++i) {
      state.key[(8 - e) / 2][i] = (uint32_t) LIMB(re.h0, re.h1, re.h2, i);
      if (i) state.key[(8 - e) / 2][4 + i] = 5 * state.key[(8 - e) / 2][i];
    }
  }
  for (i = 0; i < 5; ++i) {
    state.x[i][0] = (uint32_t) LIMB(h[0], h[1], h[2], i);
    state.x[i][1] = 0;
  }
  state.h[0] = state.h[1] = state.h[2] = 0;
  state.r0 = st->r0, state.r1 = st->r1, state.s1 = st->s1;
  hybrid_steps(&state, m, m + 64 * (2 * steps + 1), steps);

  /* the last NEON group, by r^4 r^3 r^2 r */
  key26(&last, pw.r43, pw.r21);
  for (i = 0; i < 5; ++i) s[i] = vld1_u32(state.x[i]);   /* X + P_j: the loop joined the last pair */
  split4(l, m + 128 * steps);
  PRODUCTS(d, s, l, (&last));
  lane_sums(h, d);

  /* h = H_neon r^(2 steps) + H_scalar */
  p64_join(h, h, state.h, st->r0, st->r1, 2 * steps);
  return 64 * (2 * steps + 1) + 32 * steps;
}

/* h = (h r^b + the hash of the first b of m's nblocks blocks) mod p (pad 1), nblocks >= 4, h in
   st (h2 <= 4); returns 16 b: every group of four blocks, or from HYBRID_FROM bytes what the
   hybrid takes (at least 14 blocks, 0..9 left) */
INLINE size_t neon_blocks(struct p64 *st, const unsigned char *m, size_t nblocks)
{
  u64 h[3] = { st->h0, st->h1, st->h2 };
  size_t whole = 16 * (nblocks & ~(size_t) 3);
  if (16 * nblocks >= HYBRID_FROM)
    whole = hash_hybrid(h, m, (nblocks - 4) / 10, st);
  else
    hash_groups(h, m, nblocks / 4, st);
  st->h0 = h[0], st->h1 = h[1], st->h2 = h[2];
  return whole;
}

/* h of m[0..l), l >= 64, in st (radix 2^64, h2 <= 4) */
INLINE void hash_neon(struct p64 *st, const unsigned char r[16], const unsigned char *m, size_t l)
{
  size_t whole;
  p64_start(st, r);
  whole = neon_blocks(st, m, l / 16);
  p64_hash(st, m + whole, l - whole);
}

/* the contract's blocks (arm64.h): the NEON code from VECTOR_FROM bytes of whole blocks */
void core_blocks_neon(struct p64 *st, const unsigned char *m, size_t nblocks, unsigned int pad)
{
  if (pad && nblocks >= VECTOR_FROM / 16) {
    size_t whole = neon_blocks(st, m, nblocks);
    m += whole;
    nblocks -= whole / 16;
  }
  core_blocks_scalar(st, m, nblocks, pad);
}

/* a path's long-message call: the AES after the hash, so no round key
   lives across the hybrid loop's call (or spills); HASH_THEN_AES(name,
   target, r, s): the hash under r, then s (a uint64x2_t expression) */
#define HASH_THEN_AES(name, target, r, s_of)                                                          \
  target void name(unsigned char out[16], const unsigned char *kr, const unsigned char *n,           \
                   const unsigned char *m, size_t l)                                                 \
  {                                                                                                   \
    struct p64 st;                                                                                    \
    uint64x2_t s;                                                                                     \
    hash_neon(&st, r, m, l);                                                                          \
    s = s_of;                                                                                         \
    p64_finish(out, st.h0, st.h1, st.h2, vgetq_lane_u64(s, 0), vgetq_lane_u64(s, 1));                \
  }
/* with n NULL, kr is a one-time key r || s (arm64.h's fusedfn) */
#define AES_AFTER(name, target, aes)                                                                  \
  HASH_THEN_AES(name, target, n ? kr + 16 : kr,                                                       \
                n ? vreinterpretq_u64_u8(aes(kr, n)) : vld1q_u64((const uint64_t *) (const void *) (kr + 16)))
AES_AFTER(vector_neon, AESCE_TARGET, aesce_encrypt)
AES_AFTER(vector_vperm, , vp_encrypt)

/* the same with an expanded key's bytes kr (r at 16, the round keys at POLY1305AES_KEY_SCHED) */
#define EXPANDED_AFTER(name, target, aes) \
  HASH_THEN_AES(name, target, kr + 16, vreinterpretq_u64_u8(aes(kr + POLY1305AES_KEY_SCHED, n)))
EXPANDED_AFTER(expanded_neon, AESCE_TARGET, aesce_encrypt_expanded)
EXPANDED_AFTER(expanded_neon_vperm, , vp_encrypt_expanded)
