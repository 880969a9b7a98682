/* SPDX-License-Identifier: CC0-1.0 */
/* poly1305aes_x86: void wipe_sse2(size_t bytes) and wipe_avx(size_t bytes):
   zero the bytes (a multiple of 64) below the word where it saves edi,
   which is just below its return address. The dispatcher calls one right
   after a path's function returns, from the same frame, so the area covers
   the frames that function used (their secrets); the return address, the
   argument and edi are not secrets. The stack pointer moves down over the
   area for the stores (memory below it is not the program's to write), and
   back. 32-bit x86, cdecl; wipe_sse2 needs SSE2 and is legacy-SSE-encoded,
   wipe_avx needs AVX and is VEX-encoded (the AVX paths: x86/paths.h). Below
   1 KiB, 16-byte stores; from 1 KiB, rep stosb (fast strings), which was 80
   ticks faster for 3.4 KiB and 10 slower for 320 bytes on the AMD EPYC here. */
#include "ia32.h"

/* the function: its name, its 16-byte store, the instruction zeroing xmm0 */
.macro wipe name, store, zero:vararg
	.text
	.balign 16
	.globl \name
	.hidden \name
	.type \name, @function
\name:
	pushl %edi
	movl 8(%esp), %ecx
	movl %esp, %edx
	subl %ecx, %esp
	movl %esp, %edi
	cmpl $1024, %ecx
	jae 3f
	\zero
	cmpl %edx, %edi
	jae 4f
1:
	\store %xmm0, (%edi)
	\store %xmm0, 16(%edi)
	\store %xmm0, 32(%edi)
	\store %xmm0, 48(%edi)
	addl $64, %edi
	cmpl %edx, %edi
	jb 1b
	jmp 4f
3:
	xorl %eax, %eax
	rep stosb
4:
	movl %edx, %esp
	popl %edi
	ret
	.size \name, . - \name
.endm

	wipe wipe_sse2, movups, pxor %xmm0, %xmm0
	wipe wipe_avx, vmovdqu, vpxor %xmm0, %xmm0, %xmm0

	.section .note.GNU-stack, "", @progbits
