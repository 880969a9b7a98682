/* SPDX-License-Identifier: CC0-1.0 */
/* ABI harness for s390x (64-bit z/Architecture ELF ABI, Linux; GNU as;
   PC-relative: PIC and non-PIC links work). Assumes r6-r13 and r15 are
   preserved by a callee (r6 is also the fifth argument register), f8-f15
   (the left halves of v8-v15) preserved, every other register volatile, the
   access registers a0/a1 (the thread pointer) never changed; the FPC's
   control bits restored (this project's rule); r14 holds the return
   address; a callee may store into the 160-byte register save area at its
   entry r15 (its caller's) and nothing above it when no argument is on the
   stack; r15 8-aligned.
   Slots (test/abi.c names them): want/got 0-7 r6-r13, 8 r15, 9 FPC, 10 a0,
   11 a1, 12-19 the words 160(r15)..216(r15) above the save area of the
   caller's frame; fwant 0-7 f8-f15. r6 is loaded with the fifth argument
   (and want[0] set to it), so its check is the argument's survival. */
#include "abi.h"
#if !defined(__s390x__)
#error "targets/s390x/abi.S is for s390x"
#endif

#define WANT(i) (ABI_WANT + 8 * (i))
#define GOT(i) (ABI_GOT + 8 * (i))
#define FWANT(i) (ABI_FWANT + 8 * (i))
#define FGOT(i) (ABI_FGOT + 8 * (i))
/* the harness's frame: 160 f8-f15, 224 FPC, 232 current, 240 a0, 248 a1 */
#define SAVE 256
/* the call's frame: its 160-byte register save area, then the 8 frame words */
#define CALL 224

/* the FPC, a0 and a1 (each a word, zero-extended) stored through reg into the three slots from
   at(base) on */
.macro control_words reg, base, at
	efpc \reg
	llgfr \reg, \reg
	stg \reg, (\at)(\base)
	ear \reg, %a0
	llgfr \reg, \reg
	stg \reg, (\at) + 8(\base)
	ear \reg, %a1
	llgfr \reg, \reg
	stg \reg, (\at) + 16(\base)
.endm

	.text
	.globl abi_call
	.type abi_call, @function
	.p2align 3
abi_call:
	stmg %r6, %r15, 48(%r15)
	lay %r15, -SAVE(%r15)
	.irp n, 8, 9, 10, 11, 12, 13, 14, 15
	std %f\n, 160 + 8 * (\n - 8)(%r15)
	.endr
	efpc %r0
	st %r0, 224(%r15)
	ear %r0, %a0
	st %r0, 240(%r15)
	ear %r0, %a1
	st %r0, 248(%r15)
	stg %r15, ABI_HOST(%r2)          /* found again even if the callee moves r15 */
	larl %r1, current
	lg %r0, 0(%r1)                   /* kept, so the harness can run under itself */
	stg %r0, 232(%r15)
	stg %r2, 0(%r1)

	lg %r3, ABI_PAD(%r2)
	aghi %r3, CALL
	lgr %r4, %r2
	agfi %r4, ABI_RUNTOP             /* the call's own stack, in the block */
	sgr %r4, %r3
	lgr %r15, %r4
	.irp i, 0, 1, 2, 3, 4, 5, 6, 7
	lg %r3, WANT(12 + \i)(%r2)
	stg %r3, 160 + 8 * \i(%r15)
	.endr
	stg %r15, WANT(8)(%r2)
	lg %r3, ABI_ARG + 32(%r2)        /* r6 carries the fifth argument */
	stg %r3, WANT(0)(%r2)
	l %r3, WANT(9) + 4(%r2)          /* big-endian: the low word */
	sfpc %r3
	control_words %r3, %r2, WANT(9)  /* the FPC as the CPU holds it */
	l %r3, ABI_PAINT(%r2)            /* paint the stack the callee will use */
	lgr %r4, %r15
	lghi %r5, ABI_NSTACK / 4
1:	aghi %r4, -4
	st %r3, 0(%r4)
	brctg %r5, 1b
	.irp n, 8, 9, 10, 11, 12, 13, 14, 15
	ld %f\n, FWANT(\n - 8)(%r2)
	.endr
	lmg %r7, %r13, WANT(1)(%r2)
	lg %r0, WANT(1)(%r2)             /* junk in the other volatile registers */
	lgr %r14, %r0
	lg %r1, ABI_FN(%r2)
	lg %r3, ABI_ARG + 8(%r2)
	lg %r4, ABI_ARG + 16(%r2)
	lg %r5, ABI_ARG + 24(%r2)
	lg %r6, ABI_ARG + 32(%r2)
	lg %r2, ABI_ARG(%r2)
	basr %r14, %r1

	larl %r1, current
	lg %r1, 0(%r1)
	stg %r2, ABI_RET(%r1)
	stmg %r6, %r13, GOT(0)(%r1)
	stg %r15, GOT(8)(%r1)
	control_words %r0, %r1, GOT(9)
	.irp n, 8, 9, 10, 11, 12, 13, 14, 15
	std %f\n, FGOT(\n - 8)(%r1)
	.endr
	lg %r10, WANT(8)(%r1)            /* the call frame as it was */
	.irp i, 0, 1, 2, 3, 4, 5, 6, 7
	lg %r0, 160 + 8 * \i(%r10)
	stg %r0, GOT(12 + \i)(%r1)
	.endr
	lgr %r3, %r10                    /* the stack the callee used, before r15 moves up */
	aghi %r3, -ABI_NSTACK
	lay %r4, ABI_STACK(%r1)
	lghi %r5, (ABI_NSTACK + ABI_NABOVE) / 8
2:	lg %r0, 0(%r3)
	stg %r0, 0(%r4)
	la %r3, 8(%r3)
	la %r4, 8(%r4)
	brctg %r5, 2b

	lg %r15, ABI_HOST(%r1)
	l %r0, 240(%r15)                 /* the thread pointer, whatever a callee did */
	sar %a0, %r0
	l %r0, 248(%r15)
	sar %a1, %r0
	lg %r0, 232(%r15)
	larl %r3, current
	stg %r0, 0(%r3)
	l %r0, 224(%r15)                 /* the caller's FPC, flags as they were */
	sfpc %r0
	.irp n, 8, 9, 10, 11, 12, 13, 14, 15
	ld %f\n, 160 + 8 * (\n - 8)(%r15)
	.endr
	lmg %r6, %r15, SAVE + 48(%r15)
	lghi %r2, 0
	br %r14
	.size abi_call, . - abi_call

	.globl abi_features
	.type abi_features, @function
abi_features:
	lghi %r2, 0
	br %r14
	.size abi_features, . - abi_features

/* Deliberately broken functions for abi --selftest: each breaks one promise (fake: test/abi.h). */
	.irp n, 6, 7, 8, 9, 10, 11, 12, 13
	fake r\n                         /* a leaf that uses a register it must not */
	aghi %r\n, 1
	br %r14
	.endr

	.irp n, 8, 9, 10, 11, 12, 13, 14, 15
	fake f\n
	lcdbr %f\n, %f\n
	br %r14
	.endr

	fake r15                         /* returns with r15 16 bytes higher */
	aghi %r15, 16
	br %r14

	fake fpc                         /* round to nearest, every mask clear, never restored */
	lhi %r0, 0
	sfpc %r0
	br %r14

	fake fpflags                     /* clears the caller's raised flags */
	efpc %r0
	nilh %r0, 0xff07
	sfpc %r0
	br %r14

	fake a0
	ear %r0, %a0
	ahi %r0, 1
	sar %a0, %r0
	br %r14

	fake a1
	ear %r0, %a1
	ahi %r0, 8
	sar %a1, %r0
	br %r14

	fake leak                        /* leaves k (its kr argument) below its stack pointer */
	lg %r0, 0(%r3)
	stg %r0, -64(%r15)
	lg %r0, 8(%r3)
	stg %r0, -56(%r15)
	br %r14

	fake frame                       /* writes above the register save area, the caller's frame */
	stg %r0, 160(%r15)
	br %r14

	fake clean                       /* obeys the ABI while touching much */
	stmg %r6, %r15, 48(%r15)         /* the register save area at the entry r15 is ours */
	lay %r15, -176(%r15)
	std %f8, 160(%r15)
	efpc %r1
	st %r1, 168(%r15)
	lghi %r0, -1
	.irp n, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13
	lgr %r\n, %r0
	.endr
	.irp n, 0, 1, 2, 3, 4, 5, 6, 7, 8
	lcdbr %f\n, %f\n
	.endr
	lhi %r0, 1                       /* toward zero for a moment */
	sfpc %r0
	l %r0, 168(%r15)
	sfpc %r0
	ld %f8, 160(%r15)
	lmg %r6, %r15, 176 + 48(%r15)
	br %r14

	abi_end
