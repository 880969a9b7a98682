/* SPDX-License-Identifier: CC0-1.0 */
/* The peer benchmark for riscv64 (run under qemu-riscv64, where time means
   nothing: speed/peers.py counts the instructions of each call with
   speed/count.py). One implementation (POLY1305AES_HEADER, its namespaced
   library) beside OpenSSL 3 and libsodium from Debian 13's riscv64 packages
   (Debian 12 has none), linked statically. Assumes RV64GC; the Zkne peer and
   our zkne path need a CPU with Zkne (the target's qemu line has it).
   Complete Poly1305-AES, per message, as the API must do it:
     ours           poly1305aes_authenticate(out, kr, n, m, l)
     openssl        OpenSSL's AES as its C glue (cipher_aes_hw_rv64i.inc) runs one
                    block on a CPU with Zkne: rv64i_zkne_set_encrypt_key and
                    rv64i_zkne_encrypt (aes-riscv64-zkn), then its Poly1305 as it
                    runs (Poly1305_Init, _Update, _Final: C; Debian 13 builds its
                    radix-2^32 variant, 32x32-bit products; OpenSSL has no vector
                    Poly1305 for riscv64)
     openssl-table  the same with its AES for CPUs without Zkne: AES_set_encrypt_key
                    and AES_encrypt (aes-riscv64: tables)
     sodium         s = AES-128_k(n) by OpenSSL's Zkne AES, then
                    crypto_onetimeauth_poly1305(out, m, l, r||s) (portable C)
   then Poly1305 alone with the one-time key r||s made once (group onetime, s by
   OpenSSL's Zkne AES; no AES in the calls): ours (its onetimeauth), OpenSSL's
   as it runs, libsodium's.
   Called directly, OpenSSL's Zkne AES needs no capability check: qemu-user
   7.2 has no riscv_hwprobe, so OpenSSL's own probe would find no Zkne there.
   OpenSSL's functions named here are its internal entry points, global in its
   static library (not its public API); their prototypes are written out. The
   commands are speed/bench_main.h's. */
#define BENCH_NAME "bench_riscv64"
#define BENCH_ONETIME
#include "bench_peers.h"

/* ---- OpenSSL's internal entry points (libcrypto.a) ---- */
int rv64i_zkne_set_encrypt_key(const unsigned char *key, const int bits, aes_key *schedule);
void rv64i_zkne_encrypt(const unsigned char *in, unsigned char *out, const aes_key *schedule);

/* s = AES_k(n) as OpenSSL's C glue runs one block with Zkne */
static void openssl_aes(unsigned char s[16])
{
  OPENSSL_AES_BLOCK(rv64i_zkne_set_encrypt_key, rv64i_zkne_encrypt, s, kr, n);
}

static void openssl_table(unsigned char out[16], unsigned int l)
{
  unsigned char key[32];
  OPENSSL_AES_BLOCK(AES_set_encrypt_key, AES_encrypt, key + 16, kr, n);
  openssl_poly(out, l, key);
}

static const struct { const char *name; void (*fn)(unsigned char out[16], unsigned int l); } who[] = {
  { "ours", ours }, { "openssl", openssl }, { "openssl-table", openssl_table }, { "sodium", sodium },
  { "onetime-ours", ours_onetime }, { "onetime-openssl", openssl_onetime }, { "onetime-sodium", sodium_alone },
};
static const char *const notes[] = { "", "", "", "", " group=onetime", " group=onetime", " group=onetime" };
#define BENCH_NOTES(i) notes[i]
#include "bench_main.h"

static void setup(void)
{
  bench_setup();
}

static void use(unsigned int i)
{
  (void) i;
}

static void describe(void)
{
  printf("# libsodium %s\n", sodium_version_string());
  printf("# openssl: rv64i_zkne_set_encrypt_key and rv64i_zkne_encrypt (Zkne), then Poly1305_Init/Update/Final as "
         "it runs (C: Debian 13 builds its radix-2^32 variant; Final includes its OPENSSL_cleanse of the state); openssl-table: the same after "
         "AES_set_encrypt_key and AES_encrypt (tables, for CPUs without Zkne); sodium: crypto_onetimeauth_poly1305 "
         "after OpenSSL's Zkne AES\n");
  printf("# onetime: Poly1305 alone with the one-time key r || AES_k(n) (OpenSSL's Zkne AES), no AES, for all\n");
}

static void names(void)
{
  printf("%s (path %s)\n%s\n%s, table AES\nlibsodium %s\n", poly1305aes_implementation, poly1305aes_path(),
         OPENSSL_VERSION_TEXT, OPENSSL_VERSION_TEXT, sodium_version_string());
  printf("%s (path %s), Poly1305 alone\n%s, Poly1305 alone\nlibsodium %s, Poly1305 alone\n",
         poly1305aes_implementation, poly1305aes_path(), OPENSSL_VERSION_TEXT, sodium_version_string());
}
