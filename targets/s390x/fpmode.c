/* SPDX-License-Identifier: CC0-1.0 */
/* s390x: the FPC, IEEE masks (bits 0-4, all clear: no traps), BFP rounding in the low 3 bits. */
#define CONTROL_TYPE unsigned int
#define CONTROL_GET(x) __asm__ __volatile__("efpc %0" : "=d"(x) : : "memory")
#define CONTROL_PUT(x) __asm__ __volatile__("sfpc %0" : : "d"(x) : "memory")
#define ROUNDING_SHIFT 0           /* BFP rounding: nearest, toward zero, up, down */
#define ROUNDING_FIELD 7
#define CONTROL_BITS 0xf8000077u   /* masks, DFP and BFP rounding */
#define MODES { "default", 0 }, { "toward zero", 1 }, { "up", 2 }, { "down", 3 }
#include "../shared/control_fpmode.c"
