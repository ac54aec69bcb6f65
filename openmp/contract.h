/*
 * contract.h: mst-omp's Borůvka with explicit graph contraction on a CSR (Sousa, Mariano and
 * Proença 2015), the CPU twin of mst-cuda's contract variant (docs/contraction.md).
 */
#ifndef MST_OMP_CONTRACT_H
#define MST_OMP_CONTRACT_H

#include "solver.h"

typedef struct par_contract_options {
    int merge_parallel; /* 1: keep only the lightest arc between two super-vertices */
    uint64_t threads;   /* the team; 0: the calling thread's OpenMP default */
} par_contract_options;

/*
 * Minimum spanning forest by Borůvka rounds that contract the graph explicitly (Sousa, Mariano
 * and Proença, "A Generic and Highly Efficient Parallel Variant of Borůvka's Algorithm", PDP
 * 2015, Algorithm 1 and section IV-B). The graph is a CSR holding both directions of every
 * edge; each arc keeps its edge's original key and id. Each round, on n vertices:
 *  1. min-edge: every vertex's lightest arc by (key, edge id); its far end is the vertex's
 *     successor (a vertex without arcs is its own);
 *  2. mirrors: where successor[successor[v]] == v both chose the same edge; the smaller id
 *     becomes the root. Every other vertex's chosen edge joins the forest;
 *  3. colors: pointer jumping color[v] = color[color[v]] until every vertex names its root;
 *  4. new-ids: an exclusive prefix sum over the roots numbers the super-vertices in the order
 *     of their roots; a root without arcs (a component finished the round before) gets no id
 *     and leaves;
 *  5. contract: arcs between different super-vertices are counted per super-vertex, given
 *     offsets by a prefix sum and inserted into the other CSR buffer with relabelled ends
 *     (a counting sort without atomics). With merge_parallel each new row then
 *     keeps only its lightest arc to each neighbour.
 * Rounds repeat until no arc is left; levels of fewer than 2048 vertices run on the calling
 * thread alone. The first CSR is built in parallel by the same kind of counting sort. Memory:
 * two CSR buffers of 2m arcs (12 bytes each) and 52 bytes per vertex.
 * Threads: o->threads (the caller's OpenMP settings are left alone). Requires m < 2^32 (edge ids are
 * stored in 32 bits).
 * Phases (times only when timed != 0): "csr" (allocation and the first CSR), "min-edge",
 * "mirrors", "colors", "new-ids", "contract"; counters: "rounds", "color-steps" (pointer-jumping
 * passes that changed a color), "merged-parallel" (arcs removed by merge_parallel); and
 * mst_phase_round(n, arcs / 2) at the start of every round.
 * Errors: MST_ERESOURCE (memory, m >= 2^32). O((n + m) log n) work, O(log n) rounds.
 */
mst_status par_contract(const mst_graph *g, const par_contract_options *o, int timed,
                        mst_forest *out, mst_phases *ph);

/* par_contract split for repeated solves on one topology (solver.h's prepare / solve_prepared
 * / release). */
typedef struct par_contract_ws par_contract_ws;

/*
 * Allocates both CSR buffers and the per-vertex arrays, builds the first level and keeps its
 * row offsets, far ends and edge ids (16 bytes per edge and 8 per vertex more than
 * par_contract), and runs one untimed solve on g's current keys so that every page is touched
 * before the timed ones. Phase "prepare". Errors: MST_ERESOURCE; *ws is then NULL.
 */
mst_status par_contract_prepare(const mst_graph *g, const par_contract_options *o,
                                par_contract_ws **ws, mst_phases *ph);

/* par_contract on g, whose n, m and endpoints must be those of the prepare call (the keys may
 * differ): the first level is restored from the kept one (phase "csr") instead of built.
 * Same forest, phases and counters. Errors: MST_EINTERNAL (another n or m), MST_ERESOURCE. */
mst_status par_contract_run(par_contract_ws *ws, const mst_graph *g, int timed,
                            mst_forest *out, mst_phases *ph);

/* Frees ws (NULL-safe). */
void par_contract_release(par_contract_ws *ws);

#endif
