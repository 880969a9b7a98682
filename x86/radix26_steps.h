/* SPDX-License-Identifier: CC0-1.0 */
/* The loops of x86/radix26.h, for the includer that defined STEP(h_products)
   (the asm of one step on the chunk at %[p]: H = H Q_0 + M_0 Q_1 + ..., the
   products by Q_0 given as h_products, nothing for the first step, where H
   = 0) and H_PRODUCTS, with the operands below: 8 vector registers (d0..d4
   the sums, a and t scratch, mask) and 3 general ones. */

#define STEP_OPERANDS \
    : [p] "+&r"(p), [d0] "=&x"(d0), [d1] "=&x"(d1), [d2] "=&x"(d2), [d3] "=&x"(d3), [d4] "=&x"(d4), \
      [a] "=&x"(a), [t] "=&x"(t) \
    : [st] "r"(st), [end] "r"(end), [mask] "x"(mask), [chunk] "i"(CHUNK) \
    : "cc", "memory"

/* count >= 1 chunks of CHUNK bytes from p */
static VT __attribute__((noinline)) void steps(struct state *st, const unsigned char *p, size_t count)
{
  const unsigned char *end = p + CHUNK * count;
  V d0, d1, d2, d3, d4, a, t, mask = st->mask;
  __asm__ __volatile__("1:\n\t"
                       STEP(H_PRODUCTS)
                       "add %[chunk], %[p]\n\t"
                       "cmp %[p], %[end]\n\t"
                       "jne 1b\n\t"
                       STEP_OPERANDS);
}

/* the first chunk, from p (Q_0 need not be ready) */
static VT __attribute__((noinline)) void first_step(struct state *st, const unsigned char *p)
{
  const unsigned char *end = p;
  V d0, d1, d2, d3, d4, a, t, mask = st->mask;
  __asm__ __volatile__(STEP("") STEP_OPERANDS);
}

#ifdef FIRST_STEP_FROM_H
/* the first chunk, from p, its block 0 plus the h slots' lane 0 (an h to start from; radix26.h's
   HASH_FROM); the slots are then H's as first_step leaves them */
static VT __attribute__((noinline)) void first_step_from(struct state *st, const unsigned char *p)
{
  const unsigned char *end = p;
  V d0, d1, d2, d3, d4, a, t, mask = st->mask;
  __asm__ __volatile__(FIRST_STEP_FROM_H STEP_OPERANDS);
}
#endif

#ifdef HYBRID_HASH
/* steps, each with HYBRID_BLOCKS scalar blocks from ms into sc (HYBRID_STEP) */
static VT __attribute__((noinline)) void steps_hybrid(struct state *st, const unsigned char *p, size_t count,
                                                      struct p64 *sc, const unsigned char *ms)
{
  const unsigned char *end = p + CHUNK * count;
  V d0, d1, d2, d3, d4, a, t, mask = st->mask;
  uint64_t h0 = sc->h0, h1 = sc->h1, h2 = sc->h2, d0h, d1l, d1h, t64;
  __asm__ __volatile__("1:\n\t"
                       HYBRID_STEP
                       "add %[chunk], %[p]\n\t"
                       "cmp %[p], %[end]\n\t"
                       "jne 1b\n\t"
                       : [p] "+&r"(p), [d0] "=&x"(d0), [d1] "=&x"(d1), [d2] "=&x"(d2), [d3] "=&x"(d3),
                         [d4] "=&x"(d4), [a] "=&x"(a), [t] "=&x"(t), [h0] "+&r"(h0), [h1] "+&r"(h1),
                         [h2] "+&r"(h2), [d0h] "=&r"(d0h), [d1l] "=&r"(d1l), [d1h] "=&r"(d1h),
                         [t64] "=&r"(t64), [ms] "+&r"(ms)
                       : [st] "r"(st), [end] "r"(end), [mask] "x"(mask), [chunk] "i"(CHUNK),
                         [r0] "m"(sc->r0), [r1] "m"(sc->r1), [s1] "m"(sc->s1)
                       : "rax", "rdx", "cc", "memory");
  sc->h0 = h0, sc->h1 = h1, sc->h2 = h2;
}
#endif
