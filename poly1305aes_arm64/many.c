/* SPDX-License-Identifier: CC0-1.0 */
/* Assumes AArch64 with AES-CE (HWCAP_AES); correct while h2 <= 4 between blocks (common/poly64.h): h < 2p at the end. */
/* poly1305aes_arm64: many messages a call (common/path.h's manyfn) on paths neon and scalar,
   any length (the dispatcher hands over only those below the path's vector threshold).

   A group is the next LANES messages (the last two or three of a call: a group whose spare
   lanes repeat its last message's key and nonce, their results unused). Its AES-128 runs on
   the four keys and nonces at once, transposed (aes4 below): one key schedule step and one
   round a step for all four. Then each message's radix-2^64 hash (arm64.h's multiplication),
   in order: r and the bytes of message i are read after the tag of message i - 1 is written;
   a message of whole blocks in one piece of assembly (tag_blocks), any other through the C
   pieces (tag_any). The group reads every key and nonce before out[i] is written, so where an
   out[i] overlaps a later key or nonce of its group (addresses are public) its messages run
   one at a time through scalar_ce, as single calls: the contract's order of i holds. No branch
   or index depends on a secret: only on lengths, addresses and the count. The stack this code
   uses (the AES results, 64 bytes a group) the dispatcher wipes (its many_stack). */
#include "arm64.h"

#define LANES 4

/* ---- the AES of four keys and nonces ---- */

/* The four states and the four keys transposed: register j of a group holds word (column) j of
   each lane's state or round key, lane k its message's. AddRoundKey, SubBytes and MixColumns
   work on each column alone, so AESE (AddRoundKey, ShiftRows, SubBytes) and AESMC (MixColumns)
   do them on the transposed form too; ShiftRows moves bytes between columns, so a TBL over the
   four registers after each AESE undoes AESE's own ShiftRows inside the register and moves each
   byte to its column's register instead (FIX). The key schedule runs on the transposed words:
   one TBL and one AESE make SubWord(RotWord(w3)) of all four keys (SUBROT), four EORs the next
   round key of all four. Loads and stores of lane k (LD4, ST4) transpose a lane's 16 bytes.

   CONSTS, in the order of the registers they load into: FIX[c] (c < 4): byte 4 k + r of column c
   after ShiftRows is byte 4 ((k - r) % 4) + r of the AESE output of column (c + r) % 4 (16 bytes
   a register); SUBROT, the order for AESE (ShiftRows, then SubBytes, round key 0) to give
   SubWord(RotWord(x)) in each 32-bit lane of x: byte 4 ((c + r) % 4) + r of the AESE input
   (ShiftRows takes it to column c, row r) is byte 4 c + (r + 1) % 4 of x (RotWord); zero; a
   block for the scratch register; the ten round constants, one a 32-bit lane */
#define RCON4(x) { x, 0, 0, 0, x, 0, 0, 0, x, 0, 0, 0, x, 0, 0, 0 }
static const unsigned char consts[17][16] = {
  { 0, 29, 42, 55, 4, 17, 46, 59, 8, 21, 34, 63, 12, 25, 38, 51 },
  { 16, 45, 58, 7, 20, 33, 62, 11, 24, 37, 50, 15, 28, 41, 54, 3 },
  { 32, 61, 10, 23, 36, 49, 14, 27, 40, 53, 2, 31, 44, 57, 6, 19 },
  { 48, 13, 26, 39, 52, 1, 30, 43, 56, 5, 18, 47, 60, 9, 22, 35 },
  { 1, 14, 11, 4, 5, 2, 15, 8, 9, 6, 3, 12, 13, 10, 7, 0 },
  { 0 },
  { 0 },
  RCON4(0x01), RCON4(0x02), RCON4(0x04), RCON4(0x08), RCON4(0x10),
  RCON4(0x20), RCON4(0x40), RCON4(0x80), RCON4(0x1b), RCON4(0x36),
};

/* The registers: v4-v7 the keys' words w0..w3, v16-v19 and v0-v3 the states (each round from
   one set into the other: TBL's table is four consecutive registers), v20-v23 FIX, v24 SUBROT,
   v25 zero, v26 scratch, the round constants in v27-v31 and v8-v12. AES4_NEXT(rc):
   the next round key, w0 ^= SubWord(RotWord(w3)) ^ rc, w1 ^= w0, w2 ^= w1, w3 ^= w2; AES4_AB(rc),
   AES4_BA(rc): a round, AESE of the states in one set under the round key, FIX into the other,
   AESMC there, beside the next round key */
#define AES4_NEXT(rc)                                                                            \
  "tbl v26.16b, {v7.16b}, v24.16b\n\t"                                                           \
  "aese v26.16b, v25.16b\n\t"                                                                    \
  "eor v26.16b, v26.16b, " rc ".16b\n\t"                                                         \
  "eor v4.16b, v4.16b, v26.16b\n\t"                                                              \
  "eor v5.16b, v5.16b, v4.16b\n\t"                                                               \
  "eor v6.16b, v6.16b, v5.16b\n\t"                                                               \
  "eor v7.16b, v7.16b, v6.16b\n\t"
#define AES4_AESE(a0, a1, a2, a3)                                                                \
  "aese " a0 ".16b, v4.16b\n\t"                                                                  \
  "aese " a1 ".16b, v5.16b\n\t"                                                                  \
  "aese " a2 ".16b, v6.16b\n\t"                                                                  \
  "aese " a3 ".16b, v7.16b\n\t"
#define AES4_FIX(a0, a3, b0, b1, b2, b3)                                                         \
  "tbl " b0 ".16b, {" a0 ".16b-" a3 ".16b}, v20.16b\n\t"                                         \
  "tbl " b1 ".16b, {" a0 ".16b-" a3 ".16b}, v21.16b\n\t"                                         \
  "tbl " b2 ".16b, {" a0 ".16b-" a3 ".16b}, v22.16b\n\t"                                         \
  "tbl " b3 ".16b, {" a0 ".16b-" a3 ".16b}, v23.16b\n\t"
#define AES4_MC(b0, b1, b2, b3)                                                                  \
  "aesmc " b0 ".16b, " b0 ".16b\n\t"                                                             \
  "aesmc " b1 ".16b, " b1 ".16b\n\t"                                                             \
  "aesmc " b2 ".16b, " b2 ".16b\n\t"                                                             \
  "aesmc " b3 ".16b, " b3 ".16b\n\t"
#define AES4_AB(rc)                                                                              \
  AES4_AESE("v16", "v17", "v18", "v19") AES4_NEXT(rc) AES4_FIX("v16", "v19", "v0", "v1", "v2", "v3") \
  AES4_MC("v0", "v1", "v2", "v3")
#define AES4_BA(rc)                                                                              \
  AES4_AESE("v0", "v1", "v2", "v3") AES4_NEXT(rc) AES4_FIX("v0", "v3", "v16", "v17", "v18", "v19") \
  AES4_MC("v16", "v17", "v18", "v19")
#define AES4_LANE(k)                                                                             \
  "ld4 {v4.s-v7.s}[" #k "], [%[k" #k "]]\n\t"                                                    \
  "ld4 {v16.s-v19.s}[" #k "], [%[n" #k "]]\n\t"

/* s[16 j..16 j + 16) = AES_k[j](n[j]) for j < 4 (k[j] the first 16 bytes of message j's kr);
   returns s + 48 */
INLINE unsigned char *aes4(unsigned char s[64], const unsigned char *const k[4], const unsigned char *const n[4])
{
  unsigned char *at = s;
  const unsigned char *c = consts[0];
  __asm__("ld1 {v20.16b-v23.16b}, [%[c]], #64\n\t"
          "ld1 {v24.16b-v27.16b}, [%[c]], #64\n\t"
          "ld1 {v28.16b-v31.16b}, [%[c]], #64\n\t"
          "ld1 {v8.16b-v11.16b}, [%[c]], #64\n\t"
          "ldr q12, [%[c]]\n\t"
          AES4_LANE(0)
          AES4_LANE(1)
          AES4_LANE(2)
          AES4_LANE(3)
          AES4_AB("v27")
          AES4_BA("v28")
          AES4_AB("v29")
          AES4_BA("v30")
          AES4_AB("v31")
          AES4_BA("v8")
          AES4_AB("v9")
          AES4_BA("v10")
          AES4_AB("v11")
          AES4_AESE("v0", "v1", "v2", "v3")   /* round 10: no MixColumns */
          AES4_NEXT("v12")
          AES4_FIX("v0", "v3", "v16", "v17", "v18", "v19")
          "eor v16.16b, v16.16b, v4.16b\n\t"
          "eor v17.16b, v17.16b, v5.16b\n\t"
          "eor v18.16b, v18.16b, v6.16b\n\t"
          "eor v19.16b, v19.16b, v7.16b\n\t"
          "st4 {v16.s-v19.s}[0], [%[at]], #16\n\t"
          "st4 {v16.s-v19.s}[1], [%[at]], #16\n\t"
          "st4 {v16.s-v19.s}[2], [%[at]], #16\n\t"
          "st4 {v16.s-v19.s}[3], [%[at]]"
          : "=m"(*(unsigned char (*)[64]) s), [at] "+&r"(at), [c] "+&r"(c)
          : [k0] "r"(k[0]), [k1] "r"(k[1]), [k2] "r"(k[2]), [k3] "r"(k[3]), [n0] "r"(n[0]), [n1] "r"(n[1]),
            [n2] "r"(n[2]), [n3] "r"(n[3])
          : "v0", "v1", "v2", "v3", "v4", "v5", "v6", "v7", "v8", "v9", "v10", "v11", "v12", "v16", "v17",
            "v18", "v19", "v20", "v21", "v22", "v23", "v24", "v25", "v26", "v27", "v28", "v29", "v30", "v31",
            "memory");
  return at;
}

/* ---- each message's hash ---- */

/* arm64.h's block multiplication (P64_MUL) with a = h + the block at m (m advanced by 16) + 2^128,
   the products a2 s1 and a2 r0 taken into the high words by MADD (the bounds of common/poly64.h:
   a2 <= 6, each sum fits its word); operands P64_GPR_OPERANDS, m, and one = 1 */
#define MANY_BLOCK                                                                                \
  "ldp %[t], %[u], [%[m]], #16\n\t"                                                               \
  "adds %[h0], %[h0], %[t]\n\t"                                                                   \
  "adcs %[h1], %[h1], %[u]\n\t"                                                                   \
  "adc %[h2], %[h2], %[one]\n\t"                                                                  \
  P64_PRODUCTS                                                                                    \
  "madd %[d0h], %[h2], %[s1], %[d0h]\n\t"                                                         \
  "madd %[d1h], %[h2], %[r0], %[d1h]\n\t"                                                         \
  P64_CARRY
/* the same for the first whole block (m advanced by 16), h = 0 before it: a = the block, a2 = 1
   (its products a2 s1 and a2 r0 are s1 and r0) */
#define MANY_FIRST                                                                                \
  "ldp %[h0], %[h1], [%[m]], #16\n\t"                                                             \
  P64_PRODUCTS                                                                                    \
  "add %[d0h], %[d0h], %[s1]\n\t"                                                                 \
  "add %[d1h], %[d1h], %[r0]\n\t"                                                                 \
  P64_CARRY

/* h = (m0 + 2^64 m1 + 2^128) r for the first whole block at m (m advanced by 16), h = 0 before it:
   a = the block, a2 = 1 (its products a2 s1 and a2 r0 are s1 and r0) */
INLINE void first_block(struct p64 *st, const unsigned char **m)
{
  u64 d0l, d0h, d1l, d1h, t, u;
  __asm__(MANY_FIRST
          : [h0] "=&r"(st->h0), [h1] "=&r"(st->h1), [h2] "=&r"(st->h2), [d0l] "=&r"(d0l), [d0h] "=&r"(d0h),
            [d1l] "=&r"(d1l), [d1h] "=&r"(d1h), [t] "=&r"(t), [u] "=&r"(u), [m] "+&r"(*m)
          : P64_GPR_KEY, "m"(*(const unsigned char (*)[16]) *m)
          : "cc");
}

/* the next count whole blocks at m, count >= 1 (m advanced past them): one alone where count is
   odd, then two a step */
INLINE void next_blocks(struct p64 *st, const unsigned char **m, size_t count, u64 one)
{
  const unsigned char *end = *m + 16 * count;
  u64 d0l, d0h, d1l, d1h, t, u;
  __asm__("tbz %[count], #0, 1f\n\t"
          MANY_BLOCK
          "cmp %[m], %[end]\n\t"
          "b.eq 2f\n"
          "1:\n\t"
          MANY_BLOCK
          MANY_BLOCK
          "cmp %[m], %[end]\n\t"
          "b.ne 1b\n"
          "2:"
          : P64_GPR_OPERANDS, [m] "+&r"(*m)
          : P64_GPR_KEY, [one] "r"(one), [end] "r"(end), [count] "r"(count)
          : "cc", "memory");
}

/* out = (h mod p + s) mod 2^128 for s = s0 + 2^64 s1, h2 <= 4: h < 5 2^128 < 2p, so h mod p is
   h or h - p, and h >= p exactly when g = h + 5 reaches 2^130 (h2 plus the carry of g1 at least
   4: ADCS of h2 and 2^64 - 4 carries), where h - p = g - 2^130, which is g mod 2^128; CSEL picks
   (no branch, no index) */
INLINE void finish(unsigned char out[16], const struct p64 *st, u64 s0, u64 s1)
{
  u64 g0, g1;
  __asm__("adds %[g0], %[h0], #5\n\t"
          "adcs %[g1], %[h1], xzr\n\t"
          "adcs xzr, %[h2], %[minus4]\n\t"
          "csel %[g0], %[g0], %[h0], cs\n\t"
          "csel %[g1], %[g1], %[h1], cs\n\t"
          "adds %[g0], %[g0], %[s0]\n\t"
          "adc %[g1], %[g1], %[s1]\n\t"
          : [g0] "=&r"(g0), [g1] "=&r"(g1)
          : [h0] "r"(st->h0), [h1] "r"(st->h1), [h2] "r"(st->h2), [s0] "r"(s0), [s1] "r"(s1),
            [minus4] "r"((u64) -4)
          : "cc");
  store64(out, g0);
  store64(out + 8, g1);
}

/* out = the tag of m[0..l) under r and s (AES_k(n)), any l; out written last */
static __attribute__((noinline)) void tag_any(unsigned char *out, const unsigned char *r, const unsigned char s[16],
                                              const unsigned char *m, size_t l)
{
  struct p64 st;
  const unsigned char *start = m;
  size_t blocks = l / 16;
  p64_start(&st, r);
  if (blocks) {
    first_block(&st, &m);
    if (blocks > 1) next_blocks(&st, &m, blocks - 1, 1);
  }
  if (l & 15) {
    u64 m0, m1;
    p64_tail(start, l, &m0, &m1);
    p64_last(&st, m0, m1);
  }
  finish(out, &st, load64(s), load64(s + 8));
}

/* out = the tag of m[0..l) under r = kr[16..32) and s = s0 + 2^64 s1, l a positive multiple
   of 16, in one piece: r clamped (common/clamp.c's masks as three ANDs of encodable
   immediates), first_block, next_blocks' steps, finish's selection (the same bounds); out
   written last */
INLINE void tag_blocks(unsigned char *out, const unsigned char *kr, const unsigned char *s, int at,
                       const unsigned char *m, size_t l, u64 one, u64 minus4)
{
  u64 h0, h1, h2, r0, r1, rs, d0l, d0h, d1l, d1h, t, u;
  const unsigned char *end = kr;   /* (kr's register, once r is read) */
  __asm__("ldp %[r0], %[r1], [%[end], #16]\n\t"
          "and %[r1], %[r1], #0x0ffffffc0ffffffc\n\t"
          "and %[r0], %[r0], #0x0fffffff0fffffff\n\t"
          "and %[r0], %[r0], #0xfffffffcffffffff\n\t"
          "add %[s1], %[r1], %[r1], lsr #2\n\t"
          "add %[end], %[m], %[l]\n\t"
          MANY_FIRST
          "tbnz %[l], #4, 1f\n\t"   /* an even count of blocks: one alone, then two a step */
          MANY_BLOCK
          "1:\n\t"
          "cmp %[m], %[end]\n\t"
          "b.eq 2f\n"
          "3:\n\t"
          MANY_BLOCK
          MANY_BLOCK
          "cmp %[m], %[end]\n\t"
          "b.ne 3b\n"
          "2:\n\t"
          "adds %[d0l], %[h0], #5\n\t"
          "adcs %[d0h], %[h1], xzr\n\t"
          "adcs xzr, %[h2], %[minus4]\n\t"
          "csel %[h0], %[d0l], %[h0], cs\n\t"
          "csel %[h1], %[d0h], %[h1], cs\n\t"
          "ldp %[t], %[u], [%[s], %[at]]\n\t"
          "adds %[h0], %[h0], %[t]\n\t"
          "adc %[h1], %[h1], %[u]\n\t"
          "stp %[h0], %[h1], [%[out]]"
          : [h0] "=&r"(h0), [h1] "=&r"(h1), [h2] "=&r"(h2), [r0] "=&r"(r0), [r1] "=&r"(r1), [s1] "=&r"(rs),
            [d0l] "=&r"(d0l), [d0h] "=&r"(d0h), [d1l] "=&r"(d1l), [d1h] "=&r"(d1h), [t] "=&r"(t), [u] "=&r"(u),
            [end] "+&r"(end), [m] "+&r"(m), "=m"(*(unsigned char (*)[16]) out)
          : [s] "r"(s), [at] "i"(at), [out] "r"(out), [l] "r"(l), [one] "r"(one),
            [minus4] "r"(minus4)
          : "cc", "memory");
}

/* out = the tag of m[0..l) under kr's r and s: tag_blocks where l is a positive multiple of 16,
   else tag_any */
INLINE void tag(unsigned char *out, const unsigned char *kr, const unsigned char *s, int at,
                const unsigned char *m, size_t l, u64 one, u64 minus4)
{
  if (__builtin_expect((l & 15) == 0 && l != 0, 1)) tag_blocks(out, kr, s, at, m, l, one, minus4);
  else tag_any(out, kr + 16, s + at, m, l);
}

/* ---- the groups ---- */

/* [a, a + 16) and [b, b + 16) share a byte (a, b addresses in one address space) */
INLINE int overlap16(const unsigned char *a, const unsigned char *b)
{
  return (uintptr_t) b - (uintptr_t) a + 15 < 31;
}

/* no out[i] of a whole group overlaps the key (its AES half) or nonce of a message j > i of it.
   First the common layout, the tags one array (out[1] = out[0] + 16, out[2] = out[0] + 32): then
   no key or nonce of messages 1..3 may meet [out[0], out[0] + 48), b - (out[0] - 15) >= 63 for
   each; else each of the 12 pairs by overlap16's test, b - (a - 15) >= 31. Each chain of CMPs
   by CCMP (a failed test clears C, and every later CCMP keeps it clear) */
INLINE int group_apart(unsigned char *const out[], const unsigned char *const kr[], const unsigned char *const n[])
{
  const unsigned char *o0 = out[0], *o1 = out[1], *o2 = out[2], *k1 = kr[1], *k2 = kr[2], *k3 = kr[3], *n1 = n[1],
                      *n2 = n[2], *n3 = n[3];
  u64 a0, a1, a2, d, e;
  int apart;
  __asm__ goto("sub x14, %[o1], %[o0]\n\t"
               "sub x15, %[o2], %[o1]\n\t"
               "cmp x14, #16\n\t"
               "ccmp x15, #16, #0, eq\n\t"
               "sub x14, %[o0], #15\n\t"
               "mov x15, #63\n\t"
               "sub x16, %[k1], x14\n\t"
               "sub x17, %[n1], x14\n\t"
               "ccmp x16, x15, #0, eq\n\t"
               "ccmp x17, x15, #0, hs\n\t"
               "sub x16, %[k2], x14\n\t"
               "sub x17, %[n2], x14\n\t"
               "ccmp x16, x15, #0, hs\n\t"
               "ccmp x17, x15, #0, hs\n\t"
               "sub x16, %[k3], x14\n\t"
               "sub x17, %[n3], x14\n\t"
               "ccmp x16, x15, #0, hs\n\t"
               "ccmp x17, x15, #0, hs\n\t"
               "b.hs %l[yes]"
               :
               : [o0] "r"(o0), [o1] "r"(o1), [o2] "r"(o2), [k1] "r"(k1), [k2] "r"(k2), [k3] "r"(k3), [n1] "r"(n1),
                 [n2] "r"(n2), [n3] "r"(n3)
               : "x14", "x15", "x16", "x17", "cc"
               : yes);
  __asm__("sub %[a0], %[o0], #15\n\t"
          "sub %[a1], %[o1], #15\n\t"
          "sub %[a2], %[o2], #15\n\t"
          "sub %[d], %[k1], %[a0]\n\t"
          "sub %[e], %[n1], %[a0]\n\t"
          "cmp %[d], #31\n\t"
          "ccmp %[e], #31, #0, hs\n\t"
          "sub %[d], %[k2], %[a0]\n\t"
          "sub %[e], %[n2], %[a0]\n\t"
          "ccmp %[d], #31, #0, hs\n\t"
          "ccmp %[e], #31, #0, hs\n\t"
          "sub %[d], %[k3], %[a0]\n\t"
          "sub %[e], %[n3], %[a0]\n\t"
          "ccmp %[d], #31, #0, hs\n\t"
          "ccmp %[e], #31, #0, hs\n\t"
          "sub %[d], %[k2], %[a1]\n\t"
          "sub %[e], %[n2], %[a1]\n\t"
          "ccmp %[d], #31, #0, hs\n\t"
          "ccmp %[e], #31, #0, hs\n\t"
          "sub %[d], %[k3], %[a1]\n\t"
          "sub %[e], %[n3], %[a1]\n\t"
          "ccmp %[d], #31, #0, hs\n\t"
          "ccmp %[e], #31, #0, hs\n\t"
          "sub %[d], %[k3], %[a2]\n\t"
          "sub %[e], %[n3], %[a2]\n\t"
          "ccmp %[d], #31, #0, hs\n\t"
          "ccmp %[e], #31, #0, hs\n\t"
          "cset %w[apart], hs"
          : [a0] "=&r"(a0), [a1] "=&r"(a1), [a2] "=&r"(a2), [d] "=&r"(d), [e] "=&r"(e), [apart] "=r"(apart)
          : [o0] "r"(o0), [o1] "r"(o1), [o2] "r"(o2), [k1] "r"(k1), [k2] "r"(k2), [k3] "r"(k3), [n1] "r"(n1),
            [n2] "r"(n2), [n3] "r"(n3)
          : "cc");
  return apart;
yes:
  return 1;
}

/* some out[i] of the group of g overlaps the key (its AES half) or nonce of a message j > i of it */
INLINE int group_aliases(unsigned char *const out[], const unsigned char *const kr[],
                         const unsigned char *const n[], size_t g)
{
  int any = 0;
  size_t i, j;
  for (i = 0; i + 1 < g; ++i)
    for (j = i + 1; j < g; ++j) any |= overlap16(out[i], kr[j]) | overlap16(out[i], n[j]);
  return any;
}

void many_ce(unsigned char *const out[], const unsigned char *const kr[], const unsigned char *const n[],
             const unsigned char *const m[], const size_t l[], size_t count)
{
  unsigned char s[16 * LANES];
  size_t j;
  u64 one = 1, minus4 = (u64) -4;
  __asm__("" : "+r"(one), "+r"(minus4));   /* kept in registers, not made again for each message */
  /* the arrays advance past each message done */
  while (count >= LANES) {
    unsigned char *last;
    if (!group_apart(out, kr, n)) {
      scalar_ce(out[0], kr[0], n[0], m[0], l[0]);
      ++out, ++kr, ++n, ++m, ++l, --count;
      continue;
    }
    last = aes4(s, kr, n);   /* s + 48 */
    tag(out[0], kr[0], last, -48, m[0], l[0], one, minus4);
    tag(out[1], kr[1], last, -32, m[1], l[1], one, minus4);
    tag(out[2], kr[2], last, -16, m[2], l[2], one, minus4);
    tag(out[3], kr[3], last, 0, m[3], l[3], one, minus4);
    out += LANES, kr += LANES, n += LANES, m += LANES, l += LANES, count -= LANES;
  }
  if (count > 1 && !group_aliases(out, kr, n, count)) {
    /* the last two or three: the spare lanes repeat the last message's key and nonce */
    const unsigned char *gk[LANES], *gn[LANES];
    for (j = 0; j < LANES; ++j) {
      gk[j] = kr[j < count ? j : count - 1];
      gn[j] = n[j < count ? j : count - 1];
    }
    aes4(s, gk, gn);
    for (j = 0; j < count; ++j) tag(out[j], kr[j], s + 16 * j, 0, m[j], l[j], one, minus4);
    return;
  }
  for (j = 0; j < count; ++j) scalar_ce(out[j], kr[j], n[j], m[j], l[j]);
}
