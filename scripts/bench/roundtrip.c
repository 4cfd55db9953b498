// How far apart two cores are: a cache line passed back and forth between a thread on each,
// 200,000 times; prints the median of five runs' round trips in nanoseconds. On the bench's
// virtual machines the host places the two cores on one die (about 100 ns) or on two (about
// 440 ns), and moves them from time to time: two jobs take about a quarter more CPU time on
// two dies, whatever else holds (docs/PERFORMANCE-HISTORY.md, "The forty-second round").
//
//   cc -O2 -pthread -o roundtrip scripts/bench/roundtrip.c && ./roundtrip 0 1
#define _GNU_SOURCE
#include <pthread.h>
#include <sched.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

enum { trips = 200000, runs = 5 };

static _Atomic int ball __attribute__((aligned(64)));
static int other_cpu;

static void pin(int cpu) {
  cpu_set_t set;
  CPU_ZERO(&set);
  CPU_SET(cpu, &set);
  pthread_setaffinity_np(pthread_self(), sizeof set, &set);
}

// The other side: sends the ball back each time it comes.
static void *returner(void *unused) {
  (void)unused;
  pin(other_cpu);
  for (int k = 0; k < trips; k++) {
    while (atomic_load_explicit(&ball, memory_order_acquire) != 1) {
    }
    atomic_store_explicit(&ball, 0, memory_order_release);
  }
  return NULL;
}

static double one_run(int cpu) {
  pthread_t thread;
  atomic_store(&ball, 0);
  pthread_create(&thread, NULL, returner, NULL);
  pin(cpu);
  struct timespec start, end;
  clock_gettime(CLOCK_MONOTONIC, &start);
  for (int k = 0; k < trips; k++) {
    atomic_store_explicit(&ball, 1, memory_order_release);
    while (atomic_load_explicit(&ball, memory_order_acquire) != 0) {
    }
  }
  clock_gettime(CLOCK_MONOTONIC, &end);
  pthread_join(thread, NULL);
  return ((end.tv_sec - start.tv_sec) * 1e9 + (end.tv_nsec - start.tv_nsec)) / trips;
}

static int ascending(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

int main(int argc, char **argv) {
  int cpu = argc > 1 ? atoi(argv[1]) : 0;
  other_cpu = argc > 2 ? atoi(argv[2]) : 1;
  double times[runs];
  for (int r = 0; r < runs; r++) times[r] = one_run(cpu);
  qsort(times, runs, sizeof times[0], ascending);
  printf("%.0f\n", times[runs / 2]);
  return 0;
}
