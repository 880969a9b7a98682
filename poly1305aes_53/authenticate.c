/* poly1305aes_53: portable C99. Assumes IEEE-754 binary64 doubles evaluated
   at 53 bits (FLT_EVAL_METHOD 0 or 1; on x87 the precision is set to 53 bits
   here and the caller's control word restored), any rounding mode, and
   uint64_t with the byte order of double. Correct because every product and
   sum below is exact: bounds.py proves |h_k| < 2^35.3 and leaves >= 1.42 bits
   of mantissa to spare everywhere, even when the alpha rounding is directed.

   h = H0 + H1 + H2 + H3, doubles with explicit weights: H_k is a multiple of
   2^(32k). Each clamped word r_j < 2^28 of r is split at bit 15 into lo_j and
   hi_j; a block multiplies the four pieces by the eight halves into slots
   A_k = sum H_i lo_j and B_k = sum H_i hi_j (i + j = k, or k + 4 with the
   factor 5 * 2^-130 folded into the constant: 2^130 = 5 mod p, exact because
   r_1..r_3 are multiples of 4). Adding and subtracting alpha = 3 * 2^(51+b)
   rounds a slot to a multiple of 2^b (b = 32k + 32; 130 for k = 3); the
   rounded part moves up a piece (times 5 * 2^-130 from the top) and the
   remainder stays. The message word k enters slot A_k before the carry.

   AES-128 of the nonce uses one 2 KiB table (entry x: 2S 3S-rotations, see
   table) with the key expansion merged into the rounds. Table lookups are
   indexed by key and nonce bytes: not constant-time against cache timing.
   Every branch and every other memory index depends only on the length. */
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

struct key {
  double lo[4][4], hi[4][4];   /* [i][k]: multiplier taking piece i to slot k */
  double alpha[4];             /* 3 * 2^(51 + boundary of slot k) */
  double full[4], last[4];     /* what placed() adds, less the pad bit of a full block */
};

static void carry(double piece[4], const double a[4], const double b[4], const struct key *key)
{
  double ca[4], cb[4];
  int k;
  for (k = 0; k < 4; ++k) {
    ca[k] = (a[k] + key->alpha[k]) - key->alpha[k];   /* a[k] rounded at 2^(32k+32) */
    cb[k] = (b[k] + key->alpha[k]) - key->alpha[k];
  }
  /* 2^130 = 5 mod p: the top carries come back at the bottom times 5 * 2^-130 */
  piece[0] = ((a[0] - ca[0]) + (b[0] - cb[0])) + (ca[3] + cb[3]) * (5 * power2(-130));
  for (k = 1; k < 4; ++k)
    piece[k] = ((a[k] - ca[k]) + (b[k] - cb[k])) + (ca[k - 1] + cb[k - 1]);
}

static void multiply(double a[4], double b[4], const double piece[4], const struct key *key)
{
  int k;
  for (k = 0; k < 4; ++k) {
    a[k] = (piece[0] * key->lo[0][k] + piece[1] * key->lo[1][k])
         + (piece[2] * key->lo[2][k] + piece[3] * key->lo[3][k]);
    b[k] = (piece[0] * key->hi[0][k] + piece[1] * key->hi[1][k])
         + (piece[2] * key->hi[2][k] + piece[3] * key->hi[3][k]);
  }
}

static void key_setup(struct key *key, const unsigned char rbytes[16])
{
  static const uint32_t clamp[4] = { 0x0fffffff, 0x0ffffffc, 0x0ffffffc, 0x0ffffffc };
  int i, j, k;
  for (j = 0; j < 4; ++j) {
    uint32_t r = load32_le(rbytes + 4 * j) & clamp[j];
    double lo = (double) (r & ((1u << SPLIT) - 1)) * power2(32 * j);
    double hi = (double) (r >> SPLIT) * power2(32 * j + SPLIT);
    for (i = 0; i < 4; ++i) {
      k = (i + j) % 4;
      if (i + j >= 4) {   /* depends on positions only, never on the key */
        key->lo[i][k] = lo * (5 * power2(-130));
        key->hi[i][k] = hi * (5 * power2(-130));
      } else {
        key->lo[i][k] = lo;
        key->hi[i][k] = hi;
      }
    }
  }
  for (k = 0; k < 4; ++k) {
    key->alpha[k] = 3 * power2(51 + (k == 3 ? 130 : 32 * k + 32));
    key->full[k] = key->last[k] = power2(52 + 32 * k);
  }
  key->full[3] -= power2(128);   /* 2^148 - 2^128: exact, 20 bits */
}

/* slot A_k += chunk word k * 2^(32k); offset also adds the pad bit 2^128 of a full chunk */
static void add_chunk(double a[4], const unsigned char chunk[16], const double offset[4])
{
  int k;
  for (k = 0; k < 4; ++k) a[k] += placed(load32_le(chunk + 4 * k), k) - offset[k];
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

void SYMBOL(authenticate)(unsigned char out[16], const unsigned char kr[32],
  const unsigned char n[16], const unsigned char m[], unsigned int l)
{
  struct key key;
  double a[4] = { 0, 0, 0, 0 }, b[4] = { 0, 0, 0, 0 }, piece[4];
  unsigned char s[16];
#if X87
  unsigned short caller = x87_control();
  /* 53-bit precision, round to nearest, exceptions masked */
  x87_set_control((unsigned short) ((caller & ~0x0f00) | 0x0200 | 0x3f));
#endif

  aes128(s, kr, n);
  key_setup(&key, kr + 16);

  for (; l >= 16; l -= 16, m += 16) {
    add_chunk(a, m, key.full);
    carry(piece, a, b, &key);
    multiply(a, b, piece, &key);
  }
  if (l > 0) {
    unsigned char last[16];
    unsigned int i;
    for (i = 0; i < 16; ++i) last[i] = 0;
    for (i = 0; i < l; ++i) last[i] = m[i];
    last[l] = 1;
    add_chunk(a, last, key.last);
    carry(piece, a, b, &key);
    multiply(a, b, piece, &key);
  }
  carry(piece, a, b, &key);
  finish(out, piece, s);
#if X87
  x87_set_control(caller);
#endif
}
