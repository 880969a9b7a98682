/* SPDX-License-Identifier: CC0-1.0 */
/* Radix-2^26 Poly1305 arithmetic in portable C99: 32-bit limbs, 64-bit
   products (one 32x32->64 multiply each on a 32-bit CPU too). Used to join
   two chains that hashed two regions of one message apart, h = a r^e + b
   (common/poly64.h for amd64 and arm64, poly1305aes_x86/scalar.c); not in
   a loop, so its speed hardly matters. Limbs below 2^26.4 in (a product sum
   is then < 2^52.8 + 4 2^55.13 < 2^57.2), below 2^26 + 2^7.7 out. */
#ifndef poly1305aes_poly26_H
#define poly1305aes_poly26_H

#include <stddef.h>
#include <stdint.h>

#define M26 0x3ffffff
#define MUL26(x, y) ((uint64_t) (x) * (y))

/* limb i of h = h0 + 2^64 h1 + 2^128 h2 (64-bit words; h2 <= 4: limb 4 < 5 2^24) */
#define LIMB(h0, h1, h2, i)                                                                           \
  ((i) == 0 ? (h0) & M26 : (i) == 1 ? (h0) >> 26 & M26 : (i) == 2 ? ((h0) >> 52 | (h1) << 12) & M26    \
   : (i) == 3 ? (h1) >> 14 & M26 : ((h1) >> 40 | (h2) << 24))

/* the limbs of h (h[2] <= 4) */
static inline void to26(uint32_t l[5], const uint64_t h[3])
{
  l[0] = (uint32_t) LIMB(h[0], h[1], h[2], 0), l[1] = (uint32_t) LIMB(h[0], h[1], h[2], 1);
  l[2] = (uint32_t) LIMB(h[0], h[1], h[2], 2), l[3] = (uint32_t) LIMB(h[0], h[1], h[2], 3);
  l[4] = (uint32_t) LIMB(h[0], h[1], h[2], 4);
}

/* c = a b + add mod p (add's limbs < 2^26.4 too); c may be a or b */
static inline void mul26(uint32_t c[5], const uint32_t a[5], const uint32_t b[5], const uint32_t add[5])
{
  uint32_t b1 = 5 * b[1], b2 = 5 * b[2], b3 = 5 * b[3], b4 = 5 * b[4];
  uint64_t d0, d1, d2, d3, d4;
  d0 = MUL26(a[0], b[0]) + MUL26(a[1], b4) + MUL26(a[2], b3) + MUL26(a[3], b2) + MUL26(a[4], b1) + add[0];
  d1 = MUL26(a[0], b[1]) + MUL26(a[1], b[0]) + MUL26(a[2], b4) + MUL26(a[3], b3) + MUL26(a[4], b2) + add[1];
  d2 = MUL26(a[0], b[2]) + MUL26(a[1], b[1]) + MUL26(a[2], b[0]) + MUL26(a[3], b4) + MUL26(a[4], b3) + add[2];
  d3 = MUL26(a[0], b[3]) + MUL26(a[1], b[2]) + MUL26(a[2], b[1]) + MUL26(a[3], b[0]) + MUL26(a[4], b4) + add[3];
  d4 = MUL26(a[0], b[4]) + MUL26(a[1], b[3]) + MUL26(a[2], b[2]) + MUL26(a[3], b[1]) + MUL26(a[4], b[0]) + add[4];
  d1 += d0 >> 26, d0 &= M26;
  d2 += d1 >> 26, d1 &= M26;
  d3 += d2 >> 26, d2 &= M26;
  d4 += d3 >> 26, d3 &= M26;
  d0 += 5 * (d4 >> 26), d4 &= M26;
  d1 += d0 >> 26, d0 &= M26;
  c[0] = (uint32_t) d0, c[1] = (uint32_t) d1, c[2] = (uint32_t) d2, c[3] = (uint32_t) d3, c[4] = (uint32_t) d4;
}

/* p = r^e, e >= 1 (e is public: the length chooses it) */
static inline void power26(uint32_t p[5], const uint32_t r[5], size_t e)
{
  static const uint32_t zero[5];
  int bit = 63 - __builtin_clzll((unsigned long long) e);
  p[0] = r[0], p[1] = r[1], p[2] = r[2], p[3] = r[3], p[4] = r[4];
  while (--bit >= 0) {
    mul26(p, p, p, zero);
    if (e >> bit & 1) mul26(p, p, r, zero);
  }
}

/* the sums d of h = a r^e + b mod p (limbs below 2^26 + 2^7.7), for a, b
   and r in radix 2^64 (a[2], b[2] <= 4; r clamped, r[2] = 0) and e >= 1
   (public: the length chooses it): the join of two chains */
static inline void join26(uint64_t d[5], const uint64_t a[3], const uint64_t b[3], const uint64_t r[3], size_t e)
{
  uint32_t al[5], bl[5], rl[5], p[5];
  to26(al, a);
  to26(bl, b);
  to26(rl, r);
  power26(p, rl, e);
  mul26(al, al, p, bl);
  d[0] = al[0], d[1] = al[1], d[2] = al[2], d[3] = al[3], d[4] = al[4];
}

#endif
