/* SPDX-License-Identifier: CC0-1.0 */
/* aes128_ce(out, k, in): AES-128 of one block with the ARMv8 AArch32
   Cryptography Extensions (AESE, AESMC), the key expansion interleaved with
   the rounds. Assumes an ARMv8 CPU in AArch32 state with the AES
   instructions (AT_HWCAP2's HWCAP2_AES: the caller checks), AAPCS (only
   q0-q3 and q8-q10 are used: volatile). No table, no branch; every round
   key and the state stay in vector registers: constant time.
   Expansion step without a table: VTBL copies RotWord(w3) into all four
   columns, where ShiftRows is the identity, so AESE with a zero round key
   gives SubWord(RotWord(w3)) in every column; adding rcon and the prefix
   sums (w0, w0^w1, w0^w1^w2, w0^w1^w2^w3: two VEXTs with zero and EORs)
   gives the next round key.
   hash_ce: a whole call around it and blocks.S's p32_auth, in assembly so
   that what it leaves on the stack does not depend on a compiler. */
#include "armhf.h"

	.syntax unified
	.arch armv8-a
	.fpu crypto-neon-fp-armv8
	.arm
	.text

/* k = the next round key from k (q0), rcon in every column of q9 (q8 zero, d20 the index) */
.macro nextkey
	vtbl.8 d4, {d1}, d20
	vtbl.8 d5, {d1}, d20
	aese.8 q2, q8
	veor q2, q2, q9
	vext.8 q3, q8, q0, #12
	veor q0, q0, q3
	vext.8 q3, q8, q0, #8
	veor q0, q0, q3
	veor q0, q0, q2
.endm

	.globl aes128_ce
	.hidden aes128_ce
	.type aes128_ce, %function
	.p2align 4
aes128_ce:                               @ r0 out, r1 k, r2 in
	vld1.8 {q0}, [r1]                @ round key 0
	vld1.8 {q1}, [r2]
	adr r3, .Lrotate
	vld1.8 {d20}, [r3]
	vmov.i32 q8, #0
	vmov.i32 q9, #1                  @ rcon of round key 1
	.rept 8                          @ rounds 1-8, and round keys 1-8
	aese.8 q1, q0
	aesmc.8 q1, q1
	nextkey
	vshl.i32 q9, q9, #1
	.endr
	aese.8 q1, q0                    @ round 9
	aesmc.8 q1, q1
	vmov.i32 q9, #0x1b
	nextkey
	aese.8 q1, q0                    @ round 10, less the last key
	vshl.i32 q9, q9, #1              @ 0x36
	nextkey
	veor q1, q1, q0
	vst1.8 {q1}, [r0]
	bx lr
	.p2align 3
.Lrotate:                                @ RotWord of bytes 4-7 of a doubleword, twice
	.byte 5, 6, 7, 4, 5, 6, 7, 4
	.size aes128_ce, . - aes128_ce

/* hash_ce(out, kr, n, m, l): the whole call of the paths neon-aes (below VECTOR_FROM bytes)
   and aes (armhf.h's fusedfn): s = AES_k(n) into this frame (with n NULL, the one-time key
   r || s: s copied from kr + 16, r = kr), then p32_auth (blocks.S) from h = 0, which zeroes
   s here and its own copies of r, s_i and the padded tail before it returns. The stack
   this writes below its caller: r4-r7 and lr (the caller's registers), out, kr, m (public
   pointers), l and a pointer as p32_auth's arguments, s (zeroed); aes128_ce writes none.
   So no secret is left below the caller's stack pointer and the dispatcher wipes nothing
   after it (dispatch.c; test/abi.c's scan fails a build that leaves one). */
	.globl hash_ce
	.hidden hash_ce
	.type hash_ce, %function
	.p2align 4
hash_ce:                                 @ r0 out, r1 kr, r2 n, r3 m, [sp] l
	push {r4-r7, lr}                 @ 20 bytes, then 28: sp stays 8-aligned
	sub sp, sp, #28                  @ [sp] l, [sp+4] h for p32_auth; [sp+8..23] s
	mov r4, r0
	mov r5, r1
	mov r6, r3
	add r0, sp, #8
	cmp r2, #0
	beq 1f
	bl aes128_ce                     @ s = AES_k(n)
	add r1, r5, #16                  @ r
	b 2f
1:	add r1, r1, #16                  @ one-time key: s = kr[16..32), r = kr
	vld1.8 {q0}, [r1]
	vst1.8 {q0}, [r0]
	mov r1, r5
2:	ldr r3, [sp, #48]                @ l
	adr r12, .Lzero_h
	str r3, [sp]
	str r12, [sp, #4]
	mov r0, r4
	add r2, sp, #8
	mov r3, r6
	bl p32_auth                      @ out; s zeroed
	add sp, sp, #28
	pop {r4-r7, pc}
	.p2align 2
.Lzero_h:                                @ h = 0, five words
	.word 0, 0, 0, 0, 0
	.size hash_ce, . - hash_ce

	.section .note.GNU-stack, "", %progbits
