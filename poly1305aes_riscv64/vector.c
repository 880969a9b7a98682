/* SPDX-License-Identifier: CC0-1.0 */
/* poly1305aes_riscv64's vector paths: the RVV core (rvv.S) over the first
   q L whole blocks, L = min(VLMAX at e32, 16) lanes (vector-length
   agnostic: VLEN 128 gives 4, 512 and above 16), then the radix-2^64 core
   (riscv64.h) over the rest and the tail, with AES-128 from Zkne (aes.h) or
   by vector permutes (vpaes.S, with common/vpaes.h's tables; also for the
   short messages of path vector: scalar_vperm). Assumes RV64
   with V (the dispatcher checks). The keys: r, r^2, ..., r^L by the
   radix-2^64 core (a zero block, pad 0, times r: below 5 2^128), as
   radix-2^26 limbs (common/poly26.h's LIMB: limb 4 < 5 2^24). */
#include "riscv64.h"
#include "aes.h"
#define VPAES_TABLES_ONLY 1
#include "vpaes.h"

/* vpaes.S's offsets of the tables: their order in common/vpaes.h's enum */
typedef char vpaes_layout_checked[VP_INV == 0 && VP_INVA == 1 && VP_SB1U == 2 && VP_SB2U == 4 && VP_SBOU == 6 &&
                                  VP_INLO == 8 && VP_OUTLO == 10 && VP_RCON1 == 13 && VP_RCON10 == 22 &&
                                  VP_SR == 24 && VP_SR_ROT1 == 25 && VP_SR_ROT3 == 26 && VP_ROT1 == 27 &&
                                  VP_SUBWORD == 28 ? 1 : -1];

void aes128_vperm(unsigned char out[16], const unsigned char k[16], const unsigned char in[16])
{
  rvv_aes128(out, k, in, vpaes_tables);
}

/* path vector below VECTOR_FROM: radix 2^64, the AES by vector permutes */
void scalar_vperm(unsigned char out[16], const unsigned char kr[32], const unsigned char n[16],
                  const unsigned char *m, size_t l)
{
  struct p64 st;
  unsigned char s[16];
  u64 s0, s1;
  const unsigned char *r = onetime_s(kr, n, &s0, &s1);
  if (n) {
    rvv_aes128(s, kr, n, vpaes_tables);
    s0 = load64(s);
    s1 = load64(s + 8);
  }
  p64r_start(&st, r);
  p64r_message(&st, m, l);
  p64r_finish(&st, s0, s1, out);
}

#define LANES_MAX 16

/* rvv.S's keys: r^L's limbs then 5 times limbs 1-4 (words 0-8; 9 unused), then nine rows
   of L words: word j of row i < 5 limb i of r^(L-j), rows 5-8 five times limbs 1-4; rvv.S
   zeroes them */
struct rvv_keys {
  uint32_t words[10 + 9 * LANES_MAX];
};

/* the lanes a step takes: vsetvli's VLMAX at e32, LMUL 1, at most LANES_MAX */
static size_t lanes(void)
{
  size_t vl;
  __asm__ __volatile__(".option push\n\t.option arch, +v\n\t"
                       "vsetvli %0, zero, e32, m1, ta, ma\n\t"
                       ".option pop" : "=r"(vl));
  return vl < LANES_MAX ? vl : LANES_MAX;
}

/* h = the Poly1305 sum of the q L blocks at m (pad 1) for h = 0 on entry (the state's
   r set); h2 <= 4 after */
static void rvv_blocks(struct p64 *st, const unsigned char *m, size_t q, size_t L)
{
  struct rvv_keys keys;
  uint32_t *rows = keys.words + 10;
  u64 power[3] = { st->r0, st->r1, 0 }, sums[5], h[3];
  size_t j;
  int i;
  for (j = 1;; ++j) {                              /* power = r^j, into lane L - j */
    rows[L - j] = (uint32_t) LIMB(power[0], power[1], power[2], 0);
    rows[L + L - j] = (uint32_t) LIMB(power[0], power[1], power[2], 1);
    rows[2 * L + L - j] = (uint32_t) LIMB(power[0], power[1], power[2], 2);
    rows[3 * L + L - j] = (uint32_t) LIMB(power[0], power[1], power[2], 3);
    rows[4 * L + L - j] = (uint32_t) LIMB(power[0], power[1], power[2], 4);
    for (i = 1; i < 5; ++i) rows[(4 + i) * L + L - j] = 5 * rows[i * L + L - j];
    if (j == L) break;
    p64r_block(power, 0, 0, 0, st->r0, st->r1, st->s1);
  }
  for (i = 0; i < 5; ++i) keys.words[i] = rows[i * L];        /* r^L, lane 0 */
  for (i = 1; i < 5; ++i) keys.words[4 + i] = rows[(4 + i) * L];
  keys.words[9] = 0;
  rvv_steps(&keys, m, q, L, sums);
  from26(h, sums);
  st->h0 = h[0];
  st->h1 = h[1];
  st->h2 = h[2];
}

/* the contract's blocks: the RVV core over whole groups of L blocks from VECTOR_FROM bytes,
   its hash (for h = 0) joined to the running h (h r^(q L) + H: common/poly64.h's p64_join),
   then radix 2^64 */
void core_blocks_rvv(struct p64 *st, const unsigned char *m, size_t nblocks, unsigned int pad)
{
  if (pad && nblocks >= VECTOR_FROM / 16) {
    const u64 h[3] = { st->h0, st->h1, st->h2 };
    u64 joined[3];
    size_t L = lanes(), q = nblocks / L;
    rvv_blocks(st, m, q, L);
    joined[0] = st->h0, joined[1] = st->h1, joined[2] = st->h2;
    p64_join(joined, h, joined, st->r0, st->r1, q * L);
    st->h0 = joined[0], st->h1 = joined[1], st->h2 = joined[2];
    m += 16 * L * q;
    nblocks -= L * q;
  }
  p64r_blocks(st, m, nblocks, pad);
}

/* a whole call, l >= 16 LANES_MAX (q >= 1 whatever L) */
INLINE void vector_call(unsigned char out[16], const unsigned char kr[32], const unsigned char n[16],
                        const unsigned char *m, size_t l, int zkne)
{
  struct p64 st;
  u64 s0, s1;
  size_t L = lanes(), q = l / (16 * L);
  p64r_start(&st, n ? kr + 16 : kr);
  rvv_blocks(&st, m, q, L);
  p64r_message(&st, m + 16 * L * q, l - 16 * L * q);
  if (!n) {                                        /* a one-time key r || s (onetimeauth) */
    s0 = load64(kr + 16);
    s1 = load64(kr + 24);
  } else if (zkne) {                               /* after the calls: s stays in registers */
    zkne_encrypt(&s0, &s1, kr, n);
  } else {
    unsigned char s[16];
    rvv_aes128(s, kr, n, vpaes_tables);
    s0 = load64(s);
    s1 = load64(s + 8);
  }
  p64r_finish(&st, s0, s1, out);
}

void vector_zkne(unsigned char out[16], const unsigned char kr[32], const unsigned char n[16],
                 const unsigned char *m, size_t l)
{
  vector_call(out, kr, n, m, l, 1);
}

void vector_vperm(unsigned char out[16], const unsigned char kr[32], const unsigned char n[16],
                  const unsigned char *m, size_t l)
{
  vector_call(out, kr, n, m, l, 0);
}
