#!/usr/bin/env python3
# SPDX-License-Identifier: CC0-1.0
"""Constant-time verdicts for one implementation, path by path, from qemu-user's
execution of it (a TCG plugin): on an emulated target under its 'run'
emulator, on a native one under its 'trace' emulator (whose CPU runs what
valgrind's cannot; tools/selector.py runs both checks there).

  tracecheck.py IMPLDIR TRACE_PROGRAM TARGET [AES]

AES: the build's AES=, as for tools/ctcheck.py.

TRACE_PROGRAM is test/trace.c built against the implementation for TARGET
(whose 'run' line, else its 'trace' line, names its qemu). The plugin
test/traceplugin.c (built here for the host, into build/tools/) records,
between calls of trace_mark(), a digest of every guest instruction address
executed and of every guest memory address accessed. Each call (every entry
point that takes a secret, as the program lists them: 'trace calls'; at
lengths across every threshold) runs with four sets of secrets (all zero,
all 0xff, two pseudo-random): 'poly' varies r, the messages and the tags;
'aes' varies k and n. A branch on a secret shows as a different instruction
trace, a memory index as a different address trace. First 'trace selftest'
must show both (a branch and a table read on a secret). Then, for every path
the emulated CPU runs: 'poly' must give one instruction trace and one
address trace per call; 'aes' must too, except for what the implementation's
'sidechannel' file declares for the path (constbranch no / constindex no),
which must then be seen. Registers and timing inside an instruction (a
multiplier's data-dependent latency) are out of reach: the trace is the
instruction stream and its addresses. Prints one line a path, "PATH:
verdict", and exits non-zero when a claim is contradicted or a sidechannel
line names a path the implementation lacks.
"""
import os
import subprocess
import sys
import tempfile

from tools import describe
from tools import ctcheck


SEEDS = [0, 1, 2, 3]
LENGTHS = [0, 1, 15, 16, 17, 31, 32, 33, 63, 64, 65, 127, 128, 129, 255, 256, 257, 383, 384, 385, 511,
           512, 513, 1000, 1024, 2048, 3072, 4096]


def plugin():
    """The plugin, built for the host when its source is newer than the build (each process
    into a file of its own, then renamed: selections side by side may build it at once)."""
    source = os.path.join(describe.TOP, "test", "traceplugin.c")
    built = os.path.join(describe.TOP, "build", "tools", "traceplugin.so")
    if not os.path.exists(built) or os.path.getmtime(built) < os.path.getmtime(source):
        os.makedirs(os.path.dirname(built), exist_ok=True)
        temporary = "%s.%d.tmp" % (built, os.getpid())
        command = ["gcc", "-std=c99", "-O2", "-Wall", "-Wextra", "-Werror", "-shared", "-fPIC",
                   "-fvisibility=hidden", source, "-o", temporary]
        result = subprocess.run(command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        if result.returncode != 0:
            sys.exit("tracecheck: building the plugin failed:\n" + result.stdout)
        os.replace(temporary, built)
    return built


def plugin_lines(qemu, program, args, options, who):
    """The lines the plugin writes in one run of program with args under qemu (its command
    words), given the plugin's options ("name=value"; out= is added). The same environment and
    no address randomization in every run: the stack is where it was the last time, and start-up
    costs the same. A failed run exits with who's name and the run's last output."""
    with tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, "plugin")
        option = ",".join([plugin()] + options + ["out=" + out])
        command = ["env", "-i", "setarch", os.uname().machine, "-R"] + qemu + ["-plugin", option, program] + args
        result = subprocess.run(command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        if result.returncode != 0:
            sys.exit("%s: %s failed:\n%s" % (who, " ".join(command), result.stdout[-2000:]))
        with open(out) as f:
            return f.read().splitlines()


def run(qemu, program, args, dump=None):
    """[(insns, insn digest, mems, mem digest)] per segment between marks (and the dump text)."""
    first = subprocess.run(qemu + [program, "paths"], stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    if first.returncode != 0 or not first.stdout.startswith("mark "):
        sys.exit("tracecheck: %s paths failed:\n%s" % (program, first.stdout[-2000:]))
    options = ["mark=" + first.stdout.split()[1]] + (["dump=%d" % dump] if dump is not None else [])
    lines = plugin_lines(qemu, program, args, options, "tracecheck")
    segments = [tuple(line.split()[1:]) for line in lines if len(line.split()) == 5]
    dumped = [line for line in lines if line[:2] in ("i ", "m ")]
    return segments[:-1], dumped   # the last runs from the final mark to the exit


def emulator(target):
    """The command words of the qemu that traces target's programs: its 'run' line, or on its own
    host, where programs run natively, its 'trace' line; [] for neither."""
    return (target.get("run") or target.get("trace", "")).split()


def paths(qemu, program):
    result = subprocess.run(qemu + [program, "paths"], stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    return [(line.split()[0], line.split(None, 1)[1] == "runs") for line in result.stdout.splitlines()[1:] if line.strip()]


def first_difference(qemu, program, args_of, seeds, segment):
    """Where two seeds' traces of one segment part: 'instruction ADDRESS' or 'access by ADDRESS'."""
    a = run(qemu, program, args_of(seeds[0]), dump=segment)[1]
    b = run(qemu, program, args_of(seeds[1]), dump=segment)[1]
    for x, y in zip(a, b):
        if x != y:
            kind, *rest = x.split()
            return ("after instruction %s" % rest[0]) if kind == "i" else ("at the access by instruction %s" % rest[1])
    return "at the end of the shorter trace"


class Where:
    """Where a segment's traces differ: the segment and seeds, and, found by two more runs
    only when the text is wanted (a verdict names the first leak of a kind), the address."""
    def __init__(self, segment_name, qemu, program, args_of, seeds, segment):
        self.parts = (segment_name, qemu, program, args_of, seeds, segment)
        self.text = None

    def __str__(self):
        if self.text is None:
            segment_name, qemu, program, args_of, seeds, segment = self.parts
            self.text = "%s (seeds %d and %d: %s)" % (segment_name, seeds[0], seeds[1],
                                                     first_difference(qemu, program, args_of, seeds, segment))
        return self.text


cache = {}   # (program, arguments of the first seed) -> the traces of every seed


def compare(qemu, program, args_of, names, every=1, first=0):
    """For each segment (each every-th: the others set up the next call's secrets):
    (instructions differ, addresses differ, how) over the seeds."""
    key = (program, tuple(args_of(SEEDS[0])))
    if key not in cache:
        cache[key] = {seed: run(qemu, program, args_of(seed))[0] for seed in SEEDS}
    traces = cache[key]
    count = len(traces[SEEDS[0]])
    if any(len(t) != count for t in traces.values()):
        sys.exit("tracecheck: the number of marks depends on the secrets (%s)" % {s: len(t) for s, t in traces.items()})
    out = []
    for segment in range(first, count, every):
        insns = {(t[segment][0], t[segment][1]) for t in traces.values()}
        mems = {(t[segment][2], t[segment][3]) for t in traces.values()}
        where = ""
        if len(insns) > 1 or len(mems) > 1:
            differing = [s for s in SEEDS if traces[s][segment] != traces[SEEDS[0]][segment]]
            where = Where(names(segment), qemu, program, args_of, [SEEDS[0], differing[0]], segment)
        out.append((len(insns) > 1, len(mems) > 1, where))
    return out


def calls(qemu, program):
    """The names of the calls the program makes at each length, in order."""
    result = subprocess.run(qemu + [program, "calls"], stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    names = result.stdout.splitlines()[1:]
    if result.returncode != 0 or not names:
        sys.exit("tracecheck: %s calls failed:\n%s" % (program, result.stdout[-2000:]))
    return names


def check_path(impl, qemu, program, path, names):
    """(problems, verdict) for one path whose program makes the calls names at each length."""
    found = {}
    every = len(names) + 1   # the segments of a length: its calls, then the next length's set-up
    for mode in ("poly", "aes"):
        results = []
        for call in range(len(names)):
            name = lambda segment, call=call: "%s at length %d" % (names[call], LENGTHS[segment // every])
            results += compare(qemu, program, lambda seed, mode=mode: [mode, path, str(seed)] + [str(n) for n in LENGTHS],
                               name, every, call)
        found[mode] = {"branch": [w for b, _, w in results if b], "index": [w for b, m, w in results if m and not b]}
    traces = {"branch": "changes the instruction trace", "index": "changes the address trace"}
    problems, verdict = ctcheck.judge(impl, path, found, lambda kind: traces[kind])
    return problems, verdict + " (qemu trace)"


def main():
    if len(sys.argv) not in (4, 5):
        sys.exit(__doc__)
    impl = describe.Implementation(sys.argv[1], aes=sys.argv[4] if len(sys.argv) == 5 else "ct")
    program = sys.argv[2]
    qemu = emulator(describe.read_target(sys.argv[3]))
    if not qemu:
        sys.exit("tracecheck: target %s runs natively and names no 'trace' emulator; its check is tools/ctcheck.py"
                 % sys.argv[3])
    problems = []
    have = paths(qemu, program)
    for claimed in impl.claimed_paths():
        if claimed not in [name for name, _ in have]:
            problems.append("sidechannel makes a claim for path %r, which %s does not have (its paths: %s)"
                            % (claimed, impl.name, " ".join(name for name, _ in have)))
    selftest = compare(qemu, program, lambda seed: ["selftest", str(seed)], lambda s: ["branch", "index"][s])
    if len(selftest) != 2 or not selftest[0][0] or selftest[1][0] or not selftest[1][1]:
        problems.append("self-test: the trace did not catch the deliberate leaks exactly "
                        "(branch seen %s, index seen %s)" % (selftest[0][0] if selftest else None,
                                                             selftest[1][1] if len(selftest) > 1 else None))
    lines = []
    names = calls(qemu, program)
    for name, runs in have:
        if not runs:
            lines.append("%s: not checked (the emulated CPU cannot run it)" % name)
            continue
        path_problems, verdict = check_path(impl, qemu, program, name, names)
        problems += ["path %s: %s" % (name, p) for p in path_problems]
        lines.append("%s: %s" % (name, "CONTRADICTED" if path_problems else verdict))
    ctcheck.finish("tracecheck", impl, lines, problems)


if __name__ == "__main__":
    main()
