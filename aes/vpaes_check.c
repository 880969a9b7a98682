/* SPDX-License-Identifier: CC0-1.0 */
/* The vector-permute AES (common/vpaes.h) against the reference AES
   (aes_ref.c): FIPS-197 C.1, then random keys and blocks, each a fresh key
   expansion. Assumes a CPU that runs common/vpaes.h (x86 with SSSE3,
   AArch64, ARMv7 NEON, POWER8, z13, a G4 with AltiVec: each target's runner
   is one); a mismatch prints the key and block and exits 1.
     vpaes_check [COUNT]   COUNT random pairs (default 100000) */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "aes_ref.h"
#include "util.h"
#include "vpaes.h"

VPAES_TARGET static void vpaes_block(unsigned char out[16], const unsigned char k[16], const unsigned char in[16])
{
  vp_store(out, vp_encrypt(k, in));
}

static int check(const unsigned char k[16], const unsigned char in[16])
{
  unsigned char want[16], got[16];
  char hk[33], hin[33], hw[33], hg[33];
  aes_ref_encrypt(want, k, in);
  vpaes_block(got, k, in);
  if (!memcmp(want, got, 16)) return 0;
  hex_encode(hk, k, 16), hex_encode(hin, in, 16), hex_encode(hw, want, 16), hex_encode(hg, got, 16);
  printf("FAIL vpaes key %s block %s: got %s, want %s\n", hk, hin, hg, hw);
  return 1;
}

int main(int argc, char **argv)
{
  static const unsigned char c1[16] = { 0x69, 0xc4, 0xe0, 0xd8, 0x6a, 0x7b, 0x04, 0x30,
                                        0xd8, 0xcd, 0xb7, 0x80, 0x70, 0xb4, 0xc5, 0x5a };
  unsigned char k[16], in[16], out[16];
  uint64_t prng = 26;
  long count = argc > 1 ? atol(argv[1]) : 100000, i;
  for (i = 0; i < 16; ++i) k[i] = (unsigned char) i, in[i] = (unsigned char) (17 * i);
  vpaes_block(out, k, in);
  if (memcmp(out, c1, 16) || check(k, in)) {
    printf("FAIL vpaes: FIPS-197 C.1\n");
    return 1;
  }
  for (i = 0; i < count; ++i) {
    prng_fill(&prng, k, 16);
    prng_fill(&prng, in, 16);
    if (check(k, in)) return 1;
  }
  printf("ok vpaes: FIPS-197 C.1 and %ld random keys and blocks equal the reference\n", count);
  return 0;
}
