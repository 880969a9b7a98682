/* Test-only candidate (test/run.sh): right tags except for 1000-byte
   messages, where one bit is flipped. The selector must report it and never
   install it. */
#include "symbol.h"

#undef poly1305aes_broken_authenticate
void poly1305aes_broken_authenticate(unsigned char out[16], const unsigned char kr[32],
  const unsigned char n[16], const unsigned char m[], unsigned int l);

void poly1305aes_broken_authenticate(unsigned char out[16], const unsigned char kr[32],
  const unsigned char n[16], const unsigned char m[], unsigned int l)
{
  poly1305aes_broken_authenticate_inner(out, kr, n, m, l);
  if (l == 1000) out[5] ^= 8;
}
