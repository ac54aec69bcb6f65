/*
 * solver.c: the template of the assignments (docs/assignments.md). A solver is one folder with
 * one descriptor, the public symbol mst_solver_<folder>, whose variants name solve functions;
 * the shared harness (common/harness) does everything else: the command line, loading the
 * graph, the timed trials, the verifier, the summary, --json and --output.
 *
 * To start an assignment: copy this folder to assignments/NAME, rename mst_solver_template to
 * mst_solver_NAME and "mst-template" to "mst-NAME" below, and write your algorithm in place of
 * solve()'s body. `make check-solver SOLVER=NAME` builds it into bin/assignments/mst-NAME and
 * checks it (the same edge ids as mst-seq on graphs with ties, several components and both
 * objectives; the verifier). Options of your own (a thread count, ...) are a table in the
 * descriptor: openmp/solver.c shows one.
 *
 * As shipped, solve() is Kruskal's algorithm (J. B. Kruskal, "On the shortest spanning subtree
 * of a graph and the traveling salesman problem", Proc. AMS 7(1), 1956), written to be read
 * rather than to be fast: sort the edges, then keep each edge that joins two trees of the
 * forest built so far.
 */
#include <stdlib.h>

#include "solver.h"

/* qsort_r's order of two edge ids: the (key, id) order that every solver of the suite follows.
 * The lighter edge comes first (keys are ordered as the weights are), and of two equal weights
 * the lower id: this tie rule is what makes every solver return exactly the same edges. */
static int by_key_then_id(const void *a, const void *b, void *graph)
{
    const mst_graph *g = graph;
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    if (g->key[x] != g->key[y])
        return g->key[x] < g->key[y] ? -1 : 1;
    return x < y ? -1 : x > y;
}

/*
 * The solve (solver.h, mst_solve_fn). The graph g is read-only: n vertices 0..n-1 and m edges,
 * edge e joining g->u[e] and g->v[e] with weight key g->key[e] (with --maximum the harness hands
 * over flipped keys: nothing to do here). Write the ids of the forest's edges, in any order,
 * into out->eid (room for min(m, n) + 1) and their number into out->count. Every call must give
 * the same edges. ph may record phase times (shown by --phases) and the trace (--trace,
 * docs/trace.md): a Borůvka calls mst_trace_round(ph, ids, count) after each round with the
 * ids the round added. Returns MST_OK, or MST_ERESOURCE when memory runs out (MST_ALLOC and
 * MST_CHECK jump to fail: with st set).
 */
static mst_status solve(const mst_graph *g, const mst_options *o, mst_forest *out,
                        mst_phases *ph)
{
    (void)o; /* this variant has no options */
    mst_status st = MST_OK;
    uint64_t *order = NULL;
    mst_dsu trees = {0};
    double start = mst_now_s();

    /* 1. Every edge id, in the (key, id) order. */
    MST_ALLOC(order, g->m);
    for (uint64_t e = 0; e < g->m; e++)
        order[e] = e;
    qsort_r(order, g->m, sizeof *order, by_key_then_id, (void *)g);
    double sorted = mst_now_s();

    /* 2. One union-find set per tree of the forest so far, each vertex alone at first; an edge
     *    whose ends lie in two sets joins them and belongs to the forest. */
    MST_CHECK(mst_dsu_init(&trees, g->n));
    out->count = 0;
    for (uint64_t i = 0; i < g->m; i++) {
        uint64_t e = order[i];
        if (mst_dsu_union(&trees, g->u[e], g->v[e]))
            out->eid[out->count++] = e;
    }
    /* --trace: Kruskal adds one edge at a time, so its lines are steps (docs/trace.md). */
    mst_trace_steps(ph, out->eid, out->count);
    mst_phase_add(ph, "sort", sorted - start);
    mst_phase_add(ph, "scan", mst_now_s() - sorted);
fail:
    free(order);
    mst_dsu_free(&trees);
    return st;
}

/* The variants (--algo); the first is the default. */
static const mst_variant variants[] = {
    {.name = "kruskal",
     .help = "Kruskal: sort by (key, id), then a union-find scan (1956): replace it with yours",
     .solve = solve},
    {0},
};

const mst_solver_desc mst_solver_template = {
    .program = "mst-template",
    .description = "the assignments' template: a solver folder to fill in (docs/assignments.md)",
    .parallelism = "sequential",
    .variants = variants,
};
