# SPDX-License-Identifier: CC0-1.0
# Build one implementation for one target, from its description files (read
# by tools/describe.py into $(B)/impl.mk).
#   make -f mk/impl.mk TARGET=amd64 IMPL=53 [VARIANT=san] [AES=table] [all|check|<file>]
# AES=table: where the implementation's 'table' file says 'flavour table', its
# table is generated and its sources are compiled with -DPOLY1305AES_AES_TABLE=1
# (their table-AES flavour; the default build has no table); elsewhere it changes nothing.
# IMPLDIR may point at a directory outside the tree's poly1305aes_* set (the
# tests use this for deliberately broken candidates); IMPL is then its name.
# Output, in B = build/<target>[-variant]/impl/<name>/ (BUILDROOT moves build/):
# CC, CFLAGS, CPPFLAGS and LDFLAGS come after the project's own flags (mk/target.mk
# picks the compiler); WERROR=1 makes warnings errors. A change of compiler or
# flags rebuilds everything (B/flags).
#   libpoly1305aes_<name>.a   the namespaced objects (the implementation's
#                             sources and the drivers of the version 1.1 and 1.2
#                             APIs, common/stream.c and common/many.c, which every
#                             implementation gets):
#                             the test programs, the fuzzer and the benchmarks
#                             link these
#   dist/                     what the selector installs (no VARIANT):
#     lib/libpoly1305aes.a, lib/libpoly1305aes.so.1 (soname; version script
#     common/poly1305aes.map: the generic API only), lib/libpoly1305aes.so,
#     lib/pkgconfig/poly1305aes.pc, include/poly1305aes.h, bin/poly1305aes
#     (the command-line tool, cli/poly1305aes.c, linked with the static library)
#   test, abi, speed          the shared test program, the ABI harness and the
#                             speed probe, linked with the namespaced library
#   harness/                  the test helpers that name no implementation, compiled
#                             once for every program that links them
#   test-shared               the test program linked with dist/'s shared library
#   ct                        the constant-time check's program (tools/ctcheck.py)
#   trace                     the same under qemu (tools/tracecheck.py): emulated targets, and the
#                             native ones with a 'trace' line
#   timing                    the constant-time check by timing, natively (tools/timecheck.py)
#   gen/thresholds.h          the implementation's thresholds file as macros (tools/describe.py)
#   gen/stack_bytes.h         the stack wipe sizes, measured (common/stack.h): the sources
#                             that name STACK_BYTES are built again in probe/ (and probe-pic/)
#                             with POLY1305AES_STACK_PROBE, the ABI harness's probe runs on
#                             them (test/abi.c --measure), tools/stackbytes.py writes it
#   seqfuzz, seqfuzz-generic  the sequence fuzzer's driver (test/seqfuzz.py), namespaced and
#                             against dist/'s static library
#   vexcheck                  the vector-state check, natively on x86 (tools/vexcheck.py)
#   abidw/libpoly1305aes.so.1 (make ... abidw) dist/'s shared library again, with the types of
#                             its exported functions (DWARF) for abidiff (test/run.sh, abi_types)

TOP := $(abspath $(dir $(lastword $(MAKEFILE_LIST)))/..)
.DEFAULT_GOAL := all
include $(TOP)/mk/version.mk
include $(TOP)/mk/target.mk

ifeq ($(IMPL),)
$(error IMPL is not set: name an implementation, e.g. IMPL=53)
endif
B := $(BUILD)/impl/$(IMPL)
NAME := poly1305aes_$(IMPL)
IMPLDIR ?= $(TOP)/poly1305aes_$(IMPL)
ifeq ($(wildcard $(IMPLDIR)/sources),)
$(error $(IMPLDIR) has no 'sources' file: not an implementation directory)
endif

include $(B)/impl.mk
$(B)/impl.mk: $(wildcard $(IMPLDIR)/*) $(TARGET_DIR)/target $(TOP)/tools/describe.py
	@mkdir -p $(@D)
	@$(DESCRIBE) make $(TARGET) $(IMPL) $(IMPLDIR) > $@.tmp && mv $@.tmp $@

# the table flavour (AES=table above): the default build of such an implementation has no table
ifneq ($(TABLE_FLAVOUR),)
ifeq ($(AES),table)
AES_FLAGS := -DPOLY1305AES_AES_TABLE=1
else
TABLE_FILE :=
endif
endif

GENERATED := $(if $(TABLE_FILE),$(B)/gen/$(TABLE_FILE)) \
  $(if $(wildcard $(IMPLDIR)/thresholds),$(B)/gen/thresholds.h)
TABLE_FORMAT := $(if $(filter %.c,$(TABLE_FILE)),c,asm)

IMPL_FLAGS := $(TARGET_CFLAGS) $(VARIANT_CFLAGS) -std=c99 -O2 $(WARN) $(IMPL_CFLAGS) \
  -I$(B)/include -I$(B)/gen -I$(IMPLDIR) -I$(TOP)/common \
  -DPOLY1305AES_IMPL=$(NAME) -DPOLY1305AES_HEADER='"$(NAME).h"' \
  -DPOLY1305AES_TARGET_$(TARGET)=1 -DPOLY1305AES_LIBRARY_VERSION='"$(VERSION)"' $(AES_FLAGS) $(CPPFLAGS) $(CFLAGS)
TEST_FLAGS := $(TARGET_CFLAGS) $(VARIANT_CFLAGS) -std=c99 -O2 $(WARN) -D_DEFAULT_SOURCE \
  -I$(B)/include -I$(TOP)/test -I$(TOP)/aes -I$(TOP)/common \
  -DPOLY1305AES_HEADER='"$(NAME).h"' -DPOLY1305AES_TARGET='"$(TARGET)"' \
  -DPOLY1305AES_TARGET_ABI='"$(HARNESS_DIR)/abi.c"' -DPOLY1305AES_VERSION_EXPECTED='"$(VERSION)"' $(CPPFLAGS) $(CFLAGS)

# the compiler, flags and version this build was made with: a change rebuilds everything
BUILD_SETTINGS := $(COMPILER_KIND) $(COMPILER_VERSION) | $(CC) | $(TARGET_CFLAGS) | $(AES_FLAGS) | $(CPPFLAGS) | $(CFLAGS) | $(LDFLAGS) | $(WARN) | $(VERSION)
ifneq ($(file < $(B)/flags),$(BUILD_SETTINGS))
$(shell mkdir -p $(B))
$(file > $(B)/flags,$(BUILD_SETTINGS))
endif

# the stack wipe sizes (common/stack.h): the sources that name STACK_BYTES are
# compiled once more for the probe; their real objects wait for its header. The
# sanitizer and fuzzing builds are never installed: their wipes only record
# (POLY1305AES_STACK_PROBE), and no probe runs.
PROBED := $(shell cd $(IMPLDIR) && grep -lw STACK_BYTES $(SOURCES) 2>/dev/null)
ifneq ($(filter san fuzz,$(VARIANT)),)
STACK_FLAGS := -DPOLY1305AES_STACK_PROBE
STACK_HEADER :=
else
STACK_FLAGS := -DPOLY1305AES_STACK_MEASURED
STACK_HEADER := $(if $(PROBED),$(B)/gen/stack_bytes.h)
endif

# one object per source; ../x/y.c becomes obj/__x_y.o so paths never collide
objname = $(subst /,_,$(subst ..,__,$(basename $(1)))).o
OBJS := $(foreach s,$(SOURCES),$(B)/obj/$(call objname,$(s))) \
  $(if $(filter c,$(TABLE_FORMAT)),$(B)/obj/gen_$(basename $(TABLE_FILE)).o) $(B)/obj/common_stream.o \
  $(B)/obj/common_many.o
PICOBJS := $(subst /obj/,/pic/,$(OBJS))

# the harness's helpers name no implementation: each is compiled once a build (harness/)
# and linked into every program below that uses it, in the order the sources were given
HARNESS_HELPERS := $(TOP)/test/ref.c $(TOP)/test/md5.c $(HARNESS_DIR)/fpmode.c $(TOP)/test/util.c \
  $(TOP)/aes/aes_ref.c $(TOP)/test/stackscan.c $(HARNESS_DIR)/cycles.c
helper_objs = $(foreach s,$(1),$(B)/harness/$(notdir $(basename $(s))).o)
TEST_SRCS := $(TOP)/test/test.c $(call helper_objs,$(TOP)/test/ref.c $(TOP)/test/md5.c $(HARNESS_DIR)/fpmode.c \
  $(TOP)/test/util.c $(TOP)/aes/aes_ref.c)
TEST_DEPS := $(wildcard $(TOP)/test/*.h $(TOP)/aes/*.h) $(TOP)/common/paths.h $(wildcard $(TOP)/targets/*/*.[chS]) \
  $(B)/flags
ABI_HELPERS := $(call helper_objs,$(TOP)/test/stackscan.c $(TOP)/test/ref.c $(TOP)/test/util.c $(TOP)/aes/aes_ref.c)
ABI_SRCS := $(TOP)/test/abi.c $(HARNESS_DIR)/abi.S $(ABI_HELPERS)
SPEED_SRCS := $(TOP)/speed/probe.c $(call helper_objs,$(HARNESS_DIR)/cycles.c $(TOP)/test/util.c)
DIST := $(B)/dist
DIST_FILES := $(DIST)/lib/libpoly1305aes.a $(DIST)/lib/libpoly1305aes.so.1 $(DIST)/lib/libpoly1305aes.so \
  $(DIST)/lib/pkgconfig/poly1305aes.pc $(DIST)/include/poly1305aes.h $(DIST)/bin/poly1305aes

.PHONY: all check dist abidw
all: $(B)/lib$(NAME).a $(B)/test $(B)/abi $(B)/speed $(if $(VARIANT),,dist $(B)/test-shared)
dist: $(DIST_FILES)

check: all
	$(RUN) $(B)/test $(TOP)/test/vectors.txt
	$(RUN) $(B)/abi
	$(shell $(DESCRIBE) runner $(TARGET) $(DIST)/lib) $(B)/test-shared $(TOP)/test/vectors.txt

# the namespaced header, with poly1305aes_state and poly1305aes_key copied in from the generic header (one definition)
$(B)/include/$(NAME).h: $(TOP)/common/impl.h.in $(TOP)/common/poly1305aes.h.in
	@mkdir -p $(@D)
	sed -n -e '/^#ifndef poly1305aes_state_defined/,/^#endif/p' -e '/^#ifndef poly1305aes_key_defined/,/^#endif/p' \
	  $(TOP)/common/poly1305aes.h.in > $@.state
	sed -e 's/@IMPL@/$(IMPL)/g' -e '/^@STATE@$$/{r $@.state' -e 'd' -e '}' $< > $@.tmp && rm $@.state && mv $@.tmp $@

# the implementation's measured thresholds (its 'thresholds' file) as macros
$(B)/gen/thresholds.h: $(IMPLDIR)/thresholds $(TOP)/tools/describe.py
	@mkdir -p $(@D)
	@$(DESCRIBE) thresholds $(IMPL) $(IMPLDIR) > $@.tmp && mv $@.tmp $@

$(B)/gen/$(TABLE_FILE): $(TOP)/aes/gentable.py $(IMPLDIR)/table
	@mkdir -p $(@D)
	$(PYTHON) $(TOP)/aes/gentable.py --layout '$(TABLE_LAYOUT)' --format $(TABLE_FORMAT) \
	  $(if $(filter c,$(TABLE_FORMAT)),--symbol $(NAME)_$(TABLE_SYMBOL)) > $@.tmp && mv $@.tmp $@

# objects depend on the flags the implementation and the target declare
FLAG_FILES := $(wildcard $(IMPLDIR)/cflags) $(TARGET_DIR)/target $(B)/flags
# probed (1: a source that names STACK_BYTES): its flags and the header it waits for
probed_flags = $(if $(filter $(1),$(PROBED)),$(STACK_FLAGS))
probed_header = $(if $(filter $(1),$(PROBED)),$(STACK_HEADER))
define compile_rule
$(B)/obj/$(call objname,$(1)): $(IMPLDIR)/$(1) $(B)/include/$(NAME).h $(GENERATED) $(FLAG_FILES) $(call probed_header,$(1))
	@mkdir -p $$(@D)
	$(CC) $(IMPL_FLAGS) $(call probed_flags,$(1)) -MMD -MP -c $$< -o $$@
$(B)/pic/$(call objname,$(1)): $(IMPLDIR)/$(1) $(B)/include/$(NAME).h $(GENERATED) $(FLAG_FILES) $(call probed_header,$(1))
	@mkdir -p $$(@D)
	$(CC) $(IMPL_FLAGS) $(call probed_flags,$(1)) -fPIC -DPOLY1305AES_PIC=1 -MMD -MP -c $$< -o $$@
$(B)/probe/$(call objname,$(1)): $(IMPLDIR)/$(1) $(B)/include/$(NAME).h $(GENERATED) $(FLAG_FILES)
	@mkdir -p $$(@D)
	$(CC) $(IMPL_FLAGS) -DPOLY1305AES_STACK_PROBE -MMD -MP -c $$< -o $$@
$(B)/probe-pic/$(call objname,$(1)): $(IMPLDIR)/$(1) $(B)/include/$(NAME).h $(GENERATED) $(FLAG_FILES)
	@mkdir -p $$(@D)
	$(CC) $(IMPL_FLAGS) -DPOLY1305AES_STACK_PROBE -fPIC -DPOLY1305AES_PIC=1 -MMD -MP -c $$< -o $$@
endef
$(foreach s,$(SOURCES),$(eval $(call compile_rule,$(s))))

# the drivers in every implementation: common/stream.c (the version 1.1 API) and
# common/many.c (version 1.2's many-message and expanded-key API)
$(B)/obj/common_%.o: $(TOP)/common/%.c $(B)/include/$(NAME).h $(FLAG_FILES)
	@mkdir -p $(@D)
	$(CC) $(IMPL_FLAGS) -MMD -MP -c $< -o $@
$(B)/pic/common_%.o: $(TOP)/common/%.c $(B)/include/$(NAME).h $(FLAG_FILES)
	@mkdir -p $(@D)
	$(CC) $(IMPL_FLAGS) -fPIC -DPOLY1305AES_PIC=1 -MMD -MP -c $< -o $@

$(B)/obj/gen_%.o: $(B)/gen/%.c
	@mkdir -p $(@D)
	$(CC) $(IMPL_FLAGS) -c $< -o $@
$(B)/pic/gen_%.o: $(B)/gen/%.c
	@mkdir -p $(@D)
	$(CC) $(IMPL_FLAGS) -fPIC -c $< -o $@

$(B)/lib$(NAME).a: $(OBJS)
	rm -f $@ && $(AR) rcsD $@ $^

# ---- the stack probe (common/stack.h): the library with the probed sources' probe
# objects, the ABI harness's probe linked with it, statically and (for the installed
# shared library's code) with the position-independent objects; then the header ----

PROBE_OBJS := $(foreach s,$(PROBED),$(B)/probe/$(call objname,$(s)))
PROBE_PICOBJS := $(subst /probe/,/probe-pic/,$(PROBE_OBJS))
PROBE_KINDS := probe $(if $(VARIANT),,probe-pic)
$(B)/probe/lib$(NAME).a: $(filter-out $(subst /probe/,/obj/,$(PROBE_OBJS)),$(OBJS)) $(PROBE_OBJS)
	@mkdir -p $(@D)
	rm -f $@ && $(AR) rcsD $@ $^
$(B)/probe-pic/lib$(NAME).a: $(filter-out $(subst /probe/,/pic/,$(PROBE_OBJS)),$(PICOBJS)) $(PROBE_PICOBJS)
	@mkdir -p $(@D)
	rm -f $@ && $(AR) rcsD $@ $^
# the probe's abi.c compiled once for both probes (its abi.S in each link, which then
# compiles a source: a link of objects alone would leave compile-only flags unused)
$(B)/harness/probe-abi.o: $(TOP)/test/abi.c $(B)/include/$(NAME).h $(TEST_DEPS)
	@mkdir -p $(@D)
	$(CC) $(TEST_FLAGS) -DPOLY1305AES_STACK_PROBE -c $< -o $@
$(B)/probe/abi $(B)/probe-pic/abi: $(B)/%/abi: $(B)/harness/probe-abi.o $(HARNESS_DIR)/abi.S $(ABI_HELPERS) \
  $(B)/%/lib$(NAME).a $(TEST_DEPS)
	$(CC) $(TEST_FLAGS) -DPOLY1305AES_STACK_PROBE $(B)/harness/probe-abi.o $(HARNESS_DIR)/abi.S $(ABI_HELPERS) \
	  $(B)/$*/lib$(NAME).a -o $@ $(TARGET_LDFLAGS) $(VARIANT_LDFLAGS) $(LDFLAGS)
$(B)/%/measured.txt: $(B)/%/abi
	$(RUN) $< --measure > $@.tmp || { cat $@.tmp; exit 1; }
	mv $@.tmp $@
$(B)/gen/stack_bytes.h: $(foreach k,$(PROBE_KINDS),$(B)/$(k)/measured.txt) $(TOP)/tools/stackbytes.py
	@mkdir -p $(@D)
	$(PYTHON) $(TOP)/tools/stackbytes.py '$(COMPILER_KIND) $(COMPILER_VERSION)' $(filter %.txt,$^) > $@.tmp && mv $@.tmp $@

# ---- the installable libraries: the generic API (common/api.c) beside the namespaced objects ----

$(DIST)/include/poly1305aes.h: $(TOP)/common/poly1305aes.h.in $(B)/flags $(TOP)/mk/impl.mk
	@mkdir -p $(@D)
	sed -e 's/@IMPL@/$(IMPL)/g' -e 's/@VERSION@/$(VERSION)/g' -e 's/@COMPILER@/$(COMPILER_KIND) $(COMPILER_VERSION)/g' $< > $@.tmp && mv $@.tmp $@
$(B)/obj/api.o: $(TOP)/common/api.c $(DIST)/include/poly1305aes.h $(B)/include/$(NAME).h
	$(CC) $(IMPL_FLAGS) -I$(DIST)/include -c $< -o $@
$(B)/pic/api.o: $(TOP)/common/api.c $(DIST)/include/poly1305aes.h $(B)/include/$(NAME).h
	@mkdir -p $(@D)
	$(CC) $(IMPL_FLAGS) -I$(DIST)/include -fPIC -c $< -o $@

$(DIST)/lib/libpoly1305aes.a: $(OBJS) $(B)/obj/api.o
	@mkdir -p $(@D)
	rm -f $@ && $(AR) rcsD $@ $^
# soname libpoly1305aes.so.1: every implementation exports the same functions (doc/DESIGN.md: "The ABI")
LINK_SHARED = $(CC) $(TARGET_CFLAGS) $(CFLAGS) -shared -o $@ -Wl,-soname,libpoly1305aes.so.1 \
  -Wl,--version-script=$(TOP)/common/poly1305aes.map -Wl,-z,text -Wl,-z,noexecstack -Wl,-z,defs \
  -Wl,-z,relro -Wl,-z,now $(filter %.o,$^) $(filter -l%,$(TARGET_LDFLAGS)) $(LDFLAGS)
$(DIST)/lib/libpoly1305aes.so.1: $(PICOBJS) $(B)/pic/api.o $(TOP)/common/poly1305aes.map
	@mkdir -p $(@D)
	$(LINK_SHARED)
$(DIST)/lib/libpoly1305aes.so: $(DIST)/lib/libpoly1305aes.so.1
	ln -sf libpoly1305aes.so.1 $@
# the ABI check's copy of the shared library (test/run.sh, abi_types): linked as the one
# above from the same objects, but with common/api.c, which alone defines the
# exported functions, compiled with -g, so that abidw reads their types; the
# installed library carries no debug information
$(B)/abidw/api.o: $(TOP)/common/api.c $(DIST)/include/poly1305aes.h $(B)/include/$(NAME).h
	@mkdir -p $(@D)
	$(CC) $(IMPL_FLAGS) -I$(DIST)/include -fPIC -g -ffile-prefix-map=$(TOP)/= -c $< -o $@
$(B)/abidw/libpoly1305aes.so.1: $(PICOBJS) $(B)/abidw/api.o $(TOP)/common/poly1305aes.map
	$(LINK_SHARED)
abidw: $(DIST)/lib/libpoly1305aes.so.1 $(B)/abidw/libpoly1305aes.so.1
# relocatable: the prefix is where the file lies (pkg-config's pcfiledir)
$(DIST)/lib/pkgconfig/poly1305aes.pc: $(TOP)/mk/impl.mk $(TOP)/mk/version.mk
	@mkdir -p $(@D)
	printf '%s\n' 'prefix=$${pcfiledir}/../..' 'libdir=$${prefix}/lib' 'includedir=$${prefix}/include' '' \
	  'Name: poly1305aes' 'Description: Poly1305-AES authenticators (implementation $(NAME))' \
	  'Version: $(VERSION)' 'Libs: -L$${libdir} -lpoly1305aes' 'Cflags: -I$${includedir}' > $@

# the command-line tool: the installed header and static library, as a user's program
$(DIST)/bin/poly1305aes: $(TOP)/cli/poly1305aes.c $(DIST)/lib/libpoly1305aes.a $(DIST)/include/poly1305aes.h
	@mkdir -p $(@D)
	$(CC) $(TARGET_CFLAGS) -std=c99 -O2 $(WARN) -I$(DIST)/include $< $(DIST)/lib/libpoly1305aes.a \
	  -o $@ $(TARGET_LDFLAGS)

# ---- programs ----

define helper_rule
$(call helper_objs,$(1)): $(1) $(TEST_DEPS)
	@mkdir -p $$(@D)
	$(CC) $(TEST_FLAGS) -c $$< -o $$@
endef
$(foreach s,$(HARNESS_HELPERS),$(eval $(call helper_rule,$(s))))

$(B)/test: $(TEST_SRCS) $(B)/lib$(NAME).a $(B)/include/$(NAME).h $(TEST_DEPS)
	$(CC) $(TEST_FLAGS) $(TEST_SRCS) $(B)/lib$(NAME).a -o $@ $(TARGET_LDFLAGS) $(VARIANT_LDFLAGS) $(LDFLAGS) -lpthread

# the same program against the installable shared library (the generic API, one
# path: the library's own choice), linked dynamically
$(B)/test-shared: $(TEST_SRCS) $(DIST_FILES) $(TEST_DEPS)
	$(CC) $(subst -DPOLY1305AES_HEADER='"$(NAME).h"',-DPOLY1305AES_HEADER='"poly1305aes.h"',$(TEST_FLAGS)) \
	  -I$(DIST)/include $(TEST_SRCS) -L$(DIST)/lib -lpoly1305aes -o $@ $(LDFLAGS) -lpthread

# the sequence fuzzer's driver (test/seqfuzz.py): with the namespaced library (every path
# forced in turn), and with the installed static library and header (the generic API)
$(B)/seqfuzz: $(TOP)/test/seqfuzz.c $(TOP)/test/util.c $(B)/lib$(NAME).a $(B)/include/$(NAME).h $(TEST_DEPS)
	$(CC) $(TEST_FLAGS) $(TOP)/test/seqfuzz.c $(TOP)/test/util.c $(B)/lib$(NAME).a -o $@ \
	  $(TARGET_LDFLAGS) $(VARIANT_LDFLAGS) $(LDFLAGS)
$(B)/seqfuzz-generic: $(TOP)/test/seqfuzz.c $(TOP)/test/util.c $(DIST_FILES) $(TEST_DEPS)
	$(CC) $(subst -DPOLY1305AES_HEADER='"$(NAME).h"',-DPOLY1305AES_HEADER='"poly1305aes.h"',$(TEST_FLAGS)) \
	  -I$(DIST)/include $(TOP)/test/seqfuzz.c $(TOP)/test/util.c $(DIST)/lib/libpoly1305aes.a -o $@ \
	  $(TARGET_LDFLAGS) $(LDFLAGS)

# the ABI and state harness: callee-saved registers, FPU modes and the caller's
# frame around authenticate and verify, from targets/<target>/abi.S; selftest included
$(B)/abi: $(ABI_SRCS) $(B)/lib$(NAME).a $(B)/include/$(NAME).h $(TEST_DEPS)
	$(CC) $(TEST_FLAGS) $(ABI_SRCS) $(B)/lib$(NAME).a -o $@ $(TARGET_LDFLAGS) $(VARIANT_LDFLAGS) $(LDFLAGS)

# the constant-time check's program (run under valgrind by tools/ctcheck.py; DWARF 4:
# valgrind 3.19 cannot read the DWARF 5 of clang 14)
$(B)/ct: $(TOP)/test/ct.c $(TOP)/test/ctcalls.c $(TOP)/test/leaky.c $(TOP)/test/util.c $(B)/lib$(NAME).a $(B)/include/$(NAME).h $(TEST_DEPS)
	$(CC) $(TEST_FLAGS) -gdwarf-4 $(TOP)/test/ct.c $(TOP)/test/ctcalls.c $(TOP)/test/leaky.c $(TOP)/test/util.c $(B)/lib$(NAME).a -o $@ $(TARGET_LDFLAGS) $(LDFLAGS)

# the constant-time check by timing on the real CPU (run by tools/timecheck.py)
$(B)/timing: $(TOP)/test/timing.c $(TOP)/test/util.c $(HARNESS_DIR)/cycles.c $(B)/lib$(NAME).a $(B)/include/$(NAME).h
	$(CC) $(TEST_FLAGS) $(TOP)/test/timing.c $(TOP)/test/util.c $(HARNESS_DIR)/cycles.c $(B)/lib$(NAME).a -o $@ \
	  $(TARGET_LDFLAGS) $(LDFLAGS) -lm

# the vector-state check's program (tools/vexcheck.py; x86 targets): static and
# not position-independent, so the addresses it prints are the ones objdump shows
$(B)/vexcheck: $(TOP)/test/vexcheck.c $(TOP)/test/ctcalls.c $(TOP)/test/util.c $(B)/lib$(NAME).a $(B)/include/$(NAME).h $(TEST_DEPS)
	$(CC) $(TEST_FLAGS) $(TOP)/test/vexcheck.c $(TOP)/test/ctcalls.c $(TOP)/test/util.c $(B)/lib$(NAME).a -o $@ -static

# the constant-time trace program (run under qemu with a plugin by tools/tracecheck.py): static,
# so that every run makes the same calls the same way (a dynamic program binds a call to the C
# library on its first use, and the harness's own calls decide which run binds where)
$(B)/trace: $(TOP)/test/trace.c $(TOP)/test/ctcalls.c $(TOP)/test/leaky.c $(TOP)/test/util.c $(B)/lib$(NAME).a $(B)/include/$(NAME).h $(TEST_DEPS)
	$(CC) $(TEST_FLAGS) $(TOP)/test/trace.c $(TOP)/test/ctcalls.c $(TOP)/test/leaky.c $(TOP)/test/util.c $(B)/lib$(NAME).a -o $@ $(TARGET_LDFLAGS) $(LDFLAGS) -static

# the speed probe: not position-independent (a static program is not; others are linked
# -no-pie), so that its functions run at the addresses of its symbol table, where
# speed/count.py looks for them
$(B)/speed: $(SPEED_SRCS) $(B)/lib$(NAME).a $(B)/include/$(NAME).h $(wildcard $(TOP)/speed/*.h) $(TEST_DEPS)
	$(CC) $(TEST_FLAGS) $(SPEED_SRCS) $(B)/lib$(NAME).a -o $@ $(TARGET_LDFLAGS) $(VARIANT_LDFLAGS) $(LDFLAGS) \
	  $(if $(filter -static,$(TARGET_LDFLAGS)),,-no-pie)

-include $(OBJS:.o=.d) $(PICOBJS:.o=.d) $(PROBE_OBJS:.o=.d) $(PROBE_PICOBJS:.o=.d)
