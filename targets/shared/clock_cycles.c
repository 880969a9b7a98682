/* SPDX-License-Identifier: CC0-1.0 */
/* A CPU whose counter a program cannot read (arm64, armhf, riscv64 name this
   file; native on a CPU no target knows): POSIX CLOCK_MONOTONIC nanoseconds. */
#include <time.h>
#include "cycles.h"

unsigned long long cycles_now(void)
{
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (unsigned long long) t.tv_sec * 1000000000ull + (unsigned long long) t.tv_nsec;
}
const char *cycles_name(void) { return "CLOCK_MONOTONIC nanoseconds"; }
