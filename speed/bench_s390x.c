/* SPDX-License-Identifier: CC0-1.0 */
/* The peer benchmark for s390x (run under qemu-s390x, where time means
   nothing: speed/peers.py counts the instructions of each call with
   speed/count.py; the driver and its commands are speed/peerbench.h). One
   implementation (POLY1305AES_HEADER, its namespaced library) beside
   OpenSSL 3 and libsodium from Debian's s390x packages, linked statically.
   Poly1305 alone with the one-time key r || AES_k(n) (issue 24's measure on
   this target), for every candidate:
     ours-onetime            the implementation's one-time entry (where it has one)
     openssl-onetime         OpenSSL's Poly1305 as its C glue drives it
                             (speed/peerbench.h: its vector-facility code from
                             128 bytes where OPENSSL_s390xcap_P has the facility)
     openssl-scalar-onetime  the same with the vector facility masked (its
                             radix-2^64 MLGR code at every length)
     sodium-onetime          crypto_onetimeauth_poly1305 (portable C on s390x)
   and complete Poly1305-AES per message:
     ours      poly1305aes_authenticate(out, kr, n, m, l)
     openssl   AES_set_encrypt_key and AES_encrypt (CPACF KM where the CPU
               has it; qemu has not: its table code), then its Poly1305
     sodium-P  crypto_onetimeauth_poly1305 alone (no AES; compared from 64 bytes)
   OPENSSL_s390xcap_P is OpenSSL's internal capability vector, global in its
   static library: the vector facility is bit 1 (IBM numbering) of its third
   STFLE doubleword. */
#include "namespace.h"
#include "peerbench.h"

extern uint64_t OPENSSL_s390xcap_P[];
#define S390X_VX (1ULL << 62)   /* facility 129 in STFLE doubleword 2 */

static uint64_t stfle2;   /* OpenSSL's third STFLE doubleword as it found the CPU */

static void ours(unsigned char out[16], unsigned int l)
{
  poly1305aes_authenticate(out, kr, n, m, l);
}

static void openssl(unsigned char out[16], unsigned int l)
{
  AES_KEY schedule;
  unsigned char key[32];
  memcpy(key, kr + 16, 16);
  AES_set_encrypt_key(kr, 128, &schedule);
  AES_encrypt(n, key + 16, &schedule);
  openssl_poly1305(out, key, l);
}

/* openssl-scalar: the vector facility masked out of OpenSSL's capabilities for its calls */
static void scalar_only(int on)
{
  OPENSSL_s390xcap_P[2] = on ? stfle2 & ~S390X_VX : stfle2;
}

static const struct peer who[] = {
  { "complete", "ours", "ours", 0, 0, ours, NULL },
  { "complete", "openssl", "OpenSSL", 1, 0, openssl, NULL },
  { "complete", "sodium", "sodium-P", 1, 64, sodium_onetime, NULL },
  { "onetime", "ours-onetime", "ours", 0, 0, ours_onetime, NULL },
  { "onetime", "openssl-onetime", "OpenSSL", 1, 0, openssl_onetime, NULL },
  { "onetime", "openssl-scalar-onetime", "OSSL-scal", 1, 0, openssl_onetime, scalar_only },
  { "onetime", "sodium-onetime", "sodium", 1, 0, sodium_onetime, NULL },
};

static void describe(void)
{
  printf("# OpenSSL s390xcap STFLE[2] 0x%016llx (%s); libsodium %s\n", (unsigned long long) stfle2,
         stfle2 & S390X_VX ? "vector facility" : "no vector facility", sodium_version_string());
  printf("# complete: ours; openssl: AES_set_encrypt_key and AES_encrypt (no KM-AES under qemu: its table code), "
         "then Poly1305_Init/Update/Final as it runs (Final includes its OPENSSL_cleanse of the state); "
         "sodium-P: crypto_onetimeauth_poly1305 alone (no AES; compared from 64 bytes)\n");
  if (PEERBENCH_HAS_ONETIME)
    printf("# onetime: Poly1305 alone with the one-time key r || AES_k(n), no AES, for all\n");
}

int main(int argc, char **argv)
{
  OPENSSL_cpuid_setup();
  stfle2 = OPENSSL_s390xcap_P[2];
  return peerbench_main(argc, argv, who, sizeof who / sizeof who[0], describe);
}
