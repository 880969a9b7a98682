/* SPDX-License-Identifier: CC0-1.0 */
/* Small helpers shared by the test program and the speed probe. */
#ifndef util_H
#define util_H
#include <stddef.h>
#include <stdint.h>

/* decode exactly len bytes of hex; returns 0 on success, -1 on bad input */
int hex_decode(unsigned char *out, size_t len, const char *hex);
void hex_encode(char *out, const unsigned char *in, size_t len);   /* writes 2 len + 1 chars */

/* deterministic pseudo-random bytes (splitmix64) */
uint64_t prng_next(uint64_t *state);
void prng_fill(uint64_t *state, unsigned char *buf, size_t len);

#endif
