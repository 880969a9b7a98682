#!/usr/bin/env python3
# SPDX-License-Identifier: CC0-1.0
"""Where a code path starts to pay, on llvm-mca's models of real cores: the
model cycles of whole calls, from their dynamic instruction streams; or,
on a target that runs natively, in median ticks on this CPU.

  crossover.py --target T --impl NAME [--path P] [--cpus CPU,...] VARIANT=DEFINES... LEN...
  crossover.py --target T --impl NAME --path P [--rounds N] [--caller C] [--args WORDS] VARIANT=DEFINES... LEN...   (native)

For each variant PATH=DEFINES (the implementation built with extra -D
definitions, e.g. neon="-DVECTOR_FROM=0 -DHYBRID_FROM=-1", into its own
build directory) and each length, the speed probe makes one call under the
target's qemu; its executed instructions (qemu's log, speed/count.py), in
order, become one straight-line block that llvm-mca runs once on each CPU
model (the implementation's code path P, with --path): branches cost what an instruction costs and are always predicted,
caches always hit. Prints model cycles per call, a column per variant, a
table per CPU. The target file names the architecture: 'mcatriple' (the
triple), 'mcastream' (qemu: the trace's own disassembly; objdump: each
executed address looked up in llvm-objdump's disassembly of the probe, for
vector instructions qemu 7.2 cannot name; with 'mcaobjdump''s flags),
'mcabranch' (its branches to a label, which go to the next instruction) and
'mcacall PATTERN TEXT' (a call to a label, which becomes TEXT: a jump; llvm-mca
would charge a call 100 cycles). It is how the thresholds in
poly1305aes_arm64/dispatch.c, neon.c and poly1305aes_ppc64le/dispatch.c
were chosen.
With --path on a native target (amd64, x86), each variant's speed probe times
code path P forced (speed ticks -p P -C C and --args' words: -o
onetimeauth, -a or -s STEP streamed; behind the caller C, clean, ymm, zmm
or by default worst, the slowest of them) at every length, the
variants in turn, N rounds (default 5), and the median of the rounds is
printed; then, for each variant after the first,
the shortest length from which it is at most the first's at every longer
length given. It is how the thresholds in poly1305aes_amd64/dispatch.c and
poly1305aes_x86/dispatch.c were chosen on Intel (VECTOR_FROM: every path's).
"""
import argparse
import hashlib
import os
import re
import statistics
import subprocess
import sys

from tools import describe
from speed import count
from speed import mca

HERE = os.path.dirname(os.path.abspath(__file__))



def build(target, impl, variant, defines):
    """the speed probe of impl built with defines; its build directory is named by the defines
    too (the build does not rebuild on flags alone: a variant's name given other defines
    would otherwise time the old ones)"""
    tag = hashlib.sha256(defines.encode()).hexdigest()[:10]
    root = os.path.join(describe.TOP, "build", "crossover", "%s-%s" % (variant, tag))
    command = ["make", "-s", "-f", os.path.join(describe.TOP, "mk", "impl.mk"), "TARGET=" + target, "IMPL=" + impl,
               "BUILDROOT=" + root, "IMPL_CFLAGS=" + describe.find(impl).cflags(target) + " " + defines,
               os.path.join(root, target, "impl", impl, "speed")]
    result = subprocess.run(command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    if result.returncode != 0:
        sys.exit("crossover.py: building %s failed:\n%s" % (variant, result.stdout[-2000:]))
    return os.path.join(root, target, "impl", impl, "speed")


def disassembly(program, target):
    """{address: instruction text} of a program, from llvm-objdump (the target's 'mcaobjdump' flags)"""
    result = subprocess.run(["llvm-objdump", "-d", "--no-show-raw-insn", program] + target.get("mcaobjdump", "").split(),
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    out = {}
    for line in result.stdout.splitlines():
        m = mca.LINE.match(line)
        if m and not line.rstrip().endswith(":"):
            out[int(m.group(1), 16)] = ("%s %s" % (m.group(2), re.sub(r"\s+<[^>]*>$", "", m.group(3)))).strip()
    return out


_CODE = {}


def stream_of(call, program, target):
    """the instruction texts of one call's trace ([(pc, qemu's text, symbol)]) in order: qemu's
    own ('mcastream qemu'), or llvm-objdump's of the program at each address ('mcastream objdump')"""
    how = target.get("mcastream")
    if how == "qemu":
        return [text.split(None, 1)[1] for _, text, _ in call]   # less the encoding
    if how != "objdump":
        sys.exit("crossover.py: targets/%s/target: 'mcastream' is %r, not qemu or objdump" % (target["name"], how))
    if program not in _CODE:
        _CODE[program] = disassembly(program, target)
    return [_CODE[program][pc] for pc, _, _ in call]


def model_cycles(stream, cpu, target, strict=True):
    """llvm-mca's cycles for the stream as one block on the target's triple; not strict: None
    when the model knows an instruction not (a POWER10 instruction on the POWER9 model)"""
    lines = []
    branch = re.compile(mca.branch_pattern(target))
    call, _, jump = target.get("mcacall", "").partition(" ")
    for text in stream:
        if call and re.match(r"^(?:%s)$" % call, text.split()[0]):
            text = jump.strip()
        elif branch.match(text.split()[0]):
            text = re.sub(r"#?0x[0-9a-f]+$", "next", text)
        lines.append("\t" + text)
    assembly = "\n".join(lines) + "\nnext:\n"
    triple = target.get("mcatriple", "").split()[:1] or \
        sys.exit("crossover.py: targets/%s/target names no triple ('mcatriple')" % target["name"])
    result = subprocess.run(["llvm-mca", "-mtriple=" + triple[0], "-mcpu=" + cpu, "-iterations=1"], input=assembly,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    m = re.search(r"^Total Cycles:\s+(\d+)", result.stdout, re.M)
    if not m and not strict and "unsupported instruction" in result.stderr:
        return None
    if not m:
        sys.exit("crossover.py: llvm-mca -mcpu=%s failed: %s" % (cpu, result.stderr[-1000:]))
    return int(m.group(1))


def native(probes, path, lengths, rounds, caller, extra):
    """median over rounds of each probe's median ticks at each length, the probes in turn"""
    ticks = {(name, n): [] for name, _ in probes for n in lengths}
    header = ""
    for r in range(rounds):
        for i in range(len(probes)):
            name, probe = probes[(r + i) % len(probes)]
            out = subprocess.run([probe, "ticks", "-p", path, "-C", caller, "-r", "31"] + extra +
                                 [str(n) for n in lengths],
                                 stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
            if out.returncode != 0:
                sys.exit("crossover.py: %s: %s" % (name, out.stdout.strip()[-500:]))
            for line in out.stdout.splitlines():
                if line.startswith("#"):
                    header = header or line
                else:
                    n, value = line.split()
                    ticks[(name, int(n))].append(float(value))
    print(header.replace("median of 31", "median of 31, then the median of %d rounds" % rounds))
    print("%6s " % "length" + " ".join("%10s" % name for name, _ in probes))
    medians = {key: statistics.median(v) for key, v in ticks.items()}
    for n in lengths:
        print("%6d " % n + " ".join("%10.1f" % medians[(name, n)] for name, _ in probes))
    first = probes[0][0]
    for name, _ in probes[1:]:
        wins = [n for n in lengths if all(medians[(name, m)] <= medians[(first, m)] for m in lengths if m >= n)]
        print("# %s is at most %s from %s" % (name, first, "%d bytes on" % wins[0] if wins else "no length given"))


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--target", required=True)
    parser.add_argument("--impl", required=True)
    parser.add_argument("--cpus", default="cortex-a72,cortex-a55,apple-a13")
    parser.add_argument("--path")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--caller", default="worst", choices=["clean", "ymm", "zmm", "worst"])
    parser.add_argument("--args", default="", help="more words for the speed probe (native): -o, -a, -s STEP")
    parser.add_argument("items", nargs="+")
    args = parser.parse_args()
    target = describe.read_target(args.target)
    qemu = target.get("run")
    variants = [i.split("=", 1) for i in args.items if "=" in i]
    lengths = [int(i) for i in args.items if "=" not in i]
    probes = [(name, build(args.target, args.impl, name, defines)) for name, defines in variants]
    if args.path and not qemu:
        native(probes, args.path, lengths, args.rounds, args.caller, args.args.split())
        return
    streams = {}
    for name, probe in probes:
        for n in lengths:
            call = count.traces(qemu, probe, 1, n, False, extra=["-p", args.path] if args.path else [])[0]
            streams[(name, n)] = stream_of(call, probe, target)
    for cpu in args.cpus.split(","):
        print("# %s: model cycles per call (llvm-mca, the call's executed instructions as one block)" % cpu)
        print("%6s " % "length" + " ".join("%10s" % name for name, _ in variants))
        for n in lengths:
            print("%6d " % n + " ".join("%10d" % model_cycles(streams[(name, n)], cpu, target) for name, _ in variants))


if __name__ == "__main__":
    main()
