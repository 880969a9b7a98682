/* SPDX-License-Identifier: CC0-1.0 */
/* native: the counter of the target whose CPU the machine's own compiler
   builds for, where this tree has one; elsewhere the monotonic clock. */
#if defined(__x86_64__) || defined(__i386__)
#include "../shared/x86_cycles.c"
#elif defined(__powerpc__) && !defined(__powerpc64__)
#include "../ppc32/cycles.c"
#elif defined(__powerpc64__)
#include "../ppc64le/cycles.c"
#elif defined(__s390x__)
#include "../s390x/cycles.c"
#elif defined(__sparc__) && defined(__arch64__)
#include "../sparc64/cycles.c"
#else
#include "../shared/clock_cycles.c"
#endif
