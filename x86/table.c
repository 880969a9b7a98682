/* AES-128 of one block from a 1 KiB table, for the paths of poly1305aes_amd64
   and poly1305aes_x86 that run on CPUs without AES-NI. Plain C (32-bit
   words). NOT constant time: the table is indexed by bytes computed from k
   and n, a cache-timing leak of k (each implementation's 'sidechannel' file
   says so for those paths). The key expansion runs inside the rounds. */
#include "x86.h"

/* entry x of the table: bytes 2S[x], S[x], S[x], 3S[x] (aes/gentable.py, layout in 'table') */
extern const unsigned char aes_table[1024];

INLINE uint32_t te(unsigned int x)
{
  return load32(aes_table + 4 * x);
}

INLINE uint32_t sb(unsigned int x)
{
  return aes_table[4 * x + 1];
}

INLINE uint32_t rotl(uint32_t x, int c)
{
  return x << c | x >> (32 - c);
}

/* little-endian words: byte i of a column is row i */
void table_encrypt(uint32_t s[4], const unsigned char k[16], const unsigned char n[16])
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
  s[0] = x0;
  s[1] = x1;
  s[2] = x2;
  s[3] = x3;
}
