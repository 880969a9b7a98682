#!/usr/bin/env python3
# SPDX-License-Identifier: CC0-1.0
"""Prove the exactness of the PowerPC Poly1305 block step in ppc/poly1305aes_ppc.S.

The check follows the assembly's operation sequence for one 16-byte block,
with exact integer bounds (Python integers, no floating point). Values are
relative to their position: position k has weight 2^(32k), so "unit u" below
means a multiple of u * 2^(32k).

State: pieces y_0..y_3 (integers, |y_k| <= Y_k), holding -h mod p.
Key: clamped words r_j split at bit SPLIT: lo_j = r_j mod 2^SPLIT,
hi_j = r_j - lo_j; for wrapped products (i + j >= 4) the multipliers are
5 lo_j / 4 and 5 hi_j / 4 (integers and multiples of 2^(SPLIT-2): r_1..r_3
are multiples of 4). Next block: words w_k < 2^32 and the pad bit, placed as
P_k = -(C + w_k (+ 2^32 pad if k = 3)), a double whose unit is 1.

For k = 0..3 (b_k = 32, except b_3 = 34: the rounding boundary 2^130):
  A_k = P_k + sum_i y_i * lo-multiplier      (fmadd chain, unit 1: the slot's
                                                own placed word, no carry)
  B_k = D_k + sum_i y_i * hi-multiplier      (fmadd chain, unit 2^(SPLIT-2);
                                                D_1 = D_3 = C + C/2^32, else 0)
  t1  = fl(B_k + Q_k)   Q_k = P_{k+1} * 2^32 (k < 3), Q_3 = 3 * 2^85
  t_k = fl(t1 + A_k)    both rounded to a multiple of 2^b_k: checked that the
                        exact sums lie in [2^(52+b_k), 2^(53+b_k))
  cc_k = t_k - Q_k      exact (multiples of 2^b_k, small difference)
  n_k = B_k - cc_k      exact
then, the four carries known at once (no slot waits for another's rounding):
  g_k = A_k + cc_{k-1} / 2^32   (g_0 = A_0 + 5 cc_3 / 2^34, one fmadd)  exact
  y'_k = n_k + g_k = (A_k + B_k - cc_k) + carry in: |y'_k| <= 2^b_k + |carry in|.
The carry in comes from a whole slot (B_k reaches 2^65), so the pieces settle
above 2^32: the bounds are iterated to their fixed point.
Every partial sum must be a multiple of its unit below 2^53 units. The C's of
the placed words cancel against D_1 and D_3 (their sum is the sum of the C's),
which the script also checks, as it checks that P_k and t_k stay negative
and in their binade, the start (the pieces become block 1: y_k = P_k + C,
one exact fadd, for every n >= 1) and the final conversion of the pieces to
integers.
The core's state (start, blocks, finish) holds these same pieces between
calls (-X, with h = X r mod p): start sets them to 0, blocks runs blocks
from them (an odd first block alone, as the second block of a pair, then
pairs: every block is this block step), finish runs one block with an
all-zero block and the final conversion. So a call enters with pieces
within the fixed point (0 is; a block maps the fixed point into itself, as
iterated here) and leaves them there: checked below, with the conversion.
Exits non-zero on any failure; prints the margins in bits otherwise.
"""
import math
import os
import re
import sys

from tools import fpbounds

HERE = os.path.dirname(os.path.abspath(__file__))

SOURCE = os.path.join(HERE, "poly1305aes_ppc.S")


def read_source(path=SOURCE):
    """SPLIT, the placed-word constant C, 3 * 2^181, the D and final constants
    and 5 * 2^-130, as poly1305aes_ppc.S defines them"""
    def const(label):
        hi, lo = fpbounds.words(path, "PPC_LOCAL(%s)" % label, 2)
        return fpbounds.double(hi, lo)
    split = fpbounds.define(path, "SPLIT")
    c = []
    for k in range(4):
        hi = fpbounds.define(path, "PW%d" % k) & 0xffff
        c.append(-fpbounds.double(hi << 16, 0) / 2 ** (32 * k))    # -(placed word, w = 0) at its position
    if len(set(c)) != 1:
        raise fpbounds.SourceError("%s: PW0..PW3 do not place the same C" % path)
    alpha3 = const("k_a3") / 2 ** 96
    final = [const("k_f%d" % k) / 2 ** (32 * k) - 2 ** 52 for k in range(4)]
    d = [const("k_d1") / 2 ** 32, const("k_d3") / 2 ** 96]
    if const("k_sc") != fpbounds.F(5, 2 ** 130):
        raise fpbounds.SourceError("%s: k_sc is not 5 * 2^-130" % path)
    if any(x.denominator != 1 for x in [c[0], alpha3] + final + d):
        raise fpbounds.SourceError("%s: a constant is not an integer at its position" % path)
    return split, int(c[0]), int(alpha3), [int(x) for x in final], [int(x) for x in d]


SPLIT, C, ALPHA3, FINAL, D13 = read_source()
MANTISSA = 53
BOUNDARY = [32, 32, 32, 34]


def read_clamp(path=SOURCE):
    """the clamp of r, from the rlwinm masks that split it: hi_j keeps bits
    MB..31-SPLIT (big-endian numbering), lo_0 bits 32-SPLIT..31, lo_j (j > 0)
    32-SPLIT..ME; so r_j is clamped to bits MB..31 (j = 0) or MB..ME"""
    src = fpbounds.text(path)
    his = re.findall(r"rlwinm\t\d+, \d+, 0, (\d+), 31-SPLIT", src)
    los = re.findall(r"rlwinm\t\d+, \d+, 0, 32-SPLIT, (\d+)", src)
    if len(his) != 4 or len(los) != 4 or len(set(his)) != 1:
        raise fpbounds.SourceError("%s: the four r splits are not found" % path)
    top = 2 ** (32 - int(his[0])) - 1                          # bits MB..31 (big-endian numbering)
    return [top & ~(2 ** (31 - int(me)) - 1) for me in los]


CLAMP = read_clamp()


class Fail(Exception):
    pass


margins = fpbounds.Margins()


def note(kind, value, limit_bits):
    """Record that |value| must stay below 2^limit_bits."""
    if not margins.need(kind, max(abs(value), 1), fpbounds.F(2) ** limit_bits):
        raise Fail("%s: |value| = 2^%.3f reaches 2^%d" % (kind, math.log2(abs(value)), limit_bits))


def spare(kind, value, room):
    """Record that value must stay below room (both positive)."""
    if not margins.need(kind, max(value, 1), room):
        raise Fail("%s: needs %d, has %d" % (kind, value, room))


def multipliers():
    """lo and hi multiplier bounds (max) for each (i, k), 5/4 of them when wrapped."""
    table = fpbounds.multipliers(SPLIT, CLAMP)
    out = {}
    for (i, k), (j, wrapped, lo, hi, _, _) in table.items():
        out[i, k] = (int(lo) if not wrapped else int(lo), int(hi))
        if lo.denominator != 1 or hi.denominator != 1:
            raise Fail("a multiplier is not an integer")
    return out


def binade(kind, lo, hi, b):
    """The exact value lies in [lo, hi]; all of it must have magnitude in [2^(52+b), 2^(53+b))."""
    if lo > hi:
        lo, hi = hi, lo
    if lo <= 0 <= hi:
        raise Fail("%s changes sign" % kind)
    small, large = (abs(hi), abs(lo)) if hi < 0 else (lo, hi)
    if small < 2 ** (52 + b) or large >= 2 ** (53 + b):
        raise Fail("%s leaves the binade of 2^(%d+52): [2^%.4f, 2^%.4f]" % (kind, b, math.log2(small), math.log2(large)))
    # how much larger the varying part could grow before leaving the binade
    spare("binade of " + kind.split()[0] + ": spread vs distance to an edge", large - small,
          min(small - 2 ** (52 + b), 2 ** (53 + b) - large))


def block(Y):
    """One block from piece bounds Y; returns the new piece bounds."""
    mult = multipliers()
    word_max = 2 ** 32 - 1
    # P_k intervals (relative to position k), pad only on P_3
    P = [(-(C + word_max), -C)] * 3 + [(-(C + word_max + 2 ** 32), -C)]
    D = [0, D13[0], 0, D13[1]]
    if D13 != [C + C // 2 ** 32] * 2:
        raise Fail("D1 and D3 are not C + C / 2^32: the C's of the placed words would not cancel")
    if (C + C // 2 ** 32) % 2 ** (SPLIT - 2):
        raise Fail("D is not a multiple of the hi unit")
    if C % 2 ** 32:
        raise Fail("C is not a multiple of 2^32: it could not move whole into the carries")
    newY = [0] * 4
    carry = []
    A = []
    for k in range(4):
        b = BOUNDARY[k]
        pa = sum(Y[i] * mult[i, k][0] for i in range(4))
        pb = sum(Y[i] * mult[i, k][1] for i in range(4))
        for i in range(4):
            note("product y*lo", Y[i] * mult[i, k][0], MANTISSA)
            note("product y*hi (unit 2^(SPLIT-2))", Y[i] * mult[i, k][1] // 2 ** (SPLIT - 2), MANTISSA)
        # the lo chain starts from the placed word of this slot alone: no carry in it
        A.append((P[k][0] - pa, P[k][1] + pa))
        spare("A chain: products vs room left by P_k", pa, 2 ** MANTISSA - max(abs(P[k][0]), abs(P[k][1])))
        B = (D[k] - pb, D[k] + pb)
        note("B chain partial sums (unit 2^(SPLIT-2))", max(abs(B[0]), abs(B[1])) // 2 ** (SPLIT - 2), MANTISSA)
        if k < 3:
            Q = (P[k + 1][0] * 2 ** 32, P[k + 1][1] * 2 ** 32)
        else:
            Q = (ALPHA3, ALPHA3)
        # t1 = fl(B + Q): exact sum in the binade, rounding error <= 2^(b-1)
        binade("t1 position %d" % k, B[0] + Q[0], B[1] + Q[1], b)
        t1 = (B[0] + Q[0] - 2 ** (b - 1), B[1] + Q[1] + 2 ** (b - 1))
        binade("t position %d" % k, t1[0] + A[k][0], t1[1] + A[k][1], b)
        S = (A[k][0] + B[0], A[k][1] + B[1])
        cc = (S[0] - 2 ** b, S[1] + 2 ** b)          # |S - cc| <= 2^b
        note("carry cc (multiple of 2^b)", max(abs(cc[0]), abs(cc[1])) // 2 ** b, MANTISSA)
        note("n = B - cc (unit 2^(SPLIT-2))", (max(abs(A[k][0]), abs(A[k][1])) + 2 ** b) // 2 ** (SPLIT - 2), MANTISSA)
        carry.append(cc)
    # every carry goes into the next slot at once: g_k = A_k + (carry into k), then
    # y'_k = n_k + g_k = (S_k - cc_k) + (carry into k). The carry into slot k is
    # cc_(k-1) / 2^32 at position k (cc_(k-1) a multiple of 2^32), into slot 0
    # 5 cc_3 / 2^34 (cc_3 a multiple of 2^34 there: 2^130 absolute).
    for k in range(4):
        if k == 0:
            into = (5 * (carry[3][0] // 2 ** 34), -(-5 * carry[3][1] // 2 ** 34))
        else:
            into = (carry[k - 1][0] // 2 ** 32, -(-carry[k - 1][1] // 2 ** 32))
        g = (A[k][0] + into[0], A[k][1] + into[1])
        note("g = A + carry in (unit 1)", max(abs(g[0]), abs(g[1])), MANTISSA)
        b = BOUNDARY[k]
        newY[k] = max(abs(-2 ** b + into[0]), abs(2 ** b + into[1]))
        note("new piece", newY[k], MANTISSA)
    return newY


def start():
    """The pieces start as block 1: y_k = P_k + C (relative to position k), one
    fadd of two doubles whose unit is 1 (P_k in the binade of 2^52, as checked
    here; C = 2^52 + 2^48), so the exact sum -(w_k + pad) < 2^34 is the result.
    Returns the starting piece bounds."""
    word_max = 2 ** 32 - 1
    Y = []
    for k in range(4):
        pad = 2 ** 32 if k == 3 else 0
        p_hi = -(C + word_max + pad)          # the most negative placed word
        binade("P_%d (placed word)" % k, -C, p_hi, 0)
        Y.append(max(abs(p_hi + C), 1))
        note("start piece", Y[-1], MANTISSA)
    return [2 ** 32 if y < 2 ** 32 else 2 ** 33 for y in Y]


def main():
    try:
        Y = start()   # the first block: -(w_k + pad); [2^32, 2^32, 2^32, 2^33]
        if Y != [2 ** 32, 2 ** 32, 2 ** 32, 2 ** 33]:
            raise Fail("start bounds %s" % Y)
        for _ in range(100):
            new = [max(a, b) for a, b in zip(block(Y), Y)]
            if new == Y:
                break
            Y = new
        else:
            raise Fail("piece bounds do not converge")
        # the state between calls: start's zero pieces lie within the bounds,
        # and a block from the bounds stays within them (the fixed point)
        if any(y < 0 for y in Y) or any(b > y for b, y in zip(block(Y), Y)):
            raise Fail("the piece bounds are not an invariant for the state")
        # final: v_k = FINAL_k - y_k must lie in [0, 2^52) (placed at 2^52 for the integer view)
        for k in range(4):
            if FINAL[k] - Y[k] < 0:
                raise Fail("final piece %d can be negative" % k)
            note("final piece", FINAL[k] + Y[k], 52)
        if sum(FINAL[k] * 2 ** (32 * k) for k in range(4)) != 8 * (2 ** 130 - 5):
            raise Fail("FINAL is not 8p")
        if FINAL[3] + Y[3] >= 2 ** 38:
            raise Fail("final top word too large for the 6-bit extraction")
    except Fail as failure:
        print("bounds.py: FAIL:", failure)
        sys.exit(1)
    print("SPLIT = %d, C = 2^52 + 2^48; piece bounds: %s" %
          (SPLIT, ", ".join("|y%d| <= 2^%.3f" % (k, math.log2(y)) for k, y in enumerate(Y))))
    if C != 2 ** 52 + 2 ** 48:
        print("  (C read from PW0..PW3: 2^%.3f)" % math.log2(C))
    sys.exit(0 if margins.report() else 1)


if __name__ == "__main__":
    main()
