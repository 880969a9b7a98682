/* SPDX-License-Identifier: CC0-1.0 */
/* The speed probe, linked with one implementation (POLY1305AES_HEADER).
     speed ticks [-v] [-e] [-o] [-s STEP] [-a] [-u] [-c] [-p PATH] [-r RUNS] [-C CALLER] LEN...
                                                  median ticks per call at each length
     speed table [-p PATH] [-r RUNS]              CSV over lengths x op x alignment x cache
     speed calls N LEN [-v] [-e] [-u] [-p PATH] [-o] [-s STEP] [-a] [-m B]
                                                  N calls, each after count_mark(), for
                                                  counting instructions under an emulator;
                                                  -m: each call one authenticate_many
                                                  (verify_many with -v) of B messages of
                                                  LEN bytes, each its own key, nonce and
                                                  bytes (B up to MANY_MAX);
                                                  -o: onetimeauth (key kr as r || s),
                                                  -s: the same streamed, onetimeauth_init,
                                                  updates of STEP bytes, final;
                                                  -a: the same as an AEAD streams it
                                                  (RFC 8439): 16 + LEN + 16 bytes in
                                                  updates of 16, LEN and 16 bytes
   -v times verify instead of authenticate; -e the same through a key expanded
   once beforehand (key_expand: authenticate_expanded, verify_expanded);
   -o onetimeauth instead (the key kr as r || s: Poly1305 alone), -s and -a
   the same streamed, as in calls;
   -u offsets every pointer by one byte;
   -p forces one of the implementation's code paths (else its own choice);
   -c evicts the inputs and the implementation's tables before each timed call;
   -C the caller's vector state before each call (speed/caller.h): clean
   (the default), ymm or zmm (upper halves left dirty), or worst: each caller
   this CPU has, timed in turn, and the slowest one's median printed.
   Short messages are timed in batches (the counter is coarse); each sample is a
   batch's ticks divided by its size, and the median of RUNS samples is printed. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include POLY1305AES_HEADER
#include "caller.h"
#include "cycles.h"
#include "paths.h"
#include "util.h"

#define MAXLEN 65536
static unsigned char arena[MAXLEN + 256];
static unsigned char *out, *kr, *n, *m;
static int use_verify, use_expanded, use_onetime, use_aead, unaligned, cold, has_avx;
static unsigned int stream_step;   /* -s */
static poly1305aes_key ek;                   /* kr expanded, with -e */
static int caller_worst;                     /* -C worst */
static enum caller caller = CALLER_CLEAN;    /* -C clean|ymm|zmm */
static volatile int sink;

/* -m: the batch's keys, nonces, tags and pointers (the messages: m, LEN bytes apart) */
#define MANY_MAX 256
static unsigned char many_kr[MANY_MAX][32], many_n[MANY_MAX][16], many_out[MANY_MAX][16], many_ok[MANY_MAX];
static unsigned char *many_outp[MANY_MAX];
static const unsigned char *many_krp[MANY_MAX], *many_np[MANY_MAX], *many_mp[MANY_MAX];
static size_t many_l[MANY_MAX];

/* a batch of count messages of len bytes, each its own key, nonce and bytes (from m) */
static void place_many(size_t count, unsigned int len)
{
  uint64_t prng = 7;
  size_t i;
  for (i = 0; i < count; ++i) {
    prng_fill(&prng, many_kr[i], 32);
    poly1305aes_clamp(many_kr[i]);
    prng_fill(&prng, many_n[i], 16);
    many_outp[i] = many_out[i];
    many_krp[i] = many_kr[i];
    many_np[i] = many_n[i];
    many_mp[i] = m + i * len;
    many_l[i] = len;
  }
}

static void place(void)
{
  /* out, kr, n, m 64-byte aligned (plus one byte when -u), m last */
  size_t step = unaligned ? 1 : 0;
  uint64_t prng = 42;
  out = arena + step;
  kr = arena + 64 + step;
  n = arena + 128 + step;
  m = arena + 192 + step;
  prng_fill(&prng, kr, 32);
  poly1305aes_clamp(kr);
  prng_fill(&prng, n, 16);
  prng_fill(&prng, m, MAXLEN);
  poly1305aes_key_expand(&ek, kr);   /* on the path in use: options force it first */
}

/* -o, -a and -s: out of line, so that call() stays the plain calls' */
static __attribute__((noinline)) void other_call(unsigned int len)
{
  poly1305aes_state st;
  unsigned int done;
  if (use_aead) {
    poly1305aes_onetimeauth_init(&st, kr);
    poly1305aes_update(&st, m, 16);
    poly1305aes_update(&st, m + 16, len);
    poly1305aes_update(&st, m + 16 + len, 16);
    poly1305aes_final(&st, out);
  }
  else if (stream_step) {
    poly1305aes_onetimeauth_init(&st, kr);
    for (done = 0; done < len; done += stream_step)
      poly1305aes_update(&st, m + done, len - done < stream_step ? len - done : stream_step);
    poly1305aes_final(&st, out);
  }
  else poly1305aes_onetimeauth(out, kr, m, len);
}

static void call(unsigned int len)
{
  if (use_expanded && use_verify) sink += poly1305aes_verify_expanded(out, &ek, n, m, len);
  else if (use_expanded) poly1305aes_authenticate_expanded(out, &ek, n, m, len);
  else if (use_verify) sink += poly1305aes_verify(out, kr, n, m, len);
  else poly1305aes_authenticate(out, kr, n, m, len);
}

/* the call the options ask for */
static inline void any_call(unsigned int len)
{
  if (use_aead || stream_step || use_onetime) other_call(len);
  else call(len);
}

/* push the inputs and any tables out of the caches by writing over a larger area */
static void evict(void)
{
  static unsigned char sweep[8 << 20];
  size_t i;
  for (i = 0; i < sizeof sweep; i += 64) sweep[i] = (unsigned char) (sweep[i] + 1);
#if defined(__x86_64__) || defined(__i386__)
  for (i = 0; i < sizeof arena; i += 64) __asm__ __volatile__("clflush %0" : : "m"(arena[i]) : "memory");
#endif
}

/* speed/count.py counts the instructions run between calls of this marker */
#if defined(__GNUC__)
__attribute__((noinline))
#endif
void count_mark(void)
{
  __asm__ __volatile__("" : : : "memory");
}

static int compare(const void *a, const void *b)
{
  double x = *(const double *) a, y = *(const double *) b;
  return (x > y) - (x < y);
}

/* the median ticks per call at len behind each caller in use[] (others 0), in turn */
static void medians(unsigned int len, int runs, const int use[CALLERS], double median[CALLERS])
{
  double *sample[CALLERS];
  int batch = cold ? 1 : len < 256 ? 16 : len < 2048 ? 4 : 1, r, i, c;
  for (c = 0; c < CALLERS; ++c) {
    median[c] = 0;
    sample[c] = use[c] ? malloc(sizeof(double) * (size_t) runs) : NULL;
    if (use[c] && !sample[c]) { fprintf(stderr, "speed: out of memory\n"); exit(1); }
  }
  for (i = 0; i < 8; ++i) any_call(len);      /* warm up */
  for (r = 0; r < runs; ++r)
    for (i = 0; i < CALLERS; ++i) {
      unsigned long long start;
      enum caller who = (enum caller) ((r + i) % CALLERS);   /* the order rotates */
      if (!use[who]) continue;
      if (cold) evict();
      start = cycles_now();
      for (c = 0; c < batch; ++c) {
        caller_leave(who, has_avx);
        any_call(len);
      }
      sample[who][r] = (double) (cycles_now() - start) / batch;
    }
  for (c = 0; c < CALLERS; ++c)
    if (use[c]) {
      qsort(sample[c], (size_t) runs, sizeof(double), compare);
      median[c] = sample[c][runs / 2];
      free(sample[c]);
    }
}

/* median ticks per call at len behind the caller chosen (-C), or the slowest caller's */
static double median_ticks(unsigned int len, int runs)
{
  int use[CALLERS] = { 0 }, c;
  double median[CALLERS], worst = 0;
  for (c = 0; c < CALLERS; ++c) use[c] = caller_worst ? caller_runs((enum caller) c) : c == (int) caller;
  medians(len, runs, use, median);
  for (c = 0; c < CALLERS; ++c)
    if (median[c] > worst) worst = median[c];
  return worst;
}

static int options(int argc, char **argv, int *runs)
{
  int a = 2;
  for (; a < argc && argv[a][0] == '-'; ++a) {
    if (!strcmp(argv[a], "-v")) use_verify = 1;
    else if (!strcmp(argv[a], "-o")) use_onetime = 1;
    else if (!strcmp(argv[a], "-a")) use_aead = 1;
    else if (!strcmp(argv[a], "-s") && a + 1 < argc) {
      if ((stream_step = (unsigned int) atoi(argv[++a])) == 0) { fprintf(stderr, "speed: -s takes a step of 1 or more bytes\n"); exit(2); }
    }
    else if (!strcmp(argv[a], "-e")) use_expanded = 1;
    else if (!strcmp(argv[a], "-u")) unaligned = 1;
    else if (!strcmp(argv[a], "-c")) cold = 1;
    else if (!strcmp(argv[a], "-r") && a + 1 < argc) *runs = atoi(argv[++a]);
    else if (!strcmp(argv[a], "-C") && a + 1 < argc) {
      const char *want = argv[++a];
      int c;
      caller_worst = !strcmp(want, "worst");
      for (c = 0; c < CALLERS && !caller_worst; ++c)
        if (!strcmp(want, caller_name((enum caller) c))) break;
      if (!caller_worst && (c == CALLERS || !caller_runs((enum caller) c))) {
        fprintf(stderr, "speed: no caller %s, or this CPU cannot leave it (clean, ymm, zmm, worst)\n", want);
        exit(2);
      }
      if (!caller_worst) caller = (enum caller) c;
    }
    else if (!strcmp(argv[a], "-p") && a + 1 < argc) {
      if (use_path_named(argv[++a]) != 1) {
        fprintf(stderr, "speed: %s has no path %s, or this CPU cannot run it\n", poly1305aes_implementation, argv[a]);
        exit(2);
      }
    }
    else { fprintf(stderr, "speed: unknown option %s\n", argv[a]); exit(2); }
  }
  if (*runs < 1) *runs = 1;
  return a;
}

static void header(int runs)
{
  int c;
  printf("# %s (path %s) on %s%s: %s, median of %d, behind ", poly1305aes_implementation, poly1305aes_path(),
         POLY1305AES_TARGET, use_aead ? ", onetimeauth streamed as an AEAD does" : stream_step ? ", onetimeauth streamed"
         : use_onetime ? ", onetimeauth" : "", cycles_name(), runs);
  if (!caller_worst) printf("a %s caller\n", caller_name(caller));
  else {
    printf("the slowest of the callers");
    for (c = 0; c < CALLERS; ++c)
      if (caller_runs((enum caller) c)) printf(" %s", caller_name((enum caller) c));
    printf("\n");
  }
}

int main(int argc, char **argv)
{
  int runs = 101, a;
  has_avx = caller_runs(CALLER_YMM);
  if (argc >= 3 && !strcmp(argv[1], "ticks")) {
    a = options(argc, argv, &runs);
    place();
    header(runs);
    for (; a < argc; ++a) {
      unsigned int len = (unsigned int) atoi(argv[a]);
      if (len > MAXLEN - (use_aead ? 32 : 0)) { fprintf(stderr, "speed: length above %d\n", MAXLEN - (use_aead ? 32 : 0)); return 2; }
      printf("%u %.1f\n", len, median_ticks(len, runs));
    }
    return 0;
  }
  if (argc >= 2 && !strcmp(argv[1], "table")) {
    unsigned int len;
    int i;
    options(argc, argv, &runs);
    header(runs);
    /* the first rows would otherwise meet a core still leaving its idle clock */
    place();
    for (i = 0; i < 100000; ++i) call(64);
    printf("implementation,target,op,alignment,cache,length,median_ticks\n");
    for (use_verify = 0; use_verify < 2; ++use_verify)
      for (unaligned = 0; unaligned < 2; ++unaligned)
        for (cold = 0; cold < 2; ++cold) {
          place();
          for (len = 0; len <= 8192; len += len < 256 ? 1 : len < 1024 ? 32 : 256)
            printf("%s,%s,%s,%s,%s,%u,%.1f\n", poly1305aes_implementation, POLY1305AES_TARGET,
                   use_verify ? "verify" : "authenticate", unaligned ? "unaligned" : "aligned",
                   cold ? "flushed" : "cached", len, median_ticks(len, cold ? (runs + 4) / 5 : runs));
        }
    return 0;
  }
  if (argc >= 4 && !strcmp(argv[1], "calls")) {
    int count = atoi(argv[2]), i, batch = 0;
    unsigned int len = (unsigned int) atoi(argv[3]);
    for (i = 4; i < argc; ++i) {
      if (!strcmp(argv[i], "-v")) use_verify = 1;
      else if (!strcmp(argv[i], "-e")) use_expanded = 1;
      else if (!strcmp(argv[i], "-u")) unaligned = 1;
      else if (!strcmp(argv[i], "-o")) use_onetime = 1;
      else if (!strcmp(argv[i], "-a")) use_aead = 1;
      else if (!strcmp(argv[i], "-m") && i + 1 < argc && ((batch = atoi(argv[++i])) < 1 || batch > MANY_MAX)) return 2;
      else if (!strcmp(argv[i], "-s") && i + 1 < argc && (stream_step = (unsigned int) atoi(argv[++i])) == 0) return 2;
      else if (!strcmp(argv[i], "-p") && i + 1 < argc && use_path_named(argv[++i]) != 1) {
        fprintf(stderr, "speed: %s has no path %s, or this CPU cannot run it\n", poly1305aes_implementation, argv[i]);
        return 2;
      }
    }
    if (len > MAXLEN - (use_aead ? 32 : 0) || (size_t) len * (size_t) batch > MAXLEN) return 2;
    place();
    if (batch) {
      place_many((size_t) batch, len);
      for (i = 0; i < batch; ++i) poly1305aes_authenticate(many_out[i], many_kr[i], many_n[i], many_mp[i], len);
    }
    /* one unmarked call first: it may choose a code path (a dispatcher's one-time cpu probe)
       and set up what the entry point keeps once (a path's name for the stream) */
    for (i = -1; i < count; ++i) {
      if (i >= 0) count_mark();
      if (batch && use_verify)
        sink += poly1305aes_verify_many(many_ok, (const unsigned char *const *) many_outp, many_krp, many_np, many_mp,
                                        many_l, (size_t) batch);
      else if (batch) poly1305aes_authenticate_many(many_outp, many_krp, many_np, many_mp, many_l, (size_t) batch);
      else any_call(len);
    }
    count_mark();
    return 0;
  }
  fprintf(stderr, "usage: speed ticks [-v] [-e] [-o] [-s STEP] [-a] [-u] [-c] [-r RUNS] [-C CALLER] LEN... | speed table [-r RUNS] | "
          "speed calls N LEN [-v] [-e] [-u] [-p PATH] [-o] [-s STEP] [-a] [-m B]\n");
  return 2;
}
