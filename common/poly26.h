/* SPDX-License-Identifier: CC0-1.0 */
/* Radix-2^26 Poly1305 arithmetic in portable C99: 32-bit limbs, 64-bit
   products (one 32x32->64 multiply each on a 32-bit CPU too), any byte
   order. Used to join two chains that hashed two regions of one message
   apart, h = a r^e + b (common/poly64.h for amd64 and arm64,
   poly1305aes_x86/scalar.c; once a long run of a stream or message), and
   as a whole Poly1305 core (p26_start, p26_blocks, p26_finish:
   poly1305aes_ct where the compiler has no 128-bit integers).
   mul26_by: limbs of a below 2^27.1, of b below 2^26.4 (so 5b < 2^28.73) and
   of add below 2^26.4: each product sum is below 2^53.5 + 4 2^55.83 + 2^26.4
   < 2^57.9, and the limbs out are below 2^26 except limb 1, below
   2^26 + 2^8.3 (5 (d4 >> 26) < 2^34.3 joins limb 0, whose carry joins limb 1). */
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

/* c = a b + add mod p, with b5[i] = 5 b[i + 1] given; c may be a or b */
static inline __attribute__((always_inline)) void mul26_by(uint32_t c[5], const uint32_t a[5], const uint32_t b[5], const uint32_t b5[4],
                            const uint32_t add[5])
{
  uint64_t d0, d1, d2, d3, d4;
  d0 = MUL26(a[0], b[0]) + MUL26(a[1], b5[3]) + MUL26(a[2], b5[2]) + MUL26(a[3], b5[1]) + MUL26(a[4], b5[0]) + add[0];
  d1 = MUL26(a[0], b[1]) + MUL26(a[1], b[0]) + MUL26(a[2], b5[3]) + MUL26(a[3], b5[2]) + MUL26(a[4], b5[1]) + add[1];
  d2 = MUL26(a[0], b[2]) + MUL26(a[1], b[1]) + MUL26(a[2], b[0]) + MUL26(a[3], b5[3]) + MUL26(a[4], b5[2]) + add[2];
  d3 = MUL26(a[0], b[3]) + MUL26(a[1], b[2]) + MUL26(a[2], b[1]) + MUL26(a[3], b[0]) + MUL26(a[4], b5[3]) + add[3];
  d4 = MUL26(a[0], b[4]) + MUL26(a[1], b[3]) + MUL26(a[2], b[2]) + MUL26(a[3], b[1]) + MUL26(a[4], b[0]) + add[4];
  d1 += d0 >> 26, d0 &= M26;
  d2 += d1 >> 26, d1 &= M26;
  d3 += d2 >> 26, d2 &= M26;
  d4 += d3 >> 26, d3 &= M26;
  d0 += 5 * (d4 >> 26), d4 &= M26;
  d1 += d0 >> 26, d0 &= M26;
  c[0] = (uint32_t) d0, c[1] = (uint32_t) d1, c[2] = (uint32_t) d2, c[3] = (uint32_t) d3, c[4] = (uint32_t) d4;
}

/* c = a b + add mod p; c may be a or b (inlined: a join's powers are one chain of them, which
   calls would lengthen) */
static inline __attribute__((always_inline)) void mul26(uint32_t c[5], const uint32_t a[5], const uint32_t b[5],
                                                        const uint32_t add[5])
{
  const uint32_t b5[4] = { 5 * b[1], 5 * b[2], 5 * b[3], 5 * b[4] };
  mul26_by(c, a, b, b5, add);
}

/* p = r^e, e >= 1 (e is public: the length chooses it) */
static inline void power26(uint32_t p[5], const uint32_t r[5], size_t e)
{
  static const uint32_t zero[5];
  const uint32_t r5[4] = { 5 * r[1], 5 * r[2], 5 * r[3], 5 * r[4] };
  int bit = 63 - __builtin_clzll((unsigned long long) e);
  p[0] = r[0], p[1] = r[1], p[2] = r[2], p[3] = r[3], p[4] = r[4];
  while (--bit >= 0) {
    mul26(p, p, p, zero);
    if (e >> bit & 1) mul26_by(p, p, r, r5, zero);
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

/* ---- the whole core: h in limbs between calls (limb 1 below 2^26 + 2^8.3,
   the others below 2^26: mul26_by's output), r clamped in limbs ---- */

struct p26 {
  uint32_t h[5];
  uint32_t r[5], r5[4];   /* r < 2^26 a limb; r5[i] = 5 r[i + 1] */
};

/* the little-endian number at p */
static inline uint32_t p26_load32(const unsigned char *p)
{
  return (uint32_t) p[0] | (uint32_t) p[1] << 8 | (uint32_t) p[2] << 16 | (uint32_t) p[3] << 24;
}

static inline void p26_store32(unsigned char *p, uint32_t x)
{
  p[0] = (unsigned char) x, p[1] = (unsigned char) (x >> 8), p[2] = (unsigned char) (x >> 16);
  p[3] = (unsigned char) (x >> 24);
}

/* h = 0; r clamped (the masks clear the bits clamping clears: 28-31, 32-33, 60-63, ...) */
static inline void p26_start(struct p26 *st, const unsigned char r[16])
{
  uint32_t t0 = p26_load32(r), t1 = p26_load32(r + 4), t2 = p26_load32(r + 8), t3 = p26_load32(r + 12);
  st->h[0] = st->h[1] = st->h[2] = st->h[3] = st->h[4] = 0;
  st->r[0] = t0 & 0x3ffffff;
  st->r[1] = (t0 >> 26 | t1 << 6) & 0x3ffff03;
  st->r[2] = (t1 >> 20 | t2 << 12) & 0x3ffc0ff;
  st->r[3] = (t2 >> 14 | t3 << 18) & 0x3f03fff;
  st->r[4] = t3 >> 8 & 0x00fffff;
  st->r5[0] = 5 * st->r[1], st->r5[1] = 5 * st->r[2], st->r5[2] = 5 * st->r[3], st->r5[3] = 5 * st->r[4];
}

/* h = (h + c + pad 2^128) r for each 16-byte block c of m[0..16 count), pad <= 1:
   h + c has limbs below 2^27.01 */
static inline void p26_blocks(struct p26 *st, const unsigned char *m, size_t count, uint32_t pad)
{
  static const uint32_t zero[5];
  for (; count > 0; --count, m += 16) {
    uint32_t t0 = p26_load32(m), t1 = p26_load32(m + 4), t2 = p26_load32(m + 8), t3 = p26_load32(m + 12);
    st->h[0] += t0 & M26;
    st->h[1] += (t0 >> 26 | t1 << 6) & M26;
    st->h[2] += (t1 >> 20 | t2 << 12) & M26;
    st->h[3] += (t2 >> 14 | t3 << 18) & M26;
    st->h[4] += t3 >> 8 | pad << 24;
    mul26_by(st->h, st->h, st->r, st->r5, zero);
  }
}

/* tag = (h mod p + s) mod 2^128, without a branch on h; s as four words
   (s[i] the little-endian number at bytes 4i..4i+3) */
static inline void p26_finish_words(const struct p26 *st, const uint32_t s[4], unsigned char tag[16])
{
  uint32_t h0 = st->h[0], h1 = st->h[1], h2 = st->h[2], h3 = st->h[3], h4 = st->h[4];
  uint32_t g0, g1, g2, g3, g4, c, select;
  uint64_t f;
  /* afterwards limbs below 2^26, limb 1 at most 2^26: h < 2^130 + 2^52 < 2p */
  c = h1 >> 26, h1 &= M26, h2 += c;
  c = h2 >> 26, h2 &= M26, h3 += c;
  c = h3 >> 26, h3 &= M26, h4 += c;
  c = h4 >> 26, h4 &= M26, h0 += 5 * c;
  c = h0 >> 26, h0 &= M26, h1 += c;
  /* g = h + 5 - 2^130: h >= p exactly when g4 does not wrap below zero */
  g0 = h0 + 5, c = g0 >> 26, g0 &= M26;
  g1 = h1 + c, c = g1 >> 26, g1 &= M26;
  g2 = h2 + c, c = g2 >> 26, g2 &= M26;
  g3 = h3 + c, c = g3 >> 26, g3 &= M26;
  g4 = h4 + c - (1u << 26);
  select = (g4 >> 31) - 1;                       /* all ones when h >= p */
  h0 ^= select & (h0 ^ g0), h1 ^= select & (h1 ^ g1), h2 ^= select & (h2 ^ g2);
  h3 ^= select & (h3 ^ g3), h4 ^= select & (h4 ^ g4);
  /* (h + s) mod 2^128 in 32-bit words, by additions (limb 1 may be 2^26) */
  f = h0 + ((uint64_t) h1 << 26) + s[0];
  p26_store32(tag, (uint32_t) f);
  f = (f >> 32) + ((uint64_t) h2 << 20) + s[1];
  p26_store32(tag + 4, (uint32_t) f);
  f = (f >> 32) + ((uint64_t) h3 << 14) + s[2];
  p26_store32(tag + 8, (uint32_t) f);
  f = (f >> 32) + ((uint64_t) h4 << 8) + s[3];
  p26_store32(tag + 12, (uint32_t) f);
}

static inline void p26_finish(const struct p26 *st, const unsigned char s[16], unsigned char tag[16])
{
  const uint32_t words[4] = { p26_load32(s), p26_load32(s + 4), p26_load32(s + 8), p26_load32(s + 12) };
  p26_finish_words(st, words, tag);
}

#endif
