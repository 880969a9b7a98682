#!/usr/bin/env python3
"""Prove that every floating-point operation of poly1305aes_sparc's main loop
(authenticate.S, one 16-byte block) is exact or rounds only where intended.

All quantities are doubles (53-bit mantissa, round to nearest, which the code
sets in %fsr). The pieces represent H = 2^34 h mod p (the finish divides by
2^34 mod p): piece k of H is a multiple of u_k, u_0 = 1 and u_k = 2^(32k+2)
for k = 1..3, so that word k of a chunk (weight 2^(32k+34) in H) sits exactly
on the boundary above slot k: u_1, u_2, u_3 and 2^130. Bounds below are kept
as exact rationals of absolute value. The block, as authenticate.S does it:

  r_j: clamped word j of r (< 2^28; r_1..r_3 multiples of 4), split with the
  rounding constant 3*2^(51+SPLIT): hi_j = r_j rounded to a multiple of
  2^SPLIT (<= 2^28), lo_j = r_j - hi_j, |lo_j| <= 2^(SPLIT-1), lo_j a multiple
  of 4 for j >= 1. Multiplier taking piece i to slot k (j = k - i mod 4):
  lo_j 2^(32j) (or times 5*2^-130 when i > k, i.e. i + j = k + 4: then
  2^(32(i+j)+2) = 2^130 2^(32k) and 2^130 = 5 mod p), likewise hi_j. Products
  of piece 0 with r_j (j >= 1) are multiples of u_j because lo_j and hi_j are
  multiples of 4; wrapped products likewise because j >= 1 there.
  A_k = sum_i h_i L(i,k),  B_k = sum_i h_i H(i,k).
  Words of the next chunk arrive as P_k = ALPHA[k] + w_k s_k with s_k = u_1,
  u_2, u_3, 2^130 (the rounding step of slot k) and 2^162 added to P_3 for a
  full chunk's pad bit (2^34 2^128).
  slot 0: s = A0 + B0 (rounded); t0 = s + P_0 (rounds s to a multiple of u_1
          and adds word 0);  N = P_0 - t0;  piece0 = (B0 + N) + A0
  slot 1: A1 += t0 (absorbs carry, word 0 and ALPHA[0]); s; t1 = s + P_1;
          N = P_1 - t1; piece1 = (B1 + N) + A1; M1 = t1 - (ALPHA[0] + ALPHA[1])
  slot 2: A2 += M1; s; t2 = s + P_2; N; piece2 = (B2 + N) + A2
  slot 3: A3 += t2 (ALPHA[2], a multiple of 2^130, rides to the top); s;
          t3 = s + P_3; N = P_3 - t3; piece3 = (B3 + N) + A3;
          R = t3 - (ALPHA[3] + ALPHA[2]) = s rounded to a multiple of 2^130
          (less ALPHA[2]) + w_3 2^130 + pad 2^162;  W = R * 5 * 2^-130;
          piece0 += W
  Each A_k is summed from its products first and takes its carry last; the
  bounds below are sums of absolute values, so they hold for any order.

For each value the script bounds |value| and checks: sums and products that
must be exact fit in 53 bits of their unit; each "t = s + P" keeps s + P in
P's binade, so t - P is s rounded to P's ulp and P - t is exact (Sterbenz);
each residual is exactly representable. Bounds on the pieces are iterated
from the first chunk (H = 2^34 chunk: pieces w_0 u_1, w_1 u_2, w_2 u_3 and
5 (w_3 + 2^32)) towards a fixed point, widened by 1/16, and checked to be an
invariant (the first chunk lies inside them and one block, with or without
the pad bit, maps them inside themselves), so they hold for every block.
Exits non-zero on any failure and prints the smallest margins in bits.
"""
import math
import sys
from fractions import Fraction as F

SPLIT = 15                       # must match authenticate.S: rounding constant 1.5 2^(52 + SPLIT)
MANT = 53
U = [F(1)] + [F(2) ** (32 * k + 2) for k in range(1, 4)]       # units of the pieces
STEP = [U[1], U[2], U[3], F(2) ** 130]                          # rounding step of slot k
ALPHA = [3 * F(2) ** (51 + int(math.log2(s))) for s in STEP]    # 1.5 2^(52 + log2 step): 2^86, 2^118, 2^150, 2^182
PAD = F(2) ** 162                # 2^34 2^128: the pad bit of a full chunk, in P_3
WRAP = F(5, 2 ** 130)
WORD = F(2 ** 32 - 1)

margins = []                     # (name, bits to spare)


def need(name, value, limit):
    """value < limit, both positive; record the margin in bits."""
    value = F(value)
    spare = math.log2(limit) - math.log2(max(value, F(1, 2 ** 400)))
    margins.append((name, spare))
    return spare > 0


def exact(name, magnitude, unit):
    """a value bounded by magnitude that is a multiple of unit fits in 53 bits"""
    return need("exact " + name, F(magnitude) / F(unit), 2 ** MANT)


def ulp(magnitude):
    """largest ulp of a double of absolute value <= magnitude"""
    return F(2) ** (math.floor(math.log2(magnitude)) - (MANT - 1))


def multipliers():
    """per (i, k): bounds of |lo| and |hi| multipliers and the units of the lo
    and hi products (powers of 2 dividing every product of piece i)"""
    table = {}
    for k in range(4):
        for i in range(4):
            j = (k - i) % 4
            wrap = i > k
            scale = F(2) ** (32 * j) * (WRAP if wrap else 1)
            unit = U[i] * F(2) ** (32 * j) * (F(1, 2 ** 130) if wrap else 1)   # the 5 adds no power of 2
            lo_unit = unit * (4 if j >= 1 else 1)
            hi_unit = unit * 2 ** SPLIT
            table[i, k] = (F(2 ** (SPLIT - 1)) * scale, F(2 ** 28) * scale, lo_unit, hi_unit)
    return table


def block(hb, pad, check):
    """One block from pieces |h_i| <= hb[i] (absolute). Returns the new bounds."""
    ok = True
    mult = multipliers()

    def chk(result):
        nonlocal ok
        if check and not result:
            ok = False

    for k in range(4):
        for i in range(4):
            chk(mult[i, k][2] >= U[k])                         # lo products are multiples of u_k
    A, B, BU = [], [], []
    for k in range(4):
        a = b = F(0)
        bunit = min(mult[i, k][3] for i in range(4))
        for i in range(4):
            lo, hi, lunit, hunit = mult[i, k]
            chk(exact("product h%d*lo -> slot %d" % (i, k), hb[i] * lo, lunit))
            chk(exact("product h%d*hi -> slot %d" % (i, k), hb[i] * hi, hunit))
            a += hb[i] * lo
            b += hb[i] * hi
        chk(exact("sum B%d" % k, b, bunit))
        A.append(a)
        B.append(b)
        BU.append(bunit)
    new = [None] * 4
    absorbed = F(0)                                            # slot 0 takes no word: W comes after
    for k in range(4):
        a = A[k] + absorbed
        chk(exact("A%d plus what it absorbs" % k, a, U[k]))
        total = a + B[k]                                       # |A + B| before rounding
        s_r = total + ulp(2 * total) / 2                       # |s|, s = A + B rounded
        step = STEP[k]
        P = ALPHA[k] + WORD * step + (pad * PAD if k == 3 else 0)
        base = 2 ** math.floor(math.log2(ALPHA[k]))            # P's binade is [base, 2 base)
        chk(exact("P%d constant in ulps of %d bits" % (k, math.log2(step)), ALPHA[k], step))
        chk(ulp(base) == step)                                 # P's ulp is the step
        chk(need("t%d = s + P stays in P's binade" % k, P - ALPHA[k] + s_r, min(ALPHA[k] - base, 2 * base - ALPHA[k])))
        resid = ulp(2 * total) / 2 + step / 2                  # |A + B - (s rounded to step)|
        chk(exact("B%d + N" % k, a + resid, BU[k]))
        chk(exact("piece %d" % k, resid, U[k]))
        new[k] = resid
        rounded = s_r + step / 2                               # |s rounded to step|
        if k == 0:                                             # t0 goes up whole
            absorbed = P + rounded
        elif k == 1:                                           # M1 = t1 - (ALPHA0 + ALPHA1)
            chk(exact("ALPHA0 + ALPHA1", ALPHA[0] + ALPHA[1], STEP[1]))
            chk(need("ALPHA0 + ALPHA1 in t1's binade", ALPHA[0] + ALPHA[1], 2 * base))
            absorbed = WORD * step + (rounded - ALPHA[0])      # s1 holds ALPHA0, a multiple of step
            chk(exact("ALPHA0 a multiple of slot 1's step", ALPHA[0], step))
        elif k == 2:                                           # t2 goes up whole
            chk(exact("ALPHA2 a multiple of 2^130", ALPHA[2], 2 ** 130))
            absorbed = P + rounded
        else:                                                  # R = t3 - (ALPHA3 + ALPHA2)
            chk(exact("ALPHA3 + ALPHA2", ALPHA[3] + ALPHA[2], step))
            r = (rounded - ALPHA[2]) + WORD * step + pad * PAD  # s3 holds ALPHA2, a multiple of step
            w = 5 * r / 2 ** 130
            chk(exact("W = R * 5 * 2^-130", w, 1))
            new[0] = new[0] + w
            chk(exact("piece 0 + W", new[0], 1))
    return new, ok


def main():
    first = [5 * (WORD + 2 ** 32), WORD * U[1], WORD * U[2], WORD * U[3]]   # first chunk: H = 2^34 chunk
    hb = first
    for _ in range(30):                                        # approach the fixed point
        new, _ = block(hb, 1, False)
        hb = [max(x, y) for x, y in zip(new, hb)]
    # widen by 1/16 and check the bounds are an invariant: the first chunk is
    # inside them and a block (with or without the pad bit) maps them into
    # themselves, so by induction they hold for every block
    hb = [F(math.ceil(x * (1 + F(1, 2 ** 4)))) for x in hb]
    margins.clear()
    ok = all(f <= x for f, x in zip(first, hb))
    for pad in (0, 1):
        new, fine = block(hb, pad, True)
        ok = ok and fine
        for k in range(4):
            ok = need("piece %d bound is invariant (pad %d)" % (k, pad), new[k], hb[k]) and ok
    print("SPLIT = %d; pieces: %s" % (SPLIT, ", ".join(
        "|h%d| < 2^%.2f u_%d" % (k, math.log2(hb[k] / U[k]), k) for k in range(4))))
    worst = {}
    for name, spare in margins:
        if name not in worst or spare < worst[name]:
            worst[name] = spare
    for name, spare in sorted(worst.items(), key=lambda x: x[1])[:12]:
        print("  %-60s %6.2f bits to spare" % (name, spare))
    smallest = min(worst.values())
    print("smallest margin: %.2f bits" % smallest)
    sys.exit(0 if ok and smallest > 0 else 1)


if __name__ == "__main__":
    main()
