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
   implementation's and the C library's it calls), but runs a call of a plain
   function (one the reader lists: no vector instruction in it or in anything
   it may call) free to its return, printing only its first address:
     vexcheck paths                "cpu avx yes|no", then each path: "NAME runs" or "NAME cannot run"
     vexcheck trace PATH [PLAIN]   "cpu avx ...", then per call "call WHAT LENGTH", one hex
                                   address a line, "end"; last "done CALLS". PLAIN: the plain
                                   functions' first addresses, in hex
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

/* lengths: authenticate below and above each of the implementation's thresholds (either
   vendor's, its thresholds file), partial last blocks included, with ct_lengths' longest
   above every vector threshold. ct_lengths: ct_calls' every
   entry point at one length below every threshold and SHORT_MAX (x86/many_aes.h), its batch
   all short, so that the many-message calls run groups of lanes (8, or 4 and 4) and a
   message alone; and at one a partial block above every vector threshold (the ifma path's
   switch to zmm code left out), its batch ragged across them and across SHORT_MAX */
#if defined(__x86_64__)
static const unsigned int lengths[] = { 0, 1, 15, 16, 17, 64, 255, 321, 385, 897 };
static const unsigned int ct_lengths[] = { 127, 2561 };
#else
static const unsigned int lengths[] = { 0, 1, 15, 16, 17, 64, 255, 321, 385, 4100 };   /* 4100: the generic path's two chains */
static const unsigned int ct_lengths[] = { 127, 401 };
#endif

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

/* the entries of the functions the reader found to run no vector instruction, themselves
   nor through any call (sorted), given on the command line */
static unsigned long *plain;
static size_t plains;
static int by_address(const void *a, const void *b)
{
  unsigned long x = *(const unsigned long *) a, y = *(const unsigned long *) b;
  return (x > y) - (x < y);
}

/* from the child's SIGSTOP to its exit: between groups it runs free to vex_mark; through a
   group it steps, printing each call's addresses, but runs a call of a plain function free
   to its return address (the word at the stack pointer on its entry), printing only the
   entry */
static int trace(pid_t child)
{
  unsigned long mark = (unsigned long) vex_mark, pc, back;
  struct user_regs_struct regs;
  const char *what;
  unsigned int count = 0, l;
  int status, stepping = 0, open = 0, last = 0, r;
  if (waitpid(child, &status, 0) != child || !WIFSTOPPED(status)) { fprintf(stderr, "vexcheck: the child did not stop\n"); return 1; }
  for (;;) {
    if ((r = stepping ? resume(child, PTRACE_SINGLESTEP, &status) : run_to(child, mark, &status)) < 0) goto fail;
    if (r == 0) break;
    stepping = 1;
    regs = regs_of(child);
    pc = (unsigned long) PC(regs);
    while (pc != mark && bsearch(&pc, plain, plains, sizeof *plain, by_address)) {
      printf("%lx\n", pc);
      errno = 0;
      back = (unsigned long) ptrace(PTRACE_PEEKDATA, child, (void *) (unsigned long) SP(regs), NULL);
      if (errno) { perror("vexcheck: PTRACE_PEEKDATA"); goto fail; }
      if (run_to(child, back, &status) != 1) goto fail;
      pc = back;
      regs = regs_of(child);
    }
    if (pc != mark) {
      printf("%lx\n", pc);
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
  size_t i;
  if (argc == 2 && !strcmp(argv[1], "paths")) {
    printf("cpu avx %s\n", cpu_avx() ? "yes" : "no");
    print_paths();
    return 0;
  }
  if (argc < 3 || strcmp(argv[1], "trace")) {
    fprintf(stderr, "usage: vexcheck paths | vexcheck trace PATH [PLAIN...]\n");
    return 2;
  }
  plains = (size_t) argc - 3;
  if (!(plain = calloc(plains + 1, sizeof *plain))) { perror("vexcheck"); return 1; }
  for (i = 0; i < plains; ++i) plain[i] = strtoul(argv[3 + i], NULL, 16);
  qsort(plain, plains, sizeof *plain, by_address);
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
