/* SPDX-License-Identifier: CC0-1.0 */
/* What the emulated peer benchmarks (speed/bench_<target>.c) share, included
   first: the buffers, ours, OpenSSL's one-block AES (OPENSSL_AES_BLOCK), OpenSSL's
   Poly1305 as it runs (its internal entry points in libcrypto.a, global in its
   static library though not its public API: their prototypes are written
   out), and the set-up of keys, nonce and
   message. Each then defines its peers and includes speed/bench_main.h, the
   driver. A bench that defines BENCH_OPENSSL_AES (and then openssl_aes: s =
   AES_k(n) as OpenSSL's C glue runs one block on its CPU) gets here its
   candidates too, the table who[] and names(): ours, openssl (that AES,
   then OpenSSL's Poly1305 as it runs), openssl-scalar (the same, run with
   OpenSSL's vector code masked: BENCH_MASKED names the mask, use(i) sets
   it: speed/bench_main.h's, with BENCH_CAP, both below) and sodium (crypto_onetimeauth_poly1305 after the same AES); with
   BENCH_ONETIME also sodium-alone (libsodium's Poly1305 alone, compared
   from 64 bytes; not with BENCH_GROUP_ONLY) and the group onetime. A bench with BENCH_ONETIME but
   not BENCH_OPENSSL_AES (riscv64) writes its own who[] with the group onetime
   (ours_onetime, openssl_onetime, sodium_alone) and defines openssl_aes for
   the one-time key. Assumes POLY1305AES_HEADER names
   the implementation's namespaced header and libsodium's sodium.h is on the
   include path. */
#ifndef bench_peers_H
#define bench_peers_H

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <openssl/opensslv.h>
#include <sodium.h>
#include "namespace.h"
#include "util.h"

#define MAXLEN 65536

size_t Poly1305_ctx_size(void);
void Poly1305_Init(void *ctx, const unsigned char key[32]);
void Poly1305_Update(void *ctx, const unsigned char *in, size_t len);
void Poly1305_Final(void *ctx, unsigned char mac[16]);

/* each bench defines these (speed/bench_main.h calls them) */
static void setup(void);
static void use(unsigned int i);
static void describe(void);
static void names(void);

void OPENSSL_cpuid_setup(void);

/* OpenSSL's AES_KEY, and its AES in C or its table assembly (AES_*) */
typedef struct { uint32_t rd_key[60]; int rounds; } aes_key;
int AES_set_encrypt_key(const unsigned char *key, const int bits, aes_key *schedule);
void AES_encrypt(const unsigned char *in, unsigned char *out, const aes_key *schedule);
/* out = AES_k(in), one block as OpenSSL's C glue runs it: set_key's schedule of the 128-bit k,
   then encrypt */
#define OPENSSL_AES_BLOCK(set_key, encrypt, out, k, in)                                             \
  do {                                                                                              \
    aes_key schedule;                                                                               \
    set_key(k, 128, &schedule);                                                                     \
    encrypt(in, out, &schedule);                                                                    \
  } while (0)

/* OpenSSL's capability words, read by its code at each call: on each CPU that has one,
   BENCH_CAP, the word the bench masks; BENCH_CAP_VECTOR, the bit of OpenSSL's vector
   code in it; BENCH_MASKED, what names() calls that bit */
#if defined(__arm__) || defined(__aarch64__)
extern unsigned int OPENSSL_armcap_P;   /* armcap.c */
#define ARMV7_NEON 1u   /* OPENSSL_armcap_P's NEON bit */
#define BENCH_CAP OPENSSL_armcap_P
#define BENCH_CAP_VECTOR ARMV7_NEON
#define BENCH_MASKED "NEON"
#elif defined(__powerpc64__)
extern unsigned int OPENSSL_ppccap_P;
#define PPC_CRYPTO207 4u   /* OPENSSL_ppccap_P's bit: ISA 2.07 vector crypto, and its VSX Poly1305 */
#define BENCH_CAP OPENSSL_ppccap_P
#define BENCH_CAP_VECTOR PPC_CRYPTO207
#define BENCH_MASKED "PPC_CRYPTO207"
#elif defined(__s390x__)
extern uint64_t OPENSSL_s390xcap_P[];   /* STFLE's doublewords, then KM's query and more */
#define S390X_VX (1ULL << 62)   /* facility 129 (vector) in STFLE doubleword 2 */
#define BENCH_CAP OPENSSL_s390xcap_P[2]
#define BENCH_CAP_VECTOR S390X_VX
#define BENCH_MASKED "vector facility"
#endif
#ifdef BENCH_CAP
/* BENCH_CAP, the word the bench masks (speed/bench_main.h's setup and use), as OpenSSL found it */
static __typeof__(BENCH_CAP) cap;

/* OpenSSL's vector code masked for the candidate openssl-scalar (and onetime-openssl-scalar),
   else as OpenSSL found it. The two forms are the benches' own from before they shared this:
   the compiler's placement of kr and n, whose alignment moves ours by a few instructions,
   follows the code here */
static void cap_use(const char *candidate)
{
#ifdef BENCH_ONETIME
  BENCH_CAP = strstr(candidate, "openssl-scalar") ? cap & ~(BENCH_CAP_VECTOR) : cap;
#else
  BENCH_CAP = strcmp(candidate, "openssl-scalar") ? cap : cap & ~(BENCH_CAP_VECTOR);
#endif
}
#endif

static unsigned char m[MAXLEN + 64], kr[32], n[16];
static uint64_t poly_ctx[64];   /* OpenSSL's POLY1305 state (Poly1305_ctx_size() bytes, checked) */

static void die(const char *what)
{
  fprintf(stderr, "%s: %s\n", BENCH_NAME, what);
  exit(1);
}

static void ours(unsigned char out[16], unsigned int l)
{
  poly1305aes_authenticate(out, kr, n, m, l);
}

/* out = OpenSSL's Poly1305 of m[0..l) as it runs, under key = r (copied here) || s */
static void openssl_poly(unsigned char out[16], unsigned int l, unsigned char key[32])
{
  memcpy(key, kr + 16, 16);
  Poly1305_Init(poly_ctx, key);
  Poly1305_Update(poly_ctx, m, l);
  Poly1305_Final(poly_ctx, out);
}

#ifdef BENCH_ONETIME
/* Poly1305 alone with the one-time key r || s, s = AES_k(n) (bench_setup sets onetime_key once,
   with the bench's openssl_aes): ours through the implementation's onetimeauth of version 1.1
   (every implementation has it: common/stream.c), OpenSSL's as it runs, and libsodium's. Each
   tag is the complete Poly1305-AES tag. */
static unsigned char onetime_key[32];

static void ours_onetime(unsigned char out[16], unsigned int l)
{
  poly1305aes_onetimeauth(out, onetime_key, m, l);
}

static void openssl_onetime(unsigned char out[16], unsigned int l)
{
  unsigned char key[32];
  memcpy(key, onetime_key, 32);
  openssl_poly(out, l, key);
}

static void sodium_alone(unsigned char out[16], unsigned int l)
{
  crypto_onetimeauth_poly1305(out, m, l, onetime_key);
}
#endif

#if defined(BENCH_OPENSSL_AES) || defined(BENCH_ONETIME)
static void openssl_aes(unsigned char s[16]);   /* the bench's: s = AES_k(n) as OpenSSL's C glue runs one block */

/* complete Poly1305-AES: OpenSSL's AES, then its Poly1305 as it runs */
static void openssl(unsigned char out[16], unsigned int l)
{
  unsigned char key[32];
  openssl_aes(key + 16);
  openssl_poly(out, l, key);
}
#endif

/* complete Poly1305-AES by libsodium's Poly1305 after OpenSSL's AES (a bench whose CPU has
   another AES for it defines BENCH_OWN_SODIUM and its own sodium) */
#if (defined(BENCH_OPENSSL_AES) || defined(BENCH_ONETIME)) && !defined(BENCH_OWN_SODIUM)
static void sodium(unsigned char out[16], unsigned int l)
{
  unsigned char key[32];
  memcpy(key, kr + 16, 16);
  openssl_aes(key + 16);
  crypto_onetimeauth_poly1305(out, m, l, key);
}
#endif
#ifdef BENCH_OWN_SODIUM
static void sodium(unsigned char out[16], unsigned int l);   /* the bench's */
#endif

#ifdef BENCH_OPENSSL_AES

static const struct { const char *name; void (*fn)(unsigned char out[16], unsigned int l); } who[] = {
  { "ours", ours }, { "openssl", openssl }, { "openssl-scalar", openssl }, { "sodium", sodium },
#ifdef BENCH_ONETIME
#ifndef BENCH_GROUP_ONLY
  { "sodium-alone", sodium_alone },
#endif
  { "onetime-ours", ours_onetime }, { "onetime-openssl", openssl_onetime },
  { "onetime-openssl-scalar", openssl_onetime }, { "onetime-sodium", sodium_alone },
#endif
};
#ifdef BENCH_ONETIME
static const char *const notes[] = { "", "", "", "",
#ifndef BENCH_GROUP_ONLY
                                     " from=64",
#endif
                                     " group=onetime", " group=onetime", " group=onetime", " group=onetime" };
#define BENCH_NOTES(i) notes[i]
#endif

/* what each candidate of who[] is, one a line, in its order */
static void names(void)
{
  printf("%s (path %s)\n%s\n%s, %s masked\nlibsodium %s\n", poly1305aes_implementation, poly1305aes_path(),
         OPENSSL_VERSION_TEXT, OPENSSL_VERSION_TEXT, BENCH_MASKED, sodium_version_string());
#if defined(BENCH_ONETIME) && !defined(BENCH_GROUP_ONLY)
  printf("libsodium %s, Poly1305 alone\n", sodium_version_string());
#endif
#ifdef BENCH_ONETIME
  printf("%s (path %s), Poly1305 alone\n%s, Poly1305 alone\n%s, %s masked, Poly1305 alone\n"
         "libsodium %s, Poly1305 alone\n", poly1305aes_implementation, poly1305aes_path(), OPENSSL_VERSION_TEXT,
         OPENSSL_VERSION_TEXT, BENCH_MASKED, sodium_version_string());
#endif
}
#endif

/* (with BENCH_CAP: OpenSSL's capabilities probed,) libsodium started, OpenSSL's state
   checked, a clamped key, a nonce and the message (with BENCH_ONETIME: and the one-time key) */
static void bench_setup(void)
{
  uint64_t prng = 1305;
#ifdef BENCH_CAP
  OPENSSL_cpuid_setup();
#endif
  if (sodium_init() < 0) die("sodium_init failed");
  if (Poly1305_ctx_size() > sizeof poly_ctx) die("OpenSSL's Poly1305 state is larger than expected");
  prng_fill(&prng, kr, 32);
  poly1305aes_clamp(kr);
  prng_fill(&prng, n, 16);
  prng_fill(&prng, m, MAXLEN);
#ifdef BENCH_ONETIME
  memcpy(onetime_key, kr + 16, 16);
  openssl_aes(onetime_key + 16);
#endif
}

#endif
