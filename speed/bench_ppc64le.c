/* SPDX-License-Identifier: CC0-1.0 */
/* The peer benchmark for ppc64le (run under qemu-ppc64le, where time means
   nothing: speed/peers.py counts the instructions of each call with
   speed/count.py). One implementation (POLY1305AES_HEADER, its namespaced
   library) beside OpenSSL 3 and libsodium from Debian's ppc64el packages,
   linked statically. Assumes POWER8 or later (ISA 2.07 vector crypto:
   OpenSSL's aesp8 code needs it). Complete Poly1305-AES, per message, as
   the API must do it:
     ours            poly1305aes_authenticate(out, kr, n, m, l)
     openssl         OpenSSL's POWER8 AES as its C glue runs one block
                     (aes_p8_set_encrypt_key, aes_p8_encrypt), then its Poly1305
                     as it runs (Poly1305_Init, _Update, _Final: VSX from 128
                     bytes where OPENSSL_ppccap_P has PPC_CRYPTO207)
     openssl-scalar  the same with PPC_CRYPTO207 masked (its radix-2^64 scalar
                     Poly1305 at every length)
     sodium          s = AES-128_k(n) by the same OpenSSL AES, then
                     crypto_onetimeauth_poly1305(out, m, l, r||s) (portable C)
     sodium-alone    crypto_onetimeauth_poly1305 alone with the one-time key
                     r||s made once (no AES): compared from 64 bytes
   then Poly1305 alone with
   that key (group onetime): ours (its onetimeauth), OpenSSL's as it runs and with
   PPC_CRYPTO207 masked, libsodium's. OpenSSL's functions named here are its
   internal entry points, global in its static library (not its public
   API); their prototypes are written out. The commands are
   speed/bench_main.h's. */
#define BENCH_NAME "bench_ppc64le"
#define BENCH_ONETIME
#define BENCH_OPENSSL_AES
#include "bench_peers.h"

/* ---- OpenSSL's internal entry points (libcrypto.a) ---- */
int aes_p8_set_encrypt_key(const unsigned char *key, const int bits, aes_key *schedule);
void aes_p8_encrypt(const unsigned char *in, unsigned char *out, const aes_key *schedule);

/* s = AES_k(n) as OpenSSL's C glue does one block on POWER8 */
static void openssl_aes(unsigned char s[16])
{
  OPENSSL_AES_BLOCK(aes_p8_set_encrypt_key, aes_p8_encrypt, s, kr, n);
}
#include "bench_main.h"

static void describe(void)
{
  printf("# OpenSSL ppccap 0x%x (%s); libsodium %s\n", cap,
         cap & PPC_CRYPTO207 ? "PPC_CRYPTO207: VSX Poly1305" : "no PPC_CRYPTO207: scalar Poly1305",
         sodium_version_string());
  printf("# openssl: aes_p8_set_encrypt_key and aes_p8_encrypt, then Poly1305_Init/Update/Final as it runs (Final "
         "includes its OPENSSL_cleanse of the state); openssl-scalar: the same with PPC_CRYPTO207 masked; sodium: "
         "crypto_onetimeauth_poly1305 after the same AES; sodium-alone: crypto_onetimeauth_poly1305 alone (no AES), "
         "compared from 64 bytes\n");
  printf("# onetime: Poly1305 alone with the one-time key r || AES_k(n), no AES, for all\n");
}
