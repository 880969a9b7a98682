/* SPDX-License-Identifier: CC0-1.0 */
/* The caller's floating-point control state on this CPU (x87 control word and
   MXCSR; PowerPC FPSCR; SPARC %fsr; AArch64 FPCR; s390x FPC;
   RISC-V frm; 32-bit ARM FPSCR; elsewhere C99's rounding mode), and non-default
   modes to call under: targets/<target>/fpmode.c. Each mode changes rounding, and
   on x87 precision too; every exception stays masked (a trap on inexact would stop
   any FP code). */
#ifndef fpmode_H
#define fpmode_H

int fpmode_count(void);                /* mode 0 is the default */
const char *fpmode_name(int mode);
void fpmode_set(int mode);
unsigned long long fpmode_read(void);  /* control bits only, status flags masked */

/* fpmode_count and fpmode_name over a target's table modes[] (each entry's first member
   its name), after the table in its fpmode.c */
#define FPMODE_NAMES(modes) \
  int fpmode_count(void) { return (int) (sizeof modes / sizeof modes[0]); } \
  const char *fpmode_name(int mode) { return modes[mode].name; }

#endif
