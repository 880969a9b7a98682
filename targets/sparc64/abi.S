/* SPDX-License-Identifier: CC0-1.0 */
/* ABI harness for 64-bit SPARC V9 (the SCD 2.4.1 64-bit psABI as Linux uses
   it: stack bias 2047, 176-byte minimum frame; GNU as; PC-relative, so PIC
   and non-PIC links work). Assumes %l0-%l7 and %i0-%i7 survive a call through
   the register window, %o6 (%sp) is preserved, %g2 %g3 are the application's
   and %g6 %g7 the system's (a library changes none of them), %g1 %g4 %g5 %o0-%o5
   %o7 and all of %f0-%f62 are volatile, %fsr RD/TEM/NS and %asi are restored
   (this project's rule: implementations that set %asi put it back), and a
   callee writes only the 16-word save area and the 6 argument words at
   [%sp+2047+0..175] of its caller's frame.
   Slots (test/abi.c names them): want/got 0-7 %l0-%l7, 8-15 %i0-%i7 (%i6 is
   kept real: window spills store through it), 16 %sp, 17 %g2, 18 %g3, 19 %g6,
   20 %g7, 21 %fsr (control and exception flags), 22-29 the words
   [%sp+2047+176..232] of the caller's frame, 30 %asi. */
#include "abi.h"
#if !defined(__sparc__) || !defined(__arch64__)
#error "targets/sparc64/abi.S is for 64-bit SPARC"
#endif

#define BIAS 2047
#define WANT(i) ABI_WANT + 8 * (i)
#define GOT(i) ABI_GOT + 8 * (i)

	.register %g2, #scratch
	.register %g3, #scratch

	.text
	.globl abi_call
	.type abi_call, #function
abi_call:
	save %sp, -224, %sp              /* 176: caller's %g2, 184: %g3, 192: %fsr, 200: current, 208: %asi */
	rd %asi, %g1
	stx %g1, [%sp + BIAS + 208]
	stx %g2, [%sp + BIAS + 176]
	stx %g3, [%sp + BIAS + 184]
	stx %fsr, [%sp + BIAS + 192]
	stx %sp, [%i0 + ABI_HOST]        /* found again even if the callee moves them */
	stx %i6, [%i0 + ABI_HOST + 8]
	stx %i7, [%i0 + ABI_HOST + 16]
	rd %pc, %g1
	sethi %pc22(current + 4), %g4
	or %g4, %pc10(current + 8), %g4
	add %g1, %g4, %g1
	stx %g1, [%i0 + ABI_HOST + 24]
	ldx [%g1], %g4                   /* kept, so the harness can run under itself */
	stx %g4, [%sp + BIAS + 200]
	stx %i0, [%g1]

	ldx [%i0 + ABI_PAD], %g1
	add %g1, 256 + BIAS, %g1         /* 176 + the 8 frame words + 16, and the bias */
	set ABI_RUNTOP, %g4              /* the call's own stack, in the block */
	add %i0, %g4, %g4
	sub %g4, %g1, %sp
	.irp i, 0, 1, 2, 3, 4, 5, 6, 7
	ldx [%i0 + WANT(22 + \i)], %g1
	stx %g1, [%sp + BIAS + 176 + 8 * \i]
	.endr
	stx %sp, [%i0 + WANT(16)]
	stx %i6, [%i0 + WANT(14)]
	stx %g6, [%i0 + WANT(19)]
	stx %g7, [%i0 + WANT(20)]
	ldx [%i0 + WANT(21)], %fsr
	stx %fsr, [%i0 + WANT(21)]       /* as the CPU holds it */
	ldx [%i0 + WANT(30)], %g1
	wr %g1, 0, %asi
	rd %asi, %g1
	stx %g1, [%i0 + WANT(30)]        /* as the CPU holds it */
	lduw [%i0 + ABI_PAINT], %g4      /* paint the stack the callee will use */
	add %sp, BIAS, %g5
	sethi %hi(ABI_NSTACK), %g1
	sub %g5, %g1, %g1
1:	sub %g5, 4, %g5
	cmp %g5, %g1
	bne,pt %xcc, 1b
	 stw %g4, [%g5]
	ldx [%i0 + WANT(17)], %g2
	ldx [%i0 + WANT(18)], %g3
	ldx [%i0 + WANT(0)], %o5         /* junk in the other volatile registers */
	mov %o5, %g4
	mov %o5, %g5
	ldx [%i0 + ABI_ARG], %o0
	ldx [%i0 + ABI_ARG + 8], %o1
	ldx [%i0 + ABI_ARG + 16], %o2
	ldx [%i0 + ABI_ARG + 24], %o3
	ldx [%i0 + ABI_ARG + 32], %o4
	ldx [%i0 + ABI_FN], %g1
	.irp i, 0, 1, 2, 3, 4, 5, 6, 7
	ldx [%i0 + WANT(\i)], %l\i
	.endr
	ldx [%i0 + WANT(15)], %i7
	.irp i, 1, 2, 3, 4, 5
	ldx [%i0 + WANT(8 + \i)], %i\i
	.endr
	ldx [%i0 + WANT(8)], %i0
	call %g1
	 nop

	rd %pc, %g1
	sethi %pc22(current + 4), %g4
	or %g4, %pc10(current + 8), %g4
	add %g1, %g4, %g1
	ldx [%g1], %g1
	stx %o0, [%g1 + ABI_RET]
	.irp i, 0, 1, 2, 3, 4, 5, 6, 7
	stx %l\i, [%g1 + GOT(\i)]
	stx %i\i, [%g1 + GOT(8 + \i)]
	.endr
	stx %sp, [%g1 + GOT(16)]
	stx %g2, [%g1 + GOT(17)]
	stx %g3, [%g1 + GOT(18)]
	stx %g6, [%g1 + GOT(19)]
	stx %g7, [%g1 + GOT(20)]
	stx %fsr, [%g1 + GOT(21)]
	rd %asi, %g4
	stx %g4, [%g1 + GOT(30)]
	ldx [%g1 + WANT(16)], %g4        /* the call frame as it was */
	.irp i, 0, 1, 2, 3, 4, 5, 6, 7
	ldx [%g4 + BIAS + 176 + 8 * \i], %g5
	stx %g5, [%g1 + GOT(22 + \i)]
	.endr
	add %g4, BIAS, %o1               /* the stack the callee used, before %sp moves up */
	sethi %hi(ABI_NSTACK), %o2
	sub %o1, %o2, %o1
	add %g1, ABI_STACK, %o2
	mov (ABI_NSTACK + ABI_NABOVE) / 8, %o3
2:	ldx [%o1], %o4
	stx %o4, [%o2]
	add %o1, 8, %o1
	subcc %o3, 1, %o3
	bne,pt %xcc, 2b
	 add %o2, 8, %o2

	ldx [%g1 + WANT(19)], %g6
	ldx [%g1 + WANT(20)], %g7
	ldx [%g1 + ABI_HOST], %sp
	ldx [%g1 + ABI_HOST + 8], %i6
	ldx [%g1 + ABI_HOST + 16], %i7
	ldx [%sp + BIAS + 176], %g2
	ldx [%sp + BIAS + 184], %g3
	ldx [%sp + BIAS + 192], %fsr
	ldx [%sp + BIAS + 208], %g4
	wr %g4, 0, %asi
	ldx [%g1 + ABI_HOST + 24], %g4
	ldx [%sp + BIAS + 200], %g5
	stx %g5, [%g4]
	ret
	 restore %g0, 0, %o0
	.size abi_call, . - abi_call

	.globl abi_features
	.type abi_features, #function
abi_features:
	retl
	 mov 0, %o0
	.size abi_features, . - abi_features

/* Deliberately broken functions for abi --selftest: each breaks one promise (fake: test/abi.h). */
	.irp r, l0, l1, l2, l3, l4, l5, l6, l7, i0, i1, i2, i3, i4, i5, i6, i7, g2, g3, g6, g7
	fake \r                          /* a leaf that uses a register it must not */
	retl
	 not %\r
	.endr

	fake sp                          /* returns with %sp 16 bytes higher */
	retl
	 add %sp, 16, %sp

	fake fsr                         /* the original sparc mode, never restored */
	stx %g0, [%sp + BIAS + 128]
	ldx [%sp + BIAS + 128], %fsr
	retl
	 nop

	fake asi                         /* little-endian loads by %asi, never restored */
	retl
	 wr %g0, 0x88, %asi

	fake leak                        /* leaves k (its kr argument, 8-aligned) below its stack pointer */
	ldx [%o1], %g1
	stx %g1, [%sp + BIAS - 64]
	ldx [%o1 + 8], %g1
	retl
	 stx %g1, [%sp + BIAS - 56]

	fake frame                       /* writes just above the argument words */
	retl
	 stx %g0, [%sp + BIAS + 176]

	fake clean                       /* obeys the ABI while touching much */
	save %sp, -192, %sp
	stx %fsr, [%sp + BIAS + 176]
	stx %g0, [%sp + BIAS + 184]
	ldx [%sp + BIAS + 184], %fsr
	.irp i, 0, 1, 2, 3, 4, 5         /* the argument words are the callee's */
	stx %i7, [%fp + BIAS + 128 + 8 * \i]
	.endr
	.irp r, l0, l1, l2, l3, l4, l5, l6, l7, i0, i1, i2, i3, i4, i5, o0, o1, o2, o3, o4, o5, g1, g4, g5
	mov -1, %\r
	.endr
	ldx [%sp + BIAS + 176], %fsr
	ret
	 restore

	abi_end
