/* SPDX-License-Identifier: CC0-1.0 */
/* Bitsliced AES-128 of one block, key expansion included, on 32-bit words:
   aes_bs32(out, key, in) with blocks as column words (common/aes_bs.h).
   Portable C99; any byte order. Constant time: no table, no branch, no
   memory index and no multiplication depends on the key or the block.

   Layout: plane b (b = 0 the least significant bit of every byte) is one
   word; its byte lane i (bits 8i..8i+7) is row i of the state, and lane bit
   c (c = 0..3) is column c. The state's S-box input also holds, in lane bits
   4..6, copies of columns 0..2 (so ShiftRows reads rotated rows with plain
   shifts), and in lane bit 7 the round key's byte (row i, column 3): the
   key expansion's SubWord shares the state's S-box, one circuit a round for
   both. The round key is kept in lane bits 0..3 with bits 4..7 zero.

   One round, per plane (S = SubBytes output, k the round key before this
   round's expansion):
     expansion:  T = S of lane i+1's bit 7 moved to lane i's bit 0 (RotWord),
                 plus rcon in row 0; k' = prefix(k ^ T) over the columns of
                 each lane, so column c of k' is k0 ^ .. ^ kc ^ T (FIPS-197)
     ShiftRows:  lane i takes bits i..i+3 of itself (the copies supply the
                 wrap), the high nibbles cleared
     MixColumns: on whole lanes (rotations by 8 and 16 bits) and, for the
                 doubling, across planes: out = 2(a ^ a') ^ a' ^ a'' ^ a'''
                 with a' the next row
     AddRoundKey, then the copies and the slot for the next round:
                 y = mc ^ k', bits 4..6 = y's bits 0..2 and bit 7 = k' of
                 column 3 = y3 ^ mc3.
   Measured instructions for one block with its key expansion: see
   poly1305aes_ct/summary and README. */
#ifndef poly1305aes_aes_bs32_H
#define poly1305aes_aes_bs32_H

#include <stdint.h>
#include "aes_bs.h"

#define BS32_ROTR(x, n) ((uint32_t) ((x) >> (n) | (x) << (32 - (n))))
#define BS32_PLANES(M) M(0) M(1) M(2) M(3) M(4) M(5) M(6) M(7)

#define BS32_SWAP(a, b, shift, m) AES_BS_SWAP(uint32_t, a, b, shift, m)   /* common/aes_bs.h */

/* four column words (w0..w3 hold columns 0..3) into the planes: after the two
   swaps, word j (j = b0 + 2 b1) lane i holds bit b of byte (i, c) at lane bit
   c + 4 b2; the nibbles then part into planes j and j + 4 */
#define BS32_PACK(p, w0, w1, w2, w3)                                                                \
  do {                                                                                              \
    BS32_SWAP(w0, w1, 1, 0x55555555u);                                                              \
    BS32_SWAP(w2, w3, 1, 0x55555555u);                                                              \
    BS32_SWAP(w0, w2, 2, 0x33333333u);                                                              \
    BS32_SWAP(w1, w3, 2, 0x33333333u);                                                              \
    p##0 = w0 & 0x0f0f0f0fu, p##4 = w0 >> 4 & 0x0f0f0f0fu;                                          \
    p##1 = w1 & 0x0f0f0f0fu, p##5 = w1 >> 4 & 0x0f0f0f0fu;                                          \
    p##2 = w2 & 0x0f0f0f0fu, p##6 = w2 >> 4 & 0x0f0f0f0fu;                                          \
    p##3 = w3 & 0x0f0f0f0fu, p##7 = w3 >> 4 & 0x0f0f0f0fu;                                          \
  } while (0)

/* ShiftRows: lane i = bits i..i+3 of lane i (the copies reach bit 6), the
   high nibbles cleared. One map written two ways for the instructions the
   compilers pick: on PowerPC three bit-field inserts (rlwimi; 3719
   instructions a block against 3931, gcc 12 under qemu-ppc), elsewhere two
   conditional shifts, rows 1 and 3 by one bit then rows 2 and 3 by two
   (arm64 3138 against 3328 for four masked shifts, sparc64 4562 against
   4720, x86 6427 against 6612) */
#if defined(__powerpc__)
static inline uint32_t bs32_shiftrows(uint32_t x)
{
  uint32_t y = x;
  y = (y & ~0x00000f00u) | (x >> 1 & 0x00000f00u);
  y = (y & ~0x000f0000u) | (x >> 2 & 0x000f0000u);
  y = (y & ~0x0f000000u) | (x >> 3 & 0x0f000000u);
  return y & 0x0f0f0f0fu;
}
#else
static inline uint32_t bs32_shiftrows(uint32_t x)
{
  x ^= (x ^ x >> 1) & 0x7f007f00u;   /* rows 1 and 3: bits 1..7 down one */
  x ^= (x ^ x >> 2) & 0x0f0f0000u;   /* rows 2 and 3: bits 2..5 down two */
  return x & 0x0f0f0f0fu;
}
#endif

/* the expansion of plane b: T from the S-box's slots, rcon bit b of the round */
#define BS32_EXPAND(b)                                                                              \
  {                                                                                                 \
    uint32_t y_ = k##b ^ (BS32_ROTR(s##b, 15) & 0x01010101u) ^ (uint32_t) (rcon >> (b) & 1);        \
    y_ ^= y_ << 1;                                                                                  \
    y_ ^= y_ << 2;                                                                                  \
    k##b = y_ & 0x0f0f0f0fu;                                                                        \
  }
#define BS32_SR(b) s##b = bs32_shiftrows(s##b);
#define BS32_MC(b) AES_BS_MC(uint32_t, BS32_ROTR, 8, s##b, t##b, u##b)
#define BS32_NEXT(b, mc) AES_BS_NEXT(uint32_t, s##b, k##b, mc, 0x08080808u)
#define BS32_LAST(b) s##b ^= k##b;

/* a middle round whose round key KEY makes (the expansion, or a load of an expanded key) */
#define BS32_ROUND_WITH(KEY)                                                                        \
  do {                                                                                              \
    uint32_t t0, t1, t2, t3, t4, t5, t6, t7, u0, u1, u2, u3, u4, u5, u6, u7;                        \
    AES_BS_SBOX(uint32_t, s7, s6, s5, s4, s3, s2, s1, s0);                                          \
    KEY;                                                                                            \
    BS32_PLANES(BS32_SR)                                                                            \
    BS32_MC(7)                                                                                      \
    BS32_MC(0) BS32_NEXT(0, u0 ^ t7)                                                                \
    BS32_MC(1) BS32_NEXT(1, u1 ^ t0 ^ t7)                                                           \
    BS32_MC(2) BS32_NEXT(2, u2 ^ t1)                                                                \
    BS32_MC(3) BS32_NEXT(3, u3 ^ t2 ^ t7)                                                           \
    BS32_MC(4) BS32_NEXT(4, u4 ^ t3 ^ t7)                                                           \
    BS32_MC(5) BS32_NEXT(5, u5 ^ t4)                                                                \
    BS32_MC(6) BS32_NEXT(6, u6 ^ t5)                                                                \
    BS32_NEXT(7, u7 ^ t6)                                                                           \
  } while (0)
#define BS32_FINAL_ROUND_WITH(KEY)                                                                  \
  do {                                                                                              \
    AES_BS_SBOX(uint32_t, s7, s6, s5, s4, s3, s2, s1, s0);                                          \
    KEY;                                                                                            \
    BS32_PLANES(BS32_SR)                                                                            \
    BS32_PLANES(BS32_LAST)                                                                          \
  } while (0)

#define BS32_ROUND(rcon_value) AES_BS_ROUND(BS32, BS32_PLANES, rcon_value)
#define BS32_FINAL_ROUND(rcon_value) AES_BS_FINAL_ROUND(BS32, BS32_PLANES, rcon_value)

/* the copies, and the slot: the key's column 3 */
#define BS32_FIRST(b) s##b |= (s##b ^ ((s##b ^ k##b) & 0x08080808u)) << 4;

/* the planes (high nibbles zero) back into column words out[4]: the packing undone */
#define BS32_UNPACK(out)                                                                            \
  do {                                                                                              \
    uint32_t w0 = s0 | s4 << 4, w1 = s1 | s5 << 4, w2 = s2 | s6 << 4, w3 = s3 | s7 << 4;            \
    BS32_SWAP(w0, w2, 2, 0x33333333u);                                                              \
    BS32_SWAP(w1, w3, 2, 0x33333333u);                                                              \
    BS32_SWAP(w0, w1, 1, 0x55555555u);                                                              \
    BS32_SWAP(w2, w3, 1, 0x55555555u);                                                              \
    out[0] = w0, out[1] = w1, out[2] = w2, out[3] = w3;                                             \
  } while (0)

/* out = AES-128 of in under key; column words (common/aes_bs.h) */
static inline void aes_bs32(uint32_t out[4], const uint32_t key[4], const uint32_t in[4])
{
  uint32_t s0, s1, s2, s3, s4, s5, s6, s7, k0, k1, k2, k3, k4, k5, k6, k7;
  uint32_t w0 = key[0], w1 = key[1], w2 = key[2], w3 = key[3];
  BS32_PACK(k, w0, w1, w2, w3);
  w0 = in[0] ^ key[0], w1 = in[1] ^ key[1], w2 = in[2] ^ key[2], w3 = in[3] ^ key[3];
  BS32_PACK(s, w0, w1, w2, w3);
  BS32_PLANES(BS32_FIRST)
  BS32_ROUND(0x01);
  BS32_ROUND(0x02);
  BS32_ROUND(0x04);
  BS32_ROUND(0x08);
  BS32_ROUND(0x10);
  BS32_ROUND(0x20);
  BS32_ROUND(0x40);
  BS32_ROUND(0x80);
  BS32_ROUND(0x1b);
  BS32_FINAL_ROUND(0x36);
  BS32_UNPACK(out);
}

/* The split form, for expanded keys: aes_bs32_expand(sched, key) writes the
   planes of the 11 round keys (8 words a round as column bytes,
   common/aes_bs.h's order: 352 bytes at any alignment) to sched, running
   aes_bs32's rounds on a zero block for the S-box slots that make them;
   aes_bs32_expanded(out, sched, in) = AES-128 of in under them: the same
   rounds with each round key loaded (the packing is linear, so the first
   AddRoundKey xors the packed key into the packed block). */
static inline void aes_bs_put32(unsigned char *p, uint32_t x)
{
  p[0] = (unsigned char) x, p[1] = (unsigned char) (x >> 8), p[2] = (unsigned char) (x >> 16);
  p[3] = (unsigned char) (x >> 24);
}
#define BS32_PUT(b) aes_bs_put32(at + 4 * (b), k##b);
#define BS32_GET(b) k##b = aes_bs_column(at + 4 * (b));
#define BS32_ADD_KEY(b) s##b ^= k##b;

static inline void aes_bs32_expand(unsigned char *sched, const uint32_t key[4])
{
  uint32_t s0, s1, s2, s3, s4, s5, s6, s7, k0, k1, k2, k3, k4, k5, k6, k7;
  uint32_t w0 = key[0], w1 = key[1], w2 = key[2], w3 = key[3];
  unsigned char *at = sched;
  BS32_PACK(k, w0, w1, w2, w3);
  BS32_PACK(s, w0, w1, w2, w3);
  AES_BS_EXPAND_ROUNDS(BS32, BS32_PLANES);
}

static inline void aes_bs32_expanded(uint32_t out[4], const unsigned char *sched, const uint32_t in[4])
{
  uint32_t s0, s1, s2, s3, s4, s5, s6, s7, k0, k1, k2, k3, k4, k5, k6, k7;
  uint32_t w0 = in[0], w1 = in[1], w2 = in[2], w3 = in[3];
  const unsigned char *at = sched;
  BS32_PACK(s, w0, w1, w2, w3);
  AES_BS_EXPANDED_ROUNDS(BS32, BS32_PLANES);
  BS32_UNPACK(out);
}

#endif
