/* SPDX-License-Identifier: CC0-1.0 */
/* Code poly1305aes_amd64 and poly1305aes_x86 share, written once and built by
   both (each lists the sources in x86/ in its 'sources'; the dispatchers
   share paths.h). Assumes x86-64 or 32-bit x86 (little-endian, unaligned
   loads), GCC or clang; uint64_t arithmetic only (two words on 32-bit x86;
   no unsigned __int128).

   The Poly1305 cores here absorb a whole message, l >= 1 bytes (partial last
   block included), starting from h = 0, and return h as sums of products in
   radix 2^26 or 2^44, not yet carried; *_words below carry them into radix
   2^32 words, to which the caller adds s. */
#ifndef poly1305aes_x86_shared_H
#define poly1305aes_x86_shared_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include "namespace.h"

#define INLINE static inline __attribute__((always_inline))
#define HIDDEN __attribute__((visibility("hidden")))

/* The code of a path for some lengths (each implementation's dispatcher
   picks one by CPU and length) is of common/path.h's type fusedfn; its
   thresholds are per CPU class (x86/paths.h's enum cpu_class: PATH_CLASSES of them) */
#define PATH_CLASSES 4
#include "path.h"

/* the Poly1305 blocks of a path's core (common/core.h; x86/paths.h's core_code) on the
   state its dispatcher defines: h = (h + c + pad 2^128) r for each of nblocks blocks c at m
   (scalar: nblocks >= 1, pad 0 or 1; vector: pad 1, nblocks from the path's vector_min) */
typedef void core_scalar_fn(void *st, const unsigned char *m, size_t nblocks, unsigned int pad);
typedef void core_vector_fn(void *st, const unsigned char *m, size_t nblocks);

/* the names the shared files define, each namespaced once (common/namespace.h) */
#define sse2_hash CRYPTO_NAMESPACE(sse2_hash)
#define ifma_hash CRYPTO_NAMESPACE(ifma_hash)
#define ifma256_hash CRYPTO_NAMESPACE(ifma256_hash)
#define avx2_hash CRYPTO_NAMESPACE(avx2_hash)
#define avx2_hash_from CRYPTO_NAMESPACE(avx2_hash_from)
#define avx2_lanes CRYPTO_NAMESPACE(avx2_lanes)
#define aes_table CRYPTO_NAMESPACE(aes_table)   /* common/aes_table.h's table */

/* x86/sse2.c: d[k] = the sum of the limb products of weight 2^(26k) (carries not
   yet done), each < 2^60, of the Poly1305 of m[0..l) under the clamped r; l >= 1
   (x86/radix26.h) */
HIDDEN void sse2_hash(uint64_t d[5], const unsigned char r[16], const unsigned char *m, size_t l);

struct p64;   /* common/poly64.h: the scalar chain of x86-64's hybrid (radix26.h names it on both) */
#ifdef __x86_64__
/* x86/sse2.c on x86-64: sse2_hash of m[0..l), whose steps after the first also
   take HYBRID_BLOCKS blocks each (sse2.c places them) from ms into the radix-2^64 chain sc
   (common/poly64.h) */
#define sse2_hybrid_hash CRYPTO_NAMESPACE(sse2_hybrid_hash)
#define HYBRID_BLOCKS 8
HIDDEN void sse2_hybrid_hash(uint64_t d[5], const unsigned char r[16], const unsigned char *m, size_t l,
                             struct p64 *sc, const unsigned char *ms);
#endif

/* x86/avx2.c: the same with AVX2 (x86/radix26.h); the CPU has AVX2 */
HIDDEN void avx2_hash(uint64_t d[5], const unsigned char r[16], const unsigned char *m, size_t l);
/* the same from h = from's limbs (each below 2^26.4) instead of 0; l a multiple of 128 */
HIDDEN void avx2_hash_from(uint64_t d[5], const unsigned char r[16], const uint32_t from[5], const unsigned char *m,
                           size_t l);
#ifdef __i386__
/* four messages side by side (x86/radix26.h's LANES_HASH; 32-bit code only): d[k][j] the sums of
   message j's h, m[j] of l[j] bytes (each below 128) under r[j] */
HIDDEN void avx2_lanes(uint64_t d[5][4], const unsigned char *const r[4], const unsigned char *const m[4],
                       const size_t l[4]);
#endif

/* x86/ifma.c: c[k] = the sum of weight 2^(44k), each < 2^60, likewise; l >= 1;
   the CPU has AVX-512 F, VL, BW, IFMA and VBMI2 and BMI2 */
HIDDEN void ifma_hash(uint64_t c[3], const unsigned char r[16], const unsigned char *m, size_t l);

/* x86/ifma256.c: the same sums from the same algorithm on ymm registers (no 512-bit
   instruction; poly1305aes_x86 builds it) */
HIDDEN void ifma256_hash(uint64_t c[3], const unsigned char r[16], const unsigned char *m, size_t l);



/* x86/ifma.c's stream kernel: the powers of r a stream's core state keeps once a group of
   IFMA_GROUP blocks has come (limbs of radix 2^44, carried): pb[k][L] limb k of lane L's
   power r^(8,4,7,3,6,2,5,1)[L], r8 and r16 */
#define ifma_stream_powers CRYPTO_NAMESPACE(ifma_stream_powers)
#define ifma_stream_group CRYPTO_NAMESPACE(ifma_stream_group)
#define IFMA_GROUP 32
struct ifma_powers {
  uint64_t pb[3][8];
  uint64_t r8[3], r16[3];
};
HIDDEN void ifma_stream_powers(struct ifma_powers *pw, const unsigned char r[16]);
/* c[k] = the sums of weight 2^(44k), each < 2^59, of h r^32 + the Poly1305 from 0 of the 32
   blocks at m (pad 1), h in radix-2^44 limbs below 2^44, 2^44, 2^43; the CPU as ifma_hash's */
HIDDEN void ifma_stream_group(uint64_t c[3], const struct ifma_powers *pw, const uint64_t h[3],
                              const unsigned char *m);

/* a stream core's ifma kernel state, after the scalar core's: the powers once ready */
struct ifma_stream {
  struct ifma_powers powers;
  uint32_t ready;   /* 1 once the powers are set (public: the length decides) */
};

/* one carry chain over radix-2^26 sums c[k] < 2^63, the same residue mod p: after it c[1] <
   2^26 + 2^14 (5 (c[4] >> 26) < 2^39.4 enters c[0], whose carry c[1] takes), the others < 2^26;
   a second chain leaves c[1] < 2^26 + 1 (c[4] >> 26 <= 1 then) */
INLINE void carry26(uint64_t c[5])
{
  c[1] += c[0] >> 26; c[0] &= 0x3ffffff;
  c[2] += c[1] >> 26; c[1] &= 0x3ffffff;
  c[3] += c[2] >> 26; c[2] &= 0x3ffffff;
  c[4] += c[3] >> 26; c[3] &= 0x3ffffff;
  c[0] += (c[4] >> 26) * 5; c[4] &= 0x3ffffff;
  c[1] += c[0] >> 26; c[0] &= 0x3ffffff;
}

/* h = sum d[k] 2^(26k), each d[k] < 2^63, as radix-2^32 words w[0..3] and
   w[4] (the bits from 2^128), with w = h mod 2^130 + 5 (h >> 130) carried in:
   the same residue mod p, w < 2^130 + 2^35 so w[4] <= 4 */
INLINE void sums26_words(uint32_t w[5], const uint64_t d[5])
{
  uint64_t c[5] = { d[0], d[1], d[2], d[3], d[4] }, t;
  carry26(c);
  t = c[0] | c[1] << 26;                       /* bits 0..52 */
  w[0] = (uint32_t) t;
  t = (t >> 32) + (c[2] << 20);                /* bits 32..77 */
  w[1] = (uint32_t) t;
  t = (t >> 32) + (c[3] << 14);                /* bits 64..103 */
  w[2] = (uint32_t) t;
  t = (t >> 32) + (c[4] << 8);                 /* bits 96..129 */
  w[3] = (uint32_t) t;
  w[4] = (uint32_t) (t >> 32);                 /* <= 3, or 4 from c[1]'s excess */
}

/* radix-2^26 sums d[k] < 2^63 into limbs h[0..4] as mul26_by leaves them (common/poly26.h:
   limb 1 below 2^26 + 2^8.3, the others below 2^26): two carry chains */
INLINE void sums26_limbs(uint32_t h[5], const uint64_t d[5])
{
  uint64_t c[5] = { d[0], d[1], d[2], d[3], d[4] };
  carry26(c);
  carry26(c);
  h[0] = (uint32_t) c[0], h[1] = (uint32_t) c[1], h[2] = (uint32_t) c[2], h[3] = (uint32_t) c[3];
  h[4] = (uint32_t) c[4];
}

/* radix-2^44 sums c[k] < 2^60 into words, w[4] <= 4 (as sums26_words) */
INLINE void sums44_words(uint32_t w[5], const uint64_t c[3])
{
  const uint64_t m44 = (1ULL << 44) - 1;
  uint64_t c0 = c[0], c1 = c[1], c2 = c[2], t;
  c1 += c0 >> 44; c0 &= m44;
  c2 += c1 >> 44; c1 &= m44;
  c0 += (c2 >> 42) * 5; c2 &= (1ULL << 42) - 1;   /* 5 (c2 >> 42) < 2^20.4 */
  c1 += c0 >> 44; c0 &= m44;
  c2 += c1 >> 44; c1 &= m44;                       /* c2 <= 2^42 */
  t = c0 | c1 << 44;                               /* bits 0..63 */
  w[0] = (uint32_t) t;
  w[1] = (uint32_t) (t >> 32);
  t = c1 >> 20 | c2 << 24;                         /* bits 64..127 */
  w[2] = (uint32_t) t;
  w[3] = (uint32_t) (t >> 32);
  w[4] = (uint32_t) (c2 >> 40);
}

/* h of m[0..l) (l >= 1) under r from a core, as words w[0..3] and w[4] <= 4 */
INLINE void sse2_words(uint32_t w[5], const unsigned char r[16], const unsigned char *m, size_t l)
{
  uint64_t d[5];
  sse2_hash(d, r, m, l);
  sums26_words(w, d);
}

INLINE void avx2_words(uint32_t w[5], const unsigned char r[16], const unsigned char *m, size_t l)
{
  uint64_t d[5];
  avx2_hash(d, r, m, l);
  sums26_words(w, d);
}

INLINE void avx2_words_from(uint32_t w[5], const unsigned char r[16], const uint32_t from[5],
                            const unsigned char *m, size_t l)
{
  uint64_t d[5];
  avx2_hash_from(d, r, from, m, l);
  sums26_words(w, d);
}

/* the ifma paths' sums: x86/ifma256.c's (ymm) below ifma_zmm_from bytes, x86/ifma.c's (zmm)
   from there. On Intel the 512-bit instructions, after a spell without any (a few
   microseconds of other code), run while the core warms its 512-bit units, a cost that grows
   with the length to thousands of ticks; the ymm code pays far less (doc/results/amd64.md, the
   mixed load). In 32-bit mode the zmm code also keeps most of its numbers in memory.
   Measured on the Intel Xeon here (Sapphire-Rapids-class); not on AMD (no AMD CPU with
   AVX-512 IFMA at hand): the dispatcher sets ifma_zmm_from for this CPU's class with the
   path (x86/paths.h; each class's value: the implementation's thresholds file); until its
   first call, 0: the zmm code at every length. test/abi.c and test/timing.c run a length
   above the largest value (the thresholds files' IFMA_ZMM_FROM_*). */
#define ifma_zmm_from CRYPTO_NAMESPACE(ifma_zmm_from)
extern HIDDEN size_t ifma_zmm_from;
INLINE void ifma_words(uint32_t w[5], const unsigned char r[16], const unsigned char *m, size_t l)
{
  uint64_t c[3];
  if (l < __atomic_load_n(&ifma_zmm_from, __ATOMIC_RELAXED)) ifma256_hash(c, r, m, l);
  else ifma_hash(c, r, m, l);
  sums44_words(w, c);
}

#endif
