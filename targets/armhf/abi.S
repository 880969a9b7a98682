/* SPDX-License-Identifier: CC0-1.0 */
/* ABI harness for 32-bit ARM (AAPCS, VFP hard-float variant, Linux; GNU as,
   ARM state; it calls through blx, so Thumb callees work; PC-relative
   literals, so PIC and non-PIC links work). Assumes r4-r11 and sp are
   preserved by a callee (r9 is an ordinary callee-saved register on Linux),
   and d8-d15 (s16-s31, q4-q7); d0-d7 and d16-d31 are volatile; the FPSCR
   control bits (RMode, FZ, DN, AHP, the trap enables) are restored (this
   project's rule) and its cumulative flags obey test/abi.c's rule. The first
   four arguments go in r0-r3, the fifth in the word at the call's sp, which
   belongs to the callee; sp is 8-aligned at a call, and a callee writes
   nothing of its caller's frame above that word.
   Slots (test/abi.c names them): want/got 0-7 r4-r11, 8 sp, 9 FPSCR,
   10-17 the words [sp+4..32] of the caller's frame at the call; fwant/fgot
   0-7 d8-d15. */
#include "abi.h"
#if !defined(__arm__)
#error "targets/armhf/abi.S is for 32-bit ARM"
#endif

#define WANT(i) (ABI_WANT + 4 * (i))
#define GOT(i) (ABI_GOT + 4 * (i))

	.syntax unified
	.arch armv7-a
	.fpu vfpv3-d16
	.arm
	.text
	.globl abi_call
	.type abi_call, %function
	.p2align 2
abi_call:
	push {r4-r11, lr}
	sub sp, sp, #4
	vpush {d8-d15}
	vmrs r1, fpscr
	ldr r2, =current
	ldr r3, [r2]                     @ kept, so the harness can run under itself
	push {r1, r3}                    @ [sp] the caller's FPSCR, [sp+4] the outer block
	str r0, [r2]
	str sp, [r0, #ABI_HOST]          @ found again even if the callee moves sp

	ldr r1, =ABI_RUNTOP              @ the call's own stack, in the block
	add r1, r0, r1
	ldr r2, [r0, #ABI_PAD]
	sub r1, r1, r2
	sub sp, r1, #40                  @ the fifth argument, then the 8 frame words
	add r1, r0, #WANT(10)
	ldm r1, {r2-r9}
	add r1, sp, #4
	stm r1, {r2-r9}
	ldr r1, [r0, #ABI_ARG + 16]
	str r1, [sp]
	str sp, [r0, #WANT(8)]
	ldr r1, [r0, #WANT(9)]
	vmsr fpscr, r1
	vmrs r1, fpscr
	str r1, [r0, #WANT(9)]           @ as the CPU holds it
	ldr r1, [r0, #ABI_PAINT]         @ paint the stack the callee will use
	mov r2, sp
	sub r3, r2, #ABI_NSTACK
1:	str r1, [r2, #-4]!
	cmp r2, r3
	bne 1b
	add r1, r0, #ABI_WANT
	ldm r1, {r4-r11}
	add r1, r0, #ABI_FWANT
	vldm r1, {d8-d15}
	ldr r12, [r0, #ABI_FN]
	ldr r1, [r0, #ABI_ARG + 4]
	ldr r2, [r0, #ABI_ARG + 8]
	ldr r3, [r0, #ABI_ARG + 12]
	ldr r0, [r0, #ABI_ARG]
	vmov d0, r4, r4                  @ junk in a volatile register
	blx r12

	ldr r12, =current
	ldr r12, [r12]
	str r0, [r12, #ABI_RET]
	add r0, r12, #ABI_GOT
	stm r0, {r4-r11}
	str sp, [r12, #GOT(8)]
	vmrs r0, fpscr
	str r0, [r12, #GOT(9)]
	add r0, r12, #ABI_FGOT
	vstm r0, {d8-d15}
	ldr r1, [r12, #WANT(8)]          @ the call frame as it was
	add r1, r1, #4
	ldm r1, {r2-r9}
	add r0, r12, #GOT(10)
	stm r0, {r2-r9}
	ldr r1, [r12, #WANT(8)]          @ the stack the callee used
	sub r1, r1, #ABI_NSTACK
	ldr r0, =ABI_STACK
	add r0, r12, r0
	mov r2, #(ABI_NSTACK + ABI_NABOVE) / 16
2:	ldm r1!, {r3-r6}
	stm r0!, {r3-r6}
	subs r2, r2, #1
	bne 2b

	ldr sp, [r12, #ABI_HOST]
	pop {r1, r3}
	vmsr fpscr, r1                   @ the caller's FP state, flags as they were
	ldr r2, =current
	str r3, [r2]
	vpop {d8-d15}
	add sp, sp, #4
	pop {r4-r11, lr}
	mov r0, #0
	bx lr
	.ltorg
	.size abi_call, . - abi_call

	.globl abi_features
	.type abi_features, %function
abi_features:                            @ FPSCR trap enables held, if writing IXE sticks
	vmrs r1, fpscr
	orr r2, r1, #0x1000
	vmsr fpscr, r2
	vmrs r2, fpscr
	vmsr fpscr, r1
	ubfx r0, r2, #12, #1
	lsl r0, r0, #4                   @ ABI_HAS_FPTRAPS
	bx lr
	.size abi_features, . - abi_features

/* Deliberately broken functions for abi --selftest: each breaks one promise (fake: test/abi.h). */

	.irp r, 4, 5, 6, 7, 8, 9, 10, 11
	fake r\r                         @ a leaf that uses a register it must not
	mvn r\r, r\r
	bx lr
	.endr

	.irp r, 8, 9, 10, 11, 12, 13, 14, 15
	fake d\r                         @ changes a callee-saved VFP register
	vneg.f64 d\r, d\r
	bx lr
	.endr

	fake sp                          @ returns with sp 8 bytes higher
	add sp, sp, #8
	bx lr

	fake fpscr                       @ round to nearest, everything default, never restored
	mov r1, #0
	vmsr fpscr, r1
	bx lr

	fake flags                       @ clears the caller's raised flags
	vmrs r1, fpscr
	bic r1, r1, #0x9f
	bic r1, r1, #0x08000000
	vmsr fpscr, r1
	bx lr

	fake pending                     @ traps masked, 1/3 (inexact), the caller's FPSCR back
	vmrs r1, fpscr
	bic r2, r1, #0x9f00
	vmsr fpscr, r2
	vmov.f64 d0, #1.0
	vmov.f64 d1, #3.0
	vdiv.f64 d0, d0, d1
	vmsr fpscr, r1
	bx lr

	fake leak                        @ leaves k (its kr argument) below its stack pointer
	ldm r1, {r2, r3}
	str r2, [sp, #-64]
	str r3, [sp, #-60]
	bx lr

	fake frame                       @ writes the caller's frame above its stacked argument
	mov r1, #0
	str r1, [sp, #4]
	bx lr

	fake clean                       @ obeys the ABI while touching much
	push {r4, lr}
	vpush {d8}
	vmrs r12, fpscr
	mvn r4, #0
	.irp r, 0, 1, 2, 3
	mvn r\r, #0
	.endr
	vmov d8, r4, r4
	vmov d0, r4, r4
	orr r1, r12, #0x00c00000         @ toward zero for a moment
	vmsr fpscr, r1
	vmov.f64 d1, #1.0
	vadd.f64 d1, d1, d1              @ exact: no flag
	vmsr fpscr, r12
	vpop {d8}
	pop {r4, pc}

	abi_end
