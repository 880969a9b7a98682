/* SPDX-License-Identifier: CC0-1.0 */
/* The API of version 1.2 (common/poly1305aes.h.in) for every implementation:
   many messages a call and keys expanded once, written once over the
   implementation's one-message code. Assumes C99 and GCC or clang (an empty asm).

   Many messages: the path's own many-message code where it has one
   (many_fused, common/impl.h.in), else a loop of authenticate (lengths up to
   UINT_MAX) or the streaming driver (longer: common/stream.c), each tag made
   in a local and then copied to out[i], so out[i] may overlap message i's
   inputs. verify_many reads every message whatever the tags: which tag is
   wrong chooses no branch; it takes the path's many-message code a run of
   messages at a time.

   An expanded key (poly1305aes_key's bytes): kr at KEY_KR; at KEY_OWNER the
   implementation, the library's version and the path that expanded it; at
   KEY_KIND whether that path's split AES wrote its key schedule at KEY_SCHED
   (split_expand, common/impl.h.in), and at KEY_STAMP the stamp of the
   owner (stamp(): a 32-bit hash of the owner's bytes, never 0) where it
   did, STAMP_PLAIN of it where it did not (neither is 0; any other word
   there: a key of another library or version, or no key). A call checks
   the stamp, one word, not the owner's bytes. A key is used through its schedule only on the path that wrote it
   (split_fused checks that the path in use is the one at KEY_PATH), in the
   implementation and version that wrote it, by the path's fused code with
   the key's bytes where it has such code for the length; anywhere else
   (another path forced, another library or version) its kr goes through
   authenticate, so a tag is never wrong. The schedule is secret: the
   path's code zeroes the stack it used.

   Misuse fails closed: a key that no key_expand wrote (its owner does not
   start with the library's name: zeroed by key_wipe, never expanded) is
   no key. verify_expanded returns 0 for it whatever the tag;
   authenticate_expanded aborts through misuse() and writes no tag, as
   update and final do on a state that is not live (common/stream.c). */
#include <limits.h>
#include <stdint.h>
#include <string.h>
#include "namespace.h"
#include "gpr_only.h"
#include "wipe.h"
#include "verify.h"
#include "bytes.h"   /* on SPARC: no libc memcpy (%g2, %g3) */
#include "path.h"    /* fusedfn */

#define STRINGIZE(x) #x
#define STRING(x) STRINGIZE(x)

#define KEY_KR 0
#define KEY_OWNER 32
#define OWNER_BYTES 40
#define KEY_PATH POLY1305AES_KEY_PATH
#define KEY_KIND (KEY_PATH + 1)
#define KEY_STAMP 80
#define KEY_SCHED POLY1305AES_KEY_SCHED
#define KIND_PLAIN 0
#define KIND_SPLIT 0x5a
#define LIVE "poly1305"   /* the first 8 bytes of every owner: a key some key_expand wrote */

typedef char sched_fits[KEY_SCHED + POLY1305AES_SPLIT_BYTES <= sizeof(poly1305aes_key) ? 1 : -1];
typedef char path_after_owner[KEY_PATH == KEY_OWNER + OWNER_BYTES ? 1 : -1];
typedef char stamp_fits[KEY_KIND < KEY_STAMP && KEY_STAMP + 4 <= KEY_SCHED ? 1 : -1];

/* the implementation and version, NUL padded: an implementation whose name does not fit fails to build */
static const char owner[OWNER_BYTES] = STRING(POLY1305AES_IMPL) "/" POLY1305AES_LIBRARY_VERSION;

/* tag = the authenticator of m[0..l) under kr and n, any length */
GPR_ONLY static void one(unsigned char tag[16], const unsigned char *kr, const unsigned char *n,
                         const unsigned char *m, size_t l)
{
#if SIZE_MAX > UINT_MAX
  if (l > UINT_MAX) {
    poly1305aes_state st;
    poly1305aes_init(&st, kr, n);
    poly1305aes_update(&st, m, l);
    poly1305aes_final(&st, tag);
    return;
  }
#endif
  poly1305aes_authenticate(tag, kr, n, m, (unsigned int) l);
}

GPR_ONLY void poly1305aes_authenticate_many(unsigned char *const out[], const unsigned char *const kr[],
                                            const unsigned char *const n[], const unsigned char *const m[],
                                            const size_t l[], size_t count)
{
  unsigned char tag[16];
  size_t i;
  if (count == 0 || poly1305aes_many_fused(out, kr, n, m, l, count)) return;
  for (i = 0; i < count; ++i) {
    one(tag, kr[i], n[i], m[i], l[i]);
    memcpy(out[i], tag, 16);
  }
  wipe(tag, sizeof tag);
}

/* [p, p + bytes) and [q, q + len) share a byte (addresses in one address space) */
GPR_ONLY static int overlaps(const void *p, size_t bytes, const void *q, size_t len)
{
  uintptr_t a = (uintptr_t) p, b = (uintptr_t) q;
  return len != 0 && bytes != 0 && a < b + len && b < a + bytes;
}

/* verify_many's runs of VERIFY_RUN messages: the right tags of a whole run from the path's
   many-message code (into right, which no input overlaps), then compared; a run whose ok[]
   bytes overlap one of its messages' inputs (tag, key, nonce, bytes) runs one message at a
   time, so that ok[i] is written after message i is read and before message i + 1 is */
#define VERIFY_RUN 16
GPR_ONLY int poly1305aes_verify_many(unsigned char ok[], const unsigned char *const a[],
                                     const unsigned char *const kr[], const unsigned char *const n[],
                                     const unsigned char *const m[], const size_t l[], size_t count)
{
  unsigned char right[VERIFY_RUN][16];
  unsigned char *rp[VERIFY_RUN];
  unsigned int all = 1, equal;
  size_t i, j, run;
  for (j = 0; j < VERIFY_RUN; ++j) rp[j] = right[j];
  for (i = 0; i < count; i += run) {
    int apart = 1;
    run = count - i < VERIFY_RUN ? count - i : VERIFY_RUN;
    for (j = i; j < i + run; ++j)
      apart = apart && !overlaps(ok + i, run, a[j], 16) && !overlaps(ok + i, run, kr[j], 32)
              && !overlaps(ok + i, run, n[j], 16) && !overlaps(ok + i, run, m[j], l[j]);
    if (run > 1 && apart && poly1305aes_many_fused(rp, kr + i, n + i, m + i, l + i, run)) {
      for (j = 0; j < run; ++j) {
        equal = (unsigned int) poly1305aes_isequal(a[i + j], right[j]);
        all &= equal;
        ok[i + j] = (unsigned char) equal;
      }
      continue;
    }
    for (j = i; j < i + run; ++j) {
      one(right[0], kr[j], n[j], m[j], l[j]);
      equal = (unsigned int) poly1305aes_isequal(a[j], right[0]);
      all &= equal;
      ok[j] = (unsigned char) equal;
    }
  }
  wipe(right, sizeof right);
  return (int) all;
}

GPR_ONLY void poly1305aes_onetimeauth_many(unsigned char *const out[], const unsigned char *const key[],
                                           const unsigned char *const m[], const size_t l[], size_t count)
{
  unsigned char tag[16];
  size_t i;
  for (i = 0; i < count; ++i) {
    poly1305aes_onetimeauth(tag, key[i], m[i], l[i]);
    memcpy(out[i], tag, 16);
  }
  wipe(tag, sizeof tag);
}

typedef char owner_live[sizeof(STRING(POLY1305AES_IMPL)) > 8 ? 1 : -1];

/* the owner's bytes, as a literal padded with NULs past OWNER_BYTES */
#define OWNER_PADDED (STRING(POLY1305AES_IMPL) "/" POLY1305AES_LIBRARY_VERSION \
                      "\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0")
#define STAMP_BYTE(i) h = (h ^ (uint32_t) (unsigned char) OWNER_PADDED[i]) * 16777619u;
#define STAMP_BYTES8(i) STAMP_BYTE(i) STAMP_BYTE(i + 1) STAMP_BYTE(i + 2) STAMP_BYTE(i + 3) \
  STAMP_BYTE(i + 4) STAMP_BYTE(i + 5) STAMP_BYTE(i + 6) STAMP_BYTE(i + 7)

/* the owner's stamp: FNV-1a of its OWNER_BYTES bytes, never 0; of constants only, so the
   compiler folds it into a constant (no state, nothing computed on a first call) */
GPR_ONLY static inline uint32_t stamp(void)
{
  uint32_t h = 2166136261u;
  STAMP_BYTES8(0) STAMP_BYTES8(8) STAMP_BYTES8(16) STAMP_BYTES8(24) STAMP_BYTES8(32)
  return h | 1;
}
typedef char stamp_covers_owner[OWNER_BYTES == 40 ? 1 : -1];

/* the stamp of a key this implementation and version expanded without a schedule */
#define STAMP_PLAIN(h) ((h) ^ 2u)

/* some key_expand wrote ek (see above): its owner starts with LIVE */
GPR_ONLY static int live(const unsigned char *b)
{
  uint64_t x, y;
  memcpy(&x, b + KEY_OWNER, 8);
  memcpy(&y, LIVE, 8);
  return x == y;
}

GPR_ONLY void poly1305aes_key_expand(poly1305aes_key *ek, const unsigned char kr[32])
{
  unsigned char *b = ek->opaque.bytes;
  unsigned int path = poly1305aes_path_current(), i;
  /* kr may lie inside ek: copied as memmove does, byte by byte, with no copy in this frame */
  if ((uintptr_t) kr >= (uintptr_t) (b + KEY_KR))
    for (i = 0; i < 32; ++i) {
      b[KEY_KR + i] = kr[i];
      __asm__("" : : : "memory");   /* a loop, not a library call */
    }
  else
    for (i = 32; i-- > 0;) {
      b[KEY_KR + i] = kr[i];
      __asm__("" : : : "memory");
    }
  memcpy(b + KEY_OWNER, owner, OWNER_BYTES);
  b[KEY_PATH] = (unsigned char) path;
  b[KEY_KIND] = KIND_PLAIN;
  memset(b + KEY_STAMP, 0, 4);
  if (path <= UCHAR_MAX && poly1305aes_split_expand(path, b + KEY_SCHED, b + KEY_KR)) {
    uint32_t h = stamp();
    b[KEY_KIND] = KIND_SPLIT;
    memcpy(b + KEY_STAMP, &h, 4);
  } else {
    uint32_t h = STAMP_PLAIN(stamp());
    memcpy(b + KEY_STAMP, &h, 4);
  }
}

/* out = the authenticator of m[0..l) under the kr of key (a key's bytes), split_fused's
   otherwise: authenticate and final write out last, so out may overlap the inputs, key too */
GPR_ONLY static void by_kr(unsigned char out[16], const unsigned char *key, const unsigned char *n,
                           const unsigned char *m, size_t l)
{
  one(out, key + KEY_KR, n, m, l);
}

/* the same for authenticate_expanded with a key this library did not stamp: a key no
   key_expand wrote is a misuse */
GPR_ONLY static __attribute__((noinline)) void by_kr_live(unsigned char out[16], const unsigned char *key, const unsigned char *n,
                                const unsigned char *m, size_t l)
{
  if (!live(key))
    poly1305aes_misuse("poly1305aes_authenticate_expanded: ek is not an expanded key (wiped, zeroed or never "
                       "passed to poly1305aes_key_expand)");
  by_kr(out, key, n, m, l);
}

/* out = the authenticator of m[0..l) under ek and n: the path's fused code with ek where the
   path in use wrote ek's schedule and has such code for l, else authenticate with ek's kr
   (unstamped: through otherwise, by_kr or by_kr_live); each writes out last, so out may
   overlap the inputs */
GPR_ONLY static __attribute__((noinline)) void by_schedule(unsigned char out[16], const unsigned char *b,
                                                          const unsigned char *n, const unsigned char *m, size_t l)
{
  poly1305aes_split_fused(out, b, n, m, l, by_kr);
}

/* (each a tail call of the caller's arguments: no frame here) */
GPR_ONLY static inline void expanded(unsigned char out[16], const unsigned char *b, const unsigned char *n,
                                     const unsigned char *m, size_t l, fusedfn *otherwise)
{
  uint32_t x;
  memcpy(&x, b + KEY_STAMP, 4);
  x ^= stamp();
  if (x == 0) by_schedule(out, b, n, m, l);
  else if (x == STAMP_PLAIN(0)) by_kr(out, b, n, m, l);
  else otherwise(out, b, n, m, l);
}

GPR_ONLY void poly1305aes_authenticate_expanded(unsigned char out[16], const poly1305aes_key *ek,
                                                const unsigned char n[16], const unsigned char *m, size_t l)
{
  expanded(out, ek->opaque.bytes, n, m, l, by_kr_live);
}

GPR_ONLY int poly1305aes_verify_expanded(const unsigned char a[16], const poly1305aes_key *ek,
                                         const unsigned char n[16], const unsigned char *m, size_t l)
{
  unsigned char right[16];
  expanded(right, ek->opaque.bytes, n, m, l, by_kr);
  return verify_tag(a, right) & live(ek->opaque.bytes);
}

GPR_ONLY void poly1305aes_key_wipe(poly1305aes_key *ek)
{
  wipe(ek, sizeof *ek);
}
