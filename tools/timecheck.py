#!/usr/bin/env python3
# SPDX-License-Identifier: CC0-1.0
"""Constant-time claims checked by timing on the real CPU: for the code paths
neither valgrind nor the qemu trace runs (AVX-512), and as a second check of
others on the real CPU (each implementation's 'checks' file says which).

  timecheck.py TARGET IMPL PATH...

Builds test/timing.c against the implementation for TARGET (a target that
runs natively) with mk/impl.mk, then runs it: first its self-test, a table
read at secret indices, which must be caught (the measurement has teeth on
this machine); then on each PATH, which the implementation's 'sidechannel'
file must claim constant (constbranch and constindex yes): k and n fixed against
random at 0 and 1024 bytes, r fixed against random at 64, 1024 and 32785
bytes (the scalar and the vector code of the path; at 32785 poly1305aes_x86's
ifma path runs its zmm code, below 32 KiB its ymm code), each of which must show no
leak (|t| <= 10). A PATH this CPU cannot run is reported
on a NOTE line, not checked. Exits non-zero when a claim is contradicted or
the self-test is not caught.
"""
import os
import subprocess
import sys

from tools import describe


TESTS = [("aes", 0), ("aes", 1024), ("poly", 64), ("poly", 1024), ("poly", 32785)]


def main():
    if len(sys.argv) < 4:
        sys.exit(__doc__)
    target, name, paths = sys.argv[1], sys.argv[2], sys.argv[3:]
    if describe.read_target(target).get("run"):
        sys.exit("timecheck: %s runs under an emulator; timing needs the real CPU" % target)
    impl = describe.find(name)
    root = os.path.join(describe.TOP, "build", "timecheck")
    program = os.path.join(root, target, "impl", name, "timing")
    build = subprocess.run(["make", "-s", "-f", os.path.join(describe.TOP, "mk", "impl.mk"), "TARGET=" + target,
                            "IMPL=" + name, "BUILDROOT=" + root, program],
                           stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    if build.returncode != 0:
        sys.exit("timecheck: the build failed:\n" + build.stdout[-2000:])
    runs = dict(line.split(" ", 1) for line in subprocess.run([program, "paths"], stdout=subprocess.PIPE,
                                                               text=True, check=True).stdout.splitlines())
    problems = []

    def timing(*args):
        result = subprocess.run([program] + [str(a) for a in args], stdout=subprocess.PIPE,
                                stderr=subprocess.STDOUT, text=True)
        line = result.stdout.strip().splitlines()[-1:] or ["(no output)"]
        print(line[0], flush=True)
        if result.returncode != 0:
            problems.append("%s: %s" % (" ".join(map(str, args)), line[0]))
            return None
        return line[0].endswith(": leak")

    if timing("selftest") is not True:
        problems.append("self-test: the table read at secret indices was not caught")
    for path in paths:
        if path not in runs:
            problems.append("%s has no path %s (its paths: %s)" % (name, path, " ".join(runs)))
            continue
        if runs[path] != "runs":
            print("NOTE %s: path %s: this CPU cannot run it, so its timing is not checked here" % (name, path))
            continue
        if impl.claim("constbranch", path) != "yes" or impl.claim("constindex", path) != "yes":
            problems.append("path %s: its sidechannel file does not claim constant time" % path)
            continue
        for test, length in TESTS:
            if timing(test, path, length):
                problems.append("path %s: %s secret at %d bytes: a timing difference, but constant time is claimed"
                                % (path, "k and n" if test == "aes" else "r", length))
    if problems:
        print("timecheck %s: FAIL" % name)
        for p in problems:
            print("  " + p)
        sys.exit(1)
    timed = [p for p in paths if runs.get(p) == "runs"]
    if timed:
        print("timecheck %s: the paths %s show no timing difference between fixed and random secrets"
              % (name, " ".join(timed)))
    else:
        print("timecheck %s: no path timed: this CPU runs none of %s" % (name, " ".join(paths)))


if __name__ == "__main__":
    main()
