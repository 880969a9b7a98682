/* SPDX-License-Identifier: CC0-1.0 */
/* poly1305aes_s390x vector code for z13 (path "vx", from its threshold on):
   Poly1305 in radix 2^26 with the vector facility's 32x32-bit multiply-adds,
   four blocks a step in two lanes. Assumes z13 or later (this file is built
   for it; big-endian: word 0 of a vector is the high half of doubleword 0).
   Constant time: no branch or index depends on r, the message or h.

   Doubleword lane 0 carries the chain of blocks 0 and 2 of each group of
   four, lane 1 blocks 1 and 3. A limb vector holds, per lane, block 2's (3's)
   limb in its high word and block 0's (1's) in its low word, and a key
   vector r^2 in the high words, r^4 in the low: VMALOF multiplies the low
   words ((X + P_0) r^4), VMALEF the high ones (P_2 r^2), into the same
   64-bit sum, so a step is X = (X + P_0) r^4 + P_2 r^2 per lane; the last
   step takes r^4, r^2 in lane 0 and r^3, r in lane 1, and the two lanes'
   sum is the Poly1305 of every group. 50 multiply-adds a step.

   Bounds: key limbs (of h2 <= 4 radix-2^64 powers, common/poly26.h's LIMB)
   < 2^26, limb 4 < 5 2^24, and five times them < 2^28.33; X's limbs after
   the carry < 2^26 + 2^8.5, a block's < 2^26 (limb 4 < 2^25 with the pad
   bit), so X + P < 2^27.01 and each product < 2^55.34: a limb's sum of ten
   < 2^58.7 fits its lane. The carry chain (0>1, 3>4, 1>2, 4>0 times 5,
   2>3, 0>1, 3>4) leaves limbs < 2^26, 2^26 + 2^8.5, 2^26, 2^26, 2^26 +
   2^6.2. At the end the lanes' limbs are summed (< 2^27.01) and carried into
   radix 2^64 (h2 < 2^5), then folded. */
#if defined(__clang__)   /* every function from here on, and the inline ones it takes in, for z13 */
#pragma clang attribute push(__attribute__((target("arch=z13"))), apply_to = function)
#else
#pragma GCC target("arch=z13")
#endif
#include "s390x.h"

typedef unsigned int V4 __attribute__((vector_size(16)));
typedef unsigned long long V2 __attribute__((vector_size(16)));
typedef unsigned char B __attribute__((vector_size(16)));


/* a key: limb vectors K_0..K_4 (high words the multiplier of P_2, low words of X + P_0), and
   five times K_1..K_4 */
struct key26 { V4 k[5], s[5]; };

/* the words of a key vector: per lane, hi in the high word and lo in the low word */
INLINE V4 key_words(uint32_t hi0, uint32_t lo0, uint32_t hi1, uint32_t lo1)
{
  return (V4) { hi0, lo0, hi1, lo1 };
}

/* the limbs of h (radix 2^64, h2 <= 4) */
INLINE void limbs26(uint32_t l[5], const struct p64 *h)
{
  unsigned int i;
  for (i = 0; i < 5; ++i) l[i] = (uint32_t) LIMB(h->h0, h->h1, h->h2, i);
}

/* keys[0]: r^2, r^4 in both lanes (a step); keys[1]: r^2, r^4 in lane 0 and r, r^3 in lane 1 */
INLINE void powers26(struct key26 keys[2], const struct p64 *st)
{
  struct p64 p = *st;
  uint32_t r1[5], r2[5], r3[5], r4[5];
  unsigned int i;
  p.h0 = st->r0, p.h1 = st->r1, p.h2 = 0;
  limbs26(r1, &p);
  p64_block_z(&p, 0, 0, 0);
  limbs26(r2, &p);
  p64_block_z(&p, 0, 0, 0);
  limbs26(r3, &p);
  p64_block_z(&p, 0, 0, 0);
  limbs26(r4, &p);
  for (i = 0; i < 5; ++i) {
    keys[0].k[i] = key_words(r2[i], r4[i], r2[i], r4[i]);
    keys[1].k[i] = key_words(r2[i], r4[i], r1[i], r3[i]);
    keys[0].s[i] = keys[0].k[i] * 5;
    keys[1].s[i] = keys[1].k[i] * 5;
  }
}

/* the 26-bit limbs of two blocks' halves, one block a doubleword lane (lo, hi: little-endian
   words, byte-reversed), each limb in the low word of its lane */
INLINE void split26(V2 l[5], V2 lo, V2 hi, V2 pad24)
{
  const V2 m26 = (V2) { M26, M26 }, mid = (V2) { M26 & ~0xfff, M26 & ~0xfff };
  V2 t = lo >> 52;
  __asm__("verimg %0, %1, %2, 12" : "+v"(t) : "v"(hi), "v"(mid));   /* bits 12.. from hi's low bits */
  l[0] = lo & m26;
  l[1] = (lo >> 26) & m26;
  l[2] = t;
  l[3] = (hi >> 14) & m26;
  l[4] = (hi >> 40) | pad24;
}

struct limbs26 { V2 l0, l1, l2, l3, l4; };   /* fields, not an array: gcc keeps them in registers */

/* t's bits under mask from x rotated left by rot (VERIMG) */
#define INSERT(t, x, mask, rot) __asm__("verimg %0, %1, %2, " #rot : "+v"(t) : "v"(x), "v"(mask))

/* the limb vectors of blocks 0-3 at m: per lane, block 2 (3) in the high word, 0 (1) in the low;
   the high words' limbs are inserted from their block's halves by one rotation each (two for
   limb 2, which spans them) */
INLINE void load26(struct limbs26 *m4, const unsigned char *m, V2 pad24)
{
  static const B lows = { 7, 6, 5, 4, 3, 2, 1, 0, 23, 22, 21, 20, 19, 18, 17, 16 };
  static const B highs = { 15, 14, 13, 12, 11, 10, 9, 8, 31, 30, 29, 28, 27, 26, 25, 24 };
  const V2 hi26 = (V2) { (u64) M26 << 32, (u64) M26 << 32 }, hi12 = (V2) { 0xfffULL << 32, 0xfffULL << 32 };
  const V2 hi14 = (V2) { 0x3fffULL << 44, 0x3fffULL << 44 }, hi24 = (V2) { 0xffffffULL << 32, 0xffffffULL << 32 };
  B b0, b1, b2, b3;
  V2 low[5], qlo, qhi;
  memcpy(&b0, m, 16);
  memcpy(&b1, m + 16, 16);
  memcpy(&b2, m + 32, 16);
  memcpy(&b3, m + 48, 16);
  split26(low, (V2) __builtin_s390_vperm(b0, b1, lows), (V2) __builtin_s390_vperm(b0, b1, highs),
          pad24 | pad24 << 32);
  qlo = (V2) __builtin_s390_vperm(b2, b3, lows);
  qhi = (V2) __builtin_s390_vperm(b2, b3, highs);
  INSERT(low[0], qlo, hi26, 32);
  INSERT(low[1], qlo, hi26, 6);
  INSERT(low[2], qlo, hi12, 44);
  INSERT(low[2], qhi, hi14, 44);
  INSERT(low[3], qhi, hi26, 18);
  INSERT(low[4], qhi, hi24, 56);
  m4->l0 = low[0], m4->l1 = low[1], m4->l2 = low[2], m4->l3 = low[3], m4->l4 = low[4];
}
#undef INSERT

/* X = (X + P_0) R + P_2 R' per lane for the limb vectors m, carried (bounds above); written
   out: gcc keeps the loops of a loop form (and their sums in memory) */
#define VMUL26(i, j, key) d##i = __builtin_s390_vmalef(a##j, key, __builtin_s390_vmalof(a##j, key, d##i))
#define LIMB26(i, k0, k1, k2, k3, k4)                                                         \
  d##i = (V2) { 0, 0 };                                                                        \
  VMUL26(i, 0, k0); VMUL26(i, 1, k1); VMUL26(i, 2, k2); VMUL26(i, 3, k3); VMUL26(i, 4, k4)
#define CARRY26(from, to) c = d##from >> 26, d##from &= m26, d##to += c
INLINE void step26(struct limbs26 *x, const struct limbs26 *m, const struct key26 *k)
{
  const V2 m26 = (V2) { M26, M26 };
  V2 d0, d1, d2, d3, d4, c;
  V4 a0 = (V4) (m->l0 + x->l0), a1 = (V4) (m->l1 + x->l1), a2 = (V4) (m->l2 + x->l2);
  V4 a3 = (V4) (m->l3 + x->l3), a4 = (V4) (m->l4 + x->l4);
  LIMB26(0, k->k[0], k->s[4], k->s[3], k->s[2], k->s[1]);
  LIMB26(1, k->k[1], k->k[0], k->s[4], k->s[3], k->s[2]);
  LIMB26(2, k->k[2], k->k[1], k->k[0], k->s[4], k->s[3]);
  LIMB26(3, k->k[3], k->k[2], k->k[1], k->k[0], k->s[4]);
  LIMB26(4, k->k[4], k->k[3], k->k[2], k->k[1], k->k[0]);
  CARRY26(0, 1);
  CARRY26(3, 4);
  CARRY26(1, 2);
  c = d4 >> 26, d4 &= m26, d0 += c + (c << 2);
  CARRY26(2, 3);
  CARRY26(0, 1);
  CARRY26(3, 4);
  x->l0 = d0, x->l1 = d1, x->l2 = d2, x->l3 = d3, x->l4 = d4;
}
#undef MUL26
#undef LIMB26
#undef CARRY26

size_t vector_z13(struct state *st, const unsigned char *m, size_t count, u64 pad)
{
  struct key26 *keys = (struct key26 *) st->key44;
  const V2 pad24 = (V2) { pad << 24, pad << 24 };
  struct limbs26 x, mb;
  u64 d[5], h[3];
  size_t g, groups = count / 4;
  u128 t;
  if (!st->powers) {
    powers26(keys, &st->p);
    st->powers = 1;
  }
  h[0] = st->p.h0, h[1] = st->p.h1, h[2] = st->p.h2;
  x.l0 = (V2) { LIMB(h[0], h[1], h[2], 0), 0 };   /* h joins lane 0 */
  x.l1 = (V2) { LIMB(h[0], h[1], h[2], 1), 0 };
  x.l2 = (V2) { LIMB(h[0], h[1], h[2], 2), 0 };
  x.l3 = (V2) { LIMB(h[0], h[1], h[2], 3), 0 };
  x.l4 = (V2) { LIMB(h[0], h[1], h[2], 4), 0 };
  for (g = 1; g < groups; ++g, m += 64) {
    load26(&mb, m, pad24);
    step26(&x, &mb, &keys[0]);
  }
  load26(&mb, m, pad24);
  step26(&x, &mb, &keys[1]);
  d[0] = x.l0[0] + x.l0[1], d[1] = x.l1[0] + x.l1[1], d[2] = x.l2[0] + x.l2[1];
  d[3] = x.l3[0] + x.l3[1], d[4] = x.l4[0] + x.l4[1];
  t = (u128) d[0] + ((u128) d[1] << 26) + ((u128) d[2] << 52);
  h[0] = (u64) t;
  t = (t >> 64) + ((u128) d[3] << 14) + ((u128) d[4] << 40);
  p64_fold(h, h[0], (u64) t, (u64) (t >> 64));
  st->p.h0 = h[0], st->p.h1 = h[1], st->p.h2 = h[2];
  return count % 4;
}

#if defined(__clang__)
#pragma clang attribute pop
#endif
