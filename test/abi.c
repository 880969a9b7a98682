/* SPDX-License-Identifier: CC0-1.0 */
/* ABI and state harness: calls an implementation's authenticate and verify
   from assembly (targets/<target>/abi.S) with every register the ABI says a
   callee preserves, the floating-point control and status registers and the
   caller's frame filled with known values, and checks each of them after the
   call, and the tag or verdict against the readable reference; on every code
   path of the implementation's dispatcher. It also paints the stack the call
   will use and looks through it afterwards for the call's secrets
   (test/stackscan.h). Assumes C99 + POSIX, a target whose folder in targets/
   holds an ABI harness (native: on the CPU of such a target),
   test/abi.h's layout and what the target's ABI promises
   (targets/<target>/abi.c, included below).
   The caller's floating-point rule checked here: the control bits come back
   exactly; every status flag the caller had set is still set; no flag is
   newly raised for an exception the caller has enabled (a trap pending for
   the caller); and no trap fires inside the call, whatever the caller enabled
   (one caller mode enables every exception; a SIGFPE fails the run).
     abi              selftest (broken fakes must be caught), then the real runs
     abi --selftest   the selftest only
     abi --measure    (built with POLY1305AES_STACK_PROBE, against the library
                      built so: common/stack.h) the build's stack probe: the
                      deepest stack each path's wipe areas used, one
                      "PATH AREA BYTES" line each, "PATH - cannot-run" for a
                      path this CPU cannot run; tools/stackbytes.py reads them
   Where the implementation provides path_core (common/core.h), the core's
   entry points (aes, start, blocks, finish) are called the same way, each
   checked and scanned alone (the state, caller-provided, is not on the
   stack); where it does not, a note says so.
   Version 1.2's entry points are called the same way: key_expand,
   authenticate_expanded, verify_expanded, and authenticate_many and
   verify_many through a function of one argument.
   Prints "ok abi ..." or "FAIL abi ...: what, expected, got"; exit 1 on failure. */
#include <signal.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include POLY1305AES_HEADER
#include "abi.h"
#include "aes_ref.h"
#include "core.h"
#include "ref.h"
#include "stackscan.h"
#include "util.h"
#if defined(POLY1305AES_STACK_PROBE)
#include "stack.h"
#endif

/* slot kinds: want/got, fwant/fgot, vwant/vgot; FLAGS: status flags in an
   INT slot (the rule above); UPPER: bits in an INT slot the call must not
   newly set (x86's XINUSE); STACK: the stack scan, no slot */
enum { INT, FP, VEC, FLAGS, UPPER, STACK };

struct check {
  const char *name;
  int kind, slot;
  unsigned long mask;    /* the bits compared (INT) */
  unsigned long need;    /* ABI_HAS_* the check needs, or 0 */
};

struct fake {
  const char *name;
  void (*fn)(void);
  int kind, slot;        /* the check that must catch it; -1 for the clean one */
  unsigned long need;
};

#define FAKE(n) extern void abi_fake_##n(void);
#define ALL (~0UL)

/* ---- what each ABI promises ---- */

/* ---- the caller's floating-point modes: three non-default ones with some
   status flags already raised (they must survive), exceptions that arithmetic
   here raises (inexact) masked; then one with every exception enabled ---- */

#define NMODES 4
static const char *const mode_names[NMODES] = { "rounding up, flags raised", "toward zero, one trap enabled",
  "rounding down", "every exception's trap enabled" };
static unsigned long features;   /* ABI_HAS_*: abi_features() and target_features() */

/* ---- what the target's ABI promises: targets/<target>/abi.c, which defines
   checks[] and fakes[] (the abi_fake_* of its abi.S), FRAME_SLOT, FRAME_NAME,
   FRAME_BASE and FRAME_STRIDE (the caller's frame words), enabled_flags()
   (the exceptions a caller's mode enables, as the status flags of a slot),
   set_mode() and MODE_SLOTS (the caller's modes: the slots they set) and
   target_features() (ABI_HAS_* it finds beyond abi_features(), and any set-up
   the harness needs); on x86 also XINUSE (the slot of the upper halves in use),
   upper_asked[], upper_state(), upper_before(), UPPER_WHERE and UPPER_MODES ---- */
#include POLY1305AES_TARGET_ABI

#define NCHECK (sizeof checks / sizeof checks[0])
#define NFAKE (sizeof fakes / sizeof fakes[0])
#define NFRAME 8

static int checked(unsigned long need) { return (need & features) == need; }

static const char *check_name(unsigned int c, char *buffer)
{
  if (c < NCHECK) return checks[c].name;
  sprintf(buffer, "caller's frame word at " FRAME_NAME, (unsigned) (FRAME_BASE + FRAME_STRIDE * (c - NCHECK)));
  return buffer;
}

/* the stack check's finding for the last call ("" when clean), and the deepest use seen */
static char stack_finding[400];
static size_t stack_deepest;
#define PAINT 0xa55aa55aa55aa55aULL

/* check c (frame words follow the table) failed? describe it in text */
static int check_fails(const struct abi_block *b, unsigned int c, char *text)
{
  char name[80];
  int kind = c < NCHECK ? checks[c].kind : INT;
  int slot = c < NCHECK ? checks[c].slot : (int) (FRAME_SLOT + c - NCHECK);
  unsigned long mask = c < NCHECK ? checks[c].mask : ALL;
  if (c < NCHECK && !checked(checks[c].need)) return 0;
  if (kind == STACK) {
    if (!*stack_finding) return 0;
    sprintf(text, "%s: %s", check_name(c, name), stack_finding);
  } else if (kind == FLAGS) {
    unsigned long want = b->want[slot] & mask, got = b->got[slot] & mask;
    unsigned long cleared = want & ~got, pending = got & ~want & enabled_flags(b, slot);
    if (!cleared && !pending) return 0;
    if (cleared) sprintf(text, "%s: the caller's flags 0x%lx were cleared (0x%lx became 0x%lx)", check_name(c, name),
                         cleared, want, got);
    else sprintf(text, "%s: 0x%lx raised with its exception enabled by the caller (a trap pending for it; "
                 "0x%lx became 0x%lx)", check_name(c, name), pending, want, got);
  } else if (kind == UPPER) {
    unsigned long before = b->want[slot] & mask, after = b->got[slot] & mask;
    if (!(after & ~before)) return 0;
    sprintf(text, "%s: XINUSE bits 0x%lx before the call (the caller's), 0x%lx after it", check_name(c, name),
            before, after);
  } else if (kind == INT) {
    unsigned long want = b->want[slot] & mask, got = b->got[slot] & mask;
    if (want == got) return 0;
    sprintf(text, "%s expected 0x%0*lx, got 0x%0*lx", check_name(c, name),
      2 * ABI_W, want, 2 * ABI_W, got);
  } else {
    unsigned int size = kind == FP ? 8 : 16;
    const unsigned char *want = kind == FP ? b->fwant + 8 * slot : b->vwant + 16 * slot;
    const unsigned char *got = kind == FP ? b->fgot + 8 * slot : b->vgot + 16 * slot;
    char w[33], g[33];
    if (memcmp(want, got, size) == 0) return 0;
    hex_encode(w, want, size);
    hex_encode(g, got, size);
    sprintf(text, "%s expected %s, got %s", check_name(c, name), w, g);
  }
  return 1;
}

/* where check c looks: flags live in INT slots, and a fake is caught by any check of its slot */
static void check_place(unsigned int c, int *kind, int *slot)
{
  *kind = c < NCHECK ? checks[c].kind : INT;
  *slot = c < NCHECK ? checks[c].slot : (int) (FRAME_SLOT + c - NCHECK);
  if (*kind == FLAGS || *kind == UPPER) *kind = INT;
}

#ifndef XINUSE
#define UPPER_WHERE(b) "", ""
#define UPPER_MODES ""
#endif

/* fill the block with fresh known values for every slot */
static void prepare(struct abi_block *b, uint64_t *prng, void (*fn)(void), unsigned long pad, int mode)
{
  unsigned char bytes[ABI_NINT * ABI_W];
  memset(b, 0, sizeof *b);
  b->fn = (unsigned long) fn;
  b->pad = pad;
  b->flags = features;
  prng_fill(prng, bytes, sizeof bytes);
  memcpy(b->want, bytes, sizeof b->want);
  prng_fill(prng, b->fwant, sizeof b->fwant);
  prng_fill(prng, b->vwant, sizeof b->vwant);
  b->paint = PAINT;
  set_mode(b, mode);
#ifdef XINUSE
  b->want[XINUSE] = upper_asked[(pad / 16 + (unsigned long) mode) % 3];   /* the caller's upper state, by call() */
#endif
  stack_finding[0] = 0;
}

/* ---- calling ---- */

static const char *calling = "the harness";   /* what runs, for the SIGFPE report */

static void on_sigfpe(int signal)
{
  char text[300];
  int len = snprintf(text, sizeof text, "FAIL abi: a floating-point trap (SIGFPE) in %s\nFAIL abi\n", calling);
  (void) signal;
  if (write(1, text, (size_t) len) < 0) _exit(2);
  _exit(1);
}

/* the call, from the caller's upper state asked for in want[XINUSE] (x86) */
static void call(struct abi_block *b)
{
#ifdef XINUSE
  if (features & ABI_HAS_XINUSE) upper_before(b);
#endif
  abi_call(b);
#ifdef XINUSE
  if (features & ABI_HAS_XINUSE) b->got[XINUSE] = upper_state();
#endif
}

/* after call(b) with secrets a: look for them in the stack it used, then call again with
   other secrets (again() sets the arguments for them, fills in other, and calls); a
   candidate is confirmed when that call left its own secrets in the same form at the same
   offset. With same_places (again() keeps every argument at its address and the public
   inputs as they were), any word below the stack pointer that the two calls left different
   depends on the secrets, whatever its form (a partial sum, a transformed round key: forms
   stackscan.c does not know), and fails too. The block is as the first call left it
   afterwards */
static void scan_stack(struct abi_block *b, struct secrets *a,
                       void (*again)(struct abi_block *, void *, struct secrets *), void *context,
                       int same_places)
{
  static struct stack_find found[64];
  static struct abi_block first;
  static struct secrets other;
  size_t count, i, at, differ = 0, nearest = 0, depth = stack_depth(b->stack, ABI_NSTACK, (uint32_t) PAINT);
  if (depth > stack_deepest) stack_deepest = depth;
  if (depth + 16 > ABI_NSTACK)
    snprintf(stack_finding, sizeof stack_finding, "the call used all %d painted bytes of stack; the scan cannot see "
             "below them", ABI_NSTACK);
  count = stack_candidates(a, b->stack, ABI_NSTACK + ABI_NABOVE, (uint32_t) PAINT, found, 64);
  if (!count && !same_places) return;
  first = *b;
  again(b, context, &other);
  for (i = 0; i < count; ++i)
    if (stack_confirms(&other, b->stack, &found[i])) {
      char what[160];
      long offset = (long) found[i].offset - ABI_NSTACK;
      stack_describe(what, sizeof what, &found[i]);
      snprintf(stack_finding, sizeof stack_finding, "%s at sp%+ld after the call (and again with other secrets)",
               what, offset);
      break;
    }
  if (i == count && same_places) {
    for (at = 0; at + 4 <= ABI_NSTACK; at += 4)
      if (memcmp(first.stack + at, b->stack + at, 4)) {
        ++differ;
        nearest = at;
      }
    if (differ)
      snprintf(stack_finding, sizeof stack_finding, "%lu words below the stack pointer depend on the secrets (the "
               "same call with other secrets at the same addresses left them different), the nearest at sp%+ld",
               (unsigned long) differ, (long) nearest - ABI_NSTACK);
  }
  *b = first;
}

static int failures;

/* the control bits the harness asked for, against what the CPU read back
   before the call (which is what the checks compare with) */
static void mode_taken(const struct abi_block *b, const unsigned long *asked)
{
  static const int slots[] = MODE_SLOTS;
  static unsigned char told[NCHECK];
  unsigned int i, c;
  for (i = 0; i < sizeof slots / sizeof slots[0]; ++i)
    for (c = 0; c < NCHECK; ++c) {
      unsigned long mask = checks[c].mask;
      if (checks[c].slot != slots[i] || checks[c].kind != INT || !checked(checks[c].need)) continue;
      if (((asked[slots[i]] ^ b->want[slots[i]]) & mask) && !told[c]) {
        printf("note abi: %s: asked for 0x%lx, the CPU holds 0x%lx; checked as held\n",
          checks[c].name, asked[slots[i]] & mask, b->want[slots[i]] & mask);
        told[c] = 1;
      }
    }
}

/* ---- the selftest: every deliberately broken fake must be caught by its check ---- */

/* the harness obeys the ABI it checks: abi_call, called by itself around the
   compliant fake, keeps every promise to its caller (and the inner call's
   own checks hold) */
static void nested(uint64_t *prng)
{
  struct abi_block *outer, *inner;
  unsigned int c, bad = 0;
  char text[256], first[300] = "";
  int mode;
  if (posix_memalign((void **) &outer, 64, sizeof *outer) || posix_memalign((void **) &inner, 64, sizeof *inner)) {
    printf("FAIL abi selftest: out of memory\n");
    ++failures;
    return;
  }
  for (mode = 0; mode < NMODES; ++mode) {
    prepare(inner, prng, abi_fake_clean, 16UL * (unsigned long) ((mode + 1) % 3), (mode + 1) % NMODES);
    prepare(outer, prng, (void (*)(void)) abi_call, 16UL * (unsigned long) (mode % 3), mode);
    outer->arg[0] = (unsigned long) inner;
    calling = "the harness called by itself";
    call(outer);
    for (c = 0; c < NCHECK + NFRAME; ++c) {
      if (check_fails(outer, c, text) && !bad++) sprintf(first, "the harness itself breaks %s", text);
      if (check_fails(inner, c, text) && !bad++) sprintf(first, "under itself, %s", text);
    }
    if (outer->ret != 0 && !bad++) strcpy(first, "the harness did not return 0");
  }
  free(outer);
  free(inner);
  if (bad) { printf("FAIL abi selftest nested: %s\n", first); ++failures; }
  else printf("ok abi selftest nested: the harness called by itself keeps every promise it checks\n");
}

/* the fakes' arguments: out, kr (8-aligned: the sparc64 leak fake loads it by doublewords), n */
struct fake_args { uint64_t kr[4], n[2]; unsigned char out[64]; };

static void fake_again(struct abi_block *b, void *context, struct secrets *other)
{
  struct fake_args *args = context;
  secrets_of(other, (const unsigned char *) args->kr, (const unsigned char *) args->n, NULL);
  b->arg[1] = (unsigned long) args->kr;
  b->arg[2] = (unsigned long) args->n;
  call(b);
}

static void selftest(void)
{
  unsigned int f, c, caught_total = 0, tried = 0;
  uint64_t prng = 99;
  static struct fake_args args[2];
  static struct secrets secret;
  int i;
  for (i = 0; i < 2; ++i) {
    prng_fill(&prng, (unsigned char *) args[i].kr, 32);
    prng_fill(&prng, (unsigned char *) args[i].n, 16);
  }
  secrets_of(&secret, (const unsigned char *) args[0].kr, (const unsigned char *) args[0].n, NULL);
  for (f = 0; f < NFAKE; ++f) {
    struct abi_block *b;
    char text[256], first[256] = "", other[256] = "";
    int mode, caught = 0, stray = 0;
    if (!checked(fakes[f].need)) {
      printf("ok abi selftest %s: skipped, this CPU lacks it\n", fakes[f].name);
      continue;
    }
    if (posix_memalign((void **) &b, 64, sizeof *b)) { printf("FAIL abi selftest: out of memory\n"); ++failures; return; }
    if (fakes[f].slot >= 0) ++tried;
    for (mode = 0; mode < NMODES; ++mode) {
      prepare(b, &prng, fakes[f].fn, 16UL * (unsigned long) (mode % 3), mode);
      b->arg[0] = (unsigned long) args[0].out;
      b->arg[1] = (unsigned long) args[0].kr;
      b->arg[2] = (unsigned long) args[0].n;
      b->arg[3] = (unsigned long) args[0].out;
      b->arg[4] = 0;
      calling = fakes[f].name;
      call(b);
      scan_stack(b, &secret, fake_again, &args[1], 0);
      for (c = 0; c < NCHECK + NFRAME; ++c) {
        int kind, slot;
        if (!check_fails(b, c, text)) continue;
        check_place(c, &kind, &slot);
        if (kind == fakes[f].kind && slot == fakes[f].slot) {
          if (!caught++) strcpy(first, text);
        } else if (!stray++) strcpy(other, text);
      }
    }
    free(b);
    if (fakes[f].slot < 0) {
      if (stray) { printf("FAIL abi selftest %s: a compliant function is flagged: %s\n", fakes[f].name, other); ++failures; }
      else printf("ok abi selftest %s: a compliant function passes every check\n", fakes[f].name);
    } else if (!caught) {
      printf("FAIL abi selftest %s: not caught%s%s\n", fakes[f].name, stray ? "; flagged instead: " : "", other);
      ++failures;
    } else if (stray) {
      printf("FAIL abi selftest %s: caught, but also flagged: %s\n", fakes[f].name, other);
      ++failures;
    } else {
      printf("ok abi selftest %s: caught: %s\n", fakes[f].name, first);
      ++caught_total;
    }
  }
  printf("%s abi selftest: %u of %u broken fakes caught\n", caught_total == tried ? "ok" : "FAIL", caught_total, tried);
  if (caught_total != tried && !failures) ++failures;
  nested(&prng);
}

/* ---- the implementation under test ---- */

static void clamp_ref(unsigned char kr[32])
{
  kr[19] &= 15; kr[23] &= 15; kr[27] &= 15; kr[31] &= 15;
  kr[20] &= 252; kr[24] &= 252; kr[28] &= 252;
}

/* the arguments of one call of the implementation (run) */
struct call_args {
  int which;                      /* 0 authenticate, 1 verify (right tag), 2 verify (wrong tag),
                                     3 onetimeauth (kr is the one-time key r || s), 4 key_expand,
                                     5 authenticate_expanded, 6 verify_expanded (right tag),
                                     7 authenticate_many, 8 verify_many (right tags): MANY
                                     messages, each m under kr and n */
  unsigned char kr[32], n[16], tag[16], right[16], area[48];
  const unsigned char *m;
  unsigned int l;
  poly1305aes_key ek;
#define MANY 13   /* a group of 8 lanes, one of 4, one message alone */
  unsigned char *outs[MANY], many_out[MANY][16], ok[MANY];
  const unsigned char *krs[MANY], *ns[MANY], *ms[MANY], *as[MANY];
  size_t ls[MANY];
};

/* which: a verifying call, whose right tag is a secret; returning a tag in area */
#define VERIFYING(which) ((which) == 1 || (which) == 2 || (which) == 6 || (which) == 8)
#define TAGGING(which) ((which) == 0 || (which) == 3 || (which) == 5 || (which) == 7)

/* the many-message calls through one argument (the harness passes five at most): each a tail
   call where the compiler can */
static void authenticate_many_of(struct call_args *a)
{
  poly1305aes_authenticate_many(a->outs, a->krs, a->ns, a->ms, a->ls, MANY);
}

static int verify_many_of(struct call_args *a)
{
  return poly1305aes_verify_many(a->ok, a->as, a->krs, a->ns, a->ms, a->ls, MANY);
}

static void set_args(struct abi_block *b, struct call_args *a)
{
  unsigned int i;
  if (a->which == 3) ref_onetimeauth(a->right, a->kr, a->m, a->l);
  else ref_authenticate(a->right, a->kr, a->n, a->m, a->l);
  memcpy(a->tag, a->right, 16);
  if (a->which == 2) a->tag[a->l % 16] ^= (unsigned char) (1 << (a->l % 8));
  for (i = 0; i < sizeof a->area; ++i) a->area[i] = (unsigned char) (0xa5 ^ i);
  b->arg[0] = (unsigned long) (TAGGING(a->which) ? a->area + 16 : a->tag);
  b->arg[1] = (unsigned long) a->kr;
  b->arg[2] = (unsigned long) a->n;
  b->arg[3] = (unsigned long) a->m;
  b->arg[4] = a->l;
  if (a->which == 3) {   /* onetimeauth(out, key, m, l), l a size_t */
    b->arg[2] = (unsigned long) a->m;
    b->arg[3] = a->l;
  }
  if (a->which == 4) {   /* key_expand(ek, kr) */
    b->arg[0] = (unsigned long) &a->ek;
    memset(&a->ek, 0, sizeof a->ek);
  }
  if (a->which == 5 || a->which == 6) {   /* (out or a, ek, n, m, l), l a size_t: the key expanded first */
    poly1305aes_key_expand(&a->ek, a->kr);
    b->arg[1] = (unsigned long) &a->ek;
  }
  if (a->which >= 7) {
    for (i = 0; i < MANY; ++i) {
      a->outs[i] = i ? a->many_out[i] : a->area + 16;
      a->krs[i] = a->kr, a->ns[i] = a->n, a->ms[i] = a->m, a->ls[i] = a->l, a->as[i] = a->tag;
      a->ok[i] = 7;
    }
    memset(a->many_out, 0, sizeof a->many_out);
    b->arg[0] = (unsigned long) a;
  }
#ifdef LENGTH_ARG_JUNK
  if (a->which < 5) b->arg[4] |= LENGTH_ARG_JUNK;
#endif
}

/* the same call with another key and nonce (for the stack scan), in place: every argument at
   the same address, the message the same */
static void run_again(struct abi_block *b, void *context, struct secrets *other)
{
  struct call_args *a = context;
  static uint64_t prng = 4242;
  prng_fill(&prng, a->kr, 32);
  prng_fill(&prng, a->n, 16);
  clamp_ref(a->kr);
  set_args(b, a);
  if (a->which == 3) secrets_of_onetime(other, a->kr, NULL);
  else secrets_of(other, a->kr, a->n, VERIFYING(a->which) ? a->right : NULL);
  call(b);
}

/* what run() and run_core() share: a run of calls, over items (lengths, block counts), each at
   four stack pads, in every caller mode; the block they run in; the checks after each call;
   the summary */
struct calls {
  struct abi_block *b;
  unsigned long asked[ABI_NINT];   /* the control bits the harness asks for in the call */
  uint64_t prng;
  unsigned int next, item, calls, bad;
  unsigned long pad;               /* 0, 16, 32, 48 */
  int mode;                        /* 0 .. NMODES - 1 */
  struct secrets secret;           /* the call's */
  char done[200];                  /* what the run covered, for its summary */
};

/* starts a run (seed: its random inputs'); 0, and a failure, when there is no memory */
static int calls_begin(struct calls *cs, uint64_t seed)
{
  memset(cs, 0, sizeof *cs);
  cs->prng = seed;
  if (posix_memalign((void **) &cs->b, 64, sizeof *cs->b)) {
    printf("FAIL abi: out of memory\n");
    ++failures;
    return 0;
  }
  stack_deepest = 0;
  return 1;
}

/* the next call of a run over items: 1 with its item, pad and mode set, else 0 */
static int calls_next(struct calls *cs, unsigned int items)
{
  unsigned int k = cs->next++;
  cs->mode = (int) (k % NMODES);
  cs->pad = 16 * (k / NMODES % 4);
  cs->item = k / NMODES / 4;
  return cs->item < items;
}

/* after the call b ran (its caller mode asked: the harness's control bits, where: the call in
   words): the stack scan (again: the call with other secrets), the modes, the checks; returns
   bad plus the failures, printed while bad stays below 10 */
static unsigned int calls_check(struct abi_block *b, struct secrets *secret,
                                void (*again)(struct abi_block *, void *, struct secrets *), void *context,
                                const unsigned long *asked, const char *where, unsigned int bad)
{
  char text[500];
  unsigned int c;
  scan_stack(b, secret, again, context, 1);
  mode_taken(b, asked);
  for (c = 0; c < NCHECK + NFRAME; ++c)
    if (check_fails(b, c, text) && bad++ < 10) printf("FAIL abi %s: %s\n", where, text);
  return bad;
}

/* the summary of a run of calls of name (cs->done: what they covered) */
static void calls_end(struct calls *cs, const char *name)
{
  free(cs->b);
  if (cs->bad) {
    printf("FAIL abi %s: %u problems in %u calls (the deepest used %lu bytes of stack)\n", name, cs->bad, cs->calls,
           (unsigned long) stack_deepest);
    ++failures;
  }
  else printf("ok abi %s: %u calls (%s), every check holds; the deepest call used %lu bytes of stack and left no "
              "secret in them\n", name, cs->calls, cs->done, (unsigned long) stack_deepest);
}

static void run(int which)
{
  /* 4100: above every vector threshold (poly1305aes_amd64's sse2 and generic paths from 2560
     bytes, arm64's hybrid loop from 3072), its last block partial; 32785: above the switch of
     poly1305aes_x86's ifma path from its ymm to its zmm code (a wipe of its own size) */
  static const unsigned int lengths[] = { 0, 1, 15, 16, 17, 64, 1000, 4100, 32785 };
  /* the many-message calls stop at 4100: above every vector threshold, a message goes to the
     single-call code, whose wipes the single calls at 32785 check; 4100 checks the hand-over */
  const unsigned int count = sizeof lengths / sizeof lengths[0] - (which >= 7);
  static const char *const names[] = { "authenticate", "verify (right tag)", "verify (wrong tag)", "onetimeauth",
                                       "key_expand", "authenticate_expanded", "verify_expanded (right tag)",
                                       "authenticate_many (13 messages)", "verify_many (13 right tags)" };
  static void (*const fns[])(void) = {
    (void (*)(void)) poly1305aes_authenticate, (void (*)(void)) poly1305aes_verify,
    (void (*)(void)) poly1305aes_verify, (void (*)(void)) poly1305aes_onetimeauth,
    (void (*)(void)) poly1305aes_key_expand, (void (*)(void)) poly1305aes_authenticate_expanded,
    (void (*)(void)) poly1305aes_verify_expanded, (void (*)(void)) authenticate_many_of,
    (void (*)(void)) verify_many_of };
  static unsigned char buffer[32785 + 8];
  static struct call_args a;
  static struct calls cs;
  if (!calls_begin(&cs, 1000 + (uint64_t) which)) return;
  while (calls_next(&cs, count)) {
    struct abi_block *b = cs.b;
    unsigned int i;
    char where[200];
    a.which = which;
    a.l = lengths[cs.item];
    a.m = buffer + (cs.pad / 16 + (unsigned long) cs.mode) % 8;   /* misaligned too */
    prng_fill(&cs.prng, a.kr, 32);
    prng_fill(&cs.prng, a.n, 16);
    prng_fill(&cs.prng, (unsigned char *) a.m, a.l);
    if (cs.mode == 1) {   /* all-0xff message, largest clamped r */
      memset((unsigned char *) a.m, 0xff, a.l);
      memset(which == 3 ? a.kr : a.kr + 16, 0xff, 16);
    }
    clamp_ref(a.kr);
    prepare(b, &cs.prng, fns[which], cs.pad, cs.mode);
    set_args(b, &a);
    memcpy(cs.asked, b->want, sizeof cs.asked);
    snprintf(where, sizeof where, "%s, length %u, stack pad %lu, caller mode %d (%s)%s%s", names[which], a.l,
             cs.pad, cs.mode, mode_names[cs.mode], UPPER_WHERE(b));
    calling = where;
    call(b);
    ++cs.calls;
    if (which == 4) {   /* the key expanded: a tag through it, outside the harness */
      poly1305aes_authenticate_expanded(a.area + 16, &a.ek, a.n, a.m, a.l);
      if (memcmp(a.area + 16, a.right, 16) && cs.bad++ < 10)
        printf("FAIL abi %s: the expanded key gives a wrong tag\n", where);
    }
    if (which == 7)
      for (i = 1; i < MANY; ++i)
        if (memcmp(a.many_out[i], a.right, 16) && cs.bad++ < 10) printf("FAIL abi %s: tag %u wrong\n", where, i);
    if (which == 8)
      for (i = 0; i < MANY; ++i)
        if (a.ok[i] != 1 && cs.bad++ < 10) printf("FAIL abi %s: ok[%u] = %u\n", where, i, a.ok[i]);
    if (TAGGING(which)) {
      char g[33], w[33];
      if (memcmp(a.area + 16, a.right, 16)) {
        hex_encode(g, a.area + 16, 16);
        hex_encode(w, a.right, 16);
        if (cs.bad++ < 10) printf("FAIL abi %s: tag expected %s, got %s\n", where, w, g);
      }
      for (i = 0; i < sizeof a.area; ++i)
        if ((i < 16 || i >= 32) && a.area[i] != (unsigned char) (0xa5 ^ i)) {
          if (cs.bad++ < 10) printf("FAIL abi %s: byte %d beside the tag overwritten\n", where, (int) i - 16);
          break;
        }
    } else if (which != 4) {
      unsigned int expect = which == 2 ? 0 : 1, got = (unsigned int) b->ret;
      if (got != expect && cs.bad++ < 10) printf("FAIL abi %s: returned %u, expected %u\n", where, got, expect);
    }
    if (which == 3) secrets_of_onetime(&cs.secret, a.kr, NULL);
    else secrets_of(&cs.secret, a.kr, a.n, VERIFYING(which) ? a.right : NULL);
    cs.bad = calls_check(b, &cs.secret, run_again, &a, cs.asked, where, cs.bad);
  }
  calling = "the harness";
  snprintf(cs.done, sizeof cs.done, "lengths 0 1 15 16 17 64 1000 4100 32785, stack pads 0 16 32 48, %d caller FP modes, "
           "message offsets 0-6%s", NMODES, UPPER_MODES);
  calls_end(&cs, names[which]);
}

/* ---- the path's core entry points (common/core.h) ---- */

/* weak: an implementation without path_core links, and the harness says so */
extern const struct poly1305aes_core *poly1305aes_path_core(unsigned int i) __attribute__((weak));

static union { unsigned char bytes[POLY1305AES_CORE_STATE_MAX]; double align[2]; } __attribute__((aligned(16))) core_state;

/* one call of an entry point: which 0 aes, 1 start, 2 blocks, 3 finish;
   blocks and finish get a state started and fed `before` blocks first
   (directly, not through the harness) */
struct core_args {
  const struct poly1305aes_core *core;
  int which;
  unsigned char kr[32], n[16], s[16], want[16], area[48];
  const unsigned char *m;
  unsigned long before, nblocks, pad;
};

static void core_set_args(struct abi_block *b, struct core_args *a)
{
  struct ref_state ref;
  unsigned long i;
  aes_ref_encrypt(a->s, a->kr, a->n);
  ref_start(&ref, a->kr);
  for (i = 0; i < a->before + a->nblocks; ++i)
    if (i < a->before || a->pad) ref_chunk(&ref, a->m + 16 * i, 16);
    else {   /* pad 0: the block as the padded chunk it ends with (its last nonzero byte the 1) */
      unsigned int len = 16;
      while (len > 0 && a->m[16 * i + len - 1] == 0) --len;
      ref_chunk(&ref, a->m + 16 * i, len - 1);
    }
  ref_tag(a->want, &ref, a->s);
  if (a->which == 0) memcpy(a->want, a->s, 16);
  for (i = 0; i < sizeof a->area; ++i) a->area[i] = (unsigned char) (0xa5 ^ i);
  if (a->which >= 2) {
    a->core->start(core_state.bytes, a->kr + 16);
    a->core->blocks(core_state.bytes, a->m, a->before, 1);
  }
  if (a->which == 3) a->core->blocks(core_state.bytes, a->m + 16 * a->before, a->nblocks, (unsigned int) a->pad);
  b->arg[0] = a->which == 0 ? (unsigned long) (a->area + 16) : (unsigned long) core_state.bytes;
  b->arg[1] = a->which == 0 ? (unsigned long) a->kr : a->which == 1 ? (unsigned long) (a->kr + 16)
            : a->which == 2 ? (unsigned long) (a->m + 16 * a->before) : (unsigned long) a->s;
  b->arg[2] = a->which == 0 ? (unsigned long) a->n : a->which == 2 ? a->nblocks : (unsigned long) (a->area + 16);
  b->arg[3] = a->pad;
  b->arg[4] = 0;
}

/* the tag the state gives now (after start or blocks: the rest absorbed directly) */
static void core_result(struct core_args *a, unsigned char tag[16])
{
  if (a->which == 0 || a->which == 3) {
    memcpy(tag, a->area + 16, 16);
    return;
  }
  if (a->which == 1) {
    a->core->blocks(core_state.bytes, a->m, a->before, 1);
    a->core->blocks(core_state.bytes, a->m + 16 * a->before, a->nblocks, (unsigned int) a->pad);
  }
  a->core->finish(core_state.bytes, a->s, tag);
}

static void core_again(struct abi_block *b, void *context, struct secrets *other)
{
  struct core_args *a = context;   /* in place, as run_again */
  static uint64_t prng = 4343;
  prng_fill(&prng, a->kr, 32);
  prng_fill(&prng, a->n, 16);
  clamp_ref(a->kr);
  core_set_args(b, a);
  secrets_of(other, a->kr, a->n, NULL);
  call(b);
}

static void run_core(const struct poly1305aes_core *core, int which)
{
  /* blocks before the call, and in it: 0, 1, 2, about LANES_FROM (poly1305aes_53: 24 blocks), the
     stream buffer's groups (x86/paths.h's grouped code: 32 blocks, the powers set in the call), above */
  static const unsigned long counts[][2] = { { 0, 0 }, { 0, 1 }, { 3, 2 }, { 1, 24 }, { 0, 25 }, { 0, 32 }, { 1, 64 },
                                             { 2, 70 }, { 0, 256 } };
  static const char *const names[] = { "core aes", "core start", "core blocks", "core finish" };
  static unsigned char buffer[16 * 260 + 8];
  static struct core_args a;
  static struct calls cs;
  if (!calls_begin(&cs, 2000 + (uint64_t) which)) return;
  while (calls_next(&cs, sizeof counts / sizeof counts[0])) {
    struct abi_block *b = cs.b;
    unsigned char tag[16];
    char where[200];
    unsigned int i;
    a.core = core;
    a.which = which;
    a.before = counts[cs.item][0];
    a.nblocks = counts[cs.item][1];
    a.pad = (unsigned long) (cs.mode != 2);   /* pad 0 in one caller mode: the block ends 01 00.. */
    a.m = buffer + (cs.pad / 16 + (unsigned long) cs.mode) % 8;
    prng_fill(&cs.prng, a.kr, 32);
    prng_fill(&cs.prng, a.n, 16);
    prng_fill(&cs.prng, (unsigned char *) a.m, 16 * (a.before + a.nblocks));
    if (cs.mode == 1) {   /* all-0xff message, largest clamped r */
      memset((unsigned char *) a.m, 0xff, 16 * (a.before + a.nblocks));
      memset(a.kr + 16, 0xff, 16);
    }
    if (!a.pad)
      for (i = 0; i < a.nblocks; ++i) memcpy((unsigned char *) a.m + 16 * (a.before + i) + 13, "\001\000\000", 3);
    clamp_ref(a.kr);
    prepare(b, &cs.prng, which == 0 ? (void (*)(void)) core->aes : which == 1 ? (void (*)(void)) core->start
                      : which == 2 ? (void (*)(void)) core->blocks : (void (*)(void)) core->finish, cs.pad, cs.mode);
    core_set_args(b, &a);
    memcpy(cs.asked, b->want, sizeof cs.asked);
    snprintf(where, sizeof where, "%s, %lu blocks after %lu, pad %lu, stack pad %lu, caller mode %d (%s)",
             names[which], a.nblocks, a.before, a.pad, cs.pad, cs.mode, mode_names[cs.mode]);
    calling = where;
    call(b);
    ++cs.calls;
    calling = "the harness";
    core_result(&a, tag);
    if (memcmp(tag, a.want, 16) && cs.bad++ < 10) printf("FAIL abi %s: wrong result\n", where);
    if (which == 0 || which == 3)
      for (i = 0; i < sizeof a.area; ++i)
        if ((i < 16 || i >= 32) && a.area[i] != (unsigned char) (0xa5 ^ i)) {
          if (cs.bad++ < 10) printf("FAIL abi %s: byte %d beside the output overwritten\n", where, (int) i - 16);
          break;
        }
    secrets_of(&cs.secret, a.kr, a.n, NULL);
    cs.bad = calls_check(b, &cs.secret, core_again, &a, cs.asked, where, cs.bad);
  }
  snprintf(cs.done, sizeof cs.done, "blocks 0 1 2 24 25 70 256 after 0-3, pad 1 and 0, stack pads 0 16 32 48, %d caller "
           "FP modes, message offsets 0-6", NMODES);
  calls_end(&cs, names[which]);
}

#if defined(POLY1305AES_STACK_PROBE)
/* the build's stack probe (common/stack.h): on the current path, calls of
   authenticate and verify at every length from 0 to 17 and around each power
   of 2 up to 16 KiB and each vector threshold the dispatchers name (320 to
   4100, and 32 KiB: poly1305aes_x86's switch to its zmm code), and (where the implementation provides path_core) of each core
   entry point with block counts across the same thresholds, at four stack
   pads and two caller FP modes, each on a painted stack; prints for each
   area the most bytes the calls whose wipe recorded it wrote below the
   wipe's frame (common/stack.h), and for calls that wiped nothing (area 0)
   the bytes they wrote below the caller's stack pointer */
static const char *measure_failure;

static uint32_t first_word(const unsigned char *p)
{
  uint32_t word;
  memcpy(&word, p, 4);
  return word;
}

/* one prepared call (b's function and arguments set); adds its depth to deepest[area] */
static int measure_call(struct abi_block *b, unsigned long deepest[5])
{
  unsigned long bottom, deepest_at, top, used;
  unsigned int area;
  size_t depth;
  poly1305aes_stack_area = 0;
  poly1305aes_stack_top = 0;
  call(b);
  depth = stack_depth(b->stack, ABI_NSTACK, (uint32_t) PAINT);
  area = poly1305aes_stack_area;
  /* the painted bytes' lowest address in the call's stack (the block was zero before):
     looked for from below the stack pointer's lowest start (ABI_RUNTOP less the pad), less
     the painted bytes and as much again; from the block's start if painting began below */
  bottom = ABI_RUNTOP - ABI_RUN - b->pad - 2 * ABI_NSTACK;
  if (first_word(b->run + bottom) == (uint32_t) PAINT) bottom = 0;
  while (bottom + 4 <= ABI_NRUN && first_word(b->run + bottom) != (uint32_t) PAINT) bottom += 4;
  deepest_at = (unsigned long) (b->run + bottom) + (ABI_NSTACK - depth);
  top = poly1305aes_stack_top;
  measure_failure = area > 4 ? "a wipe recorded no known area" : depth + 16 > ABI_NSTACK ?
    "the call used all the painted stack" : (area && (top < deepest_at || top >= (unsigned long) (b->run + ABI_NRUN))) ?
    "the wipe's frame is not above the deepest byte written" : NULL;
  if (measure_failure) return 1;
  used = area ? top - deepest_at : depth;
  if (used > deepest[area]) deepest[area] = used;
  return 0;
}

/* authenticate_many of MEASURE_MANY messages, each m[0..l) under kr and n (groups of 8 and 4
   lanes and one left over), for the probe */
#define MEASURE_MANY 13
static void measure_many(unsigned char *unused, const unsigned char *kr, const unsigned char *n, const unsigned char *m,
                         unsigned long l)
{
  static unsigned char outs[MEASURE_MANY][16];
  unsigned char *op[MEASURE_MANY];
  const unsigned char *krp[MEASURE_MANY], *np[MEASURE_MANY], *mp[MEASURE_MANY];
  size_t lp[MEASURE_MANY];
  unsigned int i;
  (void) unused;
  for (i = 0; i < MEASURE_MANY; ++i) op[i] = outs[i], krp[i] = kr, np[i] = n, mp[i] = m, lp[i] = l;
  poly1305aes_authenticate_many(op, krp, np, mp, lp, MEASURE_MANY);
}

static int measure_path(unsigned int p, const char *path)
{
  static const unsigned int extra[] = { 320, 384, 640, 896, 2560, 3072, 4100, 32768, 32785 };
  static const unsigned long core_counts[][2] = { { 0, 0 }, { 0, 1 }, { 3, 2 }, { 0, 19 }, { 0, 20 }, { 1, 24 },
    { 0, 25 }, { 0, 32 }, { 0, 40 }, { 0, 56 }, { 0, 64 }, { 2, 70 },
    { 0, 128 }, { 0, 160 }, { 0, 256 } };
  static unsigned char buffer[32785 + 16];
  static const char *const area_names[5] = { "none", "scalar", "vector", "core", "many" };
  static struct core_args a;
  const struct poly1305aes_core *core = poly1305aes_path_core ? poly1305aes_path_core(p) : NULL;
  unsigned int lengths[64], count = 0, i, k, which, area;
  unsigned long pad, deepest[5] = { 0, 0, 0, 0, 0 };
  uint64_t prng = 77;
  int mode;
  struct abi_block *b;
  unsigned char kr[32], n[16], tag[16], out[16];
  for (i = 0; i <= 17; ++i) lengths[count++] = i;
  for (k = 5; k <= 14; ++k)
    for (i = 0; i < 3; ++i) lengths[count++] = (1u << k) - 1 + i;
  for (i = 0; i < sizeof extra / sizeof extra[0]; ++i) lengths[count++] = extra[i];
  if (posix_memalign((void **) &b, 64, sizeof *b)) { printf("FAIL abi --measure: out of memory\n"); return 1; }
  /* authenticate, verify, key_expand and authenticate_expanded (their wipes are the path's
     scalar or vector ones), and authenticate_many (a path's many-message code: area many) up
     to 1024 bytes: its lanes take short messages, and longer ones run the scalar code the
     other calls measure (the harness's run() then checks the wipe up to 4100 bytes) */
  for (i = 0; i < count; ++i)
    for (which = 0; which < 5; ++which)
      for (pad = 0; pad <= 48 && (which < 4 || lengths[i] <= 1024); pad += 16)
        for (mode = 0; mode < 2; ++mode) {
          static void (*const fns[5])(void) = {
            (void (*)(void)) poly1305aes_authenticate, (void (*)(void)) poly1305aes_verify,
            (void (*)(void)) poly1305aes_key_expand, (void (*)(void)) poly1305aes_authenticate_expanded,
            (void (*)(void)) measure_many };
          static poly1305aes_key ek;
          const unsigned char *m = buffer + (i + pad / 16) % 8;
          prng_fill(&prng, kr, 32);
          prng_fill(&prng, n, 16);
          prng_fill(&prng, (unsigned char *) m, lengths[i]);
          memset(tag, 0, sizeof tag);
          if (which == 3) poly1305aes_key_expand(&ek, kr);
          prepare(b, &prng, fns[which], pad, mode);
          b->arg[0] = (unsigned long) (which == 0 || which == 3 ? out : which == 2 ? (unsigned char *) &ek : tag);
          b->arg[1] = (unsigned long) (which == 3 ? (unsigned char *) &ek : kr);
          b->arg[2] = (unsigned long) n;
          b->arg[3] = (unsigned long) m;
          b->arg[4] = lengths[i];
          if (measure_call(b, deepest)) {
            printf("FAIL abi --measure: path %s, length %u: %s\n", path, lengths[i], measure_failure);
            free(b);
            return 1;
          }
        }
  for (i = 0; core && i < sizeof core_counts / sizeof core_counts[0]; ++i)
    for (which = 0; which < 4; ++which)
      for (pad = 0; pad <= 48; pad += 16)
        for (mode = 0; mode < 2; ++mode) {
          a.core = core;
          a.which = (int) which;
          a.before = core_counts[i][0];
          a.nblocks = core_counts[i][1];
          a.pad = (unsigned long) (mode == 0);
          a.m = buffer + (pad / 16 + (unsigned long) mode) % 8;
          prng_fill(&prng, a.kr, 32);
          prng_fill(&prng, a.n, 16);
          prng_fill(&prng, (unsigned char *) a.m, 16 * (a.before + a.nblocks));
          clamp_ref(a.kr);
          prepare(b, &prng, which == 0 ? (void (*)(void)) core->aes : which == 1 ? (void (*)(void)) core->start
                            : which == 2 ? (void (*)(void)) core->blocks : (void (*)(void)) core->finish, pad, mode);
          core_set_args(b, &a);
          if (measure_call(b, deepest)) {
            printf("FAIL abi --measure: path %s, core entry %u, %lu blocks: %s\n", path, which, a.nblocks,
                   measure_failure);
            free(b);
            return 1;
          }
        }
  free(b);
  for (area = 0; area < 5; ++area)
    if (deepest[area]) printf("%s %s %lu\n", path, area_names[area], deepest[area]);
  return 0;
}

static int measure(void)
{
  unsigned int p;
  const char *path;
  for (p = 0; (path = poly1305aes_path_name(p)) != NULL; ++p) {
    if (!poly1305aes_path_use(p)) printf("%s - cannot-run\n", path);
    else if (measure_path(p, path)) return 1;
  }
  return 0;
}
#endif

static int layout_ok(void)
{
  return offsetof(struct abi_block, fn) == ABI_FN && offsetof(struct abi_block, arg) == ABI_ARG
    && offsetof(struct abi_block, ret) == ABI_RET && offsetof(struct abi_block, pad) == ABI_PAD
    && offsetof(struct abi_block, flags) == ABI_FLAGS && offsetof(struct abi_block, host) == ABI_HOST
    && offsetof(struct abi_block, want) == ABI_WANT && offsetof(struct abi_block, got) == ABI_GOT
    && offsetof(struct abi_block, fwant) == ABI_FWANT && offsetof(struct abi_block, fgot) == ABI_FGOT
    && offsetof(struct abi_block, vwant) == ABI_VWANT && offsetof(struct abi_block, vgot) == ABI_VGOT
    && offsetof(struct abi_block, paint) == ABI_PAINT && offsetof(struct abi_block, stack) == ABI_STACK
    && offsetof(struct abi_block, run) == ABI_RUN && ABI_RUNTOP % 16 == 0
    && sizeof(struct abi_block) == ABI_SIZE && sizeof(unsigned long) == ABI_W;
}

int main(int argc, char **argv)
{
  unsigned int c, p, tested = 0;
  int first;
  int only_selftest = argc > 1 && strcmp(argv[1], "--selftest") == 0;
  int measuring = argc > 1 && strcmp(argv[1], "--measure") == 0;
  const char *path;
  struct sigaction trap;
  setvbuf(stdout, NULL, _IOLBF, 0);
#if !defined(POLY1305AES_STACK_PROBE)
  if (measuring) { fprintf(stderr, "%s: --measure needs the probe build (POLY1305AES_STACK_PROBE)\n", argv[0]); return 2; }
#endif
  if (argc > 1 && !only_selftest && !measuring) { fprintf(stderr, "usage: %s [--selftest | --measure]\n", argv[0]); return 2; }
  if (!layout_ok()) { printf("FAIL abi: struct abi_block does not match test/abi.h\n"); return 1; }
  memset(&trap, 0, sizeof trap);
  trap.sa_handler = on_sigfpe;
  sigaction(SIGFPE, &trap, NULL);
  features = abi_features() | target_features();
#if defined(POLY1305AES_STACK_PROBE)
  if (measuring) return measure();
#endif
  printf("abi harness for %s, checking", poly1305aes_implementation);
  for (c = 0, first = 1; c < NCHECK; ++c)
    if (checked(checks[c].need)) printf("%s %s", first ? ":" : ",", checks[c].name), first = 0;
  printf(" and the caller's frame words at " FRAME_NAME "..+%u\n", (unsigned) FRAME_BASE, (unsigned) (FRAME_BASE + FRAME_STRIDE * (NFRAME - 1)));
  for (c = 0, first = 1; c < NCHECK; ++c)
    if (!checked(checks[c].need)) printf("%s %s", first ? "note abi: this CPU lacks, so not checked:" : ",", checks[c].name), first = 0;
  if (!first) printf("\n");
  selftest();
  if (!only_selftest)
    for (p = 0; (path = poly1305aes_path_name(p)) != NULL; ++p) {
      if (!poly1305aes_path_use(p)) {
        printf("note abi: path %s: this CPU cannot run it, so it is not checked here\n", path);
        continue;
      }
      printf("path %s\n", path);
      for (c = 0; c < 9; ++c) run((int) c);
      if (!poly1305aes_path_core)
        printf("note abi: path %s: %s provides no path_core yet, so its core entry points are not checked\n", path,
               poly1305aes_implementation);
      else if (!poly1305aes_path_core(p)) {
        printf("FAIL abi: path_core(%u) is NULL for path %s\n", p, path);
        ++failures;
      } else {
        int which;
        for (which = 0; which < 4; ++which) run_core(poly1305aes_path_core(p), which);
      }
      ++tested;
    }
  if (!only_selftest && !tested) { printf("FAIL abi: no code path runs on this CPU\n"); ++failures; }
  printf("%s abi\n", failures ? "FAIL" : "PASS");
  return failures ? 1 : 0;
}
