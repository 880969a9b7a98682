/* SPDX-License-Identifier: CC0-1.0 */
/* x86 (amd64 and x86 name this file): the x87 control word, and MXCSR where
   the code is built for SSE; every exception masked in every mode. */
#include "fpmode.h"

#if defined(__x86_64__) || defined(__SSE__)
#define HAVE_MXCSR 1
#endif
static const struct { const char *name; unsigned short x87; unsigned int mxcsr; } modes[] = {
  { "default", 0x037f, 0x1f80 },
  { "x87 24-bit down, sse up", 0x047f, 0x5f80 },
  { "x87 53-bit toward zero, sse toward zero ftz daz", 0x0e7f, 0xffc0 },
  { "x87 64-bit up, sse down", 0x0b7f, 0x3f80 },
};
FPMODE_NAMES(modes)
void fpmode_set(int mode)
{
  unsigned short cw = modes[mode].x87;
  __asm__ __volatile__("fldcw %0" : : "m"(cw) : "memory");
#ifdef HAVE_MXCSR
  {
    unsigned int csr = modes[mode].mxcsr;
    __asm__ __volatile__("ldmxcsr %0" : : "m"(csr) : "memory");
  }
#endif
}
unsigned long long fpmode_read(void)
{
  unsigned short cw;
  unsigned long long state;
  __asm__ __volatile__("fnstcw %0" : "=m"(cw) : : "memory");
  state = cw;
#ifdef HAVE_MXCSR
  {
    unsigned int csr;
    __asm__ __volatile__("stmxcsr %0" : "=m"(csr) : : "memory");
    state |= (unsigned long long) (csr & 0xffc0) << 16;
  }
#endif
  return state;
}
