/* SPDX-License-Identifier: CC0-1.0 */
/* Constant-time check, run under valgrind memcheck by tools/ctcheck.py and
   compiled against any implementation's header (POLY1305AES_HEADER).
     ct paths           the implementation's code paths, one a line: "NAME runs"
                        or "NAME cannot run" (on this CPU, or the one valgrind emulates)
     ct poly PATH       r, the message and the tag given to verify are secret
     ct aes PATH        k and n are secret (table-based AES is expected to leak here)
                        (each at every length in authenticate, verify and authenticate_many)
     ct selftest        two deliberately leaky functions: memcheck must catch both
   Secrets are marked undefined just before each call and defined again just
   after; memcheck then reports every branch (UninitCondition) and every
   memory address (UninitValue) computed from them inside the call. The
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

#define SECRET(x, len) VALGRIND_MAKE_MEM_UNDEFINED(x, len)
#define PUBLIC(x, len) VALGRIND_MAKE_MEM_DEFINED(x, len)

static unsigned char m[8192];
static unsigned long errors_in_calls;   /* memcheck errors raised inside the calls */

#define COUNTED(call) do { \
    unsigned long before_ = VALGRIND_COUNT_ERRORS; \
    call; \
    errors_in_calls += VALGRIND_COUNT_ERRORS - before_; \
  } while (0)
static const unsigned int lengths[] = { 0, 1, 15, 16, 17, 31, 32, 33, 63, 64, 65, 100, 127, 128, 129,
  255, 256, 257, 511, 512, 513, 1000, 1024, 2048, 4096, 8192 };

/* authenticate_many of CT_MANY messages of l bytes each (a path's groups of lanes and one left
   over), each under its own key and nonce, the same secrets marked */
#define CT_MANY 9
static void many(unsigned int l, int secret_r, int secret_kn, uint64_t *prng)
{
  static unsigned char kr[CT_MANY][32], n[CT_MANY][16], out[CT_MANY][16];
  const unsigned char *krp[CT_MANY], *np[CT_MANY], *mp[CT_MANY];
  unsigned char *outp[CT_MANY];
  size_t lp[CT_MANY];
  unsigned int i;
  prng_fill(prng, m, l);
  for (i = 0; i < CT_MANY; ++i) {
    prng_fill(prng, kr[i], 32);
    poly1305aes_clamp(kr[i]);
    prng_fill(prng, n[i], 16);
    krp[i] = kr[i], np[i] = n[i], mp[i] = m, outp[i] = out[i], lp[i] = l;
    if (secret_kn) { SECRET(kr[i], 16); SECRET(n[i], 16); }
    if (secret_r) SECRET(kr[i] + 16, 16);
  }
  if (secret_r) SECRET(m, l);
  COUNTED(poly1305aes_authenticate_many(outp, krp, np, mp, lp, CT_MANY));
  PUBLIC(kr, sizeof kr); PUBLIC(n, sizeof n); PUBLIC(m, l); PUBLIC(out, sizeof out);
}

static void calls(int secret_r, int secret_kn)
{
  unsigned char kr[32], n[16], out[16], tag[16];
  uint64_t prng = 77;
  unsigned int i;
  for (i = 0; i < sizeof lengths / sizeof lengths[0]; ++i) {
    unsigned int l = lengths[i];
    int ok;
    prng_fill(&prng, kr, 32);
    poly1305aes_clamp(kr);
    prng_fill(&prng, n, 16);
    prng_fill(&prng, m, l);
    prng_fill(&prng, tag, 16);
    if (secret_kn) { SECRET(kr, 16); SECRET(n, 16); }
    if (secret_r) { SECRET(kr + 16, 16); SECRET(m, l); }
    COUNTED(poly1305aes_authenticate(out, kr, n, m, l));
    PUBLIC(out, 16);
    if (secret_r) SECRET(out, 16);   /* verify's tag is a secret too */
    COUNTED(ok = poly1305aes_verify(out, kr, n, m, l));
    if (secret_r) SECRET(tag, 16);
    COUNTED(ok += poly1305aes_verify(tag, kr, n, m, l));
    PUBLIC(&ok, sizeof ok);
    PUBLIC(kr, 32); PUBLIC(n, 16); PUBLIC(m, l); PUBLIC(out, 16); PUBLIC(tag, 16);
    if (ok < 1) printf("note: verify rejected a right tag at length %u (expected under valgrind for x87 code)\n", l);
    many(l, secret_r, secret_kn, &prng);
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
    COUNTED(result = ct_leaky_branch(secret));
    COUNTED(result += ct_leaky_index(secret));
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
