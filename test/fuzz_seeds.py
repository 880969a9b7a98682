#!/usr/bin/env python3
# SPDX-License-Identifier: CC0-1.0
"""Write a libFuzzer seed corpus for test/fuzz.c from test/vectors.txt (which
holds the adversarial cases: h driven to 0..5, p-1, 2^128 +- 1, all-0xff
messages with the largest r, ...), plus all-0xff control seeds.

  fuzz_seeds.py DIRECTORY
"""
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))


def main():
    out = sys.argv[1]
    os.makedirs(out, exist_ok=True)
    count = 0
    with open(os.path.join(HERE, "vectors.txt")) as f:
        for line in f:
            if line.startswith("#") or not line.strip():
                continue
            kr, n, m, _tag = line.split()
            data = bytes.fromhex(kr) + bytes.fromhex(n) + b"\0" + (b"" if m == "-" else bytes.fromhex(m))
            with open(os.path.join(out, "vector%04d" % count), "wb") as seed:
                seed.write(data)
            count += 1
    for length in (0, 1, 15, 16, 17, 255, 256, 912, 1024, 4096, 8191):
        with open(os.path.join(out, "ff%04d" % length), "wb") as seed:
            seed.write(bytes(48) + bytes([3]) + bytes([length & 255, length >> 8]))
    print("wrote %d seeds to %s" % (count + 11, out))


if __name__ == "__main__":
    main()
