/* SPDX-License-Identifier: CC0-1.0 */
/* poly1305aes_amd64: many messages a call (common/path.h's manyfn) on the paths with AES-NI.
   Assumes x86-64 with AES-NI and SSSE3 (and BMI2 for the MULX flavour); radix-2^64 scalar
   Poly1305 with h2 <= 4 between blocks (amd64.h, bounds in common/poly64.h); every length below
   the path's vector threshold (the dispatcher runs longer ones as single calls). The groups and
   their AES: x86/many_aes.h; each message of a group then hashed here in order, its tag
   written before the next message's r and bytes are read; a message alone runs through the
   path's scalar fused code, as a single call of its length would. */
#include "amd64.h"
#include "../x86/many_aes.h"

/* out = the tag of m[0..l) under r and s = s0 + 2^64 s1 (AES_k(n)); out written last. Called,
   not inlined: one copy of the hash loop for every lane */
#define MANY_TAG(name, isa, mulx)                                                                 \
  static __attribute__((noinline, target(isa))) void name(unsigned char *out, const unsigned char *r,   \
                                                         u64 s0, u64 s1, const unsigned char *m,  \
                                                         size_t l)                                \
  {                                                                                                \
    struct p64 st;                                                                                 \
    p64_start(&st, r);                                                                             \
    p64_hash(&st, m, l, mulx);                                                                     \
    p64_finish(out, st.h0, st.h1, st.h2, s0, s1);                                                  \
  }
MANY_TAG(tag_mulx, "bmi2", 1)
MANY_TAG(tag_mul, "sse2", 0)

/* the block s as the two words of s0 + 2^64 s1 */
#define LO(s) ((u64) _mm_cvtsi128_si64(s))
#define HI(s) ((u64) _mm_cvtsi128_si64(_mm_unpackhi_epi64(s, s)))

/* message j's tag, and message j alone, on the MULX (ifma, avx2) and MUL (sse2) paths */
#define TAG_MULX(j, s) tag_mulx(out[j], kr[j] + 16, LO(s), HI(s), m[j], l[j])
#define TAG_MUL(j, s) tag_mul(out[j], kr[j] + 16, LO(s), HI(s), m[j], l[j])
#define LANES4_NONE(j, s) ((void) (s))   /* no lanes (lanes 0): the MULX chain is faster here */
#define ONE_MULX(j) scalar_mulx(out[j], kr[j], n[j], m[j], l[j])
#define ONE_MUL(j) scalar_mul(out[j], kr[j], n[j], m[j], l[j])

MANY_ENTRY(many_mulx, "avx,bmi2,aes,ssse3", TAG_MULX, LANES4_NONE, 0, ONE_MULX, 1)   /* ifma and avx2: VEX, VAES where the CPU has it */
MANY_ENTRY(many_mul, "aes,ssse3", TAG_MUL, LANES4_NONE, 0, ONE_MUL, 0)              /* sse2: no VEX */
