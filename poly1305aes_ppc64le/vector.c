/* SPDX-License-Identifier: CC0-1.0 */
/* poly1305aes_ppc64le vector code (paths "p9" and "p10", from their
   threshold on): Poly1305 in radix 2^44, R44_CHAINS chains of R44_STEP
   blocks a step (common/radix44.h: the method and its bounds), with ISA
   3.0's vmsumudm, two 64x64-bit products and a 128-bit addend in one
   instruction. Assumes little-endian POWER9 or later (the functions here
   are built for it); constant time. The 128-bit shifts of the carries are
   vsro and vsr (octets, then bits), or with ISA 3.1 (POWER10, R44_ISA 31:
   vector_p10.c builds this file so) one vsrq. */
#include <altivec.h>
#include "ppc64le.h"

#ifndef R44_ISA
#define R44_ISA 30
#endif
#if R44_ISA == 31
#define P9 __attribute__((target("cpu=power10,no-prefixed,no-pcrel")))   /* 4-byte instructions: qemu 7.2 logs a prefixed one as two */
#define VECTOR_FN vector_p10
#else
#define P9 __attribute__((target("cpu=power9")))
#define VECTOR_FN vector_p9
#endif
typedef __vector unsigned long long V;
#undef INLINE
#define INLINE static inline __attribute__((always_inline)) P9
#define R44_LOW 0   /* little-endian: element 0 is the low doubleword */

INLINE V r44_msum(V x, V k, V c)
{
#if defined(__clang__)   /* clang 14's altivec.h has no doubleword vec_msum: the instruction itself */
  V r;
  __asm__("vmsumudm %0,%1,%2,%3" : "=v"(r) : "v"(x), "v"(k), "v"(c));
  return r;
#else
  return (V) vec_msum(x, k, (__vector unsigned __int128) c);
#endif
}

INLINE V r44_add128(V a, V b)
{
  return (V) vec_add((__vector unsigned __int128) a, (__vector unsigned __int128) b);
}

INLINE V r44_shr128(V v, V count)
{
#if R44_ISA == 31
  V out;
  __asm__("vsrq %0, %1, %2" : "=v"(out) : "v"(v), "v"(count));   /* bits 121-127 of count: 44 or 42 */
  return out;
#else
  return (V) vec_srl(vec_sro((__vector unsigned char) v, (__vector unsigned char) count),
                     (__vector unsigned char) count);
#endif
}

/* block 1's halves in element 0, block 2's in element 1 */
INLINE void r44_pair(const unsigned char *m, V *lo, V *hi)
{
  V x = vec_xl(0, (const unsigned long long *) m), y = vec_xl(16, (const unsigned long long *) m);
  *lo = vec_mergeh(x, y);
  *hi = vec_mergel(x, y);
}

/* h = h r once more (the powers of r) */
INLINE void r44_times_r(struct p64 *st)
{
  P64_LAST(P64_PRODUCTS_P9, 0, 0);
}

#include "radix44.h"

P9 size_t VECTOR_FN(struct state *st, const unsigned char *m, size_t count, u64 pad)
{
  return r44_vector(st, m, count, pad);
}
