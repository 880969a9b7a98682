/* SPDX-License-Identifier: CC0-1.0 */
/* AES-128 encryption of one block with AES-NI, the key expansion
   interleaved with the rounds. Assumes AES-NI and SSSE3; instantiated in each
   path's function, so it is VEX-encoded on the AVX paths. No table, no
   branch: constant time.

   Expansion step without AESKEYGENASSIST (about 10 cycles of latency on this
   Sapphire Rapids): PSHUFB copies RotWord(w3) into all four columns, where
   ShiftRows is the identity, so AESENCLAST with round key (rcon, 0, 0, 0) in
   every column gives SubWord(RotWord(w3)) ^ rcon in every column; xoring the
   prefix sums (w0, w0^w1, w0^w1^w2, w0^w1^w2^w3) gives the next round key.
   Measured against two longer-latency-optimized schedules (four rotated
   broadcast chains advancing by one AESENCLAST a round, 3-cycle critical path
   on paper): both were slower inside authenticate, because of their extra
   AES and shuffle uops and the bypass delay between the AES unit and the
   other vector units (about 2 cycles each way here). Self-contained: speed/bench.c
   uses it too, for the libsodium peer's AES. */
#ifndef poly1305aes_amd64_aesni_H
#define poly1305aes_amd64_aesni_H

#include <immintrin.h>

#define AESNI_TARGET __attribute__((target("aes,ssse3")))

/* the expansion step, in a function with __m128i key (the round key, advanced to the next
   with round constant rcon) and rot (the PSHUFB mask of RotWord(w3)): aesni_encrypt's rounds
   and aesni_expand's schedule both take it */
#define AESNI_NEXT_KEY(rcon)                                                           \
  do {                                                                                 \
    __m128i t_ = _mm_aesenclast_si128(_mm_shuffle_epi8(key, rot), _mm_set1_epi32(rcon)); \
    key = _mm_xor_si128(key, _mm_slli_si128(key, 4));                                  \
    key = _mm_xor_si128(key, _mm_slli_si128(key, 8));                                  \
    key = _mm_xor_si128(key, t_);                                                      \
  } while (0)

#define AESNI_ROUND(rcon, last)                                                        \
  do {                                                                                 \
    AESNI_NEXT_KEY(rcon);                                                              \
    state = last ? _mm_aesenclast_si128(state, key) : _mm_aesenc_si128(state, key);    \
  } while (0)

static inline __attribute__((always_inline)) AESNI_TARGET __m128i aesni_encrypt(const unsigned char k[16], const unsigned char n[16])
{
  const __m128i rot = _mm_set_epi8(12, 15, 14, 13, 12, 15, 14, 13, 12, 15, 14, 13, 12, 15, 14, 13);
  __m128i key = _mm_loadu_si128((const __m128i *) (const void *) k);
  __m128i state = _mm_xor_si128(_mm_loadu_si128((const __m128i *) (const void *) n), key);
  AESNI_ROUND(0x01, 0);
  AESNI_ROUND(0x02, 0);
  AESNI_ROUND(0x04, 0);
  AESNI_ROUND(0x08, 0);
  AESNI_ROUND(0x10, 0);
  AESNI_ROUND(0x20, 0);
  AESNI_ROUND(0x40, 0);
  AESNI_ROUND(0x80, 0);
  AESNI_ROUND(0x1b, 0);
  AESNI_ROUND(0x36, 1);
  return state;
}

/* The split form, for expanded keys: aesni_expand(sched, k) writes the 11
   round keys of k to sched[0..176) (any alignment); aesni_encrypt_expanded
   (sched, n) = AES-128(n) under them. The same rounds as aesni_encrypt. */
#define AESNI_KEY_STEP(rcon, at)                                                       \
  do {                                                                                 \
    AESNI_NEXT_KEY(rcon);                                                              \
    _mm_storeu_si128((__m128i *) (void *) (sched + 16 * (at)), key);                   \
  } while (0)

static inline __attribute__((always_inline)) AESNI_TARGET void aesni_expand(unsigned char *sched, const unsigned char k[16])
{
  const __m128i rot = _mm_set_epi8(12, 15, 14, 13, 12, 15, 14, 13, 12, 15, 14, 13, 12, 15, 14, 13);
  __m128i key = _mm_loadu_si128((const __m128i *) (const void *) k);
  _mm_storeu_si128((__m128i *) (void *) sched, key);
  AESNI_KEY_STEP(0x01, 1);
  AESNI_KEY_STEP(0x02, 2);
  AESNI_KEY_STEP(0x04, 3);
  AESNI_KEY_STEP(0x08, 4);
  AESNI_KEY_STEP(0x10, 5);
  AESNI_KEY_STEP(0x20, 6);
  AESNI_KEY_STEP(0x40, 7);
  AESNI_KEY_STEP(0x80, 8);
  AESNI_KEY_STEP(0x1b, 9);
  AESNI_KEY_STEP(0x36, 10);
}

#define AESNI_KEY(i) _mm_loadu_si128((const __m128i *) (const void *) (sched + 16 * (i)))

static inline __attribute__((always_inline)) AESNI_TARGET __m128i aesni_encrypt_expanded(const unsigned char *sched, const unsigned char n[16])
{
  __m128i state = _mm_xor_si128(_mm_loadu_si128((const __m128i *) (const void *) n), AESNI_KEY(0));
  state = _mm_aesenc_si128(state, AESNI_KEY(1));
  state = _mm_aesenc_si128(state, AESNI_KEY(2));
  state = _mm_aesenc_si128(state, AESNI_KEY(3));
  state = _mm_aesenc_si128(state, AESNI_KEY(4));
  state = _mm_aesenc_si128(state, AESNI_KEY(5));
  state = _mm_aesenc_si128(state, AESNI_KEY(6));
  state = _mm_aesenc_si128(state, AESNI_KEY(7));
  state = _mm_aesenc_si128(state, AESNI_KEY(8));
  state = _mm_aesenc_si128(state, AESNI_KEY(9));
  return _mm_aesenclast_si128(state, AESNI_KEY(10));
}

#endif
