#!/usr/bin/env python3
# SPDX-License-Identifier: CC0-1.0
"""The vector-state check of an x86 implementation: deterministic, from the
instructions each call runs (no timing).

  vexcheck.py TARGET IMPL [VARIANT]

Builds test/vexcheck.c against the implementation (mk/impl.mk; VARIANT
clang builds it with clang), disassembles the program (objdump), and on
every code path this CPU runs, traces every instruction of clamp,
authenticate at lengths across every threshold, and of every other entry
point that takes a secret (test/ctcalls.c: verify, onetimeauth and its
verify, the streaming calls, the many-message calls on a batch of ragged
lengths, key_expand and the expanded-key calls) at a length below every
threshold and the many-message code's lanes bound (x86/many_aes.h's
SHORT_MAX) and at one above every vector threshold (ptrace single steps: the
implementation's code and the C library's it calls). The tracer runs the
calls of some functions through at full speed, untraced (run_through()):
an inert one (nothing in it, or in what it may call, that the rules below
see) always, a narrow one (legacy SSE at most, nothing that cleans or
dirties) only behind clean upper halves, where it can neither fail nor
change them. Each entry point starts as a caller may leave it on a CPU
with AVX: the upper halves of ymm/zmm0-15 possibly dirty. Then, instruction by instruction:
  vzeroupper or vzeroall         clean
  a VEX or EVEX instruction on ymm0-15 or zmm0-15 (it may dirty them)
                                 dirty, by the call itself
  a legacy-SSE-encoded instruction on an xmm register while not clean
                                 FAIL: Intel cores run it slowly behind a
                                 dirty caller (VEX-encode it, or clear first)
and at its return to the caller (each of the streaming calls apart), dirty
by the call itself: FAIL (the caller's SSE code would pay). ymm16-31 and
zmm16-31 (EVEX only) are outside the upper halves that slow legacy SSE
(vzeroupper leaves them; the C library's own string functions keep them in
use): not tracked. On a CPU without AVX nothing can be dirty and SSE is
the only encoding: the calls are traced and counted, and pass. A path this CPU cannot run is a NOTE. Exit 1 on any FAIL.
"""
import functools
import os
import re
import subprocess
import sys

from tools import describe


HARNESS = ("vex_calls", "vex_mark", "ct_calls")   # the caller's code between the entry points (test/vexcheck.c, test/ctcalls.c)
PREFIXES = {"rep", "repz", "repnz", "repe", "repne", "lock", "notrack", "bnd", "data16", "addr32",
            "cs", "ds", "es", "ss", "fs", "gs", "{vex}", "{vex3}", "{evex}"}
LOW = re.compile(r"%[yz]mm([0-9]+)\b")


@functools.lru_cache(maxsize=None)
def kind(text):
    """'clean', 'wide' (VEX/EVEX on ymm/zmm0-15), 'sse' (legacy SSE on xmm) or None"""
    words = text.split()
    while words and words[0] in PREFIXES:
        words = words[1:]
    if not words:
        return None
    mnemonic = words[0]
    if mnemonic in ("vzeroupper", "vzeroall"):
        return "clean"
    if mnemonic.startswith("v"):
        return "wide" if any(int(i) < 16 for i in LOW.findall(text)) else None
    return "sse" if "%xmm" in text else None


def disassemble(program):
    """(address -> (function, instruction text) for every instruction of the program,
    [(address, function)] for every function's first, in address order)"""
    listing = subprocess.run(["objdump", "-d", "-w", "--no-show-raw-insn", program], stdout=subprocess.PIPE,
                             text=True, check=True).stdout
    code, starts, function = {}, [], "?"
    for line in listing.splitlines():
        head = re.match(r"^([0-9a-f]+) <(.*)>:$", line)
        if head:
            function = head.group(2)
            starts.append((int(head.group(1), 16), function))
            continue
        insn = re.match(r"^\s+([0-9a-f]+):\s+(.*)$", line)
        if insn:
            code[int(insn.group(1), 16)] = (function, insn.group(2).split("#")[0].strip())
    return code, starts


BRANCH = re.compile(r"^(j[a-z]+|call[a-z]*|loop[a-z]*|xbegin)\s+([0-9a-f]+)\b")
OPAQUE = ("xsave", "xrstor", "fxsave", "fxrstor", "ljmp", "lcall")   # vector state saved or restored, far branches


def run_through(code, starts):
    """(inert, narrow): the first addresses of the functions whose calls the tracer may run at
    full speed. A candidate runs no indirect or far branch and no instruction that saves or
    restores vector state, and branches only to candidates of its class (itself included). An
    inert one runs only instructions the rules above ignore: running it changes nothing the
    rules see. A narrow one runs those and legacy SSE, nothing that cleans or dirties: behind
    clean upper halves, running it can neither fail nor change them (the tracer runs it
    through only then; walk() checks that). A function is its symbol's instructions up to
    the next symbol; none runs on past its last into the next (compilers end each in a
    return, a jump or a call that does not return). The test's own (HARNESS) are left out:
    the tracer stops at them"""
    ends = [a for a, _ in starts[1:]] + [max(code) + 1]
    owner = {a: start for (start, _), end in zip(starts, ends) for a in range(start, end) if a in code}
    branches, kinds = {}, {}   # a candidate's first address -> the functions it branches to; its kinds
    for (start, name), end in zip(starts, ends):
        targets, found = set(), set()
        for a in range(start, end):
            if a not in code or targets is None:
                continue
            words = code[a][1].split()
            while words and words[0] in PREFIXES:
                words = words[1:]
            text = " ".join(words)
            branch = BRANCH.match(text)
            if words and (words[0].startswith(OPAQUE) or "*" in text):
                targets = None
            elif branch:
                target = owner.get(int(branch.group(2), 16))
                targets = None if target is None else targets | {target}
            found.add(kind(code[a][1]))
        if targets is not None and name.split(".")[0] not in HARNESS:
            branches[start], kinds[start] = targets, found

    def closed(allowed):
        sound = {f for f in branches if kinds[f] <= allowed}
        while True:
            bad = {f for f in sound if not branches[f] <= sound}
            if not bad:
                return sound
            sound -= bad
    inert = closed({None})
    return sorted(inert), sorted(closed({None, "sse"}) - inert)


def walk(calls, avx):
    """the rules above over calls: [(name, [(function, text) or None, ...]), ...], None where
    the caller's code ran between two entry points; the problems, each instruction once, at
    its first call"""
    problems, seen = [], set()
    for call, instructions in calls:
        clean, own, dirtied_by, entry = not avx, False, None, None
        for step in instructions + [None]:
            if step is None:   # back in the caller: the entry point returns
                if own and ("left", dirtied_by) not in seen:
                    seen.add(("left", dirtied_by))
                    problems.append("%s: %s returns with the upper halves dirty (its last ymm/zmm instruction: "
                                    "%s; no vzeroupper after it)" % (call, entry, dirtied_by))
                clean, own, dirtied_by, entry = not avx, False, None, None
                continue
            function, text = step
            entry = entry or function
            if text is None:   # a narrow function's call, run through: only behind clean upper halves
                if not clean:
                    problems.append("%s: the tracer ran %s through while the upper halves may be dirty"
                                    % (call, function))
                continue
            k = kind(text)
            if k == "clean":
                clean, own = True, False
            elif k == "wide":
                clean, own, dirtied_by = False, True, "%s: %s" % (function, text)
            elif k == "sse" and not clean and (function, text) not in seen:
                seen.add((function, text))
                problems.append("%s: legacy-SSE %r in %s (called by %s) runs while the upper halves may be dirty "
                                "(%s)" % (call, text, function, entry,
                                          "dirtied by " + dirtied_by if own else "the caller's"))
    return problems


def selftest():
    """the rules on made-up calls: each defect must be found, each sound call pass"""
    f = "f"
    cases = [
        ("legacy SSE first", [(f, "pxor   %xmm0,%xmm0")], 1),
        ("legacy SSE after vzeroupper", [(f, "vzeroupper"), (f, "aesenc %xmm1,%xmm0")], 0),
        ("VEX-128 only", [(f, "vpxor  %xmm0,%xmm0,%xmm0"), (f, "vaesenc %xmm1,%xmm0,%xmm0")], 0),
        ("ymm left dirty", [(f, "vpcmpeqd %ymm0,%ymm0,%ymm0")], 1),
        ("zmm then vzeroupper", [(f, "vpternlogd $0xff,%zmm1,%zmm1,%zmm1"), (f, "vzeroupper")], 0),
        ("zmm16-31 only", [(f, "vpxord %zmm16,%zmm16,%zmm16")], 0),
        ("legacy SSE after own ymm", [(f, "vmovdqu %ymm0,(%rax)"), (f, "movups %xmm0,(%rax)")], 2),
        ("legacy SSE in a libc copy", [(f, "rep stos %al,%es:(%rdi)"), (f, "rep movsb"), (f, "movdqu (%rsi),%xmm0")], 1),
        ("ymm left dirty, the next call clears", [(f, "vmovdqu %ymm0,(%rax)"), None, (f, "vzeroupper")], 1),
        ("legacy SSE in the next call", [(f, "vzeroupper"), None, (f, "pxor   %xmm0,%xmm0")], 1),
        ("a narrow call run through behind dirty", [(f, "vmovdqu %ymm0,(%rax)"), (f, None)], 2),
        ("a narrow call run through behind clean", [(f, "vzeroupper"), (f, None)], 0),
    ]
    bad = [name for name, instructions, want in cases if len(walk([(name, instructions)], True)) != want]
    bad += ["no AVX: " + name for name, instructions, want in cases[:1] if walk([(name, instructions)], False)]
    # run_through: a made-up program of functions 0x10 apart: (name, [instructions], its class)
    functions = [
        ("leaf", ["mov    %rdi,%rax", "ret"], "inert"),
        ("calls_leaf", ["call   10 <leaf>", "jne    21 <calls_leaf+0x1>", "ret"], "inert"),
        ("sse", ["movdqu (%rsi),%xmm0", "ret"], "narrow"),
        ("calls_sse", ["call   30 <sse>", "ret"], "narrow"),
        ("calls_calls_sse", ["jmp    40 <calls_sse>"], "narrow"),
        ("indirect", ["call   *%rax", "ret"], None),
        ("vzeroupper", ["vzeroupper", "ret"], None),
        ("ymm", ["vpxor  %ymm0,%ymm0,%ymm0", "ret"], None),
        ("calls_ymm", ["call   80 <ymm>", "ret"], None),
        ("vex128", ["vaesenc %xmm1,%xmm0,%xmm0", "ret"], "inert"),
        ("xrstor", ["xrstor (%rsp)", "ret"], None),
        ("outside", ["call   900 <nowhere>", "ret"], None),
        ("vex_mark", ["ret"], None),
    ]
    code, starts = {}, []
    for i, (name, texts, _) in enumerate(functions):
        starts.append((0x10 * (i + 1), name))
        code.update({0x10 * (i + 1) + j: (name, text) for j, text in enumerate(texts)})
    inert, narrow = run_through(code, starts)
    got = {a: "inert" for a in inert}
    got.update({a: "narrow" for a in narrow})
    bad += ["run_through: " + name for i, (name, _, want) in enumerate(functions) if got.get(0x10 * (i + 1)) != want]
    return bad


def check_path(program, path, code, table):
    """trace one path, given the tracer's table (its standard input: tracer_table's); returns
    (calls, instructions traced, problems)"""
    run = subprocess.run([program, "trace", path], input=table, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                         text=True)
    if run.returncode != 0:
        return 0, 0, ["the trace failed: %s" % run.stderr.strip()[-300:]]
    calls, steps, avx, current = [], 0, False, None
    for line in run.stdout.splitlines():
        if line.startswith("cpu avx "):
            avx = line.endswith("yes")
        elif line.startswith("call "):
            current = (line[5:], [])
        elif line == "end":
            calls.append(current)
        elif line.startswith("run "):
            current[1].append((code.get(int(line[4:], 16), ("?", "?"))[0], None))
        elif not line.startswith("done "):
            function, text = code.get(int(line, 16), ("?", "?"))
            if function.split(".")[0] not in HARNESS:
                current[1].append((function, text))
                steps += 1
            elif current[1] and current[1][-1] is not None:
                current[1].append(None)
    return len(calls), steps, walk(calls, avx)


def tracer_table(code, starts):
    """the tracer's standard input, a line each: "inert A", "narrow A" (run_through's), "clean A"
    and "wide A" (the instructions at A that clean and dirty), "caller A B" (the test's own
    code, from A up to B)"""
    inert, narrow = run_through(code, starts)
    lines = ["inert %x" % a for a in inert] + ["narrow %x" % a for a in narrow]
    lines += ["%s %x" % (kind(text), a) for a, (_, text) in sorted(code.items()) if kind(text) in ("clean", "wide")]
    ends = [a for a, _ in starts[1:]] + [max(code) + 1]
    lines += ["caller %x %x" % (start, end) for (start, name), end in zip(starts, ends)
              if name.split(".")[0] in HARNESS]
    return "\n".join(lines) + "\n"


def main():
    if len(sys.argv) not in (3, 4):
        sys.exit(__doc__)
    target, name = sys.argv[1], sys.argv[2]
    variant = sys.argv[3] if len(sys.argv) == 4 else ""
    if describe.read_target(target).get("run"):
        sys.exit("vexcheck: %s runs under an emulator; the check steps through the real CPU" % target)
    root = os.path.join(describe.TOP, "build", "vexcheck")
    build = os.path.join(root, target + ("-" + variant if variant else ""), "impl", name)
    program = os.path.join(build, "vexcheck")
    made = subprocess.run(["make", "-s", "-f", os.path.join(describe.TOP, "mk", "impl.mk"), "TARGET=" + target,
                           "IMPL=" + name, "VARIANT=" + variant, "BUILDROOT=" + root, program],
                          stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    if made.returncode != 0:
        sys.exit("vexcheck: the build failed:\n" + made.stdout[-2000:])
    with open(program, "rb") as f:
        head = f.read(18)
    if head[:4] != b"\x7fELF" or int.from_bytes(head[16:18], "little") != 2:
        sys.exit("vexcheck: %s is not a fixed-address (ET_EXEC) link: its addresses would not be objdump's" % program)
    bad = selftest()
    if bad:
        sys.exit("FAIL vexcheck: its rules miss made-up cases: " + "; ".join(bad))
    code, starts = disassemble(program)
    table = tracer_table(code, starts)
    listing = subprocess.run([program, "paths"], stdout=subprocess.PIPE, text=True, check=True).stdout.splitlines()
    avx = listing[0] == "cpu avx yes"
    failed, checked = False, []
    compiler = variant or "gcc"
    for entry in listing[1:]:
        path, state = entry.split(" ", 1)
        if state != "runs":
            print("NOTE vexcheck %s (%s): path %s: this CPU cannot run it, so it is not checked here"
                  % (name, compiler, path))
            continue
        calls, steps, problems = check_path(program, path, code, table)
        if problems or not calls:
            failed = True
            print("FAIL vexcheck %s (%s) path %s: %d problems in %d calls" % (name, compiler, path, len(problems), calls))
            for p in problems[:10]:
                print("  " + p)
        else:
            checked.append(path)
            print("ok vexcheck %s (%s) path %s: %d calls, %d instructions traced: no legacy SSE behind possibly dirty "
                  "upper halves, none left dirty" % (name, compiler, path, calls, steps))
    if not checked and not failed:
        print("FAIL vexcheck %s: no path runs on this CPU" % name)
        failed = True
    print("%s vexcheck %s (%s)%s" % ("FAIL" if failed else "PASS", name, compiler,
                                      "" if avx else ": this CPU has no AVX: no upper state to be dirty"))
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
