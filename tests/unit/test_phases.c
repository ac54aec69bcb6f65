/* test_phases.c: the per-trial phase, counter and round records that solvers fill. */
#include <criterion/criterion.h>
#include <string.h>

#include "solver.h"

Test(phases, times_add_up_by_name_and_counters_are_set)
{
    mst_phases ph;
    memset(&ph, 0, sizeof ph);
    mst_phase_add(&ph, "scan", 1.0);
    mst_phase_add(&ph, "sort", 2.0);
    mst_phase_add(&ph, "scan", 0.5);
    mst_phase_count(&ph, "rounds", 3);
    mst_phase_count(&ph, "rounds", 4);
    cr_assert_eq(ph.count, 2);
    cr_assert_float_eq(ph.seconds[0], 1.5, 1e-12);
    cr_assert_eq(mst_phase_counter(&ph, "rounds"), 4);
    cr_assert_eq(mst_phase_counter(&ph, "missing"), 0);
    cr_assert_eq(ph.dropped, 0);
}

Test(phases, rounds_keep_their_order_and_overflow_is_counted)
{
    mst_phases ph;
    memset(&ph, 0, sizeof ph);
    for (uint64_t r = 0; r < MST_MAX_ROUNDS; r++)
        mst_phase_round(&ph, 1000 - r, 5000 - r);
    cr_assert_eq(ph.rounds, MST_MAX_ROUNDS);
    cr_assert_eq(ph.round_n[0], 1000);
    cr_assert_eq(ph.round_m[MST_MAX_ROUNDS - 1], 5000 - (MST_MAX_ROUNDS - 1));
    cr_assert_eq(ph.dropped, 0);
    mst_phase_round(&ph, 1, 1);
    cr_assert_eq(ph.rounds, MST_MAX_ROUNDS, "a round past the limit is not stored");
    cr_assert_eq(ph.dropped, 1, "and the harness is told");
    mst_phase_round(NULL, 1, 1);
}
