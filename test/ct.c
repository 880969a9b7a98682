/* SPDX-License-Identifier: CC0-1.0 */
/* Constant-time check, run under valgrind memcheck by tools/ctcheck.py and
   compiled against any implementation's header (POLY1305AES_HEADER).
     ct paths           the implementation's code paths, one a line: "NAME runs"
                        or "NAME cannot run" (on this CPU, or the one valgrind emulates)
     ct poly PATH       r, the messages and the tags given to verify are secret
     ct aes PATH        k and n are secret (table-based AES is expected to leak here)
     ct selftest        two deliberately leaky functions: memcheck must catch both
   The calls are every entry point that takes a secret (test/ctcalls.c), at
   each length. Secrets are marked undefined before a length's calls and
   defined again after; memcheck then reports every branch (UninitCondition)
   and every memory address (UninitValue) computed from them, and the errors
   raised inside the calls are counted (tools/ctcheck.py attributes them). The
   results of calls are not checked here: valgrind's x87 emulation computes
   in 64-bit doubles, so x87 code may give wrong tags under it. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <valgrind/memcheck.h>
#include POLY1305AES_HEADER
#include "paths.h"
#include "util.h"
#include "leaky.h"
#include "ctcalls.h"

#define SECRET(x, len) VALGRIND_MAKE_MEM_UNDEFINED(x, len)
#define PUBLIC(x, len) VALGRIND_MAKE_MEM_DEFINED(x, len)

static unsigned char m[8192];
static unsigned long errors_in_calls;   /* memcheck errors raised inside the calls */
static unsigned long errors_before, marks;

static const unsigned int lengths[] = { 0, 1, 15, 16, 17, 31, 32, 33, 63, 64, 65, 100, 127, 128, 129,
  255, 256, 257, 511, 512, 513, 1000, 1024, 2048, 4096, 8192 };

/* ct_calls' marks: the errors since the last mark are a call's, but for the first
   mark of each length (its set-up ends there) */
static void mark(void)
{
  unsigned long now = VALGRIND_COUNT_ERRORS;
  if (marks++ % (CT_CALLS + 1)) errors_in_calls += now - errors_before;
  errors_before = now;
}

static void calls(int secret_r, int secret_kn)
{
  unsigned char kr[32], n[16];
  uint64_t prng = 77;
  unsigned int i;
  for (i = 0; i < sizeof lengths / sizeof lengths[0]; ++i) {
    unsigned int l = lengths[i];
    prng_fill(&prng, kr, 32);
    poly1305aes_clamp(kr);
    prng_fill(&prng, n, 16);
    prng_fill(&prng, m, l);
    if (secret_kn) { SECRET(kr, 16); SECRET(n, 16); }
    if (secret_r) { SECRET(kr + 16, 16); SECRET(m, l); }
    ct_calls(kr, n, m, l, i, mark);
    PUBLIC(kr, 32); PUBLIC(n, 16); PUBLIC(m, l);
  }
}

int main(int argc, char **argv)
{
  const char *mode = argc > 1 ? argv[1] : "";
  if (!strcmp(mode, "paths")) {   /* natively too: the selector compares the two lists */
    print_paths();
    return 0;
  }
  if (!RUNNING_ON_VALGRIND) {
    fprintf(stderr, "ct: run this under valgrind (tools/ctcheck.py)\n");
    return 2;
  }
  if (argc > 2 && use_path_named(argv[2]) != 1) {
    fprintf(stderr, "ct: %s has no path %s, or this CPU cannot run it\n", poly1305aes_implementation, argv[2]);
    return 3;
  }
  if (!strcmp(mode, "poly")) calls(1, 0);
  else if (!strcmp(mode, "aes")) calls(0, 1);
  else if (!strcmp(mode, "selftest")) {
    unsigned char secret[2] = { 200, 7 };
    int result;
    SECRET(secret, 2);
    mark();
    result = ct_leaky_branch(secret);
    mark();
    result += ct_leaky_index(secret);
    mark();
    PUBLIC(&result, sizeof result);
    printf("selftest computed %d\n", result);
  } else {
    fprintf(stderr, "usage: ct paths | ct poly|aes PATH | ct selftest\n");
    return 2;
  }
  printf("ct %s: done for %s on path %s\n", mode, poly1305aes_implementation, poly1305aes_path());
  printf("errors-in-calls %lu\n", errors_in_calls);
  return 0;
}
