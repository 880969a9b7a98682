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
   Bounds (each the largest value its inputs allow): a key's limbs 0-3 <
   2^26 and limb 4 < 5 2^24 = 2^26.33 (a power of r below 5 2^128, neon.c),
   5 times a limb < 2^28.65; a message limb < 2^26 (limb 4 < 2^25: the pad
   bit is 2^24); X's limbs between steps: 0, 2, 3 < 2^26, 1 < 2^26 + 74,
   4 < 2^26 + 38 (the carry below), so X + P0 < 2^27 + 74 fits a word. The
   columns D0..D4 (each ten products, five of X + P0 and five of P1) are
   below 2^57.95, 2^57.64, 2^57.24, 2^56.62 and 2^55.89. The carry, two
   chains (each ">>" a 64-bit shift, each "mod" a mask):
     D1 += D0 >> 26 (< 2^57.64), D0 mod 2^26;  D4 += D3 >> 26 (< 2^55.89),
       D3 mod 2^26;
     D2 += D1 >> 26 (< 2^57.24), D1 mod 2^26;  c = D4 >> 26 (< 2^29.89:
       a word), D4 mod 2^26, D0 += 5 c (< 2^32.23);
     D3 += D2 >> 26 (< 2^31.28);  D1 += D0 >> 26 (< 2^26 + 74);
     D4 += D3 >> 26 (< 2^26 + 38);  D0, D2, D3 mod 2^26.
   Each column's source bits leave it once (masked before it takes a carry
   again), so the value is kept mod 2^130 - 5 (2^130 = 5). */
#include "armhf.h"

	.syntax unified
	.arch armv7-a
	.fpu neon
	.arm
	.text

/* registers: the keys' lane forms r^4 in d0-d4 and r^2 in d5-d9 (5 in d4[1]); the columns
   D0..D4 in q5-q9; four blocks' limbs L0..L4 in q10-q14, P0 in the low halves d20 d22 d24
   d26 d28 (X + P0 there between steps), P1 in the high halves d21 .. d29; q15 = 2^26 - 1
   in each 64-bit lane */

/* the words of the four blocks at r1 (r1 += 64): word j of blocks a b c d in q(10+j) =
   d(20+2j) d(21+2j); r0 scratch */
.macro load4
	add r0, r1, #32
	vld4.32 {d21, d23, d25, d27}, [r0]
	vld4.32 {d20, d22, d24, d26}, [r1]
	add r1, r1, #64
.endm

/* the loaded words (q10-q13) split to limbs L0..L4 (q10-q14) in place, the pad bit 2^24
   in L4; L0..L3 < 2^26, L4 < 2^25 */
.macro split
	vmov.i32 q14, #0x01000000
	vsri.32 q14, q13, #8
	vshl.i32 q13, q13, #18
	vsri.32 q13, q12, #14
	vbic.i32 q13, #0xfc000000
	vshl.i32 q12, q12, #12
	vsri.32 q12, q11, #20
	vbic.i32 q12, #0xfc000000
	vshl.i32 q11, q11, #6
	vsri.32 q11, q10, #26
	vbic.i32 q11, #0xfc000000
	vbic.i32 q10, #0xfc000000
.endm

/* one row of a product: D0..D4 (q5-q9) op= x times the key words k0..k4 (by scalar);
   op vmull (the first row sets D) or vmlal */
.macro row op, x, k0, k1, k2, k3, k4
	\op\().u32 q5, \x, \k0
	\op\().u32 q6, \x, \k1
	\op\().u32 q7, \x, \k2
	\op\().u32 q8, \x, \k3
	\op\().u32 q9, \x, \k4
.endm

/* the columns times a key vector per limb: y0..y4 and f1..f4 = 5y1..5y4 */
.macro mul_vectors op0, x0, x1, x2, x3, x4, y0, y1, y2, y3, y4, f1, f2, f3, f4
	row \op0, \x0, \y0, \y1, \y2, \y3, \y4
	row vmlal, \x1, \f4, \y0, \y1, \y2, \y3
	row vmlal, \x2, \f3, \f4, \y0, \y1, \y2
	row vmlal, \x3, \f2, \f3, \f4, \y0, \y1
	row vmlal, \x4, \f1, \f2, \f3, \f4, \y0
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

/* the carry of the columns D0..D4 (q5-q9), in the order the header proves: two chains
   D0 -> D1 -> D2 -> D3 and D3 -> D4 -> 5x D0 -> D1, then D3 -> D4; c a scratch register
   for D4 >> 26, five a scalar lane holding 5. The loop has the same steps interleaved with
   the next blocks' split */
.macro carry c, five
	vsra.u64 q6, q5, #26
	vsra.u64 q9, q8, #26
	vand q5, q5, q15
	vand q8, q8, q15
	vsra.u64 q7, q6, #26
	vshrn.u64 \c, q9, #26
	vand q6, q6, q15
	vmlal.u32 q5, \c, \five
	vand q9, q9, q15
	vsra.u64 q8, q7, #26
	vsra.u64 q6, q5, #26
	vsra.u64 q9, q8, #26
	vand q5, q5, q15
	vand q7, q7, q15
	vand q8, q8, q15
.endm

	.globl neon_steps
	.hidden neon_steps
	.type neon_steps, %function
	.p2align 4
neon_steps:                              @ r0 keys, r1 m, r2 q >= 1, r3 x
	vpush {d8-d15}
	mov r12, r0
	vldm r0, {d0-d9}                 @ r^4 and r^2 by lane
	vmov.i64 q15, #0xffffffff
	vshr.u64 q15, q15, #6
	load4                            @ X + P0 = P0 for X = 0
	split
	subs r2, r2, #1
	beq 2f
1:	row vmull, d21, d5[0], d5[1], d6[0], d6[1], d7[0]      @ X = (X + P0) r^4 + P1 r^2
	row vmlal, d23, d9[0], d5[0], d5[1], d6[0], d6[1]
	row vmlal, d25, d8[1], d9[0], d5[0], d5[1], d6[0]
	row vmlal, d27, d8[0], d8[1], d9[0], d5[0], d5[1]
	row vmlal, d29, d7[1], d8[0], d8[1], d9[0], d5[0]
	vmlal.u32 q5, d20, d0[0]         @ (X + P0) r^4 with the next blocks' loads, then the
	add r0, r1, #32                  @ carry (as in the macro carry) with the next split
	vmlal.u32 q6, d20, d0[1]         @ between its steps (a schedule for in-order cores)
	vld4.32 {d21, d23, d25, d27}, [r0]
	vmlal.u32 q8, d20, d1[1]
	vmlal.u32 q9, d20, d2[0]
	vmlal.u32 q7, d20, d1[0]
	vmlal.u32 q5, d22, d4[0]
	vmlal.u32 q6, d22, d0[0]
	vmlal.u32 q8, d22, d1[0]
	vmlal.u32 q9, d22, d1[1]
	vmlal.u32 q7, d22, d0[1]
	vmlal.u32 q5, d24, d3[1]
	vmlal.u32 q6, d24, d4[0]
	vmlal.u32 q8, d24, d0[1]
	vmlal.u32 q9, d24, d1[0]
	vmlal.u32 q7, d24, d0[0]
	vmlal.u32 q5, d26, d3[0]
	vmlal.u32 q6, d26, d3[1]
	vmlal.u32 q8, d26, d0[0]
	vmlal.u32 q9, d26, d0[1]
	vmlal.u32 q7, d26, d4[0]
	vld4.32 {d20, d22, d24, d26}, [r1]
	add r1, r1, #64
	vmlal.u32 q5, d28, d2[1]
	vmlal.u32 q6, d28, d3[0]
	vmlal.u32 q8, d28, d4[0]
	vmlal.u32 q9, d28, d0[0]
	vmlal.u32 q7, d28, d3[1]
	vsra.u64 q6, q5, #26             @ D1 += D0 >> 26
	vmov.i32 q14, #0x01000000
	vand q5, q5, q15                 @ D0 mod 2^26
	vsra.u64 q9, q8, #26             @ D4 += D3 >> 26
	vsri.32 q14, q13, #8
	vshl.i32 q13, q13, #18
	vsra.u64 q7, q6, #26             @ D2 += D1 >> 26
	vand q8, q8, q15                 @ D3 mod 2^26
	vsri.32 q13, q12, #14
	vshrn.u64 d3, q9, #26            @ c = D4 >> 26, d3 a scratch (reloaded below)
	vshl.i32 q12, q12, #12
	vand q6, q6, q15                 @ D1 mod 2^26
	vmlal.u32 q5, d3, d4[1]          @ D0 += 5 c
	vldr d3, [r12, #24]              @ r^4's 5 r_2, 5 r_3 again
	vsra.u64 q8, q7, #26             @ D3 += D2 >> 26
	vsri.32 q12, q11, #20
	vshl.i32 q11, q11, #6
	vand q9, q9, q15                 @ D4 mod 2^26
	vbic.i32 q13, #0xfc000000
	vsri.32 q11, q10, #26
	vsra.u64 q6, q5, #26             @ D1 += D0 >> 26
	vsra.u64 q9, q8, #26             @ D4 += D3 >> 26
	vbic.i32 q12, #0xfc000000
	vbic.i32 q11, #0xfc000000
	vbic.i32 q10, #0xfc000000
	vand q5, q5, q15                 @ D0 mod 2^26
	vand q7, q7, q15                 @ D2 mod 2^26
	vand q8, q8, q15                 @ D3 mod 2^26
	vaddw.u32 q5, q5, d20            @ X + P0 (the next P0) to the low halves
	vaddw.u32 q6, q6, d22
	vaddw.u32 q7, q7, d24
	vaddw.u32 q8, q8, d26
	vaddw.u32 q9, q9, d28
	vmovn.i64 d20, q5
	vmovn.i64 d22, q6
	vmovn.i64 d24, q7
	vmovn.i64 d26, q8
	vmovn.i64 d28, q9
	subs r2, r2, #1
	bne 1b
2:	add r0, r12, #80                 @ the last step: X = (X + P0) (r^4, r^3) + P1 (r^2, r)
	zipkeys r12, r0
	mul_vectors vmull, d20, d22, d24, d26, d28, d0, d5, d1, d6, d2, d7, d3, d8, d4
	add r0, r12, #40
	add r2, r12, #120
	zipkeys r0, r2
	mul_vectors vmlal, d21, d23, d25, d27, d29, d0, d5, d1, d6, d2, d7, d3, d8, d4
	carry d3, d9[0]
	vmovn.i64 d20, q5
	vmovn.i64 d22, q6
	vmovn.i64 d24, q7
	vmovn.i64 d26, q8
	vmovn.i64 d28, q9
	vst1.32 {d20}, [r3]!
	vst1.32 {d22}, [r3]!
	vst1.32 {d24}, [r3]!
	vst1.32 {d26}, [r3]!
	vst1.32 {d28}, [r3]
	vmov.i32 q8, #0                  @ the keys' memory zeroed
	vmov.i32 q9, #0
	.rept 5
	vst1.32 {d16-d19}, [r12]!
	.endr
	vpop {d8-d15}
	bx lr
	.size neon_steps, . - neon_steps

	.section .note.GNU-stack, "", %progbits
