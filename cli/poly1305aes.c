/* SPDX-License-Identifier: CC0-1.0 */
/* poly1305aes: the command-line tool, installed with the library (bin/).
     poly1305aes tag [--onetime] --key HEX64 [--nonce HEX32] [FILE]
     poly1305aes verify [--onetime] --key HEX64 [--nonce HEX32] --tag HEX32 [FILE]
     poly1305aes --version | --help
   --key is k then r (Poly1305-AES, with --nonce), or with --onetime r then s
   (RFC 8439, no nonce). FILE (or stdin when absent or "-") is read in pieces
   and streamed through poly1305aes_init/update/final, so any size works.
   tag prints the tag in hex; verify prints nothing when the tag is right.
   Exit 0: tag written, or right; 1: wrong tag; 2: usage or I/O error, told
   in one line on stderr. Assumes POSIX (open, read) and 64-bit file offsets
   (_FILE_OFFSET_BITS, for files above 2 GiB on 32-bit systems). */
#define _POSIX_C_SOURCE 200809L
#define _FILE_OFFSET_BITS 64
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "poly1305aes.h"

#define USAGE "usage: poly1305aes tag [--onetime] --key HEX64 [--nonce HEX32] [FILE]\n" \
  "       poly1305aes verify [--onetime] --key HEX64 [--nonce HEX32] --tag HEX32 [FILE]\n"

static unsigned char buffer[1 << 16];   /* a piece of the message: the vector cores' length */

static void usage_error(const char *format, const char *what)
{
  fprintf(stderr, "poly1305aes: ");
  fprintf(stderr, format, what);
  fprintf(stderr, " (poly1305aes --help for the usage)\n");
  exit(2);
}

/* zeroes a secret with stores the compiler keeps */
static void forget(void *p, size_t len)
{
  volatile unsigned char *v = p;
  while (len--) *v++ = 0;
}

static int nibble(char c)
{
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

/* hex of exactly 2 len digits into out, or a one-line error naming the option
   (the text itself is not echoed: it may be a key) */
static void hex_option(unsigned char *out, size_t len, const char *hex, const char *option, const char *holds)
{
  size_t i, digits = strlen(hex);
  if (digits != 2 * len) {
    fprintf(stderr, "poly1305aes: %s takes %u hex digits (%s); this one has %lu characters\n", option,
            (unsigned) (2 * len), holds, (unsigned long) digits);
    exit(2);
  }
  for (i = 0; i < digits; ++i)
    if (nibble(hex[i]) < 0) {
      fprintf(stderr, "poly1305aes: %s takes hex digits only (0-9, a-f); character %lu is not one\n", option,
              (unsigned long) i + 1);
      exit(2);
    }
  for (i = 0; i < len; ++i) out[i] = (unsigned char) (16 * nibble(hex[2 * i]) + nibble(hex[2 * i + 1]));
}

/* streams the file (or stdin) into st; 0, or 2 after a one-line error */
static int absorb(poly1305aes_state *st, const char *file)
{
  int fd = 0;
  const char *name = file ? file : "standard input";
  if (file) {
    fd = open(file, O_RDONLY);
    if (fd < 0) {
      fprintf(stderr, "poly1305aes: cannot open '%s': %s\n", file, strerror(errno));
      return 2;
    }
  }
  for (;;) {
    ssize_t got = read(fd, buffer, sizeof buffer);
    if (got > 0) poly1305aes_update(st, buffer, (size_t) got);
    else if (got == 0) break;
    else if (errno != EINTR) {
      fprintf(stderr, "poly1305aes: cannot read '%s': %s\n", name, strerror(errno));
      if (file) close(fd);
      return 2;
    }
  }
  if (file) close(fd);
  return 0;
}

int main(int argc, char **argv)
{
  const char *key = NULL, *nonce = NULL, *tag = NULL, *file = NULL;
  unsigned char k[32], n[16], want[16], out[16];
  char hex[33];
  int onetime = 0, have_file = 0, verify, status, i;
  poly1305aes_state st;
  if (argc == 2 && !strcmp(argv[1], "--version")) {
    printf("poly1305aes %s (%s)\n", poly1305aes_version(), poly1305aes_implementation_name());
    return 0;
  }
  if (argc == 2 && !strcmp(argv[1], "--help")) {
    printf(USAGE "--key: 32 bytes, k (the AES-128 key) then r; with --onetime, the one-time key r then s\n"
           "(RFC 8439, no --nonce). --nonce: 16 bytes, a new one for every message under a key.\n"
           "FILE absent or '-': standard input. Exit 0: tag written, or right; 1: wrong tag; 2: error.\n");
    return 0;
  }
  if (argc < 2) usage_error("%s: give a command, tag or verify", "no command");
  if (strcmp(argv[1], "tag") && strcmp(argv[1], "verify")) usage_error("unknown command '%s': tag or verify", argv[1]);
  verify = !strcmp(argv[1], "verify");
  for (i = 2; i < argc; ++i) {
    const char *arg = argv[i], **slot = NULL;
    if (!strcmp(arg, "--onetime")) { onetime = 1; continue; }
    if (!strcmp(arg, "--key")) slot = &key;
    else if (!strcmp(arg, "--nonce")) slot = &nonce;
    else if (!strcmp(arg, "--tag") && verify) slot = &tag;
    else if (arg[0] == '-' && arg[1]) usage_error("unknown option '%s'", arg);
    else if (have_file++) usage_error("one file at most: '%s' is a second one", arg);
    else { file = strcmp(arg, "-") ? arg : NULL; continue; }
    if (*slot) usage_error("%s is given twice", arg);
    if (i + 1 == argc) usage_error("%s needs a value", arg);
    *slot = argv[++i];
  }
  if (!key) usage_error("%s is missing", "--key");
  if (onetime && nonce) usage_error("%s: a one-time key r||s has no nonce", "--nonce");
  if (!onetime && !nonce) usage_error("%s is missing (or give --onetime for a one-time key r||s)", "--nonce");
  if (verify && !tag) usage_error("%s is missing", "--tag");
  hex_option(k, 32, key, "--key", onetime ? "r then s" : "k then r");
  if (nonce) hex_option(n, 16, nonce, "--nonce", "16 bytes");
  if (tag) hex_option(want, 16, tag, "--tag", "16 bytes");
  if (onetime) poly1305aes_onetimeauth_init(&st, k);
  else poly1305aes_init(&st, k, n);
  forget(k, sizeof k);
  status = absorb(&st, file);
  if (status) {
    poly1305aes_final(&st, out);   /* zeroes the state; the tag of a partial message is not shown */
    return status;
  }
  if (verify) {
    if (poly1305aes_final_verify(&st, want)) return 0;
    fprintf(stderr, "poly1305aes: wrong tag for %s\n", file ? file : "standard input");
    return 1;
  }
  poly1305aes_final(&st, out);
  for (i = 0; i < 16; ++i) sprintf(hex + 2 * i, "%02x", out[i]);
  if (printf("%s\n", hex) < 0 || fflush(stdout) != 0) {
    fprintf(stderr, "poly1305aes: cannot write the tag: %s\n", strerror(errno));
    return 2;
  }
  return 0;
}
