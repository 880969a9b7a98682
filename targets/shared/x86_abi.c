/* SPDX-License-Identifier: CC0-1.0 */
/* What the x86 ABIs (amd64, x86) promise alike, for test/abi.c: the includer
   (targets/amd64/abi.c, targets/x86/abi.c) first names its preserved registers
   (GPRS, GPR_CHECKS, GPR_FAKES) and its caller's frame (FRAME_*). GCC or clang. */
#include <cpuid.h>

/* both: after the registers, slots for the x87 CW, MXCSR, DF, the x87 tag
   word, the caller's frame; GPRS + 12 the x87 status word (targets/shared/x86_abi.h);
   GPRS + 13 XGETBV(1)'s bits 2 and 6, the upper halves of ymm0-15 and of
   zmm0-15 in use (XINUSE), read here just before the call (after the
   caller's upper state is set: clean, ymm dirty or zmm dirty) and after it.
   The call may clean them, and must leave none in use that the caller had
   not: vzeroupper after its own ymm/zmm code (Intel cores run a caller's
   legacy-SSE code slowly behind dirty upper halves). Bits 5 and 7 (opmask,
   zmm16-31) are not upper halves: vzeroupper leaves them, legacy SSE runs at
   full speed beside them, and the C library's own string functions keep
   them in use on an AVX-512 CPU. */
#define FRAME_SLOT (GPRS + 4)
#define X87_FLAGS (GPRS + 12)
#define XINUSE (GPRS + 13)
#define UPPER_BITS 0x44
static const struct check checks[] = {
  GPR_CHECKS
  { "x87 control word", INT, GPRS, 0xffff, 0 },
  { "MXCSR control bits", INT, GPRS + 1, 0xffc0, ABI_HAS_MXCSR },
  { "DF (direction flag)", INT, GPRS + 2, 1, 0 },
  { "x87 tag word (stack must be empty)", INT, GPRS + 3, 0xffff, 0 },
  { "x87 status flags", FLAGS, X87_FLAGS, 0x3f, 0 },
  { "MXCSR status flags", FLAGS, GPRS + 1, 0x3f, ABI_HAS_MXCSR },
  { "upper halves of ymm/zmm0-15 not left in use (vzeroupper)", UPPER, XINUSE, UPPER_BITS, ABI_HAS_XINUSE },
  { "stack left without secrets", STACK, 0, 0, 0 },
};
FAKE(cw) FAKE(mxcsr) FAKE(df) FAKE(x87) FAKE(frame) FAKE(clean) FAKE(leak) FAKE(pending) FAKE(upper) FAKE(upperz)
/* exceptions the caller enables, as the status flags of the slot */
static unsigned long enabled_flags(const struct abi_block *b, int slot)
{
  return slot == X87_FLAGS ? ~b->want[GPRS] & 0x3f : ~(b->want[GPRS + 1] >> 7) & 0x3f;
}
static const struct fake fakes[] = {
  { "clean", abi_fake_clean, INT, -1, 0 },
  GPR_FAKES
  { "x87 CW left at 0x137f", abi_fake_cw, INT, GPRS, 0 },
  { "MXCSR reset to 0x1f80", abi_fake_mxcsr, INT, GPRS + 1, ABI_HAS_MXCSR },
  { "DF left set", abi_fake_df, INT, GPRS + 2, 0 },
  { "x87 value left on the stack", abi_fake_x87, INT, GPRS + 3, 0 },
  { FRAME_WHAT, abi_fake_frame, INT, FRAME_SLOT, 0 },
  { "k left below the stack pointer", abi_fake_leak, STACK, 0, 0 },
  { "ymm0's upper half left dirty", abi_fake_upper, INT, XINUSE, ABI_HAS_XINUSE },
  { "zmm0's upper half left dirty", abi_fake_upperz, INT, XINUSE, ABI_HAS_XINUSE | ABI_HAS_ZMM },
  { "caller's x87 CW restored over a raised inexact", abi_fake_pending, INT, X87_FLAGS, 0 },
};
static void set_mode(struct abi_block *b, int mode)
{
  /* x87: 53-bit up with ZE raised; 24-bit toward zero, ZM unmasked, DE UE raised; 64-bit down;
     64-bit nearest, every exception unmasked. SSE: up with ZE raised; toward zero, FTZ, DAZ
     (where the CPU has it), ZM unmasked, DE PE raised; down; nearest, every exception unmasked. */
  static const unsigned long cw[NMODES] = { 0x0a7f, 0x0c7b, 0x077f, 0x0340 };
  static const unsigned long sw[NMODES] = { 0x04, 0x12, 0, 0 };
  unsigned long mxcsr[NMODES] = { 0x5f84, 0xfde2, 0x3f80, 0x0000 };
  if (!(features & ABI_HAS_DAZ)) mxcsr[1] &= ~0x40UL;
  b->want[GPRS] = cw[mode]; b->want[GPRS + 1] = mxcsr[mode]; b->want[X87_FLAGS] = sw[mode];
  b->want[GPRS + 2] = 0; b->want[GPRS + 3] = 0xffff;   /* DF clear, x87 stack empty */
#define MODE_SLOTS { GPRS, GPRS + 1, X87_FLAGS }
}

/* AVX with XGETBV(1), and AVX-512F, as the OS saves their state */
static unsigned long target_features(void)
{
  unsigned long out = 0;
  unsigned int a, b, cx, d, xcr0, xd;
  if (__get_cpuid(1, &a, &b, &cx, &d) && (cx & (1u << 27)) && (cx & (1u << 28))) {   /* OSXSAVE, AVX */
    __asm__ __volatile__("xgetbv" : "=a"(xcr0), "=d"(xd) : "c"(0));
    if ((xcr0 & 6) == 6 && __get_cpuid_count(0xd, 1, &a, &b, &cx, &d) && (a & (1u << 2)))
      out |= ABI_HAS_XINUSE;   /* ymm state saved, and XGETBV with ECX = 1 */
    if ((out & ABI_HAS_XINUSE) && (xcr0 & 0xe6) == 0xe6 && __get_cpuid_count(7, 0, &a, &b, &cx, &d)
        && (b & (1u << 16)))
      out |= ABI_HAS_ZMM;      /* AVX-512F, zmm state saved */
  }
  return out;
}

/* the caller's upper halves: clean, ymm dirty, zmm dirty (XINUSE bits asked for) */
static const unsigned long upper_asked[3] = { 0, 0x04, 0x44 };
static const char *upper_name(unsigned long bits)
{
  if (!(features & ABI_HAS_XINUSE)) return "";
  return bits & 0x40 && (features & ABI_HAS_ZMM) ? "zmm upper halves dirty"
    : bits & 0x44 ? "ymm upper halves dirty" : "upper halves clean";
}
#define UPPER_WHERE(b) (features & ABI_HAS_XINUSE) ? ", caller's " : "", upper_name((b)->want[XINUSE])
#define UPPER_MODES (features & ABI_HAS_ZMM ? ", caller's upper halves clean, ymm dirty, zmm dirty" \
                     : features & ABI_HAS_XINUSE ? ", caller's upper halves clean, ymm dirty" : "")

/* XINUSE bits 2 and 6: the upper halves of ymm0-15 and of zmm0-15 hold data */
static unsigned long upper_state(void)
{
  unsigned int lo, hi;
  __asm__ __volatile__("xgetbv" : "=a"(lo), "=d"(hi) : "c"(1));
  return lo & UPPER_BITS;
}

/* the caller's upper state asked for in want[XINUSE]: vzeroupper, then one
   512-bit (where the CPU has AVX-512) or 256-bit instruction and no
   vzeroupper, as compiled code leaves it; want[XINUSE] becomes the state the
   call starts from */
#if defined(__SSE__)
#define XMM7 "xmm7"
#else
#define XMM7   /* 32-bit code without SSE: the compiler keeps nothing in xmm7 */
#endif
static void upper_before(struct abi_block *b)
{
  unsigned long asked = b->want[XINUSE];
  __asm__ __volatile__("vzeroupper" ::: "memory");
  if ((asked & 0x40) && (features & ABI_HAS_ZMM))
    __asm__ __volatile__("vpternlogd $0xff, %%zmm7, %%zmm7, %%zmm7" ::: XMM7);
  else if (asked & 0x44)
    __asm__ __volatile__("vpcmpeqd %%ymm7, %%ymm7, %%ymm7" ::: XMM7);
  b->want[XINUSE] = upper_state();
}
