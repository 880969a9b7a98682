#!/usr/bin/env python3
# SPDX-License-Identifier: CC0-1.0
"""Where a code path starts to pay, on llvm-mca's models of real cores: the
model cycles of whole calls, from their dynamic instruction streams.

  crossover.py --target T --impl NAME [--cpus CPU,...] PATH=DEFINES... LEN...

For each variant PATH=DEFINES (the implementation built with extra -D
definitions, e.g. neon="-DVECTOR_FROM=0 -DHYBRID_FROM=-1", into its own
build directory) and each length, the speed probe makes one call under the
target's qemu; its executed instructions (qemu's log, speed/count.py), in
order, become one straight-line block that llvm-mca runs once on each CPU
model: branches cost what an instruction costs and are always predicted,
caches always hit. Prints model cycles per call, a column per variant, a
table per CPU. Assumes AArch64 (llvm-mca -mtriple=aarch64). It is how the
thresholds in poly1305aes_arm64/dispatch.c and neon.c were chosen.
"""
import argparse
import os
import re
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "tools"))
sys.path.insert(0, HERE)
import describe  # noqa: E402
import count  # noqa: E402

BRANCH = re.compile(r"^(b|bl|b\.\w+|cbn?z|tbn?z)\s")


def build(target, impl, variant, defines):
    root = os.path.join(describe.TOP, "build", "crossover", variant)
    command = ["make", "-s", "-f", os.path.join(describe.TOP, "mk", "impl.mk"), "TARGET=" + target, "IMPL=" + impl,
               "BUILDROOT=" + root, "IMPL_CFLAGS=" + describe.find(impl).cflags(target) + " " + defines,
               os.path.join(root, target, "impl", impl, "speed")]
    result = subprocess.run(command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    if result.returncode != 0:
        sys.exit("crossover.py: building %s failed:\n%s" % (variant, result.stdout[-2000:]))
    return os.path.join(root, target, "impl", impl, "speed")


def model_cycles(stream, cpu):
    lines = []
    for text in stream:
        if BRANCH.match(text):
            text = re.sub(r"#?0x[0-9a-f]+$", "next", text)
        lines.append("\t" + text)
    assembly = "\n".join(lines) + "\nnext:\n"
    result = subprocess.run(["llvm-mca", "-mtriple=aarch64", "-mcpu=" + cpu, "-iterations=1"], input=assembly,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    m = re.search(r"^Total Cycles:\s+(\d+)", result.stdout, re.M)
    if not m:
        sys.exit("crossover.py: llvm-mca -mcpu=%s failed: %s" % (cpu, result.stderr[-1000:]))
    return int(m.group(1))


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--target", required=True)
    parser.add_argument("--impl", required=True)
    parser.add_argument("--cpus", default="cortex-a72,cortex-a55,apple-a13")
    parser.add_argument("items", nargs="+")
    args = parser.parse_args()
    qemu = describe.read_target(args.target)["run"]
    variants = [i.split("=", 1) for i in args.items if "=" in i]
    lengths = [int(i) for i in args.items if "=" not in i]
    probes = [(name, build(args.target, args.impl, name, defines)) for name, defines in variants]
    streams = {}
    for name, probe in probes:
        for n in lengths:
            call = count.traces(qemu, probe, 1, n, False)[0]
            streams[(name, n)] = [text.split(None, 1)[1] for _, text, _ in call]   # less the encoding
    for cpu in args.cpus.split(","):
        print("# %s: model cycles per call (llvm-mca, the call's executed instructions as one block)" % cpu)
        print("%6s " % "length" + " ".join("%10s" % name for name, _ in variants))
        for n in lengths:
            print("%6d " % n + " ".join("%10d" % model_cycles(streams[(name, n)], cpu) for name, _ in variants))


if __name__ == "__main__":
    main()
