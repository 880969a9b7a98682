/* SPDX-License-Identifier: CC0-1.0 */
/* ABI harness for 32-bit x86 System V (i386 psABI, cdecl, Linux; GNU as, AT&T
   syntax; works in PIC and non-PIC links). Assumes the psABI: ebx esi edi
   ebp esp, the x87 control word and the MXCSR control bits preserved by a
   callee; the caller pops the arguments; DF clear and the x87 stack empty at
   entry and at return (void and int results); esp 16-aligned at the call.
   Slots (test/abi.c names them): want/got 0-3 ebx esi edi ebp, 4 esp,
   5 x87 CW, 6 MXCSR (only with SSE; control and flags), 7 DF, 8 x87 tag
   word, 9-16 the 8 words just above the 5 argument words (the caller's
   frame), 17 x87 status word (flags). */
#include "abi.h"
#if !defined(__i386__)
#error "targets/x86/abi.S is for 32-bit x86"
#endif

#define WANT(i) ABI_WANT + 4 * (i)
#define GOT(i) ABI_GOT + 4 * (i)
#define R(x) %e##x
#define W 4
#define GPRS 5                  /* slots 0-4: ebx esi edi ebp esp */
#define FRAME_AT 20
#define BLK_IN %eax
#include "../shared/x86_abi.h"

/* op (load or store, targets/shared/x86_abi.h) for each callee-saved register and its slot */
.macro saved op
	\op ebx, 0
	\op esi, 1
	\op edi, 2
	\op ebp, 3
.endm

	.text
	.globl abi_call
	.type abi_call, @function
abi_call:
	pushl %ebp
	pushl %ebx
	pushl %esi
	pushl %edi
	movl 20(%esp), %eax              /* the block */
	subl $44, %esp                   /* 0: caller's x87 environment, 28: MXCSR, 32: current; 16-aligned */
	fnstenv 0(%esp)
	testl $ABI_HAS_MXCSR, ABI_FLAGS(%eax)
	jz 1f
	stmxcsr 28(%esp)
1:	movl %esp, ABI_HOST(%eax)        /* found again even if the callee moves esp */
	call 2f
2:	popl %ecx
	addl $_GLOBAL_OFFSET_TABLE_ + (. - 2b), %ecx
	leal current@GOTOFF(%ecx), %ecx
	movl %ecx, ABI_HOST + 4(%eax)
	movl (%ecx), %edx                /* kept, so the harness can run under itself */
	movl %edx, 32(%esp)
	movl %eax, (%ecx)

	leal ABI_RUNTOP(%eax), %esp      /* the call's own stack, in the block */
	subl ABI_PAD(%eax), %esp
	subl $64, %esp                   /* 5 argument words, then the 8 frame words */
	.irp i, 0, 1, 2, 3, 4
	movl ABI_ARG + 4 * \i(%eax), %ecx
	movl %ecx, 4 * \i(%esp)
	.endr
	.irp i, 0, 1, 2, 3, 4, 5, 6, 7
	movl WANT(9 + \i)(%eax), %ecx
	movl %ecx, 20 + 4 * \i(%esp)
	.endr
	movl %esp, WANT(4)(%eax)
	x87_want %cx
	testl $ABI_HAS_MXCSR, ABI_FLAGS(%eax)
	jz 3f
	ldmxcsr WANT(6)(%eax)
	stmxcsr WANT(6)(%eax)
3:	movl ABI_PAINT(%eax), %edx       /* paint the stack the callee will use */
	paint %edx
	cld
	saved load
	movl %ebx, %ecx                  /* junk in the other volatile registers */
	movl %ebx, %edx
	call *ABI_FN(%eax)

	movl %eax, %ecx
	call 4f
4:	popl %eax
	addl $_GLOBAL_OFFSET_TABLE_ + (. - 4b), %eax
	movl current@GOTOFF(%eax), %eax
	movl %ecx, ABI_RET(%eax)
	saved store
	testl $ABI_HAS_MXCSR, ABI_FLAGS(%eax)
	jz 5f
	stmxcsr GOT(6)(%eax)
5:	after_call

	fldenv 0(%esp)                   /* the caller's x87 state, stack empty, flags as they were */
	testl $ABI_HAS_MXCSR, ABI_FLAGS(%eax)
	jz 6f
	ldmxcsr 28(%esp)
6:	movl ABI_HOST + 4(%eax), %ecx
	movl 32(%esp), %edx
	movl %edx, (%ecx)
	addl $44, %esp
	popl %edi
	popl %esi
	popl %ebx
	popl %ebp
	xorl %eax, %eax
	ret
	.size abi_call, . - abi_call

	.globl abi_features
	.type abi_features, @function
abi_features:                            /* SSE (CPUID 1: EDX bit 25) means MXCSR; */
	pushl %ebx                       /* DAZ if MXCSR_MASK (FXSAVE + 28) has bit 6 */
	movl $1, %eax
	cpuid
	xorl %eax, %eax
	testl $0x2000000, %edx
	jz 1f
	movl $ABI_HAS_MXCSR, %eax
	movl %esp, %ecx
	subl $512, %esp
	andl $-16, %esp
	fxsave (%esp)
	testl $0x40, 28(%esp)
	movl %ecx, %esp
	jz 1f
	orl $ABI_HAS_DAZ, %eax
1:	popl %ebx
	ret
	.size abi_features, . - abi_features

/* Deliberately broken functions for abi --selftest: each breaks one promise (fake: test/abi.h). */
	saved clobber

	fake esp                         /* pops an argument like stdcall */
	ret $4

	fake cw                          /* sets the ppro mode and keeps it */
	pushl $0x137f
	fldcw (%esp)
	addl $4, %esp
	ret

	fake mxcsr                       /* resets MXCSR to the default */
	pushl $0x1f80
	ldmxcsr (%esp)
	addl $4, %esp
	ret

	fakes_df_x87

	fakes_upper

	fake leak                        /* leaves k (its kr argument) below its stack pointer */
	movl 8(%esp), %ecx
	.irp i, 0, 1, 2, 3
	movl 4 * \i(%ecx), %edx
	movl %edx, -40 + 4 * \i(%esp)
	.endr
	ret

	fake pending                     /* the caller's CW back over its own masked inexact */
	subl $8, %esp
	masked_inexact 0(%esp), 4(%esp)
	addl $8, %esp
	ret

	fake frame                       /* writes just above its 5 arguments */
	movl $0, 24(%esp)
	ret

	fake clean                       /* obeys the ABI while touching much */
	pushl %ebx
	pushl %esi
	subl $8, %esp
	movl $-1, %ebx
	movl $-1, %esi
	movl %ebx, %eax
	movl %ebx, %ecx
	movl %ebx, %edx
	.irp i, 0, 1, 2, 3, 4            /* the argument words are the callee's */
	movl %ebx, 20 + 4 * \i(%esp)
	.endr
	fnstcw 0(%esp)
	movw $0x137f, 4(%esp)
	fldcw 4(%esp)
	fld1
	fstp %st(0)
	fldcw 0(%esp)
	addl $8, %esp
	popl %esi
	popl %ebx
	ret

	abi_end
