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
   then Poly1305 alone with the one-time key r||s made once (group onetime, no
   AES): ours (its onetimeauth), OpenSSL's as it runs and with NEON masked,
   libsodium's (not in the complete table: BENCH_GROUP_ONLY).
   OpenSSL's functions named here are its internal entry points, global in its
   static library (not its public API); their prototypes are written out. The
   commands are speed/bench_main.h's. */
#define BENCH_NAME "bench_armhf"
#define BENCH_ONETIME
#define BENCH_GROUP_ONLY
#define BENCH_OPENSSL_AES
#include "bench_peers.h"

/* ---- OpenSSL's internal entry points (libcrypto.a) ---- */
int aes_v8_set_encrypt_key(const unsigned char *key, const int bits, aes_key *schedule);
void aes_v8_encrypt(const unsigned char *in, unsigned char *out, const aes_key *schedule);
#define ARMV8_AES 4u    /* OPENSSL_armcap_P's AES bit */

/* s = AES_k(n) as OpenSSL's C glue does one block on this CPU */
static void openssl_aes(unsigned char s[16])
{
  if (OPENSSL_armcap_P & ARMV8_AES) {
    OPENSSL_AES_BLOCK(aes_v8_set_encrypt_key, aes_v8_encrypt, s, kr, n);
  } else {
    OPENSSL_AES_BLOCK(AES_set_encrypt_key, AES_encrypt, s, kr, n);
  }
}
#include "bench_main.h"

static void describe(void)
{
  printf("# OpenSSL armcap 0x%x (%s, %s); libsodium %s\n", cap, cap & ARMV7_NEON ? "NEON" : "no NEON",
         cap & ARMV8_AES ? "AES instructions" : "no AES instructions", sodium_version_string());
  printf("# openssl: %s, then Poly1305_Init/Update/Final as it runs (%s; Final includes its OPENSSL_cleanse of "
         "the state); openssl-scalar: the same with NEON masked; sodium: crypto_onetimeauth_poly1305 after the same "
         "AES\n", cap & ARMV8_AES ? "aes_v8_set_encrypt_key and aes_v8_encrypt (ARMv8 AES instructions)"
         : "AES_set_encrypt_key and AES_encrypt (aes-armv4, as its C glue runs one block without the AES "
           "instructions; bsaes-armv7 hands fewer than eight blocks to it)",
         cap & ARMV7_NEON ? "NEON from 64 bytes" : "integer code");
  printf("# onetime: Poly1305 alone with the one-time key r || AES_k(n), no AES, for all\n");
}
