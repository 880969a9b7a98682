/* The peer benchmark (x86-64): one implementation (POLY1305AES_HEADER) beside
   OpenSSL and libsodium, in one run, on the same inputs.
     bench [-p PATH] [-r RUNS]        table at 0 16 64 256 1024 8192 65536 bytes,
                                      then Poly1305 alone at 65536 bytes
     bench -l LEN... [-p PATH] [-r RUNS]  the table at the lengths given
     bench sweep [-p PATH] [-r RUNS] [STEP]  every length 0..4096, then every
                                      STEP-th (default 61) to 65536, and 65536:
                                      lists each length where a peer is faster
   -p forces one of the implementation's code paths (its path interface;
   the library is linked through its namespaced header).
   Complete Poly1305-AES, per message, as the API must do it (nothing cached
   between messages):
     ours     poly1305aes_authenticate(out, kr, n, m, l)
     OpenSSL  EVP AES-128-ECB of n under k (EVP_EncryptInit_ex2 + Update), then
              EVP_MAC "POLY1305" with key r||s (EVP_MAC_init + update + final);
              the EVP objects are fetched and allocated once, outside the timing
     sodium   s = AES-128_k(n) with AES-NI (common/aesni.h: key
              expansion by AESENCLAST, interleaved with the rounds), then
              crypto_onetimeauth_poly1305(out, m, l, r||s)
   Every measured input is authenticated by all three first and the tags must
   agree. Times are median rdtsc ticks per message over RUNS samples; a sample
   times a batch of calls (16 below 256 bytes, 4 below 2048, else 1); the
   three are timed in turn inside each sample, in an order that rotates from
   sample to sample (vector units and clock licenses warm up and cool down,
   so whoever runs after whom matters), so they share the machine's noise.
   Poly1305 alone: ours is the implementation's poly1305aes_<name>_poly1305
   (key r||s, a weak reference: skipped if the implementation has none);
   OpenSSL's key setup (EVP_MAC_init) runs outside the timed region. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <immintrin.h>
#include <openssl/crypto.h>
#include <openssl/evp.h>
#include <sodium.h>
#include "namespace.h"
#include "cycles.h"
#include "paths.h"
#include "util.h"
#include "aesni.h"

#define MAXLEN 65536

/* Poly1305 alone, key r||s: an optional symbol of the implementation (poly1305aes_amd64 has it) */
#define poly1305_alone CRYPTO_NAMESPACE(poly1305)
extern void poly1305_alone(unsigned char out[16], const unsigned char rs[32], const unsigned char m[],
                           unsigned int l) __attribute__((weak));

static unsigned char *m;
static unsigned char kr[32], n[16];
static EVP_CIPHER *ecb;
static EVP_CIPHER_CTX *cctx;
static EVP_MAC *mac;
static EVP_MAC_CTX *mctx;

static void die(const char *what)
{
  fprintf(stderr, "bench: %s\n", what);
  exit(1);
}

/* ---- AES-128 with AES-NI, for the libsodium peer ---- */

/* AES-NI, key expansion interleaved with the rounds: common/aesni.h */
AESNI_TARGET static void aesni_128(unsigned char out[16], const unsigned char k[16], const unsigned char in[16])
{
  _mm_storeu_si128((__m128i *) (void *) out, aesni_encrypt(k, in));
}

/* ---- the three complete Poly1305-AES ---- */

static void ours(unsigned char out[16], unsigned int l)
{
  poly1305aes_authenticate(out, kr, n, m, l);
}

static void openssl(unsigned char out[16], unsigned int l)
{
  unsigned char key[32];
  int len;
  size_t outl;
  memcpy(key, kr + 16, 16);
  if (!EVP_EncryptInit_ex2(cctx, ecb, kr, NULL, NULL) || !EVP_EncryptUpdate(cctx, key + 16, &len, n, 16) || len != 16)
    die("OpenSSL AES failed");
  if (!EVP_MAC_init(mctx, key, 32, NULL) || !EVP_MAC_update(mctx, m, l) || !EVP_MAC_final(mctx, out, &outl, 16))
    die("OpenSSL Poly1305 failed");
}

static void sodium(unsigned char out[16], unsigned int l)
{
  unsigned char key[32];
  memcpy(key, kr + 16, 16);
  aesni_128(key + 16, kr, n);
  crypto_onetimeauth_poly1305(out, m, l, key);
}

typedef void candidate(unsigned char out[16], unsigned int l);
static candidate *const candidates[3] = { ours, openssl, sodium };
static const char *const names[3] = { "ours", "OpenSSL", "libsodium" };

static int compare(const void *a, const void *b)
{
  double x = *(const double *) a, y = *(const double *) b;
  return (x > y) - (x < y);
}

static void check_agree(unsigned int l)
{
  unsigned char tag[3][16];
  int c;
  for (c = 0; c < 3; ++c) candidates[c](tag[c], l);
  for (c = 1; c < 3; ++c)
    if (memcmp(tag[0], tag[c], 16)) {
      fprintf(stderr, "bench: %s and %s disagree at length %u\n", names[0], names[c], l);
      exit(1);
    }
}

/* median ticks per message of each candidate at length l */
static void measure(unsigned int l, int runs, double median[3])
{
  double *sample[3];
  unsigned char out[16];
  int batch = l < 256 ? 16 : l < 2048 ? 4 : 1, r, c, i;
  for (c = 0; c < 3; ++c) {
    sample[c] = malloc(sizeof(double) * (size_t) runs);
    if (!sample[c]) die("out of memory");
    for (i = 0; i < 4; ++i) candidates[c](out, l);   /* warm up */
  }
  for (r = 0; r < runs; ++r)
    for (i = 0; i < 3; ++i) {
      unsigned long long start;
      int k;
      c = (r + i) % 3;                  /* the order rotates: each runs first, second and third */
      start = cycles_now();
      for (k = 0; k < batch; ++k) candidates[c](out, l);
      sample[c][r] = (double) (cycles_now() - start) / batch;
    }
  for (c = 0; c < 3; ++c) {
    qsort(sample[c], (size_t) runs, sizeof(double), compare);
    median[c] = sample[c][runs / 2];
    free(sample[c]);
  }
}

static void row(unsigned int l, int runs)
{
  double t[3];
  check_agree(l);
  measure(l, runs, t);
  printf("%6u %9.1f %9.1f %9.1f %8.3f %8.3f%s\n", l, t[0], t[1], t[2], t[0] / t[1], t[0] / t[2],
         t[0] >= t[1] || t[0] >= t[2] ? "  <- a peer is faster" : "");
}

/* Poly1305 alone: ours vs OpenSSL's EVP_MAC with its key setup outside the timing */
static void poly_alone(unsigned int l, int runs)
{
  double *sample[2], median[2];
  unsigned char key[32], a[16], b[16];
  size_t outl;
  int r, c;
  if (!poly1305_alone) {
    printf("# Poly1305 alone: skipped (%s has no Poly1305 alone)\n", poly1305aes_implementation);
    return;
  }
  memcpy(key, kr + 16, 16);
  aesni_128(key + 16, kr, n);
  poly1305_alone(a, key, m, l);
  if (!EVP_MAC_init(mctx, key, 32, NULL) || !EVP_MAC_update(mctx, m, l) || !EVP_MAC_final(mctx, b, &outl, 16))
    die("OpenSSL Poly1305 failed");
  if (memcmp(a, b, 16)) die("Poly1305 alone: ours and OpenSSL disagree");
  for (c = 0; c < 2; ++c) sample[c] = malloc(sizeof(double) * (size_t) runs);
  if (!sample[0] || !sample[1]) die("out of memory");
  for (r = 0; r < runs; ++r)
    for (c = 0; c < 2; ++c) {
      unsigned long long start;
      if ((r + c) % 2 == 0) {           /* alternate which runs first */
        start = cycles_now();
        poly1305_alone(a, key, m, l);
        sample[0][r] = (double) (cycles_now() - start);
      } else {
        if (!EVP_MAC_init(mctx, key, 32, NULL)) die("OpenSSL Poly1305 failed");
        start = cycles_now();
        if (!EVP_MAC_update(mctx, m, l) || !EVP_MAC_final(mctx, b, &outl, 16)) die("OpenSSL Poly1305 failed");
        sample[1][r] = (double) (cycles_now() - start);
      }
    }
  for (c = 0; c < 2; ++c) {
    qsort(sample[c], (size_t) runs, sizeof(double), compare);
    median[c] = sample[c][runs / 2];
    free(sample[c]);
  }
  printf("# Poly1305 alone at %u bytes (key setup excluded): ours %.1f, OpenSSL %.1f ticks, ours/OpenSSL %.3f\n", l,
         median[0], median[1], median[0] / median[1]);
}

static void setup(void)
{
  uint64_t prng = 1305;
  if (sodium_init() < 0) die("sodium_init failed");
  ecb = EVP_CIPHER_fetch(NULL, "AES-128-ECB", NULL);
  cctx = EVP_CIPHER_CTX_new();
  mac = EVP_MAC_fetch(NULL, "POLY1305", NULL);
  mctx = mac ? EVP_MAC_CTX_new(mac) : NULL;
  if (!ecb || !cctx || !mctx) die("cannot set up OpenSSL AES-128-ECB and POLY1305");
  m = malloc(MAXLEN + 64);
  if (!m) die("out of memory");
  m += 64 - ((size_t) m & 63);          /* 64-byte aligned, like the speed probe */
  prng_fill(&prng, kr, 32);
  poly1305aes_clamp(kr);
  prng_fill(&prng, n, 16);
  prng_fill(&prng, m, MAXLEN);
}

static void header(int runs)
{
  printf("# %s (path %s)", poly1305aes_implementation, poly1305aes_path());
  printf(" beside %s and libsodium %s; %s, median of %d\n", OpenSSL_version(OPENSSL_VERSION),
         sodium_version_string(), cycles_name(), runs);
  printf("# complete Poly1305-AES per message; tags of all three checked equal at every length\n");
  printf("%6s %9s %9s %9s %8s %8s\n", "length", "ours", "OpenSSL", "sodium", "/OpenSSL", "/sodium");
}

int main(int argc, char **argv)
{
  static const unsigned int lengths[] = { 0, 16, 64, 256, 1024, 8192, 65536 };
  int runs = 101, a = 1, sweep = 0, given = 0, i;
  unsigned int step = 61, l, list[64];
  if (a < argc && !strcmp(argv[a], "sweep")) { sweep = 1; ++a; }
  for (; a < argc; ++a) {
    if (!strcmp(argv[a], "-r") && a + 1 < argc) runs = atoi(argv[++a]);
    else if (!strcmp(argv[a], "-p") && a + 1 < argc) {
      if (use_path_named(argv[++a]) != 1) die("no such path, or this CPU cannot run it");
    }
    else if (!strcmp(argv[a], "-l")) continue;
    else if (sweep && argv[a][0] != '-') step = (unsigned int) atoi(argv[a]);
    else if (!sweep && argv[a][0] != '-' && given < 64) list[given++] = (unsigned int) atoi(argv[a]);
    else { fprintf(stderr, "usage: bench [-p PATH] [-r RUNS] [-l LEN...] | bench sweep [-p PATH] [-r RUNS] [STEP]\n"); return 2; }
  }
  if (runs < 1) runs = 1;
  if (step < 1) step = 1;
  setup();
  if (!sweep) {
    header(runs);
    if (given)
      for (i = 0; i < given; ++i) {
        if (list[i] > MAXLEN) die("length above 65536");
        row(list[i], runs);
      }
    else
      for (i = 0; i < (int) (sizeof lengths / sizeof lengths[0]); ++i) row(lengths[i], runs);
    poly_alone(MAXLEN, runs);
    return 0;
  }
  {
    unsigned int slower = 0, worst_l = 0, count = 0;
    double worst = 0, t[3];
    header(runs);
    printf("# sweep: lengths 0..4096, then every %u to 65536; only lengths where a peer is faster are listed\n", step);
    for (l = 0; l <= MAXLEN; l = l < 4096 ? l + 1 : l + step > MAXLEN && l < MAXLEN ? MAXLEN : l + step) {
      double ratio;
      check_agree(l);
      measure(l, runs, t);
      ratio = t[0] / (t[1] < t[2] ? t[1] : t[2]);
      ++count;
      if (ratio > worst) { worst = ratio; worst_l = l; }
      if (ratio >= 1) {
        ++slower;
        printf("%6u %9.1f %9.1f %9.1f %8.3f %8.3f  <- a peer is faster\n", l, t[0], t[1], t[2], t[0] / t[1], t[0] / t[2]);
      }
      if (l == MAXLEN) break;
    }
    printf("# sweep: %u lengths, %u where a peer is faster; worst ours/fastest-peer %.3f at length %u\n", count, slower,
           worst, worst_l);
  }
  return 0;
}
