/*
 * solver.c: mst-seq, the sequential baseline every speedup is measured against. Its variants
 * are the textbook algorithms (seq.h gives each one's source).
 */
#include <string.h>

#include "harness.h"
#include "seq.h"

/* The variants need none of the harness's options. */
static mst_status solve_kruskal(const mst_graph *g, const mst_options *o, mst_forest *out,
                                mst_phases *ph)
{
    (void)o;
    return mst_kruskal(g, out, ph);
}

static mst_status solve_filter_kruskal(const mst_graph *g, const mst_options *o, mst_forest *out,
                                       mst_phases *ph)
{
    (void)o;
    return mst_filter_kruskal(g, out, ph);
}

static mst_status solve_prim(const mst_graph *g, const mst_options *o, mst_forest *out,
                             mst_phases *ph)
{
    (void)o;
    return mst_prim(g, out, ph);
}

/* Prim's CSR is the topology's alone: --rounds builds it once (seq.h). */
static mst_status prepare_prim(const mst_graph *g, const mst_options *o, void **state,
                               mst_phases *ph)
{
    (void)o;
    return mst_prim_prepare(g, (mst_prim_prepared **)state, ph);
}

static mst_status solve_prim_prepared(void *state, const mst_graph *g, const mst_options *o,
                                      mst_forest *out, mst_phases *ph)
{
    (void)o;
    return mst_prim_prepared_solve(state, g, out, ph);
}

static void release_prim(void *state)
{
    mst_prim_release(state);
}

static mst_status solve_boruvka(const mst_graph *g, const mst_options *o, mst_forest *out,
                                mst_phases *ph)
{
    (void)o;
    return mst_boruvka(g, out, ph);
}

static const mst_variant variants[] = {
    {.name = "kruskal",
     .help = "Kruskal: radix sort by (key, id), then a union-find scan (1956)",
     .solve = solve_kruskal},
    {.name = "filter-kruskal",
     .help = "Filter-Kruskal: partition, recurse, filter (Osipov et al. 2009)",
     .solve = solve_filter_kruskal},
    {.name = "prim",
     .help = "Prim: binary heap with lazy deletion, restarted per component (1957)",
     .solve = solve_prim,
     .prepare = prepare_prim,
     .solve_prepared = solve_prim_prepared,
     .release = release_prim},
    {.name = "boruvka",
     .help = "Boruvka: rounds of lightest edges out of every component (1926)",
     .solve = solve_boruvka},
    {0},
};

/* Kruskal, Filter-Kruskal and Prim pack (key, id) into 64-bit words; Boruvka keeps 64-bit ids. */
static uint64_t max_edges(const char *algo)
{
    return strcmp(algo, "boruvka") == 0 ? 0 : MST_PACKED_MAX_EDGES;
}

const mst_solver_desc mst_solver_seq = {
    .program = "mst-seq",
    .description = "sequential minimum spanning forest: Kruskal (the baseline), Filter-Kruskal, "
                   "Prim, Boruvka",
    .parallelism = "sequential",
    .variants = variants,
    .max_edges = max_edges,
};
