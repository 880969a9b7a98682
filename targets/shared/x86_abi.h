/* SPDX-License-Identifier: CC0-1.0 */
/* What the x86 ABI harnesses (targets/x86/abi.S, targets/amd64/abi.S) do alike,
   in the includer's word size: R(x) names the word register (%ex or %rx),
   W is its size in bytes, WANT(i) and GOT(i) the slots, GPRS the count of
   preserved registers (the stack pointer last); FRAME_AT is where the 8
   frame words start above the stack pointer of the call; BLK_IN holds the
   block before the call. GNU as, AT&T syntax. */

/* the slots after the registers, as test/abi.c reads them */
#define SLOT_SP (GPRS - 1)
#define SLOT_CW GPRS
#define SLOT_DF (GPRS + 2)
#define SLOT_TAG (GPRS + 3)
#define SLOT_FRAME (GPRS + 4)
#define SLOT_SW (GPRS + 12)

/* callee-saved register r from want slot i, before the call; into got slot
   i after it (the block then in R(ax)) */
.macro load r, i
	mov WANT(\i)(BLK_IN), %\r
.endm
.macro store r, i
	mov %\r, GOT(\i)(R(ax))
.endm
/* abi_fake_<r>, a broken callee for abi --selftest: it complements r */
.macro clobber r, i
	fake \r
	not %\r
	ret
.endm

/* the want x87 control and status words loaded (through an environment
   below the stack pointer) and stored back as the CPU holds them; t16 is
   a scratch 16-bit register. The last instruction and operand pointers
   (FIP, FCS and opcode, FDP, FDS) are loaded as zero: every call starts
   from the same ones, which only the callee's own x87 instructions change
   (the harness runs none before the call), and a context switch cannot
   change zero (an AMD CPU's XSAVE zeroes them unless an exception is
   pending), so a callee's copy of them is the same in every call */
.macro x87_want t16
	fnstenv -32(R(sp))
	movw WANT(SLOT_CW)(BLK_IN), \t16
	movw \t16, -32(R(sp))
	movw WANT(SLOT_SW)(BLK_IN), \t16
	movw \t16, -28(R(sp))
	movl $0, -20(R(sp))
	movl $0, -16(R(sp))
	movl $0, -12(R(sp))
	movl $0, -8(R(sp))
	fldenv -32(R(sp))
	fnstcw WANT(SLOT_CW)(BLK_IN)
	fnstsw WANT(SLOT_SW)(BLK_IN)
.endm

/* the ABI_NSTACK bytes below the stack pointer painted with the 32-bit
   register word; R(cx) is scratch */
.macro paint word
	mov $-ABI_NSTACK, R(cx)
1:	mov \word, (R(sp),R(cx))
	add $4, R(cx)
	jnz 1b
.endm

/* after the call, with the block in R(ax) and the callee's registers saved:
   the stack pointer, x87 CW and status word, the 8 frame words, then (on
   the harness's own stack again) DF, the stack the callee used (from
   ABI_NSTACK below the call's stack pointer to ABI_NABOVE above it) and the
   x87 tag word into got; R(cx) R(dx) R(si) R(di) are scratch, DF ends clear */
.macro after_call
	mov R(sp), GOT(SLOT_SP)(R(ax))
	fnstcw GOT(SLOT_CW)(R(ax))
	fnstsw GOT(SLOT_SW)(R(ax))
	mov WANT(SLOT_SP)(R(ax)), R(cx)
	.irp i, 0, 1, 2, 3, 4, 5, 6, 7
	mov FRAME_AT + W * \i(R(cx)), R(dx)
	mov R(dx), GOT(SLOT_FRAME + \i)(R(ax))
	.endr
	lea -ABI_NSTACK(R(cx)), R(si)
	mov ABI_HOST(R(ax)), R(sp)
	pushf                                /* DF as the callee left it, before cld */
	pop R(cx)
	shr $10, R(cx)
	and $1, R(cx)
	mov R(cx), GOT(SLOT_DF)(R(ax))
	cld
	lea ABI_STACK(R(ax)), R(di)
	mov $(ABI_NSTACK + ABI_NABOVE), R(cx)
	rep movsb
	sub $32, R(sp)
	fnstenv (R(sp))
	movzwl 8(R(sp)), %ecx                /* the tag word: 0xffff when the stack is empty */
	mov R(cx), GOT(SLOT_TAG)(R(ax))
	add $32, R(sp)
.endm

/* a callee that raises inexact under masked exceptions and puts its
   caller's control word back (saved at cw; tmp is scratch memory) */
.macro masked_inexact cw, tmp
	fnstcw \cw
	movw $0x037f, \tmp
	fldcw \tmp
	fld1
	fldpi
	fdivrp                               /* 1 / pi: inexact */
	fstp %st(0)
	fldcw \cw
.endm

/* two broken callees for abi --selftest: one leaves DF set, one a value on
   the x87 stack */
.macro fakes_df_x87
	fake df
	std
	ret

	fake x87
	fld1
	ret
.endm

/* two broken callees for abi --selftest: each leaves upper halves dirty
   (no vzeroupper), of ymm0 and of zmm0 */
.macro fakes_upper
	fake upper
	vpcmpeqd %ymm0, %ymm0, %ymm0
	ret

	fake upperz
	vpternlogd $0xff, %zmm0, %zmm0, %zmm0
	ret
.endm
