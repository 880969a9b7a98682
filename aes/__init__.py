# SPDX-License-Identifier: CC0-1.0
"""AES: the table generator (gentable.py, which the other modules import for
the S-box), the reference's known-answer check (check.py) and the
vector-permute AES's derivation (vpaes.py); python3 -m aes.NAME from the top."""
