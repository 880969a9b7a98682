/* SPDX-License-Identifier: CC0-1.0 */
/* poly1305aes_armhf's whole calls: radix-2^32 Poly1305 (armhf.h, blocks.S),
   above a threshold after the NEON core (neon.c, steps.S), with AES-128 from
   the ARMv8 AArch32 AES instructions (aes_ce.S), by vector permutes on NEON's
   VTBL (vpaes.S with common/vpaes.h's tables; paths neon) or bitsliced on
   32-bit words (common/aes_bs32.h; path generic). All three are constant
   time: no table indexed by a secret, no branch on one. */
#include "armhf.h"
#include "aes_bs32.h"
#include "wipe.h"
#define VPAES_TABLES_ONLY   /* the tables for vpaes.S; its rounds are its own */
#include "vpaes.h"

enum aes_kind { AES_CE, AES_VPERM, AES_BITSLICED };

/* the tables' offsets vpaes.S reads (its T_ names) */
typedef char vpaes_offsets_match[VP_INV == 0 && VP_INVA == 1 && VP_SB1U == 2 && VP_SB1T == 3 && VP_SB2U == 4 &&
                                         VP_SB2T == 5 && VP_SBOU == 6 && VP_SBOT == 7 && VP_INLO == 8 &&
                                         VP_INHI == 9 && VP_OUTLO == 10 && VP_OUTHI == 11 && VP_SR == 24 &&
                                         VP_SR_ROT1 == 25 && VP_SR_ROT3 == 26 && VP_ROT1 == 27 ? 1 : -1];

/* s = AES_k(n) by the instructions (ce), vector permutes (vpaes.S: common/vpaes.h's
   vp_encrypt with every table in a register; GCC's build of that C spilled them to a
   144-byte frame, the assembly keeps none but the saved d8-d15) or bitslicing */
INLINE void aes(unsigned char s[16], const unsigned char k[16], const unsigned char n[16], enum aes_kind kind)
{
  if (kind == AES_CE) {
    aes128_ce(s, k, n);
  } else if (kind == AES_VPERM) {
    vpaes_neon(s, k, n, vpaes_tables);
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

/* the paths (armhf.h's fusedfn): hash with the AES kind, with (neon 1) or without the NEON core */
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

/* the generic path's split AES (common/path.h's struct path_split): the bitsliced round keys'
   planes (common/aes_bs32.h, 352 bytes) into the expanded key, and its call with one (ek its
   bytes: r at 16, the planes at POLY1305AES_KEY_SCHED): hash's, the AES from the planes */
static __attribute__((noinline)) void expand_bitsliced(unsigned char *sched, const unsigned char k[16])
{
  uint32_t key[4];
  aes_bs_columns(key, k);
  aes_bs32_expand(sched, key);
  wipe(key, sizeof key);
}

static __attribute__((noinline)) void expanded_bitsliced(unsigned char out[16], const unsigned char *ek,
                                                         const unsigned char *n, const unsigned char *m, size_t l)
{
  static const u32 zero[5];
  uint32_t in[4], o[4];
  unsigned char s[16];
  int i;
  aes_bs_columns(in, n);
  aes_bs32_expanded(o, ek + POLY1305AES_KEY_SCHED, in);
  for (i = 0; i < 4; ++i) store32(s + 4 * i, o[i]);
  p32_auth(out, ek + 16, s, m, l, zero);
}

const struct path_split split_generic = { expand_bitsliced, expanded_bitsliced, NULL };
