/* SPDX-License-Identifier: CC0-1.0 */
/* poly1305aes: the command-line tool, installed with the library (bin/).
     poly1305aes tag [--onetime] KEY [NONCE] [FILE]
     poly1305aes verify [--onetime] KEY [NONCE] TAG [FILE]
     poly1305aes --version | --help
   KEY is --key-file PATH (64 hex digits, a newline may follow, or 32 raw
   bytes) or --key HEX64; NONCE --nonce-file PATH or --nonce HEX32, TAG
   --tag-file PATH or --tag HEX32 (their files: 32 hex digits, a newline may
   follow, or 16 raw bytes). The key is k then r (Poly1305-AES, with a
   nonce), or with --onetime r then s (RFC 8439, no nonce). A PATH of "-" is
   standard input: for one of the three at most, and only when FILE names
   the message. FILE (standard input when absent or "-") is read in large
   pieces with read(2) and streamed through poly1305aes_init/update/final,
   so any size works.
   Contracts: the message is opened, and a regular file's size taken, before
   any key, nonce or tag file is opened; a regular file (or standard input
   redirected from one) must give exactly the bytes its size said at the
   start and still have that size at the end, else no tag is shown and
   nothing is accepted. The key's bytes, wherever the tool held them (its
   files' buffer, its decoded copy, --key's argument), are zeroed once the
   state is set, and the key is read last, after the nonce and the tag. tag prints the tag in hex; verify prints nothing when the
   tag is right. Exit 0: tag written, or right; 1: wrong tag; 2: usage or
   I/O error, told in one line on stderr, and never a tag. Assumes POSIX
   (open, read, fstat) and 64-bit file offsets (_FILE_OFFSET_BITS, for files
   above 2 GiB on 32-bit systems). */
#define _POSIX_C_SOURCE 200809L
#define _FILE_OFFSET_BITS 64
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "poly1305aes.h"

#define USAGE "usage: poly1305aes tag [--onetime] KEY [NONCE] [FILE]\n" \
  "       poly1305aes verify [--onetime] KEY [NONCE] TAG [FILE]\n" \
  "  KEY:   --key-file PATH   (or --key HEX64: other local users can read it, see below)\n" \
  "  NONCE: --nonce-file PATH or --nonce HEX32\n" \
  "  TAG:   --tag-file PATH   or --tag HEX32\n"

#define HELP \
  "The key file holds 64 hex digits (a newline may follow) or 32 raw bytes: k (the\n" \
  "AES-128 key) then r; with --onetime, the one-time key r then s (RFC 8439, no nonce).\n" \
  "Nonce and tag files: 32 hex digits (a newline may follow) or 16 raw bytes. A nonce\n" \
  "is new for every message under a key. PATH '-' is standard input, for one of the\n" \
  "three, when FILE names the message. FILE absent or '-': the message is standard input.\n" \
  "--key HEX64 puts the key on the command line, where other local users can read it\n" \
  "(ps, /proc/PID/cmdline) and the shell keeps it in its history: use --key-file.\n" \
  "tag prints the tag in hex (a tag file for verify); verify prints nothing when right.\n" \
  "Exit 0: tag written, or right; 1: wrong tag; 2: error, in one line, and no tag.\n"

/* a piece of the message: large enough that the calls' fixed costs vanish,
   small enough to stay in a core's own cache while the library reads it */
static unsigned char buffer[1 << 18];

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

static int nibble(int c)
{
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

/* 2 len hex digits into out; 0, or the position (from 1) of the first other character */
static size_t unhex(unsigned char *out, const char *hex, size_t len)
{
  size_t i;
  for (i = 0; i < 2 * len; ++i)
    if (nibble((unsigned char) hex[i]) < 0) return i + 1;
  for (i = 0; i < len; ++i)
    out[i] = (unsigned char) (16 * nibble((unsigned char) hex[2 * i]) + nibble((unsigned char) hex[2 * i + 1]));
  return 0;
}

/* hex of exactly 2 len digits into out, or a one-line error naming the option
   (the text itself is not echoed: it may be a key) */
static void hex_option(unsigned char *out, size_t len, const char *hex, const char *option, const char *holds)
{
  size_t bad, digits = strlen(hex);
  if (digits != 2 * len) {
    fprintf(stderr, "poly1305aes: %s takes %u hex digits (%s); this one has %lu characters\n", option,
            (unsigned) (2 * len), holds, (unsigned long) digits);
    exit(2);
  }
  bad = unhex(out, hex, len);
  if (bad) {
    fprintf(stderr, "poly1305aes: %s takes hex digits only (0-9, a-f); character %lu is not one\n", option,
            (unsigned long) bad);
    exit(2);
  }
}

/* reads fd to its end into buf (at most size bytes, one more tells it is longer);
   the count, or -1 with errno */
static long read_all(int fd, unsigned char *buf, size_t size)
{
  size_t have = 0;
  while (have <= size) {
    ssize_t got = read(fd, buf + have, size + 1 - have);
    if (got == 0) break;
    if (got < 0) {
      if (errno == EINTR) continue;
      return -1;
    }
    have += (size_t) got;
  }
  return (long) have;
}

/* len bytes from the file path ("-": standard input) holding them as 2 len hex
   digits (a newline may follow) or as len raw bytes, into out; else a one-line
   error and exit 2. Its buffer is zeroed before it returns or exits. */
static void secret_file(unsigned char *out, size_t len, const char *path, const char *option)
{
  unsigned char raw[2 * 32 + 1 + 1];   /* the longest form, one byte beyond it, one to tell */
  int fd = 0, saved;
  long got;
  size_t bad = 0;
  const char *name = strcmp(path, "-") ? path : "standard input";
  if (strcmp(path, "-")) {
    fd = open(path, O_RDONLY);
    if (fd < 0) {
      fprintf(stderr, "poly1305aes: %s: cannot open '%s': %s\n", option, path, strerror(errno));
      exit(2);
    }
  }
  got = read_all(fd, raw, 2 * len + 1);
  saved = errno;
  if (fd != 0) close(fd);
  if (got < 0) {
    forget(raw, sizeof raw);
    fprintf(stderr, "poly1305aes: %s: cannot read '%s': %s\n", option, name, strerror(saved));
    exit(2);
  }
  if ((size_t) got == len) memcpy(out, raw, len);
  else if ((size_t) got == 2 * len || ((size_t) got == 2 * len + 1 && raw[2 * len] == '\n')) {
    raw[2 * len] = 0;
    bad = unhex(out, (const char *) raw, len);
  } else {
    forget(raw, sizeof raw);
    fprintf(stderr, "poly1305aes: %s: '%s' holds %s%ld bytes; write %lu hex digits (a newline may follow) "
            "or %lu raw bytes\n", option, name, (size_t) got > 2 * len + 1 ? "more than " : "",
            (size_t) got > 2 * len + 1 ? (long) (2 * len + 1) : got, (unsigned long) (2 * len), (unsigned long) len);
    exit(2);
  }
  forget(raw, sizeof raw);
  if (bad) {
    forget(out, len);
    fprintf(stderr, "poly1305aes: %s: '%s' holds %lu bytes but byte %lu is not a hex digit (0-9, a-f); "
            "write %lu hex digits or %lu raw bytes\n", option, name, (unsigned long) got, (unsigned long) bad,
            (unsigned long) (2 * len), (unsigned long) len);
    exit(2);
  }
}

/* the message: its descriptor, name for errors; for a regular file its size
   when opened and the bytes from the file offset to that end */
struct message {
  int fd, regular;
  const char *name;
  off_t size;
  unsigned long long expected;
};

static void open_message(struct message *m, const char *file)
{
  struct stat s;
  m->fd = 0;
  m->name = file ? file : "standard input";
  if (file) {
    m->fd = open(file, O_RDONLY);
    if (m->fd < 0) {
      fprintf(stderr, "poly1305aes: cannot open '%s': %s\n", file, strerror(errno));
      exit(2);
    }
  }
  if (fstat(m->fd, &s) != 0) {
    fprintf(stderr, "poly1305aes: cannot examine '%s' (fstat): %s\n", m->name, strerror(errno));
    exit(2);
  }
  m->regular = S_ISREG(s.st_mode);
  m->size = s.st_size;
  m->expected = 0;
  if (m->regular) {
    off_t at = lseek(m->fd, 0, SEEK_CUR);   /* standard input may be a file read in part */
    if (at < 0) {
      fprintf(stderr, "poly1305aes: cannot find the offset in '%s' (lseek): %s\n", m->name, strerror(errno));
      exit(2);
    }
    if (at < s.st_size) m->expected = (unsigned long long) (s.st_size - at);
  }
}

/* streams the message into st; 0, or 2 after a one-line error (a read error,
   or a regular file that did not keep the size it had when opened) */
static int absorb(poly1305aes_state *st, const struct message *m)
{
  unsigned long long total = 0;
  struct stat s;
  for (;;) {
    ssize_t got = read(m->fd, buffer, sizeof buffer);
    if (got > 0) {
      poly1305aes_update(st, buffer, (size_t) got);
      total += (unsigned long long) got;
    } else if (got == 0) break;
    else if (errno != EINTR) {
      fprintf(stderr, "poly1305aes: cannot read '%s': %s\n", m->name, strerror(errno));
      return 2;
    }
  }
  if (!m->regular) return 0;
  if (total < m->expected) {
    fprintf(stderr, "poly1305aes: short read: '%s' gave %llu of the %llu bytes it held when opened; "
            "try again when nothing writes to it\n", m->name, total, m->expected);
    return 2;
  }
  if (fstat(m->fd, &s) != 0) {
    fprintf(stderr, "poly1305aes: cannot examine '%s' (fstat): %s\n", m->name, strerror(errno));
    return 2;
  }
  if (total != m->expected || s.st_size != m->size) {
    fprintf(stderr, "poly1305aes: '%s' changed size while read (%llu bytes when opened, %llu read, %llu now); "
            "try again when nothing writes to it\n", m->name, (unsigned long long) m->size, total,
            (unsigned long long) s.st_size);
    return 2;
  }
  return 0;
}

int main(int argc, char **argv)
{
  const char *key = NULL, *nonce = NULL, *tag = NULL, *key_file = NULL, *nonce_file = NULL, *tag_file = NULL;
  const char *file = NULL, *from_stdin = NULL;
  char *key_arg = NULL;
  unsigned char k[32], n[16], want[16], out[16];
  char hex[33];
  int onetime = 0, have_file = 0, verify, status, i;
  poly1305aes_state st;
  struct message m;
  if (argc == 2 && !strcmp(argv[1], "--version")) {
    printf("poly1305aes %s (%s)\n", poly1305aes_version(), poly1305aes_implementation_name());
    return 0;
  }
  if (argc == 2 && !strcmp(argv[1], "--help")) {
    printf(USAGE HELP);
    return 0;
  }
  if (argc < 2) usage_error("%s: give a command, tag or verify", "no command");
  if (strcmp(argv[1], "tag") && strcmp(argv[1], "verify")) usage_error("unknown command '%s': tag or verify", argv[1]);
  verify = !strcmp(argv[1], "verify");
  for (i = 2; i < argc; ++i) {
    const char *arg = argv[i], **slot = NULL;
    if (!strcmp(arg, "--onetime")) { onetime = 1; continue; }
    if (!strcmp(arg, "--key")) slot = &key;
    else if (!strcmp(arg, "--key-file")) slot = &key_file;
    else if (!strcmp(arg, "--nonce")) slot = &nonce;
    else if (!strcmp(arg, "--nonce-file")) slot = &nonce_file;
    else if (!strcmp(arg, "--tag") && verify) slot = &tag;
    else if (!strcmp(arg, "--tag-file") && verify) slot = &tag_file;
    else if (arg[0] == '-' && arg[1]) usage_error("unknown option '%s'", arg);
    else if (have_file++) usage_error("one file at most: '%s' is a second one", arg);
    else { file = strcmp(arg, "-") ? arg : NULL; continue; }
    if (*slot) usage_error("%s is given twice", arg);
    if (i + 1 == argc) usage_error("%s needs a value", arg);
    *slot = argv[++i];
    if (slot == &key) key_arg = argv[i];
    if (slot != &key && slot != &nonce && slot != &tag && !strcmp(*slot, "-")) {
      if (from_stdin) usage_error("%s -: standard input gives one of key, nonce and tag at most", arg);
      from_stdin = arg;
    }
  }
  if (key && key_file) usage_error("%s: give the key once (--key-file, or --key)", "--key and --key-file");
  if (nonce && nonce_file) usage_error("%s: give the nonce once", "--nonce and --nonce-file");
  if (tag && tag_file) usage_error("%s: give the tag once", "--tag and --tag-file");
  if (!key && !key_file) usage_error("%s is missing", "--key-file");
  if (onetime && (nonce || nonce_file)) usage_error("%s: a one-time key r||s has no nonce", "--nonce");
  if (!onetime && !nonce && !nonce_file) usage_error("%s is missing (or give --onetime for a one-time key r||s)",
                                                     "--nonce-file");
  if (verify && !tag && !tag_file) usage_error("%s is missing", "--tag-file");
  if (from_stdin && !file)
    usage_error("%s -: standard input is the message here; name the message FILE to read this from it", from_stdin);
  open_message(&m, file);
  if (nonce) hex_option(n, 16, nonce, "--nonce", "16 bytes");
  else if (nonce_file) secret_file(n, 16, nonce_file, "--nonce-file");
  if (tag) hex_option(want, 16, tag, "--tag", "16 bytes");
  else if (tag_file) secret_file(want, 16, tag_file, "--tag-file");
  if (key) {   /* the key last: an error before exits holding no copy of it */
    hex_option(k, 32, key, "--key", onetime ? "r then s" : "k then r");
    forget(key_arg, strlen(key_arg));
  } else secret_file(k, 32, key_file, "--key-file");
  if (onetime) poly1305aes_onetimeauth_init(&st, k);
  else poly1305aes_init(&st, k, n);
  forget(k, sizeof k);
  status = absorb(&st, &m);
  if (m.fd != 0) close(m.fd);
  if (status) {
    poly1305aes_final(&st, out);   /* zeroes the state; the tag of a partial message is not shown */
    forget(out, sizeof out);
    return status;
  }
  if (verify) {
    if (poly1305aes_final_verify(&st, want)) return 0;
    fprintf(stderr, "poly1305aes: wrong tag for %s\n", m.name);
    return 1;
  }
  poly1305aes_final(&st, out);
  for (i = 0; i < 16; ++i) sprintf(hex + 2 * i, "%02x", out[i]);
  if (printf("%s\n", hex) < 0 || fflush(stdout) != 0 || ferror(stdout) || fclose(stdout) != 0) {
    fprintf(stderr, "poly1305aes: cannot write the tag to standard output: %s\n", strerror(errno));
    return 2;
  }
  return 0;
}
