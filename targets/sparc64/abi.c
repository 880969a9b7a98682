/* SPDX-License-Identifier: CC0-1.0 */
/* sparc64: what its ABI promises, for test/abi.c (included there; targets/sparc64/abi.S
   loads and stores the slots named here). */

/* SPARC V9 64-bit ABI (SCD 2.4.1): %l0-%l7 and %i0-%i7 preserved through the
   register window, %o6 (%sp, biased by 2047) preserved; %g2 %g3 are the
   application's (a library must leave them), %g6 %g7 belong to the system (the
   thread pointer is %g7 on Linux); %g1 %g4 %g5 and the %o registers are
   volatile; every floating-point register %f0-%f62 is volatile, so none is
   checked; %fsr RD, TEM and NS and %asi restored (this project's rule). The callee may
   write the 16-word save area and the 6 argument words at [%sp+2047+0..175]. */
#define FRAME_SLOT 22
#define FRAME_NAME "[%%sp+2047+%u]"
#define FRAME_BASE 176
#define FRAME_STRIDE 8
static const struct check checks[] = {
  { "%l0", INT, 0, ALL, 0 }, { "%l1", INT, 1, ALL, 0 }, { "%l2", INT, 2, ALL, 0 },
  { "%l3", INT, 3, ALL, 0 }, { "%l4", INT, 4, ALL, 0 }, { "%l5", INT, 5, ALL, 0 },
  { "%l6", INT, 6, ALL, 0 }, { "%l7", INT, 7, ALL, 0 },
  { "%i0", INT, 8, ALL, 0 }, { "%i1", INT, 9, ALL, 0 }, { "%i2", INT, 10, ALL, 0 },
  { "%i3", INT, 11, ALL, 0 }, { "%i4", INT, 12, ALL, 0 }, { "%i5", INT, 13, ALL, 0 },
  { "%i6 (%fp)", INT, 14, ALL, 0 }, { "%i7", INT, 15, ALL, 0 },
  { "%o6 (%sp)", INT, 16, ALL, 0 },
  { "%g2", INT, 17, ALL, 0 }, { "%g3", INT, 18, ALL, 0 },
  { "%g6", INT, 19, ALL, 0 }, { "%g7", INT, 20, ALL, 0 },
  { "%fsr RD", INT, 21, 0xc0000000UL, 0 }, { "%fsr TEM", INT, 21, 0x0f800000UL, 0 },
  { "%fsr NS", INT, 21, 0x00400000UL, 0 }, { "%asi", INT, 30, 0xffUL, 0 },
  { "%fsr accrued exceptions (aexc)", FLAGS, 21, 0x3e0UL, 0 },
  { "stack left without secrets", STACK, 0, 0, 0 },
};
/* %fsr TEM bits 27..23 (NVM OFM UFM DZM NXM) as aexc bits 9..5 */
static unsigned long enabled_flags(const struct abi_block *b, int slot)
{
  return (b->want[slot] >> 23 & 0x1f) << 5;
}
#define FAKE4(a, b, c, d) FAKE(a) FAKE(b) FAKE(c) FAKE(d)
FAKE4(l0, l1, l2, l3) FAKE4(l4, l5, l6, l7) FAKE4(i0, i1, i2, i3) FAKE4(i4, i5, i6, i7)
FAKE4(sp, g2, g3, g6) FAKE4(g7, fsr, frame, clean) FAKE(asi) FAKE(leak)
#define FL(n) { "%l" #n, abi_fake_l##n, INT, n, 0 }
#define FI(n) { "%i" #n, abi_fake_i##n, INT, 8 + n, 0 }
static const struct fake fakes[] = {
  { "clean", abi_fake_clean, INT, -1, 0 },
  FL(0), FL(1), FL(2), FL(3), FL(4), FL(5), FL(6), FL(7),
  FI(0), FI(1), FI(2), FI(3), FI(4), FI(5), FI(6), FI(7),
  { "%sp returned 16 higher", abi_fake_sp, INT, 16, 0 },
  { "%g2", abi_fake_g2, INT, 17, 0 }, { "%g3", abi_fake_g3, INT, 18, 0 },
  { "%g6", abi_fake_g6, INT, 19, 0 }, { "%g7", abi_fake_g7, INT, 20, 0 },
  { "%fsr left at 0 (the original sparc mode)", abi_fake_fsr, INT, 21, 0 },
  { "%asi left at 0x88 (little-endian)", abi_fake_asi, INT, 30, 0 },
  { "write above the argument words", abi_fake_frame, INT, FRAME_SLOT, 0 },
  { "k left below the stack pointer", abi_fake_leak, STACK, 0, 0 },
};

static void set_mode(struct abi_block *b, int mode)
{
  /* toward zero with dza, ufa accrued; up with DZM, nxa, ufa accrued; down with NVM and NS,
     dza accrued; nearest with every trap enabled (TEM); %asi primary, primary no-fault */
  static const unsigned long fsr[NMODES] = { 0x400000c0UL, 0x810000a0UL, 0xc8400040UL, 0x0f800000UL };
  static const unsigned long asi[NMODES] = { 0x80, 0x82, 0x80, 0x82 };
  b->want[21] = fsr[mode];
  b->want[30] = asi[mode];
#define MODE_SLOTS { 21, 30 }
}

static unsigned long target_features(void) { return 0; }
