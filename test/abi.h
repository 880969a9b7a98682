/* The block test/abi.c shares with the assembly harness test/abi_<target>.S.
   Assumes long and pointers are the register width (8 bytes on amd64 and
   sparc64, 4 on x86 and ppc32) and a block aligned to 16 bytes. Included by
   C and by assembly, so the layout is given as byte offsets. */
#ifndef abi_H
#define abi_H

#if defined(__x86_64__) || (defined(__sparc__) && defined(__arch64__))
#define ABI_W 8
#else
#define ABI_W 4
#endif

#define ABI_NINT 40   /* word slots checked: registers, control words, frame words */
#define ABI_NFP 18    /* 8-byte slots: f14-f31 on ppc32 */
#define ABI_NVEC 12   /* 16-byte slots: v20-v31 on ppc32 with AltiVec */

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
#define ABI_SIZE (ABI_VGOT + 16 * ABI_NVEC)

#define ABI_HAS_MXCSR 1     /* x86: SSE present, MXCSR is loaded and checked */
#define ABI_HAS_DAZ 2       /* x86: MXCSR takes DAZ (MXCSR_MASK bit 6) */
#define ABI_HAS_ALTIVEC 4   /* ppc32: v20-v31 and VRSAVE are loaded and checked */

#ifndef __ASSEMBLER__
struct abi_block {
  unsigned long fn, arg[6], ret, pad, flags, host[6];
  unsigned long want[ABI_NINT], got[ABI_NINT];
  unsigned char fwant[8 * ABI_NFP], fgot[8 * ABI_NFP];
  unsigned char vwant[16 * ABI_NVEC], vgot[16 * ABI_NVEC];
};
/* Loads want[] (and fwant, vwant) into the registers the ABI says a callee
   preserves, calls fn(arg[0..4]) with the stack ABI_PAD bytes lower, and
   stores the same registers into got[]. Returns 0; restores its caller's state. */
int abi_call(struct abi_block *block);
unsigned long abi_features(void);   /* ABI_HAS_* this CPU has (x86 only; else 0) */
#endif

#endif
