#!/usr/bin/env python3
# SPDX-License-Identifier: CC0-1.0
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

Between calls (the core's state) h is held as one_chain's slots: the
products a one_chain block leaves (its own loop bounds cover them), zero
(start), or the four lanes' sum from four_chains as the A slots (B slots
zero). So a call may enter with any of these, and:
  entry to one_chain from four_chains' sum: its carry (with a chunk) must
    give pieces within one_chain's fixed point (checked);
  entry to four_chains from any state: settle() (one_chain's carry, no
    chunk: within one_chain's fixed point), then each piece rounded once
    more, h'_k = residual + carried, joins chunk 0: the chains start from
    MESSAGE + h' (not MESSAGE alone) and their fixed point is taken from there;
  finish (settle() then finish()): one_chain's fixed point < 2^36.5.

For each loop this iterates the bound on |h_k| to its fixed point, then
checks every product and every partial sum against 2^53 in its own unit, and
that every value the alpha constants round stays below 2^(51 + boundary). It
exits non-zero if any check fails, printing the margins in bits otherwise.
"""
import math
import os
import re
import sys

from tools import fpbounds

HERE = os.path.dirname(os.path.abspath(__file__))

SOURCE = os.path.join(HERE, "authenticate.c")


def read_source(path=SOURCE):
    """the constants this proof is about, as authenticate.c defines them"""
    src = fpbounds.text(path)
    split = fpbounds.define(path, "SPLIT")
    masks = fpbounds.c_array(path, "clamp")
    # alpha(k) = 3 * power2(51 + (k == 3 ? 130 : 32 * k + 32)): the boundary of slot k
    m = re.search(r"return 3 \* power2\((\d+) \+ \(k == 3 \? (\d+) : 32 \* k \+ (\d+)\)\);", src)
    if not m or int(m.group(1)) != 51:
        raise fpbounds.SourceError("%s: alpha() is not 3 * 2^(51 + b)" % path)
    top, step = int(m.group(2)), int(m.group(3))
    boundary = [step, step, step, top - 96]
    # digits(): digit 0 is the low 18 bits (mask), the others 16-bit windows
    w0 = re.search(r"v\[0\] = \(int64_t\) \(low & (0x[0-9a-f]+)\);", src)
    w = re.search(r">> \(16 \* \(t % 4\)\) & (0x[0-9a-f]+)\);", src)
    if not w0 or not w:
        raise fpbounds.SourceError("%s: digits() windows not found" % path)
    finish = re.search(r"\|piece\[k\] / 2\^\(32k\)\| < 2\^([0-9.]+)", src)
    if not finish:
        raise fpbounds.SourceError("%s: finish()'s input bound not stated" % path)
    return split, masks, boundary, int(w0.group(1), 16).bit_length(), int(w.group(1), 16).bit_length(), \
        float(finish.group(1))


SPLIT, CLAMP, BOUNDARY, DIGIT0_BITS, DIGIT_BITS, FINISH_BITS = read_source()
MANTISSA = 53
HALVES = fpbounds.split_bounds(SPLIT, CLAMP)            # (lo max, hi max, lo unit, hi unit) per word
LO_MAX = [h[0] for h in HALVES]
HI_MAX = [h[1] for h in HALVES]
MESSAGE = [2 ** 32, 2 ** 32, 2 ** 32, 2 ** 33]    # w_k (+ pad bit on piece 3)


def multipliers(k):
    """(i, lo multiplier bound, hi multiplier bound, hi unit) for slot k."""
    table = fpbounds.multipliers(SPLIT, CLAMP)
    return [(i, float(table[i, k][2]), float(table[i, k][3]), table[i, k][5]) for i in range(4)]


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


FINISH_LIMIT = 2 ** FINISH_BITS    # finish() takes |piece| below this (its comment in authenticate.c)
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
    w, shift = DIGIT_BITS, DIGIT0_BITS - DIGIT_BITS    # digit t >= 1 starts at bit w t + shift
    if 2 * w != 32:
        raise fpbounds.SourceError("digits(): two digits a 32-bit word is what this proof assumes")
    top_at = w * 7 + shift                  # the top digit's bit
    top_in = ((y_max - 1) >> top_at) + 1    # the top window plus carry c_6
    ups = [(v + 2 ** (w - 1)) >> w for v in range(top_in + 1)]
    tops = [v - u * 2 ** w for v, u in zip(range(top_in + 1), ups)]
    lo0, hi0 = balanced(DIGIT0_BITS)
    lom, him = balanced(w)
    d0 = max(-lo0, hi0 + 5 * max(ups))      # digit 0 also gets 5 per 2^130 the top gives up
    dmid = max(-lom, him + 1)               # + the carry from below
    dtop = max(-min(tops), max(tops))
    lo_max = [d0] + [2 ** shift * dmid] * 3     # lo digits of words 1..3 sit shift bits up
    hi_max = [2 ** DIGIT0_BITS * max(dmid, dtop)] * 4
    return lo_max, hi_max


LO4_MAX, HI4_MAX = digit_bounds()           # relative to word j: lo unit 1 (j = 0) or 4
HI4_UNIT = [2 ** DIGIT0_BITS] * 4


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


def rounded_once(hb):
    """four_chains' entry: pieces bounded by hb (settled) each rounded at its
    boundary once more; the bounds after it, and margins"""
    margins = [("alpha rounding h%d" % k, hb[k], MANTISSA - 2 + BOUNDARY[k]) for k in range(4)]
    carried = [5 * (hb[3] + 2 ** 34) / 2 ** 34] + [(hb[k - 1] + 2 ** 32) / 2 ** 32 for k in (1, 2, 3)]
    new = [2 ** BOUNDARY[k] + carried[k] for k in range(4)]
    margins += [("piece h%d" % k, new[k], MANTISSA) for k in range(4)]
    return new, margins


def carried_lanes(lanes):
    """one_chain's carry (with a chunk) of A slots bounded by lanes, B slots
    zero: four_chains' sum as the state holds it"""
    margins = [("alpha rounding A%d" % k, lanes, MANTISSA - 2 + BOUNDARY[k]) for k in range(4)]
    carried = [5 * (lanes + 2 ** 34) / 2 ** 34] + [(lanes + 2 ** 32) / 2 ** 32] * 3
    new = [2 ** BOUNDARY[k] + carried[k] + MESSAGE[k] for k in range(4)]
    return new, margins


def prove(name, step, start):
    """Iterate step from the bounds start to a fixed point; print margins;
    (True if all hold, the fixed point)."""
    hb = fpbounds.fixed_point(lambda b: step(b)[0], start)
    if hb is None:
        print("FAIL %s: piece bounds do not converge" % name)
        return False, None
    print("%s: piece bounds %s" % (name, ", ".join("h%d < 2^%.2f" % (k, math.log2(x)) for k, x in enumerate(hb))))
    margins = fpbounds.Margins()
    for what, value, limit in step(hb)[1]:
        kind = what.split(" slot")[0].rstrip("0123456789 ")
        margins.need(kind, max(value, 1), 2 ** limit, what)
    return margins.report(out=lambda line: print(line)), hb


def within(name, margins_list, got, limit):
    """the checks of an entry: margins hold, and bounds got <= limit piece by
    piece (unless limit is None)"""
    margins = fpbounds.Margins()
    for what, value, lim in margins_list:
        margins.need(what.rstrip("0123456789 "), max(value, 1), 2 ** lim, what)
    for k in range(4 if limit else 0):
        margins.need("piece h%d within the bound" % k, got[k], limit[k] * (1 + 2 ** -40), name)
    print("%s: pieces %s" % (name, ", ".join("h%d < 2^%.2f" % (k, math.log2(x)) for k, x in enumerate(got))))
    return margins.report(out=lambda line: print(line))


def main():
    ok, one = prove("one_chain", one_chain, [0.0] * 4)
    if not ok:
        sys.exit(1)
    print("four_chains digits: |lo| * offset <= %s, |hi| * 2^18 <= 2^%.2f"
          % (", ".join("2^%.5f" % math.log2(x) for x in LO4_MAX), math.log2(HI4_MAX[0])))
    entry, entry_margins = rounded_once(one)
    ok = within("four_chains entry from any state (settled, rounded once more)", entry_margins, entry,
                None) and ok
    ok4, four = prove("four_chains (from a state: chunk 0 + h)", four_chains,
                      [float(w) + e for w, e in zip(MESSAGE, entry)])
    ok = ok4 and ok
    if ok4:
        lanes = LANES_ADDED * max(four_chains(four)[0])
        got, lane_margins = carried_lanes(lanes)
        ok = within("one_chain entry from four_chains' sum (A = the sum, B = 0)", lane_margins, got, one) and ok
    # finish: settle() is one_chain's carry with no chunk, within one_chain's fixed point
    ok = within("finish from any state (settled)", [], one, [FINISH_LIMIT] * 4) and ok
    sys.exit(0 if ok else 1)


if __name__ == "__main__":
    main()
