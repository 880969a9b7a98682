/* SPDX-License-Identifier: CC0-1.0 */
/* rvv_steps(keys, m, q, L, sums): the RVV core of poly1305aes_riscv64:
   Poly1305 in radix 2^26 over q L blocks at m (q >= 1), L lanes (lane j
   takes blocks j, j + L, j + 2L, ...; L = min(VLMAX at e32, 16), vector-length
   agnostic: the caller picks L with vsetvli), one block a lane a step:
   X = (X + P) r^L; the last step takes X = (X + P) (r^L, r^(L-1), ..., r)
   lane by lane, so that the Poly1305 sum of the blocks (for h = 0 before
   them) is the sum of the lanes, which go to sums[0..4] (limb by limb).
   keys (vector.c): words 0-8 r^L's limbs 0-4 then 5 times limbs 1-4; from
   word 10, nine rows of L words: row i < 5 holds limb i of r^(L-j) in word
   j, rows 5-8 five times limbs 1-4; all of it is zeroed before return.
   Assumes RV64 with V (RVV 1.0: the caller checks), GNU as 2.40 (.option
   arch). Every vector register, vl and vtype are volatile (psABI); vxrm,
   vxsat and vstart are left alone.
   Bounds: X's limbs < 2^26 + 2^6.1 between steps (the carry below), a
   message limb < 2^26 (limb 4 < 2^25: the pad bit is 2^24), so X + P <
   2^27.01; a key's limbs 0-3 < 2^26, limb 4 < 5 2^24 = 2^26.33 (a power of
   r below 5 2^128), 5 times that < 2^28.66. A column is five products:
   < 5 2^27.01 2^28.66 < 2^58; column 4 has no 5x factor: < 2^55.7, and
   with column 3's carry (< 2^32) < 2^55.8, so c = D4 >> 26 < 2^29.8 and
   D0 = (D0 mod 2^26) + 5c < 2^32.2. The carries: D1 += D0 >> 26, ...,
   D4 += D3 >> 26, each limb mod 2^26, D0 += 5c, then D0's carry (< 2^6.1)
   into limb 1. A lane sum of one limb < 16 (2^26 + 2^6.1) < 2^30.01. */

#include "riscv64.h"

	.option arch, +v
	.text

/* the limbs of the next L blocks at a1 (a1 += 16 L: a5), one a lane, in v6 v10 v11 v7 v9 */
.macro split
	vlseg4e32.v v6, (a1)
	add a1, a1, a5
	vsrl.vi v10, v6, 26
	vsll.vi v11, v7, 6
	vor.vv v10, v10, v11
	vand.vx v10, v10, t5
	vand.vx v6, v6, t5
	vsrl.vi v11, v7, 20
	vsll.vi v7, v8, 12
	vor.vv v11, v11, v7
	vand.vx v11, v11, t5
	vsrl.vi v7, v8, 14
	vsll.vi v8, v9, 18
	vor.vv v7, v7, v8
	vand.vx v7, v7, t5
	vsrl.vi v9, v9, 8
	vor.vx v9, v9, t6
.endm

/* X += the limbs split left */
.macro addp
	vadd.vv v1, v1, v6
	vadd.vv v2, v2, v10
	vadd.vv v3, v3, v11
	vadd.vv v4, v4, v7
	vadd.vv v5, v5, v9
.endm

/* D0..D4 (v12, v14, v16, v18, v20 at e64, LMUL 2) += limb x of X times a0..a4 (suffix .vx: a0..a4
   scalars, .vv: vectors) */
.macro mac_row sfx, x, a0, a1, a2, a3, a4
	vwmaccu\sfx v12, \a0, \x
	vwmaccu\sfx v14, \a1, \x
	vwmaccu\sfx v16, \a2, \x
	vwmaccu\sfx v18, \a3, \x
	vwmaccu\sfx v20, \a4, \x
.endm

/* D0..D4 = X times the key: limbs k0..k4, f1..f4 = 5 times limbs 1-4; suffix .vx for a scalar key,
   .vv for a key vector per limb (y0..y4 in v24..v28, 5y1..5y4 in v29 v30 v31 v0) */
.macro mul sfx, k0, k1, k2, k3, k4, f1, f2, f3, f4
	vwmulu\sfx v12, v1, \k0
	vwmulu\sfx v14, v1, \k1
	vwmulu\sfx v16, v1, \k2
	vwmulu\sfx v18, v1, \k3
	vwmulu\sfx v20, v1, \k4
	mac_row \sfx, v2, \f4, \k0, \k1, \k2, \k3
	mac_row \sfx, v3, \f3, \f4, \k0, \k1, \k2
	mac_row \sfx, v4, \f2, \f3, \f4, \k0, \k1
	mac_row \sfx, v5, \f1, \f2, \f3, \f4, \k0
.endm

/* column hi += column lo >> 26, lo mod 2^26 (t5 = 2^26 - 1; v22 scratch) */
.macro carry_into lo, hi
	vsrl.vi v22, \lo, 26
	vadd.vv \hi, \hi, v22
	vand.vx \lo, \lo, t5
.endm

/* X (v1-v5, e32) = the columns carried back to limbs (the bounds above); leaves e32, LMUL 1 */
.macro carry
	vsetvli zero, zero, e64, m2, ta, ma
	carry_into v12, v14
	carry_into v14, v16
	carry_into v16, v18
	carry_into v18, v20
	vsrl.vi v22, v20, 26
	vand.vx v20, v20, t5
	vadd.vv v12, v12, v22
	vsll.vi v22, v22, 2
	vadd.vv v12, v12, v22
	carry_into v12, v14
	vsetvli zero, zero, e32, m1, ta, ma
	vnsrl.wi v1, v12, 0
	vnsrl.wi v2, v14, 0
	vnsrl.wi v3, v16, 0
	vnsrl.wi v4, v18, 0
	vnsrl.wi v5, v20, 0
.endm

	.globl rvv_steps
	.hidden rvv_steps
	.type rvv_steps, @function
	.p2align 2
rvv_steps:                               # a0 keys, a1 m, a2 q >= 1, a3 L, a4 sums
	addi sp, sp, -16
	sd s1, 0(sp)
	sd s2, 8(sp)
	vsetvli zero, a3, e32, m1, ta, ma
	slli a5, a3, 4                   # the bytes of a step
	li t5, 0x3ffffff
	li t6, 0x1000000
	lwu a6, 0(a0)                    # r^L: limbs, then 5 times limbs 1-4
	lwu a7, 4(a0)
	lwu t0, 8(a0)
	lwu t1, 12(a0)
	lwu t2, 16(a0)
	lwu t3, 20(a0)
	lwu t4, 24(a0)
	lwu s1, 28(a0)
	lwu s2, 32(a0)
	vmv.v.i v1, 0
	vmv.v.i v2, 0
	vmv.v.i v3, 0
	vmv.v.i v4, 0
	vmv.v.i v5, 0
	addi a2, a2, -1
	beqz a2, 2f
1:	split                            # X = (X + P) r^L
	addp
	mul .vx, a6, a7, t0, t1, t2, t3, t4, s1, s2
	carry
	addi a2, a2, -1
	bnez a2, 1b
2:	addi t0, a0, 40                  # the last step: X = (X + P) (r^L, ..., r)
	srli t1, a5, 2                   # a row's bytes
	.irp v, v24, v25, v26, v27, v28, v29, v30, v31, v0
	vle32.v \v, (t0)
	add t0, t0, t1
	.endr
	split
	addp
	mul .vv, v24, v25, v26, v27, v28, v29, v30, v31, v0
	carry
	vmv.v.i v6, 0                    # the lanes' sums, limb by limb (< 2^30.01: vmv.x.s's
	.irp i, 1, 2, 3, 4, 5            # sign extension leaves them as they are)
	vredsum.vs v7, v\i, v6
	vmv.x.s t0, v7
	sd t0, 8 * (\i - 1)(a4)
	.endr
	vmv.v.i v6, 0                    # the keys zeroed: the rows, then words 0-9
	addi t0, a0, 40
	.rept 9
	vse32.v v6, (t0)
	add t0, t0, t1
	.endr
	sd zero, 0(a0)
	sd zero, 8(a0)
	sd zero, 16(a0)
	sd zero, 24(a0)
	sd zero, 32(a0)
	ld s2, 8(sp)
	ld s1, 0(sp)
	addi sp, sp, 16
	ret
	.size rvv_steps, . - rvv_steps

/* rvv_wipe(bytes): zero [sp - bytes, sp) below the caller's stack pointer (this function
   keeps no frame: its sp is the caller's; bytes > 0), VLEN bytes a store (e8, m8: v0-v7,
   volatile); sp moves down over the area for the stores (memory below it is not the
   program's to write), and back (common/dispatch.h's wipe after a path's code) */
	.globl rvv_wipe
	.hidden rvv_wipe
	.type rvv_wipe, @function
	.p2align 2
rvv_wipe:                                # a0 bytes
	mv t0, sp
	sub sp, sp, a0
	mv t1, sp
	vsetvli t2, zero, e8, m8, ta, ma
	vmv.v.i v0, 0
1:	vsetvli t2, a0, e8, m8, ta, ma   # the last store may be shorter: v0 stays zero
	vse8.v v0, (t1)
	add t1, t1, t2
	sub a0, a0, t2
	bnez a0, 1b
	mv sp, t0
	ret
	.size rvv_wipe, . - rvv_wipe

	.section .note.GNU-stack, "", %progbits
