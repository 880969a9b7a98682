/* poly1305aes_x86 internals. Assumes 32-bit x86 (i686 or later: the
   compiler's default code has cmov, no SSE; each SIMD path's functions are
   compiled for their instruction set), i386 System V cdecl, GCC or clang.
   The radix-2^32 scalar Poly1305 below serves every path for short
   messages (and the "generic" path for all); the SIMD cores for long ones
   are in x86/ (shared with poly1305aes_amd64) and avx2.c.

   Scalar radix 2^32: h = h0 + 2^32 h1 + 2^64 h2 + 2^96 h3 + 2^128 h4 with
   h4 <= 4 between blocks. Clamping gives r0 < 2^28 and r1, r2, r3 < 2^28,
   multiples of 4, so a product a_i r_j of weight 2^(32(i+j)) >= 2^128 is
   a_i s_j 2^(32(i+j-4)) mod p, with s_j = r_j + r_j / 4 = 5 r_j / 4 <
   2^28.33 (2^130 = 5 mod p). For one block (a = h + c, a4 <=
   6): d_k = sum of four products a_i r_j or a_i s_j < 2^32 2^28.33 each,
   plus a4 s_k < 2^31 (k >= 1), so d_k < 2^62.4 and, with the carry of
   d_(k-1) (< 2^30.4), still fits 64 bits; d3's products have no s_j but
   a4 s3, so d3 >> 32 < 2^30 + 2, h4 = a4 r0 + (d3 >> 32) < 2^30.6 + 2^30
   < 2^31.3, and 5 (h4 >> 2) < 2^31.7 folds into h0; the carry leaves h4
   <= 4. */
#ifndef poly1305aes_x86_internal_H
#define poly1305aes_x86_internal_H

#include "namespace.h"

/* struct p32 (below) as byte offsets, for blocks.S */
#define P32_H 0          /* h[0..4]; a = h + c in the loop */
#define P32_R0 20
#define P32_R1 24
#define P32_R2 28
#define P32_R3 32
#define P32_S1 36
#define P32_S2 40
#define P32_S3 44
#define P32_D 48         /* blocks.S's scratch: d0 and d1, low and high words, */
#define P32_MPTR 64      /* the block it is at, */
#define P32_PAD 68       /* its pad argument, */
#define P32_END 72       /* the end of the blocks, */
#define P32_F 76         /* 5 (h4 >> 2), kept apart between blocks */
#define P32_SIZE 80

#define p32_blocks CRYPTO_NAMESPACE(p32_blocks)
#define wipe_sse2 CRYPTO_NAMESPACE(wipe_sse2)

#ifndef __ASSEMBLER__
#include "../x86/x86.h"

/* The code of a path for some lengths: out = the Poly1305 of m[0..l) under r,
   plus s = AES_k(n) (ns = n), or plus s given when k is NULL (ns = s:
   Poly1305 alone, for speed/bench.c). The dispatcher (dispatch.c) picks one
   by CPU and length. */
typedef void hashfn(unsigned char out[16], const unsigned char r[16], const unsigned char *k,
                    const unsigned char *ns, const unsigned char *m, size_t l);

/* the names the path files share, each namespaced once (common/namespace.h) */
#define scalar_aesni CRYPTO_NAMESPACE(scalar_aesni)
#define scalar_table CRYPTO_NAMESPACE(scalar_table)
#define vector_ifma CRYPTO_NAMESPACE(vector_ifma)
#define vector_avx2 CRYPTO_NAMESPACE(vector_avx2)
#define vector_sse2 CRYPTO_NAMESPACE(vector_sse2)
#define vector_sse2_table CRYPTO_NAMESPACE(vector_sse2_table)
#define poly1305aes_poly1305 CRYPTO_NAMESPACE(poly1305)

HIDDEN hashfn scalar_aesni;       /* AES-NI, radix 2^32 (scalar.c) */
HIDDEN hashfn scalar_table;       /* AES from a table, radix 2^32 (scalar.c) */
HIDDEN hashfn vector_ifma;        /* AES-NI, AVX-512 IFMA (vector.c, x86/ifma.c); l >= 1 */
HIDDEN hashfn vector_avx2;        /* AES-NI, AVX2 radix 2^26 (vector.c, x86/avx2.c); l >= 1 */
HIDDEN hashfn vector_sse2;        /* AES-NI, SSE2 radix 2^26 (vector.c, x86/sse2.c); l >= 1 */
HIDDEN hashfn vector_sse2_table;  /* AES from a table, SSE2 radix 2^26; l >= 1 */

/* wipe.S: zero bytes (a multiple of 64) of stack below its return address, with SSE stores */
HIDDEN void wipe_sse2(size_t bytes);

/* Poly1305 alone, key r||s, on the path in use: for speed/bench.c only (not in the installed libraries) */
void poly1305aes_poly1305(unsigned char out[16], const unsigned char rs[32], const unsigned char m[], unsigned int l);

/* ---- Poly1305 in radix 2^32 ---- */

struct p32 {
  uint32_t h[5];            /* h[4] <= 4 */
  uint32_t r0, r1, r2, r3;  /* clamped r */
  uint32_t s1, s2, s3;      /* 5 r_j / 4 */
  uint32_t scratch[8];      /* blocks.S's */
};
/* the layout blocks.S assumes (a negative array size stops the build) */
typedef char p32_layout[(offsetof(struct p32, r0) == P32_R0 && offsetof(struct p32, s1) == P32_S1
                         && offsetof(struct p32, scratch) == P32_D && sizeof(struct p32) == P32_SIZE) ? 1 : -1];

INLINE void p32_start(struct p32 *st, const unsigned char r[16])
{
  st->h[0] = st->h[1] = st->h[2] = st->h[3] = st->h[4] = 0;
  st->r0 = load32(r) & 0x0fffffff;
  st->r1 = load32(r + 4) & 0x0ffffffc;
  st->r2 = load32(r + 8) & 0x0ffffffc;
  st->r3 = load32(r + 12) & 0x0ffffffc;
  st->s1 = st->r1 + (st->r1 >> 2);
  st->s2 = st->r2 + (st->r2 >> 2);
  st->s3 = st->r3 + (st->r3 >> 2);
}

/* blocks.S: h = (h + c) r for each of count >= 1 blocks c at m, each plus pad 2^128 (pad: 1
   for whole blocks, 0 for a last block padded in a buffer) */
HIDDEN void p32_blocks(struct p32 *st, const unsigned char *m, size_t count, uint32_t pad);

/* absorb all of m[0..l): whole blocks, then the last 1..15 bytes padded */
INLINE void p32_hash(struct p32 *st, const unsigned char *m, size_t l)
{
  if (l >= 16) p32_blocks(st, m, l / 16, 1);
  if (l & 15) {
    unsigned char last[16] = { 0 };
    memcpy(last, m + (l & ~(size_t) 15), l & 15);
    last[l & 15] = 1;
    p32_blocks(st, last, 1, 0);
  }
}

#endif /* __ASSEMBLER__ */
#endif
