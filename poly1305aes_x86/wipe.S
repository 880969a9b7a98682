/* poly1305aes_x86: void wipe_sse2(size_t bytes): zero the bytes [sp - bytes,
   sp) below the word holding its return address (sp: its stack pointer on
   entry), with 16-byte SSE stores; bytes a multiple of 64. The dispatcher
   calls it right after a path's function returns, from the same frame, so
   the area covers the frames that function used (their secrets); the
   return address and the argument above it are not secrets. The stack
   pointer moves down over the area for the stores (memory below it is not
   the program's to write), and back. 32-bit x86 with SSE2, cdecl. */
#include "ia32.h"

	.text
	.balign 16
	.globl wipe_sse2
	.hidden wipe_sse2
	.type wipe_sse2, @function
wipe_sse2:
	movl 4(%esp), %ecx
	movl %esp, %edx
	subl %ecx, %esp
	movl %esp, %eax
	pxor %xmm0, %xmm0
	cmpl %edx, %eax
	jae 2f
1:
	movups %xmm0, (%eax)
	movups %xmm0, 16(%eax)
	movups %xmm0, 32(%eax)
	movups %xmm0, 48(%eax)
	addl $64, %eax
	cmpl %edx, %eax
	jb 1b
2:
	movl %edx, %esp
	ret
	.size wipe_sse2, . - wipe_sse2

	.section .note.GNU-stack, "", @progbits
