#!/usr/bin/env python3
# SPDX-License-Identifier: CC0-1.0
"""The selector: build, prove and time every implementation that fits a
target, and install the fastest that passed into build/<target>/.

  selector.py [--target T] [--impl NAME] [--extra DIR]... [--root DIR] [--rounds N] [--aes ct|table]
              [--reuse-proofs] [--distro]

For each candidate (every poly1305aes_* directory with a description; --extra
adds more): skip it, with the reason logged, unless its 'targets' lists T;
build it (mk/impl.mk builds the namespaced library, the installable static
and shared libraries, and the test programs); run the shared self-test on
every code path of its dispatcher, once more against its shared library
(the installed interface), and the ABI harness on every path; time it at 0,
16, 64, 256, 1024 and 8192 bytes. An implementation whose 'shares' file
names another building for T is that one's instruction stream: it is
built, tested, timed and proved once, as the other, and logged with the
other's results.
Timing is the median rdtsc/time-base ticks per call when the target runs
natively, measured in interleaved rounds so every candidate sees the same
machine noise, behind the slowest of the callers the CPU lets the probe be
(speed ticks -C worst): a clean one, and on x86 with AVX ones that left the
upper halves of ymm or zmm dirty (Intel cores slow some code down behind
them); under an emulator it is the exact number of instructions per
call, counted by a qemu plugin (speed/count.py). The score is the geometric mean over
the six lengths; the lowest score wins (ties: the first in name order) among
the admitted candidates. By default (--aes ct) a candidate is admitted when
the path its dispatcher runs on this CPU (the self-test names it) is
constant time in k, r, s and the tag as its 'sidechannel' file claims
(constbranch and constindex yes) and the constant-time check below did not
contradict it; --aes table (make AES=table) admits every candidate that
passed, the table-based AES designs too. A faster candidate passed over is
named, with the reason, in one line of the output and of the log.
--distro (make DISTRO=1) picks without timing, for a package that runs on
every CPU of the architecture: the implementation the target file's
'distro' line names (one with run-time dispatch, or poly1305aes_ct), built,
self-tested and checked as any candidate, and installed only when every
path of its dispatcher claims constbranch and constindex yes and the
constant-time check ran and contradicted none; its log line says
pick=distro and metric=untimed.
Where the target runs natively and valgrind is present, tools/ctcheck.py
checks the implementation's constant-time claims on every path; under an
emulator, tools/tracecheck.py does (qemu's instruction and address traces),
and natively too where the target file names a 'trace' emulator, whose CPU
runs what valgrind's cannot (the log gives each path's verdicts, merged); a
claim either check contradicts fails the candidate.
Every step has a time limit: ten times the longest the same step took for
the candidates that finished it, in this run or the last one for this
target (logs/step-seconds), never below 30 s natively or 120 s
under an emulator, and 900 s for a step never timed before;
POLY1305AES_STEP_SECONDS overrides it. A candidate that exceeds it fails
"timed out during <step>" and the others go on. --impl forces one candidate,
still self-tested. A candidate that fails is never installed; if none
passes, nothing changes and the exit status is 1.

Each candidate that passes leaves a record of its proof (logs/NAME.proof):
its results under a fingerprint of everything they depend on (the bytes of
the test programs, the shared library and the constant-time checks'
programs, test/vectors.txt, the implementation's description files, the
checking tools' source (the qemu trace plugin's too), the target's
description, the emulator or the CPU's identity, the valgrind binary and the
trace's emulator,
POLY1305AES_* and QEMU_* in the environment) and, under an emulator, its
instruction counts under the fingerprint of the speed probe too. With
--reuse-proofs (the test suite's second selection of a target) a candidate
whose fingerprint matches its record takes the recorded results instead of
running the same programs again, and the log says so (proof=reused); any
difference proves it afresh. Native timings are never reused.

The compiler is the one mk/impl.mk uses (CC from the environment, as make
passes it; tools/describe.py cc); the log and the installed header name it.
Everything that writes build/<T>/ holds one lock (build/<T>/.lock,
tools/buildlock.py). Installation is atomic: the winner's dist/ (libraries,
header, pkg-config file, the tool) and the log are copied into a fresh directory, and
one os.replace() of the 'installed' symlink switches to it; build/<T>/lib,
include and selection.log are links through it, put there anew (never
followed) whatever stood in their place. A directory that cannot be written
stops the run with one line.
"""
import argparse
import hashlib
import json
import math
import os
import shlex
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

from tools import buildlock
from tools import describe
from tools import tracecheck


LENGTHS = [0, 16, 64, 256, 1024, 8192]
SHARED_CHECKS = "paper,chain,vectors,lengths,r-zero,fpmodes,pages"


class StepLimits:
    """Each step's time limit, from what the same step took where it finished (see the top)."""
    FACTOR, FLOOR_NATIVE, FLOOR_EMULATED, UNKNOWN = 10, 30, 120, 900

    def __init__(self, history, emulated):
        self.override = os.environ.get("POLY1305AES_STEP_SECONDS")
        self.floor = self.FLOOR_EMULATED if emulated else self.FLOOR_NATIVE
        self.history = history        # the file of the last run's times
        self.now = {}                 # step -> the longest it took in this run
        self.before = {}
        try:
            with open(history) as f:
                for line in f:
                    step, _, seconds = line.rstrip("\n").rpartition(" ")
                    self.before[step] = float(seconds)
        except (OSError, ValueError):
            self.before = {}

    def limit(self, step):
        """(seconds, how they were chosen)"""
        if self.override:
            return int(self.override), "POLY1305AES_STEP_SECONDS"
        known = [t for t in (self.now.get(step), self.before.get(step)) if t is not None]
        if not known:
            return self.UNKNOWN, "no candidate has finished this step yet; POLY1305AES_STEP_SECONDS overrides"
        longest = max(known)
        seconds = max(self.floor, int(math.ceil(self.FACTOR * longest)))
        return seconds, "%d times the %.1f s it took %s, at least %d s; POLY1305AES_STEP_SECONDS overrides" % (
            self.FACTOR, longest, "another candidate" if longest == self.now.get(step) else "in the last run",
            self.floor)

    def took(self, step, seconds):
        self.now[step] = max(self.now.get(step, 0.0), seconds)

    def save(self):
        merged = dict(self.before)
        merged.update(self.now)
        try:
            with open(self.history + ".tmp", "w") as f:
                f.writelines("%s %.2f\n" % kv for kv in sorted(merged.items()))
            os.replace(self.history + ".tmp", self.history)
        except OSError:
            pass


LIMITS = StepLimits(os.devnull, False)   # select() sets the target's


def say(text, end="\n"):
    print(text, end=end, flush=True)


class StepFailed(Exception):
    """A step that failed; its text says how."""


class Candidate:
    def __init__(self, impl, target, root):
        self.impl = impl
        self.name = impl.name
        self.result = None         # ok | skipped | fails
        self.reason = ""
        self.checks = ""
        self.samples = {n: [] for n in LENGTHS}
        self.score = None
        self.ct = "not checked"    # the constant-time verdict
        self.shares = None         # the candidate whose build this one is
        self.default_path = None   # the path calls run on this CPU (the self-test's "default path")
        self.paths = []            # every path of its dispatcher, as the constant-time check listed them
        self.unchecked = []        # those of them it could not run here (this CPU, or valgrind's, cannot)
        self.passed_over = ""      # why a faster candidate was not installed (choose())
        self.fingerprint = None    # what its proof depends on (fingerprint())
        self.reused = False        # its proof taken from the record of an earlier run
        self.build = os.path.join(root, target["name"], "impl", self.name)

    def make_args(self, target, root):
        args = ["make", "-s", "-f", os.path.join(describe.TOP, "mk", "impl.mk"),
                "TARGET=" + target["name"], "IMPL=" + self.name, "BUILDROOT=" + root, "AES=" + self.impl.aes]
        if os.path.dirname(self.impl.dir) != describe.TOP or not os.path.basename(self.impl.dir).startswith("poly1305aes_"):
            args.append("IMPLDIR=" + self.impl.dir)
        return args

    def median(self, length):
        return statistics.median(self.samples[length])


def run(command, step, log=None, cwd=None):
    """Run a command (in directory cwd, when given) under the step's time limit; return
    (exit status, combined output). Raises StepFailed("timed out during <step>") when it
    runs too long."""
    seconds, why = LIMITS.limit(step)
    start = time.monotonic()
    try:
        result = subprocess.run(command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                                errors="replace", timeout=seconds, start_new_session=True, cwd=cwd)
        status, output = result.returncode, result.stdout
        LIMITS.took(step, time.monotonic() - start)
    except subprocess.TimeoutExpired as expired:
        output = expired.stdout.decode(errors="replace") if isinstance(expired.stdout, bytes) else expired.stdout or ""
        if log:
            with open(log, "a") as f:
                f.write("$ %s\n%s\n(timed out after %d s)\n" % (" ".join(map(shlex.quote, command)), output, seconds))
        raise StepFailed("timed out during %s (limit %d s: %s)" % (step, seconds, why))
    if log:
        with open(log, "a") as f:
            f.write("$ %s\n%s\n" % (" ".join(shlex.quote(c) for c in command), output))
    return status, output


def runner(target, libdir=None):
    return describe.runner(target["name"], libdir)


def failure_text(status, output):
    """The FAIL lines of a test program's output, or how it died and during what."""
    lines = output.strip().splitlines()
    failures = [l for l in lines if l.startswith("FAIL")]
    if failures and not (len(failures) == 1 and failures[0].startswith("FAIL: ")):
        return "; ".join(failures[:3])
    last = lines[-1] if lines else "(no output)"
    if status < 0:
        how = "killed by signal %d" % -status
    elif status > 128:
        how = "killed by signal %d" % (status - 128)
    else:
        how = "exit status %d" % status
    return "crashed (%s) during: %s" % (how, last) if not failures else failures[0]


def self_test(candidate, target, log):
    """The suite on every path, the suite against the shared library, the ABI harness on every path."""
    vectors = os.path.join(describe.TOP, "test", "vectors.txt")
    steps = [("self-test", runner(target) + [os.path.join(candidate.build, "test"), vectors]),
             ("self-test of the shared library", runner(target, os.path.join(candidate.build, "dist", "lib"))
              + [os.path.join(candidate.build, "test-shared"), vectors, SHARED_CHECKS]),
             ("ABI harness", runner(target) + [os.path.join(candidate.build, "abi")])]
    for step, command in steps:
        status, output = run(command, step, log)
        last = output.strip().splitlines()[-1:] or ["(no output)"]
        if status != 0 or not last[0].startswith("PASS"):
            raise StepFailed("%s: %s" % (step, failure_text(status, output)))
        if step == "self-test":
            candidate.checks = last[0].split(":", 1)[1].strip()
            candidate.default_path = default_path(output)


def ct_checks(target):
    """The constant-time checks for target's programs, each (kind, its program's name in a build,
    why it cannot run here or None): under an emulator, qemu's trace; natively, valgrind, then
    qemu's trace too where the target names a 'trace' emulator (its CPU runs what valgrind's
    cannot)."""
    if target.get("run"):
        return [("trace", "trace", None)]
    checks = [("valgrind", "ct", None if shutil.which("valgrind") else "no valgrind")]
    qemu = tracecheck.emulator(target)
    if qemu:
        checks.append(("trace", "trace", None if shutil.which(qemu[0]) else
                       "no %s: apt-get install qemu-user" % qemu[0]))
    return checks


def merge_verdicts(first, second):
    """One path's verdict from valgrind's (first) and the trace's (second, None where the trace
    could not run): the trace's where valgrind's CPU could not run the path; both where both
    ran."""
    if second is None or second.startswith("not checked"):
        return first
    if first.startswith("not checked"):
        return second
    if second == first + " (qemu trace)":
        return first + " (valgrind and qemu trace)"
    return first + " (valgrind); " + second


def constant_time(candidate, target, root, log):
    """Each of ct_checks(target) on every path (tools/ctcheck.py, tools/tracecheck.py; programs
    built by prove()), their verdicts merged path by path; a claim either contradicts fails the
    candidate."""
    candidate.paths, candidate.unchecked = [], []
    checks = ct_checks(target)
    missing = ["%s not run (%s)" % (kind, why) for kind, _, why in checks if why]
    if len(missing) == len(checks):
        candidate.ct = "not checked (%s)" % "; ".join(why for _, _, why in checks)
        return
    by_path = {}   # path -> the verdicts of the checks that ran, in order
    for kind, name, why in checks:
        if why:
            continue
        program = os.path.join(candidate.build, name)
        check = describe.module("tools.tracecheck" if kind == "trace" else "tools.ctcheck") + \
            [candidate.impl.dir, program] + ([target["name"]] if kind == "trace" else []) + [candidate.impl.aes]
        status, output = run(check, "the constant-time check" + (" (qemu trace)" if kind == "trace" else ""),
                             log, cwd=describe.TOP)
        if status != 0:
            candidate.ct = "CONTRADICTED (see the reason below)"
            raise StepFailed("constant-time check (%s): " % kind + " ".join(output.split("FAIL", 1)[-1].split())[-300:])
        for line in output.splitlines():
            if ": " in line and not line.startswith(" ") and not line.startswith(("ctcheck", "tracecheck")):
                path, verdict = line.split(": ", 1)
                by_path.setdefault(path, []).append((kind, verdict))
    verdicts = {}   # verdict -> the paths that earned it, in order
    for path, found in by_path.items():
        found = dict(found)
        verdict = merge_verdicts(found["valgrind"], found.get("trace")) if "valgrind" in found else found["trace"]
        verdicts.setdefault(verdict, []).append(path)
        candidate.paths.append(path)
        if verdict.startswith("not checked"):
            candidate.unchecked.append(path)
    if len(verdicts) == 1:
        candidate.ct = next(iter(verdicts))
    else:
        candidate.ct = "; ".join("%s: %s" % (",".join(paths), v) for v, paths in verdicts.items())
    candidate.ct = "; ".join([candidate.ct] + missing)


CALLERS = []   # the callers the probe timed behind, from its header (native timing)
def default_path(output):
    """The path the self-test names as the one calls run unless forced ("default path NAME")."""
    for line in output.splitlines():
        if line.startswith("default path "):
            return line.split()[2]
    return None


def constant_time_here(c):
    """(admitted, why not): whether the path c runs on this CPU is constant time in
    k, r, s and the tag, as its 'sidechannel' file claims; the constant-time check
    already failed any candidate whose claims it contradicted."""
    path = c.default_path or "default"
    leaks = [prop for prop in ("constbranch", "constindex") if c.impl.claim(prop, path) != "yes"]
    if not leaks:
        return True, ""
    because = {"constbranch": "branches", "constindex": "memory indices"}
    return False, "its path %s here claims %s no (%s depend on secrets: %s)" % (
        path, " and ".join(leaks), " and ".join(because[p] for p in leaks), sidechannel_reason(c, leaks[-1], path))


def sidechannel_reason(c, prop, path):
    """The text after the colon of the sidechannel line that makes the claim."""
    found = ""
    for line in c.impl.sidechannel():
        head, _, why = line.partition(":")
        words = head.split()
        if len(words) >= 2 and words[0] == prop and (len(words) == 2 and not found or words[2:] == [path]):
            found = why.strip()
    return found or "see its sidechannel file"


def constant_time_everywhere(c):
    """(admitted, why not) for --distro: every path of c's dispatcher (as its constant-time
    check listed them) claims constbranch and constindex yes, and that check ran."""
    if not c.paths:
        return False, "its constant-time claims were not checked (%s): install valgrind (apt-get install valgrind)" % c.ct
    leaky = [p for p in c.paths if any(c.impl.claim(prop, p) != "yes" for prop in ("constbranch", "constindex"))]
    if leaky:
        return False, "its path%s %s claim%s no constant time (its sidechannel file)" % (
            "s" if len(leaky) > 1 else "", ", ".join(leaky), "" if len(leaky) > 1 else "s")
    return True, ""


def choose(ranked, aes):
    """The winner among the candidates that passed, by policy: aes "ct" admits only
    those constant time here (constant_time_here), "table" admits all. Sets
    passed_over on every faster candidate left out; returns the winner or None."""
    admitted = [c for c in ranked if aes == "table" or constant_time_here(c)[0]]
    winner = min(admitted, key=lambda c: c.score) if admitted else None
    for c in ranked:
        if c not in admitted and (winner is None or c.score < winner.score):
            c.passed_over = "%s, but %s; make AES=table admits it" % (
                "faster (score %.1f) than poly1305aes_%s (%.1f)" % (c.score, winner.name, winner.score) if winner
                else "passed its tests", constant_time_here(c)[1])
    return winner


def sample(c, command, step, cwd=None):
    """Run a probe that prints "LENGTH VALUE" lines; add the values to c's samples, or fail c."""
    try:
        status, output = run(command, step, cwd=cwd)
    except StepFailed as failed:
        c.result, c.reason = "fails", str(failed)
        return
    if status != 0:
        c.result, c.reason = "fails", "%s: %s" % (step, output.strip()[-200:])
        return
    for line in output.splitlines():
        if line.startswith("#") and "behind the slowest of the callers " in line and not CALLERS:
            CALLERS.extend(line.split("behind the slowest of the callers ", 1)[1].split())
        if line and not line.startswith("#"):
            length, value = line.split()
            c.samples[int(length)].append(float(value))


def time_native(candidates, target, rounds):
    """Interleaved rounds of median ticks per call at each length."""
    for r in range(rounds):
        for c in candidates:
            if c.result == "ok":
                sample(c, runner(target) + [os.path.join(c.build, "speed"), "ticks", "-r", "101", "-C", "worst"]
                       + [str(n) for n in LENGTHS], "timing")
        say("  timing round %d/%d done" % (r + 1, rounds))


def time_emulated(candidates, target, logdir):
    """Exact instruction counts; with --reuse-proofs, those an earlier run recorded for the same
    speed probe under the same fingerprint."""
    for c in candidates:
        speed = os.path.join(c.build, "speed")
        key = digest([("proof", (c.fingerprint or "").encode())] + file_parts([speed]))
        earlier = read_record(record_path(c, logdir, "counts"), key) if REUSE else None
        if earlier:
            for n in LENGTHS:
                c.samples[n] = list(earlier[str(n)])
            say("  %s: the counts of an earlier run of the same speed probe (--reuse-proofs)" % c.name)
            continue
        sample(c, describe.module("speed.count") + [target["run"], speed]
               + [str(n) for n in LENGTHS], "the instruction count", cwd=describe.TOP)
        if c.result == "ok":
            write_record(record_path(c, logdir, "counts"), key, {str(n): c.samples[n] for n in LENGTHS})
        say("  counted %s" % c.name)


def compiler_name(target):
    """The compiler mk/impl.mk builds with (CC from the environment, as make passes it down)."""
    kind, version, words = describe.compiler(target["name"], os.environ.get("CC", ""))
    return "%s %s (%s)" % (kind, version, " ".join(words))


def log_line(c, target, metric, chosen, compiler, distro):
    fields = ["impl=" + c.name, "target=" + target["name"], "result=" + c.result,
              "compiler=" + shlex.quote(compiler)]
    if c.shares:
        fields.append("shares=" + c.shares.name)
    if c.result == "ok":
        fields.append("checks=" + shlex.quote(c.checks))
        fields.append("metric=" + (metric if c.score is not None else "untimed"))
        if c.score is not None:
            fields += ["len%d=%.1f" % (n, c.median(n)) for n in LENGTHS]
            fields.append("score=%.1f" % c.score)
    else:
        fields.append("reason=" + shlex.quote(c.reason))
    paths = ["default"] + c.impl.claimed_paths()
    fields.append("constbranch=%s" % ",".join(sorted({str(c.impl.claim("constbranch", p)) for p in paths})))
    fields.append("constindex=%s" % ",".join(sorted({str(c.impl.claim("constindex", p)) for p in paths})))
    fields.append("valgrind=" + shlex.quote(c.ct))
    if c.result == "ok":
        fields.append("path=" + str(c.default_path))
        fields.append("consttime=" + ("yes" if constant_time_here(c)[0] else "no"))
        if distro:
            fields.append("paths=" + ",".join(c.paths))
            fields.append("unchecked=" + ",".join(c.unchecked))
            fields.append("consttime_everywhere=" + ("yes" if constant_time_everywhere(c)[0] else "no"))
    if distro and chosen:
        fields.append("pick=distro")
    if c.reused:
        fields.append("proof=reused")
    if c.passed_over:
        fields.append("passedover=" + shlex.quote(c.passed_over))
    fields.append("chosen=" + ("yes" if chosen else "no"))
    return " ".join(fields)


def print_table(candidates, metric, winner):
    head = ["candidate", "result"] + [str(n) for n in LENGTHS] + ["score", "constant time: claim / valgrind", "chosen"]
    rows = []
    for c in candidates:
        row = [c.name + (" (=%s)" % c.shares.name if c.shares else ""), c.result]
        if c.result == "ok" and c.score is not None:
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


def say_policy(candidates, aes, forced=None, distro=None):
    """The policy in force, and the faster candidate passed over (the fastest of them), in one line."""
    over = sorted((c for c in candidates if c.passed_over and not c.shares), key=lambda c: c.score)
    if distro and distro.result != "ok":
        say("policy: DISTRO=1: poly1305aes_%s, the target file's distro line, not timed; not installed: it %s: %s"
            % (distro.name, distro.result, distro.reason))
    elif distro:
        safe, why = constant_time_everywhere(distro)
        say("policy: DISTRO=1: poly1305aes_%s, the target file's distro line, not timed; %s" % (
            distro.name, "every path (%s) claims constant time, none contradicted" % ", ".join(distro.paths) if safe
            else "not installed: " + why))
    elif forced:
        safe, why = constant_time_here(forced)
        say("policy: IMPL=%s chosen by hand%s" % (forced.name, "" if safe else "; " + why))
    elif aes == "table":
        say("policy: AES=table: every candidate that passed is admitted, table-based AES included")
    elif over:
        say("policy: constant time in k, r, s and the tag by default; passed over %s: %s" % (over[0].name, over[0].passed_over))
    else:
        say("policy: constant time in k, r, s and the tag by default; no faster candidate was passed over")


def install(root, target, winner, log_text):
    """Stage the winner's dist/ and the log in a new directory, then switch the
    'installed' symlink in one rename; no temporary file survives."""
    tdir = os.path.join(root, target["name"])
    stage = tempfile.mkdtemp(prefix=".installed-", dir=tdir)
    link_tmp = None
    try:
        for part in ("lib", "include", "bin"):
            shutil.copytree(os.path.join(winner.build, "dist", part), os.path.join(stage, part), symlinks=True)
        with open(os.path.join(stage, "selection.log"), "w") as f:
            f.write(log_text)
        os.chmod(stage, 0o755)
        link_tmp = os.path.join(tdir, ".installed-link-%d" % os.getpid())
        os.symlink(os.path.basename(stage), link_tmp)
        os.replace(link_tmp, os.path.join(tdir, "installed"))
        link_tmp = None
    except BaseException:
        if link_tmp and os.path.lexists(link_tmp):
            os.remove(link_tmp)
        shutil.rmtree(stage, ignore_errors=True)
        raise
    # lib, include, bin and selection.log: links through 'installed'; whatever else
    # stands there (a link elsewhere, a file, a directory) is replaced, never followed
    for name in ("lib", "include", "bin", "selection.log"):
        path = os.path.join(tdir, name)
        want = os.path.join("installed", name)
        if os.path.islink(path) and os.readlink(path) == want:
            continue
        if os.path.isdir(path) and not os.path.islink(path):
            shutil.rmtree(path)
        link_tmp = os.path.join(tdir, ".link-%s-%d" % (name, os.getpid()))
        if os.path.lexists(link_tmp):
            os.remove(link_tmp)
        os.symlink(want, link_tmp)
        os.replace(link_tmp, path)
    # earlier installations: the lock keeps every other run of this target out
    for entry in os.listdir(tdir):
        if entry.startswith(".installed-") and entry != os.path.basename(stage):
            path = os.path.join(tdir, entry)
            if os.path.islink(path) or os.path.isfile(path):
                os.remove(path)
            else:
                shutil.rmtree(path, ignore_errors=True)


REUSE = False   # --reuse-proofs
TOOLS = ["tools/selector.py", "tools/ctcheck.py", "tools/tracecheck.py", "test/traceplugin.c", "tools/describe.py",
         "speed/count.py"]


def digest(parts):
    """sha256 over (label, bytes) pairs, each part delimited."""
    h = hashlib.sha256()
    for label, data in parts:
        h.update(b"%d:%s:%d:" % (len(label), label.encode(), len(data)))
        h.update(data)
    return h.hexdigest()


def file_parts(paths):
    """(path, contents) for each file; a missing one as such (it changes the fingerprint)."""
    parts = []
    for path in paths:
        try:
            with open(path, "rb") as f:
                parts.append((path, f.read()))
        except OSError:
            parts.append((path, b"(missing)"))
    return parts


def machine_parts(target):
    """What the results depend on outside the build: the emulator binary or this CPU's
    identity (vendor, family, model, stepping, microcode, flags), valgrind and the trace's
    emulator, the environment."""
    parts = [("runner", " ".join(runner(target)).encode()), ("target", repr(sorted(target.items())).encode())]
    programs = [runner(target)[0]] if runner(target) else ["valgrind"] + tracecheck.emulator(target)[:1]
    for name in programs:
        where = shutil.which(name)
        st = os.stat(where) if where else None
        parts.append((name, ("%s %d %d" % (os.path.realpath(where), st.st_size, st.st_mtime_ns)).encode()
                      if st else b"(none)"))
    if not runner(target):
        try:
            with open("/proc/cpuinfo") as f:
                first = f.read().split("\n\n")[0]
        except OSError:
            first = ""
        keep = ("vendor_id", "cpu family", "model", "stepping", "microcode", "flags", "cpu", "revision", "CPU")
        parts.append(("cpu", "\n".join(l for l in first.splitlines() if l.split(":")[0].strip() in keep).encode()))
    parts.append(("env", "\n".join("%s=%s" % kv for kv in sorted(os.environ.items())
                                   if kv[0].startswith(("POLY1305AES_", "QEMU_")) and kv[0] != "POLY1305AES_STEP_SECONDS").encode()))
    return parts


def fingerprint(c, target, ct_programs):
    """Everything a candidate's proof depends on (see the top)."""
    programs = [os.path.join(c.build, p) for p in ("test", "test-shared", "abi")] + ct_programs
    lib = os.path.join(c.build, "dist", "lib")
    libs = sorted(os.path.join(lib, f) for f in os.listdir(lib)) if os.path.isdir(lib) else []
    described = sorted(os.path.join(c.impl.dir, f) for f in os.listdir(c.impl.dir)
                       if os.path.isfile(os.path.join(c.impl.dir, f)) and "." not in f)
    return digest(file_parts(programs + libs + described + [os.path.join(describe.TOP, "test", "vectors.txt")]
                             + [os.path.join(describe.TOP, t) for t in TOOLS])
                  + machine_parts(target) + [("checks", SHARED_CHECKS.encode())])


def record_path(c, logdir, kind):
    return os.path.join(logdir, "%s.%s" % (c.name, kind))


def read_record(path, key):
    """The record's results if it was written under fingerprint key, else None."""
    try:
        with open(path) as f:
            record = json.load(f)
    except (OSError, ValueError):
        return None
    return record.get("results") if isinstance(record, dict) and record.get("fingerprint") == key else None


def write_record(path, key, results):
    try:
        with open(path + ".tmp", "w") as f:
            json.dump({"fingerprint": key, "results": results}, f)
        os.replace(path + ".tmp", path)
    except OSError:
        pass


def prove(c, target, root, logdir):
    """Build, self-test and check one candidate; set its result."""
    log = os.path.join(logdir, c.name + ".log")
    if os.path.exists(log):
        os.remove(log)
    try:
        say("building", end="")
        status, output = run(c.make_args(target, root) + ["all"], "the build", log)
        if status != 0:
            raise StepFailed("build: " + " | ".join(output.strip().splitlines()[-3:]))
        ct_programs = [os.path.join(c.build, name) for _, name, why in ct_checks(target) if not why]
        for program in ct_programs:
            status, output = run(c.make_args(target, root) + [program], "the build of the constant-time check", log)
            if status != 0:
                raise StepFailed("build of the constant-time check: " + output.strip()[-200:])
        c.fingerprint = fingerprint(c, target, ct_programs)
        earlier = read_record(record_path(c, logdir, "proof"), c.fingerprint) if REUSE else None
        if earlier:
            c.checks, c.default_path, c.ct = earlier["checks"], earlier["default_path"], earlier["ct"]
            c.paths, c.unchecked = earlier.get("paths", []), earlier.get("unchecked", [])
            c.result, c.reused = "ok", True
            say(", proven by an earlier run of the same programs on the same %s (--reuse-proofs): passed (%s): %s"
                % ("emulator" if target.get("run") else "CPU", c.checks, c.ct))
            return
        say(", self-testing", end="")
        self_test(c, target, log)
        say(", passed (%s)" % c.checks, end="")
        say(", checking constant time", end="")
        constant_time(c, target, root, log)
        c.result = "ok"
        say(": %s" % c.ct)
        write_record(record_path(c, logdir, "proof"), c.fingerprint,
                     {"checks": c.checks, "default_path": c.default_path, "ct": c.ct, "paths": c.paths,
                      "unchecked": c.unchecked})
    except StepFailed as failed:
        c.result, c.reason = "fails", str(failed)
        say(", FAILS: %s (log %s)" % (c.reason, log))


def select(args, target, root):
    logdir = os.path.join(root, target["name"], "logs")
    os.makedirs(logdir, exist_ok=True)
    emulated = bool(target.get("run"))
    metric = "instructions (exact, under %s)" % target["run"] if emulated else "median rdtsc/time-base ticks"
    global LIMITS
    LIMITS = StepLimits(os.path.join(logdir, "step-seconds"), emulated)
    try:
        compiler = compiler_name(target)
    except describe.CompilerError as error:
        raise SystemExit("selector: %s" % error)

    impls = describe.implementations(args.extra)
    for impl in impls:
        impl.aes = args.aes
    if args.distro:
        if args.impl or args.aes == "table":
            raise SystemExit("selector: DISTRO=1 installs the implementation targets/%s/target names, constant time: "
                             "leave IMPL and AES unset" % target["name"])
        args.impl = target.get("distro")
        if not args.impl:
            raise SystemExit("selector: targets/%s/target has no 'distro' line: add one naming the implementation a "
                             "package ships (run-time dispatch, or ct)" % target["name"])
    if args.impl and args.impl not in [i.name for i in impls]:
        raise SystemExit("selector: no implementation named %r: use %s one of %s" % (
            args.impl, "a 'distro' line in targets/%s/target naming" % target["name"] if args.distro else "IMPL=",
            " ".join(i.name for i in impls)))
    forced_impl = [i for i in impls if i.name == args.impl]
    if forced_impl and target["name"] not in forced_impl[0].targets:
        builds_for = forced_impl[0].targets
        raise SystemExit("selector: poly1305aes_%s is not for %s: %s" % (
            args.impl, target["name"], "run make TARGET=%s IMPL=%s" % (builds_for[0], args.impl) if builds_for
            else "it builds for no target"))
    candidates = [Candidate(i, target, root) for i in impls]
    by_name = {c.name: c for c in candidates}
    forced = args.impl
    distro = args.distro
    if forced and by_name[forced].impl.shares and by_name[forced].impl.shares[0] in by_name \
            and target["name"] in by_name[by_name[forced].impl.shares[0]].impl.targets:
        forced = by_name[forced].impl.shares[0]
        say("selector: on %s, %s is the instruction stream of %s; selecting %s" % (target["name"], args.impl, forced, forced))
    say("selecting poly1305aes for %s (%s) with %s" % (target["name"], target.get("summary", ""), compiler))
    for number, c in enumerate(candidates, 1):
        say("[%d/%d] %s: " % (number, len(candidates), c.name), end="")
        if c.result:
            say("proven above, as the instruction stream another candidate shares: %s" % c.result)
            continue
        if forced and c.name != forced and not (c.impl.shares and c.impl.shares[0] == forced):
            c.result, c.reason = "skipped", ("DISTRO=1 picks %s (targets/%s/target)" % (args.impl, target["name"])
                                             if distro else "IMPL=%s chosen" % args.impl)
        elif target["name"] not in c.impl.targets:
            c.result, c.reason = "skipped", "not for %s (builds for %s)" % (target["name"], " ".join(c.impl.targets) or "nothing")
        elif c.impl.problems():
            c.result, c.reason = "fails", "description: " + "; ".join(c.impl.problems())
        elif c.impl.shares and by_name.get(c.impl.shares[0]) and target["name"] in by_name[c.impl.shares[0]].impl.targets:
            c.shares = by_name[c.impl.shares[0]]
            if c.shares.result is None:
                prove(c.shares, target, root, logdir)
            c.result, c.reason, c.checks, c.ct = c.shares.result, c.shares.reason, c.shares.checks, c.shares.ct
            say("the same instruction stream as %s (%s): %s" % (c.shares.name, c.impl.shares[1], c.result))
            continue
        if c.result:
            say("%s: %s" % ("skipped" if c.result == "skipped" else "FAILS", c.reason))
            continue
        prove(c, target, root, logdir)

    passed = [c for c in candidates if c.result == "ok" and not c.shares]
    if passed and not distro:
        say("timing %d candidate(s): %s%s" % (len(passed), metric, "" if emulated else
            ", behind the slowest caller: a clean one and, where the CPU has AVX, ones that left the upper halves of "
            "ymm or zmm dirty (speed ticks -C worst)"))
        if emulated:
            time_emulated(passed, target, logdir)
        else:
            time_native(passed, target, args.rounds)
            metric += " behind the slowest caller (%s)" % ", ".join(CALLERS or ["?"])
    for c in candidates:
        if c.shares and c.result == "ok":
            c.samples, c.result, c.reason = c.shares.samples, c.shares.result, c.shares.reason
    for c in candidates:
        if c.result == "ok" and not distro:
            c.score = math.exp(sum(math.log(max(c.median(n), 1.0)) for n in LENGTHS) / len(LENGTHS))
    for c in candidates:
        if c.shares and c.result == "ok":
            c.default_path = c.shares.default_path
    ranked = [c for c in candidates if c.result == "ok" and not c.shares]
    if distro:   # the one candidate, installed only when constant time on every path
        winner = next((c for c in ranked if constant_time_everywhere(c)[0]), None)
    else:
        winner = choose(ranked, "table" if forced else args.aes)   # IMPL= is the user's choice: no policy

    LIMITS.save()
    log_text = "".join(log_line(c, target, "instructions" if emulated else "ticks", c is winner, compiler, distro) + "\n"
                       for c in candidates)
    with open(os.path.join(logdir, "last-selection.log"), "w") as f:
        f.write(log_text)
    print_table(candidates, metric, winner)
    say_policy(candidates, args.aes, winner if forced and not distro else None, by_name[forced] if distro else None)
    if not winner:
        if distro and ranked:
            say("\nselector: poly1305aes_%s is not constant time on every path for %s: %s; nothing installed, any earlier "
                "installation is unchanged (log: %s)" % (ranked[0].name, target["name"], constant_time_everywhere(ranked[0])[1],
                                                       os.path.join(logdir, "last-selection.log")))
            return 1
        if ranked:
            say("\nselector: no candidate that passed is constant time on this CPU for %s; nothing installed, any earlier "
                "installation is unchanged; make AES=table admits the table designs (log: %s)"
                % (target["name"], os.path.join(logdir, "last-selection.log")))
            return 1
        say("\nselector: no candidate passed its self-test for %s; nothing installed, any earlier installation is unchanged (log: %s)"
            % (target["name"], os.path.join(logdir, "last-selection.log")))
        return 1
    install(root, target, winner, log_text)
    tdir = os.path.join(root, target["name"])
    say("\ninstalled poly1305aes_%s for %s: %s/lib/libpoly1305aes.{a,so}, %s/include/poly1305aes.h, bin/poly1305aes; log %s/selection.log"
        % (winner.name, target["name"], tdir, tdir, tdir))
    return 0


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--target")
    parser.add_argument("--impl")
    parser.add_argument("--extra", action="append", default=[])
    parser.add_argument("--root", default=os.path.join(describe.TOP, "build"))
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--reuse-proofs", action="store_true",
                        help="take a candidate's proof from an earlier run's record when everything it depends on is the same")
    parser.add_argument("--distro", action="store_true",
                        help="install the target file's distro implementation, untimed, if every path is constant time")
    parser.add_argument("--aes", choices=("ct", "table"), default="ct",
                        help="ct: install the fastest candidate constant time on this CPU (the default); "
                             "table: the fastest of all, table-based AES included")
    args = parser.parse_args()
    global REUSE
    REUSE = args.reuse_proofs

    name = args.target or describe.host_target()
    if not name:
        sys.exit("selector: this machine matches no target in targets/: give TARGET= one of %s"
                 % " ".join(describe.target_names()))
    if name not in describe.target_names():
        sys.exit("selector: unknown TARGET %r: use one of %s" % (name, " ".join(describe.target_names())))
    target = describe.read_target(name)
    root = os.path.abspath(args.root)
    tdir = os.path.join(root, target["name"])
    try:
        with buildlock.held(root, target["name"], "selector"):
            return select(args, target, root)
    except buildlock.LockError as error:
        sys.exit("selector: %s" % error)
    except OSError as error:
        sys.exit("selector: cannot write %s: %s" % (error.filename or tdir, error.strerror))


if __name__ == "__main__":
    sys.exit(main())
