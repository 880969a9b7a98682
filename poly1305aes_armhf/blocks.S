/* SPDX-License-Identifier: CC0-1.0 */
/* The radix-2^32 core of poly1305aes_armhf (armhf.h's bounds), its contract's
   operations as macros fused into the functions below, each in one frame:
   start (keys: r clamped, s_i), blocks (block, loop: h = (h + c + pad
   2^128) r; on their own: p32_blocks), finish (the end of p32_auth). Assumes ARMv7-A (UMAAL; LDR at
   any address; LDRD only at a multiple of 4: the loop is picked by m's
   alignment, a public fact), AAPCS. A column of the product is one UMULL or
   UMAAL (which also adds the carry from the column below and a4 s_k) and
   three UMLALs: the sums stay below 2^62.4 (armhf.h), so no 64-bit
   accumulation overflows. r_0 and s_3 stay in registers, r_1..r_3, s_1, s_2
   are read from the frame (six loads); 44 instructions a block (aligned m). Each
   function zeroes its frame's copies of r and s_i before it returns. */
#include "armhf.h"

	.syntax unified
	.arch armv7-a
	.arm
	.text

/* the frame: [sp] r1, [sp+4] r2, [sp+8] r3, [sp+12] s1, [sp+16] s2, [sp+20] the end of m,
   [sp+24] st; registers: r0 = r_0, r2 = s_3, r1 = m, r3-r7 = h0..h4 (a0..a4 while a block
   is in them), r8-r12 and lr temporaries */
/* h = a r for a in r3-r7 (a4 <= 10), the bounds of armhf.h: h4 <= 4. Each column's
   products are ordered so that r10 carries the key word the next column starts with:
   six loads from the frame a block (s1 s2 r1 r2 r1 r3) */
.macro mulr
	umull r11, r12, r3, r0           @ d0 = a0 r0 + a1 s3 + a2 s2 + a3 s1
	umlal r11, r12, r4, r2
	ldr r10, [sp, #12]
	umlal r11, r12, r6, r10
	mul lr, r7, r10                  @ d1's a4 s1
	ldr r10, [sp, #16]
	umlal r11, r12, r5, r10
	mul r8, r7, r10                  @ d2's a4 s2
	umaal r12, lr, r6, r10           @ d1 = a0 r1 + a1 r0 + a2 s3 + a3 s2 + a4 s1 + (d0 >> 32)
	umlal r12, lr, r4, r0
	umlal r12, lr, r5, r2
	ldr r10, [sp]
	umlal r12, lr, r3, r10
	mul r9, r7, r2                   @ d3's a4 s3
	umaal lr, r8, r4, r10            @ d2 = a0 r2 + a1 r1 + a2 r0 + a3 s3 + a4 s2 + (d1 >> 32)
	umlal lr, r8, r5, r0
	umlal lr, r8, r6, r2
	ldr r10, [sp, #4]
	umlal lr, r8, r3, r10
	umaal r8, r9, r4, r10            @ d3 = a0 r3 + a1 r2 + a2 r1 + a3 r0 + a4 s3 + (d2 >> 32)
	umlal r8, r9, r6, r0
	ldr r10, [sp]
	umlal r8, r9, r5, r10
	ldr r10, [sp, #8]
	umlal r8, r9, r3, r10
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

/* op (ldr or str) on the four words at [base], word i in wi */
.macro words4 op, base, w0, w1, w2, w3
	\op \w0, [\base]
	\op \w1, [\base, #4]
	\op \w2, [\base, #8]
	\op \w3, [\base, #12]
.endm

/* h = (h + c + pad 2^128) r for the block c at r1 (r1 += 16) */
.macro block aligned, pad
	.if \aligned
	ldrd r10, r11, [r1, #8]          @ LDRD, not LDM: llvm-mca 14 cannot model LDM on these cores
	ldrd r8, r9, [r1], #16
	.else
	words4 ldr, r1, r8, r9, r10, r11
	add r1, r1, #16
	.endif
	adds r3, r3, r8                  @ a = h + c + pad 2^128
	adcs r4, r4, r9
	adcs r5, r5, r10
	adcs r6, r6, r11
	adc r7, r7, #\pad
	mulr
.endm

.macro loop name, aligned, pad, out
\name:
	block \aligned, \pad
	ldr r10, [sp, #20]
	cmp r1, r10
	bne \name
	b \out
.endm


/* d = the 26 bits of lo:hi from bit shift of lo up (lo's bits shift..31, then hi's) */
.macro limb26 d, lo, hi, shift
	lsr \d, \lo, #\shift
	orr \d, \d, \hi, lsl #(32 - \shift)
	bic \d, \d, #0xfc000000
.endm

/* the limbs of h (r3-r7, h4 <= 4) in radix 2^26, 5 times limbs 1-4, then 5, as ten words
   at r1 (r1 += 40): neon_keys' lane form */
.macro lanes
	bic r8, r3, #0xfc000000
	limb26 r9, r3, r4, 26
	limb26 r10, r4, r5, 20
	limb26 r11, r5, r6, 14
	lsr r12, r6, #8
	orr r12, r12, r7, lsl #24
	stm r1!, {r8-r12}
	add r8, r9, r9, lsl #2
	add r9, r10, r10, lsl #2
	add r10, r11, r11, lsl #2
	add r11, r12, r12, lsl #2
	mov r12, #5
	stm r1!, {r8-r12}
.endm

/* the frame's r1 r2 r3 s1 s2 and r0 = r_0, r2 = s_3 from the 16 bytes of r at r1, clamped:
   r_0 < 2^28, r_1..r_3 < 2^28 and multiples of 4, s_i = r_i + r_i / 4 = 5 r_i / 4; the
   clamped words stay in r4-r7 */
.macro keys
	words4 ldr, r1, r4, r5, r6, r7
	bic r4, r4, #0xf0000000
	bic r5, r5, #0xf0000000
	bic r6, r6, #0xf0000000
	bic r7, r7, #0xf0000000
	bic r5, r5, #3
	bic r6, r6, #3
	bic r7, r7, #3
	add r8, r5, r5, lsr #2
	add r9, r6, r6, lsr #2
	add r2, r7, r7, lsr #2
	stm sp, {r5, r6, r7, r8, r9}
	mov r0, r4
.endm

/* the frame's copies of r and s_i zeroed (r8-r11 zero afterwards) */
.macro unkeys
	mov r8, #0
	mov r9, #0
	mov r10, #0
	mov r11, #0
	stm sp, {r8, r9, r10, r11}
	str r8, [sp, #16]
.endm

/* a function's entry: its symbol (global, hidden), r4-r11 and lr pushed (36 bytes), then a
   frame of the given bytes below them, its first argument (r0) stored at [sp+24] */
.macro entry name, bytes
	.globl \name
	.hidden \name
	.type \name, %function
	.p2align 4
\name:
	push {r4-r11, lr}
	sub sp, sp, #\bytes
	str r0, [sp, #24]
.endm

/* neon_keys(keys, r): the NEON core's keys (steps.S): r^4, r^2, r^3, r (r clamped here),
   each below 5 2^128 (h4 <= 4), ten words each in the lane form above; the frame's
   copies of r zeroed */
	entry neon_keys, 28                      @ r0 keys, r1 r
	keys
	mov r3, r4                       @ h = r
	mov r4, r5
	mov r5, r6
	mov r6, r7
	mov r7, #0
	ldr r1, [sp, #24]
	add r1, r1, #120
	lanes                            @ r
	mulr
	ldr r1, [sp, #24]
	add r1, r1, #40
	lanes                            @ r^2
	mulr
	lanes                            @ r^3 (r1 was left at word 20)
	mulr
	ldr r1, [sp, #24]
	lanes                            @ r^4
	unkeys
	add sp, sp, #28
	pop {r4-r11, pc}
	.size neon_keys, . - neon_keys

/* p32_auth(out, r, s, m, l, h): the whole radix-2^32 Poly1305 of a call, in one
   frame: h = the five words at h (zero, or what the NEON core left: h4 <= 4),
   then every whole block of m[0..l), then the tail (its bytes, 1, zeros; pad
   0), then out = (h mod p + s) mod 2^128; s (the caller's copy of AES_k(n)),
   this frame's copies of r and its padded tail are zeroed before it returns. r is clamped
   here. Branches depend only on l and m's alignment; the final subtraction
   of p is a mask. Frame: [sp..sp+19] r1 r2 r3 s1 s2, [sp+20] the end of the
   whole blocks, [sp+24] out, [sp+28] s, [sp+32] l mod 16, [sp+40..55] the
   padded tail; arguments 5 and 6 at [sp+96], [sp+100]. */
	entry p32_auth, 60                     @ r0 out, r1 r, r2 s, r3 m
	str r2, [sp, #28]
	keys
	mov r1, r3
	ldr r12, [sp, #96]               @ l
	and r8, r12, #15
	str r8, [sp, #32]
	bic r12, r12, #15
	add r12, r1, r12
	str r12, [sp, #20]
	ldr r8, [sp, #100]               @ h
	ldm r8, {r3-r7}
	cmp r1, r12
	beq .Ltail
	tst r1, #3
	bne .Lauth_misaligned
	loop .Lauth_aligned, 1, 1, .Ltail
	loop .Lauth_misaligned, 0, 1, .Ltail
.Ltail:
	ldr r8, [sp, #32]
	cmp r8, #0
	beq .Lfinish
	mov r10, #0
	mov r11, #0
	strd r10, r11, [sp, #40]
	strd r10, r11, [sp, #48]
	add r9, sp, #40
1:	ldrb r10, [r1], #1
	strb r10, [r9], #1
	subs r8, r8, #1
	bne 1b
	mov r10, #1
	strb r10, [r9]
	add r1, sp, #40
	block 1, 0
.Lfinish:                                @ h mod p + s
	lsr r8, r7, #2                   @ h < 2^130 + 5 2^2: h4's bits from 2 up times 5 into h0
	and r7, r7, #3
	add r8, r8, r8, lsl #2
	adds r3, r3, r8
	adcs r4, r4, #0
	adcs r5, r5, #0
	adcs r6, r6, #0
	adc r7, r7, #0
	adds r8, r3, #5                  @ g = h + 5 >= 2^130 iff h >= p
	adcs r9, r4, #0
	adcs r10, r5, #0
	adcs r11, r6, #0
	adc r12, r7, #0
	lsr r12, r12, #2
	rsb r12, r12, #0                 @ all ones iff h >= p
	eor r8, r8, r3
	eor r9, r9, r4
	eor r10, r10, r5
	eor r11, r11, r6
	and r8, r8, r12
	and r9, r9, r12
	and r10, r10, r12
	and r11, r11, r12
	eor r3, r3, r8
	eor r4, r4, r9
	eor r5, r5, r10
	eor r6, r6, r11
	ldr r2, [sp, #28]
	words4 ldr, r2, r8, r9, r10, r11
	adds r3, r3, r8
	adcs r4, r4, r9
	adcs r5, r5, r10
	adc r6, r6, r11
	ldr r12, [sp, #24]
	words4 str, r12, r3, r4, r5, r6
	unkeys                           @ the frame's copies of r and s_i, the padded tail, and s
	strd r8, r9, [sp, #40]
	strd r10, r11, [sp, #48]
	words4 str, r2, r8, r8, r8, r8
	add sp, sp, #60
	pop {r4-r11, pc}
	.size p32_auth, . - p32_auth

/* p32_blocks(h, r, m, nblocks, pad): the contract's blocks (armhf.h) in radix 2^32, in one
   frame: for the five words at h (h4 <= 4) and each of the nblocks >= 1 blocks c at m,
   h = (h + c + pad 2^128) r (pad 0 or 1: a4 <= 6 < 10, mulr's bound), written back with
   h4 <= 4. r is clamped here; this frame's copies of r are zeroed before it returns.
   Branches depend only on pad, nblocks and m's alignment. Frame: [sp..sp+19] r1 r2 r3 s1
   s2, [sp+20] the end of the blocks, [sp+24] h; argument 5 at [sp+64]. */
	entry p32_blocks, 28                     @ r0 h, r1 r, r2 m, r3 nblocks
	add r10, r2, r3, lsl #4
	str r10, [sp, #20]
	mov r11, r2                      @ m (keys leaves r3 and r10-r12 alone)
	keys
	mov r1, r11
	ldr r8, [sp, #24]
	ldm r8, {r3-r7}
	ldr r8, [sp, #64]                @ pad
	tst r1, #3
	bne 1f
	cmp r8, #0
	beq .Lblocks_aligned0
	loop .Lblocks_aligned1, 1, 1, .Lblocks_done
1:	cmp r8, #0
	beq .Lblocks_misaligned0
	loop .Lblocks_misaligned1, 0, 1, .Lblocks_done
	loop .Lblocks_aligned0, 1, 0, .Lblocks_done
	loop .Lblocks_misaligned0, 0, 0, .Lblocks_done
.Lblocks_done:
	ldr r8, [sp, #24]
	stm r8, {r3-r7}
	unkeys                           @ the frame's copies of r and s_i
	add sp, sp, #28
	pop {r4-r11, pc}
	.size p32_blocks, . - p32_blocks

	.section .note.GNU-stack, "", %progbits
