/*
 * contract_csr.h: the levels of mst-omp's contract variant, CSR graphs whose arcs carry their
 * original edge's (key, id): the parallel build of the first level from the edge list, and the
 * contraction of a level into the next (contract.h, docs/contraction.md).
 *
 * Both are two-level counting sorts without atomics: threads count their slice per bucket of
 * 2^shift row ids, a column-major scan of these counts gives every (bucket, thread) pair its
 * own room, the threads scatter their items there, and each bucket is then one thread's, which
 * lays out its rows alone. Atomic increments on row counters would serialize the cache misses
 * (x86's locked instructions hold later loads back) and bounce the counters' lines between
 * threads working on neighbouring rows.
 */
#ifndef MST_OMP_CONTRACT_CSR_H
#define MST_OMP_CONTRACT_CSR_H

#include <stdint.h>

#include "graph.h"

/* One level of the graph: row v is arcs [beg[v], end[v]); end[v] = beg[v + 1] unless parallel
 * arcs were merged away. */
typedef struct ct_csr {
    uint64_t *beg; /* [n + 1] */
    uint64_t *end; /* [n] */
    uint32_t *adj; /* [2m] far end */
    uint64_t *ki;  /* [2m] key << 32 | original edge id: the suite's total order */
} ct_csr;

/* Most buckets of a counting sort; the words of shared scratch (hist) a team of `threads`
 * needs. */
#define CT_CSR_BUCKETS 1024
#define CT_CSR_HIST_WORDS(threads) (2 * ((uint64_t)(threads) + 2) * (CT_CSR_BUCKETS + 1))

/* A vertex that leaves the graph (a finished component). */
#define CT_NO_ID UINT32_MAX

/*
 * Builds c, the CSR of g with both directions of every edge, each row in increasing edge id;
 * scratch (a CSR of the same capacity, contents lost) holds the arcs grouped by bucket. Every
 * thread of the calling OpenMP team must call it; hist: shared, CT_CSR_HIST_WORDS(team size)
 * words. O((n + m) / threads + threads * buckets) time. Requires m < 2^32.
 */
void ct_csr_build(const mst_graph *g, ct_csr *c, ct_csr *scratch, uint64_t *hist);

/* What contracting a level needs besides the two levels; shared by the team. */
typedef struct ct_contraction {
    const uint32_t *label; /* [n] new id of each vertex's super-vertex, or CT_NO_ID */
    uint32_t *cnt;         /* [n] scratch: arcs of each vertex leaving its super-vertex */
    uint32_t *order;       /* [n] scratch: those vertices grouped by their new id's bucket */
    uint64_t *hist;        /* CT_CSR_HIST_WORDS(team size) words of scratch */
    int merge;             /* keep only the lightest arc between two super-vertices */
    uint64_t removed;      /* out: arcs merging removed */
} ct_contraction;

/*
 * Contracts level c (n rows) into d (n_new rows, same capacity): the arcs whose ends have
 * different labels go to their source's label's row with the far end relabelled, key and edge
 * id kept; with w->merge each new row then keeps only its lightest arc to each neighbour
 * (merge_rows.h). c's far ends are relabelled in place on the way. Every thread of the calling
 * team must call it; threads take slices of c holding equal numbers of arcs. Returns d's arcs
 * on every thread. O((n + arcs) / threads + threads * buckets) time, plus the sorting of rows
 * when merging.
 */
uint64_t ct_csr_contract(ct_csr *c, uint32_t n, ct_csr *d, uint32_t n_new, ct_contraction *w);

#endif
