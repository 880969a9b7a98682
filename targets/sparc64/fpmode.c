/* SPDX-License-Identifier: CC0-1.0 */
/* SPARC V9: %fsr, its rounding field RD (bits 30-31). */
#define CONTROL_GET(x) __asm__ __volatile__("stx %%fsr, %0" : "=m"(x) : : "memory")
#define CONTROL_PUT(x) __asm__ __volatile__("ldx %0, %%fsr" : : "m"(x) : "memory")
#define ROUNDING_SHIFT 30          /* %fsr RD: nearest, toward zero, up, down */
#define ROUNDING_FIELD 3
#define CONTROL_BITS 0xcfc00000ull /* RD, TEM, NS */
#define MODES { "default", 0 }, { "toward zero", 1 }, { "up", 2 }, { "down", 3 }
#include "../shared/control_fpmode.c"
