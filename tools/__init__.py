# SPDX-License-Identifier: CC0-1.0
"""The project's Python is one package tree rooted at the top of the source
tree: tools, speed, aes, test and ppc are packages, and the implementation
directories holding Python (poly1305aes_53, _ppro, _sparc) are namespace
packages, so a module imports another by its full name (from tools import
describe, from speed import count) and no module edits sys.path (make test's
tools/commentpaths.py checks). A program that imports another module of the
tree runs as a module from the top: python3 -m tools.selector, python3 -m
speed.peers; one that imports none (tools/describe.py, tools/stackbytes.py,
aes/gentable.py, test/fuzz_seeds.py, which the build runs from any
directory) also runs by its path.

This package: the selector, the description files' reader, the checks,
install, and the CPU models.
"""
