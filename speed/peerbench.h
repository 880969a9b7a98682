/* SPDX-License-Identifier: CC0-1.0 */
/* The driver of the peer benchmarks of the emulated targets (speed/bench_<T>.c,
   run by speed/peers.py under qemu, where speed/count.py counts the
   instructions of each call), and the candidates every target shares:
   OpenSSL's Poly1305 as its C glue drives it (Poly1305_Init, _Update,
   _Final: its internal entry points, global in its static library, their
   prototypes written out), libsodium's crypto_onetimeauth_poly1305, each
   with the one-time key r || AES_k(n) of the message's key, and ours with
   that key where the implementation has a one-time entry (its namespaced
   onetimeauth, out of the installed libraries). A bench file defines its
   candidates, a table of struct peer whose first entry of each group is the
   implementation under test, and calls peerbench_main(). Assumes C99 and
   GCC or clang (a weak reference); included by one file.
     bench_<T> names                           "GROUP NAME LABEL RATIO FROM" per candidate: the
                                               tables peers.py prints (RATIO 1: a column
                                               ours/LABEL; FROM: the least length from which
                                               ours must need no more instructions than it)
     bench_<T> check LEN...                    the tags of each group, compared
     bench_<T> calls N LEN -w WHO [-p PATH]    N calls of WHO, each after count_mark()
     bench_<T> sweep -w WHO [-p PATH] STEP     one call at every length 0..1024, then
                                               every STEP-th to 65536, and 65536, each
                                               after count_mark() */
#ifndef peerbench_H
#define peerbench_H

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#define OPENSSL_SUPPRESS_DEPRECATED   /* AES_encrypt: the one-time key s = AES_k(n) */
#include <openssl/aes.h>
#include <sodium.h>
#include "util.h"
#include "paths.h"

#define PEERBENCH_MAXLEN 65536

/* the message and key every candidate hashes (m[0..l), kr, n), and the one-time key r || AES_k(n) */
static unsigned char m[PEERBENCH_MAXLEN + 64], kr[32], n[16], onetime_key[32];

size_t Poly1305_ctx_size(void);
void Poly1305_Init(void *ctx, const unsigned char key[32]);
void Poly1305_Update(void *ctx, const unsigned char *in, size_t len);
void Poly1305_Final(void *ctx, unsigned char mac[16]);
void OPENSSL_cpuid_setup(void);
static uint64_t poly_ctx[64];   /* OpenSSL's POLY1305 state (Poly1305_ctx_size() bytes, checked) */

/* OpenSSL's Poly1305 of m[0..l) under key (r || s); Final ends with an OPENSSL_cleanse of its state */
static void openssl_poly1305(unsigned char out[16], const unsigned char key[32], unsigned int l)
{
  Poly1305_Init(poly_ctx, key);
  Poly1305_Update(poly_ctx, m, l);
  Poly1305_Final(poly_ctx, out);
}

/* Poly1305 alone, with the one-time key */
static void openssl_onetime(unsigned char out[16], unsigned int l)
{
  openssl_poly1305(out, onetime_key, l);
}

static void sodium_onetime(unsigned char out[16], unsigned int l)
{
  crypto_onetimeauth_poly1305(out, m, l, onetime_key);
}

/* ours with the one-time key, where the implementation has the entry */
extern void CRYPTO_NAMESPACE(onetimeauth)(unsigned char out[16], const unsigned char key[32], const unsigned char *m,
                                           size_t l) __attribute__((weak));
static void ours_onetime(unsigned char out[16], unsigned int l)
{
  CRYPTO_NAMESPACE(onetimeauth)(out, onetime_key, m, l);
}
#define PEERBENCH_HAS_ONETIME (CRYPTO_NAMESPACE(onetimeauth) != NULL)

struct peer {
  const char *group, *name, *label;
  int ratio;                          /* print ours/this as a column */
  unsigned int from;                  /* ours must need no more instructions than this from here */
  void (*fn)(unsigned char out[16], unsigned int l);
  void (*use)(int on);                /* before (1) and after (0) this candidate's calls, or NULL */
};

/* speed/count.py counts the instructions run between calls of this marker */
__attribute__((noinline)) void count_mark(void)
{
  __asm__ __volatile__("" : : : "memory");
}

static void peerbench_die(const char *what)
{
  fprintf(stderr, "peerbench: %s\n", what);
  exit(1);
}

/* describe() prints the '#' lines after a good check (what each candidate is) */
/* inlined into main: speed/count.py leaves main out of each call's count */
static inline __attribute__((always_inline)) int peerbench_main(int argc, char **argv, const struct peer *who, unsigned int count, void (*describe)(void))
{
  unsigned char out[16];
  unsigned int c = count, i, l;
  uint64_t prng = 1305;
  AES_KEY schedule;
  int a;
  OPENSSL_cpuid_setup();
  if (sodium_init() < 0) peerbench_die("sodium_init failed");
  if (Poly1305_ctx_size() > sizeof poly_ctx) peerbench_die("OpenSSL's Poly1305 state is larger than expected");
  prng_fill(&prng, kr, 32);
  poly1305aes_clamp(kr);
  prng_fill(&prng, n, 16);
  prng_fill(&prng, m, PEERBENCH_MAXLEN);
  memcpy(onetime_key, kr + 16, 16);
  AES_set_encrypt_key(kr, 128, &schedule);
  AES_encrypt(n, onetime_key + 16, &schedule);
  for (i = 0; i < count; ++i)
    if (who[i].fn == ours_onetime && !PEERBENCH_HAS_ONETIME) count = i;   /* the one-time group comes last */
  if (argc == 2 && !strcmp(argv[1], "names")) {
    for (i = 0; i < count; ++i)
      printf("%s %s %s %d %u\n", who[i].group, who[i].name, who[i].label, who[i].ratio, who[i].from);
    return 0;
  }
  if (argc >= 3 && !strcmp(argv[1], "check")) {
    for (a = 2; a < argc; ++a) {
      unsigned char tag[16], first[16];
      l = (unsigned int) atoi(argv[a]);
      if (l > PEERBENCH_MAXLEN) peerbench_die("length above 65536");
      for (i = 0; i < count; ++i) {
        unsigned int g = i;
        if (who[i].use) who[i].use(1);
        who[i].fn(tag, l);
        if (who[i].use) who[i].use(0);
        while (g > 0 && !strcmp(who[g - 1].group, who[i].group)) --g;
        if (g == i) memcpy(first, tag, 16);
        else if (memcmp(first, tag, 16)) {
          fprintf(stderr, "peerbench: %s and %s disagree at length %u\n", who[g].name, who[i].name, l);
          return 1;
        }
      }
    }
    printf("# tags agree within each group at %d lengths;", argc - 2);
    for (i = 0; i < count; ++i) printf(" %s%s", i && strcmp(who[i].group, who[i - 1].group) ? "| " : "", who[i].name);
    printf("; %s (path %s)\n", poly1305aes_implementation, poly1305aes_path());
    describe();
    return 0;
  }
  for (a = 2; a < argc; ++a) {
    if (!strcmp(argv[a], "-w") && a + 1 < argc) {
      for (c = 0; c < count && strcmp(who[c].name, argv[a + 1]); ++c) {}
      ++a;
    } else if (!strcmp(argv[a], "-p") && a + 1 < argc) {
      if (use_path_named(argv[++a]) != 1) peerbench_die("no such path, or this CPU cannot run it");
    }
  }
  if (c == count) peerbench_die("give -w and a name from 'names'");
  if (who[c].use) who[c].use(1);
  if (argc >= 4 && !strcmp(argv[1], "calls")) {
    int calls = atoi(argv[2]), k;
    l = (unsigned int) atoi(argv[3]);
    if (l > PEERBENCH_MAXLEN) peerbench_die("length above 65536");
    who[c].fn(out, l);   /* a first call: one-time set-up (code-path choice) is not counted */
    for (k = 0; k < calls; ++k) {
      count_mark();
      who[c].fn(out, l);
    }
    count_mark();
    return 0;
  }
  if (argc >= 3 && !strcmp(argv[1], "sweep")) {
    unsigned int step = (unsigned int) atoi(argv[argc - 1]);
    if (step < 1) peerbench_die("give a step");
    who[c].fn(out, 0);
    for (l = 0; l <= PEERBENCH_MAXLEN;
         l = l < 1024 ? l + 1 : l + step > PEERBENCH_MAXLEN && l < PEERBENCH_MAXLEN ? PEERBENCH_MAXLEN : l + step) {
      count_mark();
      who[c].fn(out, l);
      if (l == PEERBENCH_MAXLEN) break;
    }
    count_mark();
    return 0;
  }
  fprintf(stderr, "usage: %s names | check LEN... | calls N LEN -w WHO [-p PATH] | sweep -w WHO [-p PATH] STEP\n", argv[0]);
  return 2;
}

#endif
