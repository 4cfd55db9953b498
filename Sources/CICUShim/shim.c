#include "CICUShim.h"

#include <stdio.h>
#include <string.h>
#include <unicode/uchar.h>
#include <unicode/unorm2.h>
#include <unicode/utf16.h>

int32_t otc_decimal_digit_value(uint32_t scalar) {
  UChar32 c = (UChar32)scalar;
  if (u_charType(c) != U_DECIMAL_DIGIT_NUMBER) return -1;
  return u_charDigitValue(c);
}

int32_t otc_is_assigned(uint32_t scalar) {
  return u_charType((UChar32)scalar) != U_UNASSIGNED;
}

static int32_t fold_punctuation(UChar32 c) {
  switch (c) {
  case 0x2212: return '-';   // MINUS SIGN
  case 0x066B: return '.';   // ARABIC DECIMAL SEPARATOR
  case 0x066C: return ',';   // ARABIC THOUSANDS SEPARATOR
  case 0x060C: return ',';   // ARABIC COMMA
  case 0x061B: return ';';   // ARABIC SEMICOLON
  case 0x061F: return '?';   // ARABIC QUESTION MARK
  case 0x06D4: return '.';   // ARABIC FULL STOP
  case 0x3002: return '.';   // IDEOGRAPHIC FULL STOP
  case 0x3001: return ',';   // IDEOGRAPHIC COMMA
  case 0xFF61: return '.';   // HALFWIDTH IDEOGRAPHIC FULL STOP
  case 0x0964: return '.';   // DEVANAGARI DANDA
  default: return -1;
  }
}

// Letters that the matcher treats as one: Persian and Arabic yeh and kaf.
static UChar32 unify_letter(UChar32 c) {
  switch (c) {
  case 0x06CC: return 0x064A;  // FARSI YEH -> ARABIC YEH
  case 0x06A9: return 0x0643;  // KEHEH -> ARABIC KAF
  default: return c;
  }
}

// Strips the combining accents of a Latin, Greek or Cyrillic letter: "ó" -> "o".
static UChar32 strip_accent(UChar32 c) {
  if (!((c >= 0x00C0 && c < 0x0530) || (c >= 0x1E00 && c < 0x2000))) return c;
  UErrorCode status = U_ZERO_ERROR;
  const UNormalizer2 *nfd = unorm2_getNFDInstance(&status);
  if (U_FAILURE(status)) return c;
  UChar decomposition[8];
  int32_t length = unorm2_getDecomposition(nfd, c, decomposition, 8, &status);
  if (U_FAILURE(status) || length <= 0) return c;
  int32_t i = 0;
  UChar32 base;
  U16_NEXT(decomposition, i, length, base);
  for (; i < length; i++) {
    if (decomposition[i] < 0x0300 || decomposition[i] > 0x036F) return c;
  }
  return base;
}

// Folds one non-ASCII scalar of an NFKC form: punctuation and symbols to ASCII,
// letters case folded and stripped of accents; -1 drops it (variation selectors).
static UChar32 fold_result(UChar32 r, int8_t type) {
  int32_t p = fold_punctuation(r);
  if (p >= 0) return p;
  switch (type) {
  case U_SPACE_SEPARATOR: return ' ';
  case U_DASH_PUNCTUATION: return '-';
  case U_START_PUNCTUATION: return '(';
  case U_END_PUNCTUATION: return ')';
  case U_INITIAL_PUNCTUATION:
  case U_FINAL_PUNCTUATION: return '"';
  case U_OTHER_PUNCTUATION:
  case U_OTHER_SYMBOL:
  case U_MATH_SYMBOL:
  case U_MODIFIER_SYMBOL: return ' ';
  case U_NON_SPACING_MARK:
    // Variation selectors and the keycap mark: "4\uFE0F\u20E3" is the digit 4.
    if ((r >= 0xFE00 && r <= 0xFE0F) || (r >= 0xE0100 && r <= 0xE01EF) || r == 0x20E3) return -1;
    return r;
  default:
    return unify_letter(strip_accent(u_foldCase(r, U_FOLD_CASE_DEFAULT)));
  }
}

int32_t otc_fold_scalar_uncached(uint32_t scalar, uint32_t *out, int32_t capacity) {
  if (capacity < 2) return -1;
  UChar32 c = (UChar32)scalar;
  // Full-width and ideographic punctuation separates: "1234，5分钟" is no decimal 1234,5.
  switch (c) {
  case 0xFF0C: case 0x3001: case 0xFF64: out[0] = ','; out[1] = ' '; return 2;
  case 0x3002: case 0xFF61: case 0xFF0E: out[0] = '.'; out[1] = ' '; return 2;
  case 0xFF1A: out[0] = ':'; out[1] = ' '; return 2;
  case 0xFF1B: out[0] = ';'; out[1] = ' '; return 2;
  case 0x2022: case 0x25CF: case 0x2217: case 0x2731: out[0] = '*'; return 1;
  default: break;
  }
  int32_t punct = fold_punctuation(c);
  if (punct >= 0) { out[0] = (uint32_t)punct; return 1; }
  int8_t type = u_charType(c);
  switch (type) {
  case U_FORMAT_CHAR:
    return 0;
  case U_SPACE_SEPARATOR:
    out[0] = ' ';
    return 1;
  case U_LINE_SEPARATOR:
  case U_PARAGRAPH_SEPARATOR:
    out[0] = '\n';
    return 1;
  case U_DASH_PUNCTUATION:
    out[0] = '-';
    return 1;
  case U_DECIMAL_DIGIT_NUMBER:
    out[0] = (uint32_t)('0' + u_charDigitValue(c));
    return 1;
  case U_OTHER_NUMBER:
  case U_LETTER_NUMBER:
  case U_UNASSIGNED:
  case U_PRIVATE_USE_CHAR:
  case U_SURROGATE:
    out[0] = scalar;
    return 1;
  default:
    break;
  }

  // Most letters are their own NFKC form: a property lookup skips the normalizer.
  if (u_getIntPropertyValue(c, UCHAR_NFKC_QUICK_CHECK) == UNORM_YES) {
    UChar32 r = fold_result(c, type);
    if (r < 0) return 0;
    out[0] = (uint32_t)r;
    return 1;
  }

  UErrorCode status = U_ZERO_ERROR;
  const UNormalizer2 *nfkc = unorm2_getNFKCInstance(&status);
  UChar source[2];
  int32_t sourceLength = 0;
  UBool isError = 0;
  U16_APPEND(source, sourceLength, 2, c, isError);
  UChar folded[32];
  int32_t length = 0;
  if (U_SUCCESS(status) && !isError) {
    length = unorm2_normalize(nfkc, source, sourceLength, folded, 32, &status);
  }
  if (U_FAILURE(status) || isError) {
    out[0] = scalar;
    return 1;
  }
  // Decode, refusing a form that makes digits of something that is no digit.
  int32_t count = 0;
  for (int32_t i = 0; i < length;) {
    UChar32 r;
    U16_NEXT(folded, i, length, r);
    if (u_charType(r) == U_DECIMAL_DIGIT_NUMBER) {
      out[0] = scalar;
      return 1;
    }
    if (count >= capacity) return -1;
    if (r >= 0x80) {
      r = fold_result(r, u_charType(r));
      if (r < 0) continue;
    }
    out[count++] = (uint32_t)r;
  }
  return count;
}

// The folds of the Basic Multilingual Plane, filled in as scalars are met: 0 is not
// known yet; otherwise OTC_FOLD_KNOWN, and the single scalar the fold gives (OTC_FOLD_ONE) or
// nothing, or OTC_FOLD_MANY when the fold gives more than one scalar and is not cached.
// Entries are written and read with relaxed atomics: two threads meeting the same
// scalar compute and store the same value, and a reader sees 0 or that value.
// Read only here: the normalizer reads the second cache, of UTF-8 bytes (the header's).
#define OTC_FOLD_KNOWN 0x40000000u
#define OTC_FOLD_ONE 0x01000000u
#define OTC_FOLD_MANY 0x80000000u
#define OTC_FOLD_SCALAR 0x001FFFFFu
static uint32_t otc_fold_cache[0x10000];

int32_t otc_fold_scalar(uint32_t scalar, uint32_t *out, int32_t capacity) {
  if (capacity < 2) return -1;
  if (scalar >= 0x10000) return otc_fold_scalar_uncached(scalar, out, capacity);
  uint32_t entry = __atomic_load_n(&otc_fold_cache[scalar], __ATOMIC_RELAXED);
  if (entry == 0) {
    int32_t count = otc_fold_scalar_uncached(scalar, out, capacity);
    if (count == 0) {
      entry = OTC_FOLD_KNOWN;
    } else if (count == 1) {
      entry = OTC_FOLD_KNOWN | OTC_FOLD_ONE | out[0];
    } else {
      entry = OTC_FOLD_KNOWN | OTC_FOLD_MANY;
    }
    __atomic_store_n(&otc_fold_cache[scalar], entry, __ATOMIC_RELAXED);
    return count;
  }
  if (entry & OTC_FOLD_MANY) return otc_fold_scalar_uncached(scalar, out, capacity);
  if (entry & OTC_FOLD_ONE) {
    out[0] = entry & OTC_FOLD_SCALAR;
    return 1;
  }
  return 0;
}

uint32_t otc_fold_utf8_cache[0x10000];

uint32_t otc_fold_utf8_fill(uint32_t scalar) {
  uint32_t out[32];
  int32_t count = otc_fold_scalar(scalar, out, 32);
  uint32_t entry = OTC_FOLD_UTF8_SLOW;
  if (count >= 0) {
    uint32_t bytes = 0;
    int32_t length = 0;
    for (int32_t k = 0; k < count && length <= 3; k++) {
      uint32_t r = out[k];
      uint8_t encoded[4];
      int32_t n;
      if (r < 0x80) {
        encoded[0] = (uint8_t)r;
        n = 1;
      } else if (r < 0x800) {
        encoded[0] = (uint8_t)(0xC0 | r >> 6);
        encoded[1] = (uint8_t)(0x80 | (r & 0x3F));
        n = 2;
      } else if (r < 0x10000) {
        encoded[0] = (uint8_t)(0xE0 | r >> 12);
        encoded[1] = (uint8_t)(0x80 | (r >> 6 & 0x3F));
        encoded[2] = (uint8_t)(0x80 | (r & 0x3F));
        n = 3;
      } else {
        n = 4;
      }
      if (length + n > 3) {
        length = 4;
        break;
      }
      for (int32_t b = 0; b < n; b++) bytes |= (uint32_t)encoded[b] << (8 * (length + b));
      length += n;
    }
    if (length <= 3) entry = OTC_FOLD_UTF8_KNOWN | (uint32_t)length << 24 | bytes;
  }
  __atomic_store_n(&otc_fold_utf8_cache[scalar], entry, __ATOMIC_RELAXED);
  return entry;
}

uint64_t otc_fold_quiet_bits[0x800];

int32_t otc_fold_quiet_check(uint32_t scalar) {
  uint32_t entry = otc_fold_utf8(scalar);
  int32_t quiet = (entry & OTC_FOLD_UTF8_KNOWN) != 0;
  for (uint32_t b = 0; quiet && b < (entry >> 24 & 3); b++) {
    if ((uint8_t)((uint8_t)(entry >> (8 * b)) - 0x30) <= 10) quiet = 0;
  }
  uint64_t *bits = &otc_fold_quiet_bits[2 * (scalar >> 6)];
  uint64_t bit = 1ULL << (scalar & 63);
  // A reader that sees the known bit and not yet the quiet one takes the scalar for one to
  // look at: the general way, which is always right.
  if (quiet) __atomic_fetch_or(&bits[0], bit, __ATOMIC_RELAXED);
  __atomic_fetch_or(&bits[1], bit, __ATOMIC_RELAXED);
  return quiet;
}

void otc_fold_utf8_run(
    const uint8_t *input, intptr_t count, intptr_t *at, uint8_t *out, intptr_t capacity,
    intptr_t *written, int32_t *changed_offsets) {
  intptr_t i = *at;
  intptr_t n = *written;
  int32_t changed = 0;
  while (i < count) {
    uint32_t lead = input[i];
    if (lead < 0x80) {
      // ASCII folds to itself, eight bytes at a time where they fit: a word is stored whole
      // and the bytes up to its first non-ASCII one kept (what follows is written over).
      if (i + 8 <= count && n + 8 <= capacity) {
        uint64_t word;
        memcpy(&word, input + i, 8);
        memcpy(out + n, &word, 8);
#if __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
        word = __builtin_bswap64(word);
#endif
        uint64_t high = word & 0x8080808080808080ull;
        intptr_t run = high == 0 ? 8 : __builtin_ctzll(high) >> 3;
        n += run;
        i += run;
      } else {
        if (n >= capacity) break;
        out[n++] = (uint8_t)lead;
        i += 1;
      }
      continue;
    }
    if (n + 128 > capacity) break;
    uint32_t scalar;
    intptr_t length;
    if (lead - 0xC2u <= 0xDFu - 0xC2u) {
      if (i + 1 >= count) break;
      uint32_t second = input[i + 1];
      if ((second & 0xC0u) != 0x80u) break;
      scalar = (lead & 0x1Fu) << 6 | (second & 0x3Fu);
      length = 2;
    } else if (lead - 0xE0u <= 0xEFu - 0xE0u) {
      if (i + 2 >= count) break;
      uint32_t second = input[i + 1];
      uint32_t third = input[i + 2];
      if (((second | third << 8) & 0xC0C0u) != 0x8080u) break;
      scalar = (lead & 0x0Fu) << 12 | (second & 0x3Fu) << 6 | (third & 0x3Fu);
      if (scalar < 0x800u || (scalar & 0xF800u) == 0xD800u) break;
      length = 3;
    } else {
      break;
    }
    uint32_t entry = otc_fold_utf8(scalar);
    if (entry == 0) break;
    // The entry's bytes, lowest first (one store of four on a little-endian machine).
    out[n] = (uint8_t)entry;
    out[n + 1] = (uint8_t)(entry >> 8);
    out[n + 2] = (uint8_t)(entry >> 16);
    out[n + 3] = (uint8_t)(entry >> 24);
    intptr_t produced = (intptr_t)(entry >> 24 & 3);
    changed |= produced != length;
    n += produced;
    i += length;
  }
  *at = i;
  *written = n;
  if (changed) *changed_offsets = 1;
}

void otc_unicode_version(char *buffer, int32_t capacity) {
  UVersionInfo version;
  u_getUnicodeVersion(version);
  snprintf(buffer, (size_t)capacity, "%d.%d", version[0], version[1]);
}
