/* SPDX-License-Identifier: CC0-1.0 */
/* wipe(p, len): zero len bytes at p where a secret was kept, with a store the
   compiler cannot drop (the asm tells it the bytes are read afterwards).
   WIPE_STACK_FUNCTION(name, bytes) defines name(), which zeroes about
   `bytes` bytes of stack just below its caller's stack pointer: called right
   after a function whose frames held secrets, from the frame that called
   it, it overwrites those frames (its own frame starts where theirs did; the
   ABI harness, test/abi.c, checks nothing is left); in the build's stack
   probe it only records the area (common/stack.h). Assumes GCC or clang. */
#ifndef poly1305aes_wipe_H
#define poly1305aes_wipe_H

#include <stddef.h>
#include <string.h>
#include "stack.h"
#include "gpr_only.h"

/* general-purpose registers only on x86 (gpr_only.h): it inlines into any
   function, verify's included */
static inline GPR_ONLY void wipe(void *p, size_t len)
{
#if defined(__sparc__)
  /* glibc's sparc64 memset does block stores through %asi and leaves it at
     ASI_BLK_P (0xf0); the caller's %asi is put back (test/abi.c checks it) */
  unsigned long asi;
  __asm__ __volatile__("rd %%asi, %0" : "=r"(asi));
  memset(p, 0, len);
  __asm__ __volatile__("wr %0, 0, %%asi" : : "r"(asi) : "memory");
#elif defined(__x86_64__) || defined(__i386__)
  /* from 128 bytes the C library's memset, whose vector stores beat the string store (rep
     stos) the compiler inlines for a constant length: the length is hidden from it */
  if (!__builtin_constant_p(len) || len >= 128) __asm__("" : "+r"(len));
  memset(p, 0, len);
#else
  memset(p, 0, len);
#endif
  __asm__ __volatile__("" : : "r"(p) : "memory");
}

#if defined(POLY1305AES_STACK_PROBE)
#define WIPE_STACK_FUNCTION(name, bytes) \
  static __attribute__((noinline)) void name(void) \
  { \
    (void) stack_probing(bytes); \
  }
#elif defined(__SSE2__)
/* 16-byte stores; the asm hides the zero, so the loop stays a loop (a memset
   call costs more than the stores here) */
#include <emmintrin.h>
#define WIPE_STACK_FUNCTION(name, bytes) \
  static __attribute__((noinline)) void name(void) \
  { \
    __m128i area_[(bytes) / 16], zero_ = _mm_setzero_si128(); \
    size_t i_; \
    for (i_ = 0; i_ < (bytes) / 16; ++i_) { \
      __asm__("" : "+x"(zero_)); \
      _mm_store_si128(&area_[i_], zero_); \
    } \
    __asm__ __volatile__("" : : "r"(area_) : "memory"); \
  }
#elif defined(__powerpc__) && !defined(__powerpc64__)
/* 32-bit PowerPC: inlined into the caller, zeroes [r1 - bytes, r1) (bytes a
   multiple of 16), r1 moved down over it for the stores (no red zone: a
   signal's frame goes below r1) and back. A function's array does not do
   here: clang pads the top of such a frame above the array, and the
   padding keeps what the frame before it held there */
#define WIPE_STACK_FUNCTION(name, bytes) \
  static inline __attribute__((always_inline)) void name(void) \
  { \
    if ((bytes) == 0) return; \
    __asm__ __volatile__("mr 11, 1\n\t" \
                         "subf 12, %0, 11\n\t" \
                         "mr 1, 12\n\t" \
                         "li 0, 0\n" \
                         "1:\n\t" \
                         "stw 0, 0(12)\n\t" \
                         "stw 0, 4(12)\n\t" \
                         "stw 0, 8(12)\n\t" \
                         "stw 0, 12(12)\n\t" \
                         "addi 12, 12, 16\n\t" \
                         "cmplw 12, 11\n\t" \
                         "blt 1b\n\t" \
                         "mr 1, 11" \
                         : : "r"((size_t) (bytes)) : "r0", "r11", "r12", "cr0", "memory"); \
  }
#else
#define WIPE_STACK_FUNCTION(name, bytes) \
  static __attribute__((noinline)) void name(void) \
  { \
    unsigned char area_[bytes]; \
    wipe(area_, sizeof area_); \
  }
#endif

#endif
