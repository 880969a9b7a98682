/* SPDX-License-Identifier: CC0-1.0 */
/* rvv_aes128(out, k, in, tables): AES-128 of one block, key expansion
   interleaved, by vector permutes (M. Hamburg's method; the sequence of
   operations and the tables are common/vpaes.h's, which the caller passes:
   vpaes_tables) with vrgather.vv as the byte shuffle. Assumes RV64 with V
   (RVV 1.0, so VLEN >= 128: the caller checks), GNU as 2.40 (.option arch).
   Every vector register, vl and vtype are volatile (psABI); vxrm, vxsat and
   vstart are left alone; all 32 vector registers are zeroed before return.
   Constant time: every instruction runs whatever k and in are, every memory
   address is tables plus a constant, k, in or out; no branch.

   One block is 16 elements at e8, LMUL 1 (vl 16, tail undisturbed). A
   lookup's index is a nibble, or has bit 7 set ("infinity": the result must
   be 0). vrgather.vv gives 0 for an index >= VLMAX (VLEN / 8 here): for
   VLEN up to 1024 that covers every index with bit 7 set; above it, the
   index reads a tail element of the table register, and every register a
   table indexed so (INV, SB1U, SB1T, SB2U, SB2T, SBOU, SBOT) is zeroed over
   its whole length before its 16 bytes are loaded, tail undisturbed. The
   other lookups take nibble indices (constants, or a byte's low or high
   nibble). Registers: v1-v11 the tables used every round, v18 the state,
   v19 the round key (inner basis, without 0x63: t1 adds it), v12-v17 the
   inversion's, v20-v29 the rounds' temporaries, v30 v31 SBOU and SBOT. */

#include "riscv64.h"

	.option arch, +v
	.text

/* common/vpaes.h's tables: the index in its enum times 16 (vector.c checks the enum) */
.equ INV, 0
.equ INVA, 16
.equ SB1U, 32
.equ SB1T, 48
.equ SB2U, 64
.equ SB2T, 80
.equ SBOU, 96
.equ SBOT, 112
.equ INLO, 128
.equ INHI, 144
.equ OUTLO, 160
.equ OUTHI, 176
.equ RCON1, 208
.equ SR, 384
.equ SR_ROT1, 400
.equ SR_ROT3, 416
.equ ROT1, 432
.equ SUBWORD, 448

/* vd = the table at offset off */
.macro table vd, off
	addi t0, a3, \off
	vle8.v \vd, (t0)
.endm

/* vd = the bytes of vx in another basis: lo[low nibble] ^ hi[high nibble] */
.macro transform vd, vx, lo, hi
	vand.vi v13, \vx, 15
	vsrl.vi v14, \vx, 4
	vrgather.vv \vd, \lo, v13
	vrgather.vv v15, \hi, v14
	vxor.vv \vd, \vd, v15
.endm

/* io, jo: the two nibbles whose output lookups give the S-box of vx (vp_invert) */
.macro invert vx, io, jo
	vsrl.vi v12, \vx, 4              # i
	vand.vi v13, \vx, 15             # k
	vxor.vv v14, v12, v13            # j
	vrgather.vv v15, v2, v13         # a/k
	vrgather.vv v16, v1, v12
	vxor.vv v16, v16, v15            # 1/i + a/k
	vrgather.vv v17, v1, v14
	vxor.vv v17, v17, v15            # 1/j + a/k
	vrgather.vv \io, v1, v16
	vxor.vv \io, \io, v14
	vrgather.vv \jo, v1, v17
	vxor.vv \jo, \jo, v12
.endm

/* the next round key in v19 (VP_NEXT_KEY): prefix xors of its columns, and
   SubWord(RotWord(column 3)) plus rcon in every column */
.macro next_key rcon
	vrgather.vv v20, v19, v11        # column 3 rotated, in every column
	invert v20, v21, v22
	vrgather.vv v23, v3, v21
	vrgather.vv v24, v4, v22
	vxor.vv v23, v23, v24            # the S-box
	vmv.v.i v24, 0
	vslideup.vi v24, v19, 4
	vxor.vv v19, v19, v24
	vmv.v.i v24, 0
	vslideup.vi v24, v19, 8
	vxor.vv v19, v19, v24
	table v24, \rcon
	vxor.vv v19, v19, v24
	vxor.vv v19, v19, v23
.endm

/* v18 = MixColumns(ShiftRows(SubBytes(v18))) + v19 + 0x63 (vp_round) */
.macro round
	invert v18, v21, v22
	vrgather.vv v23, v3, v21
	vrgather.vv v24, v4, v22
	vxor.vv v23, v23, v24            # S'
	vrgather.vv v25, v5, v21
	vrgather.vv v26, v6, v22
	vxor.vv v25, v25, v26            # 2 S'
	vrgather.vv v26, v25, v7
	vrgather.vv v27, v23, v8
	vxor.vv v26, v26, v27            # t
	vrgather.vv v27, v26, v10
	vxor.vv v26, v26, v27
	vrgather.vv v27, v23, v9
	vxor.vv v26, v26, v27
	vxor.vx v27, v19, t1
	vxor.vv v18, v26, v27
.endm

/* rvv_aes128(a0 = out, a1 = k, a2 = in, a3 = tables) */
	.globl rvv_aes128
	.hidden rvv_aes128
	.type rvv_aes128, @function
	.p2align 2
rvv_aes128:
	vsetvli t0, zero, e8, m8, ta, ma
	vmv.v.i v0, 0                    # v0-v31: the tables' tails zero
	vmv.v.i v8, 0
	vmv.v.i v16, 0
	vmv.v.i v24, 0
	vsetivli zero, 16, e8, m1, tu, ma
	li t1, 0x6e                      # S63
	table v1, INV
	table v2, INVA
	table v3, SB1U
	table v4, SB1T
	table v5, SB2U
	table v6, SB2T
	table v7, SR
	table v8, SR_ROT1
	table v9, SR_ROT3
	table v10, ROT1
	table v11, SUBWORD
	table v20, INLO
	table v21, INHI
	vle8.v v22, (a1)
	transform v19, v22, v20, v21     # the key, inner basis
	vle8.v v22, (a2)
	transform v18, v22, v20, v21
	vxor.vv v18, v18, v19
	next_key RCON1
	round
	next_key RCON1+16
	round
	next_key RCON1+32
	round
	next_key RCON1+48
	round
	next_key RCON1+64
	round
	next_key RCON1+80
	round
	next_key RCON1+96
	round
	next_key RCON1+112
	round
	next_key RCON1+128
	round
	next_key RCON1+144
	table v30, SBOU
	table v31, SBOT
	invert v18, v21, v22
	vrgather.vv v23, v30, v21
	vrgather.vv v24, v31, v22
	vxor.vv v23, v23, v24
	vrgather.vv v25, v23, v7         # ShiftRows
	table v20, OUTLO
	table v21, OUTHI
	transform v26, v19, v20, v21     # the last round key, AES basis, with 0x63
	vxor.vv v25, v25, v26
	vse8.v v25, (a0)
	vsetvli t0, zero, e8, m8, ta, ma
	vmv.v.i v0, 0                    # no key material left in the vector registers
	vmv.v.i v8, 0
	vmv.v.i v16, 0
	vmv.v.i v24, 0
	ret
	.size rvv_aes128, .-rvv_aes128
