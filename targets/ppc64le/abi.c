/* SPDX-License-Identifier: CC0-1.0 */
/* ppc64le: what its ABI promises, for test/abi.c (included there; targets/ppc64le/abi.S
   loads and stores the slots named here); the PowerPC part in targets/shared/powerpc_abi.c. */

/* 64-bit little-endian POWER, ELFv2 ABI (Linux): r1 preserved, r2 (the TOC:
   one per program in these static links) and r13 (the thread pointer) never
   changed, r14-r31, f14-f31 (doubleword 0 of vs14-vs31), v20-v31, VRSAVE
   and CR2-CR4 preserved; the FPSCR control bits (VE OE UE ZE XE NI RN) and
   VSCR's NJ restored (this project's rule; ELFv2 calls them limited-access),
   the FPSCR and VSCR status flags under the rule above; the callee may
   write only the CR and LR words 8(r1) and 16(r1) of its caller's frame
   (24(r1) is the caller's TOC save word; a call with five register
   arguments has no parameter save area). AltiVec is always there. */
#define FRAME_SLOT 26
#define FRAME_NAME "%u(r1)"
#define FRAME_BASE 24
#define FRAME_STRIDE 8
#define VSCR_SLOT 25
#define VEC_NEED 0
#define R2_NAME "r2 (TOC)"
#define R13_NAME "r13 (thread pointer)"
#include "../shared/powerpc_abi.c"
static const struct check checks[] = {
  POWERPC_CHECKS
  { "VSCR NJ (non-Java mode)", INT, VSCR_SLOT, 0x00010000UL, 0 },
  { "VSCR SAT (saturation flag)", FLAGS, VSCR_SLOT, 0x1, 0 },
  POWERPC_CHECKS_FP_VEC
};
/* VSCR's SAT has no trap */
static unsigned long enabled_flags(const struct abi_block *b, int slot)
{
  return slot == VSCR_SLOT ? 0 : fpscr_enabled_flags(b->want[slot]);
}
FAKE(fpflags) FAKE(vscr) FAKE(frame)
static const struct fake fakes[] = {
  POWERPC_FAKES
  { "FPSCR left at round-to-nearest, exceptions disabled", abi_fake_fpscr, INT, 22, 0 },
  { "FPSCR flags ZX UX FX cleared", abi_fake_fpflags, INT, 22, 0 },
  { "VRSAVE", abi_fake_vrsave, INT, 23, 0 },
  { "VSCR NJ flipped", abi_fake_vscr, INT, VSCR_SLOT, 0 },
  { "back chain overwritten", abi_fake_backchain, INT, 24, 0 },
  { "the caller's TOC save word 24(r1) written", abi_fake_frame, INT, FRAME_SLOT, 0 },
  { "k left below the stack pointer", abi_fake_leak, STACK, 0, 0 },
};

static void set_mode(struct abi_block *b, int mode)
{
  /* VSCR: NJ with SAT raised; neither; NJ; SAT raised */
  static const unsigned long vscr[NMODES] = { 0x00010001UL, 0, 0x00010000UL, 0x1 };
  b->want[22] = fpscr_modes[mode];
  b->want[VSCR_SLOT] = vscr[mode];
#define MODE_SLOTS { 22, VSCR_SLOT }
}
