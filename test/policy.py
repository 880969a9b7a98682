#!/usr/bin/env python3
# SPDX-License-Identifier: CC0-1.0
"""Check a selection log (build/<target>/selection.log) against the selector's
policy (tools/selector.py, README "Constant time by default"):

  policy.py LOG ct      the installed candidate runs a constant-time path here
                        (consttime=yes), no constant-time candidate that passed is
                        faster, and every faster candidate left out is named with
                        its reason (passedover=)
  policy.py LOG table   (make AES=table) the installed candidate is the fastest of
                        all that passed; says whether a table-based design won
  policy.py LOG distro TARGET  (make DISTRO=1) the installed candidate is the one
                        TARGET's file names on its distro line, picked untimed
                        (pick=distro, metric=untimed), and every path of it claims
                        constbranch and constindex yes (its sidechannel file, read
                        again here) and its constant-time check contradicted none;
                        its last line, "unchecked PATH...", names the paths that
                        check could not run here (test/run.sh times them)

Prints what it found; exit status 1 on any violation."""
import shlex
import sys

from tools import describe


def read(path):
    rows = []
    try:
        f = open(path)
    except OSError as error:
        sys.exit("FAIL no selection log: %s (did the selector install anything?)" % error)
    with f:
        for line in f:
            fields = dict(word.split("=", 1) for word in shlex.split(line) if "=" in word)
            if "impl" in fields:
                rows.append(fields)
    return rows


def distro(rows, log, target):
    """The DISTRO=1 checks (see the top); 0 or 1."""
    chosen = [r for r in rows if r.get("chosen") == "yes"]
    want = describe.read_target(target).get("distro")
    if len(chosen) != 1:
        print("FAIL %d candidates marked chosen in %s" % (len(chosen), log))
        return 1
    winner = chosen[0]
    paths = [p for p in winner.get("paths", "").split(",") if p]
    print("installed %s (distro line: %s), paths %s" % (winner["impl"], want, " ".join(paths) or "(none listed)"))
    problems = []
    if winner["impl"] != want:
        problems.append("installed %s, but targets/%s/target's distro line names %s" % (winner["impl"], target, want))
    if winner.get("pick") != "distro":
        problems.append("the log does not say it was a distribution pick (pick=distro)")
    timed = [r["impl"] for r in rows if "score" in r or r.get("metric", "untimed") != "untimed"]
    if timed:
        problems.append("timed: %s" % " ".join(timed))
    if not paths:
        problems.append("no path listed: its constant-time check did not run")
    impl = describe.find(winner["impl"])
    for path in paths:
        for prop in ("constbranch", "constindex"):
            if impl.claim(prop, path) != "yes":
                problems.append("path %s claims %s %s" % (path, prop, impl.claim(prop, path)))
    if winner.get("consttime_everywhere") != "yes" or "CONTRADICTED" in winner.get("valgrind", "") \
            or "not checked (no" in winner.get("valgrind", "") or "not run (no" in winner.get("valgrind", ""):
        problems.append("constant time on every path not proved: %s" % winner.get("valgrind"))
    for problem in problems:
        print("FAIL " + problem)
    print("unchecked " + " ".join(p for p in winner.get("unchecked", "").split(",") if p))
    return 1 if problems else 0


def main(argv):
    if not (len(argv) == 2 and argv[1] in ("ct", "table") or len(argv) == 3 and argv[1] == "distro"):
        sys.exit(__doc__.split("\n\n")[1])
    log, policy = argv[:2]
    rows = read(log)
    if policy == "distro":
        return distro(rows, log, argv[2])
    # candidates proved once as another's instruction stream ('shares') carry its score: count them once
    ok = [r for r in rows if r.get("result") == "ok" and "shares" not in r]
    chosen = [r for r in rows if r.get("chosen") == "yes"]
    if len(chosen) != 1:
        print("FAIL %d candidates marked chosen in %s" % (len(chosen), log))
        return 1
    winner = chosen[0]
    score = float(winner["score"])
    print("installed %s (score %.1f, path %s, constant time here: %s)"
          % (winner["impl"], score, winner.get("path"), winner.get("consttime")))
    failed = 0
    if policy == "ct":
        if winner.get("consttime") != "yes":
            print("FAIL the installed candidate's path %s is not constant time here" % winner.get("path"))
            failed = 1
        for r in ok:
            faster = float(r["score"]) < score
            if faster and r.get("consttime") == "yes":
                print("FAIL %s is constant time here and faster (score %s)" % (r["impl"], r["score"]))
                failed = 1
            elif faster and not r.get("passedover"):
                print("FAIL %s is faster (score %s) and its leaving out is not logged" % (r["impl"], r["score"]))
                failed = 1
            elif faster:
                print("passed over %s: %s" % (r["impl"], r["passedover"]))
    else:
        fastest = min(ok, key=lambda r: float(r["score"]))
        if float(fastest["score"]) < score:
            print("FAIL %s is faster (score %s) and AES=table admits it" % (fastest["impl"], fastest["score"]))
            failed = 1
        elif winner.get("consttime") == "no":
            print("a table-based AES design won: it is the fastest here")
        else:
            print("the fastest here is constant time: no table-based AES design is faster")
    return failed


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
