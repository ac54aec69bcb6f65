/*
 * boruvka.h: mst-omp's edge-centric Borůvka with a concurrent union-find.
 */
#ifndef MST_OMP_BORUVKA_H
#define MST_OMP_BORUVKA_H

#include "dsu.h"
#include "solver.h"

/* Filtering pays once the graph has this many edges per vertex (measured, docs/results.md). */
#define PAR_FILTER_AUTO_DEGREE 2

typedef struct par_boruvka_options {
    par_dsu_kind dsu;
    int filter;           /* 1 on, 0 off, -1 auto (on when m >= PAR_FILTER_AUTO_DEGREE * n) */
    double filter_factor; /* filtering first runs the rounds on about this many edges per
                             vertex (ECL-MST uses 4 on the GPU; 1 is best on CPUs) */
    uint64_t threads;     /* the team; 0: the calling thread's OpenMP default */
    omp_sched_t schedule; /* the edge loops' schedule (0: dynamic); their iterations are
                             blocks of 2048 edges */
    int chunk;            /* its chunk (0: the schedule's default) */
    uint64_t filter_seed; /* the threshold's sample: 0 evenly spread, else drawn from this seed
                             (mst_sample_threshold) */
} par_boruvka_options;

/* mst-omp's defaults (its --dsu, --filter, --filter-factor, -t, --schedule and --filter-seed), for the callers
 * without a command line of their own. */
#define PAR_BORUVKA_DEFAULTS {DSU_WAITFREE, -1, 1.0, 0, omp_sched_dynamic, 0, 0}


/*
 * Minimum spanning forest by edge-parallel Borůvka rounds over a worklist of (u, v, key, id)
 * edges (Shou and He, sections 2.7 and 3.3; Ma and Wan, section 3.1.1; Fallin et al. 2023,
 * section 3):
 *  1. relabel: each edge's endpoints become their components' representatives (find); edges
 *     inside one component are dropped; survivors keep the representatives in place of the
 *     endpoints (implicit path compression) and do a guarded 64-bit atomic minimum of their
 *     (key << 32 | id) at both representatives; survivors are compacted blockwise with a
 *     prefix sum over block counts (no shared counter);
 *  2. union: every edge that holds the minimum at one of its ends joins the forest and its
 *     components are united;
 *  3. reset: minima are cleared where they were set.
 * While the worklist has at least n edges, steps 2 and 3 are one pass over the minima instead:
 * each component's chosen edge is united and emitted if it joins, and its minimum cleared.
 * The first round's relabelling is the fill of the worklist itself (every vertex is a singleton).
 * With filtering, a sampled threshold first restricts the rounds to about filter_factor * n
 * lightest edges; then every vertex's representative is recorded ("flatten") and the heavier
 * edges go through the same rounds, the joined ones dropped as they are read from the graph.
 * Threads: o->threads, and o->schedule for the edge loops (schedule(runtime), set inside the
 * solve's own parallel region: the caller's OpenMP settings are left alone). Phases: "init" (allocation, initialization, first
 * worklist and its minima), "relabel+min" (with compaction), "flatten", "union", "reset";
 * counters: "rounds", "filtered" (heavy edges); mst_phase_round(components, worklist edges)
 * for every round. Requires m < 2^32 (packed ids).
 * Errors: MST_ERESOURCE. O((n + m) log n) work in the worst case, O(log n) rounds.
 */
mst_status par_boruvka(const mst_graph *g, const par_boruvka_options *o, mst_forest *out,
                       mst_phases *ph);

/* par_boruvka split for repeated solves on one topology (solver.h's prepare / solve_prepared /
 * release): the storage depends only on n and m. */
typedef struct par_boruvka_ws par_boruvka_ws;

/*
 * Allocates the union-find, minima, both worklists and block counts for g's n and m, decides
 * filtering from them (o is copied), and touches every page with the OpenMP team that will use
 * it, so that no page fault falls inside a solve. Phase "prepare". Errors: MST_ERESOURCE
 * (memory, m >= 2^32); *ws is then NULL.
 */
mst_status par_boruvka_prepare(const mst_graph *g, const par_boruvka_options *o,
                               par_boruvka_ws **ws, mst_phases *ph);

/* par_boruvka on g, whose n and m must be those of the prepare call (the keys may differ):
 * same forest, phases and counters. Errors: MST_EINTERNAL (another n or m). */
mst_status par_boruvka_run(par_boruvka_ws *ws, const mst_graph *g, mst_forest *out,
                           mst_phases *ph);

/* Frees ws (NULL-safe). */
void par_boruvka_release(par_boruvka_ws *ws);

#endif
