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

#define WANT(i) ABI_WANT + 4 * (i)
#define GOT(i) ABI_GOT + 4 * (i)
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
	.irp n, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31
	stfd %f\n, 104 + 8 * (\n - 14)(%r1)
	.endr
	mfcr %r0
	stw %r0, 8(%r1)
	mffs %f0
	stfd %f0, 16(%r1)
	lwz %r0, ABI_FLAGS(%r3)
	andi. %r0, %r0, ABI_HAS_ALTIVEC
	beq 1f
	mfvrsave %r0
	stw %r0, 12(%r1)
	.irp n, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31
	li %r4, 256 + 16 * (\n - 20)
	stvx %v\n, %r1, %r4
	.endr
1:	stw %r1, ABI_HOST(%r3)           /* found again even if the callee moves r1 */
	bcl 20, 31, 2f
2:	mflr %r4
	addis %r4, %r4, (current - 2b)@ha
	addi %r4, %r4, (current - 2b)@l
	stw %r4, ABI_HOST + 4(%r3)
	lwz %r0, 0(%r4)                  /* kept, so the harness can run under itself */
	stw %r0, 24(%r1)
	stw %r3, 0(%r4)

	lwz %r4, ABI_PAD(%r3)
	addi %r4, %r4, CALL              /* not r0: as addi's source it reads as 0 */
	addis %r5, %r3, ABI_RUNTOP@ha    /* the call's own stack, in the block */
	addi %r5, %r5, ABI_RUNTOP@l
	subf %r5, %r4, %r5
	stw %r1, 0(%r5)                  /* its back chain */
	mr %r1, %r5
	.irp i, 0, 1, 2, 3, 4, 5, 6, 7
	lwz %r4, WANT(25 + \i)(%r3)
	stw %r4, 8 + 4 * \i(%r1)
	.endr
	stw %r1, WANT(18)(%r3)
	stw %r2, WANT(19)(%r3)
	stw %r13, WANT(20)(%r3)
	lwz %r4, 0(%r1)
	stw %r4, WANT(24)(%r3)
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
	.irp n, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31
	li %r4, ABI_VWANT + 16 * (\n - 20)
	lvx %v\n, %r3, %r4
	.endr
3:	lwz %r5, ABI_PAINT(%r3)          /* paint the stack the callee will use */
	li %r6, ABI_NSTACK / 4
	mtctr %r6
	mr %r6, %r1
8:	stwu %r5, -4(%r6)
	bdnz 8b
	.irp n, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31
	lfd %f\n, ABI_FWANT + 8 * (\n - 14)(%r3)
	.endr
	lwz %r0, ABI_FN(%r3)
	mtctr %r0
	lmw %r14, WANT(0)(%r3)
	lwz %r8, WANT(0)(%r3)            /* junk in the other volatile registers */
	mr %r9, %r8
	mr %r10, %r8
	mr %r11, %r8
	mr %r12, %r8
	lwz %r4, ABI_ARG + 4(%r3)
	lwz %r5, ABI_ARG + 8(%r3)
	lwz %r6, ABI_ARG + 12(%r3)
	lwz %r7, ABI_ARG + 16(%r3)
	lwz %r3, ABI_ARG(%r3)
	bctrl

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
	.irp n, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31
	stfd %f\n, ABI_FGOT + 8 * (\n - 14)(%r11)
	.endr
	lwz %r0, ABI_FLAGS(%r11)
	andi. %r0, %r0, ABI_HAS_ALTIVEC
	beq 5f
	mfvrsave %r0
	stw %r0, GOT(23)(%r11)
	.irp n, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31
	li %r10, ABI_VGOT + 16 * (\n - 20)
	stvx %v\n, %r11, %r10
	.endr
5:	lwz %r10, WANT(18)(%r11)         /* the call frame as it was */
	lwz %r0, 0(%r10)
	stw %r0, GOT(24)(%r11)
	.irp i, 0, 1, 2, 3, 4, 5, 6, 7
	lwz %r0, 8 + 4 * \i(%r10)
	stw %r0, GOT(25 + \i)(%r11)
	.endr
	addi %r5, %r10, -ABI_NSTACK - 4  /* the stack the callee used, before r1 moves up */
	addi %r6, %r11, ABI_STACK - 4
	li %r7, (ABI_NSTACK + ABI_NABOVE) / 4
	mtctr %r7
9:	lwzu %r0, 4(%r5)
	stwu %r0, 4(%r6)
	bdnz 9b

	lwz %r2, WANT(19)(%r11)
	lwz %r13, WANT(20)(%r11)
	lwz %r1, ABI_HOST(%r11)
	lmw %r14, 32(%r1)
	.irp n, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31
	lfd %f\n, 104 + 8 * (\n - 14)(%r1)
	.endr
	lfd %f0, 16(%r1)
	mtfsf 0xff, %f0
	lwz %r0, ABI_FLAGS(%r11)
	andi. %r0, %r0, ABI_HAS_ALTIVEC
	beq 6f
	lwz %r0, 12(%r1)
	mtvrsave %r0
	.irp n, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31
	li %r4, 256 + 16 * (\n - 20)
	lvx %v\n, %r1, %r4
	.endr
6:	lwz %r4, ABI_HOST + 4(%r11)
	lwz %r0, 24(%r1)
	stw %r0, 0(%r4)
	lwz %r0, 8(%r1)
	mtcrf 0x38, %r0                  /* CR2-CR4 */
	addi %r1, %r1, SAVE
	lwz %r0, 4(%r1)
	mtlr %r0
	li %r3, 0
	blr
	.size abi_call, . - abi_call

	.globl abi_features
	.type abi_features, @function
abi_features:                            /* AltiVec is read from AT_HWCAP by abi.c */
	li %r3, 0
	blr
	.size abi_features, . - abi_features

/* Deliberately broken functions for abi --selftest: each breaks one promise (fake: test/abi.h). */
	fakes_powerpc                    /* the ones ppc64le and ppc32 share (targets/shared/powerpc_abi.S) */

	fake fpscr                       /* the aix/macos mode, never restored */
	mtfsfi 7, 0
	blr

	fake vrsave
	mfvrsave %r0
	nor %r0, %r0, %r0
	mtvrsave %r0
	blr

	fake leak                        /* leaves k (its kr argument) below its stack pointer */
	lwz %r5, 0(%r4)
	stw %r5, -64(%r1)
	lwz %r5, 4(%r4)
	stw %r5, -60(%r1)
	lwz %r5, 8(%r4)
	stw %r5, -56(%r1)
	lwz %r5, 12(%r4)
	stw %r5, -52(%r1)
	blr

	fake backchain
	stw %r0, 0(%r1)
	blr

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
	.irp n, 0, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12
	li %r\n, -1
	.endr
	.irp n, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13
	fneg %f\n, %f\n
	.endr
	mtctr %r3
	mtxer %r3
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
