/*
 * dboruvka.h: --algo boruvka, distributed-memory Borůvka with O((n + m) / p) memory per rank,
 * after Sanders and Schimek, "Engineering Massively Parallel MST Algorithms" (IPDPS 2023). The
 * algorithm, step by step in the paper's order, is dboruvka_body.h, compiled once per arc
 * layout; dboruvka.c picks the layout and holds what the solver calls.
 */
#ifndef MST_MPI_DBORUVKA_H
#define MST_MPI_DBORUVKA_H

#include <stdint.h>

#include "comm.h"
#include "load.h"
#include "partition.h"
#include "solver.h"

/* An arc x -> y between global vertex (or component) labels, with its edge's key and id, sent
 * as raw bytes, in one of two layouts for a whole run (dbv_graph_build picks): 16 bytes with a
 * 32-bit id for graphs of fewer than 2^32 edges, where every pass over the arcs and every
 * exchange moves a fifth less; 20 bytes with a 64-bit id, packed to 4-byte alignment, for the
 * others (the 4 bytes of padding a naturally aligned id would add are a fifth more memory and
 * traffic per arc; unaligned loads of the id cost nothing measurable on x86-64). */
typedef struct dbv_arc16 {
    uint32_t x, y, key;
    uint32_t eid;
} dbv_arc16;

typedef struct __attribute__((packed, aligned(4))) dbv_arc20 {
    uint32_t x, y, key;
    uint64_t eid;
} dbv_arc20;

/* An arc of a share sorted by source (dbv_graph.by_source): its source is its run's (src_end),
 * so only y, the key and the id are kept, 12 bytes or 16 with the 64-bit id. */
typedef struct dbv_far16 {
    uint32_t y, key;
    uint32_t eid;
} dbv_far16;

typedef struct __attribute__((packed, aligned(4))) dbv_far20 {
    uint32_t y, key;
    uint64_t eid;
} dbv_far20;

/* Below this share of arcs between two vertices of the same rank, the local pass is skipped: it
 * sorts all of a rank's arcs and contracts little when many arcs leave the rank (on a random
 * graph at p ranks, 1 / p of them stay). 3/4 rather than 1/2 (docs/mst-mpi.md); grids and road
 * networks under the block partition keep nearly all of theirs. --partition auto picks block by
 * the same share, and the share is sorted by source where it is below. */
#define DBV_LOCAL_SHARE_MIN 0.75

/*
 * A rank's share: the arcs of its own vertices, kept from trial to trial. The solve names a
 * vertex by its label (dist_label: the vertex id under the block partition, a scrambled id
 * under hash), so that every rank owns a contiguous range of labels and a local index is a
 * subtraction; it never maps a label back to its vertex (the forest is named by edge ids).
 */
typedef struct dbv_graph {
    dist_partition pt;
    uint32_t n_local; /* labels this rank owns */
    uint32_t first;   /* the first of them */
    double inv_big, inv_small; /* 1 / (q + 1) and 1 / q, for dbv_owner */
    uint64_t arcs;
    int wide;         /* 1: 64-bit ids (dbv_arc20, dbv_far20), 0: 32-bit (dbv_arc16, dbv_far16) */
    void *arc;        /* [arcs] (owned): dbv_arc by increasing edge id, or dbv_far by source */
    int by_source;    /* 1: arc[] sorted by source label (each source's in no set order) */
    uint64_t *src_end; /* [n_local] by_source: where local label i's arcs end (the next's begin) */
    uint64_t window;  /* arcs a rank sends per all-to-all when building or moving arcs */
} dbv_graph;

/* The most arcs a rank may send per all-to-all (--window): within MPI's int counts. */
#define DBV_MAX_WINDOW (1u << 30)

/*
 * Collective: the share of this rank under partition `kind` of n vertices, from the slices of
 * load.h (2 m arcs over all ranks, in all-to-alls of `window` arcs per rank, 1 ..
 * DBV_MAX_WINDOW, or 0 for 2^16; the slice is left as it is). The arcs are dbv_arc16 where
 * m < 2^32 and not `wide` (--wide-ids: the form of larger graphs on any graph), else dbv_arc20.
 * They come by increasing edge id; where fewer than 3/4 of them join two vertices of this rank,
 * so that the local pass will not run, they are then sorted by source label in place, so that
 * the first round reads the per-label arrays in order, and kept without their source (dbv_far,
 * 4 bytes less per arc; the sort on `threads` threads). Memory: 16 or 20 bytes per arc of its
 * vertices (12 or 16 sorted) and 8 per vertex, plus the window's arcs. Errors (agreed):
 * MST_ERESOURCE.
 */
mst_status dbv_graph_build(const dist_ctx *c, dist_partition_kind kind, uint32_t n, uint64_t m,
                           int wide, uint64_t window, int threads, const dist_slice *s,
                           dbv_graph *g);

/* Frees g's arrays (zeroed; NULL members are fine). */
void dbv_graph_free(dbv_graph *g);

/* The edge id of share arc i, and its key set, in any of its layouts (--rounds' new keys). */
static inline uint64_t dbv_graph_eid(const dbv_graph *g, uint64_t i)
{
    if (g->by_source)
        return g->wide ? ((const dbv_far20 *)g->arc)[i].eid : ((const dbv_far16 *)g->arc)[i].eid;
    return g->wide ? ((const dbv_arc20 *)g->arc)[i].eid : ((const dbv_arc16 *)g->arc)[i].eid;
}

static inline void dbv_graph_set_key(dbv_graph *g, uint64_t i, uint32_t key)
{
    if (g->by_source && g->wide)
        ((dbv_far20 *)g->arc)[i].key = key;
    else if (g->by_source)
        ((dbv_far16 *)g->arc)[i].key = key;
    else if (g->wide)
        ((dbv_arc20 *)g->arc)[i].key = key;
    else
        ((dbv_arc16 *)g->arc)[i].key = key;
}

/*
 * Collective: --partition auto's choice for the slices of load.h: block where it keeps at least
 * 3/4 of the edges between two vertices of one rank (grids, road networks:
 * the local pass then contracts most of the graph before any exchange), else hash, which
 * balances the arcs (R-MAT's hubs are its lowest ids) and loses no locality there was.
 */
dist_partition_kind dbv_choose_partition(const dist_ctx *c, uint32_t n, const dist_slice *s);

/* What a solve of the distributed Borůvka takes from mst-mpi's options. */
typedef struct dbv_options {
    int threads; /* OpenMP threads per rank (-t, >= 1) */
    int filter;  /* filtering where the arcs are many per label (0: never; --no-filter) */
    int local;   /* the local pre-contraction where shares are mostly local (0: never;
                    --no-local-contraction) */
} dbv_options;

/*
 * Collective: the minimum spanning forest of the graph whose shares the ranks hold, on rank 0 into
 * out->eid and fkey[] (its keys, [out->capacity]); g is left unchanged. Each rank runs the
 * local steps of the rounds and of filtering (the lightest-arc scan, relabelling, the bucketing
 * of requests and arcs by rank, the reduction of parallel arcs) and the local pass (o->local:
 * Kruskal on one thread, Borůvka on several) on o->threads OpenMP threads (only the calling
 * thread calls MPI). Rank 0's ph gets the
 * phases (local, minima, jump, relabel, redistribute, gather), the counters "rounds",
 * "jump_steps", "local_edges" (forest edges found by the local preprocessing), "bytes_sent_max"
 * and "bytes_sent_total" (bytes sent to other ranks), when filtering "filter_arcs_max" (the most
 * arcs a rank holds after the heavy arcs' merge) and "hub_labels" (the labels the hub held when
 * found: vertices after a split at the start, components of the split after one between
 * rounds; 0 without a hub), each round's global size, and with --trace each round's forest
 * edges (the local pass's, if any, first). Errors (agreed): MST_ERESOURCE
 * (memory, or an exchange beyond MPI's int counts); MST_EINTERNAL for a forest larger than the
 * room the harness made.
 */
mst_status dboruvka_solve(const dist_ctx *c, const dbv_graph *g, const dbv_options *o,
                          mst_forest *out, uint32_t *fkey, mst_phases *ph);

/* Frees the arrays dboruvka_solve keeps from one solve to the next (NULL-safe, repeatable). */
void dboruvka_release(void);

/*
 * Rank 0: --stats for --algo boruvka on share g: rounds, pointer-doubling steps, the partition
 * and the arcs' bytes, bytes sent per rank and peak RSS per rank (peak_rss_kib[ranks]), as
 * summary lines (json = 0) or as the JSON member "stats":{...} (json = 1). Static storage;
 * never fails.
 */
const char *dboruvka_stats_text(const dbv_graph *g, const mst_phases *ph, int json,
                                const uint64_t *peak_rss_kib, int ranks, const char *partition);

/* dboruvka_body.h's entry points, compiled once per layout (dboruvka_narrow.c: dbv_arc16,
 * dboruvka_wide.c: dbv_arc20), which those above call by the share's layout: the share's build,
 * a solve (rank 0's bytes_per_rank[p] gets every rank's bytes sent), and dboruvka_release. */
mst_status dbv_build_narrow(const dist_ctx *c, dist_partition_kind kind, uint32_t n,
                            uint64_t window, int threads, const dist_slice *s, dbv_graph *g);
mst_status dbv_build_wide(const dist_ctx *c, dist_partition_kind kind, uint32_t n,
                          uint64_t window, int threads, const dist_slice *s, dbv_graph *g);
mst_status dbv_solve_narrow(const dist_ctx *c, const dbv_graph *g, const dbv_options *o,
                            mst_forest *out, uint32_t *fkey, mst_phases *ph,
                            uint64_t *bytes_per_rank);
mst_status dbv_solve_wide(const dist_ctx *c, const dbv_graph *g, const dbv_options *o,
                          mst_forest *out, uint32_t *fkey, mst_phases *ph,
                          uint64_t *bytes_per_rank);
void dbv_release_narrow(void);
void dbv_release_wide(void);

#endif
