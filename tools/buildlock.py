#!/usr/bin/env python3
# SPDX-License-Identifier: CC0-1.0
"""The one lock for everything that writes or copies build/<target>/: the
selector, make install and uninstall, make bench, and the speed tools.

  buildlock.py ROOT TARGET COMMAND...   run COMMAND holding ROOT/TARGET/.lock

As a module: held(root, target, who) is a context manager. Programs that hold
the lock run their own children with POLY1305AES_LOCKED naming the lock file,
and a child asking for the same lock then goes on without waiting (it would
wait for its own parent). Assumes Linux flock(2).
"""
import contextlib
import errno
import fcntl
import os
import subprocess
import sys

HELD = "POLY1305AES_LOCKED"


class LockError(Exception):
    """The build directory cannot be made or written; the text says which and why."""


@contextlib.contextmanager
def held(root, target, who, readonly_ok=False):
    """Hold ROOT/TARGET/.lock (waiting, and saying so, while another holds it);
    readonly_ok: the lock file may be one this user can only read (make install)."""
    tdir = os.path.join(os.path.abspath(root), target)
    path = os.path.join(tdir, ".lock")
    if os.environ.get(HELD) == path:
        yield path
        return
    try:
        os.makedirs(tdir, exist_ok=True)
        lock = open(path, "a")
    except OSError as error:
        try:   # a reader (make install) may lock a build directory it cannot write
            lock = open(path, "r") if readonly_ok else None
        except OSError:
            lock = None
        if lock is None:
            raise LockError("cannot write the build directory %s: %s" % (tdir, error.strerror))
    with lock:
        try:
            fcntl.flock(lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError as error:
            if error.errno not in (errno.EWOULDBLOCK, errno.EAGAIN):
                raise
            print("%s: another run is writing %s; waiting for its lock (%s)" % (who, tdir, path), flush=True)
            fcntl.flock(lock, fcntl.LOCK_EX)
        before = os.environ.get(HELD)
        os.environ[HELD] = path
        try:
            yield path
        finally:
            if before is None:
                del os.environ[HELD]
            else:
                os.environ[HELD] = before


def main(argv):
    if len(argv) < 3:
        raise SystemExit(__doc__.split("\n\n")[1])
    root, target, command = argv[0], argv[1], argv[2:]
    try:
        with held(root, target, os.path.basename(command[0])):
            return subprocess.call(command)
    except LockError as error:
        raise SystemExit("%s: %s" % (os.path.basename(command[0]), error))


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
