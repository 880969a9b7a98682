#!/bin/sh
# SPDX-License-Identifier: CC0-1.0
# Assembles the aix flavour into a real XCOFF object (clang's integrated
# assembler) and checks it is, instruction for instruction, the linux-flavour
# code the test suite ran under qemu-ppc; also checks ppc/aix_entry.c's
# descriptor. Exits non-zero on any mismatch. Run from anywhere; BUILDROOT in
# the environment moves the build, as for mk/impl.mk.
cd "$(dirname "$0")/.." && exec python3 -m ppc.objcheck aix
