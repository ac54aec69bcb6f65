/* phases.c: per-trial phase times and counters that solvers fill (see solver.h). */
#include <string.h>

#include "solver.h"

void mst_phase_add(mst_phases *ph, const char *name, double seconds)
{
    if (ph == NULL)
        return;
    for (int i = 0; i < ph->count; i++)
        if (strcmp(ph->name[i], name) == 0) {
            ph->seconds[i] += seconds;
            return;
        }
    if (ph->count == MST_MAX_PHASES) {
        ph->dropped++;
        return;
    }
    ph->name[ph->count] = name;
    ph->seconds[ph->count++] = seconds;
}

void mst_phase_count(mst_phases *ph, const char *name, uint64_t value)
{
    if (ph == NULL)
        return;
    for (int i = 0; i < ph->counters; i++)
        if (strcmp(ph->counter_name[i], name) == 0) {
            ph->counter[i] = value;
            return;
        }
    if (ph->counters == MST_MAX_PHASES) {
        ph->dropped++;
        return;
    }
    ph->counter_name[ph->counters] = name;
    ph->counter[ph->counters++] = value;
}

void mst_phase_round(mst_phases *ph, uint64_t n, uint64_t m)
{
    if (ph == NULL)
        return;
    if (ph->rounds == MST_MAX_ROUNDS) {
        ph->dropped++;
        return;
    }
    ph->round_n[ph->rounds] = n;
    ph->round_m[ph->rounds++] = m;
}

uint64_t mst_phase_counter(const mst_phases *ph, const char *name)
{
    for (int i = 0; ph != NULL && i < ph->counters; i++)
        if (strcmp(ph->counter_name[i], name) == 0)
            return ph->counter[i];
    return 0;
}
