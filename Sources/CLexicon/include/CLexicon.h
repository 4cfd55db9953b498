// The built-in lexicon's compiled form, `standard.lexicon`, embedded as read-only bytes
// (`make lexicon` writes the file; OneTimeCode's LexiconTests check that it is current).
#ifndef CLEXICON_H
#define CLEXICON_H

#include <stddef.h>

/// The compiled lexicon's first byte; `otc_lexicon_size()` bytes follow.
const unsigned char *otc_lexicon_bytes(void);

/// The number of bytes at `otc_lexicon_bytes()`.
size_t otc_lexicon_size(void);

#endif
