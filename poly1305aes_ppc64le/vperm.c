/* SPDX-License-Identifier: CC0-1.0 */
/* poly1305aes_ppc64le's AES for CPUs without the vector crypto instructions
   (path "vperm"): AES-128 by vector permutes (common/vpaes.h: no table in
   memory, no branch; constant time) with VMX's vperm. Assumes little-endian
   POWER with VMX and VSX (the ELFv2 baseline). On little-endian, element i
   of a vector is byte 15 - i of the register as vperm counts it, so vperm
   takes element 15 - j of its first operand for index j: the tables are
   loaded reversed, and a mask's entries xored with 15 (which maps 0-15 and
   16-31 onto themselves, reversed). */
#include <altivec.h>
#include "ppc64le.h"

typedef __vector unsigned char VPAES_V;

INLINE VPAES_V vpaes_load(const unsigned char *p)
{
  return vec_xl(0, p);
}

INLINE void vpaes_store(unsigned char *p, VPAES_V v)
{
  vec_xst(v, 0, p);
}

INLINE VPAES_V vperm_asm(VPAES_V a, VPAES_V b, VPAES_V c)
{
  VPAES_V r;
  __asm__("vperm %0, %1, %2, %3" : "=v"(r) : "v"(a), "v"(b), "v"(c));
  return r;
}

#define vpaes_perm(a, b, mask) vperm_asm(a, b, mask)
#define vpaes_lookup(t, b, idx) vperm_asm(t, b, idx)
#define vpaes_table(p) vec_reve(vpaes_load(p))
#define vpaes_mask(p) (vpaes_load(p) ^ 15)

#include "vpaes.h"

void aes_vperm(unsigned char out[16], const unsigned char k[16], const unsigned char in[16])
{
  vpaes_encrypt(out, k, in);
}
