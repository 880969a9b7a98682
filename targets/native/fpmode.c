/* SPDX-License-Identifier: CC0-1.0 */
/* native, on a CPU no other target describes (the build takes the fpmode.c of
   the target for the CPU the compiler builds for where one exists:
   targets/native/target's 'harness same-cpu'): C99's rounding modes, those the
   CPU has. */
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
