#!/usr/bin/env python3
# SPDX-License-Identifier: CC0-1.0
"""Exact dynamic instruction counts of one implementation under qemu-user.

  count.py QEMU PROBE LEN... [--verify] [--unaligned] [--calls K] [--symbols] [--args WORDS]

PROBE is a speed probe (build/<target>/impl/<name>/speed). For each length it
runs "PROBE calls K LEN" under QEMU. The probe calls count_mark() before each
call and after the last; what runs between two marks, outside main and the
marker, is one call. All K calls must cost the same. Prints "LEN
instructions" per length; --symbols adds a split by function; --args passes
more words to the probe.

The counts come from test/traceplugin.c, which adds up the instructions
qemu's translator decoded in each executed block, leaving out the blocks
that start in main or count_mark (their addresses read from PROBE's symbol
table). The split by function, and the instructions themselves, come from
qemu's log (-d in_asm,exec,nochain: each translated block's instructions
once, each executed block every time it runs, each block named by the symbol
holding its first address): the same blocks, and slower by far. The log's
text can show one instruction as two lines (a 32-bit Thumb-2 instruction
printed as a .byte line and a 16-bit one), which a count of its lines takes
twice; the plugin's count does not.
As a module: traces() and executed() for the probe's calls, marked() for
what follows each mark of any run (the log), marked_counts() for how many
instructions (the plugin).
"""
import argparse
import collections
import os
import re
import struct
import subprocess
import sys
import tempfile

from tools import tracecheck

TRACE = re.compile(r"^Trace \d+: 0x[0-9a-f]+ \[[0-9a-f]+/([0-9a-f]+)/")
INSN = re.compile(r"^0x([0-9a-f]+):\s")
MORE_BYTES = re.compile(r"^0x[0-9a-f]+:(\s+[0-9a-f]{2})+\s*$")   # the rest of a long x86 encoding


def executed_blocks(qemu, probe, words):
    """The blocks one run of the probe (arguments words) executes under qemu, in order:
    (symbol, [(pc, instruction text)]) for each, from qemu's log (in_asm: each translated
    block's instructions once; exec: each executed block every time it runs). The text is
    as qemu prints it: the encoding, then the instruction; an x86 encoding longer than eight
    bytes goes on over a second line, bytes alone, which is no instruction."""
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
                if m and symbol is not None and not MORE_BYTES.match(line):
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


def function_ranges(path, names):
    """{name: (start, end)} of the named function symbols in an ELF program's symbol table,
    as qemu reads them to name a block: STT_FUNC, [value, value + size), on 32-bit ARM
    the Thumb bit cleared."""
    with open(path, "rb") as f:
        elf = f.read()
    if elf[:4] != b"\x7fELF":
        sys.exit("count.py: %s is not an ELF program" % path)
    wide, order = elf[4] == 2, "<" if elf[5] == 1 else ">"
    kind, machine = struct.unpack_from(order + "HH", elf, 0x10)
    if kind != 2:   # ET_EXEC: a position-independent program runs elsewhere than its symbols say
        sys.exit("count.py: %s is position-independent; link it with -no-pie (mk/impl.mk's speed)" % path)
    shoff, = struct.unpack_from(order + ("Q" if wide else "I"), elf, 0x28 if wide else 0x20)
    shentsize, shnum = struct.unpack_from(order + "HH", elf, 0x3A if wide else 0x2E)
    section = order + ("IIQQQQIIQQ" if wide else "IIIIIIIIII")
    headers = [struct.unpack_from(section, elf, shoff + i * shentsize) for i in range(shnum)]
    found = {}
    for _, kind, _, _, offset, size, link, _, _, entsize in headers:
        if kind != 2:   # SHT_SYMTAB
            continue
        strings = headers[link][4]
        for at in range(offset, offset + size, entsize):
            if wide:
                name, info, _, shndx, value, length = struct.unpack_from(order + "IBBHQQ", elf, at)
            else:
                name, value, length, info, _, shndx = struct.unpack_from(order + "IIIBBH", elf, at)
            text = elf[strings + name:elf.index(b"\0", strings + name)].decode()
            if text in names and info & 15 == 2 and shndx != 0:   # STT_FUNC, defined
                start = value & ~1 if machine == 40 else value    # EM_ARM
                found[text] = (start, start + length)
    missing = [n for n in names if n not in found]
    if missing:
        sys.exit("count.py: %s has no function %s in its symbol table" % (path, ", ".join(missing)))
    return found


def marked_counts(qemu, probe, words):
    """[instructions] run after each call of count_mark (outside main and the marker), in one run
    of the probe with arguments words, the last to the program's exit: what marked() finds,
    counted by test/traceplugin.c."""
    ranges = function_ranges(probe, ["main", "count_mark"])
    options = ["mark=0x%x" % ranges["count_mark"][0], "mems=0"] + \
        ["skip=0x%x:0x%x" % ranges[n] for n in ("main", "count_mark")]
    lines = [line.split() for line in tracecheck.plugin_lines(qemu.split(), probe, words, options, "count.py")]
    counts = [int(fields[1]) for fields in lines if len(fields) == 5]
    marks = [int(fields[1]) for fields in lines if fields[0] == "marks"]
    if marks != [len(counts)]:
        sys.exit("count.py: the plugin kept %d segments of %s marks" % (len(counts), marks or "unknown"))
    return counts


def call_words(calls, length, verify, unaligned=False, extra=()):
    """The probe's arguments for calls calls at one length."""
    return ["calls", str(calls), str(length)] + (["-v"] if verify else []) + (["-u"] if unaligned else []) + list(extra)


def the_calls(segments, calls):
    """The first calls of a run's segments, which must be calls + 1 (the last runs to the exit)."""
    if len(segments) != calls + 1:
        sys.exit("count.py: expected %d marks, saw %d (is count_mark in the probe?)" % (calls + 1, len(segments)))
    return segments[:-1]


def traces(qemu, probe, calls, length, verify, unaligned=False, extra=()):
    """[[(pc, instruction text, symbol) in execution order] for each call] of
    one run of the probe (tools/pipemodel.py simulates them on CPU models); extra:
    more words for the probe (speed/bench_arm64.c: -w WHO)."""
    return the_calls(marked(qemu, probe, call_words(calls, length, verify, unaligned, extra)), calls)


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
        if args.symbols:
            calls = executed(args.qemu, args.probe, args.calls, length, args.verify, args.unaligned, args.args.split())
            totals = [sum(c.values()) for c in calls]
        else:
            totals = the_calls(marked_counts(args.qemu, args.probe, call_words(args.calls, length, args.verify,
                                                                              args.unaligned, args.args.split())),
                               args.calls)
        if len(set(totals)) != 1:
            sys.exit("count.py: calls at length %d differ in instruction count: %s" % (length, totals))
        print("%d %d" % (length, totals[0]))
        if args.symbols:
            for symbol, n in sorted(calls[-1].items(), key=lambda x: -x[1]):
                print("  %-40s %d" % (symbol, n))


if __name__ == "__main__":
    main()
