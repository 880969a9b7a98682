/* SPDX-License-Identifier: CC0-1.0 */
/* poly1305aes_s390x: run-time choice of the code path. Assumes s390x Linux:
   getauxval(AT_HWCAP) tells the CPU's features (HWCAP_S390_VXRS: the
   vector facility, z13; HWCAP_S390_VXRS_EXT: its first enhancements, z14).

   The choice is cached write-once, process-wide: the first call reads the
   hardware capabilities, picks a path and stores a pointer to its constant
   descriptor with an atomic release store; every call loads it with an
   acquire load and calls through it. Threads racing on the first call
   compute and store the same pointer, so the race is benign. Nothing outside
   the program chooses the path: no environment variable is read. The tests
   and benchmarks force one through the path interface (common/impl.h.in),
   which the installed libraries do not export.

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
   stack the path used (the sizes below; the ABI harness, test/abi.c, fails
   a build that leaves a secret there). */
#include <stddef.h>
#include <sys/auxv.h>
#include "s390x.h"
#include "wipe.h"

#ifndef HWCAP_S390_VXRS
#define HWCAP_S390_VXRS 2048
#endif
#ifndef HWCAP_S390_VXRS_EXT
#define HWCAP_S390_VXRS_EXT 8192
#endif

/* the vector code from here on (bytes). speed/crossover.py (llvm-mca 14 on the instructions a
   call executes, path vxe built with the scalar code only and with the vector code from 128
   bytes), model cycles per call, scalar / vector:
     bytes       256        384        512        768
     z14       876/950   1100/1031  1324/1110  1772/1268
     z15       876/919   1100/983   1324/1047  1772/1175
   from 384 the worst loss on either is smallest (below 384 the scalar code runs). */
#ifndef VECTOR_FROM   /* speed/crossover.py builds variants with others */
#define VECTOR_FROM 384
#endif
#if VECTOR_FROM < 16 * R44_GROUP
#error "the vector code takes whole groups of R44_GROUP blocks"
#endif
#ifndef VECTOR_STACK
#define VECTOR_STACK 1024
#endif
#ifndef SCALAR_STACK   /* test/abi.c: the scalar code of both paths reaches 416 bytes below */
#define SCALAR_STACK 512
#endif

/* ---- the core contract (s390x.h), per path ---- */

INLINE void core_start(struct state *st, const unsigned char r[16])
{
  p64_start(&st->p, r);
  st->powers = 0;
}

INLINE void core_finish(struct state *st, const unsigned char s[16], unsigned char tag[16])
{
  p64_finish_z(tag, st->p.h0, st->p.h1, st->p.h2, s);
}

typedef size_t vectorfn(struct state *st, const unsigned char *m, size_t count, u64 pad);

/* the blocks, with the vector code from VECTOR_FROM bytes on */
INLINE void core_blocks(struct state *st, const unsigned char *m, size_t count, u64 pad, vectorfn *vector)
{
  if (count >= VECTOR_FROM / 16) {
    size_t left = vector(st, m, count, pad);
    m += 16 * (count - left);
    count = left;
  }
  p64_blocks(&st->p, m, count, pad);
}

static void core_blocks_vx(struct state *st, const unsigned char *m, size_t count, u64 pad)
{
  core_blocks(st, m, count, pad, vector_z13);
}

static void core_blocks_vxe(struct state *st, const unsigned char *m, size_t count, u64 pad)
{
  core_blocks(st, m, count, pad, vector_z14);
}

/* ---- one-shot authenticate: AES of the nonce, start, blocks, the padded tail, finish ---- */

static void auth_vx(unsigned char out[16], const unsigned char *kr, const unsigned char *n, const unsigned char *m,
                    size_t l)
{
  struct p64 st;
  unsigned char s[16];
  aes_vx(s, kr, n);
  p64_start(&st, kr + 16);
  p64_hash(&st, m, l);
  p64_finish_z(out, st.h0, st.h1, st.h2, s);
}

/* the vector code for the whole blocks, then the tail */
INLINE void auth_long(unsigned char out[16], const unsigned char *kr, const unsigned char *n, const unsigned char *m,
                      size_t l, vectorfn *vector)
{
  struct state st;
  unsigned char s[16];
  size_t left;
  aes_vx(s, kr, n);
  core_start(&st, kr + 16);
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

typedef void authfn(unsigned char out[16], const unsigned char *kr, const unsigned char *n, const unsigned char *m,
                    size_t l);
typedef void blocksfn(struct state *st, const unsigned char *m, size_t count, u64 pad);
typedef void aesfn(unsigned char out[16], const unsigned char k[16], const unsigned char in[16]);

struct path {
  const char *name;
  unsigned long needs;             /* AT_HWCAP bits */
  authfn *scalar, *longer;         /* longer (or NULL) from VECTOR_FROM bytes on: the vector code */
  blocksfn *blocks;                /* the core's blocks */
  aesfn *aes;                      /* the contract's aes128 */
};

static const struct path paths[] = {
  { "vxe", HWCAP_S390_VXRS | HWCAP_S390_VXRS_EXT, auth_vx, auth_vxe_long, core_blocks_vxe, aes_vx },
  { "vx", HWCAP_S390_VXRS, auth_vx, auth_vx_long, core_blocks_vx, aes_vx },
};

#define COUNT (sizeof paths / sizeof paths[0])

static int runs_here(const struct path *p)
{
  return (p->needs & getauxval(AT_HWCAP)) == p->needs;
}

static const struct path *choose(void)
{
  unsigned int i;
  for (i = 0; i < COUNT; ++i)
    if (runs_here(&paths[i])) return &paths[i];
  return &paths[COUNT - 1];
}

static const struct path *chosen;   /* write-once cache, see above (path_use rewrites it) */

static const struct path *current(void)
{
  const struct path *p = __atomic_load_n(&chosen, __ATOMIC_ACQUIRE);
  if (__builtin_expect(p == NULL, 0)) {
    p = choose();
    __atomic_store_n(&chosen, p, __ATOMIC_RELEASE);
  }
  return p;
}

/* zero the bytes [r15 - bytes, r15) below the stack pointer, where the frames
   of the function just called were (bytes a multiple of 256, at most 3840:
   XC's displacement). r15 moves down over them for the stores (a signal's
   frame goes below it), and back. */
#define WIPE_BELOW(bytes)                                                                     \
  __asm__ __volatile__("lgr %%r0, %%r15\n\t"                                                   \
                       "lay %%r1, %0(%%r15)\n\t"                                               \
                       "lgr %%r15, %%r1\n\t"                                                   \
                       ".irp o, " WIPE_OFFSETS_##bytes "\n\t"                                  \
                       "xc \\o(256, %%r1), \\o(%%r1)\n\t"                                      \
                       ".endr\n\t"                                                             \
                       "lgr %%r15, %%r0"                                                       \
                       : : "i"(-(bytes)) : "r0", "r1", "cc", "memory")
#define WIPE_OFFSETS_512 "0, 256"
#define WIPE_OFFSETS_1024 "0, 256, 512, 768"
#define WIPE(bytes) WIPE_BELOW(bytes)

void poly1305aes_authenticate(unsigned char out[16], const unsigned char kr[32], const unsigned char n[16],
                              const unsigned char m[], unsigned int l)
{
  const struct path *p = current();
  if (p->longer && l >= VECTOR_FROM) {
    p->longer(out, kr, n, m, l);
    WIPE(VECTOR_STACK);
  } else {
    p->scalar(out, kr, n, m, l);
    WIPE(SCALAR_STACK);
  }
}

/* Poly1305 with a one-time key r || s (RFC 8439; r clamped here), through the
   current path's core: start, blocks, the padded tail, finish. Namespaced,
   not in the installed libraries (the benchmarks' one-time figures). */
#define onetimeauth CRYPTO_NAMESPACE(onetimeauth)
void onetimeauth(unsigned char out[16], const unsigned char key[32], const unsigned char *m, size_t l);

__attribute__((noinline)) static void onetime_path(const struct path *p, unsigned char out[16],
                                                   const unsigned char key[32], const unsigned char *m, size_t l)
{
  struct state st;
  core_start(&st, key);
  p->blocks(&st, m, l / 16, 1);
  if (l & 15) {
    unsigned char last[16] = { 0 };
    memcpy(last, m + (l & ~(size_t) 15), l & 15);
    last[l & 15] = 1;
    p->blocks(&st, last, 1, 0);
    wipe(last, sizeof last);
  }
  core_finish(&st, key + 16, out);
}

void onetimeauth(unsigned char out[16], const unsigned char key[32], const unsigned char *m, size_t l)
{
  onetime_path(current(), out, key, m, l);
  if (l >= VECTOR_FROM) WIPE(VECTOR_STACK);
  else WIPE(SCALAR_STACK);
}

/* the path interface (common/impl.h.in): the table above, as data */
const char *poly1305aes_path_name(unsigned int i)
{
  return i < COUNT ? paths[i].name : NULL;
}

int poly1305aes_path_use(unsigned int i)
{
  if (i >= COUNT || !runs_here(&paths[i])) return 0;
  __atomic_store_n(&chosen, &paths[i], __ATOMIC_RELEASE);
  return 1;
}

const char *poly1305aes_path(void)
{
  return current()->name;
}
