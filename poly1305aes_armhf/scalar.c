/* SPDX-License-Identifier: CC0-1.0 */
/* poly1305aes_armhf's whole calls: radix-2^32 Poly1305 (armhf.h, blocks.S),
   above a threshold after the NEON core (neon.c, steps.S), with AES-128 from
   the ARMv8 AArch32 AES instructions (aes_ce.S), by vector permutes on NEON's
   VTBL (common/vpaes.h; paths neon) or bitsliced on 32-bit words
   (common/aes_bs32.h; path generic). All three are constant time: no table
   indexed by a secret, no branch on one. */
#include "armhf.h"
#include "aes_bs32.h"
#if !defined(__clang__) || defined(__ARM_NEON)
#include "vpaes.h"
#endif

enum aes_kind { AES_CE, AES_VPERM, AES_BITSLICED };

#ifdef VPAES_NEON_A32
/* its own function: GCC inlines NEON code only into functions compiled for NEON. GCC's
   scheduling before register allocation (on at -O2 for ARM) stretches the tables' live
   ranges until they spill: without it, gcc 12 gives 878 instructions and a 160-byte frame
   instead of 1070 and 456 */
#ifdef __clang__
#define NO_PRESCHEDULE
#else
#define NO_PRESCHEDULE __attribute__((optimize("no-schedule-insns")))
#endif
static VPAES_TARGET NO_PRESCHEDULE __attribute__((noinline)) void aes_vperm(unsigned char s[16], const unsigned char k[16],
                                                             const unsigned char n[16])
{
  vp_store(s, vp_encrypt(k, n));
}
#else
#define VPAES_TARGET
#endif

/* s = AES_k(n) by the instructions (ce), vector permutes or bitslicing. clang
   cannot compile NEON intrinsics in a function when the flags leave NEON out
   (GCC can: VPAES_TARGET); with such a clang the NEON path takes the
   bitsliced AES too, constant time but slower */
INLINE void aes(unsigned char s[16], const unsigned char k[16], const unsigned char n[16], enum aes_kind kind)
{
  if (kind == AES_CE) {
    aes128_ce(s, k, n);
#ifdef VPAES_NEON_A32
  } else if (kind == AES_VPERM) {
    aes_vperm(s, k, n);
#endif
  } else {
    uint32_t key[4], in[4], out[4];
    int i;
    aes_bs_columns(key, k);
    aes_bs_columns(in, n);
    aes_bs32(out, key, in);
    for (i = 0; i < 4; ++i) store32(s + 4 * i, out[i]);
  }
}

/* a whole call (n NULL: with the one-time key kr = r || s, no AES): the AES, then (neon) groups of four blocks by the NEON core, then the
   rest, the tail and the tag by the radix-2^32 core in one frame (p32_auth) */
INLINE void hash(unsigned char out[16], const unsigned char kr[32], const unsigned char n[16],
                 const unsigned char *m, size_t l, enum aes_kind kind, int neon)
{
  static const u32 zero[5];
  unsigned char s[16];
  const unsigned char *r = kr + 16;
  if (n) {
    aes(s, kr, n, kind);
  } else {   /* a one-time key r || s (onetimeauth) */
    memcpy(s, kr + 16, 16);
    r = kr;
  }
  if (neon) {
    u32 h[5] = { 0, 0, 0, 0, 0 };
    size_t q = l / 64;
    neon_blocks(h, r, m, q);
    p32_auth(out, r, s, m + 64 * q, l - 64 * q, h);
  } else {
    p32_auth(out, r, s, m, l, zero);
  }
}

/* the paths (armhf.h's hashfn): hash with the AES kind, with (neon 1) or without the NEON core */
#define HASH_PATH(name, kind, neon)                                                         \
  void name(unsigned char out[16], const unsigned char kr[32], const unsigned char n[16],   \
            const unsigned char *m, size_t l)                                               \
  {                                                                                         \
    hash(out, kr, n, m, l, kind, neon);                                                     \
  }

HASH_PATH(hash_vperm, AES_VPERM, 0)
HASH_PATH(hash_bitsliced, AES_BITSLICED, 0)
HASH_PATH(hash_neon_ce, AES_CE, 1)
HASH_PATH(hash_neon_vperm, AES_VPERM, 1)
