/* SPDX-License-Identifier: CC0-1.0 */
/* poly1305aes_armhf internals. Assumes 32-bit ARM (ARMv7-A, little-endian),
   Linux (getauxval), GCC or clang. The cores follow the internal contract
   (start, blocks, finish on a state of their own); AES-128 is one function,
   aes128(out, k, in), key expansion included.

   Scalar Poly1305 in radix 2^32: h = h0 + 2^32 h1 + 2^64 h2 + 2^96 h3 +
   2^128 h4 with h4 <= 4 between blocks. Clamping gives r0..r3 < 2^28 and
   4 | r1, r2, r3, so 2^128 r_i = 2^130 (r_i / 4) = 5 r_i / 4 = s_i mod p
   exactly (s_i < 2^28.33). For one block (a = h + c, a4 <= 6): each column
   d_k is at most four products a_i r_j < 2^60.33 plus a4 s_k < 2^31 plus the
   carry from the column below (< 2^31), so d_k < 2^62.4; the top d4 = a4 r0
   + (d3 >> 32) < 2^31.4, and 5 (d4 >> 2) < 2^32.1 is added in 64 bits: the
   new h4 is (d4 & 3) plus one carry, <= 4. */
#ifndef poly1305aes_armhf_internal_H
#define poly1305aes_armhf_internal_H

#include "namespace.h"

#define aes128_ce CRYPTO_NAMESPACE(aes128_ce)
#define aes_table CRYPTO_NAMESPACE(aes_table)
#define hash_ce CRYPTO_NAMESPACE(hash_ce)
#define hash_table CRYPTO_NAMESPACE(hash_table)
#define p32_blocks CRYPTO_NAMESPACE(p32_blocks)
#define neon_blocks CRYPTO_NAMESPACE(neon_blocks)
#define neon_steps CRYPTO_NAMESPACE(neon_steps)
#define hash_neon_ce CRYPTO_NAMESPACE(hash_neon_ce)
#define hash_neon_table CRYPTO_NAMESPACE(hash_neon_table)

#ifndef __ASSEMBLER__
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#define INLINE static inline __attribute__((always_inline))
#define HIDDEN __attribute__((visibility("hidden")))

typedef uint32_t u32;
typedef uint64_t u64;

/* AES-128: out = AES_k(in), the key expanded on the way (the contract's one function) */
HIDDEN void aes128_ce(unsigned char out[16], const unsigned char k[16], const unsigned char in[16]);   /* aes_ce.S */

/* a whole call of a path for some lengths: out = Poly1305_r(m[0..l)) + AES_k(n) */
typedef void hashfn(unsigned char out[16], const unsigned char kr[32], const unsigned char n[16],
                    const unsigned char *m, size_t l);
HIDDEN hashfn hash_ce, hash_table;   /* radix 2^32 (scalar.c) */
HIDDEN hashfn hash_neon_ce, hash_neon_table;   /* radix 2^26 NEON, then radix 2^32 (scalar.c); l >= 64 */

INLINE u32 load32(const unsigned char *p)
{
  u32 x;
  memcpy(&x, p, 4);
  return x;
}

INLINE void store32(unsigned char *p, u32 x)
{
  memcpy(p, &x, 4);
}

/* ---- the radix-2^32 core (the contract: start, blocks, finish) ---- */
struct p32 {
  u32 h[5];          /* h4 <= 4 */
  u32 r[4], s[4];    /* clamped r; s_i = r_i + r_i / 4 (s[0] unused) */
};

INLINE void p32_start(struct p32 *st, const unsigned char r[16])
{
  int i;
  for (i = 0; i < 5; ++i) st->h[i] = 0;
  st->r[0] = load32(r) & 0x0fffffff;
  st->r[1] = load32(r + 4) & 0x0ffffffc;
  st->r[2] = load32(r + 8) & 0x0ffffffc;
  st->r[3] = load32(r + 12) & 0x0ffffffc;
  st->s[0] = 0;
  for (i = 1; i < 4; ++i) st->s[i] = st->r[i] + (st->r[i] >> 2);
}

/* h = (h + c + pad 2^128) r for each of nblocks 16-byte blocks c at m, any alignment
   (blocks.S: UMAAL and UMLAL) */
HIDDEN void p32_blocks(struct p32 *st, const unsigned char *m, size_t nblocks, u32 pad);

/* the NEON core's blocks (neon.c, steps.S): h = the sum of the 4 q blocks at m (q >= 1,
   pad 1) for h = 0 on entry; h4 <= 4 on return */
HIDDEN void neon_blocks(struct p32 *st, const unsigned char *m, size_t q);
HIDDEN void neon_steps(uint32_t keys[40], const unsigned char *m, size_t q, uint32_t x[10]);

/* h for all of m[0..l): the whole blocks, then the padded tail (its bytes, 1, zeros; pad 0) */
INLINE void p32_message(struct p32 *st, const unsigned char *m, size_t l)
{
  if (l >= 16) p32_blocks(st, m, l / 16, 1);
  if (l & 15) {
    unsigned char last[16] = { 0 };
    memcpy(last, m + (l & ~(size_t) 15), l & 15);
    last[l & 15] = 1;
    p32_blocks(st, last, 1, 0);
  }
}

/* tag = (h mod p + s) mod 2^128 for h4 <= 4; no branch on h */
INLINE void p32_finish(const struct p32 *st, const unsigned char s[16], unsigned char tag[16])
{
  u32 h[5], g[5], mask;
  u64 t;
  int i;
  t = (u64) st->h[0] + (st->h[4] >> 2) * 5;             /* now h < 2^130 */
  h[0] = (u32) t;
  for (i = 1; i < 4; ++i) { t = (u64) st->h[i] + (t >> 32); h[i] = (u32) t; }
  h[4] = (st->h[4] & 3) + (u32) (t >> 32);
  t = (u64) h[0] + 5;                                    /* g = h + 5 >= 2^130 iff h >= p */
  g[0] = (u32) t;
  for (i = 1; i < 4; ++i) { t = (u64) h[i] + (t >> 32); g[i] = (u32) t; }
  g[4] = h[4] + (u32) (t >> 32);
  mask = 0 - (g[4] >> 2);
  t = 0;
  for (i = 0; i < 4; ++i) {
    t = (u64) (h[i] ^ (mask & (h[i] ^ g[i]))) + load32(s + 4 * i) + (t >> 32);
    store32(tag + 4 * i, (u32) t);
  }
}

/* zero the bytes [sp - bytes, sp) below the stack pointer, where the frames of the
   function just called were (bytes a multiple of 32); sp moves down over them for
   the stores, and back */
INLINE void wipe_below(size_t bytes)
{
  __asm__ __volatile__("mov r2, sp\n\t"
                       "sub r3, r2, %0\n\t"
                       "mov sp, r3\n\t"
                       "mov r0, #0\n\t"
                       "mov r1, #0\n"
                       "1:\n\t"
                       "strd r0, r1, [r3], #8\n\t"
                       "strd r0, r1, [r3], #8\n\t"
                       "strd r0, r1, [r3], #8\n\t"
                       "strd r0, r1, [r3], #8\n\t"
                       "cmp r3, r2\n\t"
                       "blo 1b\n\t"
                       "mov sp, r2"
                       : : "r"(bytes) : "r0", "r1", "r2", "r3", "cc", "memory");
}

#endif /* __ASSEMBLER__ */
#endif
