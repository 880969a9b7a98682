/* SPDX-License-Identifier: CC0-1.0 */
/* poly1305aes_riscv64 scalar paths: radix-2^64 Poly1305 (riscv64.h) with
   AES-128 from Zkne (aes.h; constant time) or from a 2 KiB table (the
   generic path, for CPUs without Zkne or where the kernel cannot say: NOT
   constant time, common/aes_table.h). The contract's AES functions are here
   too, for the vector paths. */
#include "riscv64.h"
#include "aes.h"
#include "aes_table.h"

void aes128_zkne(unsigned char out[16], const unsigned char k[16], const unsigned char in[16])
{
  u64 s0, s1;
  zkne_encrypt(&s0, &s1, k, in);
  store64(out, s0);
  store64(out + 8, s1);
}

void aes128_table(unsigned char out[16], const unsigned char k[16], const unsigned char in[16])
{
  uint32_t s[4];
  table_encrypt(s, k, in);
  store64(out, (u64) s[1] << 32 | s[0]);
  store64(out + 8, (u64) s[3] << 32 | s[2]);
}

/* the AES of the nonce is independent of the hash until the final addition */
void scalar_zkne(unsigned char out[16], const unsigned char kr[32], const unsigned char n[16],
                 const unsigned char *m, size_t l)
{
  struct p64 st;
  u64 s0, s1;
  zkne_encrypt(&s0, &s1, kr, n);
  p64r_start(&st, kr + 16);
  p64r_message(&st, m, l);
  p64r_finish(&st, s0, s1, out);
}

void scalar_table(unsigned char out[16], const unsigned char kr[32], const unsigned char n[16],
                  const unsigned char *m, size_t l)
{
  struct p64 st;
  uint32_t s[4];
  table_encrypt(s, kr, n);
  p64r_start(&st, kr + 16);
  p64r_message(&st, m, l);
  p64r_finish(&st, (u64) s[1] << 32 | s[0], (u64) s[3] << 32 | s[2], out);
}
