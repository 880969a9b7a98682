/* SPDX-License-Identifier: CC0-1.0 */
/* poly1305aes_riscv64 internals. Assumes RV64GC Linux, little-endian, GCC or
   clang (unsigned __int128: mul and mulhu). The cores follow the internal
   contract (start, blocks, finish on a state of their own); AES-128 is one
   function, aes128(out, k, in), key expansion included.
   Scalar Poly1305 in radix 2^64: the bounds of common/poly64.h hold (h2 <= 4
   between blocks; one block's sums fit their words). */
#ifndef poly1305aes_riscv64_internal_H
#define poly1305aes_riscv64_internal_H

#include "namespace.h"

#define aes128_zkne CRYPTO_NAMESPACE(aes128_zkne)
#define aes128_bitsliced CRYPTO_NAMESPACE(aes128_bitsliced)
#define rvv_steps CRYPTO_NAMESPACE(rvv_steps)
#define rvv_wipe CRYPTO_NAMESPACE(rvv_wipe)
#define rvv_aes128 CRYPTO_NAMESPACE(rvv_aes128)
#define aes128_vperm CRYPTO_NAMESPACE(aes128_vperm)
#define scalar_vperm CRYPTO_NAMESPACE(scalar_vperm)
#define vector_vperm CRYPTO_NAMESPACE(vector_vperm)
#define vector_zkne CRYPTO_NAMESPACE(vector_zkne)
#define scalar_zkne CRYPTO_NAMESPACE(scalar_zkne)
#define scalar_bitsliced CRYPTO_NAMESPACE(scalar_bitsliced)
#define core_blocks_rvv CRYPTO_NAMESPACE(core_blocks_rvv)

#ifndef __ASSEMBLER__
#include "poly64.h"
#include "stack.h"   /* STACK_BYTES, the wipe sizes the build measured */

#define HIDDEN __attribute__((visibility("hidden")))

/* AES-128: out = AES_k(in), the key expanded on the way (one function, the contract's) */
typedef void aesfn(unsigned char out[16], const unsigned char k[16], const unsigned char in[16]);
HIDDEN aesfn aes128_zkne;    /* Zkne: aes64es, aes64esm, aes64ks1i, aes64ks2 (aes.h, scalar.c) */
HIDDEN aesfn aes128_bitsliced;   /* bitsliced on 64-bit words (common/aes_bs64.h, scalar.c) */
HIDDEN aesfn aes128_vperm;       /* vector permutes, vrgather.vv (vpaes.S, vector.c); needs V */
/* vpaes.S: out = AES_k(in) from common/vpaes.h's tables (vpaes_tables) */
HIDDEN void rvv_aes128(unsigned char out[16], const unsigned char k[16], const unsigned char in[16],
                       const unsigned char (*tables)[16]);

/* a whole call of a path for some lengths (common/path.h) */
#include "path.h"
HIDDEN fusedfn scalar_zkne, scalar_bitsliced;   /* radix 2^64 (scalar.c) */
HIDDEN fusedfn scalar_vperm;   /* radix 2^64, AES by vpaes.S (vector.c); needs V */
HIDDEN fusedfn vector_zkne, vector_vperm;   /* RVV radix 2^26, then radix 2^64 (vector.c); l >= 256 */
/* the RVV core from VECTOR_FROM bytes (the implementation's thresholds file, written by the
   build into this header), at least 16 L bytes for any lane count L <= 16 */
#include "thresholds.h"
#if VECTOR_FROM < 256
#error "the RVV core takes at least one step of 16 lanes"
#endif

/* the contract's blocks (common/core.h) on a struct p64 with the RVV core for runs of whole
   blocks from VECTOR_FROM bytes (vector.c; needs V) */
HIDDEN void core_blocks_rvv(struct p64 *st, const unsigned char *m, size_t nblocks, unsigned int pad);

/* ---- loads: RV64GC may trap on (or emulate slowly) a misaligned ld, so
   bytes at an address not a multiple of 8 are read as the aligned words that
   hold them, shifted together. Each aligned word read holds at least one byte
   of the range asked for, so no read crosses into a page the caller did not
   give; the branch depends only on the address. ---- */

/* the aligned word at p (p a multiple of 8) */
INLINE u64 word_at(const unsigned char *p)
{
  u64 x;
  __asm__("ld %0, %1" : "=r"(x) : "m"(*(const u64 *) (const void *) p));
  return x;
}

/* lo + 2^64 hi = the 16 bytes at p, little-endian */
INLINE void load128(const unsigned char *p, u64 *lo, u64 *hi)
{
  unsigned int off = (unsigned int) ((uintptr_t) p & 7);
  if (off == 0) {
    *lo = word_at(p);
    *hi = word_at(p + 8);
  } else {
    const unsigned char *a = p - off;
    unsigned int shift = 8 * off;
    u64 w0 = word_at(a), w1 = word_at(a + 8), w2 = word_at(a + 16);
    *lo = w0 >> shift | w1 << (64 - shift);
    *hi = w1 >> shift | w2 << (64 - shift);
  }
}

/* ---- the radix-2^64 core (the contract: start, blocks, finish) ---- */

INLINE void p64r_start(struct p64 *st, const unsigned char r[16])
{
  u64 r0, r1;
  load128(r, &r0, &r1);
  st->h0 = st->h1 = st->h2 = 0;
  st->r0 = r0 & 0x0ffffffc0fffffffULL;
  st->r1 = r1 & 0x0ffffffc0ffffffcULL;
  st->s1 = st->r1 + (st->r1 >> 2);
}

/* h = (h + c0 + 2^64 c1 + pad 2^128) r, h in h[0..2]: the bounds of common/poly64.h
   (h2 <= 4 between blocks; d0 < 2^125.2, d1 < 2^125.1, top < 2^63.2) */
INLINE void p64r_block(u64 h[3], u64 c0, u64 c1, u64 pad, u64 r0, u64 r1, u64 s1)
{
  u128 a, d0, d1;
  u64 top;
  a = (u128) h[0] + c0;
  h[0] = (u64) a;
  a = (u128) h[1] + c1 + (u64) (a >> 64);
  h[1] = (u64) a;
  h[2] += (u64) (a >> 64) + pad;
  d0 = (u128) h[0] * r0 + (u128) h[1] * s1;
  d1 = (u128) h[0] * r1 + (u128) h[1] * r0 + (u64) (d0 >> 64) + h[2] * s1;
  top = h[2] * r0 + (u64) (d1 >> 64);
  a = (u128) (u64) d0 + ((top >> 2) + (top & ~(u64) 3));   /* + 5 (top >> 2): 2^130 = 5 mod p */
  h[0] = (u64) a;
  a = (u128) (u64) d1 + (u64) (a >> 64);
  h[1] = (u64) a;
  h[2] = (top & 3) + (u64) (a >> 64);
}

/* h = (h + c + pad 2^128) r for each of nblocks 16-byte blocks c at m */
INLINE void p64r_blocks(struct p64 *st, const unsigned char *m, size_t nblocks, u64 pad)
{
  u64 h[3] = { st->h0, st->h1, st->h2 };
  const u64 r0 = st->r0, r1 = st->r1, s1 = st->s1;
  unsigned int off = (unsigned int) ((uintptr_t) m & 7);
  if (off == 0) {
    for (; nblocks; --nblocks, m += 16) p64r_block(h, word_at(m), word_at(m + 8), pad, r0, r1, s1);
  } else if (nblocks) {
    const unsigned char *a = m - off;
    unsigned int shift = 8 * off, back = 64 - shift;
    u64 w0 = word_at(a);
    for (; nblocks; --nblocks, a += 16) {
      u64 w1 = word_at(a + 8), w2 = word_at(a + 16);
      p64r_block(h, w0 >> shift | w1 << back, w1 >> shift | w2 << back, pad, r0, r1, s1);
      w0 = w2;
    }
  }
  st->h0 = h[0];
  st->h1 = h[1];
  st->h2 = h[2];
}

/* h for all of m[0..l): the whole blocks, then the padded tail (pad 0) */
INLINE void p64r_message(struct p64 *st, const unsigned char *m, size_t l)
{
  if (l >= 16) p64r_blocks(st, m, l / 16, 1);
  if (l & 15) {
    u64 h[3] = { st->h0, st->h1, st->h2 }, m0, m1;
    p64_tail(m, l, &m0, &m1);
    p64r_block(h, m0, m1, 0, st->r0, st->r1, st->s1);
    st->h0 = h[0];
    st->h1 = h[1];
    st->h2 = h[2];
  }
}

/* the key of a call: s0 + 2^64 s1 = s, the one-time key's (n NULL: kr = r || s) or from the
   caller's AES; returns r */
INLINE const unsigned char *onetime_s(const unsigned char *kr, const unsigned char *n, u64 *s0, u64 *s1)
{
  if (n) return kr + 16;
  *s0 = load64(kr + 16);   /* load64: within the key's bytes (load128's aligned words may not be) */
  *s1 = load64(kr + 24);
  return kr;
}

/* tag = (h mod p + s0 + 2^64 s1) mod 2^128; aligned stores where tag is 8-aligned */
INLINE void p64r_finish(const struct p64 *st, u64 s0, u64 s1, unsigned char tag[16])
{
  u64 t0, t1;
  p64_final(&t0, &t1, st->h0, st->h1, st->h2, s0, s1);
  if (((uintptr_t) tag & 7) == 0) {
    __asm__("sd %1, 0(%3)\n\tsd %2, 8(%3)" : "=m"(*(unsigned char (*)[16]) tag) : "r"(t0), "r"(t1), "r"(tag));
  } else {
    store64(tag, t0);
    store64(tag + 8, t1);
  }
}

/* ---- the contract (common/core.h) on a struct p64: common/poly64.h's p64_start (its loads
   stay within r's 16 bytes, which p64r_start's aligned words may not), these ---- */

/* h = (h + c + pad 2^128) r for each block c at m */
INLINE void core_blocks_scalar(struct p64 *st, const unsigned char *m, size_t nblocks, unsigned int pad)
{
  p64r_blocks(st, m, nblocks, pad);
}

INLINE void core_finish(struct p64 *st, const unsigned char s[16], unsigned char tag[16])
{
  p64r_finish(st, load64(s), load64(s + 8), tag);
}

/* ---- the RVV core (rvv.S; keys and the lanes' sum in vector.c) ---- */
struct rvv_keys;
HIDDEN void rvv_steps(const struct rvv_keys *keys, const unsigned char *m, size_t q, size_t lanes, u64 sums[5]);

/* zero the bytes [sp - bytes, sp) below the stack pointer, where the frames of
   the function just called were (bytes a multiple of 64: tools/stackbytes.py); the
   stack pointer moves down over them for the stores, and back; in the build's
   stack probe, only recorded: common/stack.h */
INLINE void wipe_below(size_t bytes)
{
  if (stack_probing(bytes)) return;
  __asm__ __volatile__("mv t0, sp\n\t"
                       "sub t1, t0, %0\n\t"
                       "mv sp, t1\n"
                       "1:\n\t"
                       "sd zero, 0(t1)\n\t"
                       "sd zero, 8(t1)\n\t"
                       "sd zero, 16(t1)\n\t"
                       "sd zero, 24(t1)\n\t"
                       "sd zero, 32(t1)\n\t"
                       "sd zero, 40(t1)\n\t"
                       "sd zero, 48(t1)\n\t"
                       "sd zero, 56(t1)\n\t"
                       "addi t1, t1, 64\n\t"
                       "bltu t1, t0, 1b\n\t"
                       "mv sp, t0"
                       : : "r"(bytes) : "t0", "t1", "memory");
}

/* the same with vector stores (rvv.S's rvv_wipe, its own function: the compiler is not told
   of V), for the paths that have V */
HIDDEN void rvv_wipe(size_t bytes);
INLINE void wipe_below_vector(size_t bytes)
{
  if (stack_probing(bytes)) return;
  rvv_wipe(bytes);
}

#endif /* __ASSEMBLER__ */
#endif
