# SPDX-License-Identifier: CC0-1.0
"""The release tarball (make dist).

  python3 -m tools.dist --version V --out DIR   writes DIR/poly1305aes-V.tar.gz

It holds, under the directory poly1305aes-V/, what a build and `make check`
need, README.md, LICENSE and doc/: in a git checkout the tracked files
(git ls-files), elsewhere (an unpacked tarball) every file under the top but
the build directory, Python's caches and earlier tarballs; in both, no path
with a component starting with '.' (.ci/, .gitignore: the repository's, not
the release's). The bytes depend only on those files' contents, names and
executable bits and on one time: SOURCE_DATE_EPOCH, else the last commit's,
else the newest file's (an unpacked tarball's files all carry its time, so
dist there gives the same bytes again). Names sorted, owner 0, modes 0644 or
0755, gzip without a name or time. The tarball is written under a temporary
name and renamed: no partial file.
"""
import argparse
import gzip
import io
import os
import subprocess
import sys
import tarfile

from tools import describe

TOP = describe.TOP


def fail(message):
    sys.exit("make dist: " + message)


def in_git():
    """True when TOP is the top of a git work tree."""
    try:
        out = subprocess.run(["git", "-C", TOP, "rev-parse", "--show-toplevel"],
                             capture_output=True, text=True, check=False)
    except FileNotFoundError:
        return False
    return out.returncode == 0 and os.path.realpath(out.stdout.strip()) == os.path.realpath(TOP)


def shipped(path):
    """A path (relative to TOP, '/'-separated) the release holds."""
    return not any(part.startswith(".") for part in path.split("/"))


def files_from_git():
    out = subprocess.run(["git", "-C", TOP, "ls-files", "-z"], capture_output=True, check=True)
    return [p for p in out.stdout.decode().split("\0") if p]


def files_from_tree(skip_dirs):
    """Every file under TOP, skipping the directories in skip_dirs (absolute)."""
    found = []
    for folder, dirs, names in os.walk(TOP):
        dirs[:] = [d for d in dirs if d != "__pycache__"
                   and os.path.realpath(os.path.join(folder, d)) not in skip_dirs]
        for name in names:
            if name.endswith(".pyc") or (name.startswith("poly1305aes-") and name.endswith(".tar.gz")):
                continue
            found.append(os.path.relpath(os.path.join(folder, name), TOP).replace(os.sep, "/"))
    return found


def release_time(files, git):
    if os.environ.get("SOURCE_DATE_EPOCH"):
        try:
            return int(os.environ["SOURCE_DATE_EPOCH"])
        except ValueError:
            fail("SOURCE_DATE_EPOCH=%s is not a whole number of seconds: unset it or give one"
                 % os.environ["SOURCE_DATE_EPOCH"])
    if git:
        out = subprocess.run(["git", "-C", TOP, "log", "-1", "--format=%ct"], capture_output=True,
                             text=True, check=True)
        if out.stdout.strip():
            return int(out.stdout.strip())
    return max(int(os.lstat(os.path.join(TOP, f)).st_mtime) for f in files)


def tarball(files, prefix, mtime):
    """The gzipped tar of files (relative to TOP) under directory prefix, as bytes."""
    dirs = set()
    for f in files:
        parts = f.split("/")[:-1]
        for i in range(1, len(parts) + 1):
            dirs.add("/".join(parts[:i]))
    entries = sorted([(d, True) for d in dirs] + [(f, False) for f in files] + [("", True)])
    raw = io.BytesIO()
    with tarfile.open(fileobj=raw, mode="w", format=tarfile.USTAR_FORMAT) as tar:
        for path, is_dir in entries:
            info = tarfile.TarInfo((prefix + "/" + path).rstrip("/"))
            info.mtime = mtime
            info.uid = info.gid = 0
            info.uname = info.gname = ""
            if is_dir:
                info.type = tarfile.DIRTYPE
                info.mode = 0o755
                tar.addfile(info)
                continue
            full = os.path.join(TOP, path)
            if os.path.islink(full) or not os.path.isfile(full):
                fail("%s is not a plain file: the release holds plain files only" % path)
            with open(full, "rb") as f:
                data = f.read()
            info.size = len(data)
            info.mode = 0o755 if os.stat(full).st_mode & 0o100 else 0o644
            tar.addfile(info, io.BytesIO(data))
    packed = io.BytesIO()
    with gzip.GzipFile(filename="", mode="wb", fileobj=packed, mtime=0, compresslevel=9) as gz:
        gz.write(raw.getvalue())
    return packed.getvalue()


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--version", required=True)
    parser.add_argument("--out", required=True, help="the directory to write the tarball into")
    args = parser.parse_args()
    out_dir = os.path.abspath(args.out)
    git = in_git()
    if git:
        files = files_from_git()
        missing = [f for f in files if not os.path.lexists(os.path.join(TOP, f))]
        if missing:
            fail("tracked files are missing (%s): restore them (git checkout -- FILE) or commit their removal"
                 % " ".join(missing[:5]))
    else:
        files = files_from_tree({os.path.realpath(p) for p in (os.path.join(TOP, "build"), out_dir,
                                                               os.path.join(TOP, ".git"))})
    files = sorted(f for f in files if shipped(f))
    if not files:
        fail("no files to pack under %s" % TOP)
    prefix = "poly1305aes-" + args.version
    data = tarball(files, prefix, release_time(files, git))
    os.makedirs(out_dir, exist_ok=True)
    target = os.path.join(out_dir, prefix + ".tar.gz")
    temporary = "%s.%d.tmp" % (target, os.getpid())
    with open(temporary, "wb") as f:
        f.write(data)
    os.replace(temporary, target)
    print("make dist: wrote %s (%d files, %s)" % (target, len(files), "git ls-files" if git else "every file under "
                                                  + TOP))


if __name__ == "__main__":
    main()
