/* SPDX-License-Identifier: CC0-1.0 */
/* ABI and state harness: calls an implementation's authenticate and verify
   from assembly (test/abi_<target>.S) with every register the ABI says a
   callee preserves, the floating-point control and status registers and the
   caller's frame filled with known values, and checks each of them after the
   call, and the tag or verdict against the readable reference; on every code
   path of the implementation's dispatcher. It also paints the stack the call
   will use and looks through it afterwards for the call's secrets
   (test/stackscan.h). Assumes C99 + POSIX, one of the targets (amd64, x86,
   ppc32, sparc64, arm64, riscv64, armhf, ppc64le, s390x; native on one of
   their CPUs) and test/abi.h's layout.
   The caller's floating-point rule checked here: the control bits come back
   exactly; every status flag the caller had set is still set; no flag is
   newly raised for an exception the caller has enabled (a trap pending for
   the caller); and no trap fires inside the call, whatever the caller enabled
   (one caller mode enables every exception; a SIGFPE fails the run).
     abi              selftest (broken fakes must be caught), then the real runs
     abi --selftest   the selftest only
     abi --measure    (built with POLY1305AES_STACK_PROBE, against the library
                      built so: common/stack.h) the build's stack probe: the
                      deepest stack each path's wipe areas used, one
                      "PATH AREA BYTES" line each, "PATH - cannot-run" for a
                      path this CPU cannot run; tools/stackbytes.py reads them
   Where the implementation provides path_core (common/core.h), the core's
   entry points (aes, start, blocks, finish) are called the same way, each
   checked and scanned alone (the state, caller-provided, is not on the
   stack); where it does not, a note says so.
   Prints "ok abi ..." or "FAIL abi ...: what, expected, got"; exit 1 on failure. */
#include <signal.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include POLY1305AES_HEADER
#include "abi.h"
#include "aes_ref.h"
#include "core.h"
#include "ref.h"
#include "stackscan.h"
#include "util.h"
#if defined(__powerpc__) && defined(__linux__)
#include <sys/auxv.h>
#include <sys/prctl.h>
#endif
#if defined(__x86_64__) || defined(__i386__)
#include <cpuid.h>
#endif
#if defined(POLY1305AES_STACK_PROBE)
#include "stack.h"
#endif

/* slot kinds: want/got, fwant/fgot, vwant/vgot; FLAGS: status flags in an
   INT slot (the rule above); UPPER: bits in an INT slot the call must not
   newly set (x86's XINUSE); STACK: the stack scan, no slot */
enum { INT, FP, VEC, FLAGS, UPPER, STACK };

struct check {
  const char *name;
  int kind, slot;
  unsigned long mask;    /* the bits compared (INT) */
  unsigned long need;    /* ABI_HAS_* the check needs, or 0 */
};

struct fake {
  const char *name;
  void (*fn)(void);
  int kind, slot;        /* the check that must catch it; -1 for the clean one */
  unsigned long need;
};

#define FAKE(n) extern void abi_fake_##n(void);
#define ALL (~0UL)

/* ---- what each ABI promises ---- */

#if defined(__x86_64__) || defined(__i386__)
#if defined(__x86_64__)
/* x86-64 psABI: rbx rbp r12-r15 rsp preserved; x87 CW and MXCSR control bits
   preserved, status bits not; DF clear and x87 stack empty at return; every
   xmm/ymm/zmm/k register is caller-saved, so none is checked. */
#define GPRS 7                 /* slots 0-6: the preserved registers */
#define FRAME_NAME "entry rsp+%u"
#define FRAME_BASE 8
#define FRAME_STRIDE 8
#define FRAME_WHAT "write above the return address"
#define GPR_CHECKS \
  { "rbx", INT, 0, ALL, 0 }, { "rbp", INT, 1, ALL, 0 }, { "r12", INT, 2, ALL, 0 }, \
  { "r13", INT, 3, ALL, 0 }, { "r14", INT, 4, ALL, 0 }, { "r15", INT, 5, ALL, 0 }, \
  { "rsp", INT, 6, ALL, 0 },
#define GPR_FAKES \
  { "rbx", abi_fake_rbx, INT, 0, 0 }, { "rbp", abi_fake_rbp, INT, 1, 0 }, \
  { "r12", abi_fake_r12, INT, 2, 0 }, { "r13", abi_fake_r13, INT, 3, 0 }, \
  { "r14", abi_fake_r14, INT, 4, 0 }, { "r15", abi_fake_r15, INT, 5, 0 }, \
  { "rsp (ret $8)", abi_fake_rsp, INT, 6, 0 },
FAKE(rbx) FAKE(rbp) FAKE(r12) FAKE(r13) FAKE(r14) FAKE(r15) FAKE(rsp)
#else
/* i386 psABI (cdecl): ebx esi edi ebp esp preserved, the caller pops the
   arguments; x87 CW and MXCSR control bits preserved; DF clear and the x87
   stack empty at return from a function returning void or int; no xmm
   register is preserved. */
#define GPRS 5                 /* slots 0-4: the preserved registers */
#define FRAME_NAME "entry esp+%u"
#define FRAME_BASE 24
#define FRAME_STRIDE 4
#define FRAME_WHAT "write above the arguments"
#define GPR_CHECKS \
  { "ebx", INT, 0, ALL, 0 }, { "esi", INT, 1, ALL, 0 }, { "edi", INT, 2, ALL, 0 }, \
  { "ebp", INT, 3, ALL, 0 }, { "esp", INT, 4, ALL, 0 },
#define GPR_FAKES \
  { "ebx", abi_fake_ebx, INT, 0, 0 }, { "esi", abi_fake_esi, INT, 1, 0 }, \
  { "edi", abi_fake_edi, INT, 2, 0 }, { "ebp", abi_fake_ebp, INT, 3, 0 }, \
  { "esp (callee pops an argument: ret $4)", abi_fake_esp, INT, 4, 0 },
FAKE(ebx) FAKE(esi) FAKE(edi) FAKE(ebp) FAKE(esp)
#endif
/* both: after the registers, slots for the x87 CW, MXCSR, DF, the x87 tag
   word, the caller's frame; GPRS + 12 the x87 status word (test/abi_*.S);
   GPRS + 13 XGETBV(1)'s bits 2 and 6, the upper halves of ymm0-15 and of
   zmm0-15 in use (XINUSE), read here just before the call (after the
   caller's upper state is set: clean, ymm dirty or zmm dirty) and after it.
   The call may clean them, and must leave none in use that the caller had
   not: vzeroupper after its own ymm/zmm code (Intel cores run a caller's
   legacy-SSE code slowly behind dirty upper halves). Bits 5 and 7 (opmask,
   zmm16-31) are not upper halves: vzeroupper leaves them, legacy SSE runs at
   full speed beside them, and the C library's own string functions keep
   them in use on an AVX-512 CPU. */
#define FRAME_SLOT (GPRS + 4)
#define X87_FLAGS (GPRS + 12)
#define XINUSE (GPRS + 13)
#define UPPER_BITS 0x44
static const struct check checks[] = {
  GPR_CHECKS
  { "x87 control word", INT, GPRS, 0xffff, 0 },
  { "MXCSR control bits", INT, GPRS + 1, 0xffc0, ABI_HAS_MXCSR },
  { "DF (direction flag)", INT, GPRS + 2, 1, 0 },
  { "x87 tag word (stack must be empty)", INT, GPRS + 3, 0xffff, 0 },
  { "x87 status flags", FLAGS, X87_FLAGS, 0x3f, 0 },
  { "MXCSR status flags", FLAGS, GPRS + 1, 0x3f, ABI_HAS_MXCSR },
  { "upper halves of ymm/zmm0-15 not left in use (vzeroupper)", UPPER, XINUSE, UPPER_BITS, ABI_HAS_XINUSE },
  { "stack left without secrets", STACK, 0, 0, 0 },
};
FAKE(cw) FAKE(mxcsr) FAKE(df) FAKE(x87) FAKE(frame) FAKE(clean) FAKE(leak) FAKE(pending) FAKE(upper) FAKE(upperz)
/* exceptions the caller enables, as the status flags of the slot */
static unsigned long enabled_flags(const struct abi_block *b, int slot)
{
  return slot == X87_FLAGS ? ~b->want[GPRS] & 0x3f : ~(b->want[GPRS + 1] >> 7) & 0x3f;
}
static const struct fake fakes[] = {
  { "clean", abi_fake_clean, INT, -1, 0 },
  GPR_FAKES
  { "x87 CW left at 0x137f", abi_fake_cw, INT, GPRS, 0 },
  { "MXCSR reset to 0x1f80", abi_fake_mxcsr, INT, GPRS + 1, ABI_HAS_MXCSR },
  { "DF left set", abi_fake_df, INT, GPRS + 2, 0 },
  { "x87 value left on the stack", abi_fake_x87, INT, GPRS + 3, 0 },
  { FRAME_WHAT, abi_fake_frame, INT, FRAME_SLOT, 0 },
  { "k left below the stack pointer", abi_fake_leak, STACK, 0, 0 },
  { "ymm0's upper half left dirty", abi_fake_upper, INT, XINUSE, ABI_HAS_XINUSE },
  { "zmm0's upper half left dirty", abi_fake_upperz, INT, XINUSE, ABI_HAS_XINUSE | ABI_HAS_ZMM },
  { "caller's x87 CW restored over a raised inexact", abi_fake_pending, INT, X87_FLAGS, 0 },
};

#elif defined(__powerpc__) && !defined(__powerpc64__)
/* 32-bit PowerPC SysV ELF ABI: r1 preserved, r2 (system, the thread pointer
   on Linux) and r13 (small data anchor) never changed, r14-r31, f14-f31 and
   CR2-CR4 preserved; with AltiVec v20-v31 and VRSAVE preserved; the FPSCR
   control bits (VE OE UE ZE XE NI RN) restored (this project's rule; the
   newer Power ABIs call them limited-access); the callee may write only 4(r1)
   (the LR word) of its caller's frame. */
#define FRAME_SLOT 25
#define FRAME_NAME "%u(r1)"
#define FRAME_BASE 8
#define FRAME_STRIDE 4
#define GPR(n) { "r" #n, INT, n - 14, ALL, 0 }
#define FPR(n) { "f" #n, FP, n - 14, 0, 0 }
#define VR(n) { "v" #n, VEC, n - 20, 0, ABI_HAS_ALTIVEC }
static const struct check checks[] = {
  GPR(14), GPR(15), GPR(16), GPR(17), GPR(18), GPR(19), GPR(20), GPR(21), GPR(22),
  GPR(23), GPR(24), GPR(25), GPR(26), GPR(27), GPR(28), GPR(29), GPR(30), GPR(31),
  { "r1", INT, 18, ALL, 0 }, { "r2", INT, 19, ALL, 0 }, { "r13", INT, 20, ALL, 0 },
  { "CR2", INT, 21, 0x00f00000, 0 }, { "CR3", INT, 21, 0x000f0000, 0 },
  { "CR4", INT, 21, 0x0000f000, 0 },
  { "FPSCR RN", INT, 22, 0x03, 0 }, { "FPSCR NI", INT, 22, 0x04, 0 },
  { "FPSCR enables VE OE UE ZE XE", INT, 22, 0xf8, 0 },
  { "FPSCR exception flags", FLAGS, 22, 0x9ff80700UL, 0 },
  { "VRSAVE", INT, 23, ALL, ABI_HAS_ALTIVEC },
  { "back chain 0(r1)", INT, 24, ALL, 0 },
  FPR(14), FPR(15), FPR(16), FPR(17), FPR(18), FPR(19), FPR(20), FPR(21), FPR(22),
  FPR(23), FPR(24), FPR(25), FPR(26), FPR(27), FPR(28), FPR(29), FPR(30), FPR(31),
  VR(20), VR(21), VR(22), VR(23), VR(24), VR(25), VR(26), VR(27), VR(28), VR(29), VR(30), VR(31),
  { "stack left without secrets", STACK, 0, 0, 0 },
};
/* FPSCR enables VE OE UE ZE XE (0x80 .. 0x08) as their flags: VX and its causes, OX, UX, ZX, XX;
   FX, the sticky summary, follows any of them */
static unsigned long enabled_flags(const struct abi_block *b, int slot)
{
  unsigned long e = b->want[slot], out = 0;
  if (e & 0x80) out |= 0x01f80700UL;
  if (e & 0x40) out |= 0x10000000UL;
  if (e & 0x20) out |= 0x08000000UL;
  if (e & 0x10) out |= 0x04000000UL;
  if (e & 0x08) out |= 0x02000000UL;
  return out ? out | 0x80000000UL : 0;
}
#define FAKE3(a, b, c) FAKE(a) FAKE(b) FAKE(c)
FAKE3(r14, r15, r16) FAKE3(r17, r18, r19) FAKE3(r20, r21, r22) FAKE3(r23, r24, r25)
FAKE3(r26, r27, r28) FAKE3(r29, r30, r31) FAKE3(f14, f15, f16) FAKE3(f17, f18, f19)
FAKE3(f20, f21, f22) FAKE3(f23, f24, f25) FAKE3(f26, f27, f28) FAKE3(f29, f30, f31)
FAKE3(v20, v21, v22) FAKE3(v23, v24, v25) FAKE3(v26, v27, v28) FAKE3(v29, v30, v31)
FAKE3(r1, r2, r13) FAKE3(cr2, cr3, cr4) FAKE3(fpscr, vrsave, backchain) FAKE(aixlr) FAKE(clean) FAKE(leak)
#define FG(n) { "r" #n, abi_fake_r##n, INT, n - 14, 0 }
#define FF(n) { "f" #n, abi_fake_f##n, FP, n - 14, 0 }
#define FV(n) { "v" #n, abi_fake_v##n, VEC, n - 20, ABI_HAS_ALTIVEC }
static const struct fake fakes[] = {
  { "clean", abi_fake_clean, INT, -1, 0 },
  FG(14), FG(15), FG(16), FG(17), FG(18), FG(19), FG(20), FG(21), FG(22),
  FG(23), FG(24), FG(25), FG(26), FG(27), FG(28), FG(29), FG(30), FG(31),
  FF(14), FF(15), FF(16), FF(17), FF(18), FF(19), FF(20), FF(21), FF(22),
  FF(23), FF(24), FF(25), FF(26), FF(27), FF(28), FF(29), FF(30), FF(31),
  FV(20), FV(21), FV(22), FV(23), FV(24), FV(25), FV(26), FV(27), FV(28), FV(29), FV(30), FV(31),
  { "r1 returned 16 higher", abi_fake_r1, INT, 18, 0 },
  { "r2 changed", abi_fake_r2, INT, 19, 0 }, { "r13 changed", abi_fake_r13, INT, 20, 0 },
  { "CR2", abi_fake_cr2, INT, 21, 0 }, { "CR3", abi_fake_cr3, INT, 21, 0 },
  { "CR4", abi_fake_cr4, INT, 21, 0 },
  { "FPSCR left at round-to-nearest (mtfsfi 7,0)", abi_fake_fpscr, INT, 22, 0 },
  { "VRSAVE", abi_fake_vrsave, INT, 23, ABI_HAS_ALTIVEC },
  { "back chain overwritten", abi_fake_backchain, INT, 24, 0 },
  { "AIX linkage: LR saved at 8(r1)", abi_fake_aixlr, INT, FRAME_SLOT, 0 },
  { "k left below the stack pointer", abi_fake_leak, STACK, 0, 0 },
};

#elif defined(__powerpc64__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
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
#define GPR(n) { "r" #n, INT, n - 14, ALL, 0 }
#define FPR(n) { "f" #n, FP, n - 14, 0, 0 }
#define VR(n) { "v" #n, VEC, n - 20, 0, 0 }
static const struct check checks[] = {
  GPR(14), GPR(15), GPR(16), GPR(17), GPR(18), GPR(19), GPR(20), GPR(21), GPR(22),
  GPR(23), GPR(24), GPR(25), GPR(26), GPR(27), GPR(28), GPR(29), GPR(30), GPR(31),
  { "r1", INT, 18, ALL, 0 }, { "r2 (TOC)", INT, 19, ALL, 0 }, { "r13 (thread pointer)", INT, 20, ALL, 0 },
  { "CR2", INT, 21, 0x00f00000, 0 }, { "CR3", INT, 21, 0x000f0000, 0 },
  { "CR4", INT, 21, 0x0000f000, 0 },
  { "FPSCR RN", INT, 22, 0x03, 0 }, { "FPSCR NI", INT, 22, 0x04, 0 },
  { "FPSCR enables VE OE UE ZE XE", INT, 22, 0xf8, 0 },
  { "FPSCR exception flags", FLAGS, 22, 0x9ff80700UL, 0 },
  { "VRSAVE", INT, 23, ALL, 0 },
  { "back chain 0(r1)", INT, 24, ALL, 0 },
  { "VSCR NJ (non-Java mode)", INT, VSCR_SLOT, 0x00010000UL, 0 },
  { "VSCR SAT (saturation flag)", FLAGS, VSCR_SLOT, 0x1, 0 },
  FPR(14), FPR(15), FPR(16), FPR(17), FPR(18), FPR(19), FPR(20), FPR(21), FPR(22),
  FPR(23), FPR(24), FPR(25), FPR(26), FPR(27), FPR(28), FPR(29), FPR(30), FPR(31),
  VR(20), VR(21), VR(22), VR(23), VR(24), VR(25), VR(26), VR(27), VR(28), VR(29), VR(30), VR(31),
  { "stack left without secrets", STACK, 0, 0, 0 },
};
/* FPSCR enables VE OE UE ZE XE (0x80 .. 0x08) as their flags: VX and its causes, OX, UX, ZX, XX;
   FX, the sticky summary, follows any of them. VSCR's SAT has no trap. */
static unsigned long enabled_flags(const struct abi_block *b, int slot)
{
  unsigned long e = b->want[slot], out = 0;
  if (slot == VSCR_SLOT) return 0;
  if (e & 0x80) out |= 0x01f80700UL;
  if (e & 0x40) out |= 0x10000000UL;
  if (e & 0x20) out |= 0x08000000UL;
  if (e & 0x10) out |= 0x04000000UL;
  if (e & 0x08) out |= 0x02000000UL;
  return out ? out | 0x80000000UL : 0;
}
#define FAKE3(a, b, c) FAKE(a) FAKE(b) FAKE(c)
FAKE3(r14, r15, r16) FAKE3(r17, r18, r19) FAKE3(r20, r21, r22) FAKE3(r23, r24, r25)
FAKE3(r26, r27, r28) FAKE3(r29, r30, r31) FAKE3(f14, f15, f16) FAKE3(f17, f18, f19)
FAKE3(f20, f21, f22) FAKE3(f23, f24, f25) FAKE3(f26, f27, f28) FAKE3(f29, f30, f31)
FAKE3(v20, v21, v22) FAKE3(v23, v24, v25) FAKE3(v26, v27, v28) FAKE3(v29, v30, v31)
FAKE3(r1, r2, r13) FAKE3(cr2, cr3, cr4) FAKE3(fpscr, fpflags, vrsave) FAKE3(vscr, backchain, frame)
FAKE(clean) FAKE(leak)
#define FG(n) { "r" #n, abi_fake_r##n, INT, n - 14, 0 }
#define FF(n) { "f" #n, abi_fake_f##n, FP, n - 14, 0 }
#define FV(n) { "v" #n, abi_fake_v##n, VEC, n - 20, 0 }
static const struct fake fakes[] = {
  { "clean", abi_fake_clean, INT, -1, 0 },
  FG(14), FG(15), FG(16), FG(17), FG(18), FG(19), FG(20), FG(21), FG(22),
  FG(23), FG(24), FG(25), FG(26), FG(27), FG(28), FG(29), FG(30), FG(31),
  FF(14), FF(15), FF(16), FF(17), FF(18), FF(19), FF(20), FF(21), FF(22),
  FF(23), FF(24), FF(25), FF(26), FF(27), FF(28), FF(29), FF(30), FF(31),
  FV(20), FV(21), FV(22), FV(23), FV(24), FV(25), FV(26), FV(27), FV(28), FV(29), FV(30), FV(31),
  { "r1 returned 16 higher", abi_fake_r1, INT, 18, 0 },
  { "r2 changed", abi_fake_r2, INT, 19, 0 }, { "r13 changed", abi_fake_r13, INT, 20, 0 },
  { "CR2", abi_fake_cr2, INT, 21, 0 }, { "CR3", abi_fake_cr3, INT, 21, 0 },
  { "CR4", abi_fake_cr4, INT, 21, 0 },
  { "FPSCR left at round-to-nearest, exceptions disabled", abi_fake_fpscr, INT, 22, 0 },
  { "FPSCR flags ZX UX FX cleared", abi_fake_fpflags, INT, 22, 0 },
  { "VRSAVE", abi_fake_vrsave, INT, 23, 0 },
  { "VSCR NJ flipped", abi_fake_vscr, INT, VSCR_SLOT, 0 },
  { "back chain overwritten", abi_fake_backchain, INT, 24, 0 },
  { "the caller's TOC save word 24(r1) written", abi_fake_frame, INT, FRAME_SLOT, 0 },
  { "k left below the stack pointer", abi_fake_leak, STACK, 0, 0 },
};

#elif defined(__s390x__)
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

#elif defined(__sparc__) && defined(__arch64__)
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

#elif defined(__aarch64__)
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

#elif defined(__riscv) && __riscv_xlen == 64
/* RISC-V LP64D (Linux): s0-s11 and sp preserved, gp and tp never changed,
   fs0-fs11 preserved; every vector register, vl and vtype volatile, vstart
   zero at return (psABI); this project's rule: frm and vxrm come back
   exactly, the caller's raised fflags and vxsat stay raised (no FP traps
   exist, so none can be left pending); a callee with no stacked arguments
   writes nothing at or above its entry sp. */
#include <sys/auxv.h>
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

#elif defined(__arm__)
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

#else
#error "test/abi.c: no ABI description for this CPU"
#endif

#define NCHECK (sizeof checks / sizeof checks[0])
#define NFAKE (sizeof fakes / sizeof fakes[0])
#define NFRAME 8

/* ---- the caller's floating-point modes: three non-default ones with some
   status flags already raised (they must survive), exceptions that arithmetic
   here raises (inexact) masked; then one with every exception enabled ---- */

#define NMODES 4
static const char *const mode_names[NMODES] = { "rounding up, flags raised", "toward zero, one trap enabled",
  "rounding down", "every exception's trap enabled" };
static unsigned long features;

static void set_mode(struct abi_block *b, int mode)
{
#if defined(__x86_64__) || defined(__i386__)
  /* x87: 53-bit up with ZE raised; 24-bit toward zero, ZM unmasked, DE UE raised; 64-bit down;
     64-bit nearest, every exception unmasked. SSE: up with ZE raised; toward zero, FTZ, DAZ
     (where the CPU has it), ZM unmasked, DE PE raised; down; nearest, every exception unmasked. */
  static const unsigned long cw[NMODES] = { 0x0a7f, 0x0c7b, 0x077f, 0x0340 };
  static const unsigned long sw[NMODES] = { 0x04, 0x12, 0, 0 };
  unsigned long mxcsr[NMODES] = { 0x5f84, 0xfde2, 0x3f80, 0x0000 };
  if (!(features & ABI_HAS_DAZ)) mxcsr[1] &= ~0x40UL;
  b->want[GPRS] = cw[mode]; b->want[GPRS + 1] = mxcsr[mode]; b->want[X87_FLAGS] = sw[mode];
  b->want[GPRS + 2] = 0; b->want[GPRS + 3] = 0xffff;   /* DF clear, x87 stack empty */
#define MODE_SLOTS { GPRS, GPRS + 1, X87_FLAGS }
#elif defined(__powerpc__)
  /* toward zero with ZX raised; up with ZE, UX raised; down with VE and NI, ZX raised;
     nearest with every enable (VE OE UE ZE XE); FX follows a raised flag */
  static const unsigned long fpscr[NMODES] = { 0x84000001UL, 0x88000012UL, 0x84000087UL, 0xf8 };
  b->want[22] = fpscr[mode];
#if defined(__powerpc64__)
  {
    /* VSCR: NJ with SAT raised; neither; NJ; SAT raised */
    static const unsigned long vscr[NMODES] = { 0x00010001UL, 0, 0x00010000UL, 0x1 };
    b->want[VSCR_SLOT] = vscr[mode];
  }
#define MODE_SLOTS { 22, VSCR_SLOT }
#else
#define MODE_SLOTS { 22 }
#endif
#elif defined(__s390x__)
  /* FPC: up with DZ raised; toward zero with the divide mask set, UF and inexact raised;
     down (DFP: toward zero); nearest with every IEEE mask set */
  static const unsigned long fpc[NMODES] = { 0x00400002UL, 0x40180001UL, 0x00000053UL, 0xf8000000UL };
  b->want[9] = fpc[mode];
#define MODE_SLOTS { 9 }
#elif defined(__sparc__)
  /* toward zero with dza, ufa accrued; up with DZM, nxa, ufa accrued; down with NVM and NS,
     dza accrued; nearest with every trap enabled (TEM); %asi primary, primary no-fault */
  static const unsigned long fsr[NMODES] = { 0x400000c0UL, 0x810000a0UL, 0xc8400040UL, 0x0f800000UL };
  static const unsigned long asi[NMODES] = { 0x80, 0x82, 0x80, 0x82 };
  b->want[21] = fsr[mode];
  b->want[30] = asi[mode];
#define MODE_SLOTS { 21, 30 }
#elif defined(__aarch64__)
  /* up with DZC IDC raised; toward zero with FZ and DZE, UFC IXC raised; down with DN and AHP;
     nearest with every trap enabled (IOE DZE OFE UFE IXE IDE) */
  static const unsigned long fpcr[NMODES] = { 0x00400000UL, 0x01c00200UL, 0x06800000UL, 0x9f00UL };
  static const unsigned long fpsr[NMODES] = { 0x82UL, 0x18UL, 0, 0 };
  b->want[12] = fpcr[mode];
  b->want[13] = fpsr[mode];
#define MODE_SLOTS { 12 }
#elif defined(__riscv)
  /* fcsr: up with DZ raised; toward zero with NV NX raised; down; to nearest, ties to max
     magnitude. vxrm: each of its four modes; vxsat raised in the first; vstart zero */
  static const unsigned long fcsr[NMODES] = { 0x68, 0x31, 0x40, 0x80 };
  b->want[15] = fcsr[mode];
  b->want[16] = (unsigned long) mode & 3;
  b->want[17] = mode == 0;
  b->want[18] = 0;
#define MODE_SLOTS { 15, 16 }
#elif defined(__arm__)
  /* up with DZC IDC raised; toward zero with FZ and DZE, UFC IXC raised; down with DN and AHP;
     nearest with every trap enabled (IOE DZE OFE UFE IXE IDE) */
  static const unsigned long fpscr[NMODES] = { 0x00400082UL, 0x01c00218UL, 0x06800000UL, 0x9f00UL };
  b->want[9] = fpscr[mode];
#define MODE_SLOTS { 9 }
#endif
}

static int checked(unsigned long need) { return (need & features) == need; }

static const char *check_name(unsigned int c, char *buffer)
{
  if (c < NCHECK) return checks[c].name;
  sprintf(buffer, "caller's frame word at " FRAME_NAME, (unsigned) (FRAME_BASE + FRAME_STRIDE * (c - NCHECK)));
  return buffer;
}

/* the stack check's finding for the last call ("" when clean), and the deepest use seen */
static char stack_finding[400];
static size_t stack_deepest;
#define PAINT 0xa55aa55aa55aa55aULL

/* check c (frame words follow the table) failed? describe it in text */
static int check_fails(const struct abi_block *b, unsigned int c, char *text)
{
  char name[80];
  int kind = c < NCHECK ? checks[c].kind : INT;
  int slot = c < NCHECK ? checks[c].slot : (int) (FRAME_SLOT + c - NCHECK);
  unsigned long mask = c < NCHECK ? checks[c].mask : ALL;
  if (c < NCHECK && !checked(checks[c].need)) return 0;
  if (kind == STACK) {
    if (!*stack_finding) return 0;
    sprintf(text, "%s: %s", check_name(c, name), stack_finding);
  } else if (kind == FLAGS) {
    unsigned long want = b->want[slot] & mask, got = b->got[slot] & mask;
    unsigned long cleared = want & ~got, pending = got & ~want & enabled_flags(b, slot);
    if (!cleared && !pending) return 0;
    if (cleared) sprintf(text, "%s: the caller's flags 0x%lx were cleared (0x%lx became 0x%lx)", check_name(c, name),
                         cleared, want, got);
    else sprintf(text, "%s: 0x%lx raised with its exception enabled by the caller (a trap pending for it; "
                 "0x%lx became 0x%lx)", check_name(c, name), pending, want, got);
  } else if (kind == UPPER) {
    unsigned long before = b->want[slot] & mask, after = b->got[slot] & mask;
    if (!(after & ~before)) return 0;
    sprintf(text, "%s: XINUSE bits 0x%lx before the call (the caller's), 0x%lx after it", check_name(c, name),
            before, after);
  } else if (kind == INT) {
    unsigned long want = b->want[slot] & mask, got = b->got[slot] & mask;
    if (want == got) return 0;
    sprintf(text, "%s expected 0x%0*lx, got 0x%0*lx", check_name(c, name),
      2 * ABI_W, want, 2 * ABI_W, got);
  } else {
    unsigned int size = kind == FP ? 8 : 16;
    const unsigned char *want = kind == FP ? b->fwant + 8 * slot : b->vwant + 16 * slot;
    const unsigned char *got = kind == FP ? b->fgot + 8 * slot : b->vgot + 16 * slot;
    char w[33], g[33];
    if (memcmp(want, got, size) == 0) return 0;
    hex_encode(w, want, size);
    hex_encode(g, got, size);
    sprintf(text, "%s expected %s, got %s", check_name(c, name), w, g);
  }
  return 1;
}

/* where check c looks: flags live in INT slots, and a fake is caught by any check of its slot */
static void check_place(unsigned int c, int *kind, int *slot)
{
  *kind = c < NCHECK ? checks[c].kind : INT;
  *slot = c < NCHECK ? checks[c].slot : (int) (FRAME_SLOT + c - NCHECK);
  if (*kind == FLAGS || *kind == UPPER) *kind = INT;
}

#ifdef XINUSE
/* the caller's upper halves: clean, ymm dirty, zmm dirty (XINUSE bits asked for) */
static const unsigned long upper_asked[3] = { 0, 0x04, 0x44 };
static const char *upper_name(unsigned long bits)
{
  if (!(features & ABI_HAS_XINUSE)) return "";
  return bits & 0x40 && (features & ABI_HAS_ZMM) ? "zmm upper halves dirty"
    : bits & 0x44 ? "ymm upper halves dirty" : "upper halves clean";
}
#define UPPER_WHERE(b) (features & ABI_HAS_XINUSE) ? ", caller's " : "", upper_name((b)->want[XINUSE])
#define UPPER_MODES (features & ABI_HAS_ZMM ? ", caller's upper halves clean, ymm dirty, zmm dirty" \
                     : features & ABI_HAS_XINUSE ? ", caller's upper halves clean, ymm dirty" : "")
#else
#define UPPER_WHERE(b) "", ""
#define UPPER_MODES ""
#endif

/* fill the block with fresh known values for every slot */
static void prepare(struct abi_block *b, uint64_t *prng, void (*fn)(void), unsigned long pad, int mode)
{
  unsigned char bytes[ABI_NINT * ABI_W];
  memset(b, 0, sizeof *b);
  b->fn = (unsigned long) fn;
  b->pad = pad;
  b->flags = features;
  prng_fill(prng, bytes, sizeof bytes);
  memcpy(b->want, bytes, sizeof b->want);
  prng_fill(prng, b->fwant, sizeof b->fwant);
  prng_fill(prng, b->vwant, sizeof b->vwant);
  b->paint = PAINT;
  set_mode(b, mode);
#ifdef XINUSE
  b->want[XINUSE] = upper_asked[(pad / 16 + (unsigned long) mode) % 3];   /* the caller's upper state, by call() */
#endif
  stack_finding[0] = 0;
}

/* ---- calling ---- */

static const char *calling = "the harness";   /* what runs, for the SIGFPE report */

static void on_sigfpe(int signal)
{
  char text[300];
  int len = snprintf(text, sizeof text, "FAIL abi: a floating-point trap (SIGFPE) in %s\nFAIL abi\n", calling);
  (void) signal;
  if (write(1, text, (size_t) len) < 0) _exit(2);
  _exit(1);
}

#ifdef XINUSE
/* XINUSE bits 2 and 6: the upper halves of ymm0-15 and of zmm0-15 hold data */
static unsigned long upper_state(void)
{
  unsigned int lo, hi;
  __asm__ __volatile__("xgetbv" : "=a"(lo), "=d"(hi) : "c"(1));
  return lo & UPPER_BITS;
}
#endif

/* the call, from the caller's upper state asked for in want[XINUSE] (x86):
   vzeroupper, then one 512-bit (where the CPU has AVX-512) or 256-bit
   instruction and no vzeroupper, as compiled code leaves it; want[XINUSE]
   becomes the state the call starts from */
#if defined(__SSE__)
#define XMM7 "xmm7"
#else
#define XMM7   /* 32-bit code without SSE: the compiler keeps nothing in xmm7 */
#endif
static void call(struct abi_block *b)
{
#ifdef XINUSE
  if (features & ABI_HAS_XINUSE) {
    unsigned long asked = b->want[XINUSE];
    __asm__ __volatile__("vzeroupper" ::: "memory");
    if ((asked & 0x40) && (features & ABI_HAS_ZMM))
      __asm__ __volatile__("vpternlogd $0xff, %%zmm7, %%zmm7, %%zmm7" ::: XMM7);
    else if (asked & 0x44)
      __asm__ __volatile__("vpcmpeqd %%ymm7, %%ymm7, %%ymm7" ::: XMM7);
    b->want[XINUSE] = upper_state();
  }
#endif
  abi_call(b);
#ifdef XINUSE
  if (features & ABI_HAS_XINUSE) b->got[XINUSE] = upper_state();
#endif
}

/* after call(b) with secrets a: look for them in the stack it used, then call again with
   other secrets (again() sets the arguments for them, fills in other, and calls); a
   candidate is confirmed when that call left its own secrets in the same form at the same
   offset. With same_places (again() keeps every argument at its address and the public
   inputs as they were), any word below the stack pointer that the two calls left different
   depends on the secrets, whatever its form (a partial sum, a transformed round key: forms
   stackscan.c does not know), and fails too. The block is as the first call left it
   afterwards */
static void scan_stack(struct abi_block *b, const struct secrets *a,
                       void (*again)(struct abi_block *, void *, struct secrets *), void *context,
                       int same_places)
{
  static struct stack_find found[64];
  static struct abi_block first;
  static struct secrets other;
  size_t count, i, at, differ = 0, nearest = 0, depth = stack_depth(b->stack, ABI_NSTACK, (uint32_t) PAINT);
  if (depth > stack_deepest) stack_deepest = depth;
  if (depth + 16 > ABI_NSTACK)
    snprintf(stack_finding, sizeof stack_finding, "the call used all %d painted bytes of stack; the scan cannot see "
             "below them", ABI_NSTACK);
  count = stack_candidates(a, b->stack, ABI_NSTACK + ABI_NABOVE, (uint32_t) PAINT, found, 64);
  if (!count && !same_places) return;
  first = *b;
  again(b, context, &other);
  for (i = 0; i < count; ++i)
    if (stack_confirms(&other, b->stack, &found[i])) {
      char what[160];
      long offset = (long) found[i].offset - ABI_NSTACK;
      stack_describe(what, sizeof what, &found[i]);
      snprintf(stack_finding, sizeof stack_finding, "%s at sp%+ld after the call (and again with other secrets)",
               what, offset);
      break;
    }
  if (i == count && same_places) {
    for (at = 0; at + 4 <= ABI_NSTACK; at += 4)
      if (memcmp(first.stack + at, b->stack + at, 4)) {
        ++differ;
        nearest = at;
      }
    if (differ)
      snprintf(stack_finding, sizeof stack_finding, "%lu words below the stack pointer depend on the secrets (the "
               "same call with other secrets at the same addresses left them different), the nearest at sp%+ld",
               (unsigned long) differ, (long) nearest - ABI_NSTACK);
  }
  *b = first;
}

static int failures;

/* the control bits the harness asked for, against what the CPU read back
   before the call (which is what the checks compare with) */
static void mode_taken(const struct abi_block *b, const unsigned long *asked)
{
  static const int slots[] = MODE_SLOTS;
  static unsigned char told[NCHECK];
  unsigned int i, c;
  for (i = 0; i < sizeof slots / sizeof slots[0]; ++i)
    for (c = 0; c < NCHECK; ++c) {
      unsigned long mask = checks[c].mask;
      if (checks[c].slot != slots[i] || checks[c].kind != INT || !checked(checks[c].need)) continue;
      if (((asked[slots[i]] ^ b->want[slots[i]]) & mask) && !told[c]) {
        printf("note abi: %s: asked for 0x%lx, the CPU holds 0x%lx; checked as held\n",
          checks[c].name, asked[slots[i]] & mask, b->want[slots[i]] & mask);
        told[c] = 1;
      }
    }
}

/* ---- the selftest: every deliberately broken fake must be caught by its check ---- */

/* the harness obeys the ABI it checks: abi_call, called by itself around the
   compliant fake, keeps every promise to its caller (and the inner call's
   own checks hold) */
static void nested(uint64_t *prng)
{
  struct abi_block *outer, *inner;
  unsigned int c, bad = 0;
  char text[256], first[300] = "";
  int mode;
  if (posix_memalign((void **) &outer, 64, sizeof *outer) || posix_memalign((void **) &inner, 64, sizeof *inner)) {
    printf("FAIL abi selftest: out of memory\n");
    ++failures;
    return;
  }
  for (mode = 0; mode < NMODES; ++mode) {
    prepare(inner, prng, abi_fake_clean, 16UL * (unsigned long) ((mode + 1) % 3), (mode + 1) % NMODES);
    prepare(outer, prng, (void (*)(void)) abi_call, 16UL * (unsigned long) (mode % 3), mode);
    outer->arg[0] = (unsigned long) inner;
    calling = "the harness called by itself";
    call(outer);
    for (c = 0; c < NCHECK + NFRAME; ++c) {
      if (check_fails(outer, c, text) && !bad++) sprintf(first, "the harness itself breaks %s", text);
      if (check_fails(inner, c, text) && !bad++) sprintf(first, "under itself, %s", text);
    }
    if (outer->ret != 0 && !bad++) strcpy(first, "the harness did not return 0");
  }
  free(outer);
  free(inner);
  if (bad) { printf("FAIL abi selftest nested: %s\n", first); ++failures; }
  else printf("ok abi selftest nested: the harness called by itself keeps every promise it checks\n");
}

/* the fakes' arguments: out, kr (8-aligned: the sparc64 leak fake loads it by doublewords), n */
struct fake_args { uint64_t kr[4], n[2]; unsigned char out[64]; };

static void fake_again(struct abi_block *b, void *context, struct secrets *other)
{
  struct fake_args *args = context;
  secrets_of(other, (const unsigned char *) args->kr, (const unsigned char *) args->n, NULL);
  b->arg[1] = (unsigned long) args->kr;
  b->arg[2] = (unsigned long) args->n;
  call(b);
}

static void selftest(void)
{
  unsigned int f, c, caught_total = 0, tried = 0;
  uint64_t prng = 99;
  static struct fake_args args[2];
  static struct secrets secret;
  int i;
  for (i = 0; i < 2; ++i) {
    prng_fill(&prng, (unsigned char *) args[i].kr, 32);
    prng_fill(&prng, (unsigned char *) args[i].n, 16);
  }
  secrets_of(&secret, (const unsigned char *) args[0].kr, (const unsigned char *) args[0].n, NULL);
  for (f = 0; f < NFAKE; ++f) {
    struct abi_block *b;
    char text[256], first[256] = "", other[256] = "";
    int mode, caught = 0, stray = 0;
    if (!checked(fakes[f].need)) {
      printf("ok abi selftest %s: skipped, this CPU lacks it\n", fakes[f].name);
      continue;
    }
    if (posix_memalign((void **) &b, 64, sizeof *b)) { printf("FAIL abi selftest: out of memory\n"); ++failures; return; }
    if (fakes[f].slot >= 0) ++tried;
    for (mode = 0; mode < NMODES; ++mode) {
      prepare(b, &prng, fakes[f].fn, 16UL * (unsigned long) (mode % 3), mode);
      b->arg[0] = (unsigned long) args[0].out;
      b->arg[1] = (unsigned long) args[0].kr;
      b->arg[2] = (unsigned long) args[0].n;
      b->arg[3] = (unsigned long) args[0].out;
      b->arg[4] = 0;
      calling = fakes[f].name;
      call(b);
      scan_stack(b, &secret, fake_again, &args[1], 0);
      for (c = 0; c < NCHECK + NFRAME; ++c) {
        int kind, slot;
        if (!check_fails(b, c, text)) continue;
        check_place(c, &kind, &slot);
        if (kind == fakes[f].kind && slot == fakes[f].slot) {
          if (!caught++) strcpy(first, text);
        } else if (!stray++) strcpy(other, text);
      }
    }
    free(b);
    if (fakes[f].slot < 0) {
      if (stray) { printf("FAIL abi selftest %s: a compliant function is flagged: %s\n", fakes[f].name, other); ++failures; }
      else printf("ok abi selftest %s: a compliant function passes every check\n", fakes[f].name);
    } else if (!caught) {
      printf("FAIL abi selftest %s: not caught%s%s\n", fakes[f].name, stray ? "; flagged instead: " : "", other);
      ++failures;
    } else if (stray) {
      printf("FAIL abi selftest %s: caught, but also flagged: %s\n", fakes[f].name, other);
      ++failures;
    } else {
      printf("ok abi selftest %s: caught: %s\n", fakes[f].name, first);
      ++caught_total;
    }
  }
  printf("%s abi selftest: %u of %u broken fakes caught\n", caught_total == tried ? "ok" : "FAIL", caught_total, tried);
  if (caught_total != tried && !failures) ++failures;
  nested(&prng);
}

/* ---- the implementation under test ---- */

static void clamp_ref(unsigned char kr[32])
{
  kr[19] &= 15; kr[23] &= 15; kr[27] &= 15; kr[31] &= 15;
  kr[20] &= 252; kr[24] &= 252; kr[28] &= 252;
}

/* the arguments of one call of the implementation (run) */
struct call_args {
  int which;                      /* 0 authenticate, 1 verify (right tag), 2 verify (wrong tag),
                                     3 onetimeauth (kr is the one-time key r || s) */
  unsigned char kr[32], n[16], tag[16], right[16], area[48];
  const unsigned char *m;
  unsigned int l;
};

static void set_args(struct abi_block *b, struct call_args *a)
{
  unsigned int i;
  if (a->which == 3) ref_onetimeauth(a->right, a->kr, a->m, a->l);
  else ref_authenticate(a->right, a->kr, a->n, a->m, a->l);
  memcpy(a->tag, a->right, 16);
  if (a->which == 2) a->tag[a->l % 16] ^= (unsigned char) (1 << (a->l % 8));
  for (i = 0; i < sizeof a->area; ++i) a->area[i] = (unsigned char) (0xa5 ^ i);
  b->arg[0] = (unsigned long) (a->which == 0 || a->which == 3 ? a->area + 16 : a->tag);
  b->arg[1] = (unsigned long) a->kr;
  b->arg[2] = (unsigned long) a->n;
  b->arg[3] = (unsigned long) a->m;
  b->arg[4] = a->l;
  if (a->which == 3) {   /* onetimeauth(out, key, m, l), l a size_t */
    b->arg[2] = (unsigned long) a->m;
    b->arg[3] = a->l;
  }
#if defined(__x86_64__)
  b->arg[4] |= 0x5a5a5a5a00000000UL;   /* the ABI leaves the upper half of a 32-bit argument undefined */
#endif
}

/* the same call with another key and nonce (for the stack scan), in place: every argument at
   the same address, the message the same */
static void run_again(struct abi_block *b, void *context, struct secrets *other)
{
  struct call_args *a = context;
  static uint64_t prng = 4242;
  prng_fill(&prng, a->kr, 32);
  prng_fill(&prng, a->n, 16);
  clamp_ref(a->kr);
  set_args(b, a);
  if (a->which == 3) secrets_of_onetime(other, a->kr, NULL);
  else secrets_of(other, a->kr, a->n, a->which ? a->right : NULL);
  call(b);
}

static void run(int which)
{
  /* 4100: above every vector threshold (poly1305aes_amd64's sse2 and generic paths from 2560
     bytes, arm64's hybrid loop from 3072), its last block partial; 32785: above the switch of
     poly1305aes_x86's ifma path from its ymm to its zmm code (a wipe of its own size) */
  static const unsigned int lengths[] = { 0, 1, 15, 16, 17, 64, 1000, 4100, 32785 };
  static const char *const names[] = { "authenticate", "verify (right tag)", "verify (wrong tag)", "onetimeauth" };
  static unsigned char buffer[32785 + 8];
  static struct call_args a;
  static struct secrets secret;
  unsigned long asked[ABI_NINT];
  uint64_t prng = 1000 + (uint64_t) which;
  unsigned int li, c, calls = 0, bad = 0;
  unsigned long pad;
  int mode;
  struct abi_block *b;
  if (posix_memalign((void **) &b, 64, sizeof *b)) { printf("FAIL abi: out of memory\n"); ++failures; return; }
  stack_deepest = 0;
  for (li = 0; li < sizeof lengths / sizeof lengths[0]; ++li)
    for (pad = 0; pad <= 48; pad += 16)
      for (mode = 0; mode < NMODES; ++mode) {
        unsigned int i;
        char text[500], where[200];
        a.which = which;
        a.l = lengths[li];
        a.m = buffer + (pad / 16 + (unsigned long) mode) % 8;   /* misaligned too */
        prng_fill(&prng, a.kr, 32);
        prng_fill(&prng, a.n, 16);
        prng_fill(&prng, (unsigned char *) a.m, a.l);
        if (mode == 1) {   /* all-0xff message, largest clamped r */
          memset((unsigned char *) a.m, 0xff, a.l);
          memset(which == 3 ? a.kr : a.kr + 16, 0xff, 16);
        }
        clamp_ref(a.kr);
        prepare(b, &prng, which == 0 ? (void (*)(void)) poly1305aes_authenticate
                          : which == 3 ? (void (*)(void)) poly1305aes_onetimeauth
                                       : (void (*)(void)) poly1305aes_verify, pad, mode);
        set_args(b, &a);
        memcpy(asked, b->want, sizeof asked);
        snprintf(where, sizeof where, "%s, length %u, stack pad %lu, caller mode %d (%s)%s%s", names[which], a.l,
                 pad, mode, mode_names[mode], UPPER_WHERE(b));
        calling = where;
        call(b);
        ++calls;
        if (which == 0 || which == 3) {
          char g[33], w[33];
          if (memcmp(a.area + 16, a.right, 16)) {
            hex_encode(g, a.area + 16, 16);
            hex_encode(w, a.right, 16);
            if (bad++ < 10) printf("FAIL abi %s: tag expected %s, got %s\n", where, w, g);
          }
          for (i = 0; i < sizeof a.area; ++i)
            if ((i < 16 || i >= 32) && a.area[i] != (unsigned char) (0xa5 ^ i)) {
              if (bad++ < 10) printf("FAIL abi %s: byte %d beside the tag overwritten\n", where, (int) i - 16);
              break;
            }
        } else {
          unsigned int expect = which == 1 ? 1 : 0, got = (unsigned int) b->ret;
          if (got != expect && bad++ < 10) printf("FAIL abi %s: returned %u, expected %u\n", where, got, expect);
        }
        if (which == 3) secrets_of_onetime(&secret, a.kr, NULL);
        else secrets_of(&secret, a.kr, a.n, which ? a.right : NULL);
        scan_stack(b, &secret, run_again, &a, 1);
        mode_taken(b, asked);
        for (c = 0; c < NCHECK + NFRAME; ++c)
          if (check_fails(b, c, text) && bad++ < 10) printf("FAIL abi %s: %s\n", where, text);
      }
  calling = "the harness";
  free(b);
  if (bad) {
    printf("FAIL abi %s: %u problems in %u calls (the deepest used %lu bytes of stack)\n", names[which], bad, calls,
           (unsigned long) stack_deepest);
    ++failures;
  }
  else printf("ok abi %s: %u calls (lengths 0 1 15 16 17 64 1000 4100 32785, stack pads 0 16 32 48, %d caller FP modes, "
              "message offsets 0-6%s), every check holds; the deepest call used %lu bytes of stack and left no "
              "secret in them\n", names[which], calls, NMODES, UPPER_MODES, (unsigned long) stack_deepest);
}

/* ---- the path's core entry points (common/core.h) ---- */

/* weak: an implementation without path_core links, and the harness says so */
extern const struct poly1305aes_core *poly1305aes_path_core(unsigned int i) __attribute__((weak));

static union { unsigned char bytes[POLY1305AES_CORE_STATE_MAX]; double align[2]; } __attribute__((aligned(16))) core_state;

/* one call of an entry point: which 0 aes, 1 start, 2 blocks, 3 finish;
   blocks and finish get a state started and fed `before` blocks first
   (directly, not through the harness) */
struct core_args {
  const struct poly1305aes_core *core;
  int which;
  unsigned char kr[32], n[16], s[16], want[16], area[48];
  const unsigned char *m;
  unsigned long before, nblocks, pad;
};

static void core_set_args(struct abi_block *b, struct core_args *a)
{
  struct ref_state ref;
  unsigned long i;
  aes_ref_encrypt(a->s, a->kr, a->n);
  ref_start(&ref, a->kr);
  for (i = 0; i < a->before + a->nblocks; ++i)
    if (i < a->before || a->pad) ref_chunk(&ref, a->m + 16 * i, 16);
    else {   /* pad 0: the block as the padded chunk it ends with (its last nonzero byte the 1) */
      unsigned int len = 16;
      while (len > 0 && a->m[16 * i + len - 1] == 0) --len;
      ref_chunk(&ref, a->m + 16 * i, len - 1);
    }
  ref_tag(a->want, &ref, a->s);
  if (a->which == 0) memcpy(a->want, a->s, 16);
  for (i = 0; i < sizeof a->area; ++i) a->area[i] = (unsigned char) (0xa5 ^ i);
  if (a->which >= 2) {
    a->core->start(core_state.bytes, a->kr + 16);
    a->core->blocks(core_state.bytes, a->m, a->before, 1);
  }
  if (a->which == 3) a->core->blocks(core_state.bytes, a->m + 16 * a->before, a->nblocks, (unsigned int) a->pad);
  b->arg[0] = a->which == 0 ? (unsigned long) (a->area + 16) : (unsigned long) core_state.bytes;
  b->arg[1] = a->which == 0 ? (unsigned long) a->kr : a->which == 1 ? (unsigned long) (a->kr + 16)
            : a->which == 2 ? (unsigned long) (a->m + 16 * a->before) : (unsigned long) a->s;
  b->arg[2] = a->which == 0 ? (unsigned long) a->n : a->which == 2 ? a->nblocks : (unsigned long) (a->area + 16);
  b->arg[3] = a->pad;
  b->arg[4] = 0;
}

/* the tag the state gives now (after start or blocks: the rest absorbed directly) */
static void core_result(struct core_args *a, unsigned char tag[16])
{
  if (a->which == 0 || a->which == 3) {
    memcpy(tag, a->area + 16, 16);
    return;
  }
  if (a->which == 1) {
    a->core->blocks(core_state.bytes, a->m, a->before, 1);
    a->core->blocks(core_state.bytes, a->m + 16 * a->before, a->nblocks, (unsigned int) a->pad);
  }
  a->core->finish(core_state.bytes, a->s, tag);
}

static void core_again(struct abi_block *b, void *context, struct secrets *other)
{
  struct core_args *a = context;   /* in place, as run_again */
  static uint64_t prng = 4343;
  prng_fill(&prng, a->kr, 32);
  prng_fill(&prng, a->n, 16);
  clamp_ref(a->kr);
  core_set_args(b, a);
  secrets_of(other, a->kr, a->n, NULL);
  call(b);
}

static void run_core(const struct poly1305aes_core *core, int which)
{
  /* blocks before the call, and in it: 0, 1, 2, about LANES_FROM (poly1305aes_53: 24 blocks), the
     stream buffer's groups (x86/paths.h's grouped code: 32 blocks, the powers set in the call), above */
  static const unsigned long counts[][2] = { { 0, 0 }, { 0, 1 }, { 3, 2 }, { 1, 24 }, { 0, 25 }, { 0, 32 }, { 1, 64 },
                                             { 2, 70 }, { 0, 256 } };
  static const char *const names[] = { "core aes", "core start", "core blocks", "core finish" };
  static unsigned char buffer[16 * 260 + 8];
  static struct core_args a;
  static struct secrets secret;
  unsigned long asked[ABI_NINT];
  uint64_t prng = 2000 + (uint64_t) which;
  unsigned int ci, c, calls = 0, bad = 0;
  unsigned long pad;
  int mode;
  struct abi_block *b;
  if (posix_memalign((void **) &b, 64, sizeof *b)) { printf("FAIL abi: out of memory\n"); ++failures; return; }
  stack_deepest = 0;
  for (ci = 0; ci < sizeof counts / sizeof counts[0]; ++ci)
    for (pad = 0; pad <= 48; pad += 16)
      for (mode = 0; mode < NMODES; ++mode) {
        unsigned char tag[16];
        char text[500], where[200];
        unsigned int i;
        a.core = core;
        a.which = which;
        a.before = counts[ci][0];
        a.nblocks = counts[ci][1];
        a.pad = (unsigned long) (mode != 2);   /* pad 0 in one caller mode: the block ends 01 00.. */
        a.m = buffer + (pad / 16 + (unsigned long) mode) % 8;
        prng_fill(&prng, a.kr, 32);
        prng_fill(&prng, a.n, 16);
        prng_fill(&prng, (unsigned char *) a.m, 16 * (a.before + a.nblocks));
        if (mode == 1) {   /* all-0xff message, largest clamped r */
          memset((unsigned char *) a.m, 0xff, 16 * (a.before + a.nblocks));
          memset(a.kr + 16, 0xff, 16);
        }
        if (!a.pad)
          for (i = 0; i < a.nblocks; ++i) memcpy((unsigned char *) a.m + 16 * (a.before + i) + 13, "\001\000\000", 3);
        clamp_ref(a.kr);
        prepare(b, &prng, which == 0 ? (void (*)(void)) core->aes : which == 1 ? (void (*)(void)) core->start
                          : which == 2 ? (void (*)(void)) core->blocks : (void (*)(void)) core->finish, pad, mode);
        core_set_args(b, &a);
        memcpy(asked, b->want, sizeof asked);
        snprintf(where, sizeof where, "%s, %lu blocks after %lu, pad %lu, stack pad %lu, caller mode %d (%s)",
                 names[which], a.nblocks, a.before, a.pad, pad, mode, mode_names[mode]);
        calling = where;
        call(b);
        ++calls;
        calling = "the harness";
        core_result(&a, tag);
        if (memcmp(tag, a.want, 16) && bad++ < 10) printf("FAIL abi %s: wrong result\n", where);
        if (which == 0 || which == 3)
          for (i = 0; i < sizeof a.area; ++i)
            if ((i < 16 || i >= 32) && a.area[i] != (unsigned char) (0xa5 ^ i)) {
              if (bad++ < 10) printf("FAIL abi %s: byte %d beside the output overwritten\n", where, (int) i - 16);
              break;
            }
        secrets_of(&secret, a.kr, a.n, NULL);
        scan_stack(b, &secret, core_again, &a, 1);
        mode_taken(b, asked);
        for (c = 0; c < NCHECK + NFRAME; ++c)
          if (check_fails(b, c, text) && bad++ < 10) printf("FAIL abi %s: %s\n", where, text);
      }
  free(b);
  if (bad) {
    printf("FAIL abi %s: %u problems in %u calls (the deepest used %lu bytes of stack)\n", names[which], bad, calls,
           (unsigned long) stack_deepest);
    ++failures;
  }
  else printf("ok abi %s: %u calls (blocks 0 1 2 24 25 70 256 after 0-3, pad 1 and 0, stack pads 0 16 32 48, %d caller "
              "FP modes, message offsets 0-6), every check holds; the deepest call used %lu bytes of stack and left no "
              "secret in them\n", names[which], calls, NMODES, (unsigned long) stack_deepest);
}

#if defined(POLY1305AES_STACK_PROBE)
/* the build's stack probe (common/stack.h): on the current path, calls of
   authenticate and verify at every length from 0 to 17 and around each power
   of 2 up to 16 KiB and each vector threshold the dispatchers name (320 to
   4100, and 32 KiB: poly1305aes_x86's switch to its zmm code), and (where the implementation provides path_core) of each core
   entry point with block counts across the same thresholds, at four stack
   pads and two caller FP modes, each on a painted stack; prints for each
   area the most bytes the calls whose wipe recorded it wrote below the
   wipe's frame (common/stack.h), and for calls that wiped nothing (area 0)
   the bytes they wrote below the caller's stack pointer */
static const char *measure_failure;

/* one prepared call (b's function and arguments set); adds its depth to deepest[area] */
static int measure_call(struct abi_block *b, unsigned long deepest[4])
{
  unsigned long bottom, deepest_at, top, used;
  unsigned int area;
  size_t depth;
  poly1305aes_stack_area = 0;
  poly1305aes_stack_top = 0;
  call(b);
  depth = stack_depth(b->stack, ABI_NSTACK, (uint32_t) PAINT);
  area = poly1305aes_stack_area;
  /* the painted bytes' lowest address in the call's stack (the block was zero before) */
  for (bottom = 0; bottom + 4 <= ABI_NRUN; bottom += 4) {
    uint32_t word;
    memcpy(&word, b->run + bottom, 4);
    if (word == (uint32_t) PAINT) break;
  }
  deepest_at = (unsigned long) (b->run + bottom) + (ABI_NSTACK - depth);
  top = poly1305aes_stack_top;
  measure_failure = area > 3 ? "a wipe recorded no known area" : depth + 16 > ABI_NSTACK ?
    "the call used all the painted stack" : (area && (top < deepest_at || top >= (unsigned long) (b->run + ABI_NRUN))) ?
    "the wipe's frame is not above the deepest byte written" : NULL;
  if (measure_failure) return 1;
  used = area ? top - deepest_at : depth;
  if (used > deepest[area]) deepest[area] = used;
  return 0;
}

static int measure_path(unsigned int p, const char *path)
{
  static const unsigned int extra[] = { 320, 384, 640, 896, 2560, 3072, 4100, 32768, 32785 };
  static const unsigned long core_counts[][2] = { { 0, 0 }, { 0, 1 }, { 3, 2 }, { 0, 19 }, { 0, 20 }, { 1, 24 },
    { 0, 25 }, { 0, 32 }, { 0, 40 }, { 0, 56 }, { 0, 64 }, { 2, 70 },
    { 0, 128 }, { 0, 160 }, { 0, 256 } };
  static unsigned char buffer[32785 + 16];
  static const char *const area_names[4] = { "none", "scalar", "vector", "core" };
  static struct core_args a;
  const struct poly1305aes_core *core = poly1305aes_path_core ? poly1305aes_path_core(p) : NULL;
  unsigned int lengths[64], count = 0, i, k, which, area;
  unsigned long pad, deepest[4] = { 0, 0, 0, 0 };
  uint64_t prng = 77;
  int mode;
  struct abi_block *b;
  unsigned char kr[32], n[16], tag[16], out[16];
  for (i = 0; i <= 17; ++i) lengths[count++] = i;
  for (k = 5; k <= 14; ++k)
    for (i = 0; i < 3; ++i) lengths[count++] = (1u << k) - 1 + i;
  for (i = 0; i < sizeof extra / sizeof extra[0]; ++i) lengths[count++] = extra[i];
  if (posix_memalign((void **) &b, 64, sizeof *b)) { printf("FAIL abi --measure: out of memory\n"); return 1; }
  for (i = 0; i < count; ++i)
    for (which = 0; which < 2; ++which)
      for (pad = 0; pad <= 48; pad += 16)
        for (mode = 0; mode < 2; ++mode) {
          const unsigned char *m = buffer + (i + pad / 16) % 8;
          prng_fill(&prng, kr, 32);
          prng_fill(&prng, n, 16);
          prng_fill(&prng, (unsigned char *) m, lengths[i]);
          memset(tag, 0, sizeof tag);
          prepare(b, &prng, which == 0 ? (void (*)(void)) poly1305aes_authenticate
                                       : (void (*)(void)) poly1305aes_verify, pad, mode);
          b->arg[0] = (unsigned long) (which == 0 ? out : tag);
          b->arg[1] = (unsigned long) kr;
          b->arg[2] = (unsigned long) n;
          b->arg[3] = (unsigned long) m;
          b->arg[4] = lengths[i];
          if (measure_call(b, deepest)) {
            printf("FAIL abi --measure: path %s, length %u: %s\n", path, lengths[i], measure_failure);
            free(b);
            return 1;
          }
        }
  for (i = 0; core && i < sizeof core_counts / sizeof core_counts[0]; ++i)
    for (which = 0; which < 4; ++which)
      for (pad = 0; pad <= 48; pad += 16)
        for (mode = 0; mode < 2; ++mode) {
          a.core = core;
          a.which = (int) which;
          a.before = core_counts[i][0];
          a.nblocks = core_counts[i][1];
          a.pad = (unsigned long) (mode == 0);
          a.m = buffer + (pad / 16 + (unsigned long) mode) % 8;
          prng_fill(&prng, a.kr, 32);
          prng_fill(&prng, a.n, 16);
          prng_fill(&prng, (unsigned char *) a.m, 16 * (a.before + a.nblocks));
          clamp_ref(a.kr);
          prepare(b, &prng, which == 0 ? (void (*)(void)) core->aes : which == 1 ? (void (*)(void)) core->start
                            : which == 2 ? (void (*)(void)) core->blocks : (void (*)(void)) core->finish, pad, mode);
          core_set_args(b, &a);
          if (measure_call(b, deepest)) {
            printf("FAIL abi --measure: path %s, core entry %u, %lu blocks: %s\n", path, which, a.nblocks,
                   measure_failure);
            free(b);
            return 1;
          }
        }
  free(b);
  for (area = 0; area < 4; ++area)
    if (deepest[area]) printf("%s %s %lu\n", path, area_names[area], deepest[area]);
  return 0;
}

static int measure(void)
{
  unsigned int p;
  const char *path;
  for (p = 0; (path = poly1305aes_path_name(p)) != NULL; ++p) {
    if (!poly1305aes_path_use(p)) printf("%s - cannot-run\n", path);
    else if (measure_path(p, path)) return 1;
  }
  return 0;
}
#endif

static int layout_ok(void)
{
  return offsetof(struct abi_block, fn) == ABI_FN && offsetof(struct abi_block, arg) == ABI_ARG
    && offsetof(struct abi_block, ret) == ABI_RET && offsetof(struct abi_block, pad) == ABI_PAD
    && offsetof(struct abi_block, flags) == ABI_FLAGS && offsetof(struct abi_block, host) == ABI_HOST
    && offsetof(struct abi_block, want) == ABI_WANT && offsetof(struct abi_block, got) == ABI_GOT
    && offsetof(struct abi_block, fwant) == ABI_FWANT && offsetof(struct abi_block, fgot) == ABI_FGOT
    && offsetof(struct abi_block, vwant) == ABI_VWANT && offsetof(struct abi_block, vgot) == ABI_VGOT
    && offsetof(struct abi_block, paint) == ABI_PAINT && offsetof(struct abi_block, stack) == ABI_STACK
    && offsetof(struct abi_block, run) == ABI_RUN && ABI_RUNTOP % 16 == 0
    && sizeof(struct abi_block) == ABI_SIZE && sizeof(unsigned long) == ABI_W;
}

int main(int argc, char **argv)
{
  unsigned int c, p, tested = 0;
  int first;
  int only_selftest = argc > 1 && strcmp(argv[1], "--selftest") == 0;
  int measuring = argc > 1 && strcmp(argv[1], "--measure") == 0;
  const char *path;
  struct sigaction trap;
  setvbuf(stdout, NULL, _IOLBF, 0);
#if !defined(POLY1305AES_STACK_PROBE)
  if (measuring) { fprintf(stderr, "%s: --measure needs the probe build (POLY1305AES_STACK_PROBE)\n", argv[0]); return 2; }
#endif
  if (argc > 1 && !only_selftest && !measuring) { fprintf(stderr, "usage: %s [--selftest | --measure]\n", argv[0]); return 2; }
  if (!layout_ok()) { printf("FAIL abi: struct abi_block does not match test/abi.h\n"); return 1; }
  memset(&trap, 0, sizeof trap);
  trap.sa_handler = on_sigfpe;
  sigaction(SIGFPE, &trap, NULL);
  features = abi_features();
#if defined(__powerpc__) && defined(__linux__)
  if (getauxval(AT_HWCAP) & 0x10000000UL) features |= ABI_HAS_ALTIVEC;   /* PPC_FEATURE_HAS_ALTIVEC */
  prctl(PR_SET_FPEXC, PR_FP_EXC_PRECISE);   /* an enabled exception traps, as a careful caller may ask */
#endif
#if defined(__riscv)
  if (getauxval(AT_HWCAP) & (1UL << ('V' - 'A'))) features |= ABI_HAS_RVV;
#endif
#ifdef XINUSE
  {
    unsigned int a, b, cx, d, xcr0, xd;
    if (__get_cpuid(1, &a, &b, &cx, &d) && (cx & (1u << 27)) && (cx & (1u << 28))) {   /* OSXSAVE, AVX */
      __asm__ __volatile__("xgetbv" : "=a"(xcr0), "=d"(xd) : "c"(0));
      if ((xcr0 & 6) == 6 && __get_cpuid_count(0xd, 1, &a, &b, &cx, &d) && (a & (1u << 2)))
        features |= ABI_HAS_XINUSE;   /* ymm state saved, and XGETBV with ECX = 1 */
      if ((features & ABI_HAS_XINUSE) && (xcr0 & 0xe6) == 0xe6 && __get_cpuid_count(7, 0, &a, &b, &cx, &d)
          && (b & (1u << 16)))
        features |= ABI_HAS_ZMM;      /* AVX-512F, zmm state saved */
    }
  }
#endif
#if defined(POLY1305AES_STACK_PROBE)
  if (measuring) return measure();
#endif
  printf("abi harness for %s, checking", poly1305aes_implementation);
  for (c = 0, first = 1; c < NCHECK; ++c)
    if (checked(checks[c].need)) printf("%s %s", first ? ":" : ",", checks[c].name), first = 0;
  printf(" and the caller's frame words at " FRAME_NAME "..+%u\n", (unsigned) FRAME_BASE, (unsigned) (FRAME_BASE + FRAME_STRIDE * (NFRAME - 1)));
  for (c = 0, first = 1; c < NCHECK; ++c)
    if (!checked(checks[c].need)) printf("%s %s", first ? "note abi: this CPU lacks, so not checked:" : ",", checks[c].name), first = 0;
  if (!first) printf("\n");
  selftest();
  if (!only_selftest)
    for (p = 0; (path = poly1305aes_path_name(p)) != NULL; ++p) {
      if (!poly1305aes_path_use(p)) {
        printf("note abi: path %s: this CPU cannot run it, so it is not checked here\n", path);
        continue;
      }
      printf("path %s\n", path);
      run(0);
      run(1);
      run(2);
      run(3);
      if (!poly1305aes_path_core)
        printf("note abi: path %s: %s provides no path_core yet, so its core entry points are not checked\n", path,
               poly1305aes_implementation);
      else if (!poly1305aes_path_core(p)) {
        printf("FAIL abi: path_core(%u) is NULL for path %s\n", p, path);
        ++failures;
      } else {
        int which;
        for (which = 0; which < 4; ++which) run_core(poly1305aes_path_core(p), which);
      }
      ++tested;
    }
  if (!only_selftest && !tested) { printf("FAIL abi: no code path runs on this CPU\n"); ++failures; }
  printf("%s abi\n", failures ? "FAIL" : "PASS");
  return failures ? 1 : 0;
}
