#!/usr/bin/env python3
"""Prove that every x87 operation in poly1305aes_ppro's main loop is exact
(or is one of the deliberate roundings), for the sequence in authenticate.S.

x87 at 64-bit precision, round to nearest. Slot / piece k has unit U_k = 2^(32k):
every value below is an integer number of units of its slot, and an integer
of magnitude < 2^64 is exactly representable, so an operation is exact when
its result is such an integer. Bounds are in units of the slot.

One block (h = h0 + h1 + h2 + h3 in, |h_k| <= H_k units):
  products  s_k = sum_i h_i m(i,k), m(i,k) = r_j (i <= k) or 5 r_j / 4
            (i > k; the double 5 r_j 2^(32j-130), integral in units because
            r_j, j >= 1, is a multiple of 4), j = k - i mod 4; r_0 < 2^28,
            r_j <= 2^28 - 4. Slot 0 also adds W0 = 2^32 + w0 (80-bit, always
            normalized). Every partial sum is bounded by the sum of the bounds
            of its terms, so checking the full sum covers the partial sums.
  slot k<3  t = s_k + A (A = U_{k+1} (3 2^62 + a), a = w1 - 1, w2, w3 + pad):
            lands in [2^63, 2^64) U_{k+1}, ulp U_{k+1}, so c = t - A = s_k
            rounded to a multiple of U_{k+1} (exact), u = t - alpha_k = c + a
            U_{k+1} (exact), s_k - c in [-2^31, 2^31] units (exact).
            Slot 1 is s1 + u1 before it is rounded; h1 = that - c1.
  slot 3    s3 + u3, then t3 = that + alpha3 (alpha3 = 3 2^192): lands in
            [2^193, 2^194), ulp 2^130 = 2^34 units, so c3 = t3 - alpha3 is it
            rounded to 2^34 units (exact), h3 = s3 + u3 - c3 in [-2^33, 2^33],
            v = c3 5 2^-130 = 5 c3 / 2^34 units of slot 0 (exact).
  pieces    h0 = r0 + v, h1 and h3 as above, h2 = r2 + u2.
The first block loads h directly: h0 = W0, h1 = w1 - 1, h2 = w2, h3 = w3 + pad.
The last block is the zero block: a = -1, 0, 0 and W0 = 2^32, inside the ranges.

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
W0 = 2 ** 33 - 1                           # 2^32 + w0
AWORD = [2 ** 32, 2 ** 32 - 1, 2 ** 33 - 1]   # |a| for A1 (w1 - 1 >= -1), A2 (w2), A3 (w3 + pad)
FIRST = [2 ** 33 - 1, 2 ** 32, 2 ** 32 - 1, 2 ** 33 - 1]


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
        if k == 0:
            total += W0
        checks.append(("sum s%d" % k, total, MANTISSA))
        s.append(total)
    # slot 0: t0 = s0 + A1; A/U_1 in [3 2^62 - 1, 3 2^62 + 2^33) keeps t0 in [2^63, 2^64) U_1
    checks.append(("A binade s0", s[0] / 2 ** 32 + AWORD[0] + 1, 62))
    c0 = s[0] / 2 ** 32 + HALF                   # |c0| in units of U_1
    u1 = c0 + AWORD[0]
    checks.append(("u1", u1, MANTISSA))
    # slot 1: s1 + u1, rounded with A2
    s1 = s[1] + u1                              # u1 is in units of U_1 already
    checks.append(("sum s1 + u1", s1, MANTISSA))
    checks.append(("A binade s1 + u1", s1 / 2 ** 32 + AWORD[1] + 1, 62))
    c1 = s1 / 2 ** 32 + HALF
    u2 = c1 + AWORD[1]
    checks.append(("u2", u2, MANTISSA))
    # slot 2: rounded with A3
    checks.append(("A binade s2", s[2] / 2 ** 32 + AWORD[2] + 1, 62))
    c2 = s[2] / 2 ** 32 + HALF
    u3 = c2 + AWORD[2]
    checks.append(("u3", u3, MANTISSA))
    # slot 3: s3 + u3, rounded at 2^34 units by alpha3
    s3 = s[3] + u3
    checks.append(("sum s3 + u3", s3, MANTISSA))
    checks.append(("alpha3 binade s3 + u3", s3, 62 + 34))
    c3 = s3 / 2 ** 34 + HALF                     # |c3| in units of 2^34 U_3
    v = 5 * c3
    checks.append(("wrapped carry v", v, MANTISSA))
    new = [2 ** 31 + v, 2 ** 31, 2 ** 31 + u2, 2 ** 33]
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
