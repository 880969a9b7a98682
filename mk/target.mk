# SPDX-License-Identifier: CC0-1.0
# The target's variables for mk/impl.mk and mk/fuzz.mk: CC, AR, TARGET_CFLAGS,
# TARGET_LDFLAGS, RUN (its emulator, empty when native) and IMPLS (the
# implementations building for it), from tools/describe.py, the one reader of
# the description files; BUILD, the target's output directory.
# VARIANT=san builds with AddressSanitizer and UndefinedBehaviorSanitizer,
# VARIANT=clang with clang, VARIANT=fuzz with clang instrumented for
# libFuzzer (mk/fuzz.mk); all are for the host target only. san and fuzz
# define POLY1305AES_CHECKED: an implementation may then stop at once when a
# value leaves the range its proofs assume.

TOP ?= $(abspath $(dir $(lastword $(MAKEFILE_LIST)))/..)
PYTHON ?= python3
DESCRIBE := $(PYTHON) $(TOP)/tools/describe.py
TARGET ?= $(shell $(DESCRIBE) host)
ifeq ($(TARGET),)
$(error this machine matches no file in targets/: give TARGET=name)
endif
ifeq ($(wildcard $(TOP)/targets/$(TARGET)),)
$(error unknown TARGET '$(TARGET)': the targets are $(notdir $(wildcard $(TOP)/targets/*)))
endif

VARIANT ?=
BUILDROOT ?= $(TOP)/build
BUILD := $(BUILDROOT)/$(TARGET)$(if $(VARIANT),-$(VARIANT))

include $(BUILD)/target.mk
$(BUILD)/target.mk: $(TOP)/targets/$(TARGET) $(TOP)/tools/describe.py $(wildcard $(TOP)/poly1305aes_*/targets)
	@mkdir -p $(@D)
	@$(DESCRIBE) make $(TARGET) > $@.$$$$ && mv $@.$$$$ $@

# clang for the target: a cross compiler's prefix (i686-linux-gnu-gcc) is its --target
CLANG := clang$(if $(filter %-gcc,$(CC)), --target=$(patsubst %-gcc,%,$(CC)))

ifeq ($(VARIANT),san)
VARIANT_CFLAGS := -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer -g -DPOLY1305AES_CHECKED
VARIANT_LDFLAGS := -fsanitize=address,undefined
else ifeq ($(VARIANT),clang)
CC := $(CLANG)
else ifeq ($(VARIANT),fuzz)
CC := $(CLANG)
VARIANT_CFLAGS := -fsanitize=fuzzer-no-link,address,undefined -fno-sanitize-recover=all -g -DPOLY1305AES_CHECKED
VARIANT_LDFLAGS := -fsanitize=address,undefined
else ifneq ($(VARIANT),)
$(error unknown VARIANT '$(VARIANT)': use san, clang or fuzz)
endif
