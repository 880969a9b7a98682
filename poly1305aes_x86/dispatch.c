/* SPDX-License-Identifier: CC0-1.0 */
/* poly1305aes_x86: run-time choice of the code path. Assumes 32-bit x86
   (i686 or later); the dispatcher: common/dispatch.h, with x86/paths.h's hooks.

   The path table below, best first; the first whose needs the CPU and the OS
   meet is used. A path runs its scalar code below its threshold, its vector
   code from there: the thresholds are measured crossovers, one per CPU class
   (x86/paths.h's enum cpu_class; the thresholds file names the CPU each was measured on; the figures:
   doc/results/x86.md):
     ifma          AES-NI; radix 2^32 (radix32.S); then AVX-512 IFMA
                   radix 2^44 on ymm registers, 8 blocks a step (x86/ifma256.c),
                   and from the thresholds file's IFMA_ZMM_FROM_* on zmm
                   registers, 16 blocks a step (x86/ifma.c); needs AVX-512 F, VL,
                   BW, IFMA, VBMI2, BMI2, AVX2 and OS zmm state
     avx2          AES-NI; radix 2^32; then AVX2 radix 2^26, 8 blocks a
                   step (x86/avx2.c; needs AVX2 and OS ymm state)
     sse2          AES-NI; radix 2^32; then SSE2 radix 2^26, 8 blocks
                   a step (x86/sse2.c; needs AES-NI, SSSE3)
     ssse3         AES by vector permutes (common/vpaes.h: PSHUFB, no table in
                   memory), for CPUs without AES-NI; radix 2^32; then
                   SSE2 (needs SSSE3)
     generic-sse2  AES bitsliced (x86/generic_aes.h; a build made with AES=table:
                   from a table, NOT constant time), for CPUs without SSSE3;
                   radix 2^32; then SSE2 (needs SSE2)
     generic       the same AES; radix 2^32 (any i686);
                   then two radix-2^32 chains over two halves of the
                   message, joined (radix32.S's p32_two, scalar.c);
                   poly1305aes_ppro is the candidate for CPUs
                   without SSE2, and the selector chooses between them by measurement
   The x86/ cores are shared with poly1305aes_amd64. After each call the
   dispatcher zeroes the stack the path's code used (the path's scalar_stack
   or vector_stack bytes just below the wipe's return address, wipe.S): the
   compiler spills r, s, round keys and powers of r there (ssse3's short
   messages too: its vector-permute AES spills with 8 xmm registers). The
   sizes, STACK_BYTES, are measured by the build for the compiler in use,
   with a margin (common/stack.h); the ABI harness fails a build that leaves
   a secret in them.
   Speed: doc/results/x86.md. */
#include "ia32.h"
#include "../x86/paths.h"
#include "stack.h"   /* STACK_BYTES, the wipe sizes the build measured */

/* the generic path's two chains from TWO_FROM bytes (the thresholds file, as every threshold
   below); its threshold in the table: the two chains need 32 bytes (vector_two_generic), so a measurement
   build's TWO_FROM (speed/crossover.py) never puts them below that, and VECTOR_FROM, which
   moves the other paths' thresholds, leaves it alone (with it the stack probe ran the two
   chains on 0 to 31 bytes and crashed) */
#define TWO_THRESHOLD ((TWO_FROM) > 32 ? (TWO_FROM) : 32)

/* the table, best first (x86/paths.h's X86_ROW: each path's thresholds for each CPU class) */
static const struct path paths[] = {
  X86_ROW_MANY("ifma", IFMA, ifma, IFMA_NEEDS, scalar_aesni, vector_ifma, 0, &split_aesni, many_vex),
  X86_ROW_MANY("avx2", AVX2, avx2, SSE2 | SSSE3 | AESNI | OSYMM | AVX2, scalar_aesni, vector_avx2, 1, &split_aesni,
               many_vex),
  X86_ROW_MANY("sse2", SSE2, sse2, SSE2 | SSSE3 | AESNI, scalar_aesni, vector_sse2, 2, &split_aesni, many_sse),
  X86_ROW("ssse3", SSSE3, ssse3, SSE2 | SSSE3, scalar_vperm, vector_sse2_vperm, 3, &split_vperm),
  X86_ROW("generic-sse2", GENERIC_SSE2, generic_sse2, SSE2, scalar_generic, vector_sse2_generic, 4, NULL),
  PATH_ROW("generic", 0, scalar_generic, vector_two_generic, PATH_ALL(TWO_THRESHOLD), PATH_ALL(TWO_THRESHOLD),
           STACK_BYTES(generic, scalar), STACK_BYTES(generic, vector), 5),
};

/* zero the bytes [esp - bytes, esp) below the stack pointer, where the frames
   of the function just called were: with wipe.S (AVX stores after a path that
   needs AVX; SSE stores, or rep stosb from 1 KiB, where the CPU has SSE2), else
   with rep stosl (slower for small areas: doc/results/x86.md); the stack
   pointer moves down over them for the stores, and back */
INLINE void wipe_below(size_t bytes, int sse2, int avx)
{
  if (stack_probing(bytes)) return;
  if (avx) {
    wipe_avx(bytes);
    return;
  }
  if (sse2) {
    wipe_sse2(bytes);
    return;
  }
  __asm__ __volatile__("movl %%esp, %%edx\n\t"
                       "subl %0, %%esp\n\t"
                       "movl %%esp, %%edi\n\t"
                       "xorl %%eax, %%eax\n\t"
                       "rep stosl\n\t"
                       "movl %%edx, %%esp"
                       : : "r"(bytes), "c"(bytes / 4) : "eax", "edx", "edi", "cc", "memory");
}

/* the wipes (with SSE stores where the CPU has SSE2); path_core(i) is path i's own AES with
   its own core: common/pathcore.h's radix-2^26 one for start, finish and the short runs, the
   path's SIMD core (vector.c: joined, or avx2's from h), for the long ones (x86/paths.h's X86_CORES) */
#define WIPE_PATH(p, bytes) wipe_below(bytes, (p)->needs & SSE2, WIPE_WITH_AVX(p))
#define CORE_WIPE() wipe_below(CORE_STACK, (cpu_features() & SSE2) != 0, 0)
#define GROUPED_WIPE(p) WIPE_PATH(p, (p)->vector_stack)   /* 2 KiB with 8 zmm registers: the vector area's size */
#define OWN_CORES X86_CORES(struct ia32_core, p26_start, core26_finish_work)
#define PATH_CORE_OF(aes, i) X86_CORE_OF(struct ia32_core, aes, i)
#include "pathcore.h"

/* each path's blocks, in the table's order: generic's two chains need a whole message */
static const struct core_code core_code[] = {
  { core26_blocks_work, core_vector_ifma, 1, core_grouped_ifma, { 0 }, 1 },
  { core26_blocks_work, core_vector_avx2, 1, NULL, { 0 }, 8 },
  { core26_blocks_work, core_vector_sse2, 1, NULL, { 0 }, 1 },
  { core26_blocks_work, core_vector_sse2, 1, NULL, { 0 }, 1 },
  { core26_blocks_work, core_vector_sse2, 1, NULL, { 0 }, 1 },
  { core26_blocks_work, NULL, 0, NULL, { 0 }, 1 },
};

/* the entry points (force_align_arg_pointer: x86/paths.h's PATH_ENTRY) and the path
   interface (common/impl.h.in) */
#include "dispatch.h"
