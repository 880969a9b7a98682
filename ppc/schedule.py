#!/usr/bin/env python3
# SPDX-License-Identifier: CC0-1.0
"""Cycles of the PowerPC code (ppc/poly1305aes_ppc.S) on the MPC7400 (G4) and
MPC7450 (G4e), from the models in tools/pipemodel.py, and the models'
validation.

  schedule.py check        validate the models, then print this code's figures
  schedule.py validate     the validation only
  schedule.py figures      this code's figures only
  schedule.py derive FILE  print the description of Bernstein's loop from his
                           poly1305_aix.s (checking it gives the same cycles)

Validation (a test: exits 1 when it fails): D. J. Bernstein's 2005 PowerPC
main loop (poly1305_aix.s in poly1305aes-20050218; poly1305_macos.s has the
same instructions: 111 a block, 76 of them FPU instructions) has, by his
count, an FPU contention bound of 101 cycles on the 7410 (G4) and 95 on the
7450 (G4e), and took 120 cycles on a G4. Checked: the model's FPU occupancy
of the loop is within 5% of 101 and 95, and its full simulation within 5% of
those bounds. Printed beside them, not checked: the G4 simulation against the
120 measured, which the model does not reach (see below). The loop is read
from bernstein-loop.txt, derived from his file by "derive".

Why the G4 measurement is not reproduced: the model is FPU-bound on this loop
(101.5 cycles against 101.3 of FPU occupancy); Bernstein reports the 19
cycles between his bound and his measurement as unexplained and suspects the
memory layout ("-D often considerably faster than KD ... alpha0 bumped out
of L1"). The model has no caches. The 7400's 3-in-4 FPU rule itself comes
from his bound (see tools/pipemodel.py), so the G4 bound check is a check of
the simulation against that rule, not an independent one; the 7450's rule is
AN2203's.

Figures (benchmarks, printed): this code's instructions as they run under
qemu-ppc, simulated whole: cycles per block (2048- and 1024-byte calls, over
64 blocks) beside 0.7 times Bernstein's loop on the same model, whole calls
at 0, 16, 64 and 1024 bytes, and the AES subroutine's cycles beside his G4
figure (about 490 cycles, timing overhead included).
"""
import os

from tools import pipemodel as pm

HERE = os.path.dirname(os.path.abspath(__file__))
TOP = os.path.dirname(HERE)

DESCRIPTION = os.path.join(HERE, "bernstein-loop.txt")
BOUND = {"MPC7400": 101, "MPC7450": 95}
MEASURED_G4 = 120
AES_G4 = 490
CLASSES = {"fpu": ("fpu", ()), "lfd": ("lsu", ("load", "fpload")), "ld": ("lsu", ("load",)),
           "st": ("lsu", ("store",)), "iu": ("iu", ()), "cmp": ("iu", ()), "br": ("bpu", ("branch",))}


def classify(ins):
    if ins.unit == "fpu":
        return "fpu"
    if ins.unit == "lsu":
        return "st" if "store" in ins.flags else "lfd" if "fpload" in ins.flags else "ld"
    if ins.unit == "bpu":
        return "br"
    return "cmp" if ins.dsts == ("cr",) else "iu"


def loop_cycles(body, cpu, passes=12):
    n = len(body)
    disp, _ = pm.simulate_mpc74xx(body * passes, cpu)
    return pm.per_pass(disp, n)


def fpu_occupancy(body, cpu):
    """cycles the FPU needs for the loop's FPU instructions alone"""
    k, w = cpu["fpu_window"]
    return sum(1 for ins in body if ins.unit == "fpu") * w / k


def derive(path):
    """the description of his main loop in path, from its label to the branch"""
    loop = pm.loop_at(path, ".label.multiplyaddatleast16bytes", pm.PpcDecoder())
    return pm.derived_description(loop, classify, "poly1305_aix.s",
                                  "fpu: FPU arithmetic, lfd: FP load, ld: integer load, st: store, "
                                  "iu: integer, cmp: compare, br: branch",
                                  CLASSES, loop_cycles, pm.MPC74XX)


def validate():
    body = pm.read_description(DESCRIPTION, CLASSES)
    ok = True
    print("model validation on D. J. Bernstein's poly1305_aix.s main loop (bernstein-loop.txt, %d instructions):"
          % len(body))
    for name, cpu in pm.MPC74XX.items():
        occ, sim, want = fpu_occupancy(body, cpu), loop_cycles(body, cpu), BOUND[name]
        good = abs(occ - want) <= 0.05 * want and abs(sim - want) <= 0.05 * want
        ok = ok and good
        print("  %-14s FPU occupancy %6.1f, simulated %6.1f cycles/block; his FPU contention bound %d (%+.1f%%, %+.1f%%)  %s"
              % (cpu["name"], occ, sim, want, 100 * (occ - want) / want, 100 * (sim - want) / want,
                 "ok" if good else "FAIL"))
    sim = loop_cycles(body, pm.MPC74XX["MPC7400"])
    print("  (not checked) %s simulated %.1f against %d measured: %+.1f%%, outside 15%%: the model has no caches"
          % (pm.MPC74XX["MPC7400"]["name"], sim, MEASURED_G4, 100 * (sim - MEASURED_G4) / MEASURED_G4))
    return ok


def measure(impl="aix", lengths=(0, 16, 64, 1024)):
    probe = pm.build_probe(TOP, "ppc32", impl)
    out = {}
    for n in sorted(set(lengths) | {1024, 2048}):
        insns = pm.call_insns(TOP, "qemu-ppc", probe, n, pm.PpcDecoder())
        res = {}
        for name, cpu in pm.MPC74XX.items():
            disp, total = pm.simulate_mpc74xx(insns, cpu)
            aes = [k for k, ins in enumerate(insns) if ins.symbol and ins.symbol.endswith("_aes128")]
            res[name] = (total, disp[aes[-1] + 1] - disp[aes[0]] if aes else None)
        out[n] = (len(insns), res)
    block = {name: (out[2048][1][name][0] - out[1024][1][name][0]) / 64 for name in pm.MPC74XX}
    return out, block, (out[2048][0] - out[1024][0]) / 64


def figures():
    calls, block, insns = measure()
    bern = pm.read_description(DESCRIPTION, CLASSES)
    rows = []
    for name, cpu in pm.MPC74XX.items():
        b = loop_cycles(bern, cpu)
        rows.append((cpu["name"], block[name], "%.1f" % (0.7 * b), b, True))
    pm.print_block_table("PowerPC main loop (poly1305aes_aix; macos is the same code), model cycles per 16-byte block:",
                         "0.7 x B.", rows, "qemu-ppc", insns, len(bern))
    print("whole calls (authenticate, AES included): model cycles; instructions exact under qemu-ppc")
    print("  %6s %12s %14s %14s" % ("bytes", "instructions", "MPC7400 (G4)", "MPC7450 (G4e)"))
    for n in (0, 16, 64, 1024):
        print("  %6d %12d %14d %14d" % (n, calls[n][0], calls[n][1]["MPC7400"][0], calls[n][1]["MPC7450"][0]))
    print("  AES-128 with its key expansion (the aes subroutine): %d cycles on the G4 model, %d on the G4e;"
          " Bernstein's G4 measurement: about %d" % (calls[0][1]["MPC7400"][1], calls[0][1]["MPC7450"][1], AES_G4))


def main():
    pm.schedule_main(__doc__, derive, validate, figures)


if __name__ == "__main__":
    main()
