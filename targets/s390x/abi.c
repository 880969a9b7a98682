/* SPDX-License-Identifier: CC0-1.0 */
/* s390x: what its ABI promises, for test/abi.c (included there; targets/s390x/abi.S
   loads and stores the slots named here). */

/* s390x ELF ABI (Linux): r6-r13 and r15 preserved (r6 also carries the fifth
   argument), f8-f15 preserved (the left halves of v8-v15; every other
   vector register and half is volatile), the access registers a0 and a1
   (the thread pointer) never changed; the FPC's control bits (IEEE masks,
   BFP and DFP rounding) restored (this project's rule) and its flags under
   the rule above. The callee may write its caller's 160-byte register save
   area at its entry r15 and nothing above it (no stack arguments). */
#define FRAME_SLOT 12
#define FRAME_NAME "%u(%%r15)"
#define FRAME_BASE 160
#define FRAME_STRIDE 8
#define ZGPR(n) { "r" #n, INT, n - 6, ALL, 0 }
#define ZFPR(n) { "f" #n, FP, n - 8, 0, 0 }
static const struct check checks[] = {
  { "r6 (also the fifth argument)", INT, 0, ALL, 0 },
  ZGPR(7), ZGPR(8), ZGPR(9), ZGPR(10), ZGPR(11), ZGPR(12), ZGPR(13),
  { "r15 (stack pointer)", INT, 8, ALL, 0 },
  { "FPC BFP rounding", INT, 9, 0x7, 0 }, { "FPC DFP rounding", INT, 9, 0x70, 0 },
  { "FPC IEEE exception masks", INT, 9, 0xf8000000UL, 0 },
  { "FPC IEEE flags", FLAGS, 9, 0x00f80000UL, 0 },
  { "a0 (thread pointer, high half)", INT, 10, ALL, 0 }, { "a1 (thread pointer, low half)", INT, 11, ALL, 0 },
  ZFPR(8), ZFPR(9), ZFPR(10), ZFPR(11), ZFPR(12), ZFPR(13), ZFPR(14), ZFPR(15),
  { "stack left without secrets", STACK, 0, 0, 0 },
};
/* FPC masks (bits 0-4: invalid, divide, overflow, underflow, inexact) as their flags (bits 8-12) */
static unsigned long enabled_flags(const struct abi_block *b, int slot)
{
  return (b->want[slot] >> 8) & 0x00f80000UL;
}
#define FAKE4(a, b, c, d) FAKE(a) FAKE(b) FAKE(c) FAKE(d)
FAKE4(r6, r7, r8, r9) FAKE4(r10, r11, r12, r13) FAKE4(r15, fpc, fpflags, a0) FAKE4(a1, f8, f9, f10)
FAKE4(f11, f12, f13, f14) FAKE4(f15, frame, clean, leak)
#define FZ(n) { "r" #n, abi_fake_r##n, INT, n - 6, 0 }
#define FZF(n) { "f" #n, abi_fake_f##n, FP, n - 8, 0 }
static const struct fake fakes[] = {
  { "clean", abi_fake_clean, INT, -1, 0 },
  FZ(6), FZ(7), FZ(8), FZ(9), FZ(10), FZ(11), FZ(12), FZ(13),
  { "r15 returned 16 higher", abi_fake_r15, INT, 8, 0 },
  { "FPC left at 0 (nearest, no traps)", abi_fake_fpc, INT, 9, 0 },
  { "FPC flags cleared", abi_fake_fpflags, INT, 9, 0 },
  { "a0 changed", abi_fake_a0, INT, 10, 0 }, { "a1 changed", abi_fake_a1, INT, 11, 0 },
  FZF(8), FZF(9), FZF(10), FZF(11), FZF(12), FZF(13), FZF(14), FZF(15),
  { "write above the register save area", abi_fake_frame, INT, FRAME_SLOT, 0 },
  { "k left below the stack pointer", abi_fake_leak, STACK, 0, 0 },
};

static void set_mode(struct abi_block *b, int mode)
{
  /* FPC: up with DZ raised; toward zero with the divide mask set, UF and inexact raised;
     down (DFP: toward zero); nearest with every IEEE mask set */
  static const unsigned long fpc[NMODES] = { 0x00400002UL, 0x40180001UL, 0x00000053UL, 0xf8000000UL };
  b->want[9] = fpc[mode];
#define MODE_SLOTS { 9 }
}

static unsigned long target_features(void) { return 0; }
