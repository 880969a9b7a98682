#!/bin/sh
# Build poly1305aes_amd64 and its path test (pathtest.c), then run the test on
# every path. Run from the top of the tree; BUILDROOT as for mk/impl.mk.
set -e
root=${BUILDROOT:-build}
b=$root/amd64/impl/amd64
make -s -f mk/impl.mk TARGET=amd64 IMPL=amd64 ${BUILDROOT:+BUILDROOT=$BUILDROOT} all
${CC:-gcc} -m64 -std=c99 -O2 -Wall -Wextra -Werror -D_DEFAULT_SOURCE -I"$b/include" -Itest -Iaes \
  poly1305aes_amd64/pathtest.c test/ref.c test/util.c aes/aes_ref.c "$b/libpoly1305aes_amd64.a" -o "$b/pathtest"
"$b/pathtest"
