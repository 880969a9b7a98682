/* SPDX-License-Identifier: CC0-1.0 */
/* The x86 hooks of the run-time dispatcher (common/dispatch.h), for the
   dispatchers of poly1305aes_amd64 and poly1305aes_x86 (their dispatch.c:
   the table of paths, best first, and the wipe of the stack after a call).
   Assumes x86 (64- or 32-bit) with cpuid (probed first: __get_cpuid); XCR0
   (xgetbv) is read only when CPUID says the OS saves AVX state.

   The CPU's features are read once (cpu_features); a path runs where the CPU
   and the OS meet its needs. Its thresholds are per CPU class (the
   dispatcher's PATH_CLASS: enum cpu_class below), and the dispatcher caches
   the chosen path's with it.

   The caller's vector state: on Intel cores code runs slowly while the
   upper halves of ymm/zmm0-15 are dirty (a caller that ran a 256- or 512-bit
   instruction and no vzeroupper; AMD's cores do not care), so on a CPU with
   AVX every call runs vzeroupper first (PATH_ENTER: upper_clean; the SysV
   ABIs preserve no vector register, so it is legal), and every path returns
   with them clean: the code that writes ymm/zmm ends in vzeroupper
   (test/abi.c checks XINUSE after every call, tools/vexcheck.py every
   instruction the paths run). vzeroupper costs nothing behind a clean
   caller, and behind a dirty one it keeps the legacy-SSE code at its clean
   speed, so that code is kept (the figures: doc/results/amd64.md, "A dirty
   caller"). No ifunc (its resolver runs during relocation, before the
   sanitizers' run time) and no constructor (another constructor could call
   us first). */
#ifndef poly1305aes_x86_paths_H
#define poly1305aes_x86_paths_H

#include <cpuid.h>
#include "x86.h"
#include "dispatch.h"   /* the path record (common/path.h), the path_cores */

/* whose measured thresholds a CPU uses (the thresholds files' suffixes): Intel's on a
   GenuineIntel CPU; on an AuthenticAMD one of family 19h, Zen 3's for the Zen 3 models
   (00h-0Fh, 20h-5Fh) and Zen 4's for the others; of family 1Ah, Zen 5's; Zen 4's (measured
   first) on every other CPU. A class the thresholds file does not measure apart takes
   another's values ("CLASS as OTHER" there) */
enum cpu_class { CLASS_ZEN4, CLASS_INTEL, CLASS_ZEN3, CLASS_ZEN5, CLASSES };
typedef char classes_are_path_classes[CLASSES == PATH_CLASSES ? 1 : -1];   /* x86/x86.h's PATH_CLASSES */

/* a path's vector_from in the dispatchers' tables: the crossover measured on
   a CPU of each class (speed/crossover.py --path; which CPU: the thresholds
   file; the figures in doc/results/amd64.md, x86.md), or VECTOR_FROM for all. On Intel the 256- and 512-bit
   units, idle for a few microseconds (after scalar code: an application's
   own, or our short calls), run the next vector code slowly for a while:
   where the vector code's 256- or 512-bit code pays that, Intel's value is
   the shortest length from which its worst ratio over the three states of
   `bench mixed` (warm, after short calls, after idle work; each over the
   fastest path's in that state) is below the scalar code's */
/* name N's value for each class (the thresholds file's N_ZEN4, N_INTEL, N_ZEN3, N_ZEN5, in
   gen/thresholds.h); a path P's: P_FROM, and for Poly1305 alone P_ONETIME_FROM */
#include "thresholds.h"
#define CLASS_VALUES(n) \
  { [CLASS_ZEN4] = (n##_ZEN4), [CLASS_INTEL] = (n##_INTEL), [CLASS_ZEN3] = (n##_ZEN3), [CLASS_ZEN5] = (n##_ZEN5) }
#ifdef VECTOR_FROM
#define FROM(n) { [0 ... CLASSES - 1] = (VECTOR_FROM) }   /* measurement builds only */
#else
#define FROM(n) CLASS_VALUES(n)
#endif
#define PATH_FROM(p) FROM(p##_FROM)
#define ONETIME_FROM(p) FROM(p##_ONETIME_FROM)
/* a row of the tables (common/path.h's PATH_ROW): path NAME needing NEEDS, row I, its thresholds
   path T's (the thresholds file's T_FROM_*, T_ONETIME_FROM_*), its stack sizes the measured ones
   of area W (STACK_BYTES(W, scalar|vector)) */
#define X86_ROW(name, t, w, needs, scalarfn, vectorfn, i, split) \
  PATH_ROW_SPLIT(name, needs, scalarfn, vectorfn, PATH_FROM(t), ONETIME_FROM(t), STACK_BYTES(w, scalar), \
                 STACK_BYTES(w, vector), i, split)
/* the same, with the path's many-message code MANYFN (common/path.h's manyfn), its stack the
   measured STACK_BYTES(W, many) */
#define X86_ROW_MANY(name, t, w, needs, scalarfn, vectorfn, i, split, manyfn) \
  PATH_ROW_MANY(name, needs, scalarfn, vectorfn, PATH_FROM(t), ONETIME_FROM(t), STACK_BYTES(w, scalar), \
                STACK_BYTES(w, vector), i, split, manyfn, STACK_BYTES(w, many))

/* the ifma paths' needs */
#define IFMA_NEEDS \
  (SSE2 | SSSE3 | AESNI | OSYMM | AVX2 | BMI2 | OSZMM | AVX512F | AVX512VL | AVX512BW | AVX512IFMA | AVX512VBMI2)

enum {
  SSE2 = 1 << 0, SSSE3 = 1 << 1, AESNI = 1 << 2, OSYMM = 1 << 3, AVX2 = 1 << 4, BMI2 = 1 << 5, OSZMM = 1 << 6,
  AVX512F = 1 << 7, AVX512VL = 1 << 8, AVX512BW = 1 << 9, AVX512IFMA = 1 << 10, AVX512VBMI2 = 1 << 11,
  AMD_ZEN3 = 1 << 27, AMD_ZEN5 = 1 << 28,   /* the class (enum cpu_class; no path needs them) */
  GENUINE_INTEL = 1 << 29,
  PROBED = 1 << 30                 /* in the cache below: the bits are known */
};

static unsigned int cpu_probe(void)
{
  unsigned int a, b, c, d, max, have = PROBED, xcr0 = 0, family, model;
  int amd;
  if (!__get_cpuid(0, &max, &b, &c, &d)) return have;
  if (b == 0x756e6547u && d == 0x49656e69u && c == 0x6c65746eu) have |= GENUINE_INTEL;   /* EBX EDX ECX */
  amd = b == 0x68747541u && d == 0x69746e65u && c == 0x444d4163u;                         /* AuthenticAMD */
  __cpuid(1, a, b, c, d);
  family = (a >> 8 & 0xf) == 0xf ? 0xf + (a >> 20 & 0xff) : a >> 8 & 0xf;
  model = (a >> 4 & 0xf) | (a >> 16 & 0xf) << 4;
  if (amd && family == 0x19 && (model < 0x10 || (model >= 0x20 && model < 0x60))) have |= AMD_ZEN3;
  if (amd && family == 0x1a) have |= AMD_ZEN5;
  if (d & (1u << 26)) have |= SSE2;
  if (c & (1u << 9)) have |= SSSE3;
  if (c & (1u << 25)) have |= AESNI;
  if ((c & (1u << 27)) && (c & (1u << 28))) {      /* OSXSAVE and AVX: read XCR0 */
    unsigned int xd;
    __asm__ __volatile__("xgetbv" : "=a"(xcr0), "=d"(xd) : "c"(0));
    if ((xcr0 & 0x06) == 0x06) have |= OSYMM;      /* xmm and ymm state */
    if ((xcr0 & 0xe6) == 0xe6) have |= OSZMM;      /* also opmask, zmm0-15 upper, zmm16-31 */
  }
  if (max >= 7) {
    __cpuid_count(7, 0, a, b, c, d);
    if (b & (1u << 5)) have |= AVX2;
    if (b & (1u << 8)) have |= BMI2;
    if (b & (1u << 16)) have |= AVX512F;
    if (b & (1u << 21)) have |= AVX512IFMA;
    if (b & (1u << 30)) have |= AVX512BW;
    if (b & (1u << 31)) have |= AVX512VL;
    if (c & (1u << 6)) have |= AVX512VBMI2;
  }
  return have;
}

/* the CPU's feature bits, probed once (under a VM cpuid traps to the
   hypervisor: slow, and it upsets timing); threads racing store the same value */
static unsigned int cpu_features(void)
{
  static unsigned int seen;
  unsigned int bits = __atomic_load_n(&seen, __ATOMIC_RELAXED);
  if (!bits) {
    bits = cpu_probe();
    __atomic_store_n(&seen, bits, __ATOMIC_RELAXED);
  }
  return bits;
}

static enum cpu_class cpu_class(void)
{
  unsigned int have = cpu_features();
  return have & GENUINE_INTEL ? CLASS_INTEL : have & AMD_ZEN3 ? CLASS_ZEN3 : have & AMD_ZEN5 ? CLASS_ZEN5 : CLASS_ZEN4;
}

static int runs_here(const struct path *p)
{
  return (p->needs & cpu_features()) == p->needs;
}
#define may_force runs_here

static int clear_upper;             /* the CPU has AVX: vzeroupper before each call */

/* with the choice of a path (common/dispatch.h's PATH_STORE, before its release store; the
   calls read them after their acquire load of the choice) */
HIDDEN size_t ifma_zmm_from;   /* x86/x86.h's ifma_words: ymm code below, zmm from there */
/* each class's: the thresholds file's */
static const size_t ifma_zmm_from_class[CLASSES] = CLASS_VALUES(IFMA_ZMM_FROM);

static void x86_store(void)
{
  __atomic_store_n(&ifma_zmm_from, ifma_zmm_from_class[cpu_class()], __ATOMIC_RELAXED);
  __atomic_store_n(&clear_upper, (cpu_features() & OSYMM) != 0, __ATOMIC_RELAXED);
}

/* before a path's code: on a CPU with AVX the upper halves of ymm/zmm are clean after it */
static inline __attribute__((always_inline)) void upper_clean(void)
{
  if (__atomic_load_n(&clear_upper, __ATOMIC_RELAXED)) __asm__ __volatile__("vzeroupper" ::: "memory");
}

/* the dispatcher's hooks (common/dispatch.h); every wipe size here is a measured one, a
   nonzero multiple of 64 (common/stack.h), so the wipes need no test for 0 */
#define PATH_ENTER() upper_clean()
#define PATH_CLASS() cpu_class()
#define PATH_STORE(p) x86_store()
#define WIPE_AFTER(p, bytes) WIPE_PATH(p, bytes)
/* whether the wipe after path p's code takes AVX stores: after the paths that need AVX (each
   dispatcher's WIPE_PATH; a measurement build with WIPE_AVX 0: never, doc/results/amd64.md) */
#ifndef WIPE_AVX
#define WIPE_AVX 1
#endif
#define WIPE_WITH_AVX(p) (WIPE_AVX && ((p)->needs & OSYMM))

/* the entry points' attribute: on 32-bit x86 the caller's stack may be 4-byte aligned, and
   the SIMD paths keep 16-byte values on it */
#if defined(__i386__)
#define PATH_ENTRY __attribute__((force_align_arg_pointer))
#endif

/* path_core's cores (common/core.h; common/pathcore.h's OWN_CORES and PATH_CORE_OF), for a
   dispatcher with the table paths and beside it core_code[i], path i's Poly1305 blocks on the
   contract: its scalar code (any count, pad 0 or 1) and its vector code (pad 1, from
   vector_min blocks; or NULL), both on one STATE (its Poly1305 state p, started by pstart, and
   its ifma powers, none until the vector code sets them), whose finish is finishfn.
   Path i's blocks run, for pad 1 where the CPU runs the path, its grouped code on whole groups
   up to GROUPED_MAX blocks, else its vector code from the core's threshold for this CPU's
   class (core_code's vector_from where nonzero: a core whose vector code costs more than the
   fused code's for the same blocks; else the path's vector_from), on a whole
   number of its steps (core_code's vector_step) and the scalar code after it on the rest;
   else its scalar code: the block count is public.
   Each entry point runs vzeroupper first on a CPU with AVX (as PATH_ENTER: a dirty caller slows
   the SSE code), then its work (called, not inlined), then wipes the stack the work used: the
   path's vector_stack after its vector code (the build's probe measures it with these calls
   too), GROUPED_WIPE(p) after its grouped code (the including file's: the area core or the
   path's vector area, whichever the grouped code's stack fits better), CORE_STACK (area core)
   after the rest; finish also the state. */
struct core_code {
  core_scalar_fn *scalar;
  core_vector_fn *vector;   /* or NULL */
  size_t vector_min;        /* the vector code's fewest blocks */
  core_vector_fn *grouped;  /* or NULL: pad 1, a multiple of IFMA_GROUP blocks, from powers of r
                               the state keeps (x86/ifma.c's stream kernel) */
  size_t vector_from[CLASSES];   /* the vector code from these bytes, each class's; 0: the path's */
  size_t vector_step;       /* 1, or the blocks a step of the vector code takes: it gets a
                               multiple of them (a partial step costs it a set-up of its own),
                               the scalar code the rest after them */
};

/* the most blocks a path's grouped code takes in one call: the driver's buffer
   (common/stream.c) passes one group; longer runs go to the vector code, which joins a
   whole run at once */
#define GROUPED_MAX (4 * IFMA_GROUP)

#define X86_CORE_BLOCKS(i)                                                                     \
  CORE_FN void core_blocks_##i(void *st, const unsigned char *m, size_t nblocks, unsigned int pad) \
  {                                                                                            \
    core_blocks_on((i) < PATHS_COUNT ? (i) : 0, st, m, nblocks, pad);                          \
  }
#define X86_CORES(state, pstart, finishfn)                                                     \
  typedef char core_code_fits[sizeof core_code / sizeof core_code[0] == PATHS_COUNT ? 1 : -1]; \
  typedef char core_state_fits[sizeof(state) <= POLY1305AES_CORE_STATE_MAX ? 1 : -1];           \
  CORE_WORK void core_state_start(void *st, const unsigned char r[16]) /* h = 0, no powers */  \
  {                                                                                            \
    state *c = st;                                                                             \
    pstart(&c->p, r);                                                                          \
    c->ifma.ready = 0;                                                                         \
  }                                                                                            \
  CORE_FN void core_start(void *st, const unsigned char r[16])                                 \
  {                                                                                            \
    upper_clean();                                                                             \
    core_state_start(st, r);                                                                   \
    CORE_WIPE();                                                                               \
  }                                                                                            \
  CORE_FN void core_finish(void *st, const unsigned char s[16], unsigned char tag[16])         \
  {                                                                                            \
    upper_clean();                                                                             \
    finishfn(st, s, tag);                                                                      \
    CORE_WIPE();                                                                               \
    wipe(st, sizeof(state));                                                                   \
  }                                                                                            \
  static inline __attribute__((always_inline)) void core_blocks_on(unsigned int i, void *st,   \
      const unsigned char *m, size_t nblocks, unsigned int pad)                                \
  {                                                                                            \
    const struct path *p = &paths[i];                                                          \
    const struct core_code *c = &core_code[i];                                                 \
    const enum cpu_class class = cpu_class();                                                  \
    size_t from = c->vector_from[class] ? c->vector_from[class] : p->vector_from[class];       \
    size_t whole = c->vector_step > 1 ? nblocks - nblocks % c->vector_step : nblocks;         \
    if (nblocks == 0) return;                                                                  \
    upper_clean();                                                                             \
    if (pad && c->grouped && nblocks % IFMA_GROUP == 0 && nblocks <= GROUPED_MAX && runs_here(p)) { \
      c->grouped(st, m, nblocks);                                                              \
      GROUPED_WIPE(p);                                                                         \
    } else if (pad && c->vector && whole >= c->vector_min                                      \
        && whole >= (from + 15) / 16 && runs_here(p)) {                                        \
      c->vector(st, m, whole);                                                                 \
      if (whole < nblocks) c->scalar(st, m + 16 * whole, nblocks - whole, pad);                \
      WIPE_PATH(p, p->vector_stack);   /* the vector area: the probe measures both calls */     \
    } else {                                                                                   \
      c->scalar(st, m, nblocks, pad);                                                          \
      CORE_WIPE();                                                                             \
    }                                                                                          \
  }                                                                                            \
  X86_CORE_BLOCKS(0) X86_CORE_BLOCKS(1) X86_CORE_BLOCKS(2) X86_CORE_BLOCKS(3)                  \
  X86_CORE_BLOCKS(4) X86_CORE_BLOCKS(5) X86_CORE_BLOCKS(6) X86_CORE_BLOCKS(7)
/* the blocks the streaming driver collects for path i's core: a group for the ifma path, the
   first row of both tables and the one with grouped code (core_code's last column), else none */
#define CORE_BUFFER(i) ((i) == 0 ? IFMA_GROUP : 0)
#define X86_CORE_OF(state, aes, i) { sizeof(state), aes, core_start, core_blocks_##i, core_finish, CORE_BUFFER(i) }

#endif
