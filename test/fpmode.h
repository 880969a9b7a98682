/* SPDX-License-Identifier: CC0-1.0 */
/* The caller's floating-point control state on this CPU (x87 control word and
   MXCSR; PowerPC FPSCR; SPARC %fsr; AArch64 FPCR;
   RISC-V frm; 32-bit ARM FPSCR; elsewhere C99's rounding mode), and non-default modes to call under. */
#ifndef fpmode_H
#define fpmode_H

int fpmode_count(void);                /* mode 0 is the default */
const char *fpmode_name(int mode);
void fpmode_set(int mode);
unsigned long long fpmode_read(void);  /* control bits only, status flags masked */

#endif
