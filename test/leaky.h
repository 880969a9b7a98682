/* SPDX-License-Identifier: CC0-1.0 */
/* Two deliberately leaky functions, for the self-tests of the constant-time
   checks (test/ct.c under valgrind, test/trace.c under qemu): each must be
   caught, or a check has no teeth. ct_leaky_branch branches on secret[0];
   ct_leaky_index reads a table at secret[1]. (test/leaky.c) */
#ifndef leaky_H
#define leaky_H

int ct_leaky_branch(const unsigned char *secret);
int ct_leaky_index(const unsigned char *secret);

#endif
