/* SPDX-License-Identifier: CC0-1.0 */
/* A CPU with one floating-point control register holding the rounding field
   (sparc64, arm64, armhf and s390x name this file): the includer defines
   CONTROL_GET(x) and CONTROL_PUT(x) (read and write the register as x, of
   CONTROL_TYPE: unsigned long long unless it says otherwise), ROUNDING_SHIFT
   and ROUNDING_FIELD (where the field is, its mask unshifted), CONTROL_BITS (the control bits fpmode_read keeps) and
   MODES (the table's entries, in the field's values). */
#include "fpmode.h"

#ifndef CONTROL_TYPE
#define CONTROL_TYPE unsigned long long
#endif

static const struct { const char *name; unsigned long long rounding; } modes[] = { MODES };
FPMODE_NAMES(modes)
void fpmode_set(int mode)
{
  CONTROL_TYPE control;
  CONTROL_GET(control);
  control = (CONTROL_TYPE) ((control & ~((CONTROL_TYPE) ROUNDING_FIELD << ROUNDING_SHIFT))
                            | modes[mode].rounding << ROUNDING_SHIFT);
  CONTROL_PUT(control);
}
unsigned long long fpmode_read(void)
{
  CONTROL_TYPE control;
  CONTROL_GET(control);
  return control & CONTROL_BITS;
}
