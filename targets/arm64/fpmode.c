/* SPDX-License-Identifier: CC0-1.0 */
/* AArch64: FPCR, its rounding field RMode (bits 22-23). */
#define CONTROL_GET(x) __asm__ __volatile__("mrs %0, fpcr" : "=r"(x) : : "memory")
#define CONTROL_PUT(x) __asm__ __volatile__("msr fpcr, %0" : : "r"(x) : "memory")
#define ROUNDING_SHIFT 22          /* FPCR RMode: nearest, up, down, toward zero */
#define ROUNDING_FIELD 3
#define CONTROL_BITS 0x07c89f00ull /* AHP DN FZ RMode FZ16, the trap enables */
#define MODES { "default", 0 }, { "up", 1 }, { "down", 2 }, { "toward zero", 3 }
#include "../shared/control_fpmode.c"
