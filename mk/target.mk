# SPDX-License-Identifier: CC0-1.0
# The target's variables for mk/impl.mk and mk/fuzz.mk: CC (below), AR,
# TARGET_CFLAGS, TARGET_LDFLAGS, RUN (its emulator, empty when native) and
# IMPLS (the implementations building for it), from tools/describe.py, the one
# reader of the description files; BUILD, the target's output directory.
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
$(error this machine matches no target in targets/: give TARGET=name)
endif
ifeq ($(wildcard $(TOP)/targets/$(TARGET)/target),)
$(error unknown TARGET '$(TARGET)': the targets are $(patsubst $(TOP)/targets/%/target,%,$(wildcard $(TOP)/targets/*/target)))
endif
# the target's folder: its description (target), ABI harness (abi.S, abi.c), FP-mode code
# (fpmode.c) and cycle counter (cycles.c); HARNESS_DIR (below) says whose of the last four
TARGET_DIR := $(TOP)/targets/$(TARGET)

VARIANT ?=
BUILDROOT ?= $(TOP)/build
BUILD := $(BUILDROOT)/$(TARGET)$(if $(VARIANT),-$(VARIANT))

include $(BUILD)/target.mk
$(BUILD)/target.mk: $(TARGET_DIR)/target $(TOP)/tools/describe.py $(wildcard $(TOP)/poly1305aes_*/targets)
	@mkdir -p $(@D)
	@$(DESCRIBE) make $(TARGET) > $@.$$$$ && mv $@.$$$$ $@

# The compiler: the user's CC (command line or environment) when it builds for
# the target, clang given --target= for another CPU, the target's own compiler
# when CC is not given (tools/describe.py cc); a CC that cannot build for the
# target stops here with one line. VARIANT=clang and fuzz use clang.
USER_CC := $(if $(filter default,$(origin CC)),,$(CC))
ifneq ($(filter clang fuzz,$(VARIANT)),)
USER_CC := clang
endif
COMPILER := $(shell $(DESCRIBE) cc $(TARGET) '$(subst ','\'',$(USER_CC))')
ifeq ($(firstword $(COMPILER)),error:)
$(error $(wordlist 2,$(words $(COMPILER)),$(COMPILER)))
endif
# the folder of the ABI harness (abi.S, abi.c), FP-mode code (fpmode.c) and cycle counter
# (cycles.c): the target's own, or with 'harness same-cpu' (native) the folder of the
# target for the CPU the compiler builds for (tools/describe.py harness)
ifeq ($(TARGET_HARNESS),)
HARNESS_DIR := $(TARGET_DIR)
else
HARNESS_DIR := $(shell $(DESCRIBE) harness $(TARGET) '$(subst ','\'',$(USER_CC))')
endif
COMPILER_KIND := $(word 1,$(COMPILER))
COMPILER_VERSION := $(word 2,$(COMPILER))
override CC := $(wordlist 3,$(words $(COMPILER)),$(COMPILER))
ifeq ($(origin AR),default)
AR := $(TARGET_AR)
endif
# the target's flags for clang, where they differ from gcc's ('clangcflags')
ifeq ($(COMPILER_KIND)$(if $(TARGET_CLANG_CFLAGS),y),clangy)
TARGET_CFLAGS := $(TARGET_CLANG_CFLAGS)
endif
# warnings are errors only with WERROR=1 (make test and CI set it)
WARN := -Wall -Wextra $(if $(filter 1,$(WERROR)),-Werror)

ifeq ($(VARIANT),san)
VARIANT_CFLAGS := -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer -g -DPOLY1305AES_CHECKED
VARIANT_LDFLAGS := -fsanitize=address,undefined
else ifeq ($(VARIANT),clang)
else ifeq ($(VARIANT),fuzz)
VARIANT_CFLAGS := -fsanitize=fuzzer-no-link,address,undefined -fno-sanitize-recover=all -g -DPOLY1305AES_CHECKED
VARIANT_LDFLAGS := -fsanitize=address,undefined
else ifneq ($(VARIANT),)
$(error unknown VARIANT '$(VARIANT)': use san, clang or fuzz)
endif
