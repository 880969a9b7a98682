/* poly1305aes_amd64 path tests: every code path against the readable
   reference (test/ref.c), at every length across each path's switch points,
   plus the ABI state a caller keeps. Assumes x86-64 System V and GCC or clang.
     pathtest          runs itself once per path (POLY1305AES_AMD64_PATH=name);
                       a path this CPU cannot run is reported and skipped
     pathtest -        tests the path the environment selects
     pathtest - a,b    only the checks named a and b (e.g. under valgrind: - abi,pages)
   Checks, per path:
     path     the library runs the forced path (poly1305aes_amd64_path)
     prefix   every length 0..16384 of one message, random k r n and m, against
              the reference streamed over the same message (both entry points:
              authenticate, and Poly1305 alone with key r||s)
     ff       all-0xff messages of every length 0..16384 with the largest clamped
              r (0ffffffc0ffffffc0ffffffc0fffffff), k zero and k all ones
     near     lengths 65536 - 40 .. 65536 + 40, and 2^20 + 0, 1, 15, 16, 17
     freeze   r = 1, messages whose sum is each residue in p - 8 .. p + 8,
              2^130 - 8 .. 2^130 + 8, 2^128 - 2 .. 2^128 + 2 and 0 .. 8 (mod p),
              over 1..40 blocks and at 63, 64, 65, 127, 128, 129, 255 .. 257 blocks
     offsets  misaligned messages (offsets 1..63) at lengths across the switches
     pages    messages that start just after and end just before an unmapped page,
              lengths 0..2048 and a few up to 8192
     abi      rbx rbp r12-r15 rsp, the x87 control word and MXCSR (non-default
              values loaded) survive each call; after a call entered with clean
              upper state, XGETBV(1) reports ymm and zmm0-15 upper halves clean
              (vzeroupper done); zmm16-31 are not checked (no SSE penalty)
   Build and run from the top of the tree (after make -f mk/impl.mk TARGET=amd64 IMPL=amd64):
     sh poly1305aes_amd64/pathtest.sh */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <unistd.h>
#include <cpuid.h>
#include "poly1305aes_amd64.h"
#include "aes_ref.h"
#include "ref.h"
#include "util.h"

const char *poly1305aes_amd64_path(void);
void poly1305aes_amd64_poly1305(unsigned char out[16], const unsigned char rs[32], const unsigned char m[],
                                unsigned int l);

static const char *const path_names[] = { "ifma", "avx2", "x64", "generic" };
static int failures;
static const char *check;

static void fail(const char *what, unsigned long long l)
{
  if (failures++ < 20) printf("FAIL %s: %s, length %llu\n", check, what, l);
}

static void hex(const unsigned char *x, int len)
{
  int i;
  for (i = 0; i < len; ++i) printf("%02x", x[i]);
}

/* ---- every prefix of one message against the streamed reference ---- */

static void prefixes(const unsigned char kr[32], const unsigned char n[16], const unsigned char *m,
                     unsigned int maxlen)
{
  struct ref_state full, part;
  unsigned char s[16], rs[32], want[16], got[16], alone[16];
  unsigned int l;
  aes_ref_encrypt(s, kr, n);
  memcpy(rs, kr + 16, 16);
  memcpy(rs + 16, s, 16);
  ref_start(&full, kr);
  for (l = 0; l <= maxlen; ++l) {
    part = full;
    if (l % 16) ref_chunk(&part, m + l / 16 * 16, l % 16);
    ref_tag(want, &part, s);
    poly1305aes_amd64_authenticate(got, kr, n, m, l);
    poly1305aes_amd64_poly1305(alone, rs, m, l);
    if (memcmp(got, want, 16)) {
      fail("authenticate differs from the reference", l);
      if (failures < 3) { printf("  got "); hex(got, 16); printf(" want "); hex(want, 16); printf("\n"); }
    }
    if (memcmp(alone, want, 16)) fail("Poly1305 alone differs from the reference", l);
    if (l % 16 == 15) ref_chunk(&full, m + l / 16 * 16, 16);
  }
}

static unsigned char big[(1 << 20) + 64];

static void check_prefix(void)
{
  unsigned char kr[32], n[16];
  uint64_t prng = 4;
  int round;
  check = "prefix";
  for (round = 0; round < 3; ++round) {
    prng_fill(&prng, kr, 32);
    poly1305aes_amd64_clamp(kr);
    prng_fill(&prng, n, 16);
    prng_fill(&prng, big, 16384);
    prefixes(kr, n, big, round ? 4096 : 16384);
  }
}

static void check_ff(void)
{
  unsigned char kr[32], n[16];
  check = "ff";
  memset(big, 0xff, 16384);
  memset(n, 0xff, 16);
  hex_decode(kr + 16, 16, "ffffff0ffcffff0ffcffff0ffcffff0f");
  memset(kr, 0, 16);
  prefixes(kr, n, big, 16384);
  memset(kr, 0xff, 16);
  prefixes(kr, n, big, 4096);
}

static void check_near(void)
{
  unsigned char kr[32], n[16], want[16], got[16];
  uint64_t prng = 5;
  unsigned int l;
  check = "near";
  prng_fill(&prng, big, sizeof big);
  for (l = 65536 - 40; l <= 65536 + 40; ++l) {
    prng_fill(&prng, kr, 32);
    prng_fill(&prng, n, 16);
    ref_authenticate(want, kr, n, big, l);
    poly1305aes_amd64_authenticate(got, kr, n, big, l);
    if (memcmp(got, want, 16)) fail("differs from the reference", l);
  }
  for (l = 1 << 20; l <= (1 << 20) + 17; l += l % 16 == 1 ? 14 : 1) {
    prng_fill(&prng, kr, 32);
    prng_fill(&prng, n, 16);
    ref_authenticate(want, kr, n, big, l);
    poly1305aes_amd64_authenticate(got, kr, n, big, l);
    if (memcmp(got, want, 16)) fail("differs from the reference", l);
  }
}

/* ---- final reduction: with r = 1, h is the sum of the chunks mod p ---- */

typedef struct { uint64_t w[3]; } num;   /* < 2^192, little-endian words */

static num num_add(num a, num b)
{
  num c;
  unsigned __int128 t = 0;
  int i;
  for (i = 0; i < 3; ++i) {
    t += (unsigned __int128) a.w[i] + b.w[i];
    c.w[i] = (uint64_t) t;
    t >>= 64;
  }
  return c;
}

static num num_sub(num a, num b)   /* a >= b */
{
  num c;
  unsigned __int128 borrow = 0;
  int i;
  for (i = 0; i < 3; ++i) {
    unsigned __int128 t = (unsigned __int128) a.w[i] - b.w[i] - borrow;
    c.w[i] = (uint64_t) t;
    borrow = (t >> 64) & 1;
  }
  return c;
}

static int num_less(num a, num b)
{
  int i;
  for (i = 2; i >= 0; --i)
    if (a.w[i] != b.w[i]) return a.w[i] < b.w[i];
  return 0;
}

static num num_mod(num a)   /* a < 2^192 -> a mod p, p = 2^130 - 5 */
{
  const num p = { { 0xfffffffffffffffbULL, 0xffffffffffffffffULL, 3 } };
  while (!num_less(a, p)) {
    /* a = hi 2^130 + lo = 5 hi + lo (mod p) */
    num lo = { { a.w[0], a.w[1], a.w[2] & 3 } }, hi = { { a.w[2] >> 2, 0, 0 } }, five;
    if (hi.w[0] == 0) { a = num_sub(a, p); continue; }
    five = num_add(num_add(hi, hi), num_add(hi, hi));
    a = num_add(lo, num_add(five, hi));
  }
  return a;
}

static void check_freeze(void)
{
  static const unsigned int blocks[] = { 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20,
    21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 37, 38, 39, 40, 63, 64, 65, 127, 128, 129,
    255, 256, 257 };
  const num p = { { 0xfffffffffffffffbULL, 0xffffffffffffffffULL, 3 } };
  const num two128 = { { 0, 0, 1 } }, two130 = { { 0, 0, 4 } }, zero = { { 0, 0, 0 } };
  const num bases[4] = { p, two130, two128, zero };
  static const int from[4] = { -8, -8, -2, 0 }, to[4] = { 8, 8, 2, 8 };
  unsigned char kr[32] = { 0 }, n[16] = { 0 }, want[16], got[16];
  uint64_t prng = 6;
  unsigned int b, base, filler;
  int d;
  check = "freeze";
  kr[16] = 1;                                       /* r = 1 */
  for (b = 0; b < sizeof blocks / sizeof blocks[0]; ++b)
    for (base = 0; base < 4; ++base)
      for (d = from[base]; d <= to[base]; ++d) {
        unsigned int count = blocks[b], i, l = 16 * count;
        num target = bases[base], sum = zero, chunk, last;
        if (d >= 0) target = num_add(target, (num) { { (uint64_t) d, 0, 0 } });
        else target = num_sub(target, (num) { { (uint64_t) -d, 0, 0 } });
        target = num_mod(target);
        /* chunks 1..count-1 from a filler, the last solved for; try fillers until it fits 128 bits */
        for (filler = 0; filler < 64; ++filler) {
          unsigned char byte = filler == 0 ? 0xff : filler == 1 ? 0x00 : 0;
          sum = zero;
          for (i = 0; i + 1 < count; ++i) {
            unsigned char *c = big + 16 * i;
            if (filler < 2) memset(c, byte, 16);
            else prng_fill(&prng, c, 16);
            memcpy(&chunk.w[0], c, 8);
            memcpy(&chunk.w[1], c + 8, 8);
            chunk.w[2] = 1;                             /* the appended 1 */
            sum = num_mod(num_add(sum, chunk));
          }
          /* last + 2^128 = target - sum (mod p) */
          last = num_mod(num_add(target, num_sub(num_add(p, p), num_add(sum, two128))));
          if (last.w[2] == 0) break;
        }
        if (last.w[2] != 0) {                       /* 1..3 chunks cannot reach every residue */
          if (count >= 4) fail("no message found for a target", l);
          continue;
        }
        memcpy(big + 16 * (count - 1), &last.w[0], 8);
        memcpy(big + 16 * (count - 1) + 8, &last.w[1], 8);
        prng_fill(&prng, kr, 16);
        ref_authenticate(want, kr, n, big, l);
        poly1305aes_amd64_authenticate(got, kr, n, big, l);
        if (memcmp(got, want, 16)) fail("differs from the reference", l);
      }
}

static void check_offsets(void)
{
  static const unsigned int lengths[] = { 15, 16, 17, 255, 256, 257, 300, 511, 512, 513, 1000, 4097 };
  unsigned char kr[32], n[16], want[16], got[16];
  uint64_t prng = 7;
  unsigned int i, offset;
  check = "offsets";
  for (i = 0; i < sizeof lengths / sizeof lengths[0]; ++i)
    for (offset = 1; offset < 64; ++offset) {
      prng_fill(&prng, kr, 32);
      prng_fill(&prng, n, 16);
      prng_fill(&prng, big + offset, lengths[i]);
      ref_authenticate(want, kr, n, big + offset, lengths[i]);
      poly1305aes_amd64_authenticate(got, kr, n, big + offset, lengths[i]);
      if (memcmp(got, want, 16)) fail("differs from the reference", lengths[i]);
    }
}

static void check_pages(void)
{
  long page = sysconf(_SC_PAGESIZE);
  size_t data = 3 * (size_t) page;
  unsigned char *area, *first, kr[32], n[16], want[16], got[16];
  uint64_t prng = 8;
  unsigned int l;
  check = "pages";
  area = mmap(NULL, data + 2 * (size_t) page, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (area == MAP_FAILED) { fail("mmap failed", 0); return; }
  first = area + page;
  if (mprotect(area, (size_t) page, PROT_NONE) || mprotect(first + data, (size_t) page, PROT_NONE)) {
    fail("mprotect failed", 0);
    return;
  }
  prng_fill(&prng, first, data);
  for (l = 0; l <= 8192 && l <= data; l += l < 2048 ? 1 : 1021) {
    prng_fill(&prng, kr, 32);
    prng_fill(&prng, n, 16);
    ref_authenticate(want, kr, n, first, l);               /* starts after an unmapped page */
    poly1305aes_amd64_authenticate(got, kr, n, first, l);
    if (memcmp(got, want, 16)) fail("message at the start of a mapping", l);
    ref_authenticate(want, kr, n, first + data - l, l);    /* ends before one */
    poly1305aes_amd64_authenticate(got, kr, n, first + data - l, l);
    if (memcmp(got, want, 16)) fail("message at the end of a mapping", l);
  }
  munmap(area, data + 2 * (size_t) page);
}

/* ---- the caller's state ---- */

/* byte offsets: fn 0, arg 8..40, want 48 + 8k, got 128 + 8k; slots k: 0-5 rbx
   rbp r12-r15 (loaded before the call, stored after), want 6: rsp before,
   got 7: rsp after, 8: x87 CW, 9: MXCSR (loaded before, stored after) */
struct frame {
  unsigned long long fn, arg[5];
  unsigned long long want[10], got[10];
};
int pathtest_call(struct frame *f);
__asm__(".text\n"
        ".globl pathtest_call\n"
        ".type pathtest_call, @function\n"
        "pathtest_call:\n"
        "  pushq %rbx\n  pushq %rbp\n  pushq %r12\n  pushq %r13\n  pushq %r14\n  pushq %r15\n"
        "  pushq %rdi\n"                           /* the frame, found again at 0(%rsp) */
        "  subq $16, %rsp\n"                       /* 8 (ret) + 7 pushes + 16: aligned */
        "  fnstcw 0(%rsp)\n  stmxcsr 4(%rsp)\n"   /* the harness's own modes */
        "  fldcw 112(%rdi)\n  ldmxcsr 120(%rdi)\n"  /* want[8], want[9]: the modes under test */
        "  movq %rsp, 96(%rdi)\n"                  /* want[6] */
        "  movq 48(%rdi), %rbx\n  movq 56(%rdi), %rbp\n"
        "  movq 64(%rdi), %r12\n  movq 72(%rdi), %r13\n  movq 80(%rdi), %r14\n  movq 88(%rdi), %r15\n"
        "  movq 0(%rdi), %rax\n"
        "  movq 16(%rdi), %rsi\n  movq 24(%rdi), %rdx\n  movq 32(%rdi), %rcx\n  movq 40(%rdi), %r8\n"
        "  movq 8(%rdi), %rdi\n"
        "  callq *%rax\n"
        "  movq 16(%rsp), %rdi\n"
        "  movq %rbx, 128(%rdi)\n  movq %rbp, 136(%rdi)\n  movq %r12, 144(%rdi)\n  movq %r13, 152(%rdi)\n"
        "  movq %r14, 160(%rdi)\n  movq %r15, 168(%rdi)\n  movq %rsp, 184(%rdi)\n"
        "  fnstcw 192(%rdi)\n  stmxcsr 200(%rdi)\n"
        "  fldcw 0(%rsp)\n  ldmxcsr 4(%rsp)\n"
        "  addq $16, %rsp\n  popq %rdi\n"
        "  popq %r15\n  popq %r14\n  popq %r13\n  popq %r12\n  popq %rbp\n  popq %rbx\n"
        "  xorl %eax, %eax\n  ret\n"
        ".size pathtest_call, .-pathtest_call\n");

static int xinuse_supported(void)
{
  unsigned int a, b, c, d;
  if (!__get_cpuid(1, &a, &b, &c, &d) || !(c & (1u << 27))) return 0;   /* OSXSAVE */
  if (!__get_cpuid_count(0xd, 1, &a, &b, &c, &d)) return 0;
  return (a >> 2) & 1;                                                  /* XGETBV with ECX = 1 */
}

static unsigned long long xinuse(void)
{
  unsigned int lo, hi;
  __asm__ __volatile__("xgetbv" : "=a"(lo), "=d"(hi) : "c"(1));
  return (unsigned long long) hi << 32 | lo;
}

static void check_abi(void)
{
  static const unsigned int lengths[] = { 0, 1, 16, 64, 255, 256, 257, 300, 1000, 4096, 4097 };
  static const unsigned short cws[2] = { 0x037f, 0x007f };        /* default; 24-bit precision */
  static const unsigned int mxcsrs[2] = { 0x1f80, 0x7fc0 };      /* default; toward zero, FTZ, DAZ */
  unsigned char kr[32], n[16], out[16], rs[32];
  uint64_t prng = 9;
  int upper = xinuse_supported(), i, mode, fn, k;
  check = "abi";
  prng_fill(&prng, kr, 32);
  prng_fill(&prng, n, 16);
  prng_fill(&prng, rs, 32);
  prng_fill(&prng, big, 8192);
  for (i = 0; i < (int) (sizeof lengths / sizeof lengths[0]); ++i)
    for (mode = 0; mode < 2; ++mode)
      for (fn = 0; fn < 3; ++fn) {
        struct frame f;
        unsigned long long before = 0, after;
        memset(&f, 0, sizeof f);
        if (fn == 0) {
          f.fn = (unsigned long long) (uintptr_t) poly1305aes_amd64_authenticate;
          f.arg[0] = (uintptr_t) out; f.arg[1] = (uintptr_t) kr; f.arg[2] = (uintptr_t) n;
          f.arg[3] = (uintptr_t) big; f.arg[4] = lengths[i];
        } else if (fn == 1) {
          f.fn = (unsigned long long) (uintptr_t) poly1305aes_amd64_verify;
          f.arg[0] = (uintptr_t) out; f.arg[1] = (uintptr_t) kr; f.arg[2] = (uintptr_t) n;
          f.arg[3] = (uintptr_t) big; f.arg[4] = lengths[i];
        } else {
          f.fn = (unsigned long long) (uintptr_t) poly1305aes_amd64_poly1305;
          f.arg[0] = (uintptr_t) out; f.arg[1] = (uintptr_t) rs; f.arg[2] = (uintptr_t) big;
          f.arg[3] = lengths[i];
        }
        for (k = 0; k < 6; ++k) f.want[k] = 0x5a5a000000000000ULL + 0x0101010101ULL * (unsigned) (k + 1) + (unsigned) i;
        f.want[8] = cws[mode];
        f.want[9] = mxcsrs[mode];
        if (upper) {
          __asm__ __volatile__("vzeroupper" ::: "memory");
          before = xinuse();
        }
        pathtest_call(&f);
        after = upper ? xinuse() : 0;
        for (k = 0; k < 6; ++k)
          if (f.got[k] != f.want[k]) fail("a callee-saved register changed (rbx rbp r12 r13 r14 r15)", lengths[i]);
        if (f.got[7] != f.want[6]) fail("rsp changed", lengths[i]);
        if ((f.got[8] & 0xffff) != cws[mode]) fail("the x87 control word changed", lengths[i]);
        if ((f.got[9] & 0xffc0) != (mxcsrs[mode] & 0xffc0)) fail("MXCSR control bits changed", lengths[i]);
        if (upper && !(before & 0x44) && (after & 0x44))
          fail("upper halves of ymm or zmm0-15 left dirty (no vzeroupper)", lengths[i]);
      }
}

/* ---- driver ---- */

static const char *only;   /* comma-separated check names, or NULL for all */

static int wanted(const char *name)
{
  size_t len = strlen(name);
  const char *p = only;
  if (!only) return 1;
  for (; (p = strstr(p, name)) != NULL; p += len)
    if ((p == only || p[-1] == ',') && (p[len] == ',' || p[len] == 0)) return 1;
  return 0;
}

static int run_one(void)
{
  const char *want = getenv("POLY1305AES_AMD64_PATH"), *got = poly1305aes_amd64_path();
  if (want && strcmp(want, got)) {
    printf("skip path %s: not available on this CPU (the library runs %s)\n", want, got);
    return 0;
  }
  printf("path %s:", got);
  fflush(stdout);
#define RUN(f, name)                                                                             \
  do {                                                                                           \
    int before_ = failures;                                                                      \
    if (!wanted(name)) break;                                                                    \
    f();                                                                                         \
    printf(" %s%s", name, failures > before_ ? "(FAIL)" : "");                                   \
    fflush(stdout);                                                                              \
  } while (0)
  RUN(check_abi, "abi");
  RUN(check_prefix, "prefix");
  RUN(check_ff, "ff");
  RUN(check_near, "near");
  RUN(check_freeze, "freeze");
  RUN(check_offsets, "offsets");
  RUN(check_pages, "pages");
  printf("\n%s path %s: %d failures\n", failures ? "FAIL" : "PASS", got, failures);
  return failures != 0;
}

int main(int argc, char **argv)
{
  unsigned int i;
  int bad = 0;
  if (argc > 1 && !strcmp(argv[1], "-")) {
    only = argc > 2 ? argv[2] : NULL;
    return run_one();
  }
  for (i = 0; i < sizeof path_names / sizeof path_names[0]; ++i) {
    pid_t child;
    int status;
    fflush(stdout);
    child = fork();
    if (child == 0) {
      setenv("POLY1305AES_AMD64_PATH", path_names[i], 1);
      execl(argv[0], argv[0], "-", (char *) NULL);
      _exit(127);
    }
    if (child < 0 || waitpid(child, &status, 0) < 0 || !WIFEXITED(status) || WEXITSTATUS(status) != 0) bad = 1;
  }
  printf("%s\n", bad ? "FAIL: some path failed" : "PASS: every path");
  return bad;
}
