#!/usr/bin/env python3
# SPDX-License-Identifier: CC0-1.0
"""make bench for an emulated target (arm64, armhf, riscv64, ppc64le, s390x): the installed
implementation beside OpenSSL and libsodium in exact instructions per call.

  peers.py --target T [--sweep STEP] [--run EMULATOR] [--path PATH]
  peers.py --target T --aes [PATH...]

The peers are the Debian packages the target file names ('debarch',
'peers'), downloaded and unpacked by tools/fetch-peers, never installed. The
program speed/bench_<T>.c, linked statically with the installed
implementation's namespaced library and the peers' static libraries, first
compares the tags of all of them at every length measured; then
speed/count.py counts each call under the target's qemu (a first call
outside the count: one-time set-up). Prints a table at 0, 16, 64, 256,
1024, 4096, 16384 and 65536 bytes, then counts every length 0..1024 and every
STEP-th (--sweep, default 61) to 65536, listing the lengths where a peer
needs fewer instructions than ours (the first 24, then how many more);
writes those counts to build/<T>/bench.csv (speed/plot.py names its columns) and draws them
(speed/plot.py) into build/<T>/bench.png. The candidates, and what each peer is, come from
the bench program (bench who; its check output). A candidate's line in
'bench who' may carry notes: from=N (a peer compared from N bytes on, as
libsodium's Poly1305 alone, without AES, is from 64), group=G (a table of
its own, its first candidate ours: Poly1305 alone with the one-time key
r || AES_k(n), say; written to build/<T>/bench-G.csv and .png). --run
replaces the target's emulator (another CPU model: armhf's cortex-a15
without the AES instructions); --path forces our code path, as does the
target file's 'benchpath' line (riscv64: qemu-user 7.2 cannot report Zkne,
so the library's own choice there is its generic path). The target file's
'benchtarget' words (CANDIDATE:RATIO:WHERE) are the targets the bench checks:
after its group's sweep, one line each with ours/CANDIDATE at the lengths
WHERE names (0,16,64: the sweep's or the table's lengths) or its worst over the sweep (fromN: every length from
N bytes), and "met" or "MISSED" where a ratio is above RATIO. With --aes instead (a
bench with BENCH_AES: arm64): AES-128 alone (key setup plus one block) in
ours (vector permutes, the 2 KiB table the generic path had, the AES
instructions) and OpenSSL's (vpaes-armv8, ARMv8 AES), then the whole call at
0 and 16 bytes on each PATH of the installed implementation.
"""
import argparse
import csv
import os
import subprocess
import sys

from tools import buildlock
from tools import describe
from speed import count
from speed import plot

HERE = os.path.dirname(os.path.abspath(__file__))

LENGTHS = [0, 16, 64, 256, 1024, 4096, 16384, 65536]
# the 'who' column of bench.csv for each candidate the bench programs name
CSV_WHO = {"ours": "ours", "openssl": "OpenSSL", "openssl-scalar": "OpenSSL (NEON masked)",
           "openssl-table": "OpenSSL (table AES)", "sodium": "libsodium",
           "sodium-alone": "libsodium (Poly1305 alone)"}
# the column labels of the tables, and the peers whose ratio ours/peer is a column
SHORT = {"openssl": "OpenSSL", "openssl-scalar": "OSSL-scal", "openssl-table": "OSSL-tabl", "sodium": "sodium",
         "sodium-alone": "sodium-P"}
RATIOS = ("openssl", "sodium", "sodium-alone")
LISTED = 24   # the sweep's lengths where a peer needs fewer: the first this many are listed


class Candidate:
    """One line of 'bench who': a name, then notes from=N and group=G"""
    def __init__(self, line):
        words = line.split()
        self.name, notes = words[0], dict(w.split("=", 1) for w in words[1:])
        self.least = int(notes.get("from", 0))
        self.group = notes.get("group", "")
        # its kind within the group (openssl, sodium, ...): the name less the group's prefix
        self.kind = self.name[len(self.group) + 1:] if self.group and self.name.startswith(self.group + "-") \
            else self.name


def sh(command, what, tool="peers.py", cwd=None):
    """command's output (run in directory cwd, when given); if it fails, exit with what
    failed and the end of its output"""
    result = subprocess.run(command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, cwd=cwd)
    if result.returncode != 0:
        sys.exit("%s: %s failed:\n%s" % (tool, what, result.stdout[-3000:]))
    return result.stdout


def fetched(target, tool="peers.py"):
    """(the folder tools/fetch-peers unpacked the target's Debian peers into, the compiler's triplet:
    the peers' libraries are in usr/lib/<triplet> below it)"""
    top = sh(["sh", os.path.join(describe.TOP, "tools", "fetch-peers"), target["name"]], "tools/fetch-peers",
             tool).strip().splitlines()[-1]
    return top, sh([target["cc"], "-dumpmachine"], "the compiler's triplet", tool).strip()


def build(target):
    """The bench program for the installed implementation; (program, implementation name)."""
    name = target["name"]
    source = os.path.join(HERE, "bench_%s.c" % name)
    if not os.path.exists(source):
        sys.exit("peers.py: no peer benchmark for %s (speed/bench_%s.c)" % (name, name))
    header = os.path.join(describe.TOP, "build", name, "include", "poly1305aes.h")
    if not os.path.exists(header):
        sh(["make", "-s", "-C", describe.TOP, "all", "TARGET=" + name], "selecting an implementation for " + name)
    impl = None
    with open(header) as f:
        for line in f:
            if line.startswith("#define poly1305aes_implementation"):
                impl = line.split('"')[1][len("poly1305aes_"):]
    lib = os.path.join(describe.TOP, "build", name, "impl", impl)
    peers, triplet = fetched(target)
    program = os.path.join(describe.TOP, "build", name, "bench")
    table = os.path.join(describe.TOP, "build", name, "bench_aes_table.c")   # the table AES of bench aes
    with open(table, "w") as f:
        f.write(sh(describe.module("aes.gentable") + ["--layout", "2s s s 3s 2s s s 3s", "--format", "c",
                                                      "--symbol", "bench_aes_table"], "aes/gentable.py", cwd=describe.TOP))
    sh([target["cc"]] + target.get("cflags", "").split() +
       ["-std=c99", "-O2", "-Wall", "-Wextra", "-Werror", "-D_DEFAULT_SOURCE",
        "-I" + os.path.join(lib, "include"), "-I" + HERE, "-I" + os.path.join(describe.TOP, "test"), "-I" + os.path.join(describe.TOP, "common"),
        "-I" + os.path.join(peers, "usr", "include"),
        "-I" + os.path.join(peers, "usr", "include", triplet),
        "-DPOLY1305AES_IMPL=poly1305aes_" + impl, '-DPOLY1305AES_HEADER="poly1305aes_%s.h"' % impl,
        source, table, os.path.join(describe.TOP, "test", "util.c"), os.path.join(lib, "libpoly1305aes_%s.a" % impl),
        os.path.join(peers, "usr", "lib", triplet, "libcrypto.a"), os.path.join(peers, "usr", "lib", triplet, "libsodium.a"),
        "-static", "-lpthread", "-o", program], "building the bench program")
    return program, impl


def counts(qemu, program, who, lengths, path):
    out = {}
    for n in lengths:
        calls = count.executed(qemu, program, 2, n, False, False, ["-w", who] + path)
        totals = {sum(c.values()) for c in calls}
        if len(totals) != 1:
            sys.exit("peers.py: %s's calls at length %d differ in instruction count: %s" % (who, n, totals))
        out[n] = totals.pop()
    return out


def sweep_counts(qemu, program, who, step, path):
    """Instructions of one call at each sweep length, in order (bench_<T> sweep)."""
    return count.marked_counts(qemu, program, ["sweep", "-w", who] + path + [str(step)])[:-1]


AES_WHO = ["vperm", "table", "ce", "openssl-vpaes", "openssl-ce"]


def aes_alone(qemu, program, impl, paths):
    """AES-128 alone in each AES_WHO, then whole calls on the paths"""
    print("# %s: instructions (exact, under %s)" % (impl, qemu))
    print(sh(qemu.split() + [program, "aes-check"], "the AES comparison").strip())
    print("# AES-128 alone, key setup plus one block: ours by vector permutes (common/vpaes.h), from the 2 KiB "
          "table (common/aes_table.h), with the AES instructions (common/aesce.h); OpenSSL's vpaes-armv8 and ARMv8 AES")
    aes = {}
    for who in AES_WHO:
        segments = count.marked(qemu, program, ["aes", "2", "-w", who])
        totals = {len(s) for s in segments[:-1]}
        if len(segments) != 3 or len(totals) != 1:
            sys.exit("peers.py: AES %s: %d marks, counts %s" % (who, len(segments), totals))
        aes[who] = totals.pop()
    for who in AES_WHO:
        print("%-14s %6d   %.3f of openssl-vpaes" % (who, aes[who], aes[who] / aes["openssl-vpaes"]))
    if not paths:
        return
    print("# the whole call (authenticate) on each path of poly1305aes_%s" % impl)
    calls = {p: counts(qemu, program, "ours", [0, 16], ["-p", p]) for p in paths}
    print("%6s" % "length" + "".join(" %9s" % p for p in paths))
    for n in (0, 16):
        print("%6d" % n + "".join(" %9d" % calls[p][n] for p in paths) +
              "".join("   %s/%s %.3f" % (p, paths[0], calls[p][n] / calls[paths[0]][n]) for p in paths[1:]))


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--target", required=True)
    parser.add_argument("--sweep", type=int, default=61, metavar="STEP")
    parser.add_argument("--run", help="the emulator command (default: the target file's)")
    parser.add_argument("--path", help="force our code path (default: the target file's 'benchpath', if any)")
    parser.add_argument("--aes", nargs="*", metavar="PATH", help="AES alone, then whole calls on these paths")
    args = parser.parse_args()
    target = describe.read_target(args.target)
    qemu = args.run or target.get("run", "")
    if not qemu:
        sys.exit("peers.py: %s runs natively; its bench is speed/bench.c" % args.target)
    # build/<T>/ is the selector's too: select and build under its lock (tools/buildlock.py)
    with buildlock.held(os.path.join(describe.TOP, "build"), target["name"], "peers.py"):
        program, impl = build(target)
    runner = qemu.split()
    if args.aes is not None:
        aes_alone(qemu, program, impl, args.aes)
        return
    chosen = args.path or target.get("benchpath", "")
    path = ["-p", chosen] if chosen else []
    who = [Candidate(line) for line in sh(runner + [program, "who"], "listing the candidates").splitlines()]
    check = sh(runner + [program, "check"] + path + [str(n) for n in sorted(set(LENGTHS + [1, 15, 17, 63, 65, 127, 128, 129, 383, 384, 385, 1000]))],
               "the tag comparison")
    print("# %s: instructions per call (exact, under %s); complete Poly1305-AES per message" % (args.target, qemu))
    print(check.strip())
    if args.sweep < 1:
        sys.exit("peers.py: --sweep takes a step of at least 1")
    lengths = []
    n = 0
    while True:
        lengths.append(n)
        if n == 65536:
            break
        n = n + 1 if n < 1024 else min(n + args.sweep, 65536)
    names = sh(runner + [program, "names"] + path, "the names of the candidates").splitlines()
    if len(names) != len(who):
        sys.exit("peers.py: bench_%s names gave %d lines for %d" % (args.target, len(names), len(who)))
    groups = []
    for c, name in zip(who, names):
        c.label = name
        if not groups or groups[-1][0].group != c.group:
            groups.append([])
        groups[-1].append(c)
    goals = targets(describe.read_target(args.target).get("benchtarget", ""), args.target)
    unknown = sorted({g[0] for g in goals} - {c.name for c in who})
    if unknown:   # a target that cannot be measured is a failure, not a silent skip
        sys.exit("peers.py: targets/%s/target: benchtarget names %s, which bench_%s does not run (bench who)"
                 % (args.target, ", ".join(unknown), args.target))
    for members in groups:
        bench_group(args, qemu, program, path, members, lengths, goals)


def targets(words, name):
    """The target file's 'benchtarget' words CANDIDATE:RATIO:WHERE as (candidate, ratio, lengths
    or None, least): ours over CANDIDATE at most RATIO at each length of WHERE (bytes, split by
    commas), or, WHERE being fromN, at every sweep length from N bytes on."""
    out = []
    for word in words.split():
        try:
            who, ratio, where = word.split(":")
            out.append((who, float(ratio), None, int(where[4:])) if where.startswith("from")
                       else (who, float(ratio), [int(n) for n in where.split(",")], 0))
        except ValueError:
            sys.exit("peers.py: targets/%s/target: benchtarget %r is not CANDIDATE:RATIO:LENGTH,LENGTH... or "
                     "CANDIDATE:RATIO:fromN" % (name, word))
    return out


def report_targets(members, goals, lengths, sweeps, table):
    """One line per target of the group: the ratios it bounds, and met or missed (a length
    the sweep does not reach, as 16384, from the table's counts: table[candidate][length])."""
    ours = members[0]
    for who, bound, at, least in goals:
        peer = [c for c in members[1:] if c.name == who]
        if not peer:   # another group's target
            continue
        label = "ours/" + SHORT.get(peer[0].kind, peer[0].kind)
        ratio = {n: table[ours.name][n] / table[who][n] for n in LENGTHS}
        ratio.update({n: sweeps[ours.name][i] / sweeps[who][i] for i, n in enumerate(lengths)})
        if at:
            missing = [n for n in at if n not in ratio]
            if missing:
                sys.exit("peers.py: benchtarget %s: lengths %s are neither in the sweep nor in the table"
                         % (who, missing))
            above = [n for n in at if ratio[n] > bound]
            print("# target: %s at most %.3f at %s bytes: %s: %s" % (
                label, bound, ", ".join(map(str, at)), ", ".join("%.3f" % ratio[n] for n in at),
                "MISSED at %s" % ", ".join(map(str, above)) if above else "met"))
        else:
            span = [n for n in lengths if n >= least]
            above = [n for n in span if ratio[n] > bound]
            worst = max(span, key=lambda n: ratio[n])
            print("# target: %s at most %.3f at every sweep length%s: worst %.3f at %d: %s" % (
                label, bound, " from %d" % least if least else "", ratio[worst], worst,
                "MISSED at %d of %d lengths, %d..%d" % (len(above), len(span), above[0], above[-1]) if above
                else "met"))


def counted(row, peers, n):
    """the counts of the peers compared at length n (each from its least length on)"""
    return [t for t, c in zip(row, peers) if n >= c.least]


def bench_group(args, qemu, program, path, members, lengths, goals):
    """one group's table, sweep, targets (goals: targets()), CSV and picture"""
    ours, peers = members[0], members[1:]
    group = ours.group
    if group:
        print("## %s: %s against %s" % (group, ours.name, ", ".join(c.name for c in peers)))
    table = {c.name: counts(qemu, program, c.name, LENGTHS, path) for c in members}
    ratios = [c for c in peers if c.kind in RATIOS]
    print("%6s %9s " % ("length", "ours") + " ".join("%9s" % SHORT.get(c.kind, c.kind[:9]) for c in peers)
          + "".join(" %9s" % ("/" + SHORT.get(c.kind, c.kind))[:9] for c in ratios))
    for n in LENGTHS:
        t = [table[c.name][n] for c in members]
        print("%6d %9d " % (n, t[0]) + " ".join("%9d" % v for v in t[1:])
              + "".join(" %9.3f" % (t[0] / table[c.name][n]) for c in ratios)
              + ("  <- a peer needs fewer" if any(t[0] >= v for v in counted(t[1:], peers, n)) else ""))
    sweeps = {c.name: sweep_counts(qemu, program, c.name, args.sweep, path) for c in members}
    if any(len(v) != len(lengths) for v in sweeps.values()):
        sys.exit("peers.py: the sweep gave %s counts for %d lengths" % ({w: len(v) for w, v in sweeps.items()}, len(lengths)))
    late = ["%s from %d bytes" % (c.name, c.least) for c in peers if c.least]
    print("# sweep: every length 0..1024, then every %d to 65536; lengths where a peer needs fewer instructions%s:"
          % (args.sweep, " (%s)" % ", ".join(late) if late else ""))
    worse, worst, worst_at = 0, 0.0, 0
    for i, n in enumerate(lengths):
        row = [sweeps[c.name][i] for c in members]
        compared = counted(row[1:], peers, n)
        if compared and row[0] / min(compared) > worst:
            worst, worst_at = row[0] / min(compared), n
        if compared and row[0] >= min(compared):
            worse += 1
            if worse <= LISTED:
                print("%6d %9d " % (n, row[0]) + " ".join("%9d" % v for v in row[1:]))
    if worse > LISTED:
        print("# ... and %d more such lengths (every count: build/%s/%s.csv)"
              % (worse - LISTED, args.target, "bench-" + group if group else "bench"))
    print("# sweep: %d lengths, %d where a peer needs fewer; worst ours/fewest-peer %.3f at length %d"
          % (len(lengths), worse, worst, worst_at))
    report_targets(members, goals, lengths, sweeps, table)
    out = os.path.join(describe.TOP, "build", args.target)
    stem = "bench-" + group if group else "bench"
    with open(os.path.join(out, stem + ".csv"), "w", newline="") as f:
        writer = csv.writer(f)
        writer.writerow(plot.FIELDS)
        for c in members:
            for i, n in enumerate(lengths):
                writer.writerow([args.target, qemu, CSV_WHO.get(c.kind, c.kind), c.label, "-", n,
                                 "instructions (exact, one call)", sweeps[c.name][i]])
    plot.draw(plot.read(os.path.join(out, stem + ".csv")), os.path.join(out, stem + ".png"),
              "Poly1305 alone, one-time key" if group == "onetime" else group or "complete Poly1305-AES")
    print("wrote build/%s/%s.csv, build/%s/%s.png" % (args.target, stem, args.target, stem))

if __name__ == "__main__":
    main()
