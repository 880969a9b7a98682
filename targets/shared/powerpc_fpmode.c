/* SPDX-License-Identifier: CC0-1.0 */
/* PowerPC (ppc32 and ppc64le name this file): the FPSCR's rounding field RN,
   exceptions off and IEEE mode in every mode. */
#include <string.h>
#include "fpmode.h"

static const struct { const char *name; unsigned int rn; } modes[] = {
  { "default", 0 }, { "toward zero", 1 }, { "up", 2 }, { "down", 3 },
};
FPMODE_NAMES(modes)
void fpmode_set(int mode)
{
  /* FPSCR field 7 is XE NI RN: exceptions off, IEEE mode, rounding RN */
  switch (modes[mode].rn) {
  case 0: __asm__ __volatile__("mtfsfi 7, 0" : : : "memory"); break;
  case 1: __asm__ __volatile__("mtfsfi 7, 1" : : : "memory"); break;
  case 2: __asm__ __volatile__("mtfsfi 7, 2" : : : "memory"); break;
  default: __asm__ __volatile__("mtfsfi 7, 3" : : : "memory"); break;
  }
}
unsigned long long fpmode_read(void)
{
  double d;
  unsigned long long bits;
  __asm__ __volatile__("mffs %0" : "=f"(d) : : "memory");
  memcpy(&bits, &d, 8);
  return bits & 0xff;   /* VE OE UE ZE XE NI RN */
}
