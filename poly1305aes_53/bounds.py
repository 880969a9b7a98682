#!/usr/bin/env python3
"""Prove the exactness bounds of poly1305aes_53's main loop (see authenticate.c).

Values are tracked relative to their slot weight: h_k = H_k / 2^(32k).
Each clamped word r_j (< 2^28, r_1..r_3 multiples of 4) is split into
lo_j = r_j mod 2^SPLIT_j and hi_j = r_j - lo_j. For one block:
  A_k = sum_i h_i * (lo_j or 5 lo_j / 4 when i + j = k + 4)      unit 1
  B_k = sum_i h_i * (hi_j or 5 hi_j / 4 when i + j = k + 4)      unit 2^(SPLIT_j-2)
  c = A rounded to a multiple of 2^32 (2^34 for k = 3, i.e. 2^130) by adding
  and subtracting alpha = 3 * 2^(51 + boundary); residual |A - c| <= 2^boundary
  in ANY rounding mode (and under x87 double rounding), which is what is assumed
  h'_k = rA_k + rB_k + (cA_{k-1} + cB_{k-1}) / 2^32 + w_k,
  h'_0 = rA_0 + rB_0 + 5 (cA_3 + cB_3) / 2^34 + w_0,
  where w_k < 2^32 is word k of the next chunk (h'_3 also gets the pad bit 2^32).
This iterates the bound on |h_k| to its fixed point, then checks every product
and every partial sum against 2^53 in its own unit, and that every value the
alpha constants round stays below 2^(51 + boundary). It exits non-zero if any
check fails, printing the margins in bits otherwise.
"""
import math
import sys

SPLIT = [15, 15, 15, 15]     # r_j = lo_j + hi_j, lo_j = r_j mod 2^SPLIT[j]: must match authenticate.c
MANTISSA = 53
LO_MAX = [2 ** SPLIT[0] - 1] + [2 ** SPLIT[j] - 4 for j in (1, 2, 3)]  # lo_j (j>0): multiple of 4
HI_MAX = [2 ** 28 - 2 ** SPLIT[j] for j in range(4)]                  # hi_j: bits SPLIT[j]..27
BOUNDARY = [32, 32, 32, 34]  # relative rounding boundary of slot k (log2)
MESSAGE = [2 ** 32, 2 ** 32, 2 ** 32, 2 ** 33]    # w_k (+ pad bit on piece 3)


def multipliers(k):
    """(i, lo multiplier bound, hi multiplier bound, hi unit) for slot k."""
    out = []
    for i in range(4):
        j = (k - i) % 4
        wrapped = i + j >= 4
        factor = 1.25 if wrapped else 1.0
        hi_unit = 2 ** (SPLIT[j] - 2) if wrapped else 2 ** SPLIT[j]
        out.append((i, LO_MAX[j] * factor, HI_MAX[j] * factor, hi_unit))
    return out


def one_block(hb):
    """Bounds after one block from piece bounds hb; also collects exactness margins."""
    margins = []
    a_bound, b_bound = [], []
    for k in range(4):
        a = 0.0
        b = 0.0
        b_unit = min(m[3] for m in multipliers(k))
        for i, lo, hi, hi_unit in multipliers(k):
            margins.append(("product h%d*lo slot %d" % (i, k), hb[i] * lo, MANTISSA))
            margins.append(("product h%d*hi slot %d" % (i, k), hb[i] * hi / hi_unit, MANTISSA))
            a += hb[i] * lo
            b += hb[i] * hi
        margins.append(("sum A%d" % k, a, MANTISSA))
        margins.append(("sum B%d" % k, b / b_unit, MANTISSA))
        margins.append(("alpha rounding A%d" % k, a, MANTISSA - 2 + BOUNDARY[k]))
        margins.append(("alpha rounding B%d" % k, b, MANTISSA - 2 + BOUNDARY[k]))
        a_bound.append(a)
        b_bound.append(b)
    new = []
    for k in range(4):
        residual = 2 * 2 ** BOUNDARY[k]
        if k == 0:
            carried = 5 * (a_bound[3] + b_bound[3] + 2 * 2 ** 34) / 2 ** 34
        else:
            carried = (a_bound[k - 1] + b_bound[k - 1] + 2 * 2 ** 32) / 2 ** 32
        new.append(residual + carried + MESSAGE[k])
        margins.append(("piece h%d" % k, residual + carried + MESSAGE[k], MANTISSA))
    return new, margins


def main():
    hb = [0.0] * 4
    for _ in range(1000):
        new, margins = one_block(hb)
        new = [max(x, y) for x, y in zip(new, hb)]
        if new == hb:
            break
        hb = new
    else:
        sys.exit("bounds.py: piece bounds do not converge for SPLIT=%s" % SPLIT)
    failed = False
    print("SPLIT = %s; piece bounds: %s" % (SPLIT, ", ".join("h%d < 2^%.2f" % (k, math.log2(x)) for k, x in enumerate(hb))))
    worst = {}
    for name, value, limit in margins:
        kind = name.split(" slot")[0].rstrip("0123456789")
        margin = limit - math.log2(max(value, 1))
        if kind not in worst or margin < worst[kind][0]:
            worst[kind] = (margin, name)
        if margin <= 0:
            failed = True
            print("FAIL %s: needs 2^%.2f" % (name, math.log2(value)))
    for kind, (margin, name) in sorted(worst.items()):
        print("  %-28s %.2f bits to spare (%s)" % (kind, margin, name))
    print("smallest margin: %.2f bits" % min(m for m, _ in worst.values()))
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
