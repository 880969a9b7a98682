/* SPDX-License-Identifier: CC0-1.0 */
/* Poly1305 in radix 2^44 with a vector multiply-sum of 64-bit lanes into a
   128-bit sum (POWER's vmsumudm, ISA 3.0; z/Architecture's VMSLG, vector
   enhancements 1): the vector code of poly1305aes_ppc64le and
   poly1305aes_s390x. The includer supplies, for its CPU: V (two 64-bit
   lanes), INLINE, R44_LOW (the lane holding the low half of a 128-bit
   value), r44_msum(x, k, c) = c + x0 k0 + x1 k1 (128-bit), r44_add128,
   r44_shr128(v, count) (count: a vector of equal bytes, the bit count),
   r44_pair(m, &lo, &hi) (the little-endian halves of the blocks at m and
   m + 16: block 1 in lane R44_LOW, block 2 in the other), r44_times_r(p)
   (p = p r in radix 2^64), R44_CHAINS and R44_STEP (2 or 4), and
   common/poly64.h and common/p64r44.h (struct state); optionally
   R44_SPLIT, then its own r44_split after this header.

   A number is three limbs a0 + 2^44 a1 + 2^88 a2, each in the low lane (the
   other lane 0). A chain takes R44_STEP blocks b_1.. in a step:
   A = (A + b_1) P_1 + b_2 P_2 + ..., where P_i are powers of r. The blocks go
   in pairs, a pair's two lanes the two blocks (A joins the first pair's low
   lane) and a key vector's lanes their two powers, so one msum adds both
   products of a limb pair: d_k = sum over i + j = k (mod 3) of x_i y_j,
   times 20 when i + j >= 3 (2^132 = 20 mod p), three msums a limb and a
   pair, with key vectors (R_0, Q_0), (R_1, Q_1), (R_2, Q_2), 20 (R_1, Q_1),
   20 (R_2, Q_2). The pairs without A are summed first, off the chain's
   critical path. A group is R44_CHAINS R44_STEP = G blocks: chain j takes
   blocks j R44_STEP.. of each, every step with the powers r^G, r^(G-1), ...;
   in the last group chain j takes r^(G - j R44_STEP), r^(G - j R44_STEP - 1),
   ..., so the sum of the chains is the Poly1305 of every group.

   Bounds: key limbs (of h2 <= 4 radix-2^64 powers) < 2^44, 2^44, 2^43.2;
   times 20 < 2^48.4. A's limbs after a step < 2^44, 2^44 + 2^13.5, 2^42
   (at the start, from radix 2^64, < 2^44, 2^44, 2^43.2); a block's < 2^44,
   2^44, 2^41 (2^40 + the pad bit). So x_i < 2^45, 2^45 + 2^13.5, 2^43.5,
   each product < 2^93.4 and each d_k, a sum of 3 R44_STEP <= 12, < 2^97.
   The carry, d0 -> d1 -> d2 -> 5 (d2 >> 42) -> a0 -> a1, takes 128-bit
   shifts of values < 2^98 (so every carry < 2^54: one lane) and restores
   A's bounds: a0 gets < 2^44 + 5 2^55, whose carry into a1 is < 2^13.5.
   The chains' sum: limbs < 2^46 (four chains), back in radix 2^64 with
   h2 < 2^6, then folded (h2 <= 4). Constant time: no branch or index on r,
   the message or h. */
#ifndef poly1305aes_radix44_H
#define poly1305aes_radix44_H

#define R44_M44 ((1ULL << 44) - 1)
#define R44_M42 ((1ULL << 42) - 1)

struct r44key { V k0, k1, k2, s1, s2; };

/* x in both lanes */
INLINE V r44_splat(unsigned long long x)
{
  return (V) { x, x };
}

/* x in lane R44_LOW, y in the other */
INLINE V r44_pack(unsigned long long x, unsigned long long y)
{
#if R44_LOW == 0
  return (V) { x, y };
#else
  return (V) { y, x };
#endif
}

/* a vector with x in the low lane, 0 in the other */
INLINE V r44_low(unsigned long long x)
{
  return r44_pack(x, 0);
}

#ifndef R44_SPLIT
/* the limbs of a pair of blocks: lane R44_LOW block 1, the other block 2 */
INLINE void r44_split(V m[3], V lo, V hi, V pad40)
{
  const V m44 = r44_splat(R44_M44);
  m[0] = lo & m44;
  m[1] = ((lo >> 44) | (hi << 20)) & m44;
  m[2] = (hi >> 24) | pad40;
}
#else
INLINE void r44_split(V m[3], V lo, V hi, V pad40);   /* the includer's, defined after this header */
#endif

/* constants of a step: zero, the shift counts (as bytes: 44 = 5 octets and 4 bits), masks, 5 */
struct r44const { V zero, sh44, sh42, low44, low42, m44, five; };

INLINE void r44_consts(struct r44const *c)
{
  c->zero = r44_splat(0);
  c->sh44 = r44_splat(0x2c2c2c2c2c2c2c2cULL);
  c->sh42 = r44_splat(0x2a2a2a2a2a2a2a2aULL);
  c->low44 = r44_low(R44_M44);
  c->low42 = r44_low(R44_M42);
  c->m44 = r44_splat(R44_M44);
  c->five = r44_splat(5);
}

/* the key structures of a step: R44_STEP / 2 pairs */
#define R44_PAIRS (R44_STEP / 2)

/* d += x k for the three limbs of one pair x (d_k as above) */
INLINE void r44_products(V d[3], const V x[3], const struct r44key *k)
{
  d[0] = r44_msum(x[1], k->s2, r44_msum(x[0], k->k0, r44_msum(x[2], k->s1, d[0])));
  d[1] = r44_msum(x[1], k->k0, r44_msum(x[0], k->k1, r44_msum(x[2], k->s2, d[1])));
  d[2] = r44_msum(x[1], k->k1, r44_msum(x[0], k->k2, r44_msum(x[2], k->k0, d[2])));
}

/* for each chain j, A_j = (A_j + b_1) P_1 + b_2 P_2 + ... for its pairs' limbs m[j], carried
   (bounds above), with the keys k[j]: every operation for all chains before the next, so a
   CPU's window holds the chains side by side; a2 is ready first and a1 last after the carry,
   so the products go in that order */
#define R44_EACH _Pragma("GCC unroll 8") for (j = 0; j < R44_CHAINS; ++j)
INLINE void r44_steps(V a[R44_CHAINS][3], V m[R44_CHAINS][R44_PAIRS][3],
                      const struct r44key *k[R44_CHAINS], const struct r44const *c)
{
  V d[R44_CHAINS][3], carry[R44_CHAINS];
  unsigned int j;
  R44_EACH d[j][0] = d[j][1] = d[j][2] = c->zero;
#if R44_PAIRS > 1
  {
    unsigned int p;
#pragma GCC unroll 4
    for (p = 1; p < R44_PAIRS; ++p) R44_EACH r44_products(d[j], m[j][p], &k[j][p]);
  }
#endif
  R44_EACH m[j][0][0] += a[j][0], m[j][0][1] += a[j][1], m[j][0][2] += a[j][2];
  R44_EACH r44_products(d[j], m[j][0], &k[j][0]);
  R44_EACH carry[j] = r44_shr128(d[j][0], c->sh44);
  R44_EACH d[j][1] = r44_add128(d[j][1], carry[j]);
  R44_EACH carry[j] = r44_shr128(d[j][1], c->sh44);
  R44_EACH a[j][1] = d[j][1] & c->low44;
  R44_EACH d[j][2] = r44_add128(d[j][2], carry[j]);
  R44_EACH carry[j] = r44_shr128(d[j][2], c->sh42);
  R44_EACH a[j][2] = d[j][2] & c->low42;
  R44_EACH a[j][0] = r44_msum(carry[j], c->five, d[j][0] & c->low44);
  R44_EACH a[j][1] += a[j][0] >> 44;
  R44_EACH a[j][0] &= c->m44;
}

/* the limbs of h = h0 + 2^64 h1 + 2^128 h2 (h2 <= 4): < 2^44, 2^44, 2^43.2 */
INLINE void r44_limbs(u64 l[3], u64 h0, u64 h1, u64 h2)
{
  l[0] = h0 & R44_M44;
  l[1] = (h0 >> 44 | h1 << 20) & R44_M44;
  l[2] = h1 >> 24 | h2 << 40;
}

INLINE void r44_from64(V a[3], u64 h0, u64 h1, u64 h2)
{
  u64 l[3];
  r44_limbs(l, h0, h1, h2);
  a[0] = r44_low(l[0]), a[1] = r44_low(l[1]), a[2] = r44_low(l[2]);
}

/* the key vectors of powers R (lane R44_LOW) and Q (the other), radix 2^64 with h2 <= 4 */
INLINE void r44_key(struct r44key *k, const struct p64 *r, const struct p64 *q)
{
  u64 a[3], b[3];
  r44_limbs(a, r->h0, r->h1, r->h2);
  r44_limbs(b, q->h0, q->h1, q->h2);
  k->k0 = r44_pack(a[0], b[0]), k->k1 = r44_pack(a[1], b[1]), k->k2 = r44_pack(a[2], b[2]);
  k->s1 = r44_pack(20 * a[1], 20 * b[1]), k->s2 = r44_pack(20 * a[2], 20 * b[2]);
}

/* the powers of the state's r, G = R44_CHAINS R44_STEP of them: keys[j][p] the key of pair p
   of chain j's last step, (r^(G - j R44_STEP - 2p), r^(G - j R44_STEP - 2p - 1)) */
INLINE void r44_powers(struct r44key keys[R44_CHAINS][R44_PAIRS], const struct p64 *st)
{
  struct p64 odd = *st, even;
  unsigned int i;
  odd.h0 = st->r0, odd.h1 = st->r1, odd.h2 = 0;
  even = odd;
  r44_times_r(&even);
#pragma GCC unroll 8
  for (i = R44_CHAINS * R44_PAIRS; i-- > 0;) {   /* r^(2i + 1) = odd, r^(2i + 2) = even */
    r44_key(&keys[i / R44_PAIRS][i % R44_PAIRS], &even, &odd);
    if (i) {
      odd = even;
      r44_times_r(&odd);
      even = odd;
      r44_times_r(&even);
    }
  }
}

/* the pairs of a step from m */
INLINE void r44_load(V mb[R44_PAIRS][3], const unsigned char *m, V pad40)
{
  V lo, hi;
  unsigned int p;
#pragma GCC unroll 4
  for (p = 0; p < R44_PAIRS; ++p) {
    r44_pair(m + 32 * p, &lo, &hi);
    r44_split(mb[p], lo, hi, pad40);
  }
}

/* the groups of R44_CHAINS R44_STEP blocks of m[0..16 R44_CHAINS R44_STEP groups), groups >= 1,
   into h (radix 2^64, h2 <= 4): chain j takes blocks j R44_STEP.. of each */
INLINE void r44_groups(u64 h[3], const unsigned char *m, size_t groups, u64 pad,
                       const struct r44key keys[R44_CHAINS][R44_PAIRS])
{
  struct r44const c;
  V a[R44_CHAINS][3], mb[R44_CHAINS][R44_PAIRS][3], pad40, sum[3];
  const struct r44key *kp[R44_CHAINS];
  size_t g;
  unsigned int j, i;
  u128 t;
  r44_consts(&c);
  pad40 = r44_splat(pad << 40);
  r44_from64(a[0], h[0], h[1], h[2]);
  for (j = 1; j < R44_CHAINS; ++j) a[j][0] = a[j][1] = a[j][2] = c.zero;
  for (g = 1; g < groups; ++g, m += 16 * R44_CHAINS * R44_STEP) {
    R44_EACH {
      r44_load(mb[j], m + 16 * R44_STEP * j, pad40);
      kp[j] = keys[0];
    }
    r44_steps(a, mb, kp, &c);
  }
  R44_EACH {
    r44_load(mb[j], m + 16 * R44_STEP * j, pad40);
    kp[j] = keys[j];
  }
  r44_steps(a, mb, kp, &c);
  for (i = 0; i < 3; ++i)
    for (sum[i] = a[0][i], j = 1; j < R44_CHAINS; ++j) sum[i] += a[j][i];
  t = (u128) sum[0][R44_LOW] + ((u128) sum[1][R44_LOW] << 44);
  h[0] = (u64) t;
  t = (t >> 64) + ((u128) sum[2][R44_LOW] << 24);
  p64_fold(h, h[0], (u64) t, (u64) (t >> 64));
}

/* a path's vector code (p64r44.h's p64r44_vectorfn): the whole groups of the count blocks at m
   into st's h, r's powers computed on the first use; returns the blocks left, < R44_GROUP */
INLINE size_t r44_vector(struct state *st, const unsigned char *m, size_t count, u64 pad)
{
  struct r44key (*keys)[R44_PAIRS] = (struct r44key (*)[R44_PAIRS]) st->key44;
  u64 h[3] = { st->p.h0, st->p.h1, st->p.h2 };
  if (!st->powers) {
    r44_powers(keys, &st->p);
    st->powers = 1;
  }
  r44_groups(h, m, count / R44_GROUP, pad, (const struct r44key (*)[R44_PAIRS]) keys);
  st->p.h0 = h[0], st->p.h1 = h[1], st->p.h2 = h[2];
  return count % R44_GROUP;
}

#endif
