/* SPDX-License-Identifier: CC0-1.0 */
/* x86: the x87 control word and MXCSR, as on the other x86 target. */
#include "../shared/x86_fpmode.c"
