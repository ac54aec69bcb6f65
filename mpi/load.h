/*
 * load.h: each rank's share of the graph, read without any rank holding all of it where the
 * format allows (issue 6; docs/design.md, Data model).
 *
 * Step 1, the slice: rank r gets edges [eid0, eid0 + count) of the canonical edge list (file
 * order, self-loops dropped, reverse arcs merged: the ids of docs/design.md), about m / p of them.
 *   - A plain .msb file is read in parallel: every rank reads its byte range of the u[], v[]
 *     and w[] arrays with MPI-IO; an exclusive prefix sum of the ranks' self-loop counts turns
 *     file positions into canonical ids, so random weights (a function of the id) agree with
 *     the shared loader. Memory per rank: O(m / p).
 *   - Any other format (text, gzip, METIS, .egr) is parsed by the shared loader on rank 0 (the
 *     one parser of every format) and the slices are sent from there; rank 0 holds the whole
 *     graph while loading, and keeps it only to verify or write --output. `mst-convert G.msb`
 *     makes a file every rank can read its slice of.
 *   - 64-bit weights (int64, uint64, float64, from any format, .msb types 4..6 included) and
 *     --weight-type take the second path too: their keys are the ranks of the weights over the
 *     whole file, which the shared loader computes on rank 0. Rank 0 then keeps the whole graph
 *     in every case (its raw weights give the forest's exact total): 20 bytes per edge there.
 * Step 2, the share of an algorithm:
 *   - GHS (vertex-partitioned): every edge becomes an arc at the owner of each endpoint, sent by
 *     one all-to-all; a rank keeps the arcs of its own vertices, in increasing edge id order:
 *     2 m / p arcs of 20 bytes for balanced partitions.
 *   - Borůvka with allreduce (edge-partitioned): the slice itself.
 */
#ifndef MST_MPI_LOAD_H
#define MST_MPI_LOAD_H

#include <stdint.h>

#include "comm.h"
#include "core.h"
#include "loader.h"
#include "partition.h"

/* A rank's contiguous slice of the canonical edge list: edges eid0 .. eid0 + count - 1. */
typedef struct dist_slice {
    uint64_t eid0, count;
    uint32_t *u, *v, *key; /* [count] global endpoints and weight keys (owned) */
} dist_slice;

/* An arc x -> y of a rank's vertex x (20 bytes, 4-byte aligned, sent as raw bytes). */
typedef struct dist_arc {
    uint32_t x;      /* local index of x at this rank */
    uint32_t y_rank; /* rank owning y */
    uint32_t key;
    uint32_t eid_lo, eid_hi; /* edge id */
} dist_arc;

/* The GHS share: arcs of this rank's n_local vertices, in increasing edge id order (the two arcs
 * of an edge with both ends here are adjacent). */
typedef struct dist_share {
    uint32_t n_local;
    uint64_t arcs;
    dist_arc *arc; /* [arcs] (owned) */
} dist_share;

/*
 * Collective: reads rank c->rank's slice of `path` under the loading options lo into *s, and
 * g's header (name, format, n, m, weight type and origin, seed, self-loops, merged arcs, index
 * base) on every rank. Where have_whole (rank 0 only) g is the whole graph already loaded and is
 * left as it is. Errors (agreed on every rank, rank 0 holds the first failing rank's message):
 * those of the shared loaders, with the same messages for .msb (MST_EINPUT, MST_EUSAGE for an
 * unknown --format); MST_ERESOURCE.
 */
mst_status dist_load_slice(const dist_ctx *c, const char *path, const mst_load_options *lo,
                           mst_graph *g, int have_whole, dist_slice *s);

/*
 * Collective: rank c->rank's slice of the graph that `spec` describes (--generate
 * FAMILY[:NAME=VALUE,...], docs/mst-mpi.md: mst-gen's family, sizes, seed and weights), the
 * file that mst-gen writes for them, into *s, made on `threads` OpenMP threads, and g's header
 * (named spec, format "generated") on every rank; where whole (rank 0), g also gets the whole
 * graph, gathered from the slices. The families whose edges are drawn by index (random, kout,
 * rmat, kronecker, grid2d, grid3d, circulant, complete, caveman) are made in slices, their
 * repeats dropped by the ranks together, up to 2^63 - 1 edges before dedup; the others (gnp,
 * geometric, ssca2, mixed) are made whole by every rank, which keeps its slice. Errors
 * (agreed): MST_EUSAGE (a bad spec, with mst-gen's message), MST_ERESOURCE (limits, memory).
 */
mst_status dist_generate(const dist_ctx *c, const char *spec, const mst_load_options *lo,
                         int threads, mst_graph *g, int whole, dist_slice *s);

/*
 * Collective: the GHS share of this rank under partition pt, from the slices (one all-to-all of
 * 2 m 20-byte arcs over all ranks). Errors (agreed): MST_ERESOURCE. O(m / p + n) per rank
 * (O(n) for the hash partition's scan of all ids).
 */
mst_status dist_share_build(const dist_ctx *c, const dist_partition *pt, const dist_slice *s,
                            dist_share *sh);

/* Frees a slice / a share (zeroed; NULL members are fine). */
void dist_slice_free(dist_slice *s);
void dist_share_free(dist_share *sh);

/* Edge id of an arc. */
static inline uint64_t dist_arc_eid(const dist_arc *a)
{
    return (uint64_t)a->eid_hi << 32 | a->eid_lo;
}

#endif
