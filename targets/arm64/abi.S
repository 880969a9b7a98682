/* SPDX-License-Identifier: CC0-1.0 */
/* ABI harness for 64-bit ARM (AAPCS64 as Linux uses it; GNU as; PC-relative,
   so PIC and non-PIC links work). Assumes x19-x29 and sp are preserved by a
   callee, and the low halves d8-d15 of v8-v15 (their upper halves and every
   other vector register are volatile); x18 is the platform register (this
   harness never writes it and does not check it); the FPCR control bits are
   restored (this project's rule) and the FPSR flags obey test/abi.c's rule;
   sp is 16-aligned at a call and a callee with no stacked arguments writes
   nothing at or above its entry sp (AArch64 Linux has no red zone above sp,
   none below it either: the harness paints below).
   Slots (test/abi.c names them): want/got 0-9 x19-x28, 10 x29, 11 sp,
   12 FPCR, 13 FPSR, 14-21 the words [sp+0..56] of the caller's frame at the
   call; fwant/fgot 0-7 d8-d15. */
#include "abi.h"
#if !defined(__aarch64__)
#error "targets/arm64/abi.S is for 64-bit ARM"
#endif

#define WANT(i) (ABI_WANT + 8 * (i))
#define GOT(i) (ABI_GOT + 8 * (i))
#define FWANT(i) (ABI_FWANT + 8 * (i))
#define FGOT(i) (ABI_FGOT + 8 * (i))

/* x19-x28 stored (op stp) or loaded (ldp) as pairs at base + at, 16 a pair */
.macro saved op, base, at
	\op x19, x20, [\base, #(\at)]
	\op x21, x22, [\base, #(\at) + 16]
	\op x23, x24, [\base, #(\at) + 32]
	\op x25, x26, [\base, #(\at) + 48]
	\op x27, x28, [\base, #(\at) + 64]
.endm

	.text
	.globl abi_call
	.type abi_call, %function
	.p2align 2
abi_call:
	stp x29, x30, [sp, #-192]!       /* 16: x19-x28, 96: d8-d15, 160: FPCR, 168: FPSR, 176: current */
	mov x29, sp
	saved stp, sp, 16
	stp d8, d9, [sp, #96]
	stp d10, d11, [sp, #112]
	stp d12, d13, [sp, #128]
	stp d14, d15, [sp, #144]
	mrs x1, fpcr
	mrs x2, fpsr
	stp x1, x2, [sp, #160]
	mov x1, sp
	str x1, [x0, #ABI_HOST]          /* found again even if the callee moves sp */
	adrp x1, current
	ldr x2, [x1, #:lo12:current]     /* kept, so the harness can run under itself */
	str x2, [sp, #176]
	str x0, [x1, #:lo12:current]

	ldr x1, =ABI_RUNTOP              /* the call's own stack, in the block */
	add x1, x0, x1
	ldr x2, [x0, #ABI_PAD]
	sub x1, x1, x2
	sub x1, x1, #64                  /* the 8 frame words at and above the call's sp */
	mov sp, x1
	.irp i, 0, 2, 4, 6
	ldp x2, x3, [x0, #WANT(14 + \i)]
	stp x2, x3, [sp, #8 * \i]
	.endr
	mov x1, sp
	str x1, [x0, #WANT(11)]
	ldr x1, [x0, #WANT(12)]
	msr fpcr, x1
	mrs x1, fpcr
	str x1, [x0, #WANT(12)]          /* as the CPU holds them */
	ldr x1, [x0, #WANT(13)]
	msr fpsr, x1
	mrs x1, fpsr
	str x1, [x0, #WANT(13)]
	ldr w1, [x0, #ABI_PAINT]         /* paint the stack the callee will use */
	mov x2, sp
	sub x3, x2, #ABI_NSTACK
1:	str w1, [x2, #-4]!
	cmp x2, x3
	b.ne 1b
	saved ldp, x0, WANT(0)
	ldr x29, [x0, #WANT(10)]
	.irp r, 8, 9, 10, 11, 12, 13, 14, 15
	ldr d\r, [x0, #FWANT(\r - 8)]
	.endr
	ldr x5, [x0, #WANT(0)]           /* junk in the other volatile registers */
	.irp r, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 17, 30
	mov x\r, x5
	.endr
	ldr x16, [x0, #ABI_FN]
	ldp x3, x4, [x0, #ABI_ARG + 24]
	ldp x1, x2, [x0, #ABI_ARG + 8]
	ldr x0, [x0, #ABI_ARG]
	blr x16

	adrp x9, current
	ldr x9, [x9, #:lo12:current]
	str x0, [x9, #ABI_RET]
	.irp r, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29
	str x\r, [x9, #GOT(\r - 19)]
	.endr
	mov x10, sp
	str x10, [x9, #GOT(11)]
	mrs x10, fpcr
	str x10, [x9, #GOT(12)]
	mrs x10, fpsr
	str x10, [x9, #GOT(13)]
	.irp r, 8, 9, 10, 11, 12, 13, 14, 15
	str d\r, [x9, #FGOT(\r - 8)]
	.endr
	ldr x10, [x9, #WANT(11)]         /* the call frame as it was */
	.irp i, 0, 1, 2, 3, 4, 5, 6, 7
	ldr x11, [x10, #8 * \i]
	str x11, [x9, #GOT(14 + \i)]
	.endr
	sub x11, x10, #ABI_NSTACK        /* the stack the callee used */
	add x12, x9, #ABI_STACK
	mov x13, #(ABI_NSTACK + ABI_NABOVE) / 16
2:	ldp x14, x15, [x11], #16
	stp x14, x15, [x12], #16
	subs x13, x13, #1
	b.ne 2b

	ldr x10, [x9, #ABI_HOST]
	mov sp, x10
	ldp x1, x2, [sp, #160]
	msr fpcr, x1                     /* the caller's FP state, flags as they were */
	msr fpsr, x2
	ldr x1, [sp, #176]
	adrp x2, current
	str x1, [x2, #:lo12:current]
	saved ldp, sp, 16
	ldp d8, d9, [sp, #96]
	ldp d10, d11, [sp, #112]
	ldp d12, d13, [sp, #128]
	ldp d14, d15, [sp, #144]
	ldp x29, x30, [sp], #192
	mov x0, #0
	ret
	.ltorg
	.size abi_call, . - abi_call

	.globl abi_features
	.type abi_features, %function
abi_features:                            /* FPCR trap enables held, if writing IXE sticks */
	mrs x1, fpcr
	orr x2, x1, #0x1000
	msr fpcr, x2
	mrs x2, fpcr
	msr fpcr, x1
	ubfx x0, x2, #12, #1
	lsl x0, x0, #4                   /* ABI_HAS_FPTRAPS */
	ret
	.size abi_features, . - abi_features

/* Deliberately broken functions for abi --selftest: each breaks one promise (fake: test/abi.h). */

	.irp r, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29
	fake x\r                         /* a leaf that uses a register it must not */
	mvn x\r, x\r
	ret
	.endr

	.irp r, 8, 9, 10, 11, 12, 13, 14, 15
	fake d\r                         /* changes the low half of a callee-saved vector register */
	mvn v\r\().8b, v\r\().8b
	ret
	.endr

	fake sp                          /* returns with sp 16 bytes higher */
	add sp, sp, #16
	ret

	fake fpcr                        /* round to nearest, everything default, never restored */
	msr fpcr, xzr
	ret

	fake fpsr                        /* clears the caller's raised flags */
	msr fpsr, xzr
	ret

	fake pending                     /* traps masked, 1/3 (inexact), the caller's FPCR back */
	mrs x9, fpcr
	mov x10, #0x9f00
	bic x10, x9, x10
	msr fpcr, x10
	fmov d0, #1.0
	fmov d1, #3.0
	fdiv d0, d0, d1
	msr fpcr, x9
	ret

	fake leak                        /* leaves k (its kr argument) below its stack pointer */
	ldp x9, x10, [x1]
	stp x9, x10, [sp, #-64]
	ret

	fake frame                       /* writes at its entry sp, the caller's frame */
	str xzr, [sp]
	ret

	fake clean                       /* obeys the ABI while touching much */
	stp x19, x20, [sp, #-32]!
	str d8, [sp, #16]
	mrs x9, fpcr
	mov x19, #-1
	mov x20, #-1
	.irp r, 0, 1, 2, 3, 4, 5, 6, 7, 8, 10, 11, 12, 13, 14, 15, 16, 17
	mov x\r, #-1
	.endr
	movi v0.2d, #-1
	movi v8.2d, #-1                  /* d8 is restored below; its upper half stays changed */
	movi v31.2d, #-1
	orr x10, x9, #0x00c00000         /* toward zero for a moment */
	msr fpcr, x10
	fmov d1, #1.0
	fadd d1, d1, d1                  /* exact: no flag */
	msr fpcr, x9
	ldr d8, [sp, #16]
	ldp x19, x20, [sp], #32
	ret

	abi_end
