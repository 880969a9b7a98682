/* SPDX-License-Identifier: CC0-1.0 */
/* Poly1305 cores on the internal contract (common/core.h) in portable C, and
   path_core (common/impl.h.in) for every dispatcher: a path's core is the
   dispatcher's own (PATH_CORE_OF) or, where it names none, a portable one
   here. Assumes GCC or clang, C99.
     core64_*: radix 2^64 (common/poly64.h's p64_block), where the compiler
               has unsigned __int128 (CORE64 is then 1); h2 <= 4 between calls;
     core26_*: radix 2^26 (common/poly26.h), everywhere; limbs below 2^26.01.
   Constant time: no branch and no memory index depends on r, h, s or the
   message, only on nblocks. Each entry point zeroes the stack its work used
   (CORE_WIPE(), which the including file defines: CORE_STACK bytes below the
   stack pointer, measured by the build), as the driver (common/stream.c) calls them with no wipe of
   its own; finish zeroes the core state. A core state holds no pointer.

   PATH_CORES (every dispatcher, through common/dispatch.h):
   path i's core is the path's own AES (path_aes(i, ...), which the including
   file defines) with core64 on 64-bit targets, core26 on 32-bit ones, unless
   the including file names its paths' own cores (OWN_CORES, PATH_CORE_OF:
   poly1305aes_amd64 and poly1305aes_x86 through x86/paths.h's X86_CORES,
   poly1305aes_ppc64le, poly1305aes_s390x, poly1305aes_ppcct,
   poly1305aes_arm64, poly1305aes_armhf, poly1305aes_riscv64). Where it does not, the streaming
   API runs at the portable core's speed; the one-shot functions keep each
   path's fused code. */
#ifndef poly1305aes_pathcore_H
#define poly1305aes_pathcore_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include "core.h"
#include "wipe.h"
#include "poly26.h"
/* the stack an entry point's work uses, zeroed after it: measured by the build
   (common/stack.h); PATH_ENTRY: an entry point's attributes */
#include "stack.h"
#define CORE_STACK STACK_CORE_BYTES
#ifndef PATH_ENTRY
#define PATH_ENTRY
#endif
#define CORE_FN static __attribute__((unused)) PATH_ENTRY
#define CORE_WORK static __attribute__((unused, noinline))

#if defined(__SIZEOF_INT128__)
#define CORE64 1
#include "poly64.h"
#else
#define CORE64 0
#endif

/* the entry points of core NAME around its work functions NAME_*_work: each then zeroes
   the stack the work used; finish also the core state (of type STATE) */
#define CORE_ENTRIES(name, state) \
  CORE_FN void name##_start(void *st, const unsigned char r[16]) \
  { \
    name##_start_work(st, r); \
    CORE_WIPE(); \
  } \
  CORE_FN void name##_blocks(void *st, const unsigned char *m, size_t nblocks, unsigned int pad) \
  { \
    if (nblocks == 0) return; \
    name##_blocks_work(st, m, nblocks, pad); \
    CORE_WIPE(); \
  } \
  CORE_FN void name##_finish(void *st, const unsigned char s[16], unsigned char tag[16]) \
  { \
    name##_finish_work(st, s, tag); \
    CORE_WIPE(); \
    wipe(st, sizeof(state)); \
  }

/* a path's own core NAME on the contract: the entry points around the including file's
   startfn(st, r), blocksfn(st, m, nblocks, pad) and finishfn(st, s, tag) on a STATE */
#define OWN_CORE(name, state, startfn, blocksfn, finishfn) \
  CORE_WORK void name##_start_work(void *st, const unsigned char r[16]) \
  { \
    startfn(st, r); \
  } \
  CORE_WORK void name##_blocks_work(void *st, const unsigned char *m, size_t nblocks, unsigned int pad) \
  { \
    blocksfn(st, m, nblocks, pad); \
  } \
  CORE_WORK void name##_finish_work(void *st, const unsigned char s[16], unsigned char tag[16]) \
  { \
    finishfn(st, s, tag); \
  } \
  typedef char name##_state_fits[sizeof(state) <= POLY1305AES_CORE_STATE_MAX ? 1 : -1]; \
  CORE_ENTRIES(name, state)

/* the radix-2^26 core */
OWN_CORE(core26, struct p26, p26_start, p26_blocks, p26_finish)

#if CORE64
/* the radix-2^64 core: p64_start, and these */
static inline void core64_absorb(struct p64 *p, const unsigned char *m, size_t nblocks, unsigned int pad)
{
  for (; nblocks > 0; --nblocks, m += 16) p64_block(p, load64(m), load64(m + 8), pad);
}

static inline void core64_tag(const struct p64 *p, const unsigned char s[16], unsigned char tag[16])
{
  p64_finish(tag, p->h0, p->h1, p->h2, load64(s), load64(s + 8));
}

OWN_CORE(core64, struct p64, p64_start, core64_absorb, core64_tag)
#endif

/* path_cores[i], path i's core (common/dispatch.h's PATH_CORE(i), the core in row i of a
   table of PATHS_COUNT paths, at most 8): path_aes(i, out, k, in) and the core of the word
   size, or the including file's PATH_CORE_OF(aes, i) (its paths' own cores, whose entry
   points its OWN_CORES defines) */
#if UINTPTR_MAX > 0xffffffffu && CORE64
#define PATH_CORE_PIECES(aes) { sizeof(struct p64), aes, core64_start, core64_blocks, core64_finish, 0 }
#else
#define PATH_CORE_PIECES(aes) { sizeof(struct p26), aes, core26_start, core26_blocks, core26_finish, 0 }
#endif
#ifndef PATH_CORE_OF
#define PATH_CORE_OF(aes, i) PATH_CORE_PIECES(aes)
#define OWN_CORES
#endif
/* a table whose paths run one of two own cores on one STATE with one start and finish: vec
   (its blocks vecfn: vector code for long runs) on the paths whose bits the mask VEC has
   set, scalar (scalarfn) on the others; the including file defines
     #define PATH_CORE_OF(aes, i) PATH_CORE_EITHER(STATE, aes, i, VEC)
     #define OWN_CORES OWN_CORE_PAIR(STATE, startfn, vecfn, scalarfn, finishfn) */
#define PATH_CORE_EITHER(state, aes, i, vec) \
  { sizeof(state), aes, (vec) >> (i) & 1 ? vec_start : scalar_start, \
    (vec) >> (i) & 1 ? vec_blocks : scalar_blocks, (vec) >> (i) & 1 ? vec_finish : scalar_finish, 0 }
#define OWN_CORE_PAIR(state, startfn, vecfn, scalarfn, finishfn) \
  OWN_CORE(vec, state, startfn, vecfn, finishfn) \
  OWN_CORE(scalar, state, startfn, scalarfn, finishfn)
#define PATH_AES(i) \
  static __attribute__((unused)) PATH_ENTRY void path_aes_##i(unsigned char out[16], const unsigned char k[16], \
                                                                const unsigned char in[16]) \
  { \
    path_aes((i) < PATHS_COUNT ? (i) : 0, out, k, in); /* entries past the table: never handed out */ \
  }
#define PATH_CORES \
  PATH_AES(0) PATH_AES(1) PATH_AES(2) PATH_AES(3) PATH_AES(4) PATH_AES(5) PATH_AES(6) PATH_AES(7) \
  OWN_CORES \
  static const struct poly1305aes_core path_cores[8] = { \
    PATH_CORE_OF(path_aes_0, 0), PATH_CORE_OF(path_aes_1, 1), PATH_CORE_OF(path_aes_2, 2), \
    PATH_CORE_OF(path_aes_3, 3), PATH_CORE_OF(path_aes_4, 4), PATH_CORE_OF(path_aes_5, 5), \
    PATH_CORE_OF(path_aes_6, 6), PATH_CORE_OF(path_aes_7, 7) \
  }; \
  typedef char path_cores_fit[PATHS_COUNT <= 8 ? 1 : -1];

#endif
