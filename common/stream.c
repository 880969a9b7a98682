/* SPDX-License-Identifier: CC0-1.0 */
/* The API of version 1.1 (common/poly1305aes.h.in) for every implementation,
   written once on the internal contract (common/core.h): the path's
   aes, start, blocks and finish, and for onetimeauth the path's fused
   one-shot code where it has one. Assumes C99; a core state of at most
   POLY1305AES_CORE_STATE_MAX bytes that holds no pointer into itself (the
   driver moves it when a caller copies a state to an address otherwise
   aligned); core entry points that leave no secret on the stack (the ABI
   harness checks each). No length is counted: nothing here bounds l.

   The state (poly1305aes_state's 512 bytes): the header below, then the
   core's state at the first 16-byte boundary after it. Between calls
   pending[0..npending) holds the message bytes not yet absorbed, npending
   < 16: update completes a pending block first, then passes whole blocks
   straight from the caller's memory (no copy), then keeps the rest; final
   pads the rest in place (its bytes, 0x01, zeros: pad 0). The path is the
   one calls ran when the state was started: a stream keeps it even if a
   test forces another meanwhile. */
#include <stdint.h>
#include <string.h>
#include "namespace.h"
#include "core.h"
#include "gpr_only.h"
#include "wipe.h"
#include "bytes.h"   /* on SPARC: no libc memcpy, memmove, memset (%g2, %g3) */

#define STRINGIZE(x) #x
#define STRING(x) STRINGIZE(x)

struct header {                /* bytes only: they alias the caller's union */
  unsigned char pending[16];   /* message bytes not yet absorbed; final_verify's right tag */
  unsigned char s[16];         /* added to h at the end: AES_k(n), or the one-time key's s */
  unsigned char npending;      /* 0..15 */
  unsigned char path;          /* path_core(path) */
  unsigned char offset;        /* the core state's offset in the bytes */
};

/* the core state, 16-byte aligned, fits behind the header whatever the alignment of the state */
typedef char state_fits[sizeof(struct header) + 15 + POLY1305AES_CORE_STATE_MAX <= sizeof(poly1305aes_state) ? 1 : -1];

/* the offset of the first 16-byte boundary at or after the header in the state at st */
GPR_ONLY static unsigned int aligned_offset(const poly1305aes_state *st)
{
  uintptr_t at = (uintptr_t) st->opaque.bytes + sizeof(struct header);
  return (unsigned int) (sizeof(struct header) + (0u - (unsigned int) at) % 16);
}

/* the core state of st for core: moved to its aligned place first when st was copied to an
   address with another alignment mod 16 */
GPR_ONLY static void *core_state(poly1305aes_state *st, const struct poly1305aes_core *core)
{
  struct header *h = (struct header *) st->opaque.bytes;
  unsigned int want = aligned_offset(st);
  if (want != h->offset) {
    memmove(st->opaque.bytes + want, st->opaque.bytes + h->offset, core->state_bytes);
    h->offset = (unsigned char) want;
  }
  return st->opaque.bytes + want;
}

/* starts st on the path in use with s (copied) and r (the core clamps it) */
GPR_ONLY static void begin(poly1305aes_state *st, const struct poly1305aes_core *core, unsigned int path,
                  const unsigned char r[16])
{
  struct header *h = (struct header *) st->opaque.bytes;
  h->npending = 0;
  h->path = (unsigned char) path;
  h->offset = (unsigned char) aligned_offset(st);
  core->start(st->opaque.bytes + h->offset, r);
}

GPR_ONLY void poly1305aes_init(poly1305aes_state *st, const unsigned char kr[32], const unsigned char n[16])
{
  unsigned int path = poly1305aes_path_current();
  const struct poly1305aes_core *core = poly1305aes_path_core(path);
  core->aes(((struct header *) st->opaque.bytes)->s, kr, n);
  begin(st, core, path, kr + 16);
}

GPR_ONLY void poly1305aes_onetimeauth_init(poly1305aes_state *st, const unsigned char key[32])
{
  unsigned int path = poly1305aes_path_current();
  memcpy(((struct header *) st->opaque.bytes)->s, key + 16, 16);
  begin(st, poly1305aes_path_core(path), path, key);
}

GPR_ONLY void poly1305aes_update(poly1305aes_state *st, const unsigned char *m, size_t l)
{
  struct header *h = (struct header *) st->opaque.bytes;
  const struct poly1305aes_core *core;
  void *cs;
  size_t whole;
  if (l == 0) return;
  core = poly1305aes_path_core(h->path);
  cs = core_state(st, core);
  if (h->npending) {
    size_t take = 16 - (size_t) h->npending;
    if (take > l) take = l;
    memcpy(h->pending + h->npending, m, take);
    h->npending = (unsigned char) (h->npending + take);
    if (h->npending < 16) return;
    core->blocks(cs, h->pending, 1, 1);
    h->npending = 0;
    m += take;
    l -= take;
  }
  whole = l / 16;
  if (whole) core->blocks(cs, m, whole, 1);
  if (l % 16) memcpy(h->pending, m + 16 * whole, l % 16);
  h->npending = (unsigned char) (l % 16);
}

/* the tag of everything absorbed into tag (which may be st's pending bytes) */
GPR_ONLY static void tag_of(poly1305aes_state *st, unsigned char tag[16])
{
  struct header *h = (struct header *) st->opaque.bytes;
  const struct poly1305aes_core *core = poly1305aes_path_core(h->path);
  void *cs = core_state(st, core);
  if (h->npending) {
    h->pending[h->npending] = 1;
    memset(h->pending + h->npending + 1, 0, 15 - (size_t) h->npending);
    core->blocks(cs, h->pending, 1, 0);
  }
  core->finish(cs, h->s, tag);
}

GPR_ONLY void poly1305aes_final(poly1305aes_state *st, unsigned char out[16])
{
  tag_of(st, out);
  wipe(st, sizeof *st);
}

GPR_ONLY int poly1305aes_final_verify(poly1305aes_state *st, const unsigned char a[16])
{
  unsigned char *right = ((struct header *) st->opaque.bytes)->pending;
  int equal;
  tag_of(st, right);
  equal = poly1305aes_isequal(a, right);
  wipe(st, sizeof *st);
  return equal;
}

/* onetimeauth on the path's pieces: the state in this frame, zeroed before return */
GPR_ONLY static void composed(unsigned char out[16], const unsigned char key[32], const unsigned char *m, size_t l)
{
  poly1305aes_state st;
  poly1305aes_onetimeauth_init(&st, key);
  poly1305aes_update(&st, m, l);
  poly1305aes_final(&st, out);
}

GPR_ONLY void poly1305aes_onetimeauth(unsigned char out[16], const unsigned char key[32], const unsigned char *m, size_t l)
{
  if (!poly1305aes_onetime_fused(out, key, m, l)) composed(out, key, m, l);
}

GPR_ONLY int poly1305aes_onetimeauth_verify(const unsigned char a[16], const unsigned char key[32], const unsigned char *m,
                                   size_t l)
{
  unsigned char right[16];
  int equal;
  poly1305aes_onetimeauth(right, key, m, l);
  equal = poly1305aes_isequal(a, right);
  wipe(right, sizeof right);
  return equal;
}

/* "poly1305aes_X path" for each path, written once by the first caller that asks for it
   (state 0 empty, 1 being written, 2 written: release/acquire) */
#define NAMED_PATHS 32
const char *poly1305aes_implementation_name(void)
{
  static char names[NAMED_PATHS][64];
  static int state[NAMED_PATHS];
  unsigned int path = poly1305aes_path_current();
  int empty = 0;
  if (path >= NAMED_PATHS) return STRING(POLY1305AES_IMPL);
  if (__atomic_load_n(&state[path], __ATOMIC_ACQUIRE) == 2) return names[path];
  if (__atomic_compare_exchange_n(&state[path], &empty, 1, 0, __ATOMIC_ACQUIRE, __ATOMIC_ACQUIRE)) {
    const char *impl = STRING(POLY1305AES_IMPL), *name = poly1305aes_path_name(path);
    size_t a = strlen(impl), b = strlen(name);
    if (a + 1 + b >= sizeof names[path]) b = sizeof names[path] - a - 2;
    memcpy(names[path], impl, a);
    names[path][a] = ' ';
    memcpy(names[path] + a + 1, name, b);
    names[path][a + 1 + b] = 0;
    __atomic_store_n(&state[path], 2, __ATOMIC_RELEASE);
  }
  while (__atomic_load_n(&state[path], __ATOMIC_ACQUIRE) != 2) {}   /* another thread is writing it */
  return names[path];
}

const char *poly1305aes_version(void)
{
  return POLY1305AES_LIBRARY_VERSION;
}
