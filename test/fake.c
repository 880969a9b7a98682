/* SPDX-License-Identifier: CC0-1.0 */
/* The test-only candidates' authenticate (test/run.sh): poly1305aes_53's,
   renamed by each candidate's cflags file and wrapped here, right except for
   1000-byte messages. test/broken (FAKE_FLIP) flips one bit of their tag:
   the selector must report it and never install it. test/hang (FAKE_HANG)
   never returns (it sleeps, using no CPU): the selector must stop it at its
   time limit, report it, never install it, and go on with the others. */
#include <unistd.h>
#include "namespace.h"

/* the cflags rename, undone for this definition only */
#if defined(FAKE_FLIP)
#undef poly1305aes_broken_authenticate
#define INNER poly1305aes_broken_authenticate_inner
#elif defined(FAKE_HANG)
#undef poly1305aes_hang_authenticate
#define INNER poly1305aes_hang_authenticate_inner
#else
#error "name the fake: FAKE_FLIP or FAKE_HANG"
#endif

void INNER(unsigned char out[16], const unsigned char kr[32], const unsigned char n[16], const unsigned char m[],
           unsigned int l);

void poly1305aes_authenticate(unsigned char out[16], const unsigned char kr[32], const unsigned char n[16],
                              const unsigned char m[], unsigned int l)
{
  INNER(out, kr, n, m, l);
#if defined(FAKE_FLIP)
  if (l == 1000) out[5] ^= 8;
#else
  while (l == 1000) pause();   /* asleep until killed: the other lanes keep the CPU */
#endif
}
