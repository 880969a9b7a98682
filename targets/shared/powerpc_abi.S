/* SPDX-License-Identifier: CC0-1.0 */
/* What the PowerPC ABI harnesses (targets/ppc32/abi.S, targets/ppc64le/abi.S) do alike;
   after test/abi.h (the fake macro). GNU as. */

/* the broken callees both PowerPC ABIs share: each changes one of r14-r31,
   f14-f31, v20-v31, r1, r2, r13 and CR2-CR4, which a callee must leave as it found them */
	.macro fakes_powerpc
	.irp n, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31
	fake r\n
	nor %r\n, %r\n, %r\n
	blr
	fake f\n
	fneg %f\n, %f\n
	blr
	.endr
	.irp n, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31
	fake v\n
	vnor %v\n, %v\n, %v\n
	blr
	.endr
	fake r1                          /* returns with r1 16 bytes higher */
	addi %r1, %r1, 16
	blr
	fake r2
	addi %r2, %r2, 8
	blr
	fake r13
	addi %r13, %r13, 8
	blr
	.irp n, 2, 3, 4                  /* flips the EQ bit of CRn */
	fake cr\n
	crnot 4 * \n + 2, 4 * \n + 2
	blr
	.endr
	.endm
