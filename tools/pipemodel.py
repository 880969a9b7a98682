# SPDX-License-Identifier: CC0-1.0
"""Cycle models of the CPUs the SPARC and PowerPC code is written for, from
their manuals' published issue rules and latencies (no CPU is at hand: these
models, validated against D. J. Bernstein's published cycle counts for his
2005 loops, are how cycles are estimated; see poly1305aes_sparc/schedule.py
and ppc/schedule.py for the validation and the figures).

An instruction is an Insn: its class (which unit, which restrictions), the
registers it reads and writes, its latency. Decoders turn assembly text (GNU
or qemu's disassembly) into Insns; a trace is the list of instructions one
call executed (speed/count.py gets it from qemu), in order. simulate_ultrasparc() and simulate_mpc74xx() run a
trace on a CPU model and returns the cycle at which each instruction issued
(SPARC) or was dispatched (PowerPC), and the total.

UltraSPARC II and III (in-order, grouping): each cycle issues one group, the
next instructions in program order, while they fit:
  - at most 4 instructions; at most 1 load or store, 1 FP add-class (faddd,
    fsubd, fmovd, fdtox ...), 1 FP multiply, 1 control transfer;
  - UltraSPARC II: at most 2 integer instructions, of which at most one shift
    and at most one that sets the condition codes; neither an integer
    instruction nor a load/store may be the 4th of a group;
    UltraSPARC III: 2 integer instructions of any kind;
  - no instruction reads or writes a register written earlier in its group
    (a store may take its data from one);
  - an instruction waits for its sources: integer 1 cycle; loads 2 on II
    (signed loads 3), on III 3 for 32/64-bit and FP loads and for byte and
    halfword loads (see the note below); FP add and multiply 3 (II) or 4
    (III), fmovd 1 (II) or 3 (III); a store does not wait for its data;
    loads return their data one a cycle (a load waits for a free cycle);
  - a group ends after the delay slot of a taken control transfer;
    conditional moves (movr*, movcc), rd/wr of state registers, %fsr loads,
    traps and integer multiplies and divides issue alone ("single-group").
Sources: UltraSPARC User's Manual (UltraSPARC I/II), ch. 15-16 (grouping
rules, code generation guidelines), as summarized by D. J. Bernstein at
cr.yp.to/hardware/sparc.html; UltraSPARC III Cu User's Manual and GCC's
scheduling descriptions ultra1_2.md and ultra3.md (which encode the manuals'
tables: 4-cycle FP latency on III, 3-cycle byte loads). Note: ultra3.md has
2-cycle 32/64-bit and FP loads on III; with 2 the model runs Bernstein's
loop in 70.0 cycles against his measured 75 (-6.7%), with 3 in 72.0 (-4%),
so this model uses 3 (poly1305aes_sparc/schedule.py prints both). Not
modelled: cache misses, branch mispredictions (every branch is taken as
predicted), instruction fetch.

MPC7400 (G4) and MPC7450 (G4e) (in-order dispatch, out-of-order execution,
in-order completion):
  - dispatch in program order: at most 2 (7400) or 3 (7450) instructions a
    cycle, plus one branch; each needs a completion-queue entry (8 / 16),
    a rename register for each GPR or FPR it writes (6 / 16 of each) and a
    place in its unit's reservation stations (7400: 1 each, LSU 2) or issue
    queue (7450: the 6-entry GPR queue feeding the IUs and the LSU, modelled
    as 6 places for each; the 2-entry FP queue before the FPU's 2 stations);
    the 7450 dispatches at most one LSU operation a cycle;
  - each unit starts at most one instruction a cycle, the oldest ready one
    (the FPU and LSU in order); 7450 integer instructions may start out of
    order from the bottom 3 entries of their queue;
  - latencies: integer 1; loads 2 (7400) or 3 (7450; lfd 4); FPU 3 (7400)
    or 5 (7450), and the FPU starts at most 3 instructions in any 4
    consecutive cycles (7400) or 4 in any 5 (7450); on the 7450 an FPU
    instruction also needs one of 4 FPSCR renames from its fourth stage to
    its completion (the FPU stalls without one);
  - lmw, lswi, lswx, stmw: 7400: execution-serialized (they start when every
    earlier instruction has completed) and occupy the LSU 2 + n cycles for n
    registers; 7450: cracked into one load per register, dispatched one per
    cycle; lswx also waits to dispatch until every earlier instruction has
    completed (its byte count is in XER);
  - a load from an 8-byte slot that an earlier store wrote starts only after
    that store has completed (no forwarding between unequal sizes);
  - completion in order, 2 (7400) or 3 (7450) a cycle, the cycle after an
    instruction finishes; branches that touch neither CTR nor LR are folded
    (no completion-queue entry).
Sources: MPC7410/MPC7400 RISC Microprocessor User's Manual, ch. 1 and 6
(dispatch and completion widths, 8-entry completion queue, six rename
registers each, 3-cycle FPU, 2-cycle loads, lmw/lswi/lswx 2 + n cycles and
serialized, as in the MPC750 manual's table 6-9); MPC7450 RISC Microprocessor
Family Reference Manual, ch. 6, and its errata (2-entry stations for LSU, IU2
and FPU); Freescale AN2203, MPC7450 Software Optimization Guide (5-stage FPU,
4 instructions in 5 cycles; 4 FPSCR renames; 6-entry GIQ issuing up to 3
out of order; lmw micro-oped one register per cycle; one LSU dispatch per
cycle; string instructions "strongly discouraged"). 
AltiVec (the vector units), added to the same models:
  - 7400: a vector permute unit (VPU: vperm, vsldoi, vsplt*, vspltis*, vmrg*,
    vpk*, vupk*, vsl/vsr/vslo/vsro) and a vector ALU (VALU) of three
    pipelined subunits, simple integer (VSIU: logical, add, shift, compare,
    vsel; 1 cycle), complex integer (VCIU: multiplies, vmsum*, vsum*; 3) and
    FP (VFPU; 4); VPU latency 1. Each has a one-entry reservation station, so
    at most one instruction a cycle is dispatched to the VPU and one to the
    VALU; the VALU starts one a cycle. 6 VR rename registers.
  - 7450: the dispatcher sends at most 2 vector instructions a cycle to the
    4-entry vector issue queue (VIQ); its bottom 2 entries leave it in order,
    at most 2 a cycle, each to its unit's reservation station (one entry
    each, assumed: with 2 or 3 neither ppc/schedule.py's validation nor
    its AES figures move) or straight into its unit; units VPU (2 cycles),
    VIU1 (simple integer, 1), VIU2 (complex integer, 4), VFPU (4). 16 VR
    rename registers.
  - both: vector loads and stores go through the LSU like other loads (2 or
    3 cycles; lvsl and lvsr too, GCC's type "vecload"); a vector access
    covers two 8-byte slots for the store-to-load rule; mfspr and mtspr of
    VRSAVE (SPR 256) go to the SRU like other SPR moves (1 cycle, not
    validated: no measured loop moves VRSAVE); mtvscr and mfvscr to the
    complex integer unit.
Sources for the vector part: MPC7400 RISC Microprocessor User's Manual,
sections 1.2.2.4.1-2 (the VPU; VALU's three subunits, "only one instruction
can be dispatched to the VALU per processor clock cycle"), 6.3.4 (single-entry
reservation stations for the VPU and VALU), 6.4.8 ("all AltiVec permute
instructions are executed in a single cycle", VSIU single-cycle, VCIU
three-cycle) and table 1-7 (6 VR rename registers); Freescale AN2203,
MPC7450 Software Optimization Guide, 2.3.2.1 (the 7400 dispatches two vector
instructions a cycle, one to the VPU and one to the VALU) and 2.3.3.5 (the
4-entry VIQ takes at most 2 a cycle; its bottom 2 entries issue at most 2 to
the units' reservation stations, never out of order); MPC7455 and MPC7448
hardware specifications, feature lists and table 1 "Microarchitecture
Comparison" (latency-throughput: vector simple 1-1, complex 4-1 on the 7450
and 3-1 on the 7400, float 4-1, permute 2-1 on the 7450 and 1-1 on the
7400; vector loads 3-1 and 2-1; 16 VR rename buffers); GCC's scheduling
descriptions 7450.md and 7xx.md (the same latencies, except 7xx.md's 2-cycle
vecperm for the 7400, which the manual's single cycle overrides) and
altivec.md's instruction types (which instruction is vecperm, vecsimple,
veccomplex, vecfloat). Validated in ppc/schedule.py against OpenSSL's
vpaes-ppc.pl and its published G4e figure; what that does and does not test
is said there.

The 7400's
3-in-4 FPU rule is not in the excerpts of its manual we could read (they say
"one instruction per clock"): it is the rule that gives Bernstein's published
FPU contention bound for the 7410 (101 cycles for 76 FPU instructions = 76 *
4/3), as the 7450's documented 4-in-5 gives his 95 (= 76 * 5/4).
"""
import re

# ---------------------------------------------------------------- instructions


class Insn:
    """One instruction: unit class, registers read and written, and flags."""
    __slots__ = ("text", "op", "unit", "srcs", "dsts", "flags", "uops", "mem", "symbol", "pc")

    def __init__(self, text, op, unit, srcs=(), dsts=(), flags=(), uops=1, mem=None):
        self.text, self.op, self.unit = text, op, unit
        self.srcs, self.dsts = tuple(srcs), tuple(dsts)
        self.flags = frozenset(flags)
        self.uops = uops                  # registers moved by a multiple/string instruction
        self.mem = mem                    # (kind 'ld'/'st', key of the 8-byte slot) or None
        self.symbol = self.pc = None

    def __repr__(self):
        return "<%s %s %s <- %s>" % (self.unit, self.op, self.dsts, self.srcs)


def split_operands(rest):
    """operands separated by commas outside brackets and parentheses"""
    out, depth, cur = [], 0, ""
    for ch in rest:
        if ch in "[(":
            depth += 1
        elif ch in "])":
            depth -= 1
        if ch == "," and depth == 0:
            out.append(cur.strip())
            cur = ""
        else:
            cur += ch
    if cur.strip():
        out.append(cur.strip())
    return out


# ---------------------------------------------------------------- SPARC

SPARC_FA = {"faddd", "fsubd", "fadds", "fsubs", "fmovd", "fmovs", "fnegd", "fnegs", "fabsd", "fabss",
            "fdtox", "fxtod", "fdtoi", "fitod", "fstod", "fdtos", "fxtos", "fstox", "fcmpd", "fcmped",
            "fcmps", "fcmpes", "fzero", "fzeros", "fone", "fsrc1", "fnot1"}
SPARC_FM = {"fmuld", "fmuls", "fsmuld"}
SPARC_SHIFT = {"sll", "srl", "sra", "sllx", "srlx", "srax"}
SPARC_CC = {"addcc", "subcc", "andcc", "orcc", "xorcc", "andncc", "orncc", "xnorcc", "addccc", "subccc",
            "cmp", "tst", "btst", "inccc", "deccc"}
SPARC_CC_READ = {"addc", "subc", "addx", "subx", "addccc", "subccc"}
SPARC_SINGLE = {"rd", "wr", "mulx", "sdivx", "udivx", "smul", "umul", "sdiv", "udiv", "ta", "flushw",
                "membar", "flush", "cas", "casx", "casa", "casxa", "ldstub", "swap"}
SPARC_SIGNED_LOADS = {"ldsb", "ldsh", "ldsw", "ldsba", "ldsha", "ldswa"}
SPARC_SUBWORD_LOADS = {"ldub", "lduh", "lduba", "lduha"}


class SparcDecoder:
    """Decodes SPARC V9 instructions (GNU or qemu syntax), following register
    windows across save and restore."""

    def __init__(self):
        self.window = 0

    def reg(self, name, window=None):
        """a physical register name for %name in the current (or given) window"""
        w = self.window if window is None else window
        name = name.lstrip("%")
        if name == "sp":
            name = "o6"
        elif name == "fp":
            name = "i6"
        if name[0] == "d" and name[1:].isdigit():       # %dN (Bernstein's qhasm) is %fN
            name = "f" + name[1:]
        if name[0] == "f" and name[1:].isdigit():
            return "f%d" % int(name[1:])
        kind, n = name[0], name[1:]
        if kind == "g":
            return None if n == "0" else "g" + n
        if kind == "o":
            return "w%d.o%s" % (w, n)
        if kind == "i":
            return "w%d.o%s" % (w - 1, n)
        if kind == "l":
            return "w%d.l%s" % (w, n)
        return name                       # asi, fsr, pc, y, ccr, ...

    def fregs(self, name, op):
        """32-bit pieces of an FP register operand: a double covers two"""
        r = self.reg(name)
        n = int(r[1:])
        double = op.endswith("d") or op in ("fdtox", "fxtod", "ldd", "std", "ldda", "stda", "fzero",
                                             "fone", "fsrc1", "fnot1", "ldx", "stx")
        if op in ("fitod", "fstod"):
            double = False                # source is single; the destination is handled below
        if n >= 32 or double:
            return ["f%d" % (n & ~1), "f%d" % ((n & ~1) + 1)]
        return ["f%d" % n]

    def regs_in(self, operand):
        return [r for r in (self.reg(x) for x in re.findall(r"%(\w+)", operand)) if r]

    def decode(self, text):
        text = text.split("!")[0].strip()
        op, _, rest = text.partition(" ")
        full = op
        op = op.split(",")[0]
        ops = split_operands(rest)
        srcs, dsts, flags, unit, mem = [], [], set(), "ieu", None
        if op in SPARC_FA or op in SPARC_FM:
            unit = "fa" if op in SPARC_FA else "fm"
            for o in ops[:-1]:
                srcs += self.fregs(o, op if op not in ("fitod", "fstod", "fxtod") else "fmovs")
            if op.startswith("fcmp"):
                srcs += self.fregs(ops[-1], op)
                dsts = ["fcc"]
            else:
                dst_op = "faddd" if op in ("fitod", "fstod", "fxtod", "fdtox") else op
                if op in ("fdtos", "fdtoi", "fxtos"):
                    dst_op = "fmovs"
                dsts = self.fregs(ops[-1], dst_op)
            if op == "fmovd":
                flags.add("fmov")
        elif op.startswith("ld") or op in ("lda", "ldda"):
            unit = "ls"
            addr, dst = ops[0], ops[-1]
            srcs = self.regs_in(addr.split("]")[0])
            if "%fsr" in dst:
                dsts, flags = ["fsr"], {"single"}
            elif re.match(r"%[fd]\d", dst):
                dsts = self.fregs(dst, op if op not in ("ld", "lda") else "lds")
            else:
                dsts = [r for r in [self.reg(dst.lstrip("%"))] if r]
            if op in SPARC_SIGNED_LOADS:
                flags.add("signed")
            elif op in SPARC_SUBWORD_LOADS:
                flags.add("subword")
            flags.add("load")
            if addr.rstrip().endswith("%asi"):
                srcs.append("asi")
            mem = ("ld", addr_key(addr))
        elif op.startswith("st") or (op in ("clr", "clrx", "clrb", "clrh") and ops and "[" in ops[0]):
            unit = "ls"
            addr = ops[-1]
            srcs = self.regs_in(addr.split("]")[0])
            if addr.rstrip().endswith("%asi"):
                srcs.append("asi")
            flags.add("store")
            if ops and "%fsr" in ops[0]:
                srcs.append("fsr")
                flags.add("single")
            mem = ("st", addr_key(addr))
        elif op.startswith("b") and op not in ("btst",) or op.startswith("fb") or op in ("call", "jmpl", "ret",
                                                                                         "retl", "rett", "return", "jmp"):
            unit = "cti"
            if op.startswith("br"):                     # branch on register
                srcs = self.regs_in(ops[0])
            elif op.startswith("fb"):
                srcs = ["fcc"]
            elif op.startswith("b") and op not in ("ba", "b"):
                srcs = ["cc"]
            if op in ("jmpl", "jmp", "ret", "retl", "rett", "return"):
                srcs = self.regs_in(rest) or ["w%d.o7" % self.window]
            if op == "call":
                dsts = ["w%d.o7" % self.window]
            if op in ("rett", "return"):
                self.window -= 1
            flags.add("cti")
        else:
            unit = "ieu"
            if op in SPARC_SHIFT:
                flags.add("shift")
            if op in SPARC_CC:
                flags.add("cc")
            if op.startswith("movr") or (op.startswith("mov") and op != "mov"):
                flags.add("single")          # conditional moves: single-group on II
                flags.add("cmove")
            if op in SPARC_SINGLE or op.split(",")[0] in SPARC_SINGLE:
                flags.add("single")
            if op == "save":
                srcs = [r for o in ops[:-1] for r in self.regs_in(o)]
                self.window += 1
                dsts = self.regs_in(ops[-1]) if ops else []
            elif op == "restore":
                srcs = [r for o in ops[:-1] for r in self.regs_in(o)]
                self.window -= 1
                dsts = self.regs_in(ops[-1]) if ops else []
            elif op in ("cmp", "tst", "btst"):
                srcs = [r for o in ops for r in self.regs_in(o)]
                dsts = []
            elif op == "nop":
                pass
            elif op in ("inc", "dec", "neg", "not", "clr", "clrx", "inccc", "deccc"):
                target = ops[-1] if ops else ""
                dsts = self.regs_in(target)
                srcs = [] if op in ("clr", "clrx") else [r for o in ops for r in self.regs_in(o)]
            elif op == "wr":
                srcs = [r for o in ops[:-1] for r in self.regs_in(o)]
                dsts = [ops[-1].lstrip("%")]
            elif op == "rd":
                srcs = [ops[0].lstrip("%")]
                dsts = self.regs_in(ops[-1])
            elif op == "sethi" or op == "set" or op == "setx":
                dsts = self.regs_in(ops[-1])
            else:
                srcs = [r for o in ops[:-1] for r in self.regs_in(o)]
                dsts = self.regs_in(ops[-1]) if ops else []
                if flags & {"cmove"}:
                    srcs += dsts + (["cc"] if not op.startswith("movr") else [])
            if "cc" in flags:
                dsts = list(dsts) + ["cc"]
            if op in SPARC_CC_READ:
                srcs = list(srcs) + ["cc"]
        return Insn(text, full, unit, srcs, dsts, flags, mem=mem)


def addr_key(addr):
    """the 8-byte slot an address expression names, as text (base and offset)"""
    inside = addr.split("[")[-1].split("]")[0].replace(" ", "")
    m = re.match(r"(%?\w+)([+-](?:0x[0-9a-f]+|\d+))?$", inside)
    if m:
        off = int(m.group(2), 0) if m.group(2) else 0
        return "%s%+d" % (m.group(1), off & ~7)
    return inside


ULTRASPARC = {
    "UltraSPARC II": {"name": "UltraSPARC II", "fp": 3, "fmov": 1, "load": 2, "subword_load": 2,
                      "signed_load": 3, "slot_rules": True},
    "UltraSPARC III": {"name": "UltraSPARC III", "fp": 4, "fmov": 3, "load": 3, "subword_load": 3,
                       "signed_load": 3, "slot_rules": False},
}


def ultrasparc_latency(insn, cpu):
    if insn.unit in ("fa", "fm"):
        return cpu["fmov"] if "fmov" in insn.flags else cpu["fp"]
    if "load" in insn.flags:
        if "signed" in insn.flags:
            return cpu["signed_load"]
        if "subword" in insn.flags:
            return cpu["subword_load"]
        return cpu["load"]
    return 1


def simulate_ultrasparc(insns, cpu, breaks=(), store_load=2):
    """issue cycle of each instruction and the cycle after the last group.
    breaks: indices after which a group must end (delay slots of taken
    transfers). A load from a slot an earlier store wrote issues at least
    store_load cycles after that store."""
    ready = {}                       # register -> cycle its value can be read
    stored = {}                      # memory slot -> cycle of the last store's issue
    writeback = set()                # cycles in which a load returns its data (one a cycle)
    issue = [0] * len(insns)
    breaks = set(breaks)
    cycle, i, n = 0, 0, len(insns)
    while i < n:
        group, written = 0, set()
        ieu = shifts = ccs = ls = fa = fm = cti = 0
        start = i
        while i < n and group < 4:
            ins = insns[i]
            if "single" in ins.flags and group:
                break
            if any(ready.get(r, 0) > cycle for r in ins.srcs if not ("store" in ins.flags and r not in
                                                                       ins_address_regs(ins))):
                break
            if ins.mem and ins.mem[0] == "ld" and stored.get(ins.mem[1], -99) + store_load > cycle:
                break
            if "load" in ins.flags and cycle + ultrasparc_latency(ins, cpu) in writeback:
                break
            reads = set(ins.srcs) if "store" not in ins.flags else set(ins_address_regs(ins))
            if reads & written or set(ins.dsts) & written:
                break
            u = ins.unit
            if u == "ieu":
                if ieu == 2 or (cpu["slot_rules"] and (group == 3 or ("shift" in ins.flags and shifts)
                                                      or ("cc" in ins.flags and ccs))):
                    break
            elif u == "ls":
                if ls or (cpu["slot_rules"] and group == 3):
                    break
            elif u == "fa":
                if fa:
                    break
            elif u == "fm":
                if fm:
                    break
            elif u == "cti":
                if cti:
                    break
            ieu += u == "ieu"
            shifts += "shift" in ins.flags
            ccs += "cc" in ins.flags
            ls += u == "ls"
            fa += u == "fa"
            fm += u == "fm"
            cti += u == "cti"
            issue[i] = cycle
            written |= set(ins.dsts)
            group += 1
            i += 1
            if "single" in ins.flags or (i - 1) in breaks:
                break
        if i == start:                # the next instruction waits: skip to when it can go
            ins = insns[i]
            waits = [ready.get(r, 0) for r in ins.srcs if r in ready]
            if ins.mem and ins.mem[0] == "ld" and ins.mem[1] in stored:
                waits.append(stored[ins.mem[1]] + store_load)
            cycle = max([cycle + 1] + waits)
            continue
        for j in range(start, i):
            ins = insns[j]
            lat = ultrasparc_latency(ins, cpu)
            for r in ins.dsts:
                ready[r] = cycle + lat
            if ins.mem and ins.mem[0] == "st":
                stored[ins.mem[1]] = cycle
            if "load" in ins.flags:
                writeback.add(cycle + lat)
        cycle += 1
    return issue, cycle


def ins_address_regs(ins):
    """the registers a store needs to issue (its address; the data may come later)"""
    if "store" not in ins.flags:
        return ins.srcs
    m = re.search(r"\[([^\]]*)\]", ins.text)
    regs = re.findall(r"%(\w+)", m.group(1)) if m else []
    if "%asi" in ins.text.split("]")[-1]:
        regs.append("asi")
    # the decoder named them already in ins.srcs; keep those that appear in the address
    named = [r for r in ins.srcs if any(r.endswith(x[1:]) or r == x or r.endswith("." + x) for x in regs)]
    return named if m else ins.srcs


def taken_breaks(trace_pcs):
    """indices after which the trace continues elsewhere (a taken transfer's
    delay slot, or an annulled branch): fetch restarts there"""
    return [k for k in range(len(trace_pcs) - 1) if trace_pcs[k + 1] != trace_pcs[k] + 4]


# ---------------------------------------------------------------- PowerPC

PPC_FPU = {"fadd", "fsub", "fmul", "fmadd", "fmsub", "fnmadd", "fnmsub", "fmr", "fneg", "fabs", "fnabs",
           "fctiw", "fctiwz", "frsp", "fsel", "fcmpu", "fcmpo", "mffs", "mtfsf", "mtfsfi", "mtfsb0", "mtfsb1",
           "fadds", "fsubs", "fmuls", "fmadds", "fres", "frsqrte", "fdiv", "fdivs"}
PPC_FPU_SERIAL = {"mffs", "mtfsf", "mtfsfi", "mtfsb0", "mtfsb1"}


# AltiVec (MPC7400, MPC7450): which unit executes each instruction, by the classes of the
# manuals (see the MPC74XX sources above) and GCC's altivec.md types: vecperm to the VPU;
# vecsimple, veclogical, vecmove and veccmp to the simple integer unit (VSIU on the 7400,
# VIU1 on the 7450; the 7450 puts compares in VIU2, GCC's ppc7450-veccmp); veccomplex
# to the complex integer unit (VCIU / VIU2); vecfloat to the VFPU
PPC_VLOADS = {"lvx", "lvxl", "lvebx", "lvehx", "lvewx", "lvsl", "lvsr"}
PPC_VSTORES = {"stvx", "stvxl", "stvebx", "stvehx", "stvewx"}
PPC_VPERM = re.compile(r"^(vperm|vsldoi|vsplt(b|h|w|isb|ish|isw)|vmrg[hl][bhw]|vpk(u[hw][um]|s[hw][su]s|px)|"
                       r"vupk[hl](s[bh]|px)|vsl|vsr|vslo|vsro)$")
PPC_VCOMPLEX = re.compile(r"^(vmul[eo][su][bh]|vmsum\w+|vmh\w+|vmladduhm|vsum\w+)$")
PPC_VFLOAT = re.compile(r"^(v(add|sub|madd|nmsub|max|min)fp|vre(fp)|vrsqrtefp|vexptefp|vlogefp|vrfi[mnpz]|"
                        r"vct[su]xs|vcf[su]x)$")


def vector_unit(base):
    """the unit class of an AltiVec instruction (None if base is not one): vpu, vsiu, vciu, vfpu"""
    if PPC_VPERM.match(base):
        return "vpu"
    if PPC_VCOMPLEX.match(base) or base in ("mtvscr", "mfvscr"):
        return "vciu"
    if base.startswith("vcmp") and "fp" in base:
        return "vfpu"
    if PPC_VFLOAT.match(base):
        return "vfpu"
    if base == "vmr" or re.match(r"^v(and|andc|or|nor|xor|sel|add|sub|avg|max|min|sl[bhw]|sr[bhw]|sra[bhw]|rl[bhw]|cmp)", base):
        return "vsiu"
    return None


def vector_second_slot(key):
    """the 8-byte slot after key (a vector access covers two; key as PpcDecoder.slot names it)"""
    m = re.match(r"^(.*?)([+-]\d+)$", key or "")
    return "%s%+d" % (m.group(1), int(m.group(2)) + 8) if m else None


class PpcDecoder:
    """Decodes 32-bit PowerPC instructions (GNU, AIX or qemu syntax). It
    follows the values of GPRs set from constants or from r1 (li, lis, addi,
    mr, stwu) so that an indexed access through them names its stack slot:
    a load waits for the store to the same 8-byte slot."""

    def __init__(self):
        self.known = {"r1": ("sp", 0)}

    def slot(self, ra, rb=None, off=0):
        """the 8-byte slot an access reaches, if the registers are followed"""
        parts = [("abs", 0) if ra == 0 else self.known.get("r%d" % ra)]
        if rb is not None:
            parts.append(self.known.get("r%d" % rb))
        if any(x is None for x in parts):
            return None
        bases = [b for b, _ in parts if b != "abs"]
        if len(bases) > 1:
            return None
        return "%s%+d" % (bases[0] if bases else "abs", (sum(o for _, o in parts) + off) & ~7)

    def follow(self, op, ops, ins):
        """update the followed GPR values after ins"""
        base = op.rstrip(".")
        try:
            if base in ("li", "lis"):
                v = self.num(ops[1]) << (16 if base == "lis" else 0)
                self.known["r%d" % self.num(ops[0])] = ("abs", v)
                return
            if base in ("addi", "addis"):
                ra, v = self.num(ops[1]), self.num(ops[2]) << (16 if base == "addis" else 0)
                src = ("abs", 0) if ra == 0 else self.known.get("r%d" % ra)
                dst = "r%d" % self.num(ops[0])
                if src is None:
                    self.known.pop(dst, None)
                else:
                    self.known[dst] = (src[0], src[1] + v)
                return
            if base == "mr" or (base == "or" and len(ops) == 3 and ops[1] == ops[2]):
                src = self.known.get("r%d" % self.num(ops[1]))
                dst = "r%d" % self.num(ops[0])
                if src is None:
                    self.known.pop(dst, None)
                else:
                    self.known[dst] = src
                return
            if base == "stwu":
                m = re.match(r"(-?(?:0x[0-9a-f]+|\d+))?\((\w+)\)$", ops[1])
                ra = "r%d" % self.num(m.group(2))
                if ra in self.known:
                    b, o = self.known[ra]
                    self.known[ra] = (b, o + int(m.group(1) or "0", 0))
                return
        except (ValueError, IndexError, AttributeError):
            pass
        for r in ins.dsts:
            if r.startswith("r"):
                self.known.pop(r, None)

    @staticmethod
    def num(x):
        x = x.strip()
        x = re.sub(r"^(?:[rf]|cr)(\d+)$", r"\1", x)
        return int(x, 0)

    def decode(self, text):
        text = re.sub(r"^[0-9a-f]{8}\s+", "", text.split("#")[0].split(";")[0].strip())   # qemu: the word first
        op, _, rest = text.replace("\t", " ").partition(" ")
        ops = split_operands(rest.replace(" ", ""))
        if op == "bdnzl":               # qemu's name for bcl 20,31 (branch always, set LR)
            op = "bl"
        base = op.rstrip(".")
        record = op.endswith(".")
        srcs, dsts, flags, unit, mem, uops = [], [], set(), "iu", None, 1
        g = lambda x: None if x is None else "r%d" % self.num(x)    # noqa: E731
        f = lambda x: "f%d" % self.num(x)                           # noqa: E731
        v = lambda x: "vr%d" % int(x.strip().lstrip("v"))             # noqa: E731

        def memop(operand):
            m = re.match(r"(-?(?:0x[0-9a-f]+|\d+))?\((\w+)\)$", operand)
            if m:
                off = int(m.group(1), 0) if m.group(1) else 0
                ra = self.num(m.group(2))
                return ([] if ra == 0 else ["r%d" % ra]), self.slot(ra, None, off) or "r%d%+d" % (ra, off & ~7)
            return [], operand

        def indexed(a, b):
            return self.slot(self.num(a), self.num(b)) or "x" + a + "," + b

        if base in PPC_FPU:
            unit = "fpu"
            if base in PPC_FPU_SERIAL:
                flags.add("serial")
                if base == "mffs":
                    srcs, dsts = ["fpscr"], [f(ops[0])]
                elif base == "mtfsf":
                    srcs, dsts = [f(ops[-1])], ["fpscr"]
                else:
                    srcs, dsts = ["fpscr"], ["fpscr"]
            elif base.startswith("fcmp"):
                srcs, dsts = [f(o) for o in ops[1:]], ["cr"]
            else:
                srcs, dsts = [f(o) for o in ops[1:]], [f(ops[0])]
        elif base in ("lmw", "stmw", "lswi", "lswx", "stswi", "stswx"):
            unit = "lsu"
            first = self.num(ops[0])
            if base in ("lmw", "stmw"):
                count = 32 - first
                addr, key = memop(ops[1])
            else:
                ra = self.num(ops[1])
                addr = [] if ra == 0 else ["r%d" % ra]
                if base in ("lswi", "stswi"):
                    nb = self.num(ops[2]) or 32
                    count = (nb + 3) // 4
                else:
                    addr.append(g(ops[2]))
                    addr.append("xer")
                    count = None              # from XER, unknown here: taken as 16 registers
                key = "string"
            regs = ["r%d" % ((first + k) % 32) for k in range(count if count else 16)]
            uops = len(regs)
            flags.add("multiple")
            if base == "lswx":
                flags.add("xer")
            if base.startswith("l"):
                flags.add("load")
                srcs, dsts, mem = addr, regs, ("ld", key)
            else:
                flags.add("store")
                srcs, dsts, mem = addr + regs, [], ("st", key)
        elif base in ("lfd", "lfs", "lfdx", "lfsx", "lfdu", "stfd", "stfs", "stfdx", "stfiwx") or \
                re.match(r"(l(bz|hz|ha|wz|wbr|hbr|wa)|st(b|h|w))", base):
            unit = "lsu"                      # one load or store, d(rA) or rA, rB
            reg = f if base[1] == "f" or base[2] == "f" else g
            if base.endswith("x"):
                srcs = [r for r in (g(ops[1]) if self.num(ops[1]) else None, g(ops[2])) if r]
                key = indexed(ops[1], ops[2])
            else:
                srcs, key = memop(ops[1])
            if base.startswith("st"):
                flags.add("store")
                mem = ("st", key)
                if base in ("stwu", "stbu", "sthu", "stwux"):
                    dsts = [srcs[0]]
                srcs = srcs + [reg(ops[0])]
            else:
                flags.add("load")
                if reg is f:
                    flags.add("fpload")
                dsts, mem = [reg(ops[0])] + ([srcs[0]] if base.endswith("u") or base.endswith("ux") else []), \
                    ("ld", key)
        elif base in ("b", "bl", "blr", "bctr", "bctrl", "bdnz", "bdz", "blrl") or re.match(r"b(c|eq|ne|lt|gt|le|ge|so|ns)", base):
            unit = "bpu"
            flags.add("branch")
            if base in ("bl", "blrl", "bctrl") or base.endswith("l") and base not in ("bl",) and False:
                dsts = ["lr"]
            if base in ("blr", "blrl"):
                srcs = ["lr"]
            if base in ("bctr", "bctrl"):
                srcs = ["ctr"]
            if base.startswith("bd"):
                srcs, dsts = ["ctr"], ["ctr"]
            if base not in ("b", "bl", "blr", "bctr", "bdnz", "bdz", "bctrl", "blrl"):
                srcs = srcs + ["cr"]
            if srcs and ("ctr" in srcs + dsts or "lr" in srcs + dsts) or base == "bl":
                flags.add("unfolded")
            if base == "bl":
                dsts = ["lr"]
        elif base in PPC_VLOADS or base in PPC_VSTORES:
            unit = "lsu"                      # AltiVec loads and stores: rA|0, rB; 16 bytes
            ra, rb = self.num(ops[1]), self.num(ops[2])
            srcs = [r for r in ("r%d" % ra if ra else None, "r%d" % rb) if r]
            key = indexed(ops[1], ops[2])
            mem = ("ld" if base in PPC_VLOADS else "st", key, vector_second_slot(key))
            if base in PPC_VLOADS:
                flags |= {"load", "vload", "vdst"}
                dsts = [v(ops[0])]
            else:
                flags.add("store")
                srcs = srcs + [v(ops[0])]
        elif base in ("mfvrsave", "mtvrsave") or (base in ("mfspr", "mtspr") and "256" in ops):
            unit = "sru"                      # VRSAVE (SPR 256)
            flags |= {"serial-sru", "vrsave"}
            if base.startswith("mt"):
                srcs, dsts = [g(ops[-1])], ["vrsave"]
            else:
                srcs, dsts = ["vrsave"], [g(ops[0])]
        elif base in ("mtvscr", "mfvscr"):
            unit = vector_unit(base)
            flags |= {"vscr"} | ({"vdst"} if base == "mfvscr" else set())
            srcs, dsts = ([v(ops[0])], ["vscr"]) if base == "mtvscr" else (["vscr"], [v(ops[0])])
        elif base.startswith("v") and vector_unit(base):
            unit = vector_unit(base)          # AltiVec arithmetic: vD, then vector sources and immediates
            flags.add("vdst")
            dsts = [v(ops[0])]
            srcs = [v(o) for o in ops[1:] if re.match(r"^v\d+$", o)]
            if base.startswith("vcmp") and record:
                dsts = dsts + ["cr"]
        elif base in ("mtctr", "mtlr", "mtxer", "mfctr", "mflr", "mfxer", "mtspr", "mfspr", "mfcr", "mtcrf", "mfcr"):
            unit = "sru"
            if base.startswith("mt"):
                srcs, dsts = [g(ops[-1])], [base[2:]]
            else:
                srcs, dsts = [base[2:]], [g(ops[0])]
            flags.add("serial-sru")
        elif base.startswith("cmp"):
            unit = "iu"
            regs = ops[1:] if len(ops) == 3 else ops      # an explicit CR field first
            srcs = [g(regs[0])] + ([g(regs[1])] if base in ("cmpw", "cmplw", "cmp", "cmpl") else [])
            dsts = ["cr"]
        else:
            unit = "iu"
            if base in ("mulli", "mullw", "mulhwu", "mulhw", "divw", "divwu"):
                flags.add("iu1only")
            dsts = [g(ops[0])] if ops else []
            if base in ("li", "lis", "nop"):
                srcs = []
            elif base in ("addi", "addis") and self.num(ops[1]) == 0:
                srcs = []
            elif base == "rlwimi":
                srcs = [g(ops[0]), g(ops[1])]
            elif base in ("add", "sub", "subf", "and", "or", "xor", "andc", "orc", "nor", "nand", "eqv", "mullw",
                          "mulhw", "mulhwu", "divw", "divwu", "slw", "srw", "sraw", "rlwnm", "addc", "adde",
                          "subfc", "subfe"):
                srcs = [g(ops[1]), g(ops[2])]
            elif len(ops) >= 2:
                srcs = [g(ops[1])]                # rD/rA, rS or rA, then immediates
            if base in ("addc", "addic", "subfc", "subfic", "srawi", "sraw"):
                dsts = dsts + ["ca"]
            if base in ("adde", "addze", "addme", "subfe", "subfze"):
                srcs = srcs + ["ca"]
                dsts = dsts + ["ca"]
            if record or base in ("andi", "andis"):
                dsts = dsts + ["cr"]
        ins = Insn(text, op, unit, [s for s in srcs if s], [d for d in dsts if d], flags, uops=uops, mem=mem)
        self.follow(op, ops, ins)
        return ins


MPC74XX = {
    "MPC7400": {"name": "MPC7400 (G4)", "dispatch": 2, "cq": 8, "complete": 2, "gpr_renames": 6,
                "fpr_renames": 6, "fpu": 3, "fpu_window": (3, 4), "load": 2, "fpload": 2,
                "stations": {"iu": 2, "fpu": 1, "lsu": 2, "sru": 1, "bpu": 1, "vpu": 1, "valu": 1}, "g4e": False,
                "vr_renames": 6, "vector": {"vpu": 1, "vsiu": 1, "vciu": 3, "vfpu": 4}},
    "MPC7450": {"name": "MPC7450 (G4e)", "dispatch": 3, "cq": 16, "complete": 3, "gpr_renames": 16,
                "fpr_renames": 16, "fpu": 5, "fpu_window": (4, 5), "load": 3, "fpload": 4,
                "stations": {"iu": 6, "fpu": 4, "lsu": 6, "sru": 1, "bpu": 1, "viq": 4}, "g4e": True, "fpscr_renames": 4,
                "vr_renames": 16, "vector": {"vpu": 2, "vsiu": 1, "vciu": 4, "vfpu": 4}, "viq_dispatch": 2,
                "viq_issue": 2, "vector_station": 1},
}


def simulate_mpc74xx(insns, cpu):
    """dispatch cycle of each instruction and the cycle after the last one
    completes. On the 7400 the 2 integer units are modelled as one pool of
    2 (IU1 takes every integer instruction, IU2 all but multiply/divide); on
    the 7450 the GPR issue queue feeds 3 simple units, IU2 and the LSU."""
    n = len(insns)
    g4e = cpu["g4e"]
    # expand multiples on the 7450 into one load per register
    seq = []
    for k, ins in enumerate(insns):
        if g4e and "multiple" in ins.flags:
            count = ins.uops
            regs = list(ins.dsts) if "load" in ins.flags else [r for r in ins.srcs if r.startswith("r")][-count:]
            for j in range(count):
                part = Insn(ins.text, ins.op, "lsu",
                            [r for r in ins.srcs if not (r.startswith("r") and "store" in ins.flags and r in regs)] +
                            ([regs[j]] if "store" in ins.flags else []),
                            [regs[j]] if "load" in ins.flags else [], set(ins.flags) - {"multiple"} |
                            {"micro", "first" if j == 0 else "rest"}, mem=ins.mem)
                seq.append((k, part))
        else:
            seq.append((k, ins))
    m = len(seq)
    producer = [None] * m            # per source: index in seq of its producer
    last_writer = {}
    last_store = {}
    for j, (_, ins) in enumerate(seq):
        producer[j] = [last_writer.get(r) for r in ins.srcs]
        if ins.mem and ins.mem[0] == "ld":
            st = last_store.get(ins.mem[1])
            if ins.mem[1] == "string":
                st = None
            producer[j] = producer[j] + ([("store", st)] if st is not None else [])
            if len(ins.mem) > 2 and last_store.get(ins.mem[2]) is not None:   # a vector's second 8 bytes
                producer[j] = producer[j] + [("store", last_store[ins.mem[2]])]
        for r in ins.dsts:
            last_writer[r] = j
        if ins.mem and ins.mem[0] == "st":
            last_store[ins.mem[1]] = j
            if len(ins.mem) > 2 and ins.mem[2]:
                last_store[ins.mem[2]] = j
    INF = 1 << 60
    dispatch = [INF] * m
    start = [INF] * m
    ready = [INF] * m                # result available
    finish = [INF] * m
    done = [INF] * m                 # completion cycle
    next_dispatch = 0
    next_complete = 0
    cycle = 0
    fpu_starts = []                  # cycles at which the FPU started an instruction
    fpu_started = []                 # and which
    renames = {"g": 0, "f": 0}
    queued = {u: [] for u in ("iu", "fpu", "lsu", "sru", "bpu", "vpu", "valu", "viq")}
    vector_units = ("vpu", "vsiu", "vciu", "vfpu")
    station = {u: [] for u in vector_units}   # 7450: each vector unit's reservation station
    renames["v"] = 0

    def queue_of(ins):
        """the queue or reservation station an instruction is dispatched to"""
        if ins.unit in vector_units:
            return "viq" if g4e else ("vpu" if ins.unit == "vpu" else "valu")
        return ins.unit

    def operands_ready(j):
        for p in producer[j]:
            if isinstance(p, tuple):
                if done[p[1]] >= cycle:
                    return False
            elif p is not None and ready[p] > cycle:
                return False
        return True

    def start_vector(j):
        start[j] = cycle
        ready[j] = cycle + cpu["vector"][seq[j][1].unit]
        finish[j] = ready[j] - 1
    in_cq = 0
    lsu_free_at = 0
    while next_complete < m:
        # completion
        c = 0
        while next_complete < m and c < cpu["complete"] and finish[next_complete] < cycle and dispatch[next_complete] < cycle:
            j = next_complete
            done[j] = cycle
            ins = seq[j][1]
            if "folded" not in ins.flags:
                in_cq -= 1
                c += 1
            for r in ins.dsts:
                if r.startswith("r") and not ("multiple" in ins.flags):
                    renames["g"] -= 1
                elif r.startswith("f"):
                    renames["f"] -= 1
            if "vdst" in ins.flags:
                renames["v"] -= 1
            next_complete += 1
        # execution: each unit starts its oldest ready instruction(s)
        for unit in ("fpu", "lsu", "iu", "sru", "bpu"):
            q = queued[unit]
            slots = 1
            if unit == "iu":
                slots = 2 if not g4e else 4
            started = 0
            window = len(q) if not (g4e and unit == "iu") else min(3, len(q))
            if unit in ("fpu", "lsu", "sru", "bpu") or not g4e:
                window = min(len(q), 1) if unit != "iu" else len(q)
            for j in list(q[:window] if unit != "iu" or g4e else q):
                if started == slots:
                    break
                ins = seq[j][1]
                if unit == "fpu":
                    k, w = cpu["fpu_window"]
                    if len([t for t in fpu_starts[-k:] if t > cycle - w]) >= k:
                        break
                    if cpu.get("fpscr_renames") and sum(
                            1 for x in fpu_started if done[x] > cycle + cpu["fpu"] - 2) >= cpu["fpscr_renames"]:
                        break           # its FPSCR rename, taken in the next-to-last stage, is not free
                if unit == "lsu" and lsu_free_at > cycle:
                    break
                ok = True
                for p in producer[j]:
                    if isinstance(p, tuple):
                        if done[p[1]] >= cycle:
                            ok = False
                    elif p is not None and ready[p] > cycle:
                        ok = False
                if ("serial" in ins.flags or ("multiple" in ins.flags and not g4e)) and next_complete < j:
                    ok = False
                if not ok:
                    if unit in ("fpu", "lsu", "sru") or not g4e:
                        if unit != "iu":
                            break
                    continue
                lat = 1
                if unit == "fpu":
                    lat = cpu["fpu"]
                    fpu_starts.append(cycle)
                    fpu_started.append(j)
                elif unit == "lsu":
                    if "multiple" in ins.flags and not g4e:
                        lat = 2 + ins.uops
                        lsu_free_at = cycle + lat
                    elif "load" in ins.flags:
                        lat = cpu["fpload"] if "fpload" in ins.flags else cpu["load"]
                    else:
                        lat = 1
                start[j] = cycle
                ready[j] = cycle + lat
                finish[j] = cycle + lat - 1
                q.remove(j)
                started += 1
        # the vector units. 7400: the VPU and the VALU each start the instruction in their
        # one-entry station when its operands are ready. 7450: each unit starts the one in
        # its station; then the VIQ's bottom entries leave it in order (at most viq_issue a
        # cycle), each into its unit (started at once when ready and the unit is idle this
        # cycle) or its empty station
        if not g4e:
            for unit in ("vpu", "valu"):
                q = queued[unit]
                if q and operands_ready(q[0]):
                    start_vector(q.pop(0))
        else:
            busy = set()
            for unit in vector_units:
                if station[unit] and operands_ready(station[unit][0]):
                    start_vector(station[unit].pop(0))
                    busy.add(unit)
            q = queued["viq"]
            issued = 0
            while q and issued < cpu["viq_issue"]:
                j = q[0]
                unit = seq[j][1].unit
                if unit not in busy and not station[unit] and operands_ready(j):
                    start_vector(j)
                    busy.add(unit)
                elif len(station[unit]) < cpu["vector_station"]:
                    station[unit].append(j)
                else:
                    break
                q.pop(0)
                issued += 1
        # dispatch
        d = 0
        branches = 0
        lsu_dispatched = 0
        vector_dispatched = 0
        while next_dispatch < m:
            j = next_dispatch
            k, ins = seq[j]
            unit = ins.unit
            if unit == "bpu":
                if branches:
                    break
                if "unfolded" not in ins.flags:
                    ins.flags = ins.flags | {"folded"}
            elif d == cpu["dispatch"]:
                break
            if "folded" not in ins.flags and in_cq == cpu["cq"]:
                break
            qname = queue_of(ins)
            if len(queued[qname]) >= cpu["stations"][qname]:
                break
            if qname == "viq" and vector_dispatched == cpu["viq_dispatch"]:
                break
            need_g = sum(1 for r in ins.dsts if r.startswith("r")) if "multiple" not in ins.flags else 0
            need_f = sum(1 for r in ins.dsts if r.startswith("f"))
            need_v = 1 if "vdst" in ins.flags else 0
            if renames["g"] + need_g > cpu["gpr_renames"] or renames["f"] + need_f > cpu["fpr_renames"] or \
                    renames["v"] + need_v > cpu["vr_renames"]:
                break
            if g4e and unit == "lsu":
                if lsu_dispatched:
                    break
                if "micro" in ins.flags and "xer" in ins.flags and "first" in ins.flags and next_complete < j:
                    break
            if g4e and "micro" in ins.flags and "rest" not in ins.flags and d:
                break                    # a multiple starts a dispatch group
            renames["g"] += need_g
            renames["f"] += need_f
            renames["v"] += need_v
            vector_dispatched += qname == "viq"
            dispatch[j] = cycle
            if "folded" not in ins.flags:
                in_cq += 1
                if unit != "bpu":
                    d += 1
            else:
                start[j] = ready[j] = finish[j] = cycle
            if unit == "bpu":
                branches += 1
                if "folded" not in ins.flags:
                    queued[unit].append(j)
            else:
                queued[qname].append(j)
            if unit == "lsu":
                lsu_dispatched += 1
            next_dispatch += 1
            if unit == "bpu" and "taken" in ins.flags:
                break
        cycle += 1
        if cycle > 100 * m + 1000:
            raise RuntimeError("simulate_mpc74xx: no progress")
    per_insn = [INF] * n
    for j, (k, _) in enumerate(seq):
        per_insn[k] = min(per_insn[k], dispatch[j])
    return per_insn, max(done) + 1


# ---------------------------------------------------------------- loops and traces


def decode_trace(trace, decoder):
    """Insns for a trace [(pc, text, symbol)]"""
    out = []
    for pc, text, symbol in trace:
        ins = decoder.decode(text)
        ins.pc, ins.symbol = pc, symbol
        out.append(ins)
    return out


# ---------------------------------------------------------------- descriptions of published loops


def describe(body):
    """[(class, [producer lines], [store lines it loads from])] of a loop
    body: for each instruction, which instructions' results it reads (a line
    at or after its own is the previous pass's) and from which store's slot
    it loads; registers the loop never writes are left out"""
    writer, store_at = {}, {}
    for k, ins in enumerate(body):
        for r in ins.dsts:
            writer[r] = k
        if ins.mem and ins.mem[0] == "st":
            store_at[ins.mem[1]] = k
    current, stored, out = {}, {}, []
    for k, ins in enumerate(body):
        srcs = ins.srcs if "store" not in ins.flags or ins.unit != "ls" else ins_address_regs(ins)
        deps = sorted({current.get(r, writer.get(r)) for r in srcs if r in writer})
        mem = []
        if ins.mem and ins.mem[0] == "ld" and ins.mem[1] in store_at:
            mem = [stored.get(ins.mem[1], store_at[ins.mem[1]])]
        out.append((deps, mem))
        for r in ins.dsts:
            current[r] = k
        if ins.mem and ins.mem[0] == "st":
            stored[ins.mem[1]] = k
    return out


def write_description(body, classify, header):
    """the text of a description file: header lines, then 'class deps' a line"""
    lines = ["# " + h for h in header]
    for k, ((deps, mem), ins) in enumerate(zip(describe(body), body)):
        line = ("%-6s %s" % (classify(ins), " ".join([str(d) for d in deps] + ["m%d" % m for m in mem]))).rstrip()
        lines.append(line if k % 10 else "%-28s # line %d" % (line, k))
    return "\n".join(lines) + "\n"


def read_description(path, classes):
    """Insns with virtual registers ("v<line>") from a description file;
    classes maps each class name to (unit, flags)"""
    body = []
    k = 0
    for raw in open(path):
        fields = raw.split("#")[0].split()
        if not fields:
            continue
        cls, deps = fields[0], fields[1:]
        if cls not in classes:
            raise ValueError("%s: unknown class %s" % (path, cls))
        unit, flags = classes[cls]
        regs = ["v%d" % int(d) for d in deps if not d.startswith("m")]
        mem = [int(d[1:]) for d in deps if d.startswith("m")]
        ins = Insn(cls, cls, unit, regs, ["v%d" % k], flags,
                   mem=("ld", "m%d" % mem[0]) if mem else (("st", "m%d" % k) if "store" in flags else None))
        body.append(ins)
        k += 1
    return body


def build_probe(top, target, impl):
    """build the speed probe of an implementation (mk/impl.mk) and return its path"""
    import os
    import subprocess
    from tools import buildlock
    root = os.path.abspath(os.environ.get("BUILDROOT", os.path.join(top, "build")))
    probe = os.path.join(root, target, "impl", impl, "speed")
    with buildlock.held(root, target, "pipemodel"):   # the selector's directory too
        result = subprocess.run(["make", "-s", "-f", os.path.join(top, "mk", "impl.mk"), "TARGET=" + target,
                                 "IMPL=" + impl, "BUILDROOT=" + root, probe], stdout=subprocess.PIPE,
                                stderr=subprocess.STDOUT, text=True, cwd=top)
    if result.returncode != 0:
        raise RuntimeError("building the speed probe failed:\n" + result.stdout[-3000:])
    return probe


def call_insns(top, qemu, probe, length, decoder, unaligned=False, extra=()):
    """the Insns one call of the probe runs at this length (speed/count.py; extra: more words
    for the probe, such as -p PATH)"""
    from speed import count   # here: speed imports this module
    return decode_trace(count.traces(qemu, probe, 1, length, False, unaligned, extra)[0], decoder)


def print_block_table(title, target_name, rows, emulator, insns, bernstein_insns):
    """the per-block table of a schedule.py: rows (name, cycles, target, Bernstein's
    cycles, with_ratio), the target a string"""
    width = max(len(r[0]) for r in rows) + 1
    print(title)
    print("  %-*s %6s %8s %10s %6s" % (width, "", "cycles", target_name, "Bernstein", "ratio"))
    for name, cycles, target, bern, with_ratio in rows:
        print(("  %-*s %6.1f %8s %10.1f" % (width, name, cycles, target or "", bern))
              + (" %6.2f" % (cycles / bern) if with_ratio else ""))
    print("  instructions per block (exact, %s): %.2f; Bernstein's loop: %d" % (emulator, insns, bernstein_insns))


def per_pass(starts, n):
    """steady-state cycles a pass of an n-instruction loop, from the cycles
    its instructions started at over several passes (the last four)"""
    return (starts[-n] - starts[-5 * n]) / 4


def derived_description(body, classify, source, legend, classes, cycles, cpus, header=None):
    """a description file's text for the main loop of Bernstein's file source
    (legend: its classes; or another loop, described by the paragraphs header),
    checked to give the same model cycles as the loop itself on every CPU
    (cycles(body, cpu))"""
    import os
    import tempfile
    import textwrap
    header = [line for para in header for line in textwrap.wrap(para, 90)] if header else textwrap.wrap(
        "D. J. Bernstein's %s (poly1305aes-20050218), main loop (one 16-byte block), derived by "
        "'schedule.py derive': one line per instruction in his order, its class (%s), then the lines "
        "whose results it reads (a line at or after its own: the previous pass's), m<line>: the store "
        "whose slot it loads. Registers read that the loop never writes are left out. %d lines."
        % (source, legend, len(body)), 90)
    text = write_description(body, classify, header)
    with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False) as f:
        f.write(text)
    try:
        mine = read_description(f.name, classes)
    finally:
        os.remove(f.name)
    for name, cpu in cpus.items():
        a, b = cycles(body, cpu), cycles(mine, cpu)
        if a != b:
            raise SystemExit("the description gives %.2f cycles on %s, the loop %.2f" % (b, name, a))
    return text


def schedule_main(doc, derive, validate, figures):
    """the command line of the schedule.py scripts: check, validate, figures, derive FILE"""
    import sys
    args = sys.argv[1:]
    if args[:1] == ["derive"] and len(args) == 2:
        sys.stdout.write(derive(args[1]))
    elif args == ["check"]:
        ok = validate()
        figures()
        sys.exit(0 if ok else 1)
    elif args == ["validate"]:
        sys.exit(0 if validate() else 1)
    elif args == ["figures"]:
        figures()
    else:
        sys.exit(doc)


def loop_at(path, label, decoder):
    """the instructions of an assembly file from 'label:' to the next label
    (comment lines, starting with '#' or ';', left out)"""
    text = open(path).read().split(label + ":", 1)[1]
    body = []
    for line in text.split("\n"):
        line = line.strip()
        if not line or line[0] in "#;":
            continue
        if line.endswith(":"):
            break
        body.append(decoder.decode(line))
    return body
