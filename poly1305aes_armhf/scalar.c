/* SPDX-License-Identifier: CC0-1.0 */
/* poly1305aes_armhf's whole calls: radix-2^32 Poly1305 (armhf.h, blocks.S),
   above a threshold after the NEON core (neon.c, steps.S), with AES-128 from the
   ARMv8 AArch32 AES instructions (aes_ce.S; constant time), or from a 2 KiB
   table (paths neon and generic, for CPUs without them: NOT constant time,
   common/aes_table.h). */
#include "armhf.h"
#include "aes_table.h"

/* s = AES_k(n): the AES instructions (ce) or the table */
INLINE void aes(unsigned char s[16], const unsigned char k[16], const unsigned char n[16], int ce)
{
  if (ce) {
    aes128_ce(s, k, n);
  } else {
    uint32_t w[4];
    int i;
    table_encrypt(w, k, n);
    for (i = 0; i < 4; ++i) store32(s + 4 * i, w[i]);
  }
}

/* a whole call: the AES, then (neon) groups of four blocks by the NEON core, then the
   rest, the tail and the tag by the radix-2^32 core in one frame (p32_auth) */
INLINE void hash(unsigned char out[16], const unsigned char kr[32], const unsigned char n[16],
                 const unsigned char *m, size_t l, int ce, int neon)
{
  static const u32 zero[5];
  unsigned char s[16];
  aes(s, kr, n, ce);
  if (neon) {
    u32 h[5] = { 0, 0, 0, 0, 0 };
    size_t q = l / 64;
    neon_blocks(h, kr + 16, m, q);
    p32_auth(out, kr + 16, s, m + 64 * q, l - 64 * q, h);
  } else {
    p32_auth(out, kr + 16, s, m, l, zero);
  }
}

void hash_ce(unsigned char out[16], const unsigned char kr[32], const unsigned char n[16],
             const unsigned char *m, size_t l)
{
  hash(out, kr, n, m, l, 1, 0);
}

void hash_table(unsigned char out[16], const unsigned char kr[32], const unsigned char n[16],
                const unsigned char *m, size_t l)
{
  hash(out, kr, n, m, l, 0, 0);
}

void hash_neon_ce(unsigned char out[16], const unsigned char kr[32], const unsigned char n[16],
                  const unsigned char *m, size_t l)
{
  hash(out, kr, n, m, l, 1, 1);
}

void hash_neon_table(unsigned char out[16], const unsigned char kr[32], const unsigned char n[16],
                     const unsigned char *m, size_t l)
{
  hash(out, kr, n, m, l, 0, 1);
}
