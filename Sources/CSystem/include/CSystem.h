// What otpgrep asks of the C library that Swift's Glibc module does not export.
#ifndef CSYSTEM_H
#define CSYSTEM_H

/// Lets malloc keep at most `count` arenas (`mallopt(M_ARENA_MAX, count)`), whatever the
/// number of threads; returns whether the C library took it. Call before the threads start.
int otc_limit_malloc_arenas(int count);

/// Whether a sanitizer's allocator stands in for the C library's (the address or thread
/// sanitizer's runtime is linked in): its `mallopt` takes nothing.
int otc_malloc_is_sanitizers(void);

#endif
