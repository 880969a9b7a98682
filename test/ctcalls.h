/* SPDX-License-Identifier: CC0-1.0 */
/* The calls the constant-time checks make at one message length: every entry
   point that takes a secret (test/ctcalls.c), shared by test/ct.c (under
   valgrind) and test/trace.c (under qemu). Compiled against any
   implementation's header (POLY1305AES_HEADER); C99. */
#ifndef ctcalls_H
#define ctcalls_H

/* how many calls ct_calls makes, and their names in order */
#define CT_CALLS 13
extern const char *const ct_call_names[CT_CALLS];

/* With kr (r clamped), n and m[0..l) as the caller set them (the secrets of
   the check), sets up each call's inputs (right tags, a wrong tag wrong at
   byte which % 16, the batch's other keys and messages), then makes the
   CT_CALLS calls, each alone between two calls of mark(): CT_CALLS + 1
   marks, nothing but the calls between the first and the last. Under
   verify_many, tag which % 9 of the batch of 9 is the wrong one. */
void ct_calls(const unsigned char kr[32], const unsigned char n[16], const unsigned char *m, unsigned int l,
              unsigned int which, void (*mark)(void));

#endif
