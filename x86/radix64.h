/* SPDX-License-Identifier: CC0-1.0 */
/* The radix-2^64 Poly1305 block in x86-64 assembly (GCC extended asm
   strings), for poly1305aes_amd64's scalar loops (amd64.h) and the SSE2
   core's hybrid loop (x86/sse2.c, x86-64 only). Assumes x86-64; h2 <= 4
   between blocks, r clamped: the bounds are in common/poly64.h. */
#ifndef poly1305aes_x86_radix64_H
#define poly1305aes_x86_radix64_H

/* One block in assembly (GCC's unsigned __int128 code spills): after the
   message is added, d0 = a0 r0 + a1 s1, d1 = a0 r1 + a1 r0 + a2 s1 + hi(d0),
   top = a2 r0 + hi(d1); h0 = lo(d0) + 5 (top >> 2), h1 = lo(d1) + carry,
   h2 = (top & 3) + carry. Operands: the chain's h0 h1 h2 (named by the
   macros' arguments), d0h d1l d1h t64, r0 r1 s1. */
#define P64_MULX_ON(h0, h1, h2)                                                              \
  "movq %[" #h0 "], %%rdx\n\t"                                                               \
  "mulxq %[r1], %[d1l], %[d1h]\n\t"                                                          \
  "mulxq %[r0], %[" #h0 "], %[d0h]\n\t"                                                      \
  "movq %[" #h1 "], %%rdx\n\t"                                                               \
  "mulxq %[s1], %[" #h1 "], %[t64]\n\t"                                                        \
  "addq %[" #h1 "], %[" #h0 "]\n\t"                                                          \
  "adcq %[t64], %[d0h]\n\t"                                                                    \
  "mulxq %[r0], %[" #h1 "], %[t64]\n\t"                                                        \
  "addq %[" #h1 "], %[d1l]\n\t"                                                              \
  "adcq %[t64], %[d1h]\n\t"                                                                    \
  P64_REDUCE_ON(h0, h1, h2)
#define P64_MUL_ON(h0, h1, h2)                                                               \
  "movq %[" #h0 "], %%rax\n\t"                                                               \
  "mulq %[r1]\n\t"                                                                           \
  "movq %%rax, %[d1l]\n\t"                                                                   \
  "movq %%rdx, %[d1h]\n\t"                                                                   \
  "movq %[" #h0 "], %%rax\n\t"                                                               \
  "mulq %[r0]\n\t"                                                                           \
  "movq %%rax, %[" #h0 "]\n\t"                                                               \
  "movq %%rdx, %[d0h]\n\t"                                                                   \
  "movq %[" #h1 "], %%rax\n\t"                                                               \
  "mulq %[s1]\n\t"                                                                           \
  "addq %%rax, %[" #h0 "]\n\t"                                                               \
  "adcq %%rdx, %[d0h]\n\t"                                                                   \
  "movq %[" #h1 "], %%rax\n\t"                                                               \
  "mulq %[r0]\n\t"                                                                           \
  "addq %%rax, %[d1l]\n\t"                                                                   \
  "adcq %%rdx, %[d1h]\n\t"                                                                   \
  P64_REDUCE_ON(h0, h1, h2)
#define P64_REDUCE_ON(h0, h1, h2)                                                            \
  "movq %[" #h2 "], %[t64]\n\t"                                                                \
  "imulq %[s1], %[t64]\n\t"                                                                    \
  "imulq %[r0], %[" #h2 "]\n\t"                                                              \
  "addq %[t64], %[d0h]\n\t"                     /* < 2^61.2 + 2^62.9: no carry */             \
  "addq %[d0h], %[d1l]\n\t"                                                                  \
  "adcq %[" #h2 "], %[d1h]\n\t"               /* top, weight 2^128 */                       \
  "movq %[d1h], %[" #h2 "]\n\t"                                                              \
  "andq $3, %[" #h2 "]\n\t"                                                                  \
  "movq %[d1h], %[t64]\n\t"                                                                    \
  "andq $-4, %[t64]\n\t"                                                                       \
  "shrq $2, %[d1h]\n\t"                                                                      \
  "addq %[t64], %[d1h]\n\t"                      /* 5 (top >> 2) */                            \
  "addq %[d1h], %[" #h0 "]\n\t"                                                              \
  "movq %[d1l], %[" #h1 "]\n\t"                                                              \
  "adcq $0, %[" #h1 "]\n\t"                                                                  \
  "adcq $0, %[" #h2 "]\n\t"

/* the block at %[ms] (pad 1) into the chain h0 h1 h2, with MUL; ms advances */
#define P64_BLOCK_AT_MS(h0, h1, h2)                                                          \
  "addq (%[ms]), %[" #h0 "]\n\t"                                                             \
  "adcq 8(%[ms]), %[" #h1 "]\n\t"                                                            \
  "adcq $1, %[" #h2 "]\n\t"                                                                  \
  P64_MUL_ON(h0, h1, h2)                                                                     \
  "addq $16, %[ms]\n\t"

#endif
