/* SPDX-License-Identifier: CC0-1.0 */
/* poly1305aes_x86: void wipe_sse2(size_t bytes): zero the bytes (a multiple
   of 64) below the word where it saves edi, which is just below its return
   address. The dispatcher calls it right after a path's function returns,
   from the same frame, so the area covers the frames that function used
   (their secrets); the return address, the argument and edi are not
   secrets. The stack pointer moves down over the area for the stores
   (memory below it is not the program's to write), and back. 32-bit x86
   with SSE2, cdecl. Below 1 KiB, 16-byte SSE stores; from 1 KiB, rep stosb
   (fast strings) (the figures: doc/results/x86.md). void wipe_avx(size_t
   bytes): the same with 32-byte AVX stores, then vzeroupper, for a CPU with
   AVX (the figures: doc/results/amd64.md). */
#include "ia32.h"

	.text
	.balign 16
	.globl wipe_sse2
	.hidden wipe_sse2
	.type wipe_sse2, @function
wipe_sse2:
	pushl %edi
	movl 8(%esp), %ecx
	movl %esp, %edx
	subl %ecx, %esp
	movl %esp, %edi
	cmpl $1024, %ecx
	jae 3f
	pxor %xmm0, %xmm0
	cmpl %edx, %edi
	jae 4f
1:
	movups %xmm0, (%edi)
	movups %xmm0, 16(%edi)
	movups %xmm0, 32(%edi)
	movups %xmm0, 48(%edi)
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
	.size wipe_sse2, . - wipe_sse2

	.balign 16
	.globl wipe_avx
	.hidden wipe_avx
	.type wipe_avx, @function
wipe_avx:
	pushl %edi
	movl 8(%esp), %ecx
	movl %esp, %edx
	subl %ecx, %esp
	movl %esp, %edi
	vpxor %xmm0, %xmm0, %xmm0
	cmpl %edx, %edi
	jae 2f
1:
	vmovdqu %ymm0, (%edi)
	vmovdqu %ymm0, 32(%edi)
	addl $64, %edi
	cmpl %edx, %edi
	jb 1b
2:
	vzeroupper
	movl %edx, %esp
	popl %edi
	ret
	.size wipe_avx, . - wipe_avx

	.section .note.GNU-stack, "", @progbits
