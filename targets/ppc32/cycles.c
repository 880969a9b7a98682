/* SPDX-License-Identifier: CC0-1.0 */
/* 32-bit PowerPC: the 64-bit time base read as two 32-bit halves, again
   until the upper half did not change between the reads. */
#include "cycles.h"

unsigned long long cycles_now(void)
{
  unsigned int high, low, again;
  do {
    __asm__ __volatile__("mftbu %0\n\tmftb %1\n\tmftbu %2" : "=r"(high), "=r"(low), "=r"(again) : : "memory");
  } while (high != again);
  return (unsigned long long) high << 32 | low;
}
const char *cycles_name(void) { return "PowerPC time base ticks"; }
