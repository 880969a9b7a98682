/* SPDX-License-Identifier: CC0-1.0 */
/* The sizes of the stack wipes, measured by the build for the compiler and
   flags in use. Assumes GCC or clang, and an implementation source (after
   namespace.h).

   STACK_BYTES(path, area) is how many bytes a dispatcher wipes below its
   stack pointer after running one area of a path's code (area scalar or
   vector: the two a dispatcher's table names per path; poly1305aes_53 calls
   its one and four chains so), to erase the secrets that code spilled there;
   STACK_CORE_BYTES the same after an entry point of the portable Poly1305
   cores (common/pathcore.h: area core, one size for every path).
   mk/impl.mk measures them: it builds the library a second time with
   POLY1305AES_STACK_PROBE, where each wipe only records which area it would
   wipe (stack_probing), and runs the ABI harness's probe (test/abi.c
   --measure), which paints the stack below its call, calls authenticate,
   verify and authenticate_many (area many: a path's many-message code) on
   every path at lengths across every threshold, and reports for
   each area the most bytes its calls wrote below the wipe's frame (the
   paths' code runs below the dispatcher's stack pointer, so they are the
   bytes to wipe); tools/stackbytes.py adds a margin (a sixteenth and 32
   bytes, rounded up to 64, for the words between the wipe's local and its
   stack pointer and for callers aligned otherwise) and writes
   gen/stack_bytes.h. The ABI harness then checks that no secret is left. */
#ifndef poly1305aes_stack_H
#define poly1305aes_stack_H

#include <stddef.h>

#if defined(POLY1305AES_STACK_PROBE)
#define STACK_AREA_scalar 1
#define STACK_AREA_vector 2
#define STACK_AREA_core 3
#define STACK_AREA_many 4
#define STACK_BYTES(path, area) STACK_AREA_##area
#define STACK_CORE_BYTES STACK_AREA_core
/* the area the last wipe would have covered, and an address in the frame
   it would have run from (test/abi.c --measure reads them) */
__attribute__((weak)) volatile unsigned int poly1305aes_stack_area;
__attribute__((weak)) volatile unsigned long poly1305aes_stack_top;
#else
/* mk/impl.mk defines POLY1305AES_STACK_MEASURED for the sources that name
   STACK_BYTES, once the probe has written the header */
#if defined(POLY1305AES_STACK_MEASURED)
#include "stack_bytes.h"
#endif
#define STACK_BYTES(path, area) STACK_BYTES_##path##_##area
#define STACK_CORE_BYTES STACK_BYTES_core
#endif

/* in the probe build: record the area (its STACK_AREA_ code) and the
   address of a local of the wipe's frame (inlined: the dispatcher's; at or
   above the stack pointer the wipe starts from, within a few words) instead
   of wiping, and say so; otherwise 0, and the caller wipes */
static inline __attribute__((always_inline)) int stack_probing(size_t area)
{
#if defined(POLY1305AES_STACK_PROBE)
  volatile unsigned char here = 0;
  poly1305aes_stack_area = (unsigned int) area;
  poly1305aes_stack_top = (unsigned long) &here;
  return 1;
#else
  (void) area;
  return 0;
#endif
}

#endif
