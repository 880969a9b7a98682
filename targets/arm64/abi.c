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
#define DREG(n) { "d" #n, FP, n - 8, 0, 0 }
static const struct check checks[] = {
  XREG(19), XREG(20), XREG(21), XREG(22), XREG(23), XREG(24), XREG(25), XREG(26), XREG(27), XREG(28),
  { "x29 (frame pointer)", INT, 10, ALL, 0 }, { "sp", INT, 11, ALL, 0 },
  { "FPCR rounding (RMode)", INT, 12, 0x00c00000UL, 0 },
  { "FPCR FZ DN AHP FZ16", INT, 12, 0x07080000UL, 0 },
  { "FPCR trap enables IOE DZE OFE UFE IXE IDE", INT, 12, 0x9f00UL, 0 },
  { "FPSR cumulative flags (IOC DZC OFC UFC IXC IDC QC)", FLAGS, 13, 0x0800009fUL, 0 },
  DREG(8), DREG(9), DREG(10), DREG(11), DREG(12), DREG(13), DREG(14), DREG(15),
  { "stack left without secrets", STACK, 0, 0, 0 },
};
/* FPCR trap enables IOE DZE OFE UFE IXE (bits 8..12) and IDE (15) as FPSR flags 0..4 and 7 */
static unsigned long enabled_flags(const struct abi_block *b, int slot)
{
  unsigned long e = b->want[slot - 1];
  return (e >> 8 & 0x1f) | (e >> 15 & 1) << 7;
}
#define FAKE4(a, b, c, d) FAKE(a) FAKE(b) FAKE(c) FAKE(d)
FAKE4(x19, x20, x21, x22) FAKE4(x23, x24, x25, x26) FAKE4(x27, x28, x29, sp)
FAKE4(d8, d9, d10, d11) FAKE4(d12, d13, d14, d15) FAKE4(fpcr, fpsr, pending, frame) FAKE(clean) FAKE(leak)
#define FX(n) { "x" #n, abi_fake_x##n, INT, n - 19, 0 }
#define FD(n) { "d" #n, abi_fake_d##n, FP, n - 8, 0 }
static const struct fake fakes[] = {
  { "clean", abi_fake_clean, INT, -1, 0 },
  FX(19), FX(20), FX(21), FX(22), FX(23), FX(24), FX(25), FX(26), FX(27), FX(28), FX(29),
  FD(8), FD(9), FD(10), FD(11), FD(12), FD(13), FD(14), FD(15),
  { "sp returned 16 higher", abi_fake_sp, INT, 11, 0 },
  { "FPCR left at 0 (nearest, defaults)", abi_fake_fpcr, INT, 12, 0 },
  { "FPSR cleared over the caller's flags", abi_fake_fpsr, INT, 13, 0 },
  { "caller's FPCR restored over a raised inexact", abi_fake_pending, INT, 13, ABI_HAS_FPTRAPS },
  { "write at the entry sp", abi_fake_frame, INT, FRAME_SLOT, 0 },
  { "k left below the stack pointer", abi_fake_leak, STACK, 0, 0 },
};

static void set_mode(struct abi_block *b, int mode)
{
  /* up with DZC IDC raised; toward zero with FZ and DZE, UFC IXC raised; down with DN and AHP;
     nearest with every trap enabled (IOE DZE OFE UFE IXE IDE) */
  static const unsigned long fpcr[NMODES] = { 0x00400000UL, 0x01c00200UL, 0x06800000UL, 0x9f00UL };
  static const unsigned long fpsr[NMODES] = { 0x82UL, 0x18UL, 0, 0 };
  b->want[12] = fpcr[mode];
  b->want[13] = fpsr[mode];
#define MODE_SLOTS { 12 }
}

static unsigned long target_features(void) { return 0; }
