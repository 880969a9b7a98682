/* SPDX-License-Identifier: CC0-1.0 */
/* poly1305aes_armhf scalar paths: radix-2^32 Poly1305 (armhf.h) with AES-128
   from the ARMv8 AArch32 AES instructions (aes_ce.S; constant time), or from
   a 2 KiB table (the generic path, for CPUs without them: NOT constant
   time, common/aes_table.h). */
#include "armhf.h"
#include "aes_table.h"

void hash_ce(unsigned char out[16], const unsigned char kr[32], const unsigned char n[16],
             const unsigned char *m, size_t l)
{
  struct p32 st;
  unsigned char s[16];
  aes128_ce(s, kr, n);
  p32_start(&st, kr + 16);
  p32_message(&st, m, l);
  p32_finish(&st, s, out);
}

void hash_table(unsigned char out[16], const unsigned char kr[32], const unsigned char n[16],
                const unsigned char *m, size_t l)
{
  struct p32 st;
  uint32_t w[4];
  unsigned char s[16];
  int i;
  table_encrypt(w, kr, n);
  for (i = 0; i < 4; ++i) store32(s + 4 * i, w[i]);
  p32_start(&st, kr + 16);
  p32_message(&st, m, l);
  p32_finish(&st, s, out);
}
