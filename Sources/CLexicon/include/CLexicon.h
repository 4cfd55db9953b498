// The built-in lexicon's compiled form, `standard.lexicon`, embedded as read-only bytes
// (`make lexicon` writes the file; OneTimeCode's LexiconTests check that it is current).
#ifndef CLEXICON_H
#define CLEXICON_H

#include <stddef.h>

/// The compiled lexicon's first byte; `otc_lexicon_size()` bytes follow.
const unsigned char *otc_lexicon_bytes(void);

/// The number of bytes at `otc_lexicon_bytes()`.
size_t otc_lexicon_size(void);

#include <stdint.h>

/// The byte the lexicon's trie reads for a message byte: ASCII capitals lowered, the four
/// whitespace bytes (space, tab, line feed, carriage return) as a space, every other byte as
/// it is. One load instead of a walk step's comparisons (see `Lexicon.matches(in:into:)`).
static const uint8_t otc_trie_byte_table[256] = {
#define OTC_ROW(b) \
  (b) + 0, (b) + 1, (b) + 2, (b) + 3, (b) + 4, (b) + 5, (b) + 6, (b) + 7
    OTC_ROW(0x00), 0x08, 0x20, 0x20, 0x0B, 0x0C, 0x20, 0x0E, 0x0F,
    OTC_ROW(0x10), OTC_ROW(0x18),
    OTC_ROW(0x20), OTC_ROW(0x28), OTC_ROW(0x30), OTC_ROW(0x38),
    0x40, 0x61, 0x62, 0x63, 0x64, 0x65, 0x66, 0x67,
    0x68, 0x69, 0x6A, 0x6B, 0x6C, 0x6D, 0x6E, 0x6F,
    0x70, 0x71, 0x72, 0x73, 0x74, 0x75, 0x76, 0x77,
    0x78, 0x79, 0x7A, 0x5B, 0x5C, 0x5D, 0x5E, 0x5F,
    OTC_ROW(0x60), OTC_ROW(0x68), OTC_ROW(0x70), OTC_ROW(0x78),
    OTC_ROW(0x80), OTC_ROW(0x88), OTC_ROW(0x90), OTC_ROW(0x98),
    OTC_ROW(0xA0), OTC_ROW(0xA8), OTC_ROW(0xB0), OTC_ROW(0xB8),
    OTC_ROW(0xC0), OTC_ROW(0xC8), OTC_ROW(0xD0), OTC_ROW(0xD8),
    OTC_ROW(0xE0), OTC_ROW(0xE8), OTC_ROW(0xF0), OTC_ROW(0xF8),
#undef OTC_ROW
};

/// `otc_trie_byte_table[byte]`.
static inline uint8_t otc_trie_byte(uint8_t byte) { return otc_trie_byte_table[byte]; }

#endif
