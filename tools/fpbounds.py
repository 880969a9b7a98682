# SPDX-License-Identifier: CC0-1.0
"""Shared helpers of the floating-point bound provers (poly1305aes_53,
poly1305aes_ppro, ppc and poly1305aes_sparc bounds.py): reading the constants
a proof is about from the source it proves, the multipliers of a radix-2^32
product with clamped r, exactness and binade checks on exact rationals, and
the margin report. Every number is an exact integer or Fraction; nothing here
rounds.
"""
import math
import re
import struct
from fractions import Fraction as F

# ---------------------------------------------------------------- reading the sources


class SourceError(SystemExit):
    """a constant the proof needs is missing or not what it assumes: the
    prover stops with this message (exit status 1)"""

    def __init__(self, message):
        super().__init__("FAIL: " + message)


def text(path):
    with open(path) as f:
        return f.read()


def define(path, name):
    """the value of '#define NAME <integer expression>' in a C or cpp-assembly source"""
    m = re.search(r"^\s*#\s*define\s+%s\s+([^/\n]+)" % re.escape(name), text(path), re.M)
    if not m:
        raise SourceError("%s: no #define %s" % (path, name))
    expr = m.group(1).strip()
    if not re.fullmatch(r"[0-9a-fA-Fx()+\-*<> ]+", expr):
        raise SourceError("%s: #define %s is not a plain integer expression: %s" % (path, name, expr))
    return int(eval(expr, {"__builtins__": {}}))


def words(path, label, count, directive=r"\.(?:word|long)"):
    """count 32-bit words following 'label:' in an assembly source (.word/.long
    lines, hexadecimal or decimal; comments after them are ignored)"""
    src = text(path)
    m = re.search(r"(?:^|\s)%s:" % re.escape(label), src)
    if not m:
        raise SourceError("%s: no label %s" % (path, label))
    out = []
    for line in src[m.end():].split("\n"):
        line = re.sub(r"/\*.*?\*/|#.*", "", line).strip()
        line = re.sub(r"^[\w.()]+:\s*", "", line)
        d = re.match(directive + r"\s+(.*)", line)
        if not d:
            if out or line:
                if not d and line and not out:
                    continue
                break
            continue
        out += [int(w.strip(), 0) & 0xffffffff for w in d.group(1).split(",") if w.strip()]
        if len(out) >= count:
            return out[:count]
    raise SourceError("%s: fewer than %d words after %s" % (path, count, label))


def double(hi, lo=0):
    """the exact value of the IEEE double with these high and low words"""
    value = struct.unpack(">d", struct.pack(">II", hi, lo))[0]
    return F(value)


def quad(path, label):
    """the double stored by 'label: .quad 0x...' (x86 sources)"""
    m = re.search(r"%s:\s*\.quad\s+(0x[0-9a-fA-F]+|\d+)" % re.escape(label), text(path))
    if not m:
        raise SourceError("%s: no '.quad' at %s" % (path, label))
    bits = int(m.group(1), 0)
    return double(bits >> 32, bits & 0xffffffff)


def c_array(path, name):
    """the integers of a C initializer 'name[N] = { ... }'"""
    m = re.search(r"\b%s\s*\[[^\]]*\]\s*=\s*\{([^}]*)\}" % re.escape(name), text(path))
    if not m:
        raise SourceError("%s: no array %s" % (path, name))
    return [int(x.strip().rstrip("uUlL"), 0) for x in m.group(1).split(",") if x.strip()]


def log2_exact(x):
    """e when x = 2^e exactly, else SourceError"""
    x = F(x)
    if x <= 0:
        raise SourceError("%s is not a power of 2" % x)
    e = math.floor(math.log2(x))
    for k in (e - 1, e, e + 1):
        if F(2) ** k == x:
            return k
    raise SourceError("%s is not a power of 2" % x)


def split_bounds(split, masks, signed=False):
    """per word j of r (clamped by masks[j]), split at bit 'split' into lo_j
    and hi_j = r_j - lo_j: (|lo_j| max, |hi_j| max, unit of lo_j, unit of hi_j).
    Unsigned: lo_j = r_j mod 2^split. Signed: hi_j = r_j rounded to a
    multiple of 2^split (round to nearest), |lo_j| <= 2^(split-1)."""
    out = []
    for m in masks:
        unit = m & -m
        if signed:
            lo = min(2 ** (split - 1), m & (2 ** split - 1))
            hi = ((m >> split) + 1) << split
        else:
            lo = m & (2 ** split - 1)
            hi = m & ~(2 ** split - 1)
        out.append((lo, hi, unit, 2 ** split))
    return out


def multipliers(split, masks, signed=False):
    """{(i, k): (j, wrapped, lo, hi, lo unit, hi unit)}: what piece i is
    multiplied by on its way to slot k, relative to the slots' weights
    2^(32i) and 2^(32k): word j = k - i mod 4 of r, times 5/4 when i > k
    (then i + j = k + 4: 2^(32(k+4)) = 2^130 2^(32k) 2^-2 and 2^130 = 5 mod p).
    Bounds are of absolute values; units are the powers of 2 dividing every
    value (the 5 of a wrapped multiplier adds none; its /4 takes 2 bits)."""
    halves = split_bounds(split, masks, signed)
    table = {}
    for k in range(4):
        for i in range(4):
            j = (k - i) % 4
            wrapped = i > k
            lo, hi, lo_unit, hi_unit = halves[j]
            if wrapped:
                table[i, k] = (j, True, F(5 * lo, 4), F(5 * hi, 4), F(lo_unit, 4), F(hi_unit, 4))
            else:
                table[i, k] = (j, False, F(lo), F(hi), F(lo_unit), F(hi_unit))
    return table


# ---------------------------------------------------------------- checks and margins


class Margins:
    """records each check as bits to spare, keeps the smallest per kind"""

    def __init__(self):
        self.worst = {}
        self.failed = []

    def need(self, kind, value, limit, detail=""):
        """value < limit (both positive); returns whether it holds"""
        value, limit = F(value), F(limit)
        spare = math.log2(limit) - math.log2(max(value, F(1, 2 ** 400)))
        if kind not in self.worst or spare < self.worst[kind][0]:
            self.worst[kind] = (spare, detail)
        if not value < limit:
            self.failed.append("%s %s: %s >= %s" % (kind, detail, fmt(value), fmt(limit)))
            return False
        return True

    def exact(self, kind, magnitude, unit, mantissa=53, detail=""):
        """a value of absolute value <= magnitude that is a multiple of unit
        is exactly representable with this many mantissa bits"""
        return self.need(kind, F(magnitude) / F(unit), F(2) ** mantissa, detail)

    def smallest(self):
        return min(s for s, _ in self.worst.values())

    def report(self, top=None, out=print):
        items = sorted(self.worst.items(), key=lambda x: x[1][0])
        for kind, (spare, detail) in items[:top] if top else items:
            out("  %-56s %6.2f bits to spare%s" % (kind, spare, " (%s)" % detail if detail else ""))
        for f in self.failed:
            out("FAIL " + f)
        out("smallest margin: %.2f bits" % self.smallest())
        return not self.failed


def fmt(x):
    x = F(x)
    if x == 0:
        return "0"
    return "2^%.3f" % math.log2(abs(x)) if x > 0 else "-2^%.3f" % math.log2(-x)


def ulp(magnitude, mantissa=53):
    """the ulp of doubles of this magnitude (the largest, for a bound)"""
    return F(2) ** (math.floor(math.log2(magnitude)) - (mantissa - 1))


def fixed_point(step, start, limit=1000):
    """iterate bounds <- max(bounds, step(bounds)) from start until they stop
    growing; None if they have not after limit steps"""
    bounds = list(start)
    for _ in range(limit):
        new = [max(a, b) for a, b in zip(step(bounds), bounds)]
        if new == bounds:
            return bounds
        bounds = new
    return None
