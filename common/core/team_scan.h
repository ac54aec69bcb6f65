/*
 * team_scan.h: the pieces of a parallel prefix sum done by the OpenMP team that calls them:
 * each thread takes a contiguous slice, counts in it, learns the offset of its slice from the
 * threads' counts, and writes (mst-omp, mst-cuda's hybrid, mst-mpi's threads, libmst and the
 * ranking of 64-bit weights); and the threads' shared minimum of a word (the Borůvka minima).
 * The sequential mst_exclusive_scan (core.h) scans the per-thread counts.
 */
#ifndef MST_TEAM_SCAN_H
#define MST_TEAM_SCAN_H

#include <omp.h>
#include <stdint.h>

#include "core.h"

/* The team of a solve whose options ask for `threads` (0: the calling thread's default). Every
 * parallel region of mst-omp names its team (num_threads), so that no caller's OpenMP setting
 * is changed. */
static inline int par_team(uint64_t threads)
{
    return threads > 0 ? (int)threads : omp_get_max_threads();
}

/* The team for `work` items: the calling thread alone below 2^16 items, where waking a team
 * costs more than it saves; else par_team(threads). */
static inline int par_team_for(uint64_t threads, uint64_t work)
{
    return work < ((uint64_t)1 << 16) ? 1 : par_team(threads);
}

/* The slice [*lo, *hi) of 0..len that thread t of p owns (contiguous, sizes differ by <= 1). */
static inline void par_team_slice(uint64_t len, int t, int p, uint64_t *lo, uint64_t *hi)
{
    *lo = len * (uint64_t)t / (uint64_t)p;
    *hi = len * (uint64_t)(t + 1) / (uint64_t)p;
}

/*
 * Every thread of the current team passes its own count; returns the sum of the counts of the
 * threads numbered below it, and sets *total to the sum of all (outside a parallel region the
 * team is the calling thread alone). part: shared scratch of team size + 1 words. Two
 * barriers; part may be reused as soon as it returns. O(threads).
 */
static inline uint64_t par_team_offset(uint64_t count, uint64_t *part, uint64_t *total)
{
    int t = omp_get_thread_num(), p = omp_get_num_threads();
    part[t] = count;
#pragma omp barrier
#pragma omp single
    part[p] = mst_exclusive_scan(part, (uint64_t)p);
    uint64_t offset = part[t];
    *total = part[p];
#pragma omp barrier
    return offset;
}

/* *p = min(*p, x), atomically among threads (relaxed: the caller's barrier publishes it). The
 * value is read first: most candidates cannot win, and a read costs far less than a failed
 * compare-and-swap. */
static inline void par_min_u64(uint64_t *p, uint64_t x)
{
    uint64_t cur = __atomic_load_n(p, __ATOMIC_RELAXED);
    while (x < cur &&
           !__atomic_compare_exchange_n(p, &cur, x, 1, __ATOMIC_RELAXED, __ATOMIC_RELAXED))
        ;
}

#endif
