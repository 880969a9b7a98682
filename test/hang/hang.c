/* SPDX-License-Identifier: CC0-1.0 */
/* Test-only candidate (test/run.sh): right tags, except that a 1000-byte
   message never returns (it sleeps, using no CPU). The selector must stop
   it at its time limit, report it, never install it, and go on with the
   others.
   poly1305aes_53's authenticate is renamed by the cflags file. */
#include "namespace.h"
#undef poly1305aes_hang_authenticate   /* the cflags rename, for 53's definition only */

#include <unistd.h>

void poly1305aes_hang_authenticate_inner(unsigned char out[16], const unsigned char kr[32],
  const unsigned char n[16], const unsigned char m[], unsigned int l);

void poly1305aes_authenticate(unsigned char out[16], const unsigned char kr[32],
  const unsigned char n[16], const unsigned char m[], unsigned int l)
{
  poly1305aes_hang_authenticate_inner(out, kr, n, m, l);
  while (l == 1000) pause();   /* asleep until killed: the other lanes keep the CPU */
}
