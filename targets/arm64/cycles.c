/* SPDX-License-Identifier: CC0-1.0 */
/* arm64: no counter a Linux program may read everywhere; the monotonic clock. */
#include "../shared/clock_cycles.c"
