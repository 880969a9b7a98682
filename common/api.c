/* SPDX-License-Identifier: CC0-1.0 */
/* The generic API (versions 1, 1.1 and 1.2) as real symbols, for the installed
   libraries only: each checks its pointers, then forwards to the
   implementation's namespaced function (a tail jump). A pointer the call
   needs that is NULL (a message pointer only when its length is not 0) is
   a misuse: the verifying functions return 0 (final_verify zeroes a state
   it was given), the others abort through misuse() with one line naming the
   function and the argument. The many-message functions check their arrays
   (when count is above 0) and every element the same way before any is
   used; verify_many then sets every ok[i] to 0 (ok NULL: nothing written).
   The generic header comes first, so the
   namespaced one maps no names here. */
#include "poly1305aes.h"
#include <string.h>
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

/* the arrays of a many-message call and their elements: the name of the first NULL one, or NULL */
static const char *many_null(const void *out, const unsigned char *const x[], const unsigned char *const n[],
                             const unsigned char *const m[], const size_t l[], size_t count, int nonce)
{
  size_t i;
  if (count == 0) return NULL;
  if (!out) return "out is NULL";
  if (!x) return "the key array is NULL";
  if (nonce && !n) return "n is NULL";
  if (!m) return "m is NULL";
  if (!l) return "l is NULL";
  for (i = 0; i < count; ++i) {
    if (!x[i]) return "a key pointer is NULL";
    if (nonce && !n[i]) return "a nonce pointer is NULL";
    if (!m[i] && l[i]) return "a message pointer is NULL with a length above 0";
  }
  return NULL;
}

static void many_misuse(const char *call, const char *what)
{
  char line[160];
  size_t a = strlen(call), b = strlen(what);
  memcpy(line, call, a);
  memcpy(line + a, ": ", 2);
  memcpy(line + a + 2, what, b + 1);
  CRYPTO_NAMESPACE(misuse)(line);
}

void poly1305aes_authenticate_many(unsigned char *const out[], const unsigned char *const kr[],
  const unsigned char *const n[], const unsigned char *const m[], const size_t l[], size_t count)
{
  const char *what = many_null(out, kr, n, m, l, count, 1);
  size_t i;
  if (what) many_misuse("poly1305aes_authenticate_many", what);
  for (i = 0; i < count; ++i)
    if (!out[i]) many_misuse("poly1305aes_authenticate_many", "an out pointer is NULL");
  CRYPTO_NAMESPACE(authenticate_many)(out, kr, n, m, l, count);
}

int poly1305aes_verify_many(unsigned char ok[], const unsigned char *const a[], const unsigned char *const kr[],
  const unsigned char *const n[], const unsigned char *const m[], const size_t l[], size_t count)
{
  size_t i;
  int bad = !ok || many_null(a, kr, n, m, l, count, 1) != NULL;
  for (i = 0; !bad && i < count; ++i) bad = !a[i];
  if (bad) {
    if (ok && count) memset(ok, 0, count);
    return 0;
  }
  return CRYPTO_NAMESPACE(verify_many)(ok, a, kr, n, m, l, count);
}

void poly1305aes_onetimeauth_many(unsigned char *const out[], const unsigned char *const key[],
  const unsigned char *const m[], const size_t l[], size_t count)
{
  const char *what = many_null(out, key, NULL, m, l, count, 0);
  size_t i;
  if (what) many_misuse("poly1305aes_onetimeauth_many", what);
  for (i = 0; i < count; ++i)
    if (!out[i]) many_misuse("poly1305aes_onetimeauth_many", "an out pointer is NULL");
  CRYPTO_NAMESPACE(onetimeauth_many)(out, key, m, l, count);
}

void poly1305aes_key_expand(poly1305aes_key *ek, const unsigned char kr[32])
{
  NEED(ek, "poly1305aes_key_expand");
  NEED(kr, "poly1305aes_key_expand");
  CRYPTO_NAMESPACE(key_expand)(ek, kr);
}

void poly1305aes_authenticate_expanded(unsigned char out[16], const poly1305aes_key *ek, const unsigned char n[16],
  const unsigned char *m, size_t l)
{
  NEED(out, "poly1305aes_authenticate_expanded");
  NEED(ek, "poly1305aes_authenticate_expanded");
  NEED(n, "poly1305aes_authenticate_expanded");
  NEED_MESSAGE("poly1305aes_authenticate_expanded");
  CRYPTO_NAMESPACE(authenticate_expanded)(out, ek, n, m, l);
}

int poly1305aes_verify_expanded(const unsigned char a[16], const poly1305aes_key *ek, const unsigned char n[16],
  const unsigned char *m, size_t l)
{
  if (!a || !ek || !n || (!m && l)) return 0;
  return CRYPTO_NAMESPACE(verify_expanded)(a, ek, n, m, l);
}

void poly1305aes_key_wipe(poly1305aes_key *ek)
{
  NEED(ek, "poly1305aes_key_wipe");
  CRYPTO_NAMESPACE(key_wipe)(ek);
}
