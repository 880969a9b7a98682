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
#include "poly26.h"

/* AES-NI and the scalar hash; the AES of the nonce is independent of the
   hash until the final addition, so the core overlaps the two */
AESNI_TARGET void scalar_aesni(unsigned char out[16], const unsigned char r[16], const unsigned char *k,
                               const unsigned char *ns, const unsigned char *m, size_t l)
{
  unsigned char last[16];
  uint32_t s[4];
  __m128i block = k ? aesni_encrypt(k, ns) : _mm_loadu_si128((const __m128i *) (const void *) ns);
  _mm_storeu_si128((__m128i *) (void *) s, block);
  p32_mac(out, r, m, l / 16, p32_last(last, m, l), s, NULL);
}

/* the generic paths' short messages: AES from the table */
void scalar_table(unsigned char out[16], const unsigned char r[16], const unsigned char *k,
                  const unsigned char *ns, const unsigned char *m, size_t l)
{
  unsigned char last[16];
  uint32_t s[4];
  if (k) table_encrypt(s, k, ns);
  else memcpy(s, ns, 16);
  p32_mac(out, r, m, l / 16, p32_last(last, m, l), s, NULL);
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

/* the limbs in radix 2^26 of h = w[0..3] + 2^128 w[4] (w[4] <= 4) */
static void words_to26(uint32_t l[5], const uint32_t w[5])
{
  const uint64_t h[3] = { (uint64_t) w[1] << 32 | w[0], (uint64_t) w[3] << 32 | w[2], w[4] };
  to26(l, h);
}

/* h = a r^e + b (words; a[4], b[4] <= 4, and h[4] <= 4: x86/x86.h's
   sums26_words), r clamped here, e >= 1 (public: the length chooses it) */
static void p32_join(uint32_t h[5], const uint32_t a[5], const uint32_t b[5], const unsigned char r[16], size_t e)
{
  uint32_t rw[5], al[5], bl[5], rl[5], p[5];
  uint64_t d[5];
  memcpy(rw, r, 16);
  rw[0] &= 0x0fffffff, rw[1] &= 0x0ffffffc, rw[2] &= 0x0ffffffc, rw[3] &= 0x0ffffffc, rw[4] = 0;
  words_to26(al, a);
  words_to26(bl, b);
  words_to26(rl, rw);
  power26(p, rl, e);
  mul26(al, al, p, bl);
  d[0] = al[0], d[1] = al[1], d[2] = al[2], d[3] = al[3], d[4] = al[4];
  sums26_words(h, d);
}

/* the generic path's long messages: the same table AES; the first 2n
   blocks (n = l / 32) as two regions hashed by two chains at once
   (p32_two), joined, h = a r^n + b, then the rest (at most one whole block
   and the last chunk) by p32_mac from h */
void vector_two_table(unsigned char out[16], const unsigned char r[16], const unsigned char *k,
                      const unsigned char *ns, const unsigned char *m, size_t l)
{
  unsigned char last[16];
  uint32_t s[4], h[10] = { 0 }, joined[5];
  size_t n = l / 32;
  if (k) table_encrypt(s, k, ns);
  else memcpy(s, ns, 16);
  p32_two(h, r, m, n);
  p32_join(joined, h, h + 5, r, n);
  p32_mac(out, r, m + 32 * n, (l - 32 * n) / 16, p32_last(last, m, l), s, joined);
}
