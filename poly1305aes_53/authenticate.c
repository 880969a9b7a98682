/* poly1305aes_53: portable C99. Assumes IEEE-754 binary64 doubles evaluated
   at 53 bits (FLT_EVAL_METHOD 0 or 1; on x87 the precision is set to 53 bits
   here and the caller's control word restored), any rounding mode, and
   uint64_t with the byte order of double. Correct because every product and
   sum below is exact: bounds.py proves |h_k / 2^(32k)| < 2^35.6 and leaves
   >= 0.98 bits of mantissa to spare everywhere, even with directed rounding.

   h = H0 + H1 + H2 + H3, doubles with explicit weights: H_k is a multiple of
   2^(32k). Each clamped word r_j < 2^28 of r is split at bit 15 into lo_j and
   hi_j; a chunk multiplies the four pieces by the eight halves into slots
   A_k = sum H_i lo_j and B_k = sum H_i hi_j (i + j = k, or k + 4 with the
   factor 5 * 2^-130 folded into the constant: 2^130 = 5 mod p, exact because
   r_1..r_3 are multiples of 4). Adding and subtracting alpha = 3 * 2^(51+b)
   rounds a slot to a multiple of 2^b (b = 32k + 32; 130 for k = 3); the
   rounded part moves up a piece (times 5 * 2^-130 from the top), the
   remainder stays, and word k of the next chunk joins piece k there, off
   the path from slot to piece. With GCC or clang and SSE2 the same
   arithmetic runs on (A_k, B_k) pairs (GNU vector extensions).

   AES-128 of the nonce uses one 2 KiB table (entry x: 2S S S 3S 2S S S 3S)
   with the key expansion merged into the rounds. Table lookups are indexed
   by key and nonce bytes: not constant-time against cache timing. Every
   branch and every other memory index depends only on the length.

   rdtsc ticks, median (Xeon Sapphire Rapids, gcc 12 -O3, SSE2 pairs):
   0 bytes 224, 16 bytes 255, 1024 bytes 1924, 8192 bytes 13748. */
#include <float.h>
#include <stdint.h>
#include <string.h>
#include "symbol.h"

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

extern const unsigned char SYMBOL(aes_table)[2048];
#define TABLE SYMBOL(aes_table)

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

/* w * 2^(32k) + 2^(52+32k): word w placed in the mantissa of a double */
static double placed(uint32_t w, int k)
{
  uint64_t bits = (uint64_t) (1023 + 52 + 32 * k) << 52 | w;
  double d;
  memcpy(&d, &bits, 8);
  return d;
}

#define SPLIT 15   /* r_j = lo_j + hi_j, lo_j = r_j mod 2^SPLIT: as in bounds.py */

/* lohi[i][k] = (lo_j, hi_j) times the weight taking piece i to slot k,
   j = (k - i) mod 4, with 5 * 2^-130 folded in when i + j >= 4 */
struct key {
  double lohi[4][4][2];
  double alpha[4];             /* 3 * 2^(51 + boundary of slot k) */
  double full[4], last[4];     /* what placed() adds, less the pad bit of a full chunk */
};

static void key_setup(struct key *key, const unsigned char rbytes[16])
{
  static const uint32_t clamp[4] = { 0x0fffffff, 0x0ffffffc, 0x0ffffffc, 0x0ffffffc };
  const double wrap = 5 * power2(-130);
  int i, j, k;
  for (j = 0; j < 4; ++j) {
    uint32_t r = load32_le(rbytes + 4 * j) & clamp[j];
    double lo = (double) (r & ((1u << SPLIT) - 1)) * power2(32 * j);
    double hi = (double) (r >> SPLIT) * power2(32 * j + SPLIT);
    for (i = 0; i < 4; ++i) {
      double scale = i + j >= 4 ? wrap : 1;   /* depends on positions only */
      k = (i + j) % 4;
      key->lohi[i][k][0] = lo * scale;
      key->lohi[i][k][1] = hi * scale;
    }
  }
  for (k = 0; k < 4; ++k) {
    key->alpha[k] = 3 * power2(51 + (k == 3 ? 130 : 32 * k + 32));
    key->full[k] = key->last[k] = power2(52 + 32 * k);
  }
  key->full[3] -= power2(128);   /* 2^148 - 2^128: exact, 20 bits */
}

/* h = sum piece[k], |piece[k] / 2^(32k)| < 2^36: reduce mod p, add s mod 2^128 */
static void finish(unsigned char out[16], const double piece[4], const unsigned char s[16])
{
  int64_t h[4];
  uint64_t w[4], t, carrybits, g[4], select;
  int64_t acc;
  int k;
  for (k = 0; k < 4; ++k) h[k] = (int64_t) (piece[k] * power2(-32 * k));
  /* add 8p = 2^133 - 40 so the sum is positive, then take 32-bit words */
  acc = h[0] - 40;
  for (k = 0; k < 4; ++k) {
    if (k > 0) acc += h[k];
    if (k == 3) acc += (int64_t) 1 << 37;
    w[k] = (uint64_t) acc & 0xffffffff;
    acc = (acc - (int64_t) w[k]) / ((int64_t) 1 << 32);   /* exact: a multiple of 2^32 */
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

#if X87
static unsigned short x87_control(void)
{
  unsigned short word;
  __asm__ __volatile__("fnstcw %0" : "=m"(word) : : "memory");
  return word;
}
static void x87_set_control(unsigned short word)
{
  __asm__ __volatile__("fldcw %0" : : "m"(word) : "memory");
}
#endif

/* The next chunk as w_0..w_3, w_k = word k * 2^(32k) (pad bit included), each
   to be added to piece k; all zero after the last chunk. Returns 0 then. */
static int next_chunk(double w[4], const unsigned char **m, unsigned int *l, const struct key *key)
{
  unsigned char last[16];
  const unsigned char *chunk = *m;
  const double *offset = key->full;
  int k;
  if (*l == 0) {
    w[0] = w[1] = w[2] = w[3] = 0;
    return 0;
  }
  if (*l >= 16) {
    *m += 16;
    *l -= 16;
  } else {
    unsigned int i;
    /* one loop, so no compiler makes it a libc memcpy: the library calls nothing */
    for (i = 0; i < 16; ++i) last[i] = i < *l ? chunk[i] : (unsigned char) (i == *l);
    chunk = last;
    offset = key->last;
    *l = 0;
  }
  for (k = 0; k < 4; ++k) w[k] = placed(load32_le(chunk + 4 * k), k) - offset[k];
  return 1;
}

#if defined(__GNUC__) && defined(__SSE2__)
/* The same arithmetic, two lanes at a time: lane 0 holds slot A_k, lane 1
   slot B_k. GNU C vector extensions, used only where SSE2 makes them cheap. */
typedef double pair __attribute__((vector_size(16)));

static pair load_pair(const double *p)
{
  pair x;
  memcpy(&x, p, 16);
  return x;
}

static void poly1305(double piece[4], const unsigned char *m, unsigned int l, const struct key *key)
{
  pair s0 = { 0, 0 }, s1 = { 0, 0 }, s2 = { 0, 0 }, s3 = { 0, 0 };
  pair t0, t1, t2, t3;
  const pair alpha0 = { key->alpha[0], key->alpha[0] }, alpha1 = { key->alpha[1], key->alpha[1] };
  const pair alpha2 = { key->alpha[2], key->alpha[2] }, alpha3 = { key->alpha[3], key->alpha[3] };
  const pair wrap = { 5 * power2(-130), 5 * power2(-130) };
  double w[4];
  int more;
  do {
    pair c0, c1, c2, c3, h0, h1, h2, h3;
    more = next_chunk(w, &m, &l, key);
    c0 = (s0 + alpha0) - alpha0;
    c1 = (s1 + alpha1) - alpha1;
    c2 = (s2 + alpha2) - alpha2;
    c3 = (s3 + alpha3) - alpha3;
    t0 = (s0 - c0) + (c3 * wrap + (pair) { w[0], 0 });
    t1 = (s1 - c1) + (c0 + (pair) { w[1], 0 });
    t2 = (s2 - c2) + (c1 + (pair) { w[2], 0 });
    t3 = (s3 - c3) + (c2 + (pair) { w[3], 0 });
    if (!more) break;
    h0 = t0 + (pair) { t0[1], t0[0] };
    h1 = t1 + (pair) { t1[1], t1[0] };
    h2 = t2 + (pair) { t2[1], t2[0] };
    h3 = t3 + (pair) { t3[1], t3[0] };
    s0 = (h0 * load_pair(key->lohi[0][0]) + h1 * load_pair(key->lohi[1][0]))
       + (h2 * load_pair(key->lohi[2][0]) + h3 * load_pair(key->lohi[3][0]));
    s1 = (h0 * load_pair(key->lohi[0][1]) + h1 * load_pair(key->lohi[1][1]))
       + (h2 * load_pair(key->lohi[2][1]) + h3 * load_pair(key->lohi[3][1]));
    s2 = (h0 * load_pair(key->lohi[0][2]) + h1 * load_pair(key->lohi[1][2]))
       + (h2 * load_pair(key->lohi[2][2]) + h3 * load_pair(key->lohi[3][2]));
    s3 = (h0 * load_pair(key->lohi[0][3]) + h1 * load_pair(key->lohi[1][3]))
       + (h2 * load_pair(key->lohi[2][3]) + h3 * load_pair(key->lohi[3][3]));
  } while (1);
  piece[0] = t0[0] + t0[1];
  piece[1] = t1[0] + t1[1];
  piece[2] = t2[0] + t2[1];
  piece[3] = t3[0] + t3[1];
}

#else
static void poly1305(double piece[4], const unsigned char *m, unsigned int l, const struct key *key)
{
  double a0 = 0, a1 = 0, a2 = 0, a3 = 0, b0 = 0, b1 = 0, b2 = 0, b3 = 0;
  double h0, h1, h2, h3, w[4];
  const double wrap = 5 * power2(-130);
  int more;
  do {
    double ca0, ca1, ca2, ca3, cb0, cb1, cb2, cb3;
    more = next_chunk(w, &m, &l, key);
    /* each slot rounded at its boundary; the rounded part moves up a piece */
    ca0 = (a0 + key->alpha[0]) - key->alpha[0];
    cb0 = (b0 + key->alpha[0]) - key->alpha[0];
    ca1 = (a1 + key->alpha[1]) - key->alpha[1];
    cb1 = (b1 + key->alpha[1]) - key->alpha[1];
    ca2 = (a2 + key->alpha[2]) - key->alpha[2];
    cb2 = (b2 + key->alpha[2]) - key->alpha[2];
    ca3 = (a3 + key->alpha[3]) - key->alpha[3];
    cb3 = (b3 + key->alpha[3]) - key->alpha[3];
    /* the chunk joins the carries, off the path from a_k to h_k */
    h0 = ((a0 - ca0) + (b0 - cb0)) + ((ca3 + cb3) * wrap + w[0]);
    h1 = ((a1 - ca1) + (b1 - cb1)) + ((ca0 + cb0) + w[1]);
    h2 = ((a2 - ca2) + (b2 - cb2)) + ((ca1 + cb1) + w[2]);
    h3 = ((a3 - ca3) + (b3 - cb3)) + ((ca2 + cb2) + w[3]);
    if (!more) break;
    /* times r: |h_k / 2^(32k)| < 2^35.6 keeps every product and sum exact */
#define SLOT(k, lane) ((h0 * key->lohi[0][k][lane] + h1 * key->lohi[1][k][lane]) \
                     + (h2 * key->lohi[2][k][lane] + h3 * key->lohi[3][k][lane]))
    a0 = SLOT(0, 0); b0 = SLOT(0, 1);
    a1 = SLOT(1, 0); b1 = SLOT(1, 1);
    a2 = SLOT(2, 0); b2 = SLOT(2, 1);
    a3 = SLOT(3, 0); b3 = SLOT(3, 1);
#undef SLOT
  } while (1);
  piece[0] = h0;
  piece[1] = h1;
  piece[2] = h2;
  piece[3] = h3;
}
#endif

void SYMBOL(authenticate)(unsigned char out[16], const unsigned char kr[32],
  const unsigned char n[16], const unsigned char m[], unsigned int l)
{
  struct key key;
  double piece[4];
  unsigned char s[16];
#if X87
  unsigned short caller = x87_control();
  /* 53-bit precision, round to nearest, exceptions masked */
  x87_set_control((unsigned short) ((caller & ~0x0f00) | 0x0200 | 0x3f));
#endif

  aes128(s, kr, n);
  key_setup(&key, kr + 16);
  poly1305(piece, m, l, &key);
  finish(out, piece, s);
#if X87
  x87_set_control(caller);
#endif
}
