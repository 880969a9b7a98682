#!/usr/bin/env python3
# SPDX-License-Identifier: CC0-1.0
"""The command-line tool (cli/poly1305aes.c) as installed: test/cli.py TOOL [RUNNER...].
Tags of files, of a pipe, of a named pipe and of stdin (a pipe, a file, a file read in
part) against pycryptodome's Poly1305-AES; --onetime against RFC 8439 section 2.5.2 and
Poly1305 written out here in Python integers; keys, nonces and tags from files (hex,
raw, standard input); verify's exit codes (0 right, 1 wrong); usage and I/O errors
(key files of the wrong size or with other bytes, a message that grows or shrinks while
read, an unwritable output) exit 2 with one line on stderr and no tag; README.md's
example of the tool, run, with no key in any argv; natively (no RUNNER), a sparse file
of 5 GiB + 5 bytes, tagged and verified, and --key's argument zeroed in the tool's memory
once read. Prints one line a case; exits 1 on a failure."""
import os
import random
import re
import shutil
import subprocess
import sys
import tempfile
import time

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
    after them h = 2^128 (r^N + ... + r); a tail of t bytes adds 2^(8 t), times r"""
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


def zeros_aes(kr, nonce, length):
    """aes_tag(kr, nonce, bytes(length)): Poly1305 with r = kr[16:] and s = AES_k(n)"""
    s = AES.new(kr[:16], AES.MODE_ECB).encrypt(nonce)
    return zeros_onetime(kr[16:] + s, length)


def write(path, data):
    with open(path, "wb") as f:
        f.write(data)
    return path


class Cli:
    def __init__(self, tool, runner):
        self.command = runner + [os.path.abspath(tool) if os.sep in tool else tool]
        self.failures = 0

    def run(self, args, stdin=b"", stdout=subprocess.PIPE):
        """stdin: bytes (through a pipe) or an open file"""
        feed = {"input": stdin} if isinstance(stdin, bytes) else {"stdin": stdin}
        done = subprocess.run(self.command + args, stdout=stdout, stderr=subprocess.PIPE, timeout=600, **feed)
        return done.returncode, (done.stdout or b"").decode(errors="replace"), done.stderr.decode(errors="replace")

    def check(self, what, got, code, stdout=None, error_has=None):
        """got: (exit code, stdout, stderr); a tool's error (code 2) is one line on
        stderr naming what is wrong, and nothing on stdout"""
        got_code, out, err = got
        ok = got_code == code and (stdout is None or out == stdout)
        if code == 2:
            ok = ok and out == "" and err.count("\n") == 1 and err.startswith("poly1305aes: ") and \
                (error_has is None or error_has in err)
        print("%s %s: exit %d%s" % ("ok" if ok else "FAIL", what, got_code,
                                   (", " + err.strip()) if err else (", " + out.strip() if out else "")))
        if not ok:
            print("  wanted exit %d%s; stdout %r, stderr %r" % (code, ", stdout %r" % stdout if stdout else "", out, err))
            self.failures += 1

    def expect(self, what, args, code, stdout=None, stdin=b"", error_has=None):
        self.check(what, self.run(args, stdin), code, stdout, error_has)

    def blocked_on(self, fifo, args, then, data):
        """runs the tool with args, one of which is the named pipe fifo; once the tool
        has opened fifo for reading, calls then(the process), writes data into fifo,
        closes it; returns (exit code, stdout, stderr)"""
        process = subprocess.Popen(self.command + args, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        deadline = time.monotonic() + 600
        while True:   # a writer's open without O_NONBLOCK would wait forever on a tool that never opens it
            try:
                fd = os.open(fifo, os.O_WRONLY | os.O_NONBLOCK)
                break
            except OSError:
                if process.poll() is not None or time.monotonic() > deadline:
                    out, err = process.communicate()
                    return (process.returncode if process.returncode is not None else -1,
                            out.decode(errors="replace"), "never opened %s; " % fifo + err.decode(errors="replace"))
                time.sleep(0.01)
        try:
            then(process)
            os.set_blocking(fd, True)
            os.write(fd, data)
        except BrokenPipeError:
            pass
        finally:
            os.close(fd)
        out, err = process.communicate(timeout=600)
        return process.returncode, out.decode(errors="replace"), err.decode(errors="replace")


def files(cli, work, rng, native):
    """keys, nonces and tags from files and standard input, a message from a pipe, a
    named pipe or a file on standard input; a message that grows or shrinks while
    read; key files of the wrong size or with other bytes; an unwritable output"""
    kr = bytes(rng.randrange(256) for _ in range(32))
    nonce = bytes(rng.randrange(256) for _ in range(16))
    msg = bytes(rng.randrange(256) for _ in range(300000))
    want = aes_tag(kr, nonce, msg)
    path = write(os.path.join(work, "message"), msg)
    key_hex = write(os.path.join(work, "key.hex"), kr.hex().encode() + b"\n")
    key_raw = write(os.path.join(work, "key.raw"), kr)
    nonce_hex = write(os.path.join(work, "nonce.hex"), nonce.hex().upper().encode())
    nonce_raw = write(os.path.join(work, "nonce.raw"), nonce)
    tag_hex = write(os.path.join(work, "tag.hex"), want.hex().encode() + b"\n")
    tag_raw = write(os.path.join(work, "tag.raw"), want)
    line = want.hex() + "\n"
    cli.expect("--key-file hex and a newline, --nonce-file hex in capitals",
               ["tag", "--key-file", key_hex, "--nonce-file", nonce_hex, path], 0, line)
    cli.expect("--key-file raw, --nonce-file raw", ["tag", "--key-file", key_raw, "--nonce-file", nonce_raw, path], 0, line)
    cli.expect("--key-file -, the key's hex on standard input",
               ["tag", "--key-file", "-", "--nonce-file", nonce_raw, path], 0, line, stdin=kr.hex().encode())
    cli.expect("--nonce-file -, raw on standard input",
               ["tag", "--key-file", key_raw, "--nonce-file", "-", path], 0, line, stdin=nonce)
    cli.expect("verify --tag-file hex (tag's own output)",
               ["verify", "--key-file", key_hex, "--nonce-file", nonce_hex, "--tag-file", tag_hex, path], 0, "")
    cli.expect("verify --tag-file raw", ["verify", "--key-file", key_raw, "--nonce-file", nonce_raw, "--tag-file", tag_raw,
                                         path], 0, "")
    cli.expect("verify --tag-file -", ["verify", "--key-file", key_raw, "--nonce-file", nonce_raw, "--tag-file", "-",
                                       path], 0, "", stdin=want)
    wrong = write(os.path.join(work, "tag.wrong"), bytes([want[0] ^ 0x80]) + want[1:])
    cli.expect("verify --tag-file, a bit flipped", ["verify", "--key-file", key_raw, "--nonce-file", nonce_raw,
                                                   "--tag-file", wrong, path], 1, "")
    base = ["--key-file", key_raw, "--nonce-file", nonce_raw]
    with open(path, "rb") as f:
        cli.expect("a message on standard input that is a file", ["tag"] + base, 0, line, stdin=f)
    with open(path, "rb") as f:
        f.seek(1000)
        cli.expect("standard input a file read in part: the rest is the message", ["tag"] + base, 0,
                   aes_tag(kr, nonce, msg[1000:]).hex() + "\n", stdin=f)
    done = subprocess.run("cat '%s' | %s" % (path, " ".join("'%s'" % w for w in cli.command + ["tag"] + base)), shell=True,
                          capture_output=True, timeout=600)
    cli.check("a message through a shell's pipe", (done.returncode, done.stdout.decode(), done.stderr.decode()), 0, line)
    fifo = os.path.join(work, "fifo")
    os.mkfifo(fifo)
    cli.check("a message from a named pipe", cli.blocked_on(fifo, ["tag"] + base + [fifo], lambda p: None, msg), 0, line)
    # the message changes between the tool's taking its size and its reading: the
    # tool opens the key file after the message's size, so it is blocked on
    # the named pipe while the message is changed
    for what, change, read, has in (("grows", lambda f: f.write(b"more"), msg + b"more", "changed size while read"),
                                     ("shrinks", lambda f: f.truncate(len(msg) - 7), msg[:-7], "short read")):
        write(path, msg)
        def alter(process):
            with open(path, "r+b") as f:
                f.seek(0, os.SEEK_END)
                change(f)
        cli.check("tag, the message %s while the tool waits for its key" % what,
                  cli.blocked_on(fifo, ["tag", "--key-file", fifo, "--nonce-file", nonce_raw, path], alter, kr), 2,
                  error_has=has)
        write(path, msg)
        cli.check("verify of the tag of the bytes read, the message %s while the tool waits for its key" % what,
                  cli.blocked_on(fifo, ["verify", "--key-file", fifo, "--nonce-file", nonce_raw, "--tag",
                                        aes_tag(kr, nonce, read).hex(), path], alter, kr), 2, error_has=has)
    if native:   # qemu-user keeps its own copy of the guest's arguments: natively only
        seen = []
        def key_gone(process):
            """waits until the key is no longer in the tool's command line"""
            for _ in range(1000):
                with open("/proc/%d/cmdline" % process.pid, "rb") as f:
                    if kr.hex().encode() not in f.read():
                        seen.append(True)
                        return
                time.sleep(0.01)
        got = cli.blocked_on(fifo, ["tag", "--key", kr.hex(), "--nonce-file", nonce_raw, fifo], key_gone, msg)
        cli.check("--key's argument zeroed once read (blocked on a named pipe; /proc/PID/cmdline)",
                  got if seen else (-1, got[1], "the key stayed in /proc/PID/cmdline for 10 s"), 0, line)
    write(path, msg)
    with open("/dev/full", "wb") as full:
        cli.check("tag to an unwritable output (/dev/full)", cli.run(["tag"] + base + [path], stdout=full), 2,
                  error_has="cannot write")
    # key, nonce and tag files that are not 2 n hex digits (and a newline) or n raw bytes
    for what, data in (("empty", b""), ("31 raw bytes", kr[:31]), ("33 raw bytes", kr + b"x"),
                       ("32 raw bytes and a newline", kr + b"\n"), ("63 hex digits", kr.hex()[:-1].encode()),
                       ("65 hex digits", kr.hex().encode() + b"0"), ("hex and two newlines", kr.hex().encode() + b"\n\n"),
                       ("hex and CR LF", kr.hex().encode() + b"\r\n"), ("hex and a space", kr.hex().encode() + b" "),
                       ("a space before the hex", b" " + kr.hex().encode()), ("1 MiB", bytes(1 << 20))):
        bad = write(os.path.join(work, "bad"), data)
        cli.expect("--key-file %s" % what, ["tag", "--key-file", bad, "--nonce-file", nonce_raw, path], 2,
                   error_has="--key-file")
        cli.expect("verify, --key-file %s" % what, ["verify", "--key-file", bad, "--nonce-file", nonce_raw,
                                                    "--tag-file", tag_raw, path], 2, error_has="--key-file")
    for what, data in (("a letter g", "g" + kr.hex()[1:]), ("a colon", kr.hex()[:40] + ":" + kr.hex()[41:])):
        bad = write(os.path.join(work, "bad"), data.encode())
        cli.expect("--key-file with %s among 64 characters" % what,
                   ["tag", "--key-file", bad, "--nonce-file", nonce_raw, path], 2, error_has="not a hex digit")
    bad = write(os.path.join(work, "bad"), nonce.hex()[:-1].encode() + b"z")
    cli.expect("--nonce-file with other bytes", ["tag", "--key-file", key_raw, "--nonce-file", bad, path], 2,
               error_has="--nonce-file")
    bad = write(os.path.join(work, "bad"), want + b"\0")
    cli.expect("--tag-file of 17 bytes", ["verify", "--key-file", key_raw, "--nonce-file", nonce_raw, "--tag-file", bad,
                                          path], 2, error_has="--tag-file")
    cli.expect("--key-file missing", ["tag", "--key-file", os.path.join(work, "absent"), "--nonce-file", nonce_raw, path],
               2, error_has="absent")
    cli.expect("--key-file a directory", ["tag", "--key-file", work, "--nonce-file", nonce_raw, path], 2,
               error_has="--key-file")
    cli.expect("--key and --key-file", ["tag", "--key", kr.hex(), "--key-file", key_raw, "--nonce-file", nonce_raw, path],
               2, error_has="--key-file")
    cli.expect("--key-file - with the message on standard input",
               ["tag", "--key-file", "-", "--nonce-file", nonce_raw], 2, error_has="--key-file -", stdin=kr)
    cli.expect("--key-file - with the message FILE -",
               ["tag", "--key-file", "-", "--nonce-file", nonce_raw, "-"], 2, error_has="--key-file -", stdin=kr)
    cli.expect("--key-file - and --nonce-file -", ["tag", "--key-file", "-", "--nonce-file", "-", path], 2,
               error_has="--nonce-file -", stdin=kr + nonce)
    cli.expect("--tag-file with tag", ["tag", "--key-file", key_raw, "--nonce-file", nonce_raw, "--tag-file", tag_raw,
                                       path], 2, error_has="--tag-file")
    got = cli.run(["--help"])
    text = got[1]
    ok = got[0] == 0 and "--key-file" in text and "--key HEX64" in text and \
        text.index("--key-file") < text.index("--key HEX64") and "other local users" in text and "history" in text
    print("%s --help names --key-file before --key HEX64, and says who can read a command line" % ("ok" if ok else "FAIL"))
    cli.failures += not ok


def readme_example(cli, work):
    """README.md's shell example of the tool (its one sh block that runs poly1305aes
    tag), run in a directory holding a file 'message', with a poly1305aes first on
    PATH that fails on --key (a key on the command line) and otherwise runs the
    tool: every command must succeed"""
    readme = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "README.md")
    with open(readme) as f:
        text = f.read()
    found = [block for block in re.findall(r"^```sh\n(.*?)^```$", text, re.S | re.M) if "poly1305aes tag" in block]
    if len(found) != 1:
        print("FAIL README.md has %d sh blocks that run poly1305aes tag, not one" % len(found))
        cli.failures += 1
        return
    where = os.path.join(work, "readme")
    os.mkdir(os.path.join(where))
    os.mkdir(os.path.join(where, "bin"))
    wrapper = os.path.join(where, "bin", "poly1305aes")
    with open(wrapper, "w") as f:
        f.write("#!/bin/sh\nfor a do [ \"$a\" != --key ] || { echo 'a key on the command line' >&2; exit 3; }; done\n"
                "exec %s \"$@\"\n" % " ".join("'%s'" % word for word in cli.command))
    os.chmod(wrapper, 0o755)
    write(os.path.join(where, "message"), b"attack at dawn\n")
    env = dict(os.environ, PATH=os.path.join(where, "bin") + ":" + os.environ["PATH"])
    done = subprocess.run(["sh", "-e", "-x", "-c", found[0]], cwd=where, env=env, capture_output=True, timeout=600)
    err = done.stderr.decode(errors="replace")
    ok = done.returncode == 0 and "a key on the command line" not in err
    print("%s README.md's example of the tool runs, no key in an argv: exit %d" % ("ok" if ok else "FAIL", done.returncode))
    if not ok:
        print("  " + err.replace("\n", "\n  "))
        cli.failures += 1


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
        files(cli, work, rng, native)
        readme_example(cli, work)
        if native:   # a sparse file beyond 2^32 bytes
            length = (5 << 30) + 5
            big = os.path.join(work, "sparse")
            with open(big, "wb") as f:
                f.truncate(length)
            kr = bytes(rng.randrange(256) for _ in range(32))
            nonce = bytes(rng.randrange(256) for _ in range(16))
            key = bytes(rng.randrange(256) for _ in range(32))
            assert zeros_onetime(key, 1000) == onetime(key, bytes(1000))
            assert zeros_aes(kr, nonce, 1000) == aes_tag(kr, nonce, bytes(1000))
            want = zeros_aes(kr, nonce, length).hex()
            keys = [write(os.path.join(work, "big.key"), kr), write(os.path.join(work, "big.nonce"), nonce)]
            cli.expect("tag of a sparse file of 5 GiB + 5 zero bytes",
                       ["tag", "--key-file", keys[0], "--nonce-file", keys[1], big], 0, want + "\n")
            want = zeros_onetime(key, length)
            with open(big, "rb") as f:
                cli.expect("verify --onetime of 5 GiB + 5 zero bytes, standard input that file",
                           ["verify", "--onetime", "--key-file", write(os.path.join(work, "big.otk"), key.hex().encode()),
                            "--tag", want.hex()], 0, "", stdin=f)
            os.remove(big)
        else:
            print("note: the file beyond 2^32 bytes is tested natively (amd64, x86) only: this target runs under %s"
                  % " ".join(sys.argv[2:]))
    finally:
        shutil.rmtree(work)
    print("%s: %d failure(s)" % ("FAIL" if cli.failures else "PASS", cli.failures))
    sys.exit(1 if cli.failures else 0)


if __name__ == "__main__":
    main()
