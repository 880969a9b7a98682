#!/usr/bin/env python3
# SPDX-License-Identifier: CC0-1.0
"""The one reader of the plain-text files that describe targets (targets/<name>/target)
and implementations (poly1305aes_<name>/). Every tool learns what exists from
here, as a module or through this command line; nothing else parses them.

  describe.py host                 the target whose 'host' line names this machine; 'native'
                                   when none does (POLY1305AES_MACHINE, when set, stands in
                                   for uname -m: the tests name a machine no target knows)
  describe.py targets              every target
  describe.py target T [FIELD]     one field of targets/T/target ('' if absent), or all as FIELD=value
  describe.py impls [T]            the implementations (those building for T), one a line
  describe.py streams T            those building for T with an instruction stream of their own
                                   (not sharing another's build there: 'shares')
  describe.py impl NAME FILE       the lines of one description file ('checks', 'summary', ...)
  describe.py make T [NAME [DIR]]  the make fragment mk/ includes: the target's, and one build's
  describe.py runner T [LIBDIR]    the command words that run a program built for T (linked
                                   against the shared libraries in LIBDIR, when given)
  describe.py tools T...           the commands the targets need, then the Debian packages
  describe.py packages T...        every Debian package the targets' files name ('packages',
                                   then 'testpackages'), one line
  describe.py testpackages T...    the targets' 'testpackages', one line
  describe.py cc T [CC]            the compiler for T: "KIND VERSION WORD...", KIND gcc, clang or cc;
                                   CC (the user's, may be empty) as given when it builds for T,
                                   clang with --target= when it does not; "error: ..." (one line)
                                   when CC cannot build for T
  describe.py target-for CC        the target CC builds for (its -dumpmachine), else "error: ..."
  describe.py thresholds NAME [DIR]  the C header of an implementation's thresholds file
  describe.py harness T [CC]       the folder whose abi.S, abi.c, fpmode.c and cycles.c a build
                                   for T with compiler CC (the target's when empty) takes

A target file holds "field value" lines: summary, host (uname -m names), cc, ar,
cflags, clangcflags (clang's in place of cflags, where they differ), ldflags, run (the emulator; dropped on the target's own host, where
programs run natively), trace (a target run natively: the emulator whose
instruction and address traces check constant time beside valgrind, for
the CPU features valgrind's emulated CPU lacks: tools/tracecheck.py), alsorun (a second
runner for the ABI harness), plainrun (a runner for a CPU without the
optional extensions the implementations use: the library's own choice of
path must run there), tools (commands), packages (Debian packages that
give them, and the cross C library where the compiler only recommends it),
testpackages (Debian packages `make test` needs for the target beyond its tools:
tools/ensure-tools --test asks dpkg for each), sysroot (where a dynamic program finds the target's loader and libc
under qemu-user), debarch, debsuite and peers (the Debian architecture, the
Debian release when not the machine's, and the packages of the peers `make
bench` compares with: tools/fetch-peers), distro (the implementation `make
DISTRO=1` installs untimed, for a package serving every CPU of the
architecture: tools/selector.py --distro), benchpath (the code path `make
bench` forces on the emulated CPU), benchtarget (the ratios to peers `make
bench` checks under an emulator: speed/peers.py), mca, mcatarget and
peerloops (llvm-mca CPU models, the ratio of our main loops to the fastest
peer loop they must meet, and the peers' main loops, for speed/mca.py),
mcatriple, mcaattr, mcaobjdump, mcabranch, mcastream and mcacall (the
architecture as llvm-objdump and llvm-mca take it: triples, -mattr, more
llvm-objdump flags, the regular expression of its branch mnemonics, where
the text of a traced call comes from, qemu or objdump, and a call's
mnemonic pattern with the jump that replaces it: speed/mca.py,
speed/crossover.py), pipemodel (tools/pipemodel.py's models a traced
call runs on in make speed: ultrasparc or mpc74xx),
harness (the one value 'same-cpu': the build takes abi.S, abi.c, fpmode.c and
cycles.c from the folder of the target, without a harness line, whose
compiler builds for the CPU this build's compiler builds for, where one
exists, and from the target's own folder elsewhere: the native target's).
An implementation directory holds:
  targets      the targets it builds for, one a line
  sources      its sources, one a line, relative to the directory
  cflags       optional: "<target>|* flags" lines
  table        optional: the AES table the build generates (layout, file, symbol; 'flavour
               table': only a build made with AES=table has it, compiled with
               -DPOLY1305AES_AES_TABLE=1, mk/impl.mk)
  needs        what it needs at run time (cpu:, fpu:, abi: lines)
  sidechannel  "constbranch yes|no[ PATH]: why" and "constindex yes|no[ PATH]: why"; a line
               that begins "AES=table " holds only for the table flavour's build
  summary      one line
  checks       optional: shell commands `make test` runs from the top (proofs, object checks)
  loops        optional: its main loops for speed/mca.py ("NAME OBJECT FUNCTION PATTERN BYTES")
  thresholds   optional: "NAME BYTES" lines, the measured lengths at which its code
               changes method (which code, where measured: in the file's comments), and
               "CLASS as OTHER" lines: each NAME_OTHER also names NAME_CLASS's value
               where no NAME_CLASS line gives one (a CPU class not measured apart); the
               build writes them as macros into gen/thresholds.h, each unless the build
               defines it itself (speed/crossover.py's variants do), and no source holds
               the numbers
  shares       optional: "IMPL: why": on every target both build for, this one's
               build is IMPL's instruction stream, so it is built, tested, timed and
               proved once, as IMPL (the log names both)
Code paths are not described here: each implementation's dispatcher lists them
(poly1305aes_<name>_path_name), and the test programs ask it.
"""
import os
import platform
import shlex
import shutil
import subprocess
import sys

TOP = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def lines(path):
    """Non-empty lines of a file with '#' comments removed; [] if it does not exist."""
    try:
        with open(path) as f:
            raw = f.read().splitlines()
    except FileNotFoundError:
        return []
    out = []
    for line in raw:
        line = line.split("#", 1)[0].strip()
        if line:
            out.append(line)
    return out


def fields(path):
    """'key value' lines as a dict (a key without a value maps to '')."""
    out = {}
    for line in lines(path):
        key, _, value = line.partition(" ")
        out[key] = value.strip()
    return out


def target_file(name):
    """targets/<name>/target: the description in a target's folder, beside its ABI harness
    (abi.S, abi.c), its FP-mode code (fpmode.c) and its cycle counter (cycles.c)"""
    return os.path.join(TOP, "targets", name, "target")


def target_names():
    """the folders of targets/ that hold a description (targets/shared holds code two or more
    targets name)"""
    return sorted(n for n in os.listdir(os.path.join(TOP, "targets")) if os.path.isfile(target_file(n)))


def read_target(name):
    """A target's fields; on the machine the target names as its host, programs run
    natively: its 'run' line (the emulator) is dropped."""
    path = target_file(name)
    if not os.path.isfile(path):
        raise SystemExit("unknown TARGET %r: use one of %s" % (name, " ".join(target_names())))
    out = fields(path)
    out["name"] = name
    if name == host_target():
        out.pop("run", None)
    return out


NATIVE = "native"   # the target of a machine no other target names (targets/native)


def machine():
    """uname -m, or POLY1305AES_MACHINE when set (a build-tool setting for tests; the
    library itself reads no environment)."""
    return os.environ.get("POLY1305AES_MACHINE") or platform.machine()


def host_target():
    """The target whose 'host' line lists this machine's uname -m; 'native' when none
    does (and targets/native exists), else None."""
    for name in target_names():
        if machine() in fields(target_file(name)).get("host", "").split():
            return name
    return NATIVE if NATIVE in target_names() else None


class Implementation:
    def __init__(self, directory, name=None, aes="ct"):
        """aes: the build's AES=, "table" or "ct" (the default build); it matters only where
        the 'table' file says 'flavour table' (table_flavour)"""
        self.dir = os.path.abspath(directory)
        self.aes = aes
        base = os.path.basename(self.dir)
        self.name = name or (base[len("poly1305aes_"):] if base.startswith("poly1305aes_") else base)

    def file(self, name):
        return os.path.join(self.dir, name)

    def lines(self, name):
        return lines(self.file(name))

    @property
    def targets(self):
        return self.lines("targets")

    @property
    def summary(self):
        found = self.lines("summary")
        return found[0] if found else "(no summary)"

    @property
    def shares(self):
        """(IMPL, why) whose build this one shares, or None."""
        found = self.lines("shares")
        if not found:
            return None
        other, _, why = found[0].partition(":")
        return other.strip(), why.strip()

    def threshold_aliases(self):
        """[(CLASS, OTHER)] from the thresholds file's "CLASS as OTHER" lines"""
        return [(w[0], w[2]) for w in (line.split() for line in self.lines("thresholds"))
                if len(w) == 3 and w[1] == "as"]

    def threshold_errors(self):
        lines = [line for line in self.lines("thresholds") if len(line.split()) != 3 or line.split()[1] != "as"]
        names = [line.split()[0] for line in lines]
        aliases = self.threshold_aliases()
        classes = [c for c, _ in aliases]
        return ["thresholds: '%s': each line is NAME BYTES (a C name, a whole number) or CLASS as OTHER" % line
                for line in lines
                if len(line.split()) != 2 or not line.split()[0].isidentifier() or not line.split()[1].isdigit()] + \
               ["thresholds: %s given twice" % name for name in sorted(set(names)) if names.count(name) > 1] + \
               ["thresholds: '%s as %s': each a C name, the class not itself and not given twice" % (c, o)
                for c, o in aliases if not (c + o).isidentifier() or c == o or classes.count(c) > 1] + \
               ["thresholds: '%s as %s': no NAME_%s line to take" % (c, o, o)
                for c, o in aliases if not any(n.endswith("_" + o) for n in names)]

    def thresholds(self):
        """[(NAME, bytes)] from the thresholds file, in its order; with a "CLASS as OTHER"
        line, each NAME_OTHER's value also as NAME_CLASS where the file has no NAME_CLASS line"""
        errors = self.threshold_errors()
        if errors:
            raise SystemExit("%s: %s" % (self.dir, errors[0]))
        given = [(w[0], int(w[1])) for w in (line.split() for line in self.lines("thresholds")) if len(w) == 2]
        names = set(name for name, _ in given)
        out = list(given)
        for cls, other in self.threshold_aliases():
            out += [(name[:-len(other)] + cls, value) for name, value in given
                    if name.endswith("_" + other) and name[:-len(other)] + cls not in names]
        return out

    def thresholds_header(self):
        """the macros: a NAME_CLASS taken from NAME_OTHER ("CLASS as OTHER") is defined as
        NAME_OTHER, so that a build that defines NAME_OTHER itself moves both"""
        out = ["/* generated by tools/describe.py from %s: edit that file, not this */"
               % os.path.relpath(self.file("thresholds"), TOP)]
        given = [line.split()[0] for line in self.lines("thresholds") if len(line.split()) == 2]
        aliases = dict(self.threshold_aliases())
        for name, value in self.thresholds():
            cls = [c for c in aliases if name.endswith("_" + c) and name not in given]
            text = name[:-len(cls[0])] + aliases[cls[0]] if cls else "%d" % value
            out += ["#ifndef %s" % name, "#define %s %s" % (name, text), "#endif"]
        return "\n".join(out) + "\n"

    def cflags(self, target):
        out = []
        for line in self.lines("cflags"):
            which, _, flags = line.partition(" ")
            if which in ("*", target):
                out.append(flags.strip())
        return " ".join(out)

    def table(self):
        return fields(self.file("table"))

    @property
    def table_flavour(self):
        """Is this the build of the table flavour (AES=table, where 'table' says 'flavour table')?"""
        return self.aes == "table" and self.table().get("flavour") == "table"

    def sidechannel(self):
        """The sidechannel file's lines for this build: those that begin "AES=table " only
        in the table flavour's build, without that word."""
        out = []
        for line in self.lines("sidechannel"):
            if line.startswith("AES=table "):
                if self.table_flavour:
                    out.append(line[len("AES=table "):])
            else:
                out.append(line)
        return out

    def claim(self, prop, path="default"):
        """'yes' or 'no' for constbranch/constindex on a path; None if never stated."""
        general = specific = None
        for line in self.sidechannel():
            head, _, _ = line.partition(":")
            words = head.split()
            if len(words) >= 2 and words[0] == prop:
                if len(words) == 3 and words[2] == path:
                    specific = words[1]
                elif len(words) == 2:
                    general = words[1]
        return specific or general

    def claimed_paths(self):
        """Path names the sidechannel file makes claims about."""
        out = []
        for line in self.sidechannel():
            words = line.partition(":")[0].split()
            if len(words) == 3 and words[2] not in out:
                out.append(words[2])
        return out

    def claim_text(self):
        """Short constant-time claim for tables: branches/indices over all claimed paths."""
        parts = []
        paths = ["default"] + self.claimed_paths()
        for prop, label in (("constbranch", "branch"), ("constindex", "index")):
            values = {self.claim(prop, p) for p in paths}
            if values == {"yes"}:
                parts.append("const-" + label)
            elif "no" in values:
                parts.append(label + "-leak" + ("" if values == {"no"} else "(some paths)"))
            else:
                parts.append(label + "-unstated")
        return ", ".join(parts)

    def problems(self):
        """Description files that are missing or malformed."""
        out = []
        for required in ("targets", "sources", "needs", "sidechannel", "summary"):
            if not self.lines(required):
                out.append("missing or empty '%s'" % required)
        for prop in ("constbranch", "constindex"):
            if self.claim(prop) not in ("yes", "no"):
                out.append("sidechannel states no general %s claim" % prop)
        for target in self.targets:
            if target not in target_names():
                out.append("targets names unknown target %r" % target)
        out += self.threshold_errors()
        if any(line.startswith("AES=table ") for line in self.lines("sidechannel")) and self.table().get("flavour") != "table":
            out.append("sidechannel has AES=table lines but 'table' says no 'flavour table'")
        if self.shares and self.shares[0] not in [i.name for i in implementations()]:
            out.append("shares names unknown implementation %r" % self.shares[0])
        return out


def implementations(extra_dirs=(), target=None):
    """Every poly1305aes_* directory at the top of the tree (those with a targets file), sorted,
    then extras; only those building for target when it is given."""
    found = []
    for entry in sorted(os.listdir(TOP)):
        path = os.path.join(TOP, entry)
        if entry.startswith("poly1305aes_") and os.path.isfile(os.path.join(path, "targets")):
            found.append(Implementation(path))
    found += [Implementation(d) for d in extra_dirs]
    return [i for i in found if target is None or target in i.targets]


def streams(target):
    """The implementations building for target that do not share another's build there."""
    impls = implementations(target=target)
    names = [i.name for i in impls]
    return [i for i in impls if not (i.shares and i.shares[0] in names)]


def find(name, directory=None):
    if directory:
        return Implementation(directory, name)
    for impl in implementations():
        if impl.name == name:
            return impl
    raise SystemExit("no implementation named %r (have: %s)" % (name, " ".join(i.name for i in implementations())))


def make_fragment(target_name, name=None, directory=None):
    """Variables for mk/, one 'NAME := value' a line: the target's (and the
    implementations building for it), or, given one, the implementation's."""
    target = read_target(target_name)
    values = [("TARGET_AR", target.get("ar", "")), ("TARGET_CFLAGS", target.get("cflags", "")),
              ("TARGET_CLANG_CFLAGS", target.get("clangcflags", "")), ("TARGET_LDFLAGS", target.get("ldflags", "")),
              ("RUN", target.get("run", "")), ("TARGET_HARNESS", target.get("harness", "")),
              ("IMPLS", " ".join(i.name for i in implementations(target=target_name)))]
    if name:
        values = []
        impl = find(name, directory)
        if target_name not in impl.targets:
            raise SystemExit("poly1305aes_%s does not list target %s in %s" % (name, target_name, impl.file("targets")))
        table = impl.table()
        values += [("IMPLDIR", impl.dir), ("SOURCES", " ".join(impl.lines("sources"))),
                   ("IMPL_CFLAGS", impl.cflags(target_name)), ("TABLE_LAYOUT", table.get("layout", "")),
                   ("TABLE_FILE", table.get("file", "")), ("TABLE_SYMBOL", table.get("symbol", "")),
                   ("TABLE_FLAVOUR", table.get("flavour", ""))]
    return "".join("%s := %s\n" % (key, value.replace("$", "$$").replace("#", "\\#")) for key, value in values)


def module(name):
    """The command words that run the tree's Python module NAME (tools.ctcheck,
    speed.count) as a program: run them with the working directory TOP
    (subprocess's cwd=TOP), where its package is found (tools/__init__.py)."""
    return [sys.executable, "-m", name]


def runner(target_name, libdir=None):
    """The command words that run a program built for the target: its emulator,
    and for a dynamically linked program (libdir: where its libraries are) the
    loader's search path and, under qemu-user, the target's sysroot."""
    target = read_target(target_name)
    words = []
    if libdir:
        words = ["env", "LD_LIBRARY_PATH=" + os.path.abspath(libdir)]
        if target.get("run"):
            words.append("QEMU_LD_PREFIX=" + target.get("sysroot", ""))
    return words + target.get("run", "").split()


X86_32 = ("i386", "i486", "i586", "i686")


def same_arch(a, b):
    """Do two -dumpmachine CPU names build the same programs (i386..i686 do)?"""
    return a == b or (a in X86_32 and b in X86_32)


def ask(words, *args):
    """A compiler's answer to an option (stdout stripped), or None when it fails."""
    try:
        result = subprocess.run(words + list(args), stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    except OSError:
        return None
    return result.stdout.strip() if result.returncode == 0 else None


def triplet(target):
    """The GNU triplet a target's programs are built for: its cross compiler's prefix
    (i686-linux-gnu-gcc), else its compiler's -dumpmachine."""
    cc = target.get("cc", "")
    if cc.endswith("-gcc"):
        return cc[:-len("-gcc")]
    return ask(shlex.split(cc), "-dumpmachine") or ""


class CompilerError(Exception):
    """A compiler that cannot build for a target; the text is one line that says what to do."""


def compiler(target_name, user_cc=""):
    """(kind, version, words) of the compiler that builds for the target: the user's CC
    when it builds for the target's CPU; clang given --target= for another CPU; the
    target's own compiler when CC is empty. Raises CompilerError otherwise."""
    target = read_target(target_name)
    given = bool(user_cc.strip())
    words = shlex.split(user_cc) if given else shlex.split(target.get("cc", ""))
    if not words or not shutil.which(words[0]):
        if given:
            raise CompilerError("CC=%s: no such command; give a compiler's name or path" % user_cc)
        raise CompilerError("%s, the compiler of TARGET=%s, is missing: run sh tools/ensure-tools %s"
                            % (target.get("cc", ""), target_name, target_name))
    machine = ask(words, "-dumpmachine")
    banner = (ask(words, "--version") or "").splitlines()
    kind = "clang" if banner and "clang" in banner[0] else "gcc" if machine and ask(words, "-dumpfullversion") else "cc"
    version = ask(words, "-dumpfullversion") if kind == "gcc" else ask(words, "-dumpversion")
    want = triplet(target)
    if given and machine and want and not same_arch(machine.split("-")[0], want.split("-")[0]):
        if kind == "clang" and not any(w.startswith(("--target", "-target")) for w in words):
            words = words + ["--target=" + want]
        else:
            other = target_for_machine(machine)
            raise CompilerError("CC=%s builds for %s, not for TARGET=%s (%s): %s" % (
                user_cc, machine, target_name, want,
                "use TARGET=%s, or a CC for %s" % (other, want) if other else "give a CC for %s" % want))
    return kind, version or "?", words


def target_for_machine(machine):
    """The target whose triplet's CPU is machine's (a -dumpmachine answer), or None."""
    for name in target_names():
        want = triplet(read_target(name))
        if want and same_arch(machine.split("-")[0], want.split("-")[0]):
            return name
    return None


def harness_dir(target_name, user_cc=""):
    """The folder whose abi.S, abi.c, fpmode.c and cycles.c a build for the target takes:
    its own, or with 'harness same-cpu' that of the target (one without a harness line)
    whose triplet's CPU is the one the build's compiler reports (-dumpmachine), where one
    exists."""
    target = read_target(target_name)
    own = os.path.dirname(target_file(target_name))
    if not target.get("harness"):
        return own
    if target["harness"] != "same-cpu":
        raise SystemExit("%s: harness %r: the one value is same-cpu" % (target_file(target_name), target["harness"]))
    _, _, words = compiler(target_name, user_cc)
    machine = ask(words, "-dumpmachine")
    if machine:
        for name in target_names():
            other = read_target(name)
            want = "" if other.get("harness") else triplet(other)
            if want and same_arch(machine.split("-")[0], want.split("-")[0]):
                return os.path.dirname(target_file(name))
    return own


def tools_needed(names):
    """(commands, packages) the targets' files ask for."""
    commands, packages = [], []
    for name in names:
        target = read_target(name)
        commands += [c for c in target.get("tools", "").split() if c not in commands]
        packages += [p for p in target.get("packages", "").split() if p not in packages]
    return commands, packages


def main(argv):
    usage = __doc__.split("\n\n")[1]
    if not argv:
        raise SystemExit(usage)
    command, args = argv[0], argv[1:]
    if command == "host" and not args:
        name = host_target()
        if not name:
            raise SystemExit("describe: this machine (%s) matches no 'host' line in targets/*/target; give TARGET="
                             % machine())
        print(name)
    elif command == "targets" and not args:
        print("\n".join(target_names()))
    elif command == "target" and len(args) in (1, 2):
        target = read_target(args[0])
        if len(args) == 2:
            print(target.get(args[1], ""))
        else:
            print("\n".join("%s=%s" % kv for kv in sorted(target.items())))
    elif command == "impls" and len(args) <= 1:
        if args:
            read_target(args[0])
        print("\n".join(i.name for i in implementations(target=args[0] if args else None)))
    elif command == "streams" and len(args) == 1:
        read_target(args[0])
        print("\n".join(i.name for i in streams(args[0])))
    elif command == "impl" and len(args) == 2:
        print("\n".join(find(args[0]).lines(args[1])))
    elif command == "make" and len(args) in (1, 2, 3):
        sys.stdout.write(make_fragment(*args))
    elif command == "runner" and len(args) in (1, 2):
        print(" ".join(runner(*args)))
    elif command == "cc" and len(args) in (1, 2):
        try:
            kind, version, words = compiler(args[0], args[1] if len(args) == 2 else "")
            print(" ".join([kind, version] + [shlex.quote(w) for w in words]))
        except CompilerError as error:
            print("error: %s" % error)
    elif command == "target-for" and len(args) == 1:
        words = shlex.split(args[0])
        triple = ask(words, "-dumpmachine") if words else None
        if not triple:
            print("error: CC=%s: no such command, or not a compiler (no answer to -dumpmachine); "
                  "give a compiler's name or path" % args[0])
        else:
            name = target_for_machine(triple)
            print(name if name else "error: CC=%s builds for %s, which no target in targets/ describes; the targets are %s"
                  % (args[0], triple, " ".join(target_names())))
    elif command == "thresholds" and len(args) in (1, 2):
        sys.stdout.write(find(*args).thresholds_header())
    elif command == "harness" and len(args) in (1, 2):
        try:
            print(harness_dir(args[0], args[1] if len(args) == 2 else ""))
        except CompilerError as error:
            print("error: %s" % error)
    elif command in ("packages", "testpackages") and args:
        fields_wanted = ("packages", "testpackages") if command == "packages" else ("testpackages",)
        out = []
        for name in args:
            target = read_target(name)
            for field in fields_wanted:
                out += [p for p in target.get(field, "").split() if p not in out]
        print(" ".join(out))
    elif command == "tools" and args:
        commands, packages = tools_needed(args)
        print(" ".join(commands))
        print(" ".join(packages))
    else:
        raise SystemExit(usage)


if __name__ == "__main__":
    main(sys.argv[1:])
