/* SPDX-License-Identifier: CC0-1.0 */
/* Plain AES-128 encryption (FIPS-197), written for obviousness, not speed.
   Used as the reference by the tests; no implementation links it. */
#ifndef aes_ref_H
#define aes_ref_H

void aes_ref_sbox(unsigned char sbox[256]);
void aes_ref_expand(unsigned char w[176], const unsigned char key[16]);   /* the 11 round keys */
void aes_ref_encrypt(unsigned char out[16], const unsigned char key[16], const unsigned char in[16]);

#endif
