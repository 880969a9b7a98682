/* SPDX-License-Identifier: CC0-1.0 */
/* ABI harness for 32-bit PowerPC System V ELF (big-endian Linux; GNU as;
   PIC-safe). Assumes the SysV ABI: r1 preserved, r2 and r13 never changed,
   r14-r31, f14-f31 and CR2-CR4 preserved, with AltiVec also v20-v31 and
   VRSAVE; FPSCR control bits restored; the callee saves LR at 4(r1) of its
   caller's frame and writes nothing else there; r1 16-aligned.
   Slots (test/abi.c names them): want/got 0-17 r14-r31, 18 r1, 19 r2, 20 r13,
   21 CR, 22 FPSCR (low word: control and exception flags), 23 VRSAVE, 24 the back chain 0(r1), 25-32 the
   words 8(r1)..36(r1) of the caller's frame; fwant 0-17 f14-f31; vwant 0-11
   v20-v31. */
#include "abi.h"
#include "../shared/powerpc_abi.S"
#if !defined(__powerpc__) || defined(__powerpc64__)
#error "targets/ppc32/abi.S is for 32-bit PowerPC"
#endif

#define SAVE 448     /* 8 CR, 12 VRSAVE, 16 FPSCR, 24 current, 32 r14-r31, 104 f14-f31, 256 v20-v31 */
#define CALL 48      /* 4 LR word, 8-39 frame words, 40 scratch doubleword */

	.machine altivec
	.text
	.globl abi_call
	.type abi_call, @function
abi_call:
	mflr %r0
	stw %r0, 4(%r1)
	stwu %r1, -SAVE(%r1)
	stmw %r14, 32(%r1)
	fregs stfd, %r1, 104
	mfcr %r0
	stw %r0, 8(%r1)
	mffs %f0
	stfd %f0, 16(%r1)
	lwz %r0, ABI_FLAGS(%r3)
	andi. %r0, %r0, ABI_HAS_ALTIVEC
	beq 1f
	mfvrsave %r0
	stw %r0, 12(%r1)
	vregs stvx, %r1, %r4, 256
1:	stw %r1, ABI_HOST(%r3)           /* found again even if the callee moves r1 */
	bcl 20, 31, 2f
2:	mflr %r4
	addis %r4, %r4, (current - 2b)@ha
	addi %r4, %r4, (current - 2b)@l
	stw %r4, ABI_HOST + 4(%r3)
	lwz %r0, 0(%r4)                  /* kept, so the harness can run under itself */
	stw %r0, 24(%r1)
	stw %r3, 0(%r4)

	run_stack_enter CALL, 25, 8
	li %r4, 0
	stw %r4, 40(%r1)
	lwz %r4, WANT(22)(%r3)
	stw %r4, 44(%r1)
	lfd %f0, 40(%r1)
	mtfsf 0xff, %f0
	mffs %f0                         /* as the CPU holds it */
	stfd %f0, 40(%r1)
	lwz %r4, 44(%r1)
	stw %r4, WANT(22)(%r3)
	lwz %r4, WANT(21)(%r3)
	mtcrf 0xff, %r4
	lwz %r0, ABI_FLAGS(%r3)
	andi. %r0, %r0, ABI_HAS_ALTIVEC  /* CR0 is volatile */
	beq 3f
	lwz %r4, WANT(23)(%r3)
	mtvrsave %r4
	vregs lvx, %r3, %r4, ABI_VWANT
3:	paint_fwant
	lwz %r0, ABI_FN(%r3)
	mtctr %r0
	lmw %r14, WANT(0)(%r3)
	junk_args_call %r12

	mr %r12, %r3
	bcl 20, 31, 4f
4:	mflr %r11
	addis %r11, %r11, (current - 4b)@ha
	lwz %r11, (current - 4b)@l(%r11)
	stw %r12, ABI_RET(%r11)
	stmw %r14, GOT(0)(%r11)
	stw %r1, GOT(18)(%r11)
	stw %r2, GOT(19)(%r11)
	stw %r13, GOT(20)(%r11)
	mfcr %r0
	stw %r0, GOT(21)(%r11)
	mffs %f0
	stfd %f0, ABI_HOST + 8(%r11)
	lwz %r0, ABI_HOST + 12(%r11)
	stw %r0, GOT(22)(%r11)
	fregs stfd, %r11, ABI_FGOT
	lwz %r0, ABI_FLAGS(%r11)
	andi. %r0, %r0, ABI_HAS_ALTIVEC
	beq 5f
	mfvrsave %r0
	stw %r0, GOT(23)(%r11)
	vregs stvx, %r11, %r10, ABI_VGOT
5:	run_stack_leave 25, 8
	lmw %r14, 32(%r1)
	fregs lfd, %r1, 104
	lfd %f0, 16(%r1)
	mtfsf 0xff, %f0
	lwz %r0, ABI_FLAGS(%r11)
	andi. %r0, %r0, ABI_HAS_ALTIVEC
	beq 6f
	lwz %r0, 12(%r1)
	mtvrsave %r0
	vregs lvx, %r1, %r4, 256
6:	harness_return 24, 8, SAVE, 4
	.size abi_call, . - abi_call

	powerpc_abi_features

/* Deliberately broken functions for abi --selftest: each breaks one promise (fake: test/abi.h). */
	fakes_powerpc                    /* the ones ppc64le and ppc32 share (targets/shared/powerpc_abi.S) */

	fake fpscr                       /* the aix/macos mode, never restored */
	mtfsfi 7, 0
	blr

	fake_vrsave

	fakes_leak_backchain

	fake aixlr                       /* AIX linkage: LR saved at 8(r1) */
	mflr %r0
	stw %r0, 8(%r1)
	blr

	fake clean                       /* obeys the ABI while touching much */
	mflr %r0
	stw %r0, 4(%r1)                  /* the LR word of the caller's frame is ours */
	stwu %r1, -48(%r1)
	stw %r31, 44(%r1)
	stfd %f31, 16(%r1)
	mfcr %r12
	stw %r12, 8(%r1)
	mffs %f0
	stfd %f0, 24(%r1)
	li %r31, -1
	fneg %f31, %f31
	crnot 10, 10
	crnot 22, 22
	mtfsfi 7, 0
	clobber_volatile
	lfd %f0, 24(%r1)
	mtfsf 0xff, %f0
	lwz %r12, 8(%r1)
	mtcrf 0x38, %r12
	lfd %f31, 16(%r1)
	lwz %r31, 44(%r1)
	addi %r1, %r1, 48
	lwz %r0, 4(%r1)
	mtlr %r0
	blr

	abi_end
