/* poly1305aes_amd64: run-time choice of the code path. Assumes x86-64 with
   cpuid; XCR0 (xgetbv) is read only when CPUID says the OS saves AVX state.

   The choice is cached write-once, process-wide: the first call reads cpuid,
   xgetbv and POLY1305AES_AMD64_PATH, picks a path and stores a pointer to its
   constant descriptor with an atomic release store; every call loads it with
   an acquire load (a plain mov on x86) and calls through it. Threads racing on
   the first call compute and store the same pointer, so the race is benign
   and the cache never changes afterwards. No ifunc (its resolver runs during
   relocation, before the sanitizers' run time and where getenv is not safe)
   and no constructor (another constructor could call us first).

   Paths, best first; the first whose needs the CPU and the OS meet is used:
     ifma     AES-NI; scalar radix 2^64 (MULX) below IFMA_MIN = 384 bytes, else
              AVX-512 IFMA radix 2^44, 16 blocks a step
              (needs AVX-512 F, VL, BW, IFMA, VBMI2, BMI2 and OS zmm state)
     avx2     AES-NI; scalar radix 2^64 (MULX) below AVX2_MIN = 704 bytes, else
              AVX2 radix 2^26, 8 blocks a step (needs AVX2, BMI2, OS ymm state)
     x64      AES-NI; scalar radix 2^64 with MUL (needs AES-NI, SSSE3)
     generic  AES from a table (NOT constant time), scalar radix 2^64 with MUL
   POLY1305AES_AMD64_PATH=name forces a path; a name the CPU cannot run (or no
   path of that name) is ignored and the automatic choice stands;
   poly1305aes_amd64_path() names the path in use (under valgrind, which has no
   AVX-512, ifma gives avx2).

   Median rdtsc ticks per authenticate (speed probe, best of 4 runs, Xeon
   Sapphire Rapids under KVM, gcc 12; a tick is 1.3 to 1.5 core cycles here):
     bytes      0     16     64    256   1024   8192  65536
     ifma      49     61     86    258    388   1460   8448
     avx2      49     60     86    256    700   3694  26000
     x64       49     60     85    254    884   6800  53676
     generic  225    225    258    430   1062   6972  53904
   The machine is shared: the same runs vary by up to 2x from minute to minute. */
#include <stdlib.h>
#include <cpuid.h>
#include "amd64.h"

struct path {
  const char *name;
  authfn *auth;
  polyfn *poly;
  unsigned int needs;
};

enum {
  SSSE3 = 1 << 0, AESNI = 1 << 1, OSYMM = 1 << 2, AVX2 = 1 << 3, BMI2 = 1 << 4, OSZMM = 1 << 5,
  AVX512F = 1 << 6, AVX512VL = 1 << 7, AVX512BW = 1 << 8, AVX512IFMA = 1 << 9, AVX512VBMI2 = 1 << 10
};

static const struct path paths[] = {
  { "ifma", SYMBOL(auth_ifma), SYMBOL(poly_ifma),
    SSSE3 | AESNI | OSYMM | AVX2 | BMI2 | OSZMM | AVX512F | AVX512VL | AVX512BW | AVX512IFMA | AVX512VBMI2 },
  { "avx2", SYMBOL(auth_avx2), SYMBOL(poly_avx2), SSSE3 | AESNI | OSYMM | AVX2 | BMI2 },
  { "x64", SYMBOL(auth_x64), SYMBOL(poly_x64), SSSE3 | AESNI },
  { "generic", SYMBOL(auth_generic), SYMBOL(poly_generic), 0 },
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

static const struct path *choose(void)
{
  unsigned int have = cpu_features(), i, count = sizeof paths / sizeof paths[0];
  const char *force = getenv("POLY1305AES_AMD64_PATH");
  if (force)
    for (i = 0; i < count; ++i)
      if (!strcmp(force, paths[i].name) && (paths[i].needs & have) == paths[i].needs) return &paths[i];
  for (i = 0; i < count; ++i)
    if ((paths[i].needs & have) == paths[i].needs) return &paths[i];
  return &paths[count - 1];
}

static const struct path *chosen;   /* write-once cache, see above */

static const struct path *current(void)
{
  const struct path *p = __atomic_load_n(&chosen, __ATOMIC_ACQUIRE);
  if (__builtin_expect(p == NULL, 0)) {
    p = choose();
    __atomic_store_n(&chosen, p, __ATOMIC_RELEASE);
  }
  return p;
}

void SYMBOL(authenticate)(unsigned char out[16], const unsigned char kr[32], const unsigned char n[16],
                          const unsigned char m[], unsigned int l)
{
  current()->auth(out, kr, n, m, l);
}

void SYMBOL(poly1305)(unsigned char out[16], const unsigned char rs[32], const unsigned char m[], unsigned int l)
{
  current()->poly(out, rs, m, l);
}

const char *SYMBOL(path)(void)
{
  return current()->name;
}
