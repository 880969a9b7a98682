/* SPDX-License-Identifier: CC0-1.0 */
/* 32-bit ARM VFP: the FPSCR, its rounding field RMode (bits 22-23). */
#define CONTROL_TYPE unsigned int
#define CONTROL_GET(x) __asm__ __volatile__("vmrs %0, fpscr" : "=r"(x) : : "memory")
#define CONTROL_PUT(x) __asm__ __volatile__("vmsr fpscr, %0" : : "r"(x) : "memory")
#define ROUNDING_SHIFT 22          /* RMode: nearest, up, down, toward zero */
#define ROUNDING_FIELD 3
#define CONTROL_BITS 0x07c09f00u   /* AHP DN FZ RMode, the trap enables */
#define MODES { "default", 0 }, { "up", 1 }, { "down", 2 }, { "toward zero", 3 }
#include "../shared/control_fpmode.c"
