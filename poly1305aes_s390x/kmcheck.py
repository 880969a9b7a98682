#!/usr/bin/env python3
# SPDX-License-Identifier: CC0-1.0
"""poly1305aes_s390x's CPACF code (km.S), checked where the suite runs.

  python3 -m poly1305aes_s390x.kmcheck

1. Builds the implementation's library with gcc (mk/impl.mk, in build/kmcheck/: its
   stack-probe build, the same code with each stack wipe only recorded, so that no
   program runs before the checks below) and assembles km.S with clang too (clang
   --target=, as the clang builds do).
2. The encoding, from the bytes in each km.o against the Principles of Operation:
   KM is B92E in RRE format (bits 0-15 the opcode, 16-23 zero, 24-27 R1, 28-31 R2),
   R1 and R2 even and not 0; in aes_km, GR0 = 18 (KM-AES-128, encrypt), GR1 the key's
   address (r3), the length 16 in R2 + 1, and a branch on condition code 3 back to the
   KM (partial completion); in km_aes128_reported, GR0 = 0 (the query) when KM runs,
   after STFLE (which leaves its count in GR0).
3. kmcheck.c, linked with km.S built by each compiler (with gcc, also with the
   library: which paths it chooses and lets a test force), run under the target's
   runner: the detection against the facility list and the query the program reads
   itself; where KM-AES-128 is reported, aes_km against FIPS-197 and the reference.
Prints NOTE lines (the KM code not run, and why) and FAIL lines; exit 1 on any FAIL.
"""
import os
import re
import subprocess
import sys

from tools import describe

TARGET = "s390x"
IMPL = "s390x"
HERE = os.path.dirname(os.path.abspath(__file__))

# the instructions the check reads, as bytes (big-endian, as objdump prints them)
LGHI_R0 = "a709"        # LGHI r0, imm16: RI-a, opcode a7 / 9, R1 = 0
LGHI_R5_16 = "a7590010"
LGR_R1_R3 = "b9040013"
STFLE = "b2b0"
BRC_CC3_BACK = re.compile(r"^a714[89a-f][0-9a-f]{3}$")   # BRC 1 (cc 3), a negative offset


def run(command, **kw):
    result = subprocess.run(command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, **kw)
    return result.returncode, result.stdout


def functions(obj):
    """{function: [(address, bytes as hex, objdump's text)]} of an object's .text."""
    code, out = run(["s390x-linux-gnu-objdump", "-d", obj])
    if code:
        raise SystemExit("FAIL objdump %s: %s" % (obj, out.strip()))
    found, name = {}, None
    for line in out.splitlines():
        head = re.match(r"^[0-9a-f]+ <([^>]+)>:$", line)
        if head:
            name = head.group(1)
            found[name] = []
            continue
        insn = re.match(r"^\s*([0-9a-f]+):\s+((?:[0-9a-f]{2} )+)\s*(.*)$", line)
        if insn and name:
            found[name].append((int(insn.group(1), 16), insn.group(2).replace(" ", ""), insn.group(3).strip()))
    return found


def rre_km(raw):
    """(R1, R2) of a KM in RRE format, or None when raw is not one."""
    if len(raw) != 8 or raw[:4] != "b92e":
        return None
    if raw[4:6] != "00":
        return "bits 16-23 not zero"
    return int(raw[6], 16), int(raw[7], 16)


def check_encoding(obj, label):
    """FAIL lines for km.S's two functions in obj."""
    fails = []
    found = functions(obj)
    for fn, gr0 in (("aes_km", 18), ("km_aes128_reported", 0)):
        insns = found.get("poly1305aes_s390x_" + fn)
        if not insns:
            fails.append("%s: no function %s in %s" % (label, fn, obj))
            continue
        kms = [i for i, (_, raw, _) in enumerate(insns) if raw.startswith("b92e")]
        if len(kms) != 1:
            fails.append("%s: %s has %d KM instructions, not 1" % (label, fn, len(kms)))
            continue
        at = kms[0]
        address, raw, text = insns[at]
        regs = rre_km(raw)
        print("%s: %s: %s  %s (R1 %s, R2 %s)" % (label, fn, raw, text,
                                                 *(regs if isinstance(regs, tuple) else ("?", "?"))))
        if not isinstance(regs, tuple):
            fails.append("%s: %s: KM %s is not RRE (%s)" % (label, fn, raw, regs))
            continue
        r1, r2 = regs
        if r1 == 0 or r1 % 2 or r2 == 0 or r2 % 2:
            fails.append("%s: %s: KM R1 %d, R2 %d: both must be even and not 0 (a specification exception)"
                         % (label, fn, r1, r2))
        # the last instruction before the KM that writes GR0 (a LGHI of r0, or STFLE's count)
        setter = None
        for _, before, _ in reversed(insns[:at]):
            if before.startswith(LGHI_R0) or before.startswith(STFLE):
                setter = before
                break
        if setter is None or not setter.startswith(LGHI_R0) or int(setter[4:], 16) != gr0:
            fails.append("%s: %s: GR0 at the KM is not %d (the last write to it: %s)" % (label, fn, gr0, setter))
        if fn == "aes_km":
            if r1 != 2 or r2 != 4:
                fails.append("%s: aes_km: KM's R1 %d, R2 %d: the output is in r2, the input in r4" % (label, r1, r2))
            before = [b for _, b, _ in insns[:at]]
            if LGR_R1_R3 not in before:
                fails.append("%s: aes_km: GR1 is not set to the key's address (lgr %%r1, %%r3)" % label)
            if LGHI_R5_16 not in before:
                fails.append("%s: aes_km: R2 + 1 (r5) is not set to the length 16" % label)
            after = insns[at + 1][1] if at + 1 < len(insns) else ""
            target = insns[at + 1][0] + (int(after[4:], 16) - 0x10000) * 2 if BRC_CC3_BACK.match(after) else None
            if target != address:
                fails.append("%s: aes_km: the KM is not followed by a branch on condition code 3 back to it" % label)
    return fails


def main():
    fails = []
    root = os.path.join(os.path.abspath(os.environ.get("BUILDROOT") or os.path.join(describe.TOP, "build")), "kmcheck")
    build = os.path.join(root, TARGET, "impl", IMPL)
    lib = os.path.join(build, "probe", "libpoly1305aes_%s.a" % IMPL)
    include = os.path.join(build, "include")
    code, out = run(["make", "-s", "-f", os.path.join(describe.TOP, "mk", "impl.mk"), "TARGET=" + TARGET,
                     "IMPL=" + IMPL, "BUILDROOT=" + root, lib, os.path.join(include, "poly1305aes_%s.h" % IMPL)],
                    cwd=describe.TOP)
    if code:
        print(out)
        print("FAIL the gcc build of poly1305aes_%s" % IMPL)
        return 1
    runner = describe.runner(TARGET)
    gcc = describe.read_target(TARGET)["cc"].split()
    cflags = describe.read_target(TARGET).get("cflags", "").split()
    clang = ["clang", "--target=s390x-linux-gnu"]
    flags = ["-std=c99", "-O2", "-Wall", "-Wextra", "-Werror", "-I" + os.path.join(describe.TOP, "aes")]
    asm_flags = ["-I" + os.path.join(describe.TOP, "common"), "-I" + HERE, "-I" + include,
                 "-DPOLY1305AES_IMPL=poly1305aes_" + IMPL, '-DPOLY1305AES_HEADER="poly1305aes_%s.h"' % IMPL]
    sources = [os.path.join(HERE, "kmcheck.c"), os.path.join(describe.TOP, "aes", "aes_ref.c")]
    objects = {"gcc": os.path.join(build, "obj", "km.o"), "clang": os.path.join(build, "km-clang.o")}
    code, out = run(clang + asm_flags + ["-c", os.path.join(HERE, "km.S"), "-o", objects["clang"]])
    compilers = ["gcc", "clang"]
    if code:
        print(out)
        fails.append("clang does not assemble km.S")
        compilers.remove("clang")
    programs = {
        # gcc: with the library (its km.o inside), which also answers for the choice of path
        "gcc": gcc + cflags + flags + ["-DKMCHECK_LIBRARY", "-I" + include] + sources + [lib],
        "clang": clang + flags + sources + [objects["clang"]],
    }
    absent = []
    for compiler in compilers:
        fails += check_encoding(objects[compiler], "km.S by %s" % compiler)
        program = os.path.join(build, "kmcheck-" + compiler)
        code, out = run(programs[compiler] + ["-static", "-o", program])
        if code:
            print(out)
            fails.append("kmcheck.c with km.S does not build and link with %s" % compiler)
            continue
        print("kmcheck.c and km.S built and linked with %s" % compiler)
        code, out = run(runner + [program])
        print("".join("  %s\n" % line for line in out.splitlines()), end="")
        if code or "\nPASS" not in "\n" + out:
            fails.append("kmcheck (%s) under %s: exit %d" % (compiler, " ".join(runner) or "this CPU", code))
        if "km-aes-128 absent" in out:
            query = re.search(r"^KM query: ([0-9a-f]+)$", out, re.M)
            absent.append(query.group(1) if query else "not asked (no message-security assist)")
    if absent:
        where = " ".join(runner) if runner else "this CPU"
        version = ""
        if runner:
            version = run(runner[:1] + ["--version"])[1].splitlines()[0]
        print("NOTE %s: the KM paths (vxe-km, vx-km, km) and aes_km are not run by the suite under %s%s: its KM "
              "query answers %s, no KM-AES-128 (bit 18), and KM function 18 is then a specification exception; "
              "the software AES (vperm.c, paths vxe and vx) is what runs and is tested there; on a Z with "
              "KM-AES-128 the selector self-tests the KM paths before it installs"
              % (TARGET, where, " (%s)" % version if version else "", absent[0]))
    for line in fails:
        print("FAIL " + line)
    if not fails:
        print("PASS the KM code's encoding, detection and build with gcc and clang")
    return 1 if fails else 0


if __name__ == "__main__":
    sys.exit(main())
