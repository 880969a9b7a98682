#!/usr/bin/env python3
"""Model cycles of main loops on real cores, from LLVM's scheduling models.

  mca.py [--cpus CPU,CPU...] [--iterations N] [--show] NAME=OBJECT:FUNCTION:PATTERN:BYTES...

For each loop: disassemble FUNCTION of OBJECT (an object, archive member or
program: llvm-objdump), find its backward branches, and take the innermost
loop (the shortest branch-to-target range) holding an instruction whose
mnemonic matches PATTERN (a regular expression: umulh for a scalar
Poly1305 loop, umlal for a NEON one); its instructions, the closing branch
to a label, go to llvm-mca for each CPU model, N iterations (default 300).
BYTES is the message bytes one iteration takes. Prints, per loop, its
instruction count and, per CPU, cycles per iteration and per byte; --show
prints each loop's instructions. Assumes AArch64 objects (llvm-mca
-mtriple=aarch64) and LLVM 14's models (cortex-a72, cortex-a55, apple-a13
by default). The models are indicative, not a measurement: compare loops on
one model.
"""
import argparse
import re
import subprocess
import sys

LINE = re.compile(r"^\s*([0-9a-f]+):\s+(?:[0-9a-f]{8}\s+)?(\S+)\s*(.*)$")
BRANCH = re.compile(r"^(b\.\w+|b|cbn?z|tbn?z)$")


def disassemble(path, function):
    """[(address, mnemonic, operands)] of one function."""
    result = subprocess.run(["llvm-objdump", "-d", "--no-show-raw-insn", "--disassemble-symbols=" + function, path],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    if result.returncode != 0:
        sys.exit("mca.py: llvm-objdump %s: %s" % (path, result.stderr.strip()))
    out = []
    for line in result.stdout.splitlines():
        m = LINE.match(line)
        if m and not line.rstrip().endswith(":"):
            operands = m.group(3).split("//")[0].strip()
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


def cycles(assembly, cpu, iterations):
    result = subprocess.run(["llvm-mca", "-mtriple=aarch64", "-mcpu=" + cpu, "-iterations=%d" % iterations],
                            input=assembly, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    m = re.search(r"^Total Cycles:\s+(\d+)", result.stdout, re.M)
    if result.returncode != 0 or not m:
        sys.exit("mca.py: llvm-mca -mcpu=%s failed: %s" % (cpu, result.stderr.strip()[-500:]))
    return int(m.group(1)) / iterations


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cpus", default="cortex-a72,cortex-a55,apple-a13")
    parser.add_argument("--iterations", type=int, default=300)
    parser.add_argument("--show", action="store_true")
    parser.add_argument("loops", nargs="+", metavar="NAME=OBJECT:FUNCTION:PATTERN:BYTES")
    args = parser.parse_args()
    cpus = args.cpus.split(",")
    print("# llvm-mca (%s) model cycles of each main loop, %d iterations; per iteration (per byte)"
          % (subprocess.run(["llvm-mca", "--version"], stdout=subprocess.PIPE, text=True).stdout.split("version")[1].split()[0],
             args.iterations))
    print("%-34s %5s %6s  " % ("loop", "bytes", "instrs") + "  ".join("%17s" % c for c in cpus))
    for spec in args.loops:
        name, _, rest = spec.partition("=")
        path, function, pattern, size = rest.rsplit(":", 3)
        body = find_loop(disassemble(path, function), pattern)
        assembly = as_assembly(body)
        if args.show:
            print("## %s (%s in %s)\n%s" % (name, function, path, assembly))
        cells = []
        for cpu in cpus:
            c = cycles(assembly, cpu, args.iterations)
            cells.append("%17s" % ("%.1f (%.3f)" % (c, c / int(size))))
        print("%-34s %5s %6d  " % (name, size, len(body)) + "  ".join(cells))


if __name__ == "__main__":
    main()
