/* SPDX-License-Identifier: CC0-1.0 */
/* poly1305aes_armhf's NEON core around its steps (steps.S): its keys (r^4,
   r^2, r^3, r by the radix-2^32 core, blocks.S's neon_keys), and the sum of
   the two lanes at the end, into the radix-2^32 state; for the contract's
   blocks (armhf.h), its sum joined to a running h (common/poly26.h's join26,
   not in a loop). Assumes ARMv7-A with NEON (the dispatcher checks
   HWCAP_NEON for the paths that call it); this file itself is plain C. */
#include "armhf.h"
#include "poly26.h"

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

void neon_blocks(u32 h[5], const unsigned char r[16], const unsigned char *m, size_t q)
{
  uint32_t keys[40], x[10], sum[5];
  int i;
  neon_keys(keys, r);
  neon_steps(keys, m, q, x);
  for (i = 0; i < 5; ++i) sum[i] = x[2 * i] + x[2 * i + 1];
  add26(h, sum);
}

/* h = h r^(4 q) + H, H the NEON core's sum (h, H: h4 <= 4; limbs of join26's product below
   2^26 + 2^8.3, within add26's bound) */
void neon_join(u32 h[5], const unsigned char r[16], const unsigned char *m, size_t q)
{
  u32 sum[5] = { 0, 0, 0, 0, 0 };
  uint64_t a[3], b[3], key[3], d[5];
  uint32_t limbs[5];
  int i;
  neon_blocks(sum, r, m, q);
  a[0] = h[0] | (u64) h[1] << 32, a[1] = h[2] | (u64) h[3] << 32, a[2] = h[4];
  b[0] = sum[0] | (u64) sum[1] << 32, b[1] = sum[2] | (u64) sum[3] << 32, b[2] = sum[4];
  key[0] = (load32(r) | (u64) load32(r + 4) << 32) & 0x0ffffffc0fffffffULL;
  key[1] = (load32(r + 8) | (u64) load32(r + 12) << 32) & 0x0ffffffc0ffffffcULL;
  key[2] = 0;
  join26(d, a, b, key, 4 * q);
  for (i = 0; i < 5; ++i) {
    limbs[i] = (uint32_t) d[i];
    h[i] = 0;
  }
  add26(h, limbs);
}

void core_blocks_neon(struct core32 *st, const unsigned char *m, size_t nblocks, unsigned int pad)
{
  if (pad && nblocks >= VECTOR_FROM / 16) {
    size_t q = nblocks / 4;
    neon_join(st->h, st->r, m, q);
    m += 64 * q;
    nblocks -= 4 * q;
  }
  core_blocks32(st, m, nblocks, pad);
}
