/* poly1305aes_amd64: run-time choice of the code path. Assumes x86-64 with
   cpuid; XCR0 (xgetbv) is read only when CPUID says the OS saves AVX state.

   The choice is cached write-once, process-wide: the first call reads cpuid and
   xgetbv, picks a path and stores a pointer to its constant descriptor with an
   atomic release store; every call loads it with an acquire load (a plain mov
   on x86) and calls through it. Threads racing on the first call compute and
   store the same pointer, so the race is benign. No ifunc (its resolver runs
   during relocation, before the sanitizers' run time) and no constructor
   (another constructor could call us first). Nothing outside the program
   chooses the path: no environment variable is read. The tests and benchmarks
   force one through the path interface (common/impl.h.in), which the
   installed libraries do not export.

   The path table below, best first; the first whose needs the CPU and the OS
   meet is used. A path runs its scalar code below vector_from bytes, its
   vector code from there (the thresholds are measured crossovers, AMD EPYC
   Zen 4 here); the vector cores are x86/'s, shared with poly1305aes_x86:
     ifma     AES-NI; radix 2^64 with MULX; from 384 bytes AVX-512 IFMA radix
              2^44, 16 blocks a step (x86/ifma.c; needs AVX-512 F, VL, BW, IFMA,
              VBMI2, BMI2 and OS zmm state)
     avx2     AES-NI; radix 2^64 with MULX; from 896 bytes AVX2 radix 2^26, 8
              blocks a step (x86/avx2.c; needs AVX2, BMI2, OS ymm state)
     sse2     AES-NI; radix 2^64 with MUL; from 1536 bytes SSE2 radix 2^26, 8
              blocks a step (x86/sse2.c; needs AES-NI, SSSE3; SSE2 is in every
              x86-64)
     generic  AES from a table (x86/table.c: NOT constant time); radix 2^64
              with MUL; from 2048 bytes SSE2 radix 2^26
   After each call the dispatcher zeroes the stack the path's code used (the
   path's scalar_stack or vector_stack bytes below its stack pointer): the
   compiler spills r, s, round keys and powers of r there. The sizes are the
   deepest use test/abi.c measured below the wipe's stack pointer (gcc 12
   -O2: scalar 72 bytes, table 164, ifma 512, avx2 2920, sse2 2200) with a
   margin; the ABI harness fails a build that leaves a secret in them.
   Speed: README ("Results on this machine"); the shared machine's load
   moves the same runs by up to 2x from minute to minute. */
#include <stddef.h>
#include <cpuid.h>
#include "amd64.h"

struct path {
  const char *name;
  unsigned int needs;              /* CPU and OS features, below */
  hashfn *scalar, *vector;         /* vector (or NULL) from vector_from bytes on */
  size_t vector_from;
  unsigned int scalar_stack, vector_stack;   /* bytes of stack each uses, to wipe */
};

enum {
  SSSE3 = 1 << 0, AESNI = 1 << 1, OSYMM = 1 << 2, AVX2 = 1 << 3, BMI2 = 1 << 4, OSZMM = 1 << 5,
  AVX512F = 1 << 6, AVX512VL = 1 << 7, AVX512BW = 1 << 8, AVX512IFMA = 1 << 9, AVX512VBMI2 = 1 << 10
};

static const struct path paths[] = {
  { "ifma", SSSE3 | AESNI | OSYMM | AVX2 | BMI2 | OSZMM | AVX512F | AVX512VL | AVX512BW | AVX512IFMA | AVX512VBMI2,
    scalar_mulx, vector_ifma, 384, 128, 640 },
  { "avx2", SSSE3 | AESNI | OSYMM | AVX2 | BMI2, scalar_mulx, vector_avx2, 896, 128, 3008 },
  { "sse2", SSSE3 | AESNI, scalar_mul, vector_sse2, 1536, 128, 2304 },
  { "generic", 0, scalar_table, vector_sse2_table, 2048, 256, 2304 },
};

static unsigned int cpu_features(void)
{
  unsigned int a, b, c, d, max, have = 0, xcr0 = 0;
  if (!__get_cpuid(0, &max, &b, &c, &d)) return 0;
  __cpuid(1, a, b, c, d);
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

/* one call on the path in use, then the wipe of the stack it used */
INLINE void run(unsigned char out[16], const unsigned char r[16], const unsigned char *k, const unsigned char *ns,
                const unsigned char *m, size_t l)
{
  const struct path *p = current();
  if (p->vector && l >= p->vector_from) {
    p->vector(out, r, k, ns, m, l);
    wipe_below(p->vector_stack);
  } else {
    p->scalar(out, r, k, ns, m, l);
    wipe_below(p->scalar_stack);
  }
}

void poly1305aes_authenticate(unsigned char out[16], const unsigned char kr[32], const unsigned char n[16],
                              const unsigned char m[], unsigned int l)
{
  run(out, kr + 16, kr, n, m, l);
}

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
