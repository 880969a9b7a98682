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
   the stack that function used (STACK_BYTES, measured by the build for the
   compiler in use, common/stack.h; the ABI harness, test/abi.c, fails a
   build that leaves a secret there). The short messages keep every secret
   in registers. path_core (the contract, common/core.h) is each path's own
   AES and blocks (the vector code from VECTOR_FROM bytes). */
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


#undef vector   /* altivec.h's keyword macro: common/dispatch.h's struct path has a field of that name */
#include "dispatch.h"   /* struct path, fusedfn (the paths' one-shot code); the needs: AT_HWCAP2 bits */

#define P9 __attribute__((target("cpu=power9")))

/* ---- the core contract (ppc64le.h), per path ---- */

INLINE void core_finish(struct state *st, const unsigned char s[16], unsigned char tag[16])
{
  p64_finish(tag, st->p.h0, st->p.h1, st->p.h2, load64(s), load64(s + 8));
}

static void core_blocks_p9(struct state *st, const unsigned char *m, size_t count, u64 pad)
{
  p64r44_blocks(st, m, count, pad, vector_p9, blocks_p9);
}

static void core_blocks_p10(struct state *st, const unsigned char *m, size_t count, u64 pad)
{
  p64r44_blocks(st, m, count, pad, vector_p10, blocks_p9);
}

/* ---- one-shot authenticate: AES of the nonce, start, blocks, the padded tail, finish ----
   With n NULL (onetimeauth: common/path.h's fusedfn) kr is a one-time key r || s: no AES. */

/* s = AES_k(n) with vcipher, or the one-time key's s; returns r */
INLINE const unsigned char *key_p8(u64 s[2], const unsigned char *kr, const unsigned char *n)
{
  if (!n) {
    s[0] = load64(kr + 16);
    s[1] = load64(kr + 24);
    return kr;
  }
  aesp8_encrypt(s, kr, n);
  return kr + 16;
}

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
  p64_start(&st, key_p8(s, kr, n));
  hash_scalar(&st, m, l, 1);
  p64_finish(out, st.h0, st.h1, st.h2, s[0], s[1]);
}

/* the vector code for the whole blocks, then the tail (its frame holds the state: wiped after) */
INLINE void auth_long(unsigned char out[16], const unsigned char *kr, const unsigned char *n, const unsigned char *m,
                      size_t l, p64r44_vectorfn *vec_blocks)
{
  struct state st;
  u64 s[2];
  size_t left;
  p64r44_start(&st, key_p8(s, kr, n));
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
  p64_start(&st, key_p8(s, kr, n));
  hash_scalar(&st, m, l, 0);
  p64_finish(out, st.h0, st.h1, st.h2, s[0], s[1]);
}

static void auth_vperm(unsigned char out[16], const unsigned char *kr, const unsigned char *n,
                       const unsigned char *m, size_t l)
{
  struct p64 st;
  unsigned char buf[16];
  const unsigned char *s = kr + 16, *r = kr;
  if (n) {
    aes_vperm(buf, kr, n);
    s = buf;
    r = kr + 16;
  }
  p64_start(&st, r);
  hash_scalar(&st, m, l, 0);
  p64_finish(out, st.h0, st.h1, st.h2, load64(s), load64(s + 8));
  wipe(buf, sizeof buf);
}

/* ---- the path table ---- */

static void core_blocks_p8(struct state *st, const unsigned char *m, size_t count, u64 pad)
{
  blocks_p8(st, m, count, pad);
}

static const struct path paths[] = {
  PATH_VECTOR("p10", PPC_FEATURE2_VEC_CRYPTO | PPC_FEATURE2_ARCH_3_1, auth_p9, auth_p10_long, VECTOR_FROM, 0,
              STACK_BYTES(p10, vector), 0),
  PATH_VECTOR("p9", PPC_FEATURE2_VEC_CRYPTO | PPC_FEATURE2_ARCH_3_00, auth_p9, auth_p9_long, VECTOR_FROM, 0,
              STACK_BYTES(p9, vector), 1),
  PATH_SCALAR("p8", PPC_FEATURE2_VEC_CRYPTO, auth_p8, 0, 2),
  PATH_SCALAR("vperm", 0, auth_vperm, 0, 3),
};

static int runs_here(const struct path *p)
{
  return (p->needs & getauxval(AT_HWCAP2)) == p->needs;
}

/* zero the bytes [r1 - bytes, r1) below the stack pointer, where the frames of
   the function just called were (bytes a multiple of 64). r1 moves down over
   them for the stores (a signal's frame goes below it), and back. In the
   build's stack probe, only recorded: common/stack.h. */
INLINE void wipe_below(size_t bytes)
{
  if (stack_probing(bytes)) return;
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
/* path_core: each path's own blocks on the contract, beside its AES (common/pathcore.h) */
/* in the table's order: p10, p9, p8, vperm */
#define PATH_CORE_OF(aes, i)                                                                              \
  { sizeof(struct state), aes, i == 0 ? p10_start : i == 1 ? p9_start : p8_start,                         \
    i == 0 ? p10_blocks : i == 1 ? p9_blocks : p8_blocks, i == 0 ? p10_finish : i == 1 ? p9_finish : p8_finish, 0 }
#define OWN_CORES                                                      \
  OWN_CORE(p10, struct state, p64r44_start, core_blocks_p10, core_finish) \
  OWN_CORE(p9, struct state, p64r44_start, core_blocks_p9, core_finish)   \
  OWN_CORE(p8, struct state, p64r44_start, core_blocks_p8, core_finish)
#include "dispatch.h"
