/* SPDX-License-Identifier: CC0-1.0 */
/* Bitsliced AES-128 of one block, key expansion included, on 64-bit words:
   aes_bs64(out, key, in) with blocks as column words (common/aes_bs.h).
   Portable C99; any byte order. Constant time: no table, no branch, no
   memory index and no multiplication depends on the key or the block.

   The rounds of common/aes_bs32.h, two planes to a word: word j (j = 0..3)
   holds plane j in its even byte lanes and plane j + 4 in its odd ones, lane
   2i + h being row i of plane j + 4h, laid out as a lane of aes_bs32.h
   (columns in bits 0..3; at the S-box input copies of columns 0..2 in bits
   4..6 and the key's column 3 in bit 7). So ShiftRows, MixColumns (rows
   one 16-bit step apart), the key expansion and AddRoundKey take four words
   instead of eight. Only the S-box needs the planes apart: word j is plane
   j, and word j shifted down a lane is plane j + 4 (the odd lanes' contents
   run through the circuit unused), and the results are merged back. The
   doubling in MixColumns moves plane 7 to planes 0, 1, 3, 4: plane 3's lanes
   swap halves with plane 7's in word 3. */
#ifndef poly1305aes_aes_bs64_H
#define poly1305aes_aes_bs64_H

#include <stdint.h>
#include "aes_bs.h"

#define BS64_ROTR(x, n) ((uint64_t) ((x) >> (n) | (x) << (64 - (n))))
#define BS64_WORDS(M) M(0) M(1) M(2) M(3)
#define BS64_EVEN 0x00ff00ff00ff00ffull
#define BS64_NIBBLES 0x0f0f0f0f0f0f0f0full

#define BS64_SWAP(a, b, shift, m) AES_BS_SWAP(uint64_t, a, b, shift, m)   /* common/aes_bs.h */

/* bytes of a column word into the even lanes: byte i to lane 2i */
#define BS64_SPREAD(x) (((((x) | (x) << 16) & 0x0000ffff0000ffffull) | ((((x) | (x) << 16) & 0x0000ffff0000ffffull) << 8)) & BS64_EVEN)

/* four column words into the pair words: spread, then two swaps leave word
   j = b0 + 2 b1 with bit b of byte (i, c) at bit c + 4 b2 of lane 2i; b2 = 1
   moves up to lane 2i + 1 */
#define BS64_PACK(p, c0, c1, c2, c3)                                                                \
  do {                                                                                              \
    uint64_t w0 = c0, w1 = c1, w2 = c2, w3 = c3;                                                    \
    w0 = BS64_SPREAD(w0), w1 = BS64_SPREAD(w1), w2 = BS64_SPREAD(w2), w3 = BS64_SPREAD(w3);         \
    BS64_SWAP(w0, w1, 1, 0x5555555555555555ull);                                                    \
    BS64_SWAP(w2, w3, 1, 0x5555555555555555ull);                                                    \
    BS64_SWAP(w0, w2, 2, 0x3333333333333333ull);                                                    \
    BS64_SWAP(w1, w3, 2, 0x3333333333333333ull);                                                    \
    p##0 = (w0 & 0x000f000f000f000full) | (w0 << 4 & 0x0f000f000f000f00ull);                        \
    p##1 = (w1 & 0x000f000f000f000full) | (w1 << 4 & 0x0f000f000f000f00ull);                        \
    p##2 = (w2 & 0x000f000f000f000full) | (w2 << 4 & 0x0f000f000f000f00ull);                        \
    p##3 = (w3 & 0x000f000f000f000full) | (w3 << 4 & 0x0f000f000f000f00ull);                        \
  } while (0)

/* ShiftRows: lanes 2i and 2i + 1 = their own bits i..i+3, the high nibbles
   cleared: rows 1 and 3 down one bit, then rows 2 and 3 down two (2559
   instructions a block on arm64 against 2597 for four masked shifts) */
static inline uint64_t bs64_shiftrows(uint64_t x)
{
  x ^= (x ^ x >> 1) & 0x7f7f00007f7f0000ull;
  x ^= (x ^ x >> 2) & 0x0f0f0f0f00000000ull;
  return x & BS64_NIBBLES;
}

/* the S-box's results merged back: word j = plane j in the even lanes, plane j + 4 in the odd */
#define BS64_MERGE(j) s##j = x##j ^ ((x##j ^ x##j##h << 8) & ~BS64_EVEN);
/* the expansion of word j: T from the slots (lane 2i + h's bit 0 from lane 2i + 2 + h's bit 7),
   rcon bits j and j + 4 of the round in row 0 */
#define BS64_EXPAND(j)                                                                              \
  {                                                                                                 \
    uint64_t y_ = k##j ^ (BS64_ROTR(s##j, 23) & 0x0101010101010101ull)                              \
                  ^ (uint64_t) ((rcon >> (j) & 1) | (rcon >> ((j) + 4) & 1) << 8);                  \
    y_ ^= y_ << 1;                                                                                  \
    y_ ^= y_ << 2;                                                                                  \
    k##j = y_ & BS64_NIBBLES;                                                                       \
  }
#define BS64_SR(j) s##j = bs64_shiftrows(s##j);
#define BS64_MC(j) AES_BS_MC(uint64_t, BS64_ROTR, 16, s##j, t##j, u##j)
#define BS64_NEXT(j, mc) AES_BS_NEXT(uint64_t, s##j, k##j, mc, 0x0808080808080808ull)
#define BS64_LAST(j) s##j ^= k##j;

/* the S-box over the eight planes of the four words */
#define BS64_SUBBYTES()                                                                             \
  do {                                                                                              \
    uint64_t x0 = s0, x1 = s1, x2 = s2, x3 = s3, x0h = s0 >> 8, x1h = s1 >> 8, x2h = s2 >> 8, x3h = s3 >> 8; \
    AES_BS_SBOX(uint64_t, x3h, x2h, x1h, x0h, x3, x2, x1, x0);                                      \
    BS64_WORDS(BS64_MERGE)                                                                          \
  } while (0)

/* a middle round whose round key KEY makes (the expansion, or a load of an expanded key) */
#define BS64_ROUND_WITH(KEY)                                                                        \
  do {                                                                                              \
    uint64_t t0, t1, t2, t3, u0, u1, u2, u3, seven;                                                 \
    BS64_SUBBYTES();                                                                                \
    KEY;                                                                                            \
    BS64_WORDS(BS64_SR)                                                                             \
    /* MixColumns word by word, each word's AddRoundKey right after; the doubling     \
       moves plane 7 (word 3's odd lanes) into planes 0 and 4, 1 and 3 */               \
    BS64_MC(3)                                                                                      \
    seven = t3 >> 8 & BS64_EVEN;                                                                    \
    BS64_MC(0) BS64_NEXT(0, u0 ^ seven ^ ((t3 ^ t3 << 8) & ~BS64_EVEN))                             \
    BS64_MC(1) BS64_NEXT(1, u1 ^ t0 ^ seven)                                                        \
    BS64_MC(2) BS64_NEXT(2, u2 ^ t1)                                                                \
    BS64_NEXT(3, u3 ^ t2 ^ seven)                                                                   \
  } while (0)

#define BS64_FINAL_ROUND_WITH(KEY)                                                                  \
  do {                                                                                              \
    BS64_SUBBYTES();                                                                                \
    KEY;                                                                                            \
    BS64_WORDS(BS64_SR)                                                                             \
    BS64_WORDS(BS64_LAST)                                                                           \
  } while (0)

#define BS64_ROUND(rcon_value) AES_BS_ROUND(BS64, BS64_WORDS, rcon_value)
#define BS64_FINAL_ROUND(rcon_value) AES_BS_FINAL_ROUND(BS64, BS64_WORDS, rcon_value)

/* the even lanes' bytes back into a column word */
#define BS64_GATHER(x) ((uint32_t) (((x) | (x) >> 8) & 0x0000ffff0000ffffull) | (uint32_t) ((((x) | (x) >> 8) >> 16) & 0xffff0000u))

/* the copies, and the slot: the key's column 3 */
#define BS64_FIRST(j) s##j |= (s##j ^ ((s##j ^ k##j) & 0x0808080808080808ull)) << 4;

/* the packing undone into column words out[4]: lanes 2i + 1 back to bits 4..7 of lane 2i,
   the swaps, the gather */
#define BS64_UNPACK(out)                                                                            \
  do {                                                                                              \
    uint64_t w0 = (s0 & 0x000f000f000f000full) | (s0 >> 4 & 0x00f000f000f000f0ull);                \
    uint64_t w1 = (s1 & 0x000f000f000f000full) | (s1 >> 4 & 0x00f000f000f000f0ull);                \
    uint64_t w2 = (s2 & 0x000f000f000f000full) | (s2 >> 4 & 0x00f000f000f000f0ull);                \
    uint64_t w3 = (s3 & 0x000f000f000f000full) | (s3 >> 4 & 0x00f000f000f000f0ull);                \
    BS64_SWAP(w0, w2, 2, 0x3333333333333333ull);                                                    \
    BS64_SWAP(w1, w3, 2, 0x3333333333333333ull);                                                    \
    BS64_SWAP(w0, w1, 1, 0x5555555555555555ull);                                                    \
    BS64_SWAP(w2, w3, 1, 0x5555555555555555ull);                                                    \
    out[0] = BS64_GATHER(w0), out[1] = BS64_GATHER(w1), out[2] = BS64_GATHER(w2);                  \
    out[3] = BS64_GATHER(w3);                                                                       \
  } while (0)

/* out = AES-128 of in under key; column words (common/aes_bs.h) */
static inline void aes_bs64(uint32_t out[4], const uint32_t key[4], const uint32_t in[4])
{
  uint64_t s0, s1, s2, s3, k0, k1, k2, k3;
  BS64_PACK(k, key[0], key[1], key[2], key[3]);
  BS64_PACK(s, in[0] ^ key[0], in[1] ^ key[1], in[2] ^ key[2], in[3] ^ key[3]);
  BS64_WORDS(BS64_FIRST)
  BS64_ROUND(0x01);
  BS64_ROUND(0x02);
  BS64_ROUND(0x04);
  BS64_ROUND(0x08);
  BS64_ROUND(0x10);
  BS64_ROUND(0x20);
  BS64_ROUND(0x40);
  BS64_ROUND(0x80);
  BS64_ROUND(0x1b);
  BS64_FINAL_ROUND(0x36);
  BS64_UNPACK(out);
}

/* The split form, for expanded keys: aes_bs64_expand(sched, key) writes the
   4 words of each of the 11 round keys (as column bytes, common/aes_bs.h's
   order: 352 bytes at any alignment) to sched, running aes_bs64's rounds on a
   zero block for the S-box slots that make them; aes_bs64_expanded(out,
   sched, in) = AES-128 of in under them: the same rounds with each round key
   loaded (the packing is linear, so the first AddRoundKey xors the packed
   key into the packed block). */
static inline void aes_bs_put64(unsigned char *p, uint64_t x)
{
  unsigned int i;
  for (i = 0; i < 8; ++i) p[i] = (unsigned char) (x >> 8 * i);
}
static inline uint64_t aes_bs_get64(const unsigned char *p)
{
  return (uint64_t) aes_bs_column(p) | (uint64_t) aes_bs_column(p + 4) << 32;
}
#define BS64_PUT(j) aes_bs_put64(at + 8 * (j), k##j);
#define BS64_GET(j) k##j = aes_bs_get64(at + 8 * (j));
#define BS64_ADD_KEY(j) s##j ^= k##j;

static inline void aes_bs64_expand(unsigned char *sched, const uint32_t key[4])
{
  uint64_t s0, s1, s2, s3, k0, k1, k2, k3;
  unsigned char *at = sched;
  BS64_PACK(k, key[0], key[1], key[2], key[3]);
  BS64_PACK(s, key[0], key[1], key[2], key[3]);
  AES_BS_EXPAND_ROUNDS(BS64, BS64_WORDS);
}

static inline void aes_bs64_expanded(uint32_t out[4], const unsigned char *sched, const uint32_t in[4])
{
  uint64_t s0, s1, s2, s3, k0, k1, k2, k3;
  const unsigned char *at = sched;
  BS64_PACK(s, in[0], in[1], in[2], in[3]);
  AES_BS_EXPANDED_ROUNDS(BS64, BS64_WORDS);
  BS64_UNPACK(out);
}

#endif
