#!/bin/sh
# SPDX-License-Identifier: CC0-1.0
# test/run.sh: the whole test suite, run by `make test`, on every target in
# targets/ (or those in $TARGETS): natively for amd64 and x86, under qemu-user
# for the others. Every step prints PASS or FAIL; a step that cannot run is a
# FAIL, never a skip. Exit status 1 if anything failed. What exists comes from
# tools/describe.py, the one reader of the description files. The targets run
# side by side, $JOBS at a time (default: the number of CPUs);
# `test/run.sh --check` (`make check`) runs this machine's target only,
# natively (check_steps: what a package build checks, in minutes);
# `test/run.sh --target LANE` runs one lane's steps alone (a target T, T-more:
# the target's steps that build on their own, own-NAME: an implementation's
# own checks, or common-steps),
# `test/run.sh --only FUNCTION ARGS...` one step (e.g. --only clang_suite
# arm64 53), with its log.
set -u
top=$(cd "$(dirname "$0")/.." && pwd)
cd "$top" || exit 1
case ${1:-} in
  ""|--check|--target|--only) ;;
  *) echo "usage: sh test/run.sh [--check | --target LANE | --only FUNCTION ARGS...]: '$1' is none of them" >&2
     exit 2 ;;
esac
# BUILDROOT (make's; default build/) holds everything the suite writes
build=${BUILDROOT:-$top/build}
case $build in /*) ;; *) build=$top/$build ;; esac
logs=$build/test-logs
root=$build/test
mkdir -p "$logs" "$root"
# d ARGS...: tools/describe.py's answer, kept in $logs/describe/ for the rest of the run
# (the tree does not change during one; a run of the suite, or of one step, starts afresh,
# its lanes share it); the key holds the arguments and POLY1305AES_MACHINE
dcache=$logs/describe
[ "${1:-}" = "--target" ] || rm -rf "$dcache"
mkdir -p "$dcache"
d() {
  d_key=$(printf '%s|' "${POLY1305AES_MACHINE:-}" "$@" | tr -c 'A-Za-z0-9._-' '_')
  if [ -f "$dcache/$d_key" ]; then
    cat "$dcache/$d_key"
    return 0
  fi
  d_out=$(python3 -m tools.describe "$@") || { d_status=$?; [ -z "$d_out" ] || printf '%s\n' "$d_out"; return $d_status; }
  [ -z "$d_out" ] || printf '%s\n' "$d_out" > "$dcache/$d_key.$$" || return 1
  [ -n "$d_out" ] || : > "$dcache/$d_key.$$" || return 1
  mv "$dcache/$d_key.$$" "$dcache/$d_key"
  [ -z "$d_out" ] || printf '%s\n' "$d_out"
}
targets=${TARGETS:-$(d targets)}
host=$(d host 2>/dev/null) || host=none
passed=0
failed=0
failures=""
notes=""
one=""
if [ "${1:-}" = "--target" ]; then one=${2:?}; fi
# test (make test) or check (make check), passed to the lanes
RUN_SH_SUITE=${RUN_SH_SUITE:-test}
if [ "${1:-}" = "--check" ]; then RUN_SH_SUITE=check; fi
export RUN_SH_SUITE
only=""
if [ "${1:-}" = "--only" ]; then only=${2:?}; shift 2; fi

# cpu_now: cpu_used = the CPU seconds (user and system) this shell's finished children
# have used so far (times runs in this shell: in a command substitution it would see none)
cpu_now() {
  times > "$logs/.times.$$"
  cpu_used=$(awk 'NR == 2 { split($1, u, "m"); split($2, s, "m"); printf "%d\n", u[1] * 60 + u[2] + s[1] * 60 + s[2] }' \
    "$logs/.times.$$")
  rm -f "$logs/.times.$$"
}

# step NAME COMMAND...: run, log, report with its wall and CPU seconds (its variables
# are step_*: the steps' own functions use name, log and start)
step() {
  step_name=$1
  shift
  step_log=$logs/$(echo "$step_name" | tr ' /' '__').log
  step_start=$(date +%s)
  cpu_now
  step_cpu=$cpu_used
  if "$@" >"$step_log" 2>&1; then
    passed=$((passed + 1))
    cpu_now
    echo "PASS $step_name ($(($(date +%s) - step_start))s, CPU $((cpu_used - step_cpu))s)"
  else
    failed=$((failed + 1))
    failures="$failures
  $step_name"
    echo "FAIL $step_name (log: $step_log)"
    grep -E '^FAIL|rror|FAILS' "$step_log" | head -15 | sed 's/^/    /'
    [ -n "$(grep -E '^FAIL|rror|FAILS' "$step_log" | head -1)" ] || tail -15 "$step_log" | sed 's/^/    /'
  fi
  grep '^NOTE' "$step_log" | sed 's/^/    /'
  notes="$notes$(grep '^NOTE' "$step_log" | sed 's/^/\n  /')"
}

# shown PATTERN COMMAND...: run the command, print the lines of its output that match
# PATTERN (an extended regular expression); return the command's exit status (a pipe into
# grep or tail would return theirs, and a failing program would pass)
shown() {
  shown_pattern=$1
  shift
  shown_out=$("$@" 2>&1)
  shown_status=$?
  printf '%s\n' "$shown_out" | grep -E "$shown_pattern"
  return $shown_status
}

# make AES=table: the selector admits the table-based AES designs too and
# installs the fastest candidate of all (test/policy.py checks the log)
select_table() {
  target=$1
  make -s AES=table TARGET="$target" BUILDROOT="$root" SELECT_ROUNDS=1 || return 1
  python3 -m test.policy "$root/$target/selection.log" table
}

# the selector on a target must pass every candidate that lists it, install
# one, and have checked every constant-time claim (valgrind natively, qemu's
# trace under an emulator); by default the one it installs runs constant-time
# code on this CPU, the fastest such, and it names any faster one left out
# (test/policy.py). It runs after select_table on the same build: a candidate
# whose programs, emulator or CPU and checking tools are the same takes that
# run's proof (--reuse-proofs: tools/selector.py fingerprints them)
select_all() {
  target=$1
  python3 -m tools.selector --target "$target" --root "$root" --rounds 1 --reuse-proofs || return 1
  select_log "$target"
}

# make DISTRO=1 (README "Packaging"), into a build root of its own (the timed
# selection's installation stays for the steps after): the target file's distro
# implementation, untimed, constant time on every path as claimed and proved
# (test/policy.py); the paths its constant-time check could not run here are timed
# (tools/timecheck.py, which notes those this CPU cannot run)
select_distro() {
  target=$1
  droot=$root-distro
  make -s DISTRO=1 TARGET="$target" BUILDROOT="$droot" || return 1
  python3 -m test.policy "$droot/$target/selection.log" distro "$target" > "$droot/$target/policy.txt"
  status=$?
  cat "$droot/$target/policy.txt"
  [ $status -eq 0 ] || return 1
  unchecked=$(sed -n 's/^unchecked //p' "$droot/$target/policy.txt")
  [ -z "$unchecked" ] || python3 -m tools.timecheck "$target" "$(d target "$target" distro)" $unchecked
}

# make check's one selection: make's default policy, as a user's make runs it;
# every candidate passed and its claims were checked (select_log)
select_default() {
  make -s TARGET="$1" BUILDROOT="$root" SELECT_ROUNDS=1 || return 1
  select_log "$1"
}

# the selection log of a target: every candidate passed, its claims checked
select_log() {
  target=$1
  log=$root/$target/selection.log
  python3 -m test.policy "$log" ct || return 1
  bad=$(grep -v ' result=ok ' "$log" | grep -v ' result=skipped ')
  [ -z "$bad" ] || { echo "FAIL candidates that did not pass:"; echo "$bad"; return 1; }
  for impl in $(d impls "$target"); do
    line=$(grep "^impl=$impl " "$log") && echo "$line" | grep -q ' result=ok ' ||
      { echo "FAIL $impl was not tested"; return 1; }
    if echo "$line" | grep -q "valgrind='not checked"; then
      echo "FAIL $impl: its constant-time claims were not checked"; return 1
    fi
    if echo "$line" | grep -q "valgrind='[^']* not run (no "; then
      echo "FAIL $impl: a constant-time check did not run: $(echo "$line" | sed "s/.*valgrind='//; s/'.*//")"; return 1
    fi
    case "$line" in
      *"this CPU cannot run"*) echo "NOTE $target: $impl: $(echo "$line" | sed 's/.*\(this CPU cannot run:[^;'"'"']*\).*/\1/') (not tested here)" ;;
    esac
  done
}

aes_kat() {
  target=$1
  out=$root/$target/aes-kat
  $(d target "$target" cc) $(d target "$target" cflags) -std=c99 -O2 -Wall -Wextra -Werror -Iaes \
    aes/kat.c aes/aes_ref.c -o "$out" $(d target "$target" ldflags) || return 1
  python3 -m aes.check $(d target "$target" run) "$out"
}

# the targets where an implementation uses common/vpaes.h's C rounds (one of
# its files, or a source it lists, includes common/vpaes.h for more than its
# tables: an assembly version, which takes only the tables, is checked
# through the implementation's paths by the test program)
uses_vpaes() {
  for impl in $(d impls "$1"); do
    dir=poly1305aes_$impl
    for f in "$dir"/* $(d impl "$impl" sources | sed "s|^|$dir/|"); do
      grep -qs '#include "vpaes.h"' "$f" && ! grep -qs 'define VPAES_TABLES_ONLY' "$f" && return 0
    done
  done
  return 1
}

# common/vpaes.h against the reference AES, built for the target, on random keys and blocks
vpaes_check() {
  target=$1
  out=$root/$target/vpaes-check
  $(d target "$target" cc) $(d target "$target" cflags) -std=c99 -O2 -Wall -Wextra -Werror -Iaes -Icommon -Itest \
    aes/vpaes_check.c aes/aes_ref.c test/util.c -o "$out" $(d target "$target" ldflags) || return 1
  $(d runner "$target") "$out"
}

# the README's example, compiled against a library and header in $2/lib and
# $2/include, static (to $3-static) or shared (to $3-shared): prints its output
example() {
  target=$1 prefix=$2 out=$3 how=$4
  awk '/^<!-- example: begin -->/{on=1; next} /^<!-- example: end -->/{on=0} on && !/^```/' README.md > "$out.c"
  [ -s "$out.c" ] || { echo "FAIL no example between the markers in README.md"; return 1; }
  if [ "$how" = static ]; then
    $(d target "$target" cc) $(d target "$target" cflags) -std=c99 -Wall -Wextra -Werror -I"$prefix/include" \
      "$out.c" "$prefix/lib/libpoly1305aes.a" -o "$out-static" $(d target "$target" ldflags) &&
      $(d runner "$target") "$out-static"
  else
    $(d target "$target" cc) $(d target "$target" cflags) -std=c99 -Wall -Wextra -Werror -I"$prefix/include" \
      "$out.c" -L"$prefix/lib" -lpoly1305aes -o "$out-shared" &&
      $(d runner "$target" "$prefix/lib") "$out-shared"
  fi
}

# the README's example against the installed library, static and shared, its tag checked with pycryptodome
readme_example() {
  target=$1
  want=$(python3 -m test.example_tag) || return 1
  for how in static shared; do
    got=$(example "$target" "$root/$target" "$root/$target/example" $how) || return 1
    echo "$how: $got (want tag $want)"
    case "$got" in *"tag $want"*) ;; *) echo "FAIL $how example"; return 1 ;; esac
  done
}

# the installable shared library of every candidate exports the generic API and
# nothing else, reads no environment, and has the soname README promises:
# Bernstein's three functions as POLY1305AES_1, version 1.1's as POLY1305AES_1.1,
# version 1.2's as POLY1305AES_1.2
EXPORTS="POLY1305AES_1.1@@POLY1305AES_1.1 POLY1305AES_1.2@@POLY1305AES_1.2 POLY1305AES_1@@POLY1305AES_1 \
poly1305aes_authenticate@@POLY1305AES_1 poly1305aes_authenticate_expanded@@POLY1305AES_1.2 \
poly1305aes_authenticate_many@@POLY1305AES_1.2 poly1305aes_clamp@@POLY1305AES_1 poly1305aes_final@@POLY1305AES_1.1 \
poly1305aes_final_verify@@POLY1305AES_1.1 poly1305aes_implementation_name@@POLY1305AES_1.1 \
poly1305aes_init@@POLY1305AES_1.1 poly1305aes_key_expand@@POLY1305AES_1.2 poly1305aes_key_wipe@@POLY1305AES_1.2 \
poly1305aes_onetimeauth@@POLY1305AES_1.1 poly1305aes_onetimeauth_init@@POLY1305AES_1.1 \
poly1305aes_onetimeauth_many@@POLY1305AES_1.2 poly1305aes_onetimeauth_verify@@POLY1305AES_1.1 \
poly1305aes_update@@POLY1305AES_1.1 poly1305aes_verify@@POLY1305AES_1 poly1305aes_verify_expanded@@POLY1305AES_1.2 \
poly1305aes_verify_many@@POLY1305AES_1.2 poly1305aes_version@@POLY1305AES_1.1 "
exports() {
  target=$1
  for impl in $(d streams "$target"); do
    so=$root/$target/impl/$impl/dist/lib/libpoly1305aes.so.1
    defined=$(llvm-nm -D --defined-only "$so" | awk '{print $3}' | sort | tr '\n' ' ') || return 1
    undefined=$(llvm-nm -D --undefined-only "$so" | awk '{print $2}' | tr '\n' ' ')
    soname=$(llvm-readobj --dynamic-table "$so" | sed -n 's/.*SONAME.*\[\(.*\)\].*/\1/p')
    echo "$impl: soname $soname; exports $defined; needs $undefined"
    [ "$soname" = libpoly1305aes.so.1 ] || { echo "FAIL $impl: soname $soname"; return 1; }
    [ "$defined" = "$EXPORTS" ] ||
      { echo "FAIL $impl: the shared library exports $defined"; return 1; }
    case " $undefined" in *getenv*) echo "FAIL $impl: the shared library reads the environment ($undefined)"; return 1 ;; esac
  done
}

# abidw's XML of a shared library's ABI (exported functions, their types,
# symbol versions), without paths or source lines; with the licence line as a
# comment inside the root element (abidiff reads it there)
abi_dump() {
  abidw --no-corpus-path --no-comp-dir-path --no-show-locs --drop-undefined-syms "$1" > "$2.tmp" &&
    sed '1a\  <!-- SPDX-License-Identifier: CC0-1.0 -->' "$2.tmp" > "$2" && rm "$2.tmp"
}

# the ABI of version 1.1 as committed data: test/abi/<target>.abi, abidw's dump of
# poly1305aes_53's library (abi_types TARGET --write writes it). Every
# implementation's shared library is dumped from its ABI-check copy (mk/impl.mk
# 'abidw': the same objects and link, common/api.c compiled with -g), which must
# export the very symbols, addresses, sizes and versions of the installed one and
# carry the type of every exported function; abidiff then finds no change but
# added functions, and those in a version node of their own (not one released)
abi_types() {
  target=$1
  base=test/abi/$target.abi
  shift
  write=no impls=""
  for arg in "$@"; do [ "$arg" = --write ] && write=yes || impls="$impls $arg"; done
  [ -n "$impls" ] || impls=$(d streams "$target")
  [ $write = yes ] && impls=53
  [ $write = yes ] || [ -f "$base" ] || { echo "FAIL no $base: write it with sh test/run.sh --only abi_types $target --write"; return 1; }
  for impl in $impls; do
    b=$root/$target/impl/$impl
    make -s -f mk/impl.mk TARGET="$target" IMPL="$impl" BUILDROOT="$root" abidw || return 1
    for lib in dist/lib abidw; do llvm-nm -D -S --defined-only "$b/$lib/libpoly1305aes.so.1" > "$b/abidw/exports.${lib%%/*}" || return 1; done
    cmp -s "$b/abidw/exports.dist" "$b/abidw/exports.abidw" ||
      { echo "FAIL $impl: the ABI-check copy exports other symbols than the installed library:"; diff "$b/abidw/exports.dist" "$b/abidw/exports.abidw"; return 1; }
    abi_dump "$b/abidw/libpoly1305aes.so.1" "$b/abidw/abi.xml" || return 1
    symbols=$(sed -n '/<elf-function-symbols>/,/<\/elf-function-symbols>/p' "$b/abidw/abi.xml" | grep -c '<elf-symbol ')
    typed=$(grep -c '<function-decl .*elf-symbol-id=' "$b/abidw/abi.xml")
    [ "$symbols" -gt 0 ] && [ "$typed" = "$symbols" ] ||
      { echo "FAIL $impl: $typed of $symbols exported functions have types in the ABI-check copy (no debug information?)"; return 1; }
    if [ $write = yes ]; then
      mkdir -p "$(dirname "$base")" && cp "$b/abidw/abi.xml" "$base" && echo "wrote $base from poly1305aes_$impl" && return 0
    fi
    echo "poly1305aes_$impl: $symbols exported functions, each with its type"
    abidiff "$base" "$b/abidw/abi.xml" > "$b/abidw/abidiff.out"
    all=$?
    abidiff --no-added-syms "$base" "$b/abidw/abi.xml" > "$b/abidw/abidiff.changed"
    changed=$?
    sed 's/^/  /' "$b/abidw/abidiff.out"
    [ $changed = 0 ] || { echo "FAIL $impl: abidiff $base: an ABI change (status $changed)"; return 1; }
    [ $all = 0 ] || [ $all = 4 ] || { echo "FAIL $impl: abidiff $base: status $all"; return 1; }
    grep '<elf-symbol ' "$b/abidw/abi.xml" | grep -vxF -f "$base" | sed -n "s/.*name='\([^']*\)' version='\([^']*\)'.*/\1 \2/p" |
      while read -r name node; do
        if grep -q "<elf-symbol .* version='$node'" "$base"; then
          echo "FAIL $impl: $name added to $node, a version node already released: give it a node of its own"; exit 1
        fi
        echo "  added: $name in the new version node $node"
      done || return 1
  done
}

# what differs between two builds a and b of one file: diffoscope's report where
# it is installed, else the archive's member list (times, owners, modes) and the
# members whose contents differ, or the differing bytes of the ELF sections
explain_difference() {
  if command -v diffoscope >/dev/null 2>&1; then
    diffoscope --text - "$1" "$2" | head -60
    return
  fi
  scratch=$root/explain && mkdir -p "$scratch" || return 1
  if ar t "$1" >/dev/null 2>&1; then
    ar tv "$1" > "$scratch/a" && ar tv "$2" > "$scratch/b" && diff "$scratch/a" "$scratch/b" | head -20
    for member in $(ar t "$1"); do
      [ "$(ar p "$1" "$member" | md5sum)" = "$(ar p "$2" "$member" | md5sum)" ] || echo "member $member differs"
    done
  else
    llvm-objdump -s "$1" | sed 1,2d > "$scratch/a" && llvm-objdump -s "$2" | sed 1,2d > "$scratch/b"
    diff "$scratch/a" "$scratch/b" | head -20
  fi
}

# reproducible builds: each implementation named, built again from the release
# tarball (make dist) unpacked in a directory of another name, with another
# BUILDROOT, umask, time zone and locale, at least a second later, gives the
# very bytes of the suite's build from the tree (the installable libraries,
# header, pkg-config file and command-line tool: mk/impl.mk's dist/)
reproducible() {
  target=$1
  shift
  again=$root/reproducible/$target
  rm -rf "$again" && mkdir -p "$again" || return 1
  make -s dist BUILDROOT="$again" > /dev/null || return 1
  src=$again/another-directory-name/poly1305aes
  mkdir -p "$src" && tar -xzf "$again"/poly1305aes-*.tar.gz -C "$src" --strip-components=1 || return 1
  for impl in "$@"; do
    first=$root/$target/impl/$impl/dist
    make -s -f mk/impl.mk TARGET="$target" IMPL="$impl" BUILDROOT="$root" dist || return 1
    sleep 1
    (umask 077 && cd "$src" && TZ=Asia/Kathmandu LC_ALL=C make -s -f mk/impl.mk TARGET="$target" IMPL="$impl" \
      BUILDROOT="$again/build" dist) > "$again/$impl.log" 2>&1 || { cat "$again/$impl.log"; return 1; }
    second=$again/build/$target/impl/$impl/dist
    files=$(cd "$first" && find . -type f | LC_ALL=C sort)
    [ "$files" = "$(cd "$second" && find . -type f | LC_ALL=C sort)" ] || { echo "FAIL $impl: the two builds made other files"; return 1; }
    for f in $files; do
      if ! cmp "$first/$f" "$second/$f"; then
        explain_difference "$first/$f" "$second/$f"
        echo "FAIL $impl: $f differs between two builds of the same source"
        return 1
      fi
    done
    echo "poly1305aes_$impl: built twice, the same bytes:" $files
  done
}

# a program built against one implementation installed into a prefix keeps
# running, with right tags, after each other implementation is installed there
# (make install of each candidate the selector built and proved, as if chosen)
abi_stable() {
  target=$1
  prefix=$root/$target-prefix
  sroot=$root/stable
  want=$(python3 -m test.example_tag) || return 1
  rm -rf "$prefix" "$sroot/$target"
  mkdir -p "$sroot/$target"
  first=""
  for impl in $(d streams "$target"); do
    ln -sfn "$root/$target/impl/$impl/dist" "$sroot/$target/installed"
    make -s install TARGET="$target" BUILDROOT="$sroot" PREFIX="$prefix" || return 1
    if [ -z "$first" ]; then
      first=$impl
      example "$target" "$prefix" "$root/$target/stable" shared || return 1
    fi
    got=$($(d runner "$target" "$prefix/lib") "$root/$target/stable-shared") || { echo "FAIL built against $first, did not run with $impl installed"; return 1; }
    echo "built against $first, run with $impl installed: $got"
    case "$got" in *"poly1305aes_$first: tag $want"*) ;; *) echo "FAIL wrong output"; return 1 ;; esac
  done
}

# the ABI harness under a target's second runner (targets/<t>/target 'alsorun'), on every path
abi_also() {
  $(d target "$1" alsorun) "$root/$1/impl/$2/abi"
}

# the self-test against the shared library, on the path the library picks by itself, under a
# CPU without the optional extensions (targets/<t>/target 'plainrun'): nothing it picks may need them
plain_choice() {
  env LD_LIBRARY_PATH="$root/$1/impl/$2/dist/lib" QEMU_LD_PREFIX="$(d target "$1" sysroot)" \
    $(d target "$1" plainrun) "$root/$1/impl/$2/test-shared" test/vectors.txt paper,chain,lengths
}

# the native target, as `make` takes it on a machine no target's host line names: the
# selector must pick target native and install a portable implementation built with cc
native_unknown_machine() {
  target=$(POLY1305AES_MACHINE=loongarch64 python3 -m tools.describe host) || return 1
  echo "a loongarch64 machine selects target: $target"
  [ "$target" = native ] || { echo "FAIL a machine no target names selects $target, not native"; return 1; }
  POLY1305AES_MACHINE=loongarch64 make -s BUILDROOT="$root" SELECT_ROUNDS=1 || return 1
  grep -q '^#define poly1305aes_implementation "poly1305aes_' "$root/native/include/poly1305aes.h" ||
    { echo "FAIL nothing installed for native"; return 1; }
  select_log native
}

# an implementation built with a VARIANT (san) passes the suite on every path, the
# message over 2^31 bytes too (the check the test program runs when named)
variant_suite() {
  make -s -f mk/impl.mk TARGET="$host" VARIANT="$1" IMPL="$2" BUILDROOT="$root" all &&
    "$root/$host-$1/impl/$2/test" test/vectors.txt &&
    shown '^(path|note|FAIL|PASS)' "$root/$host-$1/impl/$2/test" test/vectors.txt huge
}

# every implementation's threads check (test/test.c: four threads, each with its own
# keys, streams, expanded keys and batches, and one expanded key all use at once) under
# helgrind, on every path valgrind's CPU runs: no data race. Tags are the selection's to
# judge (valgrind's x87 computes in doubles); here helgrind's own count decides. The host's
# programs are linked dynamically, so helgrind sees pthread's synchronisation.
threads_helgrind() {
  for impl in $(d streams "$1"); do
    out=$(valgrind --tool=helgrind "$root/$1/impl/$impl/test" test/vectors.txt threads 2>&1)
    echo "$out" | grep -E '^path |Possible data race|Lock order' | head -20
    echo "$out" | grep -q 'ERROR SUMMARY: 0 errors' ||
      { echo "FAIL poly1305aes_$impl: helgrind: $(echo "$out" | grep 'ERROR SUMMARY' || echo 'no summary (did valgrind run?)')"; return 1; }
    echo "poly1305aes_$impl: no data race"
  done
}

# natively: more than 2^32 bytes streamed in pieces and in one update, and in one
# onetimeauth call, authenticate_many batch and authenticate_expanded call (test/test.c's
# checks, run when named: 2^32 bytes on x86 and x86-64, one call on x86-64), every
# implementation and path of a target run natively. Target native's implementations are
# portable ones; where this run's targets include the machine's own (its host line), one
# whose static library is byte for byte that target's runs in that target's step, on this
# CPU, and not twice (same_as_host)
huge_messages() {
  for impl in $(d streams "$1"); do
    echo "poly1305aes_$impl:"
    [ "$1" = native ] && same_as_host "$impl" && continue
    shown '^(path|note|FAIL|PASS)' "$root/$1/impl/$impl/test" test/vectors.txt huge,huge-stream,huge-onetime,huge-many ||
      return 1
  done
}

# native's static library of implementation $1 is byte for byte the one the host's target
# builds (built again here, in a root of its own: that target's lane may be building its
# own), and this run's steps include that target's; says so
same_as_host() {
  case " $(echo $targets) " in *" $host "*) ;; *) return 1 ;; esac
  [ "$host" != native ] && d streams "$host" | grep -qx "$1" || return 1
  twin=$root/native-twin/$host/impl/$1/libpoly1305aes_$1.a
  make -s -f mk/impl.mk TARGET="$host" IMPL="$1" BUILDROOT="$root/native-twin" "$twin" > /dev/null 2>&1 &&
    cmp -s "$twin" "$root/native/impl/$1/libpoly1305aes_$1.a" || return 1
  echo "  its static library is byte for byte $host's (built again and compared): $host's step of this run checks it"
}

# an implementation that refuses clang: the selector with CC=clang logs it failed and
# installs another candidate that passed
clang_refused() {
  target=$1 impl=$2 sroot=$root/clang-refused
  CC=clang python3 -m tools.selector --target "$target" --root "$sroot" --rounds 1 || return 1
  grep -q "^impl=$impl .*result=fails .*reason='build:" "$sroot/$target/selection.log" &&
    grep -q "poly1305aes refuses clang" "$sroot/$target/logs/$impl.log" ||
    { echo "FAIL the selector's logs do not say poly1305aes_$impl refused clang"; grep "^impl=$impl " "$sroot/$target/selection.log"; return 1; }
  installed=$(sed -n 's/^#define poly1305aes_implementation "\(.*\)"/\1/p' "$sroot/$target/include/poly1305aes.h")
  [ -n "$installed" ] && [ "$installed" != "poly1305aes_$impl" ] ||
    { echo "FAIL make CC=clang installed '$installed'"; return 1; }
  echo "make CC=clang TARGET=$target installs $installed instead"
}

# an implementation built with clang (for another CPU: clang --target=, mk/target.mk)
# passes the suite and the whole ABI and stack harness on every path, its stack
# wipes measured for clang (common/stack.h). Under an emulator the long chain
# stops at its first published digest, 10010 lines (long-chain-10010): every
# selection, CC=clang's too, runs all 123456
clang_suite() {
  target=$1 impl=$2 build_log=$root/$target-clang-$impl.build
  if ! make -s -f mk/impl.mk TARGET="$target" VARIANT=clang IMPL="$impl" BUILDROOT="$root" all > "$build_log" 2>&1; then
    cat "$build_log"
    # an implementation may refuse a compiler that miscompiles it, with one #error line
    # naming the compiler: then `make CC=clang` must fail that candidate and install another
    refusal=$(grep -o 'poly1305aes refuses clang[^"]*' "$build_log" | head -1)
    [ -n "$refusal" ] || return 1
    echo "poly1305aes_$impl: $refusal"
    clang_refused "$target" "$impl"
    return
  fi
  cat "$build_log"
  grep '^#define' "$root/$target-clang/impl/$impl/gen/stack_bytes.h" 2>/dev/null | sed 's/^/  /'
  if [ -n "$(d runner "$target")" ]; then
    shown '^(FAIL|PASS)' $(d runner "$target") "$root/$target-clang/impl/$impl/test" test/vectors.txt \
      -long-chain,long-chain-10010
  else   # natively, the whole chain and the message over 2^31 bytes too
    shown '^(FAIL|PASS)' "$root/$target-clang/impl/$impl/test" test/vectors.txt &&
      shown '^(FAIL|PASS)' "$root/$target-clang/impl/$impl/test" test/vectors.txt huge
  fi &&
    $(d runner "$target") "$root/$target-clang/impl/$impl/abi" > "$root/$target-clang/impl/$impl/abi.out" 2>&1
  status=$?
  grep -E '^(FAIL|ok abi (authenticate|verify)|PASS|path )' "$root/$target-clang/impl/$impl/abi.out" | head -40
  return $status
}

# the differential fuzzer over every implementation of a target that runs
# natively and every path it runs, a bounded run (FUZZ_SECONDS; `make fuzz`
# runs longer)
fuzz() {
  make -s -f mk/fuzz.mk TARGET="$1" BUILDROOT="$build" || return 1
  work=$root/fuzz-work-$1
  rm -rf "$work" && mkdir -p "$work/corpus" && cp "$build/$1-fuzz/seeds/"* "$work/corpus/" || return 1
  (cd "$work" && "$build/$1-fuzz/fuzz" -max_total_time="${FUZZ_SECONDS:-60}" -print_final_stats=1 corpus 2>&1 |
    grep -E 'ERROR|SUMMARY|Test unit|stat::number_of_executed_units|Done') || return 1
  ! ls "$work"/crash-* "$work"/leak-* "$work"/timeout-* >/dev/null 2>&1
}

# the fuzzer's inputs (its seeds: test/vectors.txt's adversarial cases and
# all-0xff messages) replayed on a target where libFuzzer cannot run, every
# implementation and path against the reference
# the sequence fuzzer (test/seqfuzz.py) on every implementation and path: the streaming
# calls, copies to other alignments and misuse against a model; the generic API's build
# adds NULL pointers. Natively 400 operations a path, under an emulator 120
seqfuzz() {
  steps=400
  [ -z "$(d runner "$1")" ] || steps=120
  for impl in $(d streams "$1"); do
    b=$root/$1/impl/$impl
    make -s -f mk/impl.mk TARGET="$1" IMPL="$impl" BUILDROOT="$root" "$b/seqfuzz" "$b/seqfuzz-generic" || return 1
    echo "poly1305aes_$impl:"
    python3 -m test.seqfuzz --run "$(d runner "$1")" --steps "$steps" "$b/seqfuzz" --generic "$b/seqfuzz-generic" ||
      return 1
  done
}
fuzz_replay() {
  make -s -f mk/fuzz.mk TARGET="$1" VARIANT= BUILDROOT="$root" replay || return 1
  $(d runner "$1") "$root/$1/replay" "$root/$1/seeds/"*
}

# deliberately broken candidates are reported and never installed: one with a
# wrong tag, one whose self-test hangs (caught by the selector's time limit,
# derived from the other candidates' self-tests: no POLY1305AES_STEP_SECONDS,
# and it must cost at most 300 s, well under the 900 s of a step never timed;
# while the others still compete and install). On target native, natively: the
# fewest real candidates to prove again (the selector's handling is the same on
# every target; the host's candidates are proved by its own selection)
broken_candidate() {
  broot=$root/broken bt=native
  rm -rf "$broot"
  start=$(date +%s)
  env -u POLY1305AES_STEP_SECONDS python3 -m tools.selector --target "$bt" --root "$broot" --rounds 1 \
    --extra test/broken --extra test/hang || true
  took=$(($(date +%s) - start))
  log=$broot/$bt/selection.log
  grep '^impl=hang ' "$log" | sed "s/.*reason=\('[^']*'\).*/hang: \1/"
  echo "the whole selection took $took s"
  # what the hung candidate cost: its limit, derived from another candidate's self-test
  limit=$(grep '^impl=hang ' "$log" | sed -n "s/.*timed out during self-test (limit \([0-9]*\) s: [0-9]* times the [0-9.]* s it took another candidate.*/\1/p")
  [ -n "$limit" ] || { echo "FAIL the hanging candidate's limit was not derived from another candidate's time"; return 1; }
  [ "$limit" -le 300 ] || { echo "FAIL the hanging candidate cost $limit s (at most 300)"; return 1; }
  grep '^impl=broken ' "$log" | grep -q ' result=fails ' || { echo "FAIL broken candidate not reported as failing"; return 1; }
  grep '^impl=hang ' "$log" | grep ' result=fails ' | grep -q "reason='timed out during self-test" ||
    { echo "FAIL hanging candidate not reported as timed out"; return 1; }
  grep -q '^#define poly1305aes_implementation "poly1305aes_\(broken\|hang\)"' "$broot/$bt/include/poly1305aes.h" &&
    { echo "FAIL a broken candidate was installed"; return 1; }
  grep -q ' chosen=yes' "$log" || { echo "FAIL nothing installed beside the broken candidates"; return 1; }
  before=$(readlink "$broot/$bt/installed")
  if python3 -m tools.selector --target "$bt" --root "$broot" --impl broken --extra test/broken; then
    echo "FAIL forcing the broken candidate succeeded"
    return 1
  fi
  [ "$(readlink "$broot/$bt/installed")" = "$before" ] || { echo "FAIL installation changed"; return 1; }
  echo "broken and hanging candidates rejected; the others installed; forcing broken changed nothing"
}

# two selections for one target at once both finish and leave one complete
# installation and no temporary files; a build directory that cannot be
# written gives one line and a non-zero exit
selector_robust() {
  sroot=$root/concurrent
  rm -rf "$sroot"
  impl=$(d impls "$host" | head -1)
  python3 -m tools.selector --target "$host" --root "$sroot" --rounds 1 --impl "$impl" > "$sroot.1" 2>&1 &
  first_pid=$!
  python3 -m tools.selector --target "$host" --root "$sroot" --rounds 1 --impl "$impl" > "$sroot.2" 2>&1
  two=$?
  wait $first_pid || { echo "FAIL the first of two concurrent selections:"; cat "$sroot.1"; return 1; }
  [ $two = 0 ] || { echo "FAIL the second of two concurrent selections:"; cat "$sroot.2"; return 1; }
  cat "$sroot.1" "$sroot.2" | grep -E 'waiting|installed'
  [ -f "$sroot/$host/lib/libpoly1305aes.a" ] && [ -f "$sroot/$host/lib/libpoly1305aes.so.1" ] &&
    [ -f "$sroot/$host/include/poly1305aes.h" ] || { echo "FAIL no complete installation after two concurrent selections"; return 1; }
  stray=$(ls -a "$sroot/$host" | grep '^\.installed-' | grep -v "^$(readlink "$sroot/$host/installed")\$")
  [ -z "$stray" ] || { echo "FAIL stray files: $stray"; return 1; }
  # a proof is reused only for the same programs: once as they are, then with the
  # self-test program changed by one byte appended (it still runs)
  python3 -m tools.selector --target "$host" --root "$sroot" --rounds 1 --impl "$impl" --reuse-proofs > "$sroot.3" 2>&1 ||
    { echo "FAIL a selection reusing proofs:"; cat "$sroot.3"; return 1; }
  grep -q 'proven by an earlier run' "$sroot.3" && grep -q ' proof=reused ' "$sroot/$host/selection.log" ||
    { echo "FAIL the same programs were proved again instead of reusing the earlier proof:"; cat "$sroot.3"; return 1; }
  printf x >> "$sroot/$host/impl/$impl/test"
  python3 -m tools.selector --target "$host" --root "$sroot" --rounds 1 --impl "$impl" --reuse-proofs > "$sroot.4" 2>&1 ||
    { echo "FAIL a selection after the self-test program changed:"; cat "$sroot.4"; return 1; }
  if grep -q 'proven by an earlier run' "$sroot.4" || grep -q ' proof=reused ' "$sroot/$host/selection.log" ||
    ! grep -q 'self-testing, passed' "$sroot.4"; then
    echo "FAIL a changed self-test program took the earlier proof:"; cat "$sroot.4"; return 1
  fi
  echo "a proof reused for the same programs, proved afresh for a changed one"
  ro=$root/readonly
  rm -rf "$ro" && mkdir -p "$ro" && chmod 555 "$ro"
  if [ "$(id -u)" = 0 ]; then   # root writes anywhere: run as nobody, with the system's Python
    as_user="setpriv --reuid=65534 --regid=65534 --clear-groups /usr/bin/python3"
  else
    as_user=python3
  fi
  $as_user -m tools.selector --target "$host" --root "$ro" --impl "$impl" > "$ro.out" 2>&1 &&
    { echo "FAIL a read-only build directory: exit status 0"; return 1; }
  cat "$ro.out"
  [ "$(wc -l < "$ro.out")" = 1 ] && grep -q '^selector: cannot write the build directory' "$ro.out" ||
    { echo "FAIL a read-only build directory did not give one clear line"; return 1; }
}

# the selector replaces, never follows, what it did not make at build/<target>/lib
# and include: a link to a directory elsewhere, a plain file (with CC=clang: the
# log and the installed header name the compiler)
selector_links() {
  sroot=$root/links
  rm -rf "$sroot" && mkdir -p "$sroot/$host" "$sroot/elsewhere/lib" || return 1
  echo keep > "$sroot/elsewhere/lib/sentinel"
  ln -s ../elsewhere/lib "$sroot/$host/lib"
  echo "not the selector's" > "$sroot/$host/include"
  CC=clang python3 -m tools.selector --target "$host" --root "$sroot" --rounds 1 --impl "$(d impls "$host" | sed -n 1p)" \
    > "$sroot.out" 2>&1 || { cat "$sroot.out"; return 1; }
  # (built with clang: the log and the installed header name it)
  grep -m1 -o "compiler='[^']*'" "$sroot/$host/selection.log"
  grep -q "compiler='clang " "$sroot/$host/selection.log" && grep -q 'compiled with$' "$sroot/$host/include/poly1305aes.h" &&
    grep -q '^   clang [0-9]' "$sroot/$host/include/poly1305aes.h" ||
    { echo "FAIL the log or the installed header does not name clang"; head -5 "$sroot/$host/include/poly1305aes.h"; return 1; }
  for part in lib include; do
    echo "$part -> $(readlink "$sroot/$host/$part")"
    [ "$(readlink "$sroot/$host/$part")" = "installed/$part" ] ||
      { echo "FAIL build/$host/$part is not the selector's link to installed/$part"; return 1; }
  done
  [ "$(ls -A "$sroot/elsewhere/lib")" = sentinel ] && [ "$(cat "$sroot/elsewhere/lib/sentinel")" = keep ] ||
    { echo "FAIL the selector wrote through the link into $sroot/elsewhere/lib: $(ls -A "$sroot/elsewhere/lib")"; return 1; }
  [ -f "$sroot/$host/lib/libpoly1305aes.so.1" ] && [ -f "$sroot/$host/include/poly1305aes.h" ] ||
    { echo "FAIL no installation through the new links"; return 1; }
  echo "a link elsewhere and a plain file were replaced; the directory elsewhere is untouched"
}

# run a command as an unprivileged user (nobody when the suite runs as root), with
# the system's Python first on PATH (root's own may live where nobody cannot read)
unprivileged() {
  if [ "$(id -u)" = 0 ]; then
    PATH=/usr/bin:/bin:$PATH setpriv --reuid=65534 --regid=65534 --clear-groups "$@"
  else
    "$@"
  fi
}

# a fake command first on PATH: NAME, then its shell body; it logs its arguments to $fake/NAME.calls
fake_command() {
  mkdir -p "$fake"
  { echo '#!/bin/sh'; echo "echo \"\$*\" >> '$fake/$1.calls'"; echo "$2"; } > "$fake/$1"
  chmod 755 "$fake/$1"
}

# make install with DESTDIR, PREFIX=/usr and Debian's multiarch LIBDIR; pkg-config
# then compiles and links the README example, which runs with the right tag;
# make uninstall leaves nothing
install_destdir() {
  dest=$root/destdir
  multiarch=$(gcc -print-multiarch) && [ -n "$multiarch" ] || { echo "FAIL gcc -print-multiarch"; return 1; }
  rm -rf "$dest" && mkdir -p "$dest" || return 1
  set -- TARGET="$host" BUILDROOT="$root" DESTDIR="$dest" PREFIX=/usr LIBDIR="/usr/lib/$multiarch"
  make -s install "$@" || return 1
  (cd "$dest" && find . | sort | sed 's/^/  /')
  pcdir=$dest/usr/lib/$multiarch/pkgconfig
  grep -x "libdir=\${prefix}/lib/$multiarch" "$pcdir/poly1305aes.pc" ||
    { echo "FAIL the pkg-config file's libdir:"; cat "$pcdir/poly1305aes.pc"; return 1; }
  flags=$(PKG_CONFIG_SYSROOT_DIR=$dest PKG_CONFIG_LIBDIR=$pcdir pkg-config --cflags --libs poly1305aes) || return 1
  echo "pkg-config --cflags --libs poly1305aes: $flags"
  want=$(python3 -m test.example_tag) || return 1
  awk '/^<!-- example: begin -->/{on=1; next} /^<!-- example: end -->/{on=0} on && !/^```/' README.md > "$root/pc-example.c"
  # shellcheck disable=SC2086
  gcc -std=c99 -Wall -Wextra -Werror "$root/pc-example.c" -o "$root/pc-example" $flags || return 1
  got=$(LD_LIBRARY_PATH=$dest/usr/lib/$multiarch "$root/pc-example") || return 1
  echo "the example linked through pkg-config: $got"
  case "$got" in *"tag $want"*) ;; *) echo "FAIL wrong output (want tag $want)"; return 1 ;; esac
  make -s uninstall "$@" || return 1
  [ -z "$(ls -A "$dest")" ] || { echo "FAIL make uninstall left:"; (cd "$dest" && find . | sort); return 1; }
  echo "make uninstall left $dest empty"
}

# without DESTDIR, into a directory the dynamic linker searches (a fake ldconfig
# lists the prefix), install runs ldconfig as root and prints the one line to run
# otherwise; elsewhere it says how programs find the library
install_ldconfig() {
  fake=$root/fake-ldconfig
  # a fake ldconfig names the prefix's lib as searched
  sys=$root/sysprefix
  rm -rf "$sys" "$fake" && mkdir -p "$sys/lib/pkgconfig" "$sys/include" && chown -R 65534:65534 "$sys" || return 1
  fake_command ldconfig "case \"\$*\" in *-N*) echo '$sys/lib: (from the fake ldconfig)';; esac"
  [ "$(id -u)" = 0 ] || { echo "FAIL this check installs as root: run the suite as root"; return 1; }
  out=$(PATH=$fake:$PATH make -s install TARGET="$host" BUILDROOT="$root" PREFIX="$sys") || return 1
  echo "$out"
  echo "$out" | grep -q '^ran ldconfig' && grep -qx '' "$fake/ldconfig.calls" ||
    { echo "FAIL install as root into a searched directory did not run ldconfig"; return 1; }
  PATH=$fake:$PATH make -s uninstall TARGET="$host" BUILDROOT="$root" PREFIX="$sys" || return 1
  : > "$fake/ldconfig.calls"
  out=$(PATH=$fake:$PATH unprivileged make -s install TARGET="$host" BUILDROOT="$root" PREFIX="$sys") || return 1
  echo "as nobody: $out"
  [ "$(echo "$out" | grep -c 'ldconfig')" = 1 ] && echo "$out" | grep -q 'run sudo ldconfig$' &&
    ! grep -qx '' "$fake/ldconfig.calls" || { echo "FAIL install as nobody: no one line saying to run ldconfig"; return 1; }
  PATH=$fake:$PATH unprivileged make -s uninstall TARGET="$host" BUILDROOT="$root" PREFIX="$sys" || return 1
  out=$(make -s install TARGET="$host" BUILDROOT="$root" PREFIX="$root/elsewhere-prefix") || return 1
  echo "$out" | grep -q 'LD_LIBRARY_PATH=' || { echo "FAIL no line on how programs find the library"; return 1; }
  make -s uninstall TARGET="$host" BUILDROOT="$root" PREFIX="$root/elsewhere-prefix" || return 1
  [ -z "$(find "$root/elsewhere-prefix" "$sys" ! -type d 2>/dev/null)" ] && [ ! -e "$root/elsewhere-prefix" ] ||
    { echo "FAIL uninstall left files"; find "$root/elsewhere-prefix" "$sys"; return 1; }
}

# the build honours CPPFLAGS, CFLAGS (after the project's -std=c99) and LDFLAGS;
# warnings are errors only with WERROR=1; make check runs the host's checks and
# make test the whole suite; a CC for another CPU picks its target
conventions_flags() {
  croot=$root/conventions
  rm -rf "$croot" && mkdir -p "$croot" || return 1
  printf '%s\n' '#if __STDC_VERSION__ == 201112L' \
    '__attribute__((used)) static const char conventions_marker[] = "CPPFLAGS seen, CFLAGS after -std=c99";' \
    '#endif' > "$croot/marker.h"
  echo '#warning "a warning planted by the suite"' > "$croot/warn.h"
  impl=$(d impls "$host" | sed -n 1p)
  make -s -f mk/impl.mk TARGET="$host" IMPL="$impl" BUILDROOT="$croot" WERROR= CPPFLAGS="-include $croot/marker.h" \
    CFLAGS="-std=gnu11 -gdwarf-4" LDFLAGS="-Wl,--build-id=0x5eedc0de" dist || return 1
  b=$croot/$host/impl/$impl
  grep -q 'CPPFLAGS seen, CFLAGS after -std=c99' "$b/obj/authenticate.o" || { echo "FAIL CPPFLAGS or CFLAGS ignored"; return 1; }
  llvm-readobj --sections "$b/obj/authenticate.o" | grep -q 'Name: .debug_info' || { echo "FAIL CFLAGS=-g ignored"; return 1; }
  llvm-readobj --notes "$b/dist/lib/libpoly1305aes.so.1" | grep -qi '5eedc0de' || { echo "FAIL LDFLAGS ignored"; return 1; }
  echo "CPPFLAGS, CFLAGS (after -std=c99) and LDFLAGS reach the objects and the shared library"
  make -s -f mk/impl.mk TARGET="$host" IMPL="$impl" BUILDROOT="$croot" WERROR= CPPFLAGS="-include $croot/warn.h" \
    "$b/obj/___common_clamp.o" > "$croot/warn.out" 2>&1 || { echo "FAIL a warning stopped the build without WERROR=1"; cat "$croot/warn.out"; return 1; }
  make -s -f mk/impl.mk TARGET="$host" IMPL="$impl" BUILDROOT="$croot" WERROR=1 CPPFLAGS="-include $croot/warn.h" \
    "$b/obj/___common_clamp.o" > "$croot/warn.out" 2>&1 && { echo "FAIL a warning did not stop the build with WERROR=1"; return 1; }
  echo "a warning: built without WERROR, stopped with WERROR=1"
  make -n check | grep -q 'test/run.sh --check' || { echo "FAIL make check does not run test/run.sh --check"; return 1; }
  make -n test | grep 'test/run.sh' | grep -vq -- '--check' || { echo "FAIL make test does not run the whole suite"; return 1; }
  for each in $(d targets); do   # (not $target: the caller's)
    cc=$(d target "$each" cc)
    # gcc and native's cc build for this machine: its own target, not theirs
    { [ "$cc" = gcc ] || [ "$each" = native ]; } && continue
    picked=$(make -n CC="$cc" IMPL=53 BUILDROOT="$croot" | sed -n "s/.*tools.selector --target '\([^']*\)'.*/\1/p")
    echo "make CC=$cc: TARGET=$picked"
    [ "$picked" = "$each" ] || { echo "FAIL CC=$cc picked TARGET=$picked"; return 1; }
  done
}

# the mistakes a new user makes each give one line (make's own closing line
# aside) that says what to do, and a non-zero exit
one_line_errors() {
  eroot=$root/errors
  rm -rf "$eroot" "$root/ro-prefix" && mkdir -p "$eroot" "$root/ro-prefix" || return 1
  other=$(for t in $(d targets); do [ "$t" != "$host" ] && [ "$t" != native ] && [ -z "$(d target "$t" run)" ] && echo "$t"; done | head -1)
  only_other=$(for i in $(d impls "$other"); do d impls "$host" | grep -x "$i" >/dev/null || echo "$i"; done | sed -n 1p)
  cross=$(d target arm64 cc)
  check_error() {   # WANT (a phrase of the line) COMMAND...
    want=$1
    shift
    if "$@" > "$eroot/out" 2>&1; then echo "FAIL exit status 0: $*"; return 1; fi
    lines=$(grep -v -e '^make: \*\*\*' -e '^make\[[0-9]*\]: ' "$eroot/out")
    echo "$*"
    echo "  -> $lines"
    [ "$(printf '%s\n' "$lines" | wc -l)" = 1 ] || { echo "FAIL not one line"; return 1; }
    case "$lines" in *"$want"*) ;; *) echo "FAIL the line does not say: $want"; return 1 ;; esac
  }
  check_error "TARGET=$other IMPL=$only_other" make -s IMPL="$only_other" BUILDROOT="$eroot" || return 1
  check_error "use IMPL= one of" make -s IMPL=bogus BUILDROOT="$eroot" || return 1
  check_error "use DISTRO=1" make -s DISTRO=yes BUILDROOT="$eroot" || return 1
  check_error "leave IMPL and AES unset" make -s DISTRO=1 IMPL=53 BUILDROOT="$eroot" || return 1
  check_error "use one of" make -s TARGET=bogus BUILDROOT="$eroot" || return 1
  check_error "use one of" make -s install TARGET=bogus BUILDROOT="$eroot" || return 1
  check_error "run make TARGET=$host first" make -s install BUILDROOT="$eroot" PREFIX="$eroot/p" || return 1
  check_error "give one that starts with /" make -s install BUILDROOT="$root" PREFIX=relative/dir || return 1
  check_error "run sudo make install, or give PREFIX=" unprivileged make -s install BUILDROOT="$root" PREFIX="$root/ro-prefix" || return 1
  check_error "give a compiler's name or path" make -s CC=no-such-cc BUILDROOT="$eroot" || return 1
  check_error "use TARGET=arm64" make -s CC="$cross" TARGET="$host" IMPL=53 BUILDROOT="$eroot" || return 1
  check_error "use TARGET=arm64" make -s -f mk/impl.mk CC="$cross" TARGET="$host" IMPL=53 BUILDROOT="$eroot" || return 1
  # an option the suite does not know stops it before it starts (the limit: in case it did start)
  check_error "'--help' is none of them" timeout 60 sh test/run.sh --help || return 1
}

# set-up survives a mirror caught mid-sync: with a fake apt-get first on PATH whose
# update fails, ensure-tools tries the update three times and installs from the
# indexes present; a failed install stops it with one line of its own
apt_mid_sync() {
  fake=$root/fake-apt
  rm -rf "$fake"
  fake_command apt-get 'case "$*" in *update*) echo "E: Failed to fetch http://deb.invalid/debian/dists/bookworm/main/binary-i386/Packages.xz  File has unexpected size (3049 != 3110). Mirror sync in progress?" >&2; exit 100;; esac
[ -z "${FAKE_INSTALL_FAILS:-}" ] || { echo "E: Unable to locate package $4" >&2; exit 100; }'
  fake_command sleep ':'
  fake_command id 'echo 0'
  PATH=$fake:$PATH sh tools/ensure-tools --install pkg-one pkg-two > "$fake/out" 2>&1 || { cat "$fake/out"; echo "FAIL install stopped"; return 1; }
  cat "$fake/out"
  sed 's/^/  apt-get /' "$fake/apt-get.calls"
  [ "$(grep -c update "$fake/apt-get.calls")" = 3 ] && grep -q 'install -y -qq pkg-one pkg-two' "$fake/apt-get.calls" ||
    { echo "FAIL not three updates then the install"; return 1; }
  grep -q 'installing from the package indexes present' "$fake/out" || { echo "FAIL no word on the failed update"; return 1; }
  if PATH=$fake:$PATH FAKE_INSTALL_FAILS=1 sh tools/ensure-tools --install pkg-one > "$fake/out" 2>"$fake/err"; then
    echo "FAIL a failed install did not stop ensure-tools"; return 1
  fi
  cat "$fake/err"
  [ "$(wc -l < "$fake/err")" = 1 ] && grep -q 'apt-get install pkg-one failed (E: Unable to locate package' "$fake/err" ||
    { echo "FAIL a failed install did not give its own one line"; return 1; }
}

# the tree's files: git ls-files in a git checkout, else (an unpacked release)
# every file but the build directory's, .git's and Python's caches
tree_files() {
  if git rev-parse --is-inside-work-tree >/dev/null 2>&1; then
    git ls-files
  else
    find . \( -path ./build -o -path ./.git -o -name __pycache__ \) -prune -o -type f ! -name '*.pyc' -print | sed 's|^\./||'
  fi
}

# make dist: the release tarball holds the tree's files but the dot paths (.ci/,
# .gitignore), under poly1305aes-VERSION/ (mk/version.mk), owner 0, one time for
# all, mode 0755 where the file is executable, else 0644; a second run a second
# later, under another umask, time zone and locale, gives the same bytes
dist_tarball() {
  out=$root/dist
  version=$(sed -n 's/^VERSION := //p' mk/version.mk)
  rm -rf "$out" && make -s dist BUILDROOT="$out/1" || return 1
  sleep 1
  (umask 077 && TZ=Asia/Kathmandu LC_ALL=C make -s dist BUILDROOT="$out/2") || return 1
  tarball=poly1305aes-$version.tar.gz
  cmp "$out/1/$tarball" "$out/2/$tarball" || { echo "FAIL two runs of make dist gave other bytes"; return 1; }
  tar --numeric-owner -tvzf "$out/1/$tarball" > "$out/listing" || return 1
  awk '$1 !~ /^d/ {print $1, $2, $6}' "$out/listing" > "$out/got"
  tree_files | grep -v -e '^\.' -e '/\.' | LC_ALL=C sort | while read -r f; do
    if [ -x "$f" ]; then mode=-rwxr-xr-x; else mode=-rw-r--r--; fi
    echo "$mode 0/0 poly1305aes-$version/$f"
  done > "$out/want"
  diff "$out/want" "$out/got" || { echo "FAIL $tarball: not the tree's files with owner 0/0 and modes 0644/0755 (< want, > got)"; return 1; }
  times=$(awk '{print $4, $5}' "$out/listing" | sort -u)
  [ "$(echo "$times" | wc -l)" = 1 ] || { echo "FAIL $tarball: its members carry more than one time:" $times; return 1; }
  echo "$tarball: $(wc -l < "$out/got") files, sorted, owner 0/0, all at $times; two runs, the same bytes"
}

# make check installs nothing, even as root with apt-get: with pycryptodome
# hidden (a Crypto package first on PYTHONPATH that fails to import), a fake
# apt-get and a fake id that says root, ensure-tools --check stops with one
# line naming the Debian package, and never runs apt-get
check_installs_nothing() {
  fake=$root/fake-check
  rm -rf "$fake"
  fake_command apt-get ':'
  fake_command id 'echo 0'
  mkdir -p "$fake/py/Crypto" && echo 'raise ImportError("hidden by the suite")' > "$fake/py/Crypto/__init__.py" || return 1
  if PATH=$fake:$PATH PYTHONPATH=$fake/py sh tools/ensure-tools --check "$host" > "$fake/out" 2>&1; then
    cat "$fake/out"; echo "FAIL ensure-tools --check passed with pycryptodome hidden"; return 1
  fi
  cat "$fake/out"
  [ ! -e "$fake/apt-get.calls" ] || { echo "FAIL ensure-tools --check ran apt-get $(cat "$fake/apt-get.calls")"; return 1; }
  [ "$(wc -l < "$fake/out")" = 1 ] && grep -q 'python3-pycryptodome' "$fake/out" ||
    { echo "FAIL not one line naming python3-pycryptodome"; return 1; }
}

# every source file carries the licence line (LICENSE); data (*.txt), prose
# (*.md) and LICENSE itself excepted
licence_lines() {
  files=$(tree_files) || return 1
  missing=$(printf '%s\n' "$files" | grep -v -e '\.txt$' -e '\.md$' -e '^LICENSE$' |
    while read -r f; do grep -q 'SPDX-License-Identifier: CC0-1.0' "$f" || echo "$f"; done)
  [ -z "$missing" ] || { echo "FAIL files without the line 'SPDX-License-Identifier: CC0-1.0':" $missing; return 1; }
  echo "every source file carries SPDX-License-Identifier: CC0-1.0"
}

# README.md is for users and stays short: at most 300 lines (results go to
# doc/results/, the longer text to doc/)
readme_length() {
  lines=$(wc -l < README.md) || return 1
  echo "README.md: $lines lines (at most 300)"
  [ "$lines" -le 300 ] || { echo "FAIL README.md has $lines lines, more than 300: move the detail to doc/"; return 1; }
}

# README.md's platform table is what tools/platforms.py derives from
# the results pages' blocks (doc/results/) and tools/platforms.txt: no figure typed by hand
readme_platforms() {
  python3 -m tools.platforms --check
}

# every commit after the one that added this function (found by its text in
# test/run.sh's history, so it survives merges and rebases) has a subject of
# at most 72 characters: `git log --oneline` stays readable; the detail goes
# in the body. Commits older than that one (by commit time) are left as they are
commit_subjects() {
  base=$(git log --reverse --format='%H %ct' -S'commit_subjects() {' -- test/run.sh | sed -n 1p)
  [ -n "$base" ] || { echo "FAIL the commit that added commit_subjects is not in the history (a shallow clone? git fetch --unshallow)"; return 1; }
  sha=${base% *} since=${base#* }
  long=$(git log --format='%ct %h %s' "$sha^..HEAD" |
    awk -v since="$since" '$1 >= since { sub(/^[0-9]+ /, ""); s = $0; sub(/^[^ ]+ /, "", s); if (length(s) > 72) print }')
  echo "commits from $sha on: $(git rev-list --count "$sha^..HEAD")"
  [ -z "$long" ] || { echo "FAIL commit subjects over 72 characters (put the detail in the body: git commit --amend, or git rebase -i):"; echo "$long" | sed "s/^/FAIL /"; return 1; }
  echo "every subject at most 72 characters"
}

# a target is its folder: no file but targets/ and the implementations' targets files
# lists every target (tools/targetlists.py); and in a copy of the tracked tree, a target
# added as a copy of targets/native under another name (a host line no machine has) and
# named in poly1305aes_53/targets and poly1305aes_ct/targets, nothing else edited, is one
# `make TARGET=<it>` selects, self-tests and installs
target_folder() {
  python3 -m tools.targetlists || return 1
  scratch=$(mktemp -d) || return 1
  new=added
  if git rev-parse --is-inside-work-tree >/dev/null 2>&1; then
    git ls-files -z | tar --null -T - -cf - | tar -xf - -C "$scratch"
  else
    tar --exclude=./build --exclude=./.git -cf - . | tar -xf - -C "$scratch"
  fi || { rm -rf "$scratch"; return 1; }
  cp -R "$scratch/targets/native" "$scratch/targets/$new" &&
    sed -e "s/^summary .*/summary a copy of native under another name (test\/run.sh target_folder)/" \
      -e '$a\
host no-such-machine' targets/native/target > "$scratch/targets/$new/target" &&
    echo "$new" >> "$scratch/poly1305aes_53/targets" && echo "$new" >> "$scratch/poly1305aes_ct/targets" ||
    { rm -rf "$scratch"; return 1; }
  (cd "$scratch" && python3 -m tools.describe targets | grep -x "$new" >/dev/null && python3 -m tools.describe target "$new" &&
    make -s TARGET="$new" BUILDROOT="$scratch/build" SELECT_ROUNDS=1) &&
    grep -q '^#define poly1305aes_implementation "poly1305aes_\(53\|ct\)"' "$scratch/build/$new/include/poly1305aes.h" &&
    [ -f "$scratch/build/$new/lib/libpoly1305aes.so.1" ] && grep -q "target=$new result=ok .*chosen=yes" "$scratch/build/$new/selection.log"
  result=$?
  [ $result = 0 ] || echo "FAIL make TARGET=$new in a copy of the tree with the target added did not select, self-test and install"
  cat "$scratch/build/$new/selection.log" 2>/dev/null
  rm -rf "$scratch"
  return $result
}

# the self-test's length sweeps (test/test.c's sweep_next) take every length up to
# SWEEP_EVERY and a sample past it: every threshold an implementation's thresholds file
# names must lie below SWEEP_EVERY, so that each switch point is crossed at every length,
# or be one check_near takes with its neighbours (its near32k lengths T - 1, T and T + 1)
sweep_bounds() {
  every=$(sed -n 's/^#define SWEEP_EVERY \([0-9]*\)u$/\1/p' test/test.c)
  near=$(sed -n 's/.*near32k\[\] = { *\([0-9, ]*\) *};.*/\1/p' test/test.c | tr -d ' ' | tr ',' ' ')
  [ -n "$every" ] && [ -n "$near" ] ||
    { echo "FAIL no '#define SWEEP_EVERY <bytes>u' or no near32k[] list in test/test.c"; return 1; }
  above=$(for impl in $(d impls); do
    d impl "$impl" thresholds | awk -v impl="$impl" -v every="$every" -v near=" $near " '
      $2 + 0 >= every + 0 && !(index(near, " " ($2 - 1) " ") && index(near, " " $2 " ") && index(near, " " ($2 + 1) " ")) {
        print "poly1305aes_" impl ": " $1 " " $2 }'
  done)
  [ -z "$above" ] || { echo "FAIL thresholds the self-test does not cross at every length (at or above SWEEP_EVERY, $every, and not in check_near's near32k with both neighbours): raise SWEEP_EVERY or add them to near32k in test/test.c:"; echo "$above"; return 1; }
  echo "every threshold of every implementation is below SWEEP_EVERY ($every bytes) or taken with its neighbours by check_near ($near)"
}

# commands an implementation lists in its 'checks' file (bound proofs, object checks)
impl_checks() {
  list=$(d impl "$1" checks)
  want=$(printf '%s\n' "$list" | grep -c .)
  ran=0
  # each command's stdin is /dev/null: one that read the list would end the loop early
  while read -r command; do
    [ -n "$command" ] || continue
    echo "\$ $command"
    sh -c "$command" < /dev/null || return 1
    ran=$((ran + 1))
  done <<EOF
$list
EOF
  [ "$ran" -eq "$want" ] || { echo "FAIL ran $ran of the $want commands of poly1305aes_$1/checks"; return 1; }
  echo "ran the $want commands of poly1305aes_$1/checks"
}

# the steps that belong to no target, run beside the targets' (--target common-steps)
common_steps() {
  step "every source file carries the licence line" licence_lines
  step "make dist: the tree's files, deterministic (two runs, the same bytes)" dist_tarball
  step "README.md is at most 300 lines" readme_length
  step "every path named in a comment exists; no Python file edits sys.path (tools/commentpaths.py)" python3 -m tools.commentpaths
  step "README.md's platform table is what the results pages' blocks give (tools/platforms.py)" readme_platforms
  if git rev-parse --git-dir >/dev/null 2>&1; then
    step "commit subjects at most 72 characters (commits after the check's own)" commit_subjects
  else
    echo "NOTE not a git checkout (a release tarball?): commit subjects not checked, there is no history"
    notes="$notes
  NOTE not a git checkout: commit subjects not checked"
  fi
  step "vectors regenerated and cross-checked with pycryptodome" python3 -m test.gen_vectors
  step "set-up survives a failed apt-get update (a fake apt-get)" apt_mid_sync
  step "make check installs nothing: a missing tool is one line naming its package" check_installs_nothing
  step "the vector-permute AES's tables derived and checked (aes/vpaes.py)" python3 -m aes.vpaes --check common/vpaes.h
  step "the self-test sweeps every length past each implementation's thresholds" sweep_bounds
  step "a target is its folder: no file lists every target; a copy of native added under another name is selected and installed" target_folder
}

# the implementations for these targets that list commands in a 'checks' file
# (one lane each, own-NAME)
checked_impls() {
  for each in "$@"; do d impls "$each"; done | sort -u | while read -r impl; do
    [ -z "$(d impl "$impl" checks)" ] || echo "$impl"
  done
}

# one target's steps: its selection and the steps that use its builds (the
# lane T); with --target, its counts, failures and notes go to
# $logs/<lane>.counts, .failures and .notes for the parent. make check
# (RUN_SH_SUITE=check) runs the host's lanes with one selection, make's
# default policy, and leaves out the steps marked test_only
target_steps() {
  target=$1
  mkdir -p "$root/$target"
  step "$target: AES reference known answers" aes_kat "$target"
  if uses_vpaes "$target"; then
    step "$target: the vector-permute AES against the reference" vpaes_check "$target"
  fi
  if [ "$RUN_SH_SUITE" = check ]; then
    step "$target: every implementation built, self-tested and checked on every path; make installs the fastest constant time here" select_default "$target"
  elif [ "$target" = native ]; then
    step "native: a machine no target names gets target native; every portable implementation built, self-tested, installed" native_unknown_machine
  else
    step "$target: every implementation built, self-tested and checked on every path; make AES=table installs the fastest, table-based AES admitted" select_table "$target"
    step "$target: by default the selector installs the fastest candidate constant time here (the same programs' proofs reused)" select_all "$target"
  fi
  if [ -z "$(d target "$target" run)" ] && [ "$target" != native ]; then
    test_only step "$target: make DISTRO=1 installs the distro implementation untimed, constant time on every path" select_distro "$target"
  fi
  step "$target: README example against the installed library" readme_example "$target"
  if [ -z "$(d runner "$target")" ] && [ "$target" != native ]; then
    test_only step "$target: every implementation built again elsewhere gives the same bytes (reproducible)" reproducible "$target" $(d streams "$target")
  fi
  if [ -z "$(d runner "$target")" ]; then
    test_only step "$target: messages over 2^32 bytes streamed and in one call, every implementation and path" huge_messages "$target"
  fi
  step "$target: sequences of streaming calls, copies and misuse against a model, every implementation and path" \
    seqfuzz "$target"
  step "$target: every shared library exports the generic API only (soname libpoly1305aes.so.1)" exports "$target"
  step "$target: the command-line tool installed beside the library (tags against pycryptodome, key files, exit codes, errors, README's example)" \
    python3 -m test.cli "$root/$target/installed/bin/poly1305aes" $(d runner "$target")
  test_only step "$target: every shared library keeps the 1.1 ABI, types included (abidiff, test/abi/$target.abi)" abi_types "$target"
  step "$target: a program keeps running as each implementation is installed into its prefix" abi_stable "$target"
  if [ -n "$(d target "$target" alsorun)" ]; then
    for impl in $(d streams "$target"); do
      step "$target: $impl ABI harness under $(d target "$target" alsorun)" abi_also "$target" "$impl"
    done
  fi
  if [ -n "$(d target "$target" plainrun)" ]; then
    for impl in $(d streams "$target"); do
      step "$target: $impl's own choice of path runs under $(d target "$target" plainrun)" plain_choice "$target" "$impl"
    done
  fi
  if [ "$target" = "$host" ]; then
    step "$target: threads (expanded keys shared and not, batches, streams) under helgrind: no data race, every implementation and path" \
      threads_helgrind "$target"
    step "$target: install, pkg-config and uninstall into a DESTDIR (PREFIX=/usr, multiarch LIBDIR)" install_destdir
    test_only step "$target: install as root into a searched directory runs ldconfig; as nobody, one line; elsewhere, LD_LIBRARY_PATH" install_ldconfig
    test_only step "$target: the obvious mistakes give one line that says what to do" one_line_errors
  fi
  # (the replay builds the selection's libraries again: this lane, after the selection)
  if [ -z "$(d target "$target" run)" ] && [ "$target" != native ] && [ "$RUN_SH_SUITE" = test ]; then
    :   # fuzzed instead (T-more)
  else
    step "$target: the fuzzer's inputs replayed on every implementation and path" fuzz_replay "$target"
  fi
}

# a target's steps that build on their own, beside its selection (the lane
# T-more): clang builds; on the host the sanitizers, the selector's own
# tests, the build conventions and the fuzzer
target_more_steps() {
  target=$1
  mkdir -p "$root/$target"
  for impl in $(d streams "$target"); do
    step "$target: $impl built with clang: self-test and the ABI and stack harness on every path" clang_suite "$target" "$impl"
  done
  [ "$RUN_SH_SUITE" = test ] || return 0
  if [ "$target" = "$host" ]; then
    for impl in $(d streams "$target"); do
      step "$target: $impl under AddressSanitizer and UndefinedBehaviorSanitizer" variant_suite san "$impl"
    done
    step "$target: broken and hanging candidates are reported and never installed" broken_candidate
    step "$target: concurrent selections, and a read-only build directory" selector_robust
    step "$target: the selector replaces links and files it did not make; CC=clang is named" selector_links
    step "$target: CPPFLAGS, CFLAGS, LDFLAGS, WERROR, make check and test, a CC for another CPU" conventions_flags
  fi
  if [ -z "$(d target "$target" run)" ] && [ "$target" != native ]; then
    step "$target: differential fuzzing of every implementation against the reference" fuzz "$target"
  fi
}

# test_only STEP...: a step make test runs and make check leaves out
test_only() {
  [ "$RUN_SH_SUITE" = check ] || "$@"
}

if [ -n "$only" ]; then
  step "$only $*" "$only" "$@"
  cat "$step_log"
  exit $failed
fi
case "$one" in
  '') ;;
  common-steps) common_steps ;;
  own-*) step "${one#own-}: own checks" impl_checks "${one#own-}" ;;
  *-more) target_more_steps "${one%-more}" ;;
  *) target_steps "$one" ;;
esac
if [ -n "$one" ]; then
  printf '%s\n' "$failures" | sed '/^$/d' > "$logs/$one.failures"
  printf '%s\n' "$notes" | sed '/^$/d' > "$logs/$one.notes"
  echo "$passed $failed" > "$logs/$one.counts"
  cpu_now
  echo "$cpu_used" > "$logs/$one.cpu"
  exit 0
fi

suite_start=$(date +%s)
if [ "$RUN_SH_SUITE" = check ]; then
  [ "$host" != none ] || { echo "make check: tools/describe.py names no target for this machine"; exit 1; }
  targets=$host
  echo "poly1305aes check: target $host, natively, ${JOBS:=$(nproc 2>/dev/null || echo 1)} at a time (make test: every target)"
  step "tools (nothing installed)" sh tools/ensure-tools --check $host
  [ $failed = 0 ] || { echo "check: stopped: a tool is missing (the line above names its package)"; exit 1; }
  lanes="$host $host-more $(checked_impls "$host" | sed 's/^/own-/')"
else
  echo "poly1305aes test suite: targets $(echo $targets), ${JOBS:=$(nproc 2>/dev/null || echo 1)} at a time"
  step "tools" sh tools/ensure-tools --test $targets
  # the lanes, the longest first as the last run timed them ($logs/LANE.seconds), then
  # in this order: the host's steps that build on their own (sanitizers, the
  # selector's own tests, the fuzzer), the steps of no target (a selection in a copy
  # of the tree among them), each target's two lanes, the targets more
  # implementations list first (more candidates to prove, with clang too), the
  # implementations' own checks last
  lanes=$({
    for target in $(echo "$targets" | tr ' ' '\n' | grep -x "$host"); do echo "$target-more"; done
    echo common-steps
    by_impls=$(for target in $targets; do echo "$(d impls "$target" | wc -w) $target"; done | sort -k1,1nr -k2,2 | cut -d' ' -f2)
    for target in $by_impls; do echo "$target"; [ "$target" = "$host" ] || echo "$target-more"; done
    checked_impls $targets | sed 's/^/own-/'
  } | while read -r lane; do echo "$(cat "$logs/$lane.seconds" 2>/dev/null || echo 0) $lane"; done |
    sort -s -k1,1nr | cut -d' ' -f2)
fi
for lane in $lanes; do rm -f "$logs/$lane.counts" "$logs/$lane.failures" "$logs/$lane.notes" "$logs/$lane.cpu"; done
# each lane $JOBS at a time, each timed for the next run's order (make check's
# lanes apart: LANE.check-seconds)
seconds=seconds
[ "$RUN_SH_SUITE" = test ] || seconds=check-seconds
printf '%s\n' $lanes |
  xargs -P "$JOBS" -I LANE sh -c 'start=$(date +%s); sh "$1" --target "$2"; echo $(($(date +%s) - start)) > "$3/$2.$4"' \
    sh "$top/test/run.sh" LANE "$logs" "$seconds"
for lane in $lanes; do
  [ -f "$logs/$lane.counts" ] || { failed=$((failed + 1)); failures="$failures
  $lane: its steps did not finish"; continue; }
  read -r p f < "$logs/$lane.counts"
  passed=$((passed + p))
  failed=$((failed + f))
  [ ! -s "$logs/$lane.failures" ] || failures="$failures
$(cat "$logs/$lane.failures")"
  [ ! -s "$logs/$lane.notes" ] || notes="$notes
$(cat "$logs/$lane.notes")"
done

took=$(($(date +%s) - suite_start))
cpu=$(for lane in $lanes; do cat "$logs/$lane.cpu" 2>/dev/null; done | awk '{ t += $1 } END { printf "%d\n", t }')
name="test suite"
[ "$RUN_SH_SUITE" = test ] || name=check
echo
[ -z "$notes" ] || echo "notes:$notes"
if [ $failed -ne 0 ]; then
  echo "$name: $((passed + failed)) steps in $((took / 60)) min $((took % 60)) s ($((cpu / 60)) min of CPU): $passed passed, $failed FAILED:$failures"
  echo "$RUN_SH_SUITE: $passed passed, $failed failed"
  exit 1
fi
echo "$name: all $passed steps passed in $((took / 60)) min $((took % 60)) s ($((cpu / 60)) min of CPU, $JOBS at a time)"
echo "$RUN_SH_SUITE: $passed passed, $failed failed"
