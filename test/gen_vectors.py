#!/usr/bin/env python3
# SPDX-License-Identifier: CC0-1.0
"""Generate test/vectors.txt: Poly1305-AES vectors from a readable big-integer
reference, each cross-checked with pycryptodome's Poly1305-AES.

  gen_vectors.py           regenerate, cross-check, and compare with test/vectors.txt
  gen_vectors.py --write   regenerate, cross-check, and write test/vectors.txt

A line is "kr n m tag" in hex (kr = k then clamped r; m is "-" when empty).
Generation is deterministic (fixed seed), so the check is byte-for-byte.
"""
import os
import random
import sys

from aes.gentable import SBOX, gf_mul  # (the S-box is computed, not typed)

HERE = os.path.dirname(os.path.abspath(__file__))

P = 2 ** 130 - 5
CLAMP = bytes([255, 255, 255, 15, 252, 255, 255, 15, 252, 255, 255, 15, 252, 255, 255, 15])
MAX_R = bytes(CLAMP)


def clamp(r):
    return bytes(a & b for a, b in zip(r, CLAMP))


def aes128_encrypt(key, block):
    """FIPS-197 AES-128, byte by byte: state byte i is row i % 4, column i // 4."""
    words = [list(key[i:i + 4]) for i in range(0, 16, 4)]
    rcon = 1
    for i in range(4, 44):
        temp = list(words[i - 1])
        if i % 4 == 0:
            temp = [SBOX[b] for b in temp[1:] + temp[:1]]
            temp[0] ^= rcon
            rcon = gf_mul(rcon, 2)
        words.append([a ^ b for a, b in zip(words[i - 4], temp)])
    round_keys = [sum(words[4 * r:4 * r + 4], []) for r in range(11)]
    state = [a ^ b for a, b in zip(block, round_keys[0])]
    for rnd in range(1, 11):
        state = [SBOX[b] for b in state]
        state = [state[(i + 4 * (i % 4)) % 16] for i in range(16)]
        if rnd < 10:
            mixed = []
            for c in range(0, 16, 4):
                a = state[c:c + 4]
                for row in range(4):
                    mixed.append(gf_mul(a[row], 2) ^ gf_mul(a[(row + 1) % 4], 3)
                                 ^ a[(row + 2) % 4] ^ a[(row + 3) % 4])
            state = mixed
        state = [a ^ b for a, b in zip(state, round_keys[rnd])]
    return bytes(state)


def chunks(m):
    for i in range(0, len(m), 16):
        piece = m[i:i + 16]
        yield int.from_bytes(piece, "little") + 2 ** (8 * len(piece))


def poly1305_h(r, m):
    h = 0
    rr = int.from_bytes(clamp(r), "little")
    for c in chunks(m):
        h = (h + c) * rr % P
    return h


def poly1305aes(k, r, n, m):
    s = int.from_bytes(aes128_encrypt(k, n), "little")
    return ((poly1305_h(r, m) + s) % 2 ** 128).to_bytes(16, "little")


def solve_last_chunk(rng, r, target):
    """A message of random whole chunks then one solved chunk with h = target mod p."""
    rr = int.from_bytes(r, "little")
    inverse = pow(rr, P - 2, P)
    for _ in range(1000):
        prefix = bytes(rng.getrandbits(8) for _ in range(16 * rng.randrange(0, 4)))
        h = poly1305_h(r, prefix)
        last = (target * inverse - h) % P
        if 2 ** 128 <= last < 2 ** 129:
            m = prefix + (last - 2 ** 128).to_bytes(16, "little")
            assert poly1305_h(r, m) == target % P
            return m
    raise RuntimeError("no last chunk found for target %x" % target)


def random_length(rng):
    x = rng.random()
    if x < 0.6:
        return rng.randrange(0, 49)
    if x < 0.95:
        return rng.randrange(49, 161)
    return rng.randrange(161, 600)


def generate():
    rng = random.Random(1305)
    rand = lambda n: bytes(rng.getrandbits(8) for _ in range(n))   # noqa: E731
    out = []

    # random keys, nonces and messages
    for _ in range(1000):
        out.append((rand(16), clamp(rand(16)), rand(16), rand(random_length(rng))))

    # h driven to values where a final reduction or the tag addition can go wrong
    targets = [0, 1, 2, 3, 4, 5, 6, P - 1, P - 2, P - 3, P - 4, P - 5, P - 6,
               2 ** 128 - 1, 2 ** 128, 2 ** 128 + 1, 2 ** 128 - 5, 2 ** 128 + 5,
               2 ** 129 - 1, 2 ** 129, 2 ** 129 + 4, 2 ** 130 - 10, 2 ** 64, 2 ** 96 - 1,
               2 ** 32 - 1, 2 ** 32, 2 ** 127]
    r_choices = [MAX_R, clamp(bytes([0xff] * 15 + [0x0f]))]
    for target in targets:
        for i in range(24):
            r = r_choices[i % 2] if i < 4 else clamp(rand(16))
            if int.from_bytes(r, "little") == 0:
                continue
            k = bytes(16) if i == 1 else bytes([255] * 16) if i == 2 else rand(16)
            out.append((k, r, rand(16), solve_last_chunk(rng, r, target)))

    # all-0xff messages with the largest clamped r: long carry chains
    for length in list(range(0, 65)) + [127, 128, 129, 255, 256, 511, 512, 1023, 1024]:
        out.append((rand(16), MAX_R, rand(16), bytes([255] * length)))

    # extreme keys, nonces and messages
    edges = [bytes(16), bytes([255] * 16)]
    for k in edges + [rand(16)]:
        for r in [bytes(16), MAX_R, bytes([1] + [0] * 15), clamp(rand(16))]:
            for n in edges + [rand(16)]:
                for m in [b"", b"\x00", bytes(16), bytes(17), bytes([255] * 16), bytes([255] * 33), rand(48)]:
                    out.append((k, r, n, m))

    # the pad bit at every position of the last chunk, with long h carries
    for length in range(0, 97):
        out.append((rand(16), clamp(bytes([0xff] * 16)), rand(16), bytes([0x80] * length)))
    return out


def format_line(k, r, n, m):
    tag = poly1305aes(k, r, n, m)
    return "%s %s %s %s\n" % ((k + r).hex(), n.hex(), m.hex() if m else "-", tag.hex())


def cross_check(vectors):
    try:
        from Crypto.Cipher import AES
        from Crypto.Hash import Poly1305
    except ImportError:
        sys.exit("gen_vectors.py: pycryptodome is required for the cross-check (pip install pycryptodome)")
    for k, r, n, m in vectors:
        mac = Poly1305.new(key=k + r, cipher=AES, nonce=n)
        mac.update(m)
        if mac.digest() != poly1305aes(k, r, n, m):
            sys.exit("gen_vectors.py: reference and pycryptodome disagree on k=%s r=%s n=%s m=%s"
                     % (k.hex(), r.hex(), n.hex(), m.hex()))


def main():
    path = os.path.join(HERE, "vectors.txt")
    # FIPS-197 Appendix C.1 first, so a broken AES here is named as such
    if aes128_encrypt(bytes(range(16)), bytes.fromhex("00112233445566778899aabbccddeeff")).hex() \
            != "69c4e0d86a7b0430d8cdb78070b4c55a":
        sys.exit("gen_vectors.py: the Python AES fails FIPS-197 C.1")
    vectors = generate()
    cross_check(vectors)
    text = "# Poly1305-AES vectors: kr n m tag (hex; m '-' when empty). Generated by test/gen_vectors.py.\n"
    text += "".join(format_line(*v) for v in vectors)
    if sys.argv[1:] == ["--write"]:
        with open(path, "w") as f:
            f.write(text)
        print("wrote %d vectors to %s" % (len(vectors), path))
        return
    with open(path) as f:
        if f.read() != text:
            sys.exit("gen_vectors.py: %s differs from what the generator produces" % path)
    print("ok: %d vectors regenerated, cross-checked with pycryptodome, identical to %s" % (len(vectors), path))


if __name__ == "__main__":
    main()
