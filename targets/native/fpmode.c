/* SPDX-License-Identifier: CC0-1.0 */
/* native: the FP-mode code of the target whose CPU the machine's own compiler
   builds for, where this tree has one; on any other CPU C99's rounding modes,
   those it has. */
#if defined(__i386__) || defined(__x86_64__)
#include "../shared/x86_fpmode.c"
#elif defined(__powerpc__)
#include "../shared/powerpc_fpmode.c"
#elif defined(__s390x__)
#include "../s390x/fpmode.c"
#elif defined(__sparc__)
#include "../sparc64/fpmode.c"
#elif defined(__aarch64__)
#include "../arm64/fpmode.c"
#elif defined(__riscv) && defined(__riscv_flen)
#include "../riscv64/fpmode.c"
#elif defined(__arm__) && defined(__ARM_FP)
#include "../armhf/fpmode.c"
#else
#include <fenv.h>
#include "fpmode.h"

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
FPMODE_NAMES(modes)
void fpmode_set(int mode)
{
  fesetround(modes[mode].rounding);
}
unsigned long long fpmode_read(void)
{
  return (unsigned long long) fegetround();
}
#endif
