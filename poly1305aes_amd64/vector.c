/* poly1305aes_amd64: the long messages of every path, on the Poly1305 cores
   shared with poly1305aes_x86 (x86/): "ifma" (AVX-512 IFMA, x86/ifma.c),
   "avx2" (x86/avx2.c), "sse2" (x86/sse2.c) with AES-NI, "generic"
   (x86/sse2.c) with the table AES (x86/table.c; NOT constant time). Each
   computes s first (AES-NI overlaps the hash), then the core's sums in
   radix 2^44 or 2^26, carried here into radix 2^64 (h2 <= 4) for
   p64_finish (amd64.h). */
#include <immintrin.h>
#include "amd64.h"
#include "aesni.h"

#define IFMA_TARGET \
  __attribute__((target("avx512f,avx512vl,avx512bw,avx512ifma,avx512vbmi2,avx2,avx,bmi2,bmi,aes,ssse3,sse4.1")))
#define AVX2_TARGET __attribute__((target("avx2,avx,bmi2,bmi,aes,ssse3,sse4.1")))

/* radix 2^44 sums c[k] < 2^60 into radix 2^64, h2 <= 4 */
INLINE void sums44_p64(u64 h[3], const u64 c[3])
{
  u128 acc = (u128) c[0] + ((u128) c[1] << 44);
  u64 h0 = (u64) acc, h1;
  acc = (acc >> 64) + ((u128) c[2] << 24);
  h1 = (u64) acc;
  p64_fold(h, h0, h1, (u64) (acc >> 64));        /* the top < 2^21 */
}

/* radix 2^26 sums d[k] < 2^63 into radix 2^64, h2 <= 4 */
INLINE void sums26_p64(u64 h[3], const u64 d[5])
{
  uint32_t w[5];
  sums26_words(w, d);
  h[0] = (u64) w[1] << 32 | w[0];
  h[1] = (u64) w[3] << 32 | w[2];
  h[2] = w[4];
}

IFMA_TARGET void vector_ifma(unsigned char out[16], const unsigned char r[16], const unsigned char *k,
                             const unsigned char *ns, const unsigned char *m, size_t l)
{
  u64 c[3], h[3];
  __m128i block = k ? aesni_encrypt(k, ns) : _mm_loadu_si128((const __m128i *) (const void *) ns);
  ifma_hash(c, r, m, l);
  sums44_p64(h, c);
  p64_finish(out, h[0], h[1], h[2], (u64) _mm_cvtsi128_si64(block), (u64) _mm_extract_epi64(block, 1));
}

AVX2_TARGET void vector_avx2(unsigned char out[16], const unsigned char r[16], const unsigned char *k,
                             const unsigned char *ns, const unsigned char *m, size_t l)
{
  u64 d[5], h[3];
  __m128i block = k ? aesni_encrypt(k, ns) : _mm_loadu_si128((const __m128i *) (const void *) ns);
  avx2_hash(d, r, m, l);
  sums26_p64(h, d);
  p64_finish(out, h[0], h[1], h[2], (u64) _mm_cvtsi128_si64(block), (u64) _mm_extract_epi64(block, 1));
}

AESNI_TARGET void vector_sse2(unsigned char out[16], const unsigned char r[16], const unsigned char *k,
                              const unsigned char *ns, const unsigned char *m, size_t l)
{
  u64 d[5], h[3];
  __m128i block = k ? aesni_encrypt(k, ns) : _mm_loadu_si128((const __m128i *) (const void *) ns);
  sse2_hash(d, r, m, l);
  sums26_p64(h, d);
  p64_finish(out, h[0], h[1], h[2], (u64) _mm_cvtsi128_si64(block),
             (u64) _mm_cvtsi128_si64(_mm_unpackhi_epi64(block, block)));
}

void vector_sse2_table(unsigned char out[16], const unsigned char r[16], const unsigned char *k,
                       const unsigned char *ns, const unsigned char *m, size_t l)
{
  u64 d[5], h[3];
  uint32_t s[4];
  if (k) table_encrypt(s, k, ns);
  else memcpy(s, ns, 16);
  sse2_hash(d, r, m, l);
  sums26_p64(h, d);
  p64_finish(out, h[0], h[1], h[2], (u64) s[1] << 32 | s[0], (u64) s[3] << 32 | s[2]);
}
