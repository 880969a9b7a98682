/* SPDX-License-Identifier: CC0-1.0 */
/* poly1305aes_ppc64le scalar code: radix-2^64 blocks (ppc64le.h's
   multiplication), for POWER8 (mulld, mulhdu) and for ISA 3.0 (maddld,
   maddhdu; built for POWER9). Constant time. */
#include "ppc64le.h"

void blocks_p8(struct state *s, const unsigned char *m, size_t count, u64 pad)
{
  if (count) {
    struct p64 *st = &s->p;
    P64_BLOCKS(P64_PRODUCTS_P8, m, count, pad);
  }
}

__attribute__((target("cpu=power9"))) void blocks_p9(struct state *s, const unsigned char *m, size_t count, u64 pad)
{
  if (count) {
    struct p64 *st = &s->p;
    P64_BLOCKS(P64_PRODUCTS_P9, m, count, pad);
  }
}
