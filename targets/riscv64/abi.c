/* SPDX-License-Identifier: CC0-1.0 */
/* riscv64: what its ABI promises, for test/abi.c (included there; targets/riscv64/abi.S
   loads and stores the slots named here). */
#include <sys/auxv.h>

/* RISC-V LP64D (Linux): s0-s11 and sp preserved, gp and tp never changed,
   fs0-fs11 preserved; every vector register, vl and vtype volatile, vstart
   zero at return (psABI); this project's rule: frm and vxrm come back
   exactly, the caller's raised fflags and vxsat stay raised (no FP traps
   exist, so none can be left pending); a callee with no stacked arguments
   writes nothing at or above its entry sp. */
#define FRAME_SLOT 19
#define FRAME_NAME "entry sp+%u"
#define FRAME_BASE 0
#define FRAME_STRIDE 8
#define SREG(n) { "s" #n, INT, n, ALL, 0 }
#define FSREG(n) { "fs" #n, FP, n, 0, 0 }
static const struct check checks[] = {
  SREG(0), SREG(1), SREG(2), SREG(3), SREG(4), SREG(5), SREG(6), SREG(7), SREG(8), SREG(9), SREG(10), SREG(11),
  { "sp", INT, 12, ALL, 0 }, { "gp", INT, 13, ALL, 0 }, { "tp", INT, 14, ALL, 0 },
  { "fcsr rounding mode (frm)", INT, 15, 0xe0, 0 },
  { "fcsr accrued flags (fflags NV DZ OF UF NX)", FLAGS, 15, 0x1f, 0 },
  { "vxrm (vector fixed-point rounding)", INT, 16, 3, ABI_HAS_RVV },
  { "vxsat (vector saturation flag)", FLAGS, 17, 1, ABI_HAS_RVV },
  { "vstart zero at return", INT, 18, ALL, ABI_HAS_RVV },
  FSREG(0), FSREG(1), FSREG(2), FSREG(3), FSREG(4), FSREG(5), FSREG(6), FSREG(7), FSREG(8), FSREG(9),
  FSREG(10), FSREG(11),
  { "stack left without secrets", STACK, 0, 0, 0 },
};
/* RISC-V has no floating-point or fixed-point traps */
static unsigned long enabled_flags(const struct abi_block *b, int slot)
{
  (void) b;
  (void) slot;
  return 0;
}
#define FAKE4(a, b, c, d) FAKE(a) FAKE(b) FAKE(c) FAKE(d)
FAKE4(s0, s1, s2, s3) FAKE4(s4, s5, s6, s7) FAKE4(s8, s9, s10, s11)
FAKE4(fs0, fs1, fs2, fs3) FAKE4(fs4, fs5, fs6, fs7) FAKE4(fs8, fs9, fs10, fs11)
FAKE4(sp, gp, tp, frm) FAKE4(fflags, vxrm, vxsat, vstart) FAKE(leak) FAKE(frame) FAKE(clean)
#define FS(n) { "s" #n, abi_fake_s##n, INT, n, 0 }
#define FF(n) { "fs" #n, abi_fake_fs##n, FP, n, 0 }
static const struct fake fakes[] = {
  { "clean", abi_fake_clean, INT, -1, 0 },
  FS(0), FS(1), FS(2), FS(3), FS(4), FS(5), FS(6), FS(7), FS(8), FS(9), FS(10), FS(11),
  FF(0), FF(1), FF(2), FF(3), FF(4), FF(5), FF(6), FF(7), FF(8), FF(9), FF(10), FF(11),
  { "sp returned 16 higher", abi_fake_sp, INT, 12, 0 },
  { "gp moved", abi_fake_gp, INT, 13, 0 }, { "tp moved", abi_fake_tp, INT, 14, 0 },
  { "frm left at round-to-nearest", abi_fake_frm, INT, 15, 0 },
  { "fflags cleared over the caller's flags", abi_fake_fflags, INT, 15, 0 },
  { "vxrm left at 0", abi_fake_vxrm, INT, 16, ABI_HAS_RVV },
  { "vxsat cleared over the caller's flag", abi_fake_vxsat, INT, 17, ABI_HAS_RVV },
  { "vstart left at 1", abi_fake_vstart, INT, 18, ABI_HAS_RVV },
  { "write at the entry sp", abi_fake_frame, INT, FRAME_SLOT, 0 },
  { "k left below the stack pointer", abi_fake_leak, STACK, 0, 0 },
};

static void set_mode(struct abi_block *b, int mode)
{
  /* fcsr: up with DZ raised; toward zero with NV NX raised; down; to nearest, ties to max
     magnitude. vxrm: each of its four modes; vxsat raised in the first; vstart zero */
  static const unsigned long fcsr[NMODES] = { 0x68, 0x31, 0x40, 0x80 };
  b->want[15] = fcsr[mode];
  b->want[16] = (unsigned long) mode & 3;
  b->want[17] = mode == 0;
  b->want[18] = 0;
#define MODE_SLOTS { 15, 16 }
}

/* the V extension (AT_HWCAP): vxrm, vxsat and vstart are then checked */
static unsigned long target_features(void)
{
  return getauxval(AT_HWCAP) & (1UL << ('V' - 'A')) ? ABI_HAS_RVV : 0;
}
