#!/usr/bin/env python3
"""Exact dynamic instruction counts of one implementation under qemu-user.

  count.py QEMU PROBE LEN... [--verify] [--unaligned] [--calls K] [--symbols]

PROBE is a speed probe (build/<target>/impl/<name>/speed). For each length it
runs "PROBE calls K LEN" under QEMU with -d in_asm,exec,nochain: the log lists
each translated block's instructions once and each executed block every time
it runs, so the sum over executed blocks is the exact number of guest
instructions. The probe calls count_mark() before each call and after the
last; what runs between two marks, outside main and the marker, is one call.
All K calls must cost the same. Prints "LEN instructions" per length;
--symbols adds a split by function.
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


def traces(qemu, probe, calls, length, verify, unaligned=False):
    """[[(pc, instruction text, symbol) in execution order] for each call] of
    one run of the probe (speed/model.py simulates them on CPU models)."""
    with tempfile.TemporaryDirectory() as tmp:
        log = os.path.join(tmp, "qemu.log")
        # same environment and no address randomization: start-up must cost the same in both runs
        command = ["env", "-i", "setarch", os.uname().machine, "-R"] + qemu.split() + \
            ["-d", "in_asm,exec,nochain", "-D", log, probe, "calls", str(calls), str(length)]
        if verify:
            command.append("-v")
        if unaligned:
            command.append("-u")
        result = subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        if result.returncode != 0:
            sys.exit("count.py: %s failed: %s" % (" ".join(command), result.stderr.strip()))
        blocks = {}        # block start pc -> [(pc, text)] of its latest translation, and its symbol
        segments = []      # the instructions run between two marks: one call
        block = block_symbol = None
        with open(log, errors="replace") as f:
            for line in f:
                if line.startswith("IN:"):
                    block_symbol = line[3:].strip() or "?"
                    block = None
                    continue
                m = INSN.match(line)
                if m and block_symbol is not None:
                    pc = int(m.group(1), 16)
                    if block is None:
                        block = []
                        blocks[pc] = (block, block_symbol)
                    block.append((pc, line[m.end():].split("!")[0].strip()))
                    continue
                m = TRACE.match(line)
                if m:
                    block_symbol = None
                    pc = int(m.group(1), 16)
                    if pc not in blocks:
                        sys.exit("count.py: executed block at 0x%x was never translated in the log" % pc)
                    insns, symbol = blocks[pc]
                    if symbol == "count_mark":
                        segments.append([])
                    elif segments and symbol != "main":
                        segments[-1].extend((a, text, symbol) for a, text in insns)
        if len(segments) != calls + 1:
            sys.exit("count.py: expected %d marks, saw %d (is count_mark in the probe?)" % (calls + 1, len(segments)))
        return segments[:-1]


def executed(qemu, probe, calls, length, verify, unaligned=False):
    """[Counter by symbol] for each call of one run of the probe."""
    return [collections.Counter(symbol for _, _, symbol in call)
            for call in traces(qemu, probe, calls, length, verify, unaligned)]


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("qemu")
    parser.add_argument("probe")
    parser.add_argument("lengths", nargs="+", type=int)
    parser.add_argument("--verify", action="store_true")
    parser.add_argument("--unaligned", action="store_true")
    parser.add_argument("--calls", type=int, default=3)
    parser.add_argument("--symbols", action="store_true")
    args = parser.parse_args()
    for length in args.lengths:
        calls = executed(args.qemu, args.probe, args.calls, length, args.verify, args.unaligned)
        totals = [sum(c.values()) for c in calls]
        if len(set(totals)) != 1:
            sys.exit("count.py: calls at length %d differ in instruction count: %s" % (length, totals))
        print("%d %d" % (length, totals[0]))
        if args.symbols:
            for symbol, n in sorted(calls[-1].items(), key=lambda x: -x[1]):
                print("  %-40s %d" % (symbol, n))


if __name__ == "__main__":
    main()
