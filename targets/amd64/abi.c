/* SPDX-License-Identifier: CC0-1.0 */
/* amd64: the registers its ABI preserves, for test/abi.c (included there); the rest
   is the x86 ABIs' alike (targets/shared/x86_abi.c). */
/* x86-64 psABI: rbx rbp r12-r15 rsp preserved; x87 CW and MXCSR control bits
   preserved, status bits not; DF clear and x87 stack empty at return; every
   xmm/ymm/zmm/k register is caller-saved, so none is checked. */
#define GPRS 7                 /* slots 0-6: the preserved registers */
#define FRAME_NAME "entry rsp+%u"
#define FRAME_BASE 8
#define FRAME_STRIDE 8
#define FRAME_WHAT "write above the return address"
#define GPR_CHECKS \
  { "rbx", INT, 0, ALL, 0 }, { "rbp", INT, 1, ALL, 0 }, { "r12", INT, 2, ALL, 0 }, \
  { "r13", INT, 3, ALL, 0 }, { "r14", INT, 4, ALL, 0 }, { "r15", INT, 5, ALL, 0 }, \
  { "rsp", INT, 6, ALL, 0 },
#define GPR_FAKES \
  { "rbx", abi_fake_rbx, INT, 0, 0 }, { "rbp", abi_fake_rbp, INT, 1, 0 }, \
  { "r12", abi_fake_r12, INT, 2, 0 }, { "r13", abi_fake_r13, INT, 3, 0 }, \
  { "r14", abi_fake_r14, INT, 4, 0 }, { "r15", abi_fake_r15, INT, 5, 0 }, \
  { "rsp (ret $8)", abi_fake_rsp, INT, 6, 0 },
/* the ABI leaves the upper half of a 32-bit argument (the length) undefined: the harness
   fills it with junk */
#define LENGTH_ARG_JUNK 0x5a5a5a5a00000000UL
FAKE(rbx) FAKE(rbp) FAKE(r12) FAKE(r13) FAKE(r14) FAKE(r15) FAKE(rsp)
#include "../shared/x86_abi.c"
