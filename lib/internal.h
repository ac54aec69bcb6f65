/*
 * internal.h: what libmst's files share behind the public API (mst.h): the graph and result
 * objects, built on the suite's canonical graph (common/core/core.h).
 */
#ifndef LIBMST_INTERNAL_H
#define LIBMST_INTERNAL_H

#include <stdint.h>

#include "core.h"
#include "mst.h"

/* A graph: the canonical graph of its non-loop edges, in input order, and the way back to the
 * input's positions. Canonical edge e is input edge input_id[e]; dropping the self-loops keeps
 * the order of the others, so the (key, id) order and the forest are those of the input. */
struct msf_graph {
    mst_graph g;
    uint64_t m_input;   /* m as given */
    uint64_t *input_id; /* [g.m], or NULL when the input had no self-loops (the identity) */
    uint32_t *loops;    /* [g.self_loops] a created graph's self-loops' vertices, in input
                         * order, or NULL when it had none (and for a loaded graph) */
    uint64_t *entry;    /* [g.m] a matrix's graph (msf_graph_from_csr): edge e's chosen entry,
                         * its index in the matrix's arrays; NULL for other graphs */
    msf_index_type itype;  /* a matrix's graph: the types of its indices and data */
    msf_weight_type dtype;
};

/* Sets a's weights from w: a->m_input of them, of type `type`, in input order (self-loops
 * included; their weights are checked, then dropped). Float weights must be finite. 64-bit
 * weights that all fit the 32-bit type of their kind (integers in its range, doubles that are
 * floats) are kept as that type: the same values and order, without the ranking. Keeps the
 * addresses of a->g's key array where it exists (mst_graph_set_weights). threads: the team of
 * the checks (0: the default). Errors: MST_EUSAGE (an unknown type), MST_EINPUT with the first
 * bad input position ("edge 4: NaN weight"), MST_ERESOURCE. O(m), plus the ranking of 64-bit
 * weights that do not fit (O(m) radix sort). */
mst_status lib_graph_set_weights(msf_graph *a, msf_weight_type type, const void *w, int threads);

/* indptr of a CSR matrix of n rows (api_graph.c): from 0 or more, never decreasing; *nnz =
 * indptr[n]. threads: the check's team (0: the default). Errors: MST_EINPUT naming the first
 * bad value ("matrix: indptr[3] = 5 is below indptr[2] = 7"). O(n). */
mst_status lib_csr_check_indptr(uint32_t n, msf_index_type itype, const void *indptr,
                                int threads, uint64_t *nnz);

/* A forest: its ids both ways, its total, and the graph it came from (compared, never read:
 * msf_verify's check; the graph may be freed first; NULL for msf_solve_csr's). */
struct msf_result {
    const msf_graph *graph;
    uint32_t n;
    uint64_t count;
    uint64_t components;
    uint64_t *canonical; /* [count] increasing ids in g (verifier's numbering) */
    uint64_t *edges;     /* [count] the same edges' input positions, increasing (canonical
                          * itself where no self-loop was dropped) */
    mst_weight_sum total;
    char total_text[48];
    double seconds;
    int maximum;         /* the maximum spanning forest (msf_solve_max) */
    /* A matrix's forest (msf_graph_from_csr, msf_solve_csr), for msf_result_csr: by canonical
     * id, the position of the edge's chosen entry in the matrix's arrays, and its row; NULL for
     * other graphs. */
    uint64_t *position;
    uint32_t *row;
    msf_index_type itype;
    msf_weight_type dtype;
};

/* The public weight types are the suite's own, value for value (mst_graph_set_weights). */
_Static_assert((int)MSF_WEIGHT_INT32 == (int)MST_WEIGHT_INT32 &&
                   (int)MSF_WEIGHT_UINT32 == (int)MST_WEIGHT_UINT32 &&
                   (int)MSF_WEIGHT_FLOAT32 == (int)MST_WEIGHT_FLOAT32 &&
                   (int)MSF_WEIGHT_INT64 == (int)MST_WEIGHT_INT64 &&
                   (int)MSF_WEIGHT_UINT64 == (int)MST_WEIGHT_UINT64 &&
                   (int)MSF_WEIGHT_FLOAT64 == (int)MST_WEIGHT_FLOAT64,
               "msf_weight_type and mst_weight_type differ");

#endif
