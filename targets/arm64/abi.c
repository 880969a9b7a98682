/* SPDX-License-Identifier: CC0-1.0 */
/* arm64: what its ABI promises, for test/abi.c (included there; targets/arm64/abi.S
   loads and stores the slots named here). */

/* AAPCS64 (Linux): x19-x29 and sp preserved, the low 64 bits d8-d15 of
   v8-v15 preserved (their upper halves and every other vector register are
   volatile); x18 is the platform register, which the harness neither writes
   nor checks; the FPCR control bits restored (this project's rule: RMode,
   FZ, DN, AHP, FZ16 and the trap enables); a callee with no stacked
   arguments writes nothing at or above its entry sp. */
#define FRAME_SLOT 14
#define FRAME_NAME "entry sp+%u"
#define FRAME_BASE 0
#define FRAME_STRIDE 8
#define XREG(n) { "x" #n, INT, n - 19, ALL, 0 }
#include "../shared/arm_abi.c"
static const struct check checks[] = {
  XREG(19), XREG(20), XREG(21), XREG(22), XREG(23), XREG(24), XREG(25), XREG(26), XREG(27), XREG(28),
  { "x29 (frame pointer)", INT, 10, ALL, 0 }, { "sp", INT, 11, ALL, 0 },
  ARM_CHECKS_FP("FPCR", 12, "FZ DN AHP FZ16", 0x07080000UL, "FPSR", 13)
};
/* FPSR's flags (slot 13) the FPCR (slot 12) enables */
static unsigned long enabled_flags(const struct abi_block *b, int slot)
{
  return arm_trap_flags(b->want[slot - 1]);
}
FAKE4(x19, x20, x21, x22) FAKE4(x23, x24, x25, x26) FAKE4(x27, x28, x29, fpcr) FAKE(fpsr)
#define FX(n) { "x" #n, abi_fake_x##n, INT, n - 19, 0 }
static const struct fake fakes[] = {
  { "clean", abi_fake_clean, INT, -1, 0 },
  FX(19), FX(20), FX(21), FX(22), FX(23), FX(24), FX(25), FX(26), FX(27), FX(28), FX(29),
  ARM_FAKES("sp returned 16 higher", 11, "FPCR", abi_fake_fpcr, 12,
            "FPSR cleared over the caller's flags", abi_fake_fpsr, 13, "write at the entry sp")
};

static void set_mode(struct abi_block *b, int mode)
{
  b->want[12] = arm_mode_control[mode];   /* FPCR */
  b->want[13] = arm_mode_flags[mode];     /* FPSR */
#define MODE_SLOTS { 12 }
}

