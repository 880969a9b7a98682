/* SPDX-License-Identifier: CC0-1.0 */
/* The API of version 1.1 (common/poly1305aes.h.in) for every implementation,
   written once on the internal contract (common/core.h): the path's
   aes, start, blocks and finish, and for onetimeauth the path's fused
   one-shot code where it has one. Assumes C99; a core state of at most
   POLY1305AES_CORE_STATE_MAX bytes that holds no pointer into itself (the
   driver moves it when a caller copies a state to an address otherwise
   aligned); core entry points that leave no secret on the stack (the ABI
   harness checks each). No length is counted: nothing here bounds l.

   The state (poly1305aes_state's bytes): the header below, then, once the
   core has started, the core's state at the first 16-byte boundary after it.
   Between calls buffered[0..nbuffered) holds the message bytes not yet
   absorbed, nbuffered < buffer.

   A stream starts lazily: init and onetimeauth_init keep the key (r, and s)
   in the header and start no core (offset 0), and updates only copy while
   the message fits the whole buffer (buffer is STREAM_BUFFER then). When a
   stream ends within it, final tags the buffered bytes with the key r || s
   as onetimeauth does: by the fused one-shot code of the path in use
   (onetime_fused), so a short stream costs one one-shot call and its copies;
   where that path has no fused code, final starts the stream's own path's
   core in the state and absorbs the bytes as below. The update that
   would fill the buffer starts the core (start with r) and switches buffer
   to the core's own (its buffer_blocks, at least one block): when a run of
   at least STREAM_BUFFER bytes of the caller's follows the block boundary,
   the bytes buffered are completed to that boundary and absorbed, and the
   run goes to the core in one blocks call, so the core picks its scalar or
   vector code by the length that came; otherwise the buffer is completed
   and absorbed in one call.

   Once started, each stream collects `buffer` bytes before it calls the
   core: an update that still fits is only copied; one that fills the buffer
   completes it, absorbs it in one blocks call, then passes the whole blocks
   of the rest straight from the caller's memory (no copy) when at least
   `buffer` bytes are left, and keeps the rest; final absorbs the whole blocks
   buffered and pads the rest in place (its bytes, 0x01, zeros: pad 0). So a
   core with grouped code for short updates (the ifma paths') gets them in
   runs of its group, and every other core whole blocks as they come, as it
   would without a buffer. The path is the one calls ran when the state was
   started: a stream keeps its core even if a test forces another path
   meanwhile (a stream whose core never started holds nothing of a path but
   its key, and any path's code tags it alike). Which code runs depends on
   the lengths alone, never on the key or the bytes.

   A state is live from init or onetimeauth_init to final or final_verify,
   which zero it: `live` holds LIVE exactly then. update and final on a state
   that is not live (finished, zeroed, never started: any bytes without LIVE
   there) abort through misuse() before they use anything else of it;
   final_verify returns 0 and zeroes it. LIVE is no secret; a copy of a live
   state is live and goes on on its own. */
#include <stdint.h>
#include <string.h>
#include "namespace.h"
#include "core.h"
#include "gpr_only.h"
#include "wipe.h"
#include "verify.h"
#include "bytes.h"   /* on SPARC: no libc memcpy, memmove, memset (%g2, %g3) */
#include <stdio.h>
#include <stdlib.h>

#define STRINGIZE(x) #x
#define STRING(x) STRINGIZE(x)

#define STREAM_BUFFER (16 * POLY1305AES_STREAM_BLOCKS)

struct header {                          /* at the state's start, which is 16-byte aligned */
  unsigned char buffered[STREAM_BUFFER]; /* message bytes not yet absorbed; final_verify's right tag */
  unsigned char key[32];                 /* r (until the core starts), then s, added to h at the end:
                                            AES_k(n), or the one-time key's s */
  unsigned short nbuffered;              /* 0 .. buffer - 1 */
  unsigned short buffer;                 /* 16 .. STREAM_BUFFER: the bytes collected */
  unsigned short offset;                 /* the core state's offset in the bytes; 0: not started */
  unsigned char path;                    /* path_core(path) */
  uint32_t live;                         /* LIVE from the start to the end of a stream, else anything */
};

#define LIVE UINT32_C(0x6c697665)   /* any constant with no zero byte; 32 bits: one immediate to compare */

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
    h->offset = (unsigned short) want;
  }
  return st->opaque.bytes + want;
}

/* starts st on the path in use with the key r || s (r unclamped), lazily: no core yet */
GPR_ONLY static void begin(poly1305aes_state *st, unsigned int path)
{
  struct header *h = (struct header *) st->opaque.bytes;
  h->live = LIVE;
  h->nbuffered = 0;
  h->buffer = STREAM_BUFFER;
  h->path = (unsigned char) path;
  h->offset = 0;
}

GPR_ONLY void poly1305aes_init(poly1305aes_state *st, const unsigned char kr[32], const unsigned char n[16])
{
  struct header *h = (struct header *) st->opaque.bytes;
  unsigned int path = poly1305aes_path_current();
  poly1305aes_path_core(path)->aes(h->key + 16, kr, n);
  memcpy(h->key, kr + 16, 16);
  begin(st, path);
}

GPR_ONLY void poly1305aes_onetimeauth_init(poly1305aes_state *st, const unsigned char key[32])
{
  memcpy(((struct header *) st->opaque.bytes)->key, key, 32);
  begin(st, poly1305aes_path_current());
}

/* the core of st's path, started on r: its state at the aligned offset, and the core's own buffer
   (the stream's buffer from now on) */
GPR_ONLY static void *start_core(poly1305aes_state *st, const struct poly1305aes_core *core)
{
  struct header *h = (struct header *) st->opaque.bytes;
  h->offset = (unsigned short) aligned_offset(st);
  h->buffer = (unsigned short) (core->buffer_blocks > POLY1305AES_STREAM_BLOCKS ? STREAM_BUFFER
                                : core->buffer_blocks ? 16 * core->buffer_blocks : 16);
  core->start(st->opaque.bytes + h->offset, h->key);
  return st->opaque.bytes + h->offset;
}

/* m[0..l) to at. A piece of at most a block (an AEAD's associated data and lengths) in two
   overlapping words, each a load and a store, which a call of the C library's memcpy costs more
   than; longer ones on 32-bit x86 in 4-byte words (a statically linked program gets the C
   library's generic memcpy there, rep movs, slow for short pieces), elsewhere by memcpy, which
   measured faster on x86-64 than an inlined copy in general registers (make bench
   BENCH_ARGS=stream, 64-byte updates) */
GPR_ONLY static void copy_in(unsigned char *at, const unsigned char *m, size_t l)
{
  if (l <= 16) {
    if (l >= 8) {
      uint64_t a, b;
      memcpy(&a, m, 8);
      memcpy(&b, m + l - 8, 8);
      memcpy(at, &a, 8);
      memcpy(at + l - 8, &b, 8);
    } else if (l >= 4) {
      uint32_t a, b;
      memcpy(&a, m, 4);
      memcpy(&b, m + l - 4, 4);
      memcpy(at, &a, 4);
      memcpy(at + l - 4, &b, 4);
    } else if (l) {
      at[0] = m[0];
      at[l / 2] = m[l / 2];
      at[l - 1] = m[l - 1];
    }
    return;
  }
#if defined(__i386__)
  {
    size_t i = 0;
    for (; i + 4 <= l; i += 4) {
      uint32_t w;
      memcpy(&w, m + i, 4);
      memcpy(at + i, &w, 4);
    }
    for (; i < l; ++i) at[i] = m[i];
  }
#else
  memcpy(at, m, l);
#endif
}

/* update's absorbing part, for an m[0..l) that fills the buffer (have + l >= buffer); the first
   one starts the core */
GPR_ONLY static __attribute__((noinline)) void absorb(poly1305aes_state *st, const unsigned char *m, size_t l)
{
  struct header *h = (struct header *) st->opaque.bytes;
  const struct poly1305aes_core *core = poly1305aes_path_core(h->path);
  size_t have = h->nbuffered, buffer = h->buffer, whole;
  void *cs;
  if (h->offset == 0) {   /* the lazy buffer (STREAM_BUFFER bytes) fills: start the core */
    size_t edge = (0u - have) % 16;   /* the bytes of m that complete the last block buffered */
    cs = start_core(st, core);
    if (l - edge >= STREAM_BUFFER) {   /* a long run follows: the buffer to the block edge, then the run */
      if (have) {
        copy_in(h->buffered + have, m, edge);
        core->blocks(cs, h->buffered, (have + edge) / 16, 1);
        m += edge;
        l -= edge;
        have = 0;
      }
      buffer = h->buffer;
    }
  } else {
    cs = core_state(st, core);
  }
  if (have) {   /* complete the buffer and absorb it */
    size_t take = buffer - have;
    copy_in(h->buffered + have, m, take);
    core->blocks(cs, h->buffered, buffer / 16, 1);
    m += take;
    l -= take;
  }
  buffer = h->buffer;
  if (l >= buffer) {   /* a long run: its whole blocks from the caller's memory */
    whole = l / 16;
    core->blocks(cs, m, whole, 1);
    m += 16 * whole;
    l -= 16 * whole;
  }
  copy_in(h->buffered, m, l);
  h->nbuffered = (unsigned short) l;
}

/* one line on stderr, then abort(): the contract of a misused entry point */
void poly1305aes_misuse(const char *what)
{
  fprintf(stderr, "poly1305aes: %s\n", what);
  abort();
}

/* the line a misused update or final writes */
#define NOT_LIVE(call) call " on a state that is not live (finished, zeroed or never started): " \
  "call poly1305aes_init first"

/* update's misuse: out of line and not noreturn, so that update reaches it by a jump and needs
   no frame of its own */
static __attribute__((noinline, cold)) void refuse_update(void)
{
  poly1305aes_misuse(NOT_LIVE("poly1305aes_update"));
}

/* a piece that fits the buffer is only copied */
GPR_ONLY void poly1305aes_update(poly1305aes_state *st, const unsigned char *m, size_t l)
{
  struct header *h = (struct header *) st->opaque.bytes;
  size_t have;
  if (h->live != LIVE) {
    refuse_update();
    return;
  }
  have = h->nbuffered;
  if (l >= (size_t) h->buffer - have) {
    absorb(st, m, l);
    return;
  }
  h->nbuffered = (unsigned short) (have + l);
  copy_in(h->buffered + have, m, l);   /* last: memcpy, where copy_in calls it, ends the call */
}

/* the end of a tag on the core state cs: the whole blocks of m[0..l), then the rest padded in
   last (its bytes, 0x01, zeros: pad 0; last may be where the rest already is), then finish with
   s into tag */
GPR_ONLY static inline __attribute__((always_inline)) void finish_on(const struct poly1305aes_core *core, void *cs,
                                                                     const unsigned char *m, size_t l,
                                                                     unsigned char *last, const unsigned char s[16],
                                                                     unsigned char tag[16])
{
  size_t whole = l / 16, part = l % 16;
  if (whole) core->blocks(cs, m, whole, 1);
  if (part) {
    if (last != m + 16 * whole) copy_in(last, m + 16 * whole, part);
    last[part] = 1;
    memset(last + part + 1, 0, 15 - part);
    core->blocks(cs, last, 1, 0);
  }
  core->finish(cs, s, tag);
}

/* the tag of everything absorbed, into out, or with out NULL into bytes of the state that hold
   nothing needed by then (final_verify's right tag); returns where it is. A stream that never
   started its core holds nothing of a path but its key: it is tagged as onetimeauth tags its
   bytes, by the fused code of the path in use, else by its own path's core, started where
   start_core would start it (the state is zeroed after) */
GPR_ONLY static unsigned char *tag_of(poly1305aes_state *st, unsigned char *out)
{
  struct header *h = (struct header *) st->opaque.bytes;
  const struct poly1305aes_core *core;
  size_t have = h->nbuffered;
  unsigned char *tag;
  void *cs;
  if (h->offset == 0) {
    tag = out ? out : st->opaque.bytes + sizeof(struct header);   /* where no core state is */
    if (poly1305aes_onetime_fused(tag, h->key, h->buffered, have)) return tag;
    core = poly1305aes_path_core(h->path);
    cs = st->opaque.bytes + aligned_offset(st);
    core->start(cs, h->key);
  } else {
    core = poly1305aes_path_core(h->path);
    cs = core_state(st, core);
  }
  tag = out ? out : h->buffered;   /* absorbed before finish writes it */
  finish_on(core, cs, h->buffered, have, h->buffered + 16 * (have / 16), h->key + 16, tag);
  return tag;
}

GPR_ONLY void poly1305aes_final(poly1305aes_state *st, unsigned char out[16])
{
  if (((struct header *) st->opaque.bytes)->live != LIVE)
    poly1305aes_misuse(NOT_LIVE("poly1305aes_final"));
  tag_of(st, out);
  wipe(st, sizeof *st);
}

GPR_ONLY int poly1305aes_final_verify(poly1305aes_state *st, const unsigned char a[16])
{
  int equal = 0;
  if (((struct header *) st->opaque.bytes)->live == LIVE)   /* else a misuse: nothing to compare with */
    equal = poly1305aes_isequal(a, tag_of(st, NULL));
  wipe(st, sizeof *st);
  return equal;
}

/* onetimeauth on the core of the path in use: its state and the padded last chunk in this frame,
   zeroed before return; the tag made there, then copied to out, which may overlap the inputs */
GPR_ONLY static void composed(unsigned char out[16], const unsigned char key[32], const unsigned char *m, size_t l)
{
  const struct poly1305aes_core *core = poly1305aes_path_core(poly1305aes_path_current());
  union {
    unsigned char bytes[POLY1305AES_CORE_STATE_MAX];
    uint64_t word;
  } __attribute__((aligned(16))) cs;
  unsigned char last[16];
  core->start(cs.bytes, key);
  finish_on(core, cs.bytes, m, l, last, key + 16, last);
  memcpy(out, last, 16);
  wipe(cs.bytes, core->state_bytes);
  wipe(last, sizeof last);
}

GPR_ONLY void poly1305aes_onetimeauth(unsigned char out[16], const unsigned char key[32], const unsigned char *m, size_t l)
{
  if (!poly1305aes_onetime_fused(out, key, m, l)) composed(out, key, m, l);
}

GPR_ONLY int poly1305aes_onetimeauth_verify(const unsigned char a[16], const unsigned char key[32], const unsigned char *m,
                                   size_t l)
{
  unsigned char right[16];
  poly1305aes_onetimeauth(right, key, m, l);
  return verify_tag(a, right);
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
