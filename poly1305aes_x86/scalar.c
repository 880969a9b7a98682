/* SPDX-License-Identifier: CC0-1.0 */
/* poly1305aes_x86 scalar code: radix-2^32 Poly1305 (radix32.S), with
   AES-NI ("scalar_aesni": the short messages of every AES-NI path;
   constant time) or with the generic AES (x86/generic_aes.h: bitsliced,
   constant time; from a 2 KiB table, NOT constant time, only in a build
   made with AES=table): "scalar_generic", the generic paths' short
   messages, "vector_sse2_generic", generic-sse2's long ones, and
   "vector_two_generic", generic's long ones, for CPUs without SSSE3. The
   AES-NI code is compiled for AES-NI and SSSE3 only; everything else for
   any i686. */
#include <immintrin.h>
#include "ia32.h"
#include "aesni.h"
#include "../x86/generic_aes.h"
#include "vpaes.h"
#include "poly26.h"

/* AES-NI and the scalar hash (fusedfn, common/path.h: with n NULL, kr is a one-time key
   r || s); the AES of the nonce is independent of the hash until the final addition, so the
   core overlaps the two */
AESNI_TARGET void scalar_aesni(unsigned char out[16], const unsigned char *kr, const unsigned char *n,
                               const unsigned char *m, size_t l)
{
  unsigned char last[16];
  uint32_t s[4];
  __m128i block = n ? aesni_encrypt(kr, n) : _mm_loadu_si128((const __m128i *) (const void *) (kr + 16));
  _mm_storeu_si128((__m128i *) (void *) s, block);
  p32_mac(out, n ? kr + 16 : kr, m, l / 16, p32_last(last, m, l), s, NULL);
}

/* s = AES_k(n) as words, by vector permutes (constant time: common/vpaes.h) */
VPAES_INLINE void vperm_encrypt(uint32_t s[4], const unsigned char k[16], const unsigned char n[16])
{
  vp_store(s, vp_encrypt(k, n));
}

/* the short messages of the paths without AES-NI, around an AES of their
   own: the generic AES on the generic paths (for CPUs without SSSE3), by
   vector permutes on the ssse3 path; with n NULL the one-time key's s */
#define SCALAR_AES(name, target, encrypt)                                                        \
  target void name(unsigned char out[16], const unsigned char *kr, const unsigned char *n,      \
                   const unsigned char *m, size_t l)                                             \
  {                                                                                              \
    unsigned char last[16];                                                                      \
    uint32_t s[4];                                                                               \
    if (n) encrypt(s, kr, n);                                                                    \
    else memcpy(s, kr + 16, 16);                                                                 \
    p32_mac(out, n ? kr + 16 : kr, m, l / 16, p32_last(last, m, l), s, NULL);                    \
  }
SCALAR_AES(scalar_generic, , generic_encrypt)
SCALAR_AES(scalar_vperm, VPAES_TARGET, vperm_encrypt)

/* the split AES (common/path.h's struct path_split): the key schedule into the expanded key */
static AESNI_TARGET void expand_aesni(unsigned char *sched, const unsigned char k[16])
{
  aesni_expand(sched, k);
}

static VPAES_TARGET void expand_vperm(unsigned char *sched, const unsigned char k[16])
{
  vp_expand(sched, k);
}

/* the short messages with an expanded key (common/path.h's struct path_split: ek its bytes, r at
   16, the schedule at POLY1305AES_KEY_SCHED), as scalar_aesni and scalar_vperm; the long ones
   go through authenticate (the vector code overlaps the AES there) */
static AESNI_TARGET void expanded_aesni(unsigned char out[16], const unsigned char *ek, const unsigned char *n,
                                        const unsigned char *m, size_t l)
{
  unsigned char last[16];
  uint32_t s[4];
  _mm_storeu_si128((__m128i *) (void *) s, aesni_encrypt_expanded(ek + POLY1305AES_KEY_SCHED, n));
  p32_mac(out, ek + 16, m, l / 16, p32_last(last, m, l), s, NULL);
}

static VPAES_TARGET void expanded_vperm(unsigned char out[16], const unsigned char *ek, const unsigned char *n,
                                        const unsigned char *m, size_t l)
{
  unsigned char last[16];
  uint32_t s[4];
  vp_store(s, vp_encrypt_expanded(ek + POLY1305AES_KEY_SCHED, n));
  p32_mac(out, ek + 16, m, l / 16, p32_last(last, m, l), s, NULL);
}

const struct path_split split_aesni = { expand_aesni, expanded_aesni, NULL };
const struct path_split split_vperm = { expand_vperm, expanded_vperm, NULL };

/* their long messages on generic-sse2 (the generic AES) and ssse3 (vector permutes): the SSE2 core */
#define SSE2_AES(name, target, encrypt)                                                          \
  target void name(unsigned char out[16], const unsigned char *kr, const unsigned char *n,      \
                   const unsigned char *m, size_t l)                                             \
  {                                                                                              \
    uint32_t w[5], s[4];                                                                         \
    if (n) encrypt(s, kr, n);                                                                    \
    else memcpy(s, kr + 16, 16);                                                                 \
    sse2_words(w, n ? kr + 16 : kr, m, l);                                                       \
    p32_finish(out, w, s);                                                                       \
  }
SSE2_AES(vector_sse2_generic, , generic_encrypt)
SSE2_AES(vector_sse2_vperm, VPAES_TARGET, vperm_encrypt)

/* h = w[0..3] + 2^128 w[4] as 64-bit words */
static void words64(uint64_t h[3], const uint32_t w[5])
{
  h[0] = (uint64_t) w[1] << 32 | w[0], h[1] = (uint64_t) w[3] << 32 | w[2], h[2] = w[4];
}

/* h = a r^e + b (words; a[4], b[4] <= 4, and h[4] <= 4: x86/x86.h's
   sums26_words), r clamped here, e >= 1 (public: the length chooses it) */
static void p32_join(uint32_t h[5], const uint32_t a[5], const uint32_t b[5], const unsigned char r[16], size_t e)
{
  uint64_t a64[3], b64[3], r64[3], d[5];
  memcpy(r64, r, 16);
  r64[0] &= 0x0ffffffc0fffffffULL, r64[1] &= 0x0ffffffc0ffffffcULL, r64[2] = 0;
  words64(a64, a);
  words64(b64, b);
  join26(d, a64, b64, r64, e);
  sums26_words(h, d);
}

/* the generic path's long messages: the same generic AES; the first 2n
   blocks (n = l / 32) as two regions hashed by two chains at once
   (p32_two), joined, h = a r^n + b, then the rest (at most one whole block
   and the last chunk) by p32_mac from h */
void vector_two_generic(unsigned char out[16], const unsigned char *kr, const unsigned char *nonce,
                      const unsigned char *m, size_t l)
{
  unsigned char last[16];
  uint32_t s[4], h[10] = { 0 }, joined[5];
  const unsigned char *r = nonce ? kr + 16 : kr;
  size_t n = l / 32;
  if (nonce) generic_encrypt(s, kr, nonce);
  else memcpy(s, kr + 16, 16);
  p32_two(h, r, m, n);
  p32_join(joined, h, h + 5, r, n);
  p32_mac(out, r, m + 32 * n, (l - 32 * n) / 16, p32_last(last, m, l), s, joined);
}
