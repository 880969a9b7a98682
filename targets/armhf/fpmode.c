/* SPDX-License-Identifier: CC0-1.0 */
/* 32-bit ARM VFP: FPSCR RMode (bits 22-23: nearest, up, down, toward zero), FZ, DN, AHP
   and the trap enables are its control bits. */
#include "fpmode.h"

static const struct { const char *name; unsigned int rounding; } modes[] = {
  { "default", 0 }, { "up", 1 }, { "down", 2 }, { "toward zero", 3 },
};
FPMODE_NAMES(modes)
void fpmode_set(int mode)
{
  unsigned int fpscr;
  __asm__ __volatile__("vmrs %0, fpscr" : "=r"(fpscr) : : "memory");
  fpscr = (fpscr & ~(3u << 22)) | modes[mode].rounding << 22;
  __asm__ __volatile__("vmsr fpscr, %0" : : "r"(fpscr) : "memory");
}
unsigned long long fpmode_read(void)
{
  unsigned int fpscr;
  __asm__ __volatile__("vmrs %0, fpscr" : "=r"(fpscr) : : "memory");
  return fpscr & 0x07c09f00u;   /* AHP DN FZ RMode, the trap enables */
}
