/* SPDX-License-Identifier: CC0-1.0 */
/* The record of a code path, one shape for every implementation (the rows of
   its path table: the dispatch.c of each with run-time dispatch, common/onepath.c's
   one row "default" for those without, poly1305aes_ct's two; the one dispatcher over
   them: common/dispatch.h), and the one type of a path's fused one-shot code.
   Assumes C99.

   fusedfn(out, kr, n, m, l): out = the Poly1305 of m[0..l) under r, plus s,
   where r = kr[16..32) and s = AES_k(n) for k = kr[0..16) (authenticate), or,
   with n NULL, r = kr[0..16) and s = kr[16..32), a one-time key (no AES:
   onetimeauth through the dispatcher's onetime_fused).

   manyfn(out, kr, n, m, l, count): a path's own code for many messages a
   call (authenticate_many's contract, common/poly1305aes.h.in: out[i] = the
   authenticator of m[i][0..l[i]) under kr[i] and n[i], as count calls in
   order of i, count above 0), every l[i] below the path's vector threshold
   for the CPU's class (its scalar code's lengths: the dispatcher runs a
   longer message as one call); after it the dispatcher zeroes many_stack
   bytes of stack.

   struct path_split: a path's AES-128 in two halves, for expanded keys
   (common/many.c): expand(sched, kr) writes the key schedule of k =
   kr[0..16) into sched (POLY1305AES_SPLIT_BYTES bytes at most, any
   alignment: common/impl.h.in; a path may keep a copy of r = kr[16..32)
   beside it, in the cache lines its calls read anyway),
   and the path's fused code with such a key (scalar, vector: kr is the
   key's bytes, r at 16 and the schedule at POLY1305AES_KEY_SCHED), as
   fast as the path's own code or faster. The dispatcher zeroes the path's
   scalar_stack bytes after expand, and after the fused code the stack its
   scalar or vector counterpart uses.

   A path's thresholds are per CPU class: PATH_CLASSES of them (1 unless the
   implementation's headers define more before including this file: x86/x86.h,
   whose classes are x86/paths.h's enum cpu_class); the dispatcher picks the class
   once, with the path (its PATH_CLASS hook). */
#ifndef poly1305aes_path_H
#define poly1305aes_path_H

#include <stddef.h>
#include "core.h"

#ifndef PATH_CLASSES
#define PATH_CLASSES 1
#endif

typedef void fusedfn(unsigned char out[16], const unsigned char *kr, const unsigned char *n, const unsigned char *m,
                     size_t l);

/* a code path. Its fused code runs the one-shot entry points: for authenticate scalar below
   its threshold vector_from, vector (when not NULL) from there; for Poly1305 alone with a
   one-time key (onetime_fused) onetime below onetime_from (no AES for the scalar code to
   overlap), vector from there; each threshold the one for the CPU's class. onetime is NULL
   where the path has no fused code for a one-time key: onetimeauth then composes the core
   (common/stream.c). After each call of its fused code the dispatcher zeroes the stack that
   code used: scalar_stack (after scalar or onetime) or vector_stack bytes (0: none). core is its
   pieces on the internal contract (common/core.h) for the streaming API. many is its code for
   many messages a call (NULL: the driver, common/many.c, loops over the fused code); split its
   AES in two halves for expanded keys (NULL: an expanded key keeps kr and goes through the
   fused code). */
typedef void manyfn(unsigned char *const out[], const unsigned char *const kr[], const unsigned char *const n[],
                    const unsigned char *const m[], const size_t l[], size_t count);
struct path_split {
  void (*expand)(unsigned char *sched, const unsigned char kr[32]);
  fusedfn *scalar, *vector;   /* where the path runs its scalar and its vector code (NULL: there
                                 authenticate with the key's kr) */
};
struct path {
  const char *name;
  unsigned long needs;                /* the CPU features it needs, in the implementation's bits */
  fusedfn *scalar, *vector, *onetime;
  size_t vector_from[PATH_CLASSES];
  size_t onetime_from[PATH_CLASSES];
  unsigned int scalar_stack, vector_stack;
  const struct poly1305aes_core *core;
  manyfn *many;                       /* NULL: a loop */
  unsigned int many_stack;            /* the stack many uses (0 where many is NULL) */
  const struct path_split *split;     /* NULL: no split AES */
};

/* a threshold the same for every class, as a row's initializer */
#define PATH_ALL(x) { [0 ... PATH_CLASSES - 1] = (x) }

/* the rows of a dispatch.c's table, one macro each: path NAME (a string) needing NEEDS, whose
   scalar code serves a one-time key too (onetime = scalar), its core PATH_CORE(I)
   (common/dispatch.h), its stack sizes SCALAR_STACK and VECTOR_STACK:
     PATH_ROW: vector code from the thresholds FROM (authenticate) and ONETIME_FROM, each an
       initializer (PATH_ALL(x), or one a class);
     PATH_VECTOR: vector code from one threshold FROM for both, on every class;
     PATH_SCALAR: no vector code. */
#define PATH_ROW(name_, needs_, scalar_, vector_, from_, onetime_from_, scalar_stack_, vector_stack_, i) \
  PATH_ROW_SPLIT(name_, needs_, scalar_, vector_, from_, onetime_from_, scalar_stack_, vector_stack_, i, NULL)
/* PATH_ROW_SPLIT: the same, with the path's split AES for expanded keys (split_: a struct path_split *) */
#define PATH_ROW_SPLIT(name_, needs_, scalar_, vector_, from_, onetime_from_, scalar_stack_, vector_stack_, i, split_) \
  { .name = (name_), .needs = (needs_), .scalar = (scalar_), .vector = (vector_), .onetime = (scalar_), \
    .vector_from = from_, .onetime_from = onetime_from_, .scalar_stack = (scalar_stack_), \
    .vector_stack = (vector_stack_), .core = PATH_CORE(i), .many = NULL, .split = (split_) }
/* PATH_ROW_MANY: the same, with the path's many-message code (many_, a manyfn *) and its stack
   size MANY_STACK */
#define PATH_ROW_MANY(name_, needs_, scalar_, vector_, from_, onetime_from_, scalar_stack_, vector_stack_, i, \
                      split_, many_, many_stack_) \
  { .name = (name_), .needs = (needs_), .scalar = (scalar_), .vector = (vector_), .onetime = (scalar_), \
    .vector_from = from_, .onetime_from = onetime_from_, .scalar_stack = (scalar_stack_), \
    .vector_stack = (vector_stack_), .core = PATH_CORE(i), .many = (many_), .many_stack = (many_stack_), \
    .split = (split_) }
#define PATH_VECTOR(name_, needs_, scalar_, vector_, from_, scalar_stack_, vector_stack_, i) \
  PATH_ROW(name_, needs_, scalar_, vector_, PATH_ALL(from_), PATH_ALL(from_), scalar_stack_, vector_stack_, i)
#define PATH_SCALAR(name_, needs_, scalar_, scalar_stack_, i) \
  PATH_ROW(name_, needs_, scalar_, NULL, PATH_ALL(0), PATH_ALL(0), scalar_stack_, 0, i)

#endif
