/* SPDX-License-Identifier: CC0-1.0 */
/* poly1305aes_armhf: run-time choice of the code path. Assumes 32-bit ARM
   Linux: getauxval(AT_HWCAP) and getauxval(AT_HWCAP2) tell the CPU's
   features (HWCAP_NEON; HWCAP2_AES, the ARMv8 AArch32 AES instructions).

   The choice is cached write-once, process-wide (an atomic release store of
   a pointer to a constant descriptor; threads racing on the first call
   store the same pointer). Nothing outside the program chooses the path: no
   environment variable is read; tests and benchmarks force one through the
   path interface (common/impl.h.in), which the installed libraries do not
   export. The path table, best first; the first whose needs the CPU meets
   is used:
     neon-aes AES with AESE/AESMC; radix 2^32 (UMAAL, UMLAL) for short
              messages, from VECTOR_FROM bytes the NEON core (radix 2^26, two
              lanes, four blocks a step) first (needs NEON and AES)
     aes      AES with AESE/AESMC; radix 2^32 at every length (needs AES)
     neon     AES from a table (NOT constant time); the NEON core as above
              (needs NEON)
     generic  AES from a table (NOT constant time); radix 2^32
   After each call the dispatcher zeroes the stack the path's code used
   (the sizes below); the ABI harness (test/abi.c) fails a build that leaves
   a secret. */
#include <stddef.h>
#include <sys/auxv.h>
#include "armhf.h"

#define NEED_NEON 1u   /* AT_HWCAP HWCAP_NEON, as bit 0 here */
#define NEED_AES 2u    /* AT_HWCAP2 HWCAP2_AES, as bit 1 here */

struct path {
  const char *name;
  unsigned int needs;              /* NEED_* */
  hashfn *scalar, *vector;         /* vector (or NULL) from vector_from bytes on */
  size_t vector_from;
  unsigned int scalar_stack, vector_stack;   /* bytes of stack each uses, to wipe */
};

/* NEON from here on (bytes; whole groups of four blocks go to it). Exact
   instructions per call under qemu-arm -cpu max, path aes (scalar) against
   neon-aes with NEON from 64 bytes: 1019/1056 at 256 bytes, 1207/1162 at
   320; a NEON step (64 bytes) is 106 instructions, four scalar blocks 188;
   llvm-mca per 64 bytes: 216 model cycles against 368 on cortex-a15, 59
   against 288 on cortex-a57: NEON pays from 320 bytes on every measure. */
#ifndef VECTOR_FROM
#define VECTOR_FROM 320
#endif
#if VECTOR_FROM < 64
#error "the NEON core takes whole groups of four blocks"
#endif

static const struct path paths[] = {
  { "neon-aes", NEED_NEON | NEED_AES, hash_ce, hash_neon_ce, VECTOR_FROM, 0, 0 },
  { "aes", NEED_AES, hash_ce, NULL, 0, 0, 0 },
  { "neon", NEED_NEON, hash_table, hash_neon_table, VECTOR_FROM, 256, 480 },
  { "generic", 0, hash_table, NULL, 0, 256, 0 },
};

#define COUNT (sizeof paths / sizeof paths[0])

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

void poly1305aes_authenticate(unsigned char out[16], const unsigned char kr[32], const unsigned char n[16],
                              const unsigned char m[], unsigned int l)
{
  const struct path *p = current();
  if (p->vector && l >= p->vector_from) {
    p->vector(out, kr, n, m, l);
    if (p->vector_stack) wipe_below(p->vector_stack);
  } else {
    p->scalar(out, kr, n, m, l);
    if (p->scalar_stack) wipe_below(p->scalar_stack);
  }
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
