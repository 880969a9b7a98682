# SPDX-License-Identifier: CC0-1.0
# poly1305aes. `make` selects and installs into build/<target>/ the fastest
# implementation that passes its self-test; `make test` tests everything on
# every target. See README.md.
#   make [TARGET=t] [IMPL=name] [AES=table] [DISTRO=1]
#                              select and install (t: a folder of targets/, python3 -m
#                              tools.describe targets; native: the machine's own cc, the default
#                              where no target's host line names the machine; AES=table:
#                              table-based AES designs admitted too; DISTRO=1: no timing, the
#                              target file's distro implementation, constant time on every
#                              path, for a package serving every CPU: README "Packaging")
#   make test [TARGETS="..."]  the whole test suite, every target (WERROR=1)
#   make check                 this machine's target only, natively, in minutes: every
#                              implementation and path, gcc and clang, constant time,
#                              the fuzzer's inputs, install into a DESTDIR (WERROR=1;
#                              installs no package: a missing tool is one line naming it)
#   make install [TARGET=...] [PREFIX=/usr/local] [LIBDIR=] [INCLUDEDIR=] [PKGCONFIGDIR=] [BINDIR=] [DESTDIR=]
#   make uninstall (the same variables)  remove what make install put there
#   Conventions: CC, CFLAGS, CPPFLAGS, LDFLAGS (after the project's flags), AR; a CC
#   for another CPU picks its TARGET (make CC=aarch64-linux-gnu-gcc: TARGET=arm64);
#   WERROR=1 makes warnings errors; lowercase prefix, libdir, includedir, pkgconfigdir
#   are taken too. See README.md ("Build, install, link").
#   make speed [TARGET=...]    speed tables (CSV, PNG) for every candidate
#   make bench [TARGET=...] [SWEEP=61] [BENCH_RUN="qemu-arm -cpu cortex-a15"]  installed
#                              implementation beside OpenSSL and libsodium (run natively: rdtsc,
#                              speed/bench.sh; under an emulator: instructions under qemu,
#                              BENCH_RUN another emulated CPU): a table, a sweep,
#                              build/<target>/bench.csv and bench.png; natively:
#                              BENCH_ARGS="onetime" (or "stream", "aead", "paths", ...) runs only
#                              build/<target>/bench BENCH_ARGS (speed/bench.c's modes)
#   make fuzz [FUZZ_SECONDS=600]  differential fuzzing of every host implementation
#   make dist                  build/poly1305aes-VERSION.tar.gz, the release (tools/dist.py;
#                              VERSION: mk/version.mk; BUILDROOT moves it)
#   make distcheck [DISTCHECK_CHECK="make check"]  the release unpacked afresh: built, checked,
#                              installed (DESTDIR) and packed again, its source tree left
#                              untouched (tools/distcheck)
#   make clean

TOP := $(abspath $(dir $(lastword $(MAKEFILE_LIST))))
include $(TOP)/mk/version.mk
PYTHON ?= python3
# the target: TARGET, else the one the user's CC builds for, else this machine's
USER_CC := $(if $(filter default,$(origin CC)),,$(CC))
ifeq ($(origin TARGET),undefined)
TARGET := $(shell $(PYTHON) $(TOP)/tools/describe.py $(if $(USER_CC),target-for '$(subst ','\'',$(USER_CC))',host) 2>/dev/null)
endif
ifeq ($(firstword $(TARGET)),error:)
$(error $(wordlist 2,$(words $(TARGET)),$(TARGET)))
endif
BUILDROOT ?= build
prefix ?= /usr/local
PREFIX ?= $(prefix)
libdir ?= $(PREFIX)/lib
LIBDIR ?= $(libdir)
includedir ?= $(PREFIX)/include
INCLUDEDIR ?= $(includedir)
pkgconfigdir ?= $(LIBDIR)/pkgconfig
PKGCONFIGDIR ?= $(pkgconfigdir)
bindir ?= $(PREFIX)/bin
BINDIR ?= $(bindir)
DESTDIR ?=
FUZZ_SECONDS ?= 600
INSTALL_ARGS = --target '$(TARGET)' --root '$(BUILDROOT)' --destdir '$(DESTDIR)' --prefix '$(PREFIX)' \
  --libdir '$(LIBDIR)' --includedir '$(INCLUDEDIR)' --pkgconfigdir '$(PKGCONFIGDIR)' --bindir '$(BINDIR)'

.PHONY: all test check install uninstall speed bench fuzz dist distcheck clean
all:
	@sh tools/ensure-tools $(TARGET)
	@case "$(AES)" in ''|ct|table) ;; *) echo "make: AES=$(AES): use AES=table (admit the table-based AES designs) or leave AES unset (constant time only)" >&2; exit 2 ;; esac
	@case "$(DISTRO)" in ''|1) ;; *) echo "make: DISTRO=$(DISTRO): use DISTRO=1 (the distribution pick, untimed) or leave DISTRO unset" >&2; exit 2 ;; esac
	@$(PYTHON) -m tools.selector --target '$(TARGET)' --root $(BUILDROOT) $(if $(IMPL),--impl $(IMPL)) $(if $(AES),--aes $(AES)) $(if $(DISTRO),--distro) $(if $(SELECT_ROUNDS),--rounds $(SELECT_ROUNDS))

test:
	@WERROR=1 sh test/run.sh

check:
	@WERROR=1 sh test/run.sh --check

# copies what the selector installed, one selection's files under the build
# directory's lock, each under a temporary name until all are there
# (tools/install.py); uninstall removes them
install uninstall:
	@$(PYTHON) -m tools.install $@ $(INSTALL_ARGS)

fuzz:
	@sh tools/ensure-tools --test $(TARGET)
	@$(MAKE) -s -f mk/fuzz.mk
	@mkdir -p build/fuzz-corpus && cp -n build/$(TARGET)-fuzz/seeds/* build/fuzz-corpus/ 2>/dev/null; \
	  cd build/fuzz-corpus && ../$(TARGET)-fuzz/fuzz -max_total_time=$(FUZZ_SECONDS) -print_final_stats=1 .

# the installed implementation (selected first if need be) beside OpenSSL and
# libsodium for the same target: natively (a target without a 'run' line here) with
# rdtsc (speed/bench.sh: `build/<target>/bench`, then its sweep), under its emulator
# (the target file's 'run') exact instruction counts (speed/peers.py); both write
# build/<target>/bench.csv and draw it (speed/plot.py) into build/<target>/bench.png
EMULATOR := $(if $(TARGET),$(shell $(PYTHON) $(TOP)/tools/describe.py target $(TARGET) run 2>/dev/null))
bench:
ifneq ($(EMULATOR),)
	@sh tools/ensure-tools $(TARGET)
	@$(PYTHON) -m speed.peers --target $(TARGET) $(if $(SWEEP),--sweep $(SWEEP)) $(if $(BENCH_RUN),--run "$(BENCH_RUN)")
else
	@SWEEP=$(SWEEP) sh speed/bench.sh $(TARGET) $(BENCH_ARGS)
endif

speed:
	@sh tools/ensure-tools $(TARGET)
	@$(PYTHON) -m speed.speed --target $(TARGET)

dist:
	@$(PYTHON) -m tools.dist --version '$(VERSION)' --out '$(BUILDROOT)'

distcheck: dist
	@sh tools/distcheck '$(BUILDROOT)/poly1305aes-$(VERSION).tar.gz'

clean:
	rm -rf build
