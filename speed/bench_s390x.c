/* SPDX-License-Identifier: CC0-1.0 */
/* The peer benchmark for s390x (run under qemu-s390x, where time means
   nothing: speed/peers.py counts the instructions of each call with
   speed/count.py). One implementation (POLY1305AES_HEADER, its namespaced
   library) beside OpenSSL 3 and libsodium from Debian's s390x packages,
   linked statically. Complete Poly1305-AES, per message, as the API must
   do it:
     ours            poly1305aes_authenticate(out, kr, n, m, l)
     openssl         OpenSSL's AES as its C glue runs one block (AES_set_encrypt_key,
                     AES_encrypt: CPACF KM where the CPU has KM-AES-128; qemu has
                     not, so its table code), then its Poly1305 as it runs
                     (Poly1305_Init, _Update, _Final: the vector facility's code
                     from 128 bytes where OPENSSL_s390xcap_P has it)
     openssl-scalar  the same with the vector facility masked (its radix-2^64
                     MLGR Poly1305 at every length)
     sodium          s = AES-128_k(n) by the same OpenSSL AES, then
                     crypto_onetimeauth_poly1305(out, m, l, r||s) (portable C)
     sodium-alone    crypto_onetimeauth_poly1305 alone with the one-time key
                     r||s made once (no AES): compared from 64 bytes
   then Poly1305 alone with
   that key (group onetime: the measure the target file's benchtarget sets, where
   AES is CPACF's job): ours, OpenSSL's as it runs and with the vector
   facility masked, libsodium's. OpenSSL's functions and its capability
   vector OPENSSL_s390xcap_P named here are global in its static library;
   their declarations are written out (the vector facility is bit 1, IBM
   numbering, of the vector's third STFLE doubleword). The commands are
   speed/bench_main.h's. */
#define BENCH_NAME "bench_s390x"
#define BENCH_ONETIME
#define BENCH_OPENSSL_AES
#include "bench_peers.h"

/* s = AES_k(n) as OpenSSL runs one block */
static void openssl_aes(unsigned char s[16])
{
  OPENSSL_AES_BLOCK(AES_set_encrypt_key, AES_encrypt, s, kr, n);
}
#include "bench_main.h"

static void describe(void)
{
  printf("# OpenSSL s390xcap STFLE[2] 0x%016llx (%s); libsodium %s\n", (unsigned long long) cap,
         cap & S390X_VX ? "vector facility" : "no vector facility", sodium_version_string());
  printf("# openssl: AES_set_encrypt_key and AES_encrypt (no KM-AES-128 under qemu: its table code), then "
         "Poly1305_Init/Update/Final as it runs (Final includes its OPENSSL_cleanse of the state); openssl-scalar: "
         "the same with the vector facility masked; sodium: crypto_onetimeauth_poly1305 after the same AES; "
         "sodium-alone: crypto_onetimeauth_poly1305 alone (no AES), compared from 64 bytes\n");
  printf("# onetime: Poly1305 alone with the one-time key r || AES_k(n), no AES, for all\n");
}
