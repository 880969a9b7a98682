/* SPDX-License-Identifier: CC0-1.0 */
/* The dispatcher of every implementation, written once over its table of
   path records (common/path.h): the dispatch.c of each with run-time dispatch
   (poly1305aes_amd64, poly1305aes_x86, poly1305aes_arm64, poly1305aes_armhf,
   poly1305aes_riscv64, poly1305aes_ppc64le, poly1305aes_s390x,
   poly1305aes_ppcct), common/onepath.c (the one row "default" of the
   implementations without) and poly1305aes_ct (its two word sizes) include it
   twice: first for the path record, then, after their path table, for the
   functions; x86's first include is x86/paths.h's. Assumes GCC or clang
   (__atomic builtins). The including file defines:
     static const struct path paths[], best first, the last one every CPU runs;
       row i's core is PATH_CORE(i);
     static int runs_here(const struct path *p): the library's own choice may
       take p on this CPU;
     static int may_force(const struct path *p): a test may force p here;
     wipe_below(bytes): zeroes that much stack below the stack pointer;
   and, where its default does not fit, these hooks:
     WIPE_PATH(p, bytes): the same after path p's code, in a way that may take
       p's needs (default: wipe_below(bytes));
     WIPE_AFTER(p, bytes): the wipe after a call of p's code that used bytes
       of stack (default: WIPE_PATH unless bytes is 0, no wipe);
     CORE_WIPE(): the wipe after a core entry point (default:
       wipe_below(CORE_STACK));
     PATH_ENTER(): what each entry point runs before a path's code (default:
       nothing; x86: vzeroupper on a CPU with AVX);
     PATH_CLASS(): the CPU's class, which picks the paths' thresholds
       (PATH_CLASSES of them, common/path.h; default 0);
     PATH_STORE(p): what goes with the choice of p (default: nothing; x86:
       the ifma path's zmm threshold and whether the CPU has AVX), written
       before the release store of the choice;
     PATH_ENTRY: the entry points' attributes (x86 in 32-bit mode: the
       stack's alignment);
     PATH_LENGTH_MAX: the longest message the paths' fused code takes for a
       one-time key (default: any; common/onepath.c: UINT_MAX); onetime_fused
       declines a longer one, which onetimeauth then composes;
     OWN_AUTHENTICATE: a one-row table whose scalar code wraps the
       implementation's own poly1305aes_authenticate, its code for every
       length that needs no wipe (common/onepath.c): that function is the
       entry point, and the dispatcher defines no other (what it would define
       is a jump to it).
   A path runs its scalar code below its threshold, its vector code (when not
   NULL) from there (authenticate: vector_from; onetime_fused: its onetime
   code below onetime_from); after each call the dispatcher zeroes the stack
   the code used (scalar_stack or vector_stack bytes). onetime_fused runs
   the path's code with n NULL (common/path.h's fusedfn: kr a one-time key
   r || s), or returns 0 where the path has no onetime code;
   path_current, onetime_fused and path_core (common/impl.h.in) serve the
   streaming driver (common/stream.c). path_core(i) is row i's core
   (common/pathcore.h builds them).
   The choice is cached write-once, process-wide: the first call picks the
   first path that runs here and stores a pointer to its constant record
   with an atomic release store; every call loads it with an acquire load.
   With more than one CPU class the class's thresholds of the chosen path are
   cached beside it, written before that store. Threads racing on the first
   call compute and store the same values, so the race is benign. A table of
   one row has no choice to make: every call takes that row, a constant the
   compiler folds into each entry point. Nothing outside the program chooses
   the path: no environment variable is read.
   Tests and benchmarks force one through the path interface
   (common/impl.h.in), which the installed libraries do not export. */
#ifndef poly1305aes_dispatch_path
#define poly1305aes_dispatch_path

#include "path.h"
#include "core.h"

/* the paths' cores, one for each row (common/pathcore.h's PATH_CORES defines them) */
static const struct poly1305aes_core path_cores[8];
#define PATH_CORE(i) (&path_cores[i])

#elif !defined(poly1305aes_dispatch_H)
#define poly1305aes_dispatch_H

#include <string.h>
#include "bytes.h"   /* on SPARC: no libc memcpy, memset (%g2, %g3) in path_aes */
#ifndef CORE_WIPE
#define CORE_WIPE() wipe_below(CORE_STACK)
#endif
#include "pathcore.h"   /* path_core's pieces: OWN_CORE, and the portable Poly1305 cores */

#define COUNT (sizeof paths / sizeof paths[0])

#ifndef WIPE_PATH
#define WIPE_PATH(p, bytes) wipe_below(bytes)
#endif
#ifndef WIPE_AFTER
#define WIPE_AFTER(p, bytes) \
  do { \
    if (bytes) WIPE_PATH(p, bytes); \
  } while (0)
#endif
#ifndef PATH_ENTER
#define PATH_ENTER() ((void) 0)
#endif
#ifndef PATH_CLASS
#define PATH_CLASS() 0
#endif
#ifndef PATH_STORE
#define PATH_STORE(p) ((void) 0)
#endif

/* the write-once cache, see above (path_use rewrites it): the path, and its row, written before
   it (path_current: no division) */
static struct {
  const struct path *p;
  unsigned int row;
} chosen;

#if PATH_CLASSES > 1
static size_t chosen_from, chosen_onetime_from;   /* the chosen path's thresholds for this CPU's class */
#endif

/* p from now on: what goes with it, then the release store */
static void store(const struct path *p)
{
  PATH_STORE(p);
  __atomic_store_n(&chosen.row, (unsigned int) (p - paths), __ATOMIC_RELAXED);
#if PATH_CLASSES > 1
  __atomic_store_n(&chosen_from, p->vector_from[PATH_CLASS()], __ATOMIC_RELAXED);
  __atomic_store_n(&chosen_onetime_from, p->onetime_from[PATH_CLASS()], __ATOMIC_RELAXED);
#endif
  __atomic_store_n(&chosen.p, p, __ATOMIC_RELEASE);
}

/* once per process: out of line, so that every call's own code keeps to the registers the
   path's call needs (inlined, its loop made gcc save six more at each call on riscv64) */
static __attribute__((noinline, cold)) const struct path *choose(void)
{
  unsigned int i;
  for (i = 0; i + 1 < COUNT && !runs_here(&paths[i]); ++i) {}
  store(&paths[i]);
  return &paths[i];
}

static inline __attribute__((always_inline)) const struct path *current(void)
{
  const struct path *p;
  if (COUNT == 1) return &paths[0];   /* one row: nothing to choose */
  p = __atomic_load_n(&chosen.p, __ATOMIC_ACQUIRE);
  if (__builtin_expect(p == NULL, 0)) p = choose();
  return p;
}

/* the threshold of the path current() returned, on this CPU: for authenticate or (onetime,
   a constant) for Poly1305 alone */
static inline __attribute__((always_inline)) size_t threshold(const struct path *p, int onetime)
{
#if PATH_CLASSES > 1
  (void) p;
  return onetime ? __atomic_load_n(&chosen_onetime_from, __ATOMIC_RELAXED)
                 : __atomic_load_n(&chosen_from, __ATOMIC_RELAXED);
#else
  return onetime ? p->onetime_from[0] : p->vector_from[0];
#endif
}

/* how many rows have vector code (vector) or onetime code (else): a constant the compiler
   folds from the constant table, so that a table without either tests nothing for it */
static inline __attribute__((always_inline)) unsigned int rows_with(int vector)
{
  unsigned int i, n = 0;
  for (i = 0; i < COUNT; ++i) n += (vector ? paths[i].vector : paths[i].onetime) != NULL;
  return n;
}

/* one call on path p, then the wipe of the stack it used (inlined: the wipe runs from the frame
   that called the path's code); onetime: n is NULL (a constant) and p has onetime code */
static inline __attribute__((always_inline)) void run(const struct path *p, unsigned char out[16],
                                                      const unsigned char *kr, const unsigned char *n,
                                                      const unsigned char *m, size_t l, int onetime)
{
  PATH_ENTER();
  if (rows_with(1) && p->vector && l >= threshold(p, onetime)) {
    p->vector(out, kr, n, m, l);
    WIPE_AFTER(p, p->vector_stack);
  } else {
    (onetime ? p->onetime : p->scalar)(out, kr, n, m, l);
    WIPE_AFTER(p, p->scalar_stack);
  }
}

#if !defined(OWN_AUTHENTICATE)
PATH_ENTRY void poly1305aes_authenticate(unsigned char out[16], const unsigned char kr[32],
                                         const unsigned char n[16], const unsigned char m[], unsigned int l)
{
  run(current(), out, kr, n, m, l, 0);
}
#else
typedef char own_authenticate_one_row[COUNT == 1 ? 1 : -1];
#endif

/* the path's one-shot code with the one-time key r || s (n NULL: common/path.h's fusedfn), or 0
   where it has none */
PATH_ENTRY int poly1305aes_onetime_fused(unsigned char out[16], const unsigned char key[32], const unsigned char *m,
                                         size_t l)
{
  const struct path *p;
  if (rows_with(0) == 0) return 0;
  p = current();
  if (rows_with(0) < COUNT && !p->onetime) return 0;
#if defined(PATH_LENGTH_MAX)
  if (l > PATH_LENGTH_MAX) return 0;
#endif
  run(p, out, key, NULL, m, l, 1);
  return 1;
}

/* the end of the run of lengths below from that starts at l[i]: the first j >= i with
   l[j] >= from, or count. Four lengths a step while four remain, by their OR, which is at
   least each of them (so below from means all are); a step whose OR is not below from, and
   the last few, one a step */
static inline __attribute__((always_inline)) size_t short_run(const size_t l[], size_t i, size_t count, size_t from)
{
  const size_t *p = l + i, *end = l + count;
  while (end - p >= 4 && (p[0] | p[1] | p[2] | p[3]) < from) p += 4;
  while (p < end && *p < from) ++p;
  return (size_t) (p - l);
}

/* the path's many-message code (common/path.h's manyfn) on each run of two or more messages
   below the path's vector threshold, then the wipe of the stack it used; a longer message, or
   a short one alone (no group to form; its single call wipes less), as one call (run), in its
   place in the order of i */
PATH_ENTRY int poly1305aes_many_fused(unsigned char *const out[], const unsigned char *const kr[],
                                      const unsigned char *const n[], const unsigned char *const m[],
                                      const size_t l[], size_t count)
{
  const struct path *p = current();
  size_t i = 0, end, from;
  if (!p->many) return 0;
  from = p->vector ? threshold(p, 0) : (size_t) -1;
  PATH_ENTER();
  while (i < count) {
    end = l[i] >= from ? i + 1 : short_run(l, i, count, from);   /* (past i: l[i] is below from) */
    if (end - i == 1) {
      run(p, out[i], kr[i], n[i], m[i], l[i], 0);
      ++i;
      continue;
    }
    p->many(out + i, kr + i, n + i, m + i, l + i, end - i);
    WIPE_AFTER(p, p->many_stack);
    i = end;
  }
  return 1;
}

/* path i's key expansion (common/path.h's struct path_split), then the wipe of the stack the
   path's scalar code may use */
PATH_ENTRY int poly1305aes_split_expand(unsigned int i, unsigned char *sched, const unsigned char kr[32])
{
  if (i >= COUNT || !paths[i].split) return 0;
  PATH_ENTER();
  paths[i].split->expand(sched, kr);
  WIPE_AFTER(&paths[i], paths[i].scalar_stack);
  return 1;
}

/* the fused code of the path in use with the bytes of a key it expanded (the key's byte at
   POLY1305AES_KEY_PATH its number), as run() runs its code; otherwise(...) where the key is
   another path's or the path has no such code for l */
PATH_ENTRY void poly1305aes_split_fused(unsigned char out[16], const unsigned char *key, const unsigned char *n,
                                        const unsigned char *m, size_t l, fusedfn *otherwise)
{
  const struct path *p = current();
  const struct path_split *sp = p->split;
  unsigned int row = COUNT == 1 ? 0 : __atomic_load_n(&chosen.row, __ATOMIC_RELAXED);   /* p's, see path_current */
  if (row == key[POLY1305AES_KEY_PATH] && sp && sp->scalar) {
    if (rows_with(1) && p->vector && l >= threshold(p, 0)) {
      if (sp->vector) {
        PATH_ENTER();
        sp->vector(out, key, n, m, l);
        WIPE_AFTER(p, p->vector_stack);
        return;
      }
    } else {
      PATH_ENTER();
      sp->scalar(out, key, n, m, l);
      WIPE_AFTER(p, p->scalar_stack);
      return;
    }
  }
  otherwise(out, key, n, m, l);
}

/* the path interface (common/impl.h.in): the table, as data */
const char *poly1305aes_path_name(unsigned int i)
{
  return i < COUNT ? paths[i].name : NULL;
}

int poly1305aes_path_use(unsigned int i)
{
  if (i >= COUNT || !may_force(&paths[i])) return 0;
  store(&paths[i]);
  return 1;
}

const char *poly1305aes_path(void)
{
  return current()->name;
}

/* the row of the path current() returns: written before the choice's release store, which
   current()'s acquire load follows (path_use, which rewrites both, is for tests, which do not
   race with calls) */
unsigned int poly1305aes_path_current(void)
{
  if (COUNT == 1) return 0;
  (void) current();
  return __atomic_load_n(&chosen.row, __ATOMIC_RELAXED);
}

const struct poly1305aes_core *poly1305aes_path_core(unsigned int i)
{
  return i < COUNT ? paths[i].core : NULL;
}

/* AES_k(in) on path i: its scalar code on an empty message with r = 0 (tag = s), then
   the wipes of the key copied here and of the stack it used; PATH_ENTER first, before the
   copies (the compiler may copy with vector registers) */
static void path_aes(unsigned int i, unsigned char out[16], const unsigned char k[16], const unsigned char in[16])
{
  unsigned char kr[32];
  PATH_ENTER();
  memcpy(kr, k, 16);
  memset(kr + 16, 0, 16);
  paths[i].scalar(out, kr, in, NULL, 0);
  wipe(kr, sizeof kr);
  WIPE_AFTER(&paths[i], paths[i].scalar_stack);
}

/* the cores: path i's own AES with the including file's own Poly1305 core (its
   PATH_CORE_OF and OWN_CORES), else the portable one of common/pathcore.h */
#define PATHS_COUNT COUNT
PATH_CORES

#endif
