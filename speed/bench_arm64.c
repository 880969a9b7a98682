/* SPDX-License-Identifier: CC0-1.0 */
/* The peer benchmark for arm64 (run under qemu-aarch64 -cpu max, where time
   means nothing: speed/peers.py counts the instructions of each call with
   speed/count.py). One implementation (POLY1305AES_HEADER, its namespaced
   library) beside OpenSSL 3 and libsodium from Debian's arm64 packages,
   linked statically. Assumes AArch64 with the AES instructions (all four
   use them). Complete Poly1305-AES, per message, as the API must do it:
     ours            poly1305aes_authenticate(out, kr, n, m, l)
     openssl         OpenSSL's ARMv8 AES (aes_v8_set_encrypt_key, aes_v8_encrypt),
                     then its Poly1305 as it runs (Poly1305_Init, _Update, _Final:
                     NEON from 128 bytes where OPENSSL_armcap_P has NEON)
     openssl-scalar  the same with NEON masked out of OPENSSL_armcap_P before
                     Poly1305_Init (its radix-2^64 scalar code at every length)
     sodium          s = AES-128_k(n) with AES-CE (common/aesce.h), then
                     crypto_onetimeauth_poly1305(out, m, l, r||s) (portable C on arm64)
   OpenSSL's functions named here are its internal entry points, global in its
   static library (not its public API); their prototypes are written out.
     bench_arm64 check LEN...                  the tags of all four, compared
     bench_arm64 names                         what each of the four is, one a line
     bench_arm64 calls N LEN -w WHO [-p PATH]  N calls of WHO, each after count_mark()
     bench_arm64 sweep -w WHO [-p PATH] STEP   one call at every length 0..1024, then
                                               every STEP-th to 65536, and 65536, each
                                               after count_mark() */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sodium.h>
#include "namespace.h"
#include "util.h"
#include "paths.h"
#include "aesce.h"

#define MAXLEN 65536

/* ---- OpenSSL's internal entry points (libcrypto.a) ---- */
typedef struct { uint32_t rd_key[60]; int rounds; } aes_v8_key;   /* its AES_KEY */
int aes_v8_set_encrypt_key(const unsigned char *key, const int bits, aes_v8_key *schedule);
void aes_v8_encrypt(const unsigned char *in, unsigned char *out, const aes_v8_key *schedule);
size_t Poly1305_ctx_size(void);
void Poly1305_Init(void *ctx, const unsigned char key[32]);
void Poly1305_Update(void *ctx, const unsigned char *in, size_t len);
void Poly1305_Final(void *ctx, unsigned char mac[16]);
void OPENSSL_cpuid_setup(void);
const char *OpenSSL_version(int type);
#define OPENSSL_VERSION 0   /* OpenSSL_version's "OpenSSL x.y.z date" */
extern unsigned int OPENSSL_armcap_P;
#define ARMV7_NEON 1u   /* OPENSSL_armcap_P's NEON bit */

static unsigned char m[MAXLEN + 64], kr[32], n[16];
static uint64_t poly_ctx[64];   /* OpenSSL's POLY1305 state (Poly1305_ctx_size() bytes, checked) */

static void die(const char *what)
{
  fprintf(stderr, "bench_arm64: %s\n", what);
  exit(1);
}

static void ours(unsigned char out[16], unsigned int l)
{
  poly1305aes_authenticate(out, kr, n, m, l);
}

static void openssl(unsigned char out[16], unsigned int l)
{
  aes_v8_key schedule;
  unsigned char key[32];
  memcpy(key, kr + 16, 16);
  aes_v8_set_encrypt_key(kr, 128, &schedule);
  aes_v8_encrypt(n, key + 16, &schedule);
  Poly1305_Init(poly_ctx, key);
  Poly1305_Update(poly_ctx, m, l);
  Poly1305_Final(poly_ctx, out);
}

AESCE_TARGET static void sodium(unsigned char out[16], unsigned int l)
{
  unsigned char key[32];
  memcpy(key, kr + 16, 16);
  vst1q_u8(key + 16, aesce_encrypt(kr, n));
  crypto_onetimeauth_poly1305(out, m, l, key);
}

typedef void candidate(unsigned char out[16], unsigned int l);
static const struct { const char *name; candidate *fn; } who[] = {
  { "ours", ours }, { "openssl", openssl }, { "openssl-scalar", openssl }, { "sodium", sodium },
};
#define WHO (sizeof who / sizeof who[0])

/* speed/count.py counts the instructions run between calls of this marker */
__attribute__((noinline)) void count_mark(void)
{
  __asm__ __volatile__("" : : : "memory");
}

static void setup(void)
{
  uint64_t prng = 1305;
  OPENSSL_cpuid_setup();
  if (sodium_init() < 0) die("sodium_init failed");
  if (Poly1305_ctx_size() > sizeof poly_ctx) die("OpenSSL's Poly1305 state is larger than expected");
  prng_fill(&prng, kr, 32);
  poly1305aes_clamp(kr);
  prng_fill(&prng, n, 16);
  prng_fill(&prng, m, MAXLEN);
}

int main(int argc, char **argv)
{
  unsigned char out[16];
  unsigned int c = WHO, i, l, armcap;
  int a;
  setup();
  armcap = OPENSSL_armcap_P;
  if (argc >= 3 && !strcmp(argv[1], "check")) {
    for (a = 2; a < argc; ++a) {
      unsigned char tag[WHO][16];
      l = (unsigned int) atoi(argv[a]);
      if (l > MAXLEN) die("length above 65536");
      for (i = 0; i < WHO; ++i) {
        if (!strcmp(who[i].name, "openssl-scalar")) OPENSSL_armcap_P &= ~ARMV7_NEON;
        who[i].fn(tag[i], l);
        OPENSSL_armcap_P = armcap;
        if (memcmp(tag[0], tag[i], 16)) {
          fprintf(stderr, "bench_arm64: %s and %s disagree at length %u\n", who[0].name, who[i].name, l);
          return 1;
        }
      }
    }
    printf("# tags of %s, %s, %s and %s agree at %d lengths; OpenSSL armcap 0x%x (%s); %s (path %s); libsodium %s\n",
           who[0].name, who[1].name, who[2].name, who[3].name, argc - 2, armcap,
           armcap & ARMV7_NEON ? "NEON" : "no NEON", poly1305aes_implementation, poly1305aes_path(),
           sodium_version_string());
    return 0;
  }
  for (a = 2; a < argc; ++a) {
    if (!strcmp(argv[a], "-w") && a + 1 < argc) {
      for (c = 0; c < WHO && strcmp(who[c].name, argv[a + 1]); ++c) {}
      ++a;
    } else if (!strcmp(argv[a], "-p") && a + 1 < argc) {
      if (use_path_named(argv[++a]) != 1) die("no such path, or this CPU cannot run it");
    }
  }
  if (argc == 2 && !strcmp(argv[1], "names")) {
    ours(out, 0);   /* the path is chosen at the first call */
    printf("%s (path %s)\n%s\n%s, NEON masked\nlibsodium %s\n", poly1305aes_implementation, poly1305aes_path(),
           OpenSSL_version(OPENSSL_VERSION), OpenSSL_version(OPENSSL_VERSION), sodium_version_string());
    return 0;
  }
  if (c == WHO) die("give -w ours|openssl|openssl-scalar|sodium");
  if (!strcmp(who[c].name, "openssl-scalar")) OPENSSL_armcap_P &= ~ARMV7_NEON;
  if (argc >= 4 && !strcmp(argv[1], "calls")) {
    int count = atoi(argv[2]), k;
    l = (unsigned int) atoi(argv[3]);
    if (l > MAXLEN) die("length above 65536");
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
  fprintf(stderr, "usage: bench_arm64 check LEN... | names | calls N LEN -w WHO [-p PATH] | sweep -w WHO [-p PATH] STEP\n");
  return 2;
}
