# SPDX-License-Identifier: CC0-1.0
"""The release tarball (make dist).

  python3 -m tools.dist --version V --out DIR   writes DIR/poly1305aes-V.tar.gz

It holds, under the directory poly1305aes-V/, what a build and `make check`
need, README.md, LICENSE and doc/: the tree's files as tools/commentpaths.py
lists them (git ls-files in a git checkout, elsewhere, as in an unpacked
tarball, every file but the build directory's and Python's caches), less
any path with a component starting with '.' (.ci/, .gitignore: the
repository's, not the release's), bytecode, tarballs and the output
directory. The bytes depend only on those files' contents, names and
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
from tools.commentpaths import tracked

TOP = describe.TOP


def fail(message):
    sys.exit("make dist: " + message)


def shipped(path, out_dir):
    """A file (relative to TOP, '/'-separated) the release holds: no path
    component starting with '.', no bytecode, no tarball, nothing in out_dir."""
    full = os.path.realpath(os.path.join(TOP, path))
    return not (any(part.startswith(".") for part in path.split("/")) or path.endswith(".pyc")
                or (os.path.basename(path).startswith("poly1305aes-") and path.endswith(".tar.gz"))
                or full.startswith(out_dir + os.sep))


def last_commit_time():
    """The last commit's time, or None outside a git checkout."""
    try:
        out = subprocess.run(["git", "-C", TOP, "log", "-1", "--format=%ct"], capture_output=True,
                             text=True, check=False)
    except FileNotFoundError:
        return None
    return int(out.stdout) if out.returncode == 0 and out.stdout.strip() else None


def release_time(files):
    if os.environ.get("SOURCE_DATE_EPOCH"):
        try:
            return int(os.environ["SOURCE_DATE_EPOCH"])
        except ValueError:
            fail("SOURCE_DATE_EPOCH=%s is not a whole number of seconds: unset it or give one"
                 % os.environ["SOURCE_DATE_EPOCH"])
    commit = last_commit_time()
    if commit is not None:
        return commit
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
    out_dir = os.path.realpath(args.out)
    files = [f for f in tracked(TOP) if shipped(f, out_dir)]
    if not files:
        fail("no files to pack under %s" % TOP)
    prefix = "poly1305aes-" + args.version
    data = tarball(files, prefix, release_time(files))
    os.makedirs(out_dir, exist_ok=True)
    target = os.path.join(out_dir, prefix + ".tar.gz")
    temporary = "%s.%d.tmp" % (target, os.getpid())
    with open(temporary, "wb") as f:
        f.write(data)
    os.replace(temporary, target)
    print("make dist: wrote %s (%d files)" % (target, len(files)))


if __name__ == "__main__":
    main()
