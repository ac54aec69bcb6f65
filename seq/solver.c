/*
 * solver.c: mst-seq, the sequential baseline every speedup is measured against. Its variants
 * are the textbook algorithms (seq.h gives each one's source).
 */
#include <string.h>

#include "solver.h"
#include "seq.h"

static const mst_variant variants[] = {
    {.name = "kruskal",
     .help = "Kruskal: radix sort by (key, id), then a union-find scan (1956)",
     .solve = mst_kruskal},
    {.name = "filter-kruskal",
     .help = "Filter-Kruskal: partition, recurse, filter (Osipov et al. 2009)",
     .solve = mst_filter_kruskal},
    {.name = "prim",
     .help = "Prim: binary heap with lazy deletion, restarted per component (1957)",
     .solve = mst_prim,
     .prepare = mst_prim_prepare,
     .solve_prepared = mst_prim_prepared_solve,
     .release = mst_prim_release},
    {.name = "boruvka",
     .help = "Boruvka: rounds of lightest edges out of every component (1926)",
     .solve = mst_boruvka},
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
