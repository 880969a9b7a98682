/* SPDX-License-Identifier: CC0-1.0 */
/* native, on a CPU no other target describes (the build takes the cycles.c of
   the target for the CPU the compiler builds for where one exists:
   targets/native/target's 'harness same-cpu'): the monotonic clock. */
#include "../shared/clock_cycles.c"
