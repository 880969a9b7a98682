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
   static library (not its public API); their prototypes are written out. The
   commands are speed/bench_main.h's. */
#define BENCH_NAME "bench_arm64"
#include "bench_peers.h"
#include "aesce.h"

/* ---- OpenSSL's internal entry points (libcrypto.a) ---- */
typedef struct { uint32_t rd_key[60]; int rounds; } aes_v8_key;   /* its AES_KEY */
int aes_v8_set_encrypt_key(const unsigned char *key, const int bits, aes_v8_key *schedule);
void aes_v8_encrypt(const unsigned char *in, unsigned char *out, const aes_v8_key *schedule);

static void openssl(unsigned char out[16], unsigned int l)
{
  aes_v8_key schedule;
  unsigned char key[32];
  aes_v8_set_encrypt_key(kr, 128, &schedule);
  aes_v8_encrypt(n, key + 16, &schedule);
  openssl_poly(out, l, key);
}

AESCE_TARGET static void sodium(unsigned char out[16], unsigned int l)
{
  unsigned char key[32];
  memcpy(key, kr + 16, 16);
  vst1q_u8(key + 16, aesce_encrypt(kr, n));
  crypto_onetimeauth_poly1305(out, m, l, key);
}

static const struct { const char *name; void (*fn)(unsigned char out[16], unsigned int l); } who[] = {
  { "ours", ours }, { "openssl", openssl }, { "openssl-scalar", openssl }, { "sodium", sodium },
};
#include "bench_main.h"

static void setup(void)
{
  OPENSSL_cpuid_setup();
  bench_setup();
  armcap = OPENSSL_armcap_P;
}

static void use(unsigned int i)
{
  armcap_use(who[i].name);
}

static void describe(void)
{
  printf("# OpenSSL armcap 0x%x (%s); libsodium %s\n", armcap, armcap & ARMV7_NEON ? "NEON" : "no NEON",
         sodium_version_string());
  printf("# openssl: ARMv8 AES key schedule and encryption, then Poly1305_Init/Update/Final as it runs (NEON from "
         "128 bytes; Final includes its OPENSSL_cleanse of the state); openssl-scalar: the same with NEON masked; "
         "sodium: crypto_onetimeauth_poly1305 after an AES-CE AES\n");
}

static void names(void)
{
  printf("%s (path %s)\n%s\n%s, NEON masked\nlibsodium %s\n", poly1305aes_implementation, poly1305aes_path(),
         OPENSSL_VERSION_TEXT, OPENSSL_VERSION_TEXT, sodium_version_string());
}
