/* poly1305aes_x86: Poly1305 blocks in radix 2^32 with MUL, for every path's
   short messages and the generic path's long ones. 32-bit x86 (i686),
   i386 System V cdecl, GNU as; integer only; no memory access but the
   state and the message, none at a secret address; branches on the block
   count only. Bounds: ia32.h (d_k < 2^62.4, h4 < 2^31.8, 5 (h4 >> 2) < 2^32).

     void p32_blocks(struct p32 *st, const unsigned char *m, size_t count, uint32_t pad)

   h = (h + c) r for each block c, h = h[0..4] in st (h[4] <= 4), r and
   s_j = 5 r_j / 4 in st, pad the 2^128 bit of every block. In the loop
   st->h holds a = h + c (its words are MUL's memory operands); the
   products go to four 64-bit sums d0..d3 (d0, d1 through st's scratch, d2
   in esi:ebp, d3 in ebx:ecx), carried in one chain; then h = h0..h3 +
   2^128 (h4 & 3) + f with f = 5 (h4 >> 2) < 2^31.8 kept apart: the next
   block adds its words to h0..h4 while they are in registers, and f enters
   its sums as four more products f r_j (d_k < 2^62.6 still), instead of a
   carry chain from h0 to h4 between the blocks, which made a block 10%
   slower here. f is folded into h after the last block.

   rdtsc ticks per block, AMD EPYC Zen 4 (KVM): see dispatch.c. */
#include "ia32.h"

#define ST %edi
#define H(i) (P32_H + 4 * (i))(ST)
#define R0 P32_R0(ST)
#define R1 P32_R1(ST)
#define R2 P32_R2(ST)
#define R3 P32_R3(ST)
#define S1 P32_S1(ST)
#define S2 P32_S2(ST)
#define S3 P32_S3(ST)
#define D0L (P32_D + 0)(ST)
#define D0H (P32_D + 4)(ST)
#define D1L (P32_D + 8)(ST)
#define D1H (P32_D + 12)(ST)
#define MPTR P32_MPTR(ST)
#define F P32_F(ST)
#define PAD P32_PAD(ST)
#define END P32_END(ST)

/* the first product of a sum into lo:hi, then the others added */
.macro first a, b, lo, hi
	movl \a, %eax
	mull \b
	movl %eax, \lo
	movl %edx, \hi
.endm
.macro more a, b, lo, hi
	movl \a, %eax
	mull \b
	addl %eax, \lo
	adcl %edx, \hi
.endm
/* a4 (<= 6) times s_k: a 32-bit product */
.macro small b, lo, hi
	movl H(4), %eax
	imull \b, %eax
	addl %eax, \lo
	adcl $0, \hi
.endm

	.text
	.balign 16
	.globl p32_blocks
	.hidden p32_blocks
	.type p32_blocks, @function
p32_blocks:
	pushl %ebp
	pushl %ebx
	pushl %esi
	pushl %edi
	movl 20(%esp), ST
	movl 24(%esp), %esi             /* m */
	movl 28(%esp), %eax             /* count */
	shll $4, %eax
	addl %esi, %eax
	movl %eax, END
	movl 32(%esp), %eax
	movl %eax, PAD
	/* a = h + c for the first block */
	movl 0(%esi), %eax
	addl %eax, H(0)
	movl 4(%esi), %eax
	adcl %eax, H(1)
	movl 8(%esi), %eax
	adcl %eax, H(2)
	movl 12(%esi), %eax
	adcl %eax, H(3)
	movl PAD, %eax
	adcl %eax, H(4)
	movl %esi, MPTR
	movl $0, F

	.balign 16
1:
	/* d0 = a0 r0 + a1 s3 + a2 s2 + a3 s1 + f r0 */
	first H(0), R0, %ebx, %ecx
	more H(1), S3, %ebx, %ecx
	more H(2), S2, %ebx, %ecx
	more H(3), S1, %ebx, %ecx
	more F, R0, %ebx, %ecx
	movl %ebx, D0L
	movl %ecx, D0H
	/* d1 = a0 r1 + a1 r0 + a2 s3 + a3 s2 + a4 s1 + f r1 */
	first H(0), R1, %ebx, %ecx
	more H(1), R0, %ebx, %ecx
	more H(2), S3, %ebx, %ecx
	more H(3), S2, %ebx, %ecx
	small S1, %ebx, %ecx
	more F, R1, %ebx, %ecx
	movl %ebx, D1L
	movl %ecx, D1H
	/* d2 = a0 r2 + a1 r1 + a2 r0 + a3 s3 + a4 s2 + f r2 */
	first H(0), R2, %esi, %ebp
	more H(1), R1, %esi, %ebp
	more H(2), R0, %esi, %ebp
	more H(3), S3, %esi, %ebp
	small S2, %esi, %ebp
	more F, R2, %esi, %ebp
	/* d3 = a0 r3 + a1 r2 + a2 r1 + a3 r0 + a4 s3 + f r3 */
	first H(0), R3, %ebx, %ecx
	more H(1), R2, %ebx, %ecx
	more H(2), R1, %ebx, %ecx
	more H(3), R0, %ebx, %ecx
	small S3, %ebx, %ecx
	more F, R3, %ebx, %ecx
	/* the carries: h1 = d1 + (d0 >> 32) mod 2^32, then d2, d3 */
	movl D0H, %eax
	addl D1L, %eax                  /* h1 */
	movl D1H, %edx
	adcl $0, %edx
	addl %edx, %esi                 /* h2 */
	adcl $0, %ebp
	addl %ebp, %ebx                 /* h3 */
	adcl $0, %ecx                   /* d3 >> 32 */
	movl H(4), %edx
	imull R0, %edx
	addl %ecx, %edx                 /* h4 = a4 r0 + (d3 >> 32) */
	/* f = 5 (h4 >> 2), h4 &= 3: h = h0..h3 + 2^128 h4 + f */
	movl %edx, %ecx
	andl $3, %edx
	shrl $2, %ecx
	leal (%ecx,%ecx,4), %ecx
	movl %ecx, F
	/* the next block: a = h0..h4 + that block (f stays apart), or the end */
	movl MPTR, %ebp
	addl $16, %ebp
	cmpl END, %ebp
	je 2f
	movl %ebp, MPTR
	movl D0L, %ecx
	addl 0(%ebp), %ecx
	movl %ecx, H(0)
	adcl 4(%ebp), %eax
	movl %eax, H(1)
	adcl 8(%ebp), %esi
	movl %esi, H(2)
	adcl 12(%ebp), %ebx
	movl %ebx, H(3)
	adcl PAD, %edx
	movl %edx, H(4)
	jmp 1b
2:
	/* h + f, carried: h4 <= 4 */
	movl D0L, %ebp
	addl F, %ebp
	movl %ebp, H(0)
	adcl $0, %eax
	movl %eax, H(1)
	adcl $0, %esi
	movl %esi, H(2)
	adcl $0, %ebx
	movl %ebx, H(3)
	adcl $0, %edx
	movl %edx, H(4)
	popl %edi
	popl %esi
	popl %ebx
	popl %ebp
	ret
	.size p32_blocks, . - p32_blocks

	.section .note.GNU-stack, "", @progbits
