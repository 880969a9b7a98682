# SPDX-License-Identifier: CC0-1.0
# poly1305aes. `make` selects and installs into build/<target>/ the fastest
# implementation that passes its self-test; `make test` tests everything on
# every target. See README.md.
#   make [TARGET=amd64|x86|ppc32|sparc64|arm64|riscv64|armhf|native] [IMPL=name] [AES=table]
#                              select and install (native: the machine's own cc; the default
#                              where no target's host line names the machine; AES=table:
#                              table-based AES designs admitted too, README)
#   make test [TARGETS="..."]                           the whole test suite
#   make install [TARGET=...] PREFIX=/usr/local DESTDIR=  copy the installed result
#   make speed [TARGET=...]    speed tables (CSV, PNG) for every candidate
#   make bench [TARGET=...] [SWEEP=61] [BENCH_RUN="qemu-arm -cpu cortex-a15"]  installed
#                              implementation beside OpenSSL and libsodium (amd64, x86: rdtsc,
#                              speed/bench.sh; arm64, armhf, riscv64: instructions under qemu,
#                              BENCH_RUN another emulated CPU): a table, a sweep,
#                              build/<target>/bench.csv and bench.png
#   make fuzz [FUZZ_SECONDS=600]  differential fuzzing of every host implementation
#   make clean

TOP := $(abspath $(dir $(lastword $(MAKEFILE_LIST))))
PYTHON ?= python3
TARGET ?= $(shell $(PYTHON) $(TOP)/tools/describe.py host 2>/dev/null)
BUILDROOT ?= build
PREFIX ?= /usr/local
DESTDIR ?=
FUZZ_SECONDS ?= 600
INSTALLED := $(BUILDROOT)/$(TARGET)/installed

.PHONY: all test install speed bench fuzz clean
all:
	@sh tools/ensure-tools $(TARGET)
	@case "$(AES)" in ''|ct|table) ;; *) echo "make: AES=$(AES): use AES=table (admit the table-based AES designs) or leave AES unset (constant time only)" >&2; exit 2 ;; esac
	@$(PYTHON) tools/selector.py --target $(TARGET) --root $(BUILDROOT) $(if $(IMPL),--impl $(IMPL)) $(if $(AES),--aes $(AES)) $(if $(SELECT_ROUNDS),--rounds $(SELECT_ROUNDS))

test:
	@sh test/run.sh

# copies what the selector installed; each file lands under a temporary name
# and is renamed into place, so a program never sees a half-written library
install:
	@test -n "$(TARGET)" || { echo "make install: this machine matches no target; give TARGET=" >&2; exit 1; }
	@test -f $(INSTALLED)/lib/libpoly1305aes.so.1 || \
	  { echo "make install: nothing selected for $(TARGET) in $(BUILDROOT) yet; run make TARGET=$(TARGET) first" >&2; exit 1; }
	@set -e; lib=$(DESTDIR)$(PREFIX)/lib; inc=$(DESTDIR)$(PREFIX)/include; \
	  install -d $$lib/pkgconfig $$inc $(DESTDIR)$(PREFIX)/bin; \
	  for f in lib/libpoly1305aes.a lib/libpoly1305aes.so.1 lib/pkgconfig/poly1305aes.pc include/poly1305aes.h bin/poly1305aes; do \
	    to=$(DESTDIR)$(PREFIX)/$$f; \
	    install -m $$(case $$f in *.so.1|bin/*) echo 755;; *) echo 644;; esac) $(INSTALLED)/$$f $$to.tmp.$$$$; \
	    mv -f $$to.tmp.$$$$ $$to; \
	  done; \
	  ln -s libpoly1305aes.so.1 $$lib/.libpoly1305aes.so.tmp.$$$$ && mv -Tf $$lib/.libpoly1305aes.so.tmp.$$$$ $$lib/libpoly1305aes.so; \
	  echo "installed $$(sed -n 's/^#define poly1305aes_implementation "\(.*\)"/\1/p' $$inc/poly1305aes.h) for $(TARGET) into $(DESTDIR)$(PREFIX)"

fuzz:
	@sh tools/ensure-tools --test $(TARGET)
	@$(MAKE) -s -f mk/fuzz.mk
	@mkdir -p build/fuzz-corpus && cp -n build/$(TARGET)-fuzz/seeds/* build/fuzz-corpus/ 2>/dev/null; \
	  cd build/fuzz-corpus && ../$(TARGET)-fuzz/fuzz -max_total_time=$(FUZZ_SECONDS) -print_final_stats=1 .

# the installed implementation (selected first if need be) beside OpenSSL and
# libsodium for the same target: natively (amd64, x86) with rdtsc (speed/bench.sh:
# `build/<target>/bench`, then its sweep), under an emulator (arm64, armhf,
# riscv64) exact instruction counts (speed/peers.py); both write
# build/<target>/bench.csv and draw it (speed/plot.py) into build/<target>/bench.png
EMULATOR := $(if $(TARGET),$(shell $(PYTHON) $(TOP)/tools/describe.py target $(TARGET) run 2>/dev/null))
bench:
ifneq ($(EMULATOR),)
	@sh tools/ensure-tools $(TARGET)
	@$(PYTHON) speed/peers.py --target $(TARGET) $(if $(SWEEP),--sweep $(SWEEP)) $(if $(BENCH_RUN),--run "$(BENCH_RUN)")
else
	@SWEEP=$(SWEEP) sh speed/bench.sh $(TARGET)
endif

speed:
	@sh tools/ensure-tools $(TARGET)
	@$(PYTHON) speed/speed.py --target $(TARGET)

clean:
	rm -rf build
