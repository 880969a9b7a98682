#!/usr/bin/env python3
# SPDX-License-Identifier: CC0-1.0
"""Prove that every floating-point operation of poly1305aes_sparc's main loop
(authenticate.S, one 16-byte block) is exact or rounds only where intended.

All quantities are doubles (53-bit mantissa, round to nearest, which the code
sets in %fsr). The constants are read from authenticate.S (its table at
'consts' and the C_* offsets into it, the clamp masks of r): the rounding
constants ALPHA_k, the pad bit, ALPHA_0 + ALPHA_1, ALPHA_3 + ALPHA_2, the
wrap factor 5 2^-130 and the split constant 1.5 2^(52 + SPLIT). The pieces
represent H = 2^34 h mod p (the finish divides by 2^34 mod p): piece k of H
is a multiple of u_k, u_0 = 1 and u_k = 2^(32k+2) for k = 1..3, so that word
k of a chunk (weight 2^(32k+34) in H) sits exactly on the boundary above
slot k: STEP_k = u_1, u_2, u_3 and 2^130 (ALPHA_k = 1.5 2^52 STEP_k). Bounds
below are exact rationals of absolute value. The block, as authenticate.S
does it:

  r_j: clamped word j of r (r_1..r_3 multiples of 4), split with 1.5
  2^(52+SPLIT): hi_j = r_j rounded to a multiple of 2^SPLIT, lo_j = r_j -
  hi_j, |lo_j| <= 2^(SPLIT-1), lo_j a multiple of 4 for j >= 1. Multiplier
  taking piece i to slot k (j = k - i mod 4): lo_j 2^(32j) (times 5 2^-130
  when i > k: 2^(32(i+j)+2) = 2^130 2^(32k) and 2^130 = 5 mod p), likewise
  hi_j. A_k = sum_i h_i L(i,k), B_k = sum_i h_i H(i,k), summed in any order.
  Words of the next chunk arrive as P_k = ALPHA_k + w_k STEP_k (+ the pad
  bit 2^162 in P_3 for a full chunk).
  slot 0: s = B0 + P_0, t0 = s + A0 (both in P_0's binade: each rounds to a
          multiple of u_1; t0 - P_0 is A0 + B0 rounded twice, plus word 0);
          N = P_0 - t0; piece0 = (B0 + N) + A0, |piece0| <= u_1 before W
  slot 1: A1 += t0 (the carry, word 0 and ALPHA_0, added last); s = B1 +
          P_1; t1 = s + A1; N; piece1 = (B1 + N) + A1; M1 = t1 - (ALPHA_0 +
          ALPHA_1)
  slot 2: s = B2 + P_2; t2 = s + A2; N; piece2 = ((B2 + N) + A2) + M1:
          slot 1's carry and word 1 join the rounded piece, not the sum
  slot 3: A3 += t2 (ALPHA_2, a multiple of 2^130, rides to the top); s =
          B3 + P_3; t3 = s + A3; N; piece3 = (B3 + N) + A3; R = t3 - (ALPHA_3 + ALPHA_2) =
          s rounded to 2^130 (less ALPHA_2) + w_3 2^130 + pad; W = R 5 2^-130;
          piece0 += W
For each value the script bounds |value| and checks: sums and products that
must be exact fit in 53 bits of their unit; s = B + P and t = s + A stay in
P's binade, so t - P is A + B rounded (twice) to P's ulp and P - t is exact
(Sterbenz); each residual and each piece is exactly representable. Bounds on the pieces
are iterated from the first chunk (H = 2^34 chunk: pieces 5 (w_3 + 2^32),
w_0 u_1, w_1 u_2, w_2 u_3) to a fixed point, widened by 1/16 and checked to
be an invariant (the first chunk lies inside them and one block, with or
without the pad bit, maps them inside themselves), so they hold for every
block. Exits non-zero on any failure and prints the smallest margins.

The core's state (start, blocks, finish) holds these same pieces X between
calls, h = X r mod p: start sets X = 0, blocks runs blocks from X (the loop
itself: a call's first block takes the state's X as the block before left
it), finish runs one block with the zero chunk and converts. So a call
enters with pieces inside the invariant (0 is inside; a block maps the
invariant into itself) and leaves them inside it: checked below, with the
finish's conversion (fdtox of piece k / 2^(32k), read as < 2^37).
"""
import math
import os
import re
import sys
from fractions import Fraction as F

from tools import fpbounds

HERE = os.path.dirname(os.path.abspath(__file__))

SOURCE = os.path.join(HERE, "authenticate.S")
MANT = 53


def read_source(path=SOURCE):
    """the constants, from the table at 'consts' (entry C_X at PTABLE + 8 n)"""
    src = fpbounds.text(path)
    table = fpbounds.words(path, "consts", 2 * 16)
    entry = {}
    for name, offset in re.findall(r"^#define (C_\w+) \(PTABLE \+ (\d+)\)", src, re.M):
        n = int(offset) // 8
        if 2 * n + 1 < len(table):
            entry[name] = fpbounds.double(table[2 * n], table[2 * n + 1])
    need = ["C_A0", "C_A1", "C_A2", "C_A3", "C_A3PAD", "C_K1", "C_A3X", "C_WR", "C_SPLIT"]
    missing = [x for x in need if x not in entry]
    if missing:
        raise fpbounds.SourceError("%s: constants not found: %s" % (path, missing))
    low = re.search(r"sethi %hi\((0x[0-9a-f]+)\), %g1\s+or %g1, %lo\(\1\), %g1", src)
    if not low or not re.search(r"and %g1, -4, %g1", src):
        raise fpbounds.SourceError("%s: the clamp of r is not found" % path)
    mask = int(low.group(1), 16)
    return entry, [mask] + [mask & -4] * 3


ENTRY, CLAMP = read_source()
ALPHA = [ENTRY["C_A0"], ENTRY["C_A1"], ENTRY["C_A2"], ENTRY["C_A3"]]
STEP = [a / F(3, 2) / F(2) ** 52 for a in ALPHA]                # rounding step of slot k
U = [F(1)] + STEP[:3]                                            # units of the pieces
PAD = ENTRY["C_A3PAD"] - ENTRY["C_A3"]                           # the pad bit of a full chunk, in P_3
WRAP = ENTRY["C_WR"]
K1 = ENTRY["C_K1"]
A3X = ENTRY["C_A3X"]
SPLIT = fpbounds.log2_exact(ENTRY["C_SPLIT"] / F(3, 2)) - 52
WORD = F(2 ** 32 - 1)
MULT = fpbounds.multipliers(SPLIT, CLAMP, signed=True)

margins = fpbounds.Margins()


def multiplier(i, k):
    """|lo| and |hi| multipliers taking piece i to slot k (absolute), and the
    units of the products (powers of 2 dividing every product of piece i)"""
    j, wrapped, lo, hi, lo_unit, hi_unit = MULT[i, k]
    scale = F(2) ** (32 * j) * (WRAP if wrapped else 1)
    base = U[i] * F(2) ** (32 * j) * (F(1, 2 ** 130) if wrapped else 1)   # the 5 adds no power of 2
    return (lo * (4 if wrapped else 1) / (5 if wrapped else 1) * scale,
            hi * (4 if wrapped else 1) / (5 if wrapped else 1) * scale,
            base * (lo_unit * 4 if wrapped else lo_unit), base * (hi_unit * 4 if wrapped else hi_unit))


def block(hb, pad, check):
    """One block from pieces |h_i| <= hb[i]. Returns the new bounds and whether every check held."""
    ok = True
    m = margins if check else fpbounds.Margins()

    def chk(result):
        nonlocal ok
        ok = ok and result

    A, B, BU = [], [], []
    for k in range(4):
        a = b = F(0)
        bunit = min(multiplier(i, k)[3] for i in range(4))
        for i in range(4):
            lo, hi, lunit, hunit = multiplier(i, k)
            chk(lunit >= U[k])                                 # lo products are multiples of u_k
            chk(m.exact("product h%d*lo -> slot %d" % (i, k), hb[i] * lo, lunit))
            chk(m.exact("product h%d*hi -> slot %d" % (i, k), hb[i] * hi, hunit))
            a += hb[i] * lo
            b += hb[i] * hi
        chk(m.exact("sum B%d" % k, b, bunit))
        A.append(a)
        B.append(b)
        BU.append(bunit)
    new = [None] * 4
    absorbed = F(0)                                            # what A_k takes before its rounding
    m1 = None
    for k in range(4):
        a = A[k] + absorbed
        chk(m.exact("A%d plus what it absorbs" % k, a, U[k]))
        total = a + B[k]
        step = STEP[k]
        P = ALPHA[k] + WORD * step + (pad * PAD if k == 3 else 0)
        base = F(2) ** math.floor(math.log2(ALPHA[k]))        # P's binade is [base, 2 base)
        room = min(ALPHA[k] - base, 2 * base - ALPHA[k])
        chk(m.exact("P%d constant in ulps of its step" % k, ALPHA[k], step))
        chk(fpbounds.ulp(base) == step)                       # P's ulp is the step
        # s = B + P, then t = s + A: each sum stays in P's binade, so each
        # rounds to a multiple of the step, off by at most half of it
        chk(m.need("s%d = B + P stays in P's binade" % k, P - ALPHA[k] + B[k], room))
        chk(m.need("t%d = s + A stays in P's binade" % k, P - ALPHA[k] + B[k] + step / 2 + a, room))
        resid = step                                           # |A + B - (t - P)|: two roundings
        chk(m.exact("B%d + N" % k, a + resid, BU[k]))
        chk(m.exact("piece %d" % k, resid, U[k]))
        new[k] = resid
        rounded = total + step                                 # |t - P|: A + B rounded twice
        absorbed = F(0)
        if k == 0:                                             # t0 goes up whole into A1
            absorbed = P + rounded
        elif k == 1:                                           # M1 = t1 - (ALPHA0 + ALPHA1), to piece 2
            chk(K1 == ALPHA[0] + ALPHA[1])
            chk(m.exact("ALPHA0 + ALPHA1", K1, STEP[1]))
            chk(m.need("ALPHA0 + ALPHA1 in t1's binade", K1, 2 * base))
            chk(m.exact("ALPHA0 a multiple of slot 1's step", ALPHA[0], step))
            m1 = WORD * step + (rounded - ALPHA[0])            # s1 holds ALPHA0, a multiple of step
        elif k == 2:                                           # piece 2 takes M1; t2 goes up whole into A3
            new[2] = resid + m1
            chk(m.exact("piece 2 + M1", new[2], U[2]))
            chk(m.exact("ALPHA2 a multiple of 2^130", ALPHA[2], 2 ** 130))
            absorbed = P + rounded
        else:                                                  # R = t3 - (ALPHA3 + ALPHA2)
            chk(A3X == ALPHA[3] + ALPHA[2])
            chk(m.exact("ALPHA3 + ALPHA2", A3X, step))
            r = (rounded - ALPHA[2]) + WORD * step + pad * PAD  # s3 holds ALPHA2, a multiple of step
            w = r * WRAP
            chk(m.exact("W = R * 5 * 2^-130", w, 1))
            new[0] = new[0] + w
            chk(m.exact("piece 0 + W", new[0], 1))
    return new, ok


def main():
    first = [5 * (WORD + 2 ** 32), WORD * U[1], WORD * U[2], WORD * U[3]]   # first chunk: H = 2^34 chunk
    hb = fpbounds.fixed_point(lambda b: block(b, 1, False)[0], first, limit=30) or first
    for _ in range(30):                                        # (or 30 steps towards it)
        hb = [max(x, y) for x, y in zip(block(hb, 1, False)[0], hb)]
    # widen by 1/16 and check the bounds are an invariant: the first chunk is
    # inside them and a block (with or without the pad bit) maps them into
    # themselves, so by induction they hold for every block
    hb = [F(math.ceil(x * (1 + F(1, 2 ** 4)))) for x in hb]
    ok = all(f <= x for f, x in zip(first, hb))
    for pad in (0, 1):
        new, fine = block(hb, pad, True)
        ok = ok and fine
        for k in range(4):
            ok = margins.need("piece %d bound is invariant (pad %d)" % (k, pad), new[k], hb[k]) and ok
    # the state: start's X = 0 is inside; finish converts pieces inside the
    # invariant (after its zero-chunk block) with |piece k / 2^(32k)| < 2^37
    ok = all(F(0) <= x for x in hb) and ok
    for k in range(4):
        ok = margins.need("state piece %d for finish's conversion" % k, hb[k] / F(2) ** (32 * k), F(2) ** 37) and ok
    print("SPLIT = %d (from C_SPLIT); pieces: %s" % (SPLIT, ", ".join(
        "|h%d| < 2^%.2f u_%d" % (k, math.log2(hb[k] / U[k]), k) for k in range(4))))
    ok = margins.report(top=14) and ok
    sys.exit(0 if ok and margins.smallest() > 0 else 1)


if __name__ == "__main__":
    main()
