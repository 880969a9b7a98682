/* SPDX-License-Identifier: CC0-1.0 */
/* The peer benchmark for armhf (run under qemu-arm, where time means nothing:
   speed/peers.py counts the instructions of each call with speed/count.py).
   One implementation (POLY1305AES_HEADER, its namespaced library) beside
   OpenSSL 3 and libsodium from Debian's armhf packages, linked statically.
   Assumes ARMv7-A or later in AArch32 state. Complete Poly1305-AES, per
   message, as the API must do it:
     ours            poly1305aes_authenticate(out, kr, n, m, l)
     openssl         OpenSSL's AES as its C glue (cipher_aes_hw.c) runs one block:
                     with the ARMv8 AES instructions aes_v8_set_encrypt_key and
                     aes_v8_encrypt; without them AES_set_encrypt_key and
                     AES_encrypt (aes-armv4: bsaes-armv7 takes eight blocks at
                     once, and its CTR entry hands fewer than eight to AES_encrypt);
                     then its Poly1305 as it runs (Poly1305_Init, _Update, _Final:
                     NEON from 64 bytes where OPENSSL_armcap_P has NEON)
     openssl-scalar  the same with NEON masked out of OPENSSL_armcap_P before
                     Poly1305_Init (its radix-2^32 integer code at every length)
     sodium          s = AES-128_k(n) by the same OpenSSL AES, then
                     crypto_onetimeauth_poly1305(out, m, l, r||s) (portable C on armhf)
   OpenSSL's functions named here are its internal entry points, global in its
   static library (not its public API); their prototypes are written out.
     bench_armhf check LEN...                  the tags of all four, compared
     bench_armhf calls N LEN -w WHO [-p PATH]  N calls of WHO, each after count_mark()
     bench_armhf sweep -w WHO [-p PATH] STEP   one call at every length 0..1024, then
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

#define MAXLEN 65536

/* ---- OpenSSL's internal entry points (libcrypto.a) ---- */
typedef struct { uint32_t rd_key[60]; int rounds; } aes_key;   /* its AES_KEY */
int aes_v8_set_encrypt_key(const unsigned char *key, const int bits, aes_key *schedule);
void aes_v8_encrypt(const unsigned char *in, unsigned char *out, const aes_key *schedule);
int AES_set_encrypt_key(const unsigned char *key, const int bits, aes_key *schedule);
void AES_encrypt(const unsigned char *in, unsigned char *out, const aes_key *schedule);
size_t Poly1305_ctx_size(void);
void Poly1305_Init(void *ctx, const unsigned char key[32]);
void Poly1305_Update(void *ctx, const unsigned char *in, size_t len);
void Poly1305_Final(void *ctx, unsigned char mac[16]);
void OPENSSL_cpuid_setup(void);
extern unsigned int OPENSSL_armcap_P;
#define ARMV7_NEON 1u   /* OPENSSL_armcap_P's bits */
#define ARMV8_AES 4u

static unsigned char m[MAXLEN + 64], kr[32], n[16];
static uint64_t poly_ctx[64];   /* OpenSSL's POLY1305 state (Poly1305_ctx_size() bytes, checked) */

static void die(const char *what)
{
  fprintf(stderr, "bench_armhf: %s\n", what);
  exit(1);
}

static void ours(unsigned char out[16], unsigned int l)
{
  poly1305aes_authenticate(out, kr, n, m, l);
}

/* s = AES_k(n) as OpenSSL's C glue does one block on this CPU */
static void openssl_aes(unsigned char s[16])
{
  aes_key schedule;
  if (OPENSSL_armcap_P & ARMV8_AES) {
    aes_v8_set_encrypt_key(kr, 128, &schedule);
    aes_v8_encrypt(n, s, &schedule);
  } else {
    AES_set_encrypt_key(kr, 128, &schedule);
    AES_encrypt(n, s, &schedule);
  }
}

static void openssl(unsigned char out[16], unsigned int l)
{
  unsigned char key[32];
  memcpy(key, kr + 16, 16);
  openssl_aes(key + 16);
  Poly1305_Init(poly_ctx, key);
  Poly1305_Update(poly_ctx, m, l);
  Poly1305_Final(poly_ctx, out);
}

static void sodium(unsigned char out[16], unsigned int l)
{
  unsigned char key[32];
  memcpy(key, kr + 16, 16);
  openssl_aes(key + 16);
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
  for (a = 2; a < argc; ++a)
    if (!strcmp(argv[a], "-p") && a + 1 < argc && use_path_named(argv[a + 1]) != 1)
      die("no such path, or this CPU cannot run it");
  if (argc >= 3 && !strcmp(argv[1], "check")) {
    for (a = 2; a < argc; ++a) {
      unsigned char tag[WHO][16];
      if (!strcmp(argv[a], "-p")) { ++a; continue; }
      l = (unsigned int) atoi(argv[a]);
      if (l > MAXLEN) die("length above 65536");
      for (i = 0; i < WHO; ++i) {
        if (!strcmp(who[i].name, "openssl-scalar")) OPENSSL_armcap_P &= ~ARMV7_NEON;
        who[i].fn(tag[i], l);
        OPENSSL_armcap_P = armcap;
        if (memcmp(tag[0], tag[i], 16)) {
          fprintf(stderr, "bench_armhf: %s and %s disagree at length %u\n", who[0].name, who[i].name, l);
          return 1;
        }
      }
    }
    printf("# tags of %s, %s, %s and %s agree at every length checked; OpenSSL armcap 0x%x (%s, %s); %s (path %s); "
           "libsodium %s\n", who[0].name, who[1].name, who[2].name, who[3].name, armcap,
           armcap & ARMV7_NEON ? "NEON" : "no NEON", armcap & ARMV8_AES ? "AES instructions" : "no AES instructions",
           poly1305aes_implementation, poly1305aes_path(), sodium_version_string());
    printf("# openssl: %s, then Poly1305_Init/Update/Final as it runs (%s; Final includes its OPENSSL_cleanse of "
           "the state); openssl-scalar: the same with NEON masked; sodium: crypto_onetimeauth_poly1305 after the same "
           "AES\n", armcap & ARMV8_AES ? "aes_v8_set_encrypt_key and aes_v8_encrypt (ARMv8 AES instructions)"
           : "AES_set_encrypt_key and AES_encrypt (aes-armv4, as its C glue runs one block without the AES "
             "instructions; bsaes-armv7 hands fewer than eight blocks to it)",
           armcap & ARMV7_NEON ? "NEON from 64 bytes" : "integer code");
    return 0;
  }
  for (a = 2; a < argc; ++a) {
    if (!strcmp(argv[a], "-w") && a + 1 < argc) {
      for (c = 0; c < WHO && strcmp(who[c].name, argv[a + 1]); ++c) {}
      ++a;
    }
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
  fprintf(stderr, "usage: bench_armhf check [-p PATH] LEN... | calls N LEN -w WHO [-p PATH] | sweep -w WHO [-p PATH] STEP\n");
  return 2;
}
