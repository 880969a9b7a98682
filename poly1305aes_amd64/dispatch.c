/* SPDX-License-Identifier: CC0-1.0 */
/* poly1305aes_amd64: run-time choice of the code path. Assumes x86-64; the
   dispatcher: common/dispatch.h, with x86/paths.h's hooks.

   The path table below, best first; the first whose needs the CPU and the OS
   meet is used. A path runs its scalar code below its threshold, its vector
   code from there: the thresholds are measured crossovers, one per vendor
   (x86/paths.h's FROM names the CPU each was measured on; the figures:
   doc/results/amd64.md). The vector cores are x86/'s, shared with poly1305aes_x86:
     ifma     AES-NI; radix 2^64 with MULX; then AVX-512 IFMA radix
              2^44 on ymm registers, 8 blocks a step (x86/ifma256.c), on Intel
              from IFMA_ZMM_FROM_INTEL and on AMD always on zmm registers, 16 blocks a step
              (x86/ifma.c; ifma_zmm_from_vendor below; needs AVX-512 F, VL, BW, IFMA,
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

/* where the ifma path's sums leave the ymm code for the zmm code (x86/x86.h), each vendor's:
   the thresholds file, as every threshold below */
static const size_t ifma_zmm_from_vendor[VENDORS] = { [VENDOR_AMD] = IFMA_ZMM_FROM_AMD,
                                                      [VENDOR_INTEL] = IFMA_ZMM_FROM_INTEL };

/* the table, best first: PATH_FROM(P), path P's thresholds for each vendor (x86/paths.h);
   ONETIME_FROM(P), for Poly1305 alone (onetime_fused) */
#define IFMA_NEEDS \
  (SSE2 | SSSE3 | AESNI | OSYMM | AVX2 | BMI2 | OSZMM | AVX512F | AVX512VL | AVX512BW | AVX512IFMA | AVX512VBMI2)
static const struct path paths[] = {
  { .name = "ifma", .needs = IFMA_NEEDS, .scalar = scalar_mulx, .vector = vector_ifma,
    .vector_from = PATH_FROM(IFMA), .onetime_from = ONETIME_FROM(IFMA),
    .scalar_stack = STACK_BYTES(ifma, scalar), .vector_stack = STACK_BYTES(ifma, vector), .core = PATH_CORE(0), .split = &split_ifma },
  { .name = "avx2", .needs = SSE2 | SSSE3 | AESNI | OSYMM | AVX2 | BMI2, .scalar = scalar_mulx, .vector = vector_avx2,
    .vector_from = PATH_FROM(AVX2), .onetime_from = ONETIME_FROM(AVX2),
    .scalar_stack = STACK_BYTES(avx2, scalar), .vector_stack = STACK_BYTES(avx2, vector), .core = PATH_CORE(1), .split = &split_avx2 },
  { .name = "sse2", .needs = SSE2 | SSSE3 | AESNI, .scalar = scalar_mul, .vector = vector_hybrid,
    .vector_from = PATH_FROM(SSE2), .onetime_from = ONETIME_FROM(SSE2),
    .scalar_stack = STACK_BYTES(sse2, scalar), .vector_stack = STACK_BYTES(sse2, vector), .core = PATH_CORE(2), .split = &split_sse2 },
  { .name = "ssse3", .needs = SSE2 | SSSE3, .scalar = scalar_vperm, .vector = vector_hybrid_vperm,
    .vector_from = PATH_FROM(SSSE3), .onetime_from = ONETIME_FROM(SSSE3),
    .scalar_stack = STACK_BYTES(ssse3, scalar), .vector_stack = STACK_BYTES(ssse3, vector), .core = PATH_CORE(3), .split = &split_ssse3 },
  { .name = "generic", .needs = SSE2, .scalar = scalar_generic, .vector = vector_hybrid_generic,
    .vector_from = PATH_FROM(GENERIC), .onetime_from = ONETIME_FROM(GENERIC),
    .scalar_stack = STACK_BYTES(generic, scalar), .vector_stack = STACK_BYTES(generic, vector), .core = PATH_CORE(4) },
};

/* the wipes (wipe_below: amd64.h); path_core(i) is path i's own AES with its own core: start
   and finish common/pathcore.h's radix-2^64 ones, the blocks core_code[i] (x86/paths.h's
   X86_CORES) */
#define CORE_WIPE() wipe_below(CORE_STACK)
#define GROUPED_WIPE(p) CORE_WIPE()   /* in 64-bit code the grouped code uses about 200 bytes */
#define OWN_CORES X86_CORES(struct amd64_core, core_state_start, core64_finish_work)
#define PATH_CORE_OF(aes, i) X86_CORE_OF(struct amd64_core, aes, i)
#include "pathcore.h"

/* h = 0, r kept, no powers yet (struct amd64_core, amd64.h) */
CORE_WORK void core_state_start(void *st, const unsigned char r[16])
{
  struct amd64_core *c = st;
  p64_start(&c->p, r);
  c->ifma.ready = 0;
}

/* each path's Poly1305 blocks on the contract, in the table's order: the scalar radix-2^64
   code with MULX where the path has BMI2, and the path's vector code, joined (scalar.c) */
static const struct core_code core_code[] = {
  { core_scalar_mulx, core_vector_ifma, 1, core_grouped_ifma },
  { core_scalar_mulx, core_vector_avx2, 1, NULL },
  { core_scalar_mul, core_vector_hybrid, 8 + 8 + HYBRID_BLOCKS, NULL },
  { core_scalar_mul, core_vector_hybrid, 8 + 8 + HYBRID_BLOCKS, NULL },
  { core_scalar_mul, core_vector_hybrid, 8 + 8 + HYBRID_BLOCKS, NULL },
};

/* the entry points and the path interface (common/impl.h.in) */
#include "dispatch.h"
