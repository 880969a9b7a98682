/* SPDX-License-Identifier: CC0-1.0 */
/* p32_blocks(st, m, nblocks, pad): the radix-2^32 core's blocks (armhf.h's
   struct p32 and bounds): h = (h + c + pad 2^128) r for each of nblocks
   16-byte blocks c at m, pad 0 or 1. Assumes ARMv7-A (UMAAL; LDR at any
   address; LDRD only at a multiple of 4: the loop is picked by m's
   alignment, a public fact), AAPCS. A column of the product is one UMULL or
   UMAAL (which also adds the carry from the column below and a4 s_k) and
   three UMLALs: the sums stay below 2^62.4 (armhf.h), so no 64-bit
   accumulation overflows. r_0 and s_3 stay in registers, r_1..r_3, s_1, s_2
   are read from this function's frame; 47 instructions a block (aligned m).
   The frame's copies of r and s are zeroed before it returns. */
#include "armhf.h"

	.syntax unified
	.arch armv7-a
	.arm
	.text

/* the frame: [sp] r1, [sp+4] r2, [sp+8] r3, [sp+12] s1, [sp+16] s2, [sp+20] the end of m,
   [sp+24] st; registers: r0 = r_0, r2 = s_3, r1 = m, r3-r7 = h0..h4 (a0..a4 while a block
   is in them), r8-r12 and lr temporaries */
.macro block aligned, pad
	.if \aligned
	ldrd r10, r11, [r1, #8]          @ LDRD, not LDM: llvm-mca 14 cannot model LDM on these cores
	ldrd r8, r9, [r1], #16
	.else
	ldr r8, [r1]
	ldr r9, [r1, #4]
	ldr r10, [r1, #8]
	ldr r11, [r1, #12]
	add r1, r1, #16
	.endif
	adds r3, r3, r8                  @ a = h + c + pad 2^128
	adcs r4, r4, r9
	adcs r5, r5, r10
	adcs r6, r6, r11
	adc r7, r7, #\pad
	umull r11, r12, r3, r0           @ d0 = a0 r0 + a1 s3 + a2 s2 + a3 s1
	umlal r11, r12, r4, r2
	ldr r10, [sp, #16]
	umlal r11, r12, r5, r10
	ldr r10, [sp, #12]
	umlal r11, r12, r6, r10
	mul lr, r7, r10                  @ d1 = a0 r1 + a1 r0 + a2 s3 + a3 s2 + a4 s1 + (d0 >> 32)
	ldr r10, [sp]
	umaal r12, lr, r3, r10
	umlal r12, lr, r4, r0
	umlal r12, lr, r5, r2
	ldr r10, [sp, #16]
	umlal r12, lr, r6, r10
	mul r8, r7, r10                  @ d2 = a0 r2 + a1 r1 + a2 r0 + a3 s3 + a4 s2 + (d1 >> 32)
	ldr r10, [sp, #4]
	umaal lr, r8, r3, r10
	ldr r10, [sp]
	umlal lr, r8, r4, r10
	umlal lr, r8, r5, r0
	umlal lr, r8, r6, r2
	mul r9, r7, r2                   @ d3 = a0 r3 + a1 r2 + a2 r1 + a3 r0 + a4 s3 + (d2 >> 32)
	ldr r10, [sp, #8]
	umaal r8, r9, r3, r10
	ldr r10, [sp, #4]
	umlal r8, r9, r4, r10
	ldr r10, [sp]
	umlal r8, r9, r5, r10
	umlal r8, r9, r6, r0
	mla r9, r7, r0, r9               @ d4 = a4 r0 + (d3 >> 32) < 2^31.4
	and r7, r9, #3                   @ h = d0..d3 + 2^128 (d4 & 3) + 5 (d4 >> 2)
	bic r10, r9, #3
	add r10, r10, r9, lsr #2
	adds r3, r11, r10
	adcs r4, r12, #0
	adcs r5, lr, #0
	adcs r6, r8, #0
	adc r7, r7, #0
.endm

.macro loop name, aligned, pad
\name:
	block \aligned, \pad
	ldr r10, [sp, #20]
	cmp r1, r10
	bne \name
	b .Lout
.endm

	.globl p32_blocks
	.hidden p32_blocks
	.type p32_blocks, %function
	.p2align 4
p32_blocks:                              @ r0 st, r1 m, r2 nblocks, r3 pad
	cmp r2, #0
	bxeq lr
	push {r4-r11, lr}
	sub sp, sp, #28
	add r12, r1, r2, lsl #4
	str r12, [sp, #20]
	str r0, [sp, #24]
	add r12, r0, #24                 @ r1 r2 r3 (s0 unused) s1 s2 into the frame
	ldm r12, {r4, r5, r6, r7, r8, r9}
	stm sp, {r4, r5, r6, r8, r9}
	mov r12, r3
	ldr r2, [r0, #48]                @ s3
	ldm r0, {r3-r7}                  @ h
	ldr r0, [r0, #20]                @ r0
	tst r1, #3
	bne 1f
	cmp r12, #0
	beq .Laligned0
	b .Laligned1
1:	cmp r12, #0
	beq .Lmisaligned0
	b .Lmisaligned1
	loop .Laligned1, 1, 1
	loop .Laligned0, 1, 0
	loop .Lmisaligned1, 0, 1
	loop .Lmisaligned0, 0, 0
.Lout:
	ldr r0, [sp, #24]
	stm r0, {r3-r7}
	mov r4, #0                       @ the frame's copies of r and s
	mov r5, #0
	mov r6, #0
	mov r8, #0
	mov r9, #0
	stm sp, {r4, r5, r6, r8, r9}
	add sp, sp, #28
	pop {r4-r11, pc}
	.size p32_blocks, . - p32_blocks

	.section .note.GNU-stack, "", %progbits
