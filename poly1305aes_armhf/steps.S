/* SPDX-License-Identifier: CC0-1.0 */
/* neon_steps(keys, m, q, x): the NEON core of poly1305aes_armhf: Poly1305 in
   radix 2^26 over 4 q blocks at m (q >= 1), two lanes (the odd and the even
   blocks), four blocks a step: X = (X + P0) r^4 + P1 r^2 with P0 = (c_a,
   c_b), P1 = (c_c, c_d), one block a lane; the last step takes X = (X + P0)
   (r^4, r^3) + P1 (r^2, r) lane by lane instead, so that the Poly1305 sum of
   the blocks (for h = 0 before them) is X_0 + X_1. X starts at zero; its
   limbs go to x[0..9] (limb i of lane j at x[2 i + j]). keys (neon.c) holds
   r^4, r^2, r^3 and r, ten words each: limbs 0-4, 5 times limbs 1-4, then 5
   (the lane form the steps take by scalar; the last step interleaves two
   keys' limbs, zipkeys); it is zeroed before return.
   Assumes ARMv7-A with NEON (the caller checks HWCAP_NEON), AAPCS (d8-d15
   saved and restored), loads at any address (VLD4 without an alignment
   qualifier).
   Bounds: X's limbs < 2^26 + 2^6.5 between steps (the carry below), a
   message limb < 2^26 (limb 4 < 2^25: the pad bit is 2^24), so X + P0 <
   2^27.01; a key's limbs 0-3 < 2^26 and limb 4 < 5 2^24 = 2^26.33 (a power
   of r below 5 2^128, neon.c), 5 times that < 2^28.66. A column sums at most
   ten products: < 5 2^27.01 2^28.66 + 5 2^26 2^28.66 < 2^58.6; column 4 has
   no 5x factor: < 5 2^27.01 2^26.33 + 5 2^26 2^26.33 < 2^56.0, and with
   column 3's carry (< 2^32.6) still < 2^56.1, so c = D4 >> 26 < 2^30.1 fits
   a word and D0 = (D0 mod 2^26) + 5c < 2^32.5. The carries: D1 += D0 >> 26, D2 += D1 >> 26,
   D3 += D2 >> 26, D4 += D3 >> 26, then each limb mod 2^26, D0 += 5c, and
   D0's carry (< 2^6.5) into limb 1. */
#include "armhf.h"

	.syntax unified
	.arch armv7-a
	.fpu neon
	.arm
	.text

/* the limbs of two blocks at address (where, for example, [r1] or [r1]!: r1 += 32), one a
   lane, in d26 d30 d31 d27 d29 */
.macro split where
	vld4.32 {d26, d27, d28, d29}, \where
	vshr.u32 d30, d26, #26
	vsli.32 d30, d27, #6
	vbic.i32 d30, #0xfc000000
	vbic.i32 d26, #0xfc000000
	vshr.u32 d31, d27, #20
	vsli.32 d31, d28, #12
	vbic.i32 d31, #0xfc000000
	vshr.u32 d27, d28, #14
	vsli.32 d27, d29, #18
	vbic.i32 d27, #0xfc000000
	vshr.u32 d29, d29, #8
	vorr.i32 d29, #0x01000000
.endm

/* X += the limbs split left */
.macro addp
	vadd.i32 d10, d10, d26
	vadd.i32 d11, d11, d30
	vadd.i32 d12, d12, d31
	vadd.i32 d13, d13, d27
	vadd.i32 d14, d14, d29
.endm

/* D0..D4 (q8-q12) op= x * y, the key by lane: y0 y1 = ka[0] ka[1], y2 y3 = kb[0] kb[1],
   y4 = kc[0], 5y1 = kc[1], 5y2 5y3 = kd[0] kd[1], 5y4 = ke[0]; op0 vmull (the first
   row sets D) or vmlal */
.macro mul_lanes op0, x0, x1, x2, x3, x4, ka, kb, kc, kd, ke
	\op0\().u32 q8, \x0, \ka[0]
	\op0\().u32 q9, \x0, \ka[1]
	\op0\().u32 q10, \x0, \kb[0]
	\op0\().u32 q11, \x0, \kb[1]
	\op0\().u32 q12, \x0, \kc[0]
	vmlal.u32 q8, \x1, \ke[0]
	vmlal.u32 q9, \x1, \ka[0]
	vmlal.u32 q10, \x1, \ka[1]
	vmlal.u32 q11, \x1, \kb[0]
	vmlal.u32 q12, \x1, \kb[1]
	vmlal.u32 q8, \x2, \kd[1]
	vmlal.u32 q9, \x2, \ke[0]
	vmlal.u32 q10, \x2, \ka[0]
	vmlal.u32 q11, \x2, \ka[1]
	vmlal.u32 q12, \x2, \kb[0]
	vmlal.u32 q8, \x3, \kd[0]
	vmlal.u32 q9, \x3, \kd[1]
	vmlal.u32 q10, \x3, \ke[0]
	vmlal.u32 q11, \x3, \ka[0]
	vmlal.u32 q12, \x3, \ka[1]
	vmlal.u32 q8, \x4, \kc[1]
	vmlal.u32 q9, \x4, \kd[0]
	vmlal.u32 q10, \x4, \kd[1]
	vmlal.u32 q11, \x4, \ke[0]
	vmlal.u32 q12, \x4, \ka[0]
.endm

/* the same with a key vector per limb: y0..y4, and f1..f4 = 5y1..5y4 */
.macro mul_vectors op0, x0, x1, x2, x3, x4, y0, y1, y2, y3, y4, f1, f2, f3, f4
	\op0\().u32 q8, \x0, \y0
	\op0\().u32 q9, \x0, \y1
	\op0\().u32 q10, \x0, \y2
	\op0\().u32 q11, \x0, \y3
	\op0\().u32 q12, \x0, \y4
	vmlal.u32 q8, \x1, \f4
	vmlal.u32 q9, \x1, \y0
	vmlal.u32 q10, \x1, \y1
	vmlal.u32 q11, \x1, \y2
	vmlal.u32 q12, \x1, \y3
	vmlal.u32 q8, \x2, \f3
	vmlal.u32 q9, \x2, \f4
	vmlal.u32 q10, \x2, \y0
	vmlal.u32 q11, \x2, \y1
	vmlal.u32 q12, \x2, \y2
	vmlal.u32 q8, \x3, \f2
	vmlal.u32 q9, \x3, \f3
	vmlal.u32 q10, \x3, \f4
	vmlal.u32 q11, \x3, \y0
	vmlal.u32 q12, \x3, \y1
	vmlal.u32 q8, \x4, \f1
	vmlal.u32 q9, \x4, \f2
	vmlal.u32 q10, \x4, \f3
	vmlal.u32 q11, \x4, \f4
	vmlal.u32 q12, \x4, \y0
.endm

/* two keys' lane forms (a at ra, b at rb: limbs 0-4, 5x limbs 1-4, 5) interleaved limb by
   limb: afterwards y0 = (a0, b0) in d0, y1 in d5, y2 in d1, y3 in d6, y4 in d2, 5y1 in d7,
   5y2 in d3, 5y3 in d8, 5y4 in d4, (5, 5) in d9 */
.macro zipkeys ra, rb
	vldm \ra, {d0-d4}
	vldm \rb, {d5-d9}
	vzip.32 d0, d5
	vzip.32 d1, d6
	vzip.32 d2, d7
	vzip.32 d3, d8
	vzip.32 d4, d9
.endm

/* X (d10-d14) = the columns D0..D4 (q8-q12) carried back to limbs (the bounds above);
   five: a scalar lane holding 5 */
.macro carry five
	vsra.u64 q9, q8, #26
	vsra.u64 q10, q9, #26
	vsra.u64 q11, q10, #26
	vsra.u64 q12, q11, #26
	vshrn.u64 d30, q12, #26
	vmovn.i64 d10, q8
	vbic.i32 d10, #0xfc000000
	vmovl.u32 q8, d10
	vmlal.u32 q8, d30, \five
	vshrn.u64 d31, q8, #26
	vmovn.i64 d10, q8
	vbic.i32 d10, #0xfc000000
	vmovn.i64 d11, q9
	vbic.i32 d11, #0xfc000000
	vadd.i32 d11, d11, d31
	vmovn.i64 d12, q10
	vbic.i32 d12, #0xfc000000
	vmovn.i64 d13, q11
	vbic.i32 d13, #0xfc000000
	vmovn.i64 d14, q12
	vbic.i32 d14, #0xfc000000
.endm

	.globl neon_steps
	.hidden neon_steps
	.type neon_steps, %function
	.p2align 4
neon_steps:                              @ r0 keys, r1 m, r2 q >= 1, r3 x
	vpush {d8-d15}
	mov r12, r0
	vldm r0, {d0-d9}                 @ r^4 and r^2 by lane
	vmov.i32 d10, #0
	vmov.i32 d11, #0
	vmov.i32 d12, #0
	vmov.i32 d13, #0
	vmov.i32 d14, #0
	subs r2, r2, #1
	beq 2f
1:	add r0, r1, #32                  @ X = (X + P0) r^4 + P1 r^2: P1's products first, which
	split [r0]                       @ need no X (an out-of-order core overlaps them with the
	mul_lanes vmull, d26, d30, d31, d27, d29, d5, d6, d7, d8, d9   @ last step's carries)
	split [r1]
	add r1, r1, #64
	addp
	mul_lanes vmlal, d10, d11, d12, d13, d14, d0, d1, d2, d3, d4
	carry d4[1]
	subs r2, r2, #1
	bne 1b
2:	add r0, r12, #80                 @ the last step: X = (X + P0) (r^4, r^3) + P1 (r^2, r)
	zipkeys r12, r0
	split [r1]!
	addp
	mul_vectors vmull, d10, d11, d12, d13, d14, d0, d5, d1, d6, d2, d7, d3, d8, d4
	add r0, r12, #40
	add r2, r12, #120
	zipkeys r0, r2
	split [r1]!
	mul_vectors vmlal, d26, d30, d31, d27, d29, d0, d5, d1, d6, d2, d7, d3, d8, d4
	carry d9[0]
	vstm r3, {d10-d14}
	vmov.i32 q8, #0                  @ the keys' memory zeroed
	vmov.i32 q9, #0
	.rept 5
	vst1.32 {d16-d19}, [r12]!
	.endr
	vpop {d8-d15}
	bx lr
	.size neon_steps, . - neon_steps

	.section .note.GNU-stack, "", %progbits
