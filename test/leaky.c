/* SPDX-License-Identifier: CC0-1.0 */
/* See leaky.h. C99; GCC or clang keep the branch a branch (noinline, a volatile store). */
#include "leaky.h"

#if defined(__GNUC__)
__attribute__((noinline))
#endif
int ct_leaky_branch(const unsigned char *secret)
{
  static volatile int taken;
  if (secret[0] > 127) taken = taken + 1;   /* a real branch, not a select */
  return 3;
}

static const unsigned char table[256] = { 1, 2, 3 };
#if defined(__GNUC__)
__attribute__((noinline))
#endif
int ct_leaky_index(const unsigned char *secret)
{
  return table[secret[1]];
}
