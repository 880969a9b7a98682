/* SPDX-License-Identifier: CC0-1.0 */
/* MD5 as RFC 1321 specifies it; md5_selfcheck runs the RFC's examples. No
   libm: the step constants are written out, as the RFC gives them. */
#include <string.h>
#include "md5.h"
#include "util.h"

static const uint32_t sine_table[64] = {   /* floor(2^32 |sin(i + 1)|), RFC 1321 */
  0xd76aa478, 0xe8c7b756, 0x242070db, 0xc1bdceee,
  0xf57c0faf, 0x4787c62a, 0xa8304613, 0xfd469501,
  0x698098d8, 0x8b44f7af, 0xffff5bb1, 0x895cd7be,
  0x6b901122, 0xfd987193, 0xa679438e, 0x49b40821,
  0xf61e2562, 0xc040b340, 0x265e5a51, 0xe9b6c7aa,
  0xd62f105d, 0x02441453, 0xd8a1e681, 0xe7d3fbc8,
  0x21e1cde6, 0xc33707d6, 0xf4d50d87, 0x455a14ed,
  0xa9e3e905, 0xfcefa3f8, 0x676f02d9, 0x8d2a4c8a,
  0xfffa3942, 0x8771f681, 0x6d9d6122, 0xfde5380c,
  0xa4beea44, 0x4bdecfa9, 0xf6bb4b60, 0xbebfbc70,
  0x289b7ec6, 0xeaa127fa, 0xd4ef3085, 0x04881d05,
  0xd9d4d039, 0xe6db99e5, 0x1fa27cf8, 0xc4ac5665,
  0xf4292244, 0x432aff97, 0xab9423a7, 0xfc93a039,
  0x655b59c3, 0x8f0ccc92, 0xffeff47d, 0x85845dd1,
  0x6fa87e4f, 0xfe2ce6e0, 0xa3014314, 0x4e0811a1,
  0xf7537e82, 0xbd3af235, 0x2ad7d2bb, 0xeb86d391
};
static const unsigned char shifts[4][4] = { { 7, 12, 17, 22 }, { 5, 9, 14, 20 }, { 4, 11, 16, 23 }, { 6, 10, 15, 21 } };

static uint32_t rotl(uint32_t x, int n) { return x << n | x >> (32 - n); }

static void compress(uint32_t state[4], const unsigned char block[64])
{
  uint32_t x[16], a = state[0], b = state[1], c = state[2], d = state[3];
  int i;
  for (i = 0; i < 16; ++i)
    x[i] = (uint32_t) block[4 * i] | (uint32_t) block[4 * i + 1] << 8
         | (uint32_t) block[4 * i + 2] << 16 | (uint32_t) block[4 * i + 3] << 24;
  for (i = 0; i < 64; ++i) {
    uint32_t f, t;
    int g, round = i / 16;
    if (round == 0) { f = (b & c) | (~b & d); g = i; }
    else if (round == 1) { f = (d & b) | (~d & c); g = (5 * i + 1) % 16; }
    else if (round == 2) { f = b ^ c ^ d; g = (3 * i + 5) % 16; }
    else { f = c ^ (b | ~d); g = (7 * i) % 16; }
    t = d;
    d = c;
    c = b;
    b = b + rotl(a + f + sine_table[i] + x[g], shifts[round][i % 4]);
    a = t;
  }
  state[0] += a; state[1] += b; state[2] += c; state[3] += d;
}

void md5_start(struct md5 *ctx)
{
  ctx->state[0] = 0x67452301; ctx->state[1] = 0xefcdab89;
  ctx->state[2] = 0x98badcfe; ctx->state[3] = 0x10325476;
  ctx->length = 0;
}

void md5_update(struct md5 *ctx, const unsigned char *data, size_t len)
{
  while (len > 0) {
    size_t used = (size_t) (ctx->length % 64), take = 64 - used;
    if (take > len) take = len;
    memcpy(ctx->block + used, data, take);
    ctx->length += take;
    data += take;
    len -= take;
    if (ctx->length % 64 == 0) compress(ctx->state, ctx->block);
  }
}

void md5_finish(const struct md5 *ctx, unsigned char digest[16])
{
  struct md5 copy = *ctx;
  unsigned char pad[72] = { 0x80 };
  uint64_t bits = ctx->length * 8;
  size_t padlen = (size_t) (56 - ctx->length % 64 + 64) % 64;
  int i;
  if (padlen == 0) padlen = 64;
  md5_update(&copy, pad, padlen);
  for (i = 0; i < 8; ++i) pad[i] = (unsigned char) (bits >> (8 * i));
  md5_update(&copy, pad, 8);
  for (i = 0; i < 16; ++i) digest[i] = (unsigned char) (copy.state[i / 4] >> (8 * (i % 4)));
}

int md5_selfcheck(void)
{
  static const char *const cases[][2] = {
    { "", "d41d8cd98f00b204e9800998ecf8427e" },
    { "abc", "900150983cd24fb0d6963f7d28e17f72" },
    { "message digest", "f96b697d7cb7938d525a2f31aaf161d0" },
    { "12345678901234567890123456789012345678901234567890123456789012345678901234567890",
      "57edf4a22be3c955ac49da2e2107b67a" },
  };
  unsigned int i;
  for (i = 0; i < sizeof cases / sizeof cases[0]; ++i) {
    struct md5 ctx;
    unsigned char digest[16];
    char hex[33];
    md5_start(&ctx);
    md5_update(&ctx, (const unsigned char *) cases[i][0], strlen(cases[i][0]));
    md5_finish(&ctx, digest);
    hex_encode(hex, digest, 16);
    if (strcmp(hex, cases[i][1]) != 0) return -1;
  }
  return 0;
}
