#!/usr/bin/env python3
# SPDX-License-Identifier: CC0-1.0
"""The command-line tool on a file in the page cache beside the library's one-shot call
on the same bytes in memory, natively.

  python3 -m speed.cli [--target T] [--mib M] [--runs R] [FILE]

Writes M MiB (default 1024) of random bytes to FILE (default a temporary file, removed
after), reads it once so that it lies in the page cache, then R times (default 7), in
turn: build/T/lib/libpoly1305aes.so.1's poly1305aes_authenticate on the bytes in this
process's memory (ctypes; CPU time of this thread), and build/T/bin/poly1305aes tag
--key-file --nonce-file FILE and cat FILE > /dev/null (their user and system time, from
the kernel's accounting of the children: cat's is the cost of reading the file alone).
Both tags must agree. Prints each one's median seconds, and the tool's over the call's
and over the call's and cat's; exits 1 when the tags differ."""
import argparse
import ctypes
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--target", default="amd64")
    parser.add_argument("--mib", type=int, default=1024)
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("file", nargs="?")
    args = parser.parse_args()
    top = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    lib_path = os.path.join(top, "build", args.target, "lib", "libpoly1305aes.so.1")
    tool = os.path.join(top, "build", args.target, "bin", "poly1305aes")
    for path in (lib_path, tool):
        if not os.path.exists(path):
            sys.exit("speed/cli.py: %s is missing: run make TARGET=%s first" % (path, args.target))
    lib = ctypes.CDLL(lib_path)
    lib.poly1305aes_implementation_name.restype = ctypes.c_char_p
    lib.poly1305aes_authenticate.argtypes = [ctypes.c_char_p] * 4 + [ctypes.c_uint]
    work = tempfile.mkdtemp(prefix="poly1305aes-speed-cli-")
    message = args.file or os.path.join(work, "message")
    try:
        kr, nonce = os.urandom(32), os.urandom(16)
        for name, data in (("key", kr), ("nonce", nonce)):
            with open(os.path.join(work, name), "wb") as f:
                f.write(data)
        with open(message, "wb") as f:
            for _ in range(args.mib):
                f.write(os.urandom(1 << 20))
        with open(message, "rb") as f:
            data = f.read()
        command = [tool, "tag", "--key-file", os.path.join(work, "key"), "--nonce-file", os.path.join(work, "nonce"),
                   message]
        out = ctypes.create_string_buffer(16)
        call, wall, user, system, cat = [], [], [], [], []
        tags = set()
        for _ in range(args.runs):
            start = time.thread_time()
            lib.poly1305aes_authenticate(out, kr, nonce, data, len(data))
            call.append(time.thread_time() - start)
            tags.add(out.raw[:16].hex())
            before = resource.getrusage(resource.RUSAGE_CHILDREN)
            start = time.perf_counter()
            done = subprocess.run(command, capture_output=True, check=True)
            wall.append(time.perf_counter() - start)
            after = resource.getrusage(resource.RUSAGE_CHILDREN)
            user.append(after.ru_utime - before.ru_utime)
            system.append(after.ru_stime - before.ru_stime)
            tags.add(done.stdout.decode().strip())
            before = resource.getrusage(resource.RUSAGE_CHILDREN)
            subprocess.run(["cat", message], stdout=subprocess.DEVNULL, check=True)
            after = resource.getrusage(resource.RUSAGE_CHILDREN)
            cat.append(after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime)
    finally:
        if not args.file:
            os.remove(message)
        for name in ("key", "nonce"):
            os.remove(os.path.join(work, name))
        os.rmdir(work)
    both = [u + s for u, s in zip(user, system)]
    median = statistics.median
    print("%s, %d MiB, median of %d runs (min-max):" % (lib.poly1305aes_implementation_name().decode(), args.mib,
                                                      args.runs))
    print("  one-shot call, CPU            %.3f s (%.3f-%.3f)" % (median(call), min(call), max(call)))
    print("  tool, user + system           %.3f s (%.3f-%.3f): user %.3f, system %.3f" %
          (median(both), min(both), max(both), median(user), median(system)))
    print("  tool, wall                    %.3f s (%.3f-%.3f)" % (median(wall), min(wall), max(wall)))
    print("  cat FILE > /dev/null, CPU     %.3f s (%.3f-%.3f)" % (median(cat), min(cat), max(cat)))
    print("  tool over call: CPU %.2f, user alone %.2f; over call + cat: %.2f" %
          (median(both) / median(call), median(user) / median(call), median(both) / (median(call) + median(cat))))
    if len(tags) != 1:
        print("FAIL the tags differ: %s" % " ".join(sorted(tags)))
        sys.exit(1)


if __name__ == "__main__":
    main()
