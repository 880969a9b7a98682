/* SPDX-License-Identifier: CC0-1.0 */
/* poly1305aes_53: portable C99. Assumes IEEE-754 binary64 doubles evaluated
   at 53 bits (FLT_EVAL_METHOD 0 or 1; on x87 the precision is set to 53 bits
   here and the caller's control word restored), any rounding mode, and
   uint64_t with the byte order of double. Correct because every product and
   sum below is exact: bounds.py proves it for both loops entered from any
   state the core's calls leave, with >= 0.14 bits of mantissa to spare
   everywhere (0.98 in one chain), even with directed rounding (and the four
   lanes' sum 0.5 bits inside what finish() takes).

   The core (common/core.h): start, blocks, finish and aes on an 80-byte
   state, h as one chain's slots (A_k, B_k: the products of a block before
   their carries; h = their sum) and r's clamped words. blocks runs one
   chain, or four above LANES_FROM bytes (h, carried, joins the first
   chunk; the lanes' sum goes back as slots); authenticate, and onetime
   (onetimeauth's fused code: the key r || s, no AES), are the same code,
   inlined, with the padded tail in the same loop and FP mode set once.

   h is held as pieces H_0..H_3, doubles with explicit weights: H_k is a
   multiple of 2^(32k). A multiplier is held as two digits of each of its
   32-bit words; piece i times word j lands in slot (i + j) mod 4, times
   5 * 2^-130 when it passes 2^128 (2^130 = 5 mod p, exact because the words
   j >= 1 of every multiplier are multiples of 4). Adding and subtracting
   alpha = 3 * 2^(51+b) rounds a slot to a multiple of 2^b (b = 32k + 32; 130
   for k = 3); the rounded part moves up a piece, the remainder stays.

   hash_by_r, everywhere: one Horner chain times the clamped r, whose 28-bit
   words split at bit 15 keep each slot exact with one rounding; the next
   chunk's words join the carries, off the path from slot to piece. With
   GCC or clang and SSE2 its two slots of each piece share a register.
   hash_by_powers, there too, above LANES_FROM bytes: four chains, two per
   SSE2 state, each times r^4 and at the end by r^4..r. r^e fills 130 bits,
   so it is recoded into signed digits (bits 0, 18, 34, 50, ...) and a step
   rounds twice. The chains overlap one another's latency.

   AES-128 of the nonce uses one 2 KiB table (entry x: 2S S S 3S 2S S S 3S)
   with the key expansion merged into the rounds. Table lookups are indexed
   by key and nonce bytes: not constant-time against cache timing. Every
   branch and every other memory index depends only on the length (except
   in POLY1305AES_CHECKED builds, for tests, which stop on a bad value). */
#include <float.h>
#include <stdint.h>
#include <string.h>
#include "namespace.h"
#include "wipe.h"

#if defined(__FAST_MATH__)
#error "poly1305aes_53 needs exact IEEE arithmetic: do not compile it with -ffast-math"
#endif
#if defined(__i386__) && !defined(__SSE2_MATH__)
#define X87 1   /* doubles live in x87 registers: set 53-bit precision below */
#elif !defined(FLT_EVAL_METHOD) || (FLT_EVAL_METHOD != 0 && FLT_EVAL_METHOD != 1)
#error "poly1305aes_53 needs doubles evaluated in double precision (FLT_EVAL_METHOD 0 or 1)"
#endif
#if !defined(__BYTE_ORDER__) || !defined(__ORDER_LITTLE_ENDIAN__) || !defined(__ORDER_BIG_ENDIAN__)
#error "poly1305aes_53 reads the byte order from __BYTE_ORDER__"
#endif
#define LITTLE_ENDIAN_WORDS (__BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__)

/* one_chain's loop is inlined where it is called (authenticate and the
   core's blocks): out of line, gcc 12 for i386 keeps the x87 chain's values
   in memory (20% slower at 8 KiB). Its chunk reader, set-up, the carry of
   the state and finish (CHAIN) too, except on the x87: with two call sites
   gcc leaves them out of line (ppc32, sparc64, arm64: up to 25% more
   instructions), but on the x87 forcing them made the loop 41% slower at
   8 KiB and 16 bytes 9% slower (x86, rdtsc). The four chains' loop is not
   inlined: its frame would be authenticate's at every length, and short
   messages would wipe all of it. */
#if defined(__GNUC__)
#define LOOP static inline __attribute__((always_inline))
#define OUT_OF_LINE __attribute__((noinline))   /* every secret of a call in its frame and below */
#else
#define LOOP static
#define OUT_OF_LINE
#endif
#if X87
#define CHAIN static
#else
#define CHAIN LOOP
#endif

/* POLY1305AES_CHECKED (the sanitizer and fuzzing builds): stop at once when a
   value is outside what bounds.py takes as given. Only these builds call a
   library function (abort) or branch on a secret. */
#if defined(POLY1305AES_CHECKED)
#include <stdlib.h>
#define ASSUMED(x) do { if (!(x)) abort(); } while (0)
#else
#define ASSUMED(x) ((void) 0)
#endif

#define aes_table CRYPTO_NAMESPACE(aes_table)
extern const unsigned char aes_table[2048];
#define TABLE aes_table

static uint32_t load32(const unsigned char *p)
{
  uint32_t w;
  memcpy(&w, p, 4);
  return w;
}

static uint32_t load32_le(const unsigned char *p)
{
  return (uint32_t) p[0] | (uint32_t) p[1] << 8 | (uint32_t) p[2] << 16 | (uint32_t) p[3] << 24;
}

static void store32_le(unsigned char *p, uint32_t w)
{
  p[0] = (unsigned char) w;
  p[1] = (unsigned char) (w >> 8);
  p[2] = (unsigned char) (w >> 16);
  p[3] = (unsigned char) (w >> 24);
}

/* ---- AES-128 ----
   Words hold 4 bytes of the state in memory order, loaded natively; BYTE(w, p)
   is the byte at memory position p. Table entry x is the 8 bytes
   2S S S 3S 2S S S 3S (S = S[x]): the 4 bytes at entry offset 0, 3, 2, 1 are
   the MixColumns contribution of input row 0, 1, 2, 3, in memory order. */
#if LITTLE_ENDIAN_WORDS
#define BYTE(w, p) (((w) >> (8 * (p))) & 255)
#define ROTATE_UP(w, p) ((w) << (8 * (p)) | (w) >> (32 - 8 * (p)))   /* byte i moves to i+p */
#else
#define BYTE(w, p) (((w) >> (24 - 8 * (p))) & 255)
#define ROTATE_UP(w, p) ((w) >> (8 * (p)) | (w) << (32 - 8 * (p)))
#endif

#if defined(__i386__) || defined(__x86_64__)
/* unaligned loads cost nothing extra here: each row is one load */
#define ROW(x, row) load32(TABLE + 8 * (x) + (4 - (row)) % 4)
#else
/* aligned loads only: row r is row 0 with its bytes moved up r positions */
#define ROW(x, row) row_rotated(load32(TABLE + 8 * (x)), row)
static uint32_t row_rotated(uint32_t w, int row)
{
  return row == 0 ? w : row == 1 ? ROTATE_UP(w, 1) : row == 2 ? ROTATE_UP(w, 2) : ROTATE_UP(w, 3);
}
#endif
/* the S-box byte of x at memory position p of a word: entry byte 1 is S[x] */
#define SBOX_AT(x, p) ((uint32_t) TABLE[8 * (x) + 1] << (LITTLE_ENDIAN_WORDS ? 8 * (p) : 24 - 8 * (p)))

#define ROUND(y0, y1, y2, y3, x0, x1, x2, x3, k0, k1, k2, k3) \
  y0 = ROW(BYTE(x0, 0), 0) ^ ROW(BYTE(x1, 1), 1) ^ ROW(BYTE(x2, 2), 2) ^ ROW(BYTE(x3, 3), 3) ^ k0; \
  y1 = ROW(BYTE(x1, 0), 0) ^ ROW(BYTE(x2, 1), 1) ^ ROW(BYTE(x3, 2), 2) ^ ROW(BYTE(x0, 3), 3) ^ k1; \
  y2 = ROW(BYTE(x2, 0), 0) ^ ROW(BYTE(x3, 1), 1) ^ ROW(BYTE(x0, 2), 2) ^ ROW(BYTE(x1, 3), 3) ^ k2; \
  y3 = ROW(BYTE(x3, 0), 0) ^ ROW(BYTE(x0, 1), 1) ^ ROW(BYTE(x1, 2), 2) ^ ROW(BYTE(x2, 3), 3) ^ k3

/* next round key: k0 ^= SubWord(RotWord(k3)) ^ rcon, then the running xors */
#define EXPAND(k0, k1, k2, k3, rcon) \
  k0 ^= SBOX_AT(BYTE(k3, 1), 0) ^ SBOX_AT(BYTE(k3, 2), 1) ^ SBOX_AT(BYTE(k3, 3), 2) \
      ^ SBOX_AT(BYTE(k3, 0), 3) ^ ((uint32_t) (rcon) << (LITTLE_ENDIAN_WORDS ? 0 : 24)); \
  k1 ^= k0; k2 ^= k1; k3 ^= k2

#if defined(__GNUC__)
/* out of line: inlined, its registers depend on the caller's code, and on
   i386 gcc then kept key words in read-modify-write chains on the stack
   (slower: doc/results/x86.md, "Figures from the source headers") */
__attribute__((noinline))
#endif
static void aes128(unsigned char out[16], const unsigned char k[16], const unsigned char n[16])
{
  uint32_t k0 = load32(k), k1 = load32(k + 4), k2 = load32(k + 8), k3 = load32(k + 12);
  uint32_t x0 = load32(n) ^ k0, x1 = load32(n + 4) ^ k1, x2 = load32(n + 8) ^ k2, x3 = load32(n + 12) ^ k3;
  uint32_t y0, y1, y2, y3;
  static const unsigned char rcon[10] = { 1, 2, 4, 8, 16, 32, 64, 128, 0x1b, 0x36 };
  int round;

  for (round = 0; round < 9; round += 1) {
    EXPAND(k0, k1, k2, k3, rcon[round]);
    ROUND(y0, y1, y2, y3, x0, x1, x2, x3, k0, k1, k2, k3);
    x0 = y0; x1 = y1; x2 = y2; x3 = y3;
  }
  EXPAND(k0, k1, k2, k3, rcon[9]);
  y0 = SBOX_AT(BYTE(x0, 0), 0) ^ SBOX_AT(BYTE(x1, 1), 1) ^ SBOX_AT(BYTE(x2, 2), 2) ^ SBOX_AT(BYTE(x3, 3), 3) ^ k0;
  y1 = SBOX_AT(BYTE(x1, 0), 0) ^ SBOX_AT(BYTE(x2, 1), 1) ^ SBOX_AT(BYTE(x3, 2), 2) ^ SBOX_AT(BYTE(x0, 3), 3) ^ k1;
  y2 = SBOX_AT(BYTE(x2, 0), 0) ^ SBOX_AT(BYTE(x3, 1), 1) ^ SBOX_AT(BYTE(x0, 2), 2) ^ SBOX_AT(BYTE(x1, 3), 3) ^ k2;
  y3 = SBOX_AT(BYTE(x3, 0), 0) ^ SBOX_AT(BYTE(x0, 1), 1) ^ SBOX_AT(BYTE(x1, 2), 2) ^ SBOX_AT(BYTE(x2, 3), 3) ^ k3;
  memcpy(out, &y0, 4);
  memcpy(out + 4, &y1, 4);
  memcpy(out + 8, &y2, 4);
  memcpy(out + 12, &y3, 4);
}

/* ---- Poly1305 in doubles ---- */

/* 2^e as a double, exactly, for -1022 <= e <= 1023 */
static double power2(int e)
{
  uint64_t bits = (uint64_t) (1023 + e) << 52;
  double d;
  memcpy(&d, &bits, 8);
  return d;
}

/* w * 2^(32k) + 2^(52+32k), word w placed in the mantissa of a double, has
   the biased exponent PLACED(k) */
#define PLACED(k) (1023 + 52 + 32 * (k))

/* x, an integer with |x| < 2^51, as an int64_t, with no conversion
   instruction or library call: 32-bit PowerPC converts a double through
   libgcc's __fixdfdi, which branches on the sign (tools/tracecheck.py saw
   it). x + 1.5 2^52 lies in [2^52, 2^53), where the spacing is 1: exact in
   any rounding mode, and its low mantissa bits are 2^51 + x. */
static int64_t to_int64(double x)
{
  double t = x + 6755399441055744.0;
  uint64_t bits;
  memcpy(&bits, &t, 8);
  return (int64_t) (bits - 0x4338000000000000ULL);
}

/* h = sum piece[k], |piece[k] / 2^(32k)| < 2^36.5 (so 0 < h + 8p < 2^134):
   reduce mod p, add s mod 2^128 */
static void finish(unsigned char out[16], const double piece[4], const unsigned char s[16])
{
  int64_t h[4];
  uint64_t w[4], t, carrybits, g[4], select;
  int64_t acc;
  int k;
  for (k = 0; k < 4; ++k) {
    ASSUMED(piece[k] * power2(-32 * k) > -1.41 * power2(36) && piece[k] * power2(-32 * k) < 1.41 * power2(36));
    h[k] = to_int64(piece[k] * power2(-32 * k));
  }
  /* add 8p = 2^133 - 40 so the sum is positive, then take 32-bit words */
  acc = h[0] - 40;
  for (k = 0; k < 4; ++k) {
    if (k > 0) acc += h[k];
    if (k == 3) acc += (int64_t) 1 << 37;
    w[k] = (uint64_t) acc & 0xffffffff;
    /* (acc - w) / 2^32, exact (a multiple of 2^32, |acc| < 2^62), without a signed
       division: gcc 12 for s390x rounds one toward zero with a branch on the sign
       (tools/tracecheck.py saw it). Biased by 2^63 it is an unsigned shift. */
    acc = (int64_t) (((uint64_t) acc - w[k] + ((uint64_t) 1 << 63)) >> 32) - ((int64_t) 1 << 31);
  }
  /* acc (0 <= acc < 2^7) is the part at 2^128 and above; fold 2^130 = 5 */
  t = (uint64_t) acc;
  carrybits = (t >> 2) * 5;
  t &= 3;
  for (k = 0; k < 4; ++k) {
    carrybits += w[k];
    w[k] = carrybits & 0xffffffff;
    carrybits >>= 32;
  }
  t += carrybits;          /* h = w + t * 2^128 < 2^130 + 2^8 < 2p */
  /* g = h + 5 - 2^130; keep g when it is not negative */
  carrybits = 5;
  for (k = 0; k < 4; ++k) {
    carrybits += w[k];
    g[k] = carrybits & 0xffffffff;
    carrybits >>= 32;
  }
  select = 0 - ((t + carrybits) >> 2);   /* all ones when h + 5 >= 2^130 */
  carrybits = 0;
  for (k = 0; k < 4; ++k) {
    carrybits += ((g[k] & select) | (w[k] & ~select)) + load32_le(s + 4 * k);
    store32_le(out + 4 * k, (uint32_t) carrybits);
    carrybits >>= 32;
  }
}

/* A multiplier is held as two digits of each 32-bit word j, lo_j and hi_j,
   times their weights, and the same times 5 * 2^-130 (the _down tables).
   Piece i times word j lands in slot k = (i + j) mod 4; when i > k it has
   weight 2^128 or more and comes back down times 5 * 2^-130, as 2^130 = 5
   mod p (exact: the words j >= 1 of every multiplier are multiples of 4). */
#define MULTIPLIER(t, i, k) ((i) > (k) ? t##_down[((k) - (i)) & 3] : t[((k) - (i)) & 3])

static double wrap(void)
{
  return 5 * power2(-130);
}

/* 3 * 2^(51 + b): adding and subtracting it rounds slot k to a multiple of
   2^b, b = 32k + 32, or 130 for k = 3 */
static double alpha(int k)
{
  return 3 * power2(51 + (k == 3 ? 130 : 32 * k + 32));
}

/* what placed(w, k) adds, less the pad bit 2^128 of a full chunk */
static double offset(int k, int full)
{
  return power2(52 + 32 * k) - (full && k == 3 ? power2(128) : 0);
}

static void load_r(uint32_t r[4], const unsigned char rbytes[16])
{
  static const uint32_t clamp[4] = { 0x0fffffff, 0x0ffffffc, 0x0ffffffc, 0x0ffffffc };
  int j;
  for (j = 0; j < 4; ++j) r[j] = load32_le(rbytes + 4 * j) & clamp[j];
}

/* ---- one Horner chain, scalar (bounds.py: one_chain) ----
   Each clamped word r_j < 2^28 is split at bit SPLIT into lo_j and hi_j; a
   chunk multiplies the four pieces by the eight halves into slots A_k (lo)
   and B_k (hi), each rounded once at its boundary. */
#define SPLIT 15

struct r_multiplier {
  double lo[4], hi[4], lo_down[4], hi_down[4];   /* see MULTIPLIER */
  double alpha[4];
  double full[4], last[4];     /* offset() of a full and of a padded last chunk */
};

#if defined(POLY1305AES_CHECKED)
/* |h_k / 2^(32k)| below what bounds.py prints for one_chain (2^34.35, 2^35.57) */
static int within_one_chain(double h, int k)
{
  double bound = k == 3 ? 1.5 * power2(131) : 1.33 * power2(32 * k + 34);
  return h > -bound && h < bound;
}
#endif

CHAIN void r_setup(struct r_multiplier *key, const uint32_t r[4])
{
  int j;
  for (j = 0; j < 4; ++j) {
    key->lo[j] = (double) (r[j] & ((1u << SPLIT) - 1)) * power2(32 * j);
    key->hi[j] = (double) (r[j] >> SPLIT) * power2(32 * j + SPLIT);
    key->lo_down[j] = key->lo[j] * wrap();
    key->hi_down[j] = key->hi[j] * wrap();
    key->alpha[j] = alpha(j);
    key->full[j] = offset(j, 1);
    key->last[j] = offset(j, 0);
  }
}

/* the last chunk, len < 16 bytes, then the pad byte 1, then zeros */
static const unsigned char *pad_last(unsigned char padded[16], const unsigned char *chunk, unsigned int len)
{
  unsigned int i;
  /* one loop, so no compiler makes it a libc memcpy: the library calls nothing */
  for (i = 0; i < 16; ++i) padded[i] = i < len ? chunk[i] : (unsigned char) (i == len);
  return padded;
}

static double placed(uint32_t w, int k)
{
  uint64_t bits = (uint64_t) PLACED(k) << 52 | w;
  double d;
  memcpy(&d, &bits, 8);
  return d;
}

/* what one call absorbs: nblocks whole 16-byte blocks at m, each with the
   pad bit 2^128 when pad is 1, then, unless tail is NULL, the padded last
   chunk at tail (no pad bit: its 1 byte is in it) */
struct input {
  const unsigned char *m;
  size_t nblocks;
  unsigned int pad;
  const unsigned char *tail;
};

/* next_chunk's cursor: the input, and the offsets of its whole blocks */
struct cursor {
  const unsigned char *m, *tail;
  size_t nblocks;
  const double *offset;
};

static struct cursor cursor(const struct input *in, const struct r_multiplier *key)
{
  struct cursor c;
  c.m = in->m;
  c.tail = in->tail;
  c.nblocks = in->nblocks;
  c.offset = in->pad ? key->full : key->last;
  return c;
}

/* The next chunk as w_0..w_3, w_k = word k * 2^(32k) (pad bit included), each
   to be added to piece k. Returns 0 when there is none. */
CHAIN int next_chunk(double w[4], struct cursor *in, const struct r_multiplier *key)
{
  const unsigned char *chunk;
  const double *offset;
  int k;
  if (in->nblocks) {
    chunk = in->m;
    in->m += 16;
    in->nblocks -= 1;
    offset = in->offset;
  } else if (in->tail) {
    chunk = in->tail;
    in->tail = 0;
    offset = key->last;
  } else {
    return 0;
  }
  for (k = 0; k < 4; ++k) w[k] = placed(load32_le(chunk + 4 * k), k) - offset[k];
  return 1;
}

/* one_chain's carry, h_k from the slots a_k, b_k (A_k, B_k) and the words
   w_k: each slot rounded at its boundary, the rounded part moved up a piece
   (from slot 3 times 5 * 2^-130), the chunk added off the path from a_k to
   h_k. The scalar loop and settle() share it. */
#define CARRY_SLOTS(key, down, w) \
  do { \
    double ca0 = (a0 + key->alpha[0]) - key->alpha[0], cb0 = (b0 + key->alpha[0]) - key->alpha[0]; \
    double ca1 = (a1 + key->alpha[1]) - key->alpha[1], cb1 = (b1 + key->alpha[1]) - key->alpha[1]; \
    double ca2 = (a2 + key->alpha[2]) - key->alpha[2], cb2 = (b2 + key->alpha[2]) - key->alpha[2]; \
    double ca3 = (a3 + key->alpha[3]) - key->alpha[3], cb3 = (b3 + key->alpha[3]) - key->alpha[3]; \
    h0 = ((a0 - ca0) + (b0 - cb0)) + ((ca3 + cb3) * (down) + (w)[0]); \
    h1 = ((a1 - ca1) + (b1 - cb1)) + ((ca0 + cb0) + (w)[1]); \
    h2 = ((a2 - ca2) + (b2 - cb2)) + ((ca1 + cb1) + (w)[2]); \
    h3 = ((a3 - ca3) + (b3 - cb3)) + ((ca2 + cb2) + (w)[3]); \
  } while (0)

/* h as pieces from the slots the state holds (one_chain's carry with no
   chunk): |piece[k] / 2^(32k)| below one_chain's piece bound (bounds.py) */
CHAIN void settle(double piece[4], const double slot[8])
{
  const double a0 = slot[0], b0 = slot[1], a1 = slot[2], b1 = slot[3];
  const double a2 = slot[4], b2 = slot[5], a3 = slot[6], b3 = slot[7];
  static const double none[4];
  double h0, h1, h2, h3;
  const struct { double alpha[4]; } constants = { { alpha(0), alpha(1), alpha(2), alpha(3) } }, *key = &constants;
  CARRY_SLOTS(key, wrap(), none);
  ASSUMED(within_one_chain(h0, 0) && within_one_chain(h1, 1) && within_one_chain(h2, 2) && within_one_chain(h3, 3));
  piece[0] = h0;
  piece[1] = h1;
  piece[2] = h2;
  piece[3] = h3;
}

#if defined(__GNUC__) && defined(__SSE2__)
#define LANES 1   /* SSE2: hash_by_r in lane pairs, and hash_by_powers */
#include <emmintrin.h>

/* slot[2k], slot[2k + 1] = A_k, B_k, in and out (fresh: known to be 0,
   after start); each chunk: h = the slots carried + the chunk,
   |h_k / 2^(32k)| < 2^35.6, then the slots = h r.
   The same arithmetic as the scalar loop below, A_k in lane 0 and B_k in lane 1. */
LOOP void hash_by_r(double slot[8], const uint32_t r[4], const struct input *input, int fresh)
{
  struct r_multiplier multiplier, *key = &multiplier;   /* local: nothing the loop stores aliases it */
  struct cursor at, *in = &at;
  __m128d by[4][4], s[4], t[4], c[4], h[4], alpha[4];   /* by[i][k]: (lo, hi) taking piece i to slot k */
  const __m128d down = _mm_set1_pd(wrap());
  double w[4];
  int i, k;
  r_setup(key, r);
  at = cursor(input, key);
  for (i = 0; i < 4; ++i)
    for (k = 0; k < 4; ++k) by[i][k] = _mm_set_pd(MULTIPLIER(key->hi, i, k), MULTIPLIER(key->lo, i, k));
  for (k = 0; k < 4; ++k) {
    alpha[k] = _mm_set1_pd(key->alpha[k]);
    s[k] = fresh ? _mm_setzero_pd() : _mm_loadu_pd(slot + 2 * k);
  }
  while (next_chunk(w, in, key)) {
    for (k = 0; k < 4; ++k) c[k] = (s[k] + alpha[k]) - alpha[k];
    t[0] = (s[0] - c[0]) + (c[3] * down + _mm_set_sd(w[0]));
    for (k = 1; k < 4; ++k) t[k] = (s[k] - c[k]) + (c[k - 1] + _mm_set_sd(w[k]));
    for (k = 0; k < 4; ++k) {
      h[k] = t[k] + _mm_shuffle_pd(t[k], t[k], 1);   /* A_k + B_k in both lanes */
      ASSUMED(within_one_chain(_mm_cvtsd_f64(h[k]), k));
    }
    for (k = 0; k < 4; ++k) s[k] = (h[0] * by[0][k] + h[1] * by[1][k]) + (h[2] * by[2][k] + h[3] * by[3][k]);
  }
  for (k = 0; k < 4; ++k) _mm_storeu_pd(slot + 2 * k, s[k]);
}

#else
/* slot[2k], slot[2k + 1] = a_k, b_k (A_k, B_k), in and out (fresh: known
   to be 0, after start); each chunk:
   h = the slots carried + the chunk, |h_k / 2^(32k)| < 2^35.6, then the
   slots = h r */
LOOP void hash_by_r(double slot[8], const uint32_t r[4], const struct input *input, int fresh)
{
  struct r_multiplier multiplier, *key = &multiplier;   /* local: nothing the loop stores aliases it */
  struct cursor at, *in = &at;
  double a0 = fresh ? 0 : slot[0], b0 = fresh ? 0 : slot[1], a1 = fresh ? 0 : slot[2], b1 = fresh ? 0 : slot[3];
  double a2 = fresh ? 0 : slot[4], b2 = fresh ? 0 : slot[5], a3 = fresh ? 0 : slot[6], b3 = fresh ? 0 : slot[7];
  double h0, h1, h2, h3, w[4];
  const double down = wrap();
  r_setup(key, r);
  at = cursor(input, key);
  while (next_chunk(w, in, key)) {
    CARRY_SLOTS(key, down, w);
    ASSUMED(within_one_chain(h0, 0) && within_one_chain(h1, 1) && within_one_chain(h2, 2) && within_one_chain(h3, 3));
    /* times r: |h_k / 2^(32k)| < 2^35.6 keeps every product and sum exact */
#define SLOT(t, k) ((h0 * MULTIPLIER(key->t, 0, k) + h1 * MULTIPLIER(key->t, 1, k)) \
                    + (h2 * MULTIPLIER(key->t, 2, k) + h3 * MULTIPLIER(key->t, 3, k)))
    a0 = SLOT(lo, 0); b0 = SLOT(hi, 0);
    a1 = SLOT(lo, 1); b1 = SLOT(hi, 1);
    a2 = SLOT(lo, 2); b2 = SLOT(hi, 2);
    a3 = SLOT(lo, 3); b3 = SLOT(hi, 3);
#undef SLOT
  }
  slot[0] = a0; slot[1] = b0; slot[2] = a1; slot[3] = b1;
  slot[4] = a2; slot[5] = b2; slot[6] = a3; slot[7] = b3;
}

#endif

#if LANES
/* ---- four Horner chains, two in each of two SSE2 states (bounds.py: four_chains) ----
   Chunk i goes to chain i mod 4 (after zero chunks that make the count a
   multiple of 4): chains 0, 1 are the lanes of state x, chains 2, 3 those of
   state y. Every chain multiplies by r^4; the last step multiplies the four
   by r^4, r^3, r^2, r, and the lanes are added. The chains overlap one
   another's latency, so a chunk costs what its arithmetic costs. r^e mod p
   fills its 130 bits: it is recoded into signed digits, and a step rounds
   twice. It is right for every length; it runs above LANES_FROM bytes, where
   it beats one chain despite its set-up (measured on x86-64). */
#define LANES_FROM 384

/* y = y * r mod p, not fully reduced: y < 2^131 before and after (five
   words, y_4 < 8). As in the main loop, y_i r_j at weight 2^(128 + 32m) is
   y_i (5 r_j / 4) at weight 2^(32m): r_j / 4 is whole for j >= 1. */
static void times_r(uint32_t y[5], const uint32_t r[4])
{
  uint64_t rd[4], column, carry = 0;
  uint32_t x[5];
  int i, k;
  for (k = 0; k < 5; ++k) x[k] = y[k];
  for (k = 1; k < 4; ++k) rd[k] = 5 * (uint64_t) (r[k] >> 2);
  for (k = 0; k < 4; ++k) {
    column = carry;
    for (i = 0; i < 4; ++i)   /* each product < 2^60.4: a column < 2^62.8 */
      column += (uint64_t) x[i] * (i <= k ? r[k - i] : rd[k - i + 4]);
    if (k > 0) column += (uint64_t) x[4] * rd[k];
    y[k] = (uint32_t) column;
    carry = column >> 32;
  }
  /* carry and y_4 r_0 are at 2^128; 2^130 = 5 */
  carry += (uint64_t) x[4] * r[0];
  column = 5 * (carry >> 2);
  for (k = 0; k < 4; ++k) {
    column += y[k];
    y[k] = (uint32_t) column;
    column >>= 32;
  }
  y[4] = (uint32_t) (column + (carry & 3));
  ASSUMED(y[4] < 8);
}

/* y (< 2^131, five words) as signed digits at bits 0, 18 | 34, 50 | 66, 82 |
   98, 114: lo[j] and hi[j] are word j's two digits times their weights.
   Digit t >= 1 starts at bit 16t + 2: 16 bits of y / 4. Each window v_t
   below the top gives up its top half as a carry c_t = [v_t >= 2^(width-1)],
   computed from v_t alone, so d_t = v_t - c_t 2^width + c_(t-1) and
   |d_t| <= 2^15 (2^17 for digit 0); the top window, c_6 and 2^130 and up
   included, gives up 2^130 = 5 mod p to digit 0 (at most twice, so
   |d_0| <= 2^17 + 10). bounds.py derives these ranges the same way. */
static void digits(double lo[4], double hi[4], const uint32_t y[5])
{
  uint64_t low = (uint64_t) y[1] << 32 | y[0], high = (uint64_t) y[3] << 32 | y[2];
  uint64_t quarter[2];   /* bits 2..129 of y */
  int64_t v[8], c[8], d;
  int t;
  quarter[0] = low >> 2 | high << 62;
  quarter[1] = high >> 2 | (uint64_t) y[4] << 62;
  v[0] = (int64_t) (low & 0x3ffff);
  c[0] = v[0] >> 17;
  for (t = 1; t < 7; ++t) {
    v[t] = (int64_t) (quarter[t / 4] >> (16 * (t % 4)) & 0xffff);
    c[t] = v[t] >> 15;
  }
  v[7] = (int64_t) (quarter[1] >> 48 | (uint64_t) (y[4] >> 2) << 16) + c[6];   /* < 2^17 + 1 */
  c[7] = (v[7] + (1 << 15)) >> 16;                                                 /* 0, 1 or 2 */
  d = v[0] - c[0] * (1 << 18) + 5 * c[7];
  ASSUMED(d >= -(1 << 17) - 10 && d <= (1 << 17) + 10);
  lo[0] = (double) d;
  for (t = 1; t < 8; ++t) {
    d = t == 7 ? v[7] - c[7] * (1 << 16) : v[t] - c[t] * (1 << 16) + c[t - 1];
    ASSUMED(d >= -(1 << 15) && d <= (1 << 15));
    if (t % 2) hi[t / 2] = (double) d * power2(16 * t + 2);
    else lo[t / 2] = (double) d * power2(16 * t + 2);
  }
}

/* multipliers of one step: lane 0 by the value with digits (lo0, hi0), lane 1 by (lo1, hi1) */
struct step_table {
  __m128d lo[4], hi[4], lo_down[4], hi_down[4];
};

static void step_table(struct step_table *t, const double lo0[4], const double hi0[4],
  const double lo1[4], const double hi1[4])
{
  const __m128d down = _mm_set1_pd(wrap());
  int j;
  for (j = 0; j < 4; ++j) {
    t->lo[j] = _mm_set_pd(lo1[j], lo0[j]);
    t->hi[j] = _mm_set_pd(hi1[j], hi0[j]);
    t->lo_down[j] = t->lo[j] * down;
    t->hi_down[j] = t->hi[j] * down;
  }
}

/* w[k] = (word k of chunk a, word k of chunk b) * 2^(32k): each word placed
   in a mantissa (exponent PLACED(k)), less offset[k] */
static void chunk_pair(__m128d w[4], const unsigned char *a, const unsigned char *b, const __m128d offset[4])
{
  /* the high halves of placed(w, k) for k = 0, 0, 1, 1 and 2, 2, 3, 3 */
  const __m128i top01 = _mm_set_epi32(PLACED(1) << 20, PLACED(1) << 20, PLACED(0) << 20, PLACED(0) << 20);
  const __m128i top23 = _mm_set_epi32(PLACED(3) << 20, PLACED(3) << 20, PLACED(2) << 20, PLACED(2) << 20);
  __m128i xa = _mm_loadu_si128((const __m128i *) (const void *) a);
  __m128i xb = _mm_loadu_si128((const __m128i *) (const void *) b);
  __m128i words01 = _mm_unpacklo_epi32(xa, xb), words23 = _mm_unpackhi_epi32(xa, xb);
  w[0] = _mm_castsi128_pd(_mm_unpacklo_epi32(words01, top01)) - offset[0];
  w[1] = _mm_castsi128_pd(_mm_unpackhi_epi32(words01, top01)) - offset[1];
  w[2] = _mm_castsi128_pd(_mm_unpacklo_epi32(words23, top23)) - offset[2];
  w[3] = _mm_castsi128_pd(_mm_unpackhi_epi32(words23, top23)) - offset[3];
}

/* h = h * multipliers + w, both lanes: the products gather into SA_k (lo
   digits, and w) and SB_k (hi digits); SB_k is rounded at its boundary and
   its carry moves up, then Q_k = SA_k + SB_k's remainder + that carry is
   rounded and its carry moves up. |h_k / 2^(32k)| < 2^32.01 (2^34.01 for k = 3). */
__attribute__((always_inline))   /* h stays in registers */
static inline void step(__m128d h[4], const __m128d w[4], const struct step_table *t, const __m128d round[4])
{
  const __m128d down = _mm_set1_pd(wrap());
  __m128d sa[4], sb[4], cb[4], q[4], c[4];
  int k;
  for (k = 0; k < 4; ++k) {
    sb[k] = (h[0] * MULTIPLIER(t->hi, 0, k) + h[1] * MULTIPLIER(t->hi, 1, k))
          + (h[2] * MULTIPLIER(t->hi, 2, k) + h[3] * MULTIPLIER(t->hi, 3, k));
    sa[k] = ((h[0] * MULTIPLIER(t->lo, 0, k) + h[1] * MULTIPLIER(t->lo, 1, k))
          + (h[2] * MULTIPLIER(t->lo, 2, k) + h[3] * MULTIPLIER(t->lo, 3, k))) + w[k];
  }
  for (k = 0; k < 4; ++k) cb[k] = (sb[k] + round[k]) - round[k];
  q[0] = (sb[0] - cb[0]) + (sa[0] + cb[3] * down);
  for (k = 1; k < 4; ++k) q[k] = (sb[k] - cb[k]) + (sa[k] + cb[k - 1]);
  for (k = 0; k < 4; ++k) c[k] = (q[k] + round[k]) - round[k];
  h[0] = (q[0] - c[0]) + c[3] * down;
  for (k = 1; k < 4; ++k) h[k] = (q[k] - c[k]) + c[k - 1];
#if defined(POLY1305AES_CHECKED)
  for (k = 0; k < 4; ++k) {
    double bound = power2(32 * k + (k == 3 ? 34 : 32)) * 1.01;   /* bounds.py: four_chains */
    ASSUMED(_mm_cvtsd_f64(h[k]) > -bound && _mm_cvtsd_f64(h[k]) < bound);
    ASSUMED(_mm_cvtsd_f64(_mm_unpackhi_pd(h[k], h[k])) > -bound && _mm_cvtsd_f64(_mm_unpackhi_pd(h[k], h[k])) < bound);
  }
#endif
}

/* chunk i of the input: a block, the padded tail after them, or a zero
   chunk (before the input, i < 0, or after it); *full says whether the
   offsets add a pad bit to it */
static const unsigned char *chunk_at(ptrdiff_t i, const struct input *in, int *full)
{
  static const unsigned char zero[16];
  *full = 0;
  if (i < 0) return zero;
  if ((size_t) i < in->nblocks) {
    *full = in->pad != 0;
    return in->m + 16 * (size_t) i;
  }
  return (size_t) i == in->nblocks && in->tail ? in->tail : zero;
}

/* r^4 for the loop, r^4..r for the last step, and constants */
struct r_powers {
  struct step_table by_r4, last_x, last_y;   /* (r^4, r^4); (r^4, r^3); (r^2, r) */
  __m128d round[4], offset_by[2][2][4];       /* alpha(k); offset(k, full) per lane */
};

static void powers_setup(struct r_powers *key, const uint32_t r[4])
{
  uint32_t y[5];
  double lo[5][4], hi[5][4];    /* digits of r^e, e = 1..4 */
  int e, k, f0, f1;
  for (k = 0; k < 4; ++k) y[k] = r[k];
  y[4] = 0;
  for (e = 1; e <= 4; ++e) {
    if (e > 1) times_r(y, r);
    digits(lo[e], hi[e], y);
  }
  step_table(&key->by_r4, lo[4], hi[4], lo[4], hi[4]);
  step_table(&key->last_x, lo[4], hi[4], lo[3], hi[3]);
  step_table(&key->last_y, lo[2], hi[2], lo[1], hi[1]);
  for (k = 0; k < 4; ++k) {
    key->round[k] = _mm_set1_pd(alpha(k));
    for (f0 = 0; f0 < 2; ++f0)
      for (f1 = 0; f1 < 2; ++f1) key->offset_by[f0][f1][k] = _mm_set_pd(offset(k, f1), offset(k, f0));
  }
}

/* the slots (as hash_by_r takes them) in and out: h, settled and carried
   once more, joins the input's first chunk, all chunks go through the four
   chains, and the lanes' sum leaves as the A slots (B slots 0); fresh: h
   is known to be 0 (authenticate), and does not join:
   |piece[k] / 2^(32k)| < 2^36.02 */
OUT_OF_LINE static void hash_by_powers(double slot[8], const uint32_t r[4], const struct input *in, int fresh)
{
  struct r_powers powers, *key = &powers;
  size_t chunks = in->nblocks + (in->tail != 0), groups = chunks / 4 + (chunks % 4 != 0), g;
  ptrdiff_t first = (ptrdiff_t) chunks - 4 * (ptrdiff_t) groups;   /* the chunk chain 0 starts with: -3..0 */
  __m128d x[4], yv[4], wx[4], wy[4], hx[4], hy[4];
  double piece[4], c[4];
  const double down = wrap();
  int k, f0, f1, f2, f3, pad = in->pad != 0;

  powers_setup(key, r);
  /* h from the slots: one_chain's carry, then each piece rounded at its
     boundary once more, so it is as small as a chunk (bounds.py) */
  if (fresh) {   /* (piece, hx, hy unused) */
    for (k = 0; k < 4; ++k) piece[k] = 0;
  } else {
    settle(piece, slot);
    for (k = 0; k < 4; ++k) c[k] = (piece[k] + alpha(k)) - alpha(k);
    for (k = 0; k < 4; ++k) piece[k] = (piece[k] - c[k]) + (k ? c[k - 1] : c[3] * down);
  }
  /* it joins chunk 0, in lane -first of group 0 (lanes 0, 1 of x, 2, 3 of y) */
  for (k = 0; k < 4; ++k) {
    __m128d lane = first % 2 ? _mm_set_pd(piece[k], 0) : _mm_set_sd(piece[k]);
    hx[k] = first > -2 ? lane : _mm_setzero_pd();
    hy[k] = first > -2 ? _mm_setzero_pd() : lane;
  }
  /* group g is chunks first + 4g .. first + 4g + 3: the first starts the
     chains, each later one joins them after a step, and the one past the
     end (all zero) joins after the last step, by r^4, r^3, r^2, r */
  for (g = 0; g <= groups; ++g) {
    ptrdiff_t i = first + 4 * (ptrdiff_t) g;
    if (g > 0 && g + 1 < groups) {   /* four whole blocks of the input */
      const unsigned char *c = in->m + 16 * (size_t) i;
      chunk_pair(wx, c, c + 16, key->offset_by[pad][pad]);
      chunk_pair(wy, c + 32, c + 48, key->offset_by[pad][pad]);
    } else {
      const unsigned char *c0 = chunk_at(i, in, &f0), *c1 = chunk_at(i + 1, in, &f1);
      const unsigned char *c2 = chunk_at(i + 2, in, &f2), *c3 = chunk_at(i + 3, in, &f3);
      chunk_pair(wx, c0, c1, key->offset_by[f0][f1]);
      chunk_pair(wy, c2, c3, key->offset_by[f2][f3]);
    }
    if (g == 0) {
      for (k = 0; k < 4; ++k) {
        x[k] = wx[k];
        yv[k] = wy[k];
        if (!fresh) {
          x[k] += hx[k];
          yv[k] += hy[k];
        }
      }
    } else {
      step(x, wx, g < groups ? &key->by_r4 : &key->last_x, key->round);
      step(yv, wy, g < groups ? &key->by_r4 : &key->last_y, key->round);
    }
  }
  for (k = 0; k < 4; ++k) {
    __m128d sum = x[k] + yv[k];
    slot[2 * k] = _mm_cvtsd_f64(sum) + _mm_cvtsd_f64(_mm_unpackhi_pd(sum, sum));
    slot[2 * k + 1] = 0;
  }
}

#endif

/* ---- the caller's floating-point environment ----
   The control bits come back exactly, and no trap the caller enabled fires
   here or is left pending: when the caller enabled any exception, all are
   masked for the call and the whole register (the status flags too) is
   restored after it. Otherwise the arithmetic here raises flags for masked
   exceptions (inexact), as any floating-point code does, and leaves the
   caller's own flags set. On the x87, precision is set to 53 bits. */
#if X87
#define FP_X87 1
#elif defined(__x86_64__) || defined(__SSE2_MATH__)
#define FP_MXCSR 1
#elif defined(__powerpc__) || defined(__ppc__)
#define FP_FPSCR 1
#elif defined(__sparc__) && defined(__arch64__)
#define FP_FSR 1
#elif defined(__aarch64__)
#define FP_FPCR 1
#elif defined(__s390x__)
#define FP_FPC 1
#elif defined(__arm__) && defined(__ARM_FP)
#define FP_VFP 1        /* 32-bit ARM: FPSCR, trap enables IOE DZE OFE UFE IXE IDE */
#elif defined(__riscv) && defined(__riscv_flen)
#define FP_NOTRAPS 1    /* RISC-V F/D: fcsr has no trap enables; nothing to mask or restore */
#else
#include <fenv.h>   /* elsewhere, C99's: the whole environment, always */
#endif

struct fp_saved {
  int whole;                        /* restore the whole register(s) */
#if FP_X87
  unsigned short control;
  unsigned char env[28];            /* fnstenv's 32-bit protected-mode image */
#elif FP_MXCSR
  unsigned int mxcsr;
#elif FP_FPSCR
  double fpscr;
#elif FP_FSR
  unsigned long long fsr;
#elif FP_FPCR
  unsigned long long fpcr, fpsr;
#elif FP_FPC
  unsigned int fpc;
#elif FP_VFP
  unsigned int fpscr;
#elif FP_NOTRAPS
#else
  fenv_t env;
#endif
};

static void fp_enter(struct fp_saved *saved)
{
#if FP_X87
  unsigned short word;
  __asm__ __volatile__("fnstcw %0" : "=m"(saved->control) : : "memory");
  saved->whole = (saved->control & 0x3f) != 0x3f;
  if (saved->whole) __asm__ __volatile__("fnstenv %0" : "=m"(saved->env) : : "memory");
  word = (unsigned short) ((saved->control & ~0x0f00) | 0x0200 | 0x3f);   /* 53 bits, nearest, all masked */
  __asm__ __volatile__("fldcw %0" : : "m"(word) : "memory");
#elif FP_MXCSR
  __asm__ __volatile__("stmxcsr %0" : "=m"(saved->mxcsr) : : "memory");
  saved->whole = (saved->mxcsr & 0x1f80) != 0x1f80;
  if (saved->whole) {
    unsigned int masked = saved->mxcsr | 0x1f80;
    __asm__ __volatile__("ldmxcsr %0" : : "m"(masked) : "memory");
  }
#elif FP_FPSCR
  unsigned long long bits;
  __asm__ __volatile__("mffs %0" : "=f"(saved->fpscr) : : "memory");
  memcpy(&bits, &saved->fpscr, 8);
  saved->whole = (bits & 0xf8) != 0;            /* VE OE UE ZE XE */
  if (saved->whole)
    __asm__ __volatile__("mtfsb0 24\n\tmtfsb0 25\n\tmtfsb0 26\n\tmtfsb0 27\n\tmtfsb0 28" : : : "memory");
#elif FP_FSR
  __asm__ __volatile__("stx %%fsr, %0" : "=m"(saved->fsr) : : "memory");
  saved->whole = (saved->fsr & 0x0f800000ull) != 0;   /* TEM */
  if (saved->whole) {
    unsigned long long masked = saved->fsr & ~0x0f800000ull;
    __asm__ __volatile__("ldx %0, %%fsr" : : "m"(masked) : "memory");
  }
#elif FP_FPCR
  __asm__ __volatile__("mrs %0, fpcr" : "=r"(saved->fpcr) : : "memory");
  saved->whole = (saved->fpcr & 0x9f00) != 0;   /* IOE DZE OFE UFE IXE IDE */
  if (saved->whole) {
    __asm__ __volatile__("mrs %0, fpsr" : "=r"(saved->fpsr) : : "memory");
    __asm__ __volatile__("msr fpcr, %0" : : "r"(saved->fpcr & ~0x9f00ull) : "memory");
  }
#elif FP_FPC
  __asm__ __volatile__("efpc %0" : "=d"(saved->fpc) : : "memory");
  saved->whole = (saved->fpc & 0xf8000000u) != 0;   /* IEEE masks: invalid, divide, overflow, underflow, inexact */
  if (saved->whole) __asm__ __volatile__("sfpc %0" : : "d"(saved->fpc & ~0xf8000000u) : "memory");
#elif FP_VFP
  __asm__ __volatile__("vmrs %0, fpscr" : "=r"(saved->fpscr) : : "memory");
  saved->whole = (saved->fpscr & 0x9f00u) != 0;
  if (saved->whole) __asm__ __volatile__("vmsr fpscr, %0" : : "r"(saved->fpscr & ~0x9f00u) : "memory");
#elif FP_NOTRAPS
  saved->whole = 0;
#else
  saved->whole = 1;
  feholdexcept(&saved->env);
#endif
}

static void fp_leave(const struct fp_saved *saved)
{
#if FP_X87
  if (saved->whole) __asm__ __volatile__("fldenv %0" : : "m"(saved->env) : "memory");
  else __asm__ __volatile__("fldcw %0" : : "m"(saved->control) : "memory");
#elif FP_MXCSR
  if (saved->whole) __asm__ __volatile__("ldmxcsr %0" : : "m"(saved->mxcsr) : "memory");
#elif FP_FPSCR
  if (saved->whole) __asm__ __volatile__("mtfsf 0xff, %0" : : "f"(saved->fpscr) : "memory");
#elif FP_FSR
  if (saved->whole) __asm__ __volatile__("ldx %0, %%fsr" : : "m"(saved->fsr) : "memory");
#elif FP_FPCR
  if (saved->whole) {
    __asm__ __volatile__("msr fpcr, %0" : : "r"(saved->fpcr) : "memory");
    __asm__ __volatile__("msr fpsr, %0" : : "r"(saved->fpsr) : "memory");
  }
#elif FP_FPC
  if (saved->whole) __asm__ __volatile__("sfpc %0" : : "d"(saved->fpc) : "memory");
#elif FP_VFP
  if (saved->whole) __asm__ __volatile__("vmsr fpscr, %0" : : "r"(saved->fpscr) : "memory");
#elif FP_NOTRAPS
  (void) saved;
#else
  fesetenv(&saved->env);
#endif
}

/* ---- the core (common/core.h) and authenticate, built from it ---- */

/* h as the slots of one_chain (A_k, B_k at 2k, 2k + 1; h = sum of them,
   reduced by settle()), the clamped words of r */
#define state CRYPTO_NAMESPACE(state)
struct state {
  double slot[8];
  uint32_t r[4];
};
#if defined(POLY1305AES_CORE_STATE_BYTES)   /* path_core's size (common/onepath.c) */
typedef char state_bytes_match_cflags[sizeof(struct state) == POLY1305AES_CORE_STATE_BYTES ? 1 : -1];
#endif

static void start_inner(struct state *st, const unsigned char rbytes[16])
{
  int k;
  load_r(st->r, rbytes);
  for (k = 0; k < 8; ++k) st->slot[k] = 0;
}

/* one chain, or above LANES_FROM bytes four; fresh: h is 0 (start was the
   last call) */
LOOP void absorb(struct state *st, const struct input *in, int fresh)
{
#if LANES
  if (in->nblocks > LANES_FROM / 16 - (in->tail != 0)) {
    hash_by_powers(st->slot, st->r, in, fresh);
    return;
  }
#endif
  hash_by_r(st->slot, st->r, in, fresh);
}

CHAIN void finish_inner(struct state *st, const unsigned char s[16], unsigned char tag[16])
{
  double piece[4];
  settle(piece, st->slot);
  finish(tag, piece, s);
}

/* stack bytes below an entry point's stack pointer that its inner
   function's frames reach: one chain (the area called scalar), and four
   (vector), measured by the build for the compiler in use, with a margin
   (common/stack.h); the ABI harness fails a build that leaves a secret in
   them. Its cost: doc/results/amd64.md. */
WIPE_STACK_FUNCTION(wipe_one_chain, STACK_BYTES(default, scalar))
#if LANES
WIPE_STACK_FUNCTION(wipe_four_chains, STACK_BYTES(default, vector))
#define WIPE_AFTER(in) do { if ((in).nblocks > LANES_FROM / 16 - ((in).tail != 0)) wipe_four_chains(); else wipe_one_chain(); } while (0)
#else
#define WIPE_AFTER(in) wipe_one_chain()
#endif

OUT_OF_LINE static void blocks_inner(struct state *st, const struct input *in)
{
  struct fp_saved fp;
  fp_enter(&fp);
  absorb(st, in, 0);
  fp_leave(&fp);
}

OUT_OF_LINE static void finish_outer(struct state *st, const unsigned char s[16], unsigned char tag[16])
{
  struct fp_saved fp;
  fp_enter(&fp);
  finish_inner(st, s, tag);
  fp_leave(&fp);
}

void CRYPTO_NAMESPACE(aes)(unsigned char out[16], const unsigned char k[16], const unsigned char in[16])
{
  aes128(out, k, in);
  wipe_one_chain();
}

void CRYPTO_NAMESPACE(start)(struct state *st, const unsigned char r[16])
{
  start_inner(st, r);
}

void CRYPTO_NAMESPACE(blocks)(struct state *st, const unsigned char *m, size_t nblocks, unsigned int pad)
{
  struct input in;
  in.m = m;
  in.nblocks = nblocks;
  in.pad = pad;
  in.tail = 0;
  blocks_inner(st, &in);
  in.nblocks = nblocks;
  WIPE_AFTER(in);
}

void CRYPTO_NAMESPACE(finish)(struct state *st, const unsigned char s[16], unsigned char tag[16])
{
  finish_outer(st, s, tag);
  wipe(st, sizeof *st);
  wipe_one_chain();
}

/* the one-shot tag: start, the blocks and the padded tail in one absorb,
   finish with s; with_aes (a constant where it is inlined): s = AES_k(n) and
   r = key + 16 (authenticate), else the one-time key r || s (onetime). With
   no chunk (an empty message) h is 0 and r goes unused: no set-up of its
   multipliers */
LOOP void one_shot(unsigned char out[16], const unsigned char *key, const unsigned char *n,
  const struct input *message, int with_aes)
{
  struct state st;
  unsigned char s[16];
  int k;
  if (message->nblocks || message->tail) {
    start_inner(&st, with_aes ? key + 16 : key);
    absorb(&st, message, 1);
  } else {
    for (k = 0; k < 8; ++k) st.slot[k] = 0;
  }
  /* independent of the hash: after it, it overlaps the hash's last steps */
  if (with_aes) aes128(s, key, n);
  finish_inner(&st, with_aes ? s : key + 16, out);
}

/* the state and every secret of a call in these functions' frames and below */
OUT_OF_LINE static void authenticate_inner(unsigned char out[16], const unsigned char kr[32],
  const unsigned char n[16], const struct input *message)
{
  one_shot(out, kr, n, message, 1);
}

OUT_OF_LINE static void onetime_inner(unsigned char out[16], const unsigned char key[32],
  const struct input *message)
{
  one_shot(out, key, NULL, message, 0);
}

/* an entry point: the message as absorb takes it, the FP mode set once,
   then the wipes */
LOOP void one_shot_entry(unsigned char out[16], const unsigned char *key, const unsigned char *n,
  const unsigned char *m, unsigned int l, int with_aes)
{
  struct fp_saved fp;
  struct input in;
  unsigned char tail[16];
  in.m = m;
  in.nblocks = l / 16;
  in.pad = 1;
  in.tail = l % 16 ? pad_last(tail, m + 16 * (size_t) in.nblocks, l % 16) : 0;
  fp_enter(&fp);
  if (with_aes) authenticate_inner(out, key, n, &in);
  else onetime_inner(out, key, &in);
  fp_leave(&fp);
  WIPE_AFTER(in);
  if (in.tail) wipe(tail, sizeof tail);
}

void poly1305aes_authenticate(unsigned char out[16], const unsigned char kr[32],
  const unsigned char n[16], const unsigned char m[], unsigned int l)
{
  one_shot_entry(out, kr, n, m, l, 1);
}

/* onetimeauth's fused code (common/onepath.c): the tag of m with the
   one-time key r || s, no AES */
void CRYPTO_NAMESPACE(onetime)(unsigned char out[16], const unsigned char key[32],
  const unsigned char *m, unsigned int l)
{
  one_shot_entry(out, key, NULL, m, l, 0);
}
