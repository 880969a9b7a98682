/* SPDX-License-Identifier: CC0-1.0 */
/* Known answers for the reference AES (aes_ref.c), checked by aes/check.py:
   prints its S-box, FIPS-197 C.1, and the end of a 10000-step chain in which
   each ciphertext becomes the next plaintext and is xored into the key. */
#include <stdio.h>
#include "aes_ref.h"

static void print_hex(const char *label, const unsigned char *x, int len)
{
  int i;
  printf("%s ", label);
  for (i = 0; i < len; ++i) printf("%02x", x[i]);
  printf("\n");
}

int main(void)
{
  unsigned char sbox[256], key[16], block[16], out[16];
  int i, step;
  aes_ref_sbox(sbox);
  print_hex("sbox", sbox, 256);
  for (i = 0; i < 16; ++i) key[i] = (unsigned char) i;
  for (i = 0; i < 16; ++i) block[i] = (unsigned char) (17 * i);
  aes_ref_encrypt(out, key, block);
  print_hex("fips197-c1", out, 16);
  for (i = 0; i < 16; ++i) key[i] = block[i] = 0;
  for (step = 0; step < 10000; ++step) {
    aes_ref_encrypt(out, key, block);
    for (i = 0; i < 16; ++i) {
      block[i] = out[i];
      key[i] ^= out[i];
    }
  }
  print_hex("chain10000", out, 16);
  return 0;
}
