/* SPDX-License-Identifier: CC0-1.0 */
/* Poly1305 in radix 2^44 with AVX-512 IFMA on ymm registers (AVX-512 VL):
   the medium messages of poly1305aes_x86's "ifma" path, 8 blocks a step in
   two sets of 4 lanes (x86/ifma_kernel.h, where the bounds are). In 32-bit
   mode only 8 vector registers exist: the 512-bit code keeps most of its
   numbers in memory, and its first 512-bit instructions after a spell
   without them run while the core warms its 512-bit units; this code runs
   no 512-bit instruction. Constant time: no secret branch or index. */
#define IFMA_LANES 4
#define IFMA_HASH ifma256_hash
#include "ifma_kernel.h"
