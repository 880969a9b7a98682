#!/usr/bin/env python3
# SPDX-License-Identifier: CC0-1.0
"""The vector-state check of an x86 implementation: deterministic, from the
instructions each call runs (no timing).

  vexcheck.py TARGET IMPL [VARIANT]

Builds test/vexcheck.c against the implementation (mk/impl.mk; VARIANT
clang builds it with clang), disassembles the program (objdump), and on
every code path this CPU runs, traces every instruction of clamp,
authenticate and verify at lengths across every threshold (ptrace single
steps: the implementation's code and the C library's it calls). Each call
starts as a caller may leave it on a CPU with AVX: the upper halves of
ymm/zmm0-15 possibly dirty. Then, instruction by instruction:
  vzeroupper or vzeroall         clean
  a VEX or EVEX instruction on ymm0-15 or zmm0-15 (it may dirty them)
                                 dirty, by the call itself
  a legacy-SSE-encoded instruction on an xmm register while not clean
                                 FAIL: Intel cores run it slowly behind a
                                 dirty caller (VEX-encode it, or clear first)
and at the return, dirty by the call itself: FAIL (the caller's SSE code
would pay). ymm16-31 and zmm16-31 (EVEX only) are outside the upper
halves that slow legacy SSE (vzeroupper leaves them; the C library's own
string functions keep them in use): not tracked. On a CPU without AVX
nothing can be dirty and SSE is the only encoding: the calls are traced and
counted, and pass. A path this CPU cannot run is a NOTE. Exit 1 on any FAIL.
"""
import os
import re
import subprocess
import sys

from tools import describe


HARNESS = ("vex_call", "vex_begin")   # test/vexcheck.c's own code inside the window
PREFIXES = {"rep", "repz", "repnz", "repe", "repne", "lock", "notrack", "bnd", "data16", "addr32",
            "cs", "ds", "es", "ss", "fs", "gs", "{vex}", "{vex3}", "{evex}"}
LOW = re.compile(r"%[yz]mm([0-9]+)\b")


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
    """address -> (function, instruction text) for every instruction of the program"""
    listing = subprocess.run(["objdump", "-d", "-w", "--no-show-raw-insn", program], stdout=subprocess.PIPE,
                             text=True, check=True).stdout
    code, function = {}, "?"
    for line in listing.splitlines():
        head = re.match(r"^([0-9a-f]+) <(.*)>:$", line)
        if head:
            function = head.group(2)
            continue
        insn = re.match(r"^\s+([0-9a-f]+):\s+(.*)$", line)
        if insn:
            code[int(insn.group(1), 16)] = (function, insn.group(2).split("#")[0].strip())
    return code


def walk(calls, avx):
    """the rules above over calls: [(name, [(function, text), ...]), ...];
    the problems, each instruction once, at its first call"""
    problems, seen = [], set()
    for call, instructions in calls:
        clean, own, dirtied_by = not avx, False, None
        for function, text in instructions:
            k = kind(text)
            if k == "clean":
                clean, own = True, False
            elif k == "wide":
                clean, own, dirtied_by = False, True, "%s: %s" % (function, text)
            elif k == "sse" and not clean and (function, text) not in seen:
                seen.add((function, text))
                problems.append("%s: legacy-SSE %r in %s runs while the upper halves may be dirty (%s)"
                                % (call, text, function, "dirtied by " + dirtied_by if own else "the caller's"))
        if own and ("left", dirtied_by) not in seen:
            seen.add(("left", dirtied_by))
            problems.append("%s: returns with the upper halves dirty (its last ymm/zmm instruction: %s; no "
                            "vzeroupper after it)" % (call, dirtied_by))
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
    ]
    bad = [name for name, instructions, want in cases if len(walk([(name, instructions)], True)) != want]
    bad += ["no AVX: " + name for name, instructions, want in cases[:1] if walk([(name, instructions)], False)]
    return bad


def check_path(program, path, code):
    """trace one path; returns (calls, instructions, problems)"""
    run = subprocess.run([program, "trace", path], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
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
        elif not line.startswith("done "):
            function, text = code.get(int(line, 16), ("?", "?"))
            if function.split("+")[0] not in HARNESS:
                current[1].append((function, text))
                steps += 1
    return len(calls), steps, walk(calls, avx)


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
    code = disassemble(program)
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
        calls, steps, problems = check_path(program, path, code)
        if problems or not calls:
            failed = True
            print("FAIL vexcheck %s (%s) path %s: %d problems in %d calls" % (name, compiler, path, len(problems), calls))
            for p in problems[:10]:
                print("  " + p)
        else:
            checked.append(path)
            print("ok vexcheck %s (%s) path %s: %d calls, %d instructions: no legacy SSE behind possibly dirty "
                  "upper halves, none left dirty" % (name, compiler, path, calls, steps))
    if not checked and not failed:
        print("FAIL vexcheck %s: no path runs on this CPU" % name)
        failed = True
    print("%s vexcheck %s (%s)%s" % ("FAIL" if failed else "PASS", name, compiler,
                                      "" if avx else ": this CPU has no AVX: no upper state to be dirty"))
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
