/* SPDX-License-Identifier: CC0-1.0 */
/* poly1305aes_ppc64le vector code for POWER10 (path "p10"): vector.c built
   with ISA 3.1's vsrq for the 128-bit shifts (vector_p10). */
#define R44_ISA 31
#include "vector.c"
