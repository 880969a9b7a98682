#!/usr/bin/env python3
"""Estimate the cycles of authenticate.S's main loop on UltraSPARC II and III,
and list-schedule the block macro for them.

  schedule.py            print the estimates for the block as written
  schedule.py --emit     print a reordered block body (same instructions, same
                         registers) that the model runs faster

Model (in-order issue, as in the UltraSPARC II/III user manuals, simplified):
each cycle issues the next instructions in program order, at most 4, at most
one FP add-class (faddd, fsubd, fmovd), one FP multiply, one load; an
instruction waits until its sources are ready (FP add/multiply latency 3 on
UltraSPARC II, 4 on III; FP load latency 2 and 3), and nothing after it issues
before it does. Register names are fixed, so reordering keeps every
read-after-write, write-after-read and write-after-write order.
"""
import re
import sys

SOURCE = __file__.rsplit("/", 1)[0] + "/authenticate.S"
CPUS = {"UltraSPARC II": {"fp": 3, "load": 2}, "UltraSPARC III": {"fp": 4, "load": 3}}
HALF1 = dict(zip("x0 x1 x2 x3 y0 y1 y2 y3 o".split(),
                 "%f8 %f10 %f12 %f14 %f16 %f18 %f20 %f22 0".split()))
HALF2 = dict(zip("x0 x1 x2 x3 y0 y1 y2 y3 o".split(),
                 "%f16 %f18 %f20 %f22 %f8 %f10 %f12 %f14 16".split()))
DEFINES = {}


def block_lines():
    text = open(SOURCE).read()
    for name, value in re.findall(r"^#define (\w+) (%\w+)", text, re.M):
        DEFINES[name] = value
    body = text.split(".macro block", 1)[1].split(".endm", 1)[0].split("\n")[1:]
    out = []
    for line in body:
        code = re.sub(r"/\*.*?\*/", "", line).strip()
        if code:
            out.append((code, line))
    return out


def parse(code, regs):
    """(kind, sources, destinations) of one instruction, registers resolved"""
    op, _, rest = code.partition(" ")
    rest = re.sub(r"\\(\w+)", lambda m: regs[m.group(1)], rest)
    rest = re.sub(r"\b([A-Z]\w*)\b", lambda m: DEFINES.get(m.group(1), m.group(1)), rest)
    # a single-precision half (%f1) is part of its double (%f0)
    rest = re.sub(r"%f(\d+)", lambda m: "%%f%d" % (int(m.group(1)) & ~1), rest)
    operands = [o.strip() for o in re.split(r",(?![^\[]*\])", rest)]
    if op == "lda":
        addr = re.findall(r"%\w+", operands[0])
        return "load", addr, [operands[1]]
    kind = {"faddd": "fadd", "fsubd": "fadd", "fmovd": "fadd", "fmuld": "fmul"}[op]
    return kind, operands[:-1], [operands[-1]]


def simulate(instrs, cpu, repeat=8):
    """cycles per block in steady state; instrs = [(kind, srcs, dsts)] for two halves"""
    lat = {"fadd": cpu["fp"], "fmul": cpu["fp"], "load": cpu["load"]}
    ready = {}
    cycle = 0
    marks = []
    for _ in range(repeat):
        marks.append(cycle)
        i = 0
        while i < len(instrs):
            used = {"fadd": 0, "fmul": 0, "load": 0}
            issued = 0
            while i < len(instrs) and issued < 4:
                kind, srcs, dsts = instrs[i]
                if used[kind] or any(ready.get(r, 0) > cycle for r in srcs):
                    break
                used[kind] = 1
                for d in dsts:
                    ready[d] = cycle + lat[kind]
                issued += 1
                i += 1
            cycle += 1
    return (marks[-1] - marks[-3]) / 4        # two iterations of two blocks


def estimate(lines):
    two = [parse(c, HALF1) for c, _ in lines] + [parse(c, HALF2) for c, _ in lines]
    return {name: simulate(two, cpu) for name, cpu in CPUS.items()}


def reorder(lines, cpu, renamed=False):
    """greedy list schedule of one half under the model, keeping register
    orders (renamed: only true dependences, as with unlimited registers)"""
    ins = [parse(c, HALF1) for c, _ in lines]
    n = len(ins)
    preds = [set() for _ in range(n)]
    for j in range(n):
        for i in range(j):
            ki, si, di = ins[i]
            kj, sj, dj = ins[j]
            if set(di) & set(sj) or (not renamed and (set(si) & set(dj) or set(di) & set(dj))):
                preds[j].add(i)
    lat = {"fadd": cpu["fp"], "fmul": cpu["fp"], "load": cpu["load"]}
    height = [0] * n
    for i in reversed(range(n)):
        succ = [j for j in range(n) if i in preds[j]]
        height[i] = lat[ins[i][0]] + max((height[j] for j in succ), default=0)
    done, order, finish = set(), [], {}
    cycle = 0
    while len(order) < n:
        used = {"fadd": 0, "fmul": 0, "load": 0}
        issued = 0
        while issued < 4:
            cands = [j for j in range(n) if j not in done and preds[j] <= done
                     and not used[ins[j][0]]
                     and all(finish.get(i, 0) <= cycle for i in preds[j]
                             if set(ins[i][2]) & set(ins[j][1]))]
            if not cands:
                break
            j = max(cands, key=lambda j: (height[j], -j))
            used[ins[j][0]] = 1
            finish[j] = cycle + lat[ins[j][0]]
            done.add(j)
            order.append(j)
            issued += 1
        cycle += 1
    return [lines[j] for j in order]


def bound(lines, cpu, blocks=8):
    """cycles per block with unlimited registers: true dependences only (each
    source is the latest write before it in program order; x of a block is y
    of the block before), any issue order, the same issue limits"""
    ins = [parse(c, HALF1) for c, _ in lines]
    lat = {"fadd": cpu["fp"], "fmul": cpu["fp"], "load": cpu["load"]}
    carried = {HALF1["x%d" % k]: HALF1["y%d" % k] for k in range(4)}
    deps = []                      # per instruction: [(block offset, producer index)]
    last = {}
    for j, (kind, srcs, dsts) in enumerate(ins):
        d = []
        for r in srcs:
            if r in last:
                d.append((0, last[r]))
            elif r in carried:
                d.append((-1, max(i for i, x in enumerate(ins) if carried[r] in x[2])))
        deps.append(d)
        for r in dsts:
            last[r] = j
    done = {}                      # (block, index) -> cycle its result is ready
    cycle, marks = 0, []
    pending = [(b, j) for b in range(blocks) for j in range(len(ins))]
    starts = {}
    while pending:
        used = {"fadd": 0, "fmul": 0, "load": 0}
        issued = 0
        for item in list(pending):
            b, j = item
            kind = ins[j][0]
            if issued == 4 or used[kind]:
                continue
            if any((b + off, p) not in done or done[(b + off, p)] > cycle
                   for off, p in deps[j] if b + off >= 0):
                continue
            used[kind] = 1
            issued += 1
            pending.remove(item)
            done[item] = cycle + lat[kind]
            starts.setdefault(b, cycle)
        cycle += 1
    ends = [max(done[(b, j)] for j in range(len(ins))) for b in range(blocks)]
    return (ends[-1] - ends[-5]) / 4


def main():
    lines = block_lines()
    for name, cpu in CPUS.items():
        print("%-15s %5.1f cycles per block (model, unlimited registers, out-of-order bound)" % (name, bound(lines, cpu)))
    for name, cycles in estimate(lines).items():
        print("%-15s %5.1f cycles per block (model, block as written)" % (name, cycles))
    if "--emit" in sys.argv:
        best = min((reorder(lines, cpu) for cpu in CPUS.values()),
                   key=lambda ls: sum(estimate(ls).values()))
        for name, cycles in estimate(best).items():
            print("%-15s %5.1f cycles per block (model, reordered)" % (name, cycles), file=sys.stderr)
        for _, line in best:
            print(line)


if __name__ == "__main__":
    main()
