/* SPDX-License-Identifier: CC0-1.0 */
/* Clamp r = kr[16..31] as Poly1305 requires; no other byte changes. No
   vector instruction on x86 (common/gpr_only.h). */
#include "namespace.h"
#include "gpr_only.h"

GPR_ONLY void poly1305aes_clamp(unsigned char kr[32])
{
  kr[19] &= 15;
  kr[23] &= 15;
  kr[27] &= 15;
  kr[31] &= 15;
  kr[20] &= 252;
  kr[24] &= 252;
  kr[28] &= 252;
}
