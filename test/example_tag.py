#!/usr/bin/env python3
# SPDX-License-Identifier: CC0-1.0
"""The tag README.md's example must print, computed with pycryptodome from the
same inputs (kr[i] = 7i + 1 then clamped, n = 01 00 .. 00, "attack at dawn")."""
from Crypto.Cipher import AES
from Crypto.Hash import Poly1305

kr = bytearray((7 * i + 1) & 255 for i in range(32))
for i, mask in zip((19, 23, 27, 31, 20, 24, 28), (15, 15, 15, 15, 252, 252, 252)):
    kr[i] &= mask
mac = Poly1305.new(key=bytes(kr), cipher=AES, nonce=bytes([1] + [0] * 15))
mac.update(b"attack at dawn")
print(mac.hexdigest())
