/*
 * dboruvka.h: --algo boruvka, distributed-memory Borůvka with O((n + m) / p) memory per rank,
 * after Sanders and Schimek, "Engineering Massively Parallel MST Algorithms" (IPDPS 2023). The
 * algorithm, step by step in the paper's order, is dboruvka.c; this is what the solver calls.
 */
#ifndef MST_MPI_DBORUVKA_H
#define MST_MPI_DBORUVKA_H

#include <stdint.h>

#include "comm.h"
#include "load.h"
#include "partition.h"
#include "solver.h"

/* An arc x -> y between global vertex (or component) labels, with its edge's key and 64-bit id,
 * so that graphs of 2^32 edges or more are taken: 20 bytes, packed to 4-byte alignment and sent
 * as raw bytes (the 4 bytes of padding a naturally aligned 64-bit id would add are a fifth more
 * memory and traffic per arc; unaligned loads of the id cost nothing measurable on x86-64).
 * One layout for every graph: keeping 16-byte arcs with 32-bit ids below 2^32 edges would be a
 * second copy of every pass over the arcs. */
typedef struct __attribute__((packed, aligned(4))) dbv_arc {
    uint32_t x, y, key;
    uint64_t eid;
} dbv_arc;

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
    dbv_arc *arc;     /* [arcs] (owned): by increasing edge id, or by source (by_source) */
    int by_source;    /* 1: arc[] sorted by source label, each source's by increasing id */
    uint64_t *src_end; /* [n_local] by_source: where local label i's arcs end (the next's begin) */
    uint64_t window;  /* arcs a rank sends per all-to-all when building or moving arcs */
} dbv_graph;

/* The most arcs a rank may send per all-to-all (--window): within MPI's int counts. */
#define DBV_MAX_WINDOW (1u << 30)

/*
 * Collective: the share of this rank under partition `kind` of n vertices, from the slices of
 * load.h (2 m arcs over all ranks, in all-to-alls of `window` arcs per rank, 1 ..
 * DBV_MAX_WINDOW, or 0 for 2^18; the slice is left as it is). The arcs come by increasing edge
 * id; where fewer than 3/4 of them join two vertices of this rank, so that the local pass will
 * not run, they are then sorted by source label, so that the first round reads the per-label
 * arrays in order. Memory: 20 bytes per arc of its vertices, plus the window's 20
 * bytes per arc, or twice the share while it is sorted. Errors (agreed): MST_ERESOURCE.
 */
mst_status dbv_graph_build(const dist_ctx *c, dist_partition_kind kind, uint32_t n,
                           uint64_t window, const dist_slice *s, dbv_graph *g);

/* Frees g's arrays (zeroed; NULL members are fine). */
void dbv_graph_free(dbv_graph *g);

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
 * local steps of the rounds (the lightest-arc scan, relabelling, the bucketing of requests and
 * arcs by rank) on o->threads OpenMP threads (only the calling thread calls MPI), and the
 * local pass (o->local) only with one thread (it is sequential Kruskal). Rank 0's ph gets the
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
 * Rank 0: --stats for --algo boruvka: rounds, pointer-doubling steps, bytes sent per rank and
 * peak RSS per rank (peak_rss_kib[ranks]), as summary lines (json = 0) or as the JSON member
 * "stats":{...} (json = 1). Static storage; never fails.
 */
const char *dboruvka_stats_text(const mst_phases *ph, int json, const uint64_t *peak_rss_kib,
                                int ranks, const char *partition);

#endif
