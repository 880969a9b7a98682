#!/usr/bin/env python3
# SPDX-License-Identifier: CC0-1.0
"""The constants of the vector-permute AES (common/vpaes.h), derived from field
arithmetic and checked exhaustively (M. Hamburg, "Accelerating AES with vector
permute instructions", CHES 2009: the S-box through GF(2^4), every lookup a
16-entry table indexed by a nibble, so a byte shuffle does it).

  vpaes.py               print the C block of constants
  vpaes.py --check FILE  exit 1 unless FILE's block (between the markers) is what
                         this derivation prints, after checking the derivation

The field. GF(2^4) = GF(2)[u]/(u^4 + u + 1); a nibble's bit e is the
coefficient of u^e. GF(2^8) = GF(2^4)[t]/(t^2 + t + 1/a) for a constant
a in GF(2^4) that makes the polynomial irreducible. An element x = (a i) t + k,
i and k nibbles, has the norm N = (a i)^2/a + a i k + k^2 and the inverse
(a i/N) t + (a i + k)/N. With j = i + k and the convention 1/0 = "infinity"
(the lookup tables hold 0x90 there: every later xor keeps bits 7 and 4 set,
and each byte shuffle returns 0 for such an index, i.e. 1/infinity = 0:
PSHUFB for bit 7, TBL for an index above 15, vperm and VPERM, whose second
operand is zero in a lookup, for bit 4):
    io = j + 1/(1/i + a/k) = N/(a i + k)
    jo = i + 1/(1/j + a/k) = N/(a j + k)
(multiply out: j + ik/(k + a i) = (a i^2 + a i k + k^2)/(k + a i)), so
y1 = 1/io = (a i + k)/N and y2 = 1/jo = (a i + a k + k)/N are coordinates
of 1/x: 1/x = y1 (1 + t + t/a) + y2 (t/a). The output tables hold, for a
nibble v, a linear image of (1/v)(1 + t + t/a) (indexed by io) and of
(1/v)(t/a) (indexed by jo), so a byte's S-box output is the xor of two
lookups. Every case with a zero or an infinity is checked below over all
256 bytes, not argued.

Bases. The AES byte (polynomial basis mod x^8 + x^4 + x^3 + x + 1) maps to
the tower by a field isomorphism (x -> beta, a root of the AES polynomial in
the tower); the state lives in the "inner" basis, the byte (i << 4) | k, so
its nibbles are the coordinates the inversion wants. The map is GF(2)-linear,
so round keys, xors and MixColumns' byte rotations carry over, and
multiplication by 2 is a table of its own.

Tables (16 bytes each, in the order of the C block):
  INV, INVA      1/v and a/v (0x90 at v = 0)
  SB1U, SB1T     the S-box's linear part (without 0x63) in the inner basis, by io and by jo
  SB2U, SB2T     the same times 2 (MixColumns' factor)
  SBOU, SBOT     the S-box's linear part in the AES basis (the last round)
  INLO, INHI     AES byte -> inner basis, from the low and the high nibble
  OUTLO, OUTHI   inner basis -> AES byte, from the low and the high nibble;
                 OUTLO also adds 0x63 (the last round's S-box constant)
  S63            0x63 in the inner basis, in every byte (the S-box constant,
                 added with each round key of rounds 1-9)
  RCON1..RCON10  the key schedule's constant after SubWord: 0x63 ^ rcon in row 0,
                 0x63 in rows 1-3, every column, in the inner basis
  LOW4           0x0f in every byte
  SR, SR_ROT1, SR_ROT3   shuffle indices: ShiftRows, then a rotation of every column
                 by 0, 1 or 3 rows (byte i is row i % 4 of column i / 4; rotating by
                 one row, row r takes row r + 1 of its column)
  ROT1           the rotation of every column by 1 row
  SUBWORD        RotWord of column 3 into every column
"""
import random
import re
import sys

from aes.gentable import SBOX, gf_mul


# ---- GF(2^4) ----
def g4_mul(a, b):
    product = 0
    for e in range(4):
        if b >> e & 1:
            product ^= a << e
    for e in (6, 5, 4):
        if product >> e & 1:
            product ^= 0x13 << (e - 4)
    return product


def g4_inv(a):
    return next(b for b in range(16) if g4_mul(a, b) == 1) if a else 0


# ---- GF(2^8) as GF(2^4)[t]/(t^2 + t + lam): a pair (c1, c0) is c1 t + c0 ----
def tower_mul(x, y, lam):
    (a, b), (c, d) = x, y
    ac = g4_mul(a, c)
    return (ac ^ g4_mul(a, d) ^ g4_mul(b, c), g4_mul(ac, lam) ^ g4_mul(b, d))


def tower_pow(x, e, lam):
    out = (0, 1)
    for _ in range(e):
        out = tower_mul(out, x, lam)
    return out


def choose_field():
    """the first a (by value) with t^2 + t + 1/a irreducible, and the first
    root beta (by value) of the AES polynomial in that tower"""
    for a in range(2, 16):
        lam = g4_inv(a)
        if any(g4_mul(t, t) ^ t ^ lam == 0 for t in range(16)):
            continue
        for beta_byte in range(2, 256):
            beta = (beta_byte >> 4, beta_byte & 15)
            total = (0, 0)
            for e in (8, 4, 3, 1, 0):
                p = tower_pow(beta, e, lam)
                total = (total[0] ^ p[0], total[1] ^ p[1])
            if total == (0, 0):
                return a, lam, beta
    raise SystemExit("vpaes.py: no field found")


A, LAM, BETA = choose_field()
A_INV = g4_inv(A)


def to_tower(byte):
    """the field isomorphism AES -> tower: sum of beta^e over the byte's bits"""
    out = (0, 0)
    for e in range(8):
        if byte >> e & 1:
            p = tower_pow(BETA, e, LAM)
            out = (out[0] ^ p[0], out[1] ^ p[1])
    return out


TO_TOWER = [to_tower(b) for b in range(256)]
FROM_TOWER = {v: b for b, v in enumerate(TO_TOWER)}


def inner(byte):
    """AES byte -> inner byte (i << 4) | k, where its tower image is (a i) t + k"""
    c1, c0 = TO_TOWER[byte]
    return g4_mul(c1, A_INV) << 4 | c0


INNER = [inner(b) for b in range(256)]
OUTER = {v: b for b, v in enumerate(INNER)}


def sbox_linear(b):
    """the S-box without its constant 0x63: the affine map's linear part"""
    out = 0
    for shift in range(5):
        out ^= ((b << shift) | (b >> (8 - shift))) & 0xFF
    return out


INF = 0x90


def nibble_table(f):
    return [f(v) for v in range(16)]


INV = nibble_table(lambda v: g4_inv(v) if v else INF)
INVA = nibble_table(lambda v: g4_mul(A, g4_inv(v)) if v else INF)


def out_table(direction, final):
    """entry v: final(the AES byte of (1/v) direction), direction a tower element; 0 at v = 0"""
    def entry(v):
        if v == 0:
            return 0
        y = tower_mul((0, g4_inv(v)), direction, LAM)
        return final(sbox_linear(FROM_TOWER[y]))
    return nibble_table(entry)


DIR_U = (1 ^ A_INV, 1)     # 1 + t + t/a
DIR_T = (A_INV, 0)         # t/a
TABLES = {
    "INV": INV,
    "INVA": INVA,
    "SB1U": out_table(DIR_U, lambda s: INNER[s]),
    "SB1T": out_table(DIR_T, lambda s: INNER[s]),
    "SB2U": out_table(DIR_U, lambda s: INNER[gf_mul(s, 2)]),
    "SB2T": out_table(DIR_T, lambda s: INNER[gf_mul(s, 2)]),
    "SBOU": out_table(DIR_U, lambda s: s),
    "SBOT": out_table(DIR_T, lambda s: s),
    "INLO": nibble_table(lambda v: INNER[v]),
    "INHI": nibble_table(lambda v: INNER[v << 4]),
    "OUTLO": nibble_table(lambda v: OUTER[v] ^ 0x63),
    "OUTHI": nibble_table(lambda v: OUTER[v << 4]),
    "S63": [INNER[0x63]] * 16,
}
RCON = [1, 2, 4, 8, 16, 32, 64, 128, 0x1b, 0x36]
for r, rc in enumerate(RCON):
    TABLES["RCON%d" % (r + 1)] = [INNER[0x63 ^ rc] if i % 4 == 0 else INNER[0x63] for i in range(16)]
TABLES["LOW4"] = [15] * 16
SR = [4 * ((i // 4 + i % 4) % 4) + i % 4 for i in range(16)]          # ShiftRows: byte i takes byte SR[i]


def rot(k):
    return [4 * (i // 4) + (i % 4 + k) % 4 for i in range(16)]        # byte i takes row + k of its column


TABLES["SR"] = SR
TABLES["SR_ROT1"] = [SR[p] for p in rot(1)]
TABLES["SR_ROT3"] = [SR[p] for p in rot(3)]
TABLES["ROT1"] = rot(1)
TABLES["SUBWORD"] = [12 + (i + 1) % 4 for i in range(16)]


# ---- the vector operations, as a byte shuffle does them ----
def lookup(table, index):
    """the byte shuffles of the four ISAs agree here: every index is a nibble,
    or an infinity (0x9X: result 0)"""
    out = []
    for v in index:
        assert v < 16 or v & 0xF0 == INF, "index %#x: neither a nibble nor an infinity" % v
        pshufb = 0 if v & 0x80 else table[v & 15]           # SSSE3: bit 7 zeroes, bits 0-3 index
        tbl = 0 if v >= 16 else table[v]                    # NEON TBL: an index past the table gives 0
        vperm = (list(table) + [0] * 16)[v & 31]            # vperm, VPERM: bits 0-4 index table || zero
        assert pshufb == tbl == vperm, "index %#x: the shuffles disagree" % v
        out.append(tbl)
    return out


def xor(x, y):
    return [p ^ q for p, q in zip(x, y)]


def sub_inner(x, u, t):
    """the S-box's linear part of 16 inner bytes, through the tables u and t"""
    hi = [v >> 4 for v in x]
    lo = [v & 15 for v in x]
    ak = lookup(INVA, lo)
    j = xor(hi, lo)
    iak = xor(lookup(INV, hi), ak)
    jak = xor(lookup(INV, j), ak)
    io = xor(lookup(INV, iak), j)
    jo = xor(lookup(INV, jak), hi)
    return xor(lookup(TABLES[u], io), lookup(TABLES[t], jo))


def transform(x, lo, hi):
    return xor(lookup(TABLES[lo], [v & 15 for v in x]), lookup(TABLES[hi], [v >> 4 for v in x]))


def shl(x, n):
    return [0] * n + x[:16 - n]


def encrypt(key, block):
    """AES-128 as common/vpaes.h computes it, operation for operation"""
    k = transform(list(key), "INLO", "INHI")
    x = xor(transform(list(block), "INLO", "INHI"), k)
    for r in range(1, 11):
        s = sub_inner(lookup(k, TABLES["SUBWORD"]), "SB1U", "SB1T")
        k = xor(k, shl(k, 4))
        k = xor(k, shl(k, 8))
        k = xor(xor(k, s), TABLES["RCON%d" % r])
        if r == 10:
            break
        a = sub_inner(x, "SB1U", "SB1T")
        a2 = sub_inner(x, "SB2U", "SB2T")
        t = xor(lookup(a2, TABLES["SR"]), lookup(a, TABLES["SR_ROT1"]))
        x = xor(xor(t, lookup(t, TABLES["ROT1"])), lookup(a, TABLES["SR_ROT3"]))
        x = xor(x, xor(k, TABLES["S63"]))
    a = sub_inner(x, "SBOU", "SBOT")
    return bytes(xor(lookup(a, TABLES["SR"]), transform(k, "OUTLO", "OUTHI")))


def self_check():
    for b in range(256):
        for c in range(256):
            assert FROM_TOWER[tower_mul(TO_TOWER[b], TO_TOWER[c], LAM)] == gf_mul(b, c), "not a field map"
    assert len(set(INNER)) == 256
    for b in range(256):
        lin = SBOX[b] ^ 0x63
        x = [INNER[b]] * 16
        assert sub_inner(x, "SB1U", "SB1T")[0] == INNER[lin], "S-box at %#x" % b
        assert sub_inner(x, "SB2U", "SB2T")[0] == INNER[gf_mul(lin, 2)], "2 S-box at %#x" % b
        assert sub_inner(x, "SBOU", "SBOT")[0] == lin, "last S-box at %#x" % b
    try:
        from Crypto.Cipher import AES
    except ImportError:
        sys.exit("vpaes.py: pycryptodome is required (python3 -m pip install pycryptodome)")
    rng = random.Random(26)
    cases = [(bytes(range(16)), bytes(17 * i for i in range(16)))]
    cases += [(bytes(rng.randrange(256) for _ in range(16)), bytes(rng.randrange(256) for _ in range(16)))
              for _ in range(200)]
    for key, block in cases:
        assert encrypt(key, block) == AES.new(key, AES.MODE_ECB).encrypt(block), "AES of %s" % key.hex()
    assert encrypt(*cases[0]).hex() == "69c4e0d86a7b0430d8cdb78070b4c55a"


def c_block():
    lines = ["/* vpaes tables: begin (aes/vpaes.py prints this block; a = %d, beta = %#04x) */" % (A, BETA[0] << 4 | BETA[1])]
    names = list(TABLES)
    lines.append("enum {")
    lines.append("  " + ", ".join("VP_%s" % n for n in names) + ", VP_TABLES")
    lines.append("};")
    lines.append("static const unsigned char vpaes_tables[VP_TABLES][16] __attribute__((aligned(16))) = {")
    for n in names:
        lines.append("  { %s },   /* %s */" % (", ".join("0x%02x" % v for v in TABLES[n]), n))
    lines.append("};")
    lines.append("/* vpaes tables: end */")
    return "\n".join(lines) + "\n"


def main(argv):
    self_check()
    block = c_block()
    if len(argv) == 2 and argv[0] == "--check":
        with open(argv[1]) as f:
            text = f.read()
        found = re.search(r"/\* vpaes tables: begin.*?/\* vpaes tables: end \*/\n", text, re.S)
        if not found or found.group(0) != block:
            print("FAIL %s: its vpaes tables differ from what aes/vpaes.py derives" % argv[1])
            return 1
        print("ok vpaes tables: derivation checked over all 256 bytes and 201 blocks (pycryptodome); %s matches it"
              % argv[1])
        return 0
    if argv:
        print(__doc__.strip().splitlines()[0])
        return 2
    sys.stdout.write(block)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
