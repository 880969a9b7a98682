/* SPDX-License-Identifier: CC0-1.0 */
/* poly1305aes_x86: many messages a call (common/path.h's manyfn) on the paths with AES-NI.
   Assumes 32-bit x86 with AES-NI and SSSE3; radix-2^32 scalar Poly1305 (radix32.S's p32_mac);
   every length below the path's vector threshold (the dispatcher runs longer ones as single
   calls). The groups and their AES: x86/many_aes.h; then, on the paths with AVX2, a group's
   messages four at a time in lanes (x86/avx2.c) where its inputs lie apart from its tags, else
   each message hashed here in order, its tag written before the next message's r and bytes are
   read; a message alone runs through scalar_aesni, as a single call of its length would. */
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

/* out[0..3] = the tags of messages 0..3 (m[j], l[j] bytes, r = kr[j] + 16, s[j] = AES_k(n)), the
   four hashed side by side by x86/avx2.c's lanes; every r and byte is read before any tag is
   written (the group's inputs apart from its tags: group_apart) */
static __attribute__((noinline, target("avx2,avx"))) void lanes4_p32(unsigned char *const out[],
    const unsigned char *const kr[], const __m128i s[], const unsigned char *const m[], const size_t l[])
{
  const unsigned char *const r[4] = { kr[0] + 16, kr[1] + 16, kr[2] + 16, kr[3] + 16 };
  uint64_t d[5][4];
  unsigned int j;
  avx2_lanes(d, r, m, l);
  for (j = 0; j < 4; ++j) {
    const uint64_t dj[5] = { d[0][j], d[1][j], d[2][j], d[3][j], d[4][j] };
    uint32_t w[5], sw[4];
    sums26_words(w, dj);
    _mm_storeu_si128((__m128i *) (void *) sw, s[j]);
    p32_finish(out[j], w, sw);
  }
}

/* message j's tag, and message j alone */
#define TAG_P32(j, s)                                                                             \
  do {                                                                                             \
    uint32_t w_[4];                                                                                \
    _mm_storeu_si128((__m128i *) (void *) w_, s);                                                  \
    tag_p32(out[j], kr[j] + 16, w_, m[j], l[j]);                                                   \
  } while (0)
#define LANES4_AVX2(j, s) lanes4_p32(out + (j), kr + (j), s, m + (j), l + (j))
#define LANES4_NONE(j, s) ((void) (s))   /* sse2: no AVX2 (lanes 0) */
#define ONE_AESNI(j) scalar_aesni(out[j], kr[j], n[j], m[j], l[j])

MANY_ENTRY(many_vex, "avx,aes,ssse3", TAG_P32, LANES4_AVX2, 1, ONE_AESNI, 1)   /* ifma and avx2: VEX, VAES where the CPU has it */
MANY_ENTRY(many_sse, "aes,ssse3", TAG_P32, LANES4_NONE, 0, ONE_AESNI, 0)       /* sse2: no VEX */
