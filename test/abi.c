/* ABI and state harness: calls an implementation's authenticate and verify
   from assembly (test/abi_<target>.S) with every register the ABI says a
   callee preserves, the floating-point control modes and the caller's frame
   filled with known values, and checks each of them after the call, and the
   tag or verdict against the readable reference. Assumes C99 + POSIX, one of
   the four targets (amd64, x86, ppc32, sparc64) and test/abi.h's layout.
     abi              selftest (broken fakes must be caught), then the real runs
     abi --selftest   the selftest only
   Prints "ok abi ..." or "FAIL abi ...: what, expected, got"; exit 1 on failure. */
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include POLY1305AES_HEADER
#include "abi.h"
#include "ref.h"
#include "util.h"
#if defined(__powerpc__) && defined(__linux__)
#include <sys/auxv.h>
#endif

enum { INT, FP, VEC };   /* slot kinds: want/got, fwant/fgot, vwant/vgot */

struct check {
  const char *name;
  int kind, slot;
  unsigned long mask;    /* the bits compared (INT) */
  unsigned long need;    /* ABI_HAS_* the check needs, or 0 */
};

struct fake {
  const char *name;
  void (*fn)(void);
  int kind, slot;        /* the check that must catch it; -1 for the clean one */
  unsigned long need;
};

#define FAKE(n) extern void abi_fake_##n(void);
#define ALL (~0UL)

/* ---- what each ABI promises ---- */

#if defined(__x86_64__)
/* x86-64 psABI: rbx rbp r12-r15 rsp preserved; x87 CW and MXCSR control bits
   preserved, status bits not; DF clear and x87 stack empty at return; every
   xmm/ymm/zmm/k register is caller-saved, so none is checked. */
#define FRAME_SLOT 11
#define FRAME_NAME "entry rsp+%u"
#define FRAME_BASE 8
#define FRAME_STRIDE 8
static const struct check checks[] = {
  { "rbx", INT, 0, ALL, 0 }, { "rbp", INT, 1, ALL, 0 }, { "r12", INT, 2, ALL, 0 },
  { "r13", INT, 3, ALL, 0 }, { "r14", INT, 4, ALL, 0 }, { "r15", INT, 5, ALL, 0 },
  { "rsp", INT, 6, ALL, 0 },
  { "x87 control word", INT, 7, 0xffff, 0 },
  { "MXCSR control bits", INT, 8, 0xffc0, ABI_HAS_MXCSR },
  { "DF (direction flag)", INT, 9, 1, 0 },
  { "x87 tag word (stack must be empty)", INT, 10, 0xffff, 0 },
};
FAKE(rbx) FAKE(rbp) FAKE(r12) FAKE(r13) FAKE(r14) FAKE(r15) FAKE(rsp) FAKE(cw) FAKE(mxcsr)
FAKE(df) FAKE(x87) FAKE(frame) FAKE(clean)
static const struct fake fakes[] = {
  { "clean", abi_fake_clean, INT, -1, 0 },
  { "rbx", abi_fake_rbx, INT, 0, 0 }, { "rbp", abi_fake_rbp, INT, 1, 0 },
  { "r12", abi_fake_r12, INT, 2, 0 }, { "r13", abi_fake_r13, INT, 3, 0 },
  { "r14", abi_fake_r14, INT, 4, 0 }, { "r15", abi_fake_r15, INT, 5, 0 },
  { "rsp (ret $8)", abi_fake_rsp, INT, 6, 0 },
  { "x87 CW left at 0x137f", abi_fake_cw, INT, 7, 0 },
  { "MXCSR reset to 0x1f80", abi_fake_mxcsr, INT, 8, ABI_HAS_MXCSR },
  { "DF left set", abi_fake_df, INT, 9, 0 },
  { "x87 value left on the stack", abi_fake_x87, INT, 10, 0 },
  { "write above the return address", abi_fake_frame, INT, FRAME_SLOT, 0 },
};

#elif defined(__i386__)
/* i386 psABI (cdecl): ebx esi edi ebp esp preserved, the caller pops the
   arguments; x87 CW and MXCSR control bits preserved; DF clear and the x87
   stack empty at return from a function returning void or int; no xmm
   register is preserved. */
#define FRAME_SLOT 9
#define FRAME_NAME "entry esp+%u"
#define FRAME_BASE 24
#define FRAME_STRIDE 4
static const struct check checks[] = {
  { "ebx", INT, 0, ALL, 0 }, { "esi", INT, 1, ALL, 0 }, { "edi", INT, 2, ALL, 0 },
  { "ebp", INT, 3, ALL, 0 }, { "esp", INT, 4, ALL, 0 },
  { "x87 control word", INT, 5, 0xffff, 0 },
  { "MXCSR control bits", INT, 6, 0xffc0, ABI_HAS_MXCSR },
  { "DF (direction flag)", INT, 7, 1, 0 },
  { "x87 tag word (stack must be empty)", INT, 8, 0xffff, 0 },
};
FAKE(ebx) FAKE(esi) FAKE(edi) FAKE(ebp) FAKE(esp) FAKE(cw) FAKE(mxcsr) FAKE(df) FAKE(x87)
FAKE(frame) FAKE(clean)
static const struct fake fakes[] = {
  { "clean", abi_fake_clean, INT, -1, 0 },
  { "ebx", abi_fake_ebx, INT, 0, 0 }, { "esi", abi_fake_esi, INT, 1, 0 },
  { "edi", abi_fake_edi, INT, 2, 0 }, { "ebp", abi_fake_ebp, INT, 3, 0 },
  { "esp (callee pops an argument: ret $4)", abi_fake_esp, INT, 4, 0 },
  { "x87 CW left at 0x137f", abi_fake_cw, INT, 5, 0 },
  { "MXCSR reset to 0x1f80", abi_fake_mxcsr, INT, 6, ABI_HAS_MXCSR },
  { "DF left set", abi_fake_df, INT, 7, 0 },
  { "x87 value left on the stack", abi_fake_x87, INT, 8, 0 },
  { "write above the arguments", abi_fake_frame, INT, FRAME_SLOT, 0 },
};

#elif defined(__powerpc__) && !defined(__powerpc64__)
/* 32-bit PowerPC SysV ELF ABI: r1 preserved, r2 (system, the thread pointer
   on Linux) and r13 (small data anchor) never changed, r14-r31, f14-f31 and
   CR2-CR4 preserved; with AltiVec v20-v31 and VRSAVE preserved; the FPSCR
   control bits (VE OE UE ZE XE NI RN) restored (this project's rule; the
   newer Power ABIs call them limited-access); the callee may write only 4(r1)
   (the LR word) of its caller's frame. */
#define FRAME_SLOT 25
#define FRAME_NAME "%u(r1)"
#define FRAME_BASE 8
#define FRAME_STRIDE 4
#define GPR(n) { "r" #n, INT, n - 14, ALL, 0 }
#define FPR(n) { "f" #n, FP, n - 14, 0, 0 }
#define VR(n) { "v" #n, VEC, n - 20, 0, ABI_HAS_ALTIVEC }
static const struct check checks[] = {
  GPR(14), GPR(15), GPR(16), GPR(17), GPR(18), GPR(19), GPR(20), GPR(21), GPR(22),
  GPR(23), GPR(24), GPR(25), GPR(26), GPR(27), GPR(28), GPR(29), GPR(30), GPR(31),
  { "r1", INT, 18, ALL, 0 }, { "r2", INT, 19, ALL, 0 }, { "r13", INT, 20, ALL, 0 },
  { "CR2", INT, 21, 0x00f00000, 0 }, { "CR3", INT, 21, 0x000f0000, 0 },
  { "CR4", INT, 21, 0x0000f000, 0 },
  { "FPSCR RN", INT, 22, 0x03, 0 }, { "FPSCR NI", INT, 22, 0x04, 0 },
  { "FPSCR enables VE OE UE ZE XE", INT, 22, 0xf8, 0 },
  { "VRSAVE", INT, 23, ALL, ABI_HAS_ALTIVEC },
  { "back chain 0(r1)", INT, 24, ALL, 0 },
  FPR(14), FPR(15), FPR(16), FPR(17), FPR(18), FPR(19), FPR(20), FPR(21), FPR(22),
  FPR(23), FPR(24), FPR(25), FPR(26), FPR(27), FPR(28), FPR(29), FPR(30), FPR(31),
  VR(20), VR(21), VR(22), VR(23), VR(24), VR(25), VR(26), VR(27), VR(28), VR(29), VR(30), VR(31),
};
#define FAKE3(a, b, c) FAKE(a) FAKE(b) FAKE(c)
FAKE3(r14, r15, r16) FAKE3(r17, r18, r19) FAKE3(r20, r21, r22) FAKE3(r23, r24, r25)
FAKE3(r26, r27, r28) FAKE3(r29, r30, r31) FAKE3(f14, f15, f16) FAKE3(f17, f18, f19)
FAKE3(f20, f21, f22) FAKE3(f23, f24, f25) FAKE3(f26, f27, f28) FAKE3(f29, f30, f31)
FAKE3(v20, v21, v22) FAKE3(v23, v24, v25) FAKE3(v26, v27, v28) FAKE3(v29, v30, v31)
FAKE3(r1, r2, r13) FAKE3(cr2, cr3, cr4) FAKE3(fpscr, vrsave, backchain) FAKE(aixlr) FAKE(clean)
#define FG(n) { "r" #n, abi_fake_r##n, INT, n - 14, 0 }
#define FF(n) { "f" #n, abi_fake_f##n, FP, n - 14, 0 }
#define FV(n) { "v" #n, abi_fake_v##n, VEC, n - 20, ABI_HAS_ALTIVEC }
static const struct fake fakes[] = {
  { "clean", abi_fake_clean, INT, -1, 0 },
  FG(14), FG(15), FG(16), FG(17), FG(18), FG(19), FG(20), FG(21), FG(22),
  FG(23), FG(24), FG(25), FG(26), FG(27), FG(28), FG(29), FG(30), FG(31),
  FF(14), FF(15), FF(16), FF(17), FF(18), FF(19), FF(20), FF(21), FF(22),
  FF(23), FF(24), FF(25), FF(26), FF(27), FF(28), FF(29), FF(30), FF(31),
  FV(20), FV(21), FV(22), FV(23), FV(24), FV(25), FV(26), FV(27), FV(28), FV(29), FV(30), FV(31),
  { "r1 returned 16 higher", abi_fake_r1, INT, 18, 0 },
  { "r2 changed", abi_fake_r2, INT, 19, 0 }, { "r13 changed", abi_fake_r13, INT, 20, 0 },
  { "CR2", abi_fake_cr2, INT, 21, 0 }, { "CR3", abi_fake_cr3, INT, 21, 0 },
  { "CR4", abi_fake_cr4, INT, 21, 0 },
  { "FPSCR left at round-to-nearest (mtfsfi 7,0)", abi_fake_fpscr, INT, 22, 0 },
  { "VRSAVE", abi_fake_vrsave, INT, 23, ABI_HAS_ALTIVEC },
  { "back chain overwritten", abi_fake_backchain, INT, 24, 0 },
  { "AIX linkage: LR saved at 8(r1)", abi_fake_aixlr, INT, FRAME_SLOT, 0 },
};

#elif defined(__sparc__) && defined(__arch64__)
/* SPARC V9 64-bit ABI (SCD 2.4.1): %l0-%l7 and %i0-%i7 preserved through the
   register window, %o6 (%sp, biased by 2047) preserved; %g2 %g3 are the
   application's (a library must leave them), %g6 %g7 belong to the system (the
   thread pointer is %g7 on Linux); %g1 %g4 %g5 and the %o registers are
   volatile; every floating-point register %f0-%f62 is volatile, so none is
   checked; %fsr RD, TEM and NS and %asi restored (this project's rule). The callee may
   write the 16-word save area and the 6 argument words at [%sp+2047+0..175]. */
#define FRAME_SLOT 22
#define FRAME_NAME "[%%sp+2047+%u]"
#define FRAME_BASE 176
#define FRAME_STRIDE 8
static const struct check checks[] = {
  { "%l0", INT, 0, ALL, 0 }, { "%l1", INT, 1, ALL, 0 }, { "%l2", INT, 2, ALL, 0 },
  { "%l3", INT, 3, ALL, 0 }, { "%l4", INT, 4, ALL, 0 }, { "%l5", INT, 5, ALL, 0 },
  { "%l6", INT, 6, ALL, 0 }, { "%l7", INT, 7, ALL, 0 },
  { "%i0", INT, 8, ALL, 0 }, { "%i1", INT, 9, ALL, 0 }, { "%i2", INT, 10, ALL, 0 },
  { "%i3", INT, 11, ALL, 0 }, { "%i4", INT, 12, ALL, 0 }, { "%i5", INT, 13, ALL, 0 },
  { "%i6 (%fp)", INT, 14, ALL, 0 }, { "%i7", INT, 15, ALL, 0 },
  { "%o6 (%sp)", INT, 16, ALL, 0 },
  { "%g2", INT, 17, ALL, 0 }, { "%g3", INT, 18, ALL, 0 },
  { "%g6", INT, 19, ALL, 0 }, { "%g7", INT, 20, ALL, 0 },
  { "%fsr RD", INT, 21, 0xc0000000UL, 0 }, { "%fsr TEM", INT, 21, 0x0f800000UL, 0 },
  { "%fsr NS", INT, 21, 0x00400000UL, 0 }, { "%asi", INT, 30, 0xffUL, 0 },
};
#define FAKE4(a, b, c, d) FAKE(a) FAKE(b) FAKE(c) FAKE(d)
FAKE4(l0, l1, l2, l3) FAKE4(l4, l5, l6, l7) FAKE4(i0, i1, i2, i3) FAKE4(i4, i5, i6, i7)
FAKE4(sp, g2, g3, g6) FAKE4(g7, fsr, frame, clean) FAKE(asi)
#define FL(n) { "%l" #n, abi_fake_l##n, INT, n, 0 }
#define FI(n) { "%i" #n, abi_fake_i##n, INT, 8 + n, 0 }
static const struct fake fakes[] = {
  { "clean", abi_fake_clean, INT, -1, 0 },
  FL(0), FL(1), FL(2), FL(3), FL(4), FL(5), FL(6), FL(7),
  FI(0), FI(1), FI(2), FI(3), FI(4), FI(5), FI(6), FI(7),
  { "%sp returned 16 higher", abi_fake_sp, INT, 16, 0 },
  { "%g2", abi_fake_g2, INT, 17, 0 }, { "%g3", abi_fake_g3, INT, 18, 0 },
  { "%g6", abi_fake_g6, INT, 19, 0 }, { "%g7", abi_fake_g7, INT, 20, 0 },
  { "%fsr left at 0 (the original sparc mode)", abi_fake_fsr, INT, 21, 0 },
  { "%asi left at 0x88 (little-endian)", abi_fake_asi, INT, 30, 0 },
  { "write above the argument words", abi_fake_frame, INT, FRAME_SLOT, 0 },
};

#else
#error "test/abi.c: no ABI description for this CPU"
#endif

#define NCHECK (sizeof checks / sizeof checks[0])
#define NFAKE (sizeof fakes / sizeof fakes[0])
#define NFRAME 8

/* ---- the caller's floating-point modes: three non-default ones, all
   exceptions that arithmetic here can raise (inexact) staying masked ---- */

static unsigned long features;

static void set_mode(struct abi_block *b, int mode)
{
#if defined(__x86_64__) || defined(__i386__)
  /* x87: 53-bit up; 24-bit toward zero with ZM unmasked; 64-bit down.
     SSE: up; toward zero, FTZ, DAZ (where the CPU has it), ZM unmasked; down. */
  static const unsigned long cw[3] = { 0x0a7f, 0x0c7b, 0x077f };
  unsigned long mxcsr[3] = { 0x5f80, 0xfdc0, 0x3f80 };
  if (!(features & ABI_HAS_DAZ)) mxcsr[1] &= ~0x40UL;
#if defined(__x86_64__)
  b->want[7] = cw[mode]; b->want[8] = mxcsr[mode];
  b->want[9] = 0; b->want[10] = 0xffff;
#define MODE_SLOTS { 7, 8 }
#else
  b->want[5] = cw[mode]; b->want[6] = mxcsr[mode];
  b->want[7] = 0; b->want[8] = 0xffff;
#define MODE_SLOTS { 5, 6 }
#endif
#elif defined(__powerpc__)
  /* toward zero; up with ZE; down with VE and NI */
  static const unsigned long fpscr[3] = { 0x01, 0x12, 0x87 };
  b->want[22] = fpscr[mode];
#define MODE_SLOTS { 22 }
#elif defined(__sparc__)
  /* toward zero; up with DZM; down with NVM and NS; %asi primary, primary no-fault */
  static const unsigned long fsr[3] = { 0x40000000UL, 0x81000000UL, 0xc8400000UL };
  static const unsigned long asi[3] = { 0x80, 0x82, 0x80 };
  b->want[21] = fsr[mode];
  b->want[30] = asi[mode];
#define MODE_SLOTS { 21, 30 }
#endif
}

static int checked(unsigned long need) { return (need & features) == need; }

static const char *check_name(unsigned int c, char *buffer)
{
  if (c < NCHECK) return checks[c].name;
  sprintf(buffer, "caller's frame word at " FRAME_NAME, (unsigned) (FRAME_BASE + FRAME_STRIDE * (c - NCHECK)));
  return buffer;
}

/* check c (frame words follow the table) failed? describe it in text */
static int check_fails(const struct abi_block *b, unsigned int c, char *text)
{
  char name[80];
  int kind = c < NCHECK ? checks[c].kind : INT;
  int slot = c < NCHECK ? checks[c].slot : (int) (FRAME_SLOT + c - NCHECK);
  unsigned long mask = c < NCHECK ? checks[c].mask : ALL;
  if (c < NCHECK && !checked(checks[c].need)) return 0;
  if (kind == INT) {
    unsigned long want = b->want[slot] & mask, got = b->got[slot] & mask;
    if (want == got) return 0;
    sprintf(text, "%s expected 0x%0*lx, got 0x%0*lx", check_name(c, name),
      2 * ABI_W, want, 2 * ABI_W, got);
  } else {
    unsigned int size = kind == FP ? 8 : 16;
    const unsigned char *want = kind == FP ? b->fwant + 8 * slot : b->vwant + 16 * slot;
    const unsigned char *got = kind == FP ? b->fgot + 8 * slot : b->vgot + 16 * slot;
    char w[33], g[33];
    if (memcmp(want, got, size) == 0) return 0;
    hex_encode(w, want, size);
    hex_encode(g, got, size);
    sprintf(text, "%s expected %s, got %s", check_name(c, name), w, g);
  }
  return 1;
}

static void check_place(unsigned int c, int *kind, int *slot)
{
  *kind = c < NCHECK ? checks[c].kind : INT;
  *slot = c < NCHECK ? checks[c].slot : (int) (FRAME_SLOT + c - NCHECK);
}

/* fill the block with fresh known values for every slot */
static void prepare(struct abi_block *b, uint64_t *prng, void (*fn)(void), unsigned long pad, int mode)
{
  unsigned char bytes[ABI_NINT * ABI_W];
  memset(b, 0, sizeof *b);
  b->fn = (unsigned long) fn;
  b->pad = pad;
  b->flags = features;
  prng_fill(prng, bytes, sizeof bytes);
  memcpy(b->want, bytes, sizeof b->want);
  prng_fill(prng, b->fwant, sizeof b->fwant);
  prng_fill(prng, b->vwant, sizeof b->vwant);
  set_mode(b, mode);
}

static int failures;

/* the control bits the harness asked for, against what the CPU read back
   before the call (which is what the checks compare with) */
static void mode_taken(const struct abi_block *b, const unsigned long *asked)
{
  static const int slots[] = MODE_SLOTS;
  static unsigned char told[NCHECK];
  unsigned int i, c;
  for (i = 0; i < sizeof slots / sizeof slots[0]; ++i)
    for (c = 0; c < NCHECK; ++c) {
      unsigned long mask = checks[c].mask;
      if (checks[c].slot != slots[i] || checks[c].kind != INT || !checked(checks[c].need)) continue;
      if (((asked[slots[i]] ^ b->want[slots[i]]) & mask) && !told[c]) {
        printf("note abi: %s: asked for 0x%lx, the CPU holds 0x%lx; checked as held\n",
          checks[c].name, asked[slots[i]] & mask, b->want[slots[i]] & mask);
        told[c] = 1;
      }
    }
}

/* ---- the selftest: every deliberately broken fake must be caught by its check ---- */

/* the harness obeys the ABI it checks: abi_call, called by itself around the
   compliant fake, keeps every promise to its caller (and the inner call's
   own checks hold) */
static void nested(uint64_t *prng)
{
  struct abi_block *outer, *inner;
  unsigned int c, bad = 0;
  char text[256], first[300] = "";
  int mode;
  if (posix_memalign((void **) &outer, 64, sizeof *outer) || posix_memalign((void **) &inner, 64, sizeof *inner)) {
    printf("FAIL abi selftest: out of memory\n");
    ++failures;
    return;
  }
  for (mode = 0; mode < 3; ++mode) {
    prepare(inner, prng, abi_fake_clean, 16UL * (unsigned long) ((mode + 1) % 3), (mode + 1) % 3);
    prepare(outer, prng, (void (*)(void)) abi_call, 16UL * (unsigned long) mode, mode);
    outer->arg[0] = (unsigned long) inner;
    abi_call(outer);
    for (c = 0; c < NCHECK + NFRAME; ++c) {
      if (check_fails(outer, c, text) && !bad++) sprintf(first, "the harness itself breaks %s", text);
      if (check_fails(inner, c, text) && !bad++) sprintf(first, "under itself, %s", text);
    }
    if (outer->ret != 0 && !bad++) strcpy(first, "the harness did not return 0");
  }
  free(outer);
  free(inner);
  if (bad) { printf("FAIL abi selftest nested: %s\n", first); ++failures; }
  else printf("ok abi selftest nested: the harness called by itself keeps every promise it checks\n");
}

static void selftest(void)
{
  unsigned int f, c, caught_total = 0, tried = 0;
  uint64_t prng = 99;
  unsigned char out[64], kr[32] = { 0 }, n[16] = { 0 };
  for (f = 0; f < NFAKE; ++f) {
    struct abi_block *b;
    char text[256], first[256] = "", other[256] = "";
    int mode, caught = 0, stray = 0;
    if (!checked(fakes[f].need)) {
      printf("ok abi selftest %s: skipped, this CPU lacks it\n", fakes[f].name);
      continue;
    }
    if (posix_memalign((void **) &b, 64, sizeof *b)) { printf("FAIL abi selftest: out of memory\n"); ++failures; return; }
    if (fakes[f].slot >= 0) ++tried;
    for (mode = 0; mode < 3; ++mode) {
      prepare(b, &prng, fakes[f].fn, 16UL * (unsigned long) mode, mode);
      b->arg[0] = (unsigned long) out;
      b->arg[1] = (unsigned long) kr;
      b->arg[2] = (unsigned long) n;
      b->arg[3] = (unsigned long) out;
      b->arg[4] = 0;
      abi_call(b);
      for (c = 0; c < NCHECK + NFRAME; ++c) {
        int kind, slot;
        if (!check_fails(b, c, text)) continue;
        check_place(c, &kind, &slot);
        if (kind == fakes[f].kind && slot == fakes[f].slot) {
          if (!caught++) strcpy(first, text);
        } else if (!stray++) strcpy(other, text);
      }
    }
    free(b);
    if (fakes[f].slot < 0) {
      if (stray) { printf("FAIL abi selftest %s: a compliant function is flagged: %s\n", fakes[f].name, other); ++failures; }
      else printf("ok abi selftest %s: a compliant function passes every check\n", fakes[f].name);
    } else if (!caught) {
      printf("FAIL abi selftest %s: not caught%s%s\n", fakes[f].name, stray ? "; flagged instead: " : "", other);
      ++failures;
    } else if (stray) {
      printf("FAIL abi selftest %s: caught, but also flagged: %s\n", fakes[f].name, other);
      ++failures;
    } else {
      printf("ok abi selftest %s: caught: %s\n", fakes[f].name, first);
      ++caught_total;
    }
  }
  printf("%s abi selftest: %u of %u broken fakes caught\n", caught_total == tried ? "ok" : "FAIL", caught_total, tried);
  if (caught_total != tried && !failures) ++failures;
  nested(&prng);
}

/* ---- the implementation under test ---- */

static void clamp_ref(unsigned char kr[32])
{
  kr[19] &= 15; kr[23] &= 15; kr[27] &= 15; kr[31] &= 15;
  kr[20] &= 252; kr[24] &= 252; kr[28] &= 252;
}

static void run(int which)
{
  static const unsigned int lengths[] = { 0, 1, 15, 16, 17, 64, 1000 };
  static const char *const names[] = { "authenticate", "verify (right tag)", "verify (wrong tag)" };
  static unsigned char buffer[1000 + 8];
  unsigned char kr[32], n[16], tag[16], area[48], want[16];
  unsigned long asked[ABI_NINT];
  uint64_t prng = 1000 + (uint64_t) which;
  unsigned int li, c, calls = 0, bad = 0;
  unsigned long pad;
  int mode;
  struct abi_block *b;
  if (posix_memalign((void **) &b, 64, sizeof *b)) { printf("FAIL abi: out of memory\n"); ++failures; return; }
  for (li = 0; li < sizeof lengths / sizeof lengths[0]; ++li)
    for (pad = 0; pad <= 48; pad += 16)
      for (mode = 0; mode < 3; ++mode) {
        unsigned int l = lengths[li], i;
        unsigned char *m = buffer + (pad / 16 + (unsigned long) mode) % 8;   /* misaligned too */
        char text[256];
        prng_fill(&prng, kr, 32);
        prng_fill(&prng, n, 16);
        prng_fill(&prng, m, l);
        if (mode == 1) {   /* all-0xff message, largest clamped r */
          memset(m, 0xff, l);
          memset(kr + 16, 0xff, 16);
        }
        clamp_ref(kr);
        ref_authenticate(want, kr, n, m, l);
        memcpy(tag, want, 16);
        if (which == 2) tag[l % 16] ^= (unsigned char) (1 << (l % 8));
        for (i = 0; i < sizeof area; ++i) area[i] = (unsigned char) (0xa5 ^ i);
        if (which == 0) prepare(b, &prng, (void (*)(void)) poly1305aes_authenticate, pad, mode);
        else prepare(b, &prng, (void (*)(void)) poly1305aes_verify, pad, mode);
        b->arg[0] = (unsigned long) (which == 0 ? area + 16 : tag);
        b->arg[1] = (unsigned long) kr;
        b->arg[2] = (unsigned long) n;
        b->arg[3] = (unsigned long) m;
        b->arg[4] = l;
#if defined(__x86_64__)
        b->arg[4] |= 0x5a5a5a5a00000000UL;   /* the ABI leaves the upper half of a 32-bit argument undefined */
#endif
        memcpy(asked, b->want, sizeof asked);
        abi_call(b);
        mode_taken(b, asked);
        ++calls;
        for (c = 0; c < NCHECK + NFRAME; ++c)
          if (check_fails(b, c, text)) {
            if (bad++ < 10) printf("FAIL abi %s, length %u, stack pad %lu, mode %d: %s\n", names[which], l, pad, mode, text);
          }
        if (which == 0) {
          char g[33], w[33];
          if (memcmp(area + 16, want, 16)) {
            hex_encode(g, area + 16, 16);
            hex_encode(w, want, 16);
            if (bad++ < 10) printf("FAIL abi %s, length %u, stack pad %lu, mode %d: tag expected %s, got %s\n", names[which], l, pad, mode, w, g);
          }
          for (i = 0; i < sizeof area; ++i)
            if ((i < 16 || i >= 32) && area[i] != (unsigned char) (0xa5 ^ i)) {
              if (bad++ < 10) printf("FAIL abi %s, length %u: byte %d beside the tag overwritten\n", names[which], l, (int) i - 16);
                break;
            }
        } else {
          unsigned int expect = which == 1 ? 1 : 0, got = (unsigned int) b->ret;
          if (got != expect) {
            if (bad++ < 10) printf("FAIL abi %s, length %u, stack pad %lu, mode %d: returned %u, expected %u\n", names[which], l, pad, mode, got, expect);
          }
        }
      }
  free(b);
  if (bad) { printf("FAIL abi %s: %u problems in %u calls\n", names[which], bad, calls); ++failures; }
  else printf("ok abi %s: %u calls (lengths 0 1 15 16 17 64 1000, stack pads 0 16 32 48, 3 caller FP modes, message offsets 0-5), every check holds\n", names[which], calls);
}

static int layout_ok(void)
{
  return offsetof(struct abi_block, fn) == ABI_FN && offsetof(struct abi_block, arg) == ABI_ARG
    && offsetof(struct abi_block, ret) == ABI_RET && offsetof(struct abi_block, pad) == ABI_PAD
    && offsetof(struct abi_block, flags) == ABI_FLAGS && offsetof(struct abi_block, host) == ABI_HOST
    && offsetof(struct abi_block, want) == ABI_WANT && offsetof(struct abi_block, got) == ABI_GOT
    && offsetof(struct abi_block, fwant) == ABI_FWANT && offsetof(struct abi_block, fgot) == ABI_FGOT
    && offsetof(struct abi_block, vwant) == ABI_VWANT && offsetof(struct abi_block, vgot) == ABI_VGOT
    && sizeof(struct abi_block) == ABI_SIZE && sizeof(unsigned long) == ABI_W;
}

int main(int argc, char **argv)
{
  unsigned int c;
  int first;
  int only_selftest = argc > 1 && strcmp(argv[1], "--selftest") == 0;
  setvbuf(stdout, NULL, _IOLBF, 0);
  if (argc > 1 && !only_selftest) { fprintf(stderr, "usage: %s [--selftest]\n", argv[0]); return 2; }
  if (!layout_ok()) { printf("FAIL abi: struct abi_block does not match test/abi.h\n"); return 1; }
  features = abi_features();
#if defined(__powerpc__) && defined(__linux__)
  if (getauxval(AT_HWCAP) & 0x10000000UL) features |= ABI_HAS_ALTIVEC;   /* PPC_FEATURE_HAS_ALTIVEC */
#endif
  printf("abi harness for %s, checking", poly1305aes_implementation);
  for (c = 0, first = 1; c < NCHECK; ++c)
    if (checked(checks[c].need)) printf("%s %s", first ? ":" : ",", checks[c].name), first = 0;
  printf(" and the caller's frame words at " FRAME_NAME "..+%u\n", (unsigned) FRAME_BASE, (unsigned) (FRAME_BASE + FRAME_STRIDE * (NFRAME - 1)));
  for (c = 0, first = 1; c < NCHECK; ++c)
    if (!checked(checks[c].need)) printf("%s %s", first ? "note abi: this CPU lacks, so not checked:" : ",", checks[c].name), first = 0;
  if (!first) printf("\n");
  selftest();
  if (!only_selftest) {
    run(0);
    run(1);
    run(2);
  }
  printf("%s abi\n", failures ? "FAIL" : "PASS");
  return failures ? 1 : 0;
}
