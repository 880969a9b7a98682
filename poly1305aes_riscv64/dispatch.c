/* SPDX-License-Identifier: CC0-1.0 */
/* poly1305aes_riscv64: run-time choice of the code path. Assumes RV64 Linux.

   What the CPU has comes from the kernel: the riscv_hwprobe system call
   (Linux 6.4 and later; key IMA_EXT_0: V, Zkne) where it exists, and
   AT_HWCAP's bit for the single-letter extension V (every kernel that lets
   a program use V sets it). Where neither says, an extension counts as
   absent for the library's own choice: a kernel without riscv_hwprobe
   (before 6.4, and qemu-user 7.2, which lacks the call) runs path vector
   (V reported) or generic, whatever the CPU has: nothing can trap,
   and nothing outside the program is consulted (no environment variable,
   no trial execution under a signal handler, which would race with the
   program's own). The selector times that choice. Tests and benchmarks
   may force a path whose extension the kernel left unsaid (path_use): the
   test programs then run it on the emulated CPU named by the target file
   (qemu-riscv64 ... zkne=true), and a CPU without it stops them with
   SIGILL, a failure, never a skip.

   The dispatcher itself is common/dispatch.h's. The path table, best
   first; a path runs its scalar code below vector_from bytes, its vector
   code from there:
     vector-zkne  AES with Zkne; radix 2^64 (mul, mulhu) for short messages,
                  from VECTOR_FROM bytes the RVV core first (radix 2^26, one
                  block a lane, vector-length agnostic: rvv.S, vector.c)
     zkne         AES with Zkne; radix 2^64 at every length
     vector       AES by vector permutes, vrgather.vv the byte shuffle
                  (vpaes.S, common/vpaes.h's method and tables); radix 2^64
                  or the RVV core as above
     generic      AES bitsliced on 64-bit words (common/aes_bs64.h); radix 2^64
   Every path is constant time.
   After each call the dispatcher zeroes the stack the path's code used
   (scalar_stack or vector_stack bytes below its stack pointer: STACK_BYTES,
   measured by the build for the compiler in use, with a margin,
   common/stack.h); the ABI
   harness (test/abi.c) fails a build that leaves a secret. onetimeauth runs
   the same code with the one-time key r || s (n NULL: common/path.h's fusedfn).
   path_core (the contract, common/core.h) is each path's own AES and
   Poly1305: radix 2^64 (riscv64.h), on the vector paths the RVV core for
   runs of whole blocks from VECTOR_FROM bytes, joined to the running h. */
#define _DEFAULT_SOURCE 1   /* syscall() */
#include <stddef.h>
#include <stdint.h>
#include <sys/auxv.h>
#include <unistd.h>
#include "riscv64.h"

#define HAS_V 1u
#define HAS_ZKNE 2u

#include "dispatch.h"   /* struct path; the needs: the bits above */


static const struct path paths[] = {
  PATH_VECTOR("vector-zkne", HAS_V | HAS_ZKNE, scalar_zkne, vector_zkne, VECTOR_FROM,
              STACK_BYTES(vector_zkne, scalar), STACK_BYTES(vector_zkne, vector), 0),
  PATH_SCALAR("zkne", HAS_ZKNE, scalar_zkne, STACK_BYTES(zkne, scalar), 1),
  PATH_VECTOR("vector", HAS_V, scalar_vperm, vector_vperm, VECTOR_FROM, STACK_BYTES(vector, scalar),
              STACK_BYTES(vector, vector), 2),
  PATH_SCALAR("generic", 0, scalar_bitsliced, STACK_BYTES(generic, scalar), 3),
};

/* what the kernel says the CPU has (have), and which extensions it spoke of (known) */
static void features(unsigned int *have, unsigned int *known)
{
  struct { int64_t key; uint64_t value; } pair = { 4, 0 };   /* RISCV_HWPROBE_KEY_IMA_EXT_0 */
  *have = *known = 0;
  if (syscall(258, &pair, 1, 0, NULL, 0) == 0 && pair.key == 4) {   /* __NR_riscv_hwprobe */
    *known = HAS_V | HAS_ZKNE;
    if (pair.value & (1u << 2)) *have |= HAS_V;       /* RISCV_HWPROBE_IMA_V */
    if (pair.value & (1u << 12)) *have |= HAS_ZKNE;   /* RISCV_HWPROBE_EXT_ZKNE */
  } else {
    *known = HAS_V;
    if (getauxval(AT_HWCAP) & (1ul << ('V' - 'A'))) *have |= HAS_V;
  }
}

/* the library's own choice: what the kernel says the CPU has */
static int runs_here(const struct path *p)
{
  unsigned int have, known;
  features(&have, &known);
  return (p->needs & have) == p->needs;
}

/* a test may force a path the kernel did not rule out (an extension it left unsaid) */
static int may_force(const struct path *p)
{
  unsigned int have, known;
  features(&have, &known);
  return (p->needs & known & ~have) == 0;
}

/* the wipe after a path's code: VLEN bytes a store on the paths that have V (rvv.S) */
#define WIPE_PATH(p, bytes) ((p)->needs & HAS_V ? wipe_below_vector(bytes) : wipe_below(bytes))
/* path_core: each path's own Poly1305 (riscv64.h), the RVV core's blocks on paths vector-zkne
   and vector (0, 2), beside its AES */
#define PATH_CORE_OF(aes, i) PATH_CORE_EITHER(struct p64, aes, i, 5u)
#define OWN_CORES OWN_CORE_PAIR(struct p64, p64_start, core_blocks_rvv, core_blocks_scalar, core_finish)
#include "dispatch.h"
