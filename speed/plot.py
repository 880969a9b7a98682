#!/usr/bin/env python3
# SPDX-License-Identifier: CC0-1.0
"""Draw the PNG of `make bench`: the installed implementation beside each peer,
per message and per byte against message length (both axes logarithmic).

  plot.py CSV PNG

CSV is what the bench programs write (build/<target>/bench.csv: speed/bench.c
natively, speed/peers.py under an emulator), one row per measured call:

  target     the target (amd64, x86, arm64, ...)
  machine    the CPU as the kernel names it, or the emulator that counted
  who        ours, or the peer (OpenSSL, libsodium, ...)
  name       what ran: the implementation and its path, or the peer and its version
  condition  free-form: a state the calls ran under that is not who ran them
             (the caller's registers, say); '-' when there is none
  length     message bytes
  unit       what value counts (rdtsc ticks, instructions), with how it was taken
  value      per message: a median of ticks, or an exact count

One colour per (who, condition) in each panel, a dot per length. Length 0 has
no place on a log axis and no per-byte cost: it is left out of the picture (it
stays in CSV).
matplotlib is installed from PyPI if missing.
"""
import csv
import subprocess
import sys


def pyplot():
    """matplotlib.pyplot, drawing to files (Agg); installs matplotlib from PyPI if it is missing."""
    try:
        import matplotlib
    except ImportError:
        print("plot.py: installing matplotlib from PyPI", file=sys.stderr)
        status = subprocess.call([sys.executable, "-m", "pip", "install", "-q", "matplotlib"])
        if status != 0:
            status = subprocess.call([sys.executable, "-m", "pip", "install", "-q", "--break-system-packages",
                                      "matplotlib"])
        if status != 0:
            sys.exit("plot.py: could not install matplotlib; run: python3 -m pip install matplotlib")
        import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    return plt


FIELDS = ["target", "machine", "who", "name", "condition", "length", "unit", "value"]


def read(path):
    """The rows of a bench CSV, with length an int and value a float; exits on a malformed file."""
    try:
        with open(path, newline="") as f:
            reader = csv.DictReader(f)
            if reader.fieldnames != FIELDS:
                sys.exit("plot.py: %s has columns %s, not %s" % (path, reader.fieldnames, ",".join(FIELDS)))
            rows = list(reader)
    except OSError as e:
        sys.exit("plot.py: cannot read %s (%s); run make bench first" % (path, e.strerror))
    for row in rows:
        row["length"], row["value"] = int(row["length"]), float(row["value"])
    if not rows:
        sys.exit("plot.py: %s holds no measurement" % path)
    return rows


def draw(rows, png):
    plt = pyplot()
    lines = {}
    for row in rows:
        lines.setdefault((row["who"], row["condition"]), []).append(row)
    # ours first and drawn on top; the peers in the order they were measured
    order = sorted(lines, key=lambda key: (key[0] != "ours", list(lines).index(key)))
    figure, (per_message, per_byte) = plt.subplots(1, 2, figsize=(13, 5.4))
    for i, key in enumerate(order):
        points = sorted((r["length"], r["value"]) for r in lines[key] if r["length"] > 0)
        label = lines[key][0]["name"] + ("" if key[1] == "-" else " [%s]" % key[1])
        # every length its own dot: a line through the per-length values hides
        # two regimes (lengths that take a slow path) in one filled band
        style = dict(label=label, linestyle="none", marker="o", markersize=2.6 if key[0] == "ours" else 2.0,
                     markeredgewidth=0, zorder=10 - i, color="C%d" % i)
        per_message.plot([p[0] for p in points], [p[1] for p in points], **style)
        per_byte.plot([p[0] for p in points], [p[1] / p[0] for p in points], **style)
    unit = rows[0]["unit"]
    for axes, what in ((per_message, "per message"), (per_byte, "per byte")):
        axes.set_xscale("log", base=2)
        axes.set_yscale("log")
        axes.set_xlabel("message length (bytes)")
        axes.set_ylabel("%s %s" % (unit.split(" (")[0], what))
        axes.grid(True, which="major", alpha=0.35)
        axes.grid(True, which="minor", axis="y", alpha=0.12)
    per_message.legend(loc="upper left", fontsize="small", markerscale=4)
    per_byte.legend(loc="upper right", fontsize="small", markerscale=4)
    per_message.set_title("per message: lower is faster", fontsize="medium")
    per_byte.set_title("per byte: lower is faster", fontsize="medium")
    figure.suptitle("poly1305aes on %s beside its peers: complete Poly1305-AES, %s\n%s"
                    % (rows[0]["target"], unit, rows[0]["machine"]), fontsize="medium")
    figure.tight_layout()
    # the picture carries the project's licence line in its PNG text (test/run.sh looks for it)
    figure.savefig(png, dpi=100, metadata={"Copyright": "SPDX-License-Identifier: CC0-1.0"})
    plt.close(figure)


def main(argv):
    if len(argv) != 2:
        sys.exit(__doc__)
    draw(read(argv[0]), argv[1])


if __name__ == "__main__":
    main(sys.argv[1:])
