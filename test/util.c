/* SPDX-License-Identifier: CC0-1.0 */
#include "util.h"

static int nibble(char c)
{
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

int hex_decode(unsigned char *out, size_t len, const char *hex)
{
  size_t i;
  for (i = 0; i < len; ++i) {
    int high = nibble(hex[2 * i]), low;
    if (high < 0) return -1;
    low = nibble(hex[2 * i + 1]);
    if (low < 0) return -1;
    out[i] = (unsigned char) (16 * high + low);
  }
  return 0;
}

void hex_encode(char *out, const unsigned char *in, size_t len)
{
  static const char digits[] = "0123456789abcdef";
  size_t i;
  for (i = 0; i < len; ++i) {
    out[2 * i] = digits[in[i] >> 4];
    out[2 * i + 1] = digits[in[i] & 15];
  }
  out[2 * len] = 0;
}

uint64_t prng_next(uint64_t *state)
{
  uint64_t z = (*state += 0x9e3779b97f4a7c15ull);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}

/* each 8 bytes (and a last piece of fewer) from one prng_next, least significant byte first */
void prng_fill(uint64_t *state, unsigned char *buf, size_t len)
{
  size_t i;
  unsigned int j;
  uint64_t word;
  for (i = 0; i + 8 <= len; i += 8) {
    word = prng_next(state);
    for (j = 0; j < 8; ++j) buf[i + j] = (unsigned char) (word >> (8 * j));
  }
  if (i < len) {
    word = prng_next(state);
    for (j = 0; i + j < len; ++j) buf[i + j] = (unsigned char) (word >> (8 * j));
  }
}
