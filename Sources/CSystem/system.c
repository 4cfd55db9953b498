#include "CSystem.h"

// Any C library header defines `__GLIBC__` under glibc.
#include <stdlib.h>

#if defined(__GLIBC__)
#include <malloc.h>
#endif

int otc_limit_malloc_arenas(int count) {
#if defined(__GLIBC__) && defined(M_ARENA_MAX)
  return mallopt(M_ARENA_MAX, count) == 1;
#else
  (void)count;
  return 0;
#endif
}

// Defined only when a sanitizer's runtime is linked in; a weak reference is null otherwise.
extern void __asan_init(void) __attribute__((weak));
extern void __tsan_init(void) __attribute__((weak));

int otc_malloc_is_sanitizers(void) { return __asan_init != NULL || __tsan_init != NULL; }
