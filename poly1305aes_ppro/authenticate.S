/* SPDX-License-Identifier: CC0-1.0 */
/* poly1305aes_ppro: 32-bit x86, i386 System V cdecl, GNU as; x87 at 64-bit
   precision, round to nearest (0x037f set here, the caller's word restored);
   h in four radix-2^32 pieces; exact because every x87 result is an integer
   number of its slot's units below 2^64 (bounds.py: |slot sums| < 2^63.11).

   Poly1305. Piece k of h is a multiple of U_k = 2^(32k) (explicit weights);
   r is clamped on loading. A block multiplies: slot k gets h_i r_j 2^(32j)
   for i + j = k and h_i 5 r_j 2^(32j-130) for i + j = k + 4 (2^130 = 5 mod p;
   integral in units because r_j, j > 0, is a multiple of 4): 16 products,
   12 sums. Then all four slots are rounded at once, each at the next slot's
   unit (2^130 for slot 3), by adding and subtracting a constant (a double)
   whose ulp is that unit: c = (s + alpha) - alpha is the rounded part, it
   goes up a slot (times 5 2^-130 from slot 3), r = s - c stays, and h_k =
   r_k + c_(k-1): four operations a slot after its sum, none waiting for
   another slot's carry. The message: the integer code builds four 64-bit
   integers a block, each loaded exactly by one fildll (see "words"): w0 is
   added into slot 0's sum, w3 + pad (times 2^96) into slot 3's, w1 2^32
   (read as signed, no scaling) and w2 (times 2^64) join the carries into
   slots 1 and 2. 51 x87 arithmetic ops, 4 fildll and 16 fldl per block.
   The first chunk is loaded as h directly; the last multiplication uses a
   constant block with no message.

   Schedule, first tuned on an Intel Xeon Sapphire Rapids (Golden Cove,
   KVM), now measured on an AMD EPYC Zen 4 (family 25 model 17, KVM). On
   the Zen 4, 1 rdtsc tick is about 1.41 core cycles (a chain of dependent
   integer adds runs at 0.71 ticks each); microbenchmarks there (ticks):
   fadd and fmul latency 4.9 (7 cycles), with or without a memory operand;
   x87 arithmetic throughput 1 op a cycle for adds and multiplies together
   (groups of 3 independent ops 2.11, of 4 ops 2.82, whatever the mix); in
   such groups fild m64 + faddp or fiadd m32 cost 1.33 cycles, fldl +
   faddp 1.14, fld %st(i) + faddp 1.33; alone, fld of a double 0.36 a
   load+fstp pair, fild m64 or m32 1.0 a pair, fxch 0.18, fld %st(i) 0.7 a
   pair; fld m80 11.6 a pair (microcoded), 17.6 when its three integer
   stores come just before (no forwarding), and two 32-bit stores then an
   8-byte load 16-20 back to back. The loop before this one loaded four
   80-bit numbers a block (the words folded into the rounding constants,
   49 ops): 57 ticks a block here, most of it the four fld m80. Now a block
   is 51 ops in a chain from h to h 9 ops (63 cycles) deep: a model with 1
   op a cycle, 7 cycles latency and oldest-first issue gives 63 cycles,
   44.6 ticks; measured 46. With the dependency between blocks cut (h
   reloaded from constants each block) it still takes about 43. The
   integer code builds each block one block ahead, into the other of two
   buffers (its 8-byte loads read a store of 4 bytes and a constant half:
   no forwarding, so the stores must be done first; loading from constant
   memory instead is no faster). Summing each slot as two pairs (h3, h2
   and h1, h0) to halve the depth of the sums was 4% slower here (no
   faster with the words moved out of the sums, though the chain is then 7
   ops deep: the 51 ops still fill it); "fld %st(i); fmull r" 3% slower
   than "fldl r; fmul %st(i)"; AES before the x87 code, 1% slower. Two
   blocks at once with r^2 would not help (no fewer ops) and r^2 mod p has
   full 32-bit words, which would take the products past 2^64. This loop
   has not been measured on the Sapphire Rapids (there the old loop ran at
   about 45 cycles a block and took 4 fld m80 at little cost), nor on a P5.

   AES-128 of the nonce: one 2 KiB table (entry x: 2S S S 3S 2S S S 3S, so a
   4-byte load at offset 0, 3, 2, 1 is the MixColumns column of row 0..3,
   and S is byte 1), state bytes read from the frame, key expansion merged
   into the rounds (each new key word is a prefix xor of the old words xor
   one SubWord, so one xor follows the lookups). It runs after the x87 code
   in program order, so on short messages the two overlap.

   Side channels: the table is indexed by bytes of k and n (a cache-timing
   leak of k); nothing else is. Branches depend only on the length. The
   frame is placed so that, modulo 4096, it never shares a cache set with
   the table and its constants (see the prologue).

   rdtsc ticks per call on the AMD EPYC Zen 4 (KVM, shared with other jobs,
   noisy): speed's median of 101 calls, "speed ticks 0 16 64 256 1024 8192",
   the lowest of 5 runs alternating with the previous loop (fld m80) and
   poly1305aes_53 built for x86 (static, x87 at 53 bits):
       bytes      0     16     64    256   1024   8192
       ppro     213    280    434    982   3166  23582   2.88 ticks/byte
                                               (3.09 at 1 KiB)
       ppro-old 211    289    470   1151   3848  29042   3.54 (fld m80)
       53       426    661   1323   3965  14508 112944
   (the machine is noisy: in busy periods every figure here is up to 25%
   higher, ppro and ppro-old alike). Issue 5's target (2.5 ticks/byte from
   1 KiB) is not met: it needs about 36 ticks a block, and at 1 x87
   arithmetic op a cycle (1.41 cycles a tick) 51 ops alone take 36.
   On the Xeon Sapphire Rapids, the previous loop (not remeasured since):
       ppro-old 165    214    325    705   2178  15938   1.95 ticks/byte
       53       338    442    841   2326   8328  64316
   code 4.5 KiB, table and constants 2240 bytes, frame 336 bytes (+ < 2 KiB
   of stack to place it). */

#include "namespace.h"

/* ---- frame (offsets from %esp once it is placed; see the prologue) ---- */
#define X       0       /* AES state, 16 bytes */
#define K       16      /* AES round key, 16 bytes */
#define S       32      /* s = AES_k(n) */
#define RJ(j)   (48 + 8 * (j))          /* r_j 2^(32j), doubles, j = 0..3 */
#define RW(j)   (80 + 8 * ((j) - 1))    /* 5 r_j 2^(32j-130), doubles, j = 1..3 */
#define BUF0    112     /* two blocks, built alternately: */
#define BUF1    176     /* X0, X1, X2, X3 (int64) at +0, +8, +16, +24 */
#define L       240     /* 4 x int64: the pieces of h at the end; r words at set-up */
#define PAD     272     /* a last partial chunk, padded */
#define CW      288     /* caller's x87 control word; ours at CW+2 */
#define SAVED   292     /* %esp after the four pushes: arguments at +20.. */
#define SWAP    296     /* address of BUF0 xor address of BUF1 */
#define ENV     304     /* the caller's x87 environment, when it enabled an exception (28 bytes) */
#define FRAME   336

#define X0      0
#define X1      8
#define X2      16
#define X3      24

#define OUT     20
#define KR      24
#define NONCE   28
#define MSG     32
#define LEN     36

/* constants live after the table; %ebp holds the table's address */
#define C(name) (name - table)(%ebp)
#define TABLESPAN 2240          /* table and constants, a multiple of 64 */
#define WINDOW (4096 - TABLESPAN)

	.section .rodata
	.balign 64
table:
#include "aes_table.inc"
/* the block of the last multiplication: no message, no pad bit */
zero:
	.quad 0, 0, 0, 0                /* X0..X3 */
alpha0:	.quad 0x45e8000000000000        /* 3 2^94: rounds slot 0 at 2^32 */
alpha1:	.quad 0x47e8000000000000        /* 3 2^126 */
alpha2:	.quad 0x49e8000000000000        /* 3 2^158 */
alpha3:	.quad 0x4c08000000000000        /* 3 2^192: rounds slot 3 at 2^130 */
wrap:	.quad 0x37f4000000000000        /* 5 2^-130 */
two32:	.quad 0x41f0000000000000        /* 2^32 */
two64:	.quad 0x43f0000000000000
two96:	.quad 0x45f0000000000000
five98:	.quad 0x39f4000000000000        /* 5 2^-98 */
five66:	.quad 0x3bf4000000000000        /* 5 2^-66 */
five34:	.quad 0x3df4000000000000        /* 5 2^-34 */
inv32:	.quad 0x3df0000000000000        /* 2^-32 */
inv64:	.quad 0x3bf0000000000000
inv96:	.quad 0x39f0000000000000
	.org table + TABLESPAN          /* (an error if the constants outgrow it) */

	.if WINDOW < FRAME
	.error "the frame does not fit beside the table modulo 4096"
	.endif

/* ---- AES-128 ---- */

/* one MixColumns row: table entry x at offset 0, 3, 2, 1 holds row 0..3 */
.macro look byte, row, acc, idx
	movzbl X+\byte(%esp), \idx
	xorl ((4 - \row) & 3)(%ebp,\idx,8), \acc
.endm

/* S[state byte] placed at byte position pos of acc */
.macro sbox byte, pos, acc, idx
	movzbl X+\byte(%esp), \idx
.if \pos == 0
	movzbl 1(%ebp,\idx,8), \idx
.elseif \pos == 1
	movl 0(%ebp,\idx,8), \idx
	andl $0xff00, \idx
.elseif \pos == 2
	movl 0(%ebp,\idx,8), \idx
	andl $0xff0000, \idx
.else
	movl 2(%ebp,\idx,8), \idx
	andl $0xff000000, \idx
.endif
	xorl \idx, \acc
.endm

/* op (look or sbox) for the 16 state bytes in ShiftRows order: row i of
   output column c (accumulator %ebx %ecx %edx %esi) is byte 4 ((c + i) mod
   4) + i of the state; rows one after another, %eax and %edi alternating as
   the index */
.macro shiftrows op
.irp row, 0, 1, 2, 3
	\op (4 * ((\row + 0) & 3) + \row), \row, %ebx, %eax
	\op (4 * ((\row + 1) & 3) + \row), \row, %ecx, %edi
	\op (4 * ((\row + 2) & 3) + \row), \row, %edx, %eax
	\op (4 * ((\row + 3) & 3) + \row), \row, %esi, %edi
.endr
.endm

/* %ebx %ecx %edx %esi (the round key, state or s) to the 16 bytes at at(%esp) */
.macro put at
	movl %ebx, \at+0(%esp)
	movl %ecx, \at+4(%esp)
	movl %edx, \at+8(%esp)
	movl %esi, \at+12(%esp)
.endm

/* next round key into %ebx %ecx %edx %esi and K: with g = SubWord(RotWord(k3))
   ^ rcon, word i becomes k0 ^ .. ^ ki ^ g, so one xor follows the lookups */
.macro expand rcon
	movzbl K+13(%esp), %esi
	movzbl K+14(%esp), %edi
	movzbl 1(%ebp,%esi,8), %eax        /* S[k3 byte 1] at byte 0 */
	movl 0(%ebp,%edi,8), %ebx
	andl $0xff00, %ebx                 /* S[k3 byte 2] at byte 1 */
	movzbl K+15(%esp), %esi
	movzbl K+12(%esp), %edi
	movl 0(%ebp,%esi,8), %ecx
	andl $0xff0000, %ecx               /* S[k3 byte 3] at byte 2 */
	movl 2(%ebp,%edi,8), %edx
	andl $0xff000000, %edx             /* S[k3 byte 0] at byte 3 */
	xorl %ebx, %eax
	xorl %edx, %ecx
	xorl %ecx, %eax                    /* g without rcon */
	movl K+0(%esp), %ebx
	xorl $\rcon, %ebx
	movl K+4(%esp), %ecx
	xorl %ebx, %ecx
	movl K+8(%esp), %edx
	xorl %ecx, %edx
	movl K+12(%esp), %esi
	xorl %edx, %esi
	.irp w, ebx, ecx, edx, esi
	xorl %eax, %\w
	.endr
	put K
.endm

/* a full round: the accumulators start as the round key */
.macro round rcon
	expand \rcon
	shiftrows look
	put X
.endm

/* the last round, no MixColumns: s in %ebx %ecx %edx %esi */
.macro lastround rcon
	expand \rcon
	shiftrows sbox
.endm

/* r_j 2^(32j) and 5 r_j 2^(32j-130) from the clamped word j in %ecx
   (through L) */
.macro rword j, scale, wrap
	movl %ecx, L + 4 * \j(%esp)
	fildl L + 4 * \j(%esp)
	fld %st(0)
	fmull C(\scale)
	fstpl RJ(\j)(%esp)
	fmull C(\wrap)
	fstpl RW(\j)(%esp)
.endm

/* ---- Poly1305 blocks ----
   A block is four 64-bit integers, each read exactly by one fildll: X0 =
   w0; X1 = w1 2^32 read as signed (w1 2^32 - 2^64 when w1 >= 2^31: no
   scaling multiply, the sign is given back as 1 in X2); X2 = w2 + (w1 >>
   31), up to 2^32; X3 = w3 + pad, pad = 2^32 for a full chunk. The
   halves that never change (X0 high, X1 low, X3 high) are stored once. */
.macro words m0, m1, m2, m3
	movl \m0, %eax
	movl \m1, %ecx
	movl %eax, X0(%edx)
	movl %ecx, X1+4(%edx)
	shrl $31, %ecx
	addl \m2, %ecx
	movl $0, %eax
	adcl $0, %eax
	movl %ecx, X2(%edx)
	movl %eax, X2+4(%edx)
	movl \m3, %ecx
	movl %ecx, X3(%edx)
.endm

/* the products: st(dst) += st(src) times the coefficient at c(%esp) */
.macro mac c, src, dst
	fldl \c(%esp)
	fmul %st(\src), %st
	faddp %st, %st(\dst)
.endm

/* the carry split of slot st(s), rounded at alpha's unit: c (pushed) is
   its rounded part, st(s) - c stays in st(s) */
.macro split alpha, s
	fldl C(\alpha)
	fadd %st(\s), %st
	fsubl C(\alpha)
	fsubr %st, %st(\s)
.endm

/* %edx = the next block: the next chunk of the message (%esi, %edi bytes
   left) built in the buffer %ebx does not point to, or zero once the
   message is done */
.macro chunk
	cmpl $16, %edi
	jb 1f
	movl %ebx, %edx
	xorl SWAP(%esp), %edx
	words 0(%esi), 4(%esi), 8(%esi), 12(%esi)
	addl $16, %esi
	subl $16, %edi
	jmp 9f
1:	testl %edi, %edi
	jz 8f
	/* n = %edi bytes, 1..15, then the pad byte 1, then zeros; PAD is
	   written in whole words, so the word loads below forward */
	xorl %eax, %eax
	movl %eax, PAD+0(%esp)
	movl %eax, PAD+4(%esp)
	movl %eax, PAD+8(%esp)
	movl %eax, PAD+12(%esp)
	movl %edi, %ecx
	andl $-4, %ecx                  /* bytes in whole words */
	jz 3f
2:	movl -4(%esi,%ecx), %eax
	movl %eax, PAD-4(%esp,%ecx)
	subl $4, %ecx
	jnz 2b
3:	movl %edi, %ecx
	andl $-4, %ecx
	movl %edi, %edx
	movl $1, %eax
4:	cmpl %ecx, %edx                 /* the last word, top byte first */
	jbe 5f
	shll $8, %eax
	movb -1(%esi,%edx), %al
	decl %edx
	jmp 4b
5:	movl %eax, PAD(%esp,%ecx)
	movl %ebx, %edx
	xorl SWAP(%esp), %edx
	words PAD+0(%esp), PAD+4(%esp), PAD+8(%esp), PAD+12(%esp)
	movl $0, X3+4(%edx)
	xorl %edi, %edi
	jmp 9f
8:	leal C(zero), %edx
9:
.endm

/* zero the frame's secrets before returning: the AES state, round key and s,
   r's doubles, and L (r's words at set-up, h's at the end) */
.macro wipe_frame
	xorl %eax, %eax
	.set w, X
	.rept (RW(3) + 8 - X) / 4
	movl %eax, w(%esp)
	.set w, w + 4
	.endr
	.set w, L
	.rept 8
	movl %eax, w(%esp)
	.set w, w + 4
	.endr
.endm

	.text
	.balign 16
	.globl poly1305aes_authenticate
	.type poly1305aes_authenticate, @function
poly1305aes_authenticate:
	pushl %ebp
	pushl %ebx
	pushl %esi
	pushl %edi
#if defined(POLY1305AES_PIC)
	call pc
	addl $_GLOBAL_OFFSET_TABLE_, %ebp
	leal table@GOTOFF(%ebp), %ebp
#else
	movl $table, %ebp
#endif
	/* Place the frame below %esp so that, modulo 4096, it lies in the
	   window [W, W + WINDOW) with W = (table + TABLESPAN) mod 4096: the
	   frame and the table never share a cache set (and never 4K-alias).
	   E = (%esp - FRAME) rounded down to 16, d = (E - W) mod 4096; the frame
	   starts at E if d <= WINDOW - FRAME, else at E - (d - (WINDOW - FRAME)). */
	movl %esp, %eax
	leal -FRAME(%esp), %ecx
	andl $-16, %ecx
	leal TABLESPAN(%ebp), %edx
	andl $4095, %edx
	movl %ecx, %esi
	subl %edx, %esi
	andl $4095, %esi
	movl $(WINDOW - FRAME), %edi
	subl %esi, %edi
	movl %edi, %esi
	sarl $31, %esi
	andl %esi, %edi
	addl %edi, %ecx
	movl %ecx, %esp
	movl %eax, SAVED(%esp)

	movl LEN(%eax), %edi
	movl %eax, %esi
	testl %edi, %edi
	jz .Laes

	/* Poly1305 first: on short messages the integer AES below overlaps
	   this chain of x87 operations */
	/* x87: 64-bit precision, round to nearest, exceptions masked; when the
	   caller enabled an exception, its whole environment is kept, to come
	   back with no flag raised here (the inexact of the roundings) pending */
	fnstcw CW(%esp)
	movzwl CW(%esp), %eax
	notl %eax
	testl $0x3f, %eax
	jz 1f
	fnstenv ENV(%esp)
1:	movw $0x037f, CW+2(%esp)
	fldcw CW+2(%esp)

	/* r, clamped, as the doubles the products multiply by */
	movl KR(%esi), %eax
	movl 16(%eax), %ecx
	andl $0x0fffffff, %ecx
	movl %ecx, L+0(%esp)
	fildl L+0(%esp)
	fstpl RJ(0)(%esp)
	movl 20(%eax), %ecx
	andl $0x0ffffffc, %ecx
	rword 1, two32, five98
	movl 24(%eax), %ecx
	andl $0x0ffffffc, %ecx
	rword 2, two64, five66
	movl 28(%eax), %ecx
	andl $0x0ffffffc, %ecx
	rword 3, two96, five34

	/* the constant parts of the two buffers */
	xorl %eax, %eax
	movl %eax, BUF0+X0+4(%esp)
	movl %eax, BUF0+X1(%esp)
	movl %eax, BUF0+X2+4(%esp)
	movl $1, BUF0+X3+4(%esp)
	movl %eax, BUF1+X0+4(%esp)
	movl %eax, BUF1+X1(%esp)
	movl %eax, BUF1+X2+4(%esp)
	movl $1, BUF1+X3+4(%esp)
	leal BUF0(%esp), %eax
	leal BUF1(%esp), %ebx
	xorl %ebx, %eax
	movl %eax, SWAP(%esp)           /* %ebx = BUF1: the first block goes to BUF0 */

	movl MSG(%esi), %esi
	chunk
	movl %edx, %ebx
	fildll X0(%ebx)                 /* h0 */
	fildll X2(%ebx)
	fmull C(two64)                  /* h2 h0 */
	fildll X3(%ebx)
	fmull C(two96)                  /* h3 h2 h0 */
	fildll X1(%ebx)                 /* h1 h3 h2 h0 */
	chunk
	movl %edx, %ebx

	/* %ebx: the block absorbed now; the next one is built meanwhile, so
	   its stores are long done when it is loaded */
.Lloop:
	chunk
	/* h = h r + block, h = h0 + h1 + h2 + h3 on the stack as h1 h3 h2 h0 */
	fxch %st(3)                     /* h0 h3 h2 h1 */
	fxch %st(1)                     /* h3 h0 h2 h1 */
	/* products, h3 first, h0 (the last piece ready) last: slot k gets
	   h_i r_j (i + j = k) or h_i 5 r_j 2^-130 (i + j = k + 4) */
	fldl RJ(0)(%esp)
	fmul %st(1), %st                /* a3 h3 h0 h2 h1 */
	fildll X3(%ebx)
	fmull C(two96)
	faddp %st, %st(1)               /* a3 += (w3 + pad) 2^96 */
	fldl RW(1)(%esp)
	fmul %st(2), %st                /* a0 a3 h3 h0 h2 h1 */
	fildll X0(%ebx)
	faddp %st, %st(1)               /* a0 += w0 */
	fldl RW(2)(%esp)
	fmul %st(3), %st                /* a1 a0 a3 h3 h0 h2 h1 */
	fxch %st(3)
	fmull RW(3)(%esp)               /* a2 a0 a3 a1 h0 h2 h1 */
	mac RJ(1), 6, 3                 /* a3 += h2 r1 */
	mac RW(2), 6, 2                 /* a0 */
	mac RW(3), 6, 4                 /* a1 */
	fxch %st(5)
	fmull RJ(0)(%esp)
	faddp %st, %st(5)               /* a2; a0 a3 a1 h0 a2 h1 */
	mac RJ(2), 6, 2                 /* a3 += h1 r2 */
	mac RW(3), 6, 1                 /* a0 */
	mac RJ(1), 6, 5                 /* a2 */
	fxch %st(5)
	fmull RJ(0)(%esp)
	faddp %st, %st(2)               /* a1; a3 a1 h0 a2 a0 */
	mac RJ(3), 3, 1                 /* s3 */
	mac RJ(1), 3, 2                 /* s1 */
	mac RJ(2), 3, 4                 /* s2 */
	fxch %st(2)
	fmull RJ(0)(%esp)
	faddp %st, %st(4)               /* s0; s1 s3 s2 s0 */

	/* carries, the four slots rounded at once (not one after another:
	   the chain from h to h is a multiply, the sums, then four operations):
	   t = s_k + alpha_k rounds s_k at the next slot's unit (2^130 for slot
	   3), c_k = t - alpha_k is the rounded part, r_k = s_k - c_k (|r_k| <=
	   half that unit) stays; c_k goes up a slot (c3 times 5 2^-130 to slot
	   0), words 1 and 2 joining c0 and c1 there */
	split alpha3, 2                 /* c3 s1 r3 s2 s0 */
	fmull C(wrap)                   /* v s1 r3 s2 s0 */
	split alpha1, 2                 /* c1 v r1 r3 s2 s0 */
	fildll X2(%ebx)
	fmull C(two64)
	faddp %st, %st(1)               /* u2 v r1 r3 s2 s0: u2 = c1 + X2 2^64 */
	split alpha2, 5                 /* c2 u2 v r1 r3 r2 s0 */
	faddp %st, %st(4)               /* u2 v r1 h3 r2 s0 */
	faddp %st, %st(4)               /* v r1 h3 h2 s0 */
	split alpha0, 5                 /* c0 v r1 h3 h2 r0 */
	fildll X1(%ebx)
	faddp %st, %st(1)               /* u1 v r1 h3 h2 r0: u1 = c0 + X1 */
	faddp %st, %st(2)               /* v h1 h3 h2 r0 */
	faddp %st, %st(4)               /* h1 h3 h2 h0 */

	leal C(zero), %eax
	cmpl %eax, %ebx
	movl %edx, %ebx
	jne .Lloop

	/* h = sum of the pieces, |piece k| < 2^(32k+34) (bounds.py): to int64 words */
	fmull C(inv32)
	fistpll L+8(%esp)
	fmull C(inv96)
	fistpll L+24(%esp)
	fmull C(inv64)
	fistpll L+16(%esp)
	fistpll L+0(%esp)
	movzwl CW(%esp), %eax           /* the caller's control word back; the x87 stack is empty */
	notl %eax
	testl $0x3f, %eax
	jz 1f
	fldenv ENV(%esp)                /* and its status flags, exactly */
	jmp .Laes
1:	fldcw CW(%esp)

.Laes:
	/* AES: K = k, X = n xor k */
	movl SAVED(%esp), %eax
	movl KR(%eax), %esi
	movl NONCE(%eax), %edi
	.irp o, 0, 4, 8, 12
	movl \o(%esi), %eax
	movl %eax, K+\o(%esp)
	xorl \o(%edi), %eax
	movl %eax, X+\o(%esp)
	.endr
	round 0x01
	round 0x02
	round 0x04
	round 0x08
	round 0x10
	round 0x20
	round 0x40
	round 0x80
	round 0x1b
	lastround 0x36
	put S

	movl SAVED(%esp), %esi
	cmpl $0, LEN(%esi)
	jz .Lempty

	/* h + 8p = h + 2^133 - 40 > 0, as 32-bit words %eax %edx %ecx %ebx, top %esi */
	movl L+0(%esp), %eax
	movl L+4(%esp), %edx
	subl $40, %eax
	sbbl $0, %edx
	movl %edx, %ecx
	sarl $31, %ecx
	addl L+8(%esp), %edx
	adcl L+12(%esp), %ecx
	movl %ecx, %ebx
	sarl $31, %ebx
	addl L+16(%esp), %ecx
	adcl L+20(%esp), %ebx
	movl %ebx, %esi
	sarl $31, %esi
	addl L+24(%esp), %ebx
	adcl L+28(%esp), %esi
	addl $32, %esi                  /* 0 < top < 2^6 */
	/* fold bits 130 and up: 2^130 = 5 mod p; then h < 2^130 + 5 * 15 < 2p */
	movl %esi, %edi
	shrl $2, %edi
	andl $3, %esi
	leal (%edi,%edi,4), %edi
	addl %edi, %eax
	adcl $0, %edx
	adcl $0, %ecx
	adcl $0, %ebx
	adcl $0, %esi
	/* h >= p iff h + 5 >= 2^130, and then h - p = h + 5 mod 2^128: the
	   carry of h + 5 into 2^130 becomes the mask, h += 5 [h >= p] */
	movl %eax, %edi
	addl $5, %edi
	movl %edx, %edi
	adcl $0, %edi
	movl %ecx, %edi
	adcl $0, %edi
	movl %ebx, %edi
	adcl $0, %edi
	adcl $0, %esi
	shrl $2, %esi
	negl %esi
	andl $5, %esi                   /* 5 when h >= p, else 0 */
	addl %esi, %eax
	adcl $0, %edx
	adcl $0, %ecx
	adcl $0, %ebx
.Ltag:	/* the tag: h mod p + s, h in %eax %edx %ecx %ebx */
	addl S+0(%esp), %eax
	adcl S+4(%esp), %edx
	adcl S+8(%esp), %ecx
	adcl S+12(%esp), %ebx
	movl SAVED(%esp), %esi
	movl OUT(%esi), %edi
	movl %eax, 0(%edi)
	movl %edx, 4(%edi)
	movl %ecx, 8(%edi)
	movl %ebx, 12(%edi)
	wipe_frame
	movl %esi, %esp
	popl %edi
	popl %esi
	popl %ebx
	popl %ebp
	ret

	/* empty message: h = 0, the tag is s */
.Lempty:
	xorl %eax, %eax
	xorl %edx, %edx
	xorl %ecx, %ecx
	xorl %ebx, %ebx
	jmp .Ltag
	.size poly1305aes_authenticate, . - poly1305aes_authenticate

#if defined(POLY1305AES_PIC)
pc:
	movl (%esp), %ebp
	ret
#endif

	.section .note.GNU-stack, "", @progbits
