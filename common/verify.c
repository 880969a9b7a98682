/* verify: recompute the authenticator and compare it in constant time.
   Returns 1 when a is the authenticator of m under kr and n, 0 otherwise. */
#include "symbol.h"

int SYMBOL(verify)(const unsigned char a[16], const unsigned char kr[32],
  const unsigned char n[16], const unsigned char m[], unsigned int l)
{
  unsigned char valid[16];
  SYMBOL(authenticate)(valid, kr, n, m, l);
  return SYMBOL(isequal)(a, valid);
}
