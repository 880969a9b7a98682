/* SPDX-License-Identifier: CC0-1.0 */
/* The internal Poly1305 contract: a path's pieces, as the path
   interface hands them out (poly1305aes_X_path_core, common/impl.h.in).
   Assumes C99. A core state is at most 384 bytes, placed 16-byte aligned by
   the caller; between calls it holds h in the core's own form (h = 0 after
   start), r as the core keeps it, and whatever the core precomputed.
     aes(out, k, in)            out = AES-128_k(in), key expansion included
     start(st, r)               h = 0; keep r (the core clamps it)
     blocks(st, m, n, pad)      for each of n 16-byte blocks c at m (any
                                alignment, n >= 0): h = (h + c + pad 2^128) r
                                mod p; pad 1 for message blocks, 0 for the
                                caller-padded last chunk
     finish(st, s, tag)         tag = (h mod p + s) mod 2^128; st may be wiped
   A floating-point core sets the FP mode it needs and restores the caller's
   inside each call. */
#ifndef poly1305aes_core_H
#define poly1305aes_core_H

#include <stddef.h>

#define POLY1305AES_CORE_STATE_MAX 384
#define POLY1305AES_STREAM_BLOCKS 32   /* the streaming driver's buffer (common/stream.c) */

struct poly1305aes_core {
  unsigned int state_bytes;   /* sizeof its core state, <= POLY1305AES_CORE_STATE_MAX */
  void (*aes)(unsigned char out[16], const unsigned char k[16], const unsigned char in[16]);
  void (*start)(void *st, const unsigned char r[16]);
  void (*blocks)(void *st, const unsigned char *m, size_t nblocks, unsigned int pad);
  void (*finish)(void *st, const unsigned char s[16], unsigned char tag[16]);
  unsigned int buffer_blocks; /* the blocks the streaming driver collects before it calls blocks
                                 (at most POLY1305AES_STREAM_BLOCKS); 0: none, whole blocks
                                 go straight from the caller's memory */
};

#endif
