/* SPDX-License-Identifier: CC0-1.0 */
/* The one test program: compiled against any implementation's namespaced
   header (POLY1305AES_HEADER), or against the installed generic header and
   shared library, and run on its target, natively or under qemu.
     test VECTORS        run every check on every code path; exit 1 if any fails
     test VECTORS a,b    run only the checks named a and b
     test VECTORS -a,b   every check but a, and b (a check run only when named):
                         a list with a "-" item starts from every check
   With a namespaced header the checks run once per code path the
   implementation's dispatcher lists (poly1305aes_path_name), each forced in
   turn (poly1305aes_path_use); a path this CPU cannot run is named in a note
   and in the last line. Against the generic header they run once, on the
   path the library picks. Each check prints "run <name>", then "ok <name>"
   or "FAIL <name> (path <p>): <first failure>"; the last line is "PASS: ..."
   or "FAIL: ...". Expected values are either published (paper, chains) or
   computed by the readable reference (ref.c, aes_ref.c), never by the
   implementation under test. */
#include <pthread.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>
#include POLY1305AES_HEADER
#include "aes_ref.h"
#include "core.h"
#include "fpmode.h"
#include "md5.h"
#include "ref.h"
#include "util.h"

static const char *vectors_path;
static int failed_checks;
static int check_failed;          /* the running check has failed */
static const char *check_name;
static const char *path_name = "installed";
static unsigned int path_index;   /* the dispatcher's number of the path in use */

static void fail(const char *format, ...)
{
  va_list args;
  if (check_failed++) return;     /* report the first failure of a check only */
  printf("FAIL %s (path %s): ", check_name, path_name);
  va_start(args, format);
  vprintf(format, args);
  va_end(args);
  printf("\n");
  fflush(stdout);
}

static void compare_tag(const unsigned char got[16], const unsigned char want[16], const char *what, long value)
{
  char g[33], w[33];
  if (memcmp(got, want, 16) == 0) return;
  hex_encode(g, got, 16);
  hex_encode(w, want, 16);
  fail("%s %ld: got %s, want %s", what, value, g, w);
}

static void random_key(uint64_t *prng, unsigned char kr[32])
{
  prng_fill(prng, kr, 32);
  poly1305aes_clamp(kr);
}

/* a fresh clamped key, nonce and (unless m is NULL) message m[0..l) */
static void random_case(uint64_t *prng, unsigned char kr[32], unsigned char n[16], unsigned char *m, unsigned int l)
{
  random_key(prng, kr);
  prng_fill(prng, n, 16);
  if (m) prng_fill(prng, m, l);
}

/* a one-time key r||s from a Poly1305-AES key and nonce: the same tag as authenticate's */
static void onetime_key(unsigned char key[32], const unsigned char kr[32], const unsigned char n[16])
{
  memcpy(key, kr + 16, 16);
  aes_ref_encrypt(key + 16, kr, n);
}

/* authenticate m[0..l) and compare with the reference */
static void against_reference(const unsigned char kr[32], const unsigned char n[16], const unsigned char *m,
                              unsigned int l, const char *what)
{
  unsigned char got[16], want[16];
  ref_authenticate(want, kr, n, m, l);
  poly1305aes_authenticate(got, kr, n, m, l);
  compare_tag(got, want, what, (long) l);
}

/* ---- published data ---- */

static void check_paper(void)
{
  static const char *const vectors[][5] = {   /* k, r, n, m, tag: Appendix B */
    { "ec074c835580741701425b623235add6", "851fc40c3467ac0be05cc20404f3f700",
      "fb447350c4e868c52ac3275cf9d4327e", "f3f6", "f4c633c3044fc145f84f335cb81953de" },
    { "75deaa25c09f208e1dc4ce6b5cad3fbf", "a0f3080000f46400d0c7e9076c834403",
      "61ee09218d29b0aaed7e154a2c5509cc", "", "dd3fab2251f11ac759f0887129cc2ee7" },
    { "6acb5f61a7176dd320c5c1eb2edcdc74", "48443d0bb0d21109c89a100b5ce2c208",
      "ae212a55399729595dea458bc621ff0e",
      "663cea190ffb83d89593f3f476b6bc24d7e679107ea26adb8caf6652d0656136",
      "0ee1c16bb73f0f4fd19881753c01cdbe" },
    { "e1a5668a4d5b66a5f68cc5424ed5982d", "12976a08c4426d0ce8a82407c4f48207",
      "9ae831e743978d3a23527c7128149e3a",
      "ab0812724a7f1e342742cbed374d94d136c6b8795d45b3819830f2c04491faf0"
      "990c62e48b8018b2c3e4a0fa3134cb67fa83e158c994d961c4cb21095c1bf9",
      "5154ad0d2cb26e01274fc51148491f1b" },
  };
  unsigned int v;
  for (v = 0; v < 4; ++v) {
    unsigned char kr[32], n[16], m[64], want[16], out[16];
    unsigned int l = (unsigned int) strlen(vectors[v][3]) / 2;
    hex_decode(kr, 16, vectors[v][0]);
    hex_decode(kr + 16, 16, vectors[v][1]);
    hex_decode(n, 16, vectors[v][2]);
    hex_decode(m, l, vectors[v][3]);
    hex_decode(want, 16, vectors[v][4]);
    poly1305aes_authenticate(out, kr, n, m, l);
    compare_tag(out, want, "paper vector", (long) v + 1);
    ref_authenticate(out, kr, n, m, l);
    compare_tag(out, want, "reference on paper vector", (long) v + 1);
    if (poly1305aes_verify(want, kr, n, m, l) != 1) fail("verify rejects paper vector %u", v + 1);
  }
}

/* The published chain: tags feed back into key, nonce and message. Calls
   line(out) for every tag; 'passes' passes over lengths 0..maxlen. */
static void chain(unsigned int maxlen, long passes, int (*line)(const unsigned char out[16], void *), void *arg)
{
  unsigned char kr[32] = { 0 }, n[16] = { 0 }, out[16] = { 0 };
  unsigned char *m = calloc(maxlen, 1);
  long loop;
  unsigned int len, i;
  if (!m) { fail("out of memory"); return; }
  for (loop = 0; loop < passes; ++loop) {
    for (len = 0;; ++len) {
      poly1305aes_authenticate(out, kr, n, m, len);
      if (line(out, arg)) goto done;
      if (len >= maxlen) break;
      n[0] ^= (unsigned char) loop;
      for (i = 0; i < 16; ++i) n[i] ^= out[i];
      if (len % 2) for (i = 0; i < 16; ++i) kr[i] ^= out[i];
      if (len % 3) for (i = 0; i < 16; ++i) kr[16 + i] ^= out[i];
      poly1305aes_clamp(kr);
      m[len] ^= out[0];
    }
  }
done:
  free(m);
}

static int keep_last(const unsigned char out[16], void *arg)
{
  memcpy(arg, out, 16);
  return 0;
}

static void check_chain(void)
{
  unsigned char last[16], want[16];
  hex_decode(want, 16, "f7e771d9b60967cc6aaa9a041be55365");
  chain(100, 10, keep_last, last);
  compare_tag(last, want, "final tag of the 10 x 100 chain, passes", 10);
}

struct md5_lines {
  struct md5 ctx;
  long lines, last;   /* lines hashed so far; the line after which the chain stops */
  unsigned char digest10010[16], digest123456[16];
};

static int md5_line(const unsigned char out[16], void *arg)
{
  struct md5_lines *state = arg;
  char text[34];
  hex_encode(text, out, 16);
  text[32] = '\n';
  md5_update(&state->ctx, (const unsigned char *) text, 33);
  ++state->lines;
  if (state->lines == 10010) md5_finish(&state->ctx, state->digest10010);
  if (state->lines == 123456) md5_finish(&state->ctx, state->digest123456);
  return state->lines == state->last;
}

/* the chain of 1000-byte passes to line last (10010 or 123456), and the
   published md5 of its lines to 10010 and, if it got there, to 123456 */
static void long_chain_to(long last)
{
  struct md5_lines state;
  unsigned char want[16];
  if (md5_selfcheck() != 0) { fail("md5 does not reproduce the RFC 1321 examples"); return; }
  md5_start(&state.ctx);
  state.lines = 0;
  state.last = last;
  chain(1000, 1000000, md5_line, &state);
  if (state.lines != last) { fail("chain stopped after %ld lines", state.lines); return; }
  hex_decode(want, 16, "ad3314ecd86351da7a20244097a08de6");
  compare_tag(state.digest10010, want, "md5 of the first lines, lines", 10010);
  if (last < 123456) return;
  hex_decode(want, 16, "707212358360ae459bc0ef293a5354e8");
  compare_tag(state.digest123456, want, "md5 of the first lines, lines", 123456);
}

static void check_long_chain(void) { long_chain_to(123456); }

/* its first 10010 lines only, a twelfth of the calls (test/run.sh's clang
   builds under an emulator; every selection runs the whole chain) */
static void check_long_chain_10010(void) { long_chain_to(10010); }

/* ---- generated vectors (test/gen_vectors.py, cross-checked with pycryptodome) ---- */

static void check_vectors(void)
{
  FILE *file = fopen(vectors_path, "r");
  static char line[1 << 16];
  unsigned char kr[32], n[16], want[16], out[16], m[8192];
  long count = 0, number = 0;
  if (!file) { fail("cannot open %s", vectors_path); return; }
  while (fgets(line, sizeof line, file)) {
    char *field[4], *cursor = line;
    size_t mlen;
    int f;
    ++number;
    if (line[0] == '#' || line[0] == '\n') continue;
    for (f = 0; f < 4; ++f) {
      while (*cursor == ' ') ++cursor;
      field[f] = cursor;
      while (*cursor && *cursor != ' ' && *cursor != '\n') ++cursor;
      if (*cursor) *cursor++ = 0;
    }
    mlen = strcmp(field[2], "-") == 0 ? 0 : strlen(field[2]) / 2;
    if (strlen(field[0]) != 64 || strlen(field[1]) != 32 || strlen(field[3]) != 32 || mlen > sizeof m
        || hex_decode(kr, 32, field[0]) || hex_decode(n, 16, field[1]) || hex_decode(want, 16, field[3])
        || (mlen && hex_decode(m, mlen, field[2]))) {
      fail("%s line %ld is malformed", vectors_path, number);
      break;
    }
    poly1305aes_authenticate(out, kr, n, m, (unsigned int) mlen);
    compare_tag(out, want, "vector on line", number);
    if (poly1305aes_verify(want, kr, n, m, (unsigned int) mlen) != 1) fail("verify rejects the vector on line %ld", number);
    ref_authenticate(out, kr, n, m, mlen);
    compare_tag(out, want, "reference on vector line", number);
    ++count;
  }
  fclose(file);
  if (count < 2000) fail("only %ld vectors in %s", count, vectors_path);
}

/* ---- differential checks against the reference ---- */

static void check_lengths(void)
{
  static unsigned char m[1101];
  unsigned char kr[32], n[16];
  uint64_t prng = 1;
  unsigned int l;
  for (l = 0; l <= 1100; ++l) {
    random_case(&prng, kr, n, m, l);
    against_reference(kr, n, m, l, "random message of length");
  }
}

/* The lengths a sweep 0..maxlen takes: every length to SWEEP_EVERY, past it
   every SWEEP_STRIDE-th, and maxlen. SWEEP_EVERY lies above every threshold
   of every implementation's thresholds file (test/run.sh's sweep_bounds step
   checks it), so each switch point is crossed at every length; the stride is
   odd, so the lengths past SWEEP_EVERY meet every residue modulo SWEEP_RESIDUES
   bytes (the widest unrolled loop's step, and then some) as long as a sweep
   takes at least that many of them. */
#define SWEEP_EVERY 4608u
#define SWEEP_STRIDE 17u
#define SWEEP_RESIDUES 512u
#define SWEEP_LONGEST 16384u   /* the longest sweep (check_prefix, check_ff) */
typedef char sweep_meets_every_residue[(SWEEP_STRIDE % 2 == 1
  && (SWEEP_LONGEST - SWEEP_EVERY) / SWEEP_STRIDE >= SWEEP_RESIDUES) ? 1 : -1];
static unsigned int sweep_next(unsigned int l, unsigned int maxlen)
{
  if (l < SWEEP_EVERY || l == maxlen) return l + 1;
  return l + SWEEP_STRIDE < maxlen ? l + SWEEP_STRIDE : maxlen;
}

/* the sweep's prefixes of one random message, against the reference
   streamed over the same message: each length crosses the implementation's
   block, unrolling and path switch points in turn */
static unsigned char big[(1 << 20) + 64];

static void prefixes(const unsigned char kr[32], const unsigned char n[16], const unsigned char *m,
                     unsigned int maxlen)
{
  struct ref_state full, part;
  unsigned char s[16], want[16], got[16];
  unsigned int l, absorbed = 0;   /* the reference's full has the blocks m[0..absorbed) */
  aes_ref_encrypt(s, kr, n);
  ref_start(&full, kr);
  for (l = 0; l <= maxlen; l = sweep_next(l, maxlen)) {
    for (; absorbed + 16 <= l; absorbed += 16) ref_chunk(&full, m + absorbed, 16);
    part = full;
    if (l % 16) ref_chunk(&part, m + absorbed, l % 16);
    ref_tag(want, &part, s);
    poly1305aes_authenticate(got, kr, n, m, l);
    compare_tag(got, want, "prefix of a random message, length", (long) l);
  }
}

static void check_prefix(void)
{
  unsigned char kr[32], n[16];
  uint64_t prng = 4;
  int round;
  for (round = 0; round < 3; ++round) {
    random_case(&prng, kr, n, big, 16384);
    prefixes(kr, n, big, round ? 4096 : SWEEP_LONGEST);
  }
}

/* lengths around 32 KiB (poly1305aes_x86's switch from its ymm to its zmm IFMA code), 64 KiB
   and 1 MiB */
static void check_near(void)
{
  static const unsigned int near32k[] = { 32767, 32768, 32769, 32783, 32785 };
  unsigned char kr[32], n[16];
  uint64_t prng = 5;
  unsigned int l, i;
  prng_fill(&prng, big, sizeof big);
  for (i = 0; i < sizeof near32k / sizeof near32k[0]; ++i) {
    random_case(&prng, kr, n, NULL, 0);
    against_reference(kr, n, big, near32k[i], "message near 32 KiB, length");
  }
  for (l = 65536 - 40; l <= 65536 + 40; ++l) {
    random_case(&prng, kr, n, NULL, 0);
    against_reference(kr, n, big, l, "message near 64 KiB, length");
  }
  for (l = 1 << 20; l <= (1 << 20) + 17; l += l % 16 == 1 ? 14 : 1) {
    random_case(&prng, kr, n, NULL, 0);
    against_reference(kr, n, big, l, "message near 1 MiB, length");
  }
}

/* ---- the path's core (common/core.h): aes + start + blocks + padded tail + finish ---- */

/* the state, 16-byte aligned, with guard words after state_bytes */
static union { unsigned char bytes[POLY1305AES_CORE_STATE_MAX + 32]; double align[2]; } __attribute__((aligned(16))) core_area;

/* tag of m[0..l) through the core, the whole blocks split into calls at
   block indices cut[0] <= cut[1] <= ... (ncut of them); compared with want */
static void core_tag(const struct poly1305aes_core *core, const unsigned char kr[32], const unsigned char n[16],
                     const unsigned char *m, unsigned int l, const unsigned int *cut, unsigned int ncut,
                     const unsigned char want[16], const char *what)
{
  unsigned char s[16], tail[16], tag[16];
  size_t nfull = l / 16, from = 0;
  unsigned int i, c;
  memset(core_area.bytes, 0xa5, sizeof core_area.bytes);   /* start must not rely on a clean state */
  core->aes(s, kr, n);
  core->start(core_area.bytes, kr + 16);
  for (c = 0; c <= ncut; ++c) {
    size_t to = c < ncut ? cut[c] : nfull;
    core->blocks(core_area.bytes, m + 16 * from, to - from, 1);
    from = to;
  }
  if (l % 16) {
    memset(tail, 0, 16);
    memcpy(tail, m + 16 * nfull, l % 16);
    tail[l % 16] = 1;
    core->blocks(core_area.bytes, tail, 1, 0);
  }
  core->finish(core_area.bytes, s, tag);
  for (i = core->state_bytes; i < sizeof core_area.bytes; ++i)
    if (core_area.bytes[i] != 0xa5) { fail("%s: the core wrote past its state_bytes (%u), length %u", what, core->state_bytes, l); return; }
  compare_tag(tag, want, what, (long) l);
}

static void check_core(void)
{
  static unsigned char m[16 * 300 + 64];
  const struct poly1305aes_core *core = NULL;
  unsigned char kr[32], n[16], want[16], got[16];
  unsigned int cut[8], l, o, i, ncut;
  uint64_t prng = 23;
#ifdef poly1305aes_path_name
  core = poly1305aes_path_core(path_index);
#else
  printf("NOTE core: the installed library exports no path_core (checked in the namespaced build)\n");
  return;
#endif
  if (!core) { fail("path_core(%u) is NULL for a path the dispatcher lists", path_index); return; }
  if (core->state_bytes > POLY1305AES_CORE_STATE_MAX) { fail("state_bytes %u > %d", core->state_bytes, POLY1305AES_CORE_STATE_MAX); return; }
  /* aes against the reference */
  for (i = 0; i < 20; ++i) {
    random_case(&prng, kr, n, NULL, 0);
    aes_ref_encrypt(want, kr, n);
    core->aes(got, kr, n);
    compare_tag(got, want, "aes of random key and block, case", (long) i);
  }
  /* lengths 0..300 (the message misaligned by l % 8): a blocks call takes
     whole blocks, so a split at any byte offset is a split at the block
     that offset falls in: the whole blocks split in two at every block
     index, and (every seventh length) in three at every pair of them */
  for (l = 0; l <= 300; ++l) {
    unsigned char *msg = m + l % 8;
    random_case(&prng, kr, n, msg, l);
    if (l % 3 == 1) memset(msg, 0xff, l), memset(kr + 16, 0xff, 16), poly1305aes_clamp(kr);
    ref_authenticate(want, kr, n, msg, l);
    poly1305aes_authenticate(got, kr, n, msg, l);
    compare_tag(got, want, "authenticate beside the core, length", (long) l);
    for (o = 0; o <= l / 16; ++o) {
      cut[0] = o;
      core_tag(core, kr, n, msg, l, cut, 1, want, "core, two blocks calls split at every block, length");
      if (l % 7) continue;
      for (cut[1] = o; cut[1] <= l / 16; ++cut[1])
        core_tag(core, kr, n, msg, l, cut, 2, want, "core, three blocks calls, length");
    }
  }
  /* beyond: random lengths and split points; runs of 0, 1, 2 and many blocks */
  for (i = 0; i < 200; ++i) {
    unsigned int j;
    l = 301 + (unsigned int) (prng_next(&prng) % (sizeof m - 400));
    random_case(&prng, kr, n, m + i % 16, l);
    if (i % 4 == 1) memset(m + i % 16, 0xff, l), memset(kr + 16, 0xff, 16), poly1305aes_clamp(kr);
    ref_authenticate(want, kr, n, m + i % 16, l);
    ncut = 1 + (unsigned int) (prng_next(&prng) % 8);
    for (j = 0; j < ncut; ++j) {
      unsigned int prev = j ? cut[j - 1] : 0, left = l / 16 - prev, step;
      switch (i % 4) {
      case 0: step = (unsigned int) (prng_next(&prng) % (left + 1)); break;   /* any */
      case 1: step = (unsigned int) (prng_next(&prng) % 3); break;            /* 0, 1 or 2 blocks */
      case 2: step = j % 2 ? 0 : left / 2; break;                            /* many, then none */
      default: step = j % 3 == 0 ? 1 : j % 3 == 1 ? 0 : left / 3; break;
      }
      if (step > left) step = left;
      cut[j] = prev + step;
    }
    core_tag(core, kr, n, m + i % 16, l, cut, ncut, want, "core, random blocks calls, length");
  }
  /* start then finish, no blocks call at all */
  random_case(&prng, kr, n, NULL, 0);
  ref_authenticate(want, kr, n, m, 0);
  core_tag(core, kr, n, m, 0, cut, 0, want, "core, no blocks call, length");
}

/* ---- the final reduction: with r = 1, h is the sum of the chunks mod p ---- */

struct num { uint32_t w[5]; };   /* < 2^160, little-endian words */

static struct num num_add(struct num a, struct num b)
{
  uint64_t carry = 0;
  int i;
  for (i = 0; i < 5; ++i) {
    carry += (uint64_t) a.w[i] + b.w[i];
    a.w[i] = (uint32_t) carry;
    carry >>= 32;
  }
  return a;
}

static struct num num_sub(struct num a, struct num b)   /* a >= b */
{
  uint64_t borrow = 0;
  int i;
  for (i = 0; i < 5; ++i) {
    uint64_t d = (uint64_t) a.w[i] - b.w[i] - borrow;
    a.w[i] = (uint32_t) d;
    borrow = d >> 63;
  }
  return a;
}

static int num_less(struct num a, struct num b)
{
  int i;
  for (i = 4; i >= 0; --i)
    if (a.w[i] != b.w[i]) return a.w[i] < b.w[i];
  return 0;
}

static const struct num prime = { { 0xfffffffb, 0xffffffff, 0xffffffff, 0xffffffff, 3 } };

static struct num num_mod(struct num a)   /* a mod p: a = hi 2^130 + lo = 5 hi + lo (mod p) */
{
  while (!num_less(a, prime)) {
    struct num lo = a, hi = { { 0 } };
    hi.w[0] = a.w[4] >> 2;                          /* a < 2^160: hi < 2^30 */
    if (hi.w[0] == 0) { a = num_sub(a, prime); continue; }
    lo.w[4] &= 3;
    a = num_add(lo, num_add(num_add(num_add(hi, hi), num_add(hi, hi)), hi));
  }
  return a;
}

static struct num num_small(uint32_t x)
{
  struct num a = { { 0 } };
  a.w[0] = x;
  return a;
}

/* messages whose chunk sum is each residue in p - 8 .. p + 8, 2^130 - 8 .. 2^130 + 8,
   2^128 - 2 .. 2^128 + 2 and 0 .. 8 (mod p), over 1..40 blocks and at 63, 64, 65, 127,
   128, 129, 255, 256, 257 blocks: h meets p and 2^128 at the last step and at freeze */
static void check_freeze(void)
{
  static const unsigned int blocks[] = { 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20,
    21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 37, 38, 39, 40, 63, 64, 65, 127, 128, 129,
    255, 256, 257 };
  static const int from[4] = { -8, -8, -2, 0 }, to[4] = { 8, 8, 2, 8 };
  struct num bases[4] = { prime, { { 0, 0, 0, 0, 4 } }, { { 0, 0, 0, 0, 1 } }, { { 0 } } };
  const struct num two128 = { { 0, 0, 0, 0, 1 } };
  unsigned char kr[32] = { 0 }, n[16] = { 0 }, want[16], got[16];
  uint64_t prng = 6;
  unsigned int b, base, filler, i;
  int d;
  for (b = 0; b < sizeof blocks / sizeof blocks[0]; ++b)
    for (base = 0; base < 4; ++base)
      for (d = from[base]; d <= to[base]; ++d) {
        unsigned int count = blocks[b], l = 16 * count;
        struct num target, sum, chunk, last = { { 0, 0, 0, 0, 1 } };
        target = d >= 0 ? num_add(bases[base], num_small((uint32_t) d)) : num_sub(bases[base], num_small((uint32_t) -d));
        target = num_mod(target);
        /* chunks 1..count-1 from a filler, the last solved for; try fillers until it fits 128 bits */
        for (filler = 0; filler < 64 && last.w[4] != 0; ++filler) {
          sum = num_small(0);
          for (i = 0; i + 1 < count; ++i) {
            unsigned char *c = big + 16 * i;
            int j;
            if (filler < 2) memset(c, filler == 0 ? 0xff : 0x00, 16);
            else prng_fill(&prng, c, 16);
            for (j = 0; j < 4; ++j) chunk.w[j] = (uint32_t) c[4 * j] | (uint32_t) c[4 * j + 1] << 8
                                                 | (uint32_t) c[4 * j + 2] << 16 | (uint32_t) c[4 * j + 3] << 24;
            chunk.w[4] = 1;                             /* the appended 1 */
            sum = num_mod(num_add(sum, chunk));
          }
          /* last + 2^128 = target - sum (mod p) */
          last = num_mod(num_sub(num_add(target, num_add(prime, prime)), num_add(sum, two128)));
        }
        if (last.w[4] != 0) {                         /* 1..3 chunks cannot reach every residue */
          if (count >= 4) fail("no message found for a residue at %u blocks", count);
          continue;
        }
        for (i = 0; i < 16; ++i) big[16 * (count - 1) + i] = (unsigned char) (last.w[i / 4] >> (8 * (i % 4)));
        prng_fill(&prng, kr, 16);                      /* k random, r = 1 */
        memset(kr + 16, 0, 16);
        kr[16] = 1;
        ref_authenticate(want, kr, n, big, l);
        poly1305aes_authenticate(got, kr, n, big, l);
        compare_tag(got, want, "chunk sum near p, 2^128 or 2^130, length", (long) l);
      }
}

/* messages at every offset 1..63 from a 64-byte boundary, at lengths across the switch points */
static void check_offsets(void)
{
  static const unsigned int lengths[] = { 15, 16, 17, 255, 256, 257, 300, 383, 384, 385, 511, 512, 513,
    703, 704, 705, 1000, 4097 };
  unsigned char kr[32], n[16];
  uint64_t prng = 7;
  unsigned int i, offset;
  unsigned char *base = big + (64 - (uintptr_t) big % 64) % 64;
  for (i = 0; i < sizeof lengths / sizeof lengths[0]; ++i)
    for (offset = 1; offset < 64; ++offset) {
      random_case(&prng, kr, n, base + offset, lengths[i]);
      against_reference(kr, n, base + offset, lengths[i], "message at offset 1..63, length");
    }
}

/* all-0xff messages of the sweep's lengths to maxlen with r and k given; the
   reference streams, so each length costs one partial chunk */
static void ff_lengths(const char *rhex, const char *khex, unsigned int maxlen)
{
  static unsigned char m[16384];
  unsigned char kr[32], n[16], s[16], out[16], want[16];
  struct ref_state full, partial;
  unsigned int l, absorbed = 0;   /* the reference's full has absorbed that many bytes */
  hex_decode(kr, 16, khex);
  hex_decode(kr + 16, 16, rhex);
  memset(n, 0xff, 16);
  memset(m, 0xff, sizeof m);
  aes_ref_encrypt(s, kr, n);
  ref_start(&full, kr);
  for (l = 0; l <= maxlen; l = sweep_next(l, maxlen)) {
    for (; absorbed + 16 <= l; absorbed += 16) ref_chunk(&full, m, 16);
    partial = full;
    if (l % 16) ref_chunk(&partial, m, l % 16);
    ref_tag(want, &partial, s);
    poly1305aes_authenticate(out, kr, n, m, l);
    compare_tag(out, want, "all-0xff message of length", (long) l);
  }
}

static void check_ff(void)
{
  /* the largest clamped r with k zero and k all ones, then r with every allowed bit of the top word */
  ff_lengths("ffffff0ffcffff0ffcffff0ffcffff0f", "00000000000000000000000000000000", SWEEP_LONGEST);
  ff_lengths("ffffff0ffcffff0ffcffff0ffcffff0f", "ffffffffffffffffffffffffffffffff", 4096);
  ff_lengths("0100000000000000000000000000000f", "0123456789abcdef0123456789abcdef", 2048);
}

/* r = 0 makes h = 0 whatever the message: the tag is AES_k(n). Chained so
   each key and nonce comes from the last output. */
static void check_r_zero(void)
{
  unsigned char kr[32] = { 0 }, n[16] = { 0 }, m[40], out[16], want[16];
  uint64_t prng = 7;
  int i;
  for (i = 0; i < 1000; ++i) {
    prng_fill(&prng, m, sizeof m);
    poly1305aes_authenticate(out, kr, n, m, (unsigned int) (i % 41));
    aes_ref_encrypt(want, kr, n);
    compare_tag(out, want, "r = 0: tag is not AES_k(n), step", i);
    memcpy(n, out, 16);
    kr[i % 16] ^= out[(i + 3) % 16];
  }
}

/* authenticate clamps r itself: bits clamp clears make no difference */
static void check_unclamped(void)
{
  unsigned char kr[32], raw[32], n[16], m[100], out[16], want[16];
  uint64_t prng = 11;
  int i;
  for (i = 0; i < 200; ++i) {
    prng_fill(&prng, raw, 32);
    prng_fill(&prng, n, 16);
    prng_fill(&prng, m, sizeof m);
    if (i % 2) memset(raw + 16, 0xff, 16);
    memcpy(kr, raw, 32);
    poly1305aes_clamp(kr);
    ref_authenticate(want, kr, n, m, (unsigned int) (i % 100));
    poly1305aes_authenticate(out, raw, n, m, (unsigned int) (i % 100));
    compare_tag(out, want, "unclamped r, case", i);
  }
}

/* ---- the calling contract ---- */

static void check_guards_and_inputs(void)
{
  unsigned char kr[32], n[16], m[300], copy[32 + 16 + 300], want[16];
  unsigned char area[64];
  uint64_t prng = 3;
  unsigned int l, i;
  for (l = 0; l < 300; l += 7) {
    random_case(&prng, kr, n, m, l);
    memcpy(copy, kr, 32);
    memcpy(copy + 32, n, 16);
    memcpy(copy + 48, m, l);
    ref_authenticate(want, kr, n, m, l);
    for (i = 0; i < sizeof area; ++i) area[i] = (unsigned char) (0xa5 ^ i);
    poly1305aes_authenticate(area + 24, kr, n, m, l);
    compare_tag(area + 24, want, "tag between guard bytes, length", (long) l);
    for (i = 0; i < sizeof area; ++i)
      if ((i < 24 || i >= 40) && area[i] != (unsigned char) (0xa5 ^ i)) fail("guard byte %u around out overwritten (length %u)", i, l);
    if (poly1305aes_verify(want, kr, n, m, l) != 1) fail("verify rejects a right tag, length %u", l);
    if (memcmp(copy, kr, 32) || memcmp(copy + 32, n, 16) || memcmp(copy + 48, m, l))
      fail("kr, n or m changed by the call, length %u", l);
  }
}

static void check_overlap(void)
{
  unsigned char kr[32], n[16], m[200], want[16], k2[32], n2[16], m2[200];
  uint64_t prng = 5;
  unsigned int l, off;
  for (l = 0; l < 200; l += 13) {
    random_case(&prng, kr, n, m, l);
    ref_authenticate(want, kr, n, m, l);
    for (off = 0; off <= 16; off += 16) {     /* out over k, then over r */
      memcpy(k2, kr, 32);
      poly1305aes_authenticate(k2 + off, k2, n, m, l);
      compare_tag(k2 + off, want, "out overlapping kr at offset", (long) off);
    }
    memcpy(n2, n, 16);
    poly1305aes_authenticate(n2, kr, n2, m, l);
    compare_tag(n2, want, "out overlapping n, length", (long) l);
    for (off = 0; l >= 16 && off + 16 <= l; off += 5) {   /* out anywhere inside m */
      memcpy(m2, m, l);
      poly1305aes_authenticate(m2 + off, kr, n, m2, l);
      compare_tag(m2 + off, want, "out overlapping m at offset", (long) off);
    }
  }
}

static void check_alignment(void)
{
  static unsigned char buffer[4 * 16 + 32 + 16 + 600 + 64];
  unsigned char kr[32], n[16], m[600], want[16];
  uint64_t prng = 9;
  unsigned int l, a;
  for (l = 0; l < 600; l += 37) {
    random_case(&prng, kr, n, m, l);
    ref_authenticate(want, kr, n, m, l);
    for (a = 0; a < 16; ++a) {
      unsigned char *out = buffer + a, *k = buffer + 16 + (a * 5) % 16 + 16;
      unsigned char *nn = k + 32 + (a * 3) % 16, *mm = nn + 16 + a;
      memcpy(k, kr, 32);
      memcpy(nn, n, 16);
      memcpy(mm, m, l);
      poly1305aes_authenticate(out, k, nn, mm, l);
      compare_tag(out, want, "misaligned inputs, alignment", (long) a);
      if (poly1305aes_verify(want, k, nn, mm, l) != 1) fail("verify rejects misaligned inputs, alignment %u", a);
      /* onetimeauth's key r || s, out and message misaligned too */
      ref_onetimeauth(want, kr, m, l);
      memcpy(k, kr, 32);
      poly1305aes_onetimeauth(out, k, mm, l);
      compare_tag(out, want, "onetimeauth, misaligned inputs, alignment", (long) a);
      if (poly1305aes_onetimeauth_verify(want, k, mm, l) != 1) fail("onetimeauth_verify rejects misaligned inputs, alignment %u", a);
      ref_authenticate(want, kr, n, m, l);
    }
  }
}

static void check_verify(void)
{
  unsigned char kr[32], n[16], m[64], tag[16];
  uint64_t prng = 13;
  unsigned int l, bit;
  for (l = 0; l <= 64; ++l) {
    random_case(&prng, kr, n, m, l);
    ref_authenticate(tag, kr, n, m, l);
    if (poly1305aes_verify(tag, kr, n, m, l) != 1) fail("verify rejects the right tag, length %u", l);
    for (bit = 0; bit < 128; ++bit) {
      tag[bit / 8] ^= (unsigned char) (1 << (bit % 8));
      if (poly1305aes_verify(tag, kr, n, m, l) != 0) fail("verify accepts the tag with bit %u flipped, length %u", bit, l);
      tag[bit / 8] ^= (unsigned char) (1 << (bit % 8));
    }
    if (l > 0) {
      m[l / 2] ^= 0x40;
      if (poly1305aes_verify(tag, kr, n, m, l) != 0) fail("verify accepts a changed message byte, length %u", l);
      m[l / 2] ^= 0x40;
    }
    n[l % 16] ^= 1;
    if (poly1305aes_verify(tag, kr, n, m, l) != 0) fail("verify accepts a changed nonce, length %u", l);
    n[l % 16] ^= 1;
  }
#ifdef poly1305aes_isequal   /* the namespaced header: the implementation's own comparison */
  if (poly1305aes_isequal(tag, tag) != 1) fail("isequal(x, x) is not 1");
#endif
}

static void check_clamp(void)
{
  static const unsigned char masks[32] = {
    255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255,
    255, 255, 255, 15, 252, 255, 255, 15, 252, 255, 255, 15, 252, 255, 255, 15 };
  unsigned char kr[32], before[32];
  uint64_t prng = 17;
  unsigned int position, value, i;
  for (position = 0; position < 32; ++position)
    for (value = 0; value < 256; ++value) {
      prng_fill(&prng, kr, 32);
      kr[position] = (unsigned char) value;
      memcpy(before, kr, 32);
      poly1305aes_clamp(kr);
      for (i = 0; i < 32; ++i)
        if (kr[i] != (before[i] & masks[i])) fail("clamp made byte %u 0x%02x from 0x%02x", i, kr[i], before[i]);
      memcpy(before, kr, 32);
      poly1305aes_clamp(kr);
      if (memcmp(before, kr, 32)) fail("clamp is not idempotent");
    }
}

static void check_deterministic(void)
{
  unsigned char kr[32], n[16], m[333], a[16], b[16];
  uint64_t prng = 19;
  int i;
  for (i = 0; i < 100; ++i) {
    random_case(&prng, kr, n, m, sizeof m);
    poly1305aes_authenticate(a, kr, n, m, (unsigned int) (3 * i));
    poly1305aes_authenticate(b, kr, n, m, (unsigned int) (3 * i));
    compare_tag(b, a, "second call differs, length", 3L * i);
  }
}

/* a zero-length message may be a null pointer */
static void check_null_message(void)
{
  unsigned char kr[32], n[16], out[16], want[16];
  uint64_t prng = 23;
  random_key(&prng, kr);
  prng_fill(&prng, n, 16);
  ref_authenticate(want, kr, n, NULL, 0);
  poly1305aes_authenticate(out, kr, n, NULL, 0);
  compare_tag(out, want, "empty message at a null pointer, case", 0);
  if (poly1305aes_verify(want, kr, n, NULL, 0) != 1) fail("verify rejects an empty message at a null pointer");
}

static void check_repeated_chunks(void)
{
  /* ref_chunk_repeated against chunk-by-chunk absorption, for the huge check */
  unsigned char kr[32], chunk[16], a[16], b[16], s[16] = { 0 };
  struct ref_state one, many;
  uint64_t prng = 41;
  unsigned long long count, i;
  for (count = 0; count < 70; count += 1 + count / 4) {
    random_key(&prng, kr);
    prng_fill(&prng, chunk, 16);
    ref_start(&one, kr);
    ref_start(&many, kr);
    for (i = 0; i < count; ++i) ref_chunk(&one, chunk, 16);
    ref_chunk_repeated(&many, chunk, count);
    ref_tag(a, &one, s);
    ref_tag(b, &many, s);
    compare_tag(b, a, "reference: repeated chunk, count", (long) count);
  }
}

/* a message that starts just after, or ends just before, an unmapped page:
   nothing is read outside m[0..l) */
static void check_pages(void)
{
  long page = sysconf(_SC_PAGESIZE);
  size_t data = 3 * (size_t) page;
  unsigned char *area, *first, kr[32], n[16];
  uint64_t prng = 29;
  unsigned int l;
  area = mmap(NULL, data + 2 * (size_t) page, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (area == MAP_FAILED) { fail("mmap failed"); return; }
  first = area + page;
  if (mprotect(area, (size_t) page, PROT_NONE) || mprotect(first + data, (size_t) page, PROT_NONE)) {
    fail("mprotect failed");
    return;
  }
  prng_fill(&prng, first, data);
  for (l = 0; l <= 8192 && l <= data; l += l < 2048 ? 1 : 1021) {
    random_case(&prng, kr, n, NULL, 0);
    against_reference(kr, n, first + data - l, l, "message ending at an unmapped page, length");
    against_reference(kr, n, first, l, "message starting after an unmapped page, length");
  }
  munmap(area, data + 2 * (size_t) page);
}

#if defined(__x86_64__) || defined(__i386__)
/* want: the reference's tag of l bytes that repeat chunk (zero bytes when chunk is NULL) under
   r (clamped here) and s, in O(log l) steps */
static void repeated_chunk_tag(unsigned char want[16], const unsigned char r[16], const unsigned char s[16],
                               const unsigned char *chunk, unsigned long long l)
{
  static const unsigned char zero[16];
  unsigned char kr[32] = { 0 };
  struct ref_state ref;
  if (!chunk) chunk = zero;
  memcpy(kr + 16, r, 16);
  ref_start(&ref, kr);
  ref_chunk_repeated(&ref, chunk, l / 16);
  if (l % 16) ref_chunk(&ref, chunk, (unsigned int) (l % 16));
  ref_tag(want, &ref, s);
}
#endif

/* on x86-64, a message longer than 2^31 bytes (zero pages, mapped lazily) */
static void check_huge(void)
{
#if defined(__x86_64__)
  const unsigned int l = 0x80000015u;     /* 2^31 + 21 */
  unsigned char kr[32], n[16], s[16], out[16], want[16];
  uint64_t prng = 37;
  unsigned char *m = mmap(NULL, l, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
  if (m == MAP_FAILED) { fail("cannot map %u bytes", l); return; }
  random_key(&prng, kr);
  prng_fill(&prng, n, 16);
  aes_ref_encrypt(s, kr, n);
  repeated_chunk_tag(want, kr + 16, s, NULL, l);
  poly1305aes_authenticate(out, kr, n, m, l);
  compare_tag(out, want, "zero message of length", (long) l);
  if (poly1305aes_verify(want, kr, n, m, l) != 1) fail("verify rejects the tag of a 2^31 + 21 byte message");
  munmap(m, l);
#endif
}

/* the caller's floating-point modes: tags stay right and the modes stay set */
static void check_fpmodes(void)
{
  unsigned char kr[32], n[16], m[200], out[16], want[16], key[32], got[16];
  poly1305aes_state st;
  uint64_t prng = 31;
  int mode, i;
  for (mode = 0; mode < fpmode_count(); ++mode) {
    for (i = 0; i < 40; ++i) {
      unsigned long long before, after;
      unsigned int l = (unsigned int) (i * 5);
      random_case(&prng, kr, n, m, l);
      if (i % 2) memset(m, 0xff, l), memset(kr + 16, 0xff, 16), poly1305aes_clamp(kr);
      ref_authenticate(want, kr, n, m, l);
      fpmode_set(mode);
      before = fpmode_read();
      poly1305aes_authenticate(out, kr, n, m, l);
      after = fpmode_read();
      if (after != before) fail("mode '%s': control state 0x%llx became 0x%llx", fpmode_name(mode), before, after);
      if (poly1305aes_verify(want, kr, n, m, l) != 1) fail("mode '%s': verify rejects a right tag", fpmode_name(mode));
      after = fpmode_read();
      if (after != before) fail("mode '%s': verify changed the control state", fpmode_name(mode));
      poly1305aes_init(&st, kr, n);
      poly1305aes_update(&st, m, l / 2);
      poly1305aes_update(&st, m + l / 2, l - l / 2);
      if (!poly1305aes_final_verify(&st, want)) fail("mode '%s': a stream's final_verify rejects a right tag", fpmode_name(mode));
      onetime_key(key, kr, n);
      poly1305aes_onetimeauth(got, key, m, l);
      after = fpmode_read();
      fpmode_set(0);
      if (after != before) fail("mode '%s': init, update, final_verify or onetimeauth changed the control state", fpmode_name(mode));
      if (memcmp(out, want, 16)) fail("mode '%s': wrong tag for length %u", fpmode_name(mode), l);
      if (memcmp(got, want, 16)) fail("mode '%s': onetimeauth's wrong tag for length %u", fpmode_name(mode), l);
    }
  }
}

/* threads with different keys and floating-point modes, at once */
struct worker { int mode; uint64_t seed; int errors; };

/* one expanded key, used by every thread at once (poly1305aes.h allows it) */
static poly1305aes_key shared_key;
static unsigned char shared_kr[32];

static void *work(void *arg)
{
  struct worker *w = arg;
  unsigned char kr[32], n[16], m[500], out[16], want[16], shared_want[16], outs[2][16];
  unsigned char *outp[2] = { outs[0], outs[1] };
  const unsigned char *krp[2] = { kr, shared_kr }, *np[2] = { n, n }, *mp[2] = { m, m };
  size_t lens[2];
  poly1305aes_state st;
  poly1305aes_key mine;
  int i;
  fpmode_set(w->mode);
  for (i = 0; i < 300; ++i) {
    unsigned int l = (unsigned int) (i * 7 % 500);
    random_key(&w->seed, kr);
    prng_fill(&w->seed, n, 16);
    prng_fill(&w->seed, m, l);
    ref_authenticate(want, kr, n, m, l);
    poly1305aes_authenticate(out, kr, n, m, l);
    if (memcmp(out, want, 16) || poly1305aes_verify(want, kr, n, m, l) != 1) ++w->errors;
    poly1305aes_init(&st, kr, n);   /* a state of this thread's, beside the others' */
    poly1305aes_update(&st, m, l / 3);
    poly1305aes_update(&st, m + l / 3, l - l / 3);
    if (poly1305aes_final_verify(&st, want) != 1) ++w->errors;
    /* this thread's key expanded beside the others', the shared expanded key, and a batch
       of this thread's key and the shared one */
    poly1305aes_key_expand(&mine, kr);
    poly1305aes_authenticate_expanded(out, &mine, n, m, l);
    if (memcmp(out, want, 16)) ++w->errors;
    ref_authenticate(shared_want, shared_kr, n, m, l);
    poly1305aes_authenticate_expanded(out, &shared_key, n, m, l);
    if (memcmp(out, shared_want, 16) || poly1305aes_verify_expanded(shared_want, &shared_key, n, m, l) != 1) ++w->errors;
    lens[0] = lens[1] = l;
    poly1305aes_authenticate_many(outp, krp, np, mp, lens, 2);
    if (memcmp(outs[0], want, 16) || memcmp(outs[1], shared_want, 16)) ++w->errors;
  }
  poly1305aes_key_wipe(&mine);
  return NULL;
}

static void check_threads(void)
{
  struct worker workers[4];
  pthread_t threads[4];
  uint64_t prng = 999;
  int t;
  random_key(&prng, shared_kr);
  poly1305aes_key_expand(&shared_key, shared_kr);
  for (t = 0; t < 4; ++t) {
    workers[t].mode = t % fpmode_count();
    workers[t].seed = 1000 + (uint64_t) t;
    workers[t].errors = 0;
    if (pthread_create(&threads[t], NULL, work, &workers[t]) != 0) { fail("pthread_create failed"); return; }
  }
  for (t = 0; t < 4; ++t) pthread_join(threads[t], NULL);
  poly1305aes_key_wipe(&shared_key);
  for (t = 0; t < 4; ++t)
    if (workers[t].errors) fail("thread %d (mode '%s'): %d wrong tags", t, fpmode_name(workers[t].mode), workers[t].errors);
}

static void check_aes_reference(void)
{
  /* FIPS-197 Appendix C.1, through the reference the other checks rely on */
  unsigned char key[16], in[16], out[16], want[16];
  hex_decode(key, 16, "000102030405060708090a0b0c0d0e0f");
  hex_decode(in, 16, "00112233445566778899aabbccddeeff");
  hex_decode(want, 16, "69c4e0d86a7b0430d8cdb78070b4c55a");
  aes_ref_encrypt(out, key, in);
  compare_tag(out, want, "aes_ref on FIPS-197 C.1, case", 1);
}

/* ---- the version 1.1 API: streaming, one-time keys, any length ---- */

static int all_zero(const poly1305aes_state *st)
{
  size_t i;
  for (i = 0; i < sizeof st->opaque.bytes; ++i)
    if (st->opaque.bytes[i]) return 0;
  return 1;
}

/* the tag of m[0..l) streamed in pieces that end at byte offsets cut[0] <= cut[1] <= ... (ncut
   of them; an empty piece's pointer is NULL every other time), from init(kr, n) or, with n
   NULL, from onetimeauth_init(key); compared with want, and the state zero after final */
static void stream_tag(poly1305aes_state *st, const unsigned char key[32], const unsigned char *n,
                       const unsigned char *m, size_t l, const size_t *cut, unsigned int ncut,
                       const unsigned char want[16], const char *what)
{
  unsigned char tag[16];
  size_t from = 0;
  unsigned int c;
  if (n) poly1305aes_init(st, key, n);
  else poly1305aes_onetimeauth_init(st, key);
  for (c = 0; c <= ncut; ++c) {
    size_t to = c < ncut ? cut[c] : l;
    poly1305aes_update(st, to == from && c % 2 ? NULL : m + from, to - from);
    from = to;
  }
  poly1305aes_final(st, tag);
  if (!all_zero(st)) fail("%s: the state is not all zero after final, length %lu", what, (unsigned long) l);
  compare_tag(tag, want, what, (long) l);
}

/* want: the reference's tag of m[0..l) under key and n (Poly1305-AES), or under the one-time key when n is NULL */
static void reference_tag(unsigned char want[16], const unsigned char key[32], const unsigned char *n,
                          const unsigned char *m, size_t l)
{
  if (n) ref_authenticate(want, key, n, m, l);
  else ref_onetimeauth(want, key, m, l);
}

/* the one-shot function of the same key (authenticate, or onetimeauth when n is NULL) gives
   the reference's tag too: the streamed tags below are checked against both */
static void stream_beside_oneshot(const unsigned char key[32], const unsigned char *n, const unsigned char *m,
                                  unsigned int l, const unsigned char want[16])
{
  unsigned char got[16];
  if (n) poly1305aes_authenticate(got, key, n, m, l);
  else poly1305aes_onetimeauth(got, key, m, l);
  compare_tag(got, want, n ? "authenticate beside the streamed tags, length" : "onetimeauth beside the streamed tags, length",
              (long) l);
}

/* lengths 0..300 split in two at every offset (and, to 40 bytes, in three at every pair of
   offsets; beyond, at 20 random pairs), misaligned by l % 16, with empty pieces at the ends;
   then random lengths to 6400 split at up to 8 random points, runs of empty and short pieces
   included; odd lengths from a one-time key, even ones from a key and nonce */
static void check_stream(void)
{
  static unsigned char m[6400 + 32];
  poly1305aes_state st;
  unsigned char key[32], n[16], want[16];
  size_t cut[8];
  unsigned int l, i, j, ncut;
  uint64_t prng = 61;
  for (l = 0; l <= 300; ++l) {
    unsigned char *msg = m + l % 16;
    const unsigned char *nonce = l % 2 ? NULL : n;
    prng_fill(&prng, key, 32);
    prng_fill(&prng, n, 16);
    prng_fill(&prng, msg, l);
    if (l % 5 == 3) memset(msg, 0xff, l), memset(key + (nonce ? 16 : 0), 0xff, 16);
    reference_tag(want, key, nonce, msg, l);
    stream_beside_oneshot(key, nonce, msg, l, want);
    for (cut[0] = 0; cut[0] <= l; ++cut[0])
      stream_tag(&st, key, nonce, msg, l, cut, 1, want, "streamed in two pieces, length");
    cut[0] = cut[1] = 0, cut[2] = cut[3] = l;
    stream_tag(&st, key, nonce, msg, l, cut, 4, want, "streamed with empty pieces first and last, length");
    if (l <= 40) {
      for (cut[0] = 0; cut[0] <= l; ++cut[0])
        for (cut[1] = cut[0]; cut[1] <= l; ++cut[1])
          stream_tag(&st, key, nonce, msg, l, cut, 2, want, "streamed in three pieces, length");
    } else {
      for (i = 0; i < 20; ++i) {
        cut[0] = (size_t) (prng_next(&prng) % (l + 1));
        cut[1] = cut[0] + (size_t) (prng_next(&prng) % (l - cut[0] + 1));
        stream_tag(&st, key, nonce, msg, l, cut, 2, want, "streamed in three pieces, length");
      }
    }
  }
  for (i = 0; i < 300; ++i) {
    const unsigned char *nonce = i % 2 ? NULL : n;
    unsigned char *msg = m + i % 16;
    l = 301 + (unsigned int) (prng_next(&prng) % (sizeof m - 332));
    prng_fill(&prng, key, 32);
    prng_fill(&prng, n, 16);
    prng_fill(&prng, msg, l);
    reference_tag(want, key, nonce, msg, l);
    stream_beside_oneshot(key, nonce, msg, l, want);
    ncut = 1 + (unsigned int) (prng_next(&prng) % 8);
    for (j = 0; j < ncut; ++j) {
      size_t prev = j ? cut[j - 1] : 0, left = l - prev, step;
      switch (i % 4) {
      case 0: step = (size_t) (prng_next(&prng) % (left + 1)); break;        /* anywhere */
      case 1: step = (size_t) (prng_next(&prng) % 18); break;                /* 0 to 17 bytes */
      case 2: step = j % 2 ? 0 : left / 2; break;                            /* half, then nothing */
      default: step = 16 * (size_t) (prng_next(&prng) % 40) + (j % 3); break; /* blocks, plus 0-2 */
      }
      cut[j] = prev + (step > left ? left : step);
    }
    stream_tag(&st, key, nonce, msg, l, cut, ncut, want, "streamed in random pieces, length");
  }
}

/* the driver's buffer (common/stream.c collects updates up to a whole number of blocks before
   it calls the core): lengths on both sides of one, two and three buffers of 256, 512 and
   1024 bytes streamed in equal pieces of 1 to 1025 bytes after a first piece of 0, 1, 15 or
   33, so a piece ends on, just before and just after every buffer boundary; each tag against
   the reference, and the state zero after final */
static void check_stream_pieces(void)
{
  static const unsigned int pieces[] = { 1, 7, 15, 16, 17, 48, 63, 64, 65, 100, 255, 256, 257, 511, 512, 513, 1025 };
  static const unsigned int firsts[] = { 0, 1, 15, 33 };
  static const unsigned int lengths[] = { 255, 257, 511, 512, 513, 527, 1023, 1024, 1025, 1536, 1551, 2049, 3085 };
  static unsigned char m[3085 + 16];
  poly1305aes_state st;
  unsigned char key[32], want[16], tag[16];
  unsigned int li, pi, fi;
  uint64_t prng = 71;
  for (li = 0; li < sizeof lengths / sizeof lengths[0]; ++li) {
    unsigned int l = lengths[li];
    unsigned char *msg = m + li % 16;
    prng_fill(&prng, key, 32);
    prng_fill(&prng, msg, l);
    reference_tag(want, key, NULL, msg, l);
    for (fi = 0; fi < sizeof firsts / sizeof firsts[0]; ++fi)
      for (pi = 0; pi < sizeof pieces / sizeof pieces[0]; ++pi) {
        unsigned int at = firsts[fi] < l ? firsts[fi] : l, piece = pieces[pi];
        poly1305aes_onetimeauth_init(&st, key);
        poly1305aes_update(&st, msg, at);
        for (; at < l; at += piece) poly1305aes_update(&st, msg + at, l - at < piece ? l - at : piece);
        poly1305aes_final(&st, tag);
        if (!all_zero(&st)) fail("streamed in %u-byte pieces after %u: the state is not all zero after final, length %u",
                                 piece, firsts[fi], l);
        if (memcmp(tag, want, 16)) {
          fail("streamed in %u-byte pieces after a first of %u bytes: wrong tag, length %u", piece, firsts[fi], l);
          return;
        }
      }
  }
}

/* what the state promises: final_verify's verdicts and the zero state after it; states
   copied to other alignments and both continued; guard bytes around a state; two states
   interleaved; a stream keeps its path when a test forces another; the names */
static void check_stream_state(void)
{
  static union { unsigned char bytes[4 * sizeof(poly1305aes_state) + 64]; poly1305aes_state align; } area;
  static unsigned char m[1100];
  struct alignment { char c; poly1305aes_state st; };
  const size_t step = offsetof(struct alignment, st);   /* the state's alignment */
  poly1305aes_state a, b, *copy;
  unsigned char key[32], n[16], want[16], got[16], wrong[16];
  unsigned int l, i, at, bit;
  uint64_t prng = 67;
  prng_fill(&prng, m, sizeof m);
  for (l = 0; l <= 1024; l = l < 64 ? l + 1 : 2 * l + 11) {
    random_case(&prng, key, n, NULL, 0);
    ref_authenticate(want, key, n, m, l);
    /* final_verify: the right tag, and every single-bit change of it */
    for (bit = 0; bit <= 128; bit += l < 64 ? 128 : 1) {
      memcpy(wrong, want, 16);
      if (bit < 128) wrong[bit / 8] ^= (unsigned char) (1 << bit % 8);
      poly1305aes_init(&a, key, n);
      poly1305aes_update(&a, m, l / 3);
      poly1305aes_update(&a, m + l / 3, l - l / 3);
      if (poly1305aes_final_verify(&a, wrong) != (bit == 128)) fail("final_verify %s, length %u",
        bit == 128 ? "rejects the right tag" : "accepts a tag with a bit flipped", l);
      if (!all_zero(&a)) fail("the state is not all zero after final_verify, length %u", l);
    }
    /* a copy at every alignment the type allows, within 16 bytes: both go on */
    for (at = 0; at < 16 + step; at += (unsigned int) step) {
      copy = (poly1305aes_state *) (void *) (area.bytes + sizeof(poly1305aes_state) + at);
      poly1305aes_init(&a, key, n);
      poly1305aes_update(&a, m, (l + 1) / 2);
      memcpy(copy, &a, sizeof a);
      poly1305aes_update(copy, m + (l + 1) / 2, l - (l + 1) / 2);
      poly1305aes_final(copy, got);
      compare_tag(got, want, "a state copied mid-stream (the copy), length", (long) l);
      poly1305aes_update(&a, m + (l + 1) / 2, l - (l + 1) / 2);
      poly1305aes_final(&a, got);
      compare_tag(got, want, "a state copied mid-stream (the original), length", (long) l);
    }
    /* guard bytes on both sides of a state stay as they were */
    memset(area.bytes, 0xa5, sizeof area.bytes);
    copy = (poly1305aes_state *) (void *) (area.bytes + sizeof(poly1305aes_state));
    poly1305aes_init(copy, key, n);
    poly1305aes_update(copy, m, l);
    poly1305aes_final(copy, got);
    compare_tag(got, want, "a state between guard bytes, length", (long) l);
    for (i = 0; i < sizeof area.bytes; ++i)
      if ((i < sizeof(poly1305aes_state) || i >= 2 * sizeof(poly1305aes_state)) && area.bytes[i] != 0xa5) {
        fail("guard byte %d beside the state overwritten, length %u", (int) i - (int) sizeof(poly1305aes_state), l);
        break;
      }
    /* two states interleaved, byte by byte: a one-time key beside Poly1305-AES */
    {
      unsigned char key2[32], want2[16];
      prng_fill(&prng, key2, 32);
      ref_onetimeauth(want2, key2, m, l);
      poly1305aes_init(&a, key, n);
      poly1305aes_onetimeauth_init(&b, key2);
      for (i = 0; i < l; ++i) {
        poly1305aes_update(&a, m + i, 1);
        poly1305aes_update(&b, m + i, 1);
      }
      poly1305aes_final(&b, got);
      compare_tag(got, want2, "two states interleaved (one-time key), length", (long) l);
      poly1305aes_final(&a, got);
      compare_tag(got, want, "two states interleaved (key and nonce), length", (long) l);
    }
  }
#ifdef poly1305aes_path_name
  /* started on this path, the stream stays on it while a test forces each other path */
  {
    unsigned int other;
    char expect[128];
    for (other = 0; poly1305aes_path_name(other) != NULL; ++other) {
      if (other == path_index || !poly1305aes_path_use(other)) continue;
      poly1305aes_path_use(path_index);
      random_case(&prng, key, n, NULL, 0);
      ref_authenticate(want, key, n, m, 1000);
      poly1305aes_init(&a, key, n);
      poly1305aes_update(&a, m, 500);
      poly1305aes_path_use(other);
      poly1305aes_update(&a, m + 500, 500);
      poly1305aes_final(&a, got);
      compare_tag(got, want, "a stream started on this path, finished with another forced, path number", (long) other);
    }
    poly1305aes_path_use(path_index);
    if (poly1305aes_path_current() != path_index) fail("path_current() is %u, not the path in use (%u)",
                                                       poly1305aes_path_current(), path_index);
    snprintf(expect, sizeof expect, "%s %s", poly1305aes_implementation, path_name);
    if (strcmp(poly1305aes_implementation_name(), expect))
      fail("implementation_name() says '%s', not '%s'", poly1305aes_implementation_name(), expect);
  }
#else
  if (strncmp(poly1305aes_implementation_name(), poly1305aes_implementation " ", strlen(poly1305aes_implementation) + 1))
    fail("implementation_name() says '%s', which does not start '%s '", poly1305aes_implementation_name(),
         poly1305aes_implementation);
#endif
  if (strcmp(poly1305aes_version(), POLY1305AES_VERSION_EXPECTED))
    fail("version() says '%s', not '%s'", poly1305aes_version(), POLY1305AES_VERSION_EXPECTED);
}

/* RFC 8439: section 2.5.2 and appendix A.3's eleven vectors: key (r then s), message, tag */
static const char ietf_text[] = "Any submission to the IETF intended by the Contributor for publication as all or part "
  "of an IETF Internet-Draft or RFC and any statement made within the context of an IETF activity is considered an "
  "\"IETF Contribution\". Such statements include oral statements in IETF sessions, as well as written and "
  "electronic communications made at any time or place, which are addressed to";
static const struct { const char *key, *text, *hex, *tag; } rfc8439[] = {
  { "85d6be7857556d337f4452fe42d506a80103808afb0db2fd4abff6af4149f51b", "Cryptographic Forum Research Group",
    NULL, "a8061dc1305136c6c22b8baf0c0127a9" },
  { "0000000000000000000000000000000000000000000000000000000000000000", NULL,
    "00000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000"
    "000000000000000000", "00000000000000000000000000000000" },
  { "0000000000000000000000000000000036e5f6b5c5e06070f0efca96227a863e", ietf_text, NULL,
    "36e5f6b5c5e06070f0efca96227a863e" },
  { "36e5f6b5c5e06070f0efca96227a863e00000000000000000000000000000000", ietf_text, NULL,
    "f3477e7cd95417af89a6b8794c310cf0" },
  { "1c9240a5eb55d38af333888604f6b5f0473917c1402b80099dca5cbc207075c0", "'Twas brillig, and the slithy toves\n"
    "Did gyre and gimble in the wabe:\nAll mimsy were the borogoves,\nAnd the mome raths outgrabe.", NULL,
    "4541669a7eaaee61e708dc7cbcc5eb62" },
  { "0200000000000000000000000000000000000000000000000000000000000000", NULL, "ffffffffffffffffffffffffffffffff",
    "03000000000000000000000000000000" },
  { "02000000000000000000000000000000ffffffffffffffffffffffffffffffff", NULL, "02000000000000000000000000000000",
    "03000000000000000000000000000000" },
  { "0100000000000000000000000000000000000000000000000000000000000000", NULL,
    "fffffffffffffffffffffffffffffffff0ffffffffffffffffffffffffffffff11000000000000000000000000000000",
    "05000000000000000000000000000000" },
  { "0100000000000000000000000000000000000000000000000000000000000000", NULL,
    "fffffffffffffffffffffffffffffffffbfefefefefefefefefefefefefefefe01010101010101010101010101010101",
    "00000000000000000000000000000000" },
  { "0200000000000000000000000000000000000000000000000000000000000000", NULL, "fdffffffffffffffffffffffffffffff",
    "faffffffffffffffffffffffffffffff" },
  { "0100000000000000040000000000000000000000000000000000000000000000", NULL,
    "e33594d7505e43b900000000000000003394d7505e4379cd01000000000000000000000000000000000000000000000001000000000000"
    "000000000000000000", "14000000000000005500000000000000" },
  { "0100000000000000040000000000000000000000000000000000000000000000", NULL,
    "e33594d7505e43b900000000000000003394d7505e4379cd010000000000000000000000000000000000000000000000",
    "13000000000000000000000000000000" },
};

/* onetimeauth and onetimeauth_verify: RFC 8439's vectors (one-shot, and streamed split at every
   offset); lengths 0..1100 against the reference with r unclamped (the function clamps it);
   the same tag as authenticate with s = AES_k(n); a null empty message; out over the inputs */
static void check_onetime(void)
{
  static unsigned char m[1200], m2[1200];
  poly1305aes_state st;
  unsigned char key[32], kr[32], n[16], want[16], got[16], k2[32];
  size_t cut[1];
  unsigned int v, l, off;
  uint64_t prng = 71;
  for (v = 0; v < sizeof rfc8439 / sizeof rfc8439[0]; ++v) {
    size_t len = rfc8439[v].text ? strlen(rfc8439[v].text) : strlen(rfc8439[v].hex) / 2;
    hex_decode(key, 32, rfc8439[v].key);
    hex_decode(want, 16, rfc8439[v].tag);
    if (rfc8439[v].text) memcpy(m, rfc8439[v].text, len);
    else hex_decode(m, len, rfc8439[v].hex);
    poly1305aes_onetimeauth(got, key, m, len);
    compare_tag(got, want, v ? "RFC 8439 A.3 test vector #" : "RFC 8439 2.5.2 vector", (long) v);
    ref_onetimeauth(got, key, m, len);
    compare_tag(got, want, "the reference on RFC 8439's vector", (long) v);
    if (poly1305aes_onetimeauth_verify(want, key, m, len) != 1) fail("onetimeauth_verify rejects RFC 8439's vector %u", v);
    want[v] ^= 0x10;
    if (poly1305aes_onetimeauth_verify(want, key, m, len) != 0) fail("onetimeauth_verify accepts a changed tag, vector %u", v);
    want[v] ^= 0x10;
    for (cut[0] = 0; cut[0] <= len; ++cut[0])
      stream_tag(&st, key, NULL, m, len, cut, 1, want, "RFC 8439 vector streamed in two pieces, length");
  }
  for (l = 0; l <= 1100; ++l) {
    unsigned char *msg = m + l % 16;
    prng_fill(&prng, key, 32);
    prng_fill(&prng, msg, l);
    if (l % 3 == 1) memset(msg, 0xff, l), memset(key, 0xff, 32);
    ref_onetimeauth(want, key, msg, l);
    poly1305aes_onetimeauth(got, key, msg, l);
    compare_tag(got, want, "onetimeauth, r unclamped, length", (long) l);
    if (poly1305aes_onetimeauth_verify(want, key, msg, l) != 1) fail("onetimeauth_verify rejects the right tag, length %u", l);
    want[l % 16] ^= (unsigned char) (1 << l % 8);
    if (poly1305aes_onetimeauth_verify(want, key, msg, l) != 0) fail("onetimeauth_verify accepts a wrong tag, length %u", l);
    if (l % 50 == 0) {   /* Poly1305-AES is Poly1305 with s = AES_k(n) */
      random_case(&prng, kr, n, NULL, 0);
      onetime_key(key, kr, n);
      poly1305aes_authenticate(want, kr, n, msg, l);
      poly1305aes_onetimeauth(got, key, msg, l);
      compare_tag(got, want, "onetimeauth with s = AES_k(n) beside authenticate, length", (long) l);
    }
  }
  prng_fill(&prng, key, 32);
  ref_onetimeauth(want, key, NULL, 0);
  poly1305aes_onetimeauth(got, key, NULL, 0);
  compare_tag(got, want, "onetimeauth of an empty message at a null pointer, case", 0);
  if (poly1305aes_onetimeauth_verify(want, key, NULL, 0) != 1) fail("onetimeauth_verify rejects an empty message at a null pointer");
  for (l = 0; l < 200; l += 13) {   /* out over the key's r, its s, or the message */
    prng_fill(&prng, key, 32);
    prng_fill(&prng, m, l);
    ref_onetimeauth(want, key, m, l);
    for (off = 0; off <= 16; off += 16) {
      memcpy(k2, key, 32);
      poly1305aes_onetimeauth(k2 + off, k2, m, l);
      compare_tag(k2 + off, want, "onetimeauth's out over its key at offset", (long) off);
    }
    for (off = 0; l >= 16 && off + 16 <= l; off += 5) {
      memcpy(m2, m, l);
      poly1305aes_onetimeauth(m2 + off, key, m2, l);
      compare_tag(m2 + off, want, "onetimeauth's out over its message at offset", (long) off);
    }
  }
}

#if defined(__x86_64__) || defined(__i386__)
/* natively on x86: 2^32 + 37 bytes streamed, a 16-byte chunk repeated, in pieces of a
   megabyte and less from one buffer (a piece starts where the chunk's phase is) */
static void check_huge_stream(void)
{
  const unsigned long long total = (1ULL << 32) + 37;
  static const size_t pieces[] = { (1 << 20) - 3, 1, 15, 16, 65536 + 7, 1 << 20, 33, (1 << 20) - 16 };
  unsigned char kr[32], n[16], s[16], chunk[16], want[16], got[16];
  unsigned long long done = 0;
  poly1305aes_state st;
  uint64_t prng = 73;
  unsigned int i;
  random_case(&prng, kr, n, chunk, 16);
  for (i = 0; i < (1 << 20) + 32; ++i) big[i] = chunk[i % 16];
  aes_ref_encrypt(s, kr, n);
  repeated_chunk_tag(want, kr + 16, s, chunk, total);
  poly1305aes_init(&st, kr, n);
  for (i = 0; done < total; ++i) {
    size_t piece = pieces[i % (sizeof pieces / sizeof pieces[0])];
    if (piece > total - done) piece = (size_t) (total - done);
    poly1305aes_update(&st, big + done % 16, piece);
    done += piece;
  }
  poly1305aes_final(&st, got);
  compare_tag(got, want, "2^32 + 37 bytes streamed, in pieces", (long) i);
}
#else
static void check_huge_stream(void)
{
  printf("note: huge-stream: natively on x86 and x86-64 only\n");
}
#endif

#if defined(__x86_64__)
/* on x86-64: 2^32 + 21 zero bytes (zero pages, mapped lazily) in one onetimeauth call,
   and in one update */
static void check_huge_onetime(void)
{
  const size_t l = ((size_t) 1 << 32) + 21;
  unsigned char key[32], want[16], got[16];
  poly1305aes_state st;
  uint64_t prng = 79;
  unsigned char *m = mmap(NULL, l, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
  if (m == MAP_FAILED) { fail("cannot map %lu bytes", (unsigned long) l); return; }
  prng_fill(&prng, key, 32);
  repeated_chunk_tag(want, key, key + 16, NULL, l);
  poly1305aes_onetimeauth(got, key, m, l);
  compare_tag(got, want, "onetimeauth of 2^32 + 21 zero bytes in one call, case", 1);
  poly1305aes_onetimeauth_init(&st, key);
  poly1305aes_update(&st, m, l);
  poly1305aes_final(&st, got);
  compare_tag(got, want, "2^32 + 21 zero bytes in one update, case", 2);
  munmap(m, l);
}
#else
static void check_huge_onetime(void)
{
  printf("note: huge-onetime: on x86-64 only (a 2^32-byte size_t)\n");
}
#endif

/* ---- the version 1.2 API: many messages a call, expanded keys ---- */

#define MANY_MAX 100
#define MANY_LEN 4096
static unsigned char many_msgs[MANY_MAX][MANY_LEN + 16];

/* a batch of count messages: lengths 0..MANY_LEN mixed (short ones often), keys from a pool of
   `keys` (so keys repeat), nonces fresh; want[i] from one authenticate call each */
struct batch {
  unsigned char kr[MANY_MAX][32], n[MANY_MAX][16], want[MANY_MAX][16], got[MANY_MAX][16];
  const unsigned char *krp[MANY_MAX], *np[MANY_MAX], *mp[MANY_MAX];
  unsigned char *outp[MANY_MAX];
  size_t l[MANY_MAX];
};
static struct batch bt;

static void make_batch(uint64_t *prng, size_t count, size_t keys)
{
  size_t i;
  for (i = 0; i < count; ++i) {
    uint64_t x = prng_next(prng);
    size_t l = x % 4 == 0 ? (size_t) (x >> 8) % (MANY_LEN + 1) : (size_t) (x >> 8) % 80;
    if (i < keys) random_key(prng, bt.kr[i]);
    else memcpy(bt.kr[i], bt.kr[(size_t) (x >> 40) % keys], 32);
    prng_fill(prng, bt.n[i], 16);
    prng_fill(prng, many_msgs[i], l);
    bt.l[i] = l;
    bt.krp[i] = bt.kr[i], bt.np[i] = bt.n[i];
    bt.mp[i] = l == 0 && x % 3 == 0 ? NULL : many_msgs[i];   /* a null empty message now and then */
    bt.outp[i] = bt.got[i];
    poly1305aes_authenticate(bt.want[i], bt.kr[i], bt.n[i], bt.mp[i], (unsigned int) l);
  }
}

static void compare_batch(size_t count, const char *what)
{
  size_t i;
  for (i = 0; i < count; ++i) compare_tag(bt.outp[i], bt.want[i], what, (long) i);
}

static void check_many(void)
{
  static const size_t sizes[] = { 1, 2, 3, 7, 8, 16, 33, 64, 99, 100 };
  uint64_t prng = 83;
  unsigned char ok[MANY_MAX], key[MANY_MAX][32];
  const unsigned char *keyp[MANY_MAX], *ap[MANY_MAX];
  unsigned int s;
  size_t i, j, count;
  /* count 0: nothing read, nothing written */
  poly1305aes_authenticate_many(NULL, NULL, NULL, NULL, NULL, 0);
  poly1305aes_onetimeauth_many(NULL, NULL, NULL, NULL, 0);
  if (poly1305aes_verify_many(ok, NULL, NULL, NULL, NULL, NULL, 0) != 1) fail("verify_many of no message returns 0");
  for (s = 0; s < 2 * sizeof sizes / sizeof sizes[0]; ++s) {
    count = s < sizeof sizes / sizeof sizes[0] ? sizes[s] : 1 + (size_t) prng_next(&prng) % MANY_MAX;
    make_batch(&prng, count, 1 + (size_t) prng_next(&prng) % count);
    memset(bt.got, 0, sizeof bt.got);
    poly1305aes_authenticate_many(bt.outp, bt.krp, bt.np, bt.mp, bt.l, count);
    compare_batch(count, "authenticate_many beside authenticate, message");
    /* out[i] over message i's key, nonce or first bytes: written after message i is read */
    for (i = 0; i < count; ++i) {
      j = i % 3;
      bt.outp[i] = j == 0 ? bt.kr[i] + 16 * (i % 2) : j == 1 || bt.l[i] < 16 ? bt.n[i] : many_msgs[i] + bt.l[i] % 7;
      if (bt.outp[i] == many_msgs[i] + bt.l[i] % 7 && bt.l[i] < 16 + 7) bt.outp[i] = bt.n[i];
    }
    poly1305aes_authenticate_many(bt.outp, bt.krp, bt.np, bt.mp, bt.l, count);
    compare_batch(count, "authenticate_many, out over message i's inputs, message");
    /* verify_many: all right, then one tag wrong, then one message byte wrong */
    make_batch(&prng, count, 1 + (size_t) prng_next(&prng) % count);
    for (i = 0; i < count; ++i) ap[i] = bt.want[i];
    memset(ok, 7, sizeof ok);
    if (poly1305aes_verify_many(ok, ap, bt.krp, bt.np, bt.mp, bt.l, count) != 1) fail("verify_many rejects right tags (%lu)", (unsigned long) count);
    for (i = 0; i < count; ++i) if (ok[i] != 1) fail("verify_many: ok[%lu] = %u for a right tag", (unsigned long) i, ok[i]);
    j = (size_t) prng_next(&prng) % count;
    bt.want[j][prng_next(&prng) % 16] ^= (unsigned char) (1 << (prng_next(&prng) % 8));
    memset(ok, 7, sizeof ok);
    if (poly1305aes_verify_many(ok, ap, bt.krp, bt.np, bt.mp, bt.l, count) != 0) fail("verify_many accepts a wrong tag at %lu of %lu", (unsigned long) j, (unsigned long) count);
    for (i = 0; i < count; ++i) if (ok[i] != (i != j)) fail("verify_many, tag %lu wrong: ok[%lu] = %u", (unsigned long) j, (unsigned long) i, ok[i]);
    poly1305aes_authenticate(bt.want[j], bt.kr[j], bt.n[j], bt.mp[j], (unsigned int) bt.l[j]);
    for (j = 0; j < count && bt.l[j] == 0; ++j) {}
    if (j < count) {
      many_msgs[j][prng_next(&prng) % bt.l[j]] ^= 0x10;
      memset(ok, 7, sizeof ok);
      if (poly1305aes_verify_many(ok, ap, bt.krp, bt.np, bt.mp, bt.l, count) != 0) fail("verify_many accepts a changed message at %lu", (unsigned long) j);
      for (i = 0; i < count; ++i) if (ok[i] != (i != j)) fail("verify_many, message %lu changed: ok[%lu] = %u", (unsigned long) j, (unsigned long) i, ok[i]);
    }
    /* onetimeauth_many beside onetimeauth, keys repeated */
    make_batch(&prng, count, 1 + (size_t) prng_next(&prng) % count);
    for (i = 0; i < count; ++i) {
      if (i % 4 == 3) memcpy(key[i], key[i / 2], 32);
      else prng_fill(&prng, key[i], 32);
      keyp[i] = key[i];
    }
    for (i = 0; i < count; ++i) poly1305aes_onetimeauth(bt.want[i], key[i], bt.mp[i], bt.l[i]);
    memset(bt.got, 0, sizeof bt.got);
    poly1305aes_onetimeauth_many(bt.outp, keyp, bt.mp, bt.l, count);
    compare_batch(count, "onetimeauth_many beside onetimeauth, message");
  }
}

/* many-lanes: batches of short messages (where a path's many-message code groups them into lanes),
   lengths 0 to 143 mixed with some over 127 between them, keys repeated, counts that are not a
   multiple of any group; each out[i] in its own place, over its own key, or over a later
   message's key, r, nonce or bytes, or the tags one array with later keys and nonces taken from
   where earlier tags go: every byte after authenticate_many equal to count authenticate calls'
   in order of i on a copy of the same bytes; then verify_many beside verify calls the same way,
   its ok[] apart or over the messages; then many_lanes_edges (below) */
#define LANES_MAX 72
struct lanes_area {
  unsigned char kr[LANES_MAX][32], n[LANES_MAX][16], m[LANES_MAX][144], tag[LANES_MAX][16];
};
static struct lanes_area lanes_area[2];
static void many_lanes_edges(uint64_t *prng);

static void check_many_lanes(void)
{
  static const size_t counts[] = { 1, 3, 4, 5, 7, 8, 9, 11, 12, 15, 16, 17, 23, 24, 31, 33, 64, 71 };
  uint64_t prng = 1789;
  unsigned int mode;
  size_t c, i;
  for (mode = 0; mode < 4; ++mode)
    for (c = 0; c < sizeof counts / sizeof counts[0]; ++c) {
      size_t count = counts[c], l[LANES_MAX], target[LANES_MAX], from[LANES_MAX], d;
      unsigned char *outp[2][LANES_MAX], tag[16];
      const unsigned char *krp[2][LANES_MAX], *np[2][LANES_MAX], *mp[2][LANES_MAX];
      unsigned int copy;
      struct lanes_area *a = &lanes_area[0];
      for (i = 0; i < count; ++i) {
        uint64_t x = prng_next(&prng);
        l[i] = x % 6 == 0 ? 0 : x % 17 == 0 ? 128 + (size_t) (x >> 8) % 16 : (size_t) (x >> 8) % 128;
        if (i < 3 || x % 3) random_key(&prng, a->kr[i]);
        else memcpy(a->kr[i], a->kr[(size_t) (x >> 24) % i], 32);
        prng_fill(&prng, a->n[i], 16);
        prng_fill(&prng, a->m[i], sizeof a->m[i]);
        prng_fill(&prng, a->tag[i], 16);
        /* where out[i] goes: mode 0 its own place, 1 its own key or a later one's, 2 also a later
           message's nonce or bytes; mode 3 its own place (the tags one array, each out[i] 16 bytes
           after out[i - 1]: the layout a group's first test of overlaps takes), and about half the
           messages take their key or nonce from where a tag 1 to 3 messages earlier goes,
           shifted by -16..16 bytes (from[i]: 0, or the tag's distance, the shift and which) */
        d = 1 + (size_t) (x >> 32) % 8;
        target[i] = mode == 0 || mode == 3 || (x >> 40) % 4 == 0 ? 0
                    : i + d < count ? 1 + (size_t) (x >> 44) % (mode == 1 ? 2 : 4) : 5;
        target[i] = target[i] * LANES_MAX + (target[i] == 5 ? i : i + d);
        from[i] = mode == 3 && i >= 3 && (x >> 48) % 2 ? 1 + (x >> 49) % 3 + 4 * ((x >> 52) % 33) + 256 * ((x >> 58) % 2) : 0;
      }
      lanes_area[1] = lanes_area[0];
      for (copy = 0; copy < 2; ++copy) {
        struct lanes_area *b = &lanes_area[copy];
        for (i = 0; i < count; ++i) {
          size_t where = target[i] / LANES_MAX, j = target[i] % LANES_MAX;
          krp[copy][i] = b->kr[i], np[copy][i] = b->n[i];
          mp[copy][i] = l[i] == 0 && i % 2 ? NULL : b->m[i];
          outp[copy][i] = where == 0 ? b->tag[i] : where == 1 ? b->kr[j] : where == 2 ? b->kr[j] + 16
                          : where == 3 ? b->n[j] : where == 4 ? b->m[j] + 3 : b->kr[i];
          if (from[i]) {   /* mode 3: the key or nonce where tag i - d goes, shifted */
            const unsigned char *src = b->tag[i - from[i] % 4] + (int) (from[i] / 4 % 64) - 16;
            if (from[i] / 256) krp[copy][i] = src;
            else np[copy][i] = src;
          }
        }
      }
      for (i = 0; i < count; ++i) {   /* copy 0: one call each, in order */
        poly1305aes_authenticate(tag, krp[0][i], np[0][i], mp[0][i], (unsigned int) l[i]);
        memcpy(outp[0][i], tag, 16);
      }
      poly1305aes_authenticate_many(outp[1], krp[1], np[1], mp[1], l, count);
      if (memcmp(&lanes_area[0], &lanes_area[1], sizeof lanes_area[0])) {
        size_t at;
        for (at = 0; ((unsigned char *) &lanes_area[0])[at] == ((unsigned char *) &lanes_area[1])[at]; ++at) {}
        fail("authenticate_many of %lu short messages (out mode %u) differs from single calls in order at byte %lu of "
             "the batch's keys, nonces, messages and tags", (unsigned long) count, mode, (unsigned long) at);
      }
      /* verify_many beside verify: right tags with one or two wrong; ok[] apart (mode 0, 1) or over
         later messages' nonces (mode 2) */
      {
        const unsigned char *ap[2][LANES_MAX];
        unsigned char *ok[2], ok_apart[2][LANES_MAX];
        int all[2];
        lanes_area[0] = lanes_area[1];
        for (i = 0; i < count; ++i) {
          poly1305aes_authenticate(lanes_area[0].tag[i], krp[0][i], np[0][i], mp[0][i], (unsigned int) l[i]);
          if (i % 13 == count % 5) lanes_area[0].tag[i][i % 16] ^= 1;
        }
        lanes_area[1] = lanes_area[0];
        for (copy = 0; copy < 2; ++copy) {
          ok[copy] = mode == 2 ? lanes_area[copy].n[1] : ok_apart[copy];   /* ok[0..16) over nonce 1 */
          for (i = 0; i < count; ++i) ap[copy][i] = lanes_area[copy].tag[i];
        }
        all[0] = 1;
        for (i = 0; i < count; ++i) {   /* copy 0: one call each, in order */
          int v = poly1305aes_verify(ap[0][i], krp[0][i], np[0][i], mp[0][i], (unsigned int) l[i]);
          ok[0][i] = (unsigned char) v;
          all[0] &= v;
        }
        all[1] = poly1305aes_verify_many(ok[1], ap[1], krp[1], np[1], mp[1], l, count);
        if (all[0] != all[1] || memcmp(&lanes_area[0], &lanes_area[1], sizeof lanes_area[0])
            || (mode != 2 && memcmp(ok_apart[0], ok_apart[1], count)))
          fail("verify_many of %lu short messages (ok mode %u) differs from single verify calls in order",
               (unsigned long) count, mode);
      }
    }
  many_lanes_edges(&prng);
}

/* many-lanes' edges: the tags one array (out[i] 16 bytes after out[i - 1]), every key and nonce
   apart from them, all below the tags (side 0) or all above (side 1), but one: message j's key
   or nonce starts shift bytes from where message j - 1's tag goes, so that a group's first test
   of overlaps (one span against another) meets an input a byte into either end of its tags'
   span (shift -15 or 15: a span test short by any 1..15 bytes at that end passes it), or
   further in; every byte equal to single calls' in order of i */
struct edges_area {
  unsigned char kr_low[8][32], n_low[8][16], m[8][128], tag[8][16], kr_high[8][32], n_high[8][16];
};
static struct edges_area edges_area[2];

static void many_lanes_edges(uint64_t *prng)
{
  static const int shifts[] = { -15, -8, -1, 0, 1, 8, 15 };
  unsigned int count, side, j, which, i, copy, sh;
  size_t l[8];
  for (count = 4; count <= 8; count += 4)
    for (side = 0; side < 2; ++side)
      for (j = 1; j < count; ++j)
        for (which = 0; which < 2; ++which)
          for (sh = 0; sh < sizeof shifts / sizeof shifts[0]; ++sh) {
            const int shift = shifts[sh];
            unsigned char *outp[2][8], tag[16];
            const unsigned char *krp[2][8], *np[2][8], *mp[2][8];
            struct edges_area *a = &edges_area[0];
            for (i = 0; i < count; ++i) {
              l[i] = (size_t) (prng_next(prng) % 128);
              random_key(prng, a->kr_low[i]);
              memcpy(a->kr_high[i], a->kr_low[i], 32);
              prng_fill(prng, a->n_low[i], 16);
              memcpy(a->n_high[i], a->n_low[i], 16);
              prng_fill(prng, a->m[i], l[i]);
              prng_fill(prng, a->tag[i], 16);
            }
            edges_area[1] = edges_area[0];
            for (copy = 0; copy < 2; ++copy) {
              struct edges_area *b = &edges_area[copy];
              for (i = 0; i < count; ++i) {
                outp[copy][i] = b->tag[i];
                krp[copy][i] = side ? b->kr_high[i] : b->kr_low[i];
                np[copy][i] = side ? b->n_high[i] : b->n_low[i];
                mp[copy][i] = b->m[i];
              }
              if (which) np[copy][j] = b->tag[j - 1] + shift;
              else krp[copy][j] = b->tag[j - 1] + shift;
            }
            for (i = 0; i < count; ++i) {   /* copy 0: one call each, in order */
              poly1305aes_authenticate(tag, krp[0][i], np[0][i], mp[0][i], (unsigned int) l[i]);
              memcpy(outp[0][i], tag, 16);
            }
            poly1305aes_authenticate_many(outp[1], krp[1], np[1], mp[1], l, count);
            if (memcmp(&edges_area[0], &edges_area[1], sizeof edges_area[0]))
              fail("authenticate_many of %u short messages, the tags one array, message %u's %s %d bytes from tag %u "
                   "and the other inputs %s the tags: differs from single calls in order",
                   count, j, which ? "nonce" : "key", shift, j - 1, side ? "above" : "below");
          }
}

/* the bytes of a key expanded by the path in use, copied to another alignment: equal tags */
static unsigned char key_area[sizeof(poly1305aes_key) + 16];

static void expanded_beside_plain(const poly1305aes_key *ek, const unsigned char kr[32], uint64_t *prng,
                                  const char *what)
{
  static const unsigned int lengths[] = { 0, 1, 15, 16, 17, 64, 100, 255, 256, 1000, 1500, 4096 };
  unsigned char n[16], want[16], got[16];
  unsigned int i;
  for (i = 0; i < sizeof lengths / sizeof lengths[0]; ++i) {
    unsigned int l = lengths[i];
    prng_fill(prng, n, 16);
    prng_fill(prng, many_msgs[0], l);
    poly1305aes_authenticate(want, kr, n, many_msgs[0], l);
    memset(got, 0, 16);
    poly1305aes_authenticate_expanded(got, ek, n, many_msgs[0], l);
    compare_tag(got, want, what, (long) l);
    if (poly1305aes_verify_expanded(want, ek, n, many_msgs[0], l) != 1) fail("%s: verify_expanded rejects a right tag, length %u", what, l);
    want[l % 16] ^= 0x80;
    if (poly1305aes_verify_expanded(want, ek, n, many_msgs[0], l) != 0) fail("%s: verify_expanded accepts a wrong tag, length %u", what, l);
  }
}

static void check_expanded(void)
{
  unsigned char kr[32], n[16], want[16];
  poly1305aes_key ek, zero;
  uint64_t prng = 89;
  unsigned int k, i;
  for (k = 0; k < 8; ++k) {
    random_key(&prng, kr);
    if (k == 7) memset(kr, 0xff, 32);   /* unclamped: the bits clamping clears are ignored */
    poly1305aes_key_expand(&ek, kr);
    expanded_beside_plain(&ek, kr, &prng, "authenticate_expanded beside authenticate, length");
    memcpy(key_area + 8 * (k % 3), &ek, sizeof ek);   /* copied to another alignment */
    expanded_beside_plain((const poly1305aes_key *) (void *) (key_area + 8 * (k % 3)), kr, &prng,
                          "an expanded key copied elsewhere, length");
    /* out over the nonce */
    prng_fill(&prng, n, 16);
    poly1305aes_authenticate(want, kr, n, many_msgs[0], 40);
    poly1305aes_authenticate_expanded(n, &ek, n, many_msgs[0], 40);
    compare_tag(n, want, "authenticate_expanded, out over n, key", (long) k);
    poly1305aes_key_wipe(&ek);
    for (i = 0; i < sizeof ek; ++i)
      if (ek.opaque.bytes[i]) { fail("key_wipe left byte %u of the key", i); break; }
  }
  /* a key never expanded (zero bytes) and a wiped one fail closed: verify_expanded accepts no
     tag, neither the zero kr's nor all zeros (authenticate_expanded aborts: test/seqfuzz.py) */
  memset(&zero, 0, sizeof zero);
  memset(kr, 0, 32);
  for (k = 0; k < 2; ++k) {
    static const unsigned int lengths[] = { 0, 1, 16, 33, 64, 256, 1000 };
    if (k == 1) {   /* a key expanded, then wiped */
      random_key(&prng, kr);
      poly1305aes_key_expand(&zero, kr);
      poly1305aes_key_wipe(&zero);
      memset(kr, 0, 32);
    }
    for (i = 0; i < sizeof lengths / sizeof lengths[0]; ++i) {
      unsigned char none[16] = { 0 };
      prng_fill(&prng, n, 16);
      prng_fill(&prng, many_msgs[0], lengths[i]);
      poly1305aes_authenticate(want, kr, n, many_msgs[0], lengths[i]);
      if (poly1305aes_verify_expanded(want, &zero, n, many_msgs[0], lengths[i]) != 0)
        fail("verify_expanded accepts the zero kr's tag under a %s key, length %u", k ? "wiped" : "zeroed", lengths[i]);
      if (poly1305aes_verify_expanded(none, &zero, n, many_msgs[0], lengths[i]) != 0)
        fail("verify_expanded accepts the all-zero tag under a %s key, length %u", k ? "wiped" : "zeroed", lengths[i]);
    }
  }
  /* a key expanded from its own bytes (kr inside the key) */
  random_key(&prng, kr);
  memcpy(ek.opaque.bytes, kr, 32);
  poly1305aes_key_expand(&ek, ek.opaque.bytes);
  expanded_beside_plain(&ek, kr, &prng, "a key expanded from bytes inside it, length");
#ifdef poly1305aes_path_name
  /* a key expanded by each other path q used on this one, and this path's key on q */
  {
    unsigned int q;
    unsigned char got[16];
    const char *name;
    for (q = 0; (name = poly1305aes_path_name(q)) != NULL; ++q) {
      poly1305aes_key mine;
      if (q == path_index || !poly1305aes_path_use(q)) continue;
      random_key(&prng, kr);
      poly1305aes_key_expand(&ek, kr);
      poly1305aes_authenticate_expanded(got, &ek, n, many_msgs[0], 33);
      poly1305aes_path_use(path_index);
      poly1305aes_key_expand(&mine, kr);
      poly1305aes_authenticate(want, kr, n, many_msgs[0], 33);
      compare_tag(got, want, "a key expanded and used on another path, that path's number", (long) q);
      expanded_beside_plain(&ek, kr, &prng, "a key expanded by another path, length");
      poly1305aes_path_use(q);
      expanded_beside_plain(&mine, kr, &prng, "this path's key used on another path, length");
      poly1305aes_path_use(path_index);
    }
  }
#endif
}

#if defined(__x86_64__)
/* on x86-64: a batch holding 2^32 + 21 zero bytes (zero pages, mapped lazily) between short
   messages, and the same length through an expanded key */
static void check_huge_many(void)
{
  const size_t big_l = ((size_t) 1 << 32) + 21;
  unsigned char want[16], s[16];
  poly1305aes_key ek;
  uint64_t prng = 97;
  unsigned char *m = mmap(NULL, big_l, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
  if (m == MAP_FAILED) { fail("cannot map %lu bytes", (unsigned long) big_l); return; }
  make_batch(&prng, 3, 3);
  bt.mp[1] = m;
  bt.l[1] = big_l;
  aes_ref_encrypt(s, bt.kr[1], bt.n[1]);
  repeated_chunk_tag(bt.want[1], bt.kr[1] + 16, s, NULL, big_l);
  poly1305aes_authenticate_many(bt.outp, bt.krp, bt.np, bt.mp, bt.l, 3);
  compare_batch(3, "authenticate_many with 2^32 + 21 bytes as message 1, message");
  poly1305aes_key_expand(&ek, bt.kr[1]);
  poly1305aes_authenticate_expanded(want, &ek, bt.n[1], m, big_l);
  compare_tag(want, bt.want[1], "authenticate_expanded of 2^32 + 21 bytes, case", 1);
  munmap(m, big_l);
}
#else
static void check_huge_many(void)
{
  printf("note: huge-many: on x86-64 only (a 2^32-byte size_t)\n");
}
#endif

/* on_request: run only when named. The huge checks (test/run.sh's huge-messages step,
   and its clang and sanitizer builds run natively): 2 to 8 GiB each path, too long and too
   large for every candidate's self-test in the selector. long-chain-10010: the part of
   long-chain that test/run.sh's clang builds run under an emulator */
static const struct { const char *name; void (*run)(void); int on_request; } checks[] = {
  { "aes-reference", check_aes_reference, 0 },
  { "ref-repeated", check_repeated_chunks, 0 },
  { "paper", check_paper, 0 },
  { "chain", check_chain, 0 },
  { "long-chain", check_long_chain, 0 },
  { "long-chain-10010", check_long_chain_10010, 1 },
  { "vectors", check_vectors, 0 },
  { "lengths", check_lengths, 0 },
  { "all-ff", check_ff, 0 },
  { "r-zero", check_r_zero, 0 },
  { "unclamped", check_unclamped, 0 },
  { "guards-inputs", check_guards_and_inputs, 0 },
  { "overlap", check_overlap, 0 },
  { "alignment", check_alignment, 0 },
  { "verify", check_verify, 0 },
  { "clamp", check_clamp, 0 },
  { "deterministic", check_deterministic, 0 },
  { "null-message", check_null_message, 0 },
  { "prefix", check_prefix, 0 },
  { "near", check_near, 0 },
  { "freeze", check_freeze, 0 },
  { "offsets", check_offsets, 0 },
  { "pages", check_pages, 0 },
  { "huge", check_huge, 1 },
  { "fpmodes", check_fpmodes, 0 },
  { "threads", check_threads, 0 },
  { "core", check_core, 0 },
  { "stream", check_stream, 0 },
  { "stream-pieces", check_stream_pieces, 0 },
  { "stream-state", check_stream_state, 0 },
  { "onetime", check_onetime, 0 },
  { "many", check_many, 0 },
  { "many-lanes", check_many_lanes, 0 },
  { "expanded", check_expanded, 0 },
  { "huge-stream", check_huge_stream, 1 },
  { "huge-onetime", check_huge_onetime, 1 },
  { "huge-many", check_huge_many, 1 },
};

/* name is one of the comma-separated names in list */
static int listed(const char *name, const char *list)
{
  size_t len = strlen(name);
  for (;;) {
    if (strncmp(list, name, len) == 0 && (list[len] == ',' || list[len] == 0)) return 1;
    list = strchr(list, ',');
    if (!list) return 0;
    ++list;
  }
}

/* check c is to run: named in only; or only is NULL or has a "-" item, c is
   not run only on request, and only does not name it with a "-" */
static int wanted(unsigned int c, const char *only)
{
  char minus[64];
  if (only && listed(checks[c].name, only)) return 1;
  if (only && only[0] != '-' && !strstr(only, ",-")) return 0;
  snprintf(minus, sizeof minus, "-%s", checks[c].name);
  return !checks[c].on_request && !(only && listed(minus, only));
}

/* every check only asks for (wanted) on the path in use; returns how many ran */
static unsigned int run_checks(const char *only)
{
  unsigned int c, run = 0;
  for (c = 0; c < sizeof checks / sizeof checks[0]; ++c) {
    if (!wanted(c, only)) continue;
    check_name = checks[c].name;
    check_failed = 0;
    printf("run %s\n", check_name);   /* the last line if the check crashes */
    checks[c].run();
    if (check_failed) ++failed_checks;
    else printf("ok %s\n", check_name);
    ++run;
  }
  return run;
}

int main(int argc, char **argv)
{
  unsigned int run = 0, paths = 0;
  char tested[256] = "", lacking[256] = "";
  const char *only = argc > 2 ? argv[2] : NULL;
  if (argc < 2) {
    fprintf(stderr, "usage: %s VECTORS [[-]check-name,...]\n", argv[0]);
    return 2;
  }
  vectors_path = argv[1];
  setvbuf(stdout, NULL, _IOLBF, 0);
  printf("testing %s on %s\n", poly1305aes_implementation, POLY1305AES_TARGET);
  if (!only) {
    unsigned int c;
    for (c = 0; c < sizeof checks / sizeof checks[0]; ++c)
      if (checks[c].on_request) printf("note: check %s runs when named (make test names it)\n", checks[c].name);
  }
#ifdef poly1305aes_path_name   /* the namespaced header: every path of the dispatcher */
  {
    unsigned int p;
    printf("default path %s\n", poly1305aes_path());   /* what calls run here unless forced (the selector reads it) */
    for (p = 0; (path_name = poly1305aes_path_name(p)) != NULL; ++p) {
      path_index = p;
      if (!poly1305aes_path_use(p)) {
        printf("note: path %s: this CPU cannot run it, so it is not tested here\n", path_name);
        snprintf(lacking + strlen(lacking), sizeof lacking - strlen(lacking), " %s", path_name);
        continue;
      }
      printf("path %s\n", path_name);
      if (strcmp(poly1305aes_path(), path_name)) {
        printf("FAIL path-use (path %s): the library runs path %s instead\n", path_name, poly1305aes_path());
        ++failed_checks;
      }
      run += run_checks(only);
      snprintf(tested + strlen(tested), sizeof tested - strlen(tested), " %s", path_name);
      ++paths;
    }
  }
#else
  printf("path installed (the library's own choice)\n");
  run = run_checks(only);
  strcpy(tested, " installed");
  paths = 1;
#endif
  if (run == 0) { printf("FAIL: no check matches '%s', or no path runs here\n", only ? only : ""); return 1; }
  printf("%s: %u checks on %u path(s), %d failed; paths tested:%s%s%s\n", failed_checks ? "FAIL" : "PASS", run,
         paths, failed_checks, tested, *lacking ? "; this CPU cannot run:" : "", lacking);
  return failed_checks ? 1 : 0;
}
