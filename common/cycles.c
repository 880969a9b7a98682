/* SPDX-License-Identifier: CC0-1.0 */
/* x86: rdtsc (constant-rate ticks, not core cycles, on current CPUs);
   PowerPC: the time base; SPARC V9: %tick; s390x: the TOD clock; elsewhere:
   CLOCK_MONOTONIC ns. */
#include "cycles.h"

#if defined(__x86_64__) || defined(__i386__)
unsigned long long cycles_now(void)
{
  unsigned int low, high;
  __asm__ __volatile__("lfence\n\trdtsc" : "=a"(low), "=d"(high) : : "memory");
  return (unsigned long long) high << 32 | low;
}
const char *cycles_name(void) { return "rdtsc ticks"; }

#elif defined(__powerpc__) && !defined(__powerpc64__)
unsigned long long cycles_now(void)
{
  unsigned int high, low, again;
  do {
    __asm__ __volatile__("mftbu %0\n\tmftb %1\n\tmftbu %2" : "=r"(high), "=r"(low), "=r"(again) : : "memory");
  } while (high != again);
  return (unsigned long long) high << 32 | low;
}
const char *cycles_name(void) { return "PowerPC time base ticks"; }

#elif defined(__powerpc64__)
unsigned long long cycles_now(void)
{
  unsigned long long tb;
  __asm__ __volatile__("mfspr %0, 268" : "=r"(tb) : : "memory");   /* the 64-bit time base */
  return tb;
}
const char *cycles_name(void) { return "POWER time base ticks"; }

#elif defined(__s390x__)
unsigned long long cycles_now(void)
{
  unsigned long long tod;
  __asm__ __volatile__("stckf %0" : "=Q"(tod) : : "memory", "cc");   /* TOD clock: bit 51 is 1 us */
  return tod;
}
const char *cycles_name(void) { return "z/Architecture TOD clock units (1/4096 us)"; }

#elif defined(__sparc__) && defined(__arch64__)
unsigned long long cycles_now(void)
{
  unsigned long long tick;
  __asm__ __volatile__("rd %%tick, %0" : "=r"(tick) : : "memory");
  return tick;
}
const char *cycles_name(void) { return "SPARC %tick cycles"; }

#else
#include <time.h>
unsigned long long cycles_now(void)
{
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (unsigned long long) t.tv_sec * 1000000000ull + (unsigned long long) t.tv_nsec;
}
const char *cycles_name(void) { return "CLOCK_MONOTONIC nanoseconds"; }
#endif
