/* SPDX-License-Identifier: CC0-1.0 */
/* AES-128 encryption of one block by vector permutes (M. Hamburg, CHES 2009),
   the key expansion interleaved with the rounds: the AES of the CPUs without
   AES instructions. Assumes x86 with SSSE3 (PSHUFB; 64- or 32-bit), AArch64
   with ASIMD (TBL), ARMv7-A with NEON (VTBL), little-endian POWER with VMX
   (vperm), 32-bit big-endian PowerPC with AltiVec (vperm; G4) or
   z/Architecture with the vector facility (VPERM, z13);
   instantiated inside each caller's function (always inline; on x86, ARMv7-A
   and s390x the caller's target must include "ssse3", "fpu=neon" or
   "arch=z13": VPAES_TARGET). Every S-box is computed, 16 bytes at once, from
   16-entry tables indexed by nibbles (a byte shuffle does each lookup); every
   memory address is a constant: no table indexed by a
   secret, no branch. Constant time.

   The field arithmetic, the bases and every constant: aes/vpaes.py, which
   derives the tables below, checks them over all 256 bytes and checks this
   sequence of operations against AES, each lookup as all four byte shuffles
   do it; `make test` compares the block with its output, and
   aes/vpaes_check.c runs this code against the reference AES on every
   target that uses it. The state and the round keys live in the "inner"
   basis (a byte's nibbles are its coordinates in GF(2^4)[t]), where the
   inversion is 6 lookups and 5 xors and each output a lookup pair; the AES
   basis comes back at the end. SubBytes' constant 0x63 joins each round key
   (S63), the key schedule's its rcon constant (RCON), the last round's the
   output transform (OUTLO). ShiftRows is folded into MixColumns' row
   rotations (SR, SR_ROT1, SR_ROT3). A round is 27 vector operations on the
   state and 22 on the key (NEON counts; SSSE3 adds register copies), the
   two chains independent until the round key is added. Its speed beside
   OpenSSL's vpaes: doc/results/aes.md. */
#ifndef poly1305aes_vpaes_H
#define poly1305aes_vpaes_H

/* vpaes tables: begin (aes/vpaes.py prints this block; a = 2, beta = 0x2c) */
enum {
  VP_INV, VP_INVA, VP_SB1U, VP_SB1T, VP_SB2U, VP_SB2T, VP_SBOU, VP_SBOT, VP_INLO, VP_INHI, VP_OUTLO, VP_OUTHI, VP_S63, VP_RCON1, VP_RCON2, VP_RCON3, VP_RCON4, VP_RCON5, VP_RCON6, VP_RCON7, VP_RCON8, VP_RCON9, VP_RCON10, VP_LOW4, VP_SR, VP_SR_ROT1, VP_SR_ROT3, VP_ROT1, VP_SUBWORD, VP_TABLES
};
static const unsigned char vpaes_tables[VP_TABLES][16] __attribute__((aligned(16))) = {
  { 0x90, 0x01, 0x09, 0x0e, 0x0d, 0x0b, 0x07, 0x06, 0x0f, 0x02, 0x0c, 0x05, 0x0a, 0x04, 0x03, 0x08 },   /* INV */
  { 0x90, 0x02, 0x01, 0x0f, 0x09, 0x05, 0x0e, 0x0c, 0x0d, 0x04, 0x0b, 0x0a, 0x07, 0x08, 0x06, 0x03 },   /* INVA */
  { 0x00, 0xc3, 0x4f, 0x0c, 0xfc, 0x7c, 0x43, 0x80, 0xcf, 0x33, 0x3f, 0x70, 0xbf, 0xb3, 0xf0, 0x8c },   /* SB1U */
  { 0x00, 0xe6, 0x72, 0xb7, 0xe5, 0xc6, 0xc5, 0x23, 0x51, 0xb4, 0x03, 0x71, 0x20, 0x97, 0x52, 0x94 },   /* SB1T */
  { 0x00, 0x7c, 0x20, 0xcf, 0x92, 0x01, 0xef, 0x93, 0xb3, 0x21, 0xee, 0xce, 0x7d, 0xb2, 0x5d, 0x5c },   /* SB2U */
  { 0x00, 0xd1, 0xe5, 0xf7, 0xe6, 0x25, 0x12, 0xc3, 0x26, 0xc0, 0x37, 0xd2, 0xf4, 0x03, 0x11, 0x34 },   /* SB2T */
  { 0x00, 0xcb, 0xd7, 0xb0, 0x21, 0x8d, 0x67, 0xac, 0x7b, 0x5a, 0xea, 0x3d, 0x46, 0xf6, 0x91, 0x1c },   /* SBOU */
  { 0x00, 0x9f, 0x61, 0x16, 0xc2, 0x2a, 0x77, 0xe8, 0x89, 0x4b, 0x5d, 0x3c, 0xb5, 0xa3, 0xd4, 0xfe },   /* SBOT */
  { 0x00, 0x01, 0x1c, 0x1d, 0x2d, 0x2c, 0x31, 0x30, 0x27, 0x26, 0x3b, 0x3a, 0x0a, 0x0b, 0x16, 0x17 },   /* INLO */
  { 0x00, 0x86, 0xfd, 0x7b, 0x8e, 0x08, 0x73, 0xf5, 0x77, 0xf1, 0x8a, 0x0c, 0xf9, 0x7f, 0x04, 0x82 },   /* INHI */
  { 0x63, 0x62, 0x3f, 0x3e, 0x83, 0x82, 0xdf, 0xde, 0x33, 0x32, 0x6f, 0x6e, 0xd3, 0xd2, 0x8f, 0x8e },   /* OUTLO */
  { 0x00, 0xb2, 0xb5, 0x07, 0x3a, 0x88, 0x8f, 0x3d, 0xac, 0x1e, 0x19, 0xab, 0x96, 0x24, 0x23, 0x91 },   /* OUTHI */
  { 0x6e, 0x6e, 0x6e, 0x6e, 0x6e, 0x6e, 0x6e, 0x6e, 0x6e, 0x6e, 0x6e, 0x6e, 0x6e, 0x6e, 0x6e, 0x6e },   /* S63 */
  { 0x6f, 0x6e, 0x6e, 0x6e, 0x6f, 0x6e, 0x6e, 0x6e, 0x6f, 0x6e, 0x6e, 0x6e, 0x6f, 0x6e, 0x6e, 0x6e },   /* RCON1 */
  { 0x72, 0x6e, 0x6e, 0x6e, 0x72, 0x6e, 0x6e, 0x6e, 0x72, 0x6e, 0x6e, 0x6e, 0x72, 0x6e, 0x6e, 0x6e },   /* RCON2 */
  { 0x43, 0x6e, 0x6e, 0x6e, 0x43, 0x6e, 0x6e, 0x6e, 0x43, 0x6e, 0x6e, 0x6e, 0x43, 0x6e, 0x6e, 0x6e },   /* RCON3 */
  { 0x49, 0x6e, 0x6e, 0x6e, 0x49, 0x6e, 0x6e, 0x6e, 0x49, 0x6e, 0x6e, 0x6e, 0x49, 0x6e, 0x6e, 0x6e },   /* RCON4 */
  { 0xe8, 0x6e, 0x6e, 0x6e, 0xe8, 0x6e, 0x6e, 0x6e, 0xe8, 0x6e, 0x6e, 0x6e, 0xe8, 0x6e, 0x6e, 0x6e },   /* RCON5 */
  { 0x93, 0x6e, 0x6e, 0x6e, 0x93, 0x6e, 0x6e, 0x6e, 0x93, 0x6e, 0x6e, 0x6e, 0x93, 0x6e, 0x6e, 0x6e },   /* RCON6 */
  { 0xe0, 0x6e, 0x6e, 0x6e, 0xe0, 0x6e, 0x6e, 0x6e, 0xe0, 0x6e, 0x6e, 0x6e, 0xe0, 0x6e, 0x6e, 0x6e },   /* RCON7 */
  { 0x19, 0x6e, 0x6e, 0x6e, 0x19, 0x6e, 0x6e, 0x6e, 0x19, 0x6e, 0x6e, 0x6e, 0x19, 0x6e, 0x6e, 0x6e },   /* RCON8 */
  { 0xd2, 0x6e, 0x6e, 0x6e, 0xd2, 0x6e, 0x6e, 0x6e, 0xd2, 0x6e, 0x6e, 0x6e, 0xd2, 0x6e, 0x6e, 0x6e },   /* RCON9 */
  { 0x24, 0x6e, 0x6e, 0x6e, 0x24, 0x6e, 0x6e, 0x6e, 0x24, 0x6e, 0x6e, 0x6e, 0x24, 0x6e, 0x6e, 0x6e },   /* RCON10 */
  { 0x0f, 0x0f, 0x0f, 0x0f, 0x0f, 0x0f, 0x0f, 0x0f, 0x0f, 0x0f, 0x0f, 0x0f, 0x0f, 0x0f, 0x0f, 0x0f },   /* LOW4 */
  { 0x00, 0x05, 0x0a, 0x0f, 0x04, 0x09, 0x0e, 0x03, 0x08, 0x0d, 0x02, 0x07, 0x0c, 0x01, 0x06, 0x0b },   /* SR */
  { 0x05, 0x0a, 0x0f, 0x00, 0x09, 0x0e, 0x03, 0x04, 0x0d, 0x02, 0x07, 0x08, 0x01, 0x06, 0x0b, 0x0c },   /* SR_ROT1 */
  { 0x0f, 0x00, 0x05, 0x0a, 0x03, 0x04, 0x09, 0x0e, 0x07, 0x08, 0x0d, 0x02, 0x0b, 0x0c, 0x01, 0x06 },   /* SR_ROT3 */
  { 0x01, 0x02, 0x03, 0x00, 0x05, 0x06, 0x07, 0x04, 0x09, 0x0a, 0x0b, 0x08, 0x0d, 0x0e, 0x0f, 0x0c },   /* ROT1 */
  { 0x0d, 0x0e, 0x0f, 0x0c, 0x0d, 0x0e, 0x0f, 0x0c, 0x0d, 0x0e, 0x0f, 0x0c, 0x0d, 0x0e, 0x0f, 0x0c },   /* SUBWORD */
};
/* vpaes tables: end */

/* VPAES_TABLES_ONLY: the tables for an assembly version that takes them (poly1305aes_riscv64,
   RVV's vrgather.vv); no C instance of the rounds */
#ifndef VPAES_TABLES_ONLY

/* the byte shuffle and its neighbours, per ISA. vp_lookup(table, index): a
   table lookup by a secret index whose bytes are nibbles or infinities (0x9X:
   the result byte is 0; PSHUFB zeroes for bit 7, TBL past 15, vperm and VPERM
   take bit 4 to their second operand, zero; VTBL past 15 too). vp_shuffle(x, mask): x's bytes
   rearranged by a constant mask (entries 0-15). VPT(name) loads a table for
   vp_lookup, VPM(name) a mask for vp_shuffle, VP(name) anything else. Byte i
   of a vector is the byte at address i as vp_load reads it. */
#if defined(__x86_64__) || defined(__i386__)
#include <immintrin.h>
typedef __m128i vp_t;
#define VPAES_TARGET __attribute__((target("ssse3")))
#define vp_load(p) _mm_loadu_si128((const __m128i *) (const void *) (p))
#define vp_store(p, x) _mm_storeu_si128((__m128i *) (void *) (p), x)
#define VP(name) _mm_load_si128((const __m128i *) (const void *) tables[VP_##name])
#define VP_BASE(tables)
#define vp_xor(a, b) _mm_xor_si128(a, b)
#define vp_lookup(table, index) _mm_shuffle_epi8(table, index)
#define vp_low(x) _mm_and_si128(x, VP(LOW4))
#define vp_high(x) _mm_and_si128(_mm_srli_epi16(x, 4), VP(LOW4))
#define vp_up(x, bytes) _mm_slli_si128(x, bytes)         /* byte i + bytes = byte i; 0 below */
#elif defined(__aarch64__)
#include <arm_neon.h>
typedef uint8x16_t vp_t;
#define VPAES_TARGET
#define vp_load(p) vld1q_u8(p)
#define vp_store(p, x) vst1q_u8(p, x)
#define VP(name) vld1q_u8(tables[VP_##name])
/* the tables' address in a register the compiler cannot see through: one LDR
   a table, not an ADRP and an LDR */
#define VP_BASE(tables) __asm__("" : "+r"(tables))
#define vp_xor(a, b) veorq_u8(a, b)
#define vp_lookup(table, index) vqtbl1q_u8(table, index)
#define vp_low(x) vandq_u8(x, VP(LOW4))
#define vp_high(x) vshrq_n_u8(x, 4)
#define vp_up(x, bytes) vextq_u8(vdupq_n_u8(0), x, 16 - (bytes))
#elif defined(__arm__) && (defined(__ARM_NEON) || !defined(__clang__))
/* AArch32 NEON (ARMv7-A): VTBL looks up 8 bytes in a list of D registers, so
   a 16-entry lookup is two VTBLs on the table's two halves (an index of 16
   or more gives 0, as bit 7 must). Without NEON in the compiler's flags, GCC
   takes the functions that use it (the attribute); clang cannot, and the
   callers test VPAES_NEON_A32 */
#include <arm_neon.h>
#define VPAES_NEON_A32 1
typedef uint8x16_t vp_t;
#define VPAES_TARGET __attribute__((target("fpu=neon")))
#define vp_load(p) vld1q_u8(p)
#define vp_store(p, x) vst1q_u8(p, x)
#define VP(name) vld1q_u8(tables[VP_##name])
#define VP_BASE(tables) __asm__("" : "+r"(tables))
#define vp_xor(a, b) veorq_u8(a, b)
#define vp_low(x) vandq_u8(x, VP(LOW4))
#define vp_high(x) vshrq_n_u8(x, 4)
#define vp_up(x, bytes) vextq_u8(vdupq_n_u8(0), x, 16 - (bytes))
/* in asm: the intrinsics' register-pair type costs GCC two moves a lookup */
static inline __attribute__((always_inline)) VPAES_TARGET vp_t vp_lookup(vp_t table, vp_t index)
{
  vp_t out;
  __asm__("vtbl.8 %e0, {%e1, %f1}, %e2\n\t"
          "vtbl.8 %f0, {%e1, %f1}, %f2"
          : "=&w"(out) : "w"(table), "w"(index));
  return out;
}
#elif defined(__powerpc64__) && defined(__LITTLE_ENDIAN__) && defined(__ALTIVEC__)
/* vperm numbers a register's bytes big-endian: byte i (address order) is its
   byte 15 - i. So a table is loaded reversed (vperm's byte j is then entry
   j), a mask's entries are xored with 15, and vp_up is vsldoi's shift */
#include <altivec.h>
#undef vector   /* altivec.h's keyword macros: an includer may name a field so */
#undef pixel
typedef __vector unsigned char vp_t;
#define VPAES_TARGET
#define vp_load(p) vec_xl(0, (const unsigned char *) (p))
#define vp_store(p, x) vec_xst(x, 0, (unsigned char *) (p))
#define VP(name) vec_xl(0, tables[VP_##name])
#define VPT(name) vp_reversed(tables[VP_##name])
#define VPM(name) vp_reindexed(tables[VP_##name])
/* the 16 bytes at p reversed, and xored with 15: the compiler folds them into
   constants (p is an entry of vpaes_tables) */
static inline __attribute__((always_inline)) vp_t vp_reversed(const unsigned char *p)
{
  return (vp_t) { p[15], p[14], p[13], p[12], p[11], p[10], p[9], p[8], p[7], p[6], p[5], p[4], p[3], p[2], p[1], p[0] };
}
static inline __attribute__((always_inline)) vp_t vp_reindexed(const unsigned char *p)
{
  return (vp_t) { p[0] ^ 15, p[1] ^ 15, p[2] ^ 15, p[3] ^ 15, p[4] ^ 15, p[5] ^ 15, p[6] ^ 15, p[7] ^ 15,
                  p[8] ^ 15, p[9] ^ 15, p[10] ^ 15, p[11] ^ 15, p[12] ^ 15, p[13] ^ 15, p[14] ^ 15, p[15] ^ 15 };
}
#define VP_BASE(tables)
#define vp_xor(a, b) vec_xor(a, b)
static inline __attribute__((always_inline)) vp_t vp_vperm(vp_t a, vp_t b, vp_t mask)
{
  vp_t r;
  __asm__("vperm %0,%1,%2,%3" : "=v"(r) : "v"(a), "v"(b), "v"(mask));
  return r;
}
#define vp_lookup(table, index) vp_vperm(table, vec_splats((unsigned char) 0), index)
#define vp_shuffle(x, mask) vp_vperm(x, x, mask)
#define vp_low(x) vec_and(x, vec_splats((unsigned char) 15))
#define vp_high(x) vec_sr(x, vec_splats((unsigned char) 4))
#define vp_up(x, bytes)                                                                         \
  __extension__({                                                                               \
    vp_t up_;                                                                                   \
    __asm__("vsldoi %0,%1,%2,%3" : "=v"(up_) : "v"(x), "v"(vec_splats((unsigned char) 0)), "n"(bytes)); \
    up_;                                                                                        \
  })
#elif (defined(__powerpc__) || defined(__ppc__)) && !defined(__powerpc64__) && !defined(__LITTLE_ENDIAN__)
/* 32-bit big-endian PowerPC with AltiVec (G4, G4e): vperm's byte i is the
   byte at address i, so tables and masks load as they are (as on s390x).
   No altivec.h, which wants AltiVec in the whole file: GCC vector types and
   inline assembly, AltiVec enabled per function (VPAES_TARGET; GCC also
   needs -mabi=altivec in the flags, or it refuses a function-level change).
   The CPU must have AltiVec: a caller checks AT_HWCAP first */
#define VPAES_ALTIVEC_BE 1
#define VPAES_GENERIC_BE 1   /* k and n copied, at any alignment: lvx ignores an address's low 4 bits */
typedef unsigned char vp_t __attribute__((vector_size(16)));
#define VPAES_TARGET __attribute__((target("altivec")))
#if defined(__clang__)
static inline __attribute__((always_inline)) VPAES_TARGET vp_t vp_vperm(vp_t a, vp_t b, vp_t mask)
{
  vp_t r;
  __asm__("vperm %0,%1,%2,%3" : "=v"(r) : "v"(a), "v"(b), "v"(mask));
  return r;
}
/* vsldoi: bytes 16 - bytes.. of zero then x */
#define vp_up(x, bytes)                                                                         \
  __extension__({                                                                               \
    vp_t up_;                                                                                   \
    __asm__("vsldoi %0,%1,%2,%3" : "=v"(up_) : "v"((vp_t) { 0 }), "v"(x), "n"(16 - (bytes)));  \
    up_;                                                                                        \
  })
#else
/* GCC's built-ins: its scheduler knows their unit and latency (an asm's it does not) */
typedef int vp_words __attribute__((vector_size(16)));
#define vp_vperm(a, b, mask) ((vp_t) __builtin_altivec_vperm_4si((vp_words) (a), (vp_words) (b), mask))
#define vp_up(x, bytes) ((vp_t) __builtin_altivec_vsldoi_4si((vp_words) { 0 }, (vp_words) (x), 16 - (bytes)))
#endif
#define vp_lookup(table, index) vp_vperm(table, (vp_t) { 0 }, index)
#define vp_shuffle(x, mask) vp_vperm(x, x, mask)
#elif defined(__s390x__)
/* big-endian: VPERM's byte i is the byte at address i; tables and masks load as they are */
#if defined(__clang__)
/* clang 14 at -O1 and above computes a wrong AES from this code (aes/vpaes_check.c fails
   FIPS-197 C.1; at -O0 it passes): the s390x code that uses it is for gcc only */
#error "poly1305aes refuses clang on s390x: clang 14 miscompiles common/vpaes.h there; build this implementation with gcc"
#endif
#define VPAES_GENERIC_BE 1
typedef unsigned char vp_t __attribute__((vector_size(16)));
#define VPAES_TARGET __attribute__((target("arch=z13")))
#define vp_lookup(table, index) __builtin_s390_vperm(table, (vp_t) { 0 }, index)
#define vp_shuffle(x, mask) __builtin_s390_vperm(x, x, mask)
/* VSLDB: bytes 16 - bytes.. of zero then x, an immediate shift */
#define vp_up(x, bytes) __builtin_s390_vsldb((vp_t) { 0 }, x, 16 - (bytes))
#else
#error "common/vpaes.h: no byte shuffle for this CPU"
#endif
#if defined(VPAES_GENERIC_BE)
/* GCC vector types on a big-endian CPU (s390x, 32-bit PowerPC): byte i is the
   byte at address i; loads and stores by memcpy, at any alignment */
static inline __attribute__((always_inline)) VPAES_TARGET vp_t vp_load16(const void *p)
{
  vp_t x;
  __builtin_memcpy(&x, p, 16);
  return x;
}
#define vp_load(p) vp_load16(p)
#define vp_store(p, x) __extension__({ vp_t st_ = (x); __builtin_memcpy(p, &st_, 16); })
#define VP(name) vp_load16(tables[VP_##name])
#define VP_BASE(tables)
#define vp_xor(a, b) ((a) ^ (b))
#define vp_low(x) ((x) & 15)
#define vp_high(x) ((x) >> 4)
#endif
#ifndef VPT   /* tables and masks load as they are */
#define VPT(name) VP(name)
#define VPM(name) VP(name)
#endif
#ifndef vp_shuffle
#define vp_shuffle(x, mask) vp_lookup(x, mask)
#endif

#define VPAES_INLINE static inline __attribute__((always_inline)) VPAES_TARGET

/* io and jo, the two nibbles whose output lookups give the S-box of x (inner basis) */
VPAES_INLINE void vp_invert(vp_t x, vp_t *io, vp_t *jo, const unsigned char (*tables)[16])
{
  vp_t i = vp_high(x), k = vp_low(x), j = vp_xor(i, k);
  vp_t a_k = vp_lookup(VPT(INVA), k);
  vp_t iak = vp_xor(vp_lookup(VPT(INV), i), a_k), jak = vp_xor(vp_lookup(VPT(INV), j), a_k);
  *io = vp_xor(vp_lookup(VPT(INV), iak), j);
  *jo = vp_xor(vp_lookup(VPT(INV), jak), i);
}

/* the bytes of x in another basis, by their low and high nibbles */
#define vp_transform(x, lo, hi) vp_xor(vp_lookup(VPT(lo), vp_low(x)), vp_lookup(VPT(hi), vp_high(x)))

/* the next round key from key (inner basis, without S63): the prefix xors of
   its columns, and SubWord(RotWord(column 3)) plus rcon in every column */
#ifdef VPAES_NEON_A32
/* ARMv7-A: SubWord needs 4 bytes, so its S-box runs on one D register (RotWord(column 3)
   twice; each lookup one VTBL on the 16-entry table, not two), rcon's table repeating every
   4 bytes; the prefix xors without a zero register: each D half's columns xored with the
   half shifted up 32 bits (c0, c0 + c1 | c2, c2 + c3), then column 1 (duplicated) into the
   high half, with x; x into the low half */
static inline __attribute__((always_inline)) VPAES_TARGET uint8x8_t vp_lookup8(vp_t table, uint8x8_t index)
{
  uint8x8_t out;
  __asm__("vtbl.8 %P0, {%e1, %f1}, %P2" : "=w"(out) : "w"(table), "w"(index));
  return out;
}
#define VP8(name) vld1_u8(tables[VP_##name])
#define VP_NEXT_KEY(key, rcon)                                                                  \
  do {                                                                                          \
    uint8x8_t w_ = vp_lookup8(key, VP8(SUBWORD));                                               \
    uint8x8_t i_ = vshr_n_u8(w_, 4), k_ = vand_u8(w_, VP8(LOW4)), j_ = veor_u8(i_, k_);         \
    uint8x8_t a_ = vp_lookup8(VP(INVA), k_);                                                    \
    uint8x8_t iak_ = veor_u8(vp_lookup8(VP(INV), i_), a_), jak_ = veor_u8(vp_lookup8(VP(INV), j_), a_); \
    uint8x8_t io_ = veor_u8(vp_lookup8(VP(INV), iak_), j_), jo_ = veor_u8(vp_lookup8(VP(INV), jak_), i_); \
    uint8x8_t sub_ = veor_u8(veor_u8(vp_lookup8(VP(SB1U), io_), vp_lookup8(VP(SB1T), jo_)), VP8(rcon)); \
    key = vp_xor(key, vreinterpretq_u8_u64(vshlq_n_u64(vreinterpretq_u64_u8(key), 32)));        \
    uint8x8_t lo_ = vget_low_u8(key);                                                           \
    uint8x8_t up_ = veor_u8(vreinterpret_u8_u32(vdup_lane_u32(vreinterpret_u32_u8(lo_), 1)), sub_); \
    key = vcombine_u8(veor_u8(lo_, sub_), veor_u8(vget_high_u8(key), up_));                     \
  } while (0)
#else
#define VP_NEXT_KEY(key, rcon)                                                                  \
  do {                                                                                          \
    vp_t io_, jo_, sub_;                                                                        \
    vp_invert(vp_shuffle(key, VPM(SUBWORD)), &io_, &jo_, tables);                               \
    sub_ = vp_xor(vp_lookup(VPT(SB1U), io_), vp_lookup(VPT(SB1T), jo_));                        \
    key = vp_xor(key, vp_up(key, 4));                                                           \
    key = vp_xor(key, vp_up(key, 8));                                                           \
    key = vp_xor(vp_xor(key, VP(rcon)), sub_);                                                  \
  } while (0)
#endif

/* one middle round: MixColumns(ShiftRows(SubBytes(x))) + key + S63, as
   t = 2 S' + S'_1 and t + t_1 + S'_3 (S' = ShiftRows(S), _r its columns rotated by r rows) */
VPAES_INLINE vp_t vp_round(vp_t x, vp_t key, const unsigned char (*tables)[16])
{
  vp_t io, jo, s, s2, t;
  vp_invert(x, &io, &jo, tables);
  s = vp_xor(vp_lookup(VPT(SB1U), io), vp_lookup(VPT(SB1T), jo));
  s2 = vp_xor(vp_lookup(VPT(SB2U), io), vp_lookup(VPT(SB2T), jo));
  t = vp_xor(vp_shuffle(s2, VPM(SR)), vp_shuffle(s, VPM(SR_ROT1)));
  return vp_xor(vp_xor(t, vp_shuffle(t, VPM(ROT1))), vp_xor(vp_shuffle(s, VPM(SR_ROT3)), vp_xor(key, VP(S63))));
}

#define VP_ROUND(rcon)                                                                          \
  do {                                                                                          \
    VP_NEXT_KEY(key, rcon);                                                                     \
    x = vp_round(x, key, tables);                                                               \
  } while (0)

/* AES-128_k(n), in the AES basis */
VPAES_INLINE vp_t vp_encrypt(const unsigned char k[16], const unsigned char n[16])
{
  const unsigned char (*tables)[16] = vpaes_tables;
  vp_t key, x, io, jo, s;
  VP_BASE(tables);
  key = vp_transform(vp_load(k), INLO, INHI);
  x = vp_xor(vp_transform(vp_load(n), INLO, INHI), key);
  VP_ROUND(RCON1);
  VP_ROUND(RCON2);
  VP_ROUND(RCON3);
  VP_ROUND(RCON4);
  VP_ROUND(RCON5);
  VP_ROUND(RCON6);
  VP_ROUND(RCON7);
  VP_ROUND(RCON8);
  VP_ROUND(RCON9);
  VP_NEXT_KEY(key, RCON10);
  vp_invert(x, &io, &jo, tables);
  s = vp_xor(vp_lookup(VPT(SBOU), io), vp_lookup(VPT(SBOT), jo));
  return vp_xor(vp_shuffle(s, VPM(SR)), vp_transform(key, OUTLO, OUTHI));
}

/* The split form, for expanded keys: vp_expand(sched, k) writes the 11 round
   keys of k (inner basis, as the rounds add them) to sched[0..176), at any
   alignment; vp_encrypt_expanded(sched, n) = AES-128(n) under them, the
   rounds of vp_encrypt with each key loaded instead of made. */
#define VP_KEEP(rcon, at)                                                                       \
  do {                                                                                          \
    VP_NEXT_KEY(key, rcon);                                                                     \
    vp_store(sched + 16 * (at), key);                                                           \
  } while (0)

VPAES_INLINE void vp_expand(unsigned char *sched, const unsigned char k[16])
{
  const unsigned char (*tables)[16] = vpaes_tables;
  vp_t key;
  VP_BASE(tables);
  key = vp_transform(vp_load(k), INLO, INHI);
  vp_store(sched, key);
  VP_KEEP(RCON1, 1);
  VP_KEEP(RCON2, 2);
  VP_KEEP(RCON3, 3);
  VP_KEEP(RCON4, 4);
  VP_KEEP(RCON5, 5);
  VP_KEEP(RCON6, 6);
  VP_KEEP(RCON7, 7);
  VP_KEEP(RCON8, 8);
  VP_KEEP(RCON9, 9);
  VP_KEEP(RCON10, 10);
}

VPAES_INLINE vp_t vp_encrypt_expanded(const unsigned char *sched, const unsigned char n[16])
{
  const unsigned char (*tables)[16] = vpaes_tables;
  vp_t x, io, jo, s;
  unsigned int i;
  VP_BASE(tables);
  x = vp_xor(vp_transform(vp_load(n), INLO, INHI), vp_load(sched));
  for (i = 1; i < 10; ++i) x = vp_round(x, vp_load(sched + 16 * i), tables);
  vp_invert(x, &io, &jo, tables);
  s = vp_xor(vp_lookup(VPT(SBOU), io), vp_lookup(VPT(SBOT), jo));
  return vp_xor(vp_shuffle(s, VPM(SR)), vp_transform(vp_load(sched + 160), OUTLO, OUTHI));
}

#endif /* VPAES_TABLES_ONLY */
#endif
