/* SPDX-License-Identifier: CC0-1.0 */
/* Radix-2^64 Poly1305 pieces in portable C (GCC or clang: unsigned __int128),
   shared by the 64-bit implementations (poly1305aes_amd64,
   poly1305aes_arm64, poly1305aes_ppc64le, poly1305aes_s390x,
   poly1305aes_riscv64, poly1305aes_ct): 64-bit loads and stores of
   little-endian numbers (on a big-endian CPU they swap the bytes), the state
   and its start, the padded last chunk, the final reduction, the join of two
   regions hashed by two chains at once (arm64's and amd64's hybrid loops),
   and the block multiplication in portable C (p64_block; poly1305aes_ct).
   Assumes 64-bit words. amd64, arm64, ppc64le, s390x and riscv64 write their
   own block multiplication for their CPU (amd64.h, arm64.h, ppc64le.h,
   s390x.h, riscv64.h); these bounds hold for every one:

   Scalar radix 2^64: h = h0 + 2^64 h1 + 2^128 h2 with h2 <= 4 between
   blocks. Clamping gives r0, r1 < 2^60 and 4 | r1, so 2^128 r1 = (5/4) r1
   mod p exactly and s1 = r1 + r1/4 < 2^60.33. For one block (a = h + c,
   a2 <= 6): d0 = a0 r0 + a1 s1 < 2^125.2, d1 = a0 r1 + a1 r0 + a2 s1
   + (d0 >> 64) < 2^125.1, top = a2 r0 + (d1 >> 64) < 2^63.2 (weight 2^128),
   and 5 (top >> 2) < 2^63.5: every sum fits its word, and the new h2 is
   (top & 3) plus one carry, <= 4. */
#ifndef poly1305aes_poly64_H
#define poly1305aes_poly64_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include "poly26.h"

typedef uint64_t u64;
__extension__ typedef unsigned __int128 u128;

#define INLINE static inline __attribute__((always_inline))

#if !defined(__BYTE_ORDER__) || !defined(__ORDER_BIG_ENDIAN__)
#error "common/poly64.h reads the byte order from __BYTE_ORDER__"
#endif
#define P64_BIG_ENDIAN (__BYTE_ORDER__ == __ORDER_BIG_ENDIAN__)
#if P64_BIG_ENDIAN   /* p64_tail's 32- and 16-bit little-endian pieces */
#define LE32(x) __builtin_bswap32(x)
#define LE16(x) __builtin_bswap16(x)
#else
#define LE32(x) (x)
#define LE16(x) (x)
#endif

/* the little-endian number at p; on a big-endian CPU byte by byte, which the
   compiler turns into a byte-reversing load where the CPU has one (sparc64
   has none: __builtin_bswap64 is a libgcc call there, which uses %g2 and %g3) */
INLINE u64 load64(const unsigned char *p)
{
#if P64_BIG_ENDIAN
  return (u64) p[0] | (u64) p[1] << 8 | (u64) p[2] << 16 | (u64) p[3] << 24 | (u64) p[4] << 32
         | (u64) p[5] << 40 | (u64) p[6] << 48 | (u64) p[7] << 56;
#else
  u64 x;
  memcpy(&x, p, 8);
  return x;
#endif
}

INLINE void store64(unsigned char *p, u64 x)
{
#if P64_BIG_ENDIAN
  int i;
  for (i = 0; i < 8; ++i) p[i] = (unsigned char) (x >> (8 * i));
#else
  memcpy(p, &x, 8);
#endif
}

/* the state: h, and the clamped r with s1 = 5 r1 / 4 (exact: 4 | r1) */
struct p64 {
  u64 h0, h1, h2;   /* h2 <= 4 */
  u64 r0, r1, s1;
};

/* the operands of an inline-assembly step on a struct p64 *st that keeps every value in a
   general register (the P64 strings of poly1305aes_arm64 and poly1305aes_ppc64le): h read
   and written, the product words d0l d0h d1l d1h and the scratch words t u written before
   the inputs are last read; the key r0 r1 s1 read */
#define P64_GPR_OPERANDS                                                                     \
  [h0] "+&r"(st->h0), [h1] "+&r"(st->h1), [h2] "+&r"(st->h2), [d0l] "=&r"(d0l), [d0h] "=&r"(d0h), \
  [d1l] "=&r"(d1l), [d1h] "=&r"(d1h), [t] "=&r"(t), [u] "=&r"(u)
#define P64_GPR_KEY [r0] "r"(st->r0), [r1] "r"(st->r1), [s1] "r"(st->s1)

INLINE void p64_start(struct p64 *st, const unsigned char r[16])
{
  st->h0 = st->h1 = st->h2 = 0;
  st->r0 = load64(r) & 0x0ffffffc0fffffffULL;
  st->r1 = load64(r + 8) & 0x0ffffffc0ffffffcULL;
  st->s1 = st->r1 + (st->r1 >> 2);
}

/* h = (h + m0 + 2^64 m1 + 2^128 pad) r, pad <= 1 (the block multiplication
   in portable C; the bounds above: a2 <= 6, so a2 s1 and a2 r0 fit a word) */
INLINE void p64_block(struct p64 *st, u64 m0, u64 m1, u64 pad)
{
  u128 a, d0, d1;
  u64 a0, a1, a2, top;
  a = (u128) st->h0 + m0;
  a0 = (u64) a;
  a = (u128) st->h1 + m1 + (u64) (a >> 64);
  a1 = (u64) a;
  a2 = st->h2 + pad + (u64) (a >> 64);
  d0 = (u128) a0 * st->r0 + (u128) a1 * st->s1;
  d1 = (u128) a0 * st->r1 + (u128) a1 * st->r0 + a2 * st->s1 + (u64) (d0 >> 64);
  top = a2 * st->r0 + (u64) (d1 >> 64);
  a = (u128) (u64) d0 + (top >> 2) * 5;                 /* 2^130 = 5 mod p */
  st->h0 = (u64) a;
  a = (u128) (u64) d1 + (u64) (a >> 64);
  st->h1 = (u64) a;
  st->h2 = (top & 3) + (u64) (a >> 64);
}

/* h = h0 + 2^64 h1 + 2^128 h2, h2 < 2^62, into h[0..2] with h[2] <= 4:
   2^130 = 5 mod p folds the bits of h2 above 2 into h0 (the vector paths' end) */
INLINE void p64_fold(u64 h[3], u64 h0, u64 h1, u64 h2)
{
  u128 acc = (u128) h0 + (h2 >> 2) * 5;
  h[0] = (u64) acc;
  acc = (u128) h1 + (u64) (acc >> 64);
  h[1] = (u64) acc;
  h[2] = (h2 & 3) + (u64) (acc >> 64);
}

/* the last 1..15 bytes of m[0..l) as a padded chunk; reads only inside m[0..l) */
INLINE void p64_tail(const unsigned char *m, size_t l, u64 *m0, u64 *m1)
{
  unsigned int t = (unsigned int) (l & 15);
  u128 v;
  if (l >= 16) {
    u64 lo = load64(m + l - 16), hi = load64(m + l - 8);
    v = ((u128) hi << 64 | lo) >> (8 * (16 - t));
  } else {
    const unsigned char *p = m;
    unsigned int shift = 0;
    v = 0;
    if (t & 8) { v = load64(p); p += 8; shift = 64; }
    if (t & 4) { uint32_t x; memcpy(&x, p, 4); v |= (u128) LE32(x) << shift; p += 4; shift += 32; }
    if (t & 2) { uint16_t x; memcpy(&x, p, 2); v |= (u128) LE16(x) << shift; p += 2; shift += 16; }
    if (t & 1) v |= (u128) p[0] << shift;
  }
  v |= (u128) 1 << (8 * t);
  *m0 = (u64) v;
  *m1 = (u64) (v >> 64);
}

/* t0 + 2^64 t1 = (h mod p + s) mod 2^128, for h2 <= 4 (h < 5 2^128); no branch on h. Where the
   includer defines P64_FINAL_X86_64 (poly1305aes_amd64), in x86-64 assembly: the compiler's
   unsigned __int128 code for it moves every carry through a zeroed register */
#ifdef P64_FINAL_X86_64
INLINE void p64_final(u64 *t0, u64 *t1, u64 h0, u64 h1, u64 h2, u64 s0, u64 s1)
{
  u64 g0, g1, g2;
  __asm__("movq %[h2], %[g0]\n\t"      /* fold: h += 5 (h2 >> 2) 2^0, h2 &= 3 */
          "shrq $2, %[g0]\n\t"
          "leaq (%[g0],%[g0],4), %[g0]\n\t"
          "andq $3, %[h2]\n\t"
          "addq %[g0], %[h0]\n\t"
          "adcq $0, %[h1]\n\t"
          "adcq $0, %[h2]\n\t"
          "movq %[h0], %[g0]\n\t"      /* g = h + 5 >= 2^130 iff h >= p */
          "movq %[h1], %[g1]\n\t"
          "movq %[h2], %[g2]\n\t"
          "addq $5, %[g0]\n\t"
          "adcq $0, %[g1]\n\t"
          "adcq $0, %[g2]\n\t"
          "shrq $2, %[g2]\n\t"
          "negq %[g2]\n\t"             /* the mask */
          "xorq %[h0], %[g0]\n\t"
          "xorq %[h1], %[g1]\n\t"
          "andq %[g2], %[g0]\n\t"
          "andq %[g2], %[g1]\n\t"
          "xorq %[g0], %[h0]\n\t"
          "xorq %[g1], %[h1]\n\t"
          "addq %[s0], %[h0]\n\t"      /* + s, mod 2^128 */
          "adcq %[s1], %[h1]\n\t"
          : [h0] "+&r"(h0), [h1] "+&r"(h1), [h2] "+&r"(h2), [g0] "=&r"(g0), [g1] "=&r"(g1), [g2] "=&r"(g2)
          : [s0] "rm"(s0), [s1] "rm"(s1)
          : "cc");
  *t0 = h0;
  *t1 = h1;
}
#else
INLINE void p64_final(u64 *t0, u64 *t1, u64 h0, u64 h1, u64 h2, u64 s0, u64 s1)
{
  u128 t;
  u64 g0, g1, g2, mask;
  t = (u128) h0 + (h2 >> 2) * 5;                           /* now h < 2^130 */
  h0 = (u64) t;
  t = (u128) h1 + (u64) (t >> 64);
  h1 = (u64) t;
  h2 = (h2 & 3) + (u64) (t >> 64);
  t = (u128) h0 + 5;                                       /* g = h + 5 >= 2^130 iff h >= p */
  g0 = (u64) t;
  t = (u128) h1 + (u64) (t >> 64);
  g1 = (u64) t;
  g2 = h2 + (u64) (t >> 64);
  mask = 0 - (g2 >> 2);
  h0 ^= mask & (h0 ^ g0);
  h1 ^= mask & (h1 ^ g1);
  t = (u128) h0 + s0;
  *t0 = (u64) t;
  *t1 = h1 + s1 + (u64) (t >> 64);
}
#endif

/* out = (h mod p + s) mod 2^128, for h2 <= 4 */
INLINE void p64_finish(unsigned char out[16], u64 h0, u64 h1, u64 h2, u64 s0, u64 s1)
{
  u64 t0, t1;
  p64_final(&t0, &t1, h0, h1, h2, s0, s1);
  store64(out, t0);
  store64(out + 8, t1);
}

/* ---- two regions of one message hashed apart (two chains), joined:
   h = a r^e + b, where e is the number of blocks of the second region
   (Horner's rule over the whole message gives the first region's blocks e
   more factors of r). In radix 2^26 (common/poly26.h); not in a loop, so
   its speed hardly matters ---- */

/* h (radix 2^64, h2 <= 4) = sum of d_i 2^(26 i), d_i < 2^59.1 */
INLINE void from26(u64 h[3], const u64 d[5])
{
  u128 t = (u128) d[0] + ((u128) d[1] << 26) + ((u128) d[2] << 52);
  u64 t0 = (u64) t;
  t = (t >> 64) + ((u128) d[3] << 14) + ((u128) d[4] << 40);
  p64_fold(h, t0, (u64) t, (u64) (t >> 64));
}

/* h = a r^e + b (radix 2^64, a2, b2 <= 4; h2 <= 4), r clamped (r0, r1), e >= 1
   (public: the length chooses it) */
INLINE void p64_join(u64 h[3], const u64 a[3], const u64 b[3], u64 r0, u64 r1, size_t e)
{
  const u64 r[3] = { r0, r1, 0 };
  u64 d[5];
  join26(d, a, b, r, e);
  from26(h, d);
}

#endif
