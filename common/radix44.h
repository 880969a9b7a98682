/* SPDX-License-Identifier: CC0-1.0 */
/* Poly1305 in radix 2^44 with a vector multiply-sum of 64-bit lanes into a
   128-bit sum (POWER's vmsumudm, ISA 3.0; z/Architecture's VMSLG, vector
   enhancements 1), four blocks a step in two chains: the vector code of
   poly1305aes_ppc64le and poly1305aes_s390x. The includer supplies, for
   its CPU: V (two 64-bit lanes), INLINE, R44_LOW (the lane holding the low
   half of a 128-bit value), r44_msum(x, k, c) = c + x0 k0 + x1 k1 (128-bit),
   r44_add128, r44_shr128(v, count) (count: a vector of equal bytes, the bit
   count), r44_pair(m, &lo, &hi) (the little-endian halves of the blocks at
   m and m + 16: block 1 in lane R44_LOW, block 2 in the other), r44_splat,
   r44_pack(x, y) (x in lane R44_LOW, y in the other), R44_CHAINS, and
   common/poly64.h.

   A number is three limbs a0 + 2^44 a1 + 2^88 a2, each in the low lane
   (the other lane 0). A step takes a pair of blocks b, c into a chain A:
   A = (A + b) R + c Q, where R, Q are powers of r; lane R44_LOW multiplies
   A + b by R, the other lane c by Q, and one vmsum adds both products of a
   limb pair: d_k = sum over i + j = k (mod 3) of x_i y_j, times 20 when
   i + j >= 3 (2^132 = 20 mod p), three vmsums a limb, nine a step, with the
   key vectors (R_0, Q_0), (R_1, Q_1), (R_2, Q_2), 20 (R_1, Q_1), 20 (R_2, Q_2).
   The blocks go in groups of four: chain A takes blocks 0 and 1 of a group,
   chain B blocks 2 and 3, with (R, Q) = (r^4, r^3); in the last group
   chain B takes (r^2, r) instead, so A + B is the Poly1305 of every group.

   Bounds: key limbs (of h2 <= 4 radix-2^64 powers) < 2^44, 2^44, 2^43.2;
   times 20 < 2^48.4. A's limbs after a step < 2^44, 2^44 + 2^7, 2^42 (at
   the start, from radix 2^64, < 2^44, 2^44, 2^43.2); a block's < 2^44,
   2^44, 2^41 (2^40 + the pad bit). So x_i < 2^45, 2^45 + 2^7, 2^43.5 and
   each d_k < 2^94. The carry, d0 -> d1 -> d2 -> 5 (d2 >> 42) -> a0 -> a1,
   takes 128-bit shifts of values < 2^95 (so every carry < 2^64: one lane)
   and restores A's bounds: a0 gets < 2^44 + 5 2^48.6, whose carry into a1
   is < 2^7. A + B: limbs < 2^45, 2^45 + 2^8, 2^43, back in radix 2^64 with
   h2 < 2^5, then folded (h2 <= 4). Constant time: no branch or index on
   r, the message or h. */
#ifndef poly1305aes_radix44_H
#define poly1305aes_radix44_H

#define R44_M44 ((1ULL << 44) - 1)
#define R44_M42 ((1ULL << 42) - 1)

struct r44key { V k0, k1, k2, s1, s2; };

/* a vector with x in the low lane, 0 in the other */
INLINE V r44_low(unsigned long long x)
{
  return r44_pack(x, 0);
}

/* the limbs of a pair of blocks: lane R44_LOW block 1, the other block 2 */
INLINE void r44_split(V m[3], V lo, V hi, V pad40)
{
  const V m44 = r44_splat(R44_M44);
  m[0] = lo & m44;
  m[1] = ((lo >> 44) | (hi << 20)) & m44;
  m[2] = (hi >> 24) | pad40;
}

/* constants of a step: zero, the shift counts (as bytes: 44 = 5 octets and 4 bits), the masks */
struct r44const { V zero, sh44, sh42, low44, low42, m44; };

INLINE void r44_consts(struct r44const *c)
{
  c->zero = r44_splat(0);
  c->sh44 = r44_splat(0x2c2c2c2c2c2c2c2cULL);
  c->sh42 = r44_splat(0x2a2a2a2a2a2a2a2aULL);
  c->low44 = r44_low(R44_M44);
  c->low42 = r44_low(R44_M42);
  c->m44 = r44_splat(R44_M44);
}

/* A = (A + b) R + c Q for the pair's limbs m, carried (bounds above) */
INLINE void r44_step(V a[3], const V m[3], const struct r44key *k, const struct r44const *c)
{
  V x0 = a[0] + m[0], x1 = a[1] + m[1], x2 = a[2] + m[2], d0, d1, d2, carry;
  /* a2 is ready first, a1 last (below): the products in that order */
  d0 = r44_msum(x1, k->s2, r44_msum(x0, k->k0, r44_msum(x2, k->s1, c->zero)));
  d1 = r44_msum(x1, k->k0, r44_msum(x0, k->k1, r44_msum(x2, k->s2, c->zero)));
  d2 = r44_msum(x1, k->k1, r44_msum(x0, k->k2, r44_msum(x2, k->k0, c->zero)));
  carry = r44_shr128(d0, c->sh44);
  a[0] = d0 & c->low44;
  d1 = r44_add128(d1, carry);
  carry = r44_shr128(d1, c->sh44);
  a[1] = d1 & c->low44;
  d2 = r44_add128(d2, carry);
  carry = r44_shr128(d2, c->sh42);
  a[2] = d2 & c->low42;
  a[0] += carry + (carry << 2);
  a[1] += a[0] >> 44;
  a[0] &= c->m44;
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

/* the powers of the state's r: keys[j] = (r^(2K - 2j), r^(2K - 2j - 1)), K = R44_CHAINS;
   r44_times_r(x) (the includer's) is x = x r in radix 2^64 */
INLINE void r44_powers(struct r44key keys[R44_CHAINS], const struct p64 *st)
{
  struct p64 odd = *st, even;
  unsigned int j;
  odd.h0 = st->r0, odd.h1 = st->r1, odd.h2 = 0;
  even = odd;
  r44_times_r(&even);
#pragma GCC unroll 8
  for (j = R44_CHAINS; j-- > 0;) {   /* r^(2K - 2j - 1) = odd, r^(2K - 2j) = even */
    r44_key(&keys[j], &even, &odd);
    if (j) {
      odd = even;
      r44_times_r(&odd);
      even = odd;
      r44_times_r(&even);
    }
  }
}

/* the groups of 2 R44_CHAINS blocks of m[0..32 R44_CHAINS groups), groups >= 1, into h
   (radix 2^64, h2 <= 4): chain j takes blocks 2j and 2j + 1 of each group */
INLINE void r44_groups(u64 h[3], const unsigned char *m, size_t groups, u64 pad, const struct r44key keys[R44_CHAINS])
{
  struct r44const c;
  V a[R44_CHAINS][3], lo, hi, mb[3], pad40, sum[3];
  size_t g;
  unsigned int j, i;
  u128 t;
  r44_consts(&c);
  pad40 = r44_splat(pad << 40);
  r44_from64(a[0], h[0], h[1], h[2]);
  for (j = 1; j < R44_CHAINS; ++j) a[j][0] = a[j][1] = a[j][2] = c.zero;
  for (g = 1; g < groups; ++g, m += 32 * R44_CHAINS)
#pragma GCC unroll 8
    for (j = 0; j < R44_CHAINS; ++j) {
      r44_pair(m + 32 * j, &lo, &hi);
      r44_split(mb, lo, hi, pad40);
      r44_step(a[j], mb, &keys[0], &c);
    }
#pragma GCC unroll 8
  for (j = 0; j < R44_CHAINS; ++j) {
    r44_pair(m + 32 * j, &lo, &hi);
    r44_split(mb, lo, hi, pad40);
    r44_step(a[j], mb, &keys[j], &c);
  }
  for (i = 0; i < 3; ++i)
    for (sum[i] = a[0][i], j = 1; j < R44_CHAINS; ++j) sum[i] += a[j][i];
  t = (u128) sum[0][R44_LOW] + ((u128) sum[1][R44_LOW] << 44);
  h[0] = (u64) t;
  t = (t >> 64) + ((u128) sum[2][R44_LOW] << 24);
  p64_fold(h, h[0], (u64) t, (u64) (t >> 64));
}

#endif
