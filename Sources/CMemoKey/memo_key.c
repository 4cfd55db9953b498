#include "CMemoKey.h"

#include <string.h>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

static const uint64_t ones = 0x0101010101010101ULL;
static const uint64_t highs = 0x8080808080808080ULL;

// Each lane mixes a word in as `x = h ^ w; h = low32(x) * K + high32(x)`: one 32-by-32-bit
// multiplication, which SSE2 does for both lanes in one instruction (a 64-bit one takes three
// and the shifts and additions between them). The hash only places a key in the memo; the
// memo compares whole keys.
static const uint64_t even_factor = 0x9E3779B1ULL;
static const uint64_t odd_factor = 0x85EBCA77ULL;

static inline uint64_t mix_even(uint64_t h, uint64_t w) {
  uint64_t x = h ^ w;
  return (x & 0xFFFFFFFFULL) * even_factor + (x >> 32);
}

static inline uint64_t mix_odd(uint64_t h, uint64_t w) {
  uint64_t x = h ^ w;
  return (x & 0xFFFFFFFFULL) * odd_factor + (x >> 32);
}

otc_memo_key_scan otc_memo_key_start(size_t count) {
  otc_memo_key_scan scan = {
      .even = 0x9E3779B97F4A7C15ULL ^ (uint64_t)count, .odd = 0xC2B2AE3D27D4EB4FULL};
  return scan;
}

void otc_memo_key_mix(const uint64_t *key, size_t words, otc_memo_key_scan *scan) {
  for (size_t k = 0; k < words; k++) {
    if ((k & 1) == 0) {
      scan->even = mix_even(scan->even, key[k]);
    } else {
      scan->odd = mix_odd(scan->odd, key[k]);
    }
  }
}

/// The ASCII digits of the eight bytes `w`, flagged in each byte's high bit. No carry crosses
/// a byte: the low seven bits plus 0x50 reach the high bit from 0x30 up, plus 0x46 from 0x3A up.
static inline uint64_t digit_flags(uint64_t w) {
  uint64_t x = w & ~highs;
  return (x + ones * 0x50) & ~(x + ones * 0x46) & ~w & highs;
}

/// One word of eight bytes, masked; its digits, high bytes and at signs flagged (in each
/// byte's high bit) into the accumulators.
static inline uint64_t mask_word(uint64_t w, uint64_t *digits, uint64_t *high, uint64_t *at) {
  *high |= w;
  uint64_t is_digit = digit_flags(w);
  *digits |= is_digit;
  uint64_t y = w ^ (ones * 0x40);
  *at |= (y - ones) & ~y & highs;
  uint64_t spread = (is_digit >> 7) * 0xFF;
  return (w & ~spread) | (0x3030303030303030ULL & spread);
}

/// Masks the word `w` of the key, its `index`-th, and mixes it into its lane.
static inline void key_word(uint64_t w, size_t index, uint64_t *key, otc_memo_key_scan *scan,
                            uint64_t *digits, uint64_t *high, uint64_t *at) {
  w = mask_word(w, digits, high, at);
  key[index] = w;
  if ((index & 1) == 0) {
    scan->even = mix_even(scan->even, w);
  } else {
    scan->odd = mix_odd(scan->odd, w);
  }
}

/// The words of the `count - i` bytes (at most 16) from `i` to the end, zero-padded, the
/// eight-byte way. When the message has eight bytes or more, its last bytes are read with
/// the ones before them and shifted down, without a copy.
static void tail_words(const uint8_t *bytes, size_t i, size_t count, uint64_t *key,
                       otc_memo_key_scan *scan, uint64_t *digits, uint64_t *high,
                       uint64_t *at) {
  uint64_t w;
  if (count < 8) {
    uint8_t tail[8] = {0};
    memcpy(tail, bytes, count);
    memcpy(&w, tail, 8);
    key_word(w, 0, key, scan, digits, high, at);
    return;
  }
  if (count - i >= 8) {
    memcpy(&w, bytes + i, 8);
    key_word(w, i / 8, key, scan, digits, high, at);
    i += 8;
  }
  if (i < count) {
    memcpy(&w, bytes + count - 8, 8);
    key_word(w >> (8 * (8 - (count - i))), i / 8, key, scan, digits, high, at);
  }
}

void otc_memo_key_portable(const uint8_t *bytes, size_t count, uint64_t *key,
                           otc_memo_key_scan *scan) {
  uint64_t digits = 0, high = 0, at = 0;
  size_t i = 0;
  for (; i + 8 <= count; i += 8) {
    uint64_t w;
    memcpy(&w, bytes + i, 8);
    key_word(w, i / 8, key, scan, &digits, &high, &at);
  }
  if (i < count) tail_words(bytes, i, count, key, scan, &digits, &high, &at);
  scan->has_digit = digits != 0;
  scan->has_non_ascii = (high & highs) != 0;
  scan->has_at_sign = at != 0;
}

#if defined(__SSE2__)
/// The ASCII digits of the sixteen bytes `v`, as bytes of all ones: a digit is a byte whose
/// distance above '0' is at most 9 (unsigned, as the minimum of it and 9 equal to it).
static inline __m128i digit_bytes(__m128i v) {
  __m128i above = _mm_sub_epi8(v, _mm_set1_epi8(0x30));
  return _mm_cmpeq_epi8(_mm_min_epu8(above, _mm_set1_epi8(9)), above);
}

/// Sixteen bytes `v` masked (ASCII digits as '0'); their digits, high bytes and at signs
/// flagged into the accumulators.
static inline __m128i mask_step(__m128i v, __m128i *digits, __m128i *high, __m128i *at) {
  const __m128i zero_digit = _mm_set1_epi8(0x30);
  __m128i is_digit = digit_bytes(v);
  *high = _mm_or_si128(*high, v);
  *digits = _mm_or_si128(*digits, is_digit);
  *at = _mm_or_si128(*at, _mm_cmpeq_epi8(v, _mm_set1_epi8(0x40)));
  return _mm_or_si128(_mm_andnot_si128(is_digit, v), _mm_and_si128(is_digit, zero_digit));
}
#endif

void otc_memo_key(const uint8_t *bytes, size_t count, uint64_t *key, otc_memo_key_scan *scan) {
#if defined(__SSE2__)
  // Sixteen bytes a step (`mask_step`); the step's two words go to the two lanes.
  // The two lanes' factors, each in the low half of its lane, where `_mm_mul_epu32` reads.
  const __m128i factors = _mm_set_epi64x((long long)odd_factor, (long long)even_factor);
  __m128i lanes = _mm_set_epi64x((long long)scan->odd, (long long)scan->even);
  __m128i digits = _mm_setzero_si128(), high = _mm_setzero_si128(), at = _mm_setzero_si128();
  size_t i = 0;
  for (; i + 16 <= count; i += 16) {
    __m128i masked = mask_step(_mm_loadu_si128((const __m128i *)(bytes + i)), &digits, &high, &at);
    _mm_storeu_si128((__m128i *)(key + i / 8), masked);
    // Both lanes at once, as `mix_even` and `mix_odd` mix them.
    __m128i x = _mm_xor_si128(lanes, masked);
    lanes = _mm_add_epi64(_mm_mul_epu32(x, factors), _mm_srli_epi64(x, 32));
  }
  scan->even = (uint64_t)_mm_cvtsi128_si64(lanes);
  scan->odd = (uint64_t)_mm_cvtsi128_si64(_mm_unpackhi_epi64(lanes, lanes));
  if (i < count && count >= 16) {
    // The last sixteen bytes in one load that ends with the message: those it shares with
    // the last step add no flag they had not set. Its masked bytes from `i` on, shifted down
    // as one 128-bit number (zeros come in past the end), are the key's last one or two
    // words, written and mixed from registers, in the order of their lanes (the steps cover
    // two words each, so the first is an even one).
    __m128i masked =
        mask_step(_mm_loadu_si128((const __m128i *)(bytes + count - 16)), &digits, &high, &at);
    unsigned __int128 rest =
        (unsigned __int128)(uint64_t)_mm_cvtsi128_si64(_mm_unpackhi_epi64(masked, masked)) << 64 |
        (uint64_t)_mm_cvtsi128_si64(masked);
    rest >>= 8 * (16 - (count - i));
    uint64_t first = (uint64_t)rest;
    key[i / 8] = first;
    scan->even = mix_even(scan->even, first);
    if (count - i > 8) {
      uint64_t second = (uint64_t)(rest >> 64);
      key[i / 8 + 1] = second;
      scan->odd = mix_odd(scan->odd, second);
    }
    i = count;
  }
  uint64_t tail_digits = 0, tail_high = 0, tail_at = 0;
  if (i < count) tail_words(bytes, i, count, key, scan, &tail_digits, &tail_high, &tail_at);
  scan->has_digit = _mm_movemask_epi8(digits) != 0 || tail_digits != 0;
  scan->has_non_ascii = _mm_movemask_epi8(high) != 0 || (tail_high & highs) != 0;
  scan->has_at_sign = _mm_movemask_epi8(at) != 0 || tail_at != 0;
#else
  otc_memo_key_portable(bytes, count, key, scan);
#endif
}

size_t otc_first_digit(const uint8_t *bytes, size_t start, size_t count) {
  size_t i = start;
#if defined(__SSE2__)
  for (; i + 16 <= count; i += 16) {
    int mask = _mm_movemask_epi8(digit_bytes(_mm_loadu_si128((const __m128i *)(bytes + i))));
    if (mask != 0) return i + (size_t)__builtin_ctz((unsigned)mask);
  }
  if (i < count && count >= 16) {
    // The last sixteen bytes, those before `i` (already read) masked off.
    size_t last = count - 16;
    unsigned mask =
        (unsigned)_mm_movemask_epi8(digit_bytes(_mm_loadu_si128((const __m128i *)(bytes + last))));
    mask &= ~0u << (i - last);
    return mask != 0 ? last + (size_t)__builtin_ctz(mask) : count;
  }
#else
  // Eight bytes a step (`digit_flags`).
  for (; i + 8 <= count; i += 8) {
    uint64_t x;
    memcpy(&x, bytes + i, 8);
    uint64_t flags = digit_flags(x);
    if (flags != 0) {
#if __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
      return i + (size_t)(__builtin_ctzll(flags) >> 3);
#else
      return i + (size_t)(__builtin_clzll(flags) >> 3);
#endif
    }
  }
#endif
  for (; i < count; i++) {
    if ((uint8_t)(bytes[i] - '0') < 10) return i;
  }
  return count;
}
