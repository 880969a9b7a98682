/* SPDX-License-Identifier: CC0-1.0 */
/* What the emulated peer benchmarks (speed/bench_<target>.c) share, included
   first: the buffers, ours, OpenSSL's Poly1305 as it runs (its internal entry
   points in libcrypto.a, global in its static library though not its public
   API: their prototypes are written out), and the set-up of keys, nonce and
   message. Each then defines its peers and includes speed/bench_main.h, the
   driver. Assumes POLY1305AES_HEADER names the implementation's namespaced
   header and libsodium's sodium.h is on the include path. */
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

#if defined(__arm__) || defined(__aarch64__)
/* OpenSSL's ARM capability word (armcap.c), read by its code at each call: the
   benches mask NEON in it for the candidate "openssl-scalar" */
void OPENSSL_cpuid_setup(void);
extern unsigned int OPENSSL_armcap_P;
#define ARMV7_NEON 1u   /* OPENSSL_armcap_P's NEON bit */
static unsigned int armcap;   /* OPENSSL_armcap_P as OpenSSL found it */

static void armcap_use(const char *candidate)
{
  OPENSSL_armcap_P = strcmp(candidate, "openssl-scalar") ? armcap : armcap & ~ARMV7_NEON;
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

/* libsodium started, OpenSSL's state checked, a clamped key, a nonce and the message */
static void bench_setup(void)
{
  uint64_t prng = 1305;
  if (sodium_init() < 0) die("sodium_init failed");
  if (Poly1305_ctx_size() > sizeof poly_ctx) die("OpenSSL's Poly1305 state is larger than expected");
  prng_fill(&prng, kr, 32);
  poly1305aes_clamp(kr);
  prng_fill(&prng, n, 16);
  prng_fill(&prng, m, MAXLEN);
}

#endif
