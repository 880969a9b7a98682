/* SPDX-License-Identifier: CC0-1.0 */
/* poly1305aes_s390x vector code (path "vxe", from its threshold on):
   Poly1305 in radix 2^44, R44_CHAINS chains of R44_STEP blocks a step
   (common/radix44.h: the method and its bounds), with VMSLG (vector
   enhancements 1: z14), two 64x64-bit products and a 128-bit addend in one
   instruction. Assumes z14 or later (this file is built for it);
   big-endian: element 1 of a vector is the low doubleword of a 128-bit
   value, and the blocks' little-endian halves are byte-reversed by the
   VPERMs that gather them. The 128-bit shifts of the carries are VSRLB and
   VSRL (bytes, then bits). Constant time. */
#if defined(__clang__)   /* every function from here on, and the inline ones it takes in, for z14 */
#pragma clang attribute push(__attribute__((target("arch=z14"))), apply_to = function)
#else
#pragma GCC target("arch=z14")
/* the instructions in the source's order: the chains' operations alternate (common/radix44.h's
   r44_steps), so a z14's window holds both chains' long VMSLG sequences at once; gcc's scheduler
   groups each chain's operations instead, and on llvm-mca's z14 model (a 60-micro-op window) the
   loop then takes 92 cycles for 128 bytes, not 79 (z15: 72.6, not 64.1) */
#pragma GCC optimize("no-schedule-insns", "no-schedule-insns2")
#endif
#include "s390x.h"

typedef unsigned long long V __attribute__((vector_size(16)));
typedef unsigned char B __attribute__((vector_size(16)));
typedef unsigned __int128 Q __attribute__((vector_size(16)));
#define R44_LOW 1   /* big-endian: element 1 is the low doubleword */

INLINE V r44_msum(V x, V k, V c)
{
  V out;
  __asm__("vmslg %0, %1, %2, %3, 0" : "=v"(out) : "v"(x), "v"(k), "v"(c));
  return out;
}

INLINE V r44_add128(V a, V b)
{
  return (V) ((Q) a + (Q) b);
}

INLINE V r44_shr128(V v, V count)
{
  return (V) __builtin_s390_vsrl(__builtin_s390_vsrlb((B) v, (B) count), (B) count);
}

#define R44_SPLIT 1   /* r44_split below */

/* the halves of the blocks at m and m + 16, each byte-reversed: block 1 in element 1 */
INLINE void r44_pair(const unsigned char *m, V *lo, V *hi)
{
  static const B lows = { 23, 22, 21, 20, 19, 18, 17, 16, 7, 6, 5, 4, 3, 2, 1, 0 };
  static const B highs = { 31, 30, 29, 28, 27, 26, 25, 24, 15, 14, 13, 12, 11, 10, 9, 8 };
  B x, y;
  memcpy(&x, m, 16);
  memcpy(&y, m + 16, 16);
  *lo = (V) __builtin_s390_vperm(x, y, lows);
  *hi = (V) __builtin_s390_vperm(x, y, highs);
}

/* h = h r once more (the powers of r) */
INLINE void r44_times_r(struct p64 *st)
{
  p64_block_z(st, 0, 0, 0);
}

#include "radix44.h"

/* the limbs of a pair of blocks (lo, hi: their halves); VERIMG inserts hi's low 24 bits
   at bit 20 of lo >> 44 in one instruction */
INLINE void r44_split(V m[3], V lo, V hi, V pad40)
{
  const V m44 = r44_splat((1ULL << 44) - 1), mid = r44_splat(((1ULL << 24) - 1) << 20);
  V t = lo >> 44;
  __asm__("verimg %0, %1, %2, 20" : "+v"(t) : "v"(hi), "v"(mid));
  m[0] = lo & m44;
  m[1] = t;
  m[2] = (hi >> 24) | pad40;
}

size_t vector_z14(struct state *st, const unsigned char *m, size_t count, u64 pad)
{
  return r44_vector(st, m, count, pad);
}

#if defined(__clang__)
#pragma clang attribute pop
#endif
