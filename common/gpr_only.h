/* SPDX-License-Identifier: CC0-1.0 */
/* GPR_ONLY: on x86 (64- and 32-bit), a function compiled to general-purpose
   registers only, with no vector instruction, so it runs at the same speed
   whatever the caller left in the vector registers (Intel cores run
   legacy-SSE code slowly while the upper halves of ymm/zmm are dirty; AVX
   code would not run on a CPU without AVX) and needs no variant per
   instruction set. Empty elsewhere. Assumes GCC or clang on x86 (the
   target attribute "general-regs-only": GCC 7, clang 14). */
#ifndef poly1305aes_gpr_only_H
#define poly1305aes_gpr_only_H

#if defined(__x86_64__) || defined(__i386__)
#define GPR_ONLY __attribute__((target("general-regs-only")))
#else
#define GPR_ONLY
#endif

#endif
