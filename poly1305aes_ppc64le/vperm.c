/* SPDX-License-Identifier: CC0-1.0 */
/* poly1305aes_ppc64le's AES for CPUs without the vector crypto instructions
   (path "vperm"): AES-128 by vector permutes (common/vpaes.h: no table
   indexed by a secret, no branch; constant time) with VMX's vperm. Assumes
   little-endian POWER with VMX and VSX (the ELFv2 baseline). */
#include "ppc64le.h"
#include "vpaes.h"

void aes_vperm(unsigned char out[16], const unsigned char k[16], const unsigned char in[16])
{
  vp_store(out, vp_encrypt(k, in));
}
