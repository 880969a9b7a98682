/* SPDX-License-Identifier: CC0-1.0 */
/* poly1305aes_ppc64le: run-time choice of the code path. Assumes
   little-endian POWER Linux: getauxval(AT_HWCAP2) tells the CPU's features
   (PPC_FEATURE2_VEC_CRYPTO, _ARCH_3_00, _ARCH_3_1). The dispatcher itself
   is common/dispatch.h's.

   The path table below, best first; the first whose needs the CPU meets is
   used:
     p10    POWER10 (ISA 3.1, vector crypto): p9's code, the vector code's
            128-bit shifts one vsrq each (vector_p10.c)
     p9     POWER9 (ISA 3.0, vector crypto): AES with vcipher (aesp8.h);
            radix 2^64 with maddld/maddhdu, and from VECTOR_FROM bytes
            radix 2^44 with vmsumudm (vector.c)
     p8     POWER8 (vector crypto): AES with vcipher; radix 2^64 (mulld, mulhdu)
     vperm  any ppc64le CPU (VMX: the ELFv2 baseline): AES with vperm
            (vperm.c: no table), radix 2^64 (mulld, mulhdu)
   Each path's one-shot authenticate inlines its AES and scalar blocks; a
   message that takes the vector code goes to a separate function, whose
   frame holds the state (r, h, the powers of r), and the dispatcher zeroes
   the stack that function used (VECTOR_STACK bytes below its stack pointer;
   the ABI harness, test/abi.c, fails a build that leaves a secret there).
   The short messages keep every secret in registers. */
#include <stddef.h>
#include <sys/auxv.h>
#include "ppc64le.h"
#include "aesp8.h"
#include "wipe.h"

#ifndef PPC_FEATURE2_VEC_CRYPTO
#define PPC_FEATURE2_VEC_CRYPTO 0x02000000
#endif
#ifndef PPC_FEATURE2_ARCH_3_00
#define PPC_FEATURE2_ARCH_3_00 0x00800000
#endif
#ifndef PPC_FEATURE2_ARCH_3_1
#define PPC_FEATURE2_ARCH_3_1 0x00040000
#endif

/* the vector code from here on (bytes). speed/crossover.py (llvm-mca 14 on the instructions a
   call executes, path p9 built with the scalar code only and with the vector code from 128
   bytes), model cycles per call, scalar / vector:
     bytes       256        384        512        768
     pwr9      678/808    878/888   1078/968  1478/1128
     pwr10     675/785    867/861   1059/937  1443/1089
   from 384 the worst loss on either is smallest (1.011: pwr9 at 384). */
#ifndef VECTOR_FROM   /* speed/crossover.py builds variants with others */
#define VECTOR_FROM 384
#endif
#if VECTOR_FROM < 16 * R44_GROUP
#error "the vector code takes whole groups of R44_GROUP blocks"
#endif
#ifndef VECTOR_STACK
#define VECTOR_STACK 1024
#endif

#undef vector   /* altivec.h's keyword macro: common/dispatch.h's struct path has a field of that name */
/* a path's one-shot code (the message's bytes l) */
typedef void hashfn(unsigned char out[16], const unsigned char *kr, const unsigned char *n, const unsigned char *m,
                    size_t l);
#include "dispatch.h"   /* struct path; the needs: AT_HWCAP2 bits */

#define P9 __attribute__((target("cpu=power9")))

/* ---- the core contract (ppc64le.h), per path ---- */

INLINE void core_start(struct state *st, const unsigned char r[16])
{
  p64_start(&st->p, r);
  st->powers = 0;
}

INLINE void core_finish(struct state *st, const unsigned char s[16], unsigned char tag[16])
{
  p64_finish(tag, st->p.h0, st->p.h1, st->p.h2, load64(s), load64(s + 8));
}

/* the blocks, with the vector code from VECTOR_FROM bytes on */
INLINE void core_blocks(struct state *st, const unsigned char *m, size_t count, u64 pad,
                        size_t (*vec_blocks)(struct state *, const unsigned char *, size_t, u64))
{
  if (count >= VECTOR_FROM / 16) {
    size_t left = vec_blocks(st, m, count, pad);
    m += 16 * (count - left);
    count = left;
  }
  blocks_p9(st, m, count, pad);
}

static void core_blocks_p9(struct state *st, const unsigned char *m, size_t count, u64 pad)
{
  core_blocks(st, m, count, pad, vector_p9);
}

static void core_blocks_p10(struct state *st, const unsigned char *m, size_t count, u64 pad)
{
  core_blocks(st, m, count, pad, vector_p10);
}

/* ---- one-shot authenticate: AES of the nonce, start, blocks, the padded tail, finish ---- */

/* every block and the tail, scalar; ISA3: with the ISA 3.0 multiply-adds */
INLINE void hash_scalar(struct p64 *st, const unsigned char *m, size_t l, int isa3)
{
  if (l >= 16) {
    if (isa3) P64_BLOCKS(P64_PRODUCTS_P9, m, l / 16, (u64) 1);
    else P64_BLOCKS(P64_PRODUCTS_P8, m, l / 16, (u64) 1);
  }
  if (l & 15) {
    u64 m0, m1;
    p64_tail(m, l, &m0, &m1);
    if (isa3) P64_LAST(P64_PRODUCTS_P9, m0, m1);
    else P64_LAST(P64_PRODUCTS_P8, m0, m1);
  }
}

P9 static void auth_p9(unsigned char out[16], const unsigned char *kr, const unsigned char *n,
                       const unsigned char *m, size_t l)
{
  struct p64 st;
  u64 s[2];
  aesp8_encrypt(s, kr, n);
  p64_start(&st, kr + 16);
  hash_scalar(&st, m, l, 1);
  p64_finish(out, st.h0, st.h1, st.h2, s[0], s[1]);
}

/* the vector code for the whole blocks, then the tail (its frame holds the state: wiped after) */
INLINE void auth_long(unsigned char out[16], const unsigned char *kr, const unsigned char *n, const unsigned char *m,
                      size_t l, size_t (*vec_blocks)(struct state *, const unsigned char *, size_t, u64))
{
  struct state st;
  u64 s[2];
  size_t left;
  aesp8_encrypt(s, kr, n);
  core_start(&st, kr + 16);
  left = vec_blocks(&st, m, l / 16, 1);
  hash_scalar(&st.p, m + l / 16 * 16 - 16 * left, 16 * left + (l & 15), 1);
  p64_finish(out, st.p.h0, st.p.h1, st.p.h2, s[0], s[1]);
}

__attribute__((noinline)) P9 static void auth_p9_long(unsigned char out[16], const unsigned char *kr,
                                                       const unsigned char *n, const unsigned char *m, size_t l)
{
  auth_long(out, kr, n, m, l, vector_p9);
}

__attribute__((noinline)) P9 static void auth_p10_long(unsigned char out[16], const unsigned char *kr,
                                                        const unsigned char *n, const unsigned char *m, size_t l)
{
  auth_long(out, kr, n, m, l, vector_p10);
}

static void auth_p8(unsigned char out[16], const unsigned char *kr, const unsigned char *n, const unsigned char *m,
                    size_t l)
{
  struct p64 st;
  u64 s[2];
  aesp8_encrypt(s, kr, n);
  p64_start(&st, kr + 16);
  hash_scalar(&st, m, l, 0);
  p64_finish(out, st.h0, st.h1, st.h2, s[0], s[1]);
}

static void auth_vperm(unsigned char out[16], const unsigned char *kr, const unsigned char *n,
                       const unsigned char *m, size_t l)
{
  struct p64 st;
  unsigned char s[16];
  aes_vperm(s, kr, n);
  p64_start(&st, kr + 16);
  hash_scalar(&st, m, l, 0);
  p64_finish(out, st.h0, st.h1, st.h2, load64(s), load64(s + 8));
  wipe(s, sizeof s);
}

/* ---- the path table ---- */

/* AES-128, one block (the contract's aes128) */
static void aes_p8(unsigned char out[16], const unsigned char k[16], const unsigned char in[16])
{
  u64 s[2];
  aesp8_encrypt(s, k, in);
  store64(out, s[0]);
  store64(out + 8, s[1]);
}

static void core_blocks_p8(struct state *st, const unsigned char *m, size_t count, u64 pad)
{
  blocks_p8(st, m, count, pad);
}

static const struct path paths[] = {
  { "p10", PPC_FEATURE2_VEC_CRYPTO | PPC_FEATURE2_ARCH_3_1, auth_p9, auth_p10_long, VECTOR_FROM, 0, VECTOR_STACK },
  { "p9", PPC_FEATURE2_VEC_CRYPTO | PPC_FEATURE2_ARCH_3_00, auth_p9, auth_p9_long, VECTOR_FROM, 0, VECTOR_STACK },
  { "p8", PPC_FEATURE2_VEC_CRYPTO, auth_p8, NULL, 0, 0, 0 },
  { "vperm", 0, auth_vperm, NULL, 0, 0, 0 },
};

/* each path's core (the contract's pieces), in the table's order */
typedef void blocksfn(struct state *st, const unsigned char *m, size_t count, u64 pad);
typedef void aesfn(unsigned char out[16], const unsigned char k[16], const unsigned char in[16]);
static const struct {
  blocksfn *blocks;
  aesfn *aes;
} cores[] = { { core_blocks_p10, aes_p8 }, { core_blocks_p9, aes_p8 }, { core_blocks_p8, aes_p8 },
              { core_blocks_p8, aes_vperm } };

static int runs_here(const struct path *p)
{
  return (p->needs & getauxval(AT_HWCAP2)) == p->needs;
}

/* zero the bytes [r1 - bytes, r1) below the stack pointer, where the frames of
   the function just called were (bytes a multiple of 64). r1 moves down over
   them for the stores (a signal's frame goes below it), and back. */
INLINE void wipe_below(size_t bytes)
{
  __asm__ __volatile__("mr 9, 1\n\t"
                       "subf 10, %0, 9\n\t"
                       "mr 1, 10\n\t"
                       "li 11, 16\n\t"
                       "li 12, 32\n\t"
                       "li 8, 48\n\t"
                       "xxlxor 0, 0, 0\n"
                       "1:\n\t"
                       "stxvd2x 0, 0, 10\n\t"
                       "stxvd2x 0, 10, 11\n\t"
                       "stxvd2x 0, 10, 12\n\t"
                       "stxvd2x 0, 10, 8\n\t"
                       "addi 10, 10, 64\n\t"
                       "cmpld 10, 9\n\t"
                       "blt 1b\n\t"
                       "mr 1, 9"
                       : : "r"(bytes) : "r8", "r9", "r10", "r11", "r12", "vs0", "cr0", "memory");
}

#define may_force runs_here
#define PATH_CALL(fn) fn(out, kr, n, m, l)
#include "dispatch.h"

/* Poly1305 with a one-time key r || s (RFC 8439; r clamped here), through the
   current path's core: start, blocks, the padded tail, finish. Namespaced,
   not in the installed libraries (the benchmarks' one-time figures). */
#define onetimeauth CRYPTO_NAMESPACE(onetimeauth)
void onetimeauth(unsigned char out[16], const unsigned char key[32], const unsigned char *m, size_t l);

__attribute__((noinline)) static void onetime_path(blocksfn *blocks, unsigned char out[16],
                                                   const unsigned char key[32], const unsigned char *m, size_t l)
{
  struct state st;
  core_start(&st, key);
  blocks(&st, m, l / 16, 1);
  if (l & 15) {
    unsigned char last[16] = { 0 };
    memcpy(last, m + (l & ~(size_t) 15), l & 15);
    last[l & 15] = 1;
    blocks(&st, last, 1, 0);
    wipe(last, sizeof last);
  }
  core_finish(&st, key + 16, out);
}

void onetimeauth(unsigned char out[16], const unsigned char key[32], const unsigned char *m, size_t l)
{
  onetime_path(cores[current() - paths].blocks, out, key, m, l);
  wipe_below(VECTOR_STACK);
}
