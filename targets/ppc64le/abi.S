/* SPDX-License-Identifier: CC0-1.0 */
/* ABI harness for 64-bit little-endian POWER, ELFv2 (Linux; GNU as; its
   data through the TOC, r2 recomputed from its own address after the call
   under test: PIC and non-PIC links work). Assumes the ELFv2 ABI:
   r1 preserved, r2 (the TOC; one per program in the static links tested
   here) and r13 (the thread pointer) never changed, r14-r31, f14-f31
   (doubleword 0 of vs14-vs31), v20-v31, VRSAVE and CR2-CR4 preserved; the
   FPSCR control bits and VSCR's NJ restored (this project's rule); a callee
   is entered with r12 = its address, may write the CR and LR words 8(r1) and
   16(r1) of its caller's frame and nothing else there; r1 16-aligned.
   AltiVec is present (every ppc64le CPU has it).
   Slots (test/abi.c names them): want/got 0-17 r14-r31, 18 r1, 19 r2, 20 r13,
   21 CR, 22 FPSCR, 23 VRSAVE, 24 the back chain 0(r1), 25 VSCR, 26-33 the
   words 24(r1)..80(r1) of the caller's frame; fwant 0-17 f14-f31; vwant 0-11
   v20-v31. host[2..3] and host[4] of the block are scratch (VSCR, FPSCR). */
#include "abi.h"
#include "../shared/powerpc_abi.S"
#if !defined(__powerpc64__) || !defined(__BYTE_ORDER__) || __BYTE_ORDER__ != __ORDER_LITTLE_ENDIAN__
#error "targets/ppc64le/abi.S is for 64-bit little-endian POWER"
#endif

#define WANT(i) ABI_WANT + 8 * (i)
#define GOT(i) ABI_GOT + 8 * (i)
#define VSCRTMP (ABI_HOST + 16)  /* 16-aligned: the block is */
#define FPTMP (ABI_HOST + 32)
/* the harness's frame: 32 current, 40 CR, 48 FPSCR, 56 VRSAVE, 64 VSCR,
   80 r14-r31, 224 f14-f31, 368 v20-v31 */
#define SAVE 560
/* the call's frame: 0 back chain, 8 CR word, 16 LR word, 24-87 the frame words */
#define CALL 96

	.abiversion 2
	.machine power8
	.text
	.globl abi_call
	.type abi_call, @function
	.p2align 4
abi_call:
0:	addis %r2, %r12, (.TOC. - 0b)@ha /* the global entry: r2 from r12 (a call through a pointer) */
	addi %r2, %r2, (.TOC. - 0b)@l
	.localentry abi_call, . - abi_call
	mflr %r0
	std %r0, 16(%r1)
	stdu %r1, -SAVE(%r1)
	.irp n, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31
	std %r\n, 80 + 8 * (\n - 14)(%r1)
	stfd %f\n, 224 + 8 * (\n - 14)(%r1)
	.endr
	mfcr %r0
	std %r0, 40(%r1)
	mffs %f0
	stfd %f0, 48(%r1)
	mfvrsave %r0
	std %r0, 56(%r1)
	mfvscr %v0
	li %r4, 64
	stvx %v0, %r1, %r4
	.irp n, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31
	li %r4, 368 + 16 * (\n - 20)
	stvx %v\n, %r1, %r4
	.endr
	std %r1, ABI_HOST(%r3)           /* found again even if the callee moves r1 */
	addis %r4, %r2, current@toc@ha
	addi %r4, %r4, current@toc@l
	std %r4, ABI_HOST + 8(%r3)
	ld %r0, 0(%r4)                   /* kept, so the harness can run under itself */
	std %r0, 32(%r1)
	std %r3, 0(%r4)

	ld %r4, ABI_PAD(%r3)
	addi %r4, %r4, CALL              /* not r0: as addi's source it reads as 0 */
	addis %r5, %r3, ABI_RUNTOP@ha    /* the call's own stack, in the block */
	addi %r5, %r5, ABI_RUNTOP@l
	subf %r5, %r4, %r5
	std %r1, 0(%r5)                  /* its back chain */
	mr %r1, %r5
	.irp i, 0, 1, 2, 3, 4, 5, 6, 7
	ld %r4, WANT(26 + \i)(%r3)
	std %r4, 24 + 8 * \i(%r1)
	.endr
	std %r1, WANT(18)(%r3)
	std %r2, WANT(19)(%r3)
	std %r13, WANT(20)(%r3)
	ld %r4, 0(%r1)
	std %r4, WANT(24)(%r3)
	ld %r4, WANT(22)(%r3)            /* FPSCR: the low word, control and flags */
	std %r4, FPTMP(%r3)
	lfd %f0, FPTMP(%r3)
	mtfsf 0xff, %f0
	mffs %f0                         /* as the CPU holds it */
	stfd %f0, FPTMP(%r3)
	ld %r4, FPTMP(%r3)
	std %r4, WANT(22)(%r3)
	ld %r4, WANT(23)(%r3)
	mtvrsave %r4
	mfvrsave %r4                     /* 32 bits */
	std %r4, WANT(23)(%r3)
	ld %r4, WANT(25)(%r3)            /* VSCR: word element 3 (big-endian numbering) is */
	std %r4, VSCRTMP(%r3)            /* the little-endian word at the lowest address */
	li %r4, 0
	std %r4, VSCRTMP + 8(%r3)
	li %r4, VSCRTMP
	lvx %v0, %r3, %r4
	mtvscr %v0
	mfvscr %v0
	stvx %v0, %r3, %r4
	lwz %r4, VSCRTMP(%r3)
	std %r4, WANT(25)(%r3)
	ld %r4, WANT(21)(%r3)
	mtcrf 0xff, %r4
	.irp n, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31
	li %r4, ABI_VWANT + 16 * (\n - 20)
	lvx %v\n, %r3, %r4
	.endr
	lwz %r5, ABI_PAINT(%r3)          /* paint the stack the callee will use */
	li %r6, ABI_NSTACK / 4
	mtctr %r6
	mr %r6, %r1
8:	stwu %r5, -4(%r6)
	bdnz 8b
	.irp n, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31
	lfd %f\n, ABI_FWANT + 8 * (\n - 14)(%r3)
	.endr
	ld %r12, ABI_FN(%r3)             /* ELFv2: the global entry point takes its address in r12 */
	mtctr %r12
	.irp n, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31
	ld %r\n, WANT(\n - 14)(%r3)
	.endr
	ld %r8, WANT(0)(%r3)             /* junk in the other volatile registers */
	mr %r9, %r8
	mr %r10, %r8
	mr %r11, %r8
	mr %r0, %r8
	ld %r4, ABI_ARG + 8(%r3)
	ld %r5, ABI_ARG + 16(%r3)
	ld %r6, ABI_ARG + 24(%r3)
	ld %r7, ABI_ARG + 32(%r3)
	ld %r3, ABI_ARG(%r3)
	bctrl

	mr %r12, %r3
	mr %r9, %r2
	bcl 20, 31, 4f                   /* r2 from this address: the callee may have changed it */
4:	mflr %r2
	addis %r2, %r2, (.TOC. - 4b)@ha
	addi %r2, %r2, (.TOC. - 4b)@l
	addis %r11, %r2, current@toc@ha
	ld %r11, current@toc@l(%r11)
	std %r12, ABI_RET(%r11)
	std %r9, GOT(19)(%r11)
	.irp n, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31
	std %r\n, GOT(\n - 14)(%r11)
	stfd %f\n, ABI_FGOT + 8 * (\n - 14)(%r11)
	.endr
	std %r1, GOT(18)(%r11)
	std %r13, GOT(20)(%r11)
	mfcr %r0
	std %r0, GOT(21)(%r11)
	mffs %f0
	stfd %f0, FPTMP(%r11)
	ld %r0, FPTMP(%r11)
	std %r0, GOT(22)(%r11)
	mfvrsave %r0
	std %r0, GOT(23)(%r11)
	mfvscr %v0
	li %r10, VSCRTMP
	stvx %v0, %r11, %r10
	lwz %r0, VSCRTMP(%r11)
	std %r0, GOT(25)(%r11)
	.irp n, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31
	li %r10, ABI_VGOT + 16 * (\n - 20)
	stvx %v\n, %r11, %r10
	.endr
	ld %r10, WANT(18)(%r11)          /* the call frame as it was */
	ld %r0, 0(%r10)
	std %r0, GOT(24)(%r11)
	.irp i, 0, 1, 2, 3, 4, 5, 6, 7
	ld %r0, 24 + 8 * \i(%r10)
	std %r0, GOT(26 + \i)(%r11)
	.endr
	addi %r5, %r10, -ABI_NSTACK - 8  /* the stack the callee used, before r1 moves up */
	addi %r6, %r11, ABI_STACK - 8
	li %r7, (ABI_NSTACK + ABI_NABOVE) / 8
	mtctr %r7
9:	ldu %r0, 8(%r5)
	stdu %r0, 8(%r6)
	bdnz 9b

	ld %r2, WANT(19)(%r11)
	ld %r13, WANT(20)(%r11)
	ld %r1, ABI_HOST(%r11)
	.irp n, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31
	ld %r\n, 80 + 8 * (\n - 14)(%r1)
	lfd %f\n, 224 + 8 * (\n - 14)(%r1)
	.endr
	lfd %f0, 48(%r1)
	mtfsf 0xff, %f0
	ld %r0, 56(%r1)
	mtvrsave %r0
	li %r4, 64
	lvx %v0, %r1, %r4
	mtvscr %v0
	.irp n, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31
	li %r4, 368 + 16 * (\n - 20)
	lvx %v\n, %r1, %r4
	.endr
	ld %r4, ABI_HOST + 8(%r11)
	ld %r0, 32(%r1)
	std %r0, 0(%r4)
	ld %r0, 40(%r1)
	mtcrf 0x38, %r0                  /* CR2-CR4 */
	addi %r1, %r1, SAVE
	ld %r0, 16(%r1)
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

	fake fpscr                       /* round to nearest, every exception disabled, never restored */
	mtfsfi 7, 0
	mtfsfi 6, 0
	blr

	fake fpflags                     /* clears the caller's raised flags (ZX, UX, FX) */
	mtfsb0 5
	mtfsb0 4
	mtfsb0 0
	blr

	fake vrsave
	mfvrsave %r0
	nor %r0, %r0, %r0
	mtvrsave %r0
	blr

	fake vscr                        /* flips NJ */
	mfvscr %v0
	vspltisw %v1, 1
	vspltisw %v2, -16                /* vslw takes the low 5 bits: 16 */
	vslw %v1, %v1, %v2
	vxor %v0, %v0, %v1
	mtvscr %v0
	blr

	fake leak                        /* leaves k (its kr argument) below its stack pointer */
	ld %r5, 0(%r4)
	std %r5, -64(%r1)
	ld %r5, 8(%r4)
	std %r5, -56(%r1)
	blr

	fake backchain
	std %r0, 0(%r1)
	blr

	fake frame                       /* writes its caller's TOC save word */
	std %r0, 24(%r1)
	blr

	fake clean                       /* obeys the ABI while touching much */
	mflr %r0
	std %r0, 16(%r1)                 /* the CR and LR words of the caller's frame are ours */
	mfcr %r12
	stw %r12, 8(%r1)
	stdu %r1, -96(%r1)
	std %r31, 88(%r1)
	stfd %f31, 80(%r1)
	li %r11, 64
	stvx %v31, %r1, %r11
	mffs %f0
	stfd %f0, 48(%r1)
	li %r31, -1
	fneg %f31, %f31
	vnor %v31, %v31, %v31
	crnot 10, 10
	crnot 18, 18
	mtfsfi 7, 0
	.irp n, 0, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12
	li %r\n, -1
	.endr
	.irp n, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13
	fneg %f\n, %f\n
	.endr
	.irp n, 0, 1, 2, 3, 19
	vnor %v\n, %v\n, %v\n
	.endr
	mtctr %r3
	mtxer %r3
	lfd %f0, 48(%r1)
	mtfsf 0xff, %f0
	li %r11, 64
	lvx %v31, %r1, %r11
	lfd %f31, 80(%r1)
	ld %r31, 88(%r1)
	addi %r1, %r1, 96
	lwz %r12, 8(%r1)
	mtcrf 0x38, %r12
	ld %r0, 16(%r1)
	mtlr %r0
	blr

	abi_end
