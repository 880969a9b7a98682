#!/usr/bin/env python3
# SPDX-License-Identifier: CC0-1.0
"""Speed tables for every implementation that fits a target (make speed).

  speed.py [--target T] [--runs R] [--quick]

Natively (a target without a 'run' line here): each candidate's probe (speed/probe.c) times
authenticate and verify, aligned and unaligned, with keys and data in cache
and flushed, at every length 0..256 then in steps to 8192: median ticks of
the target's cycle counter (its name heads each table). Under an emulator
(the target file's 'run') time means nothing, so it reports
exact instruction counts per message from qemu's log (speed/count.py) at
selected lengths, aligned and unaligned, authenticate and verify; where the
target file names CPU models ('mca'), the model
cycles of the main loops beside the peers' (speed/mca.py). Writes build/<T>/speed/speed.csv,
speed.txt (the tables printed here) and speed.png (ticks or instructions
against length, every candidate; matplotlib, installed if missing).
"""
import argparse
import csv
import io
import os
import subprocess
import sys

from tools import buildlock
from tools import describe
from tools import pipemodel
from speed import count
from speed import crossover
from speed.plot import pyplot


# the CPU models of tools/pipemodel.py a target file names ('pipemodel'), which turn each
# traced call into model cycles beside its exact instruction count
MODELS = {
    "ultrasparc": (pipemodel.SparcDecoder, pipemodel.ULTRASPARC),
    "mpc74xx": (pipemodel.PpcDecoder, pipemodel.MPC74XX),
}


def model_cycles(target, trace, probe):
    """{model name: cycles} for one call's trace: the models of tools/pipemodel.py the target
    file names ('pipemodel'), or llvm-mca's of its CPUs ('mca') where its file says how to
    read a traced call ('mcastream': speed/crossover.py); {} for a target with neither (its
    main loops alone may be modelled: speed/mca.py)"""
    described = describe.read_target(target)
    mca = described.get("mca", "").split()
    if mca and described.get("mcastream"):
        stream = crossover.stream_of(trace, probe, described)
        cycles = {cpu: crossover.model_cycles(stream, cpu, described, strict=False) for cpu in mca}
        return {cpu: c for cpu, c in cycles.items() if c is not None}   # a CPU that lacks an instruction: none
    kind = described.get("pipemodel")
    if kind not in MODELS:
        if kind:
            sys.exit("speed: targets/%s/target: pipemodel %r is none of %s" % (target, kind, " ".join(MODELS)))
        return {}
    decoder, cpus = MODELS[kind]
    insns = pipemodel.decode_trace(trace, decoder())
    if kind == "ultrasparc":
        breaks = pipemodel.taken_breaks([ins.pc for ins in insns])
        return {cpu["name"]: pipemodel.simulate_ultrasparc(insns, cpu, breaks=breaks)[1] for cpu in cpus.values()}
    return {cpu["name"]: pipemodel.simulate_mpc74xx(insns, cpu)[1] for cpu in cpus.values()}

SUMMARY_LENGTHS = [0, 16, 64, 256, 1024, 8192]
COUNT_LENGTHS = [0, 1, 8, 15, 16, 17, 32, 64, 128, 256, 512, 1024, 2048, 4096, 8192]


def build(target, impl):
    args = ["make", "-s", "-f", os.path.join(describe.TOP, "mk", "impl.mk"), "TARGET=" + target["name"],
            "IMPL=" + impl.name, "all"]
    # build/<T>/impl is the selector's too: build under its lock (tools/buildlock.py)
    with buildlock.held(os.path.join(describe.TOP, "build"), target["name"], "speed"):
        result = subprocess.run(args, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    if result.returncode != 0:
        sys.exit("speed: building %s failed:\n%s" % (impl.name, result.stdout[-2000:]))
    return os.path.join(describe.TOP, "build", target["name"], "impl", impl.name, "speed")


def native_rows(target, impl, probe, runs, quick):
    command = [probe, "table", "-r", str(runs)]
    if quick:
        command = [probe, "ticks", "-r", str(runs)] + [str(n) for n in SUMMARY_LENGTHS]
    result = subprocess.run(command, stdout=subprocess.PIPE, text=True)
    if result.returncode != 0:
        sys.exit("speed: %s failed" % " ".join(command))
    lines = result.stdout.splitlines()
    header = lines[0]
    rows = []
    if quick:
        for line in lines[1:]:
            length, ticks = line.split()
            rows.append(dict(implementation="poly1305aes_" + impl.name, target=target["name"], op="authenticate",
                             alignment="aligned", cache="cached", length=int(length), value=float(ticks)))
    else:
        for record in csv.DictReader(io.StringIO("\n".join(lines[1:]))):
            record["length"] = int(record["length"])
            record["value"] = float(record.pop("median_ticks"))
            rows.append(record)
    return header, rows


def emulated_rows(target, impl, probe, quick):
    """exact instruction counts of every call; for authenticate, aligned, also
    the model cycles of the same call (rows with op 'model:<cpu>')"""
    rows = []
    lengths = SUMMARY_LENGTHS if quick else COUNT_LENGTHS
    for op in ("authenticate", "verify"):
        for alignment in ("aligned", "unaligned"):
            if op == "authenticate" and alignment == "aligned":
                for n in sorted(set(lengths) | {1024, 2048}):
                    trace = count.traces(target["run"], probe, 1, n, False)[0]
                    base = dict(implementation="poly1305aes_" + impl.name, target=target["name"],
                                alignment=alignment, cache="-", length=n)
                    if n in lengths:
                        rows.append(dict(base, op=op, value=float(len(trace))))
                    for cpu, cycles in model_cycles(target["name"], trace, probe).items():
                        rows.append(dict(base, op="model:" + cpu, value=float(cycles)))
                continue
            command = describe.module("speed.count") + [target["run"], probe] + \
                [str(n) for n in lengths] + (["--verify"] if op == "verify" else []) + \
                (["--unaligned"] if alignment == "unaligned" else [])
            result = subprocess.run(command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                                    cwd=describe.TOP)
            if result.returncode != 0:
                sys.exit("speed: %s" % result.stdout)
            for line in result.stdout.splitlines():
                length, number = line.split()
                rows.append(dict(implementation="poly1305aes_" + impl.name, target=target["name"], op=op,
                                 alignment=alignment, cache="-", length=int(length), value=float(number)))
            if quick:
                return rows
    return rows


def model_table(rows, impls, lengths):
    """model cycles per call and per block (authenticate, aligned) beside exact instructions"""
    index = {(r["implementation"], r["op"], r["length"]): r["value"] for r in rows if r["alignment"] == "aligned"}
    cpus = sorted({r["op"][6:] for r in rows if r["op"].startswith("model:")})
    out = ["model cycles (tools/pipemodel.py) per call, authenticate, aligned; exact instructions beside them"]
    out.append("  %8s  " % "bytes" + "  ".join("%-40s" % ("poly1305aes_" + i.name) for i in impls))
    out.append("  %8s  " % "" + "  ".join("%-40s" % "  ".join(["%9s" % "instr"] + ["%14s" % c[:14] for c in cpus])
                                         for _ in impls))
    for n in lengths:
        cells = []
        for impl in impls:
            name = "poly1305aes_" + impl.name
            instr = index.get((name, "authenticate", n))
            cells.append("%-40s" % "  ".join(["%9s" % ("-" if instr is None else "%.0f" % instr)] +
                                              ["%14s" % ("%.0f" % index[(name, "model:" + c, n)]
                                                         if (name, "model:" + c, n) in index else "-") for c in cpus]))
        out.append("  %8d  " % n + "  ".join(cells))
    out.append("  per 16-byte block (2048 - 1024 bytes, / 64):")
    for impl in impls:
        name = "poly1305aes_" + impl.name
        parts = []
        for c in cpus:
            a, b = index.get((name, "model:" + c, 2048)), index.get((name, "model:" + c, 1024))
            if a is not None and b is not None:
                parts.append("%s %.1f" % (c, (a - b) / 64))
        out.append("    %-24s %s" % (name, ", ".join(parts)))
    return "\n".join(out)


def table(rows, impls, unit, lengths, per_byte=False):
    """Text table: lengths down, implementations across (authenticate, aligned, cached)."""
    pick = {}
    for r in rows:
        if r["op"] == "authenticate" and r["alignment"] == "aligned" and r["cache"] in ("cached", "-"):
            pick[(r["implementation"], r["length"])] = r["value"]
    names = ["poly1305aes_" + i.name for i in impls]
    out = ["%s per message (authenticate, aligned%s)%s" % (unit, ", cached" if unit != "instructions" else "",
                                                          "; per byte in brackets" if per_byte else "")]
    out.append("  %8s  " % "bytes" + "  ".join("%22s" % n for n in names))
    for n in lengths:
        cells = []
        for name in names:
            v = pick.get((name, n))
            if v is None:
                cells.append("%22s" % "-")
            elif per_byte and n >= 16:
                cells.append("%22s" % ("%.0f (%.2f)" % (v, v / n)))
            else:
                cells.append("%22.0f" % v)
        out.append("  %8d  " % n + "  ".join(cells))
    return "\n".join(out)


def variants_table(rows, impls, unit):
    """How verify, misalignment and a cold cache change the cost, at a few lengths."""
    out = ["%s at 16, 1024 and 8192 bytes by operation, alignment and cache" % unit]
    index = {(r["implementation"], r["op"], r["alignment"], r["cache"], r["length"]): r["value"] for r in rows}
    combos = sorted({(r["op"], r["alignment"], r["cache"]) for r in rows if not r["op"].startswith("model:")})
    for impl in impls:
        name = "poly1305aes_" + impl.name
        out.append("  " + name)
        for combo in combos:
            cells = [index.get((name,) + combo + (n,)) for n in (16, 1024, 8192)]
            out.append("    %-12s %-9s %-7s " % combo + "  ".join("%10s" % ("-" if c is None else "%.0f" % c)
                                                                 for c in cells))
    return "\n".join(out)


def plot(rows, impls, unit, path, title):
    plt = pyplot()
    figure, axes = plt.subplots(1, 2, figsize=(13, 5))
    for impl in impls:
        name = "poly1305aes_" + impl.name
        points = sorted((r["length"], r["value"]) for r in rows if r["implementation"] == name
                        and r["op"] == "authenticate" and r["alignment"] == "aligned" and r["cache"] in ("cached", "-"))
        if not points:
            continue
        axes[0].plot([p[0] for p in points], [p[1] for p in points], label=name)
        long_points = [p for p in points if p[0] >= 64]
        axes[1].plot([p[0] for p in long_points], [p[1] / p[0] for p in long_points], label=name)
    axes[0].set_xlabel("message length (bytes)")
    axes[0].set_ylabel(unit + " per message")
    axes[1].set_xlabel("message length (bytes)")
    axes[1].set_ylabel(unit + " per byte")
    axes[1].set_xscale("log", base=2)
    for a in axes:
        a.grid(True, alpha=0.3)
        a.legend()
    figure.suptitle(title)
    figure.tight_layout()
    figure.savefig(path, dpi=100)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--target")
    parser.add_argument("--runs", type=int, default=31)
    parser.add_argument("--quick", action="store_true", help="summary lengths only")
    args = parser.parse_args()
    if not args.target:
        args.target = describe.host_target() or sys.exit("speed: this machine matches no target; give TARGET=")
    target = describe.read_target(args.target)
    impls = describe.streams(target["name"])
    if not impls:
        sys.exit("speed: no implementation lists target %s" % target["name"])
    outdir = os.path.join(describe.TOP, "build", target["name"], "speed")
    os.makedirs(outdir, exist_ok=True)
    emulated = bool(target.get("run"))
    unit = "instructions (exact, %s)" % target["run"] if emulated else "ticks"
    rows, headers = [], []
    for impl in impls:
        probe = build(target, impl)
        print("measuring poly1305aes_%s on %s ..." % (impl.name, target["name"]), flush=True)
        if emulated:
            headers.append("# poly1305aes_%s on %s: exact instructions per call under %s"
                           % (impl.name, target["name"], target["run"]))
            rows += emulated_rows(target, impl, probe, args.quick)
        else:
            header, new = native_rows(target, impl, probe, args.runs, args.quick)
            headers.append(header)
            rows += new
    with open(os.path.join(outdir, "speed.csv"), "w", newline="") as f:
        writer = csv.writer(f)
        # emulated: op "model:<cpu>" rows hold model cycles, the others exact instructions
        writer.writerow(["implementation", "target", "op", "alignment", "cache", "length",
                         "instructions_or_model_cycles" if emulated else "median_ticks"])
        for r in rows:
            writer.writerow([r["implementation"], r["target"], r["op"], r["alignment"], r["cache"], r["length"], r["value"]])
    lengths = SUMMARY_LENGTHS if (args.quick or not emulated) else COUNT_LENGTHS
    text = "\n".join(headers) + "\n\n" + table(rows, impls, unit.split(" (")[0], lengths, per_byte=True)
    if emulated and target.get("pipemodel"):
        text += "\n\n" + model_table(rows, impls, lengths)
    if not args.quick:
        text += "\n\n" + variants_table(rows, impls, unit.split(" (")[0])
    if target.get("mca"):   # model cycles of the main loops on real cores (speed/mca.py)
        result = subprocess.run(describe.module("speed.mca") + ["--target", target["name"]],
                                stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, cwd=describe.TOP)
        if result.returncode != 0:
            sys.exit("speed: %s" % result.stdout)
        text += "\n\n" + result.stdout.rstrip()
    with open(os.path.join(outdir, "speed.txt"), "w") as f:
        f.write(text + "\n")
    print(text)
    plot(rows, impls, unit.split(" (")[0], os.path.join(outdir, "speed.png"),
         "poly1305aes on %s: %s" % (target["name"], headers[0].split(": ", 1)[1] if not emulated else unit))
    print("\nwrote %s/speed.csv, speed.txt, speed.png" % outdir)


if __name__ == "__main__":
    main()
