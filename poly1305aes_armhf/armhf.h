/* SPDX-License-Identifier: CC0-1.0 */
/* poly1305aes_armhf internals. Assumes 32-bit ARM (ARMv7-A, little-endian),
   Linux (getauxval), GCC or clang. The cores follow the internal contract
   (start, blocks, finish on a state of their own); AES-128 is one function,
   aes128(out, k, in), key expansion included.

   Scalar Poly1305 in radix 2^32: h = h0 + 2^32 h1 + 2^64 h2 + 2^96 h3 +
   2^128 h4 with h4 <= 4 between blocks. Clamping gives r0..r3 < 2^28 and
   4 | r1, r2, r3, so 2^128 r_i = 2^130 (r_i / 4) = 5 r_i / 4 = s_i mod p
   exactly (s_i < 2^28.33). For one block (a = h + c, a4 <= 6): each column
   d_k is at most four products a_i r_j < 2^60.33 plus a4 s_k < 2^31 plus the
   carry from the column below (< 2^31), so d_k < 2^62.4; the top d4 = a4 r0
   + (d3 >> 32) < 2^31.4, and 5 (d4 >> 2) < 2^32.1 is added in 64 bits: the
   new h4 is (d4 & 3) plus one carry, <= 4. */
#ifndef poly1305aes_armhf_internal_H
#define poly1305aes_armhf_internal_H

#include "namespace.h"

#define aes128_ce CRYPTO_NAMESPACE(aes128_ce)
#define hash_ce CRYPTO_NAMESPACE(hash_ce)
#define hash_vperm CRYPTO_NAMESPACE(hash_vperm)
#define hash_bitsliced CRYPTO_NAMESPACE(hash_bitsliced)
#define split_generic CRYPTO_NAMESPACE(split_generic)
#define p32_auth CRYPTO_NAMESPACE(p32_auth)
#define neon_blocks CRYPTO_NAMESPACE(neon_blocks)
#define neon_steps CRYPTO_NAMESPACE(neon_steps)
#define neon_keys CRYPTO_NAMESPACE(neon_keys)
#define hash_neon_ce CRYPTO_NAMESPACE(hash_neon_ce)
#define hash_neon_vperm CRYPTO_NAMESPACE(hash_neon_vperm)
#define p32_blocks CRYPTO_NAMESPACE(p32_blocks)
#define neon_join CRYPTO_NAMESPACE(neon_join)
#define core_blocks_neon CRYPTO_NAMESPACE(core_blocks_neon)
#define vpaes_neon CRYPTO_NAMESPACE(vpaes_neon)

#ifndef __ASSEMBLER__
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include "stack.h"   /* STACK_BYTES, the wipe sizes the build measured */

#define INLINE static inline __attribute__((always_inline))
#define HIDDEN __attribute__((visibility("hidden")))

typedef uint32_t u32;
typedef uint64_t u64;

/* AES-128: out = AES_k(in), the key expanded on the way (the contract's one function) */
HIDDEN void aes128_ce(unsigned char out[16], const unsigned char k[16], const unsigned char in[16]);   /* aes_ce.S */
/* AES-128: out = AES_k(in) by vector permutes on NEON (vpaes.S), tables: common/vpaes.h's
   vpaes_tables; needs NEON */
HIDDEN void vpaes_neon(unsigned char out[16], const unsigned char k[16], const unsigned char in[16],
                       const unsigned char (*tables)[16]);

/* a whole call of a path for some lengths (common/path.h) */
#include "path.h"
/* AES by the instructions (ce), by vector permutes on NEON (vperm) or bitsliced */
HIDDEN fusedfn hash_vperm, hash_bitsliced;   /* radix 2^32 (scalar.c) */
HIDDEN extern const struct path_split split_generic;   /* the generic path's split AES (scalar.c) */
HIDDEN fusedfn hash_ce;   /* radix 2^32, AES by the instructions, in assembly (aes_ce.S) */
HIDDEN fusedfn hash_neon_ce, hash_neon_vperm;   /* radix 2^26 NEON, then radix 2^32 (scalar.c); l >= 64 */

INLINE u32 load32(const unsigned char *p)
{
  u32 x;
  memcpy(&x, p, 4);
  return x;
}

INLINE void store32(unsigned char *p, u32 x)
{
  memcpy(p, &x, 4);
}

/* ---- the radix-2^32 core (blocks.S: the contract's start, blocks and finish as macros,
   fused into one frame per call) ---- */

/* the whole radix-2^32 Poly1305 of a call in one frame (blocks.S): from h (zero, or the
   NEON core's), every block of m[0..l) and the padded tail, then out = (h mod p + s)
   mod 2^128 (the contract's finish); r is clamped there; s is zeroed */
HIDDEN void p32_auth(unsigned char out[16], const unsigned char r[16], unsigned char s[16], const unsigned char *m,
                     size_t l, const u32 h[5]);

/* the contract's blocks in radix 2^32 (blocks.S): h = (h + c + pad 2^128) r for each of the
   nblocks >= 1 blocks c at m, h4 <= 4 on entry and on return; r clamped there */
HIDDEN void p32_blocks(u32 h[5], const unsigned char r[16], const unsigned char *m, size_t nblocks, unsigned int pad);

/* the NEON core (neon.c, steps.S; its keys by blocks.S): h = the sum of the 4 q blocks at
   m (q >= 1, pad 1) under r (clamped there) for h = 0 on entry; h4 <= 4 on return */
HIDDEN void neon_blocks(u32 h[5], const unsigned char r[16], const unsigned char *m, size_t q);
HIDDEN void neon_keys(uint32_t keys[40], const unsigned char r[16]);
HIDDEN void neon_steps(uint32_t keys[40], const unsigned char *m, size_t q, uint32_t x[10]);

/* NEON from VECTOR_FROM bytes (the implementation's thresholds file, written by the build
   into this header) */
#include "thresholds.h"
#if VECTOR_FROM < 64
#error "the NEON core takes whole groups of four blocks"
#endif

/* ---- the contract (common/core.h): the state, start, blocks, finish ---- */

/* h in radix 2^32 (h4 <= 4), and r as given (the assembly clamps it at each use) */
struct core32 {
  u32 h[5];
  unsigned char r[16];
};

INLINE void core_start(struct core32 *st, const unsigned char r[16])
{
  memset(st->h, 0, sizeof st->h);
  memcpy(st->r, r, 16);
}

INLINE void core_blocks32(struct core32 *st, const unsigned char *m, size_t nblocks, unsigned int pad)
{
  if (nblocks) p32_blocks(st->h, st->r, m, nblocks, pad);
}

/* tag = (h mod p + s) mod 2^128: p32_auth's end on an empty message (it zeroes its copy of s) */
INLINE void core_finish(struct core32 *st, const unsigned char s[16], unsigned char tag[16])
{
  unsigned char copy[16];
  memcpy(copy, s, 16);
  p32_auth(tag, st->r, copy, NULL, 0, st->h);
}

/* h = h r^(4 q) + the Poly1305 sum of the 4 q blocks at m (pad 1) under r (clamped there), q >= 1
   (neon.c: the NEON core, joined to h) */
HIDDEN void neon_join(u32 h[5], const unsigned char r[16], const unsigned char *m, size_t q);
/* blocks with the NEON core for runs from VECTOR_FROM bytes of whole blocks (neon.c) */
HIDDEN void core_blocks_neon(struct core32 *st, const unsigned char *m, size_t nblocks, unsigned int pad);

/* zero the bytes [sp - bytes, sp) below the stack pointer, where the frames of the
   function just called were (bytes a multiple of 64: tools/stackbytes.py); sp moves down
   over them for the stores, and back; in the build's stack probe, only recorded:
   common/stack.h. 64 bytes a store: VSTM of d0-d7 (VFP, which the hard-float ABI
   guarantees; caller-saved registers), zeroed first. */
INLINE void wipe_below(size_t bytes)
{
  if (stack_probing(bytes)) return;
  __asm__ __volatile__("mov r2, sp\n\t"
                       "sub r3, r2, %0\n\t"
                       "mov sp, r3\n\t"
                       "mov r1, #0\n\t"
                       "vmov d0, r1, r1\n\t"
                       "vmov d1, r1, r1\n\t"
                       "vmov d2, r1, r1\n\t"
                       "vmov d3, r1, r1\n\t"
                       "vmov d4, r1, r1\n\t"
                       "vmov d5, r1, r1\n\t"
                       "vmov d6, r1, r1\n\t"
                       "vmov d7, r1, r1\n"
                       "1:\n\t"
                       "vstmia r3!, {d0-d7}\n\t"
                       "cmp r3, r2\n\t"
                       "blo 1b\n\t"
                       "mov sp, r2"
                       : : "r"(bytes) : "r1", "r2", "r3", "d0", "d1", "d2", "d3", "d4", "d5", "d6", "d7",
                         "cc", "memory");
}

#endif /* __ASSEMBLER__ */
#endif
