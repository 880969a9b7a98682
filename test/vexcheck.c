/* SPDX-License-Identifier: CC0-1.0 */
/* The vector-state check's program (tools/vexcheck.py reads what it prints).
   Assumes Linux, x86 (64- or 32-bit), ptrace, and a static non-PIE link (the
   addresses it prints are the link's, which objdump shows). On one code path,
   in a child process, it makes the calls: clamp; authenticate at lengths on
   both sides of every threshold; then, at a short length and at a long one
   (ct_lengths), every entry point that takes a secret (test/ctcalls.c):
   authenticate, verify of a right and of a wrong tag, onetimeauth and
   onetimeauth_verify, init/update/final and onetimeauth_init/update/
   final_verify, authenticate_many, verify_many (one tag wrong) and
   onetimeauth_many on a batch of 9 ragged lengths, key_expand,
   authenticate_expanded and verify_expanded. Each call sits between two calls
   of vex_mark. The tracer runs the child free to the first mark of each group
   of calls (a breakpoint), then steps through the group one instruction at a
   time and prints the address of every instruction each call runs (the
   implementation's and the C library's it calls), but runs through, free to
   its return, a call of a function the reader's table (standard input) lists
   as inert (nothing in it or in what it may call that the rules see), or as
   narrow (legacy SSE at most, nothing that cleans or dirties) while the upper
   halves are clean, printing only its first address:
     vexcheck paths              "cpu avx yes|no", then each path: "NAME runs" or "NAME cannot run"
     vexcheck trace PATH <TABLE  "cpu avx ...", then per call "call WHAT LENGTH", one hex address
                                 a line ("run ADDRESS" for a narrow call run through), "end";
                                 last "done CALLS"
   WHAT may hold spaces; LENGTH is the message's (the longest of a batch). A
   call's addresses include the caller's own between its entry points
   (vex_mark, vex_calls, ct_calls: the arguments, and the streaming calls one
   after another), which the reader takes for returns to the caller. */
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <cpuid.h>
#include <sys/ptrace.h>
#include <sys/user.h>
#include <sys/wait.h>
#include POLY1305AES_HEADER
#include "paths.h"
#include "util.h"
#include "ctcalls.h"

/* lengths: authenticate below and above each of the implementations' thresholds (either
   vendor's: poly1305aes_amd64's and poly1305aes_x86's thresholds files), partial last blocks
   included. ct_lengths: ct_calls' every entry point at one length below every threshold
   and SHORT_MAX (x86/many_aes.h), its batch all short, so that the many-message calls run
   groups of lanes (8, or 4 and 4) and a message alone; and at one a partial block above
   every vector threshold (the ifma path's switch to zmm code and the 32-bit generic path's
   to two chains left out), its batch ragged across them and across SHORT_MAX, its
   streaming calls longer than the driver's buffer (common/stream.c's STREAM_BUFFER), so that
   update runs the path's core */
static const unsigned int lengths[] = { 0, 1, 15, 16, 17, 64, 255, 321, 385, 897, 4100 };
static const unsigned int ct_lengths[] = { 127, 2561 };

/* the marks: a call runs between two of them */
__attribute__((noinline)) void vex_mark(void) { __asm__ __volatile__("" ::: "memory"); }

static unsigned char kr[32], n[16], out[16], message[4100 + 3];

/* OSXSAVE, AVX and the OS saving ymm state: the upper halves exist and may be dirty */
static int cpu_avx(void)
{
  unsigned int a, b, c, d, lo, hi;
  if (!__get_cpuid(1, &a, &b, &c, &d) || !(c & (1u << 27)) || !(c & (1u << 28))) return 0;
  __asm__ __volatile__("xgetbv" : "=a"(lo), "=d"(hi) : "c"(0));
  return (lo & 6) == 6;
}

/* the calls in order, in groups: clamp and the authenticate lengths (OWN calls), then
   CT_CALLS for each of ct_lengths; call i's name and length, and whether it ends its group */
#define NLEN (sizeof lengths / sizeof lengths[0])
#define NCT (sizeof ct_lengths / sizeof ct_lengths[0])
#define OWN (1 + NLEN)
#define CALLS (OWN + NCT * CT_CALLS)
static const char *call_number(unsigned int i, unsigned int *l, int *last)
{
  if (i < OWN) {
    *l = i ? lengths[i - 1] : 0;
    *last = i == OWN - 1;
    return i ? "authenticate" : "clamp";
  }
  i -= OWN;
  *l = ct_lengths[i / CT_CALLS];
  *last = i % CT_CALLS == CT_CALLS - 1;
  return ct_call_names[i % CT_CALLS];
}

/* the child: stops for the tracer, then every call once, each between two marks; each group
   starts with a mark (ct_calls sets up its inputs before its first) */
__attribute__((noinline)) void vex_calls(void)
{
  unsigned int i;
  uint64_t prng = 7;
  prng_fill(&prng, kr, 32);
  prng_fill(&prng, n, 16);
  prng_fill(&prng, message, sizeof message);
  poly1305aes_clamp(kr);
  raise(SIGSTOP);
  vex_mark();
  poly1305aes_clamp(kr);
  vex_mark();
  for (i = 0; i < NLEN; ++i) {
    poly1305aes_authenticate(out, kr, n, message + lengths[i] % 3, lengths[i]);   /* misaligned too */
    vex_mark();
  }
  for (i = 0; i < NCT; ++i) ct_calls(kr, n, message + 1 + i, ct_lengths[i], i, vex_mark);
}

static struct user_regs_struct regs_of(pid_t child)
{
  struct user_regs_struct regs;
  if (ptrace(PTRACE_GETREGS, child, NULL, &regs) != 0) { perror("vexcheck: PTRACE_GETREGS"); exit(1); }
  return regs;
}
#if defined(__x86_64__)
#define PC(regs) ((regs).rip)
#define SP(regs) ((regs).rsp)
#else
#define PC(regs) ((regs).eip)
#define SP(regs) ((regs).esp)
#endif

/* resume the child (one instruction, or on to a breakpoint) and wait: 1 stopped by a trap,
   0 exited, -1 anything else */
static int resume(pid_t child, int request, int *status)
{
  if (ptrace(request, child, NULL, NULL) != 0) { perror("vexcheck: ptrace resume"); return -1; }
  if (waitpid(child, status, 0) != child) { perror("vexcheck: waitpid"); return -1; }
  if (WIFEXITED(*status)) return 0;
  if (!WIFSTOPPED(*status) || WSTOPSIG(*status) != SIGTRAP) {
    fprintf(stderr, "vexcheck: the child stopped on signal %d\n", WIFSTOPPED(*status) ? WSTOPSIG(*status) : -1);
    return -1;
  }
  return 1;
}

/* run the child free until it reaches address at (a breakpoint, int3, on its first byte,
   put back when hit; the child then stands at it): 1 there, 0 exited, -1 anything else.
   The trap flag is cleared first: a pushf stepped through (cpuid.h's probe on 32-bit x86)
   saves the flag the step set, and the popf after it leaves it set as the child's own */
static int run_to(pid_t child, unsigned long at, int *status)
{
  struct user_regs_struct regs = regs_of(child);
  unsigned long word;
  int r;
  errno = 0;
  word = (unsigned long) ptrace(PTRACE_PEEKTEXT, child, (void *) at, NULL);
  regs.eflags &= ~0x100l;
  if (errno || ptrace(PTRACE_POKETEXT, child, (void *) at, (void *) ((word & ~0xfful) | 0xcc)) != 0
      || ptrace(PTRACE_SETREGS, child, NULL, &regs) != 0) {
    perror("vexcheck: breakpoint");
    return -1;
  }
  if ((r = resume(child, PTRACE_CONT, status)) != 1) return r;
  regs = regs_of(child);
  if ((unsigned long) PC(regs) != at + 1) { fprintf(stderr, "vexcheck: a trap at %lx, not at %lx\n", (unsigned long) PC(regs), at); return -1; }
  PC(regs) = at;
  if (ptrace(PTRACE_POKETEXT, child, (void *) at, (void *) word) != 0 || ptrace(PTRACE_SETREGS, child, NULL, &regs) != 0) {
    perror("vexcheck: breakpoint");
    return -1;
  }
  return 1;
}

/* the reader's table (standard input, tools/vexcheck.py's tracer_table), each list sorted:
   the first addresses of the functions whose calls may run through (inert: always; narrow:
   behind clean upper halves), the instructions that clean and that dirty the upper halves,
   and the test's own code (start and end pairs) */
struct list { unsigned long *at; size_t count, room; };
static struct list inert, narrow, cleans, wides, caller;

static int by_address(const void *a, const void *b)
{
  unsigned long x = *(const unsigned long *) a, y = *(const unsigned long *) b;
  return (x > y) - (x < y);
}
static void add(struct list *l, unsigned long a)
{
  if (l->count == l->room) {
    l->room = 2 * l->room + 64;
    if (!(l->at = realloc(l->at, l->room * sizeof *l->at))) { perror("vexcheck"); exit(1); }
  }
  l->at[l->count++] = a;
}
static int found(const struct list *l, unsigned long a)
{
  return l->count && bsearch(&a, l->at, l->count, sizeof *l->at, by_address) != NULL;
}
static int in_caller(unsigned long a)
{
  size_t i;
  for (i = 0; i + 1 < caller.count; i += 2)
    if (a >= caller.at[i] && a < caller.at[i + 1]) return 1;
  return 0;
}
static void read_table(void)
{
  char line[80], what[16];
  unsigned long a, b;
  while (fgets(line, sizeof line, stdin)) {
    int got = sscanf(line, "%15s %lx %lx", what, &a, &b);
    if (got == 3 && !strcmp(what, "caller")) add(&caller, a), add(&caller, b);
    else if (got == 2 && !strcmp(what, "inert")) add(&inert, a);
    else if (got == 2 && !strcmp(what, "narrow")) add(&narrow, a);
    else if (got == 2 && !strcmp(what, "clean")) add(&cleans, a);
    else if (got == 2 && !strcmp(what, "wide")) add(&wides, a);
    else { fprintf(stderr, "vexcheck: a line of the table: %s", line); exit(2); }
  }
  qsort(inert.at, inert.count, sizeof *inert.at, by_address);
  qsort(narrow.at, narrow.count, sizeof *narrow.at, by_address);
  qsort(cleans.at, cleans.count, sizeof *cleans.at, by_address);
  qsort(wides.at, wides.count, sizeof *wides.at, by_address);
}

/* from the child's SIGSTOP to its exit: between groups it runs free to vex_mark; through a
   group it steps, printing each call's addresses, and keeps the rules' one bit (the upper
   halves clean: on the caller's code as a caller may leave them, then as the cleaning and
   dirtying instructions set it). It runs a call of an inert function, or of a narrow one
   while clean, free to its return address (the word at the stack pointer on its entry),
   printing only the entry (a narrow one's as "run ADDRESS") */
static int trace(pid_t child)
{
  unsigned long mark = (unsigned long) vex_mark, pc, back;
  struct user_regs_struct regs;
  const char *what;
  unsigned int count = 0, l;
  int status, stepping = 0, open = 0, last = 0, r, avx = cpu_avx(), clean = !avx;
  if (waitpid(child, &status, 0) != child || !WIFSTOPPED(status)) { fprintf(stderr, "vexcheck: the child did not stop\n"); return 1; }
  for (;;) {
    if ((r = stepping ? resume(child, PTRACE_SINGLESTEP, &status) : run_to(child, mark, &status)) < 0) goto fail;
    if (r == 0) break;
    stepping = 1;
    regs = regs_of(child);
    pc = (unsigned long) PC(regs);
    for (;;) {   /* calls run through, one after another */
      if (in_caller(pc)) clean = !avx;
      if (pc == mark) break;
      if (found(&inert, pc)) printf("%lx\n", pc);
      else if (clean && found(&narrow, pc)) printf("run %lx\n", pc);
      else break;
      errno = 0;
      back = (unsigned long) ptrace(PTRACE_PEEKDATA, child, (void *) (unsigned long) SP(regs), NULL);
      if (errno) { perror("vexcheck: PTRACE_PEEKDATA"); goto fail; }
      if (run_to(child, back, &status) != 1) goto fail;
      pc = back;
      regs = regs_of(child);
    }
    if (pc != mark) {
      printf("%lx\n", pc);
      if (found(&cleans, pc)) clean = 1;
      else if (found(&wides, pc)) clean = 0;
      continue;
    }
    if (open) {
      printf("end\n");
      ++count, open = 0;
      if (last) {   /* the group's last call: step past the mark, then run free */
        if (resume(child, PTRACE_SINGLESTEP, &status) != 1) goto fail;
        stepping = 0;
        continue;
      }
    }
    if (count >= CALLS) { fprintf(stderr, "vexcheck: more marks than calls\n"); goto fail; }
    what = call_number(count, &l, &last);
    printf("call %s %u\n", what, l);
    open = 1;
  }
  printf("done %u\n", count);
  if (count != CALLS || open) { fprintf(stderr, "vexcheck: %u of %u calls traced\n", count, (unsigned int) CALLS); return 1; }
  return WEXITSTATUS(status);
fail:
  kill(child, SIGKILL);
  return 1;
}

int main(int argc, char **argv)
{
  pid_t child;
  if (argc == 2 && !strcmp(argv[1], "paths")) {
    printf("cpu avx %s\n", cpu_avx() ? "yes" : "no");
    print_paths();
    return 0;
  }
  if (argc != 3 || strcmp(argv[1], "trace")) {
    fprintf(stderr, "usage: vexcheck paths | vexcheck trace PATH < TABLE\n");
    return 2;
  }
  read_table();
  if (use_path_named(argv[2]) != 1) {
    fprintf(stderr, "vexcheck: %s has no path %s, or this CPU cannot run it\n", poly1305aes_implementation, argv[2]);
    return 2;
  }
  printf("cpu avx %s\n", cpu_avx() ? "yes" : "no");
  fflush(stdout);
  child = fork();
  if (child < 0) { perror("vexcheck: fork"); return 1; }
  if (child == 0) {
    if (ptrace(PTRACE_TRACEME, 0, NULL, NULL) != 0) { perror("vexcheck: PTRACE_TRACEME"); _exit(1); }
    vex_calls();
    _exit(0);
  }
  return trace(child);
}
