/* SPDX-License-Identifier: CC0-1.0 */
/* Poly1305 in radix 2^26 with vectors of LANES 64-bit lanes (PMULUDQ
   multiplies the low 32 bits of each lane): the driver that x86/sse2.c (2
   lanes, SSE2) and x86/avx2.c (4 lanes, AVX2) both include, each
   after defining
     V, LANES, VT          the vector type, its lanes, the functions' target attribute
     SETS                  the sets of LANES blocks a step takes (2 or 4)
     LANE_BLOCKS           the block position each lane gets from the loads (a set of LANES)
     v_mul v_add v_and v_or v_andnot v_srli v_slli  the lane operations
     v_set1(x)             x in every lane;  v_lanes(x)  x[L] in lane L
     v_lane0(a)            a's lane 0 in every lane;  v_sum(a)  the sum of a's lanes
     v_store(x, a)         a's lanes to x[0 .. LANES) (where it defines LANES_HASH)
     store_blocks(p, b)    the 16-byte blocks b[0 .. 2 LANES) to p (aligned), in order
     HASH                  the name of the function to define (x86.h)
   and, after it, the instructions of a step's pieces (LOAD_A, MUL, MUL_LAST
   for PRODUCTS; CARRY, FOLD, STORE for CARRIES_TO_H, both below) and the
   loops on struct state: first_step (one chunk from H = 0)
   and steps; and, where it defines HASH_FROM (the name of a hash from a
   given h, for a stream core) and FIRST_STEP_FROM_H (the first step's asm
   with the h slots' lanes added to M_0's limbs), first_step_from; and, where
   it defines LANES_HASH, that function: LANES messages, one a lane. Constant time: no branch or memory index depends on r or the
   message (only on l).

   SETS LANES blocks a step, a chunk of CHUNK bytes (for two sets the
   scheme of Goll and Gueron, "Vectorization on ChaCha20 and Poly1305", also
   in poly1305-donna's SSE2 code): with Q_j = r^((SETS - j) LANES) in every
   lane, H = H Q_0 + M_0 Q_1 + ... + M_(S-2) Q_(S-1) + M_(S-1), where M_j
   holds the chunk's blocks j LANES .. j LANES + LANES - 1; one carry chain
   a step. The lane that holds block position b of a set ends with weight
   r^(LANES - b), so h = sum over lanes of H_L P_L, P_L = r^(LANES - b_L).
   The block count is made a multiple of SETS LANES by zero blocks in front
   (h = 0 stays 0; no 2^128 bit), so the last step ends at the end of the
   message; the first chunk (when it has zero blocks) and a last chunk with
   a partial block are assembled in a buffer, padded. More sets a step
   share one carry chain and one store and load of H among more blocks.

   Bounds. The powers are carried: limbs < 2^26 + 2^8.2, so s_j = 5 r_j <
   2^28.33. H after a carry: limbs < 2^26 + 2^8.5 (below); message limbs
   < 2^26 (the top one 2^24 + 2^24 with its pad bit). A step's sum D_k (five
   products by each of the SETS multipliers, a limb of the last set) < 20
   2^26.01 2^28.33 + 2^26 < 2^58.7. The carry chain (d0->d1, d3->d4; d1->d2, d4->5 d0; d2->d3,
   d0->d1; d3->d4) leaves d0, d2, d3 < 2^26, d1 < 2^26 + 2^9.5 (5 (d4 >>
   26) < 2^35.1 enters the masked d0, whose carry is < 2^9.2), d4 < 2^26 +
   2^6. The final products by P without a carry: < 5 2^26.01 2^28.33 a lane,
   the 4 lanes summed < 2^59.7. HASH_FROM adds an h (limbs < 2^26.4) to
   block 0 (lane 0 of M_0) in the first step, which has no H products: its
   sums < 5 2^27.1 2^28.33 + 2^26 < 2^57.8, within the same chain's bounds. */

#define M26 0x3ffffff

/* the products of a step, with the includer's LOAD_A(slot) (the vector at
   slot into a), MUL(slot, dk) (dk += a times the vector at slot) and
   MUL_LAST (the same, a free to change), slots counted in vectors from st: the limbs at src .. src + 4 by
   the multiplier whose r_0..r_4 are at base .. base + 4 and s_1..s_4 (5 r_j)
   at base + 6 .. base + 9; d_k gets r_(k-i) or, when k < i, s_(k-i+5) */
#define ROW(src, base, o0, o1, o2, o3, o4) LOAD_A(src) \
  MUL(base + o0, d0) MUL(base + o1, d1) MUL(base + o2, d2) MUL(base + o3, d3) MUL_LAST(base + o4, d4)
#define PRODUCTS(src, base) \
  ROW(src + 0, base, 0, 1, 2, 3, 4) \
  ROW(src + 1, base, 9, 0, 1, 2, 3) \
  ROW(src + 2, base, 8, 9, 0, 1, 2) \
  ROW(src + 3, base, 7, 8, 9, 0, 1) \
  ROW(src + 4, base, 6, 7, 8, 9, 0)
/* the carry chain of a step (the order the bounds above follow), then H to
   its slots from h, with the includer's CARRY(from, to), FOLD (d4's carry,
   times 5, into d0) and STORE(dk, slot) */
#define CARRIES_TO_H(h) \
  CARRY(d0, d1) CARRY(d3, d4) \
  CARRY(d1, d2) \
  FOLD \
  CARRY(d2, d3) CARRY(d0, d1) \
  CARRY(d3, d4) \
  STORE(d0, h + 0) STORE(d1, h + 1) STORE(d2, h + 2) STORE(d3, h + 3) STORE(d4, h + 4)
#define CHUNK (16 * SETS * LANES)

/* a multiplier: limbs r_j and s_j = 5 r_j, in each lane */
struct mult {
  V r[5], s[5];
};

/* what the loops read and write, aligned; at W = sizeof(V) bytes a vector and
   S = SETS: q[j].r at 10 j W, q[j].s at (10 j + 5) W, h at 10 S W, m at
   (10 S + 5) W (set j's limbs at 5 j W from there), pad[j] at (15 S + j) W,
   mask at 16 S W */
struct state {
  struct mult q[SETS];   /* Q_j = r^((SETS - j) LANES) in every lane */
  V h[5];                /* the lanes' h */
  V m[SETS - 1][5];      /* the limbs of M_0 .. M_(S-2), within a step */
  V pad[SETS];           /* the 2^128 bits (2^24 in limb 4) of each set's lanes */
  V mask;                /* 2^26 - 1 in every lane */
};

static VT void first_step(struct state *st, const unsigned char *p);   /* H = M_0 Q_1 + ... + M_(S-1) */
static VT void steps(struct state *st, const unsigned char *p, size_t count);   /* H = H Q_0 + M_0 Q_1 + ... */
#ifdef HASH_FROM
static VT void first_step_from(struct state *st, const unsigned char *p);   /* the same, block 0 + h */
#endif
#ifdef HYBRID_HASH
/* steps, and HYBRID_BLOCKS blocks a step from ms into the scalar chain sc */
static VT void steps_hybrid(struct state *st, const unsigned char *p, size_t count, struct p64 *sc,
                            const unsigned char *ms);
#endif

INLINE VT void to_mult(struct mult *out, const V a[5])
{
#define TO(j) out->r[j] = a[j], out->s[j] = v_add(a[j], v_slli(a[j], 2))
  TO(0); TO(1); TO(2); TO(3); TO(4);
#undef TO
}

/* d = a b before the carry */
INLINE VT void mul(V d[5], const V a[5], const struct mult *b)
{
#define P(i, x) v_mul(a[i], b->x)
#define SUM5(p0, p1, p2, p3, p4) v_add(v_add(v_add(p0, p1), v_add(p2, p3)), p4)
  d[0] = SUM5(P(0, r[0]), P(1, s[4]), P(2, s[3]), P(3, s[2]), P(4, s[1]));
  d[1] = SUM5(P(0, r[1]), P(1, r[0]), P(2, s[4]), P(3, s[3]), P(4, s[2]));
  d[2] = SUM5(P(0, r[2]), P(1, r[1]), P(2, r[0]), P(3, s[4]), P(4, s[3]));
  d[3] = SUM5(P(0, r[3]), P(1, r[2]), P(2, r[1]), P(3, r[0]), P(4, s[4]));
  d[4] = SUM5(P(0, r[4]), P(1, r[3]), P(2, r[2]), P(3, r[1]), P(4, r[0]));
#undef P
#undef SUM5
}

/* out = a b mod p, limbs < 2^26 + 2^8.2: two rounds of parallel carries (a
   shorter chain than the loop's; the powers are on the critical path). The
   first leaves limbs < 2^26 + 2^31.7 (d0 < 2^26 + 2^34.1), the second carries
   below 2^8.1 */
static VT __attribute__((noinline)) void mulmod(V out[5], const V a[5], const struct mult *b)
{
  const V mask = v_set1(M26);
  V d[5], d0, d1, d2, d3, d4, c0, c1, c2, c3, c4;
  mul(d, a, b);
  d0 = d[0], d1 = d[1], d2 = d[2], d3 = d[3], d4 = d[4];
#define ROUND                                                                                  \
  c0 = v_srli(d0, 26), c1 = v_srli(d1, 26), c2 = v_srli(d2, 26), c3 = v_srli(d3, 26);         \
  c4 = v_srli(d4, 26);                                                                         \
  d0 = v_add(v_and(d0, mask), v_add(c4, v_slli(c4, 2)));                                       \
  d1 = v_add(v_and(d1, mask), c0), d2 = v_add(v_and(d2, mask), c1);                            \
  d3 = v_add(v_and(d3, mask), c2), d4 = v_add(v_and(d4, mask), c3)
  ROUND;
  ROUND;
#undef ROUND
  out[0] = d0, out[1] = d1, out[2] = d2, out[3] = d3, out[4] = d4;
}

/* in the lanes of lanes (all ones there): a; in the others: 1 */
INLINE VT void select_or_one(struct mult *out, const struct mult *a, V lanes)
{
  int j;
  out->r[0] = v_or(v_and(lanes, a->r[0]), v_andnot(lanes, v_set1(1)));
  out->s[0] = v_or(v_and(lanes, a->s[0]), v_andnot(lanes, v_set1(5)));
  for (j = 1; j < 5; ++j) {
    out->r[j] = v_and(lanes, a->r[j]);
    out->s[j] = v_and(lanes, a->s[j]);
  }
}

/* message block g (the last partial when l % 16) with its 1 appended when
   partial; reads only inside m[0..l) */
INLINE VT __m128i block_at(const unsigned char *m, size_t l, size_t g)
{
  const unsigned char *p = m + 16 * g;
  size_t t = l - 16 * g;
  uint64_t lo = 0, hi = 0, one;
  uint32_t w;
  uint16_t h;
  if (t >= 16) return _mm_loadu_si128((const __m128i *) (const void *) p);
  /* 1..15 bytes: the pieces the length is made of, then the 1 */
  if (t & 8) { memcpy(&lo, p, 8); p += 8; }
  if (t & 4) { memcpy(&w, p, 4); p += 4; if (t & 8) hi = w; else lo = w; }
  if (t & 2) {
    memcpy(&h, p, 2);
    p += 2;
    if (t & 8) hi |= (uint64_t) h << (8 * (t & 4));
    else lo |= (uint64_t) h << (8 * (t & 4));
  }
  if (t & 1) {
    if (t & 8) hi |= (uint64_t) *p << (8 * (t & 6));
    else lo |= (uint64_t) *p << (8 * (t & 6));
  }
  one = (uint64_t) 1 << (8 * (t & 7));
  if (t & 8) hi |= one;
  else lo |= one;
  return _mm_set_epi32((int) (hi >> 32), (int) hi, (int) (lo >> 32), (int) lo);
}

/* every set's pad bits: 1 */
INLINE VT void pads_all(struct state *st)
{
  unsigned int set;
  for (set = 0; set < SETS; ++set) st->pad[set] = v_set1((uint64_t) 1 << 24);
}

/* chunk j of the message with v zero blocks in front, assembled in buf with
   stores of the loop's load width (so that its loads forward from them), and
   its lanes' pad bits */
static VT void chunk(struct state *st, unsigned char *buf, const unsigned char *m, size_t l, size_t j, size_t v)
{
  static const unsigned char lane_blocks[LANES] = LANE_BLOCKS;
  size_t n = (l + 15) / 16, pos;
  uint64_t pads[LANES];
  int whole[SETS * LANES];
  __m128i blocks[SETS * LANES];
  unsigned int lane, set;
  for (pos = 0; pos < SETS * LANES; ++pos) {
    size_t block = SETS * LANES * j + pos;     /* counting the zero blocks */
    int real = block >= v && block - v < n;
    whole[pos] = real && (block - v + 1 < n || !(l & 15));
    blocks[pos] = real ? block_at(m, l, block - v) : _mm_setzero_si128();
  }
  store_blocks(buf, blocks);
  for (set = 0; set < SETS; ++set) {
    for (lane = 0; lane < LANES; ++lane) pads[lane] = whole[set * LANES + lane_blocks[lane]] ? 1u << 24 : 0;
    st->pad[set] = v_lanes(pads);
  }
}

/* HASH, and with sc (HYBRID_HASH) the steps after the first also take
   HYBRID_BLOCKS blocks each from ms into the scalar chain sc; with start
   (HASH_FROM; l a multiple of CHUNK), the hash from h = start's limbs */
INLINE VT void hash_body(uint64_t d[5], const unsigned char r[16], const unsigned char *m, size_t l, struct p64 *sc,
                         const unsigned char *ms, const uint32_t *start)
{
  static const unsigned char lane_blocks[LANES] = LANE_BLOCKS;
  struct state st __attribute__((aligned(32)));
  unsigned char buf[CHUNK] __attribute__((aligned(32)));
  struct mult *fr = &st.q[0], f;   /* st.q[0] is free until Q_0: r's multiplier there */
  V a[5], p[5], power[5];
  uint64_t bit[2][LANES], lo, hi;
  size_t n = (l + 15) / 16, v = (SETS * LANES - n % (SETS * LANES)) % (SETS * LANES);
  size_t chunks = (n + v) / (SETS * LANES), from, to;
  unsigned int lane, j;
  int k;
  (void) sc, (void) ms, (void) start;   /* used by HYBRID_HASH and HASH_FROM only */

  /* r (clamped) in every lane; P_L = r^(LANES - b_L) = r r^(e0) (r^2)^(e1),
     e = LANES - b_L - 1 in binary (lanes bit[i]); then r^LANES from the lane
     whose block is 0 (lane 0), its powers Q_(S-1) .. Q_1 and, for more than
     one chunk, Q_0 = r^(SETS LANES) */
  memcpy(&lo, r, 8);
  memcpy(&hi, r + 8, 8);
  lo &= 0x0ffffffc0fffffffULL;
  hi &= 0x0ffffffc0ffffffcULL;
  a[0] = v_set1(lo & M26);
  a[1] = v_set1(lo >> 26 & M26);
  a[2] = v_set1((lo >> 52 | hi << 12) & M26);
  a[3] = v_set1(hi >> 14 & M26);
  a[4] = v_set1(hi >> 40);
  for (lane = 0; lane < LANES; ++lane) {
    unsigned int e = LANES - lane_blocks[lane] - 1;
    bit[0][lane] = e & 1 ? ~(uint64_t) 0 : 0;
    bit[1][lane] = e & 2 ? ~(uint64_t) 0 : 0;
  }
  to_mult(fr, a);
  select_or_one(&f, fr, v_lanes(bit[0]));
  mulmod(p, a, &f);
  if (LANES > 2) {
    mulmod(a, a, fr);                          /* r^2 */
    to_mult(fr, a);
    select_or_one(&f, fr, v_lanes(bit[1]));
    mulmod(p, p, &f);
  }
  for (k = 0; k < 5; ++k) a[k] = power[k] = v_lane0(p[k]);   /* r^LANES */
  to_mult(&st.q[SETS - 1], a);
  for (j = SETS - 1; j > 1; --j) {             /* Q_(j-1) = Q_j r^LANES */
    mulmod(power, power, &st.q[SETS - 1]);
    to_mult(&st.q[j - 1], power);
  }
  to_mult(&f, p);
  st.mask = v_set1(M26);
  pads_all(&st);

  /* the first chunk (H = 0), from buf when it has zero blocks or is the
     last with a partial block; from an h: in place (no zero blocks), h in
     lane 0 of the h slots, which the first step adds to block 0 */
#ifdef HASH_FROM
  if (start) {
    uint64_t x[LANES] = { 0 };
    for (k = 0; k < 5; ++k) {
      x[0] = start[k];
      st.h[k] = v_lanes(x);
    }
    first_step_from(&st, m);
  } else
#endif
  if (v || (chunks == 1 && (l & 15))) {
    chunk(&st, buf, m, l, 0, v);
    first_step(&st, buf);
  } else {
    first_step(&st, m);
  }
  if (chunks > 1) {
    mulmod(a, power, &st.q[SETS - 1]);         /* Q_0 = r^(SETS LANES) */
    to_mult(&st.q[0], a);
    /* the others in place, but a last one with a partial block from buf */
    from = 1;
    to = (l & 15) ? chunks - 1 : chunks;
    pads_all(&st);
#ifdef HYBRID_HASH
    if (sc && to > from) steps_hybrid(&st, m + CHUNK * from - 16 * v, to - from, sc, ms);
    else
#endif
    if (to > from) steps(&st, m + CHUNK * from - 16 * v, to - from);
    if (to < chunks) {
      chunk(&st, buf, m, l, chunks - 1, v);
      steps(&st, buf, 1);
    }
  }

  /* h = sum of H_L P_L: the products, lanes added */
  mul(p, st.h, &f);
  for (k = 0; k < 5; ++k) d[k] = v_sum(p[k]);
}

VT void HASH(uint64_t d[5], const unsigned char r[16], const unsigned char *m, size_t l)
{
  hash_body(d, r, m, l, NULL, NULL, NULL);
}

#ifdef HASH_FROM
VT void HASH_FROM(uint64_t d[5], const unsigned char r[16], const uint32_t from[5], const unsigned char *m, size_t l)
{
  hash_body(d, r, m, l, NULL, NULL, from);
}
#endif

#ifdef LANES_HASH
/* ---- LANES messages side by side, one a lane (many messages a call): Horner's rule in each
   lane over steps of one block, two steps a chunk through first_step and steps with, in lane j,
   Q_1 = r_j and Q_0 = r_j^2 (H = H r^2 + M_0 r + M_1: H r^2 + M_0 r^2 + M_1 r with its last
   factor r left to the end, as the lanes' P_L there), then H r_j in lane j, the lanes not
   summed. A message of b blocks takes the last b of the group's steps, its blocks placed so that
   the loads put message j in lane j (LANE_BLOCKS); before them zero blocks without the 2^128
   bit (h = 0 stays 0), its last partial block padded with its 1 (block_at). Bounds: the limbs
   are radix26.h's, every multiplier's limbs carried; the last products < 5 2^26.01 2^28.33 a
   lane. The lengths (public) choose the blocks; no branch or index depends on r or the bytes */
VT void LANES_HASH(uint64_t d[5][LANES], const unsigned char *const r[LANES], const unsigned char *const m[LANES],
                   const size_t l[LANES])
{
  static const unsigned char lane_blocks[LANES] = LANE_BLOCKS;
  struct state st __attribute__((aligned(32)));
  unsigned char buf[CHUNK] __attribute__((aligned(32)));
  struct mult last;
  V a[5], p[5];
  uint64_t limb[5][LANES], pads[SETS][LANES];
  size_t blocks[LANES], first[LANES], steps_n = 0, chunks, c;
  unsigned int j, set;
  int k;
  for (j = 0; j < LANES; ++j) {
    uint64_t lo, hi;
    memcpy(&lo, r[j], 8);
    memcpy(&hi, r[j] + 8, 8);
    lo &= 0x0ffffffc0fffffffULL;
    hi &= 0x0ffffffc0ffffffcULL;
    limb[0][j] = lo & M26;
    limb[1][j] = lo >> 26 & M26;
    limb[2][j] = (lo >> 52 | hi << 12) & M26;
    limb[3][j] = hi >> 14 & M26;
    limb[4][j] = hi >> 40;
    blocks[j] = (l[j] + 15) / 16;
    steps_n = blocks[j] > steps_n ? blocks[j] : steps_n;
  }
  steps_n += steps_n % SETS;   /* whole chunks: a zero step first where odd */
  chunks = steps_n / SETS;
  for (k = 0; k < 5; ++k) a[k] = v_lanes(limb[k]);
  to_mult(&st.q[1], a);   /* Q_1 = r */
  last = st.q[1];
  mulmod(p, a, &st.q[1]);
  to_mult(&st.q[0], p);   /* Q_0 = r^2 */
  st.mask = v_set1(M26);
  if (chunks == 0) {
    for (k = 0; k < 5; ++k)
      for (j = 0; j < LANES; ++j) d[k][j] = 0;
    return;
  }
  for (j = 0; j < LANES; ++j) first[j] = steps_n - blocks[j];
  for (c = 0; c < chunks; ++c) {   /* the chunk's blocks stored at the loads' width (forwarded) */
    __m128i chunk_blocks[SETS * LANES];
    for (set = 0; set < SETS; ++set) {
      size_t t = SETS * c + set;
      for (j = 0; j < LANES; ++j) {
        chunk_blocks[set * LANES + lane_blocks[j]] = t >= first[j] ? block_at(m[j], l[j], t - first[j])
                                                                    : _mm_setzero_si128();
        pads[set][j] = t >= first[j] && t - first[j] < l[j] / 16 ? 1u << 24 : 0;
      }
      st.pad[set] = v_lanes(pads[set]);
    }
    store_blocks(buf, chunk_blocks);
    if (c == 0) first_step(&st, buf);
    else steps(&st, buf, 1);
  }
  mul(p, st.h, &last);
  for (k = 0; k < 5; ++k) v_store(d[k], p[k]);
}
#endif

#ifdef HYBRID_HASH
VT void HYBRID_HASH(uint64_t d[5], const unsigned char r[16], const unsigned char *m, size_t l, struct p64 *sc,
                    const unsigned char *ms)
{
  hash_body(d, r, m, l, sc, ms, NULL);
}
#endif
