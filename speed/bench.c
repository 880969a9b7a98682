/* SPDX-License-Identifier: CC0-1.0 */
/* The peer benchmark (x86-64 and 32-bit x86, run natively): one
   implementation (POLY1305AES_HEADER) beside OpenSSL 3 and libsodium built
   for the same target, linked statically (speed/bench.sh links the Debian
   packages of the target's architecture, tools/fetch-peers), in one run, on
   the same inputs.
     bench [-p PATH] [-r RUNS]        table at 0 16 64 256 1024 4096 8192 65536 bytes,
                                      then Poly1305 alone at 65536 bytes
     bench -l LEN... [-p PATH] [-r RUNS]  the table at the lengths given
     bench sweep [-p PATH] [-r RUNS] [STEP]  every length 0..4096, then every
                                      STEP-th (default 61) to 65536, and 65536:
                                      lists each length where a peer is faster
     -c FILE                          also writes each complete one's median at
                                      every length measured to FILE, as CSV
                                      (speed/plot.py: its columns; `make bench`
                                      draws the sweep's)
   -p forces one of the implementation's code paths (its path interface;
   the library is linked through its namespaced header). OPENSSL_ia32cap
   (OpenSSL's documented capability mask) holds OpenSSL to the instruction
   sets of that path; the header line shows it.
   Columns, per message, as the API must do it (nothing cached between
   messages):
     ours     poly1305aes_authenticate(out, kr, n, m, l)
     OpenSSL  EVP AES-128-ECB of n under k (EVP_EncryptInit_ex2 + Update), then
              EVP_MAC "POLY1305" with key r||s (EVP_MAC_init + update + final);
              the EVP objects are fetched and allocated once, outside the timing
     sodium   s = AES-128_k(n), then crypto_onetimeauth_poly1305(out, m, l, r||s);
              libsodium has no AES-128: s comes from AES-NI (common/aesni.h:
              key expansion by AESENCLAST, interleaved with the rounds) when
              OpenSSL may use AES-NI here (OPENSSL_ia32cap_P after the mask),
              else from OpenSSL's AES_set_encrypt_key + AES_encrypt (its table
              or SIMD code, no AES-NI), as a caller without AES-NI would
     core     OpenSSL's Poly1305 alone: EVP_MAC update + final with the key
              set up (EVP_MAC_init) outside the timing, each call timed alone
   Every measured input is authenticated by the three complete ones and the
   core first, and the tags must agree. Times are median rdtsc ticks per
   message over RUNS samples; a sample times a batch of calls (16 below 256
   bytes, 4 below 2048, else 1; the core's calls one by one, summed); the
   four are timed in turn inside each sample, in an order that rotates from
   sample to sample (vector units and clock licenses warm up and cool down,
   so whoever runs after whom matters), so they share the machine's noise.
   "<- a peer is faster" marks a length where a complete peer is faster; the
   sweep times the complete ones only (its core columns are dashes).
   Poly1305 alone: ours is the implementation's poly1305aes_<name>_poly1305
   (key r||s, a weak reference: skipped if the implementation has none). */
#define OPENSSL_SUPPRESS_DEPRECATED   /* AES_encrypt: the peer's AES without AES-NI */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cpuid.h>
#include <immintrin.h>
#include <openssl/aes.h>
#include <openssl/crypto.h>
#include <openssl/evp.h>
#include <sodium.h>
#include "namespace.h"
#include "cycles.h"
#include "paths.h"
#include "util.h"
#include "aesni.h"

#define MAXLEN 65536

/* Poly1305 alone, key r||s: an optional symbol of the implementation */
#define poly1305_alone CRYPTO_NAMESPACE(poly1305)
extern void poly1305_alone(unsigned char out[16], const unsigned char rs[32], const unsigned char m[],
                           unsigned int l) __attribute__((weak));

/* OpenSSL's capability vector, after OPENSSL_ia32cap's mask (static libcrypto) */
extern unsigned int OPENSSL_ia32cap_P[4];

static unsigned char *m;
static unsigned char kr[32], n[16];
static EVP_CIPHER *ecb;
static EVP_CIPHER_CTX *cctx;
static EVP_MAC *mac;
static EVP_MAC_CTX *mctx;
static int sodium_aesni;   /* the sodium peer's AES: AES-NI, or OpenSSL's AES_encrypt */
static FILE *csv;          /* -c: the medians as CSV rows, or NULL */

static void die(const char *what)
{
  fprintf(stderr, "bench: %s\n", what);
  exit(1);
}

/* ---- AES-128 of the nonce for the libsodium peer ---- */

AESNI_TARGET static void aesni_128(unsigned char out[16], const unsigned char k[16], const unsigned char in[16])
{
  _mm_storeu_si128((__m128i *) (void *) out, aesni_encrypt(k, in));
}

static void sodium_aes(unsigned char out[16], const unsigned char k[16], const unsigned char in[16])
{
  if (sodium_aesni) {
    aesni_128(out, k, in);
  } else {
    AES_KEY key;
    AES_set_encrypt_key(k, 128, &key);
    AES_encrypt(in, out, &key);
  }
}

/* ---- the complete Poly1305-AES of each, and OpenSSL's core ---- */

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
  sodium_aes(key + 16, kr, n);
  crypto_onetimeauth_poly1305(out, m, l, key);
}

static unsigned char core_key[32];   /* r || AES_k(n), for the cores */

/* OpenSSL's core: the ticks of update + final, the key set up before */
static unsigned long long openssl_core(unsigned char out[16], unsigned int l)
{
  unsigned long long start;
  size_t outl;
  if (!EVP_MAC_init(mctx, core_key, 32, NULL)) die("OpenSSL Poly1305 failed");
  start = cycles_now();
  if (!EVP_MAC_update(mctx, m, l) || !EVP_MAC_final(mctx, out, &outl, 16)) die("OpenSSL Poly1305 failed");
  return cycles_now() - start;
}

typedef void candidate(unsigned char out[16], unsigned int l);
static candidate *const complete[3] = { ours, openssl, sodium };
static const char *const names[4] = { "ours", "OpenSSL", "libsodium", "OpenSSL's core" };
#define CORE 3

static int compare(const void *a, const void *b)
{
  double x = *(const double *) a, y = *(const double *) b;
  return (x > y) - (x < y);
}

static void check_agree(unsigned int l)
{
  unsigned char tag[4][16];
  int c;
  for (c = 0; c < 3; ++c) complete[c](tag[c], l);
  openssl_core(tag[CORE], l);
  for (c = 1; c < 4; ++c)
    if (memcmp(tag[0], tag[c], 16)) {
      fprintf(stderr, "bench: %s and %s disagree at length %u\n", names[0], names[c], l);
      exit(1);
    }
}

/* median ticks per message of each at length l (of the complete ones only: cores 0) */
static void measure(unsigned int l, int runs, double median[4], int cores)
{
  double *sample[4];
  unsigned char out[16];
  int batch = l < 256 ? 16 : l < 2048 ? 4 : 1, r, c, i, k, count = cores ? 4 : 3;
  for (c = 0; c < count; ++c) {
    sample[c] = malloc(sizeof(double) * (size_t) runs);
    if (!sample[c]) die("out of memory");
    for (i = 0; i < 4; ++i) c < 3 ? complete[c](out, l) : (void) openssl_core(out, l);   /* warm up */
  }
  for (r = 0; r < runs; ++r)
    for (i = 0; i < count; ++i) {
      unsigned long long ticks = 0, start;
      c = (r + i) % count;              /* the order rotates: each runs first, second, ... */
      if (c == CORE) {
        for (k = 0; k < batch; ++k) ticks += openssl_core(out, l);
      } else {
        start = cycles_now();
        for (k = 0; k < batch; ++k) complete[c](out, l);
        ticks = cycles_now() - start;
      }
      sample[c][r] = (double) ticks / batch;
    }
  for (c = 0; c < count; ++c) {
    qsort(sample[c], (size_t) runs, sizeof(double), compare);
    median[c] = sample[c][runs / 2];
    free(sample[c]);
  }
  if (!cores) median[CORE] = 0;
}

/* a row; without the core (the sweep) its columns are dashes */
static void print_row(unsigned int l, const double t[4])
{
  char core[16] = "-", ratio[16] = "-";
  if (t[CORE] > 0) {
    snprintf(core, sizeof core, "%.1f", t[CORE]);
    snprintf(ratio, sizeof ratio, "%.3f", t[0] / t[CORE]);
  }
  printf("%6u %9.1f %9.1f %9.1f %9s %8.3f %8.3f %8s%s\n", l, t[0], t[1], t[2], core, t[0] / t[1], t[0] / t[2], ratio,
         t[0] >= t[1] || t[0] >= t[2] ? "  <- a peer is faster" : "");
}

static void cpu_name(char *name, size_t size);

/* the CSV rows of the complete ones at length l (speed/plot.py names the columns);
   the texts hold no comma or quote (a CPU name with one is cut there) */
static void csv_rows(unsigned int l, const double t[4], int runs)
{
  static char cpu[128];
  char who[3][96];
  int c;
  if (!csv) return;
  if (!cpu[0]) cpu_name(cpu, sizeof cpu);
  snprintf(who[0], sizeof who[0], "%s (path %s)", poly1305aes_implementation, poly1305aes_path());
  snprintf(who[1], sizeof who[1], "%s", OpenSSL_version(OPENSSL_VERSION));
  snprintf(who[2], sizeof who[2], "libsodium %s", sodium_version_string());
  for (c = 0; c < 3; ++c)
    fprintf(csv, "%s,%s,%s,%s,-,%u,%s (median of %d),%.1f\n", POLY1305AES_TARGET, cpu, c ? names[c] : "ours", who[c], l,
            cycles_name(), runs, t[c]);
}

static void row(unsigned int l, int runs)
{
  double t[4];
  check_agree(l);
  measure(l, runs, t, 1);
  print_row(l, t);
  csv_rows(l, t, runs);
}

/* Poly1305 alone: ours vs OpenSSL's core, each call timed alone */
static void poly_alone(unsigned int l, int runs)
{
  double *sample[2], median[2];
  unsigned char a[16], b[16];
  int r, c;
  if (!poly1305_alone) {
    printf("# Poly1305 alone: skipped (%s has no Poly1305 alone)\n", poly1305aes_implementation);
    return;
  }
  poly1305_alone(a, core_key, m, l);
  openssl_core(b, l);
  if (memcmp(a, b, 16)) die("Poly1305 alone: ours and OpenSSL disagree");
  for (c = 0; c < 2; ++c) sample[c] = malloc(sizeof(double) * (size_t) runs);
  if (!sample[0] || !sample[1]) die("out of memory");
  for (r = 0; r < runs; ++r)
    for (c = 0; c < 2; ++c) {
      if ((r + c) % 2 == 0) {           /* alternate which runs first */
        unsigned long long start = cycles_now();
        poly1305_alone(a, core_key, m, l);
        sample[0][r] = (double) (cycles_now() - start);
      } else {
        sample[1][r] = (double) openssl_core(b, l);
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

static int cpu_has_aesni(void)
{
  unsigned int a, b, c, d;
  return __get_cpuid(1, &a, &b, &c, &d) && (c & (1u << 25));
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
  /* AES-NI is bit 57 of OpenSSL's vector: CPUID.1:ECX bit 25, masked by OPENSSL_ia32cap */
  sodium_aesni = cpu_has_aesni() && (OPENSSL_ia32cap_P[1] & (1u << 25));
  m = malloc(MAXLEN + 64);
  if (!m) die("out of memory");
  m += 64 - ((size_t) m & 63);          /* 64-byte aligned, like the speed probe */
  prng_fill(&prng, kr, 32);
  poly1305aes_clamp(kr);
  prng_fill(&prng, n, 16);
  prng_fill(&prng, m, MAXLEN);
  memcpy(core_key, kr + 16, 16);
  sodium_aes(core_key + 16, kr, n);
}

static void cpu_name(char *name, size_t size)
{
  FILE *f = fopen("/proc/cpuinfo", "r");
  char line[256];
  snprintf(name, size, "unknown CPU");
  while (f && fgets(line, sizeof line, f))
    if (!strncmp(line, "model name", 10) && strchr(line, ':')) {
      snprintf(name, size, "%s", strchr(line, ':') + 2);
      name[strcspn(name, "\n,\"")] = 0;
      break;
    }
  if (f) fclose(f);
}

static void header(int runs)
{
  const char *cap = getenv("OPENSSL_ia32cap");
  char cpu[128];
  cpu_name(cpu, sizeof cpu);
  printf("# %s (path %s) beside %s and libsodium %s on %s (%s, %d-bit code); %s, median of %d\n",
         poly1305aes_implementation, poly1305aes_path(), OpenSSL_version(OPENSSL_VERSION), sodium_version_string(),
         POLY1305AES_TARGET, cpu, (int) (8 * sizeof(void *)), cycles_name(), runs);
  printf("# complete Poly1305-AES per message; tags of all four checked equal at every length; OpenSSL held to "
         "OPENSSL_ia32cap=%s; libsodium's nonce AES: %s\n", cap ? cap : "(unset)",
         sodium_aesni ? "AES-NI" : "OpenSSL's AES_encrypt (no AES-NI)");
  printf("%6s %9s %9s %9s %9s %8s %8s %8s\n", "length", "ours", "OpenSSL", "sodium", "core", "/OpenSSL", "/sodium",
         "/core");
}

int main(int argc, char **argv)
{
  static const unsigned int lengths[] = { 0, 16, 64, 256, 1024, 4096, 8192, 65536 };
  int runs = 101, a = 1, sweep = 0, given = 0, i;
  unsigned int step = 61, l, list[64];
  if (a < argc && !strcmp(argv[a], "sweep")) { sweep = 1; ++a; }
  for (; a < argc; ++a) {
    if (!strcmp(argv[a], "-r") && a + 1 < argc) runs = atoi(argv[++a]);
    else if (!strcmp(argv[a], "-p") && a + 1 < argc) {
      if (use_path_named(argv[++a]) != 1) die("no such path, or this CPU cannot run it");
    }
    else if (!strcmp(argv[a], "-l")) continue;
    else if (!strcmp(argv[a], "-c") && a + 1 < argc) {
      if (!(csv = fopen(argv[++a], "w"))) die("cannot write the CSV file given with -c");
    }
    else if (sweep && argv[a][0] != '-') step = (unsigned int) atoi(argv[a]);
    else if (!sweep && argv[a][0] != '-' && given < 64) list[given++] = (unsigned int) atoi(argv[a]);
    else { fprintf(stderr, "usage: bench [-p PATH] [-r RUNS] [-c CSV] [-l LEN...] | bench sweep [-p PATH] [-r RUNS] [-c CSV] [STEP]\n"); return 2; }
  }
  if (runs < 1) runs = 1;
  if (step < 1) step = 1;
  setup();
  header(runs);
  if (csv) fprintf(csv, "target,machine,who,name,condition,length,unit,value\n");
  if (!sweep) {
    if (given)
      for (i = 0; i < given; ++i) {
        if (list[i] > MAXLEN) die("length above 65536");
        row(list[i], runs);
      }
    else
      for (i = 0; i < (int) (sizeof lengths / sizeof lengths[0]); ++i) row(lengths[i], runs);
    poly_alone(MAXLEN, runs);
    if (csv && fclose(csv)) die("cannot write the CSV file given with -c");
    return 0;
  }
  {
    unsigned int slower = 0, worst_l = 0, count = 0;
    double worst = 0, t[4];
    printf("# sweep: lengths 0..4096, then every %u to 65536; only lengths where a peer is faster are listed\n", step);
    for (l = 0; l <= MAXLEN; l = l < 4096 ? l + 1 : l + step > MAXLEN && l < MAXLEN ? MAXLEN : l + step) {
      double ratio;
      check_agree(l);
      measure(l, runs, t, 0);
      ratio = t[0] / (t[1] < t[2] ? t[1] : t[2]);
      ++count;
      if (ratio > worst) { worst = ratio; worst_l = l; }
      if (ratio >= 1) {
        ++slower;
        print_row(l, t);
      }
      csv_rows(l, t, runs);
      if (l == MAXLEN) break;
    }
    printf("# sweep: %u lengths, %u where a peer is faster; worst ours/fastest-peer %.3f at length %u\n", count, slower,
           worst, worst_l);
  }
  if (csv && fclose(csv)) die("cannot write the CSV file given with -c");
  return 0;
}
