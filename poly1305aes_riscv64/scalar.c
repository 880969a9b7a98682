/* SPDX-License-Identifier: CC0-1.0 */
/* poly1305aes_riscv64 scalar paths: radix-2^64 Poly1305 (riscv64.h) with
   AES-128 from Zkne (aes.h) or bitsliced on 64-bit words (common/aes_bs64.h:
   the generic path, for CPUs without Zkne or where the kernel cannot say).
   Both constant time: no table, no branch on a secret. The contract's AES
   functions are here too, for the vector paths. With n NULL the calls take a
   one-time key (onetimeauth). */
#include "riscv64.h"
#include "aes.h"
#include "aes_bs64.h"

void aes128_zkne(unsigned char out[16], const unsigned char k[16], const unsigned char in[16])
{
  u64 s0, s1;
  zkne_encrypt(&s0, &s1, k, in);
  store64(out, s0);
  store64(out + 8, s1);
}

/* s0 + 2^64 s1 = AES_k(in), bitsliced */
INLINE void bitsliced_encrypt(u64 *s0, u64 *s1, const unsigned char k[16], const unsigned char in[16])
{
  uint32_t key[4], block[4], s[4];
  aes_bs_columns(key, k);
  aes_bs_columns(block, in);
  aes_bs64(s, key, block);
  *s0 = (u64) s[1] << 32 | s[0];
  *s1 = (u64) s[3] << 32 | s[2];
}

void aes128_bitsliced(unsigned char out[16], const unsigned char k[16], const unsigned char in[16])
{
  u64 s0, s1;
  bitsliced_encrypt(&s0, &s1, k, in);
  store64(out, s0);
  store64(out + 8, s1);
}

/* the scalar paths, alike but for the AES (ENCRYPT: s0 + 2^64 s1 = AES_k(n)): the AES of the
   nonce is independent of the hash until the final addition; with n NULL, kr is a one-time key
   r || s (riscv64.h's fusedfn) */
#define SCALAR_PATH(name, encrypt)                                                              \
  void name(unsigned char out[16], const unsigned char kr[32], const unsigned char n[16],       \
            const unsigned char *m, size_t l)                                                   \
  {                                                                                             \
    struct p64 st;                                                                              \
    u64 s0, s1;                                                                                 \
    const unsigned char *r = onetime_s(kr, n, &s0, &s1);                                        \
    if (n) encrypt(&s0, &s1, kr, n);                                                            \
    p64r_start(&st, r);                                                                         \
    p64r_message(&st, m, l);                                                                    \
    p64r_finish(&st, s0, s1, out);                                                              \
  }

SCALAR_PATH(scalar_zkne, zkne_encrypt)
SCALAR_PATH(scalar_bitsliced, bitsliced_encrypt)
