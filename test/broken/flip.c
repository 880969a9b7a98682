/* SPDX-License-Identifier: CC0-1.0 */
/* Test-only candidate (test/run.sh): right tags except for 1000-byte
   messages, where one bit is flipped. The selector must report it and never
   install it. poly1305aes_53's authenticate is renamed by the cflags file. */
#include "namespace.h"
#undef poly1305aes_broken_authenticate   /* the cflags rename, for 53's definition only */

void poly1305aes_broken_authenticate_inner(unsigned char out[16], const unsigned char kr[32],
  const unsigned char n[16], const unsigned char m[], unsigned int l);

void poly1305aes_authenticate(unsigned char out[16], const unsigned char kr[32],
  const unsigned char n[16], const unsigned char m[], unsigned int l)
{
  poly1305aes_broken_authenticate_inner(out, kr, n, m, l);
  if (l == 1000) out[5] ^= 8;
}
