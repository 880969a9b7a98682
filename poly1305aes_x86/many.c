/* SPDX-License-Identifier: CC0-1.0 */
/* poly1305aes_x86: many messages a call (common/path.h's manyfn) on the paths with AES-NI.
   Assumes 32-bit x86 with AES-NI and SSSE3; radix-2^32 scalar Poly1305 (radix32.S's p32_mac);
   every length below the path's vector threshold (the dispatcher runs longer ones as single
   calls). The groups and their AES: x86/many_aes.h; each message of a group then hashed here
   in order, its tag written before the next message's r and bytes are read; a message alone
   runs through scalar_aesni, as a single call of its length would. */
#include <string.h>
#include "ia32.h"
#include "aesni.h"
#include "../x86/many_aes.h"

/* out = the tag of m[0..l) under r and the block s = AES_k(n) (as words); out written last */
static __attribute__((noinline)) void tag_p32(unsigned char *out, const unsigned char *r, const uint32_t s[4],
                                              const unsigned char *m, size_t l)
{
  unsigned char last[16];
  p32_mac(out, r, m, l / 16, p32_last(last, m, l), s, NULL);
}

/* message j's tag, and message j alone */
#define TAG_P32(j, s)                                                                             \
  do {                                                                                             \
    uint32_t w_[4];                                                                                \
    _mm_storeu_si128((__m128i *) (void *) w_, s);                                                  \
    tag_p32(out[j], kr[j] + 16, w_, m[j], l[j]);                                                   \
  } while (0)
#define ONE_AESNI(j) scalar_aesni(out[j], kr[j], n[j], m[j], l[j])

MANY_ENTRY(many_vex, "avx,aes,ssse3", TAG_P32, ONE_AESNI, 1)   /* ifma and avx2: VEX, VAES where the CPU has it */
MANY_ENTRY(many_sse, "aes,ssse3", TAG_P32, ONE_AESNI, 0)       /* sse2: no VEX */
