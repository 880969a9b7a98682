/* SPDX-License-Identifier: CC0-1.0 */
/* verify: recompute the authenticator and compare it in constant time.
   Returns 1 when a is the authenticator of m under kr and n, 0 otherwise.
   The right authenticator is a secret (it would forge m): wiped before return.
   No vector instruction on x86 (common/gpr_only.h): it runs after every path. */
#include "namespace.h"
#include "gpr_only.h"
#include "verify.h"

GPR_ONLY int poly1305aes_verify(const unsigned char a[16], const unsigned char kr[32],
  const unsigned char n[16], const unsigned char m[], unsigned int l)
{
  unsigned char valid[16];
  poly1305aes_authenticate(valid, kr, n, m, l);
  return verify_tag(a, valid);
}
