/* SPDX-License-Identifier: CC0-1.0 */
/* ABI harness for x86-64 System V (Linux, GNU as, AT&T syntax). Assumes the
   psABI: rbx rbp r12-r15 rsp, the x87 control word and the MXCSR control bits
   are preserved by a callee; DF is clear and the x87 stack empty at entry and
   return; no xmm/ymm register is preserved; rsp + 8 is 16-aligned at entry.
   Slots (test/abi.c names them): want/got 0-5 rbx rbp r12 r13 r14 r15, 6 rsp,
   7 x87 CW, 8 MXCSR (control and flags), 9 DF, 10 x87 tag word, 11-18 the 8
   words just above the return address (the caller's frame), 19 x87 status
   word (flags), 20 the upper-state bits of XGETBV(1) (read by test/abi.c). */
#include "abi.h"
#if !defined(__x86_64__)
#error "targets/amd64/abi.S is for x86-64"
#endif

#define WANT(i) ABI_WANT + 8 * (i)
#define GOT(i) ABI_GOT + 8 * (i)
#define R(x) %r##x
#define W 8
#define GPRS 7                  /* slots 0-6: rbx rbp r12-r15 rsp */
#define FRAME_AT 0
#define BLK_IN %rdi
#include "../shared/x86_abi.h"

/* op (load or store, targets/shared/x86_abi.h) for each callee-saved register and its slot */
.macro saved op
	\op rbx, 0
	\op rbp, 1
	\op r12, 2
	\op r13, 3
	\op r14, 4
	\op r15, 5
.endm

	.text
	.globl abi_call
	.type abi_call, @function
abi_call:
	pushq %rbp
	pushq %rbx
	pushq %r12
	pushq %r13
	pushq %r14
	pushq %r15
	subq $40, %rsp                   /* 0: caller's x87 environment, 28: MXCSR, 32: current */
	fnstenv 0(%rsp)
	stmxcsr 28(%rsp)
	movq %rsp, ABI_HOST(%rdi)        /* found again even if the callee moves rsp */
	movq current(%rip), %rax         /* kept, so the harness can run under itself */
	movq %rax, 32(%rsp)
	movq %rdi, current(%rip)

	leaq ABI_RUNTOP(%rdi), %rsp      /* the call's own stack, in the block */
	subq ABI_PAD(%rdi), %rsp
	subq $64, %rsp                   /* the 8 frame words above the return address */
	.irp i, 0, 1, 2, 3, 4, 5, 6, 7
	movq WANT(11 + \i)(%rdi), %rax
	movq %rax, 8 * \i(%rsp)
	.endr
	movq %rsp, WANT(6)(%rdi)
	x87_want %ax
	ldmxcsr WANT(8)(%rdi)
	stmxcsr WANT(8)(%rdi)
	movl ABI_PAINT(%rdi), %eax       /* paint the stack the callee will use */
	paint %eax
	cld
	saved load
	movq %rbx, %rax                  /* junk in the other volatile registers */
	movq %rbx, %r9
	movq %rbx, %r10
	movq ABI_FN(%rdi), %r11
	movq ABI_ARG + 8(%rdi), %rsi
	movq ABI_ARG + 16(%rdi), %rdx
	movq ABI_ARG + 24(%rdi), %rcx
	movq ABI_ARG + 32(%rdi), %r8     /* l: the upper half is junk, as the ABI allows */
	movq ABI_ARG(%rdi), %rdi
	call *%r11

	movq %rax, %r11
	movq current(%rip), %rax
	movq %r11, ABI_RET(%rax)
	saved store
	stmxcsr GOT(8)(%rax)
	after_call

	fldenv 0(%rsp)                   /* the caller's x87 state, stack empty, flags as they were */
	ldmxcsr 28(%rsp)
	movq 32(%rsp), %rcx
	movq %rcx, current(%rip)
	addq $40, %rsp
	popq %r15
	popq %r14
	popq %r13
	popq %r12
	popq %rbx
	popq %rbp
	xorl %eax, %eax
	ret
	.size abi_call, . - abi_call

	.globl abi_features
	.type abi_features, @function
abi_features:                            /* DAZ if MXCSR_MASK (FXSAVE + 28) has bit 6 */
	movq %rsp, %rcx
	subq $512, %rsp
	andq $-16, %rsp
	fxsave (%rsp)
	movl $ABI_HAS_MXCSR, %eax
	testl $0x40, 28(%rsp)
	movq %rcx, %rsp
	jz 1f
	orl $ABI_HAS_DAZ, %eax
1:	ret
	.size abi_features, . - abi_features

/* Deliberately broken functions for abi --selftest: each breaks one promise (fake: test/abi.h). */
	saved clobber

	fake rsp                         /* pops its arguments like stdcall */
	ret $8

	fake cw                          /* sets the ppro mode and keeps it */
	movw $0x137f, -8(%rsp)
	fldcw -8(%rsp)
	ret

	fake mxcsr                       /* resets MXCSR to the default */
	movl $0x1f80, -8(%rsp)
	ldmxcsr -8(%rsp)
	ret

	fakes_df_x87

	fake leak                        /* leaves k (its kr argument) below its stack pointer */
	movq (%rsi), %rax
	movq %rax, -72(%rsp)
	movq 8(%rsi), %rax
	movq %rax, -64(%rsp)
	ret

	fakes_upper

	fake pending                     /* the caller's CW back over its own masked inexact */
	masked_inexact -8(%rsp), -16(%rsp)
	ret

	fake frame                       /* writes above its return address */
	movq $0, 8(%rsp)
	ret

	fake clean                       /* obeys the ABI while touching much */
	pushq %rbx
	pushq %r12
	movq $-1, %rbx
	movq $-1, %r12
	movq %rbx, %rax
	movq %rbx, %rcx
	movq %rbx, %rdx
	movq %rbx, %rsi
	movq %rbx, %rdi
	movq %rbx, %r8
	movq %rbx, %r9
	movq %rbx, %r10
	movq %rbx, %r11
	movq %rbx, -8(%rsp)              /* the red zone is the callee's */
	pcmpeqd %xmm0, %xmm0
	pcmpeqd %xmm15, %xmm15
	fnstcw -16(%rsp)
	stmxcsr -12(%rsp)
	movw $0x137f, -24(%rsp)
	fldcw -24(%rsp)
	movl $0x1f80, -24(%rsp)
	ldmxcsr -24(%rsp)
	fld1
	fstp %st(0)
	fldcw -16(%rsp)
	ldmxcsr -12(%rsp)
	popq %r12
	popq %rbx
	ret

	abi_end
