/* SPDX-License-Identifier: CC0-1.0 */
/* The vector state a caller leaves before each call, for the speed programs
   (speed/probe.c, speed/bench.c). Assumes GCC or clang. On x86 with AVX:
   CALLER_CLEAN runs vzeroupper; CALLER_YMM runs one 256-bit instruction and
   CALLER_ZMM (AVX-512) one 512-bit instruction, and no vzeroupper after it,
   as compiled code and some libraries' AVX-512 code leave the upper halves
   of ymm/zmm0-15 between their own calls (Intel cores then run legacy-SSE
   code slowly; AMD's do not). Elsewhere, and on x86 without AVX, every
   caller is clean and only CALLER_CLEAN runs here. */
#ifndef caller_H
#define caller_H

/* CALLER_ZMM_CLEANED (not among the CALLERS the speed probe times): the same 512-bit
   instruction, then vzeroupper: a clean caller that ran 512-bit code, the reference that
   tells the dirty state's cost from the cost of having just run a 512-bit instruction */
enum caller { CALLER_CLEAN, CALLER_YMM, CALLER_ZMM, CALLERS, CALLER_ZMM_CLEANED = CALLERS };

static inline const char *caller_name(enum caller c)
{
  return c == CALLER_ZMM ? "zmm" : c == CALLER_YMM ? "ymm" : c == CALLER_ZMM_CLEANED ? "zmm-cleaned" : "clean";
}

#if defined(__x86_64__) || defined(__i386__)
#include <cpuid.h>

/* this CPU and OS let a caller leave c: AVX (ymm state) for CALLER_YMM,
   AVX-512F (opmask and zmm state) for CALLER_ZMM */
static inline int caller_runs(enum caller c)
{
  unsigned int a, b, cx, d, xcr0, xd;
  if (c == CALLER_CLEAN) return 1;
  if (!__get_cpuid(1, &a, &b, &cx, &d) || !(cx & (1u << 27)) || !(cx & (1u << 28))) return 0;
  __asm__ __volatile__("xgetbv" : "=a"(xcr0), "=d"(xd) : "c"(0));
  if (c == CALLER_YMM) return (xcr0 & 6) == 6;
  return (xcr0 & 0xe6) == 0xe6 && __get_cpuid_count(7, 0, &a, &b, &cx, &d) && (b & (1u << 16));
}

#if defined(__SSE__)
#define CALLER_XMM7 "xmm7"
#else
#define CALLER_XMM7   /* 32-bit code without SSE: the compiler keeps nothing in xmm7 */
#endif

/* leave the state c (avx: the CPU has AVX; c runs here) */
static inline __attribute__((always_inline)) void caller_leave(enum caller c, int avx)
{
  if (c == CALLER_ZMM) __asm__ __volatile__("vpternlogd $0xff, %%zmm7, %%zmm7, %%zmm7" ::: CALLER_XMM7);
  else if (c == CALLER_ZMM_CLEANED)
    __asm__ __volatile__("vpternlogd $0xff, %%zmm7, %%zmm7, %%zmm7\n\tvzeroupper" ::: CALLER_XMM7);
  else if (c == CALLER_YMM) __asm__ __volatile__("vpcmpeqd %%ymm7, %%ymm7, %%ymm7" ::: CALLER_XMM7);
  else if (avx) __asm__ __volatile__("vzeroupper" ::: "memory");
}
#else
static inline int caller_runs(enum caller c) { return c == CALLER_CLEAN; }
static inline void caller_leave(enum caller c, int avx) { (void) c; (void) avx; }
#endif

#endif
