/* poly1305aes_ppro: 32-bit x86, i386 System V cdecl, GNU as; x87 at 64-bit
   precision, round to nearest (0x037f set here, the caller's word restored);
   h in four radix-2^32 pieces; exact because every x87 result is an integer
   number of its slot's units below 2^64 (bounds.py: |slot sums| < 2^62.81).

   Poly1305. Piece k of h is a multiple of U_k = 2^(32k) (explicit weights);
   r is clamped on loading. A block multiplies: slot k gets h_i r_j 2^(32j)
   for i + j = k and h_i 5 r_j 2^(32j-130) for i + j = k + 4 (2^130 = 5 mod p;
   integral in units because r_j, j > 0, is a multiple of 4): 16 products,
   12 sums. Then each slot is rounded at the next slot's unit (2^130 for slot
   3) by adding and subtracting a constant whose ulp is that unit; the
   rounded part c goes up (times 5 2^-130 from slot 3), the rest stays. The
   carries into slots 1 and 3 join them before they are rounded, so h1 and
   h3 are bare rounding remainders (|h3| <= 2^33 units, the widest piece).
   The message never needs its own conversion or addition: a block is four
   80-bit numbers built by integer code, A_{k+1} = U_{k+1} (3 2^62 + word
   k+1), so t = s_k + A rounds s_k, c = t - A, and u = t - 3 2^62 U_{k+1} is
   the carry with the word already in; word 0 is W0 = 2^32 + w0 (always
   normalized), added into slot 0, its 2^32 taken back as -1 in A1. 49 x87
   arithmetic ops per block. The first chunk is loaded as h directly; the
   last multiplication uses a constant block with no message.

   Schedule. Measured on one CPU only: Intel Xeon Sapphire Rapids (Golden
   Cove) under KVM; 1 rdtsc tick there is about 1.5 core cycles (a chain of
   dependent adds runs at 0.67 ticks each). There the x87 adder and
   multiplier share an issue port (8 fadd + 8 fmul take as long as 16 of
   one), so a block costs its 49 ops, about 45 cycles, while the chain from
   h to the next h is about 25 cycles. The only dependency between blocks is
   h, so an out-of-order core keeps two blocks in flight by itself; the
   integer code builds each block one block ahead, into the other of two
   buffers, so its stores are done before the 80-bit loads read them (a
   partial store forward stalls). Two blocks at once with r^2 would not help
   here (no fewer ops) and r^2 mod p has full 32-bit words, which would
   take the products past 2^64. Successive products go to different slot
   sums, h0 (the last piece ready) last; on an in-order Pentium each
   fmul/faddp pair would still wait for its multiply: not scheduled for the
   P5 and not measured there. "fldl r; fmul %st(i)" beats "fld %st(i);
   fmull r" by 15% here, and the loop has no fild (2 cycles each here).

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

   rdtsc ticks per call on the Xeon Sapphire Rapids (KVM, shared with other
   jobs): speed's median of 101 calls, the lowest of 9 runs alternating with
   poly1305aes_53 built for x86 (static, gcc 12, x87 at 53 bits):
       bytes      0     16     64    256   1024   8192
       ppro     165    214    325    705   2178  15938   1.95 ticks/byte
       53       338    442    841   2326   8328  64316
   code 4.6 KiB, table and constants 2240 bytes, frame 304 bytes (+ < 2 KiB
   of stack to place it). */

#include "symbol.h"

/* ---- frame (offsets from %esp once it is placed; see the prologue) ---- */
#define X       0       /* AES state, 16 bytes */
#define K       16      /* AES round key, 16 bytes */
#define S       32      /* s = AES_k(n) */
#define RJ(j)   (48 + 8 * (j))          /* r_j 2^(32j), doubles, j = 0..3 */
#define RW(j)   (80 + 8 * ((j) - 1))    /* 5 r_j 2^(32j-130), doubles, j = 1..3 */
#define BUF0    112     /* two blocks, built alternately: */
#define BUF1    176     /* W0, A1, A2, A3 (80-bit) at +0, +16, +32, +48 */
#define L       240     /* 4 x int64: the pieces of h at the end; r words at set-up */
#define PAD     272     /* a last partial chunk, padded */
#define CW      288     /* caller's x87 control word; ours at CW+2 */
#define SAVED   292     /* %esp after the four pushes: arguments at +20.. */
#define SWAP    296     /* address of BUF0 xor address of BUF1 */
#define FRAME   304

#define W0      0
#define A1      16
#define A2      32
#define A3      48

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
	.long 0, 0x80000000             /* W0 = 2^32 */
	.word 0x401f, 0, 0, 0
	.long 0xffffffff, 0xbfffffff    /* A1 = 2^32 (3 2^62 - 1) */
	.word 0x405e, 0, 0, 0
	.long 0, 0xc0000000             /* A2 = 2^64 (3 2^62) */
	.word 0x407e, 0, 0, 0
	.long 0, 0xc0000000             /* A3 = 2^96 (3 2^62) */
	.word 0x409e, 0, 0, 0
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
.macro look byte, off, acc, idx
	movzbl X+\byte(%esp), \idx
	xorl \off(%ebp,\idx,8), \acc
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
	xorl %eax, %ebx
	xorl %eax, %ecx
	xorl %eax, %edx
	xorl %eax, %esi
	movl %ebx, K+0(%esp)
	movl %ecx, K+4(%esp)
	movl %edx, K+8(%esp)
	movl %esi, K+12(%esp)
.endm

/* a full round: the accumulators start as the round key */
.macro round rcon
	expand \rcon
	look 0, 0, %ebx, %eax
	look 4, 0, %ecx, %edi
	look 8, 0, %edx, %eax
	look 12, 0, %esi, %edi
	look 5, 3, %ebx, %eax
	look 9, 3, %ecx, %edi
	look 13, 3, %edx, %eax
	look 1, 3, %esi, %edi
	look 10, 2, %ebx, %eax
	look 14, 2, %ecx, %edi
	look 2, 2, %edx, %eax
	look 6, 2, %esi, %edi
	look 15, 1, %ebx, %eax
	look 3, 1, %ecx, %edi
	look 7, 1, %edx, %eax
	look 11, 1, %esi, %edi
	movl %ebx, X+0(%esp)
	movl %ecx, X+4(%esp)
	movl %edx, X+8(%esp)
	movl %esi, X+12(%esp)
.endm

/* the last round, no MixColumns: s in %ebx %ecx %edx %esi */
.macro lastround rcon
	expand \rcon
	sbox 0, 0, %ebx, %eax
	sbox 4, 0, %ecx, %edi
	sbox 8, 0, %edx, %eax
	sbox 12, 0, %esi, %edi
	sbox 5, 1, %ebx, %eax
	sbox 9, 1, %ecx, %edi
	sbox 13, 1, %edx, %eax
	sbox 1, 1, %esi, %edi
	sbox 10, 2, %ebx, %eax
	sbox 14, 2, %ecx, %edi
	sbox 2, 2, %edx, %eax
	sbox 6, 2, %esi, %edi
	sbox 15, 3, %ebx, %eax
	sbox 3, 3, %ecx, %edi
	sbox 7, 3, %edx, %eax
	sbox 11, 3, %esi, %edi
.endm

/* ---- Poly1305 blocks ----
   A block is four 80-bit numbers: W0 = 2^32 + w0 (normalized whatever w0
   is), A1 = 2^32 (3 2^62 + w1 - 1) (the -1 takes back the 2^32 of W0),
   A2 = 2^64 (3 2^62 + w2), A3 = 2^96 (3 2^62 + w3 + pad), pad = 2^32 for a
   full chunk; the 3 2^62 parts are alpha0..alpha2. */
.macro words m0, m1, m2, m3
	movl \m0, %eax
	movl %eax, %ecx
	shll $31, %eax
	shrl $1, %ecx
	orl $0x80000000, %ecx
	movl %eax, W0(%edx)
	movl %ecx, W0+4(%edx)
	movl \m1, %eax
	subl $1, %eax
	movl $0xc0000000, %ecx
	sbbl $0, %ecx
	movl %eax, A1(%edx)
	movl %ecx, A1+4(%edx)
	movl \m2, %eax
	movl \m3, %ecx
	movl %eax, A2(%edx)
	movl %ecx, A3(%edx)
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
	movl $0xc0000000, A3+4(%edx)
	xorl %edi, %edi
	jmp 9f
8:	leal C(zero), %edx
9:
.endm

	.text
	.balign 16
	.globl SYMBOL(authenticate)
	.type SYMBOL(authenticate), @function
SYMBOL(authenticate):
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
	/* x87: 64-bit precision, round to nearest, exceptions masked */
	fnstcw CW(%esp)
	movw $0x037f, CW+2(%esp)
	fldcw CW+2(%esp)

	/* r, clamped, as the doubles the products multiply by */
	movl KR(%esi), %eax
	movl 16(%eax), %ecx
	andl $0x0fffffff, %ecx
	movl %ecx, L+0(%esp)
	movl 20(%eax), %ecx
	andl $0x0ffffffc, %ecx
	movl %ecx, L+4(%esp)
	movl 24(%eax), %ecx
	andl $0x0ffffffc, %ecx
	movl %ecx, L+8(%esp)
	movl 28(%eax), %ecx
	andl $0x0ffffffc, %ecx
	movl %ecx, L+12(%esp)
	fildl L+0(%esp)
	fstpl RJ(0)(%esp)
	fildl L+4(%esp)
	fld %st(0)
	fmull C(two32)
	fstpl RJ(1)(%esp)
	fmull C(five98)
	fstpl RW(1)(%esp)
	fildl L+8(%esp)
	fld %st(0)
	fmull C(two64)
	fstpl RJ(2)(%esp)
	fmull C(five66)
	fstpl RW(2)(%esp)
	fildl L+12(%esp)
	fld %st(0)
	fmull C(two96)
	fstpl RJ(3)(%esp)
	fmull C(five34)
	fstpl RW(3)(%esp)

	/* the constant parts of the two buffers */
	movw $0x401f, BUF0+W0+8(%esp)
	movw $0x405e, BUF0+A1+8(%esp)
	movl $0xc0000000, BUF0+A2+4(%esp)
	movw $0x407e, BUF0+A2+8(%esp)
	movl $0xc0000001, BUF0+A3+4(%esp)
	movw $0x409e, BUF0+A3+8(%esp)
	movw $0x401f, BUF1+W0+8(%esp)
	movw $0x405e, BUF1+A1+8(%esp)
	movl $0xc0000000, BUF1+A2+4(%esp)
	movw $0x407e, BUF1+A2+8(%esp)
	movl $0xc0000001, BUF1+A3+4(%esp)
	movw $0x409e, BUF1+A3+8(%esp)
	leal BUF0(%esp), %eax
	leal BUF1(%esp), %ebx
	xorl %ebx, %eax
	movl %eax, SWAP(%esp)           /* %ebx = BUF1: the first block goes to BUF0 */

	movl MSG(%esi), %esi
	chunk
	movl %edx, %ebx
	fldt W0(%ebx)                   /* h0 */
	fldt A2(%ebx)
	fsubl C(alpha1)                 /* h2 h0 */
	fldt A3(%ebx)
	fsubl C(alpha2)                 /* h3 h2 h0 */
	fldt A1(%ebx)
	fsubl C(alpha0)                 /* h1 h3 h2 h0 */
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
	fldl RW(1)(%esp)
	fmul %st(2), %st                /* a0 a3 h3 h0 h2 h1 */
	fldt W0(%ebx)
	faddp %st, %st(1)               /* a0 += 2^32 + word 0 */
	fldl RW(2)(%esp)
	fmul %st(3), %st                /* a1 a0 a3 h3 h0 h2 h1 */
	fxch %st(3)
	fmull RW(3)(%esp)               /* a2 a0 a3 a1 h0 h2 h1 */
	fldl RJ(1)(%esp)
	fmul %st(6), %st
	faddp %st, %st(3)               /* a3 += h2 r1 */
	fldl RW(2)(%esp)
	fmul %st(6), %st
	faddp %st, %st(2)               /* a0 */
	fldl RW(3)(%esp)
	fmul %st(6), %st
	faddp %st, %st(4)               /* a1 */
	fxch %st(5)
	fmull RJ(0)(%esp)
	faddp %st, %st(5)               /* a2; a0 a3 a1 h0 a2 h1 */
	fldl RJ(2)(%esp)
	fmul %st(6), %st
	faddp %st, %st(2)               /* a3 += h1 r2 */
	fldl RW(3)(%esp)
	fmul %st(6), %st
	faddp %st, %st(1)               /* a0 */
	fldl RJ(1)(%esp)
	fmul %st(6), %st
	faddp %st, %st(5)               /* a2 */
	fxch %st(5)
	fmull RJ(0)(%esp)
	faddp %st, %st(2)               /* a1; a3 a1 h0 a2 a0 */
	fldl RJ(3)(%esp)
	fmul %st(3), %st
	faddp %st, %st(1)               /* s3 */
	fldl RJ(1)(%esp)
	fmul %st(3), %st
	faddp %st, %st(2)               /* s1 */
	fldl RJ(2)(%esp)
	fmul %st(3), %st
	faddp %st, %st(4)               /* s2 */
	fxch %st(2)
	fmull RJ(0)(%esp)
	faddp %st, %st(4)               /* s0; s1 s3 s2 s0 */

	/* carries. Slots 0..2: t = s_k + A_{k+1} rounds s_k at 2^(32k+32); c = t
	   - A is the rounded part, u = t - alpha_k = c + (word k+1) 2^(32k+32)
	   goes up a slot, s_k - c (|.| <= 2^(32k+31)) stays. Slot 3 rounds at
	   2^130; its rounded part comes back to slot 0 times 5 2^-130. The
	   carries into slots 1 and 3 join them before they are rounded (these
	   pieces are then at most half a rounding step); the chain from h0 to
	   h0 is still shorter than the block's 49 ops. */
	fldt A1(%ebx)
	fld %st(4)
	fadd %st(1), %st                /* t a s1 s3 s2 s0 */
	fsub %st, %st(1)                /* t c s1 s3 s2 s0 */
	fsubl C(alpha0)                 /* u1 c s1 s3 s2 s0 */
	faddp %st, %st(2)               /* c s1 s3 s2 s0, s1 += u1 */
	fsubrp %st, %st(4)              /* s1 s3 s2 r0 */

	fldt A2(%ebx)
	fld %st(1)
	fadd %st(1), %st
	fsub %st, %st(1)                /* t c s1 s3 s2 r0 */
	fsubl C(alpha1)                 /* u2 c s1 s3 s2 r0 */
	fxch %st(1)
	fsubrp %st, %st(2)              /* u2 h1 s3 s2 r0 */

	fldt A3(%ebx)
	fld %st(4)
	fadd %st(1), %st
	fsub %st, %st(1)                /* t c u2 h1 s3 s2 r0 */
	fsubl C(alpha2)                 /* u3 c u2 h1 s3 s2 r0 */
	faddp %st, %st(4)               /* c u2 h1 s3 s2 r0, s3 += u3 */
	fsubrp %st, %st(4)              /* u2 h1 s3 r2 r0 */
	faddp %st, %st(3)               /* h1 s3 h2 r0 */

	fldl C(alpha3)
	fadd %st(2), %st
	fsubl C(alpha3)                 /* c3 h1 s3 h2 r0 */
	fsubr %st, %st(2)               /* c3 h1 h3 h2 r0 */
	fmull C(wrap)
	faddp %st, %st(4)               /* h1 h3 h2 h0 */

	leal C(zero), %eax
	cmpl %eax, %ebx
	movl %edx, %ebx
	jne .Lloop

	/* h = sum of the pieces, |piece k| <= 2^(32k+33) (bounds.py): to int64 words */
	fmull C(inv32)
	fistpll L+8(%esp)
	fmull C(inv96)
	fistpll L+24(%esp)
	fmull C(inv64)
	fistpll L+16(%esp)
	fistpll L+0(%esp)
	fldcw CW(%esp)                  /* the caller's control word back; the x87 stack is empty */

.Laes:
	/* AES: K = k, X = n xor k */
	movl SAVED(%esp), %eax
	movl KR(%eax), %esi
	movl NONCE(%eax), %edi
	movl 0(%esi), %eax
	movl 4(%esi), %ebx
	movl 8(%esi), %ecx
	movl 12(%esi), %edx
	movl %eax, K+0(%esp)
	movl %ebx, K+4(%esp)
	movl %ecx, K+8(%esp)
	movl %edx, K+12(%esp)
	xorl 0(%edi), %eax
	xorl 4(%edi), %ebx
	xorl 8(%edi), %ecx
	xorl 12(%edi), %edx
	movl %eax, X+0(%esp)
	movl %ebx, X+4(%esp)
	movl %ecx, X+8(%esp)
	movl %edx, X+12(%esp)
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
	movl %ebx, S+0(%esp)
	movl %ecx, S+4(%esp)
	movl %edx, S+8(%esp)
	movl %esi, S+12(%esp)

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
	/* g = h + 5 - 2^130 = h - p; keep it when it is not negative */
	movl %eax, %edi
	addl $5, %edi
	movl %edi, L+0(%esp)
	movl %edx, %edi
	adcl $0, %edi
	movl %edi, L+4(%esp)
	movl %ecx, %edi
	adcl $0, %edi
	movl %edi, L+8(%esp)
	movl %ebx, %edi
	adcl $0, %edi
	movl %edi, L+12(%esp)
	adcl $0, %esi
	shrl $2, %esi
	negl %esi                       /* all ones when h >= p */
	movl L+0(%esp), %edi
	xorl %eax, %edi
	andl %esi, %edi
	xorl %edi, %eax
	movl L+4(%esp), %edi
	xorl %edx, %edi
	andl %esi, %edi
	xorl %edi, %edx
	movl L+8(%esp), %edi
	xorl %ecx, %edi
	andl %esi, %edi
	xorl %edi, %ecx
	movl L+12(%esp), %edi
	xorl %ebx, %edi
	andl %esi, %edi
	xorl %edi, %ebx
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
	movl %esi, %esp
	popl %edi
	popl %esi
	popl %ebx
	popl %ebp
	ret

	/* empty message: h = 0, the tag is s */
.Lempty:
	movl OUT(%esi), %edi
	movl S+0(%esp), %eax
	movl S+4(%esp), %ebx
	movl S+8(%esp), %ecx
	movl S+12(%esp), %edx
	movl %eax, 0(%edi)
	movl %ebx, 4(%edi)
	movl %ecx, 8(%edi)
	movl %edx, 12(%edi)
	movl %esi, %esp
	popl %edi
	popl %esi
	popl %ebx
	popl %ebp
	ret
	.size SYMBOL(authenticate), . - SYMBOL(authenticate)

#if defined(POLY1305AES_PIC)
pc:
	movl (%esp), %ebp
	ret
#endif

	.section .note.GNU-stack, "", @progbits
