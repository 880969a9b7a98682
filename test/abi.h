/* SPDX-License-Identifier: CC0-1.0 */
/* The block test/abi.c shares with the assembly harness targets/<target>/abi.S.
   Assumes long and pointers are the register width (8 bytes on amd64,
   sparc64, arm64, riscv64, ppc64le and s390x, 4 on x86, ppc32 and armhf) and a block aligned to 16 bytes. Included by
   C and by assembly, so the layout is given as byte offsets. */
#ifndef abi_H
#define abi_H

#define ABI_W __SIZEOF_LONG__   /* GCC and clang define it, in assembly too */

#define ABI_NINT 40   /* word slots checked: registers, control words, frame words */
#define ABI_NFP 18    /* 8-byte slots: f14-f31 on ppc32 and ppc64le */
#define ABI_NVEC 12   /* 16-byte slots: v20-v31 on ppc32 with AltiVec and on ppc64le */

#define ABI_FN (0 * ABI_W)      /* the function to call */
#define ABI_ARG (1 * ABI_W)     /* its arguments, 6 words */
#define ABI_RET (7 * ABI_W)     /* its return register after the call */
#define ABI_PAD (8 * ABI_W)     /* extra stack bytes below the call (multiple of 16) */
#define ABI_FLAGS (9 * ABI_W)   /* ABI_HAS_* */
#define ABI_HOST (10 * ABI_W)   /* 6 words the harness keeps for itself */
#define ABI_WANT (16 * ABI_W)   /* values loaded before the call (or read just before it) */
#define ABI_GOT (ABI_WANT + ABI_NINT * ABI_W)   /* the same slots read after the call */
#define ABI_FWANT (ABI_GOT + ABI_NINT * ABI_W)
#define ABI_FGOT (ABI_FWANT + 8 * ABI_NFP)
#define ABI_VWANT (ABI_FGOT + 8 * ABI_NFP)
#define ABI_VGOT (ABI_VWANT + 16 * ABI_NVEC)
#define ABI_PAINT (ABI_VGOT + 16 * ABI_NVEC)   /* the word (low 32 bits) the stack is painted with */
#define ABI_STACK (ABI_PAINT + 16)              /* the stack at the call, copied back after it: */
#define ABI_NSTACK 8192   /* bytes below the stack pointer of the call (painted before it), then */
#define ABI_NABOVE 256    /* bytes from the stack pointer up (argument words, save areas) */
#define ABI_RUN (ABI_STACK + ABI_NSTACK + ABI_NABOVE)   /* the stack the call runs on: */
#define ABI_NRUN 65536
#define ABI_RUNTOP (ABI_RUN + ABI_NRUN - 1024)   /* its top, less the pad (and the frame words) */
#define ABI_SIZE (ABI_RUN + ABI_NRUN)

#define ABI_HAS_MXCSR 1     /* x86: SSE present, MXCSR is loaded and checked */
#define ABI_HAS_DAZ 2       /* x86: MXCSR takes DAZ (MXCSR_MASK bit 6) */
#define ABI_HAS_ALTIVEC 4   /* ppc32, ppc64le: v20-v31 and VRSAVE (ppc64le: VSCR too) are loaded and checked */
#define ABI_HAS_XINUSE 8    /* x86: XGETBV(1) tells whether the upper halves of ymm/zmm are in use */
#define ABI_HAS_FPTRAPS 16  /* arm64, armhf: FPCR/FPSCR holds the trap enables (the CPU implements FP traps) */
#define ABI_HAS_ZMM 32      /* x86: AVX-512F and the OS saves zmm state (a caller can dirty zmm upper halves) */
#define ABI_HAS_RVV 0x100   /* riscv64: the V extension (AT_HWCAP): vxrm, vxsat and vstart are checked */

#ifdef __ASSEMBLER__
/* "fake NAME" starts the global function abi_fake_NAME: a deliberately broken callee */
	.macro fake name
	.globl abi_fake_\name
#if defined(__sparc__)
	.type abi_fake_\name, #function
#elif defined(__arm__)
	.type abi_fake_\name, %function
#else
	.type abi_fake_\name, @function
#endif
abi_fake_\name:
	.endm

/* "abi_end" ends a harness: `current`, the word that holds the block of the call
   under way (found again after the callee, whatever it did to the registers),
   and the note that the harness needs no executable stack */
	.macro abi_end
	.section .bss
	.balign ABI_W
current:
	.zero ABI_W

	.section .note.GNU-stack, "", %progbits
	.endm
#else
struct abi_block {
  unsigned long fn, arg[6], ret, pad, flags, host[6];
  unsigned long want[ABI_NINT], got[ABI_NINT];
  unsigned char fwant[8 * ABI_NFP], fgot[8 * ABI_NFP];
  unsigned char vwant[16 * ABI_NVEC], vgot[16 * ABI_NVEC];
  unsigned long long paint, unused;
  unsigned char stack[ABI_NSTACK + ABI_NABOVE];
  unsigned char run[ABI_NRUN];
};
/* Loads want[] (and fwant, vwant) into the registers the ABI says a callee
   preserves and the floating-point control and status registers, switches
   to the stack run[] (its top at ABI_RUNTOP, lowered by ABI_PAD: the same
   stack pointer at every call with the same block and pad, wherever the
   harness is called from), paints the ABI_NSTACK bytes below the stack
   pointer of the call with the word paint, calls fn(arg[0..4]), stores the
   same registers into got[], and copies the stack from ABI_NSTACK below to
   ABI_NABOVE above that stack pointer into stack[]. Returns 0; restores its
   caller's state (its stack, its x87 environment and MXCSR as they were). */
int abi_call(struct abi_block *block);
unsigned long abi_features(void);   /* ABI_HAS_* this CPU has (x86, arm64; else 0) */
#endif

#endif
