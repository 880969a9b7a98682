/* SPDX-License-Identifier: CC0-1.0 */
/* poly1305aes_ppc.S: Poly1305-AES authenticate for 32-bit big-endian PowerPC
   with an FPU (IEEE binary64, fused multiply-add): AIX, Mac OS X, Linux (tests);
   ppc/abi.h is the flavour layer. Sets round-to-nearest, restores the
   caller's FPSCR on exit. Radix 2^32: h is four doubles y_k, integer
   multiples of 2^(32k), |y_k| < 2^32.83 (2^34.24 for k = 3); clamped r words
   are split at bit 14 into lo < 2^14 and hi < 2^28, so every product and
   partial sum fits 53 bits: ppc/bounds.py proves each operation of
   ppc/block.inc exact with >= 0.68 bits to spare. Each slot is rounded at its
   boundary (2^32, 2^64, 2^96, 2^130) by adding a double whose unit is that
   boundary: word k+1 of the next block itself (3 * 2^181 for slot 3), placed
   by an integer store (stwbrx, below a high half kept in the frame) in a
   negative double -(C + w) 2^(32k+32), C = 2^52 + 2^48, which is also the
   start of slot k+1's sum. So words and the pad bit cost no instruction of
   their own; the C's cancel against two constants, and the loop keeps -h
   (the placed words are negative), negated at the end. The four carries are
   taken at once, then each is added to the slot above (carries in parallel).

   Instructions, exact under qemu-ppc (speed/count.py, build/ppc32):
     main loop, per 16-byte block       68.25 (4 lwz, 4 stwbrx, 4 lfd,
                                               33 fmadd/fmul (one the wrap's carry), 23 fadd/fsub;
                                               per eight blocks one addi
                                               and bdnz)
     AES-128 with its key expansion      657  (2 KiB table)
     a call: 0 / 16 / 1024 bytes         898 / 1041 / 5362
   (of a call's instructions, 48 zero the frame's secrets and the copies of
   the caller's registers before returning).
   The floating-point work, 56 a block: 32 exact products (4 pieces times 8
   pieces of r), 5 operations to round each of the 4 slots and take its
   carry, 1 to add each carry to the slot above (the wrap's times 5 2^-130);
   the rest moves words. Two blocks a pair, so the pieces alternate register
   sets instead of moving; four pairs an iteration, the addi and bdnz shared
   by eight blocks. Cycles, on models of the MPC7400 (G4) and MPC7450 (G4e)
   validated on D. J. Bernstein's 2005 loop (ppc/schedule.py): 75.2 and 70.2
   a block (this code before: 86.1 and 122.9 with carries in sequence, 53 FP
   instructions a block, whose chain of 4 x (4 fmadd + 1 fadd) + 4 took 95
   cycles at the G4e's 5-cycle latency; the 2005 loop: 101.5 and 97.0).
   Bounds: 56 FPU instructions take 74.7 cycles on the G4 (3 in 4 cycles) and
   70.0 on the G4e (4 in 5). The block's order is a search on the models
   (ppc/block.inc); each block places the next one's words between its FP
   instructions, as a clump of 16 loads and stores before every four blocks
   stalled in-order dispatch (6-7 cycles a block). Word loads, not lswx: on
   the 7450 model the string loads cost 3.5 cycles a block more (measured
   on the earlier, sequential-carry loop).

   The core (common/core.h): aes, start, blocks and finish on a 144-byte
   state holding the loop's pieces (-X, h = X r mod p: each block computes
   X r + block, and the last, by an all-zero block, is finish's) and r's
   fourteen pieces. Every entry point shares authenticate's prologue (r8
   says which) and its exit (the caller's FPSCR, registers, a wiped frame);
   blocks runs an odd first block alone (half4), then the pairs by the same
   dispatch authenticate uses.

   AES table lookups are indexed by key and nonce bytes (a cache-timing leak of
   the key); branches depend only on the length. Built with
   POLY1305AES_PPC_AES_BY_CALLER (poly1305aes_ppcct, Linux only), the code has
   no AES and no table: the entry is ppc_tag(out, kr, s, m, l), authenticate
   with s = AES_k(n) (16 bytes, as AES leaves them) computed by its caller,
   and the core has no aes; then no memory index depends on a secret. */
#include "namespace.h"
#include "abi.h"

#define SPLIT 14	/* ppc/bounds.py proves this split */

/* the frame: 480 bytes, 16-aligned; our data above 64 leaves room for any
   ABI's linkage area. Nothing is written into the caller's frame. */
#define FRAME 480
#define PA 64		/* 16 doubles: placed words of four blocks; conversions */
#define SOUT 192	/* AES_k(n), 16 bytes as produced */
#define TB 208		/* tail: last full or padded partial block, then zeros */
#define FPSCRSAVE 240
#define LRSAVE 248
#define OUTSAVE 252
#define GSAVE 264	/* r14-r31 */
#define FSAVE 336	/* f14-f31 */

/* placed-word high halves: sign, exponent of 2^(52+32k), top bits of C = 2^52 + 2^48 */
#define PW0 (0xC331 - 0x10000)
#define PW1 (0xC531 - 0x10000)
#define PW2 (0xC731 - 0x10000)
#define PW3 (0xC931 - 0x10000)	/* | 1: the pad bit 2^128 of a full block */

/* AES registers */
#define rTB0 9		/* table + 0: row 0 */
#define rTB1 10		/* table + 3: row 1 */
#define rTB2 11		/* table + 2: row 2 */
#define rTB3 12		/* table + 1: row 3, and S[x] */
#define rK0 14
#define rK1 15
#define rK2 16
#define rK3 17
#define rX0 18
#define rX1 19
#define rX2 20
#define rX3 21
#define rY0 22
#define rY1 23
#define rY2 24
#define rY3 25
#define rT0 26
#define rT1 27
#define rT2 28
#define rT3 29

/* floating-point registers: two piece sets, temporaries, key constants */
#define fA 8
#define fB 9
#define fQ 10
#define fT0 11
#define fT1 12
#define fZ 13
#define fL0 14		/* lo_j 2^(32j) */
#define fL1 15
#define fL2 16
#define fL3 17
#define fH0 18		/* hi_j 2^(32j) */
#define fH1 19
#define fH2 20
#define fH3 21
#define fW1 22		/* 5 lo_j / 4 2^(32j-128) */
#define fW2 23
#define fW3 24
#define fV1 25		/* 5 hi_j / 4 2^(32j-128) */
#define fV2 26
#define fV3 27
#define fD1 28		/* (C + C 2^-32) 2^32: the C's of P_0, P_1 */
#define fD3 29		/* (C + C 2^-32) 2^96: the C's of P_2, P_3 */
#define fA3 30		/* 3 * 2^181: rounds slot 3 at 2^130 */
#define fSC 31		/* 5 * 2^-130 */

#define KOFF(k) PPC_LOCAL(k) - PPC_LOCAL(table)
#define BLOCKS PPC_SUBROUTINE(pairs)
#define AES PPC_SUBROUTINE(aes128)

/* The core state (common/core.h; 16-byte aligned): the loop's four pieces
   (y_k: -X, with h = X r mod p: a block computes X r + block, and finish
   does the last multiplication, by a zero block), then r's fourteen pieces
   in register order (fL0-fL3, fH0-fH3, fW1-fW3, fV1-fV3: f14-f27). */
#define ST_Y 0
#define ST_R 32
#define STATE_BYTES 144
#if STATE_BYTES != POLY1305AES_CORE_STATE_BYTES
#error "STATE_BYTES differs from the cflags' POLY1305AES_CORE_STATE_BYTES"
#endif
/* r8 on entry to the common prologue: which entry point */
#define E_AUTH 0
#define E_AES 1
#define E_START 2
#define E_BLOCKS 3
#define E_FINISH 4
#define E_ONETIME 5

	PPC_TEXT
	PPC_GLOBAL(PPC_ENTRY)
	PPC_FUNCTION(PPC_ENTRY)
	PPC_ALIGN(5)
PPC_ENTRY:
	li	8, E_AUTH
PPC_LOCAL(enter):			/* every entry point: r8 says which */
	stwu	1, -FRAME(1)
	mflr	0
	stw	0, LRSAVE(1)
	stmw	14, GSAVE(1)
	stfd	14, FSAVE+0(1)
	stfd	15, FSAVE+8(1)
	stfd	16, FSAVE+16(1)
	stfd	17, FSAVE+24(1)
	stfd	18, FSAVE+32(1)
	stfd	19, FSAVE+40(1)
	stfd	20, FSAVE+48(1)
	stfd	21, FSAVE+56(1)
	stfd	22, FSAVE+64(1)
	stfd	23, FSAVE+72(1)
	stfd	24, FSAVE+80(1)
	stfd	25, FSAVE+88(1)
	stfd	26, FSAVE+96(1)
	stfd	27, FSAVE+104(1)
	stfd	28, FSAVE+112(1)
	stfd	29, FSAVE+120(1)
	stfd	30, FSAVE+128(1)
	stfd	31, FSAVE+136(1)
	mffs	0
	stfd	0, FPSCRSAVE(1)
	mtfsfi	7, 0			/* round to nearest; XE and NI off */
	bcl	20, 31, PPC_LOCAL(here)
PPC_LOCAL(here):
	mflr	rTB0
	addi	rTB0, rTB0, PPC_LOCAL(table) - PPC_LOCAL(here)
	addi	rTB1, rTB0, 3
	addi	rTB2, rTB0, 2
	addi	rTB3, rTB0, 1
	cmplwi	0, 8, E_AUTH
	bne	0, PPC_LOCAL(core)
	stw	3, OUTSAVE(1)
#if defined(POLY1305AES_PPC_AES_BY_CALLER)
	bl	PPC_LOCAL(take_s)	/* s (r5) -> SOUT(r1) */
#else
	bl	AES			/* kr (r4), n (r5) -> SOUT(r1) */
#endif
	addi	4, 4, 16
PPC_LOCAL(fromr):			/* onetime joins here: r at r4 */
	bl	PPC_LOCAL(rsetup)
	b	PPC_LOCAL(message)

/* rsetup: r (16 bytes at r4), clamped words split into lo (bits 0-13) and
   hi (bits 14-27), placed in doubles below exponent words, then the
   exponents subtracted: fL0-fV3; and the loop's constants fSC, fD1, fD3,
   fA3, fZ = +0; r10-r12 = 4, 8, 12. Uses r16-r31 and f0-f3. */
PPC_LOCAL(rsetup):
	li	10, 4
	li	11, 8
	li	12, 12
	lwbrx	17, 0, 4
	lwbrx	21, 4, 10
	lwbrx	25, 4, 11
	lwbrx	29, 4, 12
	rlwinm	19, 17, 0, 4, 31-SPLIT	/* hi_0 = r_0 & 0x0fffc000 (the clamp is in the masks) */
	rlwinm	17, 17, 0, 32-SPLIT, 31	/* lo_0 = r_0 & 0x00003fff */
	rlwinm	23, 21, 0, 4, 31-SPLIT
	rlwinm	21, 21, 0, 32-SPLIT, 29	/* lo_j = r_j & 0x00003ffc, j > 0 */
	rlwinm	27, 25, 0, 4, 31-SPLIT
	rlwinm	25, 25, 0, 32-SPLIT, 29
	rlwinm	31, 29, 0, 4, 31-SPLIT
	rlwinm	29, 29, 0, 32-SPLIT, 29
	lis	16, 0x4330
	lis	18, 0x4330
	lis	20, 0x4530
	lis	22, 0x4530
	lis	24, 0x4730
	lis	26, 0x4730
	lis	28, 0x4930
	lis	30, 0x4930
	stmw	16, PA(1)
	lfd	fL0, PA+0(1)
	lfd	fH0, PA+8(1)
	lfd	fL1, PA+16(1)
	lfd	fH1, PA+24(1)
	lfd	fL2, PA+32(1)
	lfd	fH2, PA+40(1)
	lfd	fL3, PA+48(1)
	lfd	fH3, PA+56(1)
	lfd	0, KOFF(k_m0)(rTB0)
	lfd	1, KOFF(k_m1)(rTB0)
	lfd	2, KOFF(k_m2)(rTB0)
	lfd	3, KOFF(k_m3)(rTB0)
	fsub	fL0, fL0, 0
	fsub	fH0, fH0, 0
	fsub	fL1, fL1, 1
	fsub	fH1, fH1, 1
	fsub	fL2, fL2, 2
	fsub	fH2, fH2, 2
	fsub	fL3, fL3, 3
	fsub	fH3, fH3, 3
	lfd	fSC, KOFF(k_sc)(rTB0)
	fmul	fW1, fL1, fSC		/* exact: 5 lo_j < 2^17 */
	fmul	fW2, fL2, fSC
	fmul	fW3, fL3, fSC
	fmul	fV1, fH1, fSC
	fmul	fV2, fH2, fSC
	fmul	fV3, fH3, fSC
/* constants: the loop's constants fSC, fD1, fD3, fA3, and fZ = +0 */
PPC_LOCAL(constants):
	lfd	fSC, KOFF(k_sc)(rTB0)
	lfd	fD1, KOFF(k_d1)(rTB0)
	lfd	fD3, KOFF(k_d3)(rTB0)
	lfd	fA3, KOFF(k_a3)(rTB0)
	lfd	fZ, KOFF(k_zero)(rTB0)
	blr

/* take_s: s (16 bytes at r5, as AES leaves them) -> SOUT(r1). Uses r16-r19. */
PPC_LOCAL(take_s):
	lwz	16, 0(5)
	lwz	17, 4(5)
	lwz	18, 8(5)
	lwz	19, 12(5)
	stw	16, SOUT+0(1)
	stw	17, SOUT+4(1)
	stw	18, SOUT+8(1)
	stw	19, SOUT+12(1)
	blr

PPC_LOCAL(message):
/* m: n = ceil(l / 16) blocks. The pieces start as block 1 (negated); the
   loop runs pairs of blocks, block i of a pair multiplying by r and adding
   the block after it, so it reads the blocks 2..n then an all-zero block.
   For odd n the first pair, skippair, reads blocks 1 and 2 and only adds 2,
   block 1 becoming the pieces. The last pair reads a tail buffer: a copy of
   the last block if it is full, else the partial block with its 1 byte,
   then 16 zero bytes (for n = 1 that pair is the skippair). */
	srwi	4, 7, 4			/* full blocks */
	rlwinm	5, 7, 0, 28, 31		/* bytes in a partial block */
	neg	3, 5
	srwi	3, 3, 31		/* 1 if there is a partial block */
	add	7, 4, 3			/* n */
	cmplwi	0, 7, 0
	beq	PPC_LOCAL(empty)
	stfd	fZ, TB+0(1)
	stfd	fZ, TB+8(1)
	stfd	fZ, TB+16(1)
	stfd	fZ, TB+24(1)
	addi	8, 1, TB
	slwi	28, 4, 4
	add	28, 6, 28		/* m + 16 * full blocks */
	cmplwi	0, 5, 0
	beq	PPC_LOCAL(lastfull)
	mr	29, 8			/* copy m[16 full .. l), 8, 4, 2, 1 bytes at a time */
	andi.	0, 5, 8
	beq	PPC_LOCAL(copy4)
	lwz	24, 0(28)
	lwz	25, 4(28)
	stw	24, 0(29)
	stw	25, 4(29)
	addi	28, 28, 8
	addi	29, 29, 8
PPC_LOCAL(copy4):
	andi.	0, 5, 4
	beq	PPC_LOCAL(copy2)
	lwz	24, 0(28)
	stw	24, 0(29)
	addi	28, 28, 4
	addi	29, 29, 4
PPC_LOCAL(copy2):
	andi.	0, 5, 2
	beq	PPC_LOCAL(copy1)
	lhz	24, 0(28)
	sth	24, 0(29)
	addi	28, 28, 2
	addi	29, 29, 2
PPC_LOCAL(copy1):
	andi.	0, 5, 1
	beq	PPC_LOCAL(pad)
	lbz	24, 0(28)
	stb	24, 0(29)
PPC_LOCAL(pad):
	li	0, 1
	stbx	0, 8, 5			/* the 1 just past the last byte */
	b	PPC_LOCAL(tailready)
PPC_LOCAL(lastfull):
	addi	28, 28, -16
	lwz	24, 0(28)
	lwz	25, 4(28)
	lwz	26, 8(28)
	lwz	27, 12(28)
	stw	24, 0(8)
	stw	25, 4(8)
	stw	26, 8(8)
	stw	27, 12(8)
PPC_LOCAL(tailready):
	andi.	5, 7, 1			/* n odd */
	cmplwi	6, 7, 1			/* n = 1 */
	lis	16, PW0
	lis	18, PW1
	lis	20, PW2
	lis	22, PW3
	ori	22, 22, 1
	lis	24, PW0
	lis	26, PW1
	lis	28, PW2
	lis	30, PW3
	ori	30, 30, 1
	stmw	16, PA(1)		/* high halves of the placed words: the */
	stmw	16, PA+64(1)		/* loop stores only the low ones */
	subf	3, 3, 22		/* the high half of P_3 of the last block */
	addi	17, 7, -1
	srwi	17, 17, 1		/* pairs before the tail */
	addi	7, 1, PA+4		/* the low halves of the placed words: */
	addi	8, 1, PA+36		/* r7, r8 a pair's at PA(r1) (two blocks), */
	addi	14, 1, PA+68		/* r14, r15 the other's at PA+64(r1); */
	addi	15, 1, PA+100		/* a block's four at +0, 8, 16, 24 */
	li	0, 8
	li	4, 16
	li	5, 24
	li	12, 64			/* the second 64 bytes of an iteration */
	beq	6, PPC_LOCAL(tailone)
	bne	0, PPC_LOCAL(odd)
	lwz	24, 0(6)		/* n even: block 1 is full; pieces = -(block 1) */
	lwz	25, 4(6)
	lwz	26, 8(6)
	lwz	27, 12(6)
	stwbrx	24, 0, 7
	stwbrx	25, 7, 0
	stwbrx	26, 7, 4
	stwbrx	27, 7, 5
#define NEG0 0
#define NEG1 1
#define NEG2 2
#define NEG3 3
#define NEG_OFF 0
#include "negate.inc"
	addi	6, 6, 16
	b	PPC_LOCAL(main)
PPC_LOCAL(odd):
	li	16, 1			/* n odd, >= 3: blocks 1 and 2 */
	mtctr	16
	bl	PPC_LOCAL(skippair)
	addi	17, 17, -1
PPC_LOCAL(main):
	bl	PPC_LOCAL(pairs)
PPC_LOCAL(tail):
	stw	3, PA+64+24(1)		/* no pad bit on a partial block */
	lis	3, PW3
	stw	3, PA+64+56(1)		/* nor on the zero block */
	addi	6, 1, TB
	li	3, 1
	mtctr	3
	bl	PPC_LOCAL(onepair)
PPC_LOCAL(tailed):
	li	12, 12
	b	PPC_LOCAL(final)
PPC_LOCAL(tailone):
	stw	3, PA+64+24(1)		/* n = 1: the tail's pair is the skippair */
	lis	3, PW3
	stw	3, PA+64+56(1)
	addi	6, 1, TB
	li	3, 1
	mtctr	3
	bl	PPC_LOCAL(skippair)
	b	PPC_LOCAL(tailed)
PPC_LOCAL(empty):
	fmr	0, fZ
	fmr	1, fZ
	fmr	2, fZ
	fmr	3, fZ

/* pieces -> integer: v_k = 8p_k - y_k / 2^(32k) in [0, 2^38), read as the
   mantissa of (2^52 + v_k) 2^(32k); h + 8p < 2^134 */
PPC_LOCAL(final):
	lfd	fT0, KOFF(k_f0)(rTB0)
	lfd	fT1, KOFF(k_f1)(rTB0)
	lfd	fA, KOFF(k_f2)(rTB0)
	lfd	fB, KOFF(k_f3)(rTB0)
	fsub	fT0, fT0, 0
	fsub	fT1, fT1, 1
	fsub	fA, fA, 2
	fsub	fB, fB, 3
	stfd	fT0, PA+0(1)
	stfd	fT1, PA+8(1)
	stfd	fA, PA+16(1)
	stfd	fB, PA+24(1)
	lmw	24, PA(1)		/* high, low word of each */
	rlwinm	24, 24, 0, 12, 31
	rlwinm	26, 26, 0, 12, 31
	rlwinm	28, 28, 0, 12, 31
	rlwinm	30, 30, 0, 12, 31
	addc	27, 27, 24		/* words h0 = r25, h1 = r27, h2 = r29, h3 = r31, h4 = r30 */
	adde	29, 29, 26
	adde	31, 31, 28
	addze	30, 30
	srwi	24, 30, 2		/* fold 2^130 = 5: h < 2^130 + 2^8 < 2p */
	rlwinm	30, 30, 0, 30, 31
	mulli	24, 24, 5
	addc	25, 25, 24
	addze	27, 27
	addze	29, 29
	addze	31, 31
	addze	30, 30
	addic	16, 25, 5		/* g = h + 5 - 2^130 = h - p when h >= p */
	addze	17, 27
	addze	18, 29
	addze	19, 31
	addze	20, 30
	srwi	20, 20, 2
	neg	20, 20			/* all ones when h >= p */
	xor	16, 16, 25
	xor	17, 17, 27
	xor	18, 18, 29
	xor	19, 19, 31
	and	16, 16, 20
	and	17, 17, 20
	and	18, 18, 20
	and	19, 19, 20
	xor	25, 25, 16
	xor	27, 27, 17
	xor	29, 29, 18
	xor	31, 31, 19
	addi	4, 1, SOUT		/* + s mod 2^128, little-endian */
	lwbrx	16, 0, 4
	lwbrx	17, 4, 10
	lwbrx	18, 4, 11
	lwbrx	19, 4, 12
	addc	25, 25, 16
	adde	27, 27, 17
	adde	29, 29, 18
	adde	31, 31, 19
	lwz	4, OUTSAVE(1)		/* out is written only now: it may overlap the inputs */
	stwbrx	25, 0, 4
	stwbrx	27, 4, 10
	stwbrx	29, 4, 11
	stwbrx	31, 4, 12

PPC_LOCAL(leave):			/* every entry point leaves here, fZ finite */
	fsub	fZ, fZ, fZ		/* +0 (fZ is finite): no secret left in the frame */
	stfd	fZ, PA+0(1)		/* r's pieces (set-up), placed words, h */
	stfd	fZ, PA+8(1)
	stfd	fZ, PA+16(1)
	stfd	fZ, PA+24(1)
	stfd	fZ, PA+32(1)
	stfd	fZ, PA+40(1)
	stfd	fZ, PA+48(1)
	stfd	fZ, PA+56(1)
	stfd	fZ, PA+64(1)
	stfd	fZ, PA+72(1)
	stfd	fZ, PA+80(1)
	stfd	fZ, PA+88(1)
	stfd	fZ, PA+96(1)
	stfd	fZ, PA+104(1)
	stfd	fZ, PA+112(1)
	stfd	fZ, PA+120(1)
	stfd	fZ, SOUT+0(1)		/* s */
	stfd	fZ, SOUT+8(1)
	lfd	0, FPSCRSAVE(1)
	mtfsf	0xff, 0			/* the caller's FPSCR, all of it */
	lfd	14, FSAVE+0(1)
	lfd	15, FSAVE+8(1)
	lfd	16, FSAVE+16(1)
	lfd	17, FSAVE+24(1)
	lfd	18, FSAVE+32(1)
	lfd	19, FSAVE+40(1)
	lfd	20, FSAVE+48(1)
	lfd	21, FSAVE+56(1)
	lfd	22, FSAVE+64(1)
	lfd	23, FSAVE+72(1)
	lfd	24, FSAVE+80(1)
	lfd	25, FSAVE+88(1)
	lfd	26, FSAVE+96(1)
	lfd	27, FSAVE+104(1)
	lfd	28, FSAVE+112(1)
	lfd	29, FSAVE+120(1)
	lfd	30, FSAVE+128(1)
	lfd	31, FSAVE+136(1)
	lmw	14, GSAVE(1)
	lfd	0, KOFF(k_zero)(rTB0)	/* and the copies of the caller's registers, which */
	stfd	0, FSAVE+0(1)		/* may hold the caller's secrets, are zeroed too */
	stfd	0, FSAVE+8(1)
	stfd	0, FSAVE+16(1)
	stfd	0, FSAVE+24(1)
	stfd	0, FSAVE+32(1)
	stfd	0, FSAVE+40(1)
	stfd	0, FSAVE+48(1)
	stfd	0, FSAVE+56(1)
	stfd	0, FSAVE+64(1)
	stfd	0, FSAVE+72(1)
	stfd	0, FSAVE+80(1)
	stfd	0, FSAVE+88(1)
	stfd	0, FSAVE+96(1)
	stfd	0, FSAVE+104(1)
	stfd	0, FSAVE+112(1)
	stfd	0, FSAVE+120(1)
	stfd	0, FSAVE+128(1)
	stfd	0, FSAVE+136(1)
	stfd	0, GSAVE+0(1)
	stfd	0, GSAVE+8(1)
	stfd	0, GSAVE+16(1)
	stfd	0, GSAVE+24(1)
	stfd	0, GSAVE+32(1)
	stfd	0, GSAVE+40(1)
	stfd	0, GSAVE+48(1)
	stfd	0, GSAVE+56(1)
	stfd	0, GSAVE+64(1)
	lwz	0, LRSAVE(1)
	mtlr	0
	addi	1, 1, FRAME
	blr

/* pairs: r17 >= 0 pairs of blocks at r6, the loop's registers set (r0,
   r4, r5, r7, r8, r12, r14, r15 and the placed words' high halves); the
   pieces in f0-f3 in and out. The first iteration runs the pairs % 4 (if
   not 0) through an entry into it. Uses r16, and r28 for its return. */
PPC_LOCAL(pairs):
	mflr	28
	addi	16, 17, 3
	srwi	16, 16, 2		/* iterations of four pairs; the first */
	mtctr	16			/* runs the last pairs % 4 if that is not 0 */
	cmplwi	5, 17, 0
	andi.	16, 17, 3
	cmplwi	1, 16, 2
	beq	5, PPC_LOCAL(paired)
	beq	0, PPC_LOCAL(pairs0)
	blt	1, PPC_LOCAL(pairs1)
	beq	1, PPC_LOCAL(pairs2)
	bl	PPC_LOCAL(onepair3)	/* 3 (mod 4) */
	b	PPC_LOCAL(paired)
PPC_LOCAL(pairs2):
	addi	6, 6, -64
#define PLACE_OFF 64
#define PLACE_SLOT 7
#include "place.inc"
#undef PLACE_OFF
#undef PLACE_SLOT
	bl	PPC_LOCAL(pair3)
	b	PPC_LOCAL(paired)
PPC_LOCAL(pairs1):
	bl	PPC_LOCAL(onepair)
	b	PPC_LOCAL(paired)
PPC_LOCAL(pairs0):
	bl	BLOCKS
PPC_LOCAL(paired):
	mtlr	28
	blr

/* rload: r's pieces from the state at r3 */
PPC_LOCAL(rload):
	lfd	14, ST_R+0(3)
	lfd	15, ST_R+8(3)
	lfd	16, ST_R+16(3)
	lfd	17, ST_R+24(3)
	lfd	18, ST_R+32(3)
	lfd	19, ST_R+40(3)
	lfd	20, ST_R+48(3)
	lfd	21, ST_R+56(3)
	lfd	22, ST_R+64(3)
	lfd	23, ST_R+72(3)
	lfd	24, ST_R+80(3)
	lfd	25, ST_R+88(3)
	lfd	26, ST_R+96(3)
	lfd	27, ST_R+104(3)
	blr

/* ---- the core (common/core.h) on a state of STATE_BYTES bytes at r3 ---- */
PPC_LOCAL(core):			/* r8: which entry point */
	cmplwi	0, 8, E_START
#if !defined(POLY1305AES_PPC_AES_BY_CALLER)
	blt	0, PPC_LOCAL(core_aes)
#endif
	beq	0, PPC_LOCAL(core_start)
	cmplwi	0, 8, E_BLOCKS
	beq	0, PPC_LOCAL(core_blocks)
	cmplwi	0, 8, E_ONETIME
	beq	0, PPC_LOCAL(onetime)

/* finish(st, s, tag): h = X r (a zero block), then authenticate's final */
	stw	5, OUTSAVE(1)
	mr	5, 4
	bl	PPC_LOCAL(take_s)	/* s, as bytes, where AES leaves it */
	bl	PPC_LOCAL(constants)
	bl	PPC_LOCAL(rload)
	lfd	4, ST_Y+0(3)		/* the pieces, as the second block of a pair takes them */
	lfd	5, ST_Y+8(3)
	lfd	6, ST_Y+16(3)
	lfd	7, ST_Y+24(3)
	li	16, 0
PPC_LOCAL(wipestate):			/* the state zeroed */
	stfdx	fZ, 3, 16
	addi	16, 16, 8
	cmplwi	0, 16, STATE_BYTES
	blt	0, PPC_LOCAL(wipestate)
	lis	24, PW0			/* the zero block's placed words at PA+96: */
	li	25, 0			/* high halves without the pad bit, words 0 */
	lis	26, PW1
	li	27, 0
	lis	28, PW2
	li	29, 0
	lis	30, PW3
	li	31, 0
	stmw	24, PA+96(1)
	li	16, 1
	mtctr	16
	bl	PPC_LOCAL(half4)	/* pieces f0-f3 = X r */
	li	10, 4
	li	11, 8
	li	12, 12
	b	PPC_LOCAL(final)

/* onetime(out, key, m, l), onetimeauth's fused code (common/onepath.c;
   poly1305aes_ppcct's paths given n NULL): authenticate with s from the
   one-time key r || s (its entry put r4 = r, r5 = s, r6 = m, r7 = l) in
   place of AES; no table, so in both builds */
PPC_LOCAL(onetime):
	stw	3, OUTSAVE(1)
	bl	PPC_LOCAL(take_s)	/* s (r5) -> SOUT(r1) */
	b	PPC_LOCAL(fromr)

#if !defined(POLY1305AES_PPC_AES_BY_CALLER)
/* aes(out, k, in) */
PPC_LOCAL(core_aes):
	stw	3, OUTSAVE(1)
	bl	AES			/* k (r4), in (r5) -> SOUT(r1) */
	lwz	3, OUTSAVE(1)
	lwz	16, SOUT+0(1)
	lwz	17, SOUT+4(1)
	lwz	18, SOUT+8(1)
	lwz	19, SOUT+12(1)
	stw	16, 0(3)
	stw	17, 4(3)
	stw	18, 8(3)
	stw	19, 12(3)
	lfd	fZ, KOFF(k_zero)(rTB0)
	b	PPC_LOCAL(leave)
#endif

/* start(st, r): X = 0, r's pieces */
PPC_LOCAL(core_start):
	bl	PPC_LOCAL(rsetup)
	stfd	14, ST_R+0(3)
	stfd	15, ST_R+8(3)
	stfd	16, ST_R+16(3)
	stfd	17, ST_R+24(3)
	stfd	18, ST_R+32(3)
	stfd	19, ST_R+40(3)
	stfd	20, ST_R+48(3)
	stfd	21, ST_R+56(3)
	stfd	22, ST_R+64(3)
	stfd	23, ST_R+72(3)
	stfd	24, ST_R+80(3)
	stfd	25, ST_R+88(3)
	stfd	26, ST_R+96(3)
	stfd	27, ST_R+104(3)
	stfd	fZ, ST_Y+0(3)
	stfd	fZ, ST_Y+8(3)
	stfd	fZ, ST_Y+16(3)
	stfd	fZ, ST_Y+24(3)
	b	PPC_LOCAL(leave)

/* blocks(st, m, nblocks, pad): the state's pieces through the loop: an odd
   first block alone (the second block of a pair, half4), then pairs */
PPC_LOCAL(core_blocks):
	bl	PPC_LOCAL(constants)
	cmplwi	0, 5, 0
	beq	0, PPC_LOCAL(leave)
	bl	PPC_LOCAL(rload)
	lfd	0, ST_Y+0(3)
	lfd	1, ST_Y+8(3)
	lfd	2, ST_Y+16(3)
	lfd	3, ST_Y+24(3)
	neg	0, 6
	or	0, 0, 6
	srwi	0, 0, 31		/* the pad bit: 1 or 0 */
	lis	16, PW0			/* the placed words' high halves */
	lis	18, PW1
	lis	20, PW2
	lis	22, PW3
	or	22, 22, 0
	lis	24, PW0
	lis	26, PW1
	lis	28, PW2
	lis	30, PW3
	or	30, 30, 0
	stmw	16, PA(1)
	stmw	16, PA+64(1)
	mr	6, 4			/* m */
	mr	17, 5			/* nblocks */
	addi	7, 1, PA+4		/* the low halves' slots, as at tailready */
	addi	8, 1, PA+36
	addi	14, 1, PA+68
	addi	15, 1, PA+100
	li	0, 8
	li	4, 16
	li	5, 24
	li	12, 64
	andi.	16, 17, 1
	beq	0, PPC_LOCAL(evenblocks)
#define PLACE_OFF 0
#define PLACE_SLOT 15
#include "place.inc"
#undef PLACE_OFF
#undef PLACE_SLOT
	fmr	4, 0
	fmr	5, 1
	fmr	6, 2
	fmr	7, 3
	addi	6, 6, -112		/* half4 adds 128: the next block */
	li	16, 1
	mtctr	16
	bl	PPC_LOCAL(half4)
PPC_LOCAL(evenblocks):
	srwi	17, 17, 1
	bl	PPC_LOCAL(pairs)
	stfd	0, ST_Y+0(3)
	stfd	1, ST_Y+8(3)
	stfd	2, ST_Y+16(3)
	stfd	3, ST_Y+24(3)
	b	PPC_LOCAL(leave)
	PPC_SIZE(PPC_ENTRY)

/* the core's entry points: each says which it is and shares the prologue */
#if !defined(POLY1305AES_PPC_AES_BY_CALLER)
	PPC_GLOBAL(PPC_CORE(aes))
	PPC_FUNCTION(PPC_CORE(aes))
PPC_CORE(aes):
	li	8, E_AES
	b	PPC_LOCAL(enter)
	PPC_SIZE(PPC_CORE(aes))
#endif
	PPC_GLOBAL(PPC_CORE(start))
	PPC_FUNCTION(PPC_CORE(start))
PPC_CORE(start):
	li	8, E_START
	b	PPC_LOCAL(enter)
	PPC_SIZE(PPC_CORE(start))
	PPC_GLOBAL(PPC_CORE(blocks))
	PPC_FUNCTION(PPC_CORE(blocks))
PPC_CORE(blocks):
	li	8, E_BLOCKS
	b	PPC_LOCAL(enter)
	PPC_SIZE(PPC_CORE(blocks))
	PPC_GLOBAL(PPC_CORE(finish))
	PPC_FUNCTION(PPC_CORE(finish))
PPC_CORE(finish):
	li	8, E_FINISH
	b	PPC_LOCAL(enter)
	PPC_SIZE(PPC_CORE(finish))
	PPC_GLOBAL(PPC_CORE(onetime))
	PPC_FUNCTION(PPC_CORE(onetime))
PPC_CORE(onetime):			/* (out, key, m, l): as authenticate's registers */
	mr	7, 6
	mr	6, 5
	addi	5, 4, 16
	li	8, E_ONETIME
	b	PPC_LOCAL(enter)
	PPC_SIZE(PPC_CORE(onetime))

/* pairs of blocks, four pairs an iteration: ctr iterations. r6 -> the
   bytes of the blocks the iteration adds. A block's words are loaded
   big-endian and stored byte-reversed as the low halves of its placed words,
   whose high halves stay in the frame: the first and third pair's at PA(r1),
   the second and fourth's at PA+64(r1), a block's four low halves at r7, r8,
   r14 or r15 + 0, 8, 16, 24 (r0, r4, r5 = 8, 16, 24); r12 = 64. Each block
   places the words of the block after it in the iteration (NEXT_OFF(r6) to
   NEXT_SLOT, ppc/block.inc), between its FP instructions; the iteration's
   first block is placed at its top (ppc/place.inc), so no load reads past
   the iteration's 128 bytes. Pieces in f0-f3 on entry, between the pairs and
   on exit. Entered at BLOCKS, or, when the number of pairs is not a multiple
   of four, for the first iteration at pair2 with r6 - 32 (three pairs),
   pair3 with r6 - 64 (two) or pair4 with r6 - 96 (one; also the tail, with
   ctr = 1), each entry having placed the first block of its pair (onepair3,
   the caller of pair3, onepair). skippair (ctr = 1) is a pair whose first
   block becomes the pieces instead of being added to them: it places both
   blocks and enters pair4 at half4: the start for odd n. */
	PPC_FUNCTION(BLOCKS)
	PPC_ALIGN(5)
BLOCKS:
#define PLACE_OFF 0
#define PLACE_SLOT 7
#include "place.inc"
#undef PLACE_OFF
#undef PLACE_SLOT
#define OLD0 0
#define OLD1 1
#define OLD2 2
#define OLD3 3
#define NEW0 4
#define NEW1 5
#define NEW2 6
#define NEW3 7
#define POFF PA
#define NEXT_OFF 16
#define NEXT_SLOT 8
#include "block.inc"
#undef OLD0
#undef OLD1
#undef OLD2
#undef OLD3
#undef NEW0
#undef NEW1
#undef NEW2
#undef NEW3
#undef POFF
#undef NEXT_OFF
#undef NEXT_SLOT
#define OLD0 4
#define OLD1 5
#define OLD2 6
#define OLD3 7
#define NEW0 0
#define NEW1 1
#define NEW2 2
#define NEW3 3
#define POFF PA+32
#define NEXT_OFF 32
#define NEXT_SLOT 14
#include "block.inc"
#undef OLD0
#undef OLD1
#undef OLD2
#undef OLD3
#undef NEW0
#undef NEW1
#undef NEW2
#undef NEW3
#undef POFF
#undef NEXT_OFF
#undef NEXT_SLOT
PPC_LOCAL(pair2):
#define OLD0 0
#define OLD1 1
#define OLD2 2
#define OLD3 3
#define NEW0 4
#define NEW1 5
#define NEW2 6
#define NEW3 7
#define POFF PA+64
#define NEXT_OFF 48
#define NEXT_SLOT 15
#include "block.inc"
#undef OLD0
#undef OLD1
#undef OLD2
#undef OLD3
#undef NEW0
#undef NEW1
#undef NEW2
#undef NEW3
#undef POFF
#undef NEXT_OFF
#undef NEXT_SLOT
#define OLD0 4
#define OLD1 5
#define OLD2 6
#define OLD3 7
#define NEW0 0
#define NEW1 1
#define NEW2 2
#define NEW3 3
#define POFF PA+96
#define NEXT_OFF 64
#define NEXT_SLOT 7
#include "block.inc"
#undef OLD0
#undef OLD1
#undef OLD2
#undef OLD3
#undef NEW0
#undef NEW1
#undef NEW2
#undef NEW3
#undef POFF
#undef NEXT_OFF
#undef NEXT_SLOT
PPC_LOCAL(pair3):
#define OLD0 0
#define OLD1 1
#define OLD2 2
#define OLD3 3
#define NEW0 4
#define NEW1 5
#define NEW2 6
#define NEW3 7
#define POFF PA
#define NEXT_OFF 80
#define NEXT_SLOT 8
#include "block.inc"
#undef OLD0
#undef OLD1
#undef OLD2
#undef OLD3
#undef NEW0
#undef NEW1
#undef NEW2
#undef NEW3
#undef POFF
#undef NEXT_OFF
#undef NEXT_SLOT
#define OLD0 4
#define OLD1 5
#define OLD2 6
#define OLD3 7
#define NEW0 0
#define NEW1 1
#define NEW2 2
#define NEW3 3
#define POFF PA+32
#define NEXT_OFF 96
#define NEXT_SLOT 14
#include "block.inc"
#undef OLD0
#undef OLD1
#undef OLD2
#undef OLD3
#undef NEW0
#undef NEW1
#undef NEW2
#undef NEW3
#undef POFF
#undef NEXT_OFF
#undef NEXT_SLOT
PPC_LOCAL(pair4):
#define OLD0 0
#define OLD1 1
#define OLD2 2
#define OLD3 3
#define NEW0 4
#define NEW1 5
#define NEW2 6
#define NEW3 7
#define POFF PA+64
#define NEXT_OFF 112
#define NEXT_SLOT 15
#include "block.inc"
#undef OLD0
#undef OLD1
#undef OLD2
#undef OLD3
#undef NEW0
#undef NEW1
#undef NEW2
#undef NEW3
#undef POFF
#undef NEXT_OFF
#undef NEXT_SLOT
PPC_LOCAL(half4):
#define OLD0 4
#define OLD1 5
#define OLD2 6
#define OLD3 7
#define NEW0 0
#define NEW1 1
#define NEW2 2
#define NEW3 3
#define POFF PA+96
#include "block.inc"
#undef OLD0
#undef OLD1
#undef OLD2
#undef OLD3
#undef NEW0
#undef NEW1
#undef NEW2
#undef NEW3
#undef POFF
	addi	6, 6, 128
	bdnz	BLOCKS
	blr
PPC_LOCAL(onepair3):
#define PLACE_OFF 0
#define PLACE_SLOT 14
#include "place.inc"
#undef PLACE_OFF
#undef PLACE_SLOT
	addi	6, 6, -32		/* pair2 reads r6 + 32 */
	b	PPC_LOCAL(pair2)
PPC_LOCAL(onepair):
#define PLACE_OFF 0
#define PLACE_SLOT 14
#include "place.inc"
#undef PLACE_OFF
#undef PLACE_SLOT
	addi	6, 6, -96		/* pair4 reads r6 + 96; + 128 after it */
	b	PPC_LOCAL(pair4)
PPC_LOCAL(skippair):
#define PLACE_OFF 0
#define PLACE_SLOT 14
#include "place.inc"
#undef PLACE_OFF
#undef PLACE_SLOT
#define PLACE_OFF 16
#define PLACE_SLOT 15
#include "place.inc"
#undef PLACE_OFF
#undef PLACE_SLOT
#define NEG0 4		/* the first block is not added to */
#define NEG1 5		/* pieces but becomes them: -(block) */
#define NEG2 6
#define NEG3 7
#define NEG_OFF 64
#include "negate.inc"
	addi	6, 6, -96
	b	PPC_LOCAL(half4)
	PPC_SIZE(BLOCKS)

#if !defined(POLY1305AES_PPC_AES_BY_CALLER)
/* AES-128: key at r4, nonce at r5, table pointers r9-r12; writes SOUT(r1) */
	PPC_FUNCTION(AES)
	PPC_ALIGN(5)
AES:
	lwz	rK0, 0(4)
	lwz	rK1, 4(4)
	lwz	rK2, 8(4)
	lwz	rK3, 12(4)
	lwz	rX0, 0(5)
	lwz	rX1, 4(5)
	lwz	rX2, 8(5)
	lwz	rX3, 12(5)
	xor	rX0, rX0, rK0
	xor	rX1, rX1, rK1
	xor	rX2, rX2, rK2
	xor	rX3, rX3, rK3
#define AES_IN0 rX0
#define AES_IN1 rX1
#define AES_IN2 rX2
#define AES_IN3 rX3
#define AES_OUT0 rY0
#define AES_OUT1 rY1
#define AES_OUT2 rY2
#define AES_OUT3 rY3
#define AES_RCON_HI 0x0100
#include "aes_round.inc"
#undef AES_RCON_HI
#define AES_RCON_HI 0x0200
#include "aes_round.inc"
#undef AES_RCON_HI
#define AES_RCON_HI 0x0400
#include "aes_round.inc"
#undef AES_RCON_HI
#define AES_RCON_HI 0x0800
#include "aes_round.inc"
#undef AES_RCON_HI
#define AES_RCON_HI 0x1000
#include "aes_round.inc"
#undef AES_RCON_HI
#define AES_RCON_HI 0x2000
#include "aes_round.inc"
#undef AES_RCON_HI
#define AES_RCON_HI 0x4000
#include "aes_round.inc"
#undef AES_RCON_HI
#define AES_RCON_HI 0x8000
#include "aes_round.inc"
#undef AES_RCON_HI
#define AES_RCON_HI 0x1b00
#include "aes_round.inc"
#undef AES_RCON_HI
#define AES_RCON_HI 0x3600
#define AES_LAST 1
#include "aes_round.inc"
/* last round: S-box bytes only, from S[x] at entry byte 1; output column c from
   columns c, c + 1, c + 2, c + 3 */
#define LAST_IN0 AES_IN0
#define LAST_IN1 AES_IN1
#define LAST_IN2 AES_IN2
#define LAST_IN3 AES_IN3
#define LAST_KEY rK0
#define LAST_OFF 0
#include "aes_last.inc"
#define LAST_IN0 AES_IN1
#define LAST_IN1 AES_IN2
#define LAST_IN2 AES_IN3
#define LAST_IN3 AES_IN0
#define LAST_KEY rK1
#define LAST_OFF 4
#include "aes_last.inc"
#define LAST_IN0 AES_IN2
#define LAST_IN1 AES_IN3
#define LAST_IN2 AES_IN0
#define LAST_IN3 AES_IN1
#define LAST_KEY rK2
#define LAST_OFF 8
#include "aes_last.inc"
#define LAST_IN0 AES_IN3
#define LAST_IN1 AES_IN0
#define LAST_IN2 AES_IN1
#define LAST_IN3 AES_IN2
#define LAST_KEY rK3
#define LAST_OFF 12
#include "aes_last.inc"
	blr
	PPC_SIZE(AES)
#endif

/* read-only data, in the text section so PC-relative offsets need no relocation */
	PPC_ALIGN(6)
PPC_LOCAL(table):			/* also the constants' base */
#if !defined(POLY1305AES_PPC_AES_BY_CALLER)
#include "aes_table.inc"
#endif
	PPC_ALIGN(3)
PPC_LOCAL(k_m0):	.long	0x43300000, 0x00000000	/* 2^52: r piece exponents */
PPC_LOCAL(k_m1):	.long	0x45300000, 0x00000000	/* 2^84 */
PPC_LOCAL(k_m2):	.long	0x47300000, 0x00000000	/* 2^116 */
PPC_LOCAL(k_m3):	.long	0x49300000, 0x00000000	/* 2^148 */
PPC_LOCAL(k_e0):	.long	0x43310000, 0x00000000	/* C: P_k + C 2^(32k) = -w_k 2^(32k) */
PPC_LOCAL(k_e1):	.long	0x45310000, 0x00000000	/* C 2^32 */
PPC_LOCAL(k_e2):	.long	0x47310000, 0x00000000	/* C 2^64 */
PPC_LOCAL(k_e3):	.long	0x49310000, 0x00000000	/* C 2^96 */
PPC_LOCAL(k_f0):	.long	0x43300001, 0xffffffd8	/* 2^52 + 2^33 - 40: 8p = (2^33 - 40, */
PPC_LOCAL(k_f1):	.long	0x45300001, 0xfffffffe	/* (2^52 + 2^33 - 2) 2^32    2^33 - 2, */
PPC_LOCAL(k_f2):	.long	0x47300001, 0xfffffffe	/* (2^52 + 2^33 - 2) 2^64    2^33 - 2, */
PPC_LOCAL(k_f3):	.long	0x4930001f, 0xfffffffe	/* (2^52 + 2^37 - 2) 2^96    2^37 - 2) */
PPC_LOCAL(k_d1):	.long	0x45310000, 0x00110000	/* (C + C 2^-32) 2^32 */
PPC_LOCAL(k_d3):	.long	0x49310000, 0x00110000	/* (C + C 2^-32) 2^96 */
PPC_LOCAL(k_a3):	.long	0x4b580000, 0x00000000	/* 3 * 2^181 */
PPC_LOCAL(k_sc):	.long	0x37f40000, 0x00000000	/* 5 * 2^-130 */
PPC_LOCAL(k_zero):	.long	0, 0			/* +0 */

	PPC_NOTE_STACK
