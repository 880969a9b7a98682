/* SPDX-License-Identifier: CC0-1.0 */
/* The constant-time trace program, run under qemu-user with the trace plugin
   (test/traceplugin.c) by tools/tracecheck.py, for targets whose programs run
   under an emulator (valgrind's checks need the native CPU). Compiled against
   any implementation's header (POLY1305AES_HEADER); C99.
     trace paths                      the implementation's code paths, "NAME runs" or
                                      "NAME cannot run", after "mark ADDRESS"
     trace calls                      the names of the calls a length makes, one a line
     trace poly|aes PATH SEED LEN...  on path PATH, for each length: every entry point that
                                      takes a secret (test/ctcalls.c), each between two calls
                                      of trace_mark(); poly: r, the messages and the tags come
                                      from SEED (k and n fixed); aes: k and n do
     trace selftest SEED              a branch on a secret byte from SEED, then a table read
                                      at a secret index, each between marks
   Seed 0 makes the secrets all zero bytes, seed 1 all 0xff (r clamped), others
   pseudo-random: the same program with other secrets must execute the same
   instructions (and, where claimed, touch the same addresses) between marks. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include POLY1305AES_HEADER
#include "util.h"
#include "paths.h"
#include "leaky.h"
#include "ctcalls.h"

#define MAXLEN 8192
static unsigned char m[MAXLEN], kr[32], n[16];
static volatile int sink;

/* tools/tracecheck.py's plugin cuts the instruction stream at every call of this */
#if defined(__GNUC__)
__attribute__((noinline))
#endif
void trace_mark(void)
{
  __asm__ __volatile__("" : : : "memory");
}

static void secret_bytes(unsigned char *p, size_t len, unsigned long seed, uint64_t *prng)
{
  if (seed <= 1) memset(p, seed ? 0xff : 0, len);
  else prng_fill(prng, p, len);
}

int main(int argc, char **argv)
{
  const char *mode = argc > 1 ? argv[1] : "";
  int a;
  /* the address of trace_mark's first instruction: on 32-bit ARM a Thumb function's
     pointer has bit 0 set, its instructions start at the even address */
  printf("mark 0x%lx\n", (unsigned long) (uintptr_t) trace_mark & ~1ul);
  if (!strcmp(mode, "calls")) {
    for (a = 0; a < CT_CALLS; ++a) printf("%s\n", ct_call_names[a]);
    return 0;
  }
  if (!strcmp(mode, "paths")) {
    unsigned int p;
    const char *name;
    for (p = 0; (name = poly1305aes_path_name(p)) != NULL; ++p)
      printf("%s %s\n", name, poly1305aes_path_use(p) ? "runs" : "cannot run");
    return 0;
  }
  if (!strcmp(mode, "selftest") && argc == 3) {
    unsigned char secret[2];
    uint64_t prng = 1000 + strtoul(argv[2], NULL, 10);
    secret_bytes(secret, 2, strtoul(argv[2], NULL, 10), &prng);
    trace_mark();
    sink += ct_leaky_branch(secret);
    trace_mark();
    sink += ct_leaky_index(secret);
    trace_mark();
    return 0;
  }
  if ((strcmp(mode, "poly") && strcmp(mode, "aes")) || argc < 5) {
    fprintf(stderr, "usage: trace paths | trace calls | trace poly|aes PATH SEED LEN... | trace selftest SEED\n");
    return 2;
  }
  if (use_path_named(argv[2]) != 1) {
    printf("trace: %s has no path %s, or this CPU cannot run it\n", poly1305aes_implementation, argv[2]);
    return 3;
  }
  for (a = 4; a < argc; ++a) {
    unsigned long seed = strtoul(argv[3], NULL, 10);
    unsigned int l = (unsigned int) atoi(argv[a]);
    uint64_t prng = 77 + seed, fixed = 5;
    if (l > MAXLEN) { fprintf(stderr, "trace: length above %d\n", MAXLEN); return 2; }
    prng_fill(&fixed, kr, 32);
    prng_fill(&fixed, n, 16);
    prng_fill(&fixed, m, l);
    if (!strcmp(mode, "poly")) {
      secret_bytes(kr + 16, 16, seed, &prng);
      secret_bytes(m, l, seed, &prng);
    } else {
      secret_bytes(kr, 16, seed, &prng);
      secret_bytes(n, 16, seed, &prng);
    }
    poly1305aes_clamp(kr);
    ct_calls(kr, n, m, l, (unsigned int) seed, trace_mark);   /* a tag wrong where the seed says */
  }
  printf("trace %s: done for %s on path %s\n", mode, poly1305aes_implementation, poly1305aes_path());
  return 0;
}
