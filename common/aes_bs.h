/* SPDX-License-Identifier: CC0-1.0 */
/* What the bitsliced AES-128 of common/aes_bs32.h and common/aes_bs64.h
   share: the S-box as a circuit of AND, XOR and XNOR on whole words, and the
   block as four column words. Portable C99 (any byte order, any word size).
   No table, no branch, no memory index, no multiplication: every instruction
   and address is the same for every key and block.

   The S-box circuit is Boyar and Peralta's (115 gates: 32 AND, 79 XOR,
   4 XNOR; "A new combinational logic minimization technique with
   applications to cryptology", SEA 2010): bit x0 is the most significant
   bit of the byte. Applied to words, it computes the S-box of every bit
   position at once: plane b of a bitsliced state is the word whose bits are
   bit b of the bytes the layout places there. Whatever the other positions
   hold, each position's output depends only on that position's inputs. */
#ifndef poly1305aes_aes_bs_H
#define poly1305aes_aes_bs_H

#include <stdint.h>

/* S-box of every position: p7 (most significant plane) ... p0, in place; W is the word type.
   The planes must not be named like the circuit's own variables (x0_ ... x7_, y1 ... y21, t0 ...
   t67, z0 ... z17) */
#define AES_BS_SBOX(W, p7, p6, p5, p4, p3, p2, p1, p0)                                              \
  do {                                                                                              \
    W x0_ = p7, x1_ = p6, x2_ = p5, x3_ = p4, x4_ = p3, x5_ = p2, x6_ = p1, x7_ = p0;               \
    /* top linear layer: 23 XOR */                                                                  \
    W y14 = x3_ ^ x5_, y13 = x0_ ^ x6_, y9 = x0_ ^ x3_, y8 = x0_ ^ x5_, t0 = x1_ ^ x2_;             \
    W y1 = t0 ^ x7_, y4 = y1 ^ x3_, y12 = y13 ^ y14, y2 = y1 ^ x0_, y5 = y1 ^ x6_;                  \
    W y3 = y5 ^ y8, t1 = x4_ ^ y12, y15 = t1 ^ x5_, y20 = t1 ^ x1_, y6 = y15 ^ x7_;                 \
    W y10 = y15 ^ t0, y11 = y20 ^ y9, y7 = x7_ ^ y11, y17 = y10 ^ y11, y19 = y10 ^ y8;              \
    W y16 = t0 ^ y11, y21 = y13 ^ y16, y18 = x0_ ^ y16;                                             \
    /* inversion in GF(2^4)^2 and the products: 32 AND, 30 XOR */                                   \
    W t2 = y12 & y15, t3 = y3 & y6, t4 = t3 ^ t2, t5 = y4 & x7_, t6 = t5 ^ t2;                      \
    W t7 = y13 & y16, t8 = y5 & y1, t9 = t8 ^ t7, t10 = y2 & y7, t11 = t10 ^ t7;                    \
    W t12 = y9 & y11, t13 = y14 & y17, t14 = t13 ^ t12, t15 = y8 & y10, t16 = t15 ^ t12;            \
    W t17 = t4 ^ t14, t18 = t6 ^ t16, t19 = t9 ^ t14, t20 = t11 ^ t16;                              \
    W t21 = t17 ^ y20, t22 = t18 ^ y19, t23 = t19 ^ y21, t24 = t20 ^ y18;                           \
    W t25 = t21 ^ t22, t26 = t21 & t23, t27 = t24 ^ t26, t28 = t25 & t27, t29 = t28 ^ t22;          \
    W t30 = t23 ^ t24, t31 = t22 ^ t26, t32 = t31 & t30, t33 = t32 ^ t24, t34 = t23 ^ t33;          \
    W t35 = t27 ^ t33, t36 = t24 & t35, t37 = t36 ^ t34, t38 = t27 ^ t36, t39 = t29 & t38;          \
    W t40 = t25 ^ t39, t41 = t40 ^ t37, t42 = t29 ^ t33, t43 = t29 ^ t40, t44 = t33 ^ t37;          \
    W t45 = t42 ^ t41;                                                                              \
    W z0 = t44 & y15, z1 = t37 & y6, z2 = t33 & x7_, z3 = t43 & y16, z4 = t40 & y1;                 \
    W z5 = t29 & y7, z6 = t42 & y11, z7 = t45 & y17, z8 = t41 & y10, z9 = t44 & y12;                \
    W z10 = t37 & y3, z11 = t33 & y4, z12 = t43 & y13, z13 = t40 & y5, z14 = t29 & y2;              \
    W z15 = t42 & y9, z16 = t45 & y14, z17 = t41 & y8;                                              \
    /* bottom linear layer: 26 XOR, 4 XNOR */                                                       \
    W t46 = z15 ^ z16, t47 = z10 ^ z11, t48 = z5 ^ z13, t49 = z9 ^ z10, t50 = z2 ^ z12;             \
    W t51 = z2 ^ z5, t52 = z7 ^ z8, t53 = z0 ^ z3, t54 = z6 ^ z7, t55 = z16 ^ z17;                  \
    W t56 = z12 ^ t48, t57 = t50 ^ t53, t58 = z4 ^ t46, t59 = z3 ^ t54, t60 = t46 ^ t57;            \
    W t61 = z14 ^ t57, t62 = t52 ^ t58, t63 = t49 ^ t58, t64 = z4 ^ t59, t65 = t61 ^ t62;           \
    W t66 = z1 ^ t63, t67 = t64 ^ t65;                                                              \
    p7 = t59 ^ t63;                                                                                 \
    p4 = t53 ^ t66;                                                                                 \
    p6 = ~(t64 ^ p4);                                                                               \
    p5 = ~(t55 ^ t67);                                                                              \
    p3 = t51 ^ t66;                                                                                 \
    p2 = t47 ^ t65;                                                                                 \
    p1 = ~(t56 ^ t62);                                                                              \
    p0 = ~(t48 ^ t60);                                                                              \
  } while (0)

/* what the two layouts' rounds share, on words of type W */
/* delta swap: exchange the bits of b selected by m with the bits of a at m << shift */
#define AES_BS_SWAP(W, a, b, shift, m)                                                              \
  do {                                                                                              \
    W d_ = ((a >> (shift)) ^ b) & (m);                                                              \
    b ^= d_;                                                                                        \
    a ^= d_ << (shift);                                                                             \
  } while (0)
/* MixColumns' rotations of s, whose rows are row bits apart (rotr rotates a W right):
   t = s ^ (s >>> row), u = (s >>> row) ^ (t >>> 2 row) */
#define AES_BS_MC(W, rotr, row, s, t, u)                                                            \
  {                                                                                                 \
    W r_ = rotr(s, row);                                                                            \
    t = s ^ r_;                                                                                     \
    u = r_ ^ rotr(t, 2 * (row));                                                                    \
  }
/* AddRoundKey, the copies and the slot: s from the MixColumns output mc (high nibbles zero)
   and the round key k; eights: bit 3 of every lane */
#define AES_BS_NEXT(W, s, k, mc, eights)                                                            \
  {                                                                                                 \
    W y_ = (mc) ^ k;                                                                                \
    s = y_ | (y_ ^ ((mc) & (eights))) << 4;                                                         \
  }

/* a round of either word width (P: BS32 or BS64; EACH: its BS32_PLANES or
   BS64_WORDS), its round key expanded on the way with round constant rcon_value */
#define AES_BS_ROUND(P, EACH, rcon_value)                                                           \
  do {                                                                                              \
    const unsigned rcon = (rcon_value);                                                             \
    P##_ROUND_WITH(EACH(P##_EXPAND));                                                               \
  } while (0)
#define AES_BS_FINAL_ROUND(P, EACH, rcon_value)                                                     \
  do {                                                                                              \
    const unsigned rcon = (rcon_value);                                                             \
    P##_FINAL_ROUND_WITH(EACH(P##_EXPAND));                                                         \
  } while (0)

/* the key schedule from k and s (the key, packed): the first round key and
   each next one stored at at, 32 bytes apart (P, EACH as above; at advances) */
#define AES_BS_EXPAND_ROUNDS(P, EACH)                                                               \
  do {                                                                                              \
    static const unsigned char rcons_[9] = { 0x01, 0x02, 0x04, 0x08, 0x10, 0x20, 0x40, 0x80, 0x1b }; \
    unsigned int round_;                                                                            \
    EACH(P##_FIRST)                                                                                 \
    EACH(P##_PUT)                                                                                   \
    for (round_ = 0; round_ < 9; ++round_) {                                                        \
      P##_ROUND(rcons_[round_]);                                                                    \
      at += 32;                                                                                     \
      EACH(P##_PUT)                                                                                 \
    }                                                                                               \
    P##_FINAL_ROUND(0x36);                                                                          \
    at += 32;                                                                                       \
    EACH(P##_PUT)                                                                                   \
  } while (0)

/* one block s (packed) through the schedule at (as AES_BS_EXPAND_ROUNDS wrote it) */
#define AES_BS_EXPANDED_ROUNDS(P, EACH)                                                             \
  do {                                                                                              \
    unsigned int round_;                                                                            \
    EACH(P##_GET)                                                                                   \
    EACH(P##_ADD_KEY)                                                                               \
    EACH(P##_FIRST)                                                                                 \
    for (round_ = 1; round_ < 10; ++round_) {                                                       \
      at += 32;                                                                                     \
      P##_ROUND_WITH(EACH(P##_GET));                                                                \
    }                                                                                               \
    at += 32;                                                                                       \
    P##_FINAL_ROUND_WITH(EACH(P##_GET));                                                            \
  } while (0)

/* a block as four column words: byte 4c + i (row i of column c) is bits
   8i..8i+7 of word c, on any byte order */
static inline uint32_t aes_bs_column(const unsigned char *p)
{
  return (uint32_t) p[0] | (uint32_t) p[1] << 8 | (uint32_t) p[2] << 16 | (uint32_t) p[3] << 24;
}

static inline void aes_bs_columns(uint32_t w[4], const unsigned char block[16])
{
  w[0] = aes_bs_column(block), w[1] = aes_bs_column(block + 4);
  w[2] = aes_bs_column(block + 8), w[3] = aes_bs_column(block + 12);
}

#endif
