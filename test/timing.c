/* SPDX-License-Identifier: CC0-1.0 */
/* Constant-time check by timing, on the real CPU (dudect's method: Reparaz,
   Balasch and Verbauwhede, "Dude, is my code constant time?", 2017), for
   the code paths valgrind cannot run; run by tools/timecheck.py and
   compiled against any implementation's header (POLY1305AES_HEADER).
     timing paths               the code paths, one a line: "NAME runs" or "NAME cannot run"
     timing aes PATH LEN        k and n secret: fixed (all zero) against random
     timing poly PATH LEN       r secret: fixed (one random choice) against random
     timing selftest            a 4 KiB table read at secret indices: must be caught
   Each measurement is one call (authenticate, then verify of its tag), timed
   with the cycle counter, its input class (fixed or random) drawn at random;
   the inputs are made before the measurements, so both classes do the same
   work around the call. Before every call the data cache is disturbed (a
   write a line over 1 MiB, the L2 of many CPUs: a table AES leaks far more
   clearly than with L1 alone evicted), so a table indexed by a secret
   misses at places that depend on the secret. Welch's t between the classes' times, over the
   measurements below several percentiles of all of them (interrupts and
   other jobs only add to times); prints the largest |t| and
   "leak" when it is above 10 (dudect's "definitely not constant time"), else
   "no leak seen". A real difference makes |t| grow like the square root of
   the measurements; noise shared by both classes does not. Both classes
   hash the same random messages: a fixed message alone moved the time by
   about 1% on the AMD EPYC here (|t| up to 12 on paths valgrind verifies:
   the data's power and so the clock, as in Hertzbleed, not a branch or an
   index), and an all-zero r more. All-zero k and n make the most of a
   table AES's leak. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include POLY1305AES_HEADER
#include "cycles.h"
#include "paths.h"
#include "util.h"

#define MEASUREMENTS 40000
#define MAXLEN 32785   /* tools/timecheck.py's longest: poly1305aes_x86's zmm IFMA code */
#define THRESHOLD 10.0
#define CROPS 3
static const double crops[CROPS] = { 0.5, 0.7, 0.9 };

static unsigned char sweep_area[1 << 20];
static volatile unsigned char sink;

/* disturb the data cache: write one byte a line over 1 MiB */
static void disturb(void)
{
  size_t i;
  for (i = 0; i < sizeof sweep_area; i += 64) sweep_area[i] = (unsigned char) (sweep_area[i] + 1);
}

struct inputs { unsigned char kr[32], n[16]; };

static unsigned int length;

/* the self-test's leaky function: 16 dependent reads of a 4 KiB table (64
   lines) at lines chosen by secret bytes */
static unsigned char table[4096];
static __attribute__((noinline)) void leaky(const struct inputs *in)
{
  unsigned int i, x = 0;
  for (i = 0; i < 16; ++i) x = table[(64 * (in->kr[i] & 63) + x) & 4095];
  sink = (unsigned char) x;
}

static int compare(const void *a, const void *b)
{
  double x = *(const double *) a, y = *(const double *) b;
  return (x > y) - (x < y);
}

/* |Welch's t| between the two classes' times below limit */
static double welch(const double *t, const unsigned char *cls, size_t count, double limit)
{
  double n[2] = { 0, 0 }, mean[2] = { 0, 0 }, m2[2] = { 0, 0 }, d, v;
  size_t i;
  for (i = 0; i < count; ++i) {
    int c = cls[i];
    if (t[i] > limit) continue;
    n[c] += 1;
    d = t[i] - mean[c];
    mean[c] += d / n[c];
    m2[c] += d * (t[i] - mean[c]);
  }
  if (n[0] < 2 || n[1] < 2) return 0;
  v = m2[0] / (n[0] - 1) / n[0] + m2[1] / (n[1] - 1) / n[1];
  return v > 0 ? fabs(mean[0] - mean[1]) / sqrt(v) : 0;
}

/* the measurements of one test; mode 0 aes, 1 poly, 2 selftest; returns the largest |t| */
static double run(int mode)
{
  static struct inputs in[MEASUREMENTS];
  static unsigned char cls[MEASUREMENTS], *msg[MEASUREMENTS];
  static double t[MEASUREMENTS], sorted[MEASUREMENTS];
  static unsigned char messages[64][MAXLEN];   /* random, for both classes */
  unsigned char fixed_r[16];
  unsigned char tag[16];
  uint64_t prng = 20170101;
  double worst = 0;
  int i, c;
  memset(table, 1, sizeof table);              /* its own pages, not the shared zero page */
  prng_fill(&prng, messages[0], sizeof messages);
  prng_fill(&prng, fixed_r, sizeof fixed_r);
  for (i = 0; i < MEASUREMENTS; ++i) {   /* the inputs first */
    unsigned char coin;
    prng_fill(&prng, &coin, 1);
    cls[i] = coin & 1;
    prng_fill(&prng, in[i].kr, 32);
    prng_fill(&prng, in[i].n, 16);
    msg[i] = messages[i % 64];
    if (cls[i] == 0) {
      if (mode == 1) memcpy(in[i].kr + 16, fixed_r, 16);
      else memset(in[i].kr, 0, 16), memset(in[i].n, 0, 16);
    }
    poly1305aes_clamp(in[i].kr);
  }
  for (i = 0; i < MEASUREMENTS; ++i) {
    unsigned long long start;
    disturb();
    start = cycles_now();
    if (mode == 2) {
      leaky(&in[i]);
    } else {
      poly1305aes_authenticate(tag, in[i].kr, in[i].n, msg[i], length);
      sink = (unsigned char) poly1305aes_verify(tag, in[i].kr, in[i].n, msg[i], length);
    }
    t[i] = (double) (cycles_now() - start);
  }
  memcpy(sorted, t, sizeof t);
  qsort(sorted, MEASUREMENTS, sizeof(double), compare);
  for (c = 0; c < CROPS; ++c) {
    double x = welch(t, cls, MEASUREMENTS, sorted[(size_t) (crops[c] * (MEASUREMENTS - 1))]);
    if (x > worst) worst = x;
  }
  return worst;
}

int main(int argc, char **argv)
{
  const char *mode = argc > 1 ? argv[1] : "";
  double worst;
  int which;
  if (!strcmp(mode, "paths")) {
    print_paths();
    return 0;
  }
  if (!strcmp(mode, "selftest")) which = 2;
  else if (argc == 4 && !strcmp(mode, "aes")) which = 0;
  else if (argc == 4 && !strcmp(mode, "poly")) which = 1;
  else {
    fprintf(stderr, "usage: timing paths | timing aes|poly PATH LEN | timing selftest\n");
    return 2;
  }
  if (which != 2) {
    int use = use_path_named(argv[2]);
    if (use != 1) {
      fprintf(stderr, "timing: %s has no path %s, or this CPU cannot run it\n", poly1305aes_implementation, argv[2]);
      return use ? 2 : 3;
    }
    length = (unsigned int) atoi(argv[3]);
    if (length > MAXLEN) { fprintf(stderr, "timing: LEN above %d\n", MAXLEN); return 2; }
  }
  worst = run(which);
  printf("timing %s %s %s: |t| %.1f over %d measurements (%s): %s\n", mode, which == 2 ? "-" : argv[2],
         which == 2 ? "-" : argv[3], worst, MEASUREMENTS, cycles_name(),
         worst > THRESHOLD ? "leak" : "no leak seen");
  return 0;
}
