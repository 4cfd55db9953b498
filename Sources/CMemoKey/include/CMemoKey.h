// The template memo's key of a message (see OneTimeCode's `TemplateMemo`): its bytes with
// every ASCII digit turned into '0', and their hash, sixteen bytes at a time with SSE2 where
// the processor has it, eight at a time otherwise.
#ifndef CMEMOKEY_H
#define CMEMOKEY_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

/// What `otc_memo_key` found in a message, with the two lanes of its hash.
typedef struct {
  /// The lane of the key's even words (0, 2, 4, ...), seeded by the caller.
  uint64_t even;
  /// The lane of its odd words (1, 3, 5, ...), seeded by the caller.
  uint64_t odd;
  /// Whether a byte is an ASCII digit.
  uint8_t has_digit;
  /// Whether a byte is 0x80 or above (the message is not all ASCII).
  uint8_t has_non_ascii;
  /// Whether a byte is '@' (an origin-bound code needs one).
  uint8_t has_at_sign;
} otc_memo_key_scan;

/// A scan before its first byte: the lanes seeded for a message of `count` bytes
/// (0x9E3779B97F4A7C15 ^ count, and 0xC2B2AE3D27D4EB4F), the flags clear.
otc_memo_key_scan otc_memo_key_start(size_t count);

/// Mixes the `words` words at `key`, a key already made, into the lanes of `scan` as
/// `otc_memo_key` mixes them: for a key whose bytes were masked another way.
void otc_memo_key_mix(const uint64_t *key, size_t words, otc_memo_key_scan *scan);

/// Writes the key of the `count` bytes at `bytes` (1 to 256) into `key`: (count + 7) / 8
/// words, each eight bytes of the message in memory order with ASCII digits as '0', the last
/// one padded with zero bytes. Each word is mixed into its lane of `scan` (from
/// `otc_memo_key_start`), in order: the even lane as `x = h ^ w; h = (x & 0xFFFFFFFF) *
/// 0x9E3779B1 + (x >> 32)`, the odd one the same with 0x85EBCA77. The flags
/// of `scan` are set.
void otc_memo_key(const uint8_t *bytes, size_t count, uint64_t *key, otc_memo_key_scan *scan);

/// `otc_memo_key` eight bytes at a time, without SSE2, on every processor: what the tests
/// compare the other with.
void otc_memo_key_portable(
    const uint8_t *bytes, size_t count, uint64_t *key, otc_memo_key_scan *scan);

/// The index of the first ASCII digit in the `count` bytes at `bytes` at or after `start`
/// (at most `count`), or `count` when there is none: sixteen bytes a step with SSE2, the last
/// ones in one load that ends with the bytes.
size_t otc_first_digit(const uint8_t *bytes, size_t start, size_t count);

/// Whether `byte` occurs in the `count` bytes at `bytes`: the C library's `memchr`, which
/// reads 32 bytes a step where the processor can (the analysis asks it of every message it
/// sees, and the memo of every message without a digit). Inline, so no call of our own.
static inline int otc_contains_byte(const uint8_t *bytes, size_t count, uint8_t byte) {
  return memchr(bytes, byte, count) != NULL;
}

/// The index of the first `byte` in `bytes[start..<count]`, or `count` when there is none.
static inline size_t otc_first_byte(const uint8_t *bytes, size_t start, size_t count,
                                    uint8_t byte) {
  const uint8_t *found = memchr(bytes + start, byte, count - start);
  return found == NULL ? count : (size_t)(found - bytes);
}

/// Asks for the cache line at `address` ahead of its use (a hint: no fault, no effect on
/// what is read).
static inline void otc_prefetch(const void *address) { __builtin_prefetch(address, 0, 3); }

#endif
