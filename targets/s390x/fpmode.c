/* SPDX-License-Identifier: CC0-1.0 */
/* s390x: the FPC, IEEE masks (bits 0-4, all clear: no traps), BFP rounding in the low 3 bits. */
#include "fpmode.h"

static const struct { const char *name; unsigned int rounding; } modes[] = {
  { "default", 0 }, { "toward zero", 1 }, { "up", 2 }, { "down", 3 },
};
FPMODE_NAMES(modes)
void fpmode_set(int mode)
{
  unsigned int fpc;
  __asm__ __volatile__("efpc %0" : "=d"(fpc) : : "memory");
  fpc = (fpc & ~7u) | modes[mode].rounding;
  __asm__ __volatile__("sfpc %0" : : "d"(fpc) : "memory");
}
unsigned long long fpmode_read(void)
{
  unsigned int fpc;
  __asm__ __volatile__("efpc %0" : "=d"(fpc) : : "memory");
  return fpc & 0xf8000077u;   /* masks, DFP and BFP rounding */
}
