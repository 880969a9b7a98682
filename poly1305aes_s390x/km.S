/* SPDX-License-Identifier: CC0-1.0 */
/* poly1305aes_s390x's AES on CPACF: AES-128 of one block by KM (CIPHER
   MESSAGE, opcode B92E, RRE: bits 0-15 the opcode, 24-27 R1, 28-31 R2),
   function code 18 (KM-AES-128, encrypt), and the detection of that
   function. Assumes z/Architecture with the message-security assist
   (STFLE facility bit 17) and, for aes_km, KM-AES-128 installed (bit 18 of
   KM's query): the dispatcher runs aes_km only where km_aes128_reported
   said 1 (dispatch.c). s390x ELF ABI: only r0-r5, which a call clobbers,
   are written. The key is the parameter block itself: KM reads it in
   place, so no copy of it is made (nothing to wipe but what the hardware
   keeps). The hardware's AES takes no branch and no memory index from the
   key or the data that software could see; that is IBM's claim, not one
   the qemu trace check here can test (qemu has no KM-AES-128). */
#include "s390x.h"

	.text
/* void aes_km(out r2, k r3, in r4): out = AES_k(in). GR0 = 18 (its bit 56,
   the modifier, clear: encrypt), GR1 = k (the parameter block: the 16-byte
   key), R1 = r2 (the output's address; even, not 0), R2 = the even-odd
   pair (r4, r5): the input's address and its length, 16. KM may stop after
   a CPU-determined number of blocks with condition code 3 (partial
   completion), r2, r4 and r5 advanced past what it did: it runs again
   until condition code 0 (r5 = 0). out overlaps neither k nor in: the
   dispatcher passes a buffer of its own frame (dispatch.c's key_s). */
	.globl aes_km
	.hidden aes_km
	.type aes_km, @function
	.p2align 4
aes_km:
	lghi %r0, 18
	lgr %r1, %r3
	lghi %r5, 16
0:	km %r2, %r4
	brc 1, 0b                        /* condition code 3: go on */
	br %r14
	.size aes_km, .-aes_km

/* int km_aes128_reported(void): 1 when STFLE reports the message-security
   assist (facility bit 17: byte 2, 0x40) and KM's query (function code 0)
   reports KM-AES-128 (bit 18 of its 128-bit mask: byte 2, 0x20), else 0.
   Needs STFLE (the caller checks AT_HWCAP's HWCAP_S390_STFLE). STFLE with
   GR0 = 0 stores one doubleword (facilities 0-63; condition code 3 when
   the CPU has more, stored all the same) and sets GR0's bits 56-63 to
   the number the CPU has less one; the query stores 16 bytes at
   GR1, R1 and R2 unused (still even and not 0). Scratch: bytes 128-143 of
   the register save area the caller gives every callee. */
	.globl km_aes128_reported
	.hidden km_aes128_reported
	.type km_aes128_reported, @function
	.p2align 4
km_aes128_reported:
	lghi %r0, 0
	stfle 128(%r15)
	lghi %r2, 0
	tm 130(%r15), 0x40               /* facility 17: the message-security assist */
	jz 1f
	lghi %r0, 0                      /* STFLE left its count of doublewords - 1 there */
	la %r1, 128(%r15)
	km %r2, %r4                      /* GR0 = 0: the query */
	tm 130(%r15), 0x20               /* function 18: KM-AES-128 */
	jz 1f
	lghi %r2, 1
1:	br %r14
	.size km_aes128_reported, .-km_aes128_reported

	.section .note.GNU-stack, "", @progbits
