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
#define DREG(n) { "d" #n, FP, n - 8, 0, 0 }
static const struct check checks[] = {
  RREG(4), RREG(5), RREG(6), RREG(7), RREG(8), RREG(9), RREG(10), RREG(11),
  { "sp", INT, 8, ALL, 0 },
  { "FPSCR rounding (RMode)", INT, 9, 0x00c00000UL, 0 },
  { "FPSCR FZ DN AHP", INT, 9, 0x07000000UL, 0 },
  { "FPSCR trap enables IOE DZE OFE UFE IXE IDE", INT, 9, 0x9f00UL, 0 },
  { "FPSCR cumulative flags (IOC DZC OFC UFC IXC IDC QC)", FLAGS, 9, 0x0800009fUL, 0 },
  DREG(8), DREG(9), DREG(10), DREG(11), DREG(12), DREG(13), DREG(14), DREG(15),
  { "stack left without secrets", STACK, 0, 0, 0 },
};
/* FPSCR trap enables IOE DZE OFE UFE IXE (bits 8..12) and IDE (15) as its flags 0..4 and 7 */
static unsigned long enabled_flags(const struct abi_block *b, int slot)
{
  unsigned long e = b->want[slot];
  return (e >> 8 & 0x1f) | (e >> 15 & 1) << 7;
}
#define FAKE4(a, b, c, d) FAKE(a) FAKE(b) FAKE(c) FAKE(d)
FAKE4(r4, r5, r6, r7) FAKE4(r8, r9, r10, r11) FAKE4(d8, d9, d10, d11) FAKE4(d12, d13, d14, d15)
FAKE4(sp, fpscr, flags, pending) FAKE(leak) FAKE(frame) FAKE(clean)
#define FR(n) { "r" #n, abi_fake_r##n, INT, n - 4, 0 }
#define FD(n) { "d" #n, abi_fake_d##n, FP, n - 8, 0 }
static const struct fake fakes[] = {
  { "clean", abi_fake_clean, INT, -1, 0 },
  FR(4), FR(5), FR(6), FR(7), FR(8), FR(9), FR(10), FR(11),
  FD(8), FD(9), FD(10), FD(11), FD(12), FD(13), FD(14), FD(15),
  { "sp returned 8 higher", abi_fake_sp, INT, 8, 0 },
  { "FPSCR left at 0 (nearest, defaults)", abi_fake_fpscr, INT, 9, 0 },
  { "FPSCR flags cleared over the caller's", abi_fake_flags, INT, 9, 0 },
  { "caller's FPSCR restored over a raised inexact", abi_fake_pending, INT, 9, ABI_HAS_FPTRAPS },
  { "write above the stacked argument", abi_fake_frame, INT, FRAME_SLOT, 0 },
  { "k left below the stack pointer", abi_fake_leak, STACK, 0, 0 },
};

static void set_mode(struct abi_block *b, int mode)
{
  /* up with DZC IDC raised; toward zero with FZ and DZE, UFC IXC raised; down with DN and AHP;
     nearest with every trap enabled (IOE DZE OFE UFE IXE IDE) */
  static const unsigned long fpscr[NMODES] = { 0x00400082UL, 0x01c00218UL, 0x06800000UL, 0x9f00UL };
  b->want[9] = fpscr[mode];
#define MODE_SLOTS { 9 }
}

static unsigned long target_features(void) { return 0; }
