/* SPDX-License-Identifier: CC0-1.0 */
/* poly1305aes_arm64: run-time choice of the code path. Assumes AArch64 Linux:
   getauxval(AT_HWCAP) tells the CPU's features (HWCAP_ASIMD, HWCAP_AES).
   The dispatcher itself is common/dispatch.h's.

   The path table below, best first; the first whose needs the CPU meets is
   used. A path runs its scalar code below vector_from bytes, its vector code
   from there:
     neon     AES-CE; radix 2^64 (MUL, UMULH); from VECTOR_FROM bytes NEON
              radix 2^26, four blocks a step, and from HYBRID_FROM (neon.c)
              the hybrid loop (hybrid.S) (needs AES and ASIMD)
     scalar   AES-CE; radix 2^64 at every length (needs AES)
     vperm    AES by vector permutes (common/vpaes.h: NEON TBL, no table
              in memory), for CPUs without the AES instructions (a Raspberry
              Pi 4's Cortex-A72); Poly1305 as on path neon (needs ASIMD, which
              the compiler's AArch64 code assumes anyway: the last resort)
   After each call the dispatcher zeroes the stack the path's code used (the
   path's scalar_stack or vector_stack bytes below its stack pointer): the
   NEON code keeps the powers of r and the hybrid loop's state in its frame,
   and the hybrid loop saves d8-d15, which may hold the NEON code's secrets,
   below it. The sizes, STACK_BYTES, are measured by the build for the
   compiler in use, with a margin (common/stack.h); the scalar code keeps
   everything in registers with gcc 12, but another compiler may spill, so
   it is wiped too. The ABI harness fails a build that leaves a secret.
   onetimeauth runs the same code with the one-time key r || s (n NULL:
   common/path.h's fusedfn). path_core (the contract, common/core.h) is each path's own
   AES and Poly1305: radix 2^64 (arm64.h), on paths neon and vperm the NEON
   code (and the hybrid loop) for runs of VECTOR_FROM bytes of whole blocks,
   the running h absorbed into its first block. Expanded keys (common/many.c):
   each path splits its AES (struct path_split, scalar.c): AES-CE on paths
   neon and scalar, vector permutes on path vperm, the 11 round keys stored
   in the key, and its scalar and NEON calls take them from there. Many
   messages a call (many.c): paths neon and scalar group four messages, their
   AES-CE run at once; path vperm loops over its single calls. */
#include <stddef.h>
#include <sys/auxv.h>
#include "arm64.h"

/* NEON from VECTOR_FROM bytes: the thresholds file says where it was measured */

#include "dispatch.h"   /* struct path; the needs: AT_HWCAP bits */

static const struct path paths[] = {
  PATH_ROW_MANY("neon", HWCAP_AES | HWCAP_ASIMD, scalar_ce, vector_neon, PATH_ALL(VECTOR_FROM),
                PATH_ALL(VECTOR_FROM), STACK_BYTES(neon, scalar), STACK_BYTES(neon, vector), 0, &split_neon,
                many_ce, STACK_BYTES(neon, many)),
  PATH_ROW_MANY("scalar", HWCAP_AES, scalar_ce, NULL, PATH_ALL(0), PATH_ALL(0), STACK_BYTES(scalar, scalar), 0, 1,
                &split_scalar, many_ce, STACK_BYTES(scalar, many)),
  PATH_ROW_SPLIT("vperm", HWCAP_ASIMD, scalar_vperm, vector_vperm, PATH_ALL(VECTOR_FROM), PATH_ALL(VECTOR_FROM),
                 STACK_BYTES(vperm, scalar), STACK_BYTES(vperm, vector), 2, &split_vperm),
};

static int runs_here(const struct path *p)
{
  return (p->needs & getauxval(AT_HWCAP)) == p->needs;
}

#define may_force runs_here
/* path_core: each path's own Poly1305 (arm64.h), the NEON code's blocks on paths neon and vperm
   (0, 2), beside its AES */
#define PATH_CORE_OF(aes, i) PATH_CORE_EITHER(struct p64, aes, i, 5u)
#define OWN_CORES OWN_CORE_PAIR(struct p64, p64_start, core_blocks_neon, core_blocks_scalar, core_finish)
#include "dispatch.h"
