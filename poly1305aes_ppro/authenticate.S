/* SPDX-License-Identifier: CC0-1.0 */
/* poly1305aes_ppro: 32-bit x86, i386 System V cdecl, GNU as; x87 at 64-bit
   precision, round to nearest (0x037f set here, the caller's word restored);
   h in four radix-2^32 pieces; exact because every x87 result is an integer
   number of its slot's units below 2^64 (bounds.py: |slot sums| < 2^63.51,
   from any state the core's calls leave).

   The core (common/core.h): start, blocks, finish and aes on an 88-byte
   state, h as four int64 pieces (|h_k| < 2^33.41, bounds.py), then r's
   doubles. blocks normalizes h in integer code (the same value mod p, each
   piece as small as a block's), sets the x87 mode and restores the
   caller's, and runs the one block loop (core_blocks); authenticate and
   onetime (onetimeauth's fused code: the key r || s, no AES) are one macro
   (one_shot) calling the same routines in one frame, the mode set once,
   entering the loop at core_blocks_fresh (h = 0: the first block loaded as h).

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

   Schedule: a block is 51 ops in a chain from h to h 9 ops deep, x87
   arithmetic at most one op a cycle; the integer code builds each block one
   block ahead, into the other of two buffers (its 8-byte loads read a store
   of 4 bytes and a constant half: no forwarding, so the stores must be done
   first). The measurements that chose it, and the ones it beat:
   doc/results/x86.md, "Figures from the source headers".

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

   Speed beside poly1305aes_53: doc/results/x86.md.
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
#define L       240     /* authenticate's h: 4 x int64, as the core state holds it */
#define PAD     272     /* a last partial chunk, padded */
#define CW      288     /* caller's x87 control word; ours at CW+2 */
#define SAVED   292     /* %esp after the four pushes: arguments at +20.. */
#define SWAP    296     /* address of BUF0 xor address of BUF1 */
#define ENV     304     /* the caller's x87 environment, when it enabled an exception (28 bytes) */
#define HP      332     /* core_blocks and core_finish: the address of h (4 x int64) */
#define SP_     112     /* core_finish: the address of s (BUF0, free then) */
#define OUTP    116     /* core_finish: the address of the tag */
#define FRAME   336

/* Inside the core routines (called, so the caller's frame starts at 4(%esp))
   frame offsets are written F(x). */
#define F(x)    ((x) + 4)

/* The core state (common/core.h: 16-byte aligned, STATE_BYTES bytes):
   h as four int64 h_k, h = sum h_k 2^(32k), |h_k| < 2^34 (bounds.py), then
   r's doubles in the frame's order (RJ, RW): a frame and a state hold r at
   the same offsets from a base, frame + RJ(0) - ST_RJ(0). */
#define ST_H(k)  (8 * (k))
#define ST_RJ(j) (32 + 8 * (j))
#define STATE_BYTES 88
#if STATE_BYTES != POLY1305AES_CORE_STATE_BYTES
#error "STATE_BYTES differs from the cflags' POLY1305AES_CORE_STATE_BYTES"
#endif
#define RBASE   (RJ(0) - ST_RJ(0))      /* the frame's base for core_start */

#define X0      0
#define X1      8
#define X2      16
#define X3      24

#define OUT     20
#define KR      24
#define NONCE   28
#define MSG     32
#define LEN     36
#define ARG(i)  (20 + 4 * (i))          /* the core entry points' arguments */

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
	movzbl F(X)+\byte(%esp), \idx
	xorl ((4 - \row) & 3)(%ebp,\idx,8), \acc
.endm

/* S[state byte] placed at byte position pos of acc */
.macro sbox byte, pos, acc, idx
	movzbl F(X)+\byte(%esp), \idx
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

/* %ebx %ecx %edx %esi (the round key, state or s) to the 16 bytes at at(%esp) (at: F(...)) */
.macro put at
	movl %ebx, \at+0(%esp)
	movl %ecx, \at+4(%esp)
	movl %edx, \at+8(%esp)
	movl %esi, \at+12(%esp)
.endm

/* next round key into %ebx %ecx %edx %esi and K: with g = SubWord(RotWord(k3))
   ^ rcon, word i becomes k0 ^ .. ^ ki ^ g, so one xor follows the lookups */
.macro expand rcon
	movzbl F(K)+13(%esp), %esi
	movzbl F(K)+14(%esp), %edi
	movzbl 1(%ebp,%esi,8), %eax        /* S[k3 byte 1] at byte 0 */
	movl 0(%ebp,%edi,8), %ebx
	andl $0xff00, %ebx                 /* S[k3 byte 2] at byte 1 */
	movzbl F(K)+15(%esp), %esi
	movzbl F(K)+12(%esp), %edi
	movl 0(%ebp,%esi,8), %ecx
	andl $0xff0000, %ecx               /* S[k3 byte 3] at byte 2 */
	movl 2(%ebp,%edi,8), %edx
	andl $0xff000000, %edx             /* S[k3 byte 0] at byte 3 */
	xorl %ebx, %eax
	xorl %edx, %ecx
	xorl %ecx, %eax                    /* g without rcon */
	movl F(K)+0(%esp), %ebx
	xorl $\rcon, %ebx
	movl F(K)+4(%esp), %ecx
	xorl %ebx, %ecx
	movl F(K)+8(%esp), %edx
	xorl %ecx, %edx
	movl F(K)+12(%esp), %esi
	xorl %edx, %esi
	.irp w, ebx, ecx, edx, esi
	xorl %eax, %\w
	.endr
	put F(K)
.endm

/* a full round: the accumulators start as the round key */
.macro round rcon
	expand \rcon
	shiftrows look
	put F(X)
.endm

/* the last round, no MixColumns: s in %ebx %ecx %edx %esi */
.macro lastround rcon
	expand \rcon
	shiftrows sbox
.endm

/* r_j 2^(32j) and 5 r_j 2^(32j-130) from the clamped word j in %ecx, to
   ST_RJ(j) and ST_RW(j) from the base %edx (through word j at the base) */
.macro rword j, scale, wrap
	movl %ecx, 4 * \j(%edx)
	fildl 4 * \j(%edx)
	fld %st(0)
	fmull C(\scale)
	fstpl ST_RJ(\j)(%edx)
	fmull C(\wrap)
	fstpl ST_RJ(3 + \j)(%edx)
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

/* the products: st(dst) += st(src) times the coefficient at frame offset c */
.macro mac c, src, dst
	fldl F(\c)(%esp)
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
	xorl F(SWAP)(%esp), %edx
	words 0(%esi), 4(%esi), 8(%esi), 12(%esi)
	addl $16, %esi
	subl $16, %edi
	jmp 9f
1:	testl %edi, %edi
	jz 8f
	/* n = %edi bytes, 1..15, then the pad byte 1, then zeros; PAD is
	   written in whole words, so the word loads below forward */
	xorl %eax, %eax
	movl %eax, F(PAD)+0(%esp)
	movl %eax, F(PAD)+4(%esp)
	movl %eax, F(PAD)+8(%esp)
	movl %eax, F(PAD)+12(%esp)
	movl %edi, %ecx
	andl $-4, %ecx                  /* bytes in whole words */
	jz 3f
2:	movl -4(%esi,%ecx), %eax
	movl %eax, F(PAD)-4(%esp,%ecx)
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
5:	movl %eax, F(PAD)(%esp,%ecx)
	movl %ebx, %edx
	xorl F(SWAP)(%esp), %edx
	words F(PAD)+0(%esp), F(PAD)+4(%esp), F(PAD)+8(%esp), F(PAD)+12(%esp)
	movl $0, X3+4(%edx)
	xorl %edi, %edi
	jmp 9f
8:	leal C(zero), %edx
9:
.endm

/* zero the frame's secrets before returning: the AES state, round key and s,
   r's doubles, and L (authenticate's h, r's words at set-up) */
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

/* the entry points' prologue: the callee-saved registers pushed, %ebp the
   table (PIC: through the GOT), a FRAME-byte frame placed at %esp, the
   entry %esp (after the pushes) in SAVED and in %eax. With place = 1 the
   frame is placed so that, modulo 4096, it lies in the window [W, W +
   WINDOW) with W = (table + TABLESPAN) mod 4096: the frame and the table
   never share a cache set (and never 4K-alias); for AES's lookups. E =
   (%esp - FRAME) rounded down to 16, d = (E - W) mod 4096; the frame starts
   at E if d <= WINDOW - FRAME, else at E - (d - (WINDOW - FRAME)). */
.macro prologue place
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
	movl %esp, %eax
	leal -FRAME(%esp), %ecx
	andl $-16, %ecx
.if \place
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
.endif
	movl %ecx, %esp
	movl %eax, SAVED(%esp)
.endm

.macro epilogue
	movl SAVED(%esp), %esp
	popl %edi
	popl %esi
	popl %ebx
	popl %ebp
	ret
.endm

/* x87: 64-bit precision, round to nearest, exceptions masked; when the
   caller enabled an exception, its whole environment is kept, to come back
   with no flag raised here (the inexact of the roundings) pending */
.macro fpenter
	fnstcw CW(%esp)
	movzwl CW(%esp), %eax
	notl %eax
	testl $0x3f, %eax
	jz 1f
	fnstenv ENV(%esp)
1:	movw $0x037f, CW+2(%esp)
	fldcw CW+2(%esp)
.endm

/* the caller's control word back (the x87 stack is empty), and when it
   enabled an exception its status flags, exactly */
.macro fpleave
	movzwl CW(%esp), %eax
	notl %eax
	testl $0x3f, %eax
	jz 1f
	fldenv ENV(%esp)
	jmp 2f
1:	fldcw CW(%esp)
2:
.endm

/* the constant halves of the two block buffers (pad: the pad bit, 1 or 0,
   an immediate or a register), SWAP, and %ebx = BUF1: the first block goes
   to BUF0 */
.macro buffers pad
	xorl %eax, %eax
	movl %eax, BUF0+X0+4(%esp)
	movl %eax, BUF0+X1(%esp)
	movl %eax, BUF0+X2+4(%esp)
	movl \pad, BUF0+X3+4(%esp)
	movl %eax, BUF1+X0+4(%esp)
	movl %eax, BUF1+X1(%esp)
	movl %eax, BUF1+X2+4(%esp)
	movl \pad, BUF1+X3+4(%esp)
	leal BUF0(%esp), %eax
	leal BUF1(%esp), %ebx
	xorl %ebx, %eax
	movl %eax, SWAP(%esp)
.endm

	.text

/* ---- the core routines: called by the entry points, the caller's frame at F(0)(%esp) ----
   (local symbols, named in the namespace so that tools attribute their
   instructions: valgrind's constant-time check, the trace check) */
#define core_start CRYPTO_NAMESPACE(core_start)
#define core_blocks CRYPTO_NAMESPACE(core_blocks)
#define core_blocks_fresh CRYPTO_NAMESPACE(core_blocks_fresh)
#define core_aes CRYPTO_NAMESPACE(core_aes)
#define core_finish CRYPTO_NAMESPACE(core_finish)

/* core_start: r (at %esi), clamped, as the doubles the products multiply
   by: r_j 2^(32j) at ST_RJ(j) and 5 r_j 2^(32j-130) at ST_RJ(3 + j) from
   the base %edx (a state, or the frame's RBASE); its words 0..3 are
   scratch. x87 in the mode fpenter sets. Clobbers %ecx. */
	.balign 16
	.type core_start, @function
core_start:
	movl 0(%esi), %ecx
	andl $0x0fffffff, %ecx
	movl %ecx, 0(%edx)
	fildl 0(%edx)
	fstpl ST_RJ(0)(%edx)
	movl 4(%esi), %ecx
	andl $0x0ffffffc, %ecx
	rword 1, two32, five98
	movl 8(%esi), %ecx
	andl $0x0ffffffc, %ecx
	rword 2, two64, five66
	movl 12(%esi), %ecx
	andl $0x0ffffffc, %ecx
	rword 3, two96, five34
	ret
	.size core_start, . - core_start

/* core_blocks: h = (h + block) r for the %edi bytes at %esi (> 0; whole
   blocks, and for authenticate a last partial chunk, padded here), h the
   four int64 at F(HP)(%esp), r at F(RJ(0)), F(RW(1)).. of the caller's
   frame, whose buffers (see buffers) hold the pad bit; x87 in the mode
   fpenter sets, its stack empty. Entered at core_blocks_fresh, h is taken
   as 0 (authenticate: the first block is loaded as h). Clobbers every
   register but %ebp (the table). */
	.balign 16
	.type core_blocks, @function
core_blocks:
	/* h in the state (|h_k| < 2^35) in place, the same value mod p, as
	   small as a block's pieces: h_0..h_2 in [-2^31, 2^31) (h_0 then gets
	   5q, |q| <= 3), h_3 in [-2^33, 2^33) (bounds.py, "normalized") */
	pushl %edi
	movl F(HP)+4(%esp), %edi
	.irp k, 0, 1, 2
	movl 8 * \k(%edi), %eax
	movl 8 * \k + 4(%edi), %edx
	movl %eax, %ecx
	shrl $31, %ecx
	addl %ecx, %edx                 /* the carry: the high word + [low word < 0 as signed] */
	sarl $31, %eax
	movl %eax, 8 * \k + 4(%edi)     /* h_k = its low word, signed */
	movl %edx, %ecx
	sarl $31, %ecx
	addl %edx, 8 * \k + 8(%edi)
	adcl %ecx, 8 * \k + 12(%edi)    /* h_(k+1) += the carry */
	.endr
	movl 28(%edi), %ecx
	addl $2, %ecx
	sarl $2, %ecx                   /* q = h_3 / 2^34 rounded: 2^130 = 2^34 units of h_3 */
	leal (,%ecx,4), %eax
	subl %eax, 28(%edi)             /* h_3 -= q 2^34 */
	leal (%ecx,%ecx,4), %eax
	movl %eax, %edx
	sarl $31, %edx
	addl %eax, 0(%edi)
	adcl %edx, 4(%edi)              /* h_0 += 5 q (2^130 = 5 mod p) */
	popl %edi
	chunk
	movl %edx, %ebx
	movl F(HP)(%esp), %eax
	/* h + the first block, exact: every piece an integer below 2^35 units */
	fildll ST_H(0)(%eax)
	fildll X0(%ebx)
	faddp %st, %st(1)               /* h0 */
	fildll ST_H(2)(%eax)
	fildll X2(%ebx)
	faddp %st, %st(1)
	fmull C(two64)                  /* h2 h0 */
	fildll ST_H(3)(%eax)
	fildll X3(%ebx)
	faddp %st, %st(1)
	fmull C(two96)                  /* h3 h2 h0 */
	fildll ST_H(1)(%eax)
	fmull C(two32)
	fildll X1(%ebx)
	faddp %st, %st(1)               /* h1 h3 h2 h0 */
	jmp .Lloaded
core_blocks_fresh:
	chunk
	movl %edx, %ebx
	fildll X0(%ebx)                 /* h0 */
	fildll X2(%ebx)
	fmull C(two64)                  /* h2 h0 */
	fildll X3(%ebx)
	fmull C(two96)                  /* h3 h2 h0 */
	fildll X1(%ebx)                 /* h1 h3 h2 h0 */
.Lloaded:
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
	fldl F(RJ(0))(%esp)
	fmul %st(1), %st                /* a3 h3 h0 h2 h1 */
	fildll X3(%ebx)
	fmull C(two96)
	faddp %st, %st(1)               /* a3 += (w3 + pad) 2^96 */
	fldl F(RW(1))(%esp)
	fmul %st(2), %st                /* a0 a3 h3 h0 h2 h1 */
	fildll X0(%ebx)
	faddp %st, %st(1)               /* a0 += w0 */
	fldl F(RW(2))(%esp)
	fmul %st(3), %st                /* a1 a0 a3 h3 h0 h2 h1 */
	fxch %st(3)
	fmull F(RW(3))(%esp)            /* a2 a0 a3 a1 h0 h2 h1 */
	mac RJ(1), 6, 3                 /* a3 += h2 r1 */
	mac RW(2), 6, 2                 /* a0 */
	mac RW(3), 6, 4                 /* a1 */
	fxch %st(5)
	fmull F(RJ(0))(%esp)
	faddp %st, %st(5)               /* a2; a0 a3 a1 h0 a2 h1 */
	mac RJ(2), 6, 2                 /* a3 += h1 r2 */
	mac RW(3), 6, 1                 /* a0 */
	mac RJ(1), 6, 5                 /* a2 */
	fxch %st(5)
	fmull F(RJ(0))(%esp)
	faddp %st, %st(2)               /* a1; a3 a1 h0 a2 a0 */
	mac RJ(3), 3, 1                 /* s3 */
	mac RJ(1), 3, 2                 /* s1 */
	mac RJ(2), 3, 4                 /* s2 */
	fxch %st(2)
	fmull F(RJ(0))(%esp)
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
	movl F(HP)(%esp), %eax
	fmull C(inv32)
	fistpll ST_H(1)(%eax)
	fmull C(inv96)
	fistpll ST_H(3)(%eax)
	fmull C(inv64)
	fistpll ST_H(2)(%eax)
	fistpll ST_H(0)(%eax)
	ret
	.size core_blocks, . - core_blocks

/* core_aes: s = AES_k(in) to F(S)(%esp), k at %esi, in at %edi; K, X of
   the caller's frame hold the key and state; %ebp the table */
	.balign 16
	.type core_aes, @function
core_aes:
	/* K = k, X = in xor k */
	.irp o, 0, 4, 8, 12
	movl \o(%esi), %eax
	movl %eax, F(K)+\o(%esp)
	xorl \o(%edi), %eax
	movl %eax, F(X)+\o(%esp)
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
	put F(S)
	ret
	.size core_aes, . - core_aes

/* core_finish: the tag (h mod p + s) mod 2^128 to the 16 bytes at
   F(OUTP)(%esp), h the four int64 at F(HP)(%esp), s at F(SP_)(%esp) */
	.balign 16
	.type core_finish, @function
core_finish:
	/* h + 8p = h + 2^133 - 40 > 0, as 32-bit words %eax %edx %ecx %ebx, top %esi */
	movl F(HP)(%esp), %edi
	movl 0(%edi), %eax
	movl 4(%edi), %edx
	subl $40, %eax
	sbbl $0, %edx
	movl %edx, %ecx
	sarl $31, %ecx
	addl 8(%edi), %edx
	adcl 12(%edi), %ecx
	movl %ecx, %ebx
	sarl $31, %ebx
	addl 16(%edi), %ecx
	adcl 20(%edi), %ebx
	movl %ebx, %esi
	sarl $31, %esi
	addl 24(%edi), %ebx
	adcl 28(%edi), %esi
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
	/* the tag: h mod p + s */
	movl F(SP_)(%esp), %esi
	addl 0(%esi), %eax
	adcl 4(%esi), %edx
	adcl 8(%esi), %ecx
	adcl 12(%esi), %ebx
	movl F(OUTP)(%esp), %edi
	movl %eax, 0(%edi)
	movl %edx, 4(%edi)
	movl %ecx, 8(%edi)
	movl %ebx, 12(%edi)
	ret
	.size core_finish, . - core_finish

/* ---- the entry points ---- */

/* the one-shot tag, authenticate(out, kr, n, m, l) and onetime(out, key, m,
   l) (onetimeauth's fused code: the one-time key r || s, no AES): the core
   routines composed in one frame (the state: h in L, r in RJ, RW), the FPU
   mode set once. \onetime: 1 for onetime (r at key, s at key + 16; the frame
   needs no placement: no table lookups), 0 for authenticate (r at kr + 16,
   s = AES_k(n)); \msg, \len: the argument numbers of m and l. */
.macro one_shot onetime, msg, len
	prologue 1-\onetime
	movl ARG(\len)(%eax), %edi
	testl %edi, %edi
	jz 6f

	/* Poly1305 first: on short messages the integer AES below overlaps
	   this chain of x87 operations */
	fpenter
	leal L(%esp), %ecx
	movl %ecx, HP(%esp)
	movl SAVED(%esp), %eax
	movl KR(%eax), %esi
.if !\onetime
	addl $16, %esi
.endif
	leal RBASE(%esp), %edx
	call core_start
	buffers $1
	movl SAVED(%esp), %eax
	movl ARG(\msg)(%eax), %esi
	movl ARG(\len)(%eax), %edi
	call core_blocks_fresh
	fpleave
	movl SAVED(%esp), %eax
	take_s \onetime
	leal S(%esp), %eax
	movl %eax, SP_(%esp)
	movl SAVED(%esp), %eax
	movl OUT(%eax), %eax
	movl %eax, OUTP(%esp)
	call core_finish
	jmp 7f
6:	/* h = 0: the tag is s */
	take_s \onetime
	movl SAVED(%esp), %eax
	movl OUT(%eax), %edi
	s_to_out
7:
	wipe_frame
	epilogue
.endm

/* s (S) to the 16 bytes at %edi */
.macro s_to_out
	.irp o, 0, 4, 8, 12
	movl S+\o(%esp), %eax
	movl %eax, \o(%edi)
	.endr
.endm

/* s to S: AES_k(n), or (onetime) the key's bytes 16..31; %eax: the entry %esp */
.macro take_s onetime
	movl KR(%eax), %esi
.if \onetime
	.irp o, 0, 4, 8, 12
	movl 16+\o(%esi), %ecx
	movl %ecx, S+\o(%esp)
	.endr
.else
	movl NONCE(%eax), %edi
	call core_aes
.endif
.endm

	.balign 16
	.globl poly1305aes_authenticate
	.type poly1305aes_authenticate, @function
poly1305aes_authenticate:
	one_shot 0, 3, 4
	.size poly1305aes_authenticate, . - poly1305aes_authenticate

#define onetime_entry CRYPTO_NAMESPACE(onetime)
	.balign 16
	.globl onetime_entry
	.type onetime_entry, @function
onetime_entry:
	one_shot 1, 2, 3
	.size onetime_entry, . - onetime_entry

/* the core (common/core.h) on a state of STATE_BYTES bytes */
#define core_aes_entry CRYPTO_NAMESPACE(aes)
#define core_start_entry CRYPTO_NAMESPACE(start)
#define core_blocks_entry CRYPTO_NAMESPACE(blocks)
#define core_finish_entry CRYPTO_NAMESPACE(finish)

/* aes(out, k, in) */
	.balign 16
	.globl core_aes_entry
	.type core_aes_entry, @function
core_aes_entry:
	prologue 1
	movl ARG(1)(%eax), %esi
	movl ARG(2)(%eax), %edi
	call core_aes
	movl SAVED(%esp), %eax
	movl ARG(0)(%eax), %edi
	s_to_out
	wipe_frame
	epilogue
	.size core_aes_entry, . - core_aes_entry

/* start(st, r): h = 0, r's doubles */
	.balign 16
	.globl core_start_entry
	.type core_start_entry, @function
core_start_entry:
	prologue 0
	fpenter
	movl SAVED(%esp), %eax
	movl ARG(1)(%eax), %esi
	movl ARG(0)(%eax), %edx
	call core_start
	xorl %eax, %eax
	.irp o, 0, 4, 8, 12, 16, 20, 24, 28
	movl %eax, ST_H(0)+\o(%edx)
	.endr
	fpleave
	epilogue
	.size core_start_entry, . - core_start_entry

/* blocks(st, m, nblocks, pad): r's doubles copied into the frame (and
   wiped from it after) */
	.balign 16
	.globl core_blocks_entry
	.type core_blocks_entry, @function
core_blocks_entry:
	prologue 0
	movl ARG(2)(%eax), %edi
	testl %edi, %edi
	jz 9f
	fpenter
	movl SAVED(%esp), %eax
	movl ARG(0)(%eax), %esi
	movl %esi, HP(%esp)
	.irp j, 0, 1, 2, 3, 4, 5, 6
	fldl ST_RJ(\j)(%esi)
	fstpl RJ(0) + 8 * \j(%esp)
	.endr
	xorl %ecx, %ecx
	cmpl $0, ARG(3)(%eax)
	setne %cl                       /* the pad bit: 1 or 0 */
	buffers %ecx
	movl SAVED(%esp), %eax
	movl ARG(1)(%eax), %esi
	movl ARG(2)(%eax), %edi
	shll $4, %edi
	call core_blocks
	fpleave
	xorl %eax, %eax
	.set w, RJ(0)
	.rept (RW(3) + 8 - RJ(0)) / 4
	movl %eax, w(%esp)
	.set w, w + 4
	.endr
9:	epilogue
	.size core_blocks_entry, . - core_blocks_entry

/* finish(st, s, tag): the tag, then the state zeroed */
	.balign 16
	.globl core_finish_entry
	.type core_finish_entry, @function
core_finish_entry:
	prologue 0
	movl ARG(0)(%eax), %ecx
	movl %ecx, HP(%esp)
	movl ARG(1)(%eax), %ecx
	movl %ecx, SP_(%esp)
	movl ARG(2)(%eax), %ecx
	movl %ecx, OUTP(%esp)
	call core_finish
	movl HP(%esp), %edi
	xorl %eax, %eax
	.set w, 0
	.rept STATE_BYTES / 4
	movl %eax, w(%edi)
	.set w, w + 4
	.endr
	epilogue
	.size core_finish_entry, . - core_finish_entry

#if defined(POLY1305AES_PIC)
pc:
	movl (%esp), %ebp
	ret
#endif

	.section .note.GNU-stack, "", @progbits
