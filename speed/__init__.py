# SPDX-License-Identifier: CC0-1.0
"""Speed: make speed (speed.py), make bench under an emulator (peers.py),
instruction counts under qemu (count.py), llvm-mca models (mca.py,
crossover.py) and the bench picture (plot.py); run them from the top as
python3 -m speed.NAME (tools/__init__.py says why)."""
