/* poly1305aes_arm64: the hybrid main loop for long messages (neon.c calls it
   from HYBRID_FROM bytes on): each step takes four blocks into the NEON
   chains (radix 2^26, the step of neon.c: X = (X + P_j) r^4 + P_(j+1) r^2)
   and, interleaved with them instruction by instruction, one block of a
   second region into a radix-2^64 scalar chain (arm64.h's multiplication),
   so the integer multiplier works while the vector unit does. Assumes
   AArch64 with ASIMD, AAPCS64 (d8-d15 and x19 saved and restored; x18
   untouched); integer instructions only. Constant time: the only branch is
   the step count.

   Bounds as in neon.c: X + P_j < 2^27.01 a limb, the products < 2^58.1 a
   lane; the products of S = X + P_j are split between D (S0, S1, S2, after
   a fresh UMULL) and E (the P_(j+1) products, then S3, S4) to shorten
   their chain, and D += E (< 2^58.1) before the carries; the scalar block
   as in arm64.h (h2 <= 4). The loop is rotated: a step first carries the
   previous step's D into S while it multiplies its own P_(j+1) (split by
   the step before), then loads and splits the next group and adds its P
   into E (UADDW), so the carries yield S = X + P directly. The order of
   the instructions was searched on llvm-mca's models (cortex-a72, -a55,
   apple-a13) under the dependences; the interleaving lets an in-order core
   pair a scalar instruction with each vector one.

   hybrid_steps(state, mv, ms, steps): state (struct hybrid in arm64.h) holds
   X, the scalar h, r0 r1 s1, and the key (r^4, r^4, r^2, r^2 and five
   times limbs 1-4); mv the next NEON group (steps + 1 groups are read: the
   last one's P is joined, its P_(j+1) left to the caller), ms the next
   scalar block; steps >= 1. X + P of the last group, and h, are written
   back. */
#include "arm64.h"

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
	ldp q23, q24, [x0, #96]          /* the key: r (lanes r^4 r^4 r^2 r^2) */
	ldp q25, q26, [x0, #128]
	ldr q27, [x0, #160]
	ldp q28, q29, [x0, #176]         /* 5 r_1 .. 5 r_4 */
	ldp q30, q31, [x0, #208]
	ldp d0, d1, [x0]                 /* X, as the D of a step before: its carry leaves it */
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
	ld4 {v5.4s-v8.4s}, [x1], #64     /* the first group's limbs L, and D = X + P_0 */
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
	uaddw v14.2d, v14.2d, v5.2s
	uaddw v15.2d, v15.2d, v9.2s
	uaddw v16.2d, v16.2d, v10.2s
	uaddw v17.2d, v17.2d, v11.2s
	uaddw v18.2d, v18.2d, v8.2s
1:
	ldp x16, x17, [x2], #16
	usra v18.2d, v17.2d, #26
	and v17.16b, v17.16b, v19.16b
	umull2 v20.2d, v5.4s, v25.4s
	umull2 v13.2d, v5.4s, v24.4s
	usra v15.2d, v14.2d, #26
	umull2 v21.2d, v5.4s, v26.4s
	adds x4, x4, x16
	umull2 v12.2d, v5.4s, v23.4s
	umlal2 v13.2d, v9.4s, v23.4s
	and v14.16b, v14.16b, v19.16b
	ushr v7.2d, v18.2d, #26
	usra v16.2d, v15.2d, #26
	umull2 v22.2d, v5.4s, v27.4s
	adcs x5, x5, x17
	umlal2 v13.2d, v10.4s, v31.4s
	add v14.2d, v14.2d, v7.2d
	umlal2 v12.2d, v9.4s, v31.4s
	usra v17.2d, v16.2d, #26
	umlal2 v21.2d, v9.4s, v25.4s
	shl v7.2d, v7.2d, #2
	mul x14, x5, x9
	umlal2 v22.2d, v9.4s, v26.4s
	mul x10, x4, x7
	umlal2 v20.2d, v9.4s, v24.4s
	umlal2 v21.2d, v10.4s, v24.4s
	umulh x15, x5, x9
	and v15.16b, v15.16b, v19.16b
	adc x6, x6, x19
	adds x10, x10, x14
	and v18.16b, v18.16b, v19.16b
	umlal2 v12.2d, v10.4s, v30.4s
	umulh x11, x4, x7
	umlal2 v21.2d, v11.4s, v23.4s
	add v14.2d, v14.2d, v7.2d
	mul x14, x5, x7
	umlal2 v13.2d, v11.4s, v30.4s
	umlal2 v22.2d, v10.4s, v25.4s
	mul x12, x4, x8
	and v16.16b, v16.16b, v19.16b
	umlal2 v20.2d, v10.4s, v23.4s
	usra v18.2d, v17.2d, #26
	and v17.16b, v17.16b, v19.16b
	umlal2 v13.2d, v8.4s, v29.4s
	umlal2 v12.2d, v11.4s, v29.4s
	usra v15.2d, v14.2d, #26
	umlal2 v21.2d, v8.4s, v31.4s
	umulh x13, x4, x8
	umlal2 v22.2d, v11.4s, v24.4s
	and v14.16b, v14.16b, v19.16b
	umlal2 v20.2d, v11.4s, v31.4s
	umlal2 v12.2d, v8.4s, v28.4s
	adc x11, x11, x15
	adds x12, x12, x14
	xtn v2.2s, v16.2d
	xtn v1.2s, v15.2d
	xtn v3.2s, v17.2d
	xtn v0.2s, v14.2d
	umlal2 v20.2d, v8.4s, v30.4s
	umulh x15, x5, x7
	umlal2 v22.2d, v8.4s, v23.4s
	ld4 {v5.4s-v8.4s}, [x1], #64
	umull v17.2d, v0.2s, v26.2s
	umull v15.2d, v0.2s, v24.2s
	ushr v9.4s, v5.4s, #26
	ushr v11.4s, v7.4s, #14
	ushr v10.4s, v6.4s, #20
	umlal v15.2d, v1.2s, v23.2s
	umlal v17.2d, v1.2s, v25.2s
	xtn v4.2s, v18.2d
	adc x13, x13, x15
	umull v14.2d, v0.2s, v23.2s
	umull v18.2d, v0.2s, v27.2s
	umull v16.2d, v0.2s, v25.2s
	sli v9.4s, v6.4s, #6
	bic v5.4s, #0xfc, lsl #24
	sli v11.4s, v8.4s, #18
	sli v10.4s, v7.4s, #12
	mul x15, x6, x7
	umlal v14.2d, v1.2s, v31.2s
	bic v9.4s, #0xfc, lsl #24
	ushr v8.4s, v8.4s, #8
	umlal v16.2d, v1.2s, v24.2s
	umlal v14.2d, v2.2s, v30.2s
	bic v10.4s, #0xfc, lsl #24
	mul x14, x6, x9
	uaddw v13.2d, v13.2d, v9.2s
	add x11, x11, x14
	add x13, x13, x15
	adds x12, x12, x11
	uaddw v12.2d, v12.2d, v5.2s
	orr v8.4s, #0x01, lsl #24
	umlal v17.2d, v2.2s, v24.2s
	umlal v18.2d, v1.2s, v26.2s
	bic v11.4s, #0xfc, lsl #24
	umlal v12.2d, v3.2s, v29.2s
	umlal v15.2d, v2.2s, v31.2s
	umlal v16.2d, v2.2s, v23.2s
	uaddw v22.2d, v22.2d, v8.2s
	uaddw v20.2d, v20.2d, v10.2s
	umlal v13.2d, v3.2s, v30.2s
	uaddw v21.2d, v21.2d, v11.2s
	adc x13, x13, xzr
	umlal v22.2d, v3.2s, v24.2s
	and x14, x13, #-4
	and x6, x13, #3
	umlal v13.2d, v4.2s, v29.2s
	umlal v20.2d, v3.2s, v31.2s
	add x14, x14, x13, lsr #2
	umlal v18.2d, v2.2s, v25.2s
	umlal v12.2d, v4.2s, v28.2s
	umlal v21.2d, v3.2s, v23.2s
	add v15.2d, v15.2d, v13.2d
	umlal v20.2d, v4.2s, v30.2s
	adds x4, x10, x14
	umlal v21.2d, v4.2s, v31.2s
	umlal v22.2d, v4.2s, v23.2s
	add v14.2d, v14.2d, v12.2d
	adcs x5, x12, xzr
	add v17.2d, v17.2d, v21.2d
	add v16.2d, v16.2d, v20.2d
	add v18.2d, v18.2d, v22.2d
	adc x6, x6, xzr
	subs x3, x3, #1
	b.ne 1b
	/* the last step's carries, as the loop's (one chain from limb 0, one
	   from limb 3 through 4 into 0) */
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
