#ifndef CICUSHIM_H
#define CICUSHIM_H

#include <stdint.h>

// The few ICU calls OneTimeCode needs, behind plain C types.
// Debian's ICU renames every function with a version suffix through macros
// Swift cannot import, so Swift never sees an ICU header: only this one.

#ifdef __cplusplus
extern "C" {
#endif

/// The value 0...9 of a decimal digit (general category Nd), or -1.
int32_t otc_decimal_digit_value(uint32_t scalar);

/// 1 when ICU assigns the scalar a character (its general category is not Cn).
int32_t otc_is_assigned(uint32_t scalar);

/// Folds one scalar for the normalizer and writes the result to `out`. Results for the
/// Basic Multilingual Plane are cached (thread-safe), so ICU is asked once per scalar.
///
/// Returns how many scalars were written (0 drops the scalar), or -1 when
/// `capacity` is too small (it must be at least 2). The rules, in order:
/// - full-width and ideographic commas, full stops, colons and semicolons
///   become the ASCII sign and a space (they separate: `1234，5分钟`), and
///   bullets (`•`, `●`) become `*`, as in masked card numbers;
/// - format characters (Cf: bidi marks, ZWSP, ZWJ, BOM, soft hyphen...) are dropped;
/// - space separators (Zs) become U+0020, line and paragraph separators U+000A;
/// - dash punctuation (Pd) and U+2212 MINUS SIGN become U+002D;
/// - decimal digits (Nd) become ASCII digits;
/// - other numbers (No, Nl: circled, superscript, Roman, fractions) stay as they are;
/// - everything else takes its NFKC form, unless that form would contain a
///   digit. Of non-ASCII results: opening and closing punctuation become `(` and `)`, quotation marks `"`,
///   other punctuation and symbols (emoji, arrows, bullets) a space, but
///   currency signs stay; variation selectors and the keycap mark are dropped;
///   letters are case folded, Latin, Greek and Cyrillic
///   letters lose their accents ("ó" becomes "o"), and Persian yeh and kaf
///   become their Arabic forms, so the lexicon matches either spelling.
int32_t otc_fold_scalar(uint32_t scalar, uint32_t *out, int32_t capacity);

/// A second cache of the folds that `otc_fold_scalar` caches (in shim.c), as the UTF-8 bytes
/// they give, for those of three bytes or fewer (nearly all), one entry per scalar of the
/// Basic Multilingual Plane: OTC_FOLD_UTF8_KNOWN, the count of bytes (0 to 3) in bits 24 and
/// 25 and the bytes from bit 0, the first lowest; or OTC_FOLD_UTF8_SLOW when the fold is
/// longer; 0 when not known yet. Written and read with relaxed atomics, like the first.
#define OTC_FOLD_UTF8_KNOWN 0x80000000u
#define OTC_FOLD_UTF8_SLOW 0x40000000u
extern uint32_t otc_fold_utf8_cache[0x10000];

/// Works out and stores the entry of `otc_fold_utf8_cache` for `scalar` (below 0x10000),
/// and returns it.
uint32_t otc_fold_utf8_fill(uint32_t scalar);

/// The entry of `otc_fold_utf8_cache` for `scalar` when the fold's UTF-8 bytes are known and
/// three or fewer (OTC_FOLD_UTF8_KNOWN is set), else 0 (ask `otc_fold_scalar`): read inline,
/// filled on first sight.
static inline uint32_t otc_fold_utf8(uint32_t scalar) {
  if (scalar >= 0x10000) return 0;
  uint32_t entry = __atomic_load_n(&otc_fold_utf8_cache[scalar], __ATOMIC_RELAXED);
  if (entry == 0) entry = otc_fold_utf8_fill(scalar);
  return (entry & OTC_FOLD_UTF8_KNOWN) ? entry : 0;
}

/// For each block of 64 scalars of the Basic Multilingual Plane (`scalar >> 6`), two words
/// side by side, with a bit for each scalar (`scalar & 63`): in the first, set once its
/// `otc_fold_utf8` entry is known to hold no byte from `0x30` to `0x3A` (no digit, no colon), a
/// "quiet" scalar, which the template memo's key passes over without reading its entry; in the
/// second, set once the first's bit is known. Set by `otc_fold_quiet_check` on a scalar's first
/// sight, with relaxed atomics, like the caches.
extern uint64_t otc_fold_quiet_bits[0x800];

/// Whether `scalar` (below 0x10000) is quiet, from its entry (filled when not known yet); sets
/// its bits.
int32_t otc_fold_quiet_check(uint32_t scalar);

/// Whether `scalar` (a scalar, not a surrogate) is quiet: 1 or 0, and 0 past the Basic
/// Multilingual Plane. A bit or two read for a scalar seen before; a call on its first sight.
static inline int32_t otc_fold_is_quiet(uint32_t scalar) {
  if (scalar >= 0x10000) return 0;
  const uint64_t *bits = &otc_fold_quiet_bits[2 * (scalar >> 6)];
  uint64_t bit = 1ULL << (scalar & 63);
  if (__atomic_load_n(&bits[0], __ATOMIC_RELAXED) & bit) return 1;
  if (__atomic_load_n(&bits[1], __ATOMIC_RELAXED) & bit) return 0;
  return otc_fold_quiet_check(scalar);
}

/// Folds `input` (of `count` bytes) from `input[*at]` into `out` from `*written`, as the
/// extractor's fold loop would: ASCII as itself, eight bytes a step where they fit, and each
/// well-formed scalar of two or three bytes from its `otc_fold_utf8` entry. Stops at the end and
/// wherever that loop's general path is needed (a sequence of four bytes or an ill-formed one, a
/// fold the entry does not hold, fewer than 128 bytes left in `out` before a non-ASCII scalar);
/// advances `*at` and `*written` past what it folded, and sets `*changed_offsets` when a scalar
/// folded to another number of bytes than it had. Like the loop, it stores four bytes for each
/// fold and eight for each ASCII step, those past what it keeps written over or past the end.
void otc_fold_utf8_run(
    const uint8_t *input, intptr_t count, intptr_t *at, uint8_t *out, intptr_t capacity,
    intptr_t *written, int32_t *changed_offsets);

/// `otc_fold_scalar` without its cache: what the cache stores, for the tests that check it.
/// `capacity` must be at least 2 here too.
int32_t otc_fold_scalar_uncached(uint32_t scalar, uint32_t *out, int32_t capacity);

/// The Unicode version of the ICU data, as "major.minor" in `buffer`.
void otc_unicode_version(char *buffer, int32_t capacity);

#ifdef __cplusplus
}
#endif

#endif
