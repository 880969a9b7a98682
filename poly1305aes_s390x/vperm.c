/* SPDX-License-Identifier: CC0-1.0 */
/* poly1305aes_s390x's AES: AES-128 by vector permutes (common/vpaes.h: no
   table in memory, no branch; constant time) with the vector facility's
   VPERM (z13). Big-endian: element i of a vector is byte i, as VPERM counts
   it, so the tables and masks load as they are. */
#pragma GCC target("arch=z13")   /* every function from here on, and the inline ones it takes in */
#include "s390x.h"

typedef unsigned char VPAES_V __attribute__((vector_size(16)));

INLINE VPAES_V vpaes_load(const unsigned char *p)
{
  VPAES_V v;
  memcpy(&v, p, 16);
  return v;
}

INLINE void vpaes_store(unsigned char *p, VPAES_V v)
{
  memcpy(p, &v, 16);
}

#define vpaes_perm(a, b, mask) __builtin_s390_vperm(a, b, mask)
#define vpaes_lookup(t, b, idx) __builtin_s390_vperm(t, b, idx)
#define vpaes_table(p) vpaes_load(p)
#define vpaes_mask(p) vpaes_load(p)
/* VSLDB: bytes 16 - 4n.. of zero then key, an immediate shift (no mask register) */
#define vpaes_words(key, zero, n) __builtin_s390_vsldb(zero, key, 16 - 4 * (n))

#include "vpaes.h"

void aes_vx(unsigned char out[16], const unsigned char k[16], const unsigned char in[16])
{
  vpaes_encrypt(out, k, in);
}
