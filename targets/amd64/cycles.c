/* SPDX-License-Identifier: CC0-1.0 */
/* amd64: the x86 time-stamp counter, shared with the other x86 target. */
#include "../shared/x86_cycles.c"
