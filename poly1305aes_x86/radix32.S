/* SPDX-License-Identifier: CC0-1.0 */
/* poly1305aes_x86: Poly1305 in radix 2^32 with MUL, the short messages of
   every path and all of the generic path's. 32-bit x86 (i686), i386
   System V cdecl, GNU as; integer only; no memory access but the arguments
   and the frame, none at a secret address; branches on the lengths only.

     void p32_mac(unsigned char out[16], const unsigned char r[16],
                  const unsigned char *m, size_t count, const unsigned char *last,
                  const uint32_t s[4], const uint32_t start[5])
   out = (h + s) mod 2^128 with h the Poly1305 of the count whole blocks at
   m (each plus 2^128), then, unless last is NULL, of the padded final chunk
   at last (no 2^128), under r (clamped here), from start (words, start[4]
   <= 4; NULL: 0); s as four words.
     void p32_two(uint32_t h[10], const unsigned char r[16], const unsigned char *m, size_t n)
   two chains at once: h[0..4] = h[0..4] r^n + the Poly1305 of the n blocks
   at m, h[5..9] the same for the n blocks at m + 16 n (n >= 1; words,
   h[4], h[9] <= 4 in and out); the caller joins them.
     void p32_finish(unsigned char out[16], const uint32_t h[5], const uint32_t s[4])
   out = (h mod p + s) mod 2^128 for h = h[0..3] + 2^128 h[4], h[4] <= 4
   (the vector paths' end).

   h = h0 + 2^32 h1 + 2^64 h2 + 2^96 h3 + 2^128 h4. Clamping gives r0 < 2^28
   and r1, r2, r3 < 2^28, multiples of 4, so a product a_i r_j of weight
   2^(32(i+j)) >= 2^128 is a_i s_j 2^(32(i+j-4)) mod p, s_j = r_j + r_j/4
   = 5 r_j / 4 < 2^28.33 (2^130 = 5 mod p). A block: a = h + c (a4 <= 6)
   in the frame (MUL's memory operands), then four 64-bit sums
     d0 = a0 r0 + a1 s3 + a2 s2 + a3 s1 + f r0
     d1 = a0 r1 + a1 r0 + a2 s3 + a3 s2 + a4 s1 + f r1
     d2 = a0 r2 + a1 r1 + a2 r0 + a3 s3 + a4 s2 + f r2
     d3 = a0 r3 + a1 r2 + a2 r1 + a3 r0 + a4 s3 + f r3
   (d0, d1 through the frame, d2 in esi:ebp, d3 in ebx:ecx; edi the block),
   each < 2^32
   (2^28 + 3 2^28.33) + 2^31 + 2^31.8 2^28 < 2^62.6, carried in one chain
   (a carry < 2^30.6); d3's products have no s_j but a4 s3, so d3 >> 32 <
   2^30 + 2, h4 = a4 r0 + (d3 >> 32) < 2^31.3, and then h = h0..h3 + 2^128
   (h4 & 3) + f with f = 5 (h4 >> 2) < 2^31.8 kept apart: the next block adds
   its words to h0..h4 while they are in registers, and f enters its sums as
   the four products f r_j above, instead of a carry chain from h0 to h4
   between the blocks (a block was 10% slower with it here). f is folded
   into h after the last block.

   p32_two's block (either chain; the chains alternate block by block, so
   each one's carries wait while the other multiplies): h in the frame,
   h4 <= 4, a = h + c (a4 <= 5), the four sums above without f, each
   started from the carry of the one before (< 2^62.4), h4 = a4 r0 +
   (d3 >> 32) < 2^31.2, and f = 5 (h4 >> 2) < 2^31.6 added into h0 at once
   (h0 + f < 2^33: one carry up the words), so h4 = (h4 & 3) + that carry
   <= 4 again. Fewer instructions than the loop above, a longer chain: one
   such chain alone would be slower, two are faster (dispatch.c). */
#include "ia32.h"

/* the frame of p32_mac, below the four saved registers */
#define H(i) (4*(i))(%esp)   /* a = h + c in the loop */
#define R0 20(%esp)
#define R1 24(%esp)
#define R2 28(%esp)
#define R3 32(%esp)
#define S1 36(%esp)
#define S2 40(%esp)
#define S3 44(%esp)
#define D0L 48(%esp)
#define D0H 52(%esp)
#define D1L 56(%esp)
#define D1H 60(%esp)
#define PAD 68(%esp)         /* the 2^128 bit of the block in the loop (edi points to it) */
#define END 72(%esp)         /* the end of the whole blocks, then of the last one */
#define F 76(%esp)           /* 5 (h4 >> 2), kept apart between blocks */
#define LAST 80(%esp)        /* the padded last block, 0 once it is taken */
#define FRAME 84
#define ARG(i) (FRAME+20+4*(i))(%esp)   /* out, r, m, count, last, s, start */

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
/* r_j (j > 0) from the word at offset o of r (in ebp), clamped, and s_j */
.macro clamp o, rj, sj
	movl \o(%ebp), %eax
	andl $0x0ffffffc, %eax
	movl %eax, \rj
	movl %eax, %ecx
	shrl $2, %ecx
	addl %ecx, %eax
	movl %eax, \sj
.endm
/* r (its address at arg), clamped, into R0..R3, and s_j = r_j + r_j / 4
   into S1..S3 (%ebp: r's address) */
.macro key arg
	movl \arg, %ebp
	movl 0(%ebp), %eax
	andl $0x0fffffff, %eax
	movl %eax, R0
	clamp 4, R1, S1
	clamp 8, R2, S2
	clamp 12, R3, S3
.endm
/* a4 (<= 6, at a4) times s_k: a 32-bit product */
.macro small a4, b, lo, hi
	movl \a4, %eax
	imull \b, %eax
	addl %eax, \lo
	adcl $0, \hi
.endm
/* lo:hi = a0 b0 + a1 b1 + a2 b2 + a3 b3 [+ a4 b4] + f b0: one row of the
   sums below, b0 = r_j */
.macro sum lo, hi, b0, b1, b2, b3, b4
	first H(0), \b0, \lo, \hi
	more H(1), \b1, \lo, \hi
	more H(2), \b2, \lo, \hi
	more H(3), \b3, \lo, \hi
.ifnb \b4
	small H(4), \b4, \lo, \hi
.endif
	more F, \b0, \lo, \hi
.endm

/* out = (h mod p + s) mod 2^128 for h = h0..h3 + 2^128 h4 in registers, h4
   <= 4 (h < 5 2^128), with t a scratch register, s and out the arguments'
   addresses (loaded through t): 5 (h4 >> 2) is folded into h0 (now h <
   2^130); then h >= p iff h + 5 >= 2^130, and h - p = h + 5 mod 2^128, so
   out = h + s + 5 [h >= p] mod 2^128, the condition a mask from the carry */
.macro finish h0, h1, h2, h3, h4, t, s, out
	movl \h4, \t
	shrl $2, \t
	leal (\t,\t,4), \t
	andl $3, \h4
	addl \t, \h0
	adcl $0, \h1
	adcl $0, \h2
	adcl $0, \h3
	adcl $0, \h4                    /* h < 2^130: h4 <= 3 */
	movl \h0, \t                    /* the carry of h + 5 into 2^130 */
	addl $5, \t
	movl \h1, \t
	adcl $0, \t
	movl \h2, \t
	adcl $0, \t
	movl \h3, \t
	adcl $0, \t
	adcl $0, \h4
	shrl $2, \h4
	negl \h4
	andl $5, \h4                    /* 5 when h >= p, else 0 */
	addl \h4, \h0
	adcl $0, \h1
	adcl $0, \h2
	adcl $0, \h3
	movl \s, \t
	addl 0(\t), \h0
	adcl 4(\t), \h1
	adcl 8(\t), \h2
	adcl 12(\t), \h3
	movl \out, \t
	movl \h0, 0(\t)
	movl \h1, 4(\t)
	movl \h2, 8(\t)
	movl \h3, 12(\t)
.endm

	.text
	.balign 16
	.globl p32_mac
	.hidden p32_mac
	.type p32_mac, @function
p32_mac:
	pushl %ebp
	pushl %ebx
	pushl %esi
	pushl %edi
	subl $FRAME, %esp
	key ARG(1)
	/* the blocks: count whole ones at m (pad 1), then the last one (pad 0) */
	movl ARG(2), %esi
	movl ARG(3), %eax
	movl ARG(4), %ecx
	movl $1, PAD
	testl %eax, %eax
	jne 3f
	testl %ecx, %ecx
	je 4f                           /* no block */
	movl %ecx, %esi                 /* no whole block: the last one alone */
	xorl %ecx, %ecx
	movl $0, PAD
	movl $1, %eax
3:
	shll $4, %eax
	addl %esi, %eax
	movl %eax, END
	movl %ecx, LAST
	movl %esi, %edi
	/* h = start (or 0), f = 0: a = the first block, added below */
	movl $0, F
	movl ARG(6), %ecx
	testl %ecx, %ecx
	je 6f
	movl 0(%ecx), %eax
	movl %eax, D0L
	movl 4(%ecx), %eax
	movl 8(%ecx), %esi
	movl 12(%ecx), %ebx
	movl 16(%ecx), %edx
	jmp .Lnext
6:	movl $0, D0L
	xorl %eax, %eax
	xorl %esi, %esi
	xorl %ebx, %ebx
	xorl %edx, %edx
	jmp .Lnext

	.balign 16
1:
	/* d0 = a0 r0 + a1 s3 + a2 s2 + a3 s1 + f r0 */
	sum %ebx, %ecx, R0, S3, S2, S1
	movl %ebx, D0L
	movl %ecx, D0H
	/* d1 = a0 r1 + a1 r0 + a2 s3 + a3 s2 + a4 s1 + f r1 */
	sum %ebx, %ecx, R1, R0, S3, S2, S1
	movl %ebx, D1L
	movl %ecx, D1H
	/* d2 = a0 r2 + a1 r1 + a2 r0 + a3 s3 + a4 s2 + f r2 */
	sum %esi, %ebp, R2, R1, R0, S3, S2
	/* d3 = a0 r3 + a1 r2 + a2 r1 + a3 r0 + a4 s3 + f r3 */
	sum %ebx, %ecx, R3, R2, R1, R0, S3
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
	addl $16, %edi
	cmpl END, %edi
	jne .Lnext
	movl LAST, %edi                 /* the whole blocks are done: the last block, if any */
	testl %edi, %edi
	je 2f
	leal 16(%edi), %ecx
	movl %ecx, END
	movl $0, LAST
	movl $0, PAD
.Lnext:
	movl D0L, %ecx
	addl 0(%edi), %ecx
	movl %ecx, H(0)
	adcl 4(%edi), %eax
	movl %eax, H(1)
	adcl 8(%edi), %esi
	movl %esi, H(2)
	adcl 12(%edi), %ebx
	movl %ebx, H(3)
	adcl PAD, %edx
	movl %edx, H(4)
	jmp 1b
2:
	/* h + f (h4 <= 4), then the end */
	movl D0L, %ebp
	addl F, %ebp
	adcl $0, %eax
	adcl $0, %esi
	adcl $0, %ebx
	adcl $0, %edx
	jmp 5f
4:	/* no block: h = start (or 0) */
	movl ARG(6), %ecx
	xorl %ebp, %ebp
	xorl %eax, %eax
	xorl %esi, %esi
	xorl %ebx, %ebx
	xorl %edx, %edx
	testl %ecx, %ecx
	je 5f
	movl 0(%ecx), %ebp
	movl 4(%ecx), %eax
	movl 8(%ecx), %esi
	movl 12(%ecx), %ebx
	movl 16(%ecx), %edx
5:
	finish %ebp, %eax, %esi, %ebx, %edx, %ecx, ARG(5), ARG(0)
	addl $FRAME, %esp
	popl %edi
	popl %esi
	popl %ebx
	popl %ebp
	ret
	.size p32_mac, . - p32_mac

	.balign 16
	.globl p32_finish
	.hidden p32_finish
	.type p32_finish, @function
p32_finish:
	pushl %ebp
	pushl %ebx
	pushl %esi
	movl 20(%esp), %ecx             /* h */
	movl 0(%ecx), %ebp
	movl 4(%ecx), %eax
	movl 8(%ecx), %esi
	movl 12(%ecx), %ebx
	movl 16(%ecx), %edx
	finish %ebp, %eax, %esi, %ebx, %edx, %ecx, 24(%esp), 16(%esp)
	popl %esi
	popl %ebx
	popl %ebp
	ret
	.size p32_finish, . - p32_finish

/* ---- p32_two: its frame, below the four saved registers ---- */
#define TA0 48(%esp)                 /* a0, a3, a4 of the block in hand */
#define TA3 52(%esp)
#define TA4 56(%esp)
#define TH 60                        /* h of the first chain, then of the second at TH + 20 */
#define TDIST 100(%esp)              /* 16 n: the second region's offset */
#define TEND 104(%esp)               /* the end of the first region */
#define TFRAME 108
#define TARG(i) (TFRAME+20+4*(i))(%esp)   /* h, r, m, n */

/* a = h + c for the chain whose h is at h(%esp), c at (%ebp), or at
   (%ebp + 16 n) for the second chain: a0..a4 in %eax %ebx %ecx %esi %edi */
.macro start h, second
	movl \h+0(%esp), %eax
	movl \h+4(%esp), %ebx
	movl \h+8(%esp), %ecx
	movl \h+12(%esp), %esi
	movl \h+16(%esp), %edi
.ifb \second
	addl 0(%ebp), %eax
	adcl 4(%ebp), %ebx
	adcl 8(%ebp), %ecx
	adcl 12(%ebp), %esi
.else
	movl TDIST, %edx
	addl 0(%ebp,%edx), %eax
	adcl 4(%ebp,%edx), %ebx
	adcl 8(%ebp,%edx), %ecx
	adcl 12(%ebp,%edx), %esi
.endif
	adcl $1, %edi
.endm

/* lo:hi += a0 b0 + a1 b1 + a2 b2 + a3 b3 + a4 b4: a1, a2 in %ebx, %ecx */
.macro row lo, hi, b0, b1, b2, b3, b4
	more TA0, \b0, \lo, \hi
	more %ebx, \b1, \lo, \hi
	more %ecx, \b2, \lo, \hi
	more TA3, \b3, \lo, \hi
	small TA4, \b4, \lo, \hi
.endm

/* one block of one chain (see the top): a1, a2 stay in %ebx, %ecx; each
   sum's low word is stored as h_k, its high word starts the next sum */
.macro chain h, second
	start \h, \second
	movl %eax, TA0
	movl %esi, TA3
	movl %edi, TA4
	/* d0 = a0 r0 + a1 s3 + a2 s2 + a3 s1 in edi (low), esi (high) */
	mull R0
	movl %eax, %edi
	movl %edx, %esi
	more %ebx, S3, %edi, %esi
	more %ecx, S2, %edi, %esi
	more TA3, S1, %edi, %esi
	movl %edi, \h+0(%esp)
	xorl %edi, %edi
	/* d1 + (d0 >> 32) in esi, edi; d2 + (d1 >> 32) in edi, esi; d3 + (d2 >> 32) in esi (h3), edi */
	row %esi, %edi, R1, R0, S3, S2, S1
	movl %esi, \h+4(%esp)
	xorl %esi, %esi
	row %edi, %esi, R2, R1, R0, S3, S2
	movl %edi, \h+8(%esp)
	xorl %edi, %edi
	row %esi, %edi, R3, R2, R1, R0, S3
	/* h4 = a4 r0 + (d3 >> 32); f = 5 (h4 >> 2) into h, h4 & 3 */
	movl TA4, %edx
	imull R0, %edx
	addl %edi, %edx
	movl %edx, %edi
	shrl $2, %edx
	andl $3, %edi
	leal (%edx,%edx,4), %edx
	addl %edx, \h+0(%esp)
	adcl $0, \h+4(%esp)
	adcl $0, \h+8(%esp)
	adcl $0, %esi
	adcl $0, %edi
	movl %esi, \h+12(%esp)
	movl %edi, \h+16(%esp)
.endm

	.balign 16
	.globl p32_two
	.hidden p32_two
	.type p32_two, @function
p32_two:
	pushl %ebp
	pushl %ebx
	pushl %esi
	pushl %edi
	subl $TFRAME, %esp
	key TARG(1)
	movl TARG(0), %ecx
	.irp i, 0, 4, 8, 12, 16, 20, 24, 28, 32, 36
	movl \i(%ecx), %eax
	movl %eax, TH+\i(%esp)
	.endr
	movl TARG(3), %eax
	shll $4, %eax
	movl %eax, TDIST
	movl TARG(2), %ebp
	addl %ebp, %eax
	movl %eax, TEND
	.balign 16
1:
	chain TH
	chain TH+20, second
	addl $16, %ebp
	cmpl TEND, %ebp
	jne 1b
	movl TARG(0), %ecx
	.irp i, 0, 4, 8, 12, 16, 20, 24, 28, 32, 36
	movl TH+\i(%esp), %eax
	movl %eax, \i(%ecx)
	.endr
	addl $TFRAME, %esp
	popl %edi
	popl %esi
	popl %ebx
	popl %ebp
	ret
	.size p32_two, . - p32_two

	.section .note.GNU-stack, "", @progbits
