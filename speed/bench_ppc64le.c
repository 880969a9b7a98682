/* SPDX-License-Identifier: CC0-1.0 */
/* The peer benchmark for ppc64le (run under qemu-ppc64le, where time means
   nothing: speed/peers.py counts the instructions of each call with
   speed/count.py; the driver and its commands are speed/peerbench.h). One
   implementation (POLY1305AES_HEADER, its namespaced library) beside
   OpenSSL 3 and libsodium from Debian's ppc64el packages, linked
   statically. Assumes POWER8 or later (vector crypto: OpenSSL's aesp8 code
   needs it). Complete Poly1305-AES, per message, as the API must do it:
     ours            poly1305aes_authenticate(out, kr, n, m, l)
     openssl         OpenSSL's POWER8 AES as its C glue drives it
                     (aes_p8_set_encrypt_key, aes_p8_encrypt), then its Poly1305
                     (speed/peerbench.h: VSX from 128 bytes where
                     OPENSSL_ppccap_P has PPC_CRYPTO207, as on POWER8 and later)
     openssl-scalar  the same with PPC_CRYPTO207 masked before its calls (its
                     radix-2^64 scalar code at every length)
     sodium          crypto_onetimeauth_poly1305 with the one-time key: Poly1305
                     alone, no AES (portable C on ppc64el)
   and, where the implementation has a one-time entry, Poly1305 alone with
   the one-time key for every candidate. aes_p8_* are OpenSSL's internal entry
   points, global in its static library; their prototypes are written out. */
#include "namespace.h"
#include "peerbench.h"

typedef struct { uint32_t rd_key[60]; int rounds; } aes_p8_key;   /* its AES_KEY */
int aes_p8_set_encrypt_key(const unsigned char *key, const int bits, aes_p8_key *schedule);
void aes_p8_encrypt(const unsigned char *in, unsigned char *out, const aes_p8_key *schedule);
extern unsigned int OPENSSL_ppccap_P;
#define PPC_CRYPTO207 4u   /* OPENSSL_ppccap_P's bit: ISA 2.07 vector crypto, and its VSX Poly1305 */

static unsigned int ppccap;    /* OPENSSL_ppccap_P as OpenSSL found the CPU */

static void ours(unsigned char out[16], unsigned int l)
{
  poly1305aes_authenticate(out, kr, n, m, l);
}

static void openssl(unsigned char out[16], unsigned int l)
{
  aes_p8_key schedule;
  unsigned char key[32];
  memcpy(key, kr + 16, 16);
  aes_p8_set_encrypt_key(kr, 128, &schedule);
  aes_p8_encrypt(n, key + 16, &schedule);
  openssl_poly1305(out, key, l);
}

/* openssl-scalar: OpenSSL's Poly1305 held to its scalar code for its calls */
static void scalar_only(int on)
{
  OPENSSL_ppccap_P = on ? ppccap & ~PPC_CRYPTO207 : ppccap;
}

static const struct peer who[] = {
  { "complete", "ours", "ours", 0, 0, ours, NULL },
  { "complete", "openssl", "OpenSSL", 1, 0, openssl, NULL },
  { "complete", "openssl-scalar", "OSSL-scal", 1, 0, openssl, scalar_only },
  { "complete", "sodium", "sodium-P", 1, 64, sodium_onetime, NULL },
  { "onetime", "ours-onetime", "ours", 0, 0, ours_onetime, NULL },
  { "onetime", "openssl-onetime", "OpenSSL", 1, 0, openssl_onetime, NULL },
  { "onetime", "openssl-scalar-onetime", "OSSL-scal", 1, 0, openssl_onetime, scalar_only },
  { "onetime", "sodium-onetime", "sodium", 1, 0, sodium_onetime, NULL },
};

static void describe(void)
{
  printf("# OpenSSL ppccap 0x%x (%s); libsodium %s\n", ppccap,
         ppccap & PPC_CRYPTO207 ? "PPC_CRYPTO207: VSX Poly1305" : "scalar Poly1305", sodium_version_string());
  printf("# complete: ours; openssl: aes_p8_set_encrypt_key and aes_p8_encrypt, then Poly1305_Init/Update/Final "
         "as it runs (Final includes its OPENSSL_cleanse of the state); openssl-scalar: the same with "
         "PPC_CRYPTO207 masked; sodium-P: crypto_onetimeauth_poly1305 alone (no AES; compared from 64 bytes)\n");
  if (PEERBENCH_HAS_ONETIME)
    printf("# onetime: Poly1305 alone with the one-time key r || AES_k(n), no AES, for all\n");
}

int main(int argc, char **argv)
{
  OPENSSL_cpuid_setup();
  ppccap = OPENSSL_ppccap_P;
  return peerbench_main(argc, argv, who, sizeof who / sizeof who[0], describe);
}
