#!/usr/bin/env python3
# SPDX-License-Identifier: CC0-1.0
"""The sequence fuzzer: random sequences of the streaming API's calls, copies
of states to other alignments, expanded keys (key_expand,
authenticate_expanded, verify_expanded, key_wipe, copies of keys),
batches (authenticate_many, verify_many), and misuse, against a model of
the definition (one stream per state), on every code path of an
implementation.

  python3 -m test.seqfuzz [--run RUNNER] [--seed N] [--steps K] PROGRAM [--generic PROGRAM]

PROGRAM is test/seqfuzz.c built against the implementation's namespaced
library (mk/impl.mk's seqfuzz); --generic also runs the build against the
installed static library (seqfuzz-generic), where the generic API's pointer
checks are, with NULL-pointer misuse added. RUNNER (e.g. "qemu-ppc -cpu
7400") runs them. For every path the program lists, K operations on four
states; paths are switched in the middle of the sequence too (a stream
keeps the path it started on). The model: a live state holds its key and
every byte absorbed; init and onetimeauth_init make it live; final and
final_verify end it; a copy is what it was copied from. A misuse (update or
final on a state not live, finished, zeroed or pseudo-random; a NULL
pointer) must end the program with SIGABRT after one line on stderr,
"poly1305aes: " and the function's name, and leave the caller's state as
it was; final_verify on a state not live, or a verify given a NULL pointer,
must return 0. An expanded key is live from key_expand until key_wipe or
its bytes are zeroed, on any path (a key expanded on one path serves on
another); authenticate_expanded with a key not live must abort as a
misuse, verify_expanded must return 0 whatever the tag. Prints the count of operations and of misuse steps per path;
exit 1 on the first difference (with the operations before it).
"""
import argparse
import random
import shlex
import subprocess
import sys

from test.gen_vectors import poly1305_h, poly1305aes

SLOTS = 4
KEY_SLOTS = 3
ZERO_TAG = bytes(16)
# lines qemu-user adds on stderr when the program it runs dies of a signal
EMULATOR_LINE = "qemu: uncaught target signal"


def tag_of(stream):
    """the tag of a live state's model: (key kind, key bytes, nonce, message)"""
    kind, key, nonce, message = stream
    if kind == "aes":
        return poly1305aes(key[:16], key[16:], nonce, bytes(message))
    s = int.from_bytes(key[16:], "little")   # a one-time key: r, then s
    return ((poly1305_h(key[:16], bytes(message)) + s) % 2 ** 128).to_bytes(16, "little")


class Sequence:
    """operations and the lines the program must print for them"""

    def __init__(self, rng, alignment, key_alignment):
        self.rng = rng
        self.alignment = alignment
        self.key_alignment = key_alignment
        self.expanded = [None] * KEY_SLOTS   # None: not live; else the kr expanded into it
        self.ops = []
        self.want = []
        self.misuse = 0
        self.slots = [None] * SLOTS   # None: not live; else [kind, key, nonce, bytearray]
        self.keys = [bytes(rng.randrange(256) for _ in range(32)) for _ in range(3)]

    def add(self, op, want):
        self.ops.append(op)
        self.want.append(want)

    def key(self):
        rng = self.rng
        if rng.random() < 0.3:
            return rng.choice(self.keys)   # keys repeat across states
        return bytes(rng.randrange(256) for _ in range(32))

    def piece(self):
        rng = self.rng
        roll = rng.random()
        if roll < 0.15:
            n = 0
        elif roll < 0.75:
            n = rng.randrange(1, 48)
        elif roll < 0.95:
            n = rng.randrange(48, 600)
        else:
            n = rng.randrange(600, 3000)
        return bytes(rng.randrange(256) for _ in range(n))

    def aborts(self, op, function):
        """op must abort with one line naming function; the state is left as it was"""
        self.misuse += 1
        self.add("! " + op, ("abort", function))

    def candidate(self, right, wrong):
        """a tag to verify and whether it is right: right (None: none is), right with one bit
        flipped, one of the tags wrong, or random bytes"""
        rng = self.rng
        choice = rng.random()
        if right is not None and choice < 0.5:
            return right, 1
        if right is not None and choice < 0.8:
            return (int.from_bytes(right, "little") ^ (1 << rng.randrange(128))).to_bytes(16, "little"), 0
        tag = rng.choice(wrong + (bytes(rng.randrange(256) for _ in range(16)),))
        return tag, 1 if tag == right else 0

    def many_step(self):
        """a batch of 0 to 8 messages, keys repeating, total bytes kept below a line's room"""
        rng = self.rng
        count = rng.randrange(9)
        items = []
        for _ in range(count):
            key, nonce = self.key(), bytes(rng.randrange(256) for _ in range(16))
            m = bytes(rng.randrange(256) for _ in range(rng.choice((0, 1, 15, 16, 17, 64, rng.randrange(300)))))
            items.append((key, nonce, m, tag_of(("aes", key, nonce, m))))
        words = ["%s %s %s" % (k.hex(), n.hex(), m.hex() or "-") for k, n, m, _ in items]
        if rng.random() < 0.5:
            self.add(" ".join(["many %d" % count] + words), " ".join(["tags"] + [t.hex() for _, _, _, t in items]))
            return
        oks, tags = [], []
        for _, _, _, right in items:
            tag, ok = self.candidate(right, (ZERO_TAG,))
            tags.append(tag)
            oks.append(ok)
        self.add(" ".join(["vmany %d" % count] + ["%s %s" % (t.hex(), w) for t, w in zip(tags, words)]),
                 " ".join(["vmany %d" % int(all(oks))] + [str(ok) for ok in oks]))

    def key_step(self):
        """one operation on the expanded keys"""
        rng = self.rng
        e = rng.randrange(KEY_SLOTS)
        kr = self.expanded[e]
        roll = rng.random()
        if roll < 0.25:
            key = self.key()
            self.add("expand %d %s" % (e, key.hex()), "ok")
            self.expanded[e] = key
        elif roll < 0.55:
            nonce, m = bytes(rng.randrange(256) for _ in range(16)), self.piece()
            op = "eauth %d %s %s" % (e, nonce.hex(), m.hex() or "-")
            if kr is None:
                self.aborts(op, "poly1305aes_authenticate_expanded")
            else:
                self.add(op, "tag " + tag_of(("aes", kr, nonce, m)).hex())
        elif roll < 0.8:
            nonce, m = bytes(rng.randrange(256) for _ in range(16)), self.piece()
            zero_kr = tag_of(("aes", bytes(32), nonce, m))   # what a zeroed key would give, read as kr
            tag, ok = self.candidate(tag_of(("aes", kr, nonce, m)) if kr is not None else None, (ZERO_TAG, zero_kr))
            if kr is None:
                self.misuse += 1
            self.add("everify %d %s %s %s" % (e, nonce.hex(), tag.hex(), m.hex() or "-"), "verify %d" % ok)
        elif roll < 0.87:
            self.add("ewipe %d" % e, "ok")
            self.expanded[e] = None
        elif roll < 0.9:
            self.add("ezero %d" % e, "ok")
            self.expanded[e] = None
        else:
            f = rng.randrange(KEY_SLOTS)
            at = self.key_alignment * rng.randrange(16 // self.key_alignment)
            self.add("ecopy %d %d %d" % (e, f, at), "ok")
            self.expanded[f] = kr

    def step(self, paths):
        rng = self.rng
        roll = rng.random()
        if roll < 0.25:
            self.key_step()
            return
        if roll < 0.3:
            self.many_step()
            return
        s = rng.randrange(SLOTS)
        stream = self.slots[s]
        roll = rng.random()
        if roll < 0.03 and paths > 1:
            p = rng.randrange(paths)
            self.add("use %d" % p, None)   # the answer depends on the CPU: read, not compared
        elif roll < 0.15:
            key, nonce = self.key(), bytes(rng.randrange(256) for _ in range(16))
            self.add("init %d %s %s" % (s, key.hex(), nonce.hex()), "ok")
            self.slots[s] = ["aes", key, nonce, bytearray()]
        elif roll < 0.22:
            key = self.key()
            self.add("otinit %d %s" % (s, key.hex()), "ok")
            self.slots[s] = ["onetime", key, None, bytearray()]
        elif roll < 0.55:
            m = self.piece()
            op = "update %d %s" % (s, m.hex() or "-")
            if stream is None:
                self.aborts(op, "poly1305aes_update")
            else:
                self.add(op, "ok")
                stream[3] += m
        elif roll < 0.65:
            if stream is None:
                self.aborts("final %d" % s, "poly1305aes_final")
            else:
                self.add("final %d" % s, "tag " + tag_of(stream).hex())
                self.slots[s] = None
        elif roll < 0.78:
            tag, ok = self.candidate(tag_of(stream) if stream is not None else None, (ZERO_TAG, ZERO_TAG))
            if stream is None:
                self.misuse += 1
            self.add("verify %d %s" % (s, tag.hex()), "verify %d" % ok)
            self.slots[s] = None
        elif roll < 0.88:
            t = rng.randrange(SLOTS)
            at = self.alignment * rng.randrange(16 // self.alignment)
            self.add("copy %d %d %d" % (s, t, at), "ok")
            self.slots[t] = None if stream is None else [stream[0], stream[1], stream[2], bytearray(stream[3])]
        elif roll < 0.93:
            self.add("zero %d" % s, "ok")
            self.slots[s] = None
        elif roll < 0.96:
            self.add("fill %d %d" % (s, rng.randrange(2 ** 63)), "ok")
            self.slots[s] = None
        else:
            key, m = self.key(), self.piece()
            if rng.random() < 0.5:
                nonce = bytes(rng.randrange(256) for _ in range(16))
                self.add("auth %s %s %s" % (key.hex(), nonce.hex(), m.hex() or "-"),
                         "tag " + tag_of(("aes", key, nonce, m)).hex())
            else:
                self.add("onetime %s %s" % (key.hex(), m.hex() or "-"), "tag " + tag_of(("onetime", key, None, m)).hex())

    def nulls(self):
        """every NULL-pointer misuse of the generic API once, on slot 0"""
        producers = {"authenticate": ("out", "key", "nonce", "message"), "onetime": ("out", "key", "message"),
                     "clamp": ("kr",), "init": ("st", "key", "nonce"), "otinit": ("st", "key"),
                     "update": ("st", "message"), "final": ("st", "out")}
        names = {"authenticate": "authenticate", "onetime": "onetimeauth", "clamp": "clamp", "init": "init",
                 "otinit": "onetimeauth_init", "update": "update", "final": "final"}
        for function, args in producers.items():
            if function in ("update", "final") and self.slots[0] is None:   # a live state, so only the NULL is wrong
                self.add("otinit 0 %s" % self.keys[0].hex(), "ok")
                self.slots[0] = ["onetime", self.keys[0], None, bytearray()]
            for arg in args:
                self.aborts("null %s %s 0" % (function, arg), "poly1305aes_" + names[function])
        for arg in ("ek", "key"):
            self.aborts("null expand %s" % arg, "poly1305aes_key_expand")
        self.add("expand 0 %s" % self.keys[2].hex(), "ok")   # key slot 0 live: only the NULL is wrong
        self.expanded[0] = self.keys[2]
        for arg in ("out", "ek", "nonce", "message"):
            self.aborts("null eauth %s" % arg, "poly1305aes_authenticate_expanded")
        self.aborts("null ewipe ek", "poly1305aes_key_wipe")
        for arg in ("tag", "ek", "nonce", "message"):
            self.misuse += 1
            self.add("null everify %s" % arg, "verify 0")
        for function, args in (("verify", ("tag", "key", "nonce", "message")), ("otverify", ("tag", "key", "message"))):
            for arg in args:
                self.misuse += 1
                self.add("null %s %s" % (function, arg), "verify 0")
        for arg in ("st", "tag"):
            self.add("otinit 0 %s" % self.keys[1].hex(), "ok")
            self.misuse += 1
            self.add("null fverify %s 0" % arg, "verify 0")
            self.slots[0] = ["onetime", self.keys[1], None, bytearray()] if arg == "st" else None
        if self.slots[0] is not None:   # final_verify(NULL, tag) left slot 0 live: end it
            self.add("final 0", "tag " + tag_of(self.slots[0]).hex())
            self.slots[0] = None


def run(command, lines):
    result = subprocess.run(command, input="".join(line + "\n" for line in lines), capture_output=True,
                            text=True, check=False)
    return result.returncode, result.stdout.splitlines(), result.stderr


def check(want, got, op):
    """None when the program's line got answers op as want says, else the difference"""
    if want is None:
        return None
    if isinstance(want, tuple):
        function = want[1]
        if not got.startswith("abort "):
            return "a misuse did not abort: %s" % got
        lines = [line for line in got[len("abort "):].split("|") if line and not line.startswith(EMULATOR_LINE)]
        if len(lines) != 1 or not lines[0].startswith("poly1305aes: " + function):
            return "the abort did not write one line naming %s: %r" % (function, lines)
        return None
    return None if got == want else "got %r, want %r" % (got, want)


def fuzz(command, rng, steps, generic):
    code, out, err = run(command, ["paths"])
    if code != 0 or not out or not out[0].startswith("paths "):
        print("FAIL seqfuzz: the program did not list its paths (exit %d): %s" % (code, err.strip()))
        return False
    words = [int(word) for word in out[0].split()[1:]]
    paths, alignment, key_alignment = words[0], words[1], words[2] if len(words) > 2 else 8
    ok = True
    for p in range(paths):
        code, out, err = run(command, ["use %d" % p])
        if out != ["use 1"]:
            print("NOTE seqfuzz: path %d does not run on this CPU: not fuzzed here" % p)
            continue
        sequence = Sequence(rng, alignment, key_alignment)
        sequence.add("use %d" % p, "use 1")
        for _ in range(steps):
            sequence.step(paths)
        if generic:
            sequence.nulls()
        for s in range(SLOTS):   # every state ends, so that a stream left live cannot hide
            if sequence.slots[s] is not None:
                sequence.add("final %d" % s, "tag " + tag_of(sequence.slots[s]).hex())
                sequence.slots[s] = None
        code, out, err = run(command, sequence.ops)
        for i, (op, want) in enumerate(zip(sequence.ops, sequence.want)):
            got = out[i] if i < len(out) else "(nothing: exit %d, %s)" % (code, err.strip()[:200])
            difference = check(want, got, op)
            if difference:
                print("FAIL seqfuzz path %d, operation %d: %s: %s" % (p, i, op[:120], difference))
                for before in sequence.ops[max(0, i - 8):i]:
                    print("  after: %s" % before[:120])
                ok = False
                break
        else:
            if code != 0 or len(out) != len(sequence.ops):
                print("FAIL seqfuzz path %d: exit %d, %d lines for %d operations: %s"
                      % (p, code, len(out), len(sequence.ops), err.strip()[:200]))
                ok = False
            else:
                print("ok seqfuzz %s path %d: %d operations, %d misuse steps (each refused)"
                      % ("generic API" if generic else "namespaced", p, len(sequence.ops), sequence.misuse))
    return ok


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--run", default="", help="the emulator command, if any")
    parser.add_argument("--seed", type=int, default=None)
    parser.add_argument("--steps", type=int, default=400)
    parser.add_argument("--generic", help="the driver built against the installed static library")
    parser.add_argument("program")
    args = parser.parse_args()
    seed = args.seed if args.seed is not None else random.randrange(2 ** 32)
    print("seqfuzz: seed %d (--seed %d repeats this run)" % (seed, seed))
    rng = random.Random(seed)
    runner = shlex.split(args.run)
    ok = fuzz(runner + [args.program], rng, args.steps, False)
    if args.generic:
        ok = fuzz(runner + [args.generic], rng, args.steps, True) and ok
    print("PASS seqfuzz" if ok else "FAIL seqfuzz")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
