/* SPDX-License-Identifier: CC0-1.0 */
/* poly1305aes_x86: run-time choice of the code path. Assumes 32-bit x86
   (i686 or later); the choice and its cache: x86/paths.h.

   The path table below, best first; the first whose needs the CPU and the OS
   meet is used. A path runs its scalar code below its threshold, its vector
   code from there: the thresholds are measured crossovers, one per vendor
   (x86/paths.h's FROM names the CPU each was measured on; the figures:
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
     generic-sse2  AES from a table (common/aes_table.h: NOT constant time), for
                   CPUs without SSSE3; radix 2^32; then SSE2 (needs SSE2)
     generic       AES from a table (NOT constant time); radix 2^32 (any i686);
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
   below); its threshold in the table: the two chains need 32 bytes (vector_two_table), so a measurement
   build's TWO_FROM (speed/crossover.py) never puts them below that, and VECTOR_FROM, which
   moves the other paths' thresholds, leaves it alone (with it the stack probe ran the two
   chains on 0 to 31 bytes and crashed) */
#define TWO_THRESHOLD ((TWO_FROM) > 32 ? (TWO_FROM) : 32)

/* where the ifma path's sums leave the ymm code for the zmm code (x86/x86.h), each vendor's */
static const size_t ifma_zmm_from_vendor[VENDORS] = { [VENDOR_AMD] = IFMA_ZMM_FROM_AMD,
                                                      [VENDOR_INTEL] = IFMA_ZMM_FROM_INTEL };

/* PATH_FROM(P): path P's thresholds for each vendor (x86/paths.h); ONETIME_FROM(P), for
   Poly1305 alone (onetime_fused) */
static const struct path paths[] = {
  { "ifma", SSE2 | SSSE3 | AESNI | OSYMM | AVX2 | BMI2 | OSZMM | AVX512F | AVX512VL | AVX512BW | AVX512IFMA
    | AVX512VBMI2, scalar_aesni, vector_ifma, PATH_FROM(IFMA), STACK_BYTES(ifma, scalar), STACK_BYTES(ifma, vector),
    ONETIME_FROM(IFMA) },
  { "avx2", SSE2 | SSSE3 | AESNI | OSYMM | AVX2, scalar_aesni, vector_avx2, PATH_FROM(AVX2), STACK_BYTES(avx2, scalar),
    STACK_BYTES(avx2, vector),
    ONETIME_FROM(AVX2) },
  { "sse2", SSE2 | SSSE3 | AESNI, scalar_aesni, vector_sse2, PATH_FROM(SSE2), STACK_BYTES(sse2, scalar),
    STACK_BYTES(sse2, vector),
    ONETIME_FROM(SSE2) },
  { "ssse3", SSE2 | SSSE3, scalar_vperm, vector_sse2_vperm, PATH_FROM(SSSE3), STACK_BYTES(ssse3, scalar),
    STACK_BYTES(ssse3, vector),
    ONETIME_FROM(SSSE3) },
  { "generic-sse2", SSE2, scalar_table, vector_sse2_table, PATH_FROM(GENERIC_SSE2), STACK_BYTES(generic_sse2, scalar),
    STACK_BYTES(generic_sse2, vector),
    ONETIME_FROM(GENERIC_SSE2) },
  { "generic", 0, scalar_table, vector_two_table, { TWO_THRESHOLD, TWO_THRESHOLD }, STACK_BYTES(generic, scalar),
    STACK_BYTES(generic, vector),
    { TWO_THRESHOLD, TWO_THRESHOLD } },
};

/* zero the bytes [esp - bytes, esp) below the stack pointer, where the frames
   of the function just called were: with wipe.S (SSE stores, or rep stosb
   from 1 KiB) where the CPU has SSE2, else with rep stosl (slower for small areas: doc/results/x86.md); the stack pointer moves
   down over them for the stores, and back */
INLINE void wipe_below(size_t bytes, int sse2)
{
  if (stack_probing(bytes)) return;
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

/* one call on the path in use, then the wipe of the stack it used */
INLINE void run(unsigned char out[16], const unsigned char r[16], const unsigned char *k, const unsigned char *ns,
                const unsigned char *m, size_t l)
{
  const struct path *p = path_enter(paths, sizeof paths / sizeof paths[0]);
  if (p->vector && l >= path_vector_from(k)) {
    p->vector(out, r, k, ns, m, l);
    wipe_below(p->vector_stack, p->needs & SSE2);
  } else {
    p->scalar(out, r, k, ns, m, l);
    wipe_below(p->scalar_stack, p->needs & SSE2);
  }
}

/* force_align_arg_pointer: the SIMD paths keep 16-byte values on the stack,
   and a 32-bit caller may have aligned its stack to 4 bytes only */
__attribute__((force_align_arg_pointer))
void poly1305aes_authenticate(unsigned char out[16], const unsigned char kr[32], const unsigned char n[16],
                              const unsigned char m[], unsigned int l)
{
  run(out, kr + 16, kr, n, m, l);
}

/* the path interface (common/impl.h.in): the table above, as data; path_core(i) is path i's
   own AES with its own core: common/pathcore.h's radix-2^26 one for start, finish and the
   short runs, the path's SIMD core, joined (vector.c), for the long ones (x86/paths.h's
   X86_CORES); the core wipe with SSE stores where the CPU has SSE2 */
#define PATHS_COUNT (sizeof paths / sizeof paths[0])
#define WIPE_PATH(p, bytes) wipe_below(bytes, (p)->needs & SSE2)
#define CORE_WIPE() wipe_below(CORE_STACK, (cpu_features() & SSE2) != 0)
#define GROUPED_WIPE(p) WIPE_PATH(p, (p)->vector_stack)   /* 2 KiB with 8 zmm registers: the vector area's size */
#define OWN_CORES X86_CORES(struct ia32_core, core_state_start, core26_finish_work)
#define PATH_CORE_OF(aes, i) X86_CORE_OF(struct ia32_core, aes, i)
#include "pathcore.h"

/* h = 0, r kept, no powers yet (struct ia32_core, ia32.h) */
CORE_WORK void core_state_start(void *st, const unsigned char r[16])
{
  struct ia32_core *c = st;
  p26_start(&c->p, r);
  c->ifma.ready = 0;
}

/* each path's blocks, in the table's order: generic's two chains need a whole message */
static const struct core_code core_code[] = {
  { core26_blocks_work, core_vector_ifma, 1, core_grouped_ifma },
  { core26_blocks_work, core_vector_avx2, 1, NULL },
  { core26_blocks_work, core_vector_sse2, 1, NULL },
  { core26_blocks_work, core_vector_sse2, 1, NULL },
  { core26_blocks_work, core_vector_sse2, 1, NULL },
  { core26_blocks_work, NULL, 0, NULL },
};

PATH_INTERFACE(paths)
