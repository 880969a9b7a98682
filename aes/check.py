#!/usr/bin/env python3
# SPDX-License-Identifier: CC0-1.0
"""Check the reference AES and the table generator against independent answers.

  check.py RUNNER... KAT      (RUNNER may be empty: the program runs natively)

KAT is aes/kat.c built for some target. Its S-box must equal the one
aes/gentable.py computes; FIPS-197 C.1 must give the published ciphertext; the
10000-step chain must end where pycryptodome's AES ends the same chain.
"""
import subprocess
import sys

from aes.gentable import SBOX


def pycryptodome_chain(steps):
    try:
        from Crypto.Cipher import AES
    except ImportError:
        sys.exit("aes/check.py: pycryptodome is required (python3 -m pip install pycryptodome)")
    key = block = bytes(16)
    for _ in range(steps):
        out = AES.new(key, AES.MODE_ECB).encrypt(block)
        block = out
        key = bytes(a ^ b for a, b in zip(key, out))
    return out.hex()


def main():
    result = subprocess.run(sys.argv[1:], stdout=subprocess.PIPE, text=True)
    if result.returncode != 0:
        sys.exit("aes/check.py: %s failed" % " ".join(sys.argv[1:]))
    got = dict(line.split() for line in result.stdout.splitlines())
    want = {
        "sbox": bytes(SBOX).hex(),
        "fips197-c1": "69c4e0d86a7b0430d8cdb78070b4c55a",
        "chain10000": pycryptodome_chain(10000),
    }
    failed = False
    for name, value in want.items():
        if got.get(name) != value:
            print("FAIL aes %s: got %s, want %s" % (name, got.get(name), value))
            failed = True
        else:
            print("ok aes %s" % name)
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
