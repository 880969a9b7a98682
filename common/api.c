/* SPDX-License-Identifier: CC0-1.0 */
/* The generic API (versions 1 and 1.1) as real symbols, for the installed
   libraries only: each forwards to the implementation's namespaced function
   (a tail jump). The generic header comes first, so the namespaced one maps
   no names here. */
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

void poly1305aes_init(poly1305aes_state *st, const unsigned char kr[32], const unsigned char n[16])
{
  CRYPTO_NAMESPACE(init)(st, kr, n);
}

void poly1305aes_onetimeauth_init(poly1305aes_state *st, const unsigned char key[32])
{
  CRYPTO_NAMESPACE(onetimeauth_init)(st, key);
}

void poly1305aes_update(poly1305aes_state *st, const unsigned char *m, size_t l)
{
  CRYPTO_NAMESPACE(update)(st, m, l);
}

void poly1305aes_final(poly1305aes_state *st, unsigned char out[16])
{
  CRYPTO_NAMESPACE(final)(st, out);
}

int poly1305aes_final_verify(poly1305aes_state *st, const unsigned char a[16])
{
  return CRYPTO_NAMESPACE(final_verify)(st, a);
}

void poly1305aes_onetimeauth(unsigned char out[16], const unsigned char key[32], const unsigned char *m, size_t l)
{
  CRYPTO_NAMESPACE(onetimeauth)(out, key, m, l);
}

int poly1305aes_onetimeauth_verify(const unsigned char a[16], const unsigned char key[32], const unsigned char *m,
  size_t l)
{
  return CRYPTO_NAMESPACE(onetimeauth_verify)(a, key, m, l);
}

const char *poly1305aes_implementation_name(void)
{
  return CRYPTO_NAMESPACE(implementation_name)();
}

const char *poly1305aes_version(void)
{
  return CRYPTO_NAMESPACE(version)();
}
