// What otpgrep asks of the C library that Swift's Glibc module does not export.
#ifndef CSYSTEM_H
#define CSYSTEM_H

/// Lets malloc keep at most `count` arenas (`mallopt(M_ARENA_MAX, count)`), whatever the
/// number of threads; returns whether the C library took it. Call before the threads start.
int otc_limit_malloc_arenas(int count);

#endif
