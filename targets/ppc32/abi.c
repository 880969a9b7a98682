/* SPDX-License-Identifier: CC0-1.0 */
/* ppc32: what its ABI promises, for test/abi.c (included there; targets/ppc32/abi.S
   loads and stores the slots named here); the PowerPC part in targets/shared/powerpc_abi.c. */

/* 32-bit PowerPC SysV ELF ABI: r1 preserved, r2 (system, the thread pointer
   on Linux) and r13 (small data anchor) never changed, r14-r31, f14-f31 and
   CR2-CR4 preserved; with AltiVec v20-v31 and VRSAVE preserved; the FPSCR
   control bits (VE OE UE ZE XE NI RN) restored (this project's rule; the
   newer Power ABIs call them limited-access); the callee may write only 4(r1)
   (the LR word) of its caller's frame. */
#define FRAME_SLOT 25
#define FRAME_NAME "%u(r1)"
#define FRAME_BASE 8
#define FRAME_STRIDE 4
#define VEC_NEED ABI_HAS_ALTIVEC
#define R2_NAME "r2"
#define R13_NAME "r13"
#include "../shared/powerpc_abi.c"
static const struct check checks[] = {
  POWERPC_CHECKS
  POWERPC_CHECKS_FP_VEC
};
static unsigned long enabled_flags(const struct abi_block *b, int slot)
{
  return fpscr_enabled_flags(b->want[slot]);
}
FAKE(aixlr)
static const struct fake fakes[] = {
  POWERPC_FAKES
  { "FPSCR left at round-to-nearest (mtfsfi 7,0)", abi_fake_fpscr, INT, 22, 0 },
  { "VRSAVE", abi_fake_vrsave, INT, 23, ABI_HAS_ALTIVEC },
  { "back chain overwritten", abi_fake_backchain, INT, 24, 0 },
  { "AIX linkage: LR saved at 8(r1)", abi_fake_aixlr, INT, FRAME_SLOT, 0 },
  { "k left below the stack pointer", abi_fake_leak, STACK, 0, 0 },
};

static void set_mode(struct abi_block *b, int mode)
{
  b->want[22] = fpscr_modes[mode];
#define MODE_SLOTS { 22 }
}
