/* SPDX-License-Identifier: CC0-1.0 */
/* poly1305aes_x86 internals. Assumes 32-bit x86 (i686 or later: the
   compiler's default code has cmov, no SSE; each SIMD path's functions are
   compiled for their instruction set), i386 System V cdecl, GCC or clang;
   included by the assembly too. The radix-2^32 scalar Poly1305 (radix32.S,
   where its bounds are) serves every path for short messages and the
   generic path for all; the SIMD cores for long ones are in x86/, shared
   with poly1305aes_amd64. */
#ifndef poly1305aes_x86_internal_H
#define poly1305aes_x86_internal_H

#include "namespace.h"

#define p32_mac CRYPTO_NAMESPACE(p32_mac)
#define p32_finish CRYPTO_NAMESPACE(p32_finish)
#define p32_two CRYPTO_NAMESPACE(p32_two)
#define wipe_sse2 CRYPTO_NAMESPACE(wipe_sse2)
#define wipe_avx CRYPTO_NAMESPACE(wipe_avx)

#ifndef __ASSEMBLER__
#include "../x86/x86.h"
#include "poly26.h"

/* the names the path files share, each namespaced once (common/namespace.h) */
#define scalar_aesni CRYPTO_NAMESPACE(scalar_aesni)
#define scalar_generic CRYPTO_NAMESPACE(scalar_generic)
#define vector_ifma CRYPTO_NAMESPACE(vector_ifma)
#define vector_avx2 CRYPTO_NAMESPACE(vector_avx2)
#define vector_sse2 CRYPTO_NAMESPACE(vector_sse2)
#define vector_sse2_generic CRYPTO_NAMESPACE(vector_sse2_generic)
#define vector_two_generic CRYPTO_NAMESPACE(vector_two_generic)
#define scalar_vperm CRYPTO_NAMESPACE(scalar_vperm)
#define vector_sse2_vperm CRYPTO_NAMESPACE(vector_sse2_vperm)

#define core_vector_ifma CRYPTO_NAMESPACE(core_vector_ifma)
#define core_vector_avx2 CRYPTO_NAMESPACE(core_vector_avx2)
#define core_vector_sse2 CRYPTO_NAMESPACE(core_vector_sse2)
#define core_grouped_ifma CRYPTO_NAMESPACE(core_grouped_ifma)

HIDDEN fusedfn scalar_aesni;       /* AES-NI, radix 2^32 (scalar.c) */
HIDDEN fusedfn scalar_generic;       /* the generic AES (x86/generic_aes.h), radix 2^32 (scalar.c) */
HIDDEN fusedfn vector_ifma;        /* AES-NI, AVX-512 IFMA (vector.c, x86/ifma.c); l >= 1 */
HIDDEN fusedfn vector_avx2;        /* AES-NI, AVX2 radix 2^26 (vector.c, x86/avx2.c); l >= 1 */
HIDDEN fusedfn vector_sse2;        /* AES-NI, SSE2 radix 2^26 (vector.c, x86/sse2.c); l >= 1 */
HIDDEN fusedfn vector_sse2_generic;  /* the generic AES, SSE2 radix 2^26 (scalar.c); l >= 1 */
HIDDEN fusedfn vector_two_generic;   /* the generic AES, two radix-2^32 chains (scalar.c); l >= 32 */
HIDDEN fusedfn scalar_vperm;       /* vector-permute AES (SSSE3), radix 2^32 (scalar.c) */
HIDDEN fusedfn vector_sse2_vperm;  /* vector-permute AES (SSSE3), SSE2 radix 2^26 (scalar.c); l >= 1 */

/* the split AES of expanded keys (common/path.h's struct path_split; scalar.c): AES-NI on the
   ifma, avx2 and sse2 paths, vector permutes on the ssse3 path */
#define split_aesni CRYPTO_NAMESPACE(split_aesni)
#define split_vperm CRYPTO_NAMESPACE(split_vperm)
HIDDEN extern const struct path_split split_aesni, split_vperm;

/* many messages a call (common/path.h's manyfn; many.c): AES-NI interleaved across a group of
   messages (VAES on the VEX paths where the CPU has it), then the radix-2^32 scalar hash */
#define many_vex CRYPTO_NAMESPACE(many_vex)
#define many_sse CRYPTO_NAMESPACE(many_sse)
HIDDEN manyfn many_vex, many_sse;

/* the vector blocks of the paths' cores on common/poly26.h's struct p26 (vector.c;
   dispatch.c's path_core): a SIMD core's hash, joined; nblocks >= 1 */
HIDDEN core_vector_fn core_vector_ifma;
HIDDEN core_vector_fn core_vector_avx2;
HIDDEN core_vector_fn core_vector_sse2;
HIDDEN core_vector_fn core_grouped_ifma;   /* x86/ifma.c's stream kernel; whole groups */

/* the paths' core state (common/core.h): the radix-2^26 scalar state, then the ifma stream
   kernel's powers */
struct ia32_core {
  struct p26 p;
  struct ifma_stream ifma;
};

/* wipe.S: zero bytes (a multiple of 64) of stack just below its return address (SSE stores, or rep
   stosb; wipe_avx: 32-byte AVX stores, then vzeroupper) */
HIDDEN void wipe_sse2(size_t bytes);
HIDDEN void wipe_avx(size_t bytes);


/* radix32.S: out = (h + s) mod 2^128, h the Poly1305 under r (clamped
   there) of count whole blocks at m and, unless last is NULL, the padded
   final chunk at last, from start (words, start[4] <= 4; NULL: 0); s as words */
HIDDEN void p32_mac(unsigned char out[16], const unsigned char r[16], const unsigned char *m, size_t count,
                    const unsigned char *last, const uint32_t s[4], const uint32_t start[5]);

/* radix32.S: two chains at once, h[0..4] over the n blocks at m and h[5..9]
   over the n blocks after them, each from its h (words, h[4], h[9] <= 4 in
   and out); n >= 1 */
HIDDEN void p32_two(uint32_t h[10], const unsigned char r[16], const unsigned char *m, size_t n);

/* radix32.S: out = (h mod p + s) mod 2^128, h = h[0..3] + 2^128 h[4] with h[4] <= 4 */
HIDDEN void p32_finish(unsigned char out[16], const uint32_t h[5], const uint32_t s[4]);

/* the last 1..15 bytes of m[0..l) padded with their 1, or NULL when l % 16 == 0 */
INLINE const unsigned char *p32_last(unsigned char last[16], const unsigned char *m, size_t l)
{
  if (!(l & 15)) return NULL;
  memset(last, 0, 16);
  memcpy(last, m + (l & ~(size_t) 15), l & 15);
  last[l & 15] = 1;
  return last;
}

#endif /* __ASSEMBLER__ */
#endif
