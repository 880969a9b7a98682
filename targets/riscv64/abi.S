/* SPDX-License-Identifier: CC0-1.0 */
/* ABI harness for 64-bit RISC-V (LP64D psABI, Linux; GNU as; PC-relative
   addressing, so PIC and non-PIC links work). Assumes s0-s11 and sp are
   preserved by a callee, gp and tp are never changed (the program's), the
   callee-saved FP registers are fs0-fs11 (f8, f9, f18-f27; 64-bit D), every
   vector register, vl and vtype are volatile and vstart is zero at entry and
   at return (psABI); this project's rule: the fcsr rounding mode frm and the
   vector fixed-point rounding mode vxrm come back exactly, the caller's raised
   fflags and vxsat stay raised (RISC-V has no FP traps). A callee with no
   stacked arguments writes nothing at or above its entry sp.
   Slots (test/abi.c names them): want/got 0-11 s0-s11, 12 sp, 13 gp, 14 tp,
   15 fcsr (frm << 5 | fflags), 16 vxrm, 17 vxsat, 18 vstart (16-18 only with
   ABI_HAS_RVV in the block's flags), 19-26 the words [sp+0..56] of the
   caller's frame at the call; fwant/fgot 0-11 fs0-fs11. */
#include "abi.h"
#if !(defined(__riscv) && __riscv_xlen == 64)
#error "targets/riscv64/abi.S is for 64-bit RISC-V"
#endif

#define WANT(i) (ABI_WANT + 8 * (i))
#define GOT(i) (ABI_GOT + 8 * (i))
#define FWANT(i) (ABI_FWANT + 8 * (i))
#define FGOT(i) (ABI_FGOT + 8 * (i))
#define CSR_VSTART 0x008
#define CSR_VXSAT 0x009
#define CSR_VXRM 0x00a

/* the twelve callee-saved registers prefix0-prefix11 (prefix s: s0-s11, op sd or ld; prefix
   fs: fs0-fs11, op fsd or fld) stored or loaded at base + at, 8 apart */
.macro saved op, prefix, base, at
	.irp i, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11
	\op \prefix\i, (\at) + 8 * \i(\base)
	.endr
.endm

	.text
	.globl abi_call
	.type abi_call, @function
	.p2align 2
abi_call:
	addi sp, sp, -240                /* 0 ra, 8 s0-s11, 104 fs0-fs11, 200 fcsr, 208 vxrm, 216 vxsat, 224 current */
	sd ra, 0(sp)
	saved sd, s, sp, 8
	saved fsd, fs, sp, 104
	frcsr t0
	sd t0, 200(sp)
	ld t1, ABI_FLAGS(a0)
	andi t1, t1, ABI_HAS_RVV
	beqz t1, 1f
	csrr t0, CSR_VXRM
	sd t0, 208(sp)
	csrr t0, CSR_VXSAT
	sd t0, 216(sp)
1:	sd sp, ABI_HOST(a0)              /* found again even if the callee moves sp */
	lla t0, current
	ld t1, 0(t0)                     /* kept, so the harness can run under itself */
	sd t1, 224(sp)
	sd a0, 0(t0)

	li t0, ABI_RUNTOP                /* the call's own stack, in the block */
	add t0, a0, t0
	ld t1, ABI_PAD(a0)
	sub t0, t0, t1
	addi sp, t0, -64                 /* the 8 frame words at and above the call's sp */
	.irp i, 0, 1, 2, 3, 4, 5, 6, 7
	ld t1, WANT(19 + \i)(a0)
	sd t1, 8 * \i(sp)
	.endr
	sd sp, WANT(12)(a0)
	sd gp, WANT(13)(a0)              /* the program's: read, never loaded */
	sd tp, WANT(14)(a0)
	ld t0, WANT(15)(a0)
	fscsr t0
	frcsr t0
	sd t0, WANT(15)(a0)              /* as the CPU holds it */
	ld t1, ABI_FLAGS(a0)
	andi t1, t1, ABI_HAS_RVV
	beqz t1, 2f
	ld t0, WANT(16)(a0)
	csrw CSR_VXRM, t0
	csrr t0, CSR_VXRM
	sd t0, WANT(16)(a0)
	ld t0, WANT(17)(a0)
	csrw CSR_VXSAT, t0
	csrr t0, CSR_VXSAT
	sd t0, WANT(17)(a0)
	csrr t0, CSR_VSTART
	sd t0, WANT(18)(a0)
2:	lw t1, ABI_PAINT(a0)             /* paint the stack the callee will use */
	mv t2, sp
	li t3, ABI_NSTACK
	sub t3, sp, t3
3:	addi t2, t2, -4
	sw t1, 0(t2)
	bne t2, t3, 3b
	saved ld, s, a0, WANT(0)
	saved fld, fs, a0, FWANT(0)
	ld t0, WANT(0)(a0)               /* junk in the other volatile registers */
	.irp r, t1, t2, t3, t4, t5, a5, a6, a7
	mv \r, t0
	.endr
	ld t6, ABI_FN(a0)
	ld a1, ABI_ARG + 8(a0)
	ld a2, ABI_ARG + 16(a0)
	ld a3, ABI_ARG + 24(a0)
	ld a4, ABI_ARG + 32(a0)
	ld a0, ABI_ARG(a0)
	jalr ra, 0(t6)

	lla t0, current
	ld t0, 0(t0)
	sd a0, ABI_RET(t0)
	saved sd, s, t0, GOT(0)
	sd sp, GOT(12)(t0)
	sd gp, GOT(13)(t0)
	sd tp, GOT(14)(t0)
	ld gp, WANT(13)(t0)              /* the program's again, whatever the callee did */
	ld tp, WANT(14)(t0)
	frcsr t1
	sd t1, GOT(15)(t0)
	saved fsd, fs, t0, FGOT(0)
	ld t1, ABI_FLAGS(t0)
	andi t1, t1, ABI_HAS_RVV
	beqz t1, 4f
	csrr t1, CSR_VXRM
	sd t1, GOT(16)(t0)
	csrr t1, CSR_VXSAT
	sd t1, GOT(17)(t0)
	csrr t1, CSR_VSTART
	sd t1, GOT(18)(t0)
	csrw CSR_VSTART, zero
4:	ld t1, WANT(12)(t0)              /* the call frame as it was */
	.irp i, 0, 1, 2, 3, 4, 5, 6, 7
	ld t2, 8 * \i(t1)
	sd t2, GOT(19 + \i)(t0)
	.endr
	li t2, ABI_NSTACK                /* the stack the callee used */
	sub t1, t1, t2
	li t2, ABI_STACK
	add t2, t0, t2
	li t3, (ABI_NSTACK + ABI_NABOVE) / 8
5:	ld t4, 0(t1)
	sd t4, 0(t2)
	addi t1, t1, 8
	addi t2, t2, 8
	addi t3, t3, -1
	bnez t3, 5b

	ld sp, ABI_HOST(t0)
	ld t1, 200(sp)
	fscsr t1                         /* the caller's FP state, flags as they were */
	ld t2, ABI_FLAGS(t0)
	andi t2, t2, ABI_HAS_RVV
	beqz t2, 6f
	ld t1, 208(sp)
	csrw CSR_VXRM, t1
	ld t1, 216(sp)
	csrw CSR_VXSAT, t1
6:	ld t1, 224(sp)
	lla t2, current
	sd t1, 0(t2)
	saved ld, s, sp, 8
	saved fld, fs, sp, 104
	ld ra, 0(sp)
	addi sp, sp, 240
	li a0, 0
	ret
	.size abi_call, . - abi_call

	.globl abi_features
	.type abi_features, @function
abi_features:                            /* test/abi.c asks AT_HWCAP for V */
	li a0, 0
	ret
	.size abi_features, . - abi_features

/* Deliberately broken functions for abi --selftest: each breaks one promise (fake: test/abi.h). */

	.irp r, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11
	fake s\r                         /* a leaf that uses a register it must not */
	not s\r, s\r
	ret
	.endr

	.irp r, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11
	fake fs\r                        /* changes a callee-saved FP register */
	fneg.d fs\r, fs\r
	ret
	.endr

	fake sp                          /* returns with sp 16 bytes higher */
	addi sp, sp, 16
	ret

	fake gp                          /* moves the global pointer */
	addi gp, gp, 8
	ret

	fake tp                          /* moves the thread pointer */
	addi tp, tp, 16
	ret

	fake frm                         /* round to nearest, never restored */
	fsrmi 0
	ret

	fake fflags                      /* clears the caller's raised flags */
	fsflags zero
	ret

	fake vxrm                        /* fixed-point rounding mode left at round-to-nearest-up */
	csrwi CSR_VXRM, 0
	ret

	fake vxsat                       /* clears the caller's saturation flag */
	csrwi CSR_VXSAT, 0
	ret

	fake vstart                      /* returns with vstart not zero */
	csrwi CSR_VSTART, 1
	ret

	fake leak                        /* leaves k (its kr argument) below its stack pointer */
	ld t0, 0(a1)
	ld t1, 8(a1)
	sd t0, -64(sp)
	sd t1, -56(sp)
	ret

	fake frame                       /* writes at its entry sp, the caller's frame */
	sd zero, 0(sp)
	ret

	fake clean                       /* obeys the ABI while touching much */
	addi sp, sp, -32
	sd s0, 0(sp)
	fsd fs0, 8(sp)
	frrm t0
	li s0, -1
	.irp r, t1, t2, t3, t4, t5, t6, a0, a1, a2, a3, a4, a5, a6, a7
	li \r, -1
	.endr
	fmv.d.x fs0, s0
	fmv.d.x ft0, s0
	fsrmi 1                          /* toward zero for a moment */
	li t1, 1
	fcvt.d.l ft1, t1
	fadd.d ft1, ft1, ft1             /* exact: no flag */
	fsrm t0
	fld fs0, 8(sp)
	ld s0, 0(sp)
	addi sp, sp, 32
	ret

	abi_end
