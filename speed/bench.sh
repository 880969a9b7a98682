#!/bin/sh
# SPDX-License-Identifier: CC0-1.0
# speed/bench.sh TARGET [BENCH ARGS]: `make bench` for a target that runs
# natively (amd64, x86): the installed implementation (selected first if
# need be) beside OpenSSL 3 and libsodium for the same target, from the
# Debian packages the target file names (tools/fetch-peers downloads and
# unpacks them, never installs; it says what it fetches), linked statically
# into speed/bench.c with the target's compiler; then runs it. Without BENCH
# ARGS: its table, then Poly1305 as an AEAD streams it (`bench aead`: ours,
# libsodium's and OpenSSL's init, three updates and final beside ours'
# one-shot), then many messages a call (`bench many`), then every path forced (`bench paths`: each behind a
# clean and a dirty caller), then its sweep (every SWEEP-th length above
# 4096, default 61), whose medians go to build/TARGET/bench.csv and, drawn
# by speed/plot.py, build/TARGET/bench.png; with them, only `bench BENCH ARGS`.
set -u
top=$(cd "$(dirname "$0")/.." && pwd)
target=${1:?usage: bench.sh TARGET [ARGS]}
# build/<target>/ is the selector's too: select, build and run under its lock (tools/buildlock.py)
[ "${POLY1305AES_LOCKED:-}" = "$top/build/$target/.lock" ] ||
  exec python3 "$top/tools/buildlock.py" "$top/build" "$target" sh "$0" "$@"
shift
d() { python3 "$top/tools/describe.py" "$@"; }
[ -z "$(d target "$target" run)" ] || { echo "bench.sh: $target runs under an emulator; the peer benchmark is for native targets" >&2; exit 1; }
sh "$top/tools/ensure-tools" --bench "$target" || exit 1
peers=$(sh "$top/tools/fetch-peers" "$target") || exit 1
echo "bench.sh: the peers are $(d target "$target" peers) for $(d target "$target" debarch), unpacked in ${peers#$top/} (tools/fetch-peers)" >&2
build=$top/build/$target
[ -f "$build/installed/lib/libpoly1305aes.a" ] ||
  (cd "$top" && python3 -m tools.selector --target "$target" --root "$top/build") || exit 1
impl=$(sed -n 's/^#define poly1305aes_implementation "poly1305aes_\(.*\)"/\1/p' "$build/include/poly1305aes.h")
[ -n "$impl" ] || { echo "bench.sh: no implementation installed for $target" >&2; exit 1; }
crypto=$(ls "$peers"/usr/lib/*/libcrypto.a 2>/dev/null | head -1)
sodium=$(ls "$peers"/usr/lib/*/libsodium.a 2>/dev/null | head -1)
[ -n "$crypto" ] && [ -n "$sodium" ] || { echo "bench.sh: no libcrypto.a or libsodium.a in $peers" >&2; exit 1; }
triplet=$(basename "$(dirname "$crypto")")
# the build of the installed implementation, for its namespaced library and path interface
make -s -C "$top" -f mk/impl.mk TARGET="$target" IMPL="$impl" "$build/impl/$impl/libpoly1305aes_$impl.a" || exit 1
$(d target "$target" cc) $(d target "$target" cflags) -std=c99 -O2 -Wall -Wextra -Werror -D_DEFAULT_SOURCE \
  -I"$build/impl/$impl/include" -I"$top/speed" -I"$top/test" -I"$top/common" \
  -I"$peers/usr/include" -I"$peers/usr/include/$triplet" \
  -DPOLY1305AES_IMPL="poly1305aes_$impl" -DPOLY1305AES_HEADER="\"poly1305aes_$impl.h\"" -DPOLY1305AES_TARGET="\"$target\"" \
  "$top/speed/bench.c" "$top/targets/$target/cycles.c" "$top/test/util.c" "$build/impl/$impl/libpoly1305aes_$impl.a" \
  "$crypto" "$sodium" -static -lpthread -ldl -o "$build/bench" 2>"$build/bench.log" ||
  { cat "$build/bench.log" >&2; exit 1; }
if [ $# -gt 0 ]; then
  exec "$build/bench" "$@"
fi
"$build/bench" || exit 1
"$build/bench" aead || exit 1
"$build/bench" many || exit 1
"$build/bench" paths || exit 1
echo "bench.sh: then the sweep, build/$target/bench sweep ${SWEEP:-61} -c build/$target/bench.csv"
"$build/bench" sweep "${SWEEP:-61}" -c "$build/bench.csv" || exit 1
python3 "$top/speed/plot.py" "$build/bench.csv" "$build/bench.png" || exit 1
echo "wrote build/$target/bench.csv, build/$target/bench.png"
