/* SPDX-License-Identifier: CC0-1.0 */
/* RISC-V F/D: the rounding field frm (fcsr bits 5-7); there are no trap enables. */
#include "fpmode.h"

static const struct { const char *name; unsigned long rm; } modes[] = {
  { "default", 0 }, { "toward zero", 1 }, { "down", 2 }, { "up", 3 },
};
FPMODE_NAMES(modes)
void fpmode_set(int mode)
{
  __asm__ __volatile__("fsrm %0" : : "r"(modes[mode].rm) : "memory");
}
unsigned long long fpmode_read(void)
{
  unsigned long rm;
  __asm__ __volatile__("frrm %0" : "=r"(rm) : : "memory");
  return rm;
}
