#!/bin/sh
# SPDX-License-Identifier: CC0-1.0
# Assembles the macos flavour (Darwin names and directives) with clang for
# powerpc-apple-darwin -- an ELF object: LLVM 14 writes no Mach-O for PowerPC --
# and checks it is, instruction for instruction, the linux-flavour code the
# test suite ran under qemu-ppc. Exits non-zero on any mismatch. BUILDROOT in
# the environment moves the build, as for mk/impl.mk.
cd "$(dirname "$0")/.." && exec python3 -m ppc.objcheck macos
