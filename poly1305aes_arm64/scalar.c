/* SPDX-License-Identifier: CC0-1.0 */
/* poly1305aes_arm64 scalar code: radix-2^64 Poly1305 (arm64.h) with AES-128
   from the ARMv8 Cryptography Extensions (path "scalar", and short messages
   on path "neon"; constant time), or from a 2 KiB table (path "generic", for
   CPUs without the AES instructions: NOT constant time, common/aes_table.h). */
#include "arm64.h"
#include "aesce.h"
#include "aes_table.h"

/* AES-CE and the scalar hash; the AES of the nonce is independent of the
   hash until the final addition, so an out-of-order core overlaps the two */
AESCE_TARGET void scalar_ce(unsigned char out[16], const unsigned char r[16], const unsigned char *k,
                            const unsigned char *n, const unsigned char *m, size_t l)
{
  struct p64 st;
  uint64x2_t s = vreinterpretq_u64_u8(aesce_encrypt(k, n));
  p64_start(&st, r);
  p64_hash(&st, m, l);
  p64_finish(out, st.h0, st.h1, st.h2, vgetq_lane_u64(s, 0), vgetq_lane_u64(s, 1));
}

/* the generic path: AES from the table */
void scalar_table(unsigned char out[16], const unsigned char r[16], const unsigned char *k,
                  const unsigned char *n, const unsigned char *m, size_t l)
{
  struct p64 st;
  uint32_t s[4];
  table_encrypt(s, k, n);
  p64_start(&st, r);
  p64_hash(&st, m, l);
  p64_finish(out, st.h0, st.h1, st.h2, (u64) s[1] << 32 | s[0], (u64) s[3] << 32 | s[2]);
}
