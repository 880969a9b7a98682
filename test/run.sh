#!/bin/sh
# test/run.sh: the whole test suite, run by `make test`, on every target in
# targets/ (or those in $TARGETS): natively for amd64 and x86, under qemu-user
# for ppc32 and sparc64. Every step prints PASS or FAIL; a step that cannot run
# is a FAIL, never a skip. Exit status 1 if anything failed.
set -u
top=$(cd "$(dirname "$0")/.." && pwd)
cd "$top" || exit 1
targets=${TARGETS:-$(ls targets)}
host=$(sh tools/hosttarget) || host=none
logs=$top/build/test-logs
root=$top/build/test
mkdir -p "$logs"
passed=0
failed=0
failures=""

field() { sed -n -e 's/#.*//' -e "s/^$2[[:space:]]*//p" "targets/$1"; }
descfile() { sed -e 's/#.*//' -e '/^[[:space:]]*$/d' "$1" 2>/dev/null; }

# an implementation's code paths, "NAME VAR=VALUE..." a line ('paths'; one
# path "default" without it)
code_paths() {
  paths=$(descfile "poly1305aes_$1/paths")
  [ -n "$paths" ] && echo "$paths" || echo default
}

# step NAME COMMAND...: run, log, report
step() {
  name=$1
  shift
  log=$logs/$(echo "$name" | tr ' /' '__').log
  start=$(date +%s)
  if "$@" >"$log" 2>&1; then
    passed=$((passed + 1))
    echo "PASS $name ($(($(date +%s) - start))s)"
  else
    failed=$((failed + 1))
    failures="$failures
  $name"
    echo "FAIL $name (log: $log)"
    grep -E '^FAIL|rror|FAILS' "$log" | head -15 | sed 's/^/    /'
    [ -n "$(grep -E '^FAIL|rror|FAILS' "$log" | head -1)" ] || tail -15 "$log" | sed 's/^/    /'
  fi
}

# implementations (poly1305aes_*/ with a targets file) that list a target
impls_for() {
  for dir in poly1305aes_*/; do
    dir=${dir%/}
    [ -f "$dir/targets" ] && descfile "$dir/targets" | grep -qx "$1" && echo "${dir#poly1305aes_}"
  done
}

# the selector on a target must pass every candidate that lists it, and install one
select_all() {
  target=$1
  python3 tools/selector.py --target "$target" --root "$root" --rounds 1 || return 1
  bad=$(grep -v ' result=ok ' "$root/$target/selection.log" | grep -v ' result=skipped ')
  [ -z "$bad" ] || { echo "FAIL candidates that did not pass:"; echo "$bad"; return 1; }
  for impl in $(impls_for "$target"); do
    grep -q "^impl=$impl .* result=ok " "$root/$target/selection.log" || { echo "FAIL $impl was not tested"; return 1; }
  done
}

aes_kat() {
  target=$1
  out=$root/$target/aes-kat
  $(field "$target" cc) $(field "$target" cflags) -std=c99 -O2 -Wall -Wextra -Werror -Iaes \
    aes/kat.c aes/aes_ref.c -o "$out" $(field "$target" ldflags) || return 1
  python3 aes/check.py $(field "$target" run) "$out"
}

# the README's example, compiled against the installed library (static and
# shared), run, and its tag checked with pycryptodome
readme_example() {
  target=$1
  dir=$root/$target
  cc=$(field "$target" cc)
  run=$(field "$target" run)
  awk '/^<!-- example: begin -->/{on=1; next} /^<!-- example: end -->/{on=0} on && !/^```/' README.md > "$dir/example.c"
  [ -s "$dir/example.c" ] || { echo "FAIL no example between the markers in README.md"; return 1; }
  $cc $(field "$target" cflags) -std=c99 -Wall -Wextra -Werror -I"$dir/include" "$dir/example.c" \
    "$dir/lib/libpoly1305aes.a" -o "$dir/example-static" $(field "$target" ldflags) || return 1
  $cc $(field "$target" cflags) -std=c99 -Wall -Wextra -Werror -I"$dir/include" "$dir/example.c" \
    -L"$dir/lib" -lpoly1305aes -o "$dir/example-shared" || return 1
  ln -sf libpoly1305aes.so "$dir/lib/libpoly1305aes.so.0"
  want=$(python3 test/example_tag.py) || return 1
  got_static=$($run "$dir/example-static") || return 1
  # dynamic programs under qemu-user find the target's loader and libc in its cross sysroot
  triple=$(basename "$cc" -gcc)
  got_shared=$(LD_LIBRARY_PATH="$dir/lib" QEMU_LD_PREFIX=/usr/$triple $run "$dir/example-shared") || return 1
  echo "static: $got_static"
  echo "shared: $got_shared"
  echo "want tag $want"
  case "$got_static" in *"tag $want"*) ;; *) echo "FAIL static example"; return 1 ;; esac
  case "$got_shared" in *"tag $want"*) ;; *) echo "FAIL shared example"; return 1 ;; esac
}

# an implementation built with a VARIANT (san, clang) passes the suite on every path
variant_suite() {
  variant=$1
  impl=$2
  make -s -f mk/impl.mk TARGET="$host" VARIANT="$variant" IMPL="$impl" BUILDROOT="$root" all || return 1
  code_paths "$impl" | while read -r path assignments; do
    echo "== path $path"
    env $assignments "$root/$host-$variant/impl/$impl/test" test/vectors.txt || exit 1
  done
}

# the ABI harness under a target's second runner (targets/<t> 'alsorun'), on every path
abi_also() {
  target=$1
  impl=$2
  code_paths "$impl" | while read -r path assignments; do
    echo "== path $path under $(field "$target" alsorun)"
    env $assignments $(field "$target" alsorun) "$root/$target/impl/$impl/abi" || exit 1
  done
}

# the constant-time claims of every implementation for a native target, on every path
constant_time() {
  target=$1
  impl=$2
  make -s -f mk/impl.mk TARGET="$target" IMPL="$impl" BUILDROOT="$root" "$root/$target/impl/$impl/ct" || return 1
  code_paths "$impl" | while read -r path assignments; do
    python3 tools/ctcheck.py "poly1305aes_$impl" "$path" "$root/$target/impl/$impl/ct" $assignments || exit 1
  done
}

# the differential fuzzer over every host implementation, a bounded run per
# code path any of them declares (FUZZ_SECONDS each; `make fuzz` runs longer)
fuzz() {
  seconds=${FUZZ_SECONDS:-20}
  make -s -f mk/fuzz.mk || return 1
  work=$root/fuzz-work
  rm -rf "$work" && mkdir -p "$work/corpus" && cp "$top/build/$host-fuzz/seeds/"* "$work/corpus/" || return 1
  envs=$(cat poly1305aes_*/paths 2>/dev/null | sed -e 's/#.*//' | awk 'NF > 1 { $1 = ""; print }' | sort -u)
  printf '%s
%s
' "" "$envs" | while read -r assignments; do
    echo "== fuzzing ${seconds}s with environment '${assignments}'"
    (cd "$work" && env $assignments "$top/build/$host-fuzz/fuzz" -max_total_time="$seconds" -print_final_stats=1 corpus 2>&1 |
      grep -E 'ERROR|SUMMARY|Test unit|stat::number_of_executed_units|Done') || exit 1
    if ls "$work"/crash-* "$work"/leak-* "$work"/timeout-* >/dev/null 2>&1; then exit 1; fi
  done
}

# a deliberately broken candidate is reported and never installed
broken_candidate() {
  broot=$root/broken
  python3 tools/selector.py --target "$host" --root "$broot" --rounds 1 --extra test/broken
  grep '^impl=broken ' "$broot/$host/selection.log" | grep -q ' result=fails ' ||
    { echo "FAIL broken candidate not reported as failing"; return 1; }
  grep -q '^#include "poly1305aes_broken.h"' "$broot/$host/include/poly1305aes.h" &&
    { echo "FAIL broken candidate installed"; return 1; }
  before=$(readlink "$broot/$host/installed")
  if python3 tools/selector.py --target "$host" --root "$broot" --impl broken --extra test/broken; then
    echo "FAIL forcing the broken candidate succeeded"
    return 1
  fi
  [ "$(readlink "$broot/$host/installed")" = "$before" ] || { echo "FAIL installation changed"; return 1; }
  echo "broken candidate rejected both times; installation unchanged"
}

# commands an implementation lists in its 'checks' file (bound proofs, object checks)
impl_checks() {
  descfile "poly1305aes_$1/checks" | while read -r command; do
    echo "\$ $command"
    sh -c "$command" || exit 1
  done
}

echo "poly1305aes test suite: targets $(echo $targets)"
step "tools" sh tools/ensure-tools --test $targets
step "vectors regenerated and cross-checked with pycryptodome" python3 test/gen_vectors.py
for dir in poly1305aes_*/; do
  impl=${dir#poly1305aes_}
  impl=${impl%/}
  [ -f "$dir/checks" ] && step "$impl: own checks" impl_checks "$impl"
done
for target in $targets; do
  mkdir -p "$root/$target"
  step "$target: AES reference known answers" aes_kat "$target"
  step "$target: every implementation built, self-tested on every path, installed by the selector" select_all "$target"
  step "$target: README example against the installed library" readme_example "$target"
  if [ -n "$(field "$target" alsorun)" ]; then
    for impl in $(impls_for "$target"); do
      step "$target: $impl ABI harness under $(field "$target" alsorun)" abi_also "$target" "$impl"
    done
  fi
  if [ -z "$(field "$target" run)" ]; then
    for impl in $(impls_for "$target"); do
      step "$target: $impl constant-time claims under valgrind memcheck" constant_time "$target" "$impl"
    done
  fi
  if [ "$target" = "$host" ]; then
    for impl in $(impls_for "$target"); do
      step "$target: $impl under AddressSanitizer and UndefinedBehaviorSanitizer" variant_suite san "$impl"
      step "$target: $impl built with clang" variant_suite clang "$impl"
    done
    step "$target: a broken candidate is reported and never installed" broken_candidate
    step "$target: differential fuzzing of every implementation against the reference" fuzz
  fi
done

echo
if [ $failed -ne 0 ]; then
  echo "test suite: $passed passed, $failed FAILED:$failures"
  exit 1
fi
echo "test suite: all $passed steps passed"
