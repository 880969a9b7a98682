/* SPDX-License-Identifier: CC0-1.0 */
/* poly1305aes_x86: the long messages of the AES-NI paths. Each computes s
   first with AES-NI, which overlaps the hash, then a SIMD core's sums
   (x86/ifma.c, x86/avx2.c, x86/sse2.c) carried into radix-2^32 words
   (x86/x86.h), and the finish (radix32.S). generic-sse2's: scalar.c. */
#include <immintrin.h>
#include "ia32.h"
#include "aesni.h"

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
AES_AROUND(vector_ifma, "avx512f,avx512vl,avx512bw,avx512ifma,avx512vbmi2,avx2,avx,bmi2,aes,ssse3", ifma_words)
AES_AROUND(vector_avx2, "avx2,avx,aes,ssse3", avx2_words)
AES_AROUND(vector_sse2, "aes,ssse3", sse2_words)
