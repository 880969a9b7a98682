/* SPDX-License-Identifier: CC0-1.0 */
/* poly1305aes_s390x: run-time choice of the code path. Assumes s390x Linux:
   getauxval(AT_HWCAP) tells the CPU's features (HWCAP_S390_VXRS: the
   vector facility, z13; HWCAP_S390_VXRS_EXT: its first enhancements, z14),
   and STFLE with KM's query whether CPACF has KM-AES-128 (km.S; the bit
   KM_AES128 below). The dispatcher itself is common/dispatch.h's.

   The path table below, best first; the first whose needs the CPU meets is
   used:
     vxe-km  z14 and later with KM-AES-128: AES by CPACF's KM (km.S);
             radix 2^64 (MLGR, scalar.S), and from VECTOR_FROM bytes radix
             2^44 with VMSLG (vector.c)
     vx-km   z13 with KM-AES-128: KM; the scalar code and from VECTOR_FROM
             bytes radix 2^26 with the vector facility's multiply-adds (vx26.c)
     vxe     z14 and later: AES by vector permutes (vperm.c); as vxe-km
     vx      z13: the same AES; as vx-km
     km      no vector facility (z196, zEC12), KM-AES-128: KM and the scalar code
   The KM rows come first: KM-AES-128 is on every Z since the z9 that has
   the no-charge CPACF feature. qemu-s390x 7.2 (Debian 12's) reports the
   message-security assist, but its query no KM function beyond the query
   itself, and function 18 is a specification exception there: vxe runs
   (poly1305aes_s390x/kmcheck.py checks the KM code as far as it can and
   says so in the test log).
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
#include "dispatch.h"   /* struct path, fusedfn (the paths' one-shot code); the needs: AT_HWCAP bits */

#ifndef HWCAP_S390_VXRS
#define HWCAP_S390_VXRS 2048
#endif
#ifndef HWCAP_S390_VXRS_EXT
#define HWCAP_S390_VXRS_EXT 8192
#endif
#ifndef HWCAP_S390_STFLE
#define HWCAP_S390_STFLE 4
#endif
/* a needs bit AT_HWCAP leaves clear: KM-AES-128 (km.S's detection) */
#define KM_AES128 (1ul << 63)


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

/* the scalar code alone (path km) */
static void core_blocks_plain(struct state *st, const unsigned char *m, size_t count, u64 pad)
{
  scalar_blocks(st, m, count, pad);
}

static void core_blocks_vxe(struct state *st, const unsigned char *m, size_t count, u64 pad)
{
  p64r44_blocks(st, m, count, pad, vector_z14, scalar_blocks);
}

/* ---- one-shot authenticate: AES of the nonce, start, blocks, the padded tail, finish ----
   With n NULL (onetimeauth: common/path.h's fusedfn) kr is a one-time key r || s: no AES. */

typedef void aesfn(unsigned char out[16], const unsigned char k[16], const unsigned char in[16]);

/* s = AES_k(n) into buf, or the one-time key's s; returns r */
INLINE const unsigned char *key_s(unsigned char buf[16], const unsigned char **s, const unsigned char *kr,
                                  const unsigned char *n, aesfn *aes)
{
  if (!n) {
    *s = kr + 16;
    return kr;
  }
  aes(buf, kr, n);
  *s = buf;
  return kr + 16;
}

/* the scalar code for the whole message */
INLINE void auth_short(unsigned char out[16], const unsigned char *kr, const unsigned char *n,
                       const unsigned char *m, size_t l, aesfn *aes)
{
  struct p64 st;
  unsigned char buf[16];
  const unsigned char *s, *r = key_s(buf, &s, kr, n, aes);
  p64_start(&st, r);
  p64_hash(&st, m, l);
  p64_finish_z(out, st.h0, st.h1, st.h2, s);
}

static void auth_vx(unsigned char out[16], const unsigned char *kr, const unsigned char *n, const unsigned char *m,
                    size_t l)
{
  auth_short(out, kr, n, m, l, aes_vx);
}

static void auth_km(unsigned char out[16], const unsigned char *kr, const unsigned char *n, const unsigned char *m,
                    size_t l)
{
  auth_short(out, kr, n, m, l, aes_km);
}

/* the vector code for the whole blocks, then the tail */
INLINE void auth_long(unsigned char out[16], const unsigned char *kr, const unsigned char *n, const unsigned char *m,
                      size_t l, p64r44_vectorfn *vector, aesfn *aes)
{
  struct state st;
  unsigned char buf[16];
  const unsigned char *s, *r = key_s(buf, &s, kr, n, aes);
  size_t left;
  p64r44_start(&st, r);
  left = vector(&st, m, l / 16, 1);
  p64_hash(&st.p, m + l / 16 * 16 - 16 * left, 16 * left + (l & 15));
  p64_finish_z(out, st.p.h0, st.p.h1, st.p.h2, s);
}

/* the long-message code of each path: its vector code, its AES */
#define AUTH_LONG(name, vector, aes)                                                                  \
  static void auth_##name##_long(unsigned char out[16], const unsigned char *kr, const unsigned char *n, \
                                 const unsigned char *m, size_t l)                                     \
  {                                                                                                   \
    auth_long(out, kr, n, m, l, vector, aes);                                                         \
  }
AUTH_LONG(vxe, vector_z14, aes_vx)
AUTH_LONG(vx, vector_z13, aes_vx)
AUTH_LONG(vxe_km, vector_z14, aes_km)
AUTH_LONG(vx_km, vector_z13, aes_km)

/* ---- the path table ---- */

/* The KM paths' wipes are their software twins' measured sizes: no qemu here runs KM, so
   the build cannot measure them, and their code is the twins' with aes_km (km.S: no frame,
   no store to the stack) in place of aes_vx, whose frame and spills the twins' sizes cover
   (path km's code is auth_km, as vx's scalar code with aes_km) */
#define VXE (HWCAP_S390_VXRS | HWCAP_S390_VXRS_EXT)
#define VXE_SCALAR STACK_BYTES(vxe, scalar)
#define VXE_VECTOR STACK_BYTES(vxe, vector)
#define VX_SCALAR STACK_BYTES(vx, scalar)
#define VX_VECTOR STACK_BYTES(vx, vector)
static const struct path paths[] = {
  PATH_VECTOR("vxe-km", VXE | KM_AES128, auth_km, auth_vxe_km_long, VECTOR_FROM, VXE_SCALAR, VXE_VECTOR, 0),
  PATH_VECTOR("vx-km", HWCAP_S390_VXRS | KM_AES128, auth_km, auth_vx_km_long, VECTOR_FROM, VX_SCALAR, VX_VECTOR, 1),
  PATH_VECTOR("vxe", VXE, auth_vx, auth_vxe_long, VECTOR_FROM, VXE_SCALAR, VXE_VECTOR, 2),
  PATH_VECTOR("vx", HWCAP_S390_VXRS, auth_vx, auth_vx_long, VECTOR_FROM, VX_SCALAR, VX_VECTOR, 3),
  PATH_SCALAR("km", KM_AES128, auth_km, VX_SCALAR, 4),
};

/* the CPU's features as needs bits: AT_HWCAP's, and KM_AES128 from STFLE and KM's query
   (km.S). Asked by choose() on the first call, whose choice the dispatcher keeps, and by
   path_use (tests): so once in a process that forces no path. */
static unsigned long features(void)
{
  unsigned long hwcap = getauxval(AT_HWCAP) & ~KM_AES128;
  if ((hwcap & HWCAP_S390_STFLE) && km_aes128_reported()) hwcap |= KM_AES128;
  return hwcap;
}

static int runs_here(const struct path *p)
{
  return (p->needs & features()) == p->needs;
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
/* path_core: each path's own blocks on the contract, beside its AES (common/pathcore.h) */
/* in the table's order: vxe-km, vx-km, vxe, vx, km (vxe's core on 0 and 2, vx's on 1 and 3, the
   scalar code's on 4) */
#define CORE_OF(i, op) ((i) == 0 || (i) == 2 ? vxe_##op : (i) == 1 || (i) == 3 ? vx_##op : plain_##op)
#define PATH_CORE_OF(aes, i) \
  { sizeof(struct state), aes, CORE_OF(i, start), CORE_OF(i, blocks), CORE_OF(i, finish), 0 }
#define OWN_CORES                                                          \
  OWN_CORE(vxe, struct state, p64r44_start, core_blocks_vxe, core_finish)     \
  OWN_CORE(vx, struct state, p64r44_start, core_blocks_vx, core_finish)       \
  OWN_CORE(plain, struct state, p64r44_start, core_blocks_plain, core_finish)
#include "dispatch.h"
