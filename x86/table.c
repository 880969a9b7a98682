/* AES-128 of one block from a 2 KiB table, for the paths of poly1305aes_amd64
   and poly1305aes_x86 that run on CPUs without AES-NI. Plain C (32-bit
   words), the ten rounds unrolled, the key expansion inside them. NOT
   constant time: the table is indexed by bytes computed from k and n, a
   cache-timing leak of k (each implementation's 'sidechannel' file says so
   for those paths). */
#include "x86.h"

/* entry x of the table: bytes 2S[x] S[x] S[x] 3S[x] 2S[x] S[x] S[x] 3S[x]
   (aes/gentable.py, layout in each implementation's 'table'): a 4-byte
   load at offset 0, 3, 2, 1 is the MixColumns column of an input byte in
   row 0, 1, 2, 3, and byte 1 is S[x] */
extern const unsigned char aes_table[2048];

#define T(x, row) load32(aes_table + 8 * (x) + (4 - (row)) % 4)
#define SB(x) ((uint32_t) aes_table[8 * (x) + 1])

/* little-endian words: byte i of a column is row i; column j of the next
   state takes row i from column j + i */
#define COLUMN(a, b, c, d) (T(a & 255, 0) ^ T(b >> 8 & 255, 1) ^ T(c >> 16 & 255, 2) ^ T(d >> 24, 3))
#define LAST(a, b, c, d) (SB(a & 255) | SB(b >> 8 & 255) << 8 | SB(c >> 16 & 255) << 16 | SB(d >> 24) << 24)
#define KEY(rcon)                                                                                  \
  k0 ^= (SB(k3 >> 8 & 255) | SB(k3 >> 16 & 255) << 8 | SB(k3 >> 24) << 16 | SB(k3 & 255) << 24) ^ rcon; \
  k1 ^= k0;                                                                                        \
  k2 ^= k1;                                                                                        \
  k3 ^= k2
#define ROUND(rcon)                                                                                \
  KEY(rcon);                                                                                       \
  y0 = COLUMN(x0, x1, x2, x3) ^ k0;                                                                \
  y1 = COLUMN(x1, x2, x3, x0) ^ k1;                                                                \
  y2 = COLUMN(x2, x3, x0, x1) ^ k2;                                                                \
  y3 = COLUMN(x3, x0, x1, x2) ^ k3;                                                                \
  x0 = y0, x1 = y1, x2 = y2, x3 = y3

void table_encrypt(uint32_t s[4], const unsigned char k[16], const unsigned char n[16])
{
  uint32_t k0 = load32(k), k1 = load32(k + 4), k2 = load32(k + 8), k3 = load32(k + 12);
  uint32_t x0 = load32(n) ^ k0, x1 = load32(n + 4) ^ k1, x2 = load32(n + 8) ^ k2, x3 = load32(n + 12) ^ k3;
  uint32_t y0, y1, y2, y3;
  ROUND(0x01); ROUND(0x02); ROUND(0x04); ROUND(0x08); ROUND(0x10);
  ROUND(0x20); ROUND(0x40); ROUND(0x80); ROUND(0x1b);
  KEY(0x36);
  s[0] = LAST(x0, x1, x2, x3) ^ k0;
  s[1] = LAST(x1, x2, x3, x0) ^ k1;
  s[2] = LAST(x2, x3, x0, x1) ^ k2;
  s[3] = LAST(x3, x0, x1, x2) ^ k3;
}
