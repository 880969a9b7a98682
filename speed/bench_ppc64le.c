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
   then, where the implementation has a one-time entry, Poly1305 alone with
   that key (group onetime): ours, OpenSSL's as it runs and with
   PPC_CRYPTO207 masked, libsodium's. OpenSSL's functions named here are its
   internal entry points, global in its static library (not its public
   API); their prototypes are written out. The commands are
   speed/bench_main.h's. */
#define BENCH_NAME "bench_ppc64le"
#define BENCH_ONETIME
#include "bench_peers.h"

/* ---- OpenSSL's internal entry points (libcrypto.a) ---- */
typedef struct { uint32_t rd_key[60]; int rounds; } aes_key;   /* its AES_KEY */
int aes_p8_set_encrypt_key(const unsigned char *key, const int bits, aes_key *schedule);
void aes_p8_encrypt(const unsigned char *in, unsigned char *out, const aes_key *schedule);
extern unsigned int OPENSSL_ppccap_P;
#define PPC_CRYPTO207 4u   /* OPENSSL_ppccap_P's bit: ISA 2.07 vector crypto, and its VSX Poly1305 */
static unsigned int ppccap;   /* OPENSSL_ppccap_P as OpenSSL found it */

/* s = AES_k(n) as OpenSSL's C glue does one block on POWER8 */
static void openssl_aes(unsigned char s[16])
{
  aes_key schedule;
  aes_p8_set_encrypt_key(kr, 128, &schedule);
  aes_p8_encrypt(n, s, &schedule);
}

static void openssl(unsigned char out[16], unsigned int l)
{
  unsigned char key[32];
  openssl_aes(key + 16);
  openssl_poly(out, l, key);
}

static void sodium(unsigned char out[16], unsigned int l)
{
  unsigned char key[32];
  memcpy(key, kr + 16, 16);
  openssl_aes(key + 16);
  crypto_onetimeauth_poly1305(out, m, l, key);
}

static const struct { const char *name; void (*fn)(unsigned char out[16], unsigned int l); } who[] = {
  { "ours", ours }, { "openssl", openssl }, { "openssl-scalar", openssl }, { "sodium", sodium },
  { "sodium-alone", sodium_alone },
  { "onetime-ours", ours_onetime }, { "onetime-openssl", openssl_onetime },
  { "onetime-openssl-scalar", openssl_onetime }, { "onetime-sodium", sodium_alone },
};
static const char *const notes[] = { "", "", "", "", " from=64", " group=onetime", " group=onetime",
                                     " group=onetime", " group=onetime" };
#define BENCH_NOTES(i) notes[i]
#define BENCH_OMIT(i) (!strncmp(who[i].name, "onetime-", 8) && !HAS_ONETIME)
#include "bench_main.h"

static void setup(void)
{
  OPENSSL_cpuid_setup();
  bench_setup();
  ppccap = OPENSSL_ppccap_P;
  memcpy(onetime_key, kr + 16, 16);
  openssl_aes(onetime_key + 16);
}

static void use(unsigned int i)
{
  OPENSSL_ppccap_P = strstr(who[i].name, "openssl-scalar") ? ppccap & ~PPC_CRYPTO207 : ppccap;
}

static void describe(void)
{
  printf("# OpenSSL ppccap 0x%x (%s); libsodium %s\n", ppccap,
         ppccap & PPC_CRYPTO207 ? "PPC_CRYPTO207: VSX Poly1305" : "no PPC_CRYPTO207: scalar Poly1305",
         sodium_version_string());
  printf("# openssl: aes_p8_set_encrypt_key and aes_p8_encrypt, then Poly1305_Init/Update/Final as it runs (Final "
         "includes its OPENSSL_cleanse of the state); openssl-scalar: the same with PPC_CRYPTO207 masked; sodium: "
         "crypto_onetimeauth_poly1305 after the same AES; sodium-alone: crypto_onetimeauth_poly1305 alone (no AES), "
         "compared from 64 bytes\n");
  if (HAS_ONETIME)
    printf("# onetime: Poly1305 alone with the one-time key r || AES_k(n), no AES, for all\n");
}

static void names(void)
{
  printf("%s (path %s)\n%s\n%s, PPC_CRYPTO207 masked\nlibsodium %s\nlibsodium %s, Poly1305 alone\n",
         poly1305aes_implementation, poly1305aes_path(), OPENSSL_VERSION_TEXT, OPENSSL_VERSION_TEXT,
         sodium_version_string(), sodium_version_string());
  if (HAS_ONETIME)
    printf("%s (path %s), Poly1305 alone\n%s, Poly1305 alone\n%s, PPC_CRYPTO207 masked, Poly1305 alone\n"
           "libsodium %s, Poly1305 alone\n", poly1305aes_implementation, poly1305aes_path(), OPENSSL_VERSION_TEXT,
           OPENSSL_VERSION_TEXT, sodium_version_string());
}
