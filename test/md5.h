/* SPDX-License-Identifier: CC0-1.0 */
/* MD5 (RFC 1321), only to check the published digests of the long chain. */
#ifndef md5_H
#define md5_H
#include <stddef.h>
#include <stdint.h>

struct md5 {
  uint32_t state[4];
  uint64_t length;          /* bytes absorbed */
  unsigned char block[64];
};

void md5_start(struct md5 *ctx);
void md5_update(struct md5 *ctx, const unsigned char *data, size_t len);
void md5_finish(const struct md5 *ctx, unsigned char digest[16]);   /* ctx is left as it was */
int md5_selfcheck(void);    /* 0 when the RFC 1321 examples come out right */

#endif
