/* SPDX-License-Identifier: CC0-1.0 */
/* poly1305aes_amd64: the calls of every path (the AES of the nonce around its
   hash). The hashes: the radix-2^64 scalar code (amd64.h) with MUL or MULX,
   and the cores shared with poly1305aes_x86 (x86/: AVX-512 IFMA, AVX2,
   SSE2), their sums carried here into radix 2^64 (h2 <= 4). The AES:
   AES-NI on the ifma, avx2 and sse2 paths, by vector permutes on the
   ssse3 path (CPUs without AES-NI; common/vpaes.h), bitsliced on the
   generic path, for CPUs without SSSE3 (x86/generic_aes.h), constant time;
   only a build made with AES=table takes a 2 KiB table on the generic path
   (NOT constant time: indices from k and n). Bounds: common/poly64.h,
   x86/radix26.h, x86/ifma.c. */
#include "amd64.h"
#include "../x86/generic_aes.h"

/* the scalar hash, with MUL or with MULX */
INLINE void hash_mul(u64 h[3], const unsigned char r[16], const unsigned char *m, size_t l)
{
  struct p64 st;
  p64_start(&st, r);
  p64_hash(&st, m, l, 0);
  h[0] = st.h0, h[1] = st.h1, h[2] = st.h2;
}

INLINE void hash_mulx(u64 h[3], const unsigned char r[16], const unsigned char *m, size_t l)
{
  struct p64 st;
  p64_start(&st, r);
  p64_hash(&st, m, l, 1);
  h[0] = st.h0, h[1] = st.h1, h[2] = st.h2;
}

/* radix-2^32 words (w[4] <= 4) as radix 2^64 (h2 <= 4) */
INLINE void from_words(u64 h[3], const uint32_t w[5])
{
  h[0] = (u64) w[1] << 32 | w[0], h[1] = (u64) w[3] << 32 | w[2], h[2] = w[4];
}

/* the hybrid (x86/sse2.c): the SSE2 core on a first region of 8 (c + 1)
   blocks, whose c steps after the first also take HYBRID_BLOCKS blocks each
   of the region after it into a radix-2^64 chain; joined, h = H_sse2
   r^(HYBRID_BLOCKS c) + h_scalar, then the blocks left and the tail by the
   scalar code; l >= 16 (8 + 8 + HYBRID_BLOCKS) */
INLINE void hash_hybrid(u64 h[3], const unsigned char r[16], const unsigned char *m, size_t l)
{
  struct p64 sc;
  size_t n = l / 16, c = (n - 8) / (8 + HYBRID_BLOCKS), nv = 8 * (c + 1), ns = HYBRID_BLOCKS * c;
  uint64_t d[5];
  uint32_t w[5];
  u64 hv[3], hs[3];
  p64_start(&sc, r);
  sse2_hybrid_hash(d, r, m, 16 * nv, &sc, m + 16 * nv);
  sums26_words(w, d);
  from_words(hv, w);
  hs[0] = sc.h0, hs[1] = sc.h1, hs[2] = sc.h2;
  p64_join(h, hv, hs, sc.r0, sc.r1, ns);
  sc.h0 = h[0], sc.h1 = h[1], sc.h2 = h[2];
  p64_hash(&sc, m + 16 * (nv + ns), l - 16 * (nv + ns), 0);
  h[0] = sc.h0, h[1] = sc.h1, h[2] = sc.h2;
}

/* an x86/ core, its words (x86/x86.h) as radix 2^64 (h2 <= 4) */
#define CORE_HASH(name, words)                                                                   \
  INLINE void name(u64 h[3], const unsigned char r[16], const unsigned char *m, size_t l)        \
  {                                                                                              \
    uint32_t w[5];                                                                               \
    words(w, r, m, l);                                                                           \
    from_words(h, w);                                                                            \
  }
CORE_HASH(hash_ifma, ifma_words)

/* the AVX2 core (x86/avx2.c) on the whole 8-block steps, then the radix-2^64 chain with MULX
   from its h on the rest: a partial first step would cost the core more than the scalar code
   takes for up to 7 blocks and the tail */
INLINE void hash_avx2(u64 h[3], const unsigned char r[16], const unsigned char *m, size_t l)
{
  struct p64 sc;
  size_t nv = l / 128 * 128;
  uint32_t w[5];
  p64_start(&sc, r);
  if (nv) {
    avx2_words(w, r, m, nv);
    from_words(h, w);
    sc.h0 = h[0], sc.h1 = h[1], sc.h2 = h[2];
  }
  p64_hash(&sc, m + nv, l - nv, 1);
  h[0] = sc.h0, h[1] = sc.h1, h[2] = sc.h2;
}

/* a path's calls (fusedfn, common/path.h): the AES of the nonce (aes: AES-NI, or vector
   permutes) around one of the hashes, in the instruction set of the path
   (VEX-encoded on the AVX paths); with n NULL, kr is a one-time key r || s */
#define AES_AROUND(name, isa, aes, hash)                                                         \
  __attribute__((target(isa))) void name(unsigned char out[16], const unsigned char *kr,        \
                                         const unsigned char *n, const unsigned char *m,        \
                                         size_t l)                                              \
  {                                                                                              \
    aes_and_hash(out, n ? kr + 16 : kr,                                                          \
                 n ? aes(kr, n) : _mm_loadu_si128((const __m128i *) (const void *) (kr + 16)),   \
                 m, l, hash);                                                                    \
  }
AES_AROUND(scalar_mul, "aes,ssse3", aesni_encrypt, hash_mul)                          /* short ones, sse2 */
AES_AROUND(scalar_mulx, "avx,bmi2,aes,ssse3", aesni_encrypt, hash_mulx)               /* short ones, ifma and avx2 */
AES_AROUND(vector_hybrid, "aes,ssse3", aesni_encrypt, hash_hybrid)                    /* long ones, sse2 */
AES_AROUND(vector_avx2, "avx2,avx,bmi2,aes,ssse3", aesni_encrypt, hash_avx2)          /* long ones, avx2 */
AES_AROUND(vector_ifma, "avx512f,avx2,avx,bmi2,aes,ssse3", aesni_encrypt, hash_ifma)  /* long ones, ifma */
AES_AROUND(scalar_vperm, "ssse3", vp_encrypt, hash_mul)                               /* short ones, ssse3 */
AES_AROUND(vector_hybrid_vperm, "ssse3", vp_encrypt, hash_hybrid)                     /* long ones, ssse3 */

/* the split AES (common/path.h's struct path_split): the 11 round keys into the expanded key,
   and r's copy after them (SCHED_R), so that a call reads the cache lines of the round keys
   alone */
#define SCHED_R 176

static __attribute__((target("aes,ssse3"))) void expand_aesni(unsigned char *sched, const unsigned char kr[32])
{
  aesni_expand(sched, kr);
  memcpy(sched + SCHED_R, kr + 16, 16);
}

static __attribute__((target("ssse3"))) void expand_vperm(unsigned char *sched, const unsigned char kr[32])
{
  vp_expand(sched, kr);
  memcpy(sched + SCHED_R, kr + 16, 16);
}

/* each path's calls with an expanded key (common/path.h's struct path_split: ek its bytes, the
   schedule at POLY1305AES_KEY_SCHED, r's copy at SCHED_R in it): the AES of the nonce from the
   schedule around the path's hash, as AES_AROUND's */
#define EXPANDED_AROUND(name, isa, aes, hash)                                                    \
  static __attribute__((target(isa))) void name(unsigned char out[16], const unsigned char *ek, \
                                                const unsigned char *n, const unsigned char *m, \
                                                size_t l)                                       \
  {                                                                                              \
    aes_and_hash(out, ek + POLY1305AES_KEY_SCHED + SCHED_R, aes(ek + POLY1305AES_KEY_SCHED, n), m, l, hash); \
  }
EXPANDED_AROUND(expanded_mul, "aes,ssse3", aesni_encrypt_expanded, hash_mul)
EXPANDED_AROUND(expanded_mulx, "avx,bmi2,aes,ssse3", aesni_encrypt_expanded, hash_mulx)
EXPANDED_AROUND(expanded_hybrid, "aes,ssse3", aesni_encrypt_expanded, hash_hybrid)
EXPANDED_AROUND(expanded_avx2, "avx2,avx,bmi2,aes,ssse3", aesni_encrypt_expanded, hash_avx2)
EXPANDED_AROUND(expanded_ifma, "avx512f,avx2,avx,bmi2,aes,ssse3", aesni_encrypt_expanded, hash_ifma)
EXPANDED_AROUND(expanded_vperm, "ssse3", vp_encrypt_expanded, hash_mul)
EXPANDED_AROUND(expanded_hybrid_vperm, "ssse3", vp_encrypt_expanded, hash_hybrid)

const struct path_split split_ifma = { expand_aesni, expanded_mulx, expanded_ifma };
const struct path_split split_avx2 = { expand_aesni, expanded_mulx, expanded_avx2 };
const struct path_split split_sse2 = { expand_aesni, expanded_mul, expanded_hybrid };
const struct path_split split_ssse3 = { expand_vperm, expanded_vperm, expanded_hybrid_vperm };

/* the generic path's calls: the generic AES around a hash */
#define GENERIC_AROUND(name, hash)                                                                 \
  void name(unsigned char out[16], const unsigned char *kr, const unsigned char *n,             \
            const unsigned char *m, size_t l)                                                    \
  {                                                                                              \
    u64 h[3];                                                                                    \
    uint32_t s[4];                                                                               \
    if (n) generic_encrypt(s, kr, n);                                                              \
    else memcpy(s, kr + 16, 16);                                                                 \
    hash(h, n ? kr + 16 : kr, m, l);                                                             \
    p64_finish(out, h[0], h[1], h[2], (u64) s[1] << 32 | s[0], (u64) s[3] << 32 | s[2]);       \
  }
GENERIC_AROUND(scalar_generic, hash_mul)                                      /* short ones */
GENERIC_AROUND(vector_hybrid_generic, hash_hybrid)                            /* long ones */

/* ---- the blocks of the paths' cores (common/core.h) on struct p64, h2 <= 4 between calls ---- */

/* h = (h + c + pad 2^128) r for each of the nblocks blocks c at m, nblocks >= 1 */
#define CORE_SCALAR(name, isa, mulx)                                                             \
  __attribute__((target(isa))) void name(void *state, const unsigned char *m, size_t nblocks,   \
                                         unsigned int pad)                                       \
  {                                                                                              \
    struct p64 *st = state;                                                                      \
    if (pad) p64_blocks(st, m, nblocks, mulx);                                                   \
    else                                                                                         \
      for (; nblocks > 0; --nblocks, m += 16) p64_last(st, load64(m), load64(m + 8), mulx);     \
  }
CORE_SCALAR(core_scalar_mul, "sse2", 0)
CORE_SCALAR(core_scalar_mulx, "bmi2", 1)

/* h = h r^n + H (Poly1305 is linear in h: p64_join), H the hash from 0 of the n = nblocks
   blocks at m (pad 1) by one of the long-message hashes above */
#define CORE_VECTOR(name, isa, hash)                                                             \
  __attribute__((target(isa))) void name(void *state, const unsigned char *m, size_t nblocks)   \
  {                                                                                              \
    struct p64 *st = state;                                                                      \
    unsigned char r[16];                                                                         \
    const u64 h[3] = { st->h0, st->h1, st->h2 };                                                 \
    u64 hm[3], joined[3];                                                                        \
    store64(r, st->r0);                                                                          \
    store64(r + 8, st->r1);                                                                      \
    hash(hm, r, m, 16 * nblocks);                                                                \
    p64_join(joined, h, hm, st->r0, st->r1, nblocks);                                            \
    st->h0 = joined[0], st->h1 = joined[1], st->h2 = joined[2];                                  \
  }
CORE_VECTOR(core_vector_ifma, "avx512f,avx2,avx,bmi2", hash_ifma)
CORE_VECTOR(core_vector_hybrid, "sse2", hash_hybrid)

/* the avx2 path's: h = (h r^n + the n blocks' sum) from x86/avx2.c's hash from h (h's limbs
   added to block 0), no join; nblocks a multiple of 8 (the core's vector_step, dispatch.c) */
__attribute__((target("avx2,avx,bmi2"))) void core_vector_avx2(void *state, const unsigned char *m, size_t nblocks)
{
  struct p64 *st = state;
  unsigned char r[16];
  const u64 h[3] = { st->h0, st->h1, st->h2 };
  uint32_t from[5], w[5];
  u64 joined[3];
  store64(r, st->r0);
  store64(r + 8, st->r1);
  to26(from, h);
  avx2_words_from(w, r, from, m, 16 * nblocks);
  from_words(joined, w);
  st->h0 = joined[0], st->h1 = joined[1], st->h2 = joined[2];
}

/* h = h r^(32 g) + H, H the hash from 0 of the g groups of IFMA_GROUP blocks at m (pad 1), by
   x86/ifma.c's stream kernel from the powers the state keeps (set on the first group): h
   enters as radix-2^44 limbs below 2^44, 2^44, 2^43 (h2 <= 4) and returns h2 <= 4 */
__attribute__((target("avx512f,avx2,avx,bmi2"))) void core_grouped_ifma(void *state, const unsigned char *m,
                                                                       size_t nblocks)
{
  const u64 m44 = (1ULL << 44) - 1;
  struct amd64_core *st = state;
  if (!st->ifma.ready) {
    unsigned char r[16];
    store64(r, st->p.r0);
    store64(r + 8, st->p.r1);
    ifma_stream_powers(&st->ifma.powers, r);
    st->ifma.ready = 1;
  }
  for (; nblocks >= IFMA_GROUP; nblocks -= IFMA_GROUP, m += 16 * IFMA_GROUP) {
    const u64 h44[3] = { st->p.h0 & m44, (st->p.h0 >> 44 | st->p.h1 << 20) & m44, st->p.h1 >> 24 | st->p.h2 << 40 };
    u64 c[3], h[3];
    uint32_t w[5];
    ifma_stream_group(c, &st->ifma.powers, h44, m);
    sums44_words(w, c);
    from_words(h, w);
    st->p.h0 = h[0], st->p.h1 = h[1], st->p.h2 = h[2];
  }
}
