/* SPDX-License-Identifier: CC0-1.0 */
/* vpaes_neon(out, k, in, tables): out = AES-128_k(in), the key expanded on the
   way, by vector permutes on NEON's VTBL: common/vpaes.h's vp_encrypt (its
   tables, passed in: vpaes_tables; its ARMv7-A key schedule, SubWord on one D
   register) with two changes: the middle rounds' keys carry S63 (next_key),
   and the last round stays in the inner basis up to the key, then goes to the
   AES basis by OUTLO/OUTHI (with 0x63) once: OUT(SB1(x)) = SBO(x) + 0x63 for
   every byte x (OUT is the linear change of basis plus 0x63, SBOU/SBOT are
   SB1U/SB1T in the AES basis). Every table
   and mask a round uses is kept in registers, so nothing is spilled. Assumes ARMv7-A with NEON (the caller
   checks HWCAP_NEON), AAPCS (d8-d15 saved and restored), k, in and out at any
   address. Constant time: every VTBL's table is a register, every load's
   address a constant offset from tables, k, in, out or key_constants (its own
   rows: RotWord's index and rcon); no branch. A VTBL's
   index is in bytes 0-15 or 0x9X (INV's infinity: the result byte is 0, as
   vp_lookup's). Nothing is written to memory but out and the saved d8-d15. */
#include "armhf.h"

	.syntax unified
	.arch armv7-a
	.fpu neon
	.arm
	.text

/* byte offsets of common/vpaes.h's tables (its enum, checked in scalar.c, which also
   checks the pairs loaded together adjacent: INV INVA SB1U SB1T SB2U SB2T from 0 (up to
   SBOU), SR SR_ROT1 SR_ROT3 ROT1, INLO INHI, OUTLO OUTHI) */
#define T_SBOU 96
#define T_INLO 128
#define T_OUTLO 160
#define T_SR 384

/* registers: the state x in q0; q1-q3 free between steps; the key in q4 (d8 columns
   0-1, d9 columns 2-3); LOW4 in q5 (0x0f bytes); SR_ROT3 q6, ROT1 q7, INV q8, INVA q9,
   SB1U q10, SB1T q11, SB2U q12, SB2T q13, SR q14, SR_ROT1 q15 (each pair of tables
   adjacent in common/vpaes.h, one VLD1 a pair); r3 the tables */

/* q1 = x's 16 bytes looked up in the table q (its D halves lo, hi) by the index q's
   halves ilo, ihi */
.macro lookup dlo, dhi, tlo, thi, ilo, ihi
	vtbl.8 \dlo, {\tlo, \thi}, \ilo
	vtbl.8 \dhi, {\tlo, \thi}, \ihi
.endm

/* the next round key in q4 (VP_NEXT_KEY): x = SubWord(RotWord(column 3)) + rcon on one D
   register (d5: the S-box's io in d5, jo in d6), then the prefix xors of the columns and x
   in each; uses q1-q3. After round 1 the key is kept with S63 (K: 0x6e in every byte) in
   every column, which the middle rounds add to the state with it: the prefix xors of four
   columns each with K leave K in columns 0 and 2 and cancel it in 1 and 3, so x's
   constant holds K in its half for columns 1 and 3; in both halves on the way into that
   form (round 1), in the low half only on the way out of it (round 10); from the K form
   (kform 1) column 3 loses its K before SubWord. The constants: the next row of
   key_constants at r12 (r12 += 16, or 24 with K first) */
.macro next_key kform
	.if \kform
	vld1.8 {d5-d7}, [r12]!           @ K (d5), RotWord's index (d6), x's constant (d7)
	vtbl.8 d2, {d8, d9}, d6          @ RotWord(column 3), twice
	veor d2, d2, d5                  @ without K
	.else
	vld1.8 {d6-d7}, [r12]!           @ RotWord's index (d6), x's constant (d7)
	vtbl.8 d2, {d8, d9}, d6          @ RotWord(column 3), twice
	.endif
	vshr.u8 d3, d2, #4               @ i
	vand d2, d2, d10                 @ k
	veor d4, d3, d2                  @ j
	vtbl.8 d2, {d18, d19}, d2        @ a_k = INVA[k]
	vtbl.8 d5, {d16, d17}, d3
	veor d5, d5, d2                  @ iak = INV[i] + a_k
	vtbl.8 d6, {d16, d17}, d4
	veor d6, d6, d2                  @ jak = INV[j] + a_k
	vtbl.8 d5, {d16, d17}, d5
	veor d5, d5, d4                  @ io = INV[iak] + j
	vtbl.8 d6, {d16, d17}, d6
	veor d6, d6, d3                  @ jo = INV[jak] + i
	vtbl.8 d5, {d20, d21}, d5
	vtbl.8 d6, {d22, d23}, d6
	veor d5, d5, d6                  @ SubWord (inner basis, without 0x63)
	veor d5, d5, d7                  @ x: with rcon and 0x63, K in the halves above
	vshl.i64 q1, q4, #32
	veor q4, q4, q1                  @ c0, c0 + c1 | c2, c2 + c3
	vdup.32 d2, d8[1]
	veor d2, d2, d5
	veor d9, d9, d2                  @ columns 2, 3: + c0 + c1 + x
	veor d8, d8, d5                  @ columns 0, 1: + x
.endm

/* x's inversion (vp_invert): io in q1, jo in q2; x is used up */
.macro invert
	vand q1, q0, q5                  @ k
	vshr.u8 q0, q0, #4               @ i
	veor q2, q0, q1                  @ j
	lookup d6, d7, d18, d19, d2, d3  @ a_k = INVA[k]
	lookup d2, d3, d16, d17, d0, d1
	veor q1, q1, q3                  @ iak = INV[i] + a_k
	lookup d2, d3, d16, d17, d2, d3
	veor q1, q1, q2                  @ io = INV[iak] + j
	lookup d4, d5, d16, d17, d4, d5
	veor q2, q2, q3                  @ jak = INV[j] + a_k
	lookup d4, d5, d16, d17, d4, d5
	veor q2, q2, q0                  @ jo = INV[jak] + i
.endm

/* one middle round (vp_round): x = MixColumns(ShiftRows(SubBytes(x))) + key + S63, S63
   in the key (next_key's K form) */
.macro round kform
	next_key \kform
	invert
	lookup d0, d1, d20, d21, d2, d3
	lookup d6, d7, d22, d23, d4, d5
	veor q0, q0, q3                  @ s = SB1U[io] + SB1T[jo]
	lookup d2, d3, d24, d25, d2, d3
	lookup d4, d5, d26, d27, d4, d5
	veor q1, q1, q2                  @ s2 = SB2U[io] + SB2T[jo]
	lookup d4, d5, d2, d3, d28, d29  @ s2 by SR
	lookup d6, d7, d0, d1, d30, d31  @ s by SR_ROT1
	veor q2, q2, q3                  @ t
	lookup d2, d3, d4, d5, d14, d15  @ t by ROT1
	veor q2, q2, q1
	lookup d2, d3, d0, d1, d12, d13  @ s by SR_ROT3
	veor q2, q2, q1
	veor q0, q2, q4                  @ the key, S63 in it
.endm

/* a row a round: K (8 bytes, kform 1), RotWord(column 3)'s index twice (common/vpaes.h's
   SUBWORD), then x's constant: the round's rcon c in the inner basis plus SubBytes' 0x63
   there (0x6e, which is K) in every byte, as a column (common/vpaes.h's RCON rows), plus lo
   and hi (K or 0) in the low and high half, as next_key says */
#define K 0x6e
.macro key_row kform, c, lo, hi
	.if \kform
	.byte K, K, K, K, K, K, K, K
	.endif
	.byte 0x0d, 0x0e, 0x0f, 0x0c, 0x0d, 0x0e, 0x0f, 0x0c
	.byte \c ^ K ^ \lo, K ^ \lo, K ^ \lo, K ^ \lo, \c ^ K ^ \hi, K ^ \hi, K ^ \hi, K ^ \hi
.endm
	.p2align 4
key_constants:
	key_row 0, 0x01, K, K
	key_row 1, 0x1c, 0, K
	key_row 1, 0x2d, 0, K
	key_row 1, 0x27, 0, K
	key_row 1, 0x86, 0, K
	key_row 1, 0xfd, 0, K
	key_row 1, 0x8e, 0, K
	key_row 1, 0x77, 0, K
	key_row 1, 0xbc, 0, K
	key_row 1, 0x4a, K, 0

	.globl vpaes_neon
	.hidden vpaes_neon
	.type vpaes_neon, %function
	.p2align 4
vpaes_neon:                              @ r0 out, r1 k, r2 in, r3 tables
	adr r12, key_constants           @ (just above: a small offset)
	vpush {d8-d15}
	vld1.8 {d8-d9}, [r1]             @ k
	vld1.8 {d0-d1}, [r2]             @ in
	vmov.i8 q5, #0x0f
	add r1, r3, #T_INLO
	vld1.8 {d2-d5}, [r1]             @ INLO, INHI
	vand q3, q4, q5                  @ the key into the inner basis (vp_transform)
	vshr.u8 q4, q4, #4
	lookup d6, d7, d2, d3, d6, d7
	lookup d8, d9, d4, d5, d8, d9
	veor q4, q4, q3
	vand q3, q0, q5                  @ the block too, then the key added
	vshr.u8 q0, q0, #4
	lookup d6, d7, d2, d3, d6, d7
	lookup d0, d1, d4, d5, d0, d1
	veor q0, q0, q3
	veor q0, q0, q4
	vld1.8 {d16-d19}, [r3]!          @ INV, INVA
	vld1.8 {d20-d23}, [r3]!          @ SB1U, SB1T
	vld1.8 {d24-d27}, [r3]!          @ SB2U, SB2T; r3 = tables + T_SBOU
	add r1, r3, #T_SR - T_SBOU
	vld1.8 {d28-d31}, [r1]!          @ SR, SR_ROT1
	vld1.8 {d12-d15}, [r1]           @ SR_ROT3, ROT1
	round 0
	round 1
	round 1
	round 1
	round 1
	round 1
	round 1
	round 1
	round 1
	next_key 1                       @ round 10's key, without S63
	invert                           @ the last round: SubBytes, ShiftRows, the key, all
	lookup d0, d1, d20, d21, d2, d3  @ in the inner basis, then OUT (with 0x63) to the AES one
	lookup d6, d7, d22, d23, d4, d5
	veor q0, q0, q3                  @ s = SB1U[io] + SB1T[jo]
	lookup d2, d3, d0, d1, d28, d29  @ by SR
	veor q1, q1, q4
	add r3, r3, #T_OUTLO - T_SBOU
	vld1.8 {d20-d23}, [r3]           @ OUTLO, OUTHI
	vand q3, q1, q5
	vshr.u8 q1, q1, #4
	lookup d6, d7, d20, d21, d6, d7
	lookup d2, d3, d22, d23, d2, d3
	veor q1, q1, q3
	vst1.8 {d2-d3}, [r0]
	vpop {d8-d15}
	bx lr
	.size vpaes_neon, . - vpaes_neon

	.section .note.GNU-stack, "", %progbits
