/* SPDX-License-Identifier: CC0-1.0 */
/* Readable reference Poly1305-AES (see ref.h); AES from aes/aes_ref.c. */
#include <stdint.h>
#include <string.h>
#include "ref.h"
#include "aes_ref.h"

/* p = 2^130 - 5 as 17 little-endian bytes */
static const unsigned char p[17] = {
  0xfb, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
  0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x03
};

/* x >= y, both 17 bytes */
static int at_least(const unsigned char x[17], const unsigned char y[17])
{
  int i;
  for (i = 16; i >= 0; --i)
    if (x[i] != y[i]) return x[i] > y[i];
  return 1;
}

static void subtract(unsigned char x[17], const unsigned char y[17])
{
  int i, borrow = 0;
  for (i = 0; i < 17; ++i) {
    int d = x[i] - y[i] - borrow;
    borrow = d < 0;
    x[i] = (unsigned char) (d + 256 * borrow);
  }
}

/* x = x * y mod p, for x, y < 2^136: the schoolbook product in 16-bit limbs (z[k] holds
   the coefficient of 2^(16 k), a sum of at most 9 products below 2^32), its limbs 9 to 16
   folded onto 0 to 7 with 2^(16 k) = 2^130 2^(16 (k - 9) + 14) = 5 2^14 2^(16 (k - 9))
   (mod p), then the bits from 130 up folded with 2^130 = 5 until none is left, then p
   subtracted while it fits */
void ref_multiply(unsigned char x[17], const unsigned char y[17])
{
  uint64_t xw[9], yw[9], z[17] = { 0 }, high;
  unsigned char low[17];
  int i, j, k;
  for (i = 0; i < 9; ++i) {
    xw[i] = x[2 * i] | (2 * i + 1 < 17 ? (uint64_t) x[2 * i + 1] << 8 : 0);
    yw[i] = y[2 * i] | (2 * i + 1 < 17 ? (uint64_t) y[2 * i + 1] << 8 : 0);
  }
  for (i = 0; i < 9; ++i)
    for (j = 0; j < 9; ++j) z[i + j] += xw[i] * yw[j];
  for (k = 9; k < 17; ++k) z[k - 9] += z[k] * (5 << 14);   /* below 2^36 + 2^53 */
  do {
    for (i = 0; i < 8; ++i) {              /* limbs 0..7 below 2^16, the rest in z[8] */
      z[i + 1] += z[i] >> 16;
      z[i] &= 0xffff;
    }
    high = z[8] >> 2;                      /* z = z mod 2^130 + 2^130 high */
    z[8] &= 3;
    z[0] += 5 * high;
  } while (high);
  for (i = 0; i < 17; ++i) low[i] = (unsigned char) (z[i / 2] >> (8 * (i % 2)));
  while (at_least(low, p)) subtract(low, p);
  for (i = 0; i < 17; ++i) x[i] = low[i];
}

/* x = x + y mod p, for x, y < p */
static void add_mod_p(unsigned char x[17], const unsigned char y[17])
{
  unsigned int i, carry = 0;
  for (i = 0; i < 17; ++i) {
    carry += x[i] + y[i];
    x[i] = (unsigned char) carry;
    carry >>= 8;
  }
  if (at_least(x, p)) subtract(x, p);
}

void ref_start(struct ref_state *st, const unsigned char kr[32])
{
  int i;
  for (i = 0; i < 16; ++i) st->r[i] = kr[16 + i];
  st->r[16] = 0;
  st->r[3] &= 15; st->r[7] &= 15; st->r[11] &= 15; st->r[15] &= 15;
  st->r[4] &= 252; st->r[8] &= 252; st->r[12] &= 252;
  for (i = 0; i < 17; ++i) st->h[i] = 0;
}

void ref_chunk(struct ref_state *st, const unsigned char *chunk, unsigned int len)
{
  unsigned char c[17] = { 0 };
  unsigned int i, carry = 0;
  for (i = 0; i < len; ++i) c[i] = chunk[i];
  c[len] = 1;
  for (i = 0; i < 17; ++i) {      /* h + c < 2^131: fits in 17 bytes */
    carry += st->h[i] + c[i];
    st->h[i] = (unsigned char) carry;
    carry >>= 8;
  }
  ref_multiply(st->h, st->r);
}

/* One chunk is the map h -> a h + b with a = r, b = c r. Maps compose as
   (a2, b2) after (a1, b1) = (a2 a1, a2 b1 + b2); all are powers of one map,
   so square-and-multiply gives the map applied count times. */
void ref_chunk_repeated(struct ref_state *st, const unsigned char chunk[16], unsigned long long count)
{
  unsigned char a[17] = { 1 }, b[17] = { 0 }, base_a[17], base_b[17], t[17];
  unsigned int i;
  for (i = 0; i < 16; ++i) base_b[i] = chunk[i];
  base_b[16] = 1;
  ref_multiply(base_b, st->r);            /* c r mod p */
  for (i = 0; i < 17; ++i) base_a[i] = st->r[i];
  for (; count; count >>= 1) {
    if (count & 1) {                        /* (a, b) = base after (a, b) */
      ref_multiply(a, base_a);
      ref_multiply(b, base_a);
      add_mod_p(b, base_b);
    }
    for (i = 0; i < 17; ++i) t[i] = base_b[i];   /* base = base after base */
    ref_multiply(t, base_a);
    add_mod_p(t, base_b);
    for (i = 0; i < 17; ++i) base_b[i] = t[i];
    ref_multiply(base_a, base_a);
  }
  ref_multiply(st->h, a);                 /* h = a h + b */
  add_mod_p(st->h, b);
}

void ref_tag(unsigned char out[16], const struct ref_state *st, const unsigned char s[16])
{
  unsigned int i, carry = 0;
  for (i = 0; i < 16; ++i) {
    carry += st->h[i] + s[i];
    out[i] = (unsigned char) carry;
    carry >>= 8;
  }
}

void ref_authenticate(unsigned char out[16], const unsigned char kr[32],
  const unsigned char n[16], const unsigned char m[], unsigned long long l)
{
  struct ref_state st;
  unsigned char s[16];
  ref_start(&st, kr);
  for (; l > 0; m += 16, l = l > 16 ? l - 16 : 0)
    ref_chunk(&st, m, l > 16 ? 16 : (unsigned int) l);
  aes_ref_encrypt(s, kr, n);
  ref_tag(out, &st, s);
}

void ref_onetimeauth(unsigned char out[16], const unsigned char key[32], const unsigned char m[], unsigned long long l)
{
  struct ref_state st;
  unsigned char kr[32] = { 0 };
  memcpy(kr + 16, key, 16);
  ref_start(&st, kr);
  for (; l > 0; m += 16, l = l > 16 ? l - 16 : 0)
    ref_chunk(&st, m, l > 16 ? 16 : (unsigned int) l);
  ref_tag(out, &st, key + 16);
}
