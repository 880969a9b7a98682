# poly1305aes. `make` selects and installs into build/<target>/ the fastest
# implementation that passes its self-test; `make test` tests everything on
# every target. See README.md.
#   make [TARGET=amd64|x86|ppc32|sparc64] [IMPL=name]   select and install
#   make test [TARGETS="..."]                           the whole test suite
#   make install [TARGET=...] PREFIX=/usr/local DESTDIR=  copy the installed result
#   make speed [TARGET=...]    speed tables (CSV, PNG) for every candidate
#   make bench                 installed implementation beside OpenSSL and libsodium (x86-64)
#   make fuzz [FUZZ_SECONDS=600]  differential fuzzing of every host implementation
#   make clean

TOP := $(abspath $(dir $(lastword $(MAKEFILE_LIST))))
TARGET ?= $(shell sh $(TOP)/tools/hosttarget)
PREFIX ?= /usr/local
DESTDIR ?=
PYTHON ?= python3
FUZZ_SECONDS ?= 600

.PHONY: all test install speed bench fuzz clean
all:
	@sh tools/ensure-tools $(TARGET)
	@$(PYTHON) tools/selector.py --target $(TARGET) $(if $(IMPL),--impl $(IMPL))

test:
	@sh test/run.sh

install:
	@test -f build/$(TARGET)/installed/lib/libpoly1305aes.a || \
	  { echo "make install: nothing selected for $(TARGET) yet; run make$(if $(filter-out $(shell sh tools/hosttarget),$(TARGET)), TARGET=$(TARGET)) first" >&2; exit 1; }
	install -d $(DESTDIR)$(PREFIX)/lib/pkgconfig $(DESTDIR)$(PREFIX)/include
	install -m 644 build/$(TARGET)/installed/lib/libpoly1305aes.a $(DESTDIR)$(PREFIX)/lib/
	install -m 755 build/$(TARGET)/installed/lib/libpoly1305aes.so $(DESTDIR)$(PREFIX)/lib/libpoly1305aes.so.0
	ln -sf libpoly1305aes.so.0 $(DESTDIR)$(PREFIX)/lib/libpoly1305aes.so
	install -m 644 build/$(TARGET)/installed/include/*.h $(DESTDIR)$(PREFIX)/include/
	sed 's|^prefix=.*|prefix=$(PREFIX)|' build/$(TARGET)/installed/lib/pkgconfig/poly1305aes.pc \
	  > $(DESTDIR)$(PREFIX)/lib/pkgconfig/poly1305aes.pc

fuzz:
	@sh tools/ensure-tools --test $(TARGET)
	@$(MAKE) -s -f mk/fuzz.mk
	@mkdir -p build/fuzz-corpus && cp -n build/$(TARGET)-fuzz/seeds/* build/fuzz-corpus/ 2>/dev/null; \
	  cd build/fuzz-corpus && ../$(TARGET)-fuzz/fuzz -max_total_time=$(FUZZ_SECONDS) -print_final_stats=1 .

# the installed library (selected first if need be) beside OpenSSL and libsodium
bench:
	@test "$(TARGET)" = amd64 || { echo "make bench: the peers are x86-64 code; it runs for TARGET=amd64 only" >&2; exit 1; }
	@sh tools/ensure-tools --bench amd64
	@test -f build/amd64/installed/lib/libpoly1305aes.a || $(MAKE) --no-print-directory all
	@gcc -std=c99 -O2 -Wall -Wextra -Werror -D_DEFAULT_SOURCE -Ibuild/amd64/installed/include -Ispeed -Itest \
	  -Ipoly1305aes_amd64 -DPOLY1305AES_HEADER='"poly1305aes.h"' speed/bench.c speed/cycles.c test/util.c \
	  build/amd64/installed/lib/libpoly1305aes.a -lcrypto -lsodium -o build/amd64/bench
	build/amd64/bench

speed:
	@sh tools/ensure-tools $(TARGET)
	@$(PYTHON) speed/speed.py --target $(TARGET)

clean:
	rm -rf build
