/* poly1305aes_amd64 scalar code, and the calls of every path (the AES of the
   nonce around its hash): "x64" (AES-NI, radix-2^64 Poly1305 with MUL;
   constant time), "generic" (no AES-NI: AES-128 from a 1 KiB table, indexed
   by secret key and nonce bytes, so NOT constant time; the same Poly1305),
   the short-message code of the ifma and avx2 paths (AES-NI, MULX), and
   their long-message calls around avx2.c's and ifma.c's hashes. Bounds: amd64.h.

   rdtsc ticks, median (Xeon Sapphire Rapids, gcc 12): see the table in dispatch.c. */
#include "amd64.h"
#include "aes_table.h"

/* the scalar hash, with MUL or with MULX */
INLINE void hash_mul(u64 h[3], const unsigned char r[16], const unsigned char *m, size_t l)
{
  struct p64 st;
  p64_start(&st, r);
  p64_hash(&st, m, l, 0);
  h[0] = st.h0, h[1] = st.h1, h[2] = st.h2;
}

INLINE void hash_mulx(u64 h[3], const unsigned char r[16], const unsigned char *m, size_t l)
{
  struct p64 st;
  p64_start(&st, r);
  p64_hash(&st, m, l, 1);
  h[0] = st.h0, h[1] = st.h1, h[2] = st.h2;
}

/* a path's calls (hashfn): the AES-NI of the nonce around one of the hashes,
   in the instruction set of the path (VEX-encoded on the AVX paths) */
#define AES_AROUND(name, isa, hash)                                                              \
  __attribute__((target(isa))) void name(unsigned char out[16], const unsigned char r[16],      \
                                         const unsigned char *k, const unsigned char *ns,       \
                                         const unsigned char *m, size_t l)                      \
  {                                                                                              \
    aes_and_hash(out, r, k, ns, m, l, hash);                                                     \
  }
AES_AROUND(scalar_mul, "aes,ssse3", hash_mul)                               /* the x64 path */
AES_AROUND(scalar_mulx, "avx,bmi2,aes,ssse3", hash_mulx)                    /* short ones, ifma and avx2 */
AES_AROUND(vector_avx2, "avx2,avx,bmi2,aes,ssse3", avx2_hash)               /* long ones, avx2 */
AES_AROUND(vector_ifma, "avx512f,avx2,avx,bmi2,aes,ssse3", ifma_hash)       /* long ones, ifma */

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
