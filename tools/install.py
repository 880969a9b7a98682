#!/usr/bin/env python3
# SPDX-License-Identifier: CC0-1.0
"""make install and make uninstall: copy what the selector installed into
build/<target>/ to the system's directories, and take it away again.

  install.py install|uninstall --target T --root BUILDROOT --destdir D --prefix P
             --libdir L --includedir I --pkgconfigdir C --bindir B

install copies libpoly1305aes.a, libpoly1305aes.so.1 (and the link
libpoly1305aes.so) into D+L, poly1305aes.h into D+I, the command-line tool
poly1305aes into D+B and poly1305aes.pc (its
paths P, L and I, so it is right under a multiarch L) into D+C. It holds the
build directory's lock (tools/buildlock.py) and reads the 'installed' link
once, so the files are one selection's; each lands under a temporary name,
and only when all have, each is renamed into place (nothing is left half
done). It records the directories it made (build/<T>/installs/) so
uninstall, which removes the six names, also removes those directories
when they are empty, and nothing else. Without D, into a directory the
dynamic linker searches (ldconfig -v -N), it runs ldconfig as root, and
otherwise prints the one command to run. Every error is one line that says
what to do.
"""
import argparse
import contextlib
import hashlib
import os
import shutil
import subprocess
import sys

from tools import buildlock
from tools import describe


LIBS = ("libpoly1305aes.a", "libpoly1305aes.so.1")
LINK = "libpoly1305aes.so"
HEADER = "poly1305aes.h"
PC = "poly1305aes.pc"
TOOL = "poly1305aes"


def fail(action, text):
    sys.exit("make %s: %s" % (action, text))


def destinations(args):
    """[(source inside the selection, destination path)] and the link's path."""
    at = lambda directory, name: args.destdir + os.path.join(directory, name)  # noqa: E731
    files = [(os.path.join("lib", name), at(args.libdir, name)) for name in LIBS]
    files += [(os.path.join("include", HEADER), at(args.includedir, HEADER)),
              (os.path.join("lib", "pkgconfig", PC), at(args.pkgconfigdir, PC)),
              (os.path.join("bin", TOOL), at(args.bindir, TOOL))]
    return files, at(args.libdir, LINK)


def manifest(args):
    """The record of the directories install made for these destinations."""
    key = "\0".join([args.destdir, args.libdir, args.includedir, args.pkgconfigdir, args.bindir]).encode()
    return os.path.join(os.path.abspath(args.root), args.target, "installs",
                        hashlib.sha256(key).hexdigest()[:16] + ".dirs")


def pc_text(args, built):
    """The pkg-config file with this installation's paths (from the built one's Name,
    Description, Version, Libs and Cflags lines)."""
    def under_prefix(path):
        if path == args.prefix:
            return "${prefix}"
        if path.startswith(args.prefix.rstrip("/") + "/"):
            return "${prefix}" + path[len(args.prefix.rstrip("/")):]
        return path
    keep = [line for line in built.splitlines() if line.split(":")[0] in ("Name", "Description", "Version", "Libs", "Cflags")]
    return "\n".join(["prefix=" + args.prefix, "libdir=" + under_prefix(args.libdir),
                      "includedir=" + under_prefix(args.includedir), ""] + keep) + "\n"


def writable_or_stop(action, directory):
    """Stop with one line unless directory (or the nearest one that exists above it) can be written."""
    probe = directory
    while not os.path.isdir(probe):
        parent = os.path.dirname(probe)
        if parent == probe:
            break
        probe = parent
    if not os.access(probe, os.W_OK):
        fail(action, "cannot write %s: run sudo make %s, or give PREFIX= a directory you can write "
             "(e.g. PREFIX=$HOME/.local)" % (probe, action))


def ldconfig_command():
    found = shutil.which("ldconfig") or shutil.which("ldconfig", path="/sbin:/usr/sbin")
    return found


def linker_searches(libdir):
    """Does the dynamic linker's cache cover libdir (ldconfig -v -N lists its directories)?"""
    command = ldconfig_command()
    if not command:
        return False
    result = subprocess.run([command, "-v", "-N", "-X"], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    listed = {line.split(":")[0] for line in result.stdout.splitlines() if line and not line[0].isspace()}
    real = os.path.realpath(libdir)
    return any(os.path.realpath(d) == real for d in listed)


def install(args):
    tdir = os.path.join(os.path.abspath(args.root), args.target)
    if not os.path.lexists(os.path.join(tdir, "installed")):
        fail("install", "nothing selected for %s in %s yet: run make TARGET=%s first" % (args.target, args.root, args.target))
    files, link = destinations(args)
    for directory in sorted({os.path.dirname(d) for _, d in files}):
        writable_or_stop("install", directory)
    with buildlock.held(args.root, args.target, "make install", readonly_ok=True):
        selection = os.path.realpath(os.path.join(tdir, "installed"))   # read once: one selection's files
        missing = [s for s, _ in files if not os.path.isfile(os.path.join(selection, s))]
        if missing:
            fail("install", "the selection in %s lacks %s: run make TARGET=%s again" % (selection, ", ".join(missing), args.target))
        made = []
        for directory in sorted({os.path.dirname(d) for _, d in files}):
            parts = []
            while not os.path.isdir(directory):
                parts.append(directory)
                directory = os.path.dirname(directory)
            for part in reversed(parts):
                os.mkdir(part, 0o755)
                made.append(part)
        staged = []
        try:
            for source, dest in files:
                tmp = os.path.join(os.path.dirname(dest), ".%s.tmp.%d" % (os.path.basename(dest), os.getpid()))
                staged.append((tmp, dest))
                if source.endswith(PC):
                    with open(os.path.join(selection, source)) as f:
                        text = pc_text(args, f.read())
                    with open(tmp, "w") as f:
                        f.write(text)
                else:
                    shutil.copyfile(os.path.join(selection, source), tmp)
                os.chmod(tmp, 0o755 if source.endswith(".so.1") or source.startswith("bin") else 0o644)
            tmp = os.path.join(os.path.dirname(link), ".%s.tmp.%d" % (LINK, os.getpid()))
            staged.append((tmp, link))
            os.symlink(LIBS[1], tmp)
        except OSError as error:
            for tmp, _ in staged:
                if os.path.lexists(tmp):
                    os.remove(tmp)
            fail("install", "cannot write %s: %s; nothing was installed" % (error.filename, error.strerror))
        for tmp, dest in staged:
            os.replace(tmp, dest)
        if made:
            record = manifest(args)
            try:
                os.makedirs(os.path.dirname(record), exist_ok=True)
                known = []
                if os.path.exists(record):
                    with open(record) as f:
                        known = f.read().splitlines()
                with open(record, "w") as f:
                    f.write("".join(d + "\n" for d in known + made if d))
            except OSError as error:
                print("make install: cannot record the directories it made (%s: %s); make uninstall will leave them"
                      % (record, error.strerror))
        with open(os.path.join(selection, "include", HEADER)) as f:
            impl = next((line.split('"')[1] for line in f if line.startswith("#define poly1305aes_implementation")), "?")
    print("installed %s for %s into %s: %s, %s, %s" % (impl, args.target, args.destdir + args.prefix,
                                                    args.libdir, args.includedir, args.pkgconfigdir))
    if args.destdir:
        return
    if linker_searches(args.libdir):
        if os.geteuid() == 0:
            subprocess.run([ldconfig_command()], check=False)
            print("ran ldconfig: %s is in the dynamic linker's search path" % args.libdir)
        else:
            print("make install: %s is in the dynamic linker's search path: run sudo ldconfig" % args.libdir)
    else:
        print("make install: programs linked with -lpoly1305aes find it at run time with "
              "LD_LIBRARY_PATH=%s (or link them with -Wl,-rpath,%s)" % (args.libdir, args.libdir))


def uninstall(args):
    files, link = destinations(args)
    present = [d for _, d in files + [(None, link)] if os.path.lexists(d)]
    for directory in sorted({os.path.dirname(d) for d in present}):
        writable_or_stop("uninstall", directory)
    tdir = os.path.join(os.path.abspath(args.root), args.target)
    # the lock and the record of directories live in the build directory, if there is one
    guard = (buildlock.held(args.root, args.target, "make uninstall", readonly_ok=True) if os.path.isdir(tdir)
             else contextlib.nullcontext())
    with guard:
        for path in present:
            os.remove(path)
        record = manifest(args)
        removed_dirs = []
        if os.path.exists(record):
            with open(record) as f:
                made = [d for d in f.read().splitlines() if d]
            for directory in sorted(made, key=len, reverse=True):
                try:
                    os.rmdir(directory)
                    removed_dirs.append(directory)
                except OSError:
                    pass   # not empty (or gone): it holds more than what install put there
            try:
                os.remove(record)
            except OSError:
                pass
    print("uninstalled: removed %d file(s)%s" % (len(present), " and %d directory(ies) install made" % len(removed_dirs)
                                                if removed_dirs else "") if present else
          "uninstalled: nothing of poly1305aes was in %s, %s or %s" % (args.destdir + args.libdir,
                                                                        args.destdir + args.includedir,
                                                                        args.destdir + args.pkgconfigdir))


def main(argv):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("action", choices=("install", "uninstall"))
    for option in ("target", "root", "destdir", "prefix", "libdir", "includedir", "pkgconfigdir", "bindir"):
        parser.add_argument("--" + option, default="")
    args = parser.parse_args(argv)
    if not args.target:
        fail(args.action, "this machine matches no target in targets/: give TARGET= one of %s"
             % " ".join(describe.target_names()))
    if args.target not in describe.target_names():
        fail(args.action, "unknown TARGET %r: use one of %s" % (args.target, " ".join(describe.target_names())))
    for option in ("prefix", "libdir", "includedir", "pkgconfigdir", "bindir"):
        value = getattr(args, option)
        if not os.path.isabs(value):
            fail(args.action, "%s=%s is not an absolute path: give one that starts with /" % (
                option.upper(), value or "(empty)"))
        setattr(args, option, os.path.normpath(value))
    if args.destdir and not os.path.isabs(args.destdir):
        args.destdir = os.path.abspath(args.destdir)
    args.destdir = args.destdir.rstrip("/")
    try:
        (install if args.action == "install" else uninstall)(args)
    except buildlock.LockError as error:
        fail(args.action, "%s: run make TARGET=%s first" % (error, args.target))


if __name__ == "__main__":
    main(sys.argv[1:])
