/* SPDX-License-Identifier: CC0-1.0 */
/* A CPU with one floating-point control register holding a 2-bit rounding
   field (sparc64 and arm64 name this file): the includer defines
   CONTROL_GET(x) and CONTROL_PUT(x) (read and write the register as an
   unsigned long long), ROUNDING_SHIFT, CONTROL_BITS (the control bits
   fpmode_read keeps) and MODES (the table's entries in its field's order). */
#include "fpmode.h"

static const struct { const char *name; unsigned long long rounding; } modes[] = { MODES };
FPMODE_NAMES(modes)
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
