/* SPDX-License-Identifier: CC0-1.0 */
/* Plain AES-128 encryption following FIPS-197 step by step: the S-box is
   computed from GF(2^8) inverses and the affine map, the key schedule is
   expanded in full, and each round applies SubBytes, ShiftRows, MixColumns
   and AddRoundKey to a 4x4 byte state (byte i of the block is row i%4,
   column i/4). Nothing here is constant-time; it is a test reference. */
#include "aes_ref.h"

static unsigned char gf_mul(unsigned char a, unsigned char b)
{
  unsigned char product = 0;
  while (b) {
    if (b & 1) product ^= a;
    a = (unsigned char) ((a << 1) ^ ((a & 0x80) ? 0x1b : 0));
    b >>= 1;
  }
  return product;
}

static unsigned char rotl8(unsigned char b, int n)
{
  return (unsigned char) ((b << n) | (b >> (8 - n)));
}

void aes_ref_sbox(unsigned char sbox[256])
{
  /* 3 generates the multiplicative group of GF(2^8): the inverse of 3^i is 3^(255-i). */
  unsigned char power[255], inverse[256];
  int i;
  power[0] = 1;
  for (i = 1; i < 255; ++i) power[i] = gf_mul(power[i - 1], 3);
  inverse[0] = 0;
  for (i = 0; i < 255; ++i) inverse[power[i]] = power[(255 - i) % 255];
  for (i = 0; i < 256; ++i) {
    unsigned char b = inverse[i];
    sbox[i] = (unsigned char) (b ^ rotl8(b, 1) ^ rotl8(b, 2) ^ rotl8(b, 3) ^ rotl8(b, 4) ^ 0x63);
  }
}

/* the key schedule with the S-box given */
static void expand(unsigned char w[176], const unsigned char key[16], const unsigned char sbox[256])
{
  unsigned char rcon = 1;
  int i, c;

  for (i = 0; i < 16; ++i) w[i] = key[i];
  for (i = 16; i < 176; i += 4) {
    unsigned char temp[4];
    temp[0] = w[i - 4]; temp[1] = w[i - 3]; temp[2] = w[i - 2]; temp[3] = w[i - 1];
    if (i % 16 == 0) {             /* RotWord, SubWord, Rcon */
      unsigned char first = temp[0];
      temp[0] = (unsigned char) (sbox[temp[1]] ^ rcon);
      temp[1] = sbox[temp[2]];
      temp[2] = sbox[temp[3]];
      temp[3] = sbox[first];
      rcon = gf_mul(rcon, 2);
    }
    for (c = 0; c < 4; ++c) w[i + c] = (unsigned char) (w[i - 16 + c] ^ temp[c]);
  }
}

void aes_ref_expand(unsigned char w[176], const unsigned char key[16])
{
  unsigned char sbox[256];
  aes_ref_sbox(sbox);
  expand(w, key, sbox);
}

void aes_ref_encrypt(unsigned char out[16], const unsigned char key[16], const unsigned char in[16])
{
  unsigned char sbox[256];
  unsigned char w[176];            /* 11 round keys */
  unsigned char state[16], t[16];
  int i, round, c;

  aes_ref_sbox(sbox);
  expand(w, key, sbox);
  for (i = 0; i < 16; ++i) state[i] = (unsigned char) (in[i] ^ w[i]);
  for (round = 1; round <= 10; ++round) {
    for (i = 0; i < 16; ++i) state[i] = sbox[state[i]];                 /* SubBytes */
    for (i = 0; i < 16; ++i) t[i] = state[(i + 4 * (i % 4)) % 16];       /* ShiftRows */
    if (round < 10) {                                                    /* MixColumns */
      for (c = 0; c < 16; c += 4) {
        state[c + 0] = (unsigned char) (gf_mul(t[c], 2) ^ gf_mul(t[c + 1], 3) ^ t[c + 2] ^ t[c + 3]);
        state[c + 1] = (unsigned char) (t[c] ^ gf_mul(t[c + 1], 2) ^ gf_mul(t[c + 2], 3) ^ t[c + 3]);
        state[c + 2] = (unsigned char) (t[c] ^ t[c + 1] ^ gf_mul(t[c + 2], 2) ^ gf_mul(t[c + 3], 3));
        state[c + 3] = (unsigned char) (gf_mul(t[c], 3) ^ t[c + 1] ^ t[c + 2] ^ gf_mul(t[c + 3], 2));
      }
    } else {
      for (i = 0; i < 16; ++i) state[i] = t[i];
    }
    for (i = 0; i < 16; ++i) state[i] ^= w[16 * round + i];              /* AddRoundKey */
  }
  for (i = 0; i < 16; ++i) out[i] = state[i];
}
