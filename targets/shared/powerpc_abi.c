/* SPDX-License-Identifier: CC0-1.0 */
/* What the PowerPC ABIs (ppc32's SysV, ppc64le's ELFv2) promise alike, for
   test/abi.c through targets/ppc32/abi.c and targets/ppc64le/abi.c, which
   define first VEC_NEED (the ABI_HAS_* the AltiVec checks need), R2_NAME and
   R13_NAME. Slots (targets/ppc32/abi.S, targets/ppc64le/abi.S): 0-17 r14-r31,
   18 r1, 19 r2, 20 r13, 21 CR, 22 FPSCR, 23 VRSAVE, 24 the back chain. Linux. */
#include <sys/auxv.h>
#include <sys/prctl.h>

#define GPR(n) { "r" #n, INT, n - 14, ALL, 0 }
#define FPR(n) { "f" #n, FP, n - 14, 0, 0 }
#define VR(n) { "v" #n, VEC, n - 20, 0, VEC_NEED }
/* r14-r31, r1, r2, r13, CR2-CR4, the FPSCR, VRSAVE and the back chain */
#define POWERPC_CHECKS \
  GPR(14), GPR(15), GPR(16), GPR(17), GPR(18), GPR(19), GPR(20), GPR(21), GPR(22), \
  GPR(23), GPR(24), GPR(25), GPR(26), GPR(27), GPR(28), GPR(29), GPR(30), GPR(31), \
  { "r1", INT, 18, ALL, 0 }, { R2_NAME, INT, 19, ALL, 0 }, { R13_NAME, INT, 20, ALL, 0 }, \
  { "CR2", INT, 21, 0x00f00000, 0 }, { "CR3", INT, 21, 0x000f0000, 0 }, \
  { "CR4", INT, 21, 0x0000f000, 0 }, \
  { "FPSCR RN", INT, 22, 0x03, 0 }, { "FPSCR NI", INT, 22, 0x04, 0 }, \
  { "FPSCR enables VE OE UE ZE XE", INT, 22, 0xf8, 0 }, \
  { "FPSCR exception flags", FLAGS, 22, 0x9ff80700UL, 0 }, \
  { "VRSAVE", INT, 23, ALL, VEC_NEED }, \
  { "back chain 0(r1)", INT, 24, ALL, 0 },
/* f14-f31, v20-v31 and the stack */
#define POWERPC_CHECKS_FP_VEC \
  FPR(14), FPR(15), FPR(16), FPR(17), FPR(18), FPR(19), FPR(20), FPR(21), FPR(22), \
  FPR(23), FPR(24), FPR(25), FPR(26), FPR(27), FPR(28), FPR(29), FPR(30), FPR(31), \
  VR(20), VR(21), VR(22), VR(23), VR(24), VR(25), VR(26), VR(27), VR(28), VR(29), VR(30), VR(31), \
  { "stack left without secrets", STACK, 0, 0, 0 },

/* FPSCR enables VE OE UE ZE XE (0x80 .. 0x08) as their flags: VX and its causes, OX, UX, ZX, XX;
   FX, the sticky summary, follows any of them */
static unsigned long fpscr_enabled_flags(unsigned long e)
{
  unsigned long out = 0;
  if (e & 0x80) out |= 0x01f80700UL;
  if (e & 0x40) out |= 0x10000000UL;
  if (e & 0x20) out |= 0x08000000UL;
  if (e & 0x10) out |= 0x04000000UL;
  if (e & 0x08) out |= 0x02000000UL;
  return out ? out | 0x80000000UL : 0;
}

/* the fakes of targets/shared/powerpc_abi.S (fakes_powerpc) and the clean one, the stack's */
#define FAKE3(a, b, c) FAKE(a) FAKE(b) FAKE(c)
FAKE3(r14, r15, r16) FAKE3(r17, r18, r19) FAKE3(r20, r21, r22) FAKE3(r23, r24, r25)
FAKE3(r26, r27, r28) FAKE3(r29, r30, r31) FAKE3(f14, f15, f16) FAKE3(f17, f18, f19)
FAKE3(f20, f21, f22) FAKE3(f23, f24, f25) FAKE3(f26, f27, f28) FAKE3(f29, f30, f31)
FAKE3(v20, v21, v22) FAKE3(v23, v24, v25) FAKE3(v26, v27, v28) FAKE3(v29, v30, v31)
FAKE3(r1, r2, r13) FAKE3(cr2, cr3, cr4) FAKE3(fpscr, vrsave, backchain) FAKE(clean) FAKE(leak)
#define FG(n) { "r" #n, abi_fake_r##n, INT, n - 14, 0 }
#define FF(n) { "f" #n, abi_fake_f##n, FP, n - 14, 0 }
#define FV(n) { "v" #n, abi_fake_v##n, VEC, n - 20, VEC_NEED }
/* the clean one, r14-r31, f14-f31, v20-v31, r1, r2, r13 and CR2-CR4 */
#define POWERPC_FAKES \
  { "clean", abi_fake_clean, INT, -1, 0 }, \
  FG(14), FG(15), FG(16), FG(17), FG(18), FG(19), FG(20), FG(21), FG(22), \
  FG(23), FG(24), FG(25), FG(26), FG(27), FG(28), FG(29), FG(30), FG(31), \
  FF(14), FF(15), FF(16), FF(17), FF(18), FF(19), FF(20), FF(21), FF(22), \
  FF(23), FF(24), FF(25), FF(26), FF(27), FF(28), FF(29), FF(30), FF(31), \
  FV(20), FV(21), FV(22), FV(23), FV(24), FV(25), FV(26), FV(27), FV(28), FV(29), FV(30), FV(31), \
  { "r1 returned 16 higher", abi_fake_r1, INT, 18, 0 }, \
  { "r2 changed", abi_fake_r2, INT, 19, 0 }, { "r13 changed", abi_fake_r13, INT, 20, 0 }, \
  { "CR2", abi_fake_cr2, INT, 21, 0 }, { "CR3", abi_fake_cr3, INT, 21, 0 }, \
  { "CR4", abi_fake_cr4, INT, 21, 0 },

/* the caller's FPSCR: toward zero with ZX raised; up with ZE, UX raised; down with VE and NI,
   ZX raised; nearest with every enable (VE OE UE ZE XE); FX follows a raised flag */
static const unsigned long fpscr_modes[NMODES] = { 0x84000001UL, 0x88000012UL, 0x84000087UL, 0xf8 };

/* AltiVec (AT_HWCAP); an enabled exception traps, as a careful caller may ask */
static unsigned long target_features(void)
{
  prctl(PR_SET_FPEXC, PR_FP_EXC_PRECISE);
  return getauxval(AT_HWCAP) & 0x10000000UL ? ABI_HAS_ALTIVEC : 0;   /* PPC_FEATURE_HAS_ALTIVEC */
}
