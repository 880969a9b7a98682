# Read targets/$(TARGET) (default: this machine's) into CC, AR, TARGET_CFLAGS,
# TARGET_LDFLAGS and RUN; set BUILD, the target's output directory.
# VARIANT=san builds with AddressSanitizer and UndefinedBehaviorSanitizer,
# VARIANT=clang with clang, VARIANT=fuzz with clang instrumented for
# libFuzzer (mk/fuzz.mk); all are for the host target only. san and fuzz
# define POLY1305AES_CHECKED: an implementation may then stop at once when a
# value leaves the range its proofs assume.

TOP ?= $(abspath $(dir $(lastword $(MAKEFILE_LIST)))/..)
PYTHON ?= python3
TARGET ?= $(shell sh $(TOP)/tools/hosttarget)
ifeq ($(TARGET),)
$(error this machine matches no file in targets/: give TARGET=name)
endif
ifeq ($(wildcard $(TOP)/targets/$(TARGET)),)
$(error unknown TARGET '$(TARGET)': the targets are $(notdir $(wildcard $(TOP)/targets/*)))
endif

targetfield = $(shell sed -n -e 's/\#.*//' -e 's/^$(1)[[:space:]]*//p' $(TOP)/targets/$(TARGET))
CC := $(call targetfield,cc)
AR := $(call targetfield,ar)
TARGET_CFLAGS := $(call targetfield,cflags)
TARGET_LDFLAGS := $(call targetfield,ldflags)
RUN := $(call targetfield,run)

VARIANT ?=
ifeq ($(VARIANT),san)
VARIANT_CFLAGS := -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer -g -DPOLY1305AES_CHECKED
VARIANT_LDFLAGS := -fsanitize=address,undefined
else ifeq ($(VARIANT),clang)
CC := clang
else ifeq ($(VARIANT),fuzz)
CC := clang
VARIANT_CFLAGS := -fsanitize=fuzzer-no-link,address,undefined -fno-sanitize-recover=all -g -DPOLY1305AES_CHECKED
VARIANT_LDFLAGS := -fsanitize=address,undefined
else ifneq ($(VARIANT),)
$(error unknown VARIANT '$(VARIANT)': use san, clang or fuzz)
endif
BUILDROOT ?= $(TOP)/build
BUILD := $(BUILDROOT)/$(TARGET)$(if $(VARIANT),-$(VARIANT))
