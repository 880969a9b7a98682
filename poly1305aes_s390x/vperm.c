/* SPDX-License-Identifier: CC0-1.0 */
/* poly1305aes_s390x's AES: AES-128 by vector permutes (common/vpaes.h: no
   table indexed by a secret, no branch; constant time) with the vector
   facility's VPERM. Assumes z13 or later (the vector facility). */
#if defined(__clang__)   /* every function from here on, and the inline ones it takes in, for z13 */
#pragma clang attribute push(__attribute__((target("arch=z13"))), apply_to = function)
#else
#pragma GCC target("arch=z13")
#endif
#include "s390x.h"
#include "vpaes.h"

void aes_vx(unsigned char out[16], const unsigned char k[16], const unsigned char in[16])
{
  vp_store(out, vp_encrypt(k, in));
}

#if defined(__clang__)
#pragma clang attribute pop
#endif
