/* SPDX-License-Identifier: CC0-1.0 */
/* The generic API (versions 1 and 1.1) as real symbols, for the installed
   libraries only: each checks its pointers, then forwards to the
   implementation's namespaced function (a tail jump). A pointer the call
   needs that is NULL (a message pointer only when its length is not 0) is
   a misuse: the verifying functions return 0 (final_verify zeroes a state
   it was given), the others abort through misuse() with one line naming the
   function and the argument. The generic header comes first, so the
   namespaced one maps no names here. */
#include "poly1305aes.h"
#include "namespace.h"

/* abort when pointer p of function call is NULL; NEED_MESSAGE: when m is NULL and l is not 0 */
#define NEED(p, call) \
  do { if (!(p)) CRYPTO_NAMESPACE(misuse)(call ": " #p " is NULL: pass the bytes it names"); } while (0)
#define NEED_MESSAGE(call) \
  do { if (!m && l) CRYPTO_NAMESPACE(misuse)(call ": m is NULL with a length above 0"); } while (0)

void poly1305aes_clamp(unsigned char kr[32])
{
  NEED(kr, "poly1305aes_clamp");
  CRYPTO_NAMESPACE(clamp)(kr);
}

void poly1305aes_authenticate(unsigned char out[16], const unsigned char kr[32],
  const unsigned char n[16], const unsigned char m[], unsigned int l)
{
  NEED(out, "poly1305aes_authenticate");
  NEED(kr, "poly1305aes_authenticate");
  NEED(n, "poly1305aes_authenticate");
  NEED_MESSAGE("poly1305aes_authenticate");
  CRYPTO_NAMESPACE(authenticate)(out, kr, n, m, l);
}

int poly1305aes_verify(const unsigned char a[16], const unsigned char kr[32],
  const unsigned char n[16], const unsigned char m[], unsigned int l)
{
  if (!a || !kr || !n || (!m && l)) return 0;
  return CRYPTO_NAMESPACE(verify)(a, kr, n, m, l);
}

void poly1305aes_init(poly1305aes_state *st, const unsigned char kr[32], const unsigned char n[16])
{
  NEED(st, "poly1305aes_init");
  NEED(kr, "poly1305aes_init");
  NEED(n, "poly1305aes_init");
  CRYPTO_NAMESPACE(init)(st, kr, n);
}

void poly1305aes_onetimeauth_init(poly1305aes_state *st, const unsigned char key[32])
{
  NEED(st, "poly1305aes_onetimeauth_init");
  NEED(key, "poly1305aes_onetimeauth_init");
  CRYPTO_NAMESPACE(onetimeauth_init)(st, key);
}

void poly1305aes_update(poly1305aes_state *st, const unsigned char *m, size_t l)
{
  NEED(st, "poly1305aes_update");
  NEED_MESSAGE("poly1305aes_update");
  CRYPTO_NAMESPACE(update)(st, m, l);
}

void poly1305aes_final(poly1305aes_state *st, unsigned char out[16])
{
  NEED(st, "poly1305aes_final");
  NEED(out, "poly1305aes_final");
  CRYPTO_NAMESPACE(final)(st, out);
}

int poly1305aes_final_verify(poly1305aes_state *st, const unsigned char a[16])
{
  static const unsigned char none[16];
  if (!st) return 0;
  if (!a) {   /* the state ends as final_verify ends it, and nothing is accepted */
    (void) CRYPTO_NAMESPACE(final_verify)(st, none);
    return 0;
  }
  return CRYPTO_NAMESPACE(final_verify)(st, a);
}

void poly1305aes_onetimeauth(unsigned char out[16], const unsigned char key[32], const unsigned char *m, size_t l)
{
  NEED(out, "poly1305aes_onetimeauth");
  NEED(key, "poly1305aes_onetimeauth");
  NEED_MESSAGE("poly1305aes_onetimeauth");
  CRYPTO_NAMESPACE(onetimeauth)(out, key, m, l);
}

int poly1305aes_onetimeauth_verify(const unsigned char a[16], const unsigned char key[32], const unsigned char *m,
  size_t l)
{
  if (!a || !key || (!m && l)) return 0;
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
