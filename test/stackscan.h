/* SPDX-License-Identifier: CC0-1.0 */
/* Finding secrets an implementation left in the stack region a call used.
   The ABI harness paints the region below the call's stack pointer, calls,
   and copies the region back (test/abi.h); this file looks through that copy
   for the call's secrets -- k, the AES-128 round keys, r and its powers
   r^2..r^16, s, and verify's right tag -- in the forms an implementation
   may keep them:
     - raw: each aligned 4- and 8-byte piece of k, a round key, r, s or the
       tag, in either byte order;
     - integers: the limbs of r^e (e = 1..16) and of s in radix 2^26, 2^32,
       2^44 and 2^64, times 1, 5 and 20 (the reduction multipliers), and
       5 r_1 / 4 (radix 2^64), as native 32- and 64-bit words;
     - doubles: a double whose significand holds at least 20 consecutive
       bits of r^e (e = 1..4), of s, or of their complements, times 1 or 5.
   A find is confirmed before it is reported: the same call with other
   secrets must leave the same form of its own secrets at the same offset
   (so a chance match with public data never fails a test). Assumes IEEE
   binary64 doubles stored in the order of 64-bit integers. */
#ifndef stackscan_H
#define stackscan_H

#include <stddef.h>
#include <stdint.h>

#define STACKSCAN_WORDS (14 * 8 + 18 * 80)   /* raw forms, then integer forms (stackscan.c) */
#define STACKSCAN_SLOTS 4096                 /* a power of 2, at least twice STACKSCAN_WORDS */
struct secrets {
  unsigned char k[16], r[16], s[16], tag[16];
  unsigned char roundkeys[176];   /* k, then round keys 1..10 */
  unsigned char power[17][17];    /* power[e] = r^e mod p, 17-byte little-endian, e = 1..16 */
  int has_tag;                    /* verify: the right tag is a secret too */
  /* precomputed on first use (ready): the powers, every word form's value for 4- and 8-byte
     words (valid or not), the valid ones in a hash table by value (slot: 1 + the form's
     index, 0 empty), and 64-bit windows of r^1..r^4 and s (and complements) at every bit */
  int ready;
  uint64_t word[2][STACKSCAN_WORDS];
  unsigned char valid[2][STACKSCAN_WORDS];
  unsigned short slot[2][STACKSCAN_SLOTS];
  uint64_t window[18][2][130];
};

/* a form of a secret at an offset of the image */
struct stack_find {
  size_t offset;
  int kind;                       /* 4 or 8: a word of that size; 0: a double */
  int object, index, multiplier, length;
};

/* the secrets of authenticate(kr, n, ...), or of verify with the right tag when tag != NULL */
void secrets_of(struct secrets *s, const unsigned char kr[32], const unsigned char n[16],
                const unsigned char *tag);
/* the same for Poly1305 with the one-time key r || s (no AES key: k is taken as s) */
void secrets_of_onetime(struct secrets *s, const unsigned char key[32], const unsigned char *tag);
/* (both compute s's tables on their first call for s) candidate finds in image[0..len) (len a multiple of 8, 8-aligned), skipping
   words equal to paint; up to max into found; returns how many */
size_t stack_candidates(struct secrets *s, const unsigned char *image, size_t len, uint32_t paint,
                        struct stack_find *found, size_t max);
/* does image hold, at find->offset, the same form of secrets s? */
int stack_confirms(struct secrets *s, const unsigned char *image, const struct stack_find *find);
/* a line naming the form */
void stack_describe(char *text, size_t size, const struct stack_find *find);
/* bytes of image[0..len) below the first word not equal to paint, from the top end len: the depth used */
size_t stack_depth(const unsigned char *image, size_t len, uint32_t paint);

#endif
