# SPDX-License-Identifier: CC0-1.0
"""The test suite's Python (cli.py, example_tag.py, fuzz_seeds.py,
gen_vectors.py, policy.py), run by test/run.sh as python3 -m test.NAME from
the top. This file makes test a regular package, so that it, not the
standard library's package of the same name, is the one imported."""
