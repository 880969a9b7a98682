# Build one implementation for one target, from its description files only.
#   make -f mk/impl.mk TARGET=amd64 IMPL=53 [VARIANT=san] [all|check|speedprobe]
# IMPLDIR may point at a directory outside the tree's poly1305aes_* set (the
# tests use this for a deliberately broken candidate); IMPL is then its name.
# Output: build/<target>[-variant]/impl/<name>/{include,gen,obj,pic}, the
# static and PIC archives, the shared test program (test, and test-pic linked
# from the PIC objects), the ABI harness (abi) and the speed probe. BUILDROOT
# moves build/ elsewhere.

TOP := $(abspath $(dir $(lastword $(MAKEFILE_LIST)))/..)
include $(TOP)/mk/target.mk

ifeq ($(IMPL),)
$(error IMPL is not set: name an implementation, e.g. IMPL=53)
endif
IMPLDIR ?= $(TOP)/poly1305aes_$(IMPL)
ifeq ($(wildcard $(IMPLDIR)/sources),)
$(error $(IMPLDIR) has no 'sources' file: not an implementation directory)
endif
ifeq ($(shell grep -qx '$(TARGET)' $(IMPLDIR)/targets 2>/dev/null && echo yes),)
$(error poly1305aes_$(IMPL) does not list target $(TARGET) in $(IMPLDIR)/targets)
endif

B := $(BUILD)/impl/$(IMPL)
NAME := poly1305aes_$(IMPL)

# description files: '#' starts a comment; cflags lines are "<target>|* flags"
desc = $(shell sed -e 's/\#.*//' -e '/^[[:space:]]*$$/d' $(IMPLDIR)/$(1) 2>/dev/null)
descfield = $(shell sed -n -e 's/\#.*//' -e 's/^$(2)[[:space:]][[:space:]]*//p' $(IMPLDIR)/$(1) 2>/dev/null)
SOURCES := $(call desc,sources)
IMPL_CFLAGS := $(shell sed -e 's/\#.*//' $(IMPLDIR)/cflags 2>/dev/null | \
  awk '$$1 == "*" || $$1 == "$(TARGET)" { $$1 = ""; print }')

TABLE_LAYOUT := $(call descfield,table,layout)
TABLE_FILE := $(call descfield,table,file)
TABLE_SYMBOL := $(call descfield,table,symbol)
TABLE_FORMAT := $(if $(filter %.c,$(TABLE_FILE)),c,asm)
GENERATED := $(if $(TABLE_FILE),$(B)/gen/$(TABLE_FILE))

WARN := -Wall -Wextra -Werror
IMPL_FLAGS := $(TARGET_CFLAGS) $(VARIANT_CFLAGS) -std=c99 -O2 $(WARN) $(IMPL_CFLAGS) \
  -I$(B)/include -I$(B)/gen -I$(IMPLDIR) -I$(TOP)/common \
  -DPOLY1305AES_IMPL=$(NAME) -DPOLY1305AES_HEADER='"$(NAME).h"' \
  -DPOLY1305AES_TARGET_$(TARGET)=1
TEST_FLAGS := $(TARGET_CFLAGS) $(VARIANT_CFLAGS) -std=c99 -O2 $(WARN) -D_DEFAULT_SOURCE \
  -I$(B)/include -I$(TOP)/test -I$(TOP)/aes -I$(TOP)/speed \
  -DPOLY1305AES_HEADER='"$(NAME).h"' -DPOLY1305AES_TARGET='"$(TARGET)"'

# one object per source; ../x/y.c becomes obj/__x_y.o so paths never collide
objname = $(subst /,_,$(subst ..,__,$(basename $(1)))).o
IMPL_SRCS := $(addprefix $(IMPLDIR)/,$(SOURCES)) $(if $(filter c,$(TABLE_FORMAT)),$(GENERATED))
OBJS := $(foreach s,$(SOURCES),$(B)/obj/$(call objname,$(s))) \
  $(if $(filter c,$(TABLE_FORMAT)),$(B)/obj/gen_$(basename $(TABLE_FILE)).o)
PICOBJS := $(subst /obj/,/pic/,$(OBJS))

TEST_SRCS := $(TOP)/test/test.c $(TOP)/test/ref.c $(TOP)/test/md5.c $(TOP)/test/fpmode.c \
  $(TOP)/test/util.c $(TOP)/aes/aes_ref.c
SPEED_SRCS := $(TOP)/speed/probe.c $(TOP)/speed/cycles.c $(TOP)/test/util.c

.PHONY: all check speedprobe
all: $(B)/lib$(NAME).a $(B)/lib$(NAME)_pic.a $(B)/test $(B)/abi $(B)/speed
speedprobe: $(B)/speed

check: $(B)/test $(B)/abi
	$(RUN) $(B)/test $(TOP)/test/vectors.txt
	$(RUN) $(B)/abi

$(B)/include/$(NAME).h: $(TOP)/common/impl.h.in
	@mkdir -p $(@D)
	sed 's/@IMPL@/$(IMPL)/g' $< > $@.tmp && mv $@.tmp $@

$(B)/gen/$(TABLE_FILE): $(TOP)/aes/gentable.py $(IMPLDIR)/table
	@mkdir -p $(@D)
	$(PYTHON) $(TOP)/aes/gentable.py --layout '$(TABLE_LAYOUT)' --format $(TABLE_FORMAT) \
	  $(if $(filter c,$(TABLE_FORMAT)),--symbol $(NAME)_$(TABLE_SYMBOL)) > $@.tmp && mv $@.tmp $@

# objects depend on the flags the implementation and the target declare
FLAG_FILES := $(wildcard $(IMPLDIR)/cflags) $(TOP)/targets/$(TARGET)
define compile_rule
$(B)/obj/$(call objname,$(1)): $(IMPLDIR)/$(1) $(B)/include/$(NAME).h $(GENERATED) $(FLAG_FILES)
	@mkdir -p $$(@D)
	$(CC) $(IMPL_FLAGS) -MMD -MP -c $$< -o $$@
$(B)/pic/$(call objname,$(1)): $(IMPLDIR)/$(1) $(B)/include/$(NAME).h $(GENERATED) $(FLAG_FILES)
	@mkdir -p $$(@D)
	$(CC) $(IMPL_FLAGS) -fPIC -DPOLY1305AES_PIC=1 -MMD -MP -c $$< -o $$@
endef
$(foreach s,$(SOURCES),$(eval $(call compile_rule,$(s))))

$(B)/obj/gen_%.o: $(B)/gen/%.c
	@mkdir -p $(@D)
	$(CC) $(IMPL_FLAGS) -c $< -o $@
$(B)/pic/gen_%.o: $(B)/gen/%.c
	@mkdir -p $(@D)
	$(CC) $(IMPL_FLAGS) -fPIC -c $< -o $@

$(B)/lib$(NAME).a: $(OBJS)
	rm -f $@ && $(AR) rcs $@ $^
$(B)/lib$(NAME)_pic.a: $(PICOBJS)
	rm -f $@ && $(AR) rcs $@ $^

$(B)/test: $(TEST_SRCS) $(B)/lib$(NAME).a $(B)/include/$(NAME).h $(wildcard $(TOP)/test/*.h $(TOP)/aes/*.h)
	$(CC) $(TEST_FLAGS) $(TEST_SRCS) $(B)/lib$(NAME).a -o $@ $(TARGET_LDFLAGS) $(VARIANT_LDFLAGS) -lpthread

# the same program linked from the position-independent objects of the shared library
$(B)/test-pic: $(TEST_SRCS) $(B)/lib$(NAME)_pic.a $(B)/include/$(NAME).h $(wildcard $(TOP)/test/*.h $(TOP)/aes/*.h)
	$(CC) $(TEST_FLAGS) $(TEST_SRCS) $(B)/lib$(NAME)_pic.a -o $@ $(TARGET_LDFLAGS) $(VARIANT_LDFLAGS) -lpthread

# the ABI and state harness: callee-saved registers, FPU modes and the caller's
# frame around authenticate and verify, from test/abi_<target>.S; selftest included
ABI_SRCS := $(TOP)/test/abi.c $(TOP)/test/abi_$(TARGET).S $(TOP)/test/ref.c $(TOP)/test/util.c $(TOP)/aes/aes_ref.c
$(B)/abi: $(ABI_SRCS) $(B)/lib$(NAME).a $(B)/include/$(NAME).h $(wildcard $(TOP)/test/*.h $(TOP)/aes/*.h)
	$(CC) $(TEST_FLAGS) $(ABI_SRCS) $(B)/lib$(NAME).a -o $@ $(TARGET_LDFLAGS) $(VARIANT_LDFLAGS)

# the constant-time check's program (run under valgrind by tools/ctcheck.py)
$(B)/ct: $(TOP)/test/ct.c $(TOP)/test/util.c $(B)/lib$(NAME).a $(B)/include/$(NAME).h
	$(CC) $(TEST_FLAGS) -g $(TOP)/test/ct.c $(TOP)/test/util.c $(B)/lib$(NAME).a -o $@ $(TARGET_LDFLAGS)

$(B)/speed: $(SPEED_SRCS) $(B)/lib$(NAME).a $(B)/include/$(NAME).h $(wildcard $(TOP)/speed/*.h)
	$(CC) $(TEST_FLAGS) $(SPEED_SRCS) $(B)/lib$(NAME).a -o $@ $(TARGET_LDFLAGS) $(VARIANT_LDFLAGS)

-include $(OBJS:.o=.d) $(PICOBJS:.o=.d)
