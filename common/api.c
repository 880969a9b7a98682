/* SPDX-License-Identifier: CC0-1.0 */
/* The generic API as real symbols, for the installed libraries only: each
   forwards to the implementation's namespaced function (a tail jump). The
   generic header comes first, so the namespaced one maps no names here. */
#include "poly1305aes.h"
#include "namespace.h"

void poly1305aes_clamp(unsigned char kr[32])
{
  CRYPTO_NAMESPACE(clamp)(kr);
}

void poly1305aes_authenticate(unsigned char out[16], const unsigned char kr[32],
  const unsigned char n[16], const unsigned char m[], unsigned int l)
{
  CRYPTO_NAMESPACE(authenticate)(out, kr, n, m, l);
}

int poly1305aes_verify(const unsigned char a[16], const unsigned char kr[32],
  const unsigned char n[16], const unsigned char m[], unsigned int l)
{
  return CRYPTO_NAMESPACE(verify)(a, kr, n, m, l);
}
