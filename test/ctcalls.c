/* SPDX-License-Identifier: CC0-1.0 */
/* The calls of the constant-time checks (test/ctcalls.h): every entry point
   that takes a secret, each alone between two marks. Compiled against any
   implementation's header (POLY1305AES_HEADER); C99. Every input a call
   reads is derived from the caller's secrets without a branch on them, so
   the checks see the secrets reach every call. */
#include <string.h>
#include POLY1305AES_HEADER
#include "ctcalls.h"

/* a batch: a long message, a path's group of lanes (8 at most) and another message; with every
   length short, a group and one left over */
#define BATCH 9

const char *const ct_call_names[CT_CALLS] = {
  "authenticate", "verify (right tag)", "verify (wrong tag)",
  "onetimeauth", "onetimeauth_verify (wrong tag)",
  "init, update, final", "onetimeauth_init, update, final_verify (wrong tag)",
  "authenticate_many", "verify_many (one tag wrong)", "onetimeauth_many",
  "key_expand", "authenticate_expanded", "verify_expanded (wrong tag)"
};

static volatile int sink;

/* a tag made wrong at byte which % 16 */
static void spoil(unsigned char tag[16], unsigned int which)
{
  tag[which % 16] ^= (unsigned char) (1 + which % 255);
}
static poly1305aes_state st;
static poly1305aes_key ek;

void ct_calls(const unsigned char kr[32], const unsigned char n[16], const unsigned char *m, unsigned int l,
              unsigned int which, void (*mark)(void))
{
  static unsigned char krs[BATCH][32], ns[BATCH][16], keys[BATCH][32], tags[BATCH][16];
  static unsigned char right[16], wrong[16], onetime_wrong[16], out[BATCH][16], one[16], ok[BATCH];
  const unsigned char *krp[BATCH], *np[BATCH], *mp[BATCH], *keyp[BATCH], *ap[BATCH];
  unsigned char *outp[BATCH];
  size_t lens[BATCH], third = l / 3, piece = l / 4 < 100 ? l / 4 : 100;
  unsigned int i;
  /* the batch: m[0..l), then seven pieces of it shorter than the lanes' bound (ragged: at most
     100 bytes and 1 byte in turn), then a quarter of it: with l long, a long message, a group
     of lanes and a long one again in one call; under keys and nonces that differ from kr and
     n in public bits; the one-time keys are r then k */
  for (i = 0; i < BATCH; ++i)
    lens[i] = i == 0 ? l : i == BATCH - 1 ? l / 4 : i % 2 ? piece : l < 1 ? l : 1;
  for (i = 0; i < BATCH; ++i) {
    memcpy(krs[i], kr, 32);
    memcpy(ns[i], n, 16);
    krs[i][i] ^= (unsigned char) i, krs[i][16 + i % 3] ^= (unsigned char) i, ns[i][i] ^= (unsigned char) i;
    memcpy(keys[i], krs[i] + 16, 16);
    memcpy(keys[i] + 16, krs[i], 16);
    poly1305aes_authenticate(tags[i], krs[i], ns[i], m, lens[i]);   /* at the same addresses for any which */
    krp[i] = krs[i], np[i] = ns[i], mp[i] = m, keyp[i] = keys[i], outp[i] = out[i], ap[i] = tags[i];
  }
  memcpy(right, tags[0], 16);
  memcpy(wrong, right, 16);
  poly1305aes_onetimeauth(onetime_wrong, keys[0], m, l);
  spoil(wrong, which);
  spoil(onetime_wrong, which);
  spoil(tags[which % BATCH], which);
  mark();
  poly1305aes_authenticate(one, kr, n, m, l);
  mark();
  sink += poly1305aes_verify(right, kr, n, m, l);
  mark();
  sink += poly1305aes_verify(wrong, kr, n, m, l);
  mark();
  poly1305aes_onetimeauth(one, keys[0], m, l);
  mark();
  sink += poly1305aes_onetimeauth_verify(onetime_wrong, keys[0], m, l);
  mark();
  poly1305aes_init(&st, kr, n);
  poly1305aes_update(&st, m, third);
  poly1305aes_update(&st, m + third, 0);
  poly1305aes_update(&st, m + third, l - third);
  poly1305aes_final(&st, one);
  mark();
  poly1305aes_onetimeauth_init(&st, keys[0]);
  poly1305aes_update(&st, m, third);
  poly1305aes_update(&st, m + third, l - third);
  sink += poly1305aes_final_verify(&st, onetime_wrong);
  mark();
  poly1305aes_authenticate_many(outp, krp, np, mp, lens, BATCH);
  mark();
  sink += poly1305aes_verify_many(ok, ap, krp, np, mp, lens, BATCH);
  mark();
  poly1305aes_onetimeauth_many(outp, keyp, mp, lens, BATCH);
  mark();
  poly1305aes_key_expand(&ek, kr);
  mark();
  poly1305aes_authenticate_expanded(one, &ek, n, m, l);
  mark();
  sink += poly1305aes_verify_expanded(wrong, &ek, n, m, l);
  mark();
  poly1305aes_key_wipe(&ek);
}
