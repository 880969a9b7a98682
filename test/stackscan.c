/* SPDX-License-Identifier: CC0-1.0 */
/* See stackscan.h. Plain C99; slow and thorough, for the tests only. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "aes_ref.h"
#include "ref.h"
#include "stackscan.h"

/* objects: the 16-byte secrets kept raw, then the numbers kept as limbs or in doubles */
enum { K, RK1 = 1, RK10 = 10, R = 11, S = 12, TAG = 13, RAW_OBJECTS = 14 };
/* numbers: r^1..r^16 are 1..16, s is 17 */
#define NUMBER_S 17
#define NUMBERS 18

static const char *const raw_names[RAW_OBJECTS] = { "k", "round key 1", "round key 2", "round key 3",
  "round key 4", "round key 5", "round key 6", "round key 7", "round key 8", "round key 9", "round key 10",
  "r", "s", "verify's right tag" };

static void precompute(struct secrets *s);

/* the secrets of a key k (its round keys), r, s and (unless NULL) the right tag */
static void secrets_fill(struct secrets *s, const unsigned char k[16], const unsigned char r[16],
                         const unsigned char sbytes[16], const unsigned char *tag)
{
  s->ready = 0;   /* the powers and tables: precompute, on first use */
  s->has_tag = 0;
  memset(s->tag, 0, 16);
  memcpy(s->k, k, 16);
  memcpy(s->r, r, 16);
  s->r[3] &= 15; s->r[7] &= 15; s->r[11] &= 15; s->r[15] &= 15;
  s->r[4] &= 252; s->r[8] &= 252; s->r[12] &= 252;
  aes_ref_expand(s->roundkeys, k);
  memcpy(s->s, sbytes, 16);
  if (tag) {
    memcpy(s->tag, tag, 16);
    s->has_tag = 1;
  }
}

void secrets_of(struct secrets *s, const unsigned char kr[32], const unsigned char n[16],
                const unsigned char *tag)
{
  unsigned char sbytes[16];
  aes_ref_encrypt(sbytes, kr, n);
  secrets_fill(s, kr, kr + 16, sbytes, tag);
}

void secrets_of_onetime(struct secrets *s, const unsigned char key[32], const unsigned char *tag)
{
  secrets_fill(s, key + 16, key, key + 16, tag);   /* no AES key: s's bytes stand in for k */
}

static const unsigned char *raw_object(const struct secrets *s, int object)
{
  if (object <= RK10) return s->roundkeys + 16 * object;
  if (object == R) return s->r;
  if (object == S) return s->s;
  return s->has_tag ? s->tag : NULL;
}

/* number (1..16: r^e; 17: s) as 17 little-endian bytes in little-endian 64-bit words (the
   fourth zero), complemented within 130 bits when negated */
static void number(const struct secrets *s, int which, int negated, uint64_t out[4])
{
  unsigned char x[17];
  int i;
  if (which == NUMBER_S) {
    memcpy(x, s->s, 16);
    x[16] = 0;
  } else {
    memcpy(x, s->power[which], 17);
  }
  if (negated) {
    for (i = 0; i < 17; ++i) x[i] = (unsigned char) ~x[i];
    x[16] &= 3;
  }
  memset(out, 0, 4 * sizeof *out);
  for (i = 0; i < 17; ++i) out[i / 8] |= (uint64_t) x[i] << (8 * (i % 8));
}

/* bits [at, at + length) of a number in words (zero above it), at < 192, length <= 64 */
static uint64_t bits(const uint64_t x[4], unsigned int at, unsigned int length)
{
  unsigned int word = at / 64, shift = at % 64;
  uint64_t v = shift ? x[word] >> shift | x[word + 1] << (64 - shift) : x[word];
  return length < 64 ? v & ((1ull << length) - 1) : v;
}

/* ---- integer forms: index = ((number * 4 + radix) * 5 + limb) * 4 + multiplier choice ---- */

static const unsigned int radixes[4] = { 26, 32, 44, 64 };
static const unsigned int multipliers[4] = { 1, 5, 20, 0 };   /* 0: 5/4, radix 2^64 limb 1 only */

/* numbers[which]: number(which, not negated) */
static int integer_form(const uint64_t numbers[NUMBERS][4], int index, uint64_t *value)
{
  int choice = index % 4, limb = index / 4 % 5, radix = index / 20 % 4, which = index / 80;
  unsigned int width = radixes[radix];
  uint64_t v;
  if (which < 1 || which >= NUMBERS || (unsigned int) limb * width >= 130) return 0;
  if (which == NUMBER_S && radix != 1 && radix != 3) return 0;   /* s: words only */
  v = bits(numbers[which], (unsigned int) limb * width, width);
  if (multipliers[choice] == 0) {
    if (radix != 3 || limb != 1) return 0;
    v += v >> 2;
  } else {
    v *= multipliers[choice];
  }
  *value = v;
  return 1;
}
#define INTEGER_FORMS (NUMBERS * 80)

static int interesting(uint64_t v, uint32_t paint)
{
  return v >= (1u << 16) && v != ~(uint64_t) 0 && v != 0xffffffffu && (uint32_t) v != paint;
}

static uint64_t load(const unsigned char *p, int size)
{
  uint32_t w32;
  uint64_t w64;
  if (size == 4) {
    memcpy(&w32, p, 4);
    return w32;
  }
  memcpy(&w64, p, 8);
  return w64;
}

static uint64_t swapped(uint64_t v, int size)
{
  uint64_t out = 0;
  int i;
  for (i = 0; i < size; ++i) out = out << 8 | (v >> (8 * i) & 255);
  return out;
}

/* the value a raw word form stands for (index = piece * 2 + reversed) */
static int raw_form(const struct secrets *s, const struct stack_find *f, uint64_t *value)
{
  const unsigned char *x = raw_object(s, f->object);
  int piece = f->index / 2, pieces = 16 / f->kind;
  if (!x || piece >= pieces) return 0;
  *value = load(x + f->kind * piece, f->kind);
  if (f->index % 2) *value = swapped(*value, f->kind);
  return 1;
}

/* a double's significand without its trailing zero bits, and its length in bits; 0 if not normal */
static uint64_t odd_significand(const unsigned char *p, unsigned int *length)
{
  uint64_t b = load(p, 8), m;
  unsigned int e = (unsigned int) (b >> 52 & 0x7ff);
  *length = 0;
  if (e == 0 || e == 0x7ff) return 0;
  m = (b & ((1ull << 52) - 1)) | (1ull << 52);   /* 53 bits long */
  *length = 53;
  while (!(m & 255)) m >>= 8, *length -= 8;
  while (!(m & 1)) m >>= 1, --*length;
  return m;
}

/* form number i of the word table: raw forms first (object, piece, reversed), then integer forms */
static struct stack_find word_find(int i, int kind)
{
  struct stack_find f;
  f.kind = kind;
  f.multiplier = f.length = 0;
  f.offset = 0;
  if (i < RAW_OBJECTS * 8) {
    f.object = i / 8;
    f.index = i % 8;
  } else {
    f.object = RAW_OBJECTS;
    f.index = i - RAW_OBJECTS * 8;
  }
  return f;
}

typedef char slots_hold_every_form[(STACKSCAN_SLOTS >= 2 * STACKSCAN_WORDS
                                    && (STACKSCAN_SLOTS & (STACKSCAN_SLOTS - 1)) == 0) ? 1 : -1];

/* the first slot of a word value's probe sequence in a table of STACKSCAN_SLOTS */
static unsigned int slot_of(uint64_t v)
{
  return (unsigned int) ((v * 0x9e3779b97f4a7c15ull) >> 32) & (STACKSCAN_SLOTS - 1);
}

/* r's powers, every word form's value for 4- and 8-byte words, the valid ones by value and
   the windows of the numbers the double forms look for (r^1..r^4, s): once per secrets */
static void precompute(struct secrets *s)
{
  int size, i, which, negated;
  unsigned int position, e, slot;
  uint64_t integer[INTEGER_FORMS], numbers[NUMBERS][4];
  unsigned char has_integer[INTEGER_FORMS];
  if (s->ready) return;
  for (i = 0; i < 16; ++i) s->power[1][i] = s->r[i];
  for (e = 2; e <= 16; ++e) {
    memcpy(s->power[e], s->power[e - 1], 17);
    ref_multiply(s->power[e], s->power[1]);
  }
  for (which = 1; which < NUMBERS; ++which) number(s, which, 0, numbers[which]);
  for (i = 0; i < INTEGER_FORMS; ++i) has_integer[i] = (unsigned char) integer_form(numbers, i, &integer[i]);
  memset(s->slot, 0, sizeof s->slot);
  for (size = 0; size < 2; ++size) {
    for (i = 0; i < STACKSCAN_WORDS; ++i) {
      struct stack_find f = word_find(i, 4 + 4 * size);
      int valid;
      if (i < RAW_OBJECTS * 8) {
        valid = raw_form(s, &f, &s->word[size][i]);
      } else {
        valid = has_integer[f.index] && (size == 1 || integer[f.index] <= 0xffffffffu);
        s->word[size][i] = integer[f.index];
      }
      s->valid[size][i] = (unsigned char) valid;
      if (!valid) {
        s->word[size][i] = 0;
        continue;
      }
      /* linear probing: the forms of one value lie along its probe sequence in order of i */
      for (slot = slot_of(s->word[size][i]); s->slot[size][slot]; slot = (slot + 1) % STACKSCAN_SLOTS) {}
      s->slot[size][slot] = (unsigned short) (i + 1);
    }
  }
  for (which = 1; which <= NUMBER_S; which = which == 4 ? NUMBER_S : which + 1)
    for (negated = 0; negated < 2; ++negated) {
      uint64_t x[4];
      number(s, which, negated, x);
      for (position = 0; position < 130; ++position) s->window[which][negated][position] = bits(x, position, 64);
    }
  s->ready = 1;
}

/* the odd part of bits [position, position + length) of a number, times multiplier */
static uint64_t window_odd(const struct secrets *s, int which, int negated, unsigned int position,
                           unsigned int length, int multiplier)
{
  uint64_t v = s->window[which][negated][position];
  if (position + length > 130) return 0;
  if (length < 64) v &= (1ull << length) - 1;
  v *= (uint64_t) multiplier;
  while (v && !(v & 1)) v >>= 1;
  return v;
}

size_t stack_candidates(struct secrets *s, const unsigned char *image, size_t len, uint32_t paint,
                        struct stack_find *found, size_t max)
{
  size_t count = 0, at;
  int size, which, negated, multiplier;
  precompute(s);
  for (size = 0; size < 2; ++size) {
    int kind = 4 + 4 * size;
    for (at = 0; at + (size_t) kind <= len; at += (size_t) kind) {
      uint64_t v = load(image + at, kind);
      unsigned int slot, entry;
      if (!interesting(v, paint)) continue;
      for (slot = slot_of(v); (entry = s->slot[size][slot]) != 0; slot = (slot + 1) % STACKSCAN_SLOTS)
        if (s->word[size][entry - 1] == v && count < max) {
          found[count] = word_find((int) entry - 1, kind);
          found[count++].offset = at;
        }
    }
  }
  /* doubles holding 20 to 40 bits: a word or a piece of one (random data has longer significands) */
  for (at = 0; at + 8 <= len; at += 8) {
    unsigned int length;
    uint64_t odd = odd_significand(image + at, &length);
    if (length < 20 || length > 40) continue;
    for (which = 1; which <= NUMBER_S; which = which == 4 ? NUMBER_S : which + 1)
      for (negated = 0; negated < 2; ++negated)
        for (multiplier = 1; multiplier <= 5; multiplier += 4) {
          unsigned int position, target_length = length;
          uint64_t target = odd;
          if (multiplier == 5) {
            if (odd % 5) continue;
            target = odd / 5;
            for (target_length = 0; target >> target_length; ++target_length) {}
          }
          for (position = 0; position + target_length <= 130; ++position)
            if ((s->window[which][negated][position] & ((1ull << target_length) - 1)) == target && count < max) {
              struct stack_find f;
              f.offset = at;
              f.kind = 0;
              f.object = RAW_OBJECTS + 2 * which + negated;
              f.index = (int) position;
              f.multiplier = multiplier;
              f.length = (int) target_length;
              found[count++] = f;
            }
        }
  }
  return count;
}

int stack_confirms(struct secrets *s, const unsigned char *image, const struct stack_find *find)
{
  precompute(s);
  if (find->kind == 0) {
    unsigned int length;
    int n = find->object - RAW_OBJECTS;
    uint64_t odd = odd_significand(image + find->offset, &length);
    uint64_t v = window_odd(s, n / 2, n % 2, (unsigned int) find->index, (unsigned int) find->length, find->multiplier);
    return v != 0 && odd == v;
  } else {
    int i = find->object < RAW_OBJECTS ? find->object * 8 + find->index : RAW_OBJECTS * 8 + find->index;
    int size = find->kind / 4 - 1;
    return s->valid[size][i] && load(image + find->offset, find->kind) == s->word[size][i];
  }
}

void stack_describe(char *text, size_t size, const struct stack_find *f)
{
  if (f->kind == 0) {
    int n = (f->object - RAW_OBJECTS) / 2;
    char name[16];
    if (n == NUMBER_S) strcpy(name, "s");
    else snprintf(name, sizeof name, "r^%d", n);
    snprintf(text, size, "a double holding bits %d..%d of %s%s%s", f->index, f->index + f->length - 1,
             (f->object - RAW_OBJECTS) % 2 ? "the complement of " : "", name, f->multiplier == 5 ? ", times 5" : "");
  } else if (f->object < RAW_OBJECTS) {
    snprintf(text, size, "bytes %d..%d of %s%s", f->index / 2 * f->kind, f->index / 2 * f->kind + f->kind - 1,
             raw_names[f->object], f->index % 2 ? ", byte-reversed" : "");
  } else {
    int choice = f->index % 4, limb = f->index / 4 % 5, radix = f->index / 20 % 4, which = f->index / 80;
    char name[16];
    if (which == NUMBER_S) strcpy(name, "s");
    else snprintf(name, sizeof name, "r^%d", which);
    snprintf(text, size, "limb %d of %s in radix 2^%u%s, as a %d-bit word", limb, name, radixes[radix],
             multipliers[choice] == 0 ? ", times 5/4" : multipliers[choice] == 5 ? ", times 5"
             : multipliers[choice] == 20 ? ", times 20" : "", 8 * f->kind);
  }
}

size_t stack_depth(const unsigned char *image, size_t len, uint32_t paint)
{
  size_t at;
  for (at = 0; at + 4 <= len; at += 4)
    if ((uint32_t) load(image + at, 4) != paint) return len - at;
  return 0;
}
