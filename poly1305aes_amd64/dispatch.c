/* SPDX-License-Identifier: CC0-1.0 */
/* poly1305aes_amd64: run-time choice of the code path. Assumes x86-64; the
   dispatcher: common/dispatch.h, with x86/paths.h's hooks.

   The path table below, best first; the first whose needs the CPU and the OS
   meet is used. A path runs its scalar code below its threshold, its vector
   code from there: the thresholds are measured crossovers, one per CPU class
   (x86/paths.h's enum cpu_class; the thresholds file names the CPU each was measured on; the figures:
   doc/results/amd64.md). The vector cores are x86/'s, shared with poly1305aes_x86:
     ifma     AES-NI; radix 2^64 with MULX; then AVX-512 IFMA radix
              2^44 on ymm registers, 8 blocks a step (x86/ifma256.c), on Intel
              from IFMA_ZMM_FROM_INTEL and on AMD always on zmm registers, 16 blocks a step
              (x86/ifma.c; x86/paths.h's ifma_zmm_from_class; needs AVX-512 F, VL, BW, IFMA,
              VBMI2, BMI2 and OS zmm state)
     avx2     AES-NI; radix 2^64 with MULX; then AVX2 radix 2^26, 8
              blocks a step (x86/avx2.c; needs AVX2, BMI2, OS ymm state)
     sse2     AES-NI; radix 2^64 with MUL; then the hybrid: SSE2
              radix 2^26, 8 blocks a step, with 8 radix-2^64 blocks of a
              second region interleaved in each step (x86/sse2.c, scalar.c;
              needs AES-NI, SSSE3; SSE2 is in every x86-64)
     ssse3    AES by vector permutes (common/vpaes.h: PSHUFB, no table in
              memory), for CPUs without AES-NI; radix 2^64 with MUL; then
              the hybrid (needs SSSE3)
     generic  AES bitsliced (x86/generic_aes.h; a build made with AES=table:
              from a table, NOT constant time), for CPUs without SSSE3;
              radix 2^64 with MUL; then the hybrid
   After each call the dispatcher zeroes the stack the path's code used (the
   path's scalar_stack or vector_stack bytes below its stack pointer): the
   compiler spills r, s, round keys and powers of r there. The sizes,
   STACK_BYTES, are measured by the build for the compiler in use, with a
   margin (common/stack.h); the ABI harness fails a build that leaves a
   secret in them.
   Speed: doc/results/amd64.md. */
#include "amd64.h"
#include "../x86/paths.h"

/* the table, best first (x86/paths.h's X86_ROW: each path's thresholds for each CPU class) */
static const struct path paths[] = {
  X86_ROW_MANY("ifma", IFMA, ifma, IFMA_NEEDS, scalar_mulx, vector_ifma, 0, &split_ifma, many_mulx),
  X86_ROW_MANY("avx2", AVX2, avx2, SSE2 | SSSE3 | AESNI | OSYMM | AVX2 | BMI2, scalar_mulx, vector_avx2, 1, &split_avx2,
               many_mulx),
  X86_ROW_MANY("sse2", SSE2, sse2, SSE2 | SSSE3 | AESNI, scalar_mul, vector_hybrid, 2, &split_sse2, many_mul),
  X86_ROW("ssse3", SSSE3, ssse3, SSE2 | SSSE3, scalar_vperm, vector_hybrid_vperm, 3, &split_ssse3),
  X86_ROW("generic", GENERIC, generic, SSE2, scalar_generic, vector_hybrid_generic, 4, NULL),
};

/* the wipes (wipe_below: amd64.h); path_core(i) is path i's own AES with its own core: start
   and finish common/pathcore.h's radix-2^64 ones, the blocks core_code[i] (x86/paths.h's
   X86_CORES) */
#define CORE_WIPE() wipe_below(CORE_STACK)
#define WIPE_PATH(p, bytes) (WIPE_WITH_AVX(p) ? wipe_below_avx(bytes) : wipe_below(bytes))
#define GROUPED_WIPE(p) CORE_WIPE()   /* in 64-bit code the grouped code uses about 200 bytes */
#define OWN_CORES X86_CORES(struct amd64_core, p64_start, core64_finish_work)
#define PATH_CORE_OF(aes, i) X86_CORE_OF(struct amd64_core, aes, i)
#include "pathcore.h"

/* each path's Poly1305 blocks on the contract, in the table's order: the scalar radix-2^64
   code with MULX where the path has BMI2, and the path's vector code, joined (scalar.c); the
   avx2 path's from its own thresholds (the thresholds file), the others' from their paths' */
static const struct core_code core_code[] = {
  { core_scalar_mulx, core_vector_ifma, 1, core_grouped_ifma, { 0 }, 1 },
  { core_scalar_mulx, core_vector_avx2, 1, NULL,
    CLASS_VALUES(AVX2_CORE_FROM), 8 },
  { core_scalar_mul, core_vector_hybrid, 8 + 8 + HYBRID_BLOCKS, NULL, { 0 }, 1 },
  { core_scalar_mul, core_vector_hybrid, 8 + 8 + HYBRID_BLOCKS, NULL, { 0 }, 1 },
  { core_scalar_mul, core_vector_hybrid, 8 + 8 + HYBRID_BLOCKS, NULL, { 0 }, 1 },
};

/* the entry points and the path interface (common/impl.h.in) */
#include "dispatch.h"
