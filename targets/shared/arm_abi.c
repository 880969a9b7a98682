/* SPDX-License-Identifier: CC0-1.0 */
/* What the ARM ABIs (arm64's AAPCS64, armhf's AAPCS-VFP) promise alike, for
   test/abi.c through targets/arm64/abi.c and targets/armhf/abi.c: d8-d15
   (FP slots 0-7) preserved, and one layout of the FP control bits (FPCR on
   arm64, FPSCR on armhf: RMode, FZ, DN, AHP, the trap enables) and of the
   cumulative flags (FPSR on arm64, FPSCR on armhf). */
#define DREG(n) { "d" #n, FP, n - 8, 0, 0 }
/* the control register CTL (a string) in slot ctl (its bits other than RMode and the trap
   enables: the string other, the mask other_mask), the cumulative flags FLG in slot flg;
   then d8-d15 and the stack */
#define ARM_CHECKS_FP(CTL, ctl, other, other_mask, FLG, flg) \
  { CTL " rounding (RMode)", INT, ctl, 0x00c00000UL, 0 }, \
  { CTL " " other, INT, ctl, other_mask, 0 }, \
  { CTL " trap enables IOE DZE OFE UFE IXE IDE", INT, ctl, 0x9f00UL, 0 }, \
  { FLG " cumulative flags (IOC DZC OFC UFC IXC IDC QC)", FLAGS, flg, 0x0800009fUL, 0 }, \
  DREG(8), DREG(9), DREG(10), DREG(11), DREG(12), DREG(13), DREG(14), DREG(15), \
  { "stack left without secrets", STACK, 0, 0, 0 },

/* the trap enables IOE DZE OFE UFE IXE (bits 8..12) and IDE (15) as the cumulative flags 0..4 and 7 */
static unsigned long arm_trap_flags(unsigned long enables)
{
  return (enables >> 8 & 0x1f) | (enables >> 15 & 1) << 7;
}

#define FAKE4(a, b, c, d) FAKE(a) FAKE(b) FAKE(c) FAKE(d)
FAKE4(d8, d9, d10, d11) FAKE4(d12, d13, d14, d15) FAKE4(pending, frame, clean, leak) FAKE(sp)
#define FD(n) { "d" #n, abi_fake_d##n, FP, n - 8, 0 }
/* the fakes after the clean one and the preserved general registers': d8-d15, the stack
   pointer returned higher (the text sp_text, its slot sp), the control register CTL left at 0
   (ctl_fake, slot ctl), the flags cleared (flags_fake, the text flags_text, slot flg),
   a trap left pending (where the CPU holds trap enables), a write to the caller's frame (the
   text frame_text) and k on the stack */
#define ARM_FAKES(sp_text, sp, CTL, ctl_fake, ctl, flags_text, flags_fake, flg, frame_text) \
  FD(8), FD(9), FD(10), FD(11), FD(12), FD(13), FD(14), FD(15), \
  { sp_text, abi_fake_sp, INT, sp, 0 }, \
  { CTL " left at 0 (nearest, defaults)", ctl_fake, INT, ctl, 0 }, \
  { flags_text, flags_fake, INT, flg, 0 }, \
  { "caller's " CTL " restored over a raised inexact", abi_fake_pending, INT, flg, ABI_HAS_FPTRAPS }, \
  { frame_text, abi_fake_frame, INT, FRAME_SLOT, 0 }, \
  { "k left below the stack pointer", abi_fake_leak, STACK, 0, 0 },

/* the caller's modes: up with DZC IDC raised; toward zero with FZ and DZE, UFC IXC raised; down
   with DN and AHP; nearest with every trap enabled (IOE DZE OFE UFE IXE IDE): control bits, then
   the flags raised */
static const unsigned long arm_mode_control[NMODES] = { 0x00400000UL, 0x01c00200UL, 0x06800000UL, 0x9f00UL };
static const unsigned long arm_mode_flags[NMODES] = { 0x82UL, 0x18UL, 0, 0 };

static unsigned long target_features(void) { return 0; }
