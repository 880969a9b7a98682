#!/usr/bin/env python3
# SPDX-License-Identifier: CC0-1.0
"""The command-line tool (cli/poly1305aes.c) as installed: test/cli.py TOOL [RUNNER...].
Tags of files and of stdin against pycryptodome's Poly1305-AES; --onetime against
RFC 8439 section 2.5.2 and Poly1305 written out here in Python integers; verify's exit
codes (0 right, 1 wrong); usage and I/O errors exit 2 with one line on stderr; natively
(no RUNNER), a sparse file of 2^32 + 5 bytes. Prints one line a case; exits 1 on a failure."""
import os
import random
import subprocess
import sys
import tempfile

from Crypto.Cipher import AES
from Crypto.Hash import Poly1305

P = (1 << 130) - 5
R_MASK = 0x0ffffffc0ffffffc0ffffffc0fffffff


def onetime(key, msg):
    """Poly1305 with the one-time key r || s (RFC 8439 section 2.5), in Python integers"""
    r = int.from_bytes(key[:16], "little") & R_MASK
    s = int.from_bytes(key[16:], "little")
    h = 0
    for i in range(0, len(msg), 16):
        h = (h + int.from_bytes(msg[i:i + 16] + b"\x01", "little")) * r % P
    return ((h + s) % (1 << 128)).to_bytes(16, "little")


def zeros_onetime(key, length):
    """onetime(key, bytes(length)) in closed form: each of the N whole blocks is 2^128, so
    after them h = 2^128 (r + ... + r^N); a tail of t bytes adds 2^(8 t), times r"""
    r = int.from_bytes(key[:16], "little") & R_MASK
    s = int.from_bytes(key[16:], "little")
    n, tail = divmod(length, 16)
    geometric = (pow(r, n + 1, P) - r) * pow(r - 1, P - 2, P) % P      # r + ... + r^n
    h = (1 << 128) * geometric % P                                      # after the whole blocks
    if tail:
        h = (h + (1 << (8 * tail))) * r % P
    return ((h + s) % (1 << 128)).to_bytes(16, "little")


def aes_tag(kr, nonce, msg):
    mac = Poly1305.new(key=kr, cipher=AES, nonce=nonce)
    mac.update(msg)
    return mac.digest()


class Cli:
    def __init__(self, tool, runner):
        self.command = runner + [tool]
        self.failures = 0

    def run(self, args, stdin=b""):
        done = subprocess.run(self.command + args, input=stdin, capture_output=True, timeout=600)
        return done.returncode, done.stdout.decode(errors="replace"), done.stderr.decode(errors="replace")

    def expect(self, what, args, code, stdout=None, stdin=b"", error_has=None):
        got_code, out, err = self.run(args, stdin)
        ok = got_code == code and (stdout is None or out == stdout)
        if code == 2:   # one line on stderr, naming what is wrong
            ok = ok and err.count("\n") == 1 and err.startswith("poly1305aes: ") and (error_has is None or error_has in err)
        print("%s %s: exit %d%s" % ("ok" if ok else "FAIL", what, got_code,
                                   (", " + err.strip()) if err else (", " + out.strip() if out else "")))
        if not ok:
            print("  wanted exit %d%s; stdout %r, stderr %r" % (code, ", stdout %r" % stdout if stdout else "", out, err))
            self.failures += 1


def main():
    if len(sys.argv) < 2:
        sys.exit("usage: test/cli.py TOOL [RUNNER...]")
    cli = Cli(sys.argv[1], sys.argv[2:])
    native = len(sys.argv) == 2
    rng = random.Random(1305)
    work = tempfile.mkdtemp(prefix="poly1305aes-cli-")
    try:
        for length in (0, 1, 15, 16, 17, 1000, 65536 + 33, 200000):
            kr = bytes(rng.randrange(256) for _ in range(32))
            nonce = bytes(rng.randrange(256) for _ in range(16))
            msg = bytes(rng.randrange(256) for _ in range(length))
            path = os.path.join(work, "m%d" % length)
            with open(path, "wb") as f:
                f.write(msg)
            want = aes_tag(kr, nonce, msg).hex()
            base = ["--key", kr.hex(), "--nonce", nonce.hex()]
            cli.expect("tag of a %d-byte file" % length, ["tag"] + base + [path], 0, want + "\n")
            cli.expect("tag of %d bytes on stdin" % length, ["tag"] + base, 0, want + "\n", stdin=msg)
            cli.expect("tag of %d bytes on stdin named -" % length, ["tag"] + base + ["-"], 0, want + "\n", stdin=msg)
            cli.expect("verify, the right tag, %d bytes" % length, ["verify"] + base + ["--tag", want, path], 0, "")
            wrong = bytearray.fromhex(want)
            wrong[length % 16] ^= 1 << (length % 8)
            cli.expect("verify, a tag with a bit flipped, %d bytes" % length,
                       ["verify"] + base + ["--tag", wrong.hex(), path], 1, "")
            key = bytes(rng.randrange(256) for _ in range(32))
            want = onetime(key, msg).hex()
            cli.expect("tag --onetime, %d bytes" % length, ["tag", "--onetime", "--key", key.hex(), path], 0, want + "\n")
            cli.expect("verify --onetime, %d bytes" % length,
                       ["verify", "--onetime", "--key", key.hex(), "--tag", want], 0, "", stdin=msg)
        # RFC 8439 section 2.5.2
        rfc_key = "85d6be7857556d337f4452fe42d506a80103808afb0db2fd4abff6af4149f51b"
        cli.expect("RFC 8439 2.5.2", ["tag", "--onetime", "--key", rfc_key], 0, "a8061dc1305136c6c22b8baf0c0127a9\n",
                   stdin=b"Cryptographic Forum Research Group")
        # errors: exit 2, one line naming the argument
        k, n, t = "00" * 32, "00" * 16, "00" * 16
        path = os.path.join(work, "m16")
        cli.expect("bad hex in --key", ["tag", "--key", "zz" + k[2:], "--nonce", n, path], 2, "", error_has="--key")
        cli.expect("bad hex in --nonce", ["tag", "--key", k, "--nonce", n[:-1] + "g", path], 2, "", error_has="--nonce")
        cli.expect("bad hex in --tag", ["verify", "--key", k, "--nonce", n, "--tag", "x" + t[1:], path], 2, "",
                   error_has="--tag")
        cli.expect("a short --key", ["tag", "--key", k[:-2], "--nonce", n, path], 2, "", error_has="--key")
        cli.expect("a long --nonce", ["tag", "--key", k, "--nonce", n + "00", path], 2, "", error_has="--nonce")
        cli.expect("a short --tag", ["verify", "--key", k, "--nonce", n, "--tag", t[:-1], path], 2, "", error_has="--tag")
        cli.expect("a missing file", ["tag", "--key", k, "--nonce", n, os.path.join(work, "absent")], 2, "",
                   error_has="absent")
        cli.expect("a directory for a file", ["tag", "--key", k, "--nonce", n, work], 2, "", error_has=work)
        cli.expect("no --nonce", ["tag", "--key", k, path], 2, "", error_has="--nonce")
        cli.expect("--nonce with --onetime", ["tag", "--onetime", "--key", k, "--nonce", n, path], 2, "",
                   error_has="--nonce")
        cli.expect("verify without --tag", ["verify", "--key", k, "--nonce", n, path], 2, "", error_has="--tag")
        cli.expect("an unknown option", ["tag", "--kye", k, "--nonce", n, path], 2, "", error_has="--kye")
        cli.expect("two files", ["tag", "--key", k, "--nonce", n, path, path], 2, "")
        cli.expect("no command", [], 2, "", error_has="tag or verify")
        cli.expect("an unknown command", ["sign", "--key", k], 2, "", error_has="sign")
        if native:   # a sparse file beyond 2^32 bytes
            length = (1 << 32) + 5
            big = os.path.join(work, "sparse")
            with open(big, "wb") as f:
                f.truncate(length)
            key = bytes(rng.randrange(256) for _ in range(32))
            want = zeros_onetime(key, length).hex()
            assert zeros_onetime(key, 1000) == onetime(key, bytes(1000))
            cli.expect("tag --onetime of a sparse file of 2^32 + 5 zero bytes",
                       ["tag", "--onetime", "--key", key.hex(), big], 0, want + "\n")
            os.remove(big)
        else:
            print("note: the file beyond 2^32 bytes is tested natively (amd64, x86) only: this target runs under %s"
                  % " ".join(sys.argv[2:]))
    finally:
        for name in os.listdir(work):
            os.remove(os.path.join(work, name))
        os.rmdir(work)
    print("%s: %d failure(s)" % ("FAIL" if cli.failures else "PASS", cli.failures))
    sys.exit(1 if cli.failures else 0)


if __name__ == "__main__":
    main()
