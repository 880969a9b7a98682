#!/usr/bin/env python3
# SPDX-License-Identifier: CC0-1.0
"""Model cycles of main loops on real cores, from LLVM's scheduling models.

  mca.py [--cpus CPU,CPU...] [--triple TRIPLE] [--iterations N] [--show] NAME=OBJECT:FUNCTION:PATTERN:BYTES...
  mca.py --target T [--show]

With --target (make speed for a target with an 'mca' line: its CPU models):
the loops each implementation building for T lists in its 'loops' file
("NAME OBJECT FUNCTION PATTERN BYTES": OBJECT is the source's object in its
build, e.g. neon for neon.c), built by mk/impl.mk, beside the peers' loops
the target file's 'peerloops' line names ("ARCHIVE:MEMBER:FUNCTION:PATTERN:
BYTES:NAME" words: objects taken with ar from the static libraries of the
Debian packages tools/fetch-peers unpacks); then, per implementation loop
and CPU, the ratio of its cycles per byte to the fastest peer loop's. The
target file's 'mcatriple' (several: the first the assembler takes),
'mcaattr' (-mattr for llvm-objdump and llvm-mca), 'mcaobjdump' (more
llvm-objdump flags) and 'mcabranch' (the mnemonics of its branches to a
label, a regular expression) name the architecture.

For each loop: disassemble FUNCTION of OBJECT (an object, archive member or
program: llvm-objdump), find its backward branches, and take the innermost
loop (the shortest branch-to-target range) holding an instruction whose
mnemonic matches PATTERN (a regular expression: umulh for a scalar
Poly1305 loop, umlal for a NEON one); its instructions, the closing branch
to a label, go to llvm-mca for each CPU model, N iterations (default 300);
a model whose CPU lacks one of the loop's instructions (llvm-mca: an
unsupported instruction; POWER10's vsrq on pwr9) shows "cannot run".
BYTES is the message bytes one iteration takes. The target file's
'mcatarget RATIO IMPL/LOOP:CPU,CPU...' names the loops (each on the models of
the CPUs that run it) whose cycles per byte must be at most RATIO of the
fastest peer loop's: one line each, met or MISSED. Prints, per loop, its
instruction count and, per CPU, cycles per iteration and per byte; --show
prints each loop's instructions. Without --target: AArch64 objects and
LLVM 14's cortex-a72, cortex-a55 and apple-a13 models. A target whose
llvm-objdump leaves vector instructions undecoded for older CPUs names the
newest in 'mcaobjdump' (--mcpu=...). The models are indicative, not a
measurement: compare loops on one model.
"""
import argparse
import os
import re
import subprocess
import sys

from tools import buildlock
from tools import describe
from speed import peers as peers_bench


LINE = re.compile(r"^\s*([0-9a-f]+):\s+(?:[0-9a-f]{8}\s+)?(\S+)\s*(.*)$")
SYMBOL = re.compile(r"^[0-9a-f]+ <([^>]*)>:$")
# conditional and unconditional branches to a label, where the target file has no 'mcabranch':
# AArch64's (b.ne, cbz, tbz), 32-bit ARM's (bne, beq.w) and RISC-V's (bnez, bltu, j)
DEFAULT_BRANCH = r"^(b\.\w+|b(eq|ne|cs|cc|hs|lo|mi|pl|vs|vc|hi|ls|ge|lt|gt|le)?(\.[wn])?|cbn?z|tbn?z" \
                 r"|beqz|bnez|blez|bgez|bltz|bgtz|bltu|bgeu|bgtu|bleu|j)$"
BRANCH = re.compile(DEFAULT_BRANCH)
# llvm-objdump's extra flags (the target file's 'mcaobjdump')
OBJDUMP = []


def configure(target):
    """Take a target's branch mnemonics ('mcabranch') and llvm-objdump flags ('mcaobjdump')."""
    global BRANCH, OBJDUMP
    BRANCH = re.compile(branch_pattern(target))
    OBJDUMP = target.get("mcaobjdump", "").split()


def branch_pattern(target):
    """The regular expression of a target's branch mnemonics: its 'mcabranch', else the default."""
    return target.get("mcabranch") or DEFAULT_BRANCH


def disassemble(path, function, attrs=""):
    """[(address, mnemonic, operands)] of one function: from its symbol to the next symbol
    that is not a local label (.L*, $a, $t, $d: some objects keep them)."""
    command = ["llvm-objdump", "-d", "--no-show-raw-insn"] + (["--mattr=" + attrs] if attrs else []) + \
        OBJDUMP + [path]
    result = subprocess.run(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    if result.returncode != 0:
        sys.exit("mca.py: llvm-objdump %s: %s" % (path, result.stderr.strip()))
    out, inside = [], False
    for line in result.stdout.splitlines():
        header = SYMBOL.match(line.strip())
        if header:
            name = header.group(1)
            if name == function:
                inside = True
            elif not name.startswith((".", "$")):
                inside = False
            continue
        m = LINE.match(line)
        if inside and m:
            operands = re.split(r"//|@", m.group(3))[0].strip()
            out.append((int(m.group(1), 16), m.group(2), operands))
    if not out:
        sys.exit("mca.py: no instructions for %s in %s" % (function, path))
    return out


def target_of(operands):
    """The address a branch's last operand names (objdump: '1f0 <sym+0x..>'), or None."""
    m = re.search(r"(?:^|,\s*)(?:#)?(?:0x)?([0-9a-f]+)(?:\s+<[^>]*>)?$", operands)
    return int(m.group(1), 16) if m else None


def find_loop(code, pattern):
    """The loop's instructions: the innermost loop (the shortest body, from a backward
    branch's target to the branch) holding an instruction that matches pattern."""
    want = re.compile(pattern)
    best = None
    for i, (address, mnemonic, operands) in enumerate(code):
        if not BRANCH.match(mnemonic):
            continue
        target = target_of(operands)
        if target is None or target > address:
            continue
        body = [c for c in code if target <= c[0] <= address]
        hits = sum(1 for c in body if want.match(c[1]))
        if hits and (best is None or len(body) < len(best[1])):
            best = (hits, body)
    if not best:
        sys.exit("mca.py: no loop holding %r" % pattern)
    return best[1]


def as_assembly(body):
    """The loop as llvm-mca input: its branch back goes to a label."""
    lines = ["loop:"]
    start = body[0][0]
    for address, mnemonic, operands in body:
        if BRANCH.match(mnemonic) and target_of(operands) == start:
            operands = re.sub(r"(?:#)?(?:0x)?[0-9a-f]+(?:\s+<[^>]*>)?$", "loop", operands)
        elif BRANCH.match(mnemonic):
            operands = re.sub(r"(?:#)?(?:0x)?[0-9a-f]+(?:\s+<[^>]*>)?$", "out", operands)
        lines.append("\t%s %s" % (mnemonic, operands))
    lines.append("out:")
    return "\n".join(lines) + "\n"


def cycles(assembly, cpu, iterations, triples=("aarch64",), attrs=""):
    """Model cycles per iteration; the first triple whose assembler takes the loop is used
    (32-bit ARM: ARM state, then Thumb-2)."""
    errors = []
    for triple in triples:
        command = ["llvm-mca", "-mtriple=" + triple, "-mcpu=" + cpu, "-iterations=%d" % iterations] + \
            (["-mattr=" + attrs] if attrs else [])
        result = subprocess.run(command, input=assembly, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        m = re.search(r"^Total Cycles:\s+(\d+)", result.stdout, re.M)
        if result.returncode == 0 and m:
            return int(m.group(1)) / iterations
        errors.append("%s: %s" % (triple, result.stderr.strip()[-300:]))
    if all("unsupported instruction" in e for e in errors):
        return None   # the model's CPU lacks one of the loop's instructions: the loop cannot run there
    sys.exit("mca.py: llvm-mca -mcpu=%s failed: %s" % (cpu, " | ".join(errors)))


def run(command, what):
    return peers_bench.sh(command, what, "mca.py")


def target_loops(name):
    """(ours, peers): [(label, object, function, pattern, bytes)] for a target."""
    target = describe.read_target(name)
    ours, peers = [], []
    for impl in describe.streams(name):
        specs = impl.lines("loops")
        if not specs:
            continue
        with buildlock.held(os.path.join(describe.TOP, "build"), name, "mca.py"):   # the selector's directory too
            run(["make", "-s", "-f", os.path.join(describe.TOP, "mk", "impl.mk"), "TARGET=" + name, "IMPL=" + impl.name,
                 "all"], "building poly1305aes_" + impl.name)
        for spec in specs:
            label, obj, function, pattern, size = spec.split()
            ours.append(("%s %s" % (impl.name, label),
                         os.path.join(describe.TOP, "build", name, "impl", impl.name, "obj", obj + ".o"),
                         function, pattern, int(size)))
    if target.get("peerloops"):
        top, triplet = peers_bench.fetched(target, "mca.py")
        objects = os.path.join(describe.TOP, "build", name, "peer-objects")
        os.makedirs(objects, exist_ok=True)
        for word in target["peerloops"].split():
            archive, member, function, pattern, size, label = word.split(":")
            run(["sh", "-c", 'cd "$1" && "$2" x "$3" "$4"', "sh", objects, target["ar"],
                 os.path.join(top, "usr", "lib", triplet, archive), member], "extracting %s from %s" % (member, archive))
            peers.append((label, os.path.join(objects, member), function, pattern, int(size)))
    return ours, peers


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cpus", default="cortex-a72,cortex-a55,apple-a13")
    parser.add_argument("--iterations", type=int, default=300)
    parser.add_argument("--show", action="store_true")
    parser.add_argument("--target")
    parser.add_argument("--triple", default="aarch64")
    parser.add_argument("loops", nargs="*", metavar="NAME=OBJECT:FUNCTION:PATTERN:BYTES")
    args = parser.parse_args()
    cpus = args.cpus.split(",")
    loops, peers = [], []
    for spec in args.loops:
        name, _, rest = spec.partition("=")
        path, function, pattern, size = rest.rsplit(":", 3)
        loops.append((name, path, function, pattern, int(size)))
    triples, attrs = (args.triple,), ""
    if args.target:
        target = describe.read_target(args.target)
        cpus = target.get("mca", "").split() or sys.exit("mca.py: targets/%s/target names no CPU models ('mca')" % args.target)
        triples = tuple(target.get("mcatriple", "").split()) or \
            sys.exit("mca.py: targets/%s/target names no triple ('mcatriple')" % args.target)
        attrs = target.get("mcaattr", "")
        configure(target)
        loops, peers = target_loops(args.target)
    if not loops:
        sys.exit(__doc__)
    print("# llvm-mca (%s) model cycles of each main loop, %d iterations; per iteration (per byte)"
          % (subprocess.run(["llvm-mca", "--version"], stdout=subprocess.PIPE, text=True).stdout.split("version")[1].split()[0],
             args.iterations))
    print("%-34s %5s %6s  " % ("loop", "bytes", "instrs") + "  ".join("%17s" % c for c in cpus))
    per_byte = {}
    for name, path, function, pattern, size in loops + peers:
        body = find_loop(disassemble(path, function, attrs), pattern)
        assembly = as_assembly(body)
        if args.show:
            print("## %s (%s in %s)\n%s" % (name, function, path, assembly))
        cells = []
        for cpu in cpus:
            c = cycles(assembly, cpu, args.iterations, triples, attrs)
            if c is None:
                cells.append("%17s" % "- (cannot run)")
                continue
            per_byte[(name, cpu)] = c / size
            cells.append("%17s" % ("%.1f (%.3f)" % (c, c / size)))
        print("%-34s %5s %6d  " % (name, size, len(body)) + "  ".join(cells))
    if peers:
        print("# per byte, against the fastest peer loop on each model")
        for name, _, _, _, _ in loops:
            print("%-34s %5s %6s  " % (name + " / fastest peer", "", "") + "  ".join(
                "%17.3f" % (per_byte[(name, cpu)] / min(per_byte[(p[0], cpu)] for p in peers)) if (name, cpu) in per_byte
                else "%17s" % "-" for cpu in cpus))
        if args.target:
            check_targets(describe.read_target(args.target).get("mcatarget", "").split(), args.target, cpus, per_byte,
                          [p[0] for p in peers])


def check_targets(words, name, cpus, per_byte, peers):
    """The target file's 'mcatarget RATIO IMPL/LOOP:CPU,CPU...': one line per loop and model, its
    cycles per byte over the fastest peer loop's there, met when at most RATIO."""
    if not words:
        return
    try:
        bound = float(words[0])
        wanted = [(w.split(":")[0].replace("/", " "), w.split(":")[1].split(",")) for w in words[1:]]
    except (ValueError, IndexError):
        sys.exit("mca.py: targets/%s/target: mcatarget is not RATIO IMPL/LOOP:CPU,CPU..." % name)
    for loop, models in wanted:
        for cpu in models:
            if (loop, cpu) not in per_byte:
                sys.exit("mca.py: targets/%s/target: mcatarget names loop %r on %s, which was not modelled" % (name, loop, cpu))
            ratio = per_byte[(loop, cpu)] / min(per_byte[(p, cpu)] for p in peers)
            print("# target: %s on %s at most %.3f of the fastest peer loop per byte: %.3f: %s"
                  % (loop, cpu, bound, ratio, "met" if ratio <= bound else "MISSED"))


if __name__ == "__main__":
    main()
