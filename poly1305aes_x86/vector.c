/* SPDX-License-Identifier: CC0-1.0 */
/* poly1305aes_x86: the long messages of the AES-NI paths. Each computes s
   first with AES-NI, which overlaps the hash, then a SIMD core's sums
   (x86/ifma.c, x86/avx2.c, x86/sse2.c) carried into radix-2^32 words
   (x86/x86.h), and the finish (radix32.S). generic-sse2's: scalar.c. */
#include <immintrin.h>
#include "ia32.h"
#include "aesni.h"
#include "poly26.h"

/* a path's long-message calls (fusedfn, common/path.h): s from AES-NI (or the one-time key's,
   n NULL: Poly1305 alone) around a core, in the instruction set of the path */
#define AES_AROUND(name, isa, words)                                                             \
  __attribute__((target(isa))) void name(unsigned char out[16], const unsigned char *kr,        \
                                         const unsigned char *n, const unsigned char *m,        \
                                         size_t l)                                              \
  {                                                                                              \
    uint32_t w[5], s[4];                                                                         \
    _mm_storeu_si128((__m128i *) (void *) s,                                                     \
                     n ? aesni_encrypt(kr, n)                                                    \
                       : _mm_loadu_si128((const __m128i *) (const void *) (kr + 16)));           \
    words(w, n ? kr + 16 : kr, m, l);                                                            \
    p32_finish(out, w, s);                                                                       \
  }
AES_AROUND(vector_ifma, "avx512f,avx512vl,avx512bw,avx512ifma,avx512vbmi2,avx2,avx,bmi2,aes,ssse3", ifma_words)
AES_AROUND(vector_avx2, "avx2,avx,aes,ssse3", avx2_words)
AES_AROUND(vector_sse2, "aes,ssse3", sse2_words)

/* ---- the vector blocks of the paths' cores (common/core.h) on struct p26: h's limbs as
   mul26_by leaves them (common/poly26.h), r's below 2^26 ---- */

/* r as 16 little-endian bytes from its limbs */
INLINE void r_bytes(unsigned char r[16], const uint32_t l[5])
{
  const uint32_t w[4] = { l[0] | l[1] << 26, l[1] >> 6 | l[2] << 20, l[2] >> 12 | l[3] << 14, l[3] >> 18 | l[4] << 8 };
  memcpy(r, w, 16);
}

/* h = h r^n + w mod p (Poly1305 is linear in h), w words with w[4] <= 4 (so its limb 4 is
   below 5 2^24 < 2^26.4, mul26_by's bound for the addend), n >= 1 (public) */
INLINE void join_words(uint32_t h[5], const uint32_t r[5], const uint32_t w[5], size_t n)
{
  const uint64_t w64[3] = { (uint64_t) w[1] << 32 | w[0], (uint64_t) w[3] << 32 | w[2], w[4] };
  uint32_t power[5], add[5];
  to26(add, w64);
  power26(power, r, n);
  mul26(h, h, power, add);
}

/* h = h r^n + H, H the hash from 0 of the n = nblocks blocks at m (pad 1) by a SIMD core */
#define CORE_VECTOR(name, isa, words)                                                            \
  __attribute__((target(isa))) void name(void *state, const unsigned char *m, size_t nblocks)   \
  {                                                                                              \
    struct p26 *st = state;                                                                      \
    unsigned char r[16];                                                                         \
    uint32_t w[5];                                                                               \
    r_bytes(r, st->r);                                                                           \
    words(w, r, m, 16 * nblocks);                                                                \
    join_words(st->h, st->r, w, nblocks);                                                        \
  }
CORE_VECTOR(core_vector_ifma, "avx2,avx", ifma_words)
CORE_VECTOR(core_vector_sse2, "sse2", sse2_words)

/* the avx2 path's: h = h r^n + H in one pass, x86/avx2.c's hash from h (h's limbs added to block
   0), no join; nblocks a multiple of 8 (the core's vector_step, dispatch.c) */
__attribute__((target("avx2,avx"))) void core_vector_avx2(void *state, const unsigned char *m, size_t nblocks)
{
  struct p26 *st = state;
  unsigned char r[16];
  uint64_t d[5];
  r_bytes(r, st->r);
  avx2_hash_from(d, r, st->h, m, 16 * nblocks);
  sums26_limbs(st->h, d);
}

/* h = h r^(32 g) + H, H the hash from 0 of the g groups of IFMA_GROUP blocks at m (pad 1), by
   x86/ifma.c's stream kernel from the powers the state keeps (set on the first group): h's
   limbs (limb 1 below 2^26 + 2^8.3, the others below 2^26) enter as radix-2^44 limbs below
   2^44, 2^44, 2^43, and the sums return to limbs so bounded (limb 4 carried into limb 0) */
__attribute__((target("avx2,avx"))) void core_grouped_ifma(void *state, const unsigned char *m, size_t nblocks)
{
  const uint64_t m44 = (1ULL << 44) - 1;
  struct ia32_core *st = state;
  uint32_t *l = st->p.h;
  if (!st->ifma.ready) {
    unsigned char r[16];
    r_bytes(r, st->p.r);
    ifma_stream_powers(&st->ifma.powers, r);
    st->ifma.ready = 1;
  }
  for (; nblocks >= IFMA_GROUP; nblocks -= IFMA_GROUP, m += 16 * IFMA_GROUP) {
    uint64_t t = l[0] + ((uint64_t) l[1] << 26), h44[3], c[3], w64[3];   /* t < 2^52.1 */
    uint32_t w[5];
    h44[0] = t & m44;
    t = (t >> 44) + ((uint64_t) l[2] << 8) + ((uint64_t) l[3] << 34);        /* < 2^60.1 */
    h44[1] = t & m44;
    h44[2] = (t >> 44) + ((uint64_t) l[4] << 16);                           /* < 2^42.1 */
    ifma_stream_group(c, &st->ifma.powers, h44, m);
    sums44_words(w, c);
    w64[0] = (uint64_t) w[1] << 32 | w[0], w64[1] = (uint64_t) w[3] << 32 | w[2], w64[2] = w[4];
    to26(l, w64);                                /* limb 4 < 5 2^24 */
    l[0] += 5 * (l[4] >> 26), l[4] &= 0x3ffffff;
    l[1] += l[0] >> 26, l[0] &= 0x3ffffff;       /* limb 1 below 2^26 + 1 */
  }
}
