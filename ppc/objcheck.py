#!/usr/bin/env python3
# SPDX-License-Identifier: CC0-1.0
"""Check that the aix (or macos) flavour of ppc/poly1305aes_ppc.S is, instruction
for instruction, the code the shared test suite passed under qemu-ppc.

  objcheck.py aix|macos

1. Builds (make -f mk/impl.mk TARGET=ppc32 IMPL=<impl>) the linux-flavour
   objects the test programs link: obj/ (test) and pic/ (test-pic); under
   $BUILDROOT if that is set in the environment, as mk/impl.mk reads it.
2. Assembles the same source in the other flavour with clang's integrated
   assembler: --target=powerpc-ibm-aix gives a real XCOFF object;
   --target=powerpc-apple-darwin gives ELF (LLVM 14 has no Mach-O writer for
   PowerPC), which still parses the Darwin-flavoured source.
3. Disassembles all three with llvm-objdump and compares them region by
   region, taking the regions from the linux object's function symbols: the
   entry (prologue, setup, final, epilogue), the main loop (blocks), AES, and
   the read-only data after them (AES table, constants). Instruction words and
   their disassembly must be identical; only alignment padding may differ.
4. Checks what the flavour must look like: aix, an XCOFF object whose only
   globals are the code entries .poly1305aes_aix_ppc_authenticate (at 0) and
   .poly1305aes_aix_ppc_<x> for the core's aes, start, blocks and finish and
   for onetime, no
   relocations, and ppc/aix_entry.c compiled for AIX into a function
   descriptor for each poly1305aes_aix_<x> that branches to its entry;
   macos, the entries _poly1305aes_macos_authenticate (at 0) and
   _poly1305aes_macos_<x>, no relocations, and a preprocessed source free of
   ELF-only syntax.
Exits non-zero on any mismatch.
"""
import os
import shutil
import re
import subprocess
import sys
import tempfile

TOP = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SOURCE = os.path.join(TOP, "ppc", "poly1305aes_ppc.S")
INSN = re.compile(r"^\s*([0-9a-f]+):\s+((?:[0-9a-f]{2} ){4})\s*(.*)$")


def run(args, **kw):
    result = subprocess.run(args, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, cwd=TOP, **kw)
    if result.returncode != 0:
        sys.exit("objcheck: FAIL: %s\n%s" % (" ".join(args), result.stdout))
    return result.stdout


def disassemble(obj):
    """{offset: (word, text)} over the first text section; branch-target names dropped."""
    out = {}
    for line in run(["llvm-objdump", "-d", obj]).splitlines():
        m = INSN.match(line)
        if m:
            text = re.sub(r"\s*<[^>]*>", "", m.group(3)).strip()
            out[int(m.group(1), 16)] = (m.group(2).strip(), re.sub(r"\s+", " ", text))
    return out


def functions(obj):
    """[(name, start, size)] of the function symbols in an ELF object, by address."""
    found = []
    for line in run(["llvm-objdump", "-t", obj]).splitlines():
        fields = line.split()
        if len(fields) >= 6 and fields[2] == "F" and fields[3] == ".text":
            found.append((fields[-1], int(fields[0], 16), int(fields[4], 16)))
    return sorted(found, key=lambda f: f[1])


def regions(obj, code):
    """Named [start, end) regions: each function, then the data from the next 64-byte boundary."""
    out = [(name, start, start + size) for name, start, size in functions(obj)]
    if not out:
        sys.exit("objcheck: FAIL: no function symbols in %s" % obj)
    data = (out[-1][2] + 63) & ~63
    out.append(("read-only data (AES table, constants)", data, max(code) + 4))
    return out


def compare(reference, other, where, label):
    failures = 0
    for name, start, end in where:
        mismatched = [o for o in range(start, end, 4) if reference.get(o) != other.get(o)]
        count = (end - start) // 4
        if mismatched:
            o = mismatched[0]
            print("FAIL %s: %s differs at 0x%x: %s versus %s (%d of %d words)" %
                  (label, name, o, reference.get(o), other.get(o), len(mismatched), count))
            failures += 1
        else:
            print("ok   %s: %s, %d words at 0x%x-0x%x identical" % (label, name, count, start, end))
    return failures


def main():
    if len(sys.argv) != 2 or sys.argv[1] not in ("aix", "macos"):
        sys.exit("usage: objcheck.py aix|macos")
    flavour = sys.argv[1]
    impl = "poly1305aes_" + flavour
    for tool in ("clang", "llvm-objdump", "llvm-readobj", "powerpc-linux-gnu-gcc", "make"):
        if subprocess.run(["sh", "-c", "command -v " + tool], stdout=subprocess.DEVNULL).returncode:
            sys.exit("objcheck: FAIL: %s is missing" % tool)

    # BUILDROOT (environment) moves build/ elsewhere, as for mk/impl.mk
    buildroot = os.path.abspath(os.environ.get("BUILDROOT") or os.path.join(TOP, "build"))
    build = os.path.join(buildroot, "ppc32", "impl", flavour)
    tested = [os.path.join(build, d, "___ppc_poly1305aes_ppc.o") for d in ("obj", "pic")]
    run(["make", "-s", "-f", "mk/impl.mk", "TARGET=ppc32", "IMPL=" + flavour, "BUILDROOT=" + buildroot] + tested)

    failures = 0
    with tempfile.TemporaryDirectory() as tmp:
        with open(os.path.join(tmp, "aes_table.inc"), "w") as f:
            f.write(run([sys.executable, "-m", "aes.gentable", "--layout", "2s s s 3s 2s s s 3s", "--format", "asm"]))
        shutil.copy(os.path.join(build, "include", impl + ".h"), tmp)   # the namespaced header make built
        target = "powerpc-ibm-aix" if flavour == "aix" else "powerpc-apple-darwin"
        flags = ["--target=" + target, "-fintegrated-as", "-Icommon", "-I" + tmp,
                 "-DPOLY1305AES_IMPL=" + impl, '-DPOLY1305AES_HEADER="%s.h"' % impl,
                 "-DPOLY1305AES_PPC_FOR_" + flavour.upper()]
        # the implementation's own flags for every target ("* FLAGS" lines of its cflags file)
        with open(os.path.join(TOP, impl, "cflags")) as f:
            flags += [w for line in f if line.startswith("* ") for w in line.split()[1:]]
        obj = os.path.join(tmp, flavour + ".o")
        run(["clang"] + flags + ["-c", SOURCE, "-o", obj])
        fmt = run(["llvm-objdump", "-h", obj])
        print("%s flavour: clang %s -> %s" % (flavour, target, re.search(r"file format (\S+)", fmt).group(1)))

        reference = disassemble(tested[0])
        where = regions(tested[0], reference)
        failures += compare(reference, disassemble(obj), where, flavour + " object vs the tested obj/")
        failures += compare(reference, disassemble(tested[1]), where, "pic/ vs obj/")

        symbols = run(["llvm-objdump", "-t", obj])
        relocations = run(["llvm-objdump", "-r", obj])
        if re.search(r"R_\w+", relocations):
            print("FAIL %s object has relocations:\n%s" % (flavour, relocations))
            failures += 1
        else:
            print("ok   %s object has no relocations (tables reached PC-relatively)" % flavour)
        # authenticate, then the core's, then onetime (onetimeauth's fused code)
        entries = ["authenticate", "aes", "start", "blocks", "finish", "onetime"]
        names = [(".%s_ppc_%s" if flavour == "aix" else "_%s_%s") % (impl, e) for e in entries]
        entry = names[0]
        globals_ = [l.split()[-1] for l in symbols.splitlines() if re.match(r"^[0-9a-f]+ g ", l)]
        if sorted(globals_) != sorted(names) or not re.search(r"^00000000 g .*\s%s$" % re.escape(entry), symbols, re.M):
            print("FAIL %s object: globals %s, want only %s (%s at 0)" % (flavour, globals_, names, entry))
            failures += 1
        else:
            print("ok   %s object exports only %s, %s at offset 0" % (flavour, " ".join(names), entry))

        if flavour == "aix":
            if "aixcoff-rs6000" not in fmt:
                print("FAIL not an XCOFF object")
                failures += 1
            wrapper = os.path.join(tmp, "entry.o")
            run(["clang"] + flags + ["-O2", "-std=c99", "-Wall", "-Wextra", "-Werror", "-c", "ppc/aix_entry.c", "-o", wrapper])
            symtab = run(["llvm-readobj", "--symbols", wrapper])
            code = run(["llvm-objdump", "-d", "-r", wrapper])
            for e in entries:
                descriptor = re.search(r"Name: %s_%s\n(?:.*\n){0,12}?\s*SymbolType: XTY_SD.*\n.*StorageMappingClass: XMC_DS" % (impl, e), symtab)
                branch = re.search(r"R_RBR\s+\.%s_ppc_%s\b" % (impl, e), code)
                if descriptor and branch:
                    print("ok   ppc/aix_entry.c for AIX: descriptor %s_%s[DS], bl .%s_ppc_%s" % (impl, e, impl, e))
                else:
                    print("FAIL ppc/aix_entry.c for AIX: %s: descriptor %s, branch %s" % (e, bool(descriptor), bool(branch)))
                    failures += 1
        else:
            source = run(["clang"] + flags + ["-E", SOURCE])
            bad = [l for l in source.splitlines() if re.search(r"\.type|\.size|\.section|@function|@progbits|@ha|@l\b|;", l)]
            if bad:
                print("FAIL the Darwin-flavoured source has syntax Darwin's as reads otherwise: %s" % bad[:3])
                failures += 1
            else:
                print("ok   Darwin-flavoured source: no ELF directives, no ';' (a comment to Darwin's as), no @ha/@l")

    print("%s: %s" % ("FAIL" if failures else "PASS", "%d mismatch(es)" % failures if failures else
                      "the %s flavour is instruction for instruction the code tested under qemu-ppc" % flavour))
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
