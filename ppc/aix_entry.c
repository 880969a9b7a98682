/* SPDX-License-Identifier: CC0-1.0 */
/* AIX: the API function poly1305aes_aix_authenticate, with the function
   descriptor and TOC handling only a compiler writes on AIX, calls the
   assembly's code entry .poly1305aes_aix_ppc_authenticate (ppc/abi.h says
   why the assembly has no descriptor). Elsewhere the assembly exports
   authenticate itself and this file is empty. */
#include "namespace.h"

#if defined(_AIX)
#include "abi.h"
extern void ppc_authenticate(unsigned char out[16], const unsigned char kr[32],
  const unsigned char n[16], const unsigned char m[], unsigned int l);

void poly1305aes_authenticate(unsigned char out[16], const unsigned char kr[32],
  const unsigned char n[16], const unsigned char m[], unsigned int l)
{
  ppc_authenticate(out, kr, n, m, l);
}
#else
typedef int poly1305aes_ppc_no_aix_entry;   /* a translation unit may not be empty */
#endif
