/* poly1305aes_x86: run-time choice of the code path. Assumes 32-bit x86
   (i686 or later); cpuid is probed first (__get_cpuid checks it exists);
   XCR0 (xgetbv) is read only when CPUID says the OS saves AVX state.

   The choice is cached write-once, process-wide, as in poly1305aes_amd64
   (see its dispatch.c): the first call reads cpuid and xgetbv, picks a path
   and stores a pointer to its constant descriptor with an atomic release
   store; every call loads it and calls through it. Nothing outside the
   program chooses the path; the tests and benchmarks force one through the
   path interface (common/impl.h.in), which the installed libraries do not
   export.

   The path table below, best first; the first whose needs the CPU and the OS
   meet is used. A path runs its scalar code below vector_from bytes, its
   vector code from there (the thresholds are measured crossovers, AMD EPYC
   Zen 4 here):
     ifma          AES-NI; radix 2^32 (radix32.S); from 320 bytes AVX-512 IFMA
                   radix 2^44, 16 blocks a step (x86/ifma.c; needs AVX-512 F, VL,
                   BW, IFMA, VBMI2, BMI2, AVX2 and OS zmm state)
     avx2          AES-NI; radix 2^32; from 384 bytes AVX2 radix 2^26, 8 blocks a
                   step (x86/avx2.c; needs AVX2 and OS ymm state)
     sse2          AES-NI; radix 2^32; from 384 bytes SSE2 radix 2^26, 8 blocks
                   a step (x86/sse2.c; needs AES-NI, SSSE3)
     generic-sse2  AES from a table (x86/table.c: NOT constant time); radix 2^32;
                   from 384 bytes SSE2 (needs SSE2)
     generic       AES from a table (NOT constant time); radix 2^32 only (any
                   i686; poly1305aes_ppro is the candidate for CPUs without SSE2,
                   and the selector chooses between them by measurement)
   The x86/ cores are shared with poly1305aes_amd64. After each call the
   dispatcher zeroes the stack the path's code used (the path's scalar_stack
   or vector_stack bytes just below the wipe's return address, wipe.S): the
   compiler spills r, s, round keys and powers of r there. The sizes are the
   deepest use test/abi.c measured below that (gcc 12 -O2: scalar 220 bytes,
   table 236, ifma 2260, avx2 3064, sse2 2304, generic-sse2 2400) with a
   margin; the ABI harness fails a build that leaves a secret in them.
   Speed: README ("Results on this machine"). */
#include <stddef.h>
#include <cpuid.h>
#include "ia32.h"

struct path {
  const char *name;
  unsigned int needs;              /* CPU and OS features, below */
  hashfn *scalar, *vector;         /* vector (or NULL) from vector_from bytes on */
  size_t vector_from;
  unsigned int scalar_stack, vector_stack;   /* bytes of stack each uses, to wipe (multiples of 64) */
};

enum {
  SSE2 = 1 << 0, SSSE3 = 1 << 1, AESNI = 1 << 2, OSYMM = 1 << 3, AVX2 = 1 << 4, BMI2 = 1 << 5, OSZMM = 1 << 6,
  AVX512F = 1 << 7, AVX512VL = 1 << 8, AVX512BW = 1 << 9, AVX512IFMA = 1 << 10, AVX512VBMI2 = 1 << 11
};

static const struct path paths[] = {
  { "ifma", SSE2 | SSSE3 | AESNI | OSYMM | AVX2 | BMI2 | OSZMM | AVX512F | AVX512VL | AVX512BW | AVX512IFMA
    | AVX512VBMI2, scalar_aesni, vector_ifma, 320, 320, 2368 },
  { "avx2", SSE2 | SSSE3 | AESNI | OSYMM | AVX2, scalar_aesni, vector_avx2, 384, 320, 3136 },
  { "sse2", SSE2 | SSSE3 | AESNI, scalar_aesni, vector_sse2, 384, 320, 2368 },
  { "generic-sse2", SSE2, scalar_table, vector_sse2_table, 384, 320, 2496 },
  { "generic", 0, scalar_table, NULL, 0, 320, 0 },
};

static unsigned int cpu_features(void)
{
  unsigned int a, b, c, d, max, have = 0, xcr0 = 0;
  if (!__get_cpuid(0, &max, &b, &c, &d)) return 0;
  __cpuid(1, a, b, c, d);
  if (d & (1u << 26)) have |= SSE2;
  if (c & (1u << 9)) have |= SSSE3;
  if (c & (1u << 25)) have |= AESNI;
  if ((c & (1u << 27)) && (c & (1u << 28))) {      /* OSXSAVE and AVX: read XCR0 */
    unsigned int xd;
    __asm__ __volatile__("xgetbv" : "=a"(xcr0), "=d"(xd) : "c"(0));
    if ((xcr0 & 0x06) == 0x06) have |= OSYMM;      /* xmm and ymm state */
    if ((xcr0 & 0xe6) == 0xe6) have |= OSZMM;      /* also opmask, zmm0-15 upper, zmm16-31 */
  }
  if (max >= 7) {
    __cpuid_count(7, 0, a, b, c, d);
    if (b & (1u << 5)) have |= AVX2;
    if (b & (1u << 8)) have |= BMI2;
    if (b & (1u << 16)) have |= AVX512F;
    if (b & (1u << 21)) have |= AVX512IFMA;
    if (b & (1u << 30)) have |= AVX512BW;
    if (b & (1u << 31)) have |= AVX512VL;
    if (c & (1u << 6)) have |= AVX512VBMI2;
  }
  return have;
}

#define COUNT (sizeof paths / sizeof paths[0])

static int runs_here(const struct path *p)
{
  return (p->needs & cpu_features()) == p->needs;
}

static const struct path *choose(void)
{
  unsigned int i;
  for (i = 0; i < COUNT; ++i)
    if (runs_here(&paths[i])) return &paths[i];
  return &paths[COUNT - 1];
}

static const struct path *chosen;   /* write-once cache, see above (path_use rewrites it) */

static const struct path *current(void)
{
  const struct path *p = __atomic_load_n(&chosen, __ATOMIC_ACQUIRE);
  if (__builtin_expect(p == NULL, 0)) {
    p = choose();
    __atomic_store_n(&chosen, p, __ATOMIC_RELEASE);
  }
  return p;
}

/* zero the bytes [esp - bytes, esp) below the stack pointer, where the frames
   of the function just called were: with SSE stores (wipe.S) where the CPU
   has SSE2, else with rep stosl (slower here: about 30 ticks more for 512
   bytes); the stack pointer moves down over them for the stores, and back */
INLINE void wipe_below(size_t bytes, int sse2)
{
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
  const struct path *p = current();
  if (p->vector && l >= p->vector_from) {
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

__attribute__((force_align_arg_pointer))
void poly1305aes_poly1305(unsigned char out[16], const unsigned char rs[32], const unsigned char m[], unsigned int l)
{
  run(out, rs, NULL, rs + 16, m, l);
}

/* the path interface (common/impl.h.in): the table above, as data */
const char *poly1305aes_path_name(unsigned int i)
{
  return i < COUNT ? paths[i].name : NULL;
}

int poly1305aes_path_use(unsigned int i)
{
  if (i >= COUNT || !runs_here(&paths[i])) return 0;
  __atomic_store_n(&chosen, &paths[i], __ATOMIC_RELEASE);
  return 1;
}

const char *poly1305aes_path(void)
{
  return current()->name;
}
