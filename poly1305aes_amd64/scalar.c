/* poly1305aes_amd64 scalar code: the short messages of every path: "sse2"
   (AES-NI, radix-2^64 Poly1305 with MUL; constant time), "generic" (no
   AES-NI: AES-128 from a 1 KiB table, x86/table.c, indexed by secret key and
   nonce bytes, so NOT constant time; the same Poly1305), the ifma and avx2
   paths (AES-NI, MULX). Bounds: amd64.h.

   rdtsc ticks, median (Xeon Sapphire Rapids, gcc 12): see the table in dispatch.c. */
#include "amd64.h"
#include "aesni.h"

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

/* short messages on the sse2 path: AES-NI, MUL */
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

/* ---- generic: table AES (x86/table.c), scalar Poly1305 ---- */

/* the generic path's short messages */
void scalar_table(unsigned char out[16], const unsigned char r[16], const unsigned char *k,
                  const unsigned char *ns, const unsigned char *m, size_t l)
{
  struct p64 st;
  uint32_t s[4];
  if (k) table_encrypt(s, k, ns);
  else memcpy(s, ns, 16);
  p64_start(&st, r);
  p64_hash(&st, m, l, 0);
  p64_finish(out, st.h0, st.h1, st.h2, (u64) s[1] << 32 | s[0], (u64) s[3] << 32 | s[2]);
}
