#!/usr/bin/env python3
"""Constant-time verdict for one implementation and code path, from valgrind.

  ctcheck.py IMPLDIR PATH CT_PROGRAM [VAR=VALUE...]

Runs test/ct.c's program (built against the implementation) under valgrind
memcheck three times: 'selftest' must be caught (a branch and an index on a
secret), 'poly' (r, message and verify's tag secret) must be clean, and 'aes'
(k and n secret) must be clean except for what the implementation's
'sidechannel' file declares for PATH (constbranch no / constindex no). Errors
are attributed to the implementation when a stack frame is one of its
functions; every error counted inside a call must be attributed. Prints one
verdict line and exits non-zero when a claim is contradicted.
"""
import os
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ElementTree

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import describe  # noqa: E402

KINDS = {"UninitCondition": "branch", "UninitValue": "index"}


def memcheck(program, mode, env):
    with tempfile.TemporaryDirectory() as tmp:
        xml = os.path.join(tmp, "vg.xml")
        command = ["valgrind", "--tool=memcheck", "--error-limit=no", "--xml=yes", "--xml-file=" + xml, program, mode]
        full_env = dict(os.environ, **env)
        result = subprocess.run(command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, env=full_env)
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


def main():
    if len(sys.argv) < 4:
        sys.exit(__doc__)
    impl = describe.Implementation(sys.argv[1])
    path, program = sys.argv[2], sys.argv[3]
    env = dict(a.split("=", 1) for a in sys.argv[4:])
    problems = []

    found, attributed, counted = memcheck(program, "selftest", env)
    if not found["branch"] or not found["index"]:
        problems.append("self-test: memcheck did not catch the deliberate leaks (branch %d, index %d)"
                        % (len(found["branch"]), len(found["index"])))
    results = {}
    for mode in ("poly", "aes"):
        found, attributed, counted = memcheck(program, mode, env)
        results[mode] = found
        if counted > attributed:
            problems.append("%s: %d errors inside calls, only %d attributed to poly1305aes_ functions"
                            % (mode, counted, attributed))
        if found["other"]:
            problems.append("%s: other memcheck errors: %s" % (mode, found["other"][0]))
    for kind in ("branch", "index"):
        if results["poly"][kind]:
            problems.append("secret r, message or tag chooses a%s %s: %s"
                            % ("n" if kind == "index" else "", kind, results["poly"][kind][0]))
    claims = {"branch": impl.claim("constbranch", path), "index": impl.claim("constindex", path)}
    verdict = []
    for kind in ("branch", "index"):
        leaks = results["aes"][kind]
        if leaks and claims[kind] != "no":
            problems.append("secret k or n chooses a%s %s, but const%s is claimed: %s"
                            % ("n" if kind == "index" else "", kind, kind, leaks[0]))
        elif leaks:
            verdict.append("%s leak on k,n declared and seen" % kind)
        elif claims[kind] == "no":
            verdict.append("%s leak declared, not seen" % kind)
        else:
            verdict.append("const-%s verified" % kind)
    if problems:
        print("ctcheck %s path %s: FAIL" % (impl.name, path))
        for p in problems:
            print("  " + p)
        sys.exit(1)
    print("ctcheck %s path %s: %s" % (impl.name, path, "; ".join(verdict)))


if __name__ == "__main__":
    main()
