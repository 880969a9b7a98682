#!/usr/bin/env python3
# SPDX-License-Identifier: CC0-1.0
"""The constants of common/vpaes.h (AES-128 by vector permutes), derived here
from the AES field, and a model of the code that uses them.

  vpaes.py print    the constant block of common/vpaes.h
  vpaes.py check    the block in common/vpaes.h is this one, the modelled
                    S-box matches AES's for all 256 bytes (and the doubled
                    S-box), and the modelled AES-128 gives FIPS-197 C.1's
                    ciphertext and pycryptodome's on random keys

The method (after M. Hamburg, "Accelerating AES with vector permute
instructions", CHES 2009; the formulas below are derived here). GF(2^8) is
a 2-dimensional space over its subfield GF(16), with the normal basis
{t, t^16}, t + t^16 = 1, t t^16 = N in GF(16). A byte x = p t + q t^16 is
held as two nibbles: hi = p, lo = k = p + q (GF(16) elements in a basis of
their own). Its norm is Nx = p q + N k^2 and x^-1 = (q t + p t^16) / Nx.
With 1/0 = oo, 1/oo = 0, oo + a = oo:
  u = 1/p + 1/(N k),  io = 1/u + q  (= Nx / (p + N k))
  v = 1/q + 1/(N k),  jo = 1/v + p  (= Nx / (q + N k))
and 1/io, 1/jo are linear in x^-1's coordinates, with determinant 1, so
  x^-1 = c1 / io + c2 / jo,  c1 = N t + (1 + N) t^16,  c2 = (1 + N) t + N t^16.
Each step is a 16-entry lookup (vperm: index bits 0-3 pick a byte of the
first table vector, bit 4 set picks the second, where oo's value sits in
every byte) or an xor of nibbles. The S-box output, S(x) = A(x^-1) + 0x63
(A the AES affine map's linear part), and twice it (for MixColumns), come
from two lookups each: T[io] + T'[jo], the constant in T' (and in T''s value
for infinity). The state and the round keys stay in the nibble basis (phi:
x -> (hi, lo), linear) from the first AddRoundKey to the end.
"""
import os
import random
import sys

TOP = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def mul(a, b):
    """AES field product (x^8 + x^4 + x^3 + x + 1)."""
    r = 0
    while b:
        if b & 1:
            r ^= a
        a = (a << 1) ^ (0x11b if a & 0x80 else 0)
        b >>= 1
    return r


def power(a, e):
    r = 1
    while e:
        if e & 1:
            r = mul(r, a)
        a = mul(a, a)
        e >>= 1
    return r


def inverse(a):
    return power(a, 254) if a else 0


def affine(x):
    """A's linear part: bit i of the result is x_i + x_(i+4) + x_(i+5) + x_(i+6) + x_(i+7)."""
    r = 0
    for i in range(8):
        bit = (x >> i ^ x >> (i + 4) % 8 ^ x >> (i + 5) % 8 ^ x >> (i + 6) % 8 ^ x >> (i + 7) % 8) & 1
        r |= bit << i
    return r


def sbox(x):
    return affine(inverse(x)) ^ 0x63


# GF(16) inside GF(256): x^16 = x. Nibbles name its elements in the basis 1, g, g^2, g^3.
SUB = [x for x in range(256) if power(x, 16) == x]
G = next(x for x in SUB if x > 1 and all(power(x, e) != 1 for e in (1, 3, 5)))   # order 15
BASIS16 = [power(G, e) for e in range(4)]


def element(n):
    """The GF(16) element nibble n names."""
    r = 0
    for b in range(4):
        if n >> b & 1:
            r ^= BASIS16[b]
    return r


NIBBLE = {element(n): n for n in range(16)}
assert len(NIBBLE) == 16

# t with t + t^16 = 1: scale any t0 outside GF(16) by 1 / (t0 + t0^16), which is in GF(16)
T0 = next(x for x in range(2, 256) if x not in SUB)
T = mul(T0, inverse(T0 ^ power(T0, 16)))
T16 = power(T, 16)
assert T ^ T16 == 1
N = mul(T, T16)
assert N in SUB


def unphi(hi, lo):
    """The byte of nibbles hi = p, lo = k: x = p t + (p + k) t^16."""
    p, q = element(hi), element(hi ^ lo)
    return mul(p, T) ^ mul(q, T16)


UNPHI = [unphi(b >> 4, b & 15) for b in range(256)]
PHI = [0] * 256
for b, x in enumerate(UNPHI):
    PHI[x] = b
assert sorted(UNPHI) == list(range(256))

OO = 16   # infinity: a vperm index with bit 4 set
C1 = mul(N, T) ^ mul(1 ^ N, T16)
C2 = mul(1 ^ N, T) ^ mul(N, T16)


def table(f):
    return [f(z) for z in range(16)]


INV = table(lambda n: NIBBLE[inverse(element(n))] if n else OO)       # 1/n, 1/0 = oo
INVNK = table(lambda k: NIBBLE[inverse(mul(N, element(k)))] if k else OO)   # 1/(N k)


def out_table(c, times):
    """byte of phi(times * A(c / z)); 0 for z = 0 (never taken: 1/io is oo or in GF(16)*)"""
    return table(lambda z: PHI[mul(times, affine(mul(c, inverse(element(z)))))] if z else 0)


# phi(S(x)) = SB1[io] + SB1J[jo], phi(2 S(x)) = SB2[io] + SB2J[jo]: the constant 0x63 (and 2 0x63)
# is in the j tables, whose infinity (jo = oo only for x = 0) is the constant alone
SB1 = out_table(C1, 1)
SB1J = [b ^ PHI[0x63] for b in out_table(C2, 1)]
SB2 = out_table(C1, 2)
SB2J = [b ^ PHI[mul(2, 0x63)] for b in out_table(C2, 2)]
# phi from the AES basis and back, nibble by nibble: phi(x) = PLO[x & 15] ^ PHI_HI[x >> 4]
PLO, PHIHI = table(lambda n: PHI[n]), table(lambda n: PHI[n << 4])
ULO, UHI = table(lambda n: UNPHI[n]), table(lambda n: UNPHI[n << 4])

# byte permutations of the 16-byte state (byte 4c + r: column c, row r), as vperm masks
SHIFTROWS = [4 * ((c + r) % 4) + r for c in range(4) for r in range(4)]
ROT = lambda k: [4 * c + (r + k) % 4 for c in range(4) for r in range(4)]   # within each column


def compose(outer, inner):
    """the mask of outer applied after inner"""
    return [inner[outer[i]] for i in range(16)]


MIX0 = SHIFTROWS
MIX1 = compose(ROT(1), SHIFTROWS)
MIX3 = compose(ROT(3), SHIFTROWS)
ROT1 = ROT(1)
ROTWORD = [13, 14, 15, 12] * 4                     # RotWord(w3) into every column
WORD1 = [16, 16, 16, 16] + list(range(12))         # the words moved up one (zero in)
WORD2 = [16] * 8 + list(range(8))
RCON = [1, 2, 4, 8, 16, 32, 64, 128, 0x1b, 0x36]
# the round constant and 0x63 (the S-box's constant, which SubWord needs) in phi's basis
# the round constant in phi's basis, in each column's first byte
KEYCONST = [[PHI[rc if i % 4 == 0 else 0] for i in range(16)] for rc in RCON]
S63 = [PHI[0x63]] * 16             # infinity's value in SB1J: the constant
S2X63 = [PHI[mul(2, 0x63)]] * 16   # in SB2J

VECTORS = [("vpaes_inv", INV), ("vpaes_invnk", INVNK), ("vpaes_sb1", SB1), ("vpaes_sb1j", SB1J),
           ("vpaes_sb2", SB2), ("vpaes_sb2j", SB2J), ("vpaes_phi_lo", PLO), ("vpaes_phi_hi", PHIHI),
           ("vpaes_unphi_lo", ULO), ("vpaes_unphi_hi", UHI), ("vpaes_mix0", MIX0), ("vpaes_mix1", MIX1),
           ("vpaes_mix3", MIX3), ("vpaes_rot1", ROT1), ("vpaes_rotword", ROTWORD), ("vpaes_word1", WORD1),
           ("vpaes_word2", WORD2), ("vpaes_s63", S63), ("vpaes_s2x63", S2X63)]


def block():
    lines = ["/* generated by aes/vpaes.py (make test checks it): the tables and masks, byte i of each",
             "   vector element i; 16 (bit 4) stands for infinity in the tables' entries */"]
    for name, v in VECTORS:
        lines.append("VPAES_CONST(%s, %s)" % (name, ", ".join("%d" % b for b in v)))
    lines.append("static const unsigned char vpaes_keyconst[10][16] VPAES_ALIGN = {")
    for row in KEYCONST:
        lines.append("  { %s }," % ", ".join("%d" % b for b in row))
    lines.append("};")
    return "\n".join(lines) + "\n"


# ---- a model of the code (common/vpaes.h), byte by byte ----

def perm(a, b, idx):
    both = a + b
    return [both[i & 31] for i in idx]


ZERO = [0] * 16


def xor(a, b):
    return [x ^ y for x, y in zip(a, b)]


def lookup(t, idx):
    """vperm(t, zero, idx): the table's value for 0..15, 0 for oo (16..31)"""
    return perm(t, ZERO, idx)


def sub_parts(x):
    """(io, jo) of every byte of x (phi's basis)"""
    lo = [b & 15 for b in x]
    hi = [b >> 4 for b in x]
    j = xor(hi, lo)
    nk = perm(INVNK, ZERO, lo)
    u = xor(perm(INV, ZERO, hi), nk)
    v = xor(perm(INV, ZERO, j), nk)
    io = xor(lookup(INV, u), j)
    jo = xor(lookup(INV, v), hi)
    return io, jo


def model_sbox(x):
    io, jo = sub_parts(x)
    return xor(lookup(SB1, io), perm(SB1J, S63, jo)), xor(lookup(SB2, io), perm(SB2J, S2X63, jo))


def to_phi(x):
    return xor(perm(PLO, ZERO, [b & 15 for b in x]), perm(PHIHI, ZERO, [b >> 4 for b in x]))


def from_phi(x):
    return xor(perm(ULO, ZERO, [b & 15 for b in x]), perm(UHI, ZERO, [b >> 4 for b in x]))


def model_aes(key, block_in):
    k = to_phi(list(key))
    state = xor(to_phi(list(block_in)), k)
    for r in range(10):
        t = model_sbox(perm(k, ZERO, ROTWORD))[0]
        t = xor(t, KEYCONST[r])
        k = xor(k, perm(k, ZERO, WORD1))
        k = xor(k, perm(k, ZERO, WORD2))
        k = xor(k, t)
        a, b = model_sbox(state)
        if r < 9:
            c = xor(perm(b, ZERO, MIX0), perm(a, ZERO, MIX1))
            state = xor(xor(c, perm(c, ZERO, ROT1)), perm(a, ZERO, MIX3))
        else:
            state = perm(a, ZERO, SHIFTROWS)
        state = xor(state, k)
    return bytes(from_phi(state))


def check():
    problems = []
    for x in range(256):
        a, b = model_sbox([PHI[x]] * 16)
        if UNPHI[a[0]] != sbox(x) or UNPHI[b[0]] != mul(2, sbox(x)):
            problems.append("S-box wrong at 0x%02x" % x)
            break
    key = bytes(range(16))
    plain = bytes.fromhex("00112233445566778899aabbccddeeff")
    got = model_aes(key, plain).hex()
    if got != "69c4e0d86a7b0430d8cdb78070b4c55a":
        problems.append("FIPS-197 C.1: got %s" % got)
    from Crypto.Cipher import AES   # pycryptodome, as aes/check.py
    rng = random.Random(24)
    for _ in range(200):
        k, p = bytes(rng.randrange(256) for _ in range(16)), bytes(rng.randrange(256) for _ in range(16))
        if model_aes(k, p) != AES.new(k, AES.MODE_ECB).encrypt(p):
            problems.append("random key %s: the model disagrees with the reference" % k.hex())
            break
    header = os.path.join(TOP, "common", "vpaes.h")
    with open(header) as f:
        text = f.read()
    if block() not in text:
        problems.append("common/vpaes.h does not hold the constants this derives (vpaes.py print)")
    for p in problems:
        print("FAIL vpaes: " + p)
    if not problems:
        print("ok vpaes: the model's S-box matches AES's at all 256 bytes (and twice it); its AES-128 gives "
              "FIPS-197 C.1 and pycryptodome's ciphertexts for 200 random keys; common/vpaes.h holds these constants")
    return 1 if problems else 0


def main():
    if sys.argv[1:] == ["print"]:
        sys.stdout.write(block())
    elif sys.argv[1:] == ["check"]:
        sys.exit(check())
    else:
        sys.exit(__doc__)


if __name__ == "__main__":
    main()
