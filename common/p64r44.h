/* SPDX-License-Identifier: CC0-1.0 */
/* The core of an implementation whose paths run the radix-2^64 scalar
   Poly1305 (poly64.h) and, from a threshold on, radix-2^44 vector code
   (radix44.h): the state, start and blocks shared by poly1305aes_ppc64le
   and poly1305aes_s390x. Assumes C99 with GNU attributes, poly64.h
   included first; the vector code takes whole groups of R44_GROUP blocks
   and returns how many it left, fewer than R44_GROUP, for the scalar code. */
#ifndef poly1305aes_p64r44_H
#define poly1305aes_p64r44_H

#include <stddef.h>

/* the vector code's shape (radix44.h): R44_CHAINS chains of R44_STEP blocks a step */
#ifndef R44_CHAINS
#define R44_CHAINS 2
#endif
#ifndef R44_STEP
#define R44_STEP 4
#endif
#define R44_GROUP (R44_CHAINS * R44_STEP)   /* blocks */

/* every path's core state: the radix-2^64 state, and the vector code's powers of r
   (radix 2^44, computed on its first use) */
struct state {
  struct p64 p;
  int powers;                         /* 1 when key44 holds r's powers */
  unsigned char key44[5 * R44_GROUP / 2][16] __attribute__((aligned(16)));
};

/* the vector code from VECTOR_FROM bytes (the including implementation's thresholds file,
   written by the build into this header) */
#include "thresholds.h"
#if VECTOR_FROM < 16 * R44_GROUP
#error "the vector code takes whole groups of R44_GROUP blocks"
#endif

typedef size_t p64r44_vectorfn(struct state *st, const unsigned char *m, size_t count, u64 pad);
typedef void p64r44_scalarfn(struct state *st, const unsigned char *m, size_t count, u64 pad);

INLINE void p64r44_start(struct state *st, const unsigned char r[16])
{
  p64_start(&st->p, r);
  st->powers = 0;
}

/* count blocks: the vector code's from VECTOR_FROM bytes on, the scalar code's for the rest */
INLINE void p64r44_blocks(struct state *st, const unsigned char *m, size_t count, u64 pad,
                          p64r44_vectorfn *vector_code, p64r44_scalarfn *scalar_code)
{
  if (count >= VECTOR_FROM / 16) {
    size_t left = vector_code(st, m, count, pad);
    m += 16 * (count - left);
    count = left;
  }
  scalar_code(st, m, count, pad);
}

#endif
