/* SPDX-License-Identifier: CC0-1.0 */
/* poly1305aes_arm64: the hybrid main loop for long messages (neon.c calls it
   from HYBRID_FROM bytes on): each step takes eight blocks into the two NEON
   chains (radix 2^26, two lanes: X = (X + P_0) r^8 + P_1 r^6 + P_2 r^4
   + P_3 r^2 for the step's pairs P_0..P_3) and, interleaved with them, two
   blocks of a second region into a radix-2^64 scalar chain (arm64.h's
   multiplication), so the integer multiplier works while the vector unit
   does. Assumes AArch64 with ASIMD, AAPCS64 (d8-d15 and x19 saved and
   restored; x18 untouched); integer instructions only. Constant time: the
   branches depend on the step count alone.

   The step, on two sets of five 64-bit accumulators A and B that swap roles
   each step (the loop holds two steps, one a set; an odd count enters at the
   second): A holds the previous step's sum; its carries give X (UZP1 narrows
   limbs 0-1 and 2-3 into one register each, XTN limb 4) and S = X + P_0
   (P_0 packed by ZIP1 while the carries run). B = P_1 r^6 + P_2 r^4 (fresh),
   A = P_3 r^2 (fresh, once X is out) + S r^8, then B += A: ten products a
   limb in each set, so ten accumulation chains share the multipliers, and
   the chain from the carries to the next carries passes five products and
   one addition. The key (struct hybrid: r^8, r^6, r^4, r^2, each its limbs
   and five times limbs 1-4: word 9 p + j, in v23-v31, four words a
   register) is multiplied by element (UMULL/UMLAL Vd, Vn, Vm.S[i]).

   Bounds (neon.c's): key multipliers of a limb sum to < 2^30.48, S < 2^27.01
   a limb, P < 2^26, so a sum is < 2^57.49 + 3 2^56.48 < 2^58.81 a lane. The
   step's carry chain (0>1, 1>2, 2>3, 3>4, 4>0 times 5, 0>1: two fewer
   instructions than neon.c's, a longer chain) takes limbs below 2^58.81 to
   limbs below 2^26, 2^26 + 2^9.2, 2^26, 2^26, 2^26 (the carry into limb 0
   is < 5 2^32.81, so limb 0 < 2^35.2 before the last carry), so S < 2^27.01
   again and the narrowing keeps every bit; the exit's carries (neon.c's
   chain) leave limb 4 below 2^26 + 2^6.9 and the rest as above, so the X + P
   written back is < 2^27.01 a limb; the scalar blocks as in arm64.h (h2 <=
   4). The order of the instructions: a greedy in-order merge of three
   streams under their dependences (the carries and S products first, then
   the scalar blocks, then the P products and loads, each when its operands
   are ready by the a55's latencies), the best on llvm-mca's models
   (cortex-a72, -a55, apple-a13) of a few perturbed merges.

   hybrid_steps(state, mv, ms, steps): state (struct hybrid in arm64.h) holds
   X, the scalar h, r0 r1 s1, and the key; mv the next NEON group (2 steps + 1
   groups of four blocks are read: the last one's P_0 is joined, its other
   pair left to the caller), ms the next scalar block (2 steps are read);
   steps >= 1. X + P_0 of the last group, and h, are written back. */
#include "arm64.h"

/* one step: a0-a4 (A) hold the sum and are carried into X, b0-b4 (B) take
   the new sum; the group's limbs L in v5 v9 v10 v11 v8 (v6 v7 free) on entry
   and the next group's on exit; S in v0 (limbs 0, 1) v1 (2, 3) v2 (4); v3
   v6 P_0 packed; v4 the carry's temporary */
.macro step a0, a1, a2, a3, a4, b0, b1, b2, b3, b4
	ldp x16, x17, [x2], #16
	usra \a1\().2d, \a0\().2d, #26
	zip1 v3.2d, v5.2d, v9.2d
	zip1 v6.2d, v10.2d, v11.2d
	umull2 \b0\().2d, v5.4s, v25.s[1]
	and \a0\().16b, \a0\().16b, v19.16b
	umull2 \b1\().2d, v5.4s, v25.s[2]
	umull2 \b2\().2d, v5.4s, v25.s[3]
	umull2 \b3\().2d, v5.4s, v26.s[0]
	usra \a2\().2d, \a1\().2d, #26
	and \a1\().16b, \a1\().16b, v19.16b
	umull2 \b4\().2d, v5.4s, v26.s[1]
	umlal2 \b0\().2d, v9.4s, v27.s[1]
	adds x4, x4, x16
	umlal2 \b1\().2d, v9.4s, v25.s[1]
	adcs x5, x5, x17
	umlal2 \b2\().2d, v9.4s, v25.s[2]
	usra \a3\().2d, \a2\().2d, #26
	adc x6, x6, x19
	and \a2\().16b, \a2\().16b, v19.16b
	umlal2 \b3\().2d, v9.4s, v25.s[3]
	mul x10, x4, x7
	umlal2 \b4\().2d, v9.4s, v26.s[0]
	umlal2 \b0\().2d, v10.4s, v27.s[0]
	umulh x11, x4, x7
	mul x14, x5, x9
	umlal2 \b1\().2d, v10.4s, v27.s[1]
	umlal2 \b2\().2d, v10.4s, v25.s[1]
	usra \a4\().2d, \a3\().2d, #26
	umlal2 \b3\().2d, v10.4s, v25.s[2]
	umlal2 \b4\().2d, v10.4s, v25.s[3]
	and \a3\().16b, \a3\().16b, v19.16b
	umlal2 \b0\().2d, v11.4s, v26.s[3]
	umulh x15, x5, x9
	umlal2 \b1\().2d, v11.4s, v27.s[0]
	adds x10, x10, x14
	ushr v4.2d, \a4\().2d, #26
	umlal2 \b2\().2d, v11.4s, v27.s[1]
	and \a4\().16b, \a4\().16b, v19.16b
	umlal2 \b3\().2d, v11.4s, v25.s[1]
	umlal2 \b4\().2d, v11.4s, v25.s[2]
	add \a0\().2d, \a0\().2d, v4.2d
	shl v4.2d, v4.2d, #2
	adc x11, x11, x15
	mul x12, x4, x8
	umlal2 \b0\().2d, v8.4s, v26.s[2]
	umlal2 \b1\().2d, v8.4s, v26.s[3]
	umulh x13, x4, x8
	mul x14, x5, x7
	umulh x15, x5, x7
	add \a0\().2d, \a0\().2d, v4.2d
	umlal2 \b2\().2d, v8.4s, v27.s[0]
	umlal2 \b3\().2d, v8.4s, v27.s[1]
	umlal2 \b4\().2d, v8.4s, v25.s[1]
	adds x12, x12, x14
	adc x13, x13, x15
	mul x14, x6, x9
	usra \a1\().2d, \a0\().2d, #26
	mul x15, x6, x7
	and \a0\().16b, \a0\().16b, v19.16b
	uzp1 v1.4s, \a2\().4s, \a3\().4s
	xtn v2.2s, \a4\().2d
	add x11, x11, x14
	uzp1 v0.4s, \a0\().4s, \a1\().4s
	add x13, x13, x15
	adds x12, x12, x11
	adc x13, x13, xzr
	and x6, x13, #3
	and x14, x13, #-4
	add x14, x14, x13, lsr #2
	adds x4, x10, x14
	add v0.4s, v0.4s, v3.4s
	add v1.4s, v1.4s, v6.4s
	add v2.2s, v2.2s, v8.2s
	adcs x5, x12, xzr
	ld4 {v5.4s-v8.4s}, [x1], #64
	adc x6, x6, xzr
	ldp x16, x17, [x2], #16
	adds x4, x4, x16
	adcs x5, x5, x17
	ushr v9.4s, v5.4s, #26
	ushr v10.4s, v6.4s, #20
	ushr v11.4s, v7.4s, #14
	adc x6, x6, x19
	mul x10, x4, x7
	umulh x11, x4, x7
	mul x14, x5, x9
	umulh x15, x5, x9
	sli v9.4s, v6.4s, #6
	sli v10.4s, v7.4s, #12
	sli v11.4s, v8.4s, #18
	ushr v8.4s, v8.4s, #8
	bic v5.4s, #0xfc, lsl #24
	bic v9.4s, #0xfc, lsl #24
	bic v10.4s, #0xfc, lsl #24
	adds x10, x10, x14
	bic v11.4s, #0xfc, lsl #24
	orr v8.4s, #0x01, lsl #24
	adc x11, x11, x15
	umlal \b0\().2d, v5.2s, v27.s[2]
	mul x12, x4, x8
	umlal \b1\().2d, v5.2s, v27.s[3]
	umulh x13, x4, x8
	mul x14, x5, x7
	umulh x15, x5, x7
	umlal \b2\().2d, v5.2s, v28.s[0]
	umlal \b3\().2d, v5.2s, v28.s[1]
	umlal \b4\().2d, v5.2s, v28.s[2]
	umlal \b0\().2d, v9.2s, v29.s[2]
	umlal \b1\().2d, v9.2s, v27.s[2]
	adds x12, x12, x14
	umlal \b2\().2d, v9.2s, v27.s[3]
	umlal \b3\().2d, v9.2s, v28.s[0]
	umlal \b4\().2d, v9.2s, v28.s[1]
	adc x13, x13, x15
	mul x14, x6, x9
	mul x15, x6, x7
	umlal \b0\().2d, v10.2s, v29.s[1]
	umlal \b1\().2d, v10.2s, v29.s[2]
	umlal \b2\().2d, v10.2s, v27.s[2]
	umlal \b3\().2d, v10.2s, v27.s[3]
	umlal \b4\().2d, v10.2s, v28.s[0]
	add x11, x11, x14
	add x13, x13, x15
	adds x12, x12, x11
	umlal \b0\().2d, v11.2s, v29.s[0]
	umlal \b1\().2d, v11.2s, v29.s[1]
	umlal \b2\().2d, v11.2s, v29.s[2]
	umlal \b3\().2d, v11.2s, v27.s[2]
	umlal \b4\().2d, v11.2s, v27.s[3]
	adc x13, x13, xzr
	and x6, x13, #3
	and x14, x13, #-4
	umlal \b0\().2d, v8.2s, v28.s[3]
	add x14, x14, x13, lsr #2
	umlal \b1\().2d, v8.2s, v29.s[0]
	adds x4, x10, x14
	umlal \b2\().2d, v8.2s, v29.s[1]
	umlal \b3\().2d, v8.2s, v29.s[2]
	umlal \b4\().2d, v8.2s, v27.s[2]
	umull2 \a0\().2d, v5.4s, v29.s[3]
	adcs x5, x12, xzr
	umull2 \a1\().2d, v5.4s, v30.s[0]
	umull2 \a2\().2d, v5.4s, v30.s[1]
	umull2 \a3\().2d, v5.4s, v30.s[2]
	adc x6, x6, xzr
	umull2 \a4\().2d, v5.4s, v30.s[3]
	umlal2 \a0\().2d, v9.4s, v31.s[3]
	umlal2 \a1\().2d, v9.4s, v29.s[3]
	umlal2 \a2\().2d, v9.4s, v30.s[0]
	umlal2 \a3\().2d, v9.4s, v30.s[1]
	umlal2 \a4\().2d, v9.4s, v30.s[2]
	umlal2 \a0\().2d, v10.4s, v31.s[2]
	umlal2 \a1\().2d, v10.4s, v31.s[3]
	umlal2 \a2\().2d, v10.4s, v29.s[3]
	umlal2 \a3\().2d, v10.4s, v30.s[0]
	umlal2 \a4\().2d, v10.4s, v30.s[1]
	umlal2 \a0\().2d, v11.4s, v31.s[1]
	umlal2 \a1\().2d, v11.4s, v31.s[2]
	umlal2 \a2\().2d, v11.4s, v31.s[3]
	umlal2 \a3\().2d, v11.4s, v29.s[3]
	umlal2 \a4\().2d, v11.4s, v30.s[0]
	umlal2 \a0\().2d, v8.4s, v31.s[0]
	umlal2 \a1\().2d, v8.4s, v31.s[1]
	umlal2 \a2\().2d, v8.4s, v31.s[2]
	umlal2 \a3\().2d, v8.4s, v31.s[3]
	umlal2 \a4\().2d, v8.4s, v29.s[3]
	ld4 {v5.4s-v8.4s}, [x1], #64
	umlal \a0\().2d, v1.2s, v24.s[3]
	umlal \a1\().2d, v1.2s, v25.s[0]
	umlal \a2\().2d, v1.2s, v23.s[0]
	umlal \a3\().2d, v1.2s, v23.s[1]
	umlal \a4\().2d, v1.2s, v23.s[2]
	umlal2 \a0\().2d, v1.4s, v24.s[2]
	umlal2 \a1\().2d, v1.4s, v24.s[3]
	umlal2 \a2\().2d, v1.4s, v25.s[0]
	umlal2 \a3\().2d, v1.4s, v23.s[0]
	umlal2 \a4\().2d, v1.4s, v23.s[1]
	umlal \a0\().2d, v2.2s, v24.s[1]
	ushr v9.4s, v5.4s, #26
	umlal \a1\().2d, v2.2s, v24.s[2]
	umlal \a2\().2d, v2.2s, v24.s[3]
	umlal \a3\().2d, v2.2s, v25.s[0]
	ushr v10.4s, v6.4s, #20
	ushr v11.4s, v7.4s, #14
	umlal \a4\().2d, v2.2s, v23.s[0]
	sli v9.4s, v6.4s, #6
	umlal \a0\().2d, v0.2s, v23.s[0]
	umlal \a1\().2d, v0.2s, v23.s[1]
	umlal \a2\().2d, v0.2s, v23.s[2]
	umlal \a3\().2d, v0.2s, v23.s[3]
	sli v10.4s, v7.4s, #12
	sli v11.4s, v8.4s, #18
	ushr v8.4s, v8.4s, #8
	umlal \a4\().2d, v0.2s, v24.s[0]
	bic v5.4s, #0xfc, lsl #24
	umlal2 \a0\().2d, v0.4s, v25.s[0]
	umlal2 \a1\().2d, v0.4s, v23.s[0]
	bic v9.4s, #0xfc, lsl #24
	umlal2 \a2\().2d, v0.4s, v23.s[1]
	bic v10.4s, #0xfc, lsl #24
	umlal2 \a3\().2d, v0.4s, v23.s[2]
	bic v11.4s, #0xfc, lsl #24
	orr v8.4s, #0x01, lsl #24
	umlal2 \a4\().2d, v0.4s, v23.s[3]
	add \b0\().2d, \b0\().2d, \a0\().2d
	add \b1\().2d, \b1\().2d, \a1\().2d
	add \b2\().2d, \b2\().2d, \a2\().2d
	add \b3\().2d, \b3\().2d, \a3\().2d
	add \b4\().2d, \b4\().2d, \a4\().2d
.endm

/* the carry of the 26-bit limb in v<a> (both lanes) into v<b>; v19 holds
   2^26 - 1 */
.macro carry a, b
	usra v\b\().2d, v\a\().2d, #26
	and v\a\().16b, v\a\().16b, v19.16b
.endm
/* the carry out of limb 4 (v18) into limb 0 (v14) times 5: 2^130 = 5 mod p */
.macro wrap
	ushr v7.2d, v18.2d, #26
	and v18.16b, v18.16b, v19.16b
	add v14.2d, v14.2d, v7.2d
	shl v7.2d, v7.2d, #2
	add v14.2d, v14.2d, v7.2d
.endm

	.text
	.globl hybrid_steps
	.hidden hybrid_steps
	.type hybrid_steps, %function
	.p2align 4
hybrid_steps:
	stp d8, d9, [sp, #-80]!
	stp d10, d11, [sp, #16]
	stp d12, d13, [sp, #32]
	stp d14, d15, [sp, #48]
	str x19, [sp, #64]
	ldp q23, q24, [x0, #96]          /* the key, words 0-35 */
	ldp q25, q26, [x0, #128]
	ldp q27, q28, [x0, #160]
	ldp q29, q30, [x0, #192]
	ldr q31, [x0, #224]
	ldp d0, d1, [x0]                 /* X, as the sum in A (v14-v18): its carries leave it */
	ldp d2, d3, [x0, #16]
	ldr d4, [x0, #32]
	uxtl v14.2d, v0.2s
	uxtl v15.2d, v1.2s
	uxtl v16.2d, v2.2s
	uxtl v17.2d, v3.2s
	uxtl v18.2d, v4.2s
	ldp x4, x5, [x0, #48]            /* h0 h1 h2, r0 r1 s1 */
	ldr x6, [x0, #64]
	ldp x7, x8, [x0, #72]
	ldr x9, [x0, #88]
	mov x19, #1                      /* the pad bit of a whole block */
	mov x10, #0x3ffffff
	dup v19.2d, x10
	ld4 {v5.4s-v8.4s}, [x1], #64     /* the first group's limbs L (v5 v9 v10 v11 v8) */
	ushr v9.4s, v5.4s, #26
	ushr v10.4s, v6.4s, #20
	ushr v11.4s, v7.4s, #14
	sli v9.4s, v6.4s, #6
	sli v10.4s, v7.4s, #12
	sli v11.4s, v8.4s, #18
	ushr v8.4s, v8.4s, #8
	bic v5.4s, #0xfc, lsl #24
	bic v9.4s, #0xfc, lsl #24
	bic v10.4s, #0xfc, lsl #24
	bic v11.4s, #0xfc, lsl #24
	orr v8.4s, #0x01, lsl #24
	tbz x3, #0, 1f
	mov v12.16b, v14.16b             /* an odd count: the sum in B, the second step first */
	mov v13.16b, v15.16b
	mov v20.16b, v16.16b
	mov v21.16b, v17.16b
	mov v22.16b, v18.16b
	add x3, x3, #1
	b 3f
1:
	step v14, v15, v16, v17, v18, v12, v13, v20, v21, v22
3:
	step v12, v13, v20, v21, v22, v14, v15, v16, v17, v18
	subs x3, x3, #2
	b.ne 1b

	/* X = the sum's carries (in A; neon.c's chain: one from limb 0, one from
	   limb 3 through 4 into 0), then X + P_0 of the last group */
	carry 14, 15
	carry 17, 18
	carry 15, 16
	wrap
	carry 16, 17
	carry 17, 18
	carry 14, 15
	xtn v0.2s, v14.2d
	xtn v1.2s, v15.2d
	xtn v2.2s, v16.2d
	xtn v3.2s, v17.2d
	xtn v4.2s, v18.2d
	add v0.2s, v0.2s, v5.2s
	add v1.2s, v1.2s, v9.2s
	add v2.2s, v2.2s, v10.2s
	add v3.2s, v3.2s, v11.2s
	add v4.2s, v4.2s, v8.2s
	stp d0, d1, [x0]
	stp d2, d3, [x0, #16]
	str d4, [x0, #32]
	stp x4, x5, [x0, #48]
	str x6, [x0, #64]
	ldr x19, [sp, #64]
	ldp d14, d15, [sp, #48]
	ldp d12, d13, [sp, #32]
	ldp d10, d11, [sp, #16]
	ldp d8, d9, [sp], #80
	ret
	.size hybrid_steps, . - hybrid_steps

	.section .note.GNU-stack, "", %progbits
