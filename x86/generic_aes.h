/* SPDX-License-Identifier: CC0-1.0 */
/* The AES of poly1305aes_amd64's and poly1305aes_x86's generic paths (CPUs
   without SSSE3, so neither AES-NI nor PSHUFB): generic_encrypt(s, k, n)
   sets s = AES-128_k(n) as four little-endian words. By default it is the
   bitsliced AES of poly1305aes_ct (common/aes_bs64.h on x86-64,
   common/aes_bs32.h on 32-bit x86): no table, no branch and no memory index
   depends on k or n. A build made with AES=table (mk/impl.mk defines
   POLY1305AES_AES_TABLE where the implementation's 'table' file says
   'flavour table') takes the 2 KiB table AES instead (common/aes_table.h:
   NOT constant time, faster), and the 'sidechannel' file's AES=table lines
   say so. One file of an implementation includes it. */
#ifndef poly1305aes_x86_generic_aes_H
#define poly1305aes_x86_generic_aes_H

#include <stdint.h>

#ifdef POLY1305AES_AES_TABLE
#include "aes_table.h"
#define generic_encrypt table_encrypt
#else
#include "aes_bs.h"
#ifdef __x86_64__
#include "aes_bs64.h"
#define GENERIC_AES_BS aes_bs64
#else
#include "aes_bs32.h"
#define GENERIC_AES_BS aes_bs32
#endif
static void generic_encrypt(uint32_t s[4], const unsigned char k[16], const unsigned char n[16])
{
  uint32_t key[4], block[4];
  aes_bs_columns(key, k);
  aes_bs_columns(block, n);
  GENERIC_AES_BS(s, key, block);   /* column words: on x86 the little-endian words of the bytes */
}
#endif

#endif
