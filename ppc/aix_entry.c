/* SPDX-License-Identifier: CC0-1.0 */
/* AIX: the API function poly1305aes_aix_authenticate, with the function
   descriptor and TOC handling only a compiler writes on AIX, calls the
   assembly's code entry .poly1305aes_aix_ppc_authenticate (ppc/abi.h says
   why the assembly has no descriptor); likewise the core's aes, start,
   blocks and finish (common/core.h) and onetime (onetimeauth's fused code)
   call .poly1305aes_aix_ppc_<x>.
   Elsewhere the assembly exports them itself and this file is empty. */
#include <stddef.h>
#include "namespace.h"

#if defined(_AIX)
#include "abi.h"
extern void ppc_authenticate(unsigned char out[16], const unsigned char kr[32],
  const unsigned char n[16], const unsigned char m[], unsigned int l);

void poly1305aes_authenticate(unsigned char out[16], const unsigned char kr[32],
  const unsigned char n[16], const unsigned char m[], unsigned int l)
{
  ppc_authenticate(out, kr, n, m, l);
}

struct CRYPTO_NAMESPACE(state);
#define ppc_aes CRYPTO_NAMESPACE(ppc_aes)
#define ppc_start CRYPTO_NAMESPACE(ppc_start)
#define ppc_blocks CRYPTO_NAMESPACE(ppc_blocks)
#define ppc_finish CRYPTO_NAMESPACE(ppc_finish)
#define ppc_onetime CRYPTO_NAMESPACE(ppc_onetime)
extern void ppc_aes(unsigned char out[16], const unsigned char k[16], const unsigned char in[16]);
extern void ppc_start(struct CRYPTO_NAMESPACE(state) *st, const unsigned char r[16]);
extern void ppc_blocks(struct CRYPTO_NAMESPACE(state) *st, const unsigned char *m, size_t nblocks, unsigned int pad);
extern void ppc_finish(struct CRYPTO_NAMESPACE(state) *st, const unsigned char s[16], unsigned char tag[16]);
extern void ppc_onetime(unsigned char out[16], const unsigned char key[32], const unsigned char *m, unsigned int l);

void CRYPTO_NAMESPACE(aes)(unsigned char out[16], const unsigned char k[16], const unsigned char in[16])
{
  ppc_aes(out, k, in);
}

void CRYPTO_NAMESPACE(start)(struct CRYPTO_NAMESPACE(state) *st, const unsigned char r[16])
{
  ppc_start(st, r);
}

void CRYPTO_NAMESPACE(blocks)(struct CRYPTO_NAMESPACE(state) *st, const unsigned char *m, size_t nblocks,
  unsigned int pad)
{
  ppc_blocks(st, m, nblocks, pad);
}

void CRYPTO_NAMESPACE(finish)(struct CRYPTO_NAMESPACE(state) *st, const unsigned char s[16], unsigned char tag[16])
{
  ppc_finish(st, s, tag);
}

/* onetimeauth's fused code (common/onepath.c) */
void CRYPTO_NAMESPACE(onetime)(unsigned char out[16], const unsigned char key[32], const unsigned char *m,
  unsigned int l)
{
  ppc_onetime(out, key, m, l);
}
#else
typedef int poly1305aes_ppc_no_aix_entry;   /* a translation unit may not be empty */
#endif
