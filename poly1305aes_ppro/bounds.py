#!/usr/bin/env python3
# SPDX-License-Identifier: CC0-1.0
"""Prove that every x87 operation in poly1305aes_ppro's main loop is exact
(or is one of the deliberate roundings), for the sequence in authenticate.S.

x87 at 64-bit precision, round to nearest. Slot / piece k has unit U_k = 2^(32k):
every value below is an integer number of units of its slot, and an integer
of magnitude < 2^64 is exactly representable, so an operation is exact when
its result is such an integer. Bounds are in units of the slot.

One block (h = h0 + h1 + h2 + h3 in, |h_k| <= H_k units). The block's words,
each loaded exactly by fildll from a 64-bit integer the integer code built:
X0 = w0 (< 2^32, unit U_0), X1 = w1 2^32 read as signed (|.| <= 2^31 units of
U_1; its sign takes 2^64 = U_2 away, given back by X2 = w2 + (w1 >> 31) <=
2^32, unit U_2), X3 = w3 + pad 2^32 < 2^33 (unit U_3).
  products  s_k = sum_i h_i m(i,k), m(i,k) = r_j (i <= k) or 5 r_j / 4
            (i > k; the double 5 r_j 2^(32j-130), integral in units because
            r_j, j >= 1, is a multiple of 4), j = k - i mod 4; r_0 < 2^28,
            r_j <= 2^28 - 4. Slot 0 also adds X0, slot 3 adds X3 (scaled by
            2^96, exact). Every partial sum is bounded by the sum of the
            bounds of its terms, so checking the full sum covers them.
  carries   all four slots rounded at once, from these sums:
  slot k<3  t = s_k + alpha_k (alpha_k = 3 2^62 U_(k+1), a double) lands in
            [2^63, 2^64) U_(k+1), ulp U_(k+1), so c_k = t - alpha_k is s_k
            rounded to a multiple of U_(k+1) (exact), r_k = s_k - c_k in
            [-2^31, 2^31] units (exact).
  slot 3    t3 = s3 + alpha3 (3 2^192) lands in [2^193, 2^194), ulp 2^130 =
            2^34 units, so c3 = t3 - alpha3 is s3 rounded to 2^34 units
            (exact), r3 = s3 - c3 in [-2^33, 2^33], v = c3 5 2^-130 = 5 c3 /
            2^34 units of slot 0 (exact).
  words     u1 = c0 + X1, u2 = c1 + X2 2^64 (scaled exactly).
  pieces    h0 = r0 + v, h1 = r1 + u1, h2 = r2 + u2, h3 = r3 + c2.
The first block of authenticate loads h directly: h0 = X0, h1 = X1, h2 =
X2, h3 = X3. The core's blocks (the same loop) starts from the state:
h_k = H_k + X_k, H the four int64 pieces a previous call left (or 0),
normalized first in integer code (same value mod p, |H_0| <= 2^31 + 15,
|H_1|, |H_2| <= 2^31, |H_3| <= 2^33, which needs |H_k| < 2^35). The
last block is the zero block: every X is 0, inside the ranges; its pieces
are what the call leaves in the state.

H* is the limit of H <- max(H, one_block(H) rounded up) from zero:
one_block(H*) <= H* (asserted), and one_block is monotone, so once the bounds
of the pieces before some block are <= H* they stay so. The first block's
bounds (h0 up to 2^33) are not <= H*: the bounds of the blocks after it are
followed (rounded up to integers), each checked, until they are. A call
from a state starts at the normalized bounds + X: every block's pieces are
then within T = the fixed point from there, and the call leaves pieces
within one_block(T); the state's bounds are those, H* and the bounds
followed from authenticate's first block, checked below 2^35. Bounds are
exact rationals and every check is an exact comparison with a power of 2.
Exits non-zero if any check fails; prints the margins in bits.
"""
import math
import os
import re
import sys
from fractions import Fraction

from tools import fpbounds

HERE = os.path.dirname(os.path.abspath(__file__))

SOURCE = os.path.join(HERE, "authenticate.S")
HALF = Fraction(1, 2)


def read_source(path=SOURCE):
    """the constants this proof is about, as authenticate.S holds them:
    the x87 control word (precision), the clamp masks, alpha_0..alpha_3 and
    the wrap factor"""
    src = fpbounds.text(path)
    cw = re.search(r"movw \$(0x[0-9a-f]+), CW\+2\(%esp\)", src)
    if not cw:
        raise fpbounds.SourceError("%s: the control word set is not found" % path)
    precision = {0: 24, 2: 53, 3: 64}[(int(cw.group(1), 16) >> 8) & 3]
    masks = [int(x, 16) for x in re.findall(r"andl \$(0x0ffffff[cf]), %ecx", src)]
    if len(masks) != 4:
        raise fpbounds.SourceError("%s: expected the four clamp masks of r" % path)
    alphas = [fpbounds.quad(path, "alpha%d" % k) for k in range(4)]
    # alpha_k = 3 2^e U_(k+1) (U_4 = 2^130): e is the binade the sums are rounded in
    units = [Fraction(2) ** (32 * (k + 1)) for k in range(3)] + [Fraction(2) ** 130]
    exps = []
    for k in range(4):
        ratio = alphas[k] / 3 / units[k]
        exps.append(fpbounds.log2_exact(ratio))
        # t = s + alpha_k rounds s to alpha_k's ulp: it must be the unit of the slot above
        if fpbounds.ulp(alphas[k], precision) != units[k]:
            raise fpbounds.SourceError("%s: alpha%d's ulp is %s, not the unit 2^%d of the slot above"
                                       % (path, k, fpbounds.fmt(fpbounds.ulp(alphas[k], precision)),
                                          fpbounds.log2_exact(units[k])))
    wrap = fpbounds.quad(path, "wrap")
    if wrap != Fraction(5, 2 ** 130):
        raise fpbounds.SourceError("%s: wrap is not 5 2^-130" % path)
    return precision, masks, exps


MANTISSA, CLAMP, ALPHA_EXP = read_source()
R = list(CLAMP)                            # clamped r_j: at most the mask
X0 = 2 ** 32 - 1                           # w0
X1 = 2 ** 31                               # |w1 2^32 read as signed| / 2^32
X2 = 2 ** 32                               # w2 + (w1 >> 31)
X3 = 2 ** 33 - 1                           # w3 + pad 2^32
FIRST = [X0, X1, X2, X3]


MULT = fpbounds.multipliers(0, CLAMP)      # r unsplit: the whole word is the "hi" half


def m(i, k):
    return MULT[i, k][3]


def one_block(h, checks):
    s = []
    for k in range(4):
        total = Fraction(0)
        for i in range(4):
            checks.append(("product h%d * m(%d,%d)" % (i, i, k), h[i] * m(i, k), MANTISSA))
            total += h[i] * m(i, k)
        total += {0: X0, 3: X3}.get(k, 0)
        checks.append(("sum s%d" % k, total, MANTISSA))
        s.append(total)
    c = []
    for k in range(3):
        # t = s_k + 3 2^62 U_(k+1) stays in [2^63, 2^64) U_(k+1)
        checks.append(("alpha binade s%d" % k, s[k] / 2 ** 32 + 1, ALPHA_EXP[k]))
        c.append(s[k] / 2 ** 32 + HALF)            # |c_k| in units of U_(k+1)
        checks.append(("carry c%d" % k, c[k], MANTISSA))
    checks.append(("alpha binade s3", s[3] / 2 ** 34 + 1, ALPHA_EXP[3]))
    c3 = s[3] / 2 ** 34 + HALF                     # |c3| in units of 2^34 U_3
    v = 5 * c3
    checks.append(("wrapped carry v", v, MANTISSA))
    u1 = c[0] + X1
    u2 = c[1] + X2
    checks.append(("u1", u1, MANTISSA))
    checks.append(("u2", u2, MANTISSA))
    new = [2 ** 31 + v, 2 ** 31 + u1, 2 ** 31 + u2, 2 ** 33 + c[2]]
    for k in range(4):
        checks.append(("piece h%d" % k, new[k], MANTISSA))
    return new


def fixed_point(start):
    bound = list(start)
    for _ in range(1000):
        grown = [max(a, math.ceil(b)) for a, b in zip(bound, one_block(bound, []))]
        if grown == bound:
            return bound
        bound = grown
    sys.exit("bounds.py: the piece bounds do not converge")


def main():
    steady = fixed_point([0, 0, 0, 0])
    checks = []
    out = one_block(steady, checks)
    assert all(o <= b for o, b in zip(out, steady))
    block = list(FIRST)
    followed = 0
    while not all(b <= h for b, h in zip(block, steady)):
        block = [math.ceil(b) for b in one_block(block, checks)]
        followed += 1
        if followed > 100:
            sys.exit("bounds.py: the first blocks never come under the steady bounds")
    print("pieces before every block after the first %d: " % followed
          + ", ".join("|h%d| < 2^%.2f" % (k, math.log2(b)) for k, b in enumerate(steady)))
    print("before the first block: " + ", ".join("|h%d| < 2^%.2f" % (k, math.log2(b)) for k, b in enumerate(FIRST)))

    # the core's blocks: entered with a state's pieces normalized (core_blocks:
    # |h_0| <= 2^31 + 15, |h_1|, |h_2| <= 2^31, |h_3| <= 2^33, from any
    # state with |h_k| < 2^35) plus a block. The pieces before every block
    # of such a call are within T = the fixed point from there (monotone, as
    # above); the call leaves pieces within one_block(T).
    normalized = [2 ** 31 + 15, 2 ** 31, 2 ** 31, 2 ** 33]
    through = fixed_point([n + x for n, x in zip(normalized, FIRST)])
    left = [math.ceil(b) for b in one_block(through, checks)]
    followed_left = []
    block = list(FIRST)
    while not all(b <= h for b, h in zip(block, steady)):
        block = [math.ceil(b) for b in one_block(block, [])]
        followed_left.append(block)
    state = [max([a, b] + [f[k] for f in followed_left]) for k, (a, b) in enumerate(zip(steady, left))]
    print("pieces before every block of a call from a state: "
          + ", ".join("|h%d| < 2^%.2f" % (k, math.log2(b)) for k, b in enumerate(through)))
    print("the state between calls (any call's last block): "
          + ", ".join("|h%d| < 2^%.2f" % (k, math.log2(b)) for k, b in enumerate(state)))
    for k in range(4):
        checks.append(("state h%d for the normalization" % k, state[k], 35))
    bound = state

    # the end (authenticate.S after the loop): pieces to int64 words, then
    # h + 8p = h + 2^133 - 40 must be positive with its top (bits >= 128) < 2^6
    total = sum(b * 2 ** (32 * k) for k, b in enumerate(bound))   # the pieces are < steady or FIRST
    checks.append(("int64 pieces", max(bound), 63))
    checks.append(("h + 8p > 0", total + 40, 133))
    checks.append(("top word of h + 8p", (total + 2 ** 133) / 2 ** 128, 6))

    margins = fpbounds.Margins()
    for name, value, limit in checks:
        kind = name.split(" ")[0] + " " + (name.split(" ")[1] if len(name.split(" ")) > 1 else "")
        margins.need(kind, max(value, 1), 2 ** limit, name)
    sys.exit(0 if margins.report() else 1)


if __name__ == "__main__":
    main()
