#!/usr/bin/env python3
# SPDX-License-Identifier: CC0-1.0
"""Exact dynamic instruction counts of one implementation under qemu-user.

  count.py QEMU PROBE LEN... [--verify] [--unaligned] [--calls K] [--symbols] [--args WORDS]

PROBE is a speed probe (build/<target>/impl/<name>/speed). For each length it
runs "PROBE calls K LEN" under QEMU with -d in_asm,exec,nochain: the log lists
each translated block's instructions once and each executed block every time
it runs, so the sum over executed blocks is the exact number of guest
instructions. The probe calls count_mark() before each call and after the
last; what runs between two marks, outside main and the marker, is one call.
All K calls must cost the same. Prints "LEN instructions" per length;
--symbols adds a split by function; --args passes more words to the probe.
As a module: traces() and executed() for the probe's calls, marked() for
what follows each mark of any run, marked_counts() for how many instructions.
"""
import argparse
import collections
import os
import re
import subprocess
import sys
import tempfile

TRACE = re.compile(r"^Trace \d+: 0x[0-9a-f]+ \[[0-9a-f]+/([0-9a-f]+)/")
INSN = re.compile(r"^0x([0-9a-f]+):\s")


def executed_blocks(qemu, probe, words):
    """The blocks one run of the probe (arguments words) executes under qemu, in order:
    (symbol, [(pc, instruction text)]) for each, from qemu's log (in_asm: each translated
    block's instructions once; exec: each executed block every time it runs). The text is
    as qemu prints it: the encoding, then the instruction."""
    with tempfile.TemporaryDirectory() as tmp:
        log = os.path.join(tmp, "qemu.log")
        # same environment and no address randomization: start-up must cost the same in both runs
        command = ["env", "-i", "setarch", os.uname().machine, "-R"] + qemu.split() + \
            ["-d", "in_asm,exec,nochain", "-D", log, probe] + words
        result = subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        if result.returncode != 0:
            sys.exit("count.py: %s failed: %s" % (" ".join(command), result.stderr.strip()))
        blocks = {}        # block start pc -> (symbol, [(pc, text)]) of its latest translation
        block = symbol = None
        with open(log, errors="replace") as f:
            for line in f:
                if line.startswith("IN:"):
                    symbol, block = line[3:].strip() or "?", None
                    continue
                m = INSN.match(line)
                if m and symbol is not None:
                    pc = int(m.group(1), 16)
                    if block is None:
                        block = []
                        blocks[pc] = (symbol, block)
                    block.append((pc, line[m.end():].split("!")[0].strip()))
                    continue
                m = TRACE.match(line)
                if m:
                    symbol = None
                    start = int(m.group(1), 16)
                    if start not in blocks:
                        sys.exit("count.py: executed block at 0x%x was never translated in the log" % start)
                    yield blocks[start]


def marked(qemu, probe, words):
    """[[(pc, instruction text, symbol) in execution order]] of what runs after each call of
    count_mark (outside main and the marker), in one run of the probe with arguments words."""
    segments = []
    for symbol, insns in executed_blocks(qemu, probe, words):
        if symbol == "count_mark":
            segments.append([])
        elif segments and symbol != "main":
            segments[-1].extend((pc, text, symbol) for pc, text in insns)
    return segments


def marked_counts(qemu, probe, words):
    """[instructions] run after each call of count_mark (outside main and the marker), in one run
    of the probe with arguments words: marked()'s segments counted, none kept (a sweep's
    segments together hold hundreds of millions of instructions)."""
    counts = []
    for symbol, insns in executed_blocks(qemu, probe, words):
        if symbol == "count_mark":
            counts.append(0)
        elif counts and symbol != "main":
            counts[-1] += len(insns)
    return counts


def traces(qemu, probe, calls, length, verify, unaligned=False, extra=()):
    """[[(pc, instruction text, symbol) in execution order] for each call] of
    one run of the probe (tools/pipemodel.py simulates them on CPU models); extra:
    more words for the probe (speed/bench_arm64.c: -w WHO)."""
    words = ["calls", str(calls), str(length)] + (["-v"] if verify else []) + (["-u"] if unaligned else []) + list(extra)
    segments = marked(qemu, probe, words)
    if len(segments) != calls + 1:
        sys.exit("count.py: expected %d marks, saw %d (is count_mark in the probe?)" % (calls + 1, len(segments)))
    return segments[:-1]


def executed(qemu, probe, calls, length, verify, unaligned=False, extra=()):
    """[Counter by symbol] for each call of one run of the probe."""
    return [collections.Counter(symbol for _, _, symbol in call)
            for call in traces(qemu, probe, calls, length, verify, unaligned, extra)]


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("qemu")
    parser.add_argument("probe")
    parser.add_argument("lengths", nargs="+", type=int)
    parser.add_argument("--verify", action="store_true")
    parser.add_argument("--unaligned", action="store_true")
    parser.add_argument("--calls", type=int, default=3)
    parser.add_argument("--symbols", action="store_true")
    parser.add_argument("--args", default="", help="more words for the probe (speed/bench_arm64.c: -w WHO)")
    args = parser.parse_args()
    for length in args.lengths:
        calls = executed(args.qemu, args.probe, args.calls, length, args.verify, args.unaligned, args.args.split())
        totals = [sum(c.values()) for c in calls]
        if len(set(totals)) != 1:
            sys.exit("count.py: calls at length %d differ in instruction count: %s" % (length, totals))
        print("%d %d" % (length, totals[0]))
        if args.symbols:
            for symbol, n in sorted(calls[-1].items(), key=lambda x: -x[1]):
                print("  %-40s %d" % (symbol, n))


if __name__ == "__main__":
    main()
