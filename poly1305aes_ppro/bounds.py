#!/usr/bin/env python3
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
The first block loads h directly: h0 = X0, h1 = X1, h2 = X2, h3 = X3.
The last block is the zero block: every X is 0, inside the ranges.

H* is the limit of H <- max(H, one_block(H) rounded up) from zero:
one_block(H*) <= H* (asserted), and one_block is monotone, so once the bounds
of the pieces before some block are <= H* they stay so. The first block's
bounds (h0 up to 2^33) are not <= H*: the bounds of the blocks after it are
followed (rounded up to integers), each checked, until they are. Bounds are
exact rationals and every check is an exact comparison with a power of 2.
Exits non-zero if any check fails; prints the margins in bits.
"""
import math
import sys
from fractions import Fraction

HALF = Fraction(1, 2)

MANTISSA = 64
R = [2 ** 28 - 1] + [2 ** 28 - 4] * 3      # clamped r_j
X0 = 2 ** 32 - 1                           # w0
X1 = 2 ** 31                               # |w1 2^32 read as signed| / 2^32
X2 = 2 ** 32                               # w2 + (w1 >> 31)
X3 = 2 ** 33 - 1                           # w3 + pad 2^32
FIRST = [X0, X1, X2, X3]


def m(i, k):
    j = (k - i) % 4
    return R[j] * (Fraction(5, 4) if i > k else 1)


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
        checks.append(("alpha binade s%d" % k, s[k] / 2 ** 32 + 1, 62))
        c.append(s[k] / 2 ** 32 + HALF)            # |c_k| in units of U_(k+1)
        checks.append(("carry c%d" % k, c[k], MANTISSA))
    checks.append(("alpha binade s3", s[3] / 2 ** 34 + 1, 62))
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
    bound = [max(a, b) for a, b in zip(FIRST, steady)]
    print("pieces before every block after the first %d: " % followed
          + ", ".join("|h%d| < 2^%.2f" % (k, math.log2(b)) for k, b in enumerate(steady)))
    print("before the first block: " + ", ".join("|h%d| < 2^%.2f" % (k, math.log2(b)) for k, b in enumerate(FIRST)))

    # the end (authenticate.S after the loop): pieces to int64 words, then
    # h + 8p = h + 2^133 - 40 must be positive with its top (bits >= 128) < 2^6
    total = sum(b * 2 ** (32 * k) for k, b in enumerate(bound))   # the pieces are < steady or FIRST
    checks.append(("int64 pieces", max(bound), 63))
    checks.append(("h + 8p > 0", total + 40, 133))
    checks.append(("top word of h + 8p", (total + 2 ** 133) / 2 ** 128, 6))

    failed = False
    worst = {}
    for name, value, limit in checks:
        kind = name.split(" ")[0] + " " + (name.split(" ")[1] if len(name.split(" ")) > 1 else "")
        margin = limit - math.log2(max(value, 1))
        if value >= 2 ** limit:
            failed = True
            print("FAIL %s: needs 2^%.3f, limit 2^%d" % (name, math.log2(value), limit))
        if kind not in worst or margin < worst[kind][0]:
            worst[kind] = (margin, name)
    for kind, (margin, name) in sorted(worst.items(), key=lambda x: x[1][0]):
        print("  %-28s %6.2f bits to spare (%s)" % (kind, margin, name))
    print("smallest margin: %.3f bits" % min(mg for mg, _ in worst.values()))
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
