/* SPDX-License-Identifier: CC0-1.0 */
/* The vector-state check's program (tools/vexcheck.py reads what it prints).
   Assumes Linux, x86 (64- or 32-bit), ptrace, and a static non-PIE link (the
   addresses it prints are the link's, which objdump shows). It runs the
   implementation's entry points (clamp; authenticate and verify, of a right
   and of a wrong tag, at lengths on both sides of every path's thresholds) on
   one code path, in a child process that it steps through one instruction at
   a time, and prints the address of every instruction each call runs (the
   implementation's and the C library's it calls), one call at a time:
     vexcheck paths          "cpu avx yes|no", then each path: "NAME runs" or "NAME cannot run"
     vexcheck trace PATH     "cpu avx ...", then per call "call WHAT LENGTH", one hex address
                             a line, "end"; last "done CALLS"
   The addresses between vex_begin and vex_end include vex_call's own few
   (the call's arguments), which the reader leaves out by symbol. */
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

/* authenticate below every path's thresholds (poly1305aes_amd64's and
   poly1305aes_x86's dispatch.c: 320, 384, 896, 2560, 4096) and above each,
   partial last blocks included; verify (its compare) at the two ends */
static const unsigned int lengths[] = { 0, 1, 15, 16, 17, 64, 255, 321, 385, 897, 2561, 4100 };
static const unsigned int verify_lengths[] = { 0, 4100 };

/* the window markers: the tracer records from vex_begin to vex_end */
__attribute__((noinline)) void vex_begin(void) { __asm__ __volatile__("" ::: "memory"); }
__attribute__((noinline)) void vex_end(void) { __asm__ __volatile__("" ::: "memory"); }

static unsigned char kr[32], n[16], out[16], message[4100 + 3];
static const unsigned char *tag;
static volatile int sink;

/* which: 0 clamp, 1 authenticate, 2 verify (right tag), 3 verify (wrong tag) */
__attribute__((noinline)) void vex_call(int which, unsigned int l)
{
  const unsigned char *m = message + l % 3;   /* misaligned too */
  vex_begin();
  if (which == 0) poly1305aes_clamp(kr);
  else if (which == 1) poly1305aes_authenticate(out, kr, n, m, l);
  else sink += poly1305aes_verify(tag, kr, n, m, l);
  vex_end();
}

/* OSXSAVE, AVX and the OS saving ymm state: the upper halves exist and may be dirty */
static int cpu_avx(void)
{
  unsigned int a, b, c, d, lo, hi;
  if (!__get_cpuid(1, &a, &b, &c, &d) || !(c & (1u << 27)) || !(c & (1u << 28))) return 0;
  __asm__ __volatile__("xgetbv" : "=a"(lo), "=d"(hi) : "c"(0));
  return (lo & 6) == 6;
}

/* call number i (0 .. CALLS - 1): what it calls and at which length */
#define NLEN (sizeof lengths / sizeof lengths[0])
#define NVERIFY (sizeof verify_lengths / sizeof verify_lengths[0])
#define CALLS (1 + NLEN + 2 * NVERIFY)
static const char *const what[4] = { "clamp", "authenticate", "verify-right", "verify-wrong" };
static void call_number(unsigned int i, int *which, unsigned int *l)
{
  if (i == 0) *which = 0, *l = 0;
  else if (i <= NLEN) *which = 1, *l = lengths[i - 1];
  else *which = 2 + (int) ((i - 1 - NLEN) / NVERIFY), *l = verify_lengths[(i - 1 - NLEN) % NVERIFY];
}

/* the child: every call once, each in its window (the tags verify is given
   are computed before the tracing starts) */
static void calls(void)
{
  static unsigned char tags[CALLS][16];
  unsigned int i, l;
  int which;
  uint64_t prng = 7;
  prng_fill(&prng, kr, 32);
  prng_fill(&prng, n, 16);
  prng_fill(&prng, message, sizeof message);
  poly1305aes_clamp(kr);
  for (i = 0; i < CALLS; ++i) {
    call_number(i, &which, &l);
    poly1305aes_authenticate(tags[i], kr, n, message + l % 3, l);
    tags[i][0] ^= (unsigned char) (which == 3);
  }
  raise(SIGSTOP);
  for (i = 0; i < CALLS; ++i) {
    call_number(i, &which, &l);
    tag = tags[i];
    vex_call(which, l);
  }
}

static unsigned long pc_of(pid_t child)
{
  struct user_regs_struct regs;
  if (ptrace(PTRACE_GETREGS, child, NULL, &regs) != 0) { perror("vexcheck: PTRACE_GETREGS"); exit(1); }
#if defined(__x86_64__)
  return (unsigned long) regs.rip;
#else
  return (unsigned long) regs.eip;
#endif
}

/* step the child from its SIGSTOP to its exit; print the window's addresses */
static int trace(pid_t child)
{
  unsigned long begin = (unsigned long) vex_begin, end = (unsigned long) vex_end, pc;
  int status, recording = 0, count = 0;
  if (waitpid(child, &status, 0) != child || !WIFSTOPPED(status)) { fprintf(stderr, "vexcheck: the child did not stop\n"); return 1; }
  for (;;) {
    if (ptrace(PTRACE_SINGLESTEP, child, NULL, NULL) != 0) { perror("vexcheck: PTRACE_SINGLESTEP"); return 1; }
    if (waitpid(child, &status, 0) != child) { perror("vexcheck: waitpid"); return 1; }
    if (WIFEXITED(status)) break;
    if (!WIFSTOPPED(status) || WSTOPSIG(status) != SIGTRAP) {
      fprintf(stderr, "vexcheck: the child stopped on signal %d\n", WIFSTOPPED(status) ? WSTOPSIG(status) : -1);
      kill(child, SIGKILL);
      return 1;
    }
    pc = pc_of(child);
    if (pc == begin && !recording) {
      int which;
      unsigned int l;
      if (count >= (int) CALLS) { fprintf(stderr, "vexcheck: more windows than calls\n"); kill(child, SIGKILL); return 1; }
      call_number((unsigned int) count, &which, &l);
      printf("call %s %u\n", what[which], l);
      recording = 1;
    } else if (pc == end && recording) {
      printf("end\n");
      ++count;
      recording = 0;
    } else if (recording) printf("%lx\n", pc);
  }
  printf("done %d\n", count);
  if (count != (int) CALLS) { fprintf(stderr, "vexcheck: %d of %d calls traced\n", count, (int) CALLS); return 1; }
  return WEXITSTATUS(status);
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
    fprintf(stderr, "usage: vexcheck paths | vexcheck trace PATH\n");
    return 2;
  }
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
    calls();
    _exit(0);
  }
  return trace(child);
}
