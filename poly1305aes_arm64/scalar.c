/* SPDX-License-Identifier: CC0-1.0 */
/* poly1305aes_arm64 scalar code: radix-2^64 Poly1305 (arm64.h) with AES-128
   from the ARMv8 Cryptography Extensions (path "scalar", and short messages
   on path "neon") or by vector permutes (common/vpaes.h: short messages on
   path "vperm", for CPUs without the AES instructions); onetimeauth's code
   too (n NULL: no AES). Constant time. */
#include "arm64.h"
#include "aesce.h"
#include "vpaes.h"

/* the AES and the scalar hash; the AES of the nonce is independent of the
   hash until the final addition, so an out-of-order core overlaps the two.
   With n NULL, kr is a one-time key r || s (arm64.h's fusedfn) */
#define AES_BESIDE(name, target, aes)                                                                 \
  target void name(unsigned char out[16], const unsigned char *kr, const unsigned char *n,           \
                   const unsigned char *m, size_t l)                                                 \
  {                                                                                                   \
    struct p64 st;                                                                                    \
    const unsigned char *r = kr + 16;                                                                 \
    uint64x2_t s;                                                                                     \
    if (n) {                                                                                          \
      s = vreinterpretq_u64_u8(aes(kr, n));                                                           \
    } else {                                                                                          \
      s = vld1q_u64((const uint64_t *) (const void *) (kr + 16));                                     \
      r = kr;                                                                                         \
    }                                                                                                 \
    p64_start(&st, r);                                                                                \
    p64_hash(&st, m, l);                                                                              \
    p64_finish(out, st.h0, st.h1, st.h2, vgetq_lane_u64(s, 0), vgetq_lane_u64(s, 1));                \
  }
AES_BESIDE(scalar_ce, AESCE_TARGET, aesce_encrypt)
AES_BESIDE(scalar_vperm, , vp_encrypt)

/* the split AES (common/path.h's struct path_split): the round keys into the expanded key */
static AESCE_TARGET void expand_ce(unsigned char *sched, const unsigned char k[16])
{
  aesce_expand(sched, k);
}

static void expand_vperm(unsigned char *sched, const unsigned char k[16])
{
  vp_expand(sched, k);
}

/* the scalar calls with an expanded key's bytes ek (r at 16, the round keys at
   POLY1305AES_KEY_SCHED): AES_BESIDE's, the nonce's AES from the stored round keys */
#define EXPANDED_BESIDE(name, target, aes)                                                            \
  static target void name(unsigned char out[16], const unsigned char *ek, const unsigned char *n,    \
                          const unsigned char *m, size_t l)                                          \
  {                                                                                                   \
    struct p64 st;                                                                                    \
    uint64x2_t s = vreinterpretq_u64_u8(aes(ek + POLY1305AES_KEY_SCHED, n));                          \
    p64_start(&st, ek + 16);                                                                          \
    p64_hash(&st, m, l);                                                                              \
    p64_finish(out, st.h0, st.h1, st.h2, vgetq_lane_u64(s, 0), vgetq_lane_u64(s, 1));                \
  }
EXPANDED_BESIDE(expanded_ce, AESCE_TARGET, aesce_encrypt_expanded)
EXPANDED_BESIDE(expanded_vperm, , vp_encrypt_expanded)

const struct path_split split_neon = { expand_ce, expanded_ce, expanded_neon };
const struct path_split split_scalar = { expand_ce, expanded_ce, NULL };
const struct path_split split_vperm = { expand_vperm, expanded_vperm, expanded_neon_vperm };
