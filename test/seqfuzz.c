/* SPDX-License-Identifier: CC0-1.0 */
/* The sequence fuzzer's driver (test/seqfuzz.py writes its script and
   holds the model). Compiled against an implementation's namespaced header
   (its code paths can be forced) or against the installed generic header
   and static library (the generic API's pointer checks, common/api.c).
   Reads one operation a line from stdin and prints one line for each:
     paths                        "paths N A": the dispatcher's paths (1 for the generic API),
                                  the state's alignment
     use P                        "use 1" when path P now runs every call, else "use 0"
     init S KR N | otinit S KEY   starts state S ("ok")
     update S HEX|-               absorbs the bytes ("ok")
     final S                      "tag HEX"
     verify S HEX                 "verify 0|1" (final_verify)
     copy S T OFF                 places state T OFF bytes into its slot, copies S there ("ok")
     zero S | fill S SEED         state S all zero, or pseudo-random bytes ("ok")
     auth KR N HEX | onetime KEY HEX   the one-shot functions: "tag HEX"
     expand E KR                  key_expand into expanded-key slot E ("ok")
     eauth E N HEX                authenticate_expanded with key E: "tag HEX"
     everify E N TAG HEX          verify_expanded: "verify 0|1"
     ewipe E | ezero E            key_wipe, or the key's bytes set to zero ("ok")
     ecopy E F OFF                places key F OFF bytes into its slot, copies key E there ("ok")
     many C (KR N HEX)...         authenticate_many of C messages: "tags HEX..." (C up to 8)
     vmany C (TAG KR N HEX)...    verify_many: "vmany ALL OK..." (its result, then each ok[i])
     null F ARG [S]               (generic API only) function F with its argument ARG NULL:
                                  F is one of authenticate verify init otinit update final
                                  fverify onetime otverify clamp expand eauth everify ewipe
                                  (the key functions on key slot 0); "verify 0|1" or "ok"
     ! OP...                      OP in a child process: "abort LINES" when the child was
                                  killed by SIGABRT, "returned LINES" when it exited,
                                  "died SIGNAL" otherwise; LINES is what it wrote to its
                                  stdout and stderr, each newline written as |
   Slots are 16 + sizeof(poly1305aes_state) bytes apart in one 16-byte aligned area; a
   state's offset in its slot is a multiple of the type's alignment below 16; the
   expanded keys' slots the same with poly1305aes_key. Assumes POSIX
   (fork, pipe, waitpid). Exit 2 on a line it cannot read. */
#include <signal.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>
#include POLY1305AES_HEADER
#include "util.h"

#define SLOTS 4
#define SLOT_BYTES (16 + sizeof(poly1305aes_state))
#define MAX_MESSAGE 65536

static union { unsigned char bytes[SLOTS * SLOT_BYTES]; poly1305aes_state align; } __attribute__((aligned(16))) area;
static size_t offset[SLOTS];
struct alignment { char c; poly1305aes_state st; };   /* offsetof(.., st): the state's alignment */
static unsigned char message[MAX_MESSAGE];

#define KEY_SLOTS 3
#define KEY_SLOT_BYTES (16 + sizeof(poly1305aes_key))
static union { unsigned char bytes[KEY_SLOTS * KEY_SLOT_BYTES]; poly1305aes_key align; } __attribute__((aligned(16))) keys;
static size_t key_offset[KEY_SLOTS];
struct key_alignment { char c; poly1305aes_key ek; };

static poly1305aes_key *key_at(int e)
{
  return (poly1305aes_key *) (void *) (keys.bytes + (size_t) e * KEY_SLOT_BYTES + key_offset[e]);
}

static poly1305aes_state *state(int s)
{
  return (poly1305aes_state *) (void *) (area.bytes + (size_t) s * SLOT_BYTES + offset[s]);
}

static void bad(const char *what)
{
  fprintf(stderr, "seqfuzz: cannot read %s\n", what);
  exit(2);
}

/* the next space-separated word of *line */
static char *word(char **line)
{
  char *w = strtok(*line, " \n");
  *line = NULL;
  if (!w) bad("an operation's arguments");
  return w;
}

static int slot(char **line)
{
  int s = atoi(word(line));
  if (s < 0 || s >= SLOTS) bad("a slot number");
  return s;
}

static int key_slot(char **line)
{
  int e = atoi(word(line));
  if (e < 0 || e >= KEY_SLOTS) bad("a key slot number");
  return e;
}

static void bytes(char **line, unsigned char *out, size_t n)
{
  char *w = word(line);
  if (strlen(w) != 2 * n || hex_decode(out, n, w)) bad("hex bytes");
}

/* a message's hex (or - for none) into to[0..MAX_MESSAGE): its length */
static size_t message_into(char **line, unsigned char *to)
{
  char *w = word(line);
  size_t l = strlen(w) / 2;
  if (strcmp(w, "-") == 0) return 0;
  if (strlen(w) % 2 || l > MAX_MESSAGE || hex_decode(to, l, w)) bad("a message");
  return l;
}

#define MANY 8
static unsigned char many_bytes[MANY][MAX_MESSAGE];

/* many and vmany: C messages, each (with vmany) its tag, then key, nonce, bytes */
static void many_call(char **line, int verify)
{
  unsigned char kr[MANY][32], n[MANY][16], a[MANY][16], tags[MANY][16], ok[MANY];
  const unsigned char *kp[MANY], *np[MANY], *mp[MANY], *ap[MANY];
  unsigned char *op[MANY];
  size_t l[MANY];
  int count = atoi(word(line)), i, all;
  if (count < 0 || count > MANY) bad("a count");
  for (i = 0; i < count; ++i) {
    if (verify) bytes(line, a[i], 16);
    bytes(line, kr[i], 32);
    bytes(line, n[i], 16);
    l[i] = message_into(line, many_bytes[i]);
    kp[i] = kr[i], np[i] = n[i], mp[i] = many_bytes[i], ap[i] = a[i], op[i] = tags[i];
  }
  if (verify) {
    all = poly1305aes_verify_many(ok, ap, kp, np, mp, l, (size_t) count);
    printf("vmany %d", all);
    for (i = 0; i < count; ++i) printf(" %d", ok[i]);
    printf("\n");
    return;
  }
  poly1305aes_authenticate_many(op, kp, np, mp, l, (size_t) count);
  printf("tags");
  for (i = 0; i < count; ++i) {
    char hex[33];
    hex_encode(hex, tags[i], 16);
    printf(" %s", hex);
  }
  printf("\n");
}

/* the same into message */
static size_t message_of(char **line)
{
  return message_into(line, message);
}

static void print_tag(const unsigned char tag[16])
{
  char hex[33];
  hex_encode(hex, tag, 16);
  printf("tag %s\n", hex);
}

#ifndef poly1305aes_path_name
/* the generic API: each function with argument arg NULL, the others valid */
static void null_call(char **line)
{
  static const unsigned char key[32] = { 1 }, nonce[16] = { 2 }, tag[16];
  static unsigned char out[16], kr[32];
  char *f = word(line), *arg = word(line);
  poly1305aes_key *ek = key_at(0);
#define OR_NULL(x) (strcmp(arg, #x) == 0 ? NULL : x)
  if (strcmp(f, "authenticate") == 0)
    poly1305aes_authenticate(OR_NULL(out), OR_NULL(key), OR_NULL(nonce), OR_NULL(message), 5);
  else if (strcmp(f, "verify") == 0)
    printf("verify %d\n", poly1305aes_verify(OR_NULL(tag), OR_NULL(key), OR_NULL(nonce), OR_NULL(message), 5));
  else if (strcmp(f, "onetime") == 0)
    poly1305aes_onetimeauth(OR_NULL(out), OR_NULL(key), OR_NULL(message), 5);
  else if (strcmp(f, "otverify") == 0)
    printf("verify %d\n", poly1305aes_onetimeauth_verify(OR_NULL(tag), OR_NULL(key), OR_NULL(message), 5));
  else if (strcmp(f, "clamp") == 0)
    poly1305aes_clamp(OR_NULL(kr));
  else if (strcmp(f, "expand") == 0)
    poly1305aes_key_expand(OR_NULL(ek), OR_NULL(key));
  else if (strcmp(f, "eauth") == 0)
    poly1305aes_authenticate_expanded(OR_NULL(out), OR_NULL(ek), OR_NULL(nonce), OR_NULL(message), 5);
  else if (strcmp(f, "everify") == 0)
    printf("verify %d\n", poly1305aes_verify_expanded(OR_NULL(tag), OR_NULL(ek), OR_NULL(nonce), OR_NULL(message), 5));
  else if (strcmp(f, "ewipe") == 0)
    poly1305aes_key_wipe(OR_NULL(ek));
  else {
    poly1305aes_state *st = state(slot(line));
    if (strcmp(f, "init") == 0)
      poly1305aes_init(OR_NULL(st), OR_NULL(key), OR_NULL(nonce));
    else if (strcmp(f, "otinit") == 0)
      poly1305aes_onetimeauth_init(OR_NULL(st), OR_NULL(key));
    else if (strcmp(f, "update") == 0)
      poly1305aes_update(OR_NULL(st), OR_NULL(message), 5);
    else if (strcmp(f, "final") == 0)
      poly1305aes_final(OR_NULL(st), OR_NULL(out));
    else if (strcmp(f, "fverify") == 0) {
      printf("verify %d\n", poly1305aes_final_verify(OR_NULL(st), OR_NULL(tag)));
      return;
    } else
      bad("a function name");
  }
#undef OR_NULL
  if (strcmp(f, "verify") && strcmp(f, "otverify") && strcmp(f, "everify")) printf("ok\n");
}
#endif

static void run(char *line);

/* OP in a child: what it wrote, and how it ended */
static void in_child(char *op)
{
  int fds[2], status;
  pid_t child;
  char got[4096];
  size_t have = 0, i;
  ssize_t n;
  fflush(stdout);
  if (pipe(fds) != 0) bad("a pipe");
  child = fork();
  if (child < 0) bad("a fork");
  if (child == 0) {
    close(fds[0]);
    dup2(fds[1], 1);
    dup2(fds[1], 2);
    run(op);
    fflush(stdout);
    _exit(0);
  }
  close(fds[1]);
  while ((n = read(fds[0], got + have, sizeof got - 1 - have)) > 0) have += (size_t) n;
  close(fds[0]);
  if (waitpid(child, &status, 0) != child) bad("the child's status");
  for (i = 0; i < have; ++i)
    if (got[i] == '\n') got[i] = '|';
  got[have] = 0;
  if (WIFSIGNALED(status) && WTERMSIG(status) == SIGABRT) printf("abort %s\n", got);
  else if (WIFSIGNALED(status)) printf("died %d\n", WTERMSIG(status));
  else printf("returned %s\n", got);
}

static void run(char *line)
{
  char *op = word(&line);
  unsigned char kr[32], n[16], tag[16];
  if (strcmp(op, "!") == 0) {
    in_child(op + strlen(op) + 1);
  } else if (strcmp(op, "paths") == 0) {
#ifdef poly1305aes_path_name
    unsigned int i = 0;
    while (poly1305aes_path_name(i)) ++i;
#else
    unsigned int i = 1;
#endif
    printf("paths %u %u %u\n", i, (unsigned int) offsetof(struct alignment, st),
           (unsigned int) offsetof(struct key_alignment, ek));
  } else if (strcmp(op, "use") == 0) {
    unsigned int p = (unsigned int) atoi(word(&line));
#ifdef poly1305aes_path_name
    printf("use %d\n", poly1305aes_path_use(p));
#else
    printf("use %d\n", p == 0);
#endif
  } else if (strcmp(op, "init") == 0) {
    int s = slot(&line);
    bytes(&line, kr, 32);
    bytes(&line, n, 16);
    poly1305aes_init(state(s), kr, n);
    printf("ok\n");
  } else if (strcmp(op, "otinit") == 0) {
    int s = slot(&line);
    bytes(&line, kr, 32);
    poly1305aes_onetimeauth_init(state(s), kr);
    printf("ok\n");
  } else if (strcmp(op, "update") == 0) {
    int s = slot(&line);
    size_t l = message_of(&line);
    poly1305aes_update(state(s), message, l);
    printf("ok\n");
  } else if (strcmp(op, "final") == 0) {
    int s = slot(&line);
    poly1305aes_final(state(s), tag);
    print_tag(tag);
  } else if (strcmp(op, "verify") == 0) {
    int s = slot(&line);
    bytes(&line, tag, 16);
    printf("verify %d\n", poly1305aes_final_verify(state(s), tag));
  } else if (strcmp(op, "copy") == 0) {
    int s = slot(&line), t = slot(&line);
    size_t at = (size_t) atoi(word(&line));
    if (at >= 16 || at % offsetof(struct alignment, st)) bad("an offset");
    memmove(area.bytes + (size_t) t * SLOT_BYTES + at, state(s), sizeof(poly1305aes_state));
    offset[t] = at;
    printf("ok\n");
  } else if (strcmp(op, "zero") == 0) {
    memset(state(slot(&line)), 0, sizeof(poly1305aes_state));
    printf("ok\n");
  } else if (strcmp(op, "fill") == 0) {
    int s = slot(&line);
    uint64_t seed = strtoull(word(&line), NULL, 10);
    prng_fill(&seed, (unsigned char *) state(s), sizeof(poly1305aes_state));
    printf("ok\n");
  } else if (strcmp(op, "auth") == 0) {
    size_t l;
    bytes(&line, kr, 32);
    bytes(&line, n, 16);
    l = message_of(&line);
    poly1305aes_authenticate(tag, kr, n, message, (unsigned int) l);
    print_tag(tag);
  } else if (strcmp(op, "onetime") == 0) {
    size_t l;
    bytes(&line, kr, 32);
    l = message_of(&line);
    poly1305aes_onetimeauth(tag, kr, message, l);
    print_tag(tag);
  } else if (strcmp(op, "expand") == 0) {
    int e = key_slot(&line);
    bytes(&line, kr, 32);
    poly1305aes_key_expand(key_at(e), kr);
    printf("ok\n");
  } else if (strcmp(op, "eauth") == 0) {
    int e = key_slot(&line);
    size_t l;
    bytes(&line, n, 16);
    l = message_of(&line);
    poly1305aes_authenticate_expanded(tag, key_at(e), n, message, l);
    print_tag(tag);
  } else if (strcmp(op, "everify") == 0) {
    int e = key_slot(&line);
    size_t l;
    bytes(&line, n, 16);
    bytes(&line, tag, 16);
    l = message_of(&line);
    printf("verify %d\n", poly1305aes_verify_expanded(tag, key_at(e), n, message, l));
  } else if (strcmp(op, "ewipe") == 0) {
    poly1305aes_key_wipe(key_at(key_slot(&line)));
    printf("ok\n");
  } else if (strcmp(op, "ezero") == 0) {
    memset(key_at(key_slot(&line)), 0, sizeof(poly1305aes_key));
    printf("ok\n");
  } else if (strcmp(op, "ecopy") == 0) {
    int e = key_slot(&line), f = key_slot(&line);
    size_t at = (size_t) atoi(word(&line));
    if (at >= 16 || at % offsetof(struct key_alignment, ek)) bad("an offset");
    memmove(keys.bytes + (size_t) f * KEY_SLOT_BYTES + at, key_at(e), sizeof(poly1305aes_key));
    key_offset[f] = at;
    printf("ok\n");
  } else if (strcmp(op, "many") == 0 || strcmp(op, "vmany") == 0) {
    many_call(&line, op[0] == 'v');
#ifndef poly1305aes_path_name
  } else if (strcmp(op, "null") == 0) {
    null_call(&line);
#endif
  } else {
    bad("an operation");
  }
}

int main(void)
{
  static char line[2 * MAX_MESSAGE + 256 + MANY * 200];
  while (fgets(line, sizeof line, stdin)) {
    if (!strchr(line, '\n')) bad("a line (too long)");
    run(line);
  }
  return 0;
}
