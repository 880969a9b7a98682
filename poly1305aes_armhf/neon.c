/* SPDX-License-Identifier: CC0-1.0 */
/* poly1305aes_armhf's NEON core around its steps (steps.S): the powers r^2,
   r^3, r^4 by the radix-2^32 core (blocks.S: a zero block with pad 0 times
   r), below 5 2^128 (h4 <= 4), as radix-2^26 limbs (limb 4 < 5 2^24), and
   the sum of the two lanes at the end, into the radix-2^32 state. Assumes
   ARMv7-A with NEON (the dispatcher checks HWCAP_NEON for the paths that
   call it); this file itself is plain C. */
#include "armhf.h"

/* keys[0..9]: the limbs of h (h4 <= 4) in radix 2^26, 5 times limbs 1-4, then 5
   (steps.S's lane form) */
static void lane_form(uint32_t keys[10], const u32 h[5])
{
  keys[0] = h[0] & 0x3ffffff;
  keys[1] = (h[0] >> 26 | h[1] << 6) & 0x3ffffff;
  keys[2] = (h[1] >> 20 | h[2] << 12) & 0x3ffffff;
  keys[3] = (h[2] >> 14 | h[3] << 18) & 0x3ffffff;
  keys[4] = h[3] >> 8 | h[4] << 24;
  keys[5] = 5 * keys[1], keys[6] = 5 * keys[2], keys[7] = 5 * keys[3], keys[8] = 5 * keys[4];
  keys[9] = 5;
}

/* h (radix 2^32, h4 <= 4) += the limbs l (each < 2^27.01); then h4's bits from 2 up
   fold into h0 (2^130 = 5 mod p), so h4 <= 4 again (blocks.S's bound) */
static void add26(u32 h[5], const uint32_t l[5])
{
  u64 t;
  int i;
  t = (u64) h[0] + l[0] + ((u64) l[1] << 26);
  h[0] = (u32) t;
  t = (t >> 32) + h[1] + ((u64) l[2] << 20);
  h[1] = (u32) t;
  t = (t >> 32) + h[2] + ((u64) l[3] << 14);
  h[2] = (u32) t;
  t = (t >> 32) + h[3] + ((u64) l[4] << 8);
  h[3] = (u32) t;
  h[4] += (u32) (t >> 32);                     /* < 2^3.1 */
  t = (u64) h[0] + 5 * (h[4] >> 2);
  h[4] &= 3;
  h[0] = (u32) t;
  for (i = 1; i < 4; ++i) {
    t = (t >> 32) + h[i];
    h[i] = (u32) t;
  }
  h[4] += (u32) (t >> 32);
}

void neon_blocks(struct p32 *st, const unsigned char *m, size_t q)
{
  static const unsigned char zero[16];
  struct p32 power = *st;
  uint32_t keys[40], x[10], sum[5];
  int i;
  memcpy(power.h, st->r, sizeof st->r);          /* h = r, h4 = 0 */
  lane_form(keys + 30, power.h);                   /* r */
  p32_blocks(&power, zero, 1, 0);
  lane_form(keys + 10, power.h);                   /* r^2 */
  p32_blocks(&power, zero, 1, 0);
  lane_form(keys + 20, power.h);                   /* r^3 */
  p32_blocks(&power, zero, 1, 0);
  lane_form(keys, power.h);                        /* r^4 */
  neon_steps(keys, m, q, x);
  for (i = 0; i < 5; ++i) sum[i] = x[2 * i] + x[2 * i + 1];
  add26(st->h, sum);
}
