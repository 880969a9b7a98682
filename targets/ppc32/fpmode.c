/* SPDX-License-Identifier: CC0-1.0 */
/* ppc32: the FPSCR, as on the other PowerPC target. */
#include "../shared/powerpc_fpmode.c"
