// The compiled lexicon, embedded at build time with C23 `#embed` (clang 19 and later): it
// is read in place, with no decoding at start-up.
#include "CLexicon.h"

#pragma clang diagnostic ignored "-Wc23-extensions"

// Aligned so that the trie's tables, on 8-byte boundaries of the compiled form, are read in place.
static const unsigned char lexicon[] __attribute__((aligned(64))) = {
#embed "standard.lexicon"
};

const unsigned char *otc_lexicon_bytes(void) { return lexicon; }

size_t otc_lexicon_size(void) { return sizeof lexicon; }
