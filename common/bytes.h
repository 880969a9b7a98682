/* SPDX-License-Identifier: CC0-1.0 */
/* On SPARC, memcpy, memmove and memset in the including file become the
   byte loops below: glibc's sparc64 versions use %g2 and %g3, registers the
   psABI leaves to the application (test/abi.c checks them after
   onetimeauth, which the streaming driver, common/stream.c, composes from
   these calls). Include after <string.h>. Elsewhere it changes nothing.
   Assumes GCC or clang: the empty asm keeps a loop from becoming the
   library call again. */
#ifndef poly1305aes_bytes_H
#define poly1305aes_bytes_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#if defined(__sparc__)
/* n bytes from `from` to `to`, the areas may overlap (memmove's contract) */
static inline void *bytes_move(void *to, const void *from, size_t n)
{
  unsigned char *t = (unsigned char *) to;
  const unsigned char *f = (const unsigned char *) from;
  size_t i;
  if ((uintptr_t) t <= (uintptr_t) f)
    for (i = 0; i < n; ++i) {
      t[i] = f[i];
      __asm__("" : : : "memory");
    }
  else
    for (i = n; i > 0; --i) {
      t[i - 1] = f[i - 1];
      __asm__("" : : : "memory");
    }
  return to;
}

static inline void *bytes_set(void *to, int c, size_t n)
{
  unsigned char *t = (unsigned char *) to;
  size_t i;
  for (i = 0; i < n; ++i) {
    t[i] = (unsigned char) c;
    __asm__("" : : : "memory");
  }
  return to;
}

#undef memcpy
#undef memmove
#undef memset
#define memcpy bytes_move
#define memmove bytes_move
#define memset bytes_set
#endif

#endif
