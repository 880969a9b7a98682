/* SPDX-License-Identifier: CC0-1.0 */
/* AES-128 encryption of one block with the ARMv8 Cryptography Extensions
   (AESE/AESMC), the key expansion interleaved with the rounds. Assumes
   AArch64 with the AES instructions (HWCAP_AES); instantiated inside each
   caller's function (always inline). No table, no branch: constant time.

   Expansion step without a table: TBL copies RotWord(w3) into all four
   columns, where ShiftRows is the identity, so AESE with a zero round key
   gives SubWord(RotWord(w3)) in every column; xoring rcon and the prefix
   sums (w0, w0^w1, w0^w1^w2, w0^w1^w2^w3, two EXTs and EORs) gives the next
   round key. The round keys and the state never leave vector registers.
   Self-contained: speed/bench_arm64.c uses it too, for the libsodium peer's
   AES. */
#ifndef poly1305aes_aesce_H
#define poly1305aes_aesce_H

#include <arm_neon.h>

/* a file built for the AES instructions (-march=...+crypto) needs no attribute;
   clang 14 takes "+crypto" in one for an unknown feature */
#if defined(__ARM_FEATURE_AES) || defined(__ARM_FEATURE_CRYPTO)
#define AESCE_TARGET
#else
#define AESCE_TARGET __attribute__((target("+crypto")))
#endif

#define AESCE_NEXT(rcon)                                                       \
  do {                                                                         \
    uint8x16_t t_ = vaeseq_u8(vqtbl1q_u8(key, rot), zero);                     \
    t_ = veorq_u8(t_, vreinterpretq_u8_u32(vdupq_n_u32(rcon)));                \
    key = veorq_u8(key, vextq_u8(zero, key, 12));                              \
    key = veorq_u8(key, vextq_u8(zero, key, 8));                               \
    key = veorq_u8(key, t_);                                                   \
  } while (0)
#define AESCE_ROUND(rcon)                                                      \
  do {                                                                         \
    state = vaesmcq_u8(vaeseq_u8(state, key));                                 \
    AESCE_NEXT(rcon);                                                          \
  } while (0)

static inline __attribute__((always_inline)) AESCE_TARGET
uint8x16_t aesce_encrypt(const unsigned char k[16], const unsigned char n[16])
{
  static const unsigned char rot_bytes[16] = { 13, 14, 15, 12, 13, 14, 15, 12, 13, 14, 15, 12, 13, 14, 15, 12 };
  const uint8x16_t rot = vld1q_u8(rot_bytes), zero = vdupq_n_u8(0);
  uint8x16_t key = vld1q_u8(k), state = vld1q_u8(n);
  AESCE_ROUND(0x01);
  AESCE_ROUND(0x02);
  AESCE_ROUND(0x04);
  AESCE_ROUND(0x08);
  AESCE_ROUND(0x10);
  AESCE_ROUND(0x20);
  AESCE_ROUND(0x40);
  AESCE_ROUND(0x80);
  AESCE_ROUND(0x1b);
  state = vaeseq_u8(state, key);   /* round 10: no MixColumns */
  AESCE_NEXT(0x36);
  return veorq_u8(state, key);
}

/* The split form, for expanded keys: aesce_expand(sched, k) writes the 11
   round keys of k to sched[0..176) (any alignment); aesce_encrypt_expanded
   (sched, n) = AES-128(n) under them, the rounds of aesce_encrypt with each
   key loaded instead of made. */
#define AESCE_KEEP(rcon, at)                                                   \
  do {                                                                         \
    AESCE_NEXT(rcon);                                                          \
    vst1q_u8(sched + 16 * (at), key);                                          \
  } while (0)

static inline __attribute__((always_inline)) AESCE_TARGET
void aesce_expand(unsigned char *sched, const unsigned char k[16])
{
  static const unsigned char rot_bytes[16] = { 13, 14, 15, 12, 13, 14, 15, 12, 13, 14, 15, 12, 13, 14, 15, 12 };
  const uint8x16_t rot = vld1q_u8(rot_bytes), zero = vdupq_n_u8(0);
  uint8x16_t key = vld1q_u8(k);
  vst1q_u8(sched, key);
  AESCE_KEEP(0x01, 1);
  AESCE_KEEP(0x02, 2);
  AESCE_KEEP(0x04, 3);
  AESCE_KEEP(0x08, 4);
  AESCE_KEEP(0x10, 5);
  AESCE_KEEP(0x20, 6);
  AESCE_KEEP(0x40, 7);
  AESCE_KEEP(0x80, 8);
  AESCE_KEEP(0x1b, 9);
  AESCE_KEEP(0x36, 10);
}

static inline __attribute__((always_inline)) AESCE_TARGET
uint8x16_t aesce_encrypt_expanded(const unsigned char *sched, const unsigned char n[16])
{
  uint8x16_t state = vld1q_u8(n);
  unsigned int i;
  for (i = 0; i < 9; ++i) state = vaesmcq_u8(vaeseq_u8(state, vld1q_u8(sched + 16 * i)));
  state = vaeseq_u8(state, vld1q_u8(sched + 144));   /* round 10: no MixColumns */
  return veorq_u8(state, vld1q_u8(sched + 160));
}

#endif
