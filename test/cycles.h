/* SPDX-License-Identifier: CC0-1.0 */
/* A cycle counter for each target CPU, read in as few instructions as it allows:
   targets/<target>/cycles.c, which the speed programs and the timing check link. */
#ifndef cycles_H
#define cycles_H

unsigned long long cycles_now(void);
const char *cycles_name(void);   /* what cycles_now counts */

#endif
