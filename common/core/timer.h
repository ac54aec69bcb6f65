/* timer.h: wall-clock seconds from a monotonic clock, for compute and phase times. */
#ifndef MST_TIMER_H
#define MST_TIMER_H

#include <time.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Seconds since an arbitrary fixed point (CLOCK_MONOTONIC); differences are durations. */
static inline double mst_now_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

#ifdef __cplusplus
}
#endif

#endif
