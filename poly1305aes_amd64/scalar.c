/* poly1305aes_amd64 scalar code: the paths for x86-64 CPUs without AVX2,
   "x64" (AES-NI, radix-2^64 Poly1305 with MUL; constant time) and "generic"
   (no AES-NI: AES-128 from a 1 KiB table, indexed by secret key and nonce
   bytes, so NOT constant time; the same Poly1305), and the short-message code
   of the ifma and avx2 paths (AES-NI, MULX). Bounds: amd64.h.

   rdtsc ticks, median (Xeon Sapphire Rapids, gcc 12): see the table in dispatch.c. */
#include "amd64.h"
#include "aesni.h"
#include "aes_table.h"

/* AES-NI and the scalar hash; the AES of the nonce is independent of the
   hash until the final addition, so the core overlaps the two */
INLINE AESNI_TARGET void aesni_scalar(unsigned char out[16], const unsigned char r[16], const unsigned char *k,
                                      const unsigned char *ns, const unsigned char *m,
                                      size_t l, int mulx)
{
  struct p64 st;
  u64 s0, s1;
  __m128i block = k ? aesni_encrypt(k, ns) : _mm_loadu_si128((const __m128i *) (const void *) ns);
  p64_start(&st, r);
  p64_hash(&st, m, l, mulx);
  s0 = (u64) _mm_cvtsi128_si64(block);
  s1 = (u64) _mm_cvtsi128_si64(_mm_unpackhi_epi64(block, block));
  p64_finish(out, st.h0, st.h1, st.h2, s0, s1);
}

/* the x64 path: AES-NI, MUL */
AESNI_TARGET void scalar_mul(unsigned char out[16], const unsigned char r[16], const unsigned char *k,
                             const unsigned char *ns, const unsigned char *m, size_t l)
{
  aesni_scalar(out, r, k, ns, m, l, 0);
}

/* short messages on the ifma and avx2 paths: VEX AES-NI, MULX */
__attribute__((target("avx,bmi2,aes,ssse3")))
void scalar_mulx(unsigned char out[16], const unsigned char r[16], const unsigned char *k,
                 const unsigned char *ns, const unsigned char *m, size_t l)
{
  aesni_scalar(out, r, k, ns, m, l, 1);
}

/* ---- generic: table AES (common/aes_table.h), scalar Poly1305 ---- */

/* the generic path: AES from the table, MUL */
void scalar_table(unsigned char out[16], const unsigned char r[16], const unsigned char *k,
                  const unsigned char *ns, const unsigned char *m, size_t l)
{
  struct p64 st;
  u64 s0, s1;
  if (k) table_encrypt(&s0, &s1, k, ns);
  else s0 = load64(ns), s1 = load64(ns + 8);
  p64_start(&st, r);
  p64_hash(&st, m, l, 0);
  p64_finish(out, st.h0, st.h1, st.h2, s0, s1);
}
