/* SPDX-License-Identifier: CC0-1.0 */
/* SPARC V9: the %tick register, which Linux lets a program read. */
#include "cycles.h"

unsigned long long cycles_now(void)
{
  unsigned long long tick;
  __asm__ __volatile__("rd %%tick, %0" : "=r"(tick) : : "memory");
  return tick;
}
const char *cycles_name(void) { return "SPARC %tick cycles"; }
