/* poly1305aes_amd64 scalar code, and the calls of every path (the AES of the
   nonce around its hash): "x64" (AES-NI, radix-2^64 Poly1305 with MUL;
   constant time), "generic" (no AES-NI: AES-128 from a 1 KiB table, indexed
   by secret key and nonce bytes, so NOT constant time; the same Poly1305),
   the short-message code of the ifma and avx2 paths (AES-NI, MULX), and
   their long-message calls around avx2.c's and ifma.c's hashes. Bounds: amd64.h.

   rdtsc ticks, median (Xeon Sapphire Rapids, gcc 12): see the table in dispatch.c. */
#include "amd64.h"

/* the scalar hash, with MUL or with MULX */
INLINE void hash_mul(u64 h[3], const unsigned char r[16], const unsigned char *m, size_t l)
{
  struct p64 st;
  p64_start(&st, r);
  p64_hash(&st, m, l, 0);
  h[0] = st.h0, h[1] = st.h1, h[2] = st.h2;
}

INLINE void hash_mulx(u64 h[3], const unsigned char r[16], const unsigned char *m, size_t l)
{
  struct p64 st;
  p64_start(&st, r);
  p64_hash(&st, m, l, 1);
  h[0] = st.h0, h[1] = st.h1, h[2] = st.h2;
}

/* a path's calls (hashfn): the AES-NI of the nonce around one of the hashes,
   in the instruction set of the path (VEX-encoded on the AVX paths) */
#define AES_AROUND(name, isa, hash)                                                              \
  __attribute__((target(isa))) void name(unsigned char out[16], const unsigned char r[16],      \
                                         const unsigned char *k, const unsigned char *ns,       \
                                         const unsigned char *m, size_t l)                      \
  {                                                                                              \
    aes_and_hash(out, r, k, ns, m, l, hash);                                                     \
  }
AES_AROUND(scalar_mul, "aes,ssse3", hash_mul)                               /* the x64 path */
AES_AROUND(scalar_mulx, "avx,bmi2,aes,ssse3", hash_mulx)                    /* short ones, ifma and avx2 */
AES_AROUND(vector_avx2, "avx2,avx,bmi2,aes,ssse3", avx2_hash)               /* long ones, avx2 */
AES_AROUND(vector_ifma, "avx512f,avx2,avx,bmi2,aes,ssse3", ifma_hash)       /* long ones, ifma */

/* ---- generic: table AES, scalar Poly1305 ---- */

/* entry x of the table: bytes 2S[x], S[x], S[x], 3S[x] (aes/gentable.py, layout in 'table') */
extern const unsigned char aes_table[1024];

INLINE uint32_t te(unsigned int x)
{
  uint32_t v;
  memcpy(&v, aes_table + 4 * x, 4);
  return v;
}

INLINE uint32_t sb(unsigned int x)
{
  return aes_table[4 * x + 1];
}

INLINE uint32_t rotl(uint32_t x, int c)
{
  return x << c | x >> (32 - c);
}

INLINE uint32_t load32(const unsigned char *p)
{
  uint32_t x;
  memcpy(&x, p, 4);
  return x;
}

/* little-endian words: byte i of a column is row i */
static void table_encrypt(u64 *s0, u64 *s1, const unsigned char k[16], const unsigned char n[16])
{
  static const unsigned char rcon[10] = { 0x01, 0x02, 0x04, 0x08, 0x10, 0x20, 0x40, 0x80, 0x1b, 0x36 };
  uint32_t k0 = load32(k), k1 = load32(k + 4), k2 = load32(k + 8), k3 = load32(k + 12);
  uint32_t x0 = load32(n) ^ k0, x1 = load32(n + 4) ^ k1, x2 = load32(n + 8) ^ k2, x3 = load32(n + 12) ^ k3;
  uint32_t y0, y1, y2, y3;
  int round;
  for (round = 0; round < 10; ++round) {
    k0 ^= (sb(k3 >> 8 & 255) | sb(k3 >> 16 & 255) << 8 | sb(k3 >> 24) << 16 | sb(k3 & 255) << 24) ^ rcon[round];
    k1 ^= k0;
    k2 ^= k1;
    k3 ^= k2;
    if (round < 9) {
#define COLUMN(a, b, c, d) \
  (te(a & 255) ^ rotl(te(b >> 8 & 255), 8) ^ rotl(te(c >> 16 & 255), 16) ^ rotl(te(d >> 24), 24))
      y0 = COLUMN(x0, x1, x2, x3) ^ k0;
      y1 = COLUMN(x1, x2, x3, x0) ^ k1;
      y2 = COLUMN(x2, x3, x0, x1) ^ k2;
      y3 = COLUMN(x3, x0, x1, x2) ^ k3;
#undef COLUMN
    } else {
#define LAST(a, b, c, d) (sb(a & 255) | sb(b >> 8 & 255) << 8 | sb(c >> 16 & 255) << 16 | sb(d >> 24) << 24)
      y0 = LAST(x0, x1, x2, x3) ^ k0;
      y1 = LAST(x1, x2, x3, x0) ^ k1;
      y2 = LAST(x2, x3, x0, x1) ^ k2;
      y3 = LAST(x3, x0, x1, x2) ^ k3;
#undef LAST
    }
    x0 = y0;
    x1 = y1;
    x2 = y2;
    x3 = y3;
  }
  *s0 = (u64) x1 << 32 | x0;
  *s1 = (u64) x3 << 32 | x2;
}

/* the generic path: AES from the table, MUL */
void scalar_table(unsigned char out[16], const unsigned char r[16], const unsigned char *k,
                  const unsigned char *ns, const unsigned char *m, size_t l)
{
  struct p64 st;
  u64 s0, s1;
  if (k) table_encrypt(&s0, &s1, k, ns);
  else s0 = load64(ns), s1 = load64(ns + 8);
  p64_start(&st, r);
  p64_hash(&st, m, l, 0);
  p64_finish(out, st.h0, st.h1, st.h2, s0, s1);
}
