/* SPDX-License-Identifier: CC0-1.0 */
/* AES-128 of one block with the scalar crypto extension Zkne (RV64: aes64es,
   aes64esm, aes64ks1i, aes64ks2), the key expansion interleaved with the
   rounds: each round key is made in registers just before the round that
   takes it. Assumes RV64 with Zkne (the caller checks) and GNU as 2.40 or
   later (.option arch). No table, no branch, no memory but the arguments:
   constant time. The state is two 64-bit halves, lo = bytes 0-7 and hi =
   bytes 8-15, little-endian, as the instructions take them. */
#ifndef poly1305aes_riscv64_aes_H
#define poly1305aes_riscv64_aes_H

#include "riscv64.h"

/* round i (0..8): the next round key k0 k1 (aes64ks1i takes k1's top word,
   rotated, substituted, with rcon i), then SubBytes, ShiftRows and
   MixColumns of both halves and the key added; LAST: the tenth round,
   without MixColumns */
#define ZKNE_ROUND(i)                                                       \
  "aes64ks1i %[t], %[k1], " #i "\n\t"                                       \
  "aes64ks2 %[k0], %[t], %[k0]\n\t"                                         \
  "aes64ks2 %[k1], %[k0], %[k1]\n\t"                                        \
  "aes64esm %[t], %[x0], %[x1]\n\t"                                         \
  "aes64esm %[x1], %[x1], %[x0]\n\t"                                        \
  "xor %[x0], %[t], %[k0]\n\t"                                              \
  "xor %[x1], %[x1], %[k1]\n\t"
#define ZKNE_LAST                                                           \
  "aes64ks1i %[t], %[k1], 9\n\t"                                            \
  "aes64ks2 %[k0], %[t], %[k0]\n\t"                                         \
  "aes64ks2 %[k1], %[k0], %[k1]\n\t"                                        \
  "aes64es %[t], %[x0], %[x1]\n\t"                                          \
  "aes64es %[x1], %[x1], %[x0]\n\t"                                         \
  "xor %[x0], %[t], %[k0]\n\t"                                              \
  "xor %[x1], %[x1], %[k1]\n\t"

/* s0 + 2^64 s1 = AES_k(in) */
INLINE void zkne_encrypt(u64 *s0, u64 *s1, const unsigned char k[16], const unsigned char in[16])
{
  u64 k0, k1, x0, x1, t;
  load128(k, &k0, &k1);
  load128(in, &x0, &x1);
  x0 ^= k0;
  x1 ^= k1;
  __asm__(".option push\n\t"
          ".option arch, +zkne\n\t"
          ZKNE_ROUND(0) ZKNE_ROUND(1) ZKNE_ROUND(2) ZKNE_ROUND(3) ZKNE_ROUND(4)
          ZKNE_ROUND(5) ZKNE_ROUND(6) ZKNE_ROUND(7) ZKNE_ROUND(8) ZKNE_LAST
          ".option pop"
          : [x0] "+&r"(x0), [x1] "+&r"(x1), [k0] "+&r"(k0), [k1] "+&r"(k1), [t] "=&r"(t));
  *s0 = x0;
  *s1 = x1;
}

#endif
