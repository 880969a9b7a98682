/* SPDX-License-Identifier: CC0-1.0 */
/* x86 (amd64 and x86 name this file): rdtsc, constant-rate ticks, not core
   cycles, on current CPUs; lfence keeps earlier instructions from passing it. */
#include "cycles.h"

unsigned long long cycles_now(void)
{
  unsigned int low, high;
  __asm__ __volatile__("lfence\n\trdtsc" : "=a"(low), "=d"(high) : : "memory");
  return (unsigned long long) high << 32 | low;
}
const char *cycles_name(void) { return "rdtsc ticks"; }
