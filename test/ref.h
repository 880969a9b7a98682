/* SPDX-License-Identifier: CC0-1.0 */
/* The readable reference Poly1305-AES (and Poly1305 with a one-time key) the
   tests compare every implementation with: numbers are 17-byte little-endian
   arrays, arithmetic is schoolbook, h is fully reduced mod p = 2^130 - 5
   after every chunk. Slow and variable-time. */
#ifndef ref_H
#define ref_H

struct ref_state {
  unsigned char r[17];     /* clamped r */
  unsigned char h[17];     /* h < p */
};

void ref_start(struct ref_state *st, const unsigned char kr[32]);
/* absorb one chunk of 1..16 bytes: h = (h + chunk + 2^(8 len)) r mod p */
void ref_chunk(struct ref_state *st, const unsigned char *chunk, unsigned int len);
/* absorb the same 16-byte chunk count times, in O(log count) steps */
void ref_chunk_repeated(struct ref_state *st, const unsigned char chunk[16], unsigned long long count);
/* x = x y mod p (fully reduced), for x, y < 2^136 as 17-byte little-endian numbers */
void ref_multiply(unsigned char x[17], const unsigned char y[17]);
/* tag = (h + s) mod 2^128 */
void ref_tag(unsigned char out[16], const struct ref_state *st, const unsigned char s[16]);
void ref_authenticate(unsigned char out[16], const unsigned char kr[32],
  const unsigned char n[16], const unsigned char m[], unsigned long long l);
/* Poly1305 with the one-time key r (clamped here) then s (RFC 8439 section 2.5) */
void ref_onetimeauth(unsigned char out[16], const unsigned char key[32], const unsigned char m[], unsigned long long l);

#endif
