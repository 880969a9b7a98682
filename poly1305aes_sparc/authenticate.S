/* SPDX-License-Identifier: CC0-1.0 */
/* poly1305aes_sparc: SPARC V9, 64-bit psABI (stack bias 2047), IEEE doubles at radix 2^32 with %fsr = 0 (round to nearest; the caller's %fsr restored) holding H = 2^34 h mod p; exact because |H_0| < 2^36.2, |H_2| < 2^33.5 2^66, |H_k| < 2^32.1 2^(32k+2) (k = 1, 3) and every sum fits 53 bits (bounds.py).

   H = H0 + H1 + H2 + H3, doubles, H_k a multiple of u_k: u_0 = 1,
   u_k = 2^(32k+2). The pieces hold H = 2^34 h (mod p) rather than h so that
   word k of a chunk (weight 2^(32k) in h, 2^(32k+34) in H) falls exactly on
   a slot boundary: 2^34, 2^66, 2^98 and 2^130, the wrap. Clamped word r_j
   (< 2^28; r_1..r_3 multiples of 4) is split at bit 15: hi_j = r_j rounded
   to a multiple of 2^15, lo_j = r_j - hi_j, |lo_j| <= 2^14 (multiples of 4
   for j >= 1). Piece i times the halves of r_j 2^(32j) lands in slot
   k = i + j (A_k from lo, B_k from hi), times 5 2^-130 when i + j >= 4
   (2^130 = 5 mod p): 32 products, 8 exact slot sums; the products of piece
   0 and the wrapped products are multiples of u_k because r_1..r_3 are
   multiples of 4.
   Carries need no separate conversion of the message: word k of the next
   chunk is loaded (little-endian ASI) into the low half of a double P_k
   whose high half is the rounding constant ALPHA_k = 1.5 2^(52 + 32k + 34),
   so s = B_k + P_k and t = s + A_k round slot k to a multiple of
   2^(32k+34) and add the word; P_k - t is minus the rounded part (exact),
   and slot k's piece is (B_k + (P_k - t)) + A_k. t0 is absorbed by A_1
   before slot 1 is rounded (ALPHA_0 goes, with ALPHA_1, in one subtraction
   M1 = t1 - (ALPHA_0 + ALPHA_1)), and t2 by A_3 (ALPHA_2 is a multiple of
   2^130 and rides to the top); M1 joins piece 2 after slot 2 is rounded,
   so slots 0-1 and slots 2-3 are two chains side by side. At slot 3, P_3
   also holds the pad bit (2^34 2^128 = 2^162): t - (ALPHA_3 + ALPHA_2) is
   the carry at 2^130 plus word 3 and the pad, and 5 2^-130 times it joins
   piece 0.
   Per 16-byte block: 4 lda (words), 7 ldd (4 multipliers of r from the
   frame, 3 constants), 33 multiplications, 50 additions and subtractions,
   and 3/16 loop instructions (the loop is unrolled 16 times, the pieces
   alternating between %f8-%f14 and %f16-%f22, entered at block -n mod 16
   through a branch table) = 94.2 instructions. The finish divides by 2^34
   first, h = (H + k p) / 2^34 with k = H / 5 mod 2^34 (by shifts and adds:
   no integer multiply, whose latency may depend on its operands), then
   reduces h mod p.

   Registers: the four P doubles and 10 multipliers stay in registers
   through the loop; the pieces take 8 and 10 are temporaries, all 32 used
   (reloading the 4 multipliers used once a block and the 3 constants buys
   the temporaries that let slots overlap, at 7 loads a block). Of the
   globals %g1 and %g4 are used (volatile in the 64-bit ABI; %g2-%g3 are the
   application's, %g5 volatile (AES's byte mask), %g6-%g7 the system's); %l/%i
   are saved by the register window; %f0-%f62 are caller-saved in the 64-bit
   psABI. %asi is set to 0x88 (little-endian) for the loads and stores with
   an offset and the caller's %asi, kept in %g4, is put back before
   returning; both kernels keep %asi in signal contexts (it is part of
   %tstate), and library code that uses %asi sets it first (glibc's block
   copies leave it changed while they run, too). The shared C files are
   built with -mno-app-regs (targets/sparc64) so verify keeps %g2-%g3.
   No relocations: the 2 KiB AES table, the branch table and the constants
   sit in .text just before the code and are addressed from rd %pc, so the
   same object serves static and shared (PIC) links. Code: about 14 KB, of
   which the unrolled loop is 5.9 KB.

   AES-128 with one 2 KiB table, entry x = 2S S S 3S 2S S S 3S (S = S[x]):
   lduw gives the row-0 MixColumns word W, ldx gives W:W and a 64-bit shift
   right by 8r leaves W rotated for row r in the low 32 bits (the high junk
   is never read: bytes are extracted with the 32-bit srl); S-box bytes for
   the key schedule and the last round are entry byte 1. Fully unrolled, the
   key expansion merged into the rounds: 19 instructions per column, 23 per
   round key, about 1000 in all. Table indices depend on k and n: not
   constant time against cache timing. Branches (and the jump into the
   loop) depend only on l and on the alignment of out, kr, n and m
   (misaligned kr, n, out and message chunks are copied to the stack byte
   by byte: lda and ldx need alignment).

   Linux and Solaris: the same SPARC V9 64-bit psABI (SCD 2.4.1) and ELF, so
   the code is the same for both; on Solaris assemble it with GNU as (gcc):
   Sun as has no .macro. The .note.GNU-stack section is emitted for Linux
   only. Both kernels keep %fsr and %asi in signal contexts.

   Cycles (schedule.py: models of UltraSPARC II and III in tools/pipemodel.py,
   validated on the 2005 loop: 68.0 and 72.0 against its published 68 and
   75): 55.1 per block on UltraSPARC II and 60.1 on III (the 2005 loop: 68.0
   and 72.0; this code before: 127 and 167, then 62.1 and 72.0), with 50
   FP additions a block against the 2005 loop's 68. The block's order and registers come from a
   search on the models (see the block macros).

   qemu-sparc64 instructions per call (speed/count.py): 0 bytes 1256,
   16 bytes 1394, 1024 bytes 7346, 4096 bytes 25430, 8192 bytes 49542
   (4096 bytes from a misaligned m: 35377, the chunks copied byte by byte);
   34 of them a call zero the frame's secrets before returning.

   The core (common/core.h): aes, start, blocks and finish on a 144-byte
   state holding the loop's pieces X (h = X r mod p: the loop computes X r
   + 2^34 chunk, and its last block, by a zero chunk, is finish's) and r's
   multipliers. blocks enters the same loop (.Lchunks, .Lprocess) with the
   state's pieces; authenticate calls the same routines (.Lrsetup, .Laes,
   .Lchunks) in one frame, the first chunk loaded as the pieces; onetime
   (onetimeauth's fused code: the key r || s, no AES) enters authenticate's
   code after .Laes, with s from the key. Every entry point sets %fsr and
   %asi and restores the caller's (.Ldone). */
#include "namespace.h"

#define BIAS 2047
#define FRAME 624
#define L_FSR 176      /* the caller's %fsr */
#define L_SCR 184      /* 32 bytes: r words as doubles, pieces as integers */
#define L_S 216        /* 16: AES_k(n), big-endian words */
#define L_KR 232       /* 32: copy of kr when kr or n is misaligned */
#define L_N 264        /* 16: copy of n */
#define L_TAG 280      /* 16: the tag when out is misaligned */
#define L_TAIL 304     /* 32: the last partial chunk, padded, then a zero chunk */
#define L_BATCH 336    /* 256: up to 16 chunks of a misaligned message */
#define L_RL3 592      /* 32: the multipliers the loop reloads, key-derived */
#define L_RH3 600
#define L_RL51 608
#define L_RH51 616
#if L_BATCH + 256 > L_RL3 || L_RH51 + 8 > FRAME
#error "frame too small"
#endif

/* The core state (common/core.h; 16-byte aligned): X, the loop's four
   pieces (h = X r mod p: a block computes X r + 2^34 chunk, and finish
   does the last multiplication, by a zero chunk), then r's multipliers:
   the ten the loop keeps in %f24-%f42 (in register order), then the four it
   reloads from L_RL3..L_RH51 (in frame order). */
#define ST_X 0
#define ST_R 32
#define ST_RELOAD 112
#define STATE_BYTES 144
#if STATE_BYTES != POLY1305AES_CORE_STATE_BYTES
#error "STATE_BYTES differs from the cflags' POLY1305AES_CORE_STATE_BYTES"
#endif

/* constants, at CB + offset: CB is the branch table ptable, then the constants */
#define PTABLE 256
#define C_2P52 (PTABLE + 0)
#define C_A0 (PTABLE + 8)
#define C_A1 (PTABLE + 16)
#define C_A2 (PTABLE + 24)
#define C_A3PAD (PTABLE + 32)
#define C_A3 (PTABLE + 40)
#define C_A3X (PTABLE + 48)
#define C_K1 (PTABLE + 56)
#define C_WR (PTABLE + 64)
#define C_SPLIT (PTABLE + 72)
#define C_2P32 (PTABLE + 80)
#define C_2P64 (PTABLE + 88)
#define C_2P96 (PTABLE + 96)
#define C_2M32 (PTABLE + 104)
#define C_2M64 (PTABLE + 112)
#define C_2M96 (PTABLE + 120)
#define C_ZERO (PTABLE + 128)

/* floating-point registers that hold constants through the main loop */
#define P0 %f0         /* ALPHA_0 + word 0 * 2^34 */
#define P1 %f2         /* ALPHA_1 + word 1 * 2^66 */
#define P2 %f4         /* ALPHA_2 + word 2 * 2^98 */
#define P3 %f6         /* ALPHA_3 (+ 2^162 pad) + word 3 * 2^130 */
#define P0L %f1        /* their low halves: the words */
#define P1L %f3
#define P2L %f5
#define P3L %f7
#define RL0 %f24       /* lo_j 2^(32j) */
#define RL1 %f26
#define RL2 %f28
#define RH0 %f30       /* hi_j 2^(32j) */
#define RH1 %f32
#define RH2 %f34
#define RL52 %f36      /* lo_j 2^(32j) 5 2^-130 */
#define RL53 %f38
#define RH52 %f40
#define RH53 %f42
/* temporaries of the main loop; the pieces are %f8-%f14 and %f16-%f22; RL3,
   RH3, RL51, RH51 (used once a block) are reloaded from the frame, ALPHA_0 +
   ALPHA_1, ALPHA_3 + ALPHA_2 and 5 2^-130 from the constants */
#define T0 %f44
#define T1 %f46
#define T2 %f48
#define T3 %f50
#define T4 %f52
#define T5 %f54
#define T6 %f56
#define T7 %f58
#define T8 %f60
#define T9 %f62

/* integer registers of the AES part */
#define TB %i1         /* table */
#define TB1 %i2        /* table + 1: S-box bytes */
#define MASK %g5       /* 0x7f8: a byte times 8 (%o7 keeps .Laes's return) */
#define K0 %l4
#define K1 %l5
#define K2 %l6
#define K3 %l7

	.text

/* The table offsets (8 bytes an entry) of row 0 of xa, row 1 of xb, row 2
   of xc and row 3 of xd: %g1, %o4, %o5, %i5. */
	.macro offsets xa, xb, xc, xd
	srl \xa, 21, %g1
	srl \xb, 13, %o4
	srl \xc, 5, %o5
	sll \xd, 3, %i5
	and %g1, MASK, %g1
	and %o4, MASK, %o4
	and %o5, MASK, %o5
	and %i5, MASK, %i5
	.endm

/* One AES column: y = W[xa row 0] ^ W[xb row 1] >>> 8 ^ W[xc row 2] >>> 16
   ^ W[xd row 3] >>> 24 ^ k, in the low 32 bits of y. */
	.macro column y, xa, xb, xc, xd, k
	offsets \xa, \xb, \xc, \xd
	lduw [TB + %g1], \y
	ldx [TB + %o4], %o4
	ldx [TB + %o5], %o5
	ldx [TB + %i5], %i5
	srlx %o4, 8, %o4
	srlx %o5, 16, %o5
	srlx %i5, 24, %i5
	xor \y, %o4, \y
	xor %o5, %i5, %o5
	xor \y, \k, \y
	xor \y, %o5, \y
	.endm

	.macro round y0, y1, y2, y3, x0, x1, x2, x3
	column \y0, \x0, \x1, \x2, \x3, K0
	column \y1, \x1, \x2, \x3, \x0, K1
	column \y2, \x2, \x3, \x0, \x1, K2
	column \y3, \x3, \x0, \x1, \x2, K3
	.endm

/* two rounds, the state from %l0-%l3 to %o0-%o3 and back, with round
   constants rc1 and rc2 */
	.macro tworounds rc1, rc2
	expand \rc1
	round %o0, %o1, %o2, %o3, %l0, %l1, %l2, %l3
	expand \rc2
	round %l0, %l1, %l2, %l3, %o0, %o1, %o2, %o3
	.endm

/* last round column: S-box bytes only */
	.macro lastcolumn y, xa, xb, xc, xd, k
	offsets \xa, \xb, \xc, \xd
	ldub [TB1 + %g1], %g1
	ldub [TB1 + %o4], %o4
	ldub [TB1 + %o5], %o5
	ldub [TB1 + %i5], %i5
	sll %g1, 24, %g1
	sll %o4, 16, %o4
	sll %o5, 8, %o5
	xor %g1, %o4, %g1
	xor %o5, %i5, %o5
	xor %g1, \k, %g1
	xor %g1, %o5, \y
	.endm

/* next round key: K0 ^= SubWord(RotWord(K3)) ^ rcon << 24, then the chain */
	.macro expand rcon
	srl K3, 13, %g1
	srl K3, 5, %o4
	sll K3, 3, %o5
	srl K3, 21, %i5
	and %g1, MASK, %g1
	and %o4, MASK, %o4
	and %o5, MASK, %o5
	and %i5, MASK, %i5
	ldub [TB1 + %g1], %g1
	ldub [TB1 + %o4], %o4
	ldub [TB1 + %o5], %o5
	ldub [TB1 + %i5], %i5
	xor %g1, \rcon, %g1
	sll %o4, 16, %o4
	sll %g1, 24, %g1
	sll %o5, 8, %o5
	xor K0, %i5, K0
	xor %g1, %o4, %g1
	xor K0, %o5, K0
	xor K0, %g1, K0
	xor K1, K0, K1
	xor K2, K1, K2
	xor K3, K2, K3
	.endm

/* The six products the block macro takes from the block before (in T4-T9),
   made for a run's first block from the pieces in %f8-%f14. */
	.macro firstproducts
	fmuld %f12, RH0, T9
	fmuld %f12, RL0, T8
	fmuld %f10, RL1, T7
	fmuld %f10, RL0, T6
	fmuld %f12, RH52, T5
	fmuld %f12, RL53, T4
	.endm

/* One block: y = x r + 2^34 (the chunk at [%o0 + o], read through %asi),
   in the pieces' own weights, from x0-x3 to y0-y3 (%f8-%f14 and %f16-%f22
   alternately; the temporaries are the same in every copy). Per slot k: A_k and B_k, the lo and hi products
   summed ((1 + 2) + (3 + 0), piece 0 last); s = B_k + P_k, t_k = s + A_k
   (both round to the slot's step), N = P_k - t_k, piece = (B_k + N) + A_k.
   Slot 0's t0 goes into A1 and slot 2's t2 into A3 (added last); slot 1's
   carry M1 = t1 - (ALPHA_0 + ALPHA_1) joins piece 2 after its rounding, and
   slot 3's R = t3 - (ALPHA_3 + ALPHA_2) joins piece 0 times 5 2^-130, so
   the two chains (slots 0-1, slots 2-3) run side by side (bounds.py).
   Software pipelining: six of the block's products, x2 RH0, x2 RL0, x1 RL1,
   x1 RL0, x2 RH52 and x2 RL53, are made by the block before, at its end,
   from its y1 and y2 (which it finishes first), into T9, T8, T7, T6, T5 and
   T4; the block reads them there and makes the next block's six last, so
   its first additions need not wait for the last piece. .Lmore and
   .Lzerochunk make them for a run's first block; the ones the last block
   makes go unused. The order and the registers are those a search on the
   UltraSPARC II and III models (schedule.py) ran fastest within 32
   registers (simulated annealing: one instruction moved within its
   dependences, or a product moved to the block before). */
	.macro block x0, x1, x2, x3, y0, y1, y2, y3, o
	fmuld \x1, RH1, T0
	fmuld \x1, RH53, T1
	ldd [%sp + BIAS + L_RL3], T2
	ldd [%sp + BIAS + L_RH51], T3
	fmuld \x0, RH0, \y0
	lda [%o0 + \o + 0] %asi, P0L
	fmuld \x0, RH2, \y1
	fmuld \x3, T3, \y2
	faddd T0, T9, \y3
	lda [%o0 + \o + 8] %asi, P2L
	fmuld \x3, RL52, T3
	fmuld \x0, RL2, T0
	faddd T6, T4, T9
	fmuld \x3, RH53, T4
	ldd [%sp + BIAS + L_RL51], T6
	faddd T7, T8, T7
	faddd T1, T5, T8
	fmuld \x3, RL53, T1
	fmuld \x0, RL1, T5
	faddd \y2, \y0, \y0
	faddd T4, \y1, \y2
	fmuld \x2, RL52, T4
	fmuld \x3, T6, \y1
	ldd [%sp + BIAS + L_RH3], T6
	faddd T1, T0, T0
	fmuld \x0, RL0, T1
	faddd T3, T5, T3
	fmuld \x1, RL53, T5
	faddd T8, \y0, T8
	fmuld \x3, RH0, \y0
	faddd \y3, \y2, \y2
	fmuld \x0, RH1, \y3
	faddd T7, T0, T0
	faddd \y1, T1, T7
	fmuld \x3, RH52, T1
	fmuld \x0, T6, \y1
	faddd T5, T4, T6
	faddd T9, T3, T4
	faddd T8, P0, T5                    /* s = B0 + P0 */
	fmuld \x1, RH2, T3
	faddd \y2, P2, T9                   /* s = B2 + P2 */
	fmuld \x0, T2, T2
	fmuld \x1, RH0, \x0
	faddd T6, T7, T6
	lda [%o0 + \o + 4] %asi, P1L
	faddd \y0, \y1, T7
	fmuld \x2, RH53, \y0
	faddd T1, \y3, \y1
	lda [%o0 + \o + 12] %asi, P3L
	fmuld \x3, RL0, T1
	fmuld \x2, RH1, \y3
	faddd T9, T0, \x3                   /* t2 */
	fmuld \x1, RL2, T9
	faddd T5, T6, \x1                   /* t0 = s + A0: slot 0 rounded at 2^34, + word 0 */
	ldd [%i5 + C_A3X], T5
	faddd \x0, \y0, \y0
	ldd [%i5 + C_K1], \x0
	faddd T1, T2, T1
	fmuld \x2, RL1, T2
	faddd T3, \y3, \x2
	faddd T4, \x1, T3                   /* A1 takes t0 last */
	faddd \y0, \y1, \y3
	fsubd P2, \x3, T4
	faddd \x2, T7, \y0
	faddd T9, T2, \y1
	faddd \y3, P1, T7                   /* s = B1 + P1 */
	faddd \y2, T4, \x2
	faddd \y1, T1, T2
	faddd T7, T3, T9                    /* t1 */
	faddd \x2, T0, T4                   /* piece 2 before M1 */
	faddd \y0, P3, \y2                  /* s = B3 + P3 */
	faddd T2, \x3, T1                   /* A3 takes t2 last */
	fsubd T9, \x0, \y1                  /* M1 = t1 - ALPHA_0 - ALPHA_1: to piece 2 */
	ldd [%i5 + C_WR], T7
	fsubd P0, \x1, T0                   /* minus what t0 took */
	fsubd P1, T9, \x2
	faddd \y2, T1, T2                   /* t3 */
	faddd T4, \y1, \y2                  /* piece 2 (+ M1) */
	faddd T8, T0, \x3
	faddd \y3, \x2, \x0
	fsubd T2, T5, \x1                   /* R = t3 - ALPHA_3 - ALPHA_2: the part at 2^130, word 3, pad */
	fmuld \y2, RH0, T9                  /* the next block's product (hoisted) */
	fsubd P3, T2, T4
	fmuld \y2, RH52, T5                 /* the next block's product (hoisted) */
	fmuld \y2, RL0, T8                  /* the next block's product (hoisted) */
	faddd \x0, T3, \y1                  /* piece 1 */
	faddd \x3, T6, T0                   /* piece 0, less the wrap */
	fmuld \x1, T7, \y3                  /* W = R 5 2^-130 */
	faddd \y0, T4, \x2
	fmuld \y2, RL53, T4                 /* the next block's product (hoisted) */
	fmuld \y1, RL0, T6                  /* the next block's product (hoisted) */
	faddd T0, \y3, \y0                  /* piece 0 (+ W) */
	fmuld \y1, RL1, T7                  /* the next block's product (hoisted) */
	faddd \x2, T1, \y3                  /* piece 3 */
	.endm

/* ---- data: the table, then the constants (CB) ---- */
	.align 64
aes_table:
#include "aes_table.inc"
ptable:                                /* CB: .Lprocess enters block e at ptable + 16e */
	ba .Lblock0
	 fmovd %f14, %f22
	.word 0, 0
	ba .Lblock1
	 fmovd %f14, %f22
	.word 0, 0
	ba .Lblock2
	 fmovd %f14, %f22
	.word 0, 0
	ba .Lblock3
	 fmovd %f14, %f22
	.word 0, 0
	ba .Lblock4
	 fmovd %f14, %f22
	.word 0, 0
	ba .Lblock5
	 fmovd %f14, %f22
	.word 0, 0
	ba .Lblock6
	 fmovd %f14, %f22
	.word 0, 0
	ba .Lblock7
	 fmovd %f14, %f22
	.word 0, 0
	ba .Lblock8
	 fmovd %f14, %f22
	.word 0, 0
	ba .Lblock9
	 fmovd %f14, %f22
	.word 0, 0
	ba .Lblock10
	 fmovd %f14, %f22
	.word 0, 0
	ba .Lblock11
	 fmovd %f14, %f22
	.word 0, 0
	ba .Lblock12
	 fmovd %f14, %f22
	.word 0, 0
	ba .Lblock13
	 fmovd %f14, %f22
	.word 0, 0
	ba .Lblock14
	 fmovd %f14, %f22
	.word 0, 0
	ba .Lblock15
	 fmovd %f14, %f22
	.word 0, 0
consts:
	.word 0x43300000, 0                /* 2^52 */
	.word 0x45580000, 0                /* ALPHA_0 = 1.5 2^86 */
	.word 0x47580000, 0                /* ALPHA_1 = 1.5 2^118 */
	.word 0x49580000, 0                /* ALPHA_2 = 1.5 2^150 */
	.word 0x4b580001, 0                /* ALPHA_3 + 2^162: the pad bit of a full chunk */
	.word 0x4b580000, 0                /* ALPHA_3 = 1.5 2^182 */
	.word 0x4b580000, 0x00180000       /* ALPHA_3 + ALPHA_2 */
	.word 0x47580000, 0x00180000       /* ALPHA_0 + ALPHA_1 */
	.word 0x37f40000, 0                /* 5 2^-130 */
	.word 0x44280000, 0                /* 1.5 2^67: rounds to a multiple of 2^15 */
	.word 0x41f00000, 0                /* 2^32 */
	.word 0x43f00000, 0                /* 2^64 */
	.word 0x45f00000, 0                /* 2^96 */
	.word 0x3df00000, 0                /* 2^-32 */
	.word 0x3bf00000, 0                /* 2^-64 */
	.word 0x39f00000, 0                /* 2^-96 */
	.word 0, 0                         /* %fsr: round to nearest, no traps; */
	.word 0, 0                         /* with the 8 bytes before, the zero chunk */

/* every entry point's prologue (far: more than 4 KiB after the table): a frame, CB in %i5, the caller's %fsr
   saved and %fsr = 0, the caller's %asi in %g4 and %asi = 0x88 */
	.macro enter far=0
	save %sp, -FRAME, %sp
1:	rd %pc, %i5
	.if \far                           /* the core's entry points, after the code */
	sethi %hi(1b - ptable), %g1
	or %g1, %lo(1b - ptable), %g1
	sub %i5, %g1, %i5                  /* CB */
	.else
	add %i5, ptable - 1b, %i5          /* CB */
	.endif
	stx %fsr, [%sp + BIAS + L_FSR]
	ldx [%i5 + C_ZERO], %fsr
	rd %asi, %g4                       /* the caller's %asi, back at .Ldone */
	wr %g0, 0x88, %asi                 /* loads and stores with %asi: little-endian */
	.endm

/* the high halves of P0, P1, P2 (the loop's rounding constants) */
	.macro phalves
	ld [%i5 + C_A0], %f0
	ld [%i5 + C_A1], %f2
	ld [%i5 + C_A2], %f4
	.endm

/* the ten multipliers the loop keeps in registers, from or to the state at \st */
	.macro rregs op, st
	\op RL0, \st + ST_R + 0
	\op RL1, \st + ST_R + 8
	\op RL2, \st + ST_R + 16
	\op RH0, \st + ST_R + 24
	\op RH1, \st + ST_R + 32
	\op RH2, \st + ST_R + 40
	\op RL52, \st + ST_R + 48
	\op RL53, \st + ST_R + 56
	\op RH52, \st + ST_R + 64
	\op RH53, \st + ST_R + 72
	.endm
	.macro lddto reg, at
	ldd [\at], \reg
	.endm
	.macro stdto reg, at
	std \reg, [\at]
	.endm

/* r's multipliers from the state at %i0: ten to registers, four to the frame */
	.macro rload
	rregs lddto, %i0
	ldd [%i0 + ST_RELOAD], T0
	ldd [%i0 + ST_RELOAD + 8], T1
	ldd [%i0 + ST_RELOAD + 16], T2
	ldd [%i0 + ST_RELOAD + 24], T3
	std T0, [%sp + BIAS + L_RL3]
	std T1, [%sp + BIAS + L_RH3]
	std T2, [%sp + BIAS + L_RL51]
	std T3, [%sp + BIAS + L_RH51]
	.endm

/* X, the pieces of h, from the state at %i0 to %f8-%f14 */
	.macro xload
	ldd [%i0 + ST_X], %f8
	ldd [%i0 + ST_X + 8], %f10
	ldd [%i0 + ST_X + 16], %f12
	ldd [%i0 + ST_X + 24], %f14
	.endm

/* %i1 (\units 16-byte units) and %i2 (one), unless both are 4-aligned, to
   copies at L_KR and L_N */
	.macro aligned_pair units
	or %i1, %i2, %g1
	andcc %g1, 3, %g0
	be 1f
	 add %sp, BIAS + L_KR, %o0
	mov \units, %o2
	call .Lcopy16
	 mov %i1, %o1
	add %sp, BIAS + L_N, %o0
	mov 1, %o2
	call .Lcopy16
	 mov %i2, %o1
	add %sp, BIAS + L_KR, %i1
	add %sp, BIAS + L_N, %i2
1:
	.endm

/* the carry out of the 32-bit word \lo (\shift: srax for a signed word, srlx
   for an unsigned one) added to \hi into \to; \lo keeps its low 32 bits */
	.macro carry shift, lo, hi, to
	\shift \lo, 32, %g1
	srl \lo, 0, \lo
	add \hi, %g1, \to
	.endm

	.align 32
	.globl poly1305aes_authenticate
	.type poly1305aes_authenticate, #function
poly1305aes_authenticate:
	enter
	srl %i4, 0, %i4                    /* l is an unsigned int */
	aligned_pair 2                     /* kr and n to aligned copies */
	call .Lrsetup
	 nop
	phalves
	call .Laes
	 nop
/* ---- the message: chunks of m, then [tail, padded][zero chunk] or a
   single block with the zero chunk at CB + C_ZERO (onetime enters here) ---- */
.Lmessage:
	srl %i4, 4, %l4                    /* full chunks */
	and %i4, 15, %l5                   /* tail bytes */
	mov 0, %l6                         /* no pieces yet */
	brz %l4, .Ltail
	 ld [%i5 + C_A3PAD], %f6           /* full chunks carry the pad bit */
	call .Lchunks
	 mov %i3, %l7
.Ltail:
	brz %l5, .Lzerochunk
	 ld [%i5 + C_A3], %f6              /* no pad bit from here on */
	stx %g0, [%sp + BIAS + L_TAIL]
	stx %g0, [%sp + BIAS + L_TAIL + 8]
	stx %g0, [%sp + BIAS + L_TAIL + 16]
	stx %g0, [%sp + BIAS + L_TAIL + 24]
	add %sp, BIAS + L_TAIL, %o0
	andn %i4, 15, %o1
	add %i3, %o1, %o1                  /* the tail bytes of m */
	mov %l5, %o2
.Ltailcopy:
	sub %o2, 1, %o2
	ldub [%o1 + %o2], %g1
	brnz %o2, .Ltailcopy
	 stb %g1, [%o0 + %o2]
	mov 1, %g1
	stb %g1, [%o0 + %l5]
	call .Lprocess
	 mov 2, %o1
	ba,a .Lfinish
.Lempty:                               /* l = 0: h = 0 */
	fsubd RL0, RL0, %f8
	fsubd RL0, RL0, %f10
	fsubd RL0, RL0, %f12
	ba .Lfinish
	 fsubd RL0, RL0, %f14
.Lzerochunk:                           /* h r: the loop's last block, alone */
	brz %l6, .Lempty
	 fmovd %f8, %f16
	fmovd %f10, %f18
	fmovd %f12, %f20
	fmovd %f14, %f22
	firstproducts
	add %i5, C_ZERO - 240, %o0         /* reads 16 zero bytes at CB + C_ZERO */
	call .Lblock15
	 mov 1, %o1

/* ---- the pieces to integers; H mod p; h = H / 2^34 mod p; + s; out ---- */
.Lfinish:
	ldd [%i5 + C_2M32], %f16
	ldd [%i5 + C_2M64], %f18
	ldd [%i5 + C_2M96], %f20
	fmuld %f10, %f16, %f10
	fmuld %f12, %f18, %f12
	fmuld %f14, %f20, %f14
	fdtox %f8, %f8
	fdtox %f10, %f10
	fdtox %f12, %f12
	fdtox %f14, %f14
	std %f8, [%sp + BIAS + L_SCR]
	std %f10, [%sp + BIAS + L_SCR + 8]
	std %f12, [%sp + BIAS + L_SCR + 16]
	std %f14, [%sp + BIAS + L_SCR + 24]
	ldx [%sp + BIAS + L_SCR], %o0      /* |piece k / 2^(32k)| < 2^37, signed */
	ldx [%sp + BIAS + L_SCR + 8], %o1
	ldx [%sp + BIAS + L_SCR + 16], %o2
	ldx [%sp + BIAS + L_SCR + 24], %o3
	sllx %o1, 32, %g1                  /* H = 2^34 h: h = (H + k p) / 2^34 with */
	add %o0, %g1, %g1                  /* k = H / 5 mod 2^34; H mod 2^34 in %g1 */
	sllx %g1, 2, %o4                   /* times 1/5 = (1 - 4)(1 + 2^4)(1 + 2^8)(1 + 2^16)(1 + 2^32) */
	sub %g1, %o4, %g1                  /* mod 2^34, by shifts: no multiplier, whose */
	.irp n, 4, 8, 16, 32               /* latency may depend on the operands */
	sllx %g1, \n, %o4
	add %g1, %o4, %g1
	.endr
	sllx %g1, 30, %g1
	srlx %g1, 30, %g1                  /* k */
	sllx %g1, 2, %o4
	add %o4, %g1, %o4
	sub %o0, %o4, %o0                  /* o0 - 5k + o1 2^32: a multiple of 2^34 */
	srax %o0, 32, %o0
	add %o1, %o0, %o1
	srax %o1, 2, %o1                   /* (H - 5k) / 2^34 = o1 + o2 2^30 + o3 2^62 */
	and %o2, 3, %o4
	sllx %o4, 30, %o4
	add %o1, %o4, %o0
	srax %o2, 2, %o2
	and %o3, 3, %o4
	sllx %o4, 30, %o4
	add %o2, %o4, %o1
	srax %o3, 2, %o2                   /* h = o0 + o1 2^32 + o2 2^64 + k 2^96, |o_k| < 2^34 */
	mov 1, %o4
	sub %o0, 40, %o0                   /* + 8p = 2^133 - 40: positive now */
	sllx %o4, 37, %o4
	add %g1, %o4, %o3
	carry srax, %o0, %o1, %o1
	carry srax, %o1, %o2, %o2
	carry srax, %o2, %o3, %o3          /* 0 < h < 2^134 */
	srlx %o3, 34, %g1                  /* the part at 2^130 and above, times 5, back to the bottom */
	sllx %o3, 30, %o3
	sllx %g1, 2, %o4
	srlx %o3, 30, %o3
	add %g1, %o4, %g1
	add %o0, %g1, %o0
	carry srlx, %o0, %o1, %o1
	carry srlx, %o1, %o2, %o2
	carry srlx, %o2, %o3, %o3          /* h < 2^130 + 2^32 < 2p */
	add %o0, 5, %l0                    /* g = h + 5 - 2^130 if h >= p */
	carry srlx, %l0, %o1, %l1
	carry srlx, %l1, %o2, %l2
	carry srlx, %l2, %o3, %l3
	srlx %l3, 34, %g1
	movrnz %g1, %l0, %o0
	movrnz %g1, %l1, %o1
	movrnz %g1, %l2, %o2
	movrnz %g1, %l3, %o3
	lduw [%sp + BIAS + L_S], %l0       /* + s, as little-endian words */
	lduw [%sp + BIAS + L_S + 4], %l1
	lduw [%sp + BIAS + L_S + 8], %l2
	lduw [%sp + BIAS + L_S + 12], %l3
	add %o0, %l0, %o0
	add %o1, %l1, %o1
	srlx %o0, 32, %g1
	add %o1, %g1, %o1
	add %o2, %l2, %o2
	srlx %o1, 32, %g1
	add %o2, %g1, %o2
	add %o3, %l3, %o3
	srlx %o2, 32, %g1
	add %o3, %g1, %o3
.Lwrite:                               /* %o0-%o3, little-endian words, to out (%i0) */
	andcc %i0, 3, %g0
	bne,a .Lmisout
	 add %sp, BIAS + L_TAG, %i1
	mov %i0, %i1
.Lmisout:
	stwa %o0, [%i1] %asi
	stwa %o1, [%i1 + 4] %asi
	stwa %o2, [%i1 + 8] %asi
	cmp %i1, %i0
	be .Ldone
	 stwa %o3, [%i1 + 12] %asi
	mov %i0, %o0
	mov 1, %o2
	call .Lcopy16
	 mov %i1, %o1
.Ldone:                                /* no secret left in the frame: */
	clr %l0                            /* the AES state and round key (a window */
	clr %l1                            /* spill would write them to the save area) */
	clr %l2
	clr %l3
	clr %l4
	clr %l5
	clr %l6
	clr %l7
	.set w, 0                          /* the save area's %l0-%l7, spilled by a trap during the call */
	.rept 8
	stx %g0, [%sp + BIAS + w]
	.set w, w + 8
	.endr
	stx %g0, [%sp + BIAS + L_SCR]      /* r as doubles, then the pieces of h */
	stx %g0, [%sp + BIAS + L_SCR + 8]
	stx %g0, [%sp + BIAS + L_SCR + 16]
	stx %g0, [%sp + BIAS + L_SCR + 24]
	stx %g0, [%sp + BIAS + L_S]        /* s */
	stx %g0, [%sp + BIAS + L_S + 8]
	stx %g0, [%sp + BIAS + L_KR]       /* the copy of k and r (misaligned kr or n) */
	stx %g0, [%sp + BIAS + L_KR + 8]
	stx %g0, [%sp + BIAS + L_KR + 16]
	stx %g0, [%sp + BIAS + L_KR + 24]
	stx %g0, [%sp + BIAS + L_TAG]      /* the tag (misaligned out) */
	stx %g0, [%sp + BIAS + L_TAG + 8]
	stx %g0, [%sp + BIAS + L_RL3]      /* r's multipliers the loop reloads */
	stx %g0, [%sp + BIAS + L_RH3]
	stx %g0, [%sp + BIAS + L_RL51]
	stx %g0, [%sp + BIAS + L_RH51]
	wr %g4, 0, %asi
	ldx [%sp + BIAS + L_FSR], %fsr
	ret
	 restore

/* .Lrsetup: r, the little-endian words at %i1 + 16 (4-aligned), clamped,
   split and scaled: ten multipliers in RL0..RH53, four to L_RL3..L_RH51.
   Uses %o0-%o4, %g1, %f8-%f22, T0-T8. */
.Lrsetup:
	lduwa [%i1 + 16] %asi, %o0
	lduwa [%i1 + 20] %asi, %o1
	lduwa [%i1 + 24] %asi, %o2
	lduwa [%i1 + 28] %asi, %o3
	sethi %hi(0x0fffffff), %g1
	or %g1, %lo(0x0fffffff), %g1
	sethi %hi(0x43300000), %o4
	and %o0, %g1, %o0
	and %g1, -4, %g1
	sllx %o4, 32, %o4
	and %o1, %g1, %o1
	and %o2, %g1, %o2
	and %o3, %g1, %o3
	or %o0, %o4, %o0                   /* 2^52 + r_j as a double */
	or %o1, %o4, %o1
	or %o2, %o4, %o2
	or %o3, %o4, %o3
	stx %o0, [%sp + BIAS + L_SCR]
	stx %o1, [%sp + BIAS + L_SCR + 8]
	stx %o2, [%sp + BIAS + L_SCR + 16]
	stx %o3, [%sp + BIAS + L_SCR + 24]
	ldd [%sp + BIAS + L_SCR], %f8
	ldd [%sp + BIAS + L_SCR + 8], %f10
	ldd [%sp + BIAS + L_SCR + 16], %f12
	ldd [%sp + BIAS + L_SCR + 24], %f14
	ldd [%i5 + C_2P52], %f16
	ldd [%i5 + C_SPLIT], %f18
	fsubd %f8, %f16, %f8               /* r_j */
	fsubd %f10, %f16, %f10
	fsubd %f12, %f16, %f12
	fsubd %f14, %f16, %f14
	faddd %f8, %f18, RH0
	faddd %f10, %f18, T6
	faddd %f12, %f18, T7
	faddd %f14, %f18, T8
	fsubd RH0, %f18, RH0               /* hi_j = r_j rounded to a multiple of 2^15 */
	fsubd T6, %f18, T6
	fsubd T7, %f18, T7
	fsubd T8, %f18, T8
	fsubd %f8, RH0, RL0                /* lo_j = r_j - hi_j */
	fsubd %f10, T6, %f10
	fsubd %f12, T7, %f12
	fsubd %f14, T8, %f14
	ldd [%i5 + C_2P32], %f16
	ldd [%i5 + C_2P64], %f18
	ldd [%i5 + C_2P96], T0
	fmuld %f10, %f16, RL1              /* times 2^(32j) */
	fmuld T6, %f16, RH1
	fmuld %f12, %f18, RL2
	fmuld T7, %f18, RH2
	fmuld %f14, T0, T1                 /* RL3 */
	fmuld T8, T0, T2                   /* RH3 */
	ldd [%i5 + C_WR], T3
	fmuld RL1, T3, T4                  /* RL51 */
	fmuld RH1, T3, T5                  /* RH51 */
	fmuld RL2, T3, RL52
	fmuld RH2, T3, RH52
	fmuld T1, T3, RL53
	fmuld T2, T3, RH53
	std T1, [%sp + BIAS + L_RL3]       /* the loop reloads these four */
	std T2, [%sp + BIAS + L_RH3]
	std T4, [%sp + BIAS + L_RL51]
	retl
	 std T5, [%sp + BIAS + L_RH51]

/* .Laes: s = AES_k(n) to L_S (as bytes: stored byte-reversed from
   big-endian words), k at %i1 and n at %i2, 4-aligned. Uses %l0-%l7,
   %o0-%o5, %g1, %g5, %i1, %i2 (the table), %i5 (CB again at the end). */
.Laes:
	lduw [%i1], K0
	lduw [%i1 + 4], K1
	lduw [%i1 + 8], K2
	lduw [%i1 + 12], K3
	lduw [%i2], %l0
	lduw [%i2 + 4], %l1
	lduw [%i2 + 8], %l2
	lduw [%i2 + 12], %l3
	sub %i5, 2048, TB
	sub %i5, 2047, TB1
	mov 0x7f8, MASK
	xor %l0, K0, %l0
	xor %l1, K1, %l1
	xor %l2, K2, %l2
	xor %l3, K3, %l3
	tworounds 0x01, 0x02
	tworounds 0x04, 0x08
	tworounds 0x10, 0x20
	tworounds 0x40, 0x80
	expand 0x1b
	round %o0, %o1, %o2, %o3, %l0, %l1, %l2, %l3
	expand 0x36
	lastcolumn %l0, %o0, %o1, %o2, %o3, K0
	lastcolumn %l1, %o1, %o2, %o3, %o0, K1
	lastcolumn %l2, %o2, %o3, %o0, %o1, K2
	lastcolumn %l3, %o3, %o0, %o1, %o2, K3
	stwa %l0, [%sp + BIAS + L_S] %asi  /* byte-reversed: lduw reads s little-endian */
	stwa %l1, [%sp + BIAS + L_S + 4] %asi
	stwa %l2, [%sp + BIAS + L_S + 8] %asi
	stwa %l3, [%sp + BIAS + L_S + 12] %asi
	retl
	 add TB, 2048, %i5                 /* CB again */

/* .Lchunks: fold in %l4 >= 1 chunks at %l7 (%l6: pieces in %f8-%f14 or
   none yet, as .Lprocess takes them): 4-aligned, by .Lprocess directly;
   else up to 16 at a time copied to L_BATCH. Uses %l3 (its return), %l4,
   %l7, %i1, and what .Lprocess and .Lcopy16 use. */
.Lchunks:
	andcc %l7, 3, %g0
	bne .Lbatch
	 mov %o7, %l3
	mov %l7, %o0
	call .Lprocess
	 mov %l4, %o1
	jmpl %l3 + 8, %g0
	 nop
.Lbatch:
	mov 16, %i1
	cmp %l4, 16
	movlu %xcc, %l4, %i1
	add %sp, BIAS + L_BATCH, %o0
	mov %l7, %o1
	call .Lcopy16
	 mov %i1, %o2
	add %sp, BIAS + L_BATCH, %o0
	call .Lprocess
	 mov %i1, %o1
	sllx %i1, 4, %g1
	subcc %l4, %i1, %l4
	bne .Lbatch
	 add %l7, %g1, %l7
	jmpl %l3 + 8, %g0
	 nop

/* .Lprocess: fold in %o1 >= 1 chunks at %o0 (4-aligned; loads use %asi =
   0x88, little-endian). The first chunk of the message (%l6 = 0) becomes
   the pieces directly (2^34 times it: word k at u_(k+1) for k < 3 and
   5 (word 3 + pad 2^32) in piece 0). Pieces in %f8-%f14 on entry and exit.
   The loop is unrolled 16 times (pieces alternating between %f8-%f14 and
   %f16-%f22) and entered at block e = -n mod 16 through the branch table at
   CB, with %o0 moved back 16e bytes so that block e reads the first chunk;
   .Lblock15 alone, called with %o1 = 1, is one block (its caller first
   makes the six products the block macro takes from the block before).
   Uses %o0-%o4, %f16-%f22 and the temporaries T0-T9. */
.Lprocess:
	brnz %l6, .Lmore + 4
	 sub %g0, %o1, %o3
	lda [%o0] %asi, %f1
	lda [%o0 + 4] %asi, %f3
	lda [%o0 + 8] %asi, %f5
	lda [%o0 + 12] %asi, %f7
	ldd [%i5 + C_A3], %f16
	ldd [%i5 + C_A0], %f18
	ldd [%i5 + C_A1], %f20
	ldd [%i5 + C_A2], %f22
	fsubd P3, %f16, %f8                /* H = 2^34 chunk: word 3 2^130 + pad 2^162 */
	fsubd P0, %f18, %f10               /* word 0 2^34 */
	fsubd P1, %f20, %f12
	fsubd P2, %f22, %f14
	ldd [%i5 + C_WR], %f16
	fmuld %f8, %f16, %f8               /* = 5 (word 3 + pad 2^32) */
	mov 1, %l6
	subcc %o1, 1, %o1
	be .Lreturn
	 add %o0, 16, %o0
.Lmore:
	sub %g0, %o1, %o3
	and %o3, 15, %o3                   /* e = -n mod 16: the entry block */
	add %o1, %o3, %o1
	srlx %o1, 4, %o1                   /* passes through the loop's end */
	sllx %o3, 4, %o4
	firstproducts
	fmovd %f8, %f16                    /* odd entries read %f16-%f22 */
	fmovd %f10, %f18
	fmovd %f12, %f20
	jmpl %i5 + %o4, %g0                /* to ptable + 16e: ba .Lblock<e> */
	 sub %o0, %o4, %o0
.Lblock0:
	block %f8, %f10, %f12, %f14, %f16, %f18, %f20, %f22, 0
.Lblock1:
	block %f16, %f18, %f20, %f22, %f8, %f10, %f12, %f14, 16
.Lblock2:
	block %f8, %f10, %f12, %f14, %f16, %f18, %f20, %f22, 32
.Lblock3:
	block %f16, %f18, %f20, %f22, %f8, %f10, %f12, %f14, 48
.Lblock4:
	block %f8, %f10, %f12, %f14, %f16, %f18, %f20, %f22, 64
.Lblock5:
	block %f16, %f18, %f20, %f22, %f8, %f10, %f12, %f14, 80
.Lblock6:
	block %f8, %f10, %f12, %f14, %f16, %f18, %f20, %f22, 96
.Lblock7:
	block %f16, %f18, %f20, %f22, %f8, %f10, %f12, %f14, 112
.Lblock8:
	block %f8, %f10, %f12, %f14, %f16, %f18, %f20, %f22, 128
.Lblock9:
	block %f16, %f18, %f20, %f22, %f8, %f10, %f12, %f14, 144
.Lblock10:
	block %f8, %f10, %f12, %f14, %f16, %f18, %f20, %f22, 160
.Lblock11:
	block %f16, %f18, %f20, %f22, %f8, %f10, %f12, %f14, 176
.Lblock12:
	block %f8, %f10, %f12, %f14, %f16, %f18, %f20, %f22, 192
.Lblock13:
	block %f16, %f18, %f20, %f22, %f8, %f10, %f12, %f14, 208
.Lblock14:
	block %f8, %f10, %f12, %f14, %f16, %f18, %f20, %f22, 224
.Lblock15:
	block %f16, %f18, %f20, %f22, %f8, %f10, %f12, %f14, 240
	subcc %o1, 1, %o1
	add %o0, 256, %o0
	bne,a,pt %xcc, .Lblock0 + 4
	 fmuld %f10, RH1, T0                /* the first instruction of .Lblock0 */
.Lreturn:
	retl
	 nop

/* .Lcopy16: %o2 >= 1 units of 16 bytes from %o1 to %o0, byte by byte */
.Lcopy16:
	ldub [%o1], %g1                    /* four bytes at a time */
	ldub [%o1 + 1], %o3
	ldub [%o1 + 2], %o4
	ldub [%o1 + 3], %o5
	stb %g1, [%o0]
	stb %o3, [%o0 + 1]
	stb %o4, [%o0 + 2]
	stb %o5, [%o0 + 3]
	.set w, 4
	.rept 3
	ldub [%o1 + w], %g1
	ldub [%o1 + w + 1], %o3
	ldub [%o1 + w + 2], %o4
	ldub [%o1 + w + 3], %o5
	stb %g1, [%o0 + w]
	stb %o3, [%o0 + w + 1]
	stb %o4, [%o0 + w + 2]
	stb %o5, [%o0 + w + 3]
	.set w, w + 4
	.endr
	add %o1, 16, %o1
	subcc %o2, 1, %o2
	bne .Lcopy16
	 add %o0, 16, %o0
	retl
	 nop
	.size poly1305aes_authenticate, . - poly1305aes_authenticate

/* ---- the core (common/core.h) on a state of STATE_BYTES bytes ---- */
#define core_aes_entry CRYPTO_NAMESPACE(aes)
#define core_start_entry CRYPTO_NAMESPACE(start)
#define core_blocks_entry CRYPTO_NAMESPACE(blocks)
#define core_finish_entry CRYPTO_NAMESPACE(finish)

/* aes(out, k, in) */
	.globl core_aes_entry
	.type core_aes_entry, #function
core_aes_entry:
	enter far=1
	aligned_pair 1                     /* k and in to aligned copies */
	call .Laes
	 nop
	lduw [%sp + BIAS + L_S], %o0       /* s as little-endian words */
	lduw [%sp + BIAS + L_S + 4], %o1
	lduw [%sp + BIAS + L_S + 8], %o2
	ba .Lwrite                         /* written to out as the tag is */
	 lduw [%sp + BIAS + L_S + 12], %o3

	.size core_aes_entry, . - core_aes_entry

/* start(st, r): X = 0 and r's multipliers */
	.globl core_start_entry
	.type core_start_entry, #function
core_start_entry:
	enter far=1
	andcc %i1, 3, %g0
	be 1f
	 sub %i1, 16, %i1                  /* .Lrsetup reads r at %i1 + 16 */
	add %sp, BIAS + L_KR + 16, %o0     /* r to an aligned copy */
	mov 1, %o2
	call .Lcopy16
	 add %i1, 16, %o1
	add %sp, BIAS + L_KR, %i1
1:	call .Lrsetup
	 nop
	rregs stdto, %i0
	ldd [%sp + BIAS + L_RL3], T0
	ldd [%sp + BIAS + L_RH3], T1
	ldd [%sp + BIAS + L_RL51], T2
	ldd [%sp + BIAS + L_RH51], T3
	std T0, [%i0 + ST_RELOAD]
	std T1, [%i0 + ST_RELOAD + 8]
	std T2, [%i0 + ST_RELOAD + 16]
	std T3, [%i0 + ST_RELOAD + 24]
	stx %g0, [%i0 + ST_X]
	stx %g0, [%i0 + ST_X + 8]
	stx %g0, [%i0 + ST_X + 16]
	ba .Ldone
	 stx %g0, [%i0 + ST_X + 24]


	.size core_start_entry, . - core_start_entry

/* blocks(st, m, nblocks, pad): X = X r + 2^34 chunk for each block, the
   loop of authenticate (.Lchunks, .Lprocess) entered with the state's X */
	.globl core_blocks_entry
	.type core_blocks_entry, #function
core_blocks_entry:
	enter far=1
	brz,pn %i2, .Ldone
	 nop
	rload
	phalves
	mov C_A3PAD, %g1                   /* P3's high half: with the pad bit, or without */
	movrz %i3, C_A3, %g1
	ld [%i5 + %g1], %f6
	xload
	mov 1, %l6                         /* the pieces are there */
	mov %i2, %l4
	call .Lchunks
	 mov %i1, %l7
	std %f8, [%i0 + ST_X]
	std %f10, [%i0 + ST_X + 8]
	std %f12, [%i0 + ST_X + 16]
	ba .Ldone
	 std %f14, [%i0 + ST_X + 24]

	.size core_blocks_entry, . - core_blocks_entry

/* \reg, when not 4-aligned, to a copy of its \units 16-byte units at L_KR */
	.macro aligned_copy reg, units
	andcc \reg, 3, %g0
	be 1f
	 add %sp, BIAS + L_KR, %o0
	mov \units, %o2
	call .Lcopy16
	 mov \reg, %o1
	add %sp, BIAS + L_KR, \reg
1:
	.endm

/* s, the 16 bytes at \at (4-aligned), into L_S as .Laes leaves it */
	.macro take_s at
	lduwa [\at] %asi, %o0
	lduwa [\at + 4] %asi, %o1
	lduwa [\at + 8] %asi, %o2
	lduwa [\at + 12] %asi, %o3
	stw %o0, [%sp + BIAS + L_S]
	stw %o1, [%sp + BIAS + L_S + 4]
	stw %o2, [%sp + BIAS + L_S + 8]
	stw %o3, [%sp + BIAS + L_S + 12]
	.endm

/* finish(st, s, tag): h = X r (the zero chunk), then authenticate's finish;
   the state zeroed */
	.globl core_finish_entry
	.type core_finish_entry, #function
core_finish_entry:
	enter far=1
	aligned_copy %i1, 1                /* s */
	take_s %i1
	rload
	phalves
	ld [%i5 + C_A3], %f6               /* the zero chunk has no pad bit */
	xload
	mov %i0, %g1
	mov %i2, %i0                       /* the tag's address, where .Lfinish takes it */
	.set w, 0
	.rept STATE_BYTES / 8
	stx %g0, [%g1 + w]
	.set w, w + 8
	.endr
	ba .Lzerochunk
	 mov 1, %l6                        /* the pieces are there */
	.size core_finish_entry, . - core_finish_entry

/* onetime(out, key, m, l): onetimeauth's fused code (common/onepath.c), the
   one-time key r || s: authenticate's code (.Lrsetup, then .Lmessage on)
   with s taken from the key in place of .Laes */
#define onetime_entry CRYPTO_NAMESPACE(onetime)
	.globl onetime_entry
	.type onetime_entry, #function
onetime_entry:
	enter far=1
	srl %i3, 0, %i4                    /* l is an unsigned int */
	mov %i2, %i3                       /* m, where authenticate has it */
	aligned_copy %i1, 2                /* the key */
	take_s %i1+16
	call .Lrsetup
	 sub %i1, 16, %i1                  /* .Lrsetup reads r at %i1 + 16 */
	phalves
	ba,a .Lmessage
	.size onetime_entry, . - onetime_entry

#if defined(__linux__)
	.section .note.GNU-stack, "", @progbits
#endif
