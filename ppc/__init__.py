# SPDX-License-Identifier: CC0-1.0
"""The shared PowerPC code's checks: its bound proof (bounds.py), its object
check (objcheck.py) and its CPU models' schedule (schedule.py); python3 -m
ppc.NAME from the top."""
