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
     bench paths [-r RUNS]            every code path this CPU runs, forced, ours
                                      alone at 0 16 64 256 1024 4096 65536 bytes
                                      behind each caller (below): "path PATH" rows
     bench mixed [-r RUNS]            a server's mixed load, every path forced: a
                                      call of 384 to 65536 bytes timed warm, after
                                      1000 calls of 64 bytes, and after idle scalar
                                      work; "mixed PATH" rows, then the same for
                                      onetimeauth: "mixo PATH" rows
     bench onetime [-p PATH] [-r RUNS]  Poly1305 with a one-time key r||s per message
                                      (no AES), at 16 64 256 1024 16384 65536 bytes:
                                      ours = the implementation's onetimeauth,
                                      libsodium's crypto_onetimeauth_poly1305,
                                      OpenSSL's EVP_MAC "POLY1305" as an application
                                      calls it (EVP_MAC_init with the key + update +
                                      final; the MAC and its context fetched once);
                                      ours over the faster peer
     bench stream [-p PATH] [-r RUNS]   65536 bytes streamed with the one-time key:
                                      init + updates of 64 bytes + final, and init +
                                      one update + final, ours (onetimeauth_init,
                                      update, final) and libsodium's
                                      (crypto_onetimeauth_poly1305_init, update, final),
                                      beside each one's one-shot onetimeauth
     bench aead [-p PATH] [-r RUNS] [-v]  Poly1305 as an AEAD streams it (ChaCha20-Poly1305,
                                      RFC 8439): init with the one-time key, update(16),
                                      update(L), update(16), final, at L = 0 64 256 1500:
                                      ours, libsodium's and OpenSSL's EVP_MAC, beside ours'
                                      one-shot onetimeauth of the same 32+L bytes; -v also
                                      ours in one update and ours' init + final alone
     bench many [-p PATH] [-r RUNS] [-e]  many messages a call, every message under its
                                      own key and nonce, batches of 8, 64 and 1024 at
                                      16, 64, 256, 1500 bytes and lengths uniform in
                                      1..1500: authenticate_many beside the same
                                      messages through authenticate calls; then keys
                                      expanded once: authenticate_expanded beside
                                      authenticate at 16, 64, 256 and 1024 bytes
                                      (ticks per message); -e: the expanded keys only
     -c FILE                          also writes each complete one's median at
                                      every length measured to FILE, as CSV
                                      (speed/plot.py: its columns; `make bench`
                                      draws the sweep's); ours behind a dirty
                                      caller is condition "ymm caller" or "zmm caller"
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
   each behind a clean caller (vzeroupper before every call, where the CPU
   has AVX: whatever the last call left), and then
     ymm, zmm ours behind a caller that left the upper halves of ymm or zmm
              dirty: one 256- or 512-bit instruction before every call and no
              vzeroupper (speed/caller.h; "-" where the CPU has no AVX or
              AVX-512); dirty/clean is the worse of the two over ours.
   Every measured input is authenticated by the three complete ones and the
   core first, and the tags must agree. Times are median rdtsc ticks per
   message over RUNS samples; a sample times a batch of calls (16 below 256
   bytes, 4 below 2048, else 1; the core's calls one by one, summed); the
   four are timed in turn inside each sample, in an order shuffled from
   sample to sample (vector units and clock licenses warm up and cool down,
   so whoever runs after whom matters), so they share the machine's noise.
   "<- a peer is faster" marks a length where a complete peer is faster than
   ours behind any of the callers; the sweep times the complete ones only
   (its core columns are dashes).
   onetime and stream time their candidates as the table does (batches, the
   shuffled order, clean callers), each tag checked against ours first: the
   one-time key is r || AES_k(n), so every tag is the table's tag.
   Poly1305 alone: ours is the implementation's onetimeauth (key r||s).
     bench aes [-r RUNS] [PATH...]    AES-128 alone, key setup plus one block (what
                                      every call computes), median ticks per block
                                      (batches of 16 behind a clean caller; the rows
                                      timed in turn, the order rotating): ours by vector permutes
                                      (common/vpaes.h, SSSE3), ours from the 2 KiB
                                      table (common/aes_table.h, when the
                                      implementation has one), ours with AES-NI
                                      (common/aesni.h), and OpenSSL's vpaes
                                      (vpaes_set_encrypt_key + vpaes_encrypt), table
                                      (AES_set_encrypt_key + AES_encrypt) and AES-NI
                                      code (aesni_*: internal entry points, global in
                                      its static library; OPENSSL_ia32cap does not
                                      apply); all checked equal first. Then the
                                      whole call at 0 and 16 bytes on each PATH,
                                      timed in turn in one run, beside the first. */
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
#include "caller.h"
#include "vpaes.h"

/* the implementation's table AES, where it has one (a weak reference) */
#define INLINE static inline __attribute__((always_inline))
#define aes_table CRYPTO_NAMESPACE(aes_table)
extern const unsigned char aes_table[2048] __attribute__((weak));
#include "aes_table.h"

#define MAXLEN 65536

/* OpenSSL's capability vector, after OPENSSL_ia32cap's mask (static libcrypto) */
extern unsigned int OPENSSL_ia32cap_P[4];

static unsigned char *m;
static unsigned char kr[32], n[16];
static EVP_CIPHER *ecb;
static EVP_CIPHER_CTX *cctx;
static EVP_MAC *mac;
static EVP_MAC_CTX *mctx;
static int sodium_aesni;   /* the sodium peer's AES: AES-NI, or OpenSSL's AES_encrypt */
static int has_avx;        /* the CPU has AVX: the clean caller runs vzeroupper */
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

/* ---- AES-128 alone, key setup plus one block ---- */

/* OpenSSL's internal entry points (global in libcrypto.a; AES_KEY from openssl/aes.h) */
int vpaes_set_encrypt_key(const unsigned char *key, int bits, AES_KEY *schedule);
void vpaes_encrypt(const unsigned char *in, unsigned char *out, const AES_KEY *schedule);
int aesni_set_encrypt_key(const unsigned char *key, int bits, AES_KEY *schedule);
/* OpenSSL's aesni_encrypt, under another name in C (common/aesni.h has one) */
void openssl_aesni_encrypt(const unsigned char *in, unsigned char *out, const AES_KEY *schedule) __asm__("aesni_encrypt");

typedef void aesfn(unsigned char out[16], const unsigned char k[16], const unsigned char in[16]);

__attribute__((noinline)) VPAES_TARGET static void ours_vperm(unsigned char out[16], const unsigned char k[16],
                                                              const unsigned char in[16])
{
  vp_store(out, vp_encrypt(k, in));
}

__attribute__((noinline)) static void ours_table(unsigned char out[16], const unsigned char k[16],
                                                 const unsigned char in[16])
{
  uint32_t s[4];
  table_encrypt(s, k, in);
  memcpy(out, s, 16);
}

__attribute__((noinline)) static void ours_aesni(unsigned char out[16], const unsigned char k[16],
                                                 const unsigned char in[16])
{
  aesni_128(out, k, in);
}

__attribute__((noinline)) static void openssl_vpaes(unsigned char out[16], const unsigned char k[16],
                                                    const unsigned char in[16])
{
  AES_KEY key;
  vpaes_set_encrypt_key(k, 128, &key);
  vpaes_encrypt(in, out, &key);
}

__attribute__((noinline)) static void openssl_table(unsigned char out[16], const unsigned char k[16],
                                                    const unsigned char in[16])
{
  AES_KEY key;
  AES_set_encrypt_key(k, 128, &key);
  AES_encrypt(in, out, &key);
}

__attribute__((noinline)) static void openssl_aesni(unsigned char out[16], const unsigned char k[16],
                                                    const unsigned char in[16])
{
  AES_KEY key;
  aesni_set_encrypt_key(k, 128, &key);
  openssl_aesni_encrypt(in, out, &key);
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
  caller_leave(CALLER_CLEAN, has_avx);
  start = cycles_now();
  if (!EVP_MAC_update(mctx, m, l) || !EVP_MAC_final(mctx, out, &outl, 16)) die("OpenSSL Poly1305 failed");
  return cycles_now() - start;
}

/* ---- Poly1305 with the one-time key core_key, per message (bench onetime, bench stream) ---- */

static void ours_onetime(unsigned char out[16], unsigned int l)
{
  poly1305aes_onetimeauth(out, core_key, m, l);
}

static void openssl_onetime(unsigned char out[16], unsigned int l)
{
  size_t outl;
  if (!EVP_MAC_init(mctx, core_key, 32, NULL) || !EVP_MAC_update(mctx, m, l) || !EVP_MAC_final(mctx, out, &outl, 16))
    die("OpenSSL Poly1305 failed");
}

static void sodium_onetime(unsigned char out[16], unsigned int l)
{
  crypto_onetimeauth_poly1305(out, m, l, core_key);
}

#define PIECE 64   /* bench stream's update size */

/* NAME(out, l, piece): m[0..l) streamed through an API's init (with core_key), updates of
   piece bytes and final, on its STATE */
#define STREAMED(name, state, init, update, final)                                      \
  static void name(unsigned char out[16], unsigned int l, unsigned int piece)           \
  {                                                                                     \
    state st;                                                                           \
    unsigned int at;                                                                    \
    init(&st, core_key);                                                                \
    for (at = 0; at < l; at += piece) update(&st, m + at, l - at < piece ? l - at : piece); \
    final(&st, out);                                                                    \
  }
STREAMED(ours_stream, poly1305aes_state, poly1305aes_onetimeauth_init, poly1305aes_update, poly1305aes_final)
STREAMED(sodium_stream, crypto_onetimeauth_poly1305_state, crypto_onetimeauth_poly1305_init,
         crypto_onetimeauth_poly1305_update, crypto_onetimeauth_poly1305_final)

static void ours_pieces(unsigned char out[16], unsigned int l) { ours_stream(out, l, PIECE); }
static void ours_whole(unsigned char out[16], unsigned int l) { ours_stream(out, l, l); }
static void sodium_pieces(unsigned char out[16], unsigned int l) { sodium_stream(out, l, PIECE); }
static void sodium_whole(unsigned char out[16], unsigned int l) { sodium_stream(out, l, l); }

/* the calls alone: one update of m[0..l) after as many empty updates as ours_pieces makes
   calls, each of which enters the library and returns: no design called once a piece does less */
static void ours_calls(unsigned char out[16], unsigned int l)
{
  poly1305aes_state st;
  unsigned int at;
  poly1305aes_onetimeauth_init(&st, core_key);
  for (at = 0; at < l; at += PIECE) poly1305aes_update(&st, m + at, 0);
  poly1305aes_update(&st, m, l);
  poly1305aes_final(&st, out);
}

/* an AEAD's use of Poly1305 (ChaCha20-Poly1305, RFC 8439) on the message m[0..32 + l): the
   associated data padded to one block, l bytes of ciphertext (l a multiple of 16 here or not:
   RFC 8439 pads it, the pattern's calls are the same), the block of lengths; each API streams
   it as an AEAD does: init with core_key, update(16), update(l), update(16), final */
#define AEAD_STREAMED(name, state, init, update, final) \
  static void name(unsigned char out[16], unsigned int l) \
  {                                                       \
    state st;                                             \
    init(&st, core_key);                                  \
    update(&st, m, 16);                                   \
    update(&st, m + 16, l);                               \
    update(&st, m + 16 + l, 16);                          \
    final(&st, out);                                      \
  }
AEAD_STREAMED(ours_aead, poly1305aes_state, poly1305aes_onetimeauth_init, poly1305aes_update, poly1305aes_final)
AEAD_STREAMED(sodium_aead, crypto_onetimeauth_poly1305_state, crypto_onetimeauth_poly1305_init,
              crypto_onetimeauth_poly1305_update, crypto_onetimeauth_poly1305_final)

/* OpenSSL's EVP_MAC in the same pattern (the MAC and its context fetched once) */
static void openssl_aead(unsigned char out[16], unsigned int l)
{
  size_t outl;
  if (!EVP_MAC_init(mctx, core_key, 32, NULL) || !EVP_MAC_update(mctx, m, 16) || !EVP_MAC_update(mctx, m + 16, l)
      || !EVP_MAC_update(mctx, m + 16 + l, 16) || !EVP_MAC_final(mctx, out, &outl, 16))
    die("OpenSSL Poly1305 failed");
}

/* ours' one-shot onetimeauth of the same 32 + l bytes */
static void ours_aead_shot(unsigned char out[16], unsigned int l)
{
  poly1305aes_onetimeauth(out, core_key, m, 32 + l);
}

/* the pattern's parts (bench aead -v): the same bytes in one update, and init + final alone */
static void ours_aead_whole(unsigned char out[16], unsigned int l)
{
  poly1305aes_state st;
  poly1305aes_onetimeauth_init(&st, core_key);
  poly1305aes_update(&st, m, 32 + l);
  poly1305aes_final(&st, out);
}

static void ours_init_final(unsigned char out[16], unsigned int l)
{
  poly1305aes_state st;
  (void) l;
  poly1305aes_onetimeauth_init(&st, core_key);
  poly1305aes_final(&st, out);
}

typedef void candidate(unsigned char out[16], unsigned int l);
/* what is timed: the complete ones behind a clean caller, OpenSSL's core, ours behind dirty
   callers (the table: TABLE), then bench onetime's and bench stream's, behind a clean caller */
enum { OURS, OPENSSL, SODIUM, CORE, OURS_YMM, OURS_ZMM, OURS_ZMM_CLEANED, TABLE, ONE_OURS = TABLE, ONE_OPENSSL,
       ONE_SODIUM, STREAM_OURS, STREAM_OURS_WHOLE, STREAM_SODIUM, STREAM_SODIUM_WHOLE, STREAM_OURS_CALLS,
       AEAD_OURS, AEAD_SHOT, AEAD_SODIUM, AEAD_OPENSSL, AEAD_WHOLE, AEAD_INIT_FINAL, TIMED };
static candidate *const complete[TIMED] = { ours, openssl, sodium, NULL, ours, ours, ours, ours_onetime,
                                            openssl_onetime, sodium_onetime, ours_pieces, ours_whole, sodium_pieces,
                                            sodium_whole, ours_calls, ours_aead, ours_aead_shot, sodium_aead,
                                            openssl_aead, ours_aead_whole, ours_init_final };
static const enum caller callers[TIMED] = { CALLER_CLEAN, CALLER_CLEAN, CALLER_CLEAN, CALLER_CLEAN, CALLER_YMM,
                                            CALLER_ZMM, CALLER_ZMM_CLEANED }; /* the rest clean */
static const char *const names[TIMED] = { "ours", "OpenSSL", "libsodium", "OpenSSL's core", "ours (ymm caller)",
                                          "ours (zmm caller)", "ours (zmm-cleaned caller)", "ours onetimeauth",
                                          "OpenSSL EVP_MAC",
                                          "libsodium onetimeauth", "ours streamed", "ours in one update",
                                          "libsodium streamed", "libsodium in one update",
                                          "ours' calls alone", "ours AEAD pattern", "ours one-shot",
                                          "libsodium AEAD pattern", "OpenSSL AEAD pattern", "ours in one update",
                                          "ours init + final" };
static int timed[TIMED];   /* 1: this CPU runs it, in the table */

static int compare(const void *a, const void *b)
{
  double x = *(const double *) a, y = *(const double *) b;
  return (x > y) - (x < y);
}

/* the tags of the candidates in use[] at length l agree with ours' complete tag */
static void check_agree(unsigned int l, const int use[TIMED])
{
  unsigned char tag[TIMED][16], aead[16];
  int c;
  ours(tag[OURS], l);
  poly1305aes_onetimeauth(aead, core_key, m, 32 + l);   /* the AEAD pattern's bytes (bench aead) */
  for (c = 0; c < TIMED; ++c) {
    if (!use[c] || c == AEAD_INIT_FINAL) continue;
    if (c == CORE) openssl_core(tag[c], l);
    else {
      caller_leave(callers[c], has_avx);
      complete[c](tag[c], l);
    }
    if (memcmp(c >= AEAD_OURS ? aead : tag[OURS], tag[c], 16)) {
      fprintf(stderr, "bench: %s and %s disagree at length %u\n", names[OURS], names[c], l);
      exit(1);
    }
  }
}

/* ticks per message of candidate c at length l over a batch, each call behind its caller */
static double time_batch(int c, unsigned int l, int batch)
{
  unsigned long long ticks = 0, start;
  unsigned char out[16];
  int k;
  if (c == CORE) {
    for (k = 0; k < batch; ++k) ticks += openssl_core(out, l);
  } else {
    enum caller who = callers[c];
    candidate *f = complete[c];
    start = cycles_now();
    for (k = 0; k < batch; ++k) {
      caller_leave(who, has_avx);
      f(out, l);
    }
    ticks = cycles_now() - start;
  }
  return (double) ticks / batch;
}

static unsigned int shuffle_state = 2463534242u;   /* measure's orders */

/* median ticks per message at length l of the candidates in use[] (the others 0) */
static void measure(unsigned int l, int runs, double median[TIMED], const int use[TIMED])
{
  double *sample[TIMED];
  int batch = l < 256 ? 16 : l < 2048 ? 4 : 1, r, c, i, count = 0, order[TIMED];
  for (c = 0; c < TIMED; ++c) {
    median[c] = 0;
    if (!use[c]) continue;
    order[count++] = c;
    sample[c] = malloc(sizeof(double) * (size_t) runs);
    if (!sample[c]) die("out of memory");
    for (i = 0; i < 4; ++i) time_batch(c, l, 1);   /* warm up */
  }
  /* a new order each run (Fisher-Yates, a fixed xorshift): which one runs
     just before another varies. A fixed cycle (the order only rotating)
     always timed ours behind the ymm caller right after libsodium, whose
     long stretch without 512-bit code leaves the IFMA code that follows
     slower on Intel (doc/results/amd64.md, the mixed load) */
  for (r = 0; r < runs; ++r) {
    for (i = count - 1; i > 0; --i) {
      int j, t;
      shuffle_state ^= shuffle_state << 13;
      shuffle_state ^= shuffle_state >> 17;
      shuffle_state ^= shuffle_state << 5;
      j = (int) (shuffle_state % (unsigned int) (i + 1));
      t = order[i], order[i] = order[j], order[j] = t;
    }
    for (i = 0; i < count; ++i) {
      c = order[i];
      sample[c][r] = time_batch(c, l, batch);
    }
  }
  for (i = 0; i < count; ++i) {
    c = order[i];
    qsort(sample[c], (size_t) runs, sizeof(double), compare);
    median[c] = sample[c][runs / 2];
    free(sample[c]);
  }
}

/* ours behind its slowest caller */
static double ours_worst(const double t[TIMED])
{
  double worst = t[OURS];
  if (t[OURS_YMM] > worst) worst = t[OURS_YMM];
  if (t[OURS_ZMM] > worst) worst = t[OURS_ZMM];
  return worst;
}

static void column(char *text, size_t size, double value, const char *format)
{
  if (value > 0) snprintf(text, size, format, value);
  else snprintf(text, size, "-");
}

/* a row; without the core (the sweep) its columns are dashes */
static void print_row(unsigned int l, const double t[TIMED])
{
  char core[16], ratio[16], ymm[16], zmm[16], dirty[16];
  double worst = ours_worst(t);
  column(core, sizeof core, t[CORE], "%.1f");
  column(ratio, sizeof ratio, t[CORE] > 0 ? t[OURS] / t[CORE] : 0, "%.3f");
  column(ymm, sizeof ymm, t[OURS_YMM], "%.1f");
  column(zmm, sizeof zmm, t[OURS_ZMM], "%.1f");
  column(dirty, sizeof dirty, t[OURS_YMM] > 0 ? worst / t[OURS] : 0, "%.3f");
  printf("%6u %9.1f %9.1f %9.1f %9s %8.3f %8.3f %8s %9s %9s %11s%s\n", l, t[OURS], t[OPENSSL], t[SODIUM], core,
         t[OURS] / t[OPENSSL], t[OURS] / t[SODIUM], ratio, ymm, zmm, dirty,
         worst >= t[OPENSSL] || worst >= t[SODIUM] ? "  <- a peer is faster" : "");
}

static void cpu_name(char *name, size_t size);

/* the CSV rows of the complete ones at length l (speed/plot.py names the columns);
   the texts hold no comma or quote (a CPU name with one is cut there) */
static void csv_rows(unsigned int l, const double t[TIMED], int runs)
{
  static const int written[5] = { OURS, OPENSSL, SODIUM, OURS_YMM, OURS_ZMM };
  static char cpu[128];
  char who[TIMED][96];
  int i, c;
  if (!csv) return;
  if (!cpu[0]) cpu_name(cpu, sizeof cpu);
  snprintf(who[OURS], sizeof who[OURS], "%s (path %s)", poly1305aes_implementation, poly1305aes_path());
  snprintf(who[OPENSSL], sizeof who[OPENSSL], "%s", OpenSSL_version(OPENSSL_VERSION));
  snprintf(who[SODIUM], sizeof who[SODIUM], "libsodium %s", sodium_version_string());
  memcpy(who[OURS_YMM], who[OURS], sizeof who[OURS]);
  memcpy(who[OURS_ZMM], who[OURS], sizeof who[OURS]);
  for (i = 0; i < 5; ++i) {
    c = written[i];
    if (t[c] > 0)
      fprintf(csv, "%s,%s,%s,%s,%s,%u,%s (median of %d),%.1f\n", POLY1305AES_TARGET, cpu, c == OPENSSL ? names[c]
              : c == SODIUM ? names[c] : "ours", who[c], c == OURS_YMM ? "ymm caller" : c == OURS_ZMM ? "zmm caller"
              : "-", l, cycles_name(), runs, t[c]);
  }
}

static void row(unsigned int l, int runs)
{
  double t[TIMED];
  check_agree(l, timed);
  measure(l, runs, t, timed);
  print_row(l, t);
  csv_rows(l, t, runs);
}

/* Poly1305 alone: ours vs OpenSSL's core, each call timed alone */
static void poly_alone(unsigned int l, int runs)
{
  double *sample[2], median[2];
  unsigned char a[16], b[16];
  int r, c;
  poly1305aes_onetimeauth(a, core_key, m, l);
  openssl_core(b, l);
  if (memcmp(a, b, 16)) die("Poly1305 alone: ours and OpenSSL disagree");
  for (c = 0; c < 2; ++c) sample[c] = malloc(sizeof(double) * (size_t) runs);
  if (!sample[0] || !sample[1]) die("out of memory");
  for (r = 0; r < runs; ++r)
    for (c = 0; c < 2; ++c) {
      if ((r + c) % 2 == 0) {           /* alternate which runs first */
        unsigned long long start;
        caller_leave(CALLER_CLEAN, has_avx);
        start = cycles_now();
        poly1305aes_onetimeauth(a, core_key, m, l);
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
  printf("# Poly1305 alone at %u bytes (OpenSSL's key setup excluded, ours' included: onetimeauth): ours %.1f, OpenSSL %.1f ticks, ours/OpenSSL %.3f\n", l,
         median[0], median[1], median[0] / median[1]);
}

/* bench onetime: the target, ours at most 0.7 of the faster peer at every length */
#define ONETIME_TARGET 0.7
static void onetime(int runs)
{
  static const unsigned int lengths[] = { 16, 64, 256, 1024, 16384, 65536 };
  int use[TIMED] = { 0 };
  unsigned int i, missed = 0;
  use[ONE_OURS] = use[ONE_OPENSSL] = use[ONE_SODIUM] = 1;
  printf("# onetimeauth: Poly1305 with the one-time key r||s per message (no AES), tags checked equal; "
         "median ticks per message; target: ours/faster <= %.2f\n", ONETIME_TARGET);
  printf("%6s %9s %9s %9s %8s %8s %8s\n", "length", "ours", "OpenSSL", "sodium", "/OpenSSL", "/sodium", "/faster");
  for (i = 0; i < sizeof lengths / sizeof lengths[0]; ++i) {
    double t[TIMED], faster, ratio;
    check_agree(lengths[i], use);
    measure(lengths[i], runs, t, use);
    faster = t[ONE_OPENSSL] < t[ONE_SODIUM] ? t[ONE_OPENSSL] : t[ONE_SODIUM];
    ratio = t[ONE_OURS] / faster;
    missed += ratio > ONETIME_TARGET;
    printf("%6u %9.1f %9.1f %9.1f %8.3f %8.3f %8.3f%s\n", lengths[i], t[ONE_OURS], t[ONE_OPENSSL], t[ONE_SODIUM],
           t[ONE_OURS] / t[ONE_OPENSSL], t[ONE_OURS] / t[ONE_SODIUM], ratio, ratio > ONETIME_TARGET ? "  <- misses" : "");
  }
  printf("# onetimeauth: %u of %u lengths miss the target\n", missed, (unsigned int) (sizeof lengths / sizeof lengths[0]));
}

/* bench stream: the target, 64-byte updates at most 1.2 of one update */
#define STREAM_TARGET 1.2
static void stream(int runs)
{
  int use[TIMED] = { 0 };
  double t[TIMED];
  use[STREAM_OURS] = use[STREAM_OURS_WHOLE] = use[STREAM_SODIUM] = use[STREAM_SODIUM_WHOLE] = use[STREAM_OURS_CALLS] = 1;
  use[ONE_OURS] = use[ONE_SODIUM] = 1;
  check_agree(MAXLEN, use);
  measure(MAXLEN, runs, t, use);
  printf("# stream: %u bytes with the one-time key, init + updates + final, tags checked equal; median ticks per "
         "message; target: ours' %u-byte updates over one update <= %.2f; one-shot: onetimeauth in one call\n",
         MAXLEN, PIECE, STREAM_TARGET);
  printf("%-10s %11s %11s %8s %11s %12s\n", "who", "64-byte", "one update", "ratio", "one-shot", "update/shot");
  printf("%-10s %11.1f %11.1f %8.3f %11.1f %12.3f%s\n", "ours", t[STREAM_OURS], t[STREAM_OURS_WHOLE],
         t[STREAM_OURS] / t[STREAM_OURS_WHOLE], t[ONE_OURS], t[STREAM_OURS_WHOLE] / t[ONE_OURS],
         t[STREAM_OURS] / t[STREAM_OURS_WHOLE] > STREAM_TARGET ? "  <- misses" : "");
  printf("%-10s %11.1f %11.1f %8.3f %11.1f %12.3f\n", "libsodium", t[STREAM_SODIUM], t[STREAM_SODIUM_WHOLE],
         t[STREAM_SODIUM] / t[STREAM_SODIUM_WHOLE], t[ONE_SODIUM], t[STREAM_SODIUM_WHOLE] / t[ONE_SODIUM]);
  printf("%-10s %11.1f %11.1f %8.3f\n", "calls", t[STREAM_OURS_CALLS], t[STREAM_OURS_WHOLE],
         t[STREAM_OURS_CALLS] / t[STREAM_OURS_WHOLE]);
  printf("# calls: one update after %u empty updates (the calls of the 64-byte stream, each entering the library "
         "and returning): the least any design called once a piece can take\n", MAXLEN / PIECE);
}

/* bench aead: the target, at every length ours' AEAD pattern at most 1.3 of ours' one-shot
   onetimeauth of the same bytes and at most 0.5 of the faster peer's AEAD pattern */
#define AEAD_OVER_SHOT 1.3
#define AEAD_OVER_PEER 0.5
static void aead(int runs, int parts)
{
  static const unsigned int lengths[] = { 0, 64, 256, 1500 };
  int use[TIMED] = { 0 };
  unsigned int i, missed = 0;
  use[AEAD_OURS] = use[AEAD_SHOT] = use[AEAD_SODIUM] = use[AEAD_OPENSSL] = 1;
  use[AEAD_WHOLE] = use[AEAD_INIT_FINAL] = parts;
  printf("# aead: Poly1305 as ChaCha20-Poly1305 (RFC 8439) streams it: init with the one-time key, update(16 "
         "bytes of padded associated data), update(L bytes), update(16 bytes of lengths), final; median ticks per "
         "message; shot: ours' onetimeauth of the same 32+L bytes in one call; target: /shot <= %.2f and "
         "/peer (the faster) <= %.2f\n", AEAD_OVER_SHOT, AEAD_OVER_PEER);
  printf("%6s %9s %9s %9s %9s %8s %8s%s\n", "L", "ours", "shot", "sodium", "OpenSSL", "/shot", "/peer",
         parts ? "     whole init+final" : "");
  for (i = 0; i < sizeof lengths / sizeof lengths[0]; ++i) {
    double t[TIMED], peer, over_shot, over_peer;
    check_agree(lengths[i], use);
    measure(lengths[i], runs, t, use);
    peer = t[AEAD_SODIUM] < t[AEAD_OPENSSL] ? t[AEAD_SODIUM] : t[AEAD_OPENSSL];
    over_shot = t[AEAD_OURS] / t[AEAD_SHOT];
    over_peer = t[AEAD_OURS] / peer;
    missed += over_shot > AEAD_OVER_SHOT || over_peer > AEAD_OVER_PEER;
    printf("%6u %9.1f %9.1f %9.1f %9.1f %8.3f %8.3f", lengths[i], t[AEAD_OURS], t[AEAD_SHOT], t[AEAD_SODIUM],
           t[AEAD_OPENSSL], over_shot, over_peer);
    if (parts) printf(" %9.1f %10.1f", t[AEAD_WHOLE], t[AEAD_INIT_FINAL]);
    printf("%s\n", over_shot > AEAD_OVER_SHOT || over_peer > AEAD_OVER_PEER ? "  <- misses" : "");
  }
  printf("# aead: %u of %u lengths miss the target\n", missed, (unsigned int) (sizeof lengths / sizeof lengths[0]));
}

/* every path this CPU runs, forced: ours alone behind each caller */
static void paths(int runs)
{
  static const unsigned int lengths[] = { 0, 16, 64, 256, 1024, 4096, 65536 };
  int use[TIMED] = { 0 }, missed = 0;
  unsigned int p, i;
  const char *path;
  use[OURS] = 1, use[OURS_YMM] = timed[OURS_YMM], use[OURS_ZMM] = use[OURS_ZMM_CLEANED] = timed[OURS_ZMM];
  printf("# every path forced, ours alone behind each caller; zmm-cleaned: a caller that ran the zmm caller's "
         "512-bit instruction, then vzeroupper; dirty/clean: the worse of ymm over clean and zmm over zmm-cleaned "
         "(the dirty state's own cost)\n");
  printf("%-4s %-12s %6s %9s %9s %9s %11s %11s\n", "#", "path", "length", "clean", "ymm", "zmm", "zmm-cleaned",
         "dirty/clean");
  for (p = 0; (path = poly1305aes_path_name(p)) != NULL; ++p) {
    if (!poly1305aes_path_use(p)) {
      printf("# path %s: this CPU cannot run it\n", path);
      continue;
    }
    for (i = 0; i < sizeof lengths / sizeof lengths[0]; ++i) {
      double t[TIMED], worse = 0;
      char ymm[16], zmm[16], cleaned[16], dirty[16];
      check_agree(lengths[i], use);
      measure(lengths[i], runs, t, use);
      if (t[OURS_YMM] > 0) worse = t[OURS_YMM] / t[OURS];
      if (t[OURS_ZMM] > 0 && t[OURS_ZMM] / t[OURS_ZMM_CLEANED] > worse) worse = t[OURS_ZMM] / t[OURS_ZMM_CLEANED];
      column(ymm, sizeof ymm, t[OURS_YMM], "%.1f");
      column(zmm, sizeof zmm, t[OURS_ZMM], "%.1f");
      column(cleaned, sizeof cleaned, t[OURS_ZMM_CLEANED], "%.1f");
      column(dirty, sizeof dirty, worse, "%.3f");
      printf("path %-12s %6u %9.1f %9s %9s %11s %11s\n", path, lengths[i], t[OURS], ymm, zmm, cleaned, dirty);
      if (lengths[i] <= 1024 && worse > 1.1) {
        if (!missed++) printf("# over 1.1:");
        printf(" %s at %u (%.3f)", path, lengths[i], worse);
      }
    }
  }
  if (missed) printf("\n");
  if (timed[OURS_YMM])
    printf("# target: dirty/clean at most 1.100 at 0, 16, 64, 256, 1024 bytes on every path: %s\n",
           missed ? "missed" : "met");
}

/* a server's mixed load: each path forced in turn (a block of runs each, so
   no other path's vector code runs between), one call of a long message
   timed in three states: warm (the same call just before: a loop's state),
   after SHORT_CALLS calls of 64 bytes (the short traffic: the scalar code),
   and after IDLE_TICKS of scalar work (a spin on the cycle counter: vector
   units left idle, as after the other code of an application) */
enum { SHORT_CALLS = 1000 };
#define IDLE_TICKS 200000ULL
/* the long call a mixed load times: the complete Poly1305-AES, or Poly1305
   alone with the one-time key (onetime) */
static void long_call(int onetime, unsigned char out[16], unsigned int l)
{
  if (onetime) poly1305aes_onetimeauth(out, core_key, m, l);
  else poly1305aes_authenticate(out, kr, n, m, l);
}

static void mixed(int runs, int onetime)
{
  static const unsigned int longs[] = { 384, 512, 768, 1024, 1536, 2048, 4096, 8192, 16384, 32768, 65536 };
  enum { PATHS = 16, STATES = 3 };
  static const char *const state_name[STATES] = { "warm", "short", "idle" };
  double *sample, median[PATHS][STATES], best[STATES];
  unsigned int p, count = 0, i, k, runnable[PATHS];
  unsigned char out[16];
  int r, j, st;
  const char *name;
  for (p = 0; (name = poly1305aes_path_name(p)) != NULL && count < PATHS; ++p)
    if (poly1305aes_path_use(p)) runnable[count++] = p;
  if (!(sample = malloc(sizeof(double) * (size_t) runs))) die("out of memory");
  printf("# mixed load, %s: one call of LENGTH bytes, every path forced in turn, clean caller, timed warm (the same call "
         "just before), after %u calls of 64 bytes (short), and after %llu ticks of scalar work (idle); "
         "/best: over the fastest path's in the same state\n", onetime ? "Poly1305 alone (onetimeauth)" : "complete Poly1305-AES",
         (unsigned int) SHORT_CALLS, IDLE_TICKS);
  printf("%-5s %-12s %6s %9s %9s %9s %6s %6s %6s\n", "#", "path", "length", state_name[0], state_name[1],
         state_name[2], "/best", "/best", "/best");
  for (i = 0; i < sizeof longs / sizeof longs[0]; ++i) {
    for (j = 0; j < (int) count; ++j) {
      poly1305aes_path_use(runnable[j]);
      for (st = 0; st < STATES; ++st) {
        for (r = 0; r < runs; ++r) {
          unsigned long long start;
          if (st == 0) {
            caller_leave(CALLER_CLEAN, has_avx);
            long_call(onetime, out, longs[i]);
          } else if (st == 1) {
            for (k = 0; k < SHORT_CALLS; ++k) {
              caller_leave(CALLER_CLEAN, has_avx);
              poly1305aes_authenticate(out, kr, n, m, 64);
            }
          } else {
            start = cycles_now();
            while (cycles_now() - start < IDLE_TICKS) continue;
          }
          caller_leave(CALLER_CLEAN, has_avx);
          start = cycles_now();
          long_call(onetime, out, longs[i]);
          sample[r] = (double) (cycles_now() - start);
        }
        qsort(sample, (size_t) runs, sizeof(double), compare);
        median[j][st] = sample[runs / 2];
      }
    }
    for (st = 0; st < STATES; ++st) {
      best[st] = median[0][st];
      for (j = 1; j < (int) count; ++j)
        if (median[j][st] < best[st]) best[st] = median[j][st];
    }
    for (j = 0; j < (int) count; ++j)
      printf("%-5s %-12s %6u %9.1f %9.1f %9.1f %6.3f %6.3f %6.3f\n", onetime ? "mixo" : "mixed",
             poly1305aes_path_name(runnable[j]), longs[i],
             median[j][0], median[j][1], median[j][2], median[j][0] / best[0], median[j][1] / best[1],
             median[j][2] / best[2]);
  }
  free(sample);
}

static int cpu_has_aesni(void)
{
  unsigned int a, b, c, d;
  return __get_cpuid(1, &a, &b, &c, &d) && (c & (1u << 25));
}

static int cpu_has_ssse3(void)
{
  unsigned int a, b, c, d;
  return __get_cpuid(1, &a, &b, &c, &d) && (c & (1u << 9));
}

/* bench aes: AES-128 alone, then whole calls on each of the paths given */
static const struct {
  const char *name;
  aesfn *fn;
} aes_rows[] = {
  { "ours, vector permutes (SSSE3)", ours_vperm }, { "ours, 2 KiB table", ours_table },
  { "ours, AES-NI", ours_aesni }, { "OpenSSL vpaes (SSSE3)", openssl_vpaes },
  { "OpenSSL table (AES_encrypt)", openssl_table }, { "OpenSSL AES-NI", openssl_aesni },
};
#define AES_ROWS (int) (sizeof aes_rows / sizeof aes_rows[0])

/* median ticks per call of each of count timed functions (time(i) times one batch of i) */
static void medians(double median[], int count, int runs, double (*time)(int))
{
  double *sample[AES_ROWS];
  int r, i;
  for (i = 0; i < count; ++i) {
    sample[i] = malloc(sizeof(double) * (size_t) runs);
    if (!sample[i]) die("out of memory");
  }
  for (r = 0; r < runs; ++r)
    for (i = 0; i < count; ++i) sample[(r + i) % count][r] = time((r + i) % count);
  for (i = 0; i < count; ++i) {
    qsort(sample[i], (size_t) runs, sizeof(double), compare);
    median[i] = sample[i][runs / 2];
    free(sample[i]);
  }
}

#define BATCH 16
static int aes_timed[AES_ROWS];     /* the rows this CPU runs */
static char **aes_path;             /* the paths whose calls are timed */
static unsigned int aes_length;

static double time_aes(int i)
{
  unsigned char out[16];
  unsigned long long start;
  int k;
  caller_leave(CALLER_CLEAN, has_avx);
  start = cycles_now();
  for (k = 0; k < BATCH; ++k) aes_rows[aes_timed[i]].fn(out, kr, n);
  return (double) (cycles_now() - start) / BATCH;
}

static double time_path(int i)
{
  unsigned char out[16];
  unsigned long long start;
  int k;
  use_path_named(aes_path[i]);
  ours(out, aes_length);
  caller_leave(CALLER_CLEAN, has_avx);
  start = cycles_now();
  for (k = 0; k < BATCH; ++k) ours(out, aes_length);
  return (double) (cycles_now() - start) / BATCH;
}

static void aes_alone(int runs, char **path, int paths)
{
  double median[AES_ROWS];
  unsigned char want[16], got[16];
  int count = 0, vpaes = 0, i, p;
  if (!cpu_has_ssse3()) die("this CPU has no SSSE3: no vector-permute AES to time");
  for (i = 0; i < AES_ROWS; ++i) {
    if ((aes_rows[i].fn == ours_aesni || aes_rows[i].fn == openssl_aesni) && !cpu_has_aesni()) continue;
    if (aes_rows[i].fn == ours_table && !aes_table) continue;
    if (aes_rows[i].fn == openssl_vpaes) vpaes = count;
    aes_rows[i].fn(got, kr, n);
    if (count == 0) memcpy(want, got, 16);
    else if (memcmp(want, got, 16)) die("the AES rows disagree");
    aes_timed[count++] = i;
  }
  medians(median, count, runs, time_aes);
  printf("# AES-128 alone: key setup plus one block, median ticks per block (every row gives the same block)\n");
  for (i = 0; i < count; ++i)
    printf("%-32s %8.1f   %.3f of OpenSSL vpaes\n", aes_rows[aes_timed[i]].name, median[i], median[i] / median[vpaes]);
  if (!paths) return;
  for (p = 0; p < paths; ++p)
    if (use_path_named(path[p]) != 1) die("no such path, or this CPU cannot run it");
  aes_path = path;
  printf("# the whole call (authenticate) on each path, median ticks per call, the paths timed in turn\n%6s", "length");
  for (p = 0; p < paths; ++p) printf(" %12s", path[p]);
  printf("\n");
  for (aes_length = 0; aes_length <= 16; aes_length += 16) {
    medians(median, paths, runs, time_path);
    printf("%6u", aes_length);
    for (p = 0; p < paths; ++p) printf(" %12.1f", median[p]);
    for (p = 1; p < paths; ++p) printf("   %s/%s %.3f", path[p], path[0], median[p] / median[0]);
    printf("\n");
  }
}

/* ---- many messages a call (bench many) ---- */

#define MANY_MAX 1024
#define MANY_LONGEST 1500

static int compare_double(const void *a, const void *b)
{
  double x = *(const double *) a, y = *(const double *) b;
  return x < y ? -1 : x > y;
}

/* median over runs of the ticks per message of f over a batch, f and g timed in turn (the first
   of each pair alternating), each sample behind a clean caller */
static void many_pair(void (*f)(size_t), void (*g)(size_t), size_t count, int runs, double *tf, double *tg)
{
  double *a = malloc(sizeof(double) * (size_t) runs), *b = malloc(sizeof(double) * (size_t) runs);
  unsigned long long start;
  int r, i;
  if (!a || !b) die("out of memory");
  for (i = 0; i < 3; ++i) f(count), g(count);   /* warm up */
  for (r = 0; r < runs; ++r)
    for (i = 0; i < 2; ++i) {
      int first = (r + i) % 2 == 0;
      caller_leave(CALLER_CLEAN, has_avx);
      start = cycles_now();
      (first ? f : g)(count);
      (first ? a : b)[r] = (double) (cycles_now() - start) / (double) count;
    }
  qsort(a, (size_t) runs, sizeof(double), compare_double);
  qsort(b, (size_t) runs, sizeof(double), compare_double);
  *tf = a[runs / 2], *tg = b[runs / 2];
  free(a);
  free(b);
}

static unsigned char many_keys[MANY_MAX][32], many_nonces[MANY_MAX][16], many_tags[MANY_MAX][16];
static const unsigned char *many_kp[MANY_MAX], *many_np[MANY_MAX], *many_mp[MANY_MAX];
static unsigned char *many_op[MANY_MAX];
static size_t many_l[MANY_MAX];
static poly1305aes_key many_ek[MANY_MAX];

static void by_many(size_t count)
{
  poly1305aes_authenticate_many(many_op, many_kp, many_np, many_mp, many_l, count);
}

static void by_calls(size_t count)
{
  size_t i;
  for (i = 0; i < count; ++i)
    poly1305aes_authenticate(many_tags[i], many_kp[i], many_np[i], many_mp[i], (unsigned int) many_l[i]);
}

static unsigned int expanded_l;   /* the length by_expanded and by_calls_at take */
static int many_expanded_only;    /* bench many -e */

static void by_expanded(size_t count)
{
  size_t i;
  for (i = 0; i < count; ++i)
    poly1305aes_authenticate_expanded(many_tags[i], &many_ek[i], many_np[i], many_mp[i], expanded_l);
}

static void by_calls_at(size_t count)
{
  size_t i;
  for (i = 0; i < count; ++i) poly1305aes_authenticate(many_tags[i], many_kp[i], many_np[i], many_mp[i], expanded_l);
}

/* authenticate_many beside authenticate in a loop, batches of distinct keys and nonces, and
   authenticate_expanded (keys expanded beforehand) beside authenticate at 16 to 1024 bytes */
static void many(int runs)
{
  static const size_t batches[] = { 8, 64, 1024 };
  static const int lengths[] = { 16, 64, 256, 1500, 0 };   /* 0: uniform in 1..1500 */
  static const unsigned int expanded_lengths[] = { 16, 64, 256, 1024 };
  unsigned char *msgs = malloc((size_t) MANY_MAX * MANY_LONGEST), want[16];
  uint64_t prng = 1307;
  size_t i, b;
  int li;
  double tm, tc;
  if (!msgs) die("out of memory");
  prng_fill(&prng, msgs, (size_t) MANY_MAX * MANY_LONGEST);
  for (i = 0; i < MANY_MAX; ++i) {
    prng_fill(&prng, many_keys[i], 32);
    poly1305aes_clamp(many_keys[i]);
    prng_fill(&prng, many_nonces[i], 16);
    many_kp[i] = many_keys[i], many_np[i] = many_nonces[i], many_mp[i] = msgs + MANY_LONGEST * i;
    many_op[i] = many_tags[i];
  }
  if (!many_expanded_only) {
    printf("# many messages a call: ticks per message, median of %d batches, every message under its own key "
           "and nonce; authenticate_many beside the same messages through authenticate calls\n", runs);
    printf("%9s %6s %10s %12s %8s\n", "length", "batch", "many", "authenticate", "ratio");
  }
  for (li = many_expanded_only ? (int) (sizeof lengths / sizeof lengths[0]) : 0;
       li < (int) (sizeof lengths / sizeof lengths[0]); ++li)
    for (b = 0; b < sizeof batches / sizeof batches[0]; ++b) {
      size_t count = batches[b];
      for (i = 0; i < count; ++i)
        many_l[i] = lengths[li] ? (size_t) lengths[li] : 1 + (size_t) (prng_next(&prng) % MANY_LONGEST);
      by_many(count);
      for (i = 0; i < count; ++i) {
        poly1305aes_authenticate(want, many_kp[i], many_np[i], many_mp[i], (unsigned int) many_l[i]);
        if (memcmp(want, many_tags[i], 16)) die("authenticate_many and authenticate disagree");
      }
      many_pair(by_many, by_calls, count, runs, &tm, &tc);
      if (lengths[li]) printf("%9d %6lu %10.1f %12.1f %8.3f\n", lengths[li], (unsigned long) count, tm, tc, tm / tc);
      else printf("%9s %6lu %10.1f %12.1f %8.3f\n", "1..1500", (unsigned long) count, tm, tc, tm / tc);
    }
  printf("# keys expanded once (key_expand, outside the timing): authenticate_expanded beside authenticate, "
         "one key each\n");
  printf("%9s %6s %10s %12s %8s\n", "length", "batch", "expanded", "authenticate", "ratio");
  for (i = 0; i < MANY_MAX; ++i) poly1305aes_key_expand(&many_ek[i], many_keys[i]);
  for (li = 0; li < (int) (sizeof expanded_lengths / sizeof expanded_lengths[0]); ++li)
    for (b = 0; b < sizeof batches / sizeof batches[0]; ++b) {
      size_t count = batches[b];
      expanded_l = expanded_lengths[li];
      by_expanded(count);
      for (i = 0; i < count; ++i) {
        poly1305aes_authenticate(want, many_kp[i], many_np[i], many_mp[i], expanded_l);
        if (memcmp(want, many_tags[i], 16)) die("authenticate_expanded and authenticate disagree");
      }
      many_pair(by_expanded, by_calls_at, count, runs, &tm, &tc);
      printf("%9u %6lu %10.1f %12.1f %8.3f\n", expanded_l, (unsigned long) count, tm, tc, tm / tc);
    }
  for (i = 0; i < MANY_MAX; ++i) poly1305aes_key_wipe(&many_ek[i]);
  free(msgs);
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
  has_avx = caller_runs(CALLER_YMM);
  timed[OURS] = timed[OPENSSL] = timed[SODIUM] = timed[CORE] = 1;
  timed[OURS_YMM] = has_avx;
  timed[OURS_ZMM] = caller_runs(CALLER_ZMM);
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

/* who runs beside whom on what */
static void header_line(int runs)
{
  char cpu[128];
  cpu_name(cpu, sizeof cpu);
  printf("# %s (path %s) beside %s and libsodium %s on %s (%s, %d-bit code); %s, median of %d\n",
         poly1305aes_implementation, poly1305aes_path(), OpenSSL_version(OPENSSL_VERSION), sodium_version_string(),
         POLY1305AES_TARGET, cpu, (int) (8 * sizeof(void *)), cycles_name(), runs);
}

static void header(int runs)
{
  const char *cap = getenv("OPENSSL_ia32cap");
  header_line(runs);
  printf("# complete Poly1305-AES per message; tags of all four checked equal at every length; OpenSSL held to "
         "OPENSSL_ia32cap=%s; libsodium's nonce AES: %s\n", cap ? cap : "(unset)",
         sodium_aesni ? "AES-NI" : "OpenSSL's AES_encrypt (no AES-NI)");
  printf("# callers: all four behind a clean one (vzeroupper before each call%s); ours also behind one that left "
         "the upper halves of ymm%s dirty (a 256-%s instruction before each call, no vzeroupper): columns ymm%s\n",
         has_avx ? "" : ": no AVX here, nothing to clean", timed[OURS_ZMM] ? " or zmm" : "",
         timed[OURS_ZMM] ? " or 512-bit" : "bit", timed[OURS_ZMM] ? ", zmm" : "");
  printf("%6s %9s %9s %9s %9s %8s %8s %8s %9s %9s %11s\n", "length", "ours", "OpenSSL", "sodium", "core", "/OpenSSL",
         "/sodium", "/core", "ymm", "zmm", "dirty/clean");
}

int main(int argc, char **argv)
{
  static const unsigned int lengths[] = { 0, 16, 64, 256, 1024, 4096, 8192, 65536 };
  enum { TABLE_MODE, PATHS_MODE, MIXED_MODE, ONETIME_MODE, STREAM_MODE, AEAD_MODE, MANY_MODE } mode = TABLE_MODE;
  int runs = 101, a = 1, sweep = 0, given = 0, parts = 0, i;
  unsigned int step = 61, l, list[64];
  if (a < argc && !strcmp(argv[a], "aes")) {
    for (++a; a + 1 < argc && !strcmp(argv[a], "-r"); a += 2) runs = atoi(argv[a + 1]);
    if (runs < 1) runs = 1;
    setup();
    char cpu[128];
    cpu_name(cpu, sizeof cpu);
    printf("# %s beside %s on %s (%s, %d-bit code); %s, median of %d\n", poly1305aes_implementation,
           OpenSSL_version(OPENSSL_VERSION), POLY1305AES_TARGET, cpu, (int) (8 * sizeof(void *)),
           cycles_name(), runs);
    aes_alone(runs, argv + a, argc - a);
    return 0;
  }
  if (a < argc && !strcmp(argv[a], "sweep")) { sweep = 1; ++a; }
  else if (a < argc && !strcmp(argv[a], "paths")) { mode = PATHS_MODE; ++a; }
  else if (a < argc && !strcmp(argv[a], "mixed")) { mode = MIXED_MODE; ++a; }
  else if (a < argc && !strcmp(argv[a], "onetime")) { mode = ONETIME_MODE; ++a; }
  else if (a < argc && !strcmp(argv[a], "stream")) { mode = STREAM_MODE; ++a; }
  else if (a < argc && !strcmp(argv[a], "aead")) { mode = AEAD_MODE; ++a; }
  else if (a < argc && !strcmp(argv[a], "many")) { mode = MANY_MODE; ++a; }
  for (; a < argc; ++a) {
    if (!strcmp(argv[a], "-r") && a + 1 < argc) runs = atoi(argv[++a]);
    else if (!strcmp(argv[a], "-p") && a + 1 < argc) {
      if (use_path_named(argv[++a]) != 1) die("no such path, or this CPU cannot run it");
    }
    else if (!strcmp(argv[a], "-l")) continue;
    else if (mode == AEAD_MODE && !strcmp(argv[a], "-v")) parts = 1;
    else if (mode == MANY_MODE && !strcmp(argv[a], "-e")) many_expanded_only = 1;
    else if (!strcmp(argv[a], "-c") && a + 1 < argc) {
      if (!(csv = fopen(argv[++a], "w"))) die("cannot write the CSV file given with -c");
    }
    else if (sweep && argv[a][0] != '-') step = (unsigned int) atoi(argv[a]);
    else if (!sweep && mode == TABLE_MODE && argv[a][0] != '-' && given < 64) list[given++] = (unsigned int) atoi(argv[a]);
    else {
      fprintf(stderr, "usage: bench [-p PATH] [-r RUNS] [-c CSV] [-l LEN...] | bench sweep [-p PATH] [-r RUNS] "
              "[-c CSV] [STEP] | bench paths [-r RUNS] | bench mixed [-r RUNS] "
              "| bench onetime|stream [-p PATH] [-r RUNS] | bench many [-p PATH] [-r RUNS] [-e] | bench aead [-p PATH] [-r RUNS] [-v] "
              "| bench aes [-r RUNS] [PATH...]\n");
      return 2;
    }
  }
  if (runs < 1) runs = 1;
  if (step < 1) step = 1;
  setup();
  if (mode == ONETIME_MODE || mode == STREAM_MODE || mode == AEAD_MODE || mode == MANY_MODE) {
    header_line(runs);
    if (mode == ONETIME_MODE) onetime(runs);
    else if (mode == STREAM_MODE) stream(runs);
    else if (mode == AEAD_MODE) aead(runs, parts);
    else many(runs);
    return 0;
  }
  header(runs);
  if (mode != TABLE_MODE) {
    if (mode == MIXED_MODE) {
      mixed(runs, 0);
      mixed(runs, 1);
    }
    else paths(runs);
    return 0;
  }
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
    double worst = 0, t[TIMED];
    int use[TIMED];
    memcpy(use, timed, sizeof use);
    use[CORE] = 0;
    printf("# sweep: lengths 0..4096, then every %u to 65536; only lengths where a peer is faster are listed\n", step);
    for (l = 0; l <= MAXLEN; l = l < 4096 ? l + 1 : l + step > MAXLEN && l < MAXLEN ? MAXLEN : l + step) {
      double ratio;
      check_agree(l, timed);
      measure(l, runs, t, use);
      ratio = ours_worst(t) / (t[OPENSSL] < t[SODIUM] ? t[OPENSSL] : t[SODIUM]);
      ++count;
      if (ratio > worst) { worst = ratio; worst_l = l; }
      if (ratio >= 1) {
        ++slower;
        print_row(l, t);
      }
      csv_rows(l, t, runs);
      if (l == MAXLEN) break;
    }
    printf("# sweep: %u lengths, %u where a peer is faster; worst ours/fastest-peer %.3f at length %u (ours behind "
           "its slowest caller)\n", count, slower, worst, worst_l);
  }
  if (csv && fclose(csv)) die("cannot write the CSV file given with -c");
  return 0;
}
