/* SPDX-License-Identifier: CC0-1.0 */
/* AES-128 encryption of one block from a 2 KiB table, the ten rounds
   unrolled and the key expansion merged into them: the fallback of
   poly1305aes_amd64, poly1305aes_x86 and poly1305aes_arm64 on CPUs without
   AES instructions. Plain C on 32-bit words. NOT constant time: every lookup
   is indexed by bytes of the key and the block (a cache-timing leak of k).
   Assumes a little-endian CPU with unaligned 4-byte loads; the including
   implementation maps aes_table onto its own namespaced copy (#define
   aes_table CRYPTO_NAMESPACE(aes_table)), which its build generates with
   aes/gentable.py (layout 2s s s 3s 2s s s 3s), and defines INLINE. One
   file of an implementation includes it. Unrolled with the 2 KiB table
   (loads at offsets 0, 3, 2, 1 instead of rotations): faster than the
   rolled 1 KiB version on x86-64 and 32-bit x86 (doc/results/amd64.md). */
#ifndef poly1305aes_aes_table_H
#define poly1305aes_aes_table_H

#include <stdint.h>
#include <string.h>

/* entry x of the table: bytes 2S[x] S[x] S[x] 3S[x] 2S[x] S[x] S[x] 3S[x]
   (aes/gentable.py, layout in 'table'): a 4-byte load at offset 0, 3, 2, 1
   is the MixColumns column of an input byte in row 0, 1, 2, 3, and byte 1 is
   S[x] */
extern const unsigned char aes_table[2048];

INLINE uint32_t aes_word(const unsigned char *p)
{
  uint32_t x;
  memcpy(&x, p, 4);
  return x;
}

#define AES_T(x, row) aes_word(aes_table + 8 * (x) + (4 - (row)) % 4)
#define AES_SB(x) ((uint32_t) aes_table[8 * (x) + 1])

/* little-endian words: byte i of a column is row i; column j of the next
   state takes row i from column j + i */
#define AES_COLUMN(a, b, c, d) (AES_T(a & 255, 0) ^ AES_T(b >> 8 & 255, 1) ^ AES_T(c >> 16 & 255, 2) ^ AES_T(d >> 24, 3))
#define AES_LAST(a, b, c, d) (AES_SB(a & 255) | AES_SB(b >> 8 & 255) << 8 | AES_SB(c >> 16 & 255) << 16 | AES_SB(d >> 24) << 24)
#define AES_KEY(rcon)                                                                              \
  k0 ^= (AES_SB(k3 >> 8 & 255) | AES_SB(k3 >> 16 & 255) << 8 | AES_SB(k3 >> 24) << 16 | AES_SB(k3 & 255) << 24) ^ rcon; \
  k1 ^= k0;                                                                                        \
  k2 ^= k1;                                                                                        \
  k3 ^= k2
#define AES_ROUND(rcon)                                                                            \
  AES_KEY(rcon);                                                                                   \
  y0 = AES_COLUMN(x0, x1, x2, x3) ^ k0;                                                            \
  y1 = AES_COLUMN(x1, x2, x3, x0) ^ k1;                                                            \
  y2 = AES_COLUMN(x2, x3, x0, x1) ^ k2;                                                            \
  y3 = AES_COLUMN(x3, x0, x1, x2) ^ k3;                                                            \
  x0 = y0, x1 = y1, x2 = y2, x3 = y3

/* s = AES-128_k(n) as four little-endian words */
static void table_encrypt(uint32_t s[4], const unsigned char k[16], const unsigned char n[16])
{
  uint32_t k0 = aes_word(k), k1 = aes_word(k + 4), k2 = aes_word(k + 8), k3 = aes_word(k + 12);
  uint32_t x0 = aes_word(n) ^ k0, x1 = aes_word(n + 4) ^ k1, x2 = aes_word(n + 8) ^ k2, x3 = aes_word(n + 12) ^ k3;
  uint32_t y0, y1, y2, y3;
  AES_ROUND(0x01); AES_ROUND(0x02); AES_ROUND(0x04); AES_ROUND(0x08); AES_ROUND(0x10);
  AES_ROUND(0x20); AES_ROUND(0x40); AES_ROUND(0x80); AES_ROUND(0x1b);
  AES_KEY(0x36);
  s[0] = AES_LAST(x0, x1, x2, x3) ^ k0;
  s[1] = AES_LAST(x1, x2, x3, x0) ^ k1;
  s[2] = AES_LAST(x2, x3, x0, x1) ^ k2;
  s[3] = AES_LAST(x3, x0, x1, x2) ^ k3;
}

#endif
