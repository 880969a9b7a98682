/* SPDX-License-Identifier: CC0-1.0 */
/* AES-128 encryption of one block with the POWER8 vector crypto instructions
   (vcipher, vcipherlast), the key expansion interleaved with the rounds.
   Assumes little-endian POWER8 or later (ISA 2.07 vector crypto) and GNU
   inline assembly; instantiated inside its caller (always inline), so the
   round keys and the state never leave vector registers. No table, no
   branch: constant time.

   Registers hold the AES state in big-endian byte order (register byte i,
   counted from the left, is byte i of the block): lxvd2x loads each
   doubleword little-endian, and a vperm swapping bytes i and i ^ 7 puts
   them in order. Expansion step without a table: a vperm copies RotWord(w3)
   into all four columns, where ShiftRows is the identity, so vcipherlast
   with the round constant (in the first byte of each column) as its round
   key gives SubWord(RotWord(w3)) ^ rcon in every column; the prefix sums
   w0, w0^w1, w0^w1^w2, w0^w1^w2^w3 take two vsldoi and two vxor, and a
   vxor of the two gives the next round key. The round constants double
   (vadduwm) from 0x01 to 0x80, then 0x1b and 0x36. 9 instructions a round,
   103 in all. */
#ifndef poly1305aes_ppc64le_aesp8_H
#define poly1305aes_ppc64le_aesp8_H

#include <stdint.h>
#include <altivec.h>

typedef __vector unsigned char vu8;

/* s = AES-128_k(n) as the two little-endian 64-bit halves of the block */
static inline __attribute__((always_inline)) void aesp8_encrypt(uint64_t s[2], const unsigned char k[16],
                                                                const unsigned char n[16])
{
  /* byte i of each vector, counted from the left (vperm's numbering); stored in memory order
     with the doublewords' bytes reversed, as lxvd2x expects them on little-endian POWER */
  static const unsigned char constants[4][16] __attribute__((aligned(16))) = {
    { 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15 },        /* swap: byte i ^ 7 to i */
    { 12, 15, 14, 13, 12, 15, 14, 13, 12, 15, 14, 13, 12, 15, 14, 13 }, /* RotWord(w3) into every column */
    { 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1 },              /* rcon 0x01 in each column's first byte */
    { 0, 0, 0, 0x1b, 0, 0, 0, 0x1b, 0, 0, 0, 0x1b, 0, 0, 0, 0x1b },  /* rcon 0x1b */
  };
  vu8 key, state, t, u, zero, swap, rot, rcon, rcon1b;
  uint64_t s0, s1;
#define AESP8_NEXT                                                                            \
  "vperm %[t], %[key], %[key], %[rot]\n\t"                                                     \
  "vsldoi %[u], %[zero], %[key], 12\n\t"                                                       \
  "vcipherlast %[t], %[t], %[rcon]\n\t"                                                        \
  "vxor %[key], %[key], %[u]\n\t"                                                              \
  "vsldoi %[u], %[zero], %[key], 8\n\t"                                                        \
  "vxor %[key], %[key], %[u]\n\t"                                                              \
  "vxor %[key], %[key], %[t]\n\t"
#define AESP8_ROUND AESP8_NEXT "vadduwm %[rcon], %[rcon], %[rcon]\n\t" "vcipher %[state], %[state], %[key]\n\t"
  __asm__("lxvd2x %x[swap], 0, %[c]\n\t"
          "li %[s0], 16\n\t"
          "lxvd2x %x[rot], %[c], %[s0]\n\t"
          "li %[s0], 32\n\t"
          "lxvd2x %x[rcon], %[c], %[s0]\n\t"
          "li %[s0], 48\n\t"
          "lxvd2x %x[rcon1b], %[c], %[s0]\n\t"
          "lxvd2x %x[key], 0, %[k]\n\t"
          "lxvd2x %x[state], 0, %[n]\n\t"
          "vspltisb %[zero], 0\n\t"
          "vperm %[key], %[key], %[key], %[swap]\n\t"
          "vperm %[state], %[state], %[state], %[swap]\n\t"
          "vxor %[state], %[state], %[key]\n\t"
          AESP8_ROUND AESP8_ROUND AESP8_ROUND AESP8_ROUND AESP8_ROUND AESP8_ROUND AESP8_ROUND
          AESP8_NEXT "vcipher %[state], %[state], %[key]\n\t"          /* round 8 (rcon 0x80) */
          "vor %[rcon], %[rcon1b], %[rcon1b]\n\t"
          AESP8_ROUND                                                   /* round 9 (0x1b) */
          AESP8_NEXT "vcipherlast %[state], %[state], %[key]\n\t"      /* round 10 (0x36) */
          "vperm %[state], %[state], %[state], %[swap]\n\t"
          "mfvsrd %[s0], %x[state]\n\t"
          "xxswapd %x[state], %x[state]\n\t"
          "mfvsrd %[s1], %x[state]"
          : [key] "=&v"(key), [state] "=&v"(state), [t] "=&v"(t), [u] "=&v"(u), [zero] "=&v"(zero),
            [swap] "=&v"(swap), [rot] "=&v"(rot), [rcon] "=&v"(rcon), [rcon1b] "=&v"(rcon1b), [s0] "=&b"(s0),
            [s1] "=&r"(s1)
          : [k] "r"(k), [n] "r"(n), [c] "b"(constants), "m"(*(const unsigned char(*)[16]) k),
            "m"(*(const unsigned char(*)[16]) n), "m"(constants));
#undef AESP8_NEXT
#undef AESP8_ROUND
  s[0] = s0;
  s[1] = s1;
}

#endif
