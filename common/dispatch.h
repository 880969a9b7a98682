/* SPDX-License-Identifier: CC0-1.0 */
/* The run-time dispatcher of an implementation with code paths, written
   once (poly1305aes_arm64, poly1305aes_armhf, poly1305aes_riscv64,
   poly1305aes_ppc64le, poly1305aes_s390x and poly1305aes_ppcct include it
   from their dispatch.c twice: first for struct path, then, after their
   path table, for the functions). Assumes GCC or clang (__atomic builtins)
   and hashfn (common/hashfn.h) for the paths' code. The including file defines:
     static const struct path paths[], best first, the last one every CPU runs;
     static int runs_here(const struct path *p): the library's own choice may
       take p on this CPU;
     static int may_force(const struct path *p): a test may force p here;
     PATH_CALL(fn): fn called for the arguments out, kr, n, m, l;
     wipe_below(bytes): zeroes that much stack below the stack pointer;
     WIPE_PATH(p, bytes) (optional): the same after path p's code, in a way
       that may take p's needs (default: wipe_below(bytes));
     PATH_ONETIME (optional): the paths' code, given n NULL, takes kr as a
       one-time key r || s (onetime_fused runs it; else path_core composes).
   path_current, onetime_fused and path_core (common/impl.h.in) serve the
   streaming driver (common/stream.c).
   A path runs its scalar code below vector_from bytes, its vector code (when
   not NULL) from there; after each call the dispatcher zeroes the stack the
   code used (scalar_stack or vector_stack bytes; 0: none).
   The choice is cached write-once, process-wide: the first call picks the
   first path that runs here and stores a pointer to its constant descriptor
   with an atomic release store; every call loads it with an acquire load.
   Threads racing on the first call compute and store the same pointer, so
   the race is benign. Nothing outside the program chooses the path: no
   environment variable is read. Tests and benchmarks force one through the
   path interface (common/impl.h.in), which the installed libraries do not
   export. */
#ifndef poly1305aes_dispatch_path
#define poly1305aes_dispatch_path

#include "hashfn.h"

/* a code path: its name, the CPU features it needs (the implementation's bits), its code
   for short messages and (or NULL) from vector_from bytes on, the stack bytes each leaves
   to wipe */
struct path {
  const char *name;
  unsigned long needs;
  hashfn *scalar, *vector;
  size_t vector_from;
  unsigned int scalar_stack, vector_stack;
};

#elif !defined(poly1305aes_dispatch_H)
#define poly1305aes_dispatch_H

#include <string.h>
#define CORE_WIPE() wipe_below(CORE_STACK)
#include "pathcore.h"   /* path_core's pieces: OWN_CORE, and the portable Poly1305 cores */

#define COUNT (sizeof paths / sizeof paths[0])

#ifndef WIPE_PATH
#define WIPE_PATH(p, bytes) wipe_below(bytes)
#endif

/* once per process: out of line, so that every call's own code keeps to the registers the
   path's call needs (inlined, its loop made gcc save six more at each call on riscv64) */
static __attribute__((noinline, cold)) const struct path *choose(void)
{
  unsigned int i;
  for (i = 0; i < COUNT; ++i)
    if (runs_here(&paths[i])) return &paths[i];
  return &paths[COUNT - 1];
}

static const struct path *chosen;   /* write-once cache, see above (path_use rewrites it) */

static const struct path *current(void)
{
  const struct path *p = __atomic_load_n(&chosen, __ATOMIC_ACQUIRE);
  if (__builtin_expect(p == NULL, 0)) {
    p = choose();
    __atomic_store_n(&chosen, p, __ATOMIC_RELEASE);
  }
  return p;
}

/* one call on the path in use, then the wipe of the stack it used (inlined: the wipe runs
   from the frame that called the path's code) */
static inline __attribute__((always_inline)) void run(unsigned char out[16], const unsigned char *kr,
                                                      const unsigned char *n, const unsigned char *m, size_t l)
{
  const struct path *p = current();
  if (p->vector && l >= p->vector_from) {
    PATH_CALL(p->vector);
    if (p->vector_stack) WIPE_PATH(p, p->vector_stack);
  } else {
    PATH_CALL(p->scalar);
    if (p->scalar_stack) WIPE_PATH(p, p->scalar_stack);
  }
}

void poly1305aes_authenticate(unsigned char out[16], const unsigned char kr[32], const unsigned char n[16],
                              const unsigned char m[], unsigned int l)
{
  run(out, kr, n, m, l);
}

/* the path interface (common/impl.h.in): the table, as data */
const char *poly1305aes_path_name(unsigned int i)
{
  return i < COUNT ? paths[i].name : NULL;
}

int poly1305aes_path_use(unsigned int i)
{
  if (i >= COUNT || !may_force(&paths[i])) return 0;
  __atomic_store_n(&chosen, &paths[i], __ATOMIC_RELEASE);
  return 1;
}

const char *poly1305aes_path(void)
{
  return current()->name;
}

unsigned int poly1305aes_path_current(void)
{
  return (unsigned int) (current() - paths);
}

#if defined(PATH_ONETIME)
/* the path's one-shot code with the one-time key r || s: its code takes n NULL so (PATH_ONETIME) */
int poly1305aes_onetime_fused(unsigned char out[16], const unsigned char key[32], const unsigned char *m, size_t l)
{
  run(out, key, NULL, m, l);
  return 1;
}
#else
/* no path's code here takes s in place of k: onetimeauth composes path_core's pieces */
int poly1305aes_onetime_fused(unsigned char out[16], const unsigned char key[32], const unsigned char *m, size_t l)
{
  (void) out, (void) key, (void) m, (void) l;
  return 0;
}
#endif

/* AES_k(in) on path i: its scalar code on an empty message with r = 0 (tag = s), then
   the wipes of the key copied here and of the stack it used */
static void path_aes(unsigned int i, unsigned char out[16], const unsigned char k[16], const unsigned char in[16])
{
  unsigned char kr[32];
  const unsigned char *n = in, *m = NULL;
  const unsigned int l = 0;
  memcpy(kr, k, 16);
  memset(kr + 16, 0, 16);
  PATH_CALL(paths[i].scalar);
  wipe(kr, sizeof kr);
  if (paths[i].scalar_stack) WIPE_PATH(&paths[i], paths[i].scalar_stack);
}

/* path_core(i): path i's own AES with the including file's own Poly1305 core (its
   PATH_CORE_OF and OWN_CORES), else the portable one of common/pathcore.h */
#define PATHS_COUNT COUNT
PATH_CORES

#endif
