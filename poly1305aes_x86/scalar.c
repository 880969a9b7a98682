/* poly1305aes_x86 scalar code: radix-2^32 Poly1305 (radix32.S), with
   AES-NI ("scalar_aesni": the short messages of every AES-NI path;
   constant time) or with AES from a 2 KiB table (common/aes_table.h:
   "scalar_table", the generic paths' short messages, and
   "vector_sse2_table", generic-sse2's long ones, for CPUs without AES-NI;
   NOT constant time: table indices from k and n). The AES-NI code is
   compiled for AES-NI and SSSE3 only; everything else for any i686. */
#include <immintrin.h>
#include "ia32.h"
#include "aesni.h"
#include "aes_table.h"

/* AES-NI and the scalar hash; the AES of the nonce is independent of the
   hash until the final addition, so the core overlaps the two */
AESNI_TARGET void scalar_aesni(unsigned char out[16], const unsigned char r[16], const unsigned char *k,
                               const unsigned char *ns, const unsigned char *m, size_t l)
{
  unsigned char last[16];
  uint32_t s[4];
  __m128i block = k ? aesni_encrypt(k, ns) : _mm_loadu_si128((const __m128i *) (const void *) ns);
  _mm_storeu_si128((__m128i *) (void *) s, block);
  p32_mac(out, r, m, l / 16, p32_last(last, m, l), s);
}

/* the generic paths' short messages: AES from the table */
void scalar_table(unsigned char out[16], const unsigned char r[16], const unsigned char *k,
                  const unsigned char *ns, const unsigned char *m, size_t l)
{
  unsigned char last[16];
  uint32_t s[4];
  if (k) table_encrypt(s, k, ns);
  else memcpy(s, ns, 16);
  p32_mac(out, r, m, l / 16, p32_last(last, m, l), s);
}

/* the generic-sse2 path's long messages: the same table AES, the SSE2 core */
void vector_sse2_table(unsigned char out[16], const unsigned char r[16], const unsigned char *k,
                       const unsigned char *ns, const unsigned char *m, size_t l)
{
  uint32_t w[5], s[4];
  if (k) table_encrypt(s, k, ns);
  else memcpy(s, ns, 16);
  sse2_words(w, r, m, l);
  p32_finish(out, w, s);
}
