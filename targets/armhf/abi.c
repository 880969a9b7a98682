/* SPDX-License-Identifier: CC0-1.0 */
/* armhf: what its ABI promises, for test/abi.c (included there; targets/armhf/abi.S
   loads and stores the slots named here). */

/* AAPCS, VFP hard-float variant (Linux): r4-r11 and sp preserved, d8-d15
   preserved (d0-d7 and d16-d31 volatile); the FPSCR control bits restored
   (this project's rule: RMode, FZ, DN, AHP and the trap enables); the fifth
   argument is the word at the entry sp, the callee's; above it the callee
   writes nothing. */
#define FRAME_SLOT 10
#define FRAME_NAME "entry sp+%u"
#define FRAME_BASE 4
#define FRAME_STRIDE 4
#define RREG(n) { "r" #n, INT, n - 4, ALL, 0 }
#include "../shared/arm_abi.c"
static const struct check checks[] = {
  RREG(4), RREG(5), RREG(6), RREG(7), RREG(8), RREG(9), RREG(10), RREG(11),
  { "sp", INT, 8, ALL, 0 },
  ARM_CHECKS_FP("FPSCR", 9, "FZ DN AHP", 0x07000000UL, "FPSCR", 9)
};
/* the FPSCR's flags its own trap enables enable */
static unsigned long enabled_flags(const struct abi_block *b, int slot)
{
  return arm_trap_flags(b->want[slot]);
}
FAKE4(r4, r5, r6, r7) FAKE4(r8, r9, r10, r11) FAKE(fpscr) FAKE(flags)
#define FR(n) { "r" #n, abi_fake_r##n, INT, n - 4, 0 }
static const struct fake fakes[] = {
  { "clean", abi_fake_clean, INT, -1, 0 },
  FR(4), FR(5), FR(6), FR(7), FR(8), FR(9), FR(10), FR(11),
  ARM_FAKES("sp returned 8 higher", 8, "FPSCR", abi_fake_fpscr, 9,
            "FPSCR flags cleared over the caller's", abi_fake_flags, 9, "write above the stacked argument")
};

static void set_mode(struct abi_block *b, int mode)
{
  b->want[9] = arm_mode_control[mode] | arm_mode_flags[mode];   /* FPSCR: both */
#define MODE_SLOTS { 9 }
}

