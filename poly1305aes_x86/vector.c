/* poly1305aes_x86: the long messages of every path. Each computes s first
   (AES-NI, or the table of x86/table.c on the generic paths: NOT constant
   time), which overlaps the hash, then a SIMD core's sums (x86/ifma.c,
   avx2.c, x86/sse2.c), carried into radix-2^32 words, and the finish. */
#include <immintrin.h>
#include "ia32.h"
#include "aesni.h"

#define M44 ((1ULL << 44) - 1)

/* radix-2^44 sums c[k] < 2^60 into words, w[4] <= 4 (as sums26_words) */
INLINE void sums44_words(uint32_t w[5], const uint64_t c[3])
{
  uint64_t c0 = c[0], c1 = c[1], c2 = c[2], t;
  c1 += c0 >> 44; c0 &= M44;
  c2 += c1 >> 44; c1 &= M44;
  c0 += (c2 >> 42) * 5; c2 &= (1ULL << 42) - 1;   /* 5 (c2 >> 42) < 2^20.4 */
  c1 += c0 >> 44; c0 &= M44;
  c2 += c1 >> 44; c1 &= M44;                       /* c2 <= 2^42 */
  t = c0 | c1 << 44;                               /* bits 0..63 */
  w[0] = (uint32_t) t;
  w[1] = (uint32_t) (t >> 32);
  t = c1 >> 20 | c2 << 24;                         /* bits 64..127 */
  w[2] = (uint32_t) t;
  w[3] = (uint32_t) (t >> 32);
  w[4] = (uint32_t) (c2 >> 40);
}

/* the cores' sums carried into words (w[4] <= 4) */
INLINE void words_ifma(uint32_t w[5], const unsigned char r[16], const unsigned char *m, size_t l)
{
  uint64_t c[3];
  ifma_hash(c, r, m, l);
  sums44_words(w, c);
}

INLINE void words_avx2(uint32_t w[5], const unsigned char r[16], const unsigned char *m, size_t l)
{
  uint64_t d[5];
  avx2_hash(d, r, m, l);
  sums26_words(w, d);
}

INLINE void words_sse2(uint32_t w[5], const unsigned char r[16], const unsigned char *m, size_t l)
{
  uint64_t d[5];
  sse2_hash(d, r, m, l);
  sums26_words(w, d);
}

/* a path's long-message calls (hashfn): s from AES-NI (or given, for
   Poly1305 alone) around a core, in the instruction set of the path */
#define AES_AROUND(name, isa, words)                                                             \
  __attribute__((target(isa))) void name(unsigned char out[16], const unsigned char r[16],      \
                                         const unsigned char *k, const unsigned char *ns,       \
                                         const unsigned char *m, size_t l)                      \
  {                                                                                              \
    uint32_t w[5], s[4];                                                                         \
    _mm_storeu_si128((__m128i *) (void *) s,                                                     \
                     k ? aesni_encrypt(k, ns) : _mm_loadu_si128((const __m128i *) (const void *) ns)); \
    words(w, r, m, l);                                                                           \
    p32_finish(out, w, s);                                                                       \
  }
AES_AROUND(vector_ifma, "avx512f,avx512vl,avx512bw,avx512ifma,avx512vbmi2,avx2,avx,bmi2,aes,ssse3", words_ifma)
AES_AROUND(vector_avx2, "avx2,avx,aes,ssse3", words_avx2)
AES_AROUND(vector_sse2, "aes,ssse3", words_sse2)

/* the generic-sse2 path's long-message calls: the table AES (x86/table.c) */
void vector_sse2_table(unsigned char out[16], const unsigned char r[16], const unsigned char *k,
                       const unsigned char *ns, const unsigned char *m, size_t l)
{
  uint32_t w[5], s[4];
  if (k) table_encrypt(s, k, ns);
  else memcpy(s, ns, 16);
  words_sse2(w, r, m, l);
  p32_finish(out, w, s);
}
