/* SPDX-License-Identifier: CC0-1.0 */
/* What the PowerPC ABI harnesses (targets/ppc32/abi.S, targets/ppc64le/abi.S) do alike;
   after test/abi.h (the fake macro, the block's layout). GNU as. A word is ABI_W bytes
   (4 on ppc32, 8 on ppc64le), loaded and stored by LDW/STW (LDWU/STWU with update). The
   block is in r3 before the call and in r11 after it. */

#if defined(__powerpc64__)
#define LDW ld
#define STW std
#define LDWU ldu
#define STWU stdu
#else
#define LDW lwz
#define STW stw
#define LDWU lwzu
#define STWU stwu
#endif
#define WANT(i) ABI_WANT + ABI_W * (i)
#define GOT(i) ABI_GOT + ABI_W * (i)

/* \op (lvx or stvx) each of v20-v31 and the 16-byte slot at \base + \off + 16 (n - 20);
   \tmp holds the offset */
	.macro vregs op, base, tmp, off
	.irp n, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31
	li \tmp, \off + 16 * (\n - 20)
	\op %v\n, \base, \tmp
	.endr
	.endm

/* \op (lfd or stfd) each of f14-f31 and the 8-byte slot at \off + 8 (n - 14) from \base */
	.macro fregs op, base, off
	.irp n, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31
	\op %f\n, \off + 8 * (\n - 14)(\base)
	.endr
	.endm

/* r1 to the call's own stack in the block, its top ABI_RUNTOP lowered by the pad and
   the \call bytes of the call's frame, with a back chain to the harness's frame; the
   frame words want[\first..\first+7] into the frame from \frame(r1); want[18..20]
   and want[24] read as the callee will find them: r1, r2, r13 and the back chain */
	.macro run_stack_enter call, first, frame
	LDW %r4, ABI_PAD(%r3)
	addi %r4, %r4, \call              /* not r0: as addi's source it reads as 0 */
	addis %r5, %r3, ABI_RUNTOP@ha    /* the call's own stack, in the block */
	addi %r5, %r5, ABI_RUNTOP@l
	subf %r5, %r4, %r5
	STW %r1, 0(%r5)                  /* its back chain */
	mr %r1, %r5
	.irp i, 0, 1, 2, 3, 4, 5, 6, 7
	LDW %r4, WANT(\first + \i)(%r3)
	STW %r4, \frame + ABI_W * \i(%r1)
	.endr
	STW %r1, WANT(18)(%r3)
	STW %r2, WANT(19)(%r3)
	STW %r13, WANT(20)(%r3)
	LDW %r4, 0(%r1)
	STW %r4, WANT(24)(%r3)
	.endm

/* the word paint over the ABI_NSTACK bytes below r1, then f14-f31 from fwant[] */
	.macro paint_fwant
	lwz %r5, ABI_PAINT(%r3)          /* paint the stack the callee will use */
	li %r6, ABI_NSTACK / 4
	mtctr %r6
	mr %r6, %r1
8:	stwu %r5, -4(%r6)
	bdnz 8b
	fregs lfd, %r3, ABI_FWANT
	.endm

/* junk in the volatile registers r8-r11 and \other, the arguments from the block, and
   the call of the function in CTR */
	.macro junk_args_call other
	LDW %r8, WANT(0)(%r3)            /* junk in the other volatile registers */
	mr %r9, %r8
	mr %r10, %r8
	mr %r11, %r8
	mr \other, %r8
	LDW %r4, ABI_ARG + ABI_W(%r3)
	LDW %r5, ABI_ARG + 2 * ABI_W(%r3)
	LDW %r6, ABI_ARG + 3 * ABI_W(%r3)
	LDW %r7, ABI_ARG + 4 * ABI_W(%r3)
	LDW %r3, ABI_ARG(%r3)
	bctrl
	.endm

/* after the call (block in r11): got[24] and got[\first..\first+7] from the call's
   frame as it was (back chain, frame words from \frame), the stack from ABI_NSTACK
   below the call's r1 to ABI_NABOVE above into stack[], then r2, r13 and the
   harness's r1 back */
	.macro run_stack_leave first, frame
	LDW %r10, WANT(18)(%r11)         /* the call frame as it was */
	LDW %r0, 0(%r10)
	STW %r0, GOT(24)(%r11)
	.irp i, 0, 1, 2, 3, 4, 5, 6, 7
	LDW %r0, \frame + ABI_W * \i(%r10)
	STW %r0, GOT(\first + \i)(%r11)
	.endr
	addi %r5, %r10, -ABI_NSTACK - ABI_W  /* the stack the callee used, before r1 moves up */
	addi %r6, %r11, ABI_STACK - ABI_W
	li %r7, (ABI_NSTACK + ABI_NABOVE) / ABI_W
	mtctr %r7
9:	LDWU %r0, ABI_W(%r5)
	STWU %r0, ABI_W(%r6)
	bdnz 9b

	LDW %r2, WANT(19)(%r11)
	LDW %r13, WANT(20)(%r11)
	LDW %r1, ABI_HOST(%r11)
	.endm

/* the harness's return: `current` as it was (kept at \current(r1)), CR2-CR4 from
   \cr(r1), its frame of \save bytes popped, LR from \lr(r1) of the caller's frame; 0 */
	.macro harness_return current, cr, save, lr
	LDW %r4, ABI_HOST + ABI_W(%r11)
	LDW %r0, \current(%r1)
	STW %r0, 0(%r4)
	LDW %r0, \cr(%r1)
	mtcrf 0x38, %r0                  /* CR2-CR4 */
	addi %r1, %r1, \save
	LDW %r0, \lr(%r1)
	mtlr %r0
	li %r3, 0
	blr
	.endm

/* abi_features: none to report (AltiVec is read from AT_HWCAP by abi.c) */
	.macro powerpc_abi_features
	.globl abi_features
	.type abi_features, @function
abi_features:
	li %r3, 0
	blr
	.size abi_features, . - abi_features
	.endm

/* in the fake that obeys the ABI: r0 and r3-r12 set to -1, f1-f13 negated, with
   vectors=1 v0-v3 and v19 inverted (AltiVec), CTR and XER set from r3 */
	.macro clobber_volatile vectors=0
	.irp n, 0, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12
	li %r\n, -1
	.endr
	.irp n, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13
	fneg %f\n, %f\n
	.endr
	.if \vectors
	.irp n, 0, 1, 2, 3, 19
	vnor %v\n, %v\n, %v\n
	.endr
	.endif
	mtctr %r3
	mtxer %r3
	.endm

/* the broken callees both PowerPC ABIs share: each changes one of r14-r31,
   f14-f31, v20-v31, r1, r2, r13 and CR2-CR4, which a callee must leave as it found them */
	.macro fakes_powerpc
	.irp n, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31
	fake r\n
	nor %r\n, %r\n, %r\n
	blr
	fake f\n
	fneg %f\n, %f\n
	blr
	.endr
	.irp n, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31
	fake v\n
	vnor %v\n, %v\n, %v\n
	blr
	.endr
	fake r1                          /* returns with r1 16 bytes higher */
	addi %r1, %r1, 16
	blr
	fake r2
	addi %r2, %r2, 8
	blr
	fake r13
	addi %r13, %r13, 8
	blr
	.irp n, 2, 3, 4                  /* flips the EQ bit of CRn */
	fake cr\n
	crnot 4 * \n + 2, 4 * \n + 2
	blr
	.endr
	.endm

/* the fake that changes VRSAVE (AltiVec) */
	.macro fake_vrsave
	fake vrsave
	mfvrsave %r0
	nor %r0, %r0, %r0
	mtvrsave %r0
	blr
	.endm

/* the fake that leaves k (its kr argument, 16 bytes) below its stack pointer, and the
   one that changes the back chain word 0(r1) of its caller's frame */
	.macro fakes_leak_backchain
	fake leak
	.irp offset, 0, 4, 8, 12
	.if \offset % ABI_W == 0
	LDW %r5, \offset(%r4)
	STW %r5, -64 + \offset(%r1)
	.endif
	.endr
	blr

	fake backchain
	STW %r0, 0(%r1)
	blr
	.endm
