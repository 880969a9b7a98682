/* SPDX-License-Identifier: CC0-1.0 */
/* The driver of a peer benchmark run under an emulator (speed/bench_<target>.c
   includes it after speed/bench_peers.h and its candidates; speed/peers.py
   runs it and counts the instructions of each call with speed/count.py). The
   including file defines the table who[] of candidates (who[0] is ours), and
   setup() (bench_setup and the peers' one-time set-up), use(i) (makes later
   calls of who[i] run as that candidate runs: a peer's capability mask),
   describe() (comment lines saying what each peer is) and names() (what each
   candidate is, one a line, in who[]'s order: bench.csv's names), and may
   define BENCH_NOTES(i) (candidate i's notes in 'bench who', speed/peers.py:
   " from=N", " group=G"); this file defines main():
     bench check [-p PATH] LEN...             the tags of every candidate, compared
     bench who                                the candidates, one a line
     bench names [-p PATH]                    what each candidate is (implementation and path,
                                              peer and version), one a line
     bench calls N LEN -w WHO [-p PATH]       N calls of WHO, each after count_mark()
     bench sweep -w WHO [-p PATH] STEP        one call at every length 0..1024, then every
                                              STEP-th to MAXLEN, and MAXLEN, each after count_mark()
   A bench whose CPU has BENCH_CAP (OpenSSL's capability word: an lvalue its
   code reads at each call) and BENCH_CAP_VECTOR (the bit of its vector
   code), both from speed/bench_peers.h, gets setup() and use(i) here: cap (speed/bench_peers.h) holds the
   word as OpenSSL found it, and the candidates named openssl-scalar run
   with the bit masked.
   A bench that defines BENCH_AES and a table aes_who[] of AES-128 functions
   (out, k, in: key setup plus one block) also has
     bench aes-check                          the blocks of every one, compared
     bench aes N -w AES                       N blocks of AES, each after count_mark() */
#ifndef bench_main_H
#define bench_main_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "paths.h"

#define WHO (sizeof who / sizeof who[0])
#ifndef BENCH_NOTES
#define BENCH_NOTES(i) ""
#endif

#ifdef BENCH_CAP
static void setup(void)
{
  bench_setup();
  cap = BENCH_CAP;
}

static void use(unsigned int i)
{
  cap_use(who[i].name);
}
#endif

/* speed/count.py counts the instructions run between calls of this marker */
__attribute__((noinline)) void count_mark(void)
{
  __asm__ __volatile__("" : : : "memory");
}

int main(int argc, char **argv)
{
  unsigned char out[16];
  unsigned int c = WHO, i, l;
  int a;
  setup();
  for (a = 2; a < argc; ++a)
    if (!strcmp(argv[a], "-p") && a + 1 < argc && use_path_named(argv[a + 1]) != 1)
      die("no such path, or this CPU cannot run it");
#ifdef BENCH_AES
  if (argc == 2 && !strcmp(argv[1], "aes-check")) {
    unsigned char block[sizeof aes_who / sizeof aes_who[0]][16];
    printf("# AES-128: the blocks of");
    for (i = 0; i < sizeof aes_who / sizeof aes_who[0]; ++i) {
      aes_who[i].fn(block[i], kr, n);
      if (memcmp(block[0], block[i], 16)) die("the AES blocks disagree");
      printf("%s %s", i ? "," : "", aes_who[i].name);
    }
    printf(" agree\n");
    return 0;
  }
  if (argc == 5 && !strcmp(argv[1], "aes") && !strcmp(argv[3], "-w")) {
    int count = atoi(argv[2]), k;
    for (c = 0; c < sizeof aes_who / sizeof aes_who[0] && strcmp(aes_who[c].name, argv[4]); ++c) {}
    if (c == sizeof aes_who / sizeof aes_who[0]) die("give -w and an AES's name");
    aes_who[c].fn(out, kr, n);
    for (k = 0; k < count; ++k) {
      count_mark();
      aes_who[c].fn(out, kr, n);
    }
    count_mark();
    return 0;
  }
#endif
  if (argc == 2 && !strcmp(argv[1], "who")) {
    for (i = 0; i < WHO; ++i)
      printf("%s%s\n", who[i].name, BENCH_NOTES(i));
    return 0;
  }
  if (argc >= 2 && !strcmp(argv[1], "names")) {
    ours(out, 0);   /* the path is chosen at the first call */
    names();
    return 0;
  }
  if (argc >= 3 && !strcmp(argv[1], "check")) {
    unsigned int lengths = 0;
    for (a = 2; a < argc; ++a) {
      unsigned char tag[WHO][16];
      if (!strcmp(argv[a], "-p")) { ++a; continue; }
      l = (unsigned int) atoi(argv[a]);
      if (l > MAXLEN) die("length above the buffer");
      for (i = 0; i < WHO; ++i) {
        use(i);
        who[i].fn(tag[i], l);
        if (memcmp(tag[0], tag[i], 16)) {
          fprintf(stderr, "%s: %s and %s disagree at length %u\n", BENCH_NAME, who[0].name, who[i].name, l);
          return 1;
        }
      }
      ++lengths;
    }
    use(0);
    printf("# tags of");
    for (i = 0; i < WHO; ++i)
      printf("%s %s", i ? (i + 1 == WHO ? " and" : ",") : "", who[i].name);
    printf(" agree at %u lengths; %s (path %s)\n", lengths, poly1305aes_implementation, poly1305aes_path());
    describe();
    return 0;
  }
  for (a = 2; a < argc; ++a)
    if (!strcmp(argv[a], "-w") && a + 1 < argc) {
      for (c = 0; c < WHO && strcmp(who[c].name, argv[a + 1]); ++c) {}
      ++a;
    }
  if (c == WHO) die("give -w and a candidate's name (bench who)");
  use(c);
  if (argc >= 4 && !strcmp(argv[1], "calls")) {
    int count = atoi(argv[2]), k;
    l = (unsigned int) atoi(argv[3]);
    if (l > MAXLEN) die("length above the buffer");
    who[c].fn(out, l);   /* a first call: one-time set-up (code-path choice) is not counted */
    for (k = 0; k < count; ++k) {
      count_mark();
      who[c].fn(out, l);
    }
    count_mark();
    return 0;
  }
  if (argc >= 3 && !strcmp(argv[1], "sweep")) {
    unsigned int step = (unsigned int) atoi(argv[argc - 1]);
    if (step < 1) die("give a step");
    who[c].fn(out, 0);
    for (l = 0; l <= MAXLEN; l = l < 1024 ? l + 1 : l + step > MAXLEN && l < MAXLEN ? MAXLEN : l + step) {
      count_mark();
      who[c].fn(out, l);
      if (l == MAXLEN) break;
    }
    count_mark();
    return 0;
  }
  fprintf(stderr, "usage: %s check [-p PATH] LEN... | who | names [-p PATH] | calls N LEN -w WHO [-p PATH] | sweep -w WHO [-p PATH] STEP\n",
          BENCH_NAME);
  return 2;
}

#endif
