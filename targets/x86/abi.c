/* SPDX-License-Identifier: CC0-1.0 */
/* x86: the registers its ABI preserves, for test/abi.c (included there); the rest
   is the x86 ABIs' alike (targets/shared/x86_abi.c). */
/* i386 psABI (cdecl): ebx esi edi ebp esp preserved, the caller pops the
   arguments; x87 CW and MXCSR control bits preserved; DF clear and the x87
   stack empty at return from a function returning void or int; no xmm
   register is preserved. */
#define GPRS 5                 /* slots 0-4: the preserved registers */
#define FRAME_NAME "entry esp+%u"
#define FRAME_BASE 24
#define FRAME_STRIDE 4
#define FRAME_WHAT "write above the arguments"
#define GPR_CHECKS \
  { "ebx", INT, 0, ALL, 0 }, { "esi", INT, 1, ALL, 0 }, { "edi", INT, 2, ALL, 0 }, \
  { "ebp", INT, 3, ALL, 0 }, { "esp", INT, 4, ALL, 0 },
#define GPR_FAKES \
  { "ebx", abi_fake_ebx, INT, 0, 0 }, { "esi", abi_fake_esi, INT, 1, 0 }, \
  { "edi", abi_fake_edi, INT, 2, 0 }, { "ebp", abi_fake_ebp, INT, 3, 0 }, \
  { "esp (callee pops an argument: ret $4)", abi_fake_esp, INT, 4, 0 },
FAKE(ebx) FAKE(esi) FAKE(edi) FAKE(ebp) FAKE(esp)
#include "../shared/x86_abi.c"
