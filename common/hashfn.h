/* SPDX-License-Identifier: CC0-1.0 */
/* hashfn: the type of a code path's whole call, as common/dispatch.h's struct path holds it
   (each implementation with such paths declares its paths' functions of this type):
   out = the Poly1305 of m[0..l) under r, plus s, where r = kr[16..32) and s = AES_k(n) for
   k = kr[0..16), or, with n NULL (onetimeauth, common/dispatch.h's PATH_ONETIME),
   r = kr[0..16) and s = kr[16..32), a one-time key (no AES). Assumes C99. */
#ifndef poly1305aes_hashfn_H
#define poly1305aes_hashfn_H

#include <stddef.h>

typedef void hashfn(unsigned char out[16], const unsigned char *kr, const unsigned char *n, const unsigned char *m,
                    size_t l);

#endif
