#!/usr/bin/env python3
"""Prove the exactness bounds of poly1305aes_53's two main loops (see authenticate.c).

Values are tracked relative to their slot weight: h_k = H_k / 2^(32k).

one_chain (hash_by_r, scalar or in SSE2 lane pairs: the same arithmetic):
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

four_chains (hash_by_powers, the SSE2 loop): each chain multiplies by r^e mod p
(e = 1..4), as times_r() leaves it (below 2^131) and digits() recodes it in
signed digits: per word j a lo digit at bit 32j (j = 0) or 32j + 2, and a hi
digit at bit 32j + 18. digit_bounds() derives the digits' ranges from that
recoding, every window value enumerated. A step:
  SA_k = sum_i h_i lo (x 5/4 when i > k) + w_k                  unit 1
  SB_k = sum_i h_i hi (x 5/4 when i > k)                        unit 2^16
  cB_k = SB_k rounded at the boundary; Q_k = (SB_k - cB_k) + (SA_k + cB_(k-1) / 2^32)
  (5 cB_3 / 2^34 for k = 0); c_k = Q_k rounded; h'_k = (Q_k - c_k) + c_(k-1) / 2^32
where w_k is word k of the chunk that joins (pad bit on word 3), or 0 after
the last. The chains start at a chunk's words; the four lanes are added at
the end, which finish() takes when every |piece| < 2^36.5.

For each loop this iterates the bound on |h_k| to its fixed point, then
checks every product and every partial sum against 2^53 in its own unit, and
that every value the alpha constants round stays below 2^(51 + boundary). It
exits non-zero if any check fails, printing the margins in bits otherwise.
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


def one_chain(hb):
    """one_chain: bounds after one block from piece bounds hb, and exactness margins."""
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


FINISH_LIMIT = 2 ** 36.5    # finish() takes |piece| below this
LANES_ADDED = 4             # four_chains: the lanes summed into each piece


def digit_bounds():
    """(LO4_MAX, HI4_MAX): |lo digit| and |hi digit| times their offset in the
    word, as digits() in authenticate.c makes them from y < 2^131."""
    r_max = 2 ** 124                        # clamped r
    y_max = 2 ** 131                        # times_r's input bound, and its output:
    y_out = 2 ** 130 + 5 * ((y_max * r_max) >> 130)   # bits below 130 plus 5 times the rest
    assert y_out < y_max, "times_r: y r mod p is not kept below 2^131"

    def balanced(width):                    # d = v - [v >= 2^(width-1)] 2^width, v < 2^width
        ds = [v - (v >> (width - 1) << width) for v in range(2 ** width)]
        return min(ds), max(ds)
    top_in = ((y_max - 1) >> 114) + 1       # the top window plus carry c_6
    ups = [(v + 2 ** 15) >> 16 for v in range(top_in + 1)]
    tops = [v - u * 2 ** 16 for v, u in zip(range(top_in + 1), ups)]
    lo0, hi0 = balanced(18)
    lo16, hi16 = balanced(16)
    d0 = max(-lo0, hi0 + 5 * max(ups))      # digit 0 also gets 5 per 2^130 the top gives up
    dmid = max(-lo16, hi16 + 1)             # + the carry from below
    dtop = max(-min(tops), max(tops))
    lo_max = [d0] + [4 * dmid] * 3          # lo digits of words 1..3 sit 2 bits up
    hi_max = [2 ** 18 * max(dmid, dtop)] * 4
    return lo_max, hi_max


LO4_MAX, HI4_MAX = digit_bounds()           # relative to word j: lo unit 1 (j = 0) or 4
HI4_UNIT = [2 ** 18] * 4


def four_chains(hb):
    """four_chains: bounds after one step from piece bounds hb, and exactness margins."""
    margins = []
    sa, sb = [], []
    for k in range(4):
        a = float(MESSAGE[k])
        b = 0.0
        b_unit = 2 ** 60
        for i in range(4):
            j = (k - i) % 4
            factor = 1.25 if i > k else 1.0
            unit = HI4_UNIT[j] // 4 if i > k else HI4_UNIT[j]
            b_unit = min(b_unit, unit)
            margins.append(("product h%d*lo slot %d" % (i, k), hb[i] * LO4_MAX[j] * factor, MANTISSA))
            margins.append(("product h%d*hi slot %d" % (i, k), hb[i] * HI4_MAX[j] * factor / unit, MANTISSA))
            a += hb[i] * LO4_MAX[j] * factor
            b += hb[i] * HI4_MAX[j] * factor
        margins.append(("sum SA%d" % k, a, MANTISSA))
        margins.append(("sum SB%d" % k, b / b_unit, MANTISSA))
        margins.append(("alpha rounding SB%d" % k, b, MANTISSA - 2 + BOUNDARY[k]))
        sa.append(a)
        sb.append(b)
    carried_b = [5 * (sb[3] + 2 ** 34) / 2 ** 34] + [(sb[k - 1] + 2 ** 32) / 2 ** 32 for k in (1, 2, 3)]
    q = []
    for k in range(4):
        residual = 2 ** BOUNDARY[k]
        margins.append(("sum SA+carry %d" % k, sa[k] + carried_b[k], MANTISSA))
        q.append(residual + sa[k] + carried_b[k])
        margins.append(("sum Q%d" % k, q[k], MANTISSA))
        margins.append(("alpha rounding Q%d" % k, q[k], MANTISSA - 2 + BOUNDARY[k]))
    carried = [5 * (q[3] + 2 ** 34) / 2 ** 34] + [(q[k - 1] + 2 ** 32) / 2 ** 32 for k in (1, 2, 3)]
    new = [2 ** BOUNDARY[k] + carried[k] for k in range(4)]
    for k in range(4):
        margins.append(("piece h%d" % k, new[k], MANTISSA))
    margins.append(("lanes added", LANES_ADDED * max(new), math.log2(FINISH_LIMIT)))
    return new, margins


def prove(name, step, start):
    """Iterate step from the bounds start to a fixed point; print margins; True if all hold."""
    hb = list(start)
    for _ in range(1000):
        new, margins = step(hb)
        new = [max(x, y) for x, y in zip(new, hb)]
        if new == hb:
            break
        hb = new
    else:
        print("FAIL %s: piece bounds do not converge" % name)
        return False
    failed = False
    print("%s: piece bounds %s" % (name, ", ".join("h%d < 2^%.2f" % (k, math.log2(x)) for k, x in enumerate(hb))))
    worst = {}
    for what, value, limit in margins:
        kind = what.split(" slot")[0].rstrip("0123456789 ")
        margin = limit - math.log2(max(value, 1))
        if kind not in worst or margin < worst[kind][0]:
            worst[kind] = (margin, what)
        if margin <= 0:
            failed = True
            print("FAIL %s %s: needs 2^%.2f" % (name, what, math.log2(value)))
    for kind, (margin, what) in sorted(worst.items()):
        print("  %-28s %.2f bits to spare (%s)" % (kind, margin, what))
    print("  smallest margin: %.2f bits" % min(m for m, _ in worst.values()))
    return not failed


def main():
    ok = prove("one_chain", one_chain, [0.0] * 4)
    print("four_chains digits: |lo| * offset <= %s, |hi| * 2^18 <= 2^%.2f"
          % (", ".join("2^%.5f" % math.log2(x) for x in LO4_MAX), math.log2(HI4_MAX[0])))
    ok = prove("four_chains", four_chains, [float(w) for w in MESSAGE]) and ok
    sys.exit(0 if ok else 1)


if __name__ == "__main__":
    main()
