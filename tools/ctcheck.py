#!/usr/bin/env python3
# SPDX-License-Identifier: CC0-1.0
"""Constant-time verdicts for one implementation, path by path, from valgrind.

  ctcheck.py IMPLDIR CT_PROGRAM [AES]

AES: the build's AES= (table for a build made with AES=table: the
'sidechannel' file's AES=table lines then hold; tools/describe.py).

CT_PROGRAM is test/ct.c built against the implementation. Its code paths
come from the program itself ("ct paths": the dispatcher's table), natively
and under valgrind, whose emulated CPU may lack features (no AVX-512, for
one). First 'ct selftest' must be caught (a branch and an index on a
secret). Then, for every path both run: 'poly' (r, message and verify's tag
secret) must be clean, and 'aes' (k and n secret) must be clean except for
what the implementation's 'sidechannel' file declares for the path
(constbranch no / constindex no). Errors are attributed to the
implementation when a stack frame is one of its functions; every error
counted inside a call must be attributed. A path this CPU runs but valgrind
cannot is reported as not checked here. Prints one line a path,
"PATH: verdict", and exits non-zero when a claim is contradicted or a
sidechannel line names a path the implementation does not have.
"""
import os
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ElementTree

from tools import describe


KINDS = {"UninitCondition": "branch", "UninitValue": "index"}


def paths(command):
    """[(name, runs)] from 'ct paths' run by command."""
    result = subprocess.run(command + ["paths"], stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    if result.returncode != 0:
        sys.exit("ctcheck: %s paths failed:\n%s" % (" ".join(command), result.stdout[-2000:]))
    out = []
    for line in result.stdout.splitlines():
        if line.startswith("==") or not line.strip():
            continue    # valgrind's own lines
        name, _, state = line.partition(" ")
        out.append((name, state == "runs"))
    return out


def memcheck(program, mode, path=None):
    with tempfile.TemporaryDirectory() as tmp:
        xml = os.path.join(tmp, "vg.xml")
        command = ["valgrind", "--tool=memcheck", "--error-limit=no", "--xml=yes", "--xml-file=" + xml, program, mode]
        if path:
            command.append(path)
        result = subprocess.run(command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        if result.returncode != 0:
            sys.exit("ctcheck: %s %s failed under valgrind:\n%s" % (program, mode, result.stdout[-2000:]))
        counted = [int(line.split()[1]) for line in result.stdout.splitlines() if line.startswith("errors-in-calls ")]
        if not counted:
            sys.exit("ctcheck: %s %s printed no error count:\n%s" % (program, mode, result.stdout[-2000:]))
        found = {"branch": [], "index": [], "other": []}
        attributed = 0
        root = ElementTree.parse(xml).getroot()
        # each error is listed once; how often it happened is in errorcounts
        repeats = {pair.findtext("unique"): int(pair.findtext("count"))
                   for pair in root.iter("pair") if pair.find("unique") is not None}
        for error in root.findall("error"):
            frames = [f.findtext("fn") or "?" for f in error.find("stack").findall("frame")]
            if not any(f.startswith("poly1305aes_") or f.startswith("ct_leaky_") for f in frames):
                continue   # start-up of a static libc, outside every call
            attributed += repeats.get(error.findtext("unique"), 1)
            found[KINDS.get(error.findtext("kind"), "other")].append(" <- ".join(frames[:4]))
        return found, attributed, counted[0]


def check_path(impl, program, path):
    """(problems, verdict) for one path under valgrind."""
    problems = []
    results = {}
    for mode in ("poly", "aes"):
        found, attributed, counted = memcheck(program, mode, path)
        results[mode] = found
        if counted > attributed:
            problems.append("%s: %d errors inside calls, only %d attributed to poly1305aes_ functions"
                            % (mode, counted, attributed))
        if found["other"]:
            problems.append("%s: other memcheck errors: %s" % (mode, found["other"][0]))
    words = {"branch": "a branch", "index": "an index"}
    more, verdict = judge(impl, path, results, lambda kind: "chooses " + words[kind])
    return problems + more, verdict


def judge(impl, path, found, chooses):
    """(problems, verdict) of one path against its sidechannel claims, given what a check found:
    found[mode][kind] lists the leaks seen ('poly': r, message, tags secret; 'aes': k and n
    secret; kind 'branch' or 'index'); chooses(kind) words a leak ('chooses a branch').
    tools/tracecheck.py judges with it too."""
    problems = []
    for kind in ("branch", "index"):
        if found["poly"][kind]:
            problems.append("secret r, message or tag %s: %s" % (chooses(kind), found["poly"][kind][0]))
    claims = {"branch": impl.claim("constbranch", path), "index": impl.claim("constindex", path)}
    verdict = []
    for kind in ("branch", "index"):
        leaks = found["aes"][kind]
        if leaks and claims[kind] != "no":
            problems.append("secret k or n %s, but const%s is claimed: %s" % (chooses(kind), kind, leaks[0]))
        elif leaks:
            verdict.append("%s leak on k,n declared and seen" % kind)
        elif claims[kind] == "no":
            verdict.append("%s leak declared, not seen" % kind)
        else:
            verdict.append("const-%s verified" % kind)
    return problems, "; ".join(verdict)


def finish(tool, impl, lines, problems):
    """print each path's verdict; with problems, list them and exit 1"""
    print("\n".join(lines))
    if problems:
        print("%s %s: FAIL" % (tool, impl.name))
        for p in problems:
            print("  " + p)
        sys.exit(1)


def main():
    if len(sys.argv) not in (3, 4):
        sys.exit(__doc__)
    impl = describe.Implementation(sys.argv[1], aes=sys.argv[3] if len(sys.argv) == 4 else "ct")
    program = sys.argv[2]
    native = paths([program])
    under_valgrind = dict(paths(["valgrind", "-q", program]))
    problems = []
    for claimed in impl.claimed_paths():
        if claimed not in [name for name, _ in native]:
            problems.append("sidechannel makes a claim for path %r, which %s does not have (its paths: %s)"
                            % (claimed, impl.name, " ".join(name for name, _ in native)))
    found, attributed, counted = memcheck(program, "selftest")
    if not found["branch"] or not found["index"]:
        problems.append("self-test: memcheck did not catch the deliberate leaks (branch %d, index %d)"
                        % (len(found["branch"]), len(found["index"])))
    lines = []
    for name, runs in native:
        if not runs:
            lines.append("%s: not checked (this CPU cannot run it)" % name)
        elif not under_valgrind.get(name):
            lines.append("%s: not checked by valgrind (its emulated CPU cannot run it)" % name)
        else:
            path_problems, verdict = check_path(impl, program, name)
            problems += ["path %s: %s" % (name, p) for p in path_problems]
            lines.append("%s: %s" % (name, "CONTRADICTED" if path_problems else verdict))
    finish("ctcheck", impl, lines, problems)


if __name__ == "__main__":
    main()
