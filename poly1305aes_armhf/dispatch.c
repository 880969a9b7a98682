/* SPDX-License-Identifier: CC0-1.0 */
/* poly1305aes_armhf: run-time choice of the code path. Assumes 32-bit ARM
   Linux: getauxval(AT_HWCAP) and getauxval(AT_HWCAP2) tell the CPU's
   features (HWCAP_NEON; HWCAP2_AES, the ARMv8 AArch32 AES instructions).

   The dispatcher itself is common/dispatch.h's. The path table, best
   first; the first whose needs the CPU meets is used:
     neon-aes AES with AESE/AESMC; radix 2^32 (UMAAL, UMLAL) for short
              messages, from VECTOR_FROM bytes the NEON core (radix 2^26, two
              lanes, four blocks a step) first (needs NEON and AES)
     aes      AES with AESE/AESMC; radix 2^32 at every length (needs AES)
     neon     AES by vector permutes on NEON's VTBL (vpaes.S); the
              NEON core as above (needs NEON)
     generic  AES bitsliced on 32-bit words (common/aes_bs32.h); radix 2^32
   Every path is constant time.
   After each call the dispatcher zeroes the stack the path's code used
   (STACK_BYTES: measured by the build for the compiler in use, with a
   margin, common/stack.h), except after hash_ce, the assembly that zeroes
   its own (below); the ABI harness (test/abi.c) fails a build that leaves
   a secret. onetimeauth runs the same code with the one-time key r || s
   (n NULL: common/path.h's fusedfn). path_core (the contract, common/core.h) is each
   path's own AES and Poly1305: radix 2^32 (blocks.S), on paths neon-aes and
   neon the NEON core for runs of whole blocks from VECTOR_FROM bytes, joined
   to the running h. Expanded keys (common/many.c): the generic path splits
   its AES (split_generic, scalar.c: the bitsliced round keys' planes kept in
   the key); the others, whose AES is assembly, keep the key's kr. */
#include <stddef.h>
#include <sys/auxv.h>
#include "armhf.h"

#define NEED_NEON 1u   /* AT_HWCAP HWCAP_NEON, as bit 0 here */
#define NEED_AES 2u    /* AT_HWCAP2 HWCAP2_AES, as bit 1 here */

#include "dispatch.h"   /* struct path; the needs: the bits above */

/* hash_ce (aes_ce.S, blocks.S: assembly) zeroes every secret it writes to the stack before
   it returns, so its area wipes nothing (0); the ABI harness's scan still runs after every
   call. Every other area is C code: its measured size. */
static const struct path paths[] = {
  PATH_VECTOR("neon-aes", NEED_NEON | NEED_AES, hash_ce, hash_neon_ce, VECTOR_FROM, 0, STACK_BYTES(neon_aes, vector),
              0),
  PATH_SCALAR("aes", NEED_AES, hash_ce, 0, 1),
  PATH_VECTOR("neon", NEED_NEON, hash_vperm, hash_neon_vperm, VECTOR_FROM, STACK_BYTES(neon, scalar),
              STACK_BYTES(neon, vector), 2),
  PATH_ROW_SPLIT("generic", 0, hash_bitsliced, NULL, PATH_ALL(0), PATH_ALL(0), STACK_BYTES(generic, scalar), 0, 3,
                 &split_generic),
};

static unsigned int features(void)
{
  unsigned int have = 0;
  if (getauxval(AT_HWCAP) & (1ul << 12)) have |= NEED_NEON;   /* HWCAP_NEON */
  if (getauxval(AT_HWCAP2) & 1ul) have |= NEED_AES;           /* HWCAP2_AES */
  return have;
}

static int runs_here(const struct path *p)
{
  return (p->needs & features()) == p->needs;
}

#define may_force runs_here
/* path_core: each path's own Poly1305 (armhf.h), the NEON core's blocks on paths neon-aes and
   neon (0, 2), beside its AES */
#define PATH_CORE_OF(aes, i) PATH_CORE_EITHER(struct core32, aes, i, 5u)
#define OWN_CORES OWN_CORE_PAIR(struct core32, core_start, core_blocks_neon, core_blocks32, core_finish)
#include "dispatch.h"
