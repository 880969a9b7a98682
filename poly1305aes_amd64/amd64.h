/* SPDX-License-Identifier: CC0-1.0 */
/* poly1305aes_amd64 internals. Assumes x86-64 (little-endian, 64-bit words,
   unsigned __int128 from GCC or clang). Shared by every code path: the
   radix-2^64 scalar Poly1305 below and the block ciphers, AES-NI and the
   vector-permute AES (common/vpaes.h, for CPUs with SSSE3 but no AES-NI);
   each path instantiates them inside a function compiled for its own
   instruction set.
   The block multiplication keeps h2 <= 4: the bounds are in common/poly64.h. */
#ifndef poly1305aes_amd64_internal_H
#define poly1305aes_amd64_internal_H

#include "namespace.h"
#define P64_FINAL_X86_64 1   /* common/poly64.h's p64_final in assembly */
#include "poly64.h"
#include "aesni.h"
#include "vpaes.h"
#include "../x86/x86.h"   /* the cores shared with poly1305aes_x86; fusedfn */
#include "../x86/radix64.h" /* the radix-2^64 block in assembly */
#include "stack.h"            /* STACK_BYTES, the wipe sizes the build measured */

/* the names the path files share, each namespaced once (common/namespace.h) */
#define scalar_mul CRYPTO_NAMESPACE(scalar_mul)
#define scalar_mulx CRYPTO_NAMESPACE(scalar_mulx)
#define scalar_generic CRYPTO_NAMESPACE(scalar_generic)
#define scalar_vperm CRYPTO_NAMESPACE(scalar_vperm)
#define vector_avx2 CRYPTO_NAMESPACE(vector_avx2)
#define vector_ifma CRYPTO_NAMESPACE(vector_ifma)
#define vector_hybrid CRYPTO_NAMESPACE(vector_hybrid)
#define vector_hybrid_generic CRYPTO_NAMESPACE(vector_hybrid_generic)
#define vector_hybrid_vperm CRYPTO_NAMESPACE(vector_hybrid_vperm)

#define core_scalar_mul CRYPTO_NAMESPACE(core_scalar_mul)
#define core_scalar_mulx CRYPTO_NAMESPACE(core_scalar_mulx)
#define core_vector_ifma CRYPTO_NAMESPACE(core_vector_ifma)
#define core_vector_avx2 CRYPTO_NAMESPACE(core_vector_avx2)
#define core_vector_hybrid CRYPTO_NAMESPACE(core_vector_hybrid)
#define core_grouped_ifma CRYPTO_NAMESPACE(core_grouped_ifma)

HIDDEN fusedfn scalar_mul;         /* AES-NI, radix 2^64 with MUL (scalar.c) */
HIDDEN fusedfn scalar_mulx;        /* AES-NI (VEX), radix 2^64 with MULX (scalar.c) */
HIDDEN fusedfn scalar_generic;       /* the generic AES (x86/generic_aes.h), radix 2^64 with MUL (scalar.c) */
HIDDEN fusedfn scalar_vperm;       /* vector-permute AES, radix 2^64 with MUL (scalar.c) */
HIDDEN fusedfn vector_avx2;        /* AES-NI around x86/avx2.c's hash (scalar.c); l >= 1 */
HIDDEN fusedfn vector_ifma;        /* AES-NI around x86/ifma.c's hash (scalar.c); l >= 1 */
HIDDEN fusedfn vector_hybrid;      /* AES-NI around the hybrid (x86/sse2.c's, scalar.c); l >= 384 */
HIDDEN fusedfn vector_hybrid_generic;   /* the generic AES around the hybrid (scalar.c); l >= 384 */
HIDDEN fusedfn vector_hybrid_vperm;   /* vector-permute AES around the hybrid (scalar.c); l >= 384 */

/* the split AES of expanded keys and each path's calls with one (common/path.h's struct
   path_split; scalar.c): AES-NI on the ifma, avx2 and sse2 paths, vector permutes on the ssse3
   path */
#define split_ifma CRYPTO_NAMESPACE(split_ifma)
#define split_avx2 CRYPTO_NAMESPACE(split_avx2)
#define split_sse2 CRYPTO_NAMESPACE(split_sse2)
#define split_ssse3 CRYPTO_NAMESPACE(split_ssse3)
HIDDEN extern const struct path_split split_ifma, split_avx2, split_sse2, split_ssse3;

/* many messages a call (common/path.h's manyfn; many.c): AES-NI interleaved across a group of
   messages, then the radix-2^64 scalar hash with MULX (ifma, avx2) or MUL (sse2) */
#define many_mulx CRYPTO_NAMESPACE(many_mulx)
#define many_mul CRYPTO_NAMESPACE(many_mul)
HIDDEN manyfn many_mulx, many_mul;

/* the blocks of the paths' cores on struct p64 (scalar.c; dispatch.c's path_core) */
HIDDEN core_scalar_fn core_scalar_mul;      /* radix 2^64 with MUL */
HIDDEN core_scalar_fn core_scalar_mulx;     /* radix 2^64 with MULX (BMI2) */
HIDDEN core_vector_fn core_vector_ifma;     /* x86/ifma.c's hash, joined; nblocks >= 1 */
HIDDEN core_vector_fn core_vector_avx2;     /* x86/avx2.c's hash, joined; nblocks >= 1 */
HIDDEN core_vector_fn core_vector_hybrid;   /* the hybrid, joined; nblocks >= 24 */
HIDDEN core_vector_fn core_grouped_ifma;    /* x86/ifma.c's stream kernel; whole groups */

/* the paths' core state (common/core.h): the radix-2^64 scalar state, then the ifma stream
   kernel's powers */
struct amd64_core {
  struct p64 p;
  struct ifma_stream ifma;
};


/* ---- Poly1305 in radix 2^64 ---- */

#define P64_MULX P64_MULX_ON(h0, h1, h2)
#define P64_MUL P64_MUL_ON(h0, h1, h2)

#define P64_OPERANDS                                                                         \
  [h0] "+&r"(st->h0), [h1] "+&r"(st->h1), [h2] "+&r"(st->h2), [d0h] "=&r"(d0h), [d1l] "=&r"(d1l), \
  [d1h] "=&r"(d1h), [t64] "=&r"(t)
#define P64_KEY [r0] "rm"(st->r0), [r1] "rm"(st->r1), [s1] "rm"(st->s1)

/* h = (h + c) r for each whole block c of m[0..16 count), count >= 1 */
#define P64_LOOP(multiply, ...)                                                              \
  __asm__("1:\n\t"                                                                            \
          "addq (%[m]), %[h0]\n\t"                                                             \
          "adcq 8(%[m]), %[h1]\n\t"                                                            \
          "adcq $1, %[h2]\n\t"                                                                 \
          multiply                                                                           \
          "addq $16, %[m]\n\t"                                                                 \
          "cmpq %[m], %[end]\n\t"                                                              \
          "jne 1b\n\t"                                                                         \
          : P64_OPERANDS, [m] "+&r"(m)                                                       \
          : P64_KEY, [end] "r"(end)                                                          \
          : __VA_ARGS__)
INLINE void p64_blocks(struct p64 *st, const unsigned char *m, size_t count, int mulx)
{
  const unsigned char *end = m + 16 * count;
  u64 d0h, d1l, d1h, t;
  if (mulx) P64_LOOP(P64_MULX, "rdx", "cc", "memory");
  else P64_LOOP(P64_MUL, "rax", "rdx", "cc", "memory");
}

/* zero the bytes [sp - bytes, sp) below the stack pointer, where the frames of
   the function just called were: the dispatcher's wipe of each path's stack
   (bytes a multiple of 64; in the build's stack probe, only recorded: common/stack.h).
   Below 2 KiB with SSE2 stores (in every x86-64),
   from 2 KiB with rep stosb (fast strings; the figures: doc/results/amd64.md); after the
   paths that need AVX, wipe_below_avx. The stack pointer moves down over them for the stores
   (memory below it is not the program's to write), and back. */
INLINE void wipe_below(size_t bytes)
{
  if (stack_probing(bytes)) return;
  if (bytes >= 2048) {
    __asm__ __volatile__("movq %%rsp, %%rdx\n\t"
                         "subq %%rcx, %%rsp\n\t"
                         "movq %%rsp, %%rdi\n\t"
                         "xorl %%eax, %%eax\n\t"
                         "rep stosb\n\t"
                         "movq %%rdx, %%rsp"
                         : "+c"(bytes) : : "rax", "rdx", "rdi", "cc", "memory");
    return;
  }
  __asm__ __volatile__("movq %%rsp, %%rdx\n\t"
                       "subq %0, %%rsp\n\t"
                       "movq %%rsp, %%rax\n\t"
                       "pxor %%xmm0, %%xmm0\n"
                       "1:\n\t"
                       "movups %%xmm0, (%%rax)\n\t"
                       "movups %%xmm0, 16(%%rax)\n\t"
                       "movups %%xmm0, 32(%%rax)\n\t"
                       "movups %%xmm0, 48(%%rax)\n\t"
                       "addq $64, %%rax\n\t"
                       "cmpq %%rdx, %%rax\n\t"
                       "jb 1b\n\t"
                       "movq %%rdx, %%rsp"
                       : : "r"(bytes) : "rax", "rdx", "xmm0", "cc", "memory");
}

/* wipe_below's zeroes with 32-byte AVX stores, then vzeroupper: for the paths that need AVX
   (their code leaves the upper halves clean, and so does this) */
INLINE void wipe_below_avx(size_t bytes)
{
  if (stack_probing(bytes)) return;
  __asm__ __volatile__("movq %%rsp, %%rdx\n\t"
                       "subq %0, %%rsp\n\t"
                       "movq %%rsp, %%rax\n\t"
                       "vpxor %%xmm0, %%xmm0, %%xmm0\n"
                       "1:\n\t"
                       "vmovdqu %%ymm0, (%%rax)\n\t"
                       "vmovdqu %%ymm0, 32(%%rax)\n\t"
                       "addq $64, %%rax\n\t"
                       "cmpq %%rdx, %%rax\n\t"
                       "jb 1b\n\t"
                       "vzeroupper\n\t"
                       "movq %%rdx, %%rsp"
                       : : "r"(bytes) : "rax", "rdx", "xmm0", "cc", "memory");
}

/* h = (h + m0 + 2^64 m1) r: the padded last chunk, its 1 already in m0 m1 */
#define P64_LAST(multiply, ...)                                                              \
  __asm__("addq %[m0], %[h0]\n\t"                                                              \
          "adcq %[m1], %[h1]\n\t"                                                              \
          "adcq $0, %[h2]\n\t"                                                                 \
          multiply                                                                           \
          : P64_OPERANDS                                                                     \
          : P64_KEY, [m0] "rm"(m0), [m1] "rm"(m1)                                            \
          : __VA_ARGS__)
INLINE void p64_last(struct p64 *st, u64 m0, u64 m1, int mulx)
{
  u64 d0h, d1l, d1h, t;
  if (mulx) P64_LAST(P64_MULX, "rdx", "cc");
  else P64_LAST(P64_MUL, "rax", "rdx", "cc");
}

/* absorb all of m[0..l); mulx: use MULX (BMI2) */
INLINE void p64_hash(struct p64 *st, const unsigned char *m, size_t l, int mulx)
{
  if (l >= 16) p64_blocks(st, m, l / 16, mulx);
  if (l & 15) {
    u64 m0, m1;
    p64_tail(m, l, &m0, &m1);
    p64_last(st, m0, m1, mulx);
  }
}

/* h (h2 <= 4) of m[0..l) under r: the hash a path's code runs (scalar.c: the
   scalar one, or a core of x86/ with its sums carried into radix 2^64) */
typedef void hash3fn(u64 h[3], const unsigned char r[16], const unsigned char *m, size_t l);

/* a call on one path (fusedfn, common/path.h), after s = AES_k(n) (AES-NI or vector
   permutes: the caller's block), or the one-time key's s; the AES is independent of the hash until the final
   addition, so the core overlaps the two */
INLINE void aes_and_hash(unsigned char out[16], const unsigned char r[16], __m128i block,
                         const unsigned char *m, size_t l, hash3fn *hash)
{
  u64 h[3];
  hash(h, r, m, l);
  p64_finish(out, h[0], h[1], h[2], (u64) _mm_cvtsi128_si64(block),
             (u64) _mm_cvtsi128_si64(_mm_unpackhi_epi64(block, block)));
}

#endif
