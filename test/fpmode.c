/* SPDX-License-Identifier: CC0-1.0 */
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

#elif defined(__sparc__) || defined(__aarch64__)
/* one control register with a 2-bit rounding field */
#if defined(__sparc__)
#define CONTROL_GET(x) __asm__ __volatile__("stx %%fsr, %0" : "=m"(x) : : "memory")
#define CONTROL_PUT(x) __asm__ __volatile__("ldx %0, %%fsr" : : "m"(x) : "memory")
#define ROUNDING_SHIFT 30          /* %fsr RD: nearest, toward zero, up, down */
#define CONTROL_BITS 0xcfc00000ull /* RD, TEM, NS */
static const struct { const char *name; unsigned long long rounding; } modes[] = {
  { "default", 0 }, { "toward zero", 1 }, { "up", 2 }, { "down", 3 },
};
#else
#define CONTROL_GET(x) __asm__ __volatile__("mrs %0, fpcr" : "=r"(x) : : "memory")
#define CONTROL_PUT(x) __asm__ __volatile__("msr fpcr, %0" : : "r"(x) : "memory")
#define ROUNDING_SHIFT 22          /* FPCR RMode: nearest, up, down, toward zero */
#define CONTROL_BITS 0x07c89f00ull /* AHP DN FZ RMode FZ16, the trap enables */
static const struct { const char *name; unsigned long long rounding; } modes[] = {
  { "default", 0 }, { "up", 1 }, { "down", 2 }, { "toward zero", 3 },
};
#endif
void fpmode_set(int mode)
{
  unsigned long long control;
  CONTROL_GET(control);
  control = (control & ~(3ull << ROUNDING_SHIFT)) | modes[mode].rounding << ROUNDING_SHIFT;
  CONTROL_PUT(control);
}
unsigned long long fpmode_read(void)
{
  unsigned long long control;
  CONTROL_GET(control);
  return control & CONTROL_BITS;
}

#elif defined(__riscv) && defined(__riscv_flen)
/* RISC-V F/D: the rounding field frm (fcsr bits 5-7); there are no trap enables */
static const struct { const char *name; unsigned long rm; } modes[] = {
  { "default", 0 }, { "toward zero", 1 }, { "down", 2 }, { "up", 3 },
};
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

#elif defined(__arm__) && defined(__ARM_FP)
/* 32-bit ARM VFP: FPSCR RMode (bits 22-23: nearest, up, down, toward zero), FZ, DN, AHP
   and the trap enables are its control bits */
static const struct { const char *name; unsigned int rounding; } modes[] = {
  { "default", 0 }, { "up", 1 }, { "down", 2 }, { "toward zero", 3 },
};
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

#else
/* any other CPU (the native target): C99's rounding modes, those this one has */
#include <fenv.h>
static const struct { const char *name; int rounding; } modes[] = {
  { "default", FE_TONEAREST },
#ifdef FE_UPWARD
  { "up", FE_UPWARD },
#endif
#ifdef FE_DOWNWARD
  { "down", FE_DOWNWARD },
#endif
#ifdef FE_TOWARDZERO
  { "toward zero", FE_TOWARDZERO },
#endif
};
void fpmode_set(int mode)
{
  fesetround(modes[mode].rounding);
}
unsigned long long fpmode_read(void)
{
  return (unsigned long long) fegetround();
}
#endif

int fpmode_count(void) { return (int) (sizeof modes / sizeof modes[0]); }
const char *fpmode_name(int mode) { return modes[mode].name; }
