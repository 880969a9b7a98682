# SPDX-License-Identifier: CC0-1.0
# The differential fuzzer for the host: every implementation that lists the
# host target (IMPLS, from mk/target.mk), built with clang and instrumented
# (VARIANT=fuzz), linked into one libFuzzer program with the readable reference.
#   make -f mk/fuzz.mk      -> build/<host>-fuzz/fuzz and build/<host>-fuzz/seeds/
# With VARIANT= (empty) and any TARGET, the same inputs without libFuzzer:
#   make -f mk/fuzz.mk TARGET=arm64 VARIANT= replay -> build/arm64/replay (test/fuzz_replay.c)

TOP := $(abspath $(dir $(lastword $(MAKEFILE_LIST)))/..)
VARIANT ?= fuzz
.DEFAULT_GOAL := all
include $(TOP)/mk/target.mk

LIBS := $(foreach i,$(IMPLS),$(BUILD)/impl/$(i)/libpoly1305aes_$(i).a)

.PHONY: all replay $(LIBS)
all: $(BUILD)/fuzz $(BUILD)/seeds/.done
replay: $(BUILD)/replay $(BUILD)/seeds/.done

$(LIBS):
	$(MAKE) -s -f $(TOP)/mk/impl.mk TARGET=$(TARGET) VARIANT=$(VARIANT) IMPL=$(patsubst libpoly1305aes_%.a,%,$(notdir $@)) $@

# fuzz_impls.h: one entry per implementation, each through its namespaced header
$(BUILD)/fuzz_impls.h: $(TOP)/mk/fuzz.mk $(BUILD)/target.mk
	@mkdir -p $(@D)
	{ for i in $(IMPLS); do echo "#include \"poly1305aes_$$i.h\""; done; \
	  echo "static const struct { const char *name; void (*clamp)(unsigned char *);"; \
	  echo "  void (*authenticate)(unsigned char *, const unsigned char *, const unsigned char *, const unsigned char *, unsigned int);"; \
	  echo "  int (*verify)(const unsigned char *, const unsigned char *, const unsigned char *, const unsigned char *, unsigned int);"; \
	  echo "  const char *(*path_name)(unsigned int); int (*path_use)(unsigned int);"; \
	  echo "} fuzz_impls[] = {"; \
	  for i in $(IMPLS); do echo "  { \"$$i\", poly1305aes_$${i}_clamp, poly1305aes_$${i}_authenticate, poly1305aes_$${i}_verify,"; \
	    echo "    poly1305aes_$${i}_path_name, poly1305aes_$${i}_path_use },"; done; \
	  echo "};"; echo "#define FUZZ_COUNT (sizeof fuzz_impls / sizeof fuzz_impls[0])"; } > $@.tmp && mv $@.tmp $@

$(BUILD)/fuzz: $(TOP)/test/fuzz.c $(TOP)/test/ref.c $(HARNESS_DIR)/fpmode.c $(TOP)/aes/aes_ref.c $(BUILD)/fuzz_impls.h $(LIBS)
	$(CC) -std=c99 -O1 -g -Wall -Wextra -Werror -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=all \
	  -I$(BUILD) $(foreach i,$(IMPLS),-I$(BUILD)/impl/$(i)/include) -I$(TOP)/test -I$(TOP)/aes \
	  $(filter %.c,$^) $(LIBS) -o $@

$(BUILD)/replay: $(TOP)/test/fuzz.c $(TOP)/test/fuzz_replay.c $(TOP)/test/ref.c $(HARNESS_DIR)/fpmode.c $(TOP)/aes/aes_ref.c \
  $(BUILD)/fuzz_impls.h $(LIBS)
	$(CC) $(TARGET_CFLAGS) -std=c99 -O2 -Wall -Wextra -Werror -I$(BUILD) $(foreach i,$(IMPLS),-I$(BUILD)/impl/$(i)/include) \
	  -I$(TOP)/test -I$(TOP)/aes $(filter %.c,$^) $(LIBS) -o $@ $(TARGET_LDFLAGS)

$(BUILD)/seeds/.done: $(TOP)/test/fuzz_seeds.py $(TOP)/test/vectors.txt
	$(PYTHON) $(TOP)/test/fuzz_seeds.py $(@D) && touch $@
