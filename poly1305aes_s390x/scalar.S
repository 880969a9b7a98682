/* SPDX-License-Identifier: CC0-1.0 */
/* poly1305aes_s390x's radix-2^64 blocks (every path): h = (h + c + pad 2^128) r
   for each of count >= 1 blocks c at m, the state a struct p64 (h0 h1 h2 r0
   r1 s1, common/poly64.h; h2 <= 4 by its bounds). Assumes z/Architecture
   (s390x ELF ABI: r6-r15 saved here). 31 instructions a block.

   MLGR multiplies the odd register of an even-odd pair into the pair; four
   pairs take the four products at once: a0 r0 (r6, r7), a1 s1 (r8, r9),
   a1 r0 (r10, r11), a0 r1 (r12, r13). h0 lives in r7 and h1 in r11, so the
   additions of the message words make a0 and a1 in place, and the new h0
   and h1 land there too; h2 (r5) becomes a2. d0 = a0 r0 + a1 s1 (r6, r7),
   d1 = a1 r0 + a0 r1 + hi(d0) + a2 s1 (r10, r11; a2 s1 + hi(d0) < 2^63.9 +
   2^61.2 is one word), top = hi(d1) + a2 r0 (weight 2^128); h0 = lo(d0) +
   5 (top >> 2), h1 = lo(d1) + carry, h2 = (top & 3) + carry. The key
   stays in r0, r1, r2 and the pad bit is read from 160(r15) of the frame.
   No branch but the loop's, on count. */
#include "s390x.h"

	.text
	.globl blocks_z
	.hidden blocks_z
	.type blocks_z, @function
	.p2align 4
blocks_z:
	stmg %r6, %r15, 48(%r15)
	stg %r2, 16(%r15)                /* the state, written at the end */
	aghi %r15, -168
	stg %r5, 160(%r15)               /* pad */
	lg %r7, 0(%r2)                   /* h0 */
	lg %r11, 8(%r2)                  /* h1 */
	lg %r5, 16(%r2)                  /* h2 */
	lg %r0, 24(%r2)                  /* r0 */
	lg %r1, 32(%r2)                  /* r1 */
	lg %r2, 40(%r2)                  /* s1 */
	lghi %r14, 0
0:	lrvg %r6, 0(%r3)
	algr %r7, %r6                    /* a0 */
	lrvg %r8, 8(%r3)
	alcgr %r11, %r8                  /* a1 */
	alcg %r5, 160(%r15)              /* a2 */
	lgr %r9, %r11
	lgr %r13, %r7
	mlgr %r6, %r0                    /* a0 r0 */
	mlgr %r8, %r2                    /* a1 s1 */
	mlgr %r10, %r0                   /* a1 r0 */
	mlgr %r12, %r1                   /* a0 r1 */
	algr %r7, %r9
	alcgr %r6, %r8                   /* d0 */
	algr %r11, %r13
	alcgr %r10, %r12                 /* a1 r0 + a0 r1 */
	lgr %r8, %r5
	msgr %r8, %r2
	agr %r8, %r6                     /* a2 s1 + hi(d0) */
	algr %r11, %r8
	alcgr %r10, %r14                 /* d1 */
	msgr %r5, %r0
	agr %r10, %r5                    /* top */
	risbg %r5, %r10, 62, 128 + 63, 0 /* top & 3 */
	risbg %r8, %r10, 0, 128 + 61, 0  /* top & ~3 */
	srlg %r9, %r10, 2
	agr %r8, %r9                     /* 5 (top >> 2) */
	algr %r7, %r8                    /* h0 */
	alcgr %r11, %r14                 /* h1 */
	alcgr %r5, %r14                  /* h2 */
	la %r3, 16(%r3)
	brctg %r4, 0b
	lg %r1, 168 + 16(%r15)           /* the state */
	stg %r7, 0(%r1)
	stg %r11, 8(%r1)
	stg %r5, 16(%r1)
	lmg %r6, %r15, 168 + 48(%r15)
	br %r14
	.size blocks_z, . - blocks_z

	.section .note.GNU-stack, "", @progbits
