/* SPDX-License-Identifier: CC0-1.0 */
/* poly1305aes_s390x: run-time choice of the code path. Assumes s390x Linux:
   getauxval(AT_HWCAP) tells the CPU's features (HWCAP_S390_VXRS: the
   vector facility, z13; HWCAP_S390_VXRS_EXT: its first enhancements, z14).
   The dispatcher itself is common/dispatch.h's.

   The path table below, best first; the first whose needs the CPU meets is
   used:
     vxe  z14 and later: AES by vector permutes (vperm.c); radix 2^64 (MLGR,
          scalar.S), and from VECTOR_FROM bytes radix 2^44 with VMSLG (vector.c)
     vx   z13: the same AES and scalar code; from VECTOR_FROM bytes radix 2^26
          with the vector facility's multiply-adds (vx26.c)
   CPACF's KM-AES (on every Z since the z9 that has the no-charge CPACF
   feature) is not used: no qemu-s390x Debian ships (7.2, bookworm-backports
   10.0, trixie-backports 11.1) implements it, so it could not be tested.
   A message that takes the vector code goes to a separate function, whose
   frame holds the state (r, h, the powers of r), and the AES's output s
   lands in a buffer on the stack: after each call the dispatcher zeroes the
   stack the path used (STACK_BYTES, measured by the build for the compiler
   in use, common/stack.h; the ABI harness, test/abi.c, fails a build that
   leaves a secret there). path_core (the contract, common/core.h) is each
   path's own AES and blocks (the vector code from VECTOR_FROM bytes). */
#include <stddef.h>
#include <sys/auxv.h>
#include "s390x.h"
#include "wipe.h"
/* a path's one-shot code (the message's bytes l) */
typedef void hashfn(unsigned char out[16], const unsigned char *kr, const unsigned char *n, const unsigned char *m,
                    size_t l);
#include "dispatch.h"   /* struct path; the needs: AT_HWCAP bits */

#ifndef HWCAP_S390_VXRS
#define HWCAP_S390_VXRS 2048
#endif
#ifndef HWCAP_S390_VXRS_EXT
#define HWCAP_S390_VXRS_EXT 8192
#endif


/* ---- the core contract (s390x.h), per path ---- */

INLINE void core_finish(struct state *st, const unsigned char s[16], unsigned char tag[16])
{
  p64_finish_z(tag, st->p.h0, st->p.h1, st->p.h2, s);
}

/* the scalar code on the core state */
INLINE void scalar_blocks(struct state *st, const unsigned char *m, size_t count, u64 pad)
{
  p64_blocks(&st->p, m, count, pad);
}

static void core_blocks_vx(struct state *st, const unsigned char *m, size_t count, u64 pad)
{
  p64r44_blocks(st, m, count, pad, vector_z13, scalar_blocks);
}

static void core_blocks_vxe(struct state *st, const unsigned char *m, size_t count, u64 pad)
{
  p64r44_blocks(st, m, count, pad, vector_z14, scalar_blocks);
}

/* ---- one-shot authenticate: AES of the nonce, start, blocks, the padded tail, finish ----
   With n NULL (onetimeauth, PATH_ONETIME) kr is a one-time key r || s: no AES. */

/* s = AES_k(n) into buf, or the one-time key's s; returns r */
INLINE const unsigned char *key_s(unsigned char buf[16], const unsigned char **s, const unsigned char *kr,
                                  const unsigned char *n)
{
  if (!n) {
    *s = kr + 16;
    return kr;
  }
  aes_vx(buf, kr, n);
  *s = buf;
  return kr + 16;
}

static void auth_vx(unsigned char out[16], const unsigned char *kr, const unsigned char *n, const unsigned char *m,
                    size_t l)
{
  struct p64 st;
  unsigned char buf[16];
  const unsigned char *s, *r = key_s(buf, &s, kr, n);
  p64_start(&st, r);
  p64_hash(&st, m, l);
  p64_finish_z(out, st.h0, st.h1, st.h2, s);
}

/* the vector code for the whole blocks, then the tail */
INLINE void auth_long(unsigned char out[16], const unsigned char *kr, const unsigned char *n, const unsigned char *m,
                      size_t l, p64r44_vectorfn *vector)
{
  struct state st;
  unsigned char buf[16];
  const unsigned char *s, *r = key_s(buf, &s, kr, n);
  size_t left;
  p64r44_start(&st, r);
  left = vector(&st, m, l / 16, 1);
  p64_hash(&st.p, m + l / 16 * 16 - 16 * left, 16 * left + (l & 15));
  p64_finish_z(out, st.p.h0, st.p.h1, st.p.h2, s);
}

static void auth_vxe_long(unsigned char out[16], const unsigned char *kr, const unsigned char *n,
                          const unsigned char *m, size_t l)
{
  auth_long(out, kr, n, m, l, vector_z14);
}

static void auth_vx_long(unsigned char out[16], const unsigned char *kr, const unsigned char *n,
                         const unsigned char *m, size_t l)
{
  auth_long(out, kr, n, m, l, vector_z13);
}

/* ---- the path table ---- */

static const struct path paths[] = {
  { "vxe", HWCAP_S390_VXRS | HWCAP_S390_VXRS_EXT, auth_vx, auth_vxe_long, VECTOR_FROM, STACK_BYTES(vxe, scalar),
    STACK_BYTES(vxe, vector) },
  { "vx", HWCAP_S390_VXRS, auth_vx, auth_vx_long, VECTOR_FROM, STACK_BYTES(vx, scalar), STACK_BYTES(vx, vector) },
};

static int runs_here(const struct path *p)
{
  return (p->needs & getauxval(AT_HWCAP)) == p->needs;
}

/* zero the bytes [r15 - bytes, r15) below the stack pointer, where the frames
   of the function just called were (bytes rounded up to a multiple of 256).
   r15 moves down over them for the stores (a signal's frame goes below it),
   and back. In the build's stack probe, only recorded: common/stack.h. */
INLINE void wipe_below(size_t bytes)
{
  if (stack_probing(bytes)) return;
  bytes = (bytes + 255) & ~(size_t) 255;
  if (bytes == 0) return;
  __asm__ __volatile__("lgr %%r0, %%r15\n\t"
                       "lgr %%r1, %%r15\n\t"
                       "sgr %%r1, %0\n\t"
                       "lgr %%r15, %%r1\n"
                       "0:\n\t"
                       "xc 0(256, %%r1), 0(%%r1)\n\t"
                       "la %%r1, 256(%%r1)\n\t"
                       "clgr %%r1, %%r0\n\t"
                       "jl 0b\n\t"
                       "lgr %%r15, %%r0"
                       : : "d"(bytes) : "r0", "r1", "cc", "memory");
}

#define may_force runs_here
#define PATH_CALL(fn) fn(out, kr, n, m, l)
#define PATH_ONETIME 1   /* the paths' code takes n NULL: onetimeauth runs it (common/dispatch.h) */
/* path_core: each path's own blocks on the contract, beside its AES (common/pathcore.h) */
/* in the table's order: vxe, vx */
#define PATH_CORE_OF(aes, i) \
  { sizeof(struct state), aes, i == 0 ? vxe_start : vx_start, i == 0 ? vxe_blocks : vx_blocks, i == 0 ? vxe_finish : vx_finish, 0 }
#define OWN_CORES                                                      \
  OWN_CORE(vxe, struct state, p64r44_start, core_blocks_vxe, core_finish) \
  OWN_CORE(vx, struct state, p64r44_start, core_blocks_vx, core_finish)
#include "dispatch.h"
