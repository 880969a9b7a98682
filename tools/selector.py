#!/usr/bin/env python3
"""The selector: build, prove and time every implementation that fits a
target, and install the fastest that passed into build/<target>/.

  selector.py [--target T] [--impl NAME] [--extra DIR]... [--root DIR]

For each candidate (every poly1305aes_* directory with a description; --extra
adds more): skip it, with the reason logged, unless its 'targets' lists T;
build it (mk/impl.mk); run the shared self-test on every code path in
'paths', once more linked from its position-independent objects (those make
the shared library), and the ABI harness (callee-saved registers, FPU modes)
on every path; time it at 0, 16, 64, 256, 1024 and 8192 bytes.
Timing is the median rdtsc/time-base ticks per call when the target runs
natively, measured in interleaved rounds so every candidate sees the same
machine noise; under an emulator it is the exact number of instructions per
call from qemu's log (speed/count.py). The score is the geometric mean over
the six lengths; the lowest score wins (ties: the first in name order).
Where the target runs natively and valgrind is present, tools/ctcheck.py
checks the implementation's constant-time claims on every path; a claim the
check contradicts fails the candidate.
--impl forces one candidate, still self-tested. A candidate that fails is
never installed; if none passes, nothing changes and the exit status is 1.

Installation is atomic: the library, headers, pkg-config file and the log are
written into a fresh directory, and one rename() of the 'installed' symlink
switches to it; build/<T>/lib, include and selection.log point through it.
"""
import argparse
import math
import os
import shlex
import shutil
import statistics
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import describe  # noqa: E402

LENGTHS = [0, 16, 64, 256, 1024, 8192]
PIC_CHECKS = "paper,chain,vectors,lengths,r-zero,fpmodes,page-end"


def say(text, end="\n"):
    print(text, end=end, flush=True)


class Candidate:
    def __init__(self, impl, target, root):
        self.impl = impl
        self.name = impl.name
        self.result = None         # ok | skipped | fails
        self.reason = ""
        self.checks = 0
        self.samples = {n: [] for n in LENGTHS}
        self.score = None
        self.ct = "not checked"    # the constant-time verdict from valgrind
        self.build = os.path.join(root, target["name"], "impl", self.name)

    def make_args(self, target, root):
        args = ["make", "-s", "-f", os.path.join(describe.TOP, "mk", "impl.mk"),
                "TARGET=" + target["name"], "IMPL=" + self.name, "BUILDROOT=" + root]
        if os.path.dirname(self.impl.dir) != describe.TOP or not os.path.basename(self.impl.dir).startswith("poly1305aes_"):
            args.append("IMPLDIR=" + self.impl.dir)
        return args

    def median(self, length):
        return statistics.median(self.samples[length])


def run(command, env=None, log=None):
    """Run a command; return (exit status, combined output)."""
    full_env = dict(os.environ)
    full_env.update(env or {})
    result = subprocess.run(command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, env=full_env,
                            errors="replace")
    if log:
        with open(log, "a") as f:
            f.write("$ %s\n%s\n" % (" ".join(shlex.quote(c) for c in command), result.stdout))
    return result.returncode, result.stdout


def runner(target):
    return target.get("run", "").split()


def self_test(candidate, target, log):
    """Run the suite on every path, the PIC build, and the ABI harness on every path;
    set result/reason on failure."""
    vectors = os.path.join(describe.TOP, "test", "vectors.txt")
    runs = [(path, env, os.path.join(candidate.build, "test"), [vectors]) for path, env in candidate.impl.paths]
    runs.append(("pic", candidate.impl.paths[0][1], os.path.join(candidate.build, "test-pic"), [vectors, PIC_CHECKS]))
    runs += [("abi " + path, env, os.path.join(candidate.build, "abi"), []) for path, env in candidate.impl.paths]
    for path, env, program, extra in runs:
        status, output = run(runner(target) + [program] + extra, env=env, log=log)
        last = output.strip().splitlines()[-1:] or ["(no output)"]
        if status != 0 or not last[0].startswith("PASS"):
            failures = [l for l in output.splitlines() if l.startswith("FAIL")]
            if not failures:   # it died: name the signal or status and the check it was running
                how = "killed by signal %d" % -status if status < 0 else "exit status %d" % status
                if status > 128:
                    how = "killed by signal %d" % (status - 128)
                failures = ["crashed (%s) during: %s" % (how, last[0])]
            candidate.result = "fails"
            candidate.reason = "self-test%s: %s" % ("" if path == "default" else " (path %s)" % path,
                                                   "; ".join(failures[:3]))
            return
        if program.endswith("/test") and path == candidate.impl.paths[0][0]:
            candidate.checks = sum(1 for l in output.splitlines() if l.startswith("ok "))


def constant_time(candidate, target, root, log):
    """Run tools/ctcheck.py on every path; a contradicted claim fails the candidate."""
    if target.get("run"):
        candidate.ct = "not checked (emulated target)"
        return
    if not shutil.which("valgrind"):
        candidate.ct = "not checked (no valgrind)"
        return
    status, output = run(candidate.make_args(target, root) + [os.path.join(candidate.build, "ct")], log=log)
    if status != 0:
        candidate.result, candidate.reason = "fails", "build of the constant-time check: " + output.strip()[-200:]
        return
    verdicts = {}   # verdict -> the paths that earned it, in order
    for path, env in candidate.impl.paths:
        status, output = run([sys.executable, os.path.join(describe.TOP, "tools", "ctcheck.py"), candidate.impl.dir,
                              path, os.path.join(candidate.build, "ct")] + ["%s=%s" % kv for kv in env.items()], log=log)
        if status != 0:
            candidate.result = "fails"
            candidate.reason = "constant-time check: " + " ".join(output.split())[-300:]
            candidate.ct = "CONTRADICTED on path %s (see the reason below)" % path
            return
        verdict = output.strip().splitlines()[-1].split(": ", 1)[1]
        verdicts.setdefault(verdict, []).append(path)
    if len(verdicts) == 1:
        candidate.ct = next(iter(verdicts))
    else:
        candidate.ct = "; ".join("%s: %s" % (",".join(paths), v) for v, paths in verdicts.items())


def time_native(candidates, target, rounds):
    """Interleaved rounds of median ticks per call at each length."""
    for r in range(rounds):
        for c in candidates:
            status, output = run(runner(target) + [os.path.join(c.build, "speed"), "ticks", "-r", "101"]
                                 + [str(n) for n in LENGTHS])
            if status != 0:
                c.result, c.reason = "fails", "speed probe: " + output.strip()[-200:]
                continue
            for line in output.splitlines():
                if line and not line.startswith("#"):
                    length, ticks = line.split()
                    c.samples[int(length)].append(float(ticks))
        say("  timing round %d/%d done" % (r + 1, rounds))


def time_emulated(candidates, target):
    for c in candidates:
        command = [sys.executable, os.path.join(describe.TOP, "speed", "count.py"), target["run"],
                   os.path.join(c.build, "speed")] + [str(n) for n in LENGTHS]
        status, output = run(command)
        if status != 0:
            c.result, c.reason = "fails", "instruction count: " + output.strip()[-200:]
            continue
        for line in output.splitlines():
            length, count = line.split()
            c.samples[int(length)].append(float(count))
        say("  counted %s" % c.name)


def compiler_version(target):
    status, output = run([target["cc"], "-dumpfullversion"])
    return "%s %s" % (target["cc"], output.strip() if status == 0 else "?")


def log_line(c, target, metric, chosen, compiler):
    fields = ["impl=" + c.name, "target=" + target["name"], "result=" + c.result,
              "compiler=" + shlex.quote(compiler)]
    if c.result == "ok":
        fields.append("checks=%d" % c.checks)
        fields.append("metric=" + metric)
        fields += ["len%d=%.1f" % (n, c.median(n)) for n in LENGTHS]
        fields.append("score=%.1f" % c.score)
    else:
        fields.append("reason=" + shlex.quote(c.reason))
    fields.append("constbranch=%s" % ",".join(sorted({str(c.impl.claim("constbranch", p)) for p, _ in c.impl.paths})))
    fields.append("constindex=%s" % ",".join(sorted({str(c.impl.claim("constindex", p)) for p, _ in c.impl.paths})))
    fields.append("valgrind=" + shlex.quote(c.ct))
    fields.append("chosen=" + ("yes" if chosen else "no"))
    return " ".join(fields)


def print_table(candidates, metric, winner):
    head = ["candidate", "result"] + [str(n) for n in LENGTHS] + ["score", "constant time: claim / valgrind", "chosen"]
    rows = []
    for c in candidates:
        row = [c.name, c.result]
        if c.result == "ok":
            row += ["%.0f" % c.median(n) for n in LENGTHS] + ["%.1f" % c.score]
        else:
            row += [""] * (len(LENGTHS) + 1)
        row += [c.impl.claim_text() + " / " + c.ct, "<==" if c is winner else ""]
        rows.append(row)
    widths = [max(len(str(r[i])) for r in [head] + rows) for i in range(len(head))]
    say("\n%s per call at each message length (bytes); score = geometric mean" % metric)
    for r in [head] + rows:
        say("  " + "  ".join(str(v).rjust(w) if 2 <= i < 2 + len(LENGTHS) + 1 else str(v).ljust(w)
                             for i, (v, w) in enumerate(zip(r, widths))).rstrip())
    for c in candidates:
        if c.result != "ok":
            say("  %s %s: %s" % (c.name, c.result, c.reason))


def write_pc(path, prefix, winner):
    with open(path, "w") as f:
        f.write("prefix=%s\nlibdir=${prefix}/lib\nincludedir=${prefix}/include\n\n" % prefix)
        f.write("Name: poly1305aes\nDescription: Poly1305-AES authenticators (implementation poly1305aes_%s)\n"
                % winner.name)
        f.write("Version: 0.1\nLibs: -L${libdir} -lpoly1305aes\nCflags: -I${includedir}\n")


def install(root, target, winner, log_text):
    """Stage everything in a new directory, then switch the 'installed' symlink in one rename."""
    tdir = os.path.join(root, target["name"])
    stage_name = ".installed-%d-%d" % (os.getpid(), int(time.time()))
    stage = os.path.join(tdir, stage_name)
    os.makedirs(os.path.join(stage, "lib", "pkgconfig"))
    os.makedirs(os.path.join(stage, "include"))
    header = "poly1305aes_%s.h" % winner.name
    shutil.copy(os.path.join(winner.build, "include", header), os.path.join(stage, "include", header))
    with open(os.path.join(stage, "include", "poly1305aes.h"), "w") as f:
        f.write("/* poly1305aes.h: installed by the selector for target %s: poly1305aes_%s, the fastest\n"
                "   implementation that passed its self-test here (see selection.log). */\n"
                "#ifndef poly1305aes_H\n#define poly1305aes_H\n#include \"%s\"\n#endif\n"
                % (target["name"], winner.name, header))
    shutil.copy(os.path.join(winner.build, "libpoly1305aes_%s.a" % winner.name),
                os.path.join(stage, "lib", "libpoly1305aes.a"))
    status, output = run([target["cc"]] + target.get("cflags", "").split() + [
        "-shared", "-o", os.path.join(stage, "lib", "libpoly1305aes.so"),
        "-Wl,-soname,libpoly1305aes.so.0", "-Wl,-z,text", "-Wl,-z,noexecstack", "-Wl,-z,defs",
        "-Wl,--whole-archive", os.path.join(winner.build, "libpoly1305aes_%s_pic.a" % winner.name),
        "-Wl,--no-whole-archive"])
    if status != 0:
        shutil.rmtree(stage)
        raise SystemExit("selector: linking the shared library failed, nothing installed:\n" + output)
    write_pc(os.path.join(stage, "lib", "pkgconfig", "poly1305aes.pc"), tdir, winner)
    with open(os.path.join(stage, "selection.log"), "w") as f:
        f.write(log_text)
    # the switch: one atomic rename of a symlink
    link_tmp = os.path.join(tdir, ".installed-link-%d" % os.getpid())
    os.symlink(stage_name, link_tmp)
    os.replace(link_tmp, os.path.join(tdir, "installed"))
    for name in ("lib", "include", "selection.log"):
        path = os.path.join(tdir, name)
        if not os.path.islink(path):
            if os.path.isdir(path):
                shutil.rmtree(path)
            elif os.path.exists(path):
                os.remove(path)
            os.symlink(os.path.join("installed", name), path)
    for entry in os.listdir(tdir):
        if entry.startswith(".installed-") and entry != stage_name and not entry.startswith(".installed-link"):
            shutil.rmtree(os.path.join(tdir, entry), ignore_errors=True)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--target")
    parser.add_argument("--impl")
    parser.add_argument("--extra", action="append", default=[])
    parser.add_argument("--root", default=os.path.join(describe.TOP, "build"))
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()

    if not args.target:
        status, output = run(["sh", os.path.join(describe.TOP, "tools", "hosttarget")])
        if status != 0:
            raise SystemExit("selector: this machine matches no target; give TARGET=")
        args.target = output.strip()
    target = describe.read_target(args.target)
    root = os.path.abspath(args.root)
    logdir = os.path.join(root, target["name"], "logs")
    os.makedirs(logdir, exist_ok=True)
    emulated = bool(target.get("run"))
    metric = "instructions (exact, under %s)" % target["run"] if emulated else "median rdtsc/time-base ticks"
    compiler = compiler_version(target)

    impls = describe.implementations(args.extra)
    if args.impl and args.impl not in [i.name for i in impls]:
        raise SystemExit("selector: no implementation named %r (have: %s)" % (args.impl, ", ".join(i.name for i in impls)))
    candidates = [Candidate(i, target, root) for i in impls]
    say("selecting poly1305aes for %s (%s) with %s" % (target["name"], target.get("summary", ""), compiler))
    for number, c in enumerate(candidates, 1):
        prefix = "[%d/%d] %s:" % (number, len(candidates), c.name)
        if args.impl and c.name != args.impl:
            c.result, c.reason = "skipped", "IMPL=%s chosen" % args.impl
            say("%s skipped (%s)" % (prefix, c.reason))
            continue
        if target["name"] not in c.impl.targets:
            c.result, c.reason = "skipped", "not for %s (builds for %s)" % (target["name"], " ".join(c.impl.targets) or "nothing")
            say("%s skipped: %s" % (prefix, c.reason))
            continue
        problems = c.impl.problems()
        if problems:
            c.result, c.reason = "fails", "description: " + "; ".join(problems)
            say("%s FAILS: %s" % (prefix, c.reason))
            continue
        log = os.path.join(logdir, c.name + ".log")
        if os.path.exists(log):
            os.remove(log)
        say("%s building" % prefix, end="")
        status, output = run(c.make_args(target, root) + ["all", os.path.join(c.build, "test-pic")], log=log)
        if status != 0:
            c.result, c.reason = "fails", "build: " + " | ".join(output.strip().splitlines()[-3:])
            say(", FAILS to build (see %s)" % log)
            continue
        say(", self-testing", end="")
        self_test(c, target, log)
        if c.result == "fails":
            say(", FAILS: %s" % c.reason)
            continue
        say(", passed %d checks on %d path(s) and as PIC" % (c.checks, len(c.impl.paths)), end="")
        say(", checking constant time", end="")
        constant_time(c, target, root, log)
        if c.result == "fails":
            say(", FAILS: %s" % c.reason)
            continue
        c.result = "ok"
        say(": %s" % c.ct)

    passed = [c for c in candidates if c.result == "ok"]
    if passed:
        say("timing %d candidate(s): %s" % (len(passed), metric))
        if emulated:
            time_emulated(passed, target)
        else:
            time_native(passed, target, args.rounds)
    for c in passed:
        if c.result == "ok":
            c.score = math.exp(sum(math.log(max(c.median(n), 1.0)) for n in LENGTHS) / len(LENGTHS))
    ranked = [c for c in passed if c.result == "ok"]
    winner = min(ranked, key=lambda c: c.score) if ranked else None

    log_text = "".join(log_line(c, target, "instructions" if emulated else "ticks", c is winner, compiler) + "\n"
                       for c in candidates)
    with open(os.path.join(logdir, "last-selection.log"), "w") as f:
        f.write(log_text)
    print_table(candidates, metric, winner)
    if not winner:
        say("\nselector: no candidate passed its self-test for %s; nothing installed, any earlier installation is unchanged (log: %s)"
            % (target["name"], os.path.join(logdir, "last-selection.log")))
        return 1
    install(root, target, winner, log_text)
    tdir = os.path.join(root, target["name"])
    say("\ninstalled poly1305aes_%s for %s: %s/lib/libpoly1305aes.{a,so}, %s/include/poly1305aes.h; log %s/selection.log"
        % (winner.name, target["name"], tdir, tdir, tdir))
    return 0


if __name__ == "__main__":
    sys.exit(main())
