/* See fpmode.h. Each mode changes rounding, and on x87 precision too; every
   exception stays masked (a trap on inexact would stop any FP code). */
#include <string.h>
#include "fpmode.h"

#if defined(__i386__) || defined(__x86_64__)
#if defined(__x86_64__) || defined(__SSE__)
#define HAVE_MXCSR 1
#endif
static const struct { const char *name; unsigned short x87; unsigned int mxcsr; } modes[] = {
  { "default", 0x037f, 0x1f80 },
  { "x87 24-bit down, sse up", 0x047f, 0x5f80 },
  { "x87 53-bit toward zero, sse toward zero ftz daz", 0x0e7f, 0xffc0 },
  { "x87 64-bit up, sse down", 0x0b7f, 0x3f80 },
};
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

#elif defined(__powerpc__)
static const struct { const char *name; unsigned int rn; } modes[] = {
  { "default", 0 }, { "toward zero", 1 }, { "up", 2 }, { "down", 3 },
};
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

#elif defined(__sparc__)
static const struct { const char *name; unsigned long long rd; } modes[] = {
  { "default", 0 }, { "toward zero", 1 }, { "up", 2 }, { "down", 3 },
};
void fpmode_set(int mode)
{
  unsigned long long fsr;
  __asm__ __volatile__("stx %%fsr, %0" : "=m"(fsr) : : "memory");
  fsr = (fsr & ~0xc0000000ull) | modes[mode].rd << 30;
  __asm__ __volatile__("ldx %0, %%fsr" : : "m"(fsr) : "memory");
}
unsigned long long fpmode_read(void)
{
  unsigned long long fsr;
  __asm__ __volatile__("stx %%fsr, %0" : "=m"(fsr) : : "memory");
  return fsr & 0xcfc00000ull;   /* RD, TEM, NS */
}

#elif defined(__aarch64__)
/* FPCR RMode (bits 23:22): nearest, toward +inf, toward -inf, toward zero */
static const struct { const char *name; unsigned long long rmode; } modes[] = {
  { "default", 0 }, { "up", 1 }, { "down", 2 }, { "toward zero", 3 },
};
void fpmode_set(int mode)
{
  unsigned long long fpcr;
  __asm__ __volatile__("mrs %0, fpcr" : "=r"(fpcr) : : "memory");
  fpcr = (fpcr & ~0x00c00000ull) | modes[mode].rmode << 22;
  __asm__ __volatile__("msr fpcr, %0" : : "r"(fpcr) : "memory");
}
unsigned long long fpmode_read(void)
{
  unsigned long long fpcr;
  __asm__ __volatile__("mrs %0, fpcr" : "=r"(fpcr) : : "memory");
  return fpcr & 0x07c89f00ull;   /* AHP DN FZ RMode FZ16, the trap enables */
}

#else
#error "test/fpmode.c: add this CPU's floating-point control state"
#endif

int fpmode_count(void) { return (int) (sizeof modes / sizeof modes[0]); }
const char *fpmode_name(int mode) { return modes[mode].name; }
