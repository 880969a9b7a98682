/* SPDX-License-Identifier: CC0-1.0 */
/* The check of poly1305aes_s390x's CPACF code on the CPU it runs on
   (kmcheck.py builds it with gcc and with clang and runs it under the
   target's runner). Assumes s390x Linux, GCC or clang. It reads the
   facility list (STFLE) and KM's query itself, with its own instructions
   (the .insn forms, not km.S's code), and checks that km.S's
   km_aes128_reported() says 1 exactly when both report KM-AES-128. Where
   they do, aes_km must give FIPS-197 C.1's answer and the reference AES's
   on chained blocks; where they do not, it prints "km-aes-128 absent" and
   does not run aes_km (KM function 18 is a specification exception there).
   With KMCHECK_LIBRARY, linked with the implementation's library (gcc: the
   implementation refuses clang): the path the library chooses, and each
   path a test may force, is a KM path (its name ends in "km") exactly when
   KM-AES-128 is reported. Prints FAIL lines; exit status 1 on any. */
#include <stdio.h>
#include <string.h>
#include <sys/auxv.h>
#include "aes_ref.h"

#define KM_NAME(name) poly1305aes_s390x_##name   /* km.S's names (common/namespace.h) */
int KM_NAME(km_aes128_reported)(void);
void KM_NAME(aes_km)(unsigned char out[16], const unsigned char k[16], const unsigned char in[16]);

#ifdef KMCHECK_LIBRARY
#include "poly1305aes_s390x.h"
#endif

static int failed;

static void hex(const char *label, const unsigned char *x, size_t n)
{
  size_t i;
  printf("%s", label);
  for (i = 0; i < n; ++i) printf("%02x", x[i]);
  printf("\n");
}

/* bit i (0 the most significant of byte 0) of a big-endian bit string */
static int bit(const unsigned char *bits, unsigned int i)
{
  return bits[i / 8] >> (7 - i % 8) & 1;
}

/* STFLE's first doubleword (facilities 0-63) */
static void stfle_first(unsigned char facilities[8])
{
  unsigned long long word[1];
  register unsigned long count __asm__("r0") = 0;   /* one doubleword */
  __asm__ volatile(".insn s,0xb2b00000,%0" : "=Q"(word), "+d"(count) : : "cc");
  memcpy(facilities, word, 8);
}

/* KM function 0 (the query): the 128-bit mask of the functions installed, at GR1 */
static void km_query(unsigned char mask[16])
{
  register unsigned long function __asm__("r0") = 0;
  register unsigned char *block __asm__("r1") = mask;
  __asm__ volatile(".insn rre,0xb92e0000,6,8" : : "d"(function), "a"(block) : "memory", "cc");
}

#ifdef KMCHECK_LIBRARY
static int is_km(const char *path)
{
  size_t n = strlen(path);
  return n >= 2 && strcmp(path + n - 2, "km") == 0;
}

/* the library's own choice, then each path a test may force: KM paths exactly when reported */
static void library_choice(int reported)
{
  const char *name = poly1305aes_path();
  unsigned int i;
  printf("library: its own choice of path: %s\n", name);
  if (is_km(name) != reported) {
    printf("FAIL the library chose path %s though KM-AES-128 is %s\n", name, reported ? "reported" : "absent");
    ++failed;
  }
  for (i = 0; (name = poly1305aes_path_name(i)) != NULL; ++i) {
    int forced = poly1305aes_path_use(i);
    printf("library: path %s may be forced here: %s\n", name, forced ? "yes" : "no");
    if (is_km(name) && forced != reported) {
      printf("FAIL the library %s path %s be forced though KM-AES-128 is %s\n", forced ? "lets" : "does not let", name,
             reported ? "reported" : "absent");
      ++failed;
    }
  }
}
#endif

int main(void)
{
  static const unsigned char key[16] = { 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15 };
  static const unsigned char plain[16] = { 0x00, 0x11, 0x22, 0x33, 0x44, 0x55, 0x66, 0x77,
                                           0x88, 0x99, 0xaa, 0xbb, 0xcc, 0xdd, 0xee, 0xff };
  static const unsigned char fips197[16] = { 0x69, 0xc4, 0xe0, 0xd8, 0x6a, 0x7b, 0x04, 0x30,
                                             0xd8, 0xcd, 0xb7, 0x80, 0x70, 0xb4, 0xc5, 0x5a };
  unsigned char facilities[8] = { 0 }, mask[16] = { 0 };
  int stfle = (getauxval(AT_HWCAP) & 4) != 0, msa = 0, reported = 0, said;
  printf("AT_HWCAP: %#lx (STFLE: %d)\n", getauxval(AT_HWCAP), stfle);
  if (stfle) {
    stfle_first(facilities);
    hex("STFLE facilities 0-63: ", facilities, 8);
    msa = bit(facilities, 17);
    printf("message-security assist (facility 17): %d\n", msa);
  }
  if (msa) {
    km_query(mask);
    hex("KM query: ", mask, 16);
    reported = bit(mask, 18);
    printf("KM-AES-128 (query bit 18): %d\n", reported);
  }
  said = KM_NAME(km_aes128_reported)();
  printf("km_aes128_reported(): %d\n", said);
  if (said != reported) {
    printf("FAIL km_aes128_reported() says %d, the facility list and query %d\n", said, reported);
    ++failed;
  }
  if (reported) {
    unsigned char out[16], want[16], k[16], in[16];
    int i;
    KM_NAME(aes_km)(out, key, plain);
    hex("aes_km on FIPS-197 C.1: ", out, 16);
    if (memcmp(out, fips197, 16)) printf("FAIL aes_km differs from FIPS-197 C.1\n"), ++failed;
    memcpy(k, key, 16);
    memcpy(in, plain, 16);
    for (i = 0; i < 1000; ++i) {   /* chained: each output the next key and block */
      KM_NAME(aes_km)(out, k, in);
      aes_ref_encrypt(want, k, in);
      if (memcmp(out, want, 16)) {
        printf("FAIL aes_km differs from the reference AES at block %d\n", i);
        ++failed;
        break;
      }
      memcpy(in, k, 16);
      memcpy(k, out, 16);
    }
    printf("aes_km: FIPS-197 C.1 and 1000 chained blocks against the reference\n");
  } else {
    printf("km-aes-128 absent: aes_km not run\n");
  }
#ifdef KMCHECK_LIBRARY
  library_choice(reported);
#endif
  printf("%s\n", failed ? "FAIL" : "PASS");
  return failed ? 1 : 0;
}
