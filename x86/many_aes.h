/* SPDX-License-Identifier: CC0-1.0 */
/* The AES of many messages' keys and nonces at once, for the many-message code of
   poly1305aes_amd64 (poly1305aes_amd64/many.c) and poly1305aes_x86 (poly1305aes_x86/many.c).
   Assumes x86 (64- or 32-bit) with AES-NI and SSSE3, VAES and AVX2 for the wide groups (probed
   by has_vaes), GCC or clang (target attributes, cpuid.h); instantiated inside each path's
   function. The including file defines INLINE.

   A group is the next WIDE_LANES messages (VAES, two keys a ymm register, where the CPU has
   it) or MANY_LANES (AES-NI), each below SHORT_MAX bytes: the AES-128 of the group's keys and
   nonces runs interleaved, one key's expansion beside the others' (AESENCLAST's latency hidden
   by the other keys' independent steps), each key's rounds as aesni_encrypt's (common/aesni.h);
   then each message's hash, in order, its tag written after message i's hash and before
   message i + 1's r and bytes are read; or, where the path has lanes (LANES4: four messages
   side by side, reading every r and byte before writing a tag) and they pay (lanes_pay), four
   at a time where no tag of the group meets any input of a later message. The group reads
   every key and nonce before out[i] is written, so where an out[i] overlaps a later key or
   nonce of its group (addresses are public) its messages run one at a time as single calls:
   the contract's order of i holds (common/path.h's manyfn). No branch or index depends on a
   secret: only on lengths, addresses and the count. */
#ifndef poly1305aes_x86_many_aes_H
#define poly1305aes_x86_many_aes_H

#include <cpuid.h>
#include <stddef.h>
#include <stdint.h>
#include <immintrin.h>

#define MANY_LANES 4
#define SHORT_MAX 128

/* [a, a + 16) and [b, b + 16) share a byte (a, b addresses in one address space) */
INLINE int overlap16(const unsigned char *a, const unsigned char *b)
{
  return (uintptr_t) b - (uintptr_t) a + 15 < 31;
}

/* some out[i] of the group of g overlaps the AES input (key or nonce) of a message j > i of it */
INLINE int group_aliases(unsigned char *const out[], const unsigned char *const kr[],
                         const unsigned char *const n[], unsigned int g)
{
  int any = 0;
  unsigned int i, j;
  for (i = 0; i + 1 < g; ++i)
    for (j = i + 1; j < g; ++j) any |= overlap16(out[i], kr[j]) | overlap16(out[i], n[j]);
  return any;
}

/* how the group of g may run: with full, 2 where no out[i] (i < g - 1) shares a byte with an
   input of a later message of it (key and r, nonce, bytes): lanes may read every input before
   writing a tag; 1 where none overlaps a later key or nonce (the group's AES first, then each
   message's hash in order); 0 otherwise. The span of the tags against the span of each kind of
   input (keys, nonces; with full, r and the bytes too) first, and where one meets the tags',
   group_aliases pair by pair */
#define SPAN(lo, end, p, bytes)                                                                   \
  do {                                                                                             \
    uintptr_t p_ = (uintptr_t) (p);                                                                \
    lo = p_ < lo ? p_ : lo;                                                                        \
    end = p_ + (bytes) > end ? p_ + (bytes) : end;                                                 \
  } while (0)
INLINE int group_apart(unsigned char *const out[], const unsigned char *const kr[],
                       const unsigned char *const n[], const unsigned char *const m[], const size_t l[],
                       unsigned int g, int full)
{
  uintptr_t olo = UINTPTR_MAX, oend = 0, klo = UINTPTR_MAX, kend = 0, nlo = UINTPTR_MAX, nend = 0;
  uintptr_t mlo = UINTPTR_MAX, mend = 0;
  unsigned int i;
  if (!full) {   /* the keys and nonces as one span */
    for (i = 0; i + 1 < g; ++i) {
      SPAN(olo, oend, out[i], 16);
      SPAN(klo, kend, kr[i + 1], 16);
      SPAN(klo, kend, n[i + 1], 16);
    }
    return oend <= klo || kend <= olo || !group_aliases(out, kr, n, g);
  }
  for (i = 0; i + 1 < g; ++i) {
    SPAN(olo, oend, out[i], 16);
    SPAN(klo, kend, kr[i + 1], 32);
    SPAN(nlo, nend, n[i + 1], 16);
    if (l[i + 1]) SPAN(mlo, mend, m[i + 1], l[i + 1]);
  }
  if ((oend <= klo || kend <= olo) && (oend <= nlo || nend <= olo))
    return oend <= mlo || mend <= olo ? 2 : 1;
  return !group_aliases(out, kr, n, g);
}

/* a lane step's operations on one key a register (X1: AES-NI, 128 bits) or two (X2: VAES, each
   instruction working on each 128-bit half alone) */
#define X1_T __m128i
#define X1_AES _mm_aesenc_si128
#define X1_AESLAST _mm_aesenclast_si128
#define X1_XOR _mm_xor_si128
#define X1_SHL _mm_slli_si128
#define X1_SHUF _mm_shuffle_epi8
#define X1_SET1 _mm_set1_epi32
#define X2_T __m256i
#define X2_AES _mm256_aesenc_epi128
#define X2_AESLAST _mm256_aesenclast_epi128
#define X2_XOR _mm256_xor_si256
#define X2_SHL _mm256_slli_si256
#define X2_SHUF _mm256_shuffle_epi8
#define X2_SET1 _mm256_set1_epi32

/* one expansion step of lane k's key and the round it keys, aesni_encrypt's (common/aesni.h) */
#define LANE_STEP(X, k, rcon, last)                                                               \
  do {                                                                                             \
    X##_T t_ = X##_AESLAST(X##_SHUF(key##k, rot), X##_SET1(rcon));                                 \
    key##k = X##_XOR(key##k, X##_SHL(key##k, 4));                                                  \
    key##k = X##_XOR(key##k, X##_SHL(key##k, 8));                                                  \
    key##k = X##_XOR(key##k, t_);                                                                  \
    s##k = last ? X##_AESLAST(s##k, key##k) : X##_AES(s##k, key##k);                               \
  } while (0)
#define LANE_ROUND(X, rcon, last)                                                                 \
  do {                                                                                             \
    LANE_STEP(X, 0, rcon, last);                                                                   \
    LANE_STEP(X, 1, rcon, last);                                                                   \
    LANE_STEP(X, 2, rcon, last);                                                                   \
    LANE_STEP(X, 3, rcon, last);                                                                   \
  } while (0)
/* the ten rounds of AES-128 on the registers s0..s3 under the keys key0..key3 */
#define LANE_ROUNDS(X)                                                                            \
  LANE_ROUND(X, 0x01, 0);                                                                          \
  LANE_ROUND(X, 0x02, 0);                                                                          \
  LANE_ROUND(X, 0x04, 0);                                                                          \
  LANE_ROUND(X, 0x08, 0);                                                                          \
  LANE_ROUND(X, 0x10, 0);                                                                          \
  LANE_ROUND(X, 0x20, 0);                                                                          \
  LANE_ROUND(X, 0x40, 0);                                                                          \
  LANE_ROUND(X, 0x80, 0);                                                                          \
  LANE_ROUND(X, 0x1b, 0);                                                                          \
  LANE_ROUND(X, 0x36, 1)
#define MANY_LOAD(k)                                                                              \
  __m128i key##k = _mm_loadu_si128((const __m128i *) (const void *) gk[k]);                        \
  __m128i s##k = _mm_xor_si128(_mm_loadu_si128((const __m128i *) (const void *) gn[k]), key##k)

/* the group's s0..s3: sK = AES_gk[K](gn[K]), the four interleaved */
#define MANY_AES4()                                                                               \
  const __m128i rot = _mm_set_epi8(12, 15, 14, 13, 12, 15, 14, 13, 12, 15, 14, 13, 12, 15, 14, 13); \
  MANY_LOAD(0);                                                                                    \
  MANY_LOAD(1);                                                                                    \
  MANY_LOAD(2);                                                                                    \
  MANY_LOAD(3);                                                                                    \
  LANE_ROUNDS(X1)

/* ---- VAES: the groups' AES two keys to a ymm register, WIDE_LANES messages a group ---- */

#define WIDE_LANES 8

/* 1 where the CPU has VAES (cpuid leaf 7, ECX bit 9), probed once; the callers run on paths
   whose needs include the OS's ymm state. Threads racing store the same value */
static int has_vaes(void)
{
  static int seen;   /* 0: not probed, 1: no VAES, 2: VAES */
  int v = __atomic_load_n(&seen, __ATOMIC_RELAXED);
  if (!v) {
    unsigned int a, b, c, d;
    v = __get_cpuid_count(7, 0, &a, &b, &c, &d) && (c & (1u << 9)) ? 2 : 1;
    __atomic_store_n(&seen, v, __ATOMIC_RELAXED);
  }
  return v == 2;
}

/* lanes 2k and 2k + 1 of the group's keys, and their first AddRoundKey */
#define WIDE_LOAD(k)                                                                              \
  __m256i key##k = _mm256_inserti128_si256(                                                        \
      _mm256_castsi128_si256(_mm_loadu_si128((const __m128i *) (const void *) gk[2 * k])),         \
      _mm_loadu_si128((const __m128i *) (const void *) gk[2 * k + 1]), 1);                         \
  __m256i s##k = _mm256_xor_si256(                                                                 \
      _mm256_inserti128_si256(                                                                     \
          _mm256_castsi128_si256(_mm_loadu_si128((const __m128i *) (const void *) gn[2 * k])),     \
          _mm_loadu_si128((const __m128i *) (const void *) gn[2 * k + 1]), 1),                     \
      key##k)
/* sb[k] = AES_gk[k](gn[k]) for the group's WIDE_LANES messages */
static __attribute__((noinline, target("vaes,avx2,avx,aes,ssse3"))) void wide_aes(__m128i sb[WIDE_LANES],
    const unsigned char *const gk[], const unsigned char *const gn[])
{
  const __m256i rot = _mm256_set_epi8(12, 15, 14, 13, 12, 15, 14, 13, 12, 15, 14, 13, 12, 15, 14, 13,
                                      12, 15, 14, 13, 12, 15, 14, 13, 12, 15, 14, 13, 12, 15, 14, 13);
  WIDE_LOAD(0);
  WIDE_LOAD(1);
  WIDE_LOAD(2);
  WIDE_LOAD(3);
  LANE_ROUNDS(X2);
  _mm256_storeu_si256((__m256i *) (void *) sb, s0);
  _mm256_storeu_si256((__m256i *) (void *) (sb + 2), s1);
  _mm256_storeu_si256((__m256i *) (void *) (sb + 4), s2);
  _mm256_storeu_si256((__m256i *) (void *) (sb + 6), s3);
}

/* MANY_LANES messages' blocks fill the lanes twice or more: where lanes take fewer ticks than
   the messages one by one (poly1305aes_x86: from 32-byte messages; doc/results/x86.md) */
INLINE int lanes_pay(const size_t l[])
{
  size_t blocks = 0;
  unsigned int i;
  for (i = 0; i < MANY_LANES; ++i) blocks += (l[i] + 15) / 16;
  return blocks >= 2 * MANY_LANES;
}

/* every length of the group of g is below SHORT_MAX (a power of 2) */
INLINE int group_short(const size_t l[], unsigned int g)
{
  size_t any = 0;
  unsigned int i;
  for (i = 0; i < g; ++i) any |= l[i];
  return any < SHORT_MAX;
}

/* the body of a path's manyfn(out, kr, n, m, l, count): TAG(j, s) writes message j's tag from
   its block s = AES_k(n) (an __m128i), LANES4(j, s) writes the tags of messages j .. j + 3 from
   their blocks s[0..3] where lanes is 1, ONE(j) runs message j alone as a single call would,
   WIDE is 1 where VAES may run (the path's needs include the OS's ymm state). A group is the
   next WIDE_LANES (VAES, where the CPU has it) or MANY_LANES messages when all are short and
   none of its out[i] overlaps a later key or nonce of it; any other message runs alone */
#define MANY_LOOP(TAG, LANES4, lanes, ONE, wide)                                                 \
  do {                                                                                             \
    size_t i = 0;                                                                                  \
    int vaes = (wide) && count >= WIDE_LANES && has_vaes(), apart;                                 \
    while (i < count) {                                                                            \
      __m128i sb[WIDE_LANES];                                                                      \
      unsigned int k, g, pay = 0;   /* bit k / 4: lanes pay for messages k .. k + 3 */            \
      if (vaes && count - i >= WIDE_LANES && group_short(l + i, WIDE_LANES)) {                     \
        g = WIDE_LANES;                                                                            \
        if (lanes) pay = (unsigned int) lanes_pay(l + i) | (unsigned int) lanes_pay(l + i + MANY_LANES) << 1; \
      } else if (count - i >= MANY_LANES && group_short(l + i, MANY_LANES)) {                      \
        g = MANY_LANES;                                                                            \
        if (lanes) pay = (unsigned int) lanes_pay(l + i);                                          \
      } else                                                                                       \
        g = 1;                                                                                     \
      if (g == 1 || !(apart = group_apart(out + i, kr + i, n + i, m + i, l + i, g, pay != 0))) {   \
        ONE(i);                                                                                    \
        ++i;                                                                                       \
        continue;                                                                                  \
      }                                                                                            \
      if (g == WIDE_LANES) wide_aes(sb, kr + i, n + i);                                            \
      else {                                                                                       \
        const unsigned char *const *gk = kr + i, *const *gn = n + i;                               \
        MANY_AES4();                                                                               \
        sb[0] = s0;                                                                                \
        sb[1] = s1;                                                                                \
        sb[2] = s2;                                                                                \
        sb[3] = s3;                                                                                \
      }                                                                                            \
      for (k = 0; k < g; k += MANY_LANES) {   /* four at a time: lanes, or one by one */          \
        if ((lanes) && apart == 2 && (pay >> (k / MANY_LANES) & 1)) LANES4(i, sb + k);             \
        else {                                                                                     \
          TAG(i, sb[k]);                                                                           \
          TAG(i + 1, sb[k + 1]);                                                                   \
          TAG(i + 2, sb[k + 2]);                                                                   \
          TAG(i + 3, sb[k + 3]);                                                                   \
        }                                                                                          \
        i += MANY_LANES;                                                                           \
      }                                                                                            \
    }                                                                                              \
  } while (0)

/* a path's manyfn NAME compiled for ISA, its body MANY_LOOP(TAG, LANES4, LANES, ONE, WIDE) */
#define MANY_ENTRY(name, isa, TAG, LANES4, lanes, ONE, wide)                                                     \
  __attribute__((target(isa))) void name(unsigned char *const out[], const unsigned char *const kr[], \
                                         const unsigned char *const n[], const unsigned char *const m[], \
                                         const size_t l[], size_t count)                           \
  {                                                                                                \
    MANY_LOOP(TAG, LANES4, lanes, ONE, wide);                                                                     \
  }

#endif
