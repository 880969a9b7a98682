/* SPDX-License-Identifier: CC0-1.0 */
/* Compare two 16-byte strings in time independent of their contents:
   returns 1 when equal, 0 otherwise, with no branch or index on the bytes;
   no vector instruction on x86 (common/gpr_only.h). */
#include "namespace.h"
#include "gpr_only.h"

GPR_ONLY int poly1305aes_isequal(const unsigned char x[16], const unsigned char y[16])
{
  unsigned int differentbits = 0;
  int i;
  for (i = 0; i < 16; ++i) differentbits |= (unsigned int) (x[i] ^ y[i]);
  /* differentbits < 256: (differentbits - 1) >> 8 is 1 exactly when it is 0 */
  return (int) (1 & ((differentbits - 1) >> 8));
}
