/* SPDX-License-Identifier: CC0-1.0 */
/* 64-bit POWER: the time base in one read. */
#include "cycles.h"

unsigned long long cycles_now(void)
{
  unsigned long long tb;
  __asm__ __volatile__("mfspr %0, 268" : "=r"(tb) : : "memory");   /* the 64-bit time base */
  return tb;
}
const char *cycles_name(void) { return "POWER time base ticks"; }
