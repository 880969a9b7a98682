# SPDX-License-Identifier: CC0-1.0
# The library's version, the one place it is written: poly1305aes_version(),
# the installed header's POLY1305AES_VERSION, pkg-config's Version (mk/impl.mk)
# and the release tarball's name (make dist) all read it from here.
VERSION := 1.2.0
