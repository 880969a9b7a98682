/* SPDX-License-Identifier: CC0-1.0 */
/* verify_tag(a, right): the end of every verify once its right tag is made
   (common/verify.c's verify, common/stream.c's onetimeauth_verify,
   common/many.c's verify_expanded): 1 when a equals right, else 0,
   compared in constant time (isequal); then right, a secret (it would forge
   the message), is zeroed. Inlined into each caller, whose frame holds
   right; general-purpose registers only on x86 (common/gpr_only.h), as the
   verify functions are. */
#ifndef poly1305aes_verify_H
#define poly1305aes_verify_H

#include "namespace.h"
#include "gpr_only.h"
#include "wipe.h"

static inline __attribute__((always_inline)) GPR_ONLY int verify_tag(const unsigned char a[16],
                                                                     unsigned char right[16])
{
  int equal = poly1305aes_isequal(a, right);
  wipe(right, 16);
  return equal;
}

#endif
