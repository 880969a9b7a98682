/* SPDX-License-Identifier: CC0-1.0 */
/* poly1305aes_ppcct: 32-bit big-endian PowerPC Linux with an FPU, GCC or
   clang given -mabi=altivec (targets/ppc32: GCC refuses a function that
   takes AltiVec by its attribute otherwise). Constant time on every path:
   AES-128 without a table, then ppc/poly1305aes_ppc.S's floating-point
   Poly1305 (poly1305aes_aix's loop, built without its AES: its entry ppc_tag
   takes s = AES_k(n) from here). getauxval(AT_HWCAP) tells AltiVec; the
   dispatcher is common/dispatch.h's. The path table, best first:
     altivec    AES by vector permutes on vperm (common/vpaes.h), its 16
                tables loaded from fixed addresses (needs AltiVec: G4, G4e)
     bitsliced  AES bitsliced on 32-bit words (common/aes_bs32.h), any CPU
   After each call the dispatcher zeroes the stack the path used (s, the
   key's copies, the AES's spills): STACK_BYTES, measured by the build for
   the compiler in use (common/stack.h); the ABI harness (test/abi.c) fails a
   build that leaves a secret. path_core is each path's AES with the
   assembly's own start, blocks and finish (common/core.h). */
#include <stddef.h>
#include <stdint.h>
#include <sys/auxv.h>
#include "namespace.h"
#include "wipe.h"
#include "aes_bs32.h"
#include "vpaes.h"

#if !defined(VPAES_ALTIVEC_BE) || !defined(POLY1305AES_CORE_STATE_BYTES)
#error "poly1305aes_ppcct is for 32-bit big-endian PowerPC, built with its cflags"
#endif

/* ppc/poly1305aes_ppc.S: authenticate with s given, and the core (common/core.h) */
#define ppc_tag CRYPTO_NAMESPACE(ppc_tag)
void ppc_tag(unsigned char out[16], const unsigned char kr[32], const unsigned char s[16], const unsigned char *m,
             unsigned int l);
void CRYPTO_NAMESPACE(start)(void *st, const unsigned char r[16]);
void CRYPTO_NAMESPACE(blocks)(void *st, const unsigned char *m, size_t nblocks, unsigned int pad);
void CRYPTO_NAMESPACE(finish)(void *st, const unsigned char s[16], unsigned char tag[16]);
/* and onetimeauth's fused code: authenticate with the one-time key r || s, no AES */
void CRYPTO_NAMESPACE(onetime)(unsigned char out[16], const unsigned char key[32], const unsigned char *m,
                               unsigned int l);

#include "dispatch.h"   /* struct path, fusedfn (the paths' one-shot code); the needs: AT_HWCAP bits */

#define NEED_ALTIVEC 0x10000000ul   /* PPC_FEATURE_HAS_ALTIVEC */

/* out = AES-128_k(in), the only AltiVec code (GCC and clang keep it out of its callers) */
static __attribute__((noinline)) VPAES_TARGET void aes_altivec(unsigned char out[16], const unsigned char k[16],
                                                                 const unsigned char in[16])
{
  vp_store(out, vp_encrypt(k, in));
}

static __attribute__((noinline)) void aes_bitsliced(unsigned char out[16], const unsigned char k[16],
                                                    const unsigned char in[16])
{
  uint32_t kc[4], block[4], s[4];
  unsigned int i;
  aes_bs_columns(kc, k);
  aes_bs_columns(block, in);
  aes_bs32(s, kc, block);
  for (i = 0; i < 4; ++i) {
    out[4 * i] = (unsigned char) s[i], out[4 * i + 1] = (unsigned char) (s[i] >> 8);
    out[4 * i + 2] = (unsigned char) (s[i] >> 16), out[4 * i + 3] = (unsigned char) (s[i] >> 24);
  }
}

/* the paths: s = AES_k(n), then Poly1305 in doubles; with n NULL (onetimeauth: common/path.h's fusedfn)
   kr is a one-time key r || s, and the assembly's onetime entry runs alone. One body, each
   path with its AES. Never inlined: s stays in their frames, below the caller's stack
   pointer, where the wipe reaches (clang inlined them into path_aes, whose own frame the
   wipe does not cover: the ABI harness found s there) */
#define AUTH_PATH(name, aes)                                                                          \
  static __attribute__((noinline)) void name(unsigned char out[16], const unsigned char *kr,            \
                                             const unsigned char *n, const unsigned char *m, size_t l)  \
  {                                                                                                   \
    unsigned char s[16];                                                                              \
    if (!n) {                                                                                         \
      CRYPTO_NAMESPACE(onetime)(out, kr, m, (unsigned int) l);                                        \
      return;                                                                                         \
    }                                                                                                 \
    aes(s, kr, n);                                                                                    \
    ppc_tag(out, kr, s, m, (unsigned int) l);                                                         \
  }
AUTH_PATH(auth_altivec, aes_altivec)
AUTH_PATH(auth_bitsliced, aes_bitsliced)

static const struct path paths[] = {
  PATH_SCALAR("altivec", NEED_ALTIVEC, auth_altivec, STACK_BYTES(altivec, scalar), 0),
  PATH_SCALAR("bitsliced", 0, auth_bitsliced, STACK_BYTES(bitsliced, scalar), 1),
};

static int runs_here(const struct path *p)
{
  return (p->needs & getauxval(AT_HWCAP)) == p->needs;
}

/* zero the bytes [r1 - bytes, r1) below the stack pointer, where the frames
   of the function just called were (bytes a multiple of 64, as the build's
   sizes are), 64 a step. r1 moves down over them for the stores (a signal's
   frame goes below it), and back. In the build's stack probe, only recorded:
   common/stack.h. */
static inline __attribute__((always_inline)) void wipe_below(size_t bytes)
{
  if (stack_probing(bytes) || bytes == 0) return;
  __asm__ __volatile__("mr 9, 1\n\t"
                       "subf 10, %0, 9\n\t"
                       "mr 1, 10\n\t"
                       "li 11, 0\n"
                       "1:\n\t"
                       "stw 11, 0(10)\n\t"
                       "stw 11, 4(10)\n\t"
                       "stw 11, 8(10)\n\t"
                       "stw 11, 12(10)\n\t"
                       "stw 11, 16(10)\n\t"
                       "stw 11, 20(10)\n\t"
                       "stw 11, 24(10)\n\t"
                       "stw 11, 28(10)\n\t"
                       "stw 11, 32(10)\n\t"
                       "stw 11, 36(10)\n\t"
                       "stw 11, 40(10)\n\t"
                       "stw 11, 44(10)\n\t"
                       "stw 11, 48(10)\n\t"
                       "stw 11, 52(10)\n\t"
                       "stw 11, 56(10)\n\t"
                       "stw 11, 60(10)\n\t"
                       "addi 10, 10, 64\n\t"
                       "cmplw 10, 9\n\t"
                       "blt 1b\n\t"
                       "mr 1, 9"
                       : : "r"(bytes) : "r9", "r10", "r11", "cr0", "memory");
}

#define may_force runs_here
/* path_core: each path's AES (dispatch.h's path_aes) beside the assembly's own core,
   whose entry points set and restore the FPSCR and zero their frames themselves */
#define PATH_CORE_OF(aes, i) \
  { POLY1305AES_CORE_STATE_BYTES, aes, CRYPTO_NAMESPACE(start), CRYPTO_NAMESPACE(blocks), CRYPTO_NAMESPACE(finish), 0 }
#define OWN_CORES
#include "dispatch.h"
