/* SPDX-License-Identifier: CC0-1.0 */
/* A qemu-user TCG plugin for tools/tracecheck.py: digests of the guest
   instructions executed and of the guest memory addresses accessed, cut into
   segments at each execution of one guest address (the trace program's
   trace_mark, test/trace.c). Built for the host (gcc -shared -fPIC); loaded
   with qemu-<arch> -plugin PATH,mark=0xADDRESS,out=FILE[,dump=N][,skip=LO:HI...][,mems=0].
   Assumes QEMU's plugin API version 1 (QEMU 7.2; Debian ships no header for
   it, so the few declarations it uses are written out below). Single-threaded
   guest programs: there is one vCPU.
   FILE gets one line per segment, "SEGMENT INSNS INSNHASH MEMS MEMHASH", then
   "marks N", how many times the mark ran (more than MAXSEGMENTS: the last segment
   holds the rest)
   (FNV-1a over the 64-bit addresses in order; for the instructions, over each
   translation block's start and count: the same blocks in the same order are the
   same instructions); with dump=N, also every
   address of segment N, one a line: "i ADDRESS" (an instruction executed) or
   "m ADDRESS INSN" (a memory access, and the instruction making it).
   speed/count.py counts with it: skip=LO:HI (at most MAXSKIPS, each [LO, HI)) leaves
   out every block that starts there, as qemu's log names a block by the symbol
   holding its first address; mems=0 registers no memory callback (MEMS is then 0). */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- the subset of QEMU's plugin API used here (qemu-plugin.h, version 1) ---- */
typedef uint64_t qemu_plugin_id_t;
typedef struct qemu_info_t qemu_info_t;   /* not read */
struct qemu_plugin_tb;
struct qemu_plugin_insn;
typedef uint32_t qemu_plugin_meminfo_t;
enum qemu_plugin_cb_flags { QEMU_PLUGIN_CB_NO_REGS, QEMU_PLUGIN_CB_R_REGS, QEMU_PLUGIN_CB_RW_REGS };
enum qemu_plugin_mem_rw { QEMU_PLUGIN_MEM_R = 1, QEMU_PLUGIN_MEM_W, QEMU_PLUGIN_MEM_RW };
void qemu_plugin_register_vcpu_tb_trans_cb(qemu_plugin_id_t id,
                                           void (*cb)(qemu_plugin_id_t id, struct qemu_plugin_tb *tb));
size_t qemu_plugin_tb_n_insns(const struct qemu_plugin_tb *tb);
struct qemu_plugin_insn *qemu_plugin_tb_get_insn(const struct qemu_plugin_tb *tb, size_t index);
uint64_t qemu_plugin_insn_vaddr(const struct qemu_plugin_insn *insn);
uint64_t qemu_plugin_tb_vaddr(const struct qemu_plugin_tb *tb);
void qemu_plugin_register_vcpu_tb_exec_cb(struct qemu_plugin_tb *tb, void (*cb)(unsigned int vcpu, void *data),
                                          enum qemu_plugin_cb_flags flags, void *data);
void qemu_plugin_register_vcpu_insn_exec_cb(struct qemu_plugin_insn *insn,
                                            void (*cb)(unsigned int vcpu, void *data),
                                            enum qemu_plugin_cb_flags flags, void *data);
void qemu_plugin_register_vcpu_mem_cb(struct qemu_plugin_insn *insn,
                                      void (*cb)(unsigned int vcpu, qemu_plugin_meminfo_t info,
                                                 uint64_t vaddr, void *data),
                                      enum qemu_plugin_cb_flags flags, enum qemu_plugin_mem_rw rw, void *data);
void qemu_plugin_register_atexit_cb(qemu_plugin_id_t id, void (*cb)(qemu_plugin_id_t id, void *data), void *data);
__attribute__((visibility("default"))) int qemu_plugin_version = 1;

/* ---- the digests ---- */

#define MAXSEGMENTS 4096
struct segment { uint64_t insns, insn_hash, mems, mem_hash; };
static struct segment segments[MAXSEGMENTS];
static long current = -1;          /* the segment being recorded; -1 before the first mark */
static long marks;                 /* the mark's executions */
static uint64_t mark;
static long dump = -1;
static FILE *out;
#define MAXSKIPS 8
static uint64_t skip_lo[MAXSKIPS], skip_hi[MAXSKIPS];
static int skips, mems = 1;

static int skipped(uint64_t pc)
{
  int i;
  for (i = 0; i < skips; ++i)
    if (pc >= skip_lo[i] && pc < skip_hi[i]) return 1;
  return 0;
}

#define FNV_START 0xcbf29ce484222325ULL
static uint64_t fnv(uint64_t hash, uint64_t value)
{
  int i;
  for (i = 0; i < 8; ++i) hash = (hash ^ (value >> (8 * i) & 255)) * 0x100000001b3ULL;
  return hash;
}

static void on_insn(unsigned int vcpu, void *data)
{
  uint64_t pc = (uint64_t) (uintptr_t) data;
  (void) vcpu;
  if (pc == mark) {
    ++marks;
    if (current + 1 < MAXSEGMENTS) {
      ++current;
      segments[current].insn_hash = segments[current].mem_hash = FNV_START;
    }
    return;
  }
  if (current < 0) return;
  segments[current].insns += 1;
  segments[current].insn_hash = fnv(segments[current].insn_hash, pc);
  if (current == dump) fprintf(out, "i %" PRIx64 "\n", pc);
}

/* a translation block: its first address and its count of instructions. Outside the
   segment dumped, the instruction digest takes one block at a time, (start, count): the
   same blocks executed in the same order are the same instructions in the same order */
struct block { uint64_t pc, insns; };

static void on_block(unsigned int vcpu, void *data)
{
  const struct block *b = data;
  (void) vcpu;
  if (current < 0) return;
  segments[current].insns += b->insns;
  segments[current].insn_hash = fnv(fnv(segments[current].insn_hash, b->pc), b->insns);
}

static void on_mem(unsigned int vcpu, qemu_plugin_meminfo_t info, uint64_t vaddr, void *data)
{
  (void) vcpu;
  (void) info;
  if (current < 0) return;
  segments[current].mems += 1;
  segments[current].mem_hash = fnv(segments[current].mem_hash, vaddr);
  if (current == dump) fprintf(out, "m %" PRIx64 " %" PRIx64 "\n", vaddr, (uint64_t) (uintptr_t) data);
}

/* a block holding the mark, and every block when a segment is to be dumped, has a
   callback for each instruction (on_insn); every other block one for the block (on_block).
   A skipped block has none but the mark's */
static void on_translate(qemu_plugin_id_t id, struct qemu_plugin_tb *tb)
{
  size_t i, count = qemu_plugin_tb_n_insns(tb);
  int each = dump >= 0;
  (void) id;
  if (skipped(qemu_plugin_tb_vaddr(tb))) {
    for (i = 0; i < count; ++i) {
      struct qemu_plugin_insn *insn = qemu_plugin_tb_get_insn(tb, i);
      if (qemu_plugin_insn_vaddr(insn) == mark)
        qemu_plugin_register_vcpu_insn_exec_cb(insn, on_insn, QEMU_PLUGIN_CB_NO_REGS, (void *) (uintptr_t) mark);
    }
    return;
  }
  for (i = 0; i < count; ++i)
    if (qemu_plugin_insn_vaddr(qemu_plugin_tb_get_insn(tb, i)) == mark) each = 1;
  if (!each) {
    struct block *b = malloc(sizeof *b);   /* kept for the block's life: the process's */
    if (!b) {
      fprintf(stderr, "traceplugin: out of memory\n");
      exit(1);
    }
    b->pc = qemu_plugin_tb_vaddr(tb);
    b->insns = count;
    qemu_plugin_register_vcpu_tb_exec_cb(tb, on_block, QEMU_PLUGIN_CB_NO_REGS, b);
  }
  for (i = 0; i < count; ++i) {
    struct qemu_plugin_insn *insn = qemu_plugin_tb_get_insn(tb, i);
    void *pc = (void *) (uintptr_t) qemu_plugin_insn_vaddr(insn);
    if (each) qemu_plugin_register_vcpu_insn_exec_cb(insn, on_insn, QEMU_PLUGIN_CB_NO_REGS, pc);
    if (mems) qemu_plugin_register_vcpu_mem_cb(insn, on_mem, QEMU_PLUGIN_CB_NO_REGS, QEMU_PLUGIN_MEM_RW, pc);
  }
}

static void on_exit(qemu_plugin_id_t id, void *data)
{
  long s;
  (void) id;
  (void) data;
  for (s = 0; s <= current; ++s)
    fprintf(out, "%ld %" PRIu64 " %016" PRIx64 " %" PRIu64 " %016" PRIx64 "\n", s, segments[s].insns,
            segments[s].insn_hash, segments[s].mems, segments[s].mem_hash);
  fprintf(out, "marks %ld\n", marks);
  fclose(out);
}

__attribute__((visibility("default")))
int qemu_plugin_install(qemu_plugin_id_t id, const qemu_info_t *info, int argc, char **argv)
{
  const char *file = NULL;
  int i;
  (void) info;
  for (i = 0; i < argc; ++i) {
    if (!strncmp(argv[i], "mark=", 5)) mark = strtoull(argv[i] + 5, NULL, 0);
    else if (!strncmp(argv[i], "out=", 4)) file = argv[i] + 4;
    else if (!strncmp(argv[i], "dump=", 5)) dump = strtol(argv[i] + 5, NULL, 10);
    else if (!strcmp(argv[i], "mems=0")) mems = 0;
    else if (!strncmp(argv[i], "skip=", 5) && skips < MAXSKIPS) {
      char *end;
      skip_lo[skips] = strtoull(argv[i] + 5, &end, 0);
      if (*end != ':') { fprintf(stderr, "traceplugin: skip=LO:HI, not %s\n", argv[i]); return 1; }
      skip_hi[skips++] = strtoull(end + 1, NULL, 0);
    }
    else { fprintf(stderr, "traceplugin: unknown argument %s\n", argv[i]); return 1; }
  }
  if (!mark || !file || !(out = fopen(file, "w"))) {
    fprintf(stderr, "traceplugin: needs mark=ADDRESS and a writable out=FILE\n");
    return 1;
  }
  qemu_plugin_register_vcpu_tb_trans_cb(id, on_translate);
  qemu_plugin_register_atexit_cb(id, on_exit, NULL);
  return 0;
}
