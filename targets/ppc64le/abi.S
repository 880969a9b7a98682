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
	vregs stvx, %r1, %r4, 368
	std %r1, ABI_HOST(%r3)           /* found again even if the callee moves r1 */
	addis %r4, %r2, current@toc@ha
	addi %r4, %r4, current@toc@l
	std %r4, ABI_HOST + 8(%r3)
	ld %r0, 0(%r4)                   /* kept, so the harness can run under itself */
	std %r0, 32(%r1)
	std %r3, 0(%r4)

	run_stack_enter CALL, 26, 24
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
	vregs lvx, %r3, %r4, ABI_VWANT
	paint_fwant
	ld %r12, ABI_FN(%r3)             /* ELFv2: the global entry point takes its address in r12 */
	mtctr %r12
	.irp n, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31
	ld %r\n, WANT(\n - 14)(%r3)
	.endr
	junk_args_call %r0

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
	vregs stvx, %r11, %r10, ABI_VGOT
	run_stack_leave 26, 24
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
	vregs lvx, %r1, %r4, 368
	harness_return 32, 40, SAVE, 16
	.size abi_call, . - abi_call

	powerpc_abi_features

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

	fake_vrsave

	fake vscr                        /* flips NJ */
	mfvscr %v0
	vspltisw %v1, 1
	vspltisw %v2, -16                /* vslw takes the low 5 bits: 16 */
	vslw %v1, %v1, %v2
	vxor %v0, %v0, %v1
	mtvscr %v0
	blr

	fakes_leak_backchain

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
	clobber_volatile vectors=1
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
