/*
 * mst.h: libmst, the C API of mst-suite (docs/c-api.md).
 *
 * The minimum spanning forest (MSF) of an undirected multigraph given as arrays, computed by
 * the suite's own solvers: "seq" (mst-seq's Kruskal, Filter-Kruskal, Prim, Borůvka), "omp"
 * (mst-omp's edge-centric Borůvka) and, where the library was built with CUDA, "cuda"
 * (mst-cuda's GPU Borůvkas). Edges are ordered by (weight, edge id), which makes the forest
 * unique: every solver and variant returns the same edge set, and it is the set that `mst-seq
 * --output` writes for the same edge list.
 *
 * Conventions. Vertices are 0..n-1 (uint32_t). Edge e is {u[e], v[e]} with weight w[e], and e,
 * its position in the input arrays, is its id: results name edges by these positions.
 * Self-loops are allowed in the input, never part of a forest, and do not change the ids of the
 * other edges. Parallel edges are kept (the forest takes the lightest, the lowest id among
 * equals).
 *
 * Errors. Every function that can fail returns an msf_status; on failure it records one line
 * that msf_last_error() returns ("edge 3: vertex 9 is not below n = 5"). The library never
 * prints, never exits and never aborts on bad input.
 *
 * Thread safety. Graphs and results are immutable once created: any number of threads may
 * read them and solve the same graph at once. The last error is per thread. Solves hold no
 * lock: each parses its options into its own struct. An "omp" solve names its team in its own
 * parallel regions and leaves the calling thread's OpenMP settings as they were; where other
 * work takes cores, it runs with the idle ones (docs/omp-tuning.md). msf_graph_create,
 * msf_graph_from_csr and msf_result_csr name their teams too, for large inputs. A "cuda" solve
 * has its own stream and device memory and leaves the calling thread's current CUDA device as
 * it was. A prepared graph (msf_prepare) serves one solve at a time.
 */
#ifndef LIBMST_MST_H
#define LIBMST_MST_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define MSF_VERSION_MAJOR 1
#define MSF_VERSION_MINOR 5
#define MSF_VERSION_PATCH 0
#define MSF_VERSION_STRING "1.5.0"

#if defined(__GNUC__)
#define MSF_API __attribute__((visibility("default")))
#else
#define MSF_API
#endif

/* Status codes: the exit codes of the suite's executables. */
typedef enum msf_status {
    MSF_OK = 0,
    MSF_EUSAGE = 1,    /* bad argument: NULL pointer, unknown solver, variant or option */
    MSF_EINPUT = 2,    /* bad graph: vertex id not below n, NaN or infinite weight, ... */
    MSF_ERESOURCE = 3, /* out of memory, or a solver's size limit (m < 2^32 for most) */
    MSF_EVERIFY = 4,   /* msf_verify: the edges are not the graph's MSF */
    MSF_EINTERNAL = 5  /* a broken invariant: a bug of the library, never the input's fault */
} msf_status;

/* The C type of the weights array w of msf_graph_create. */
typedef enum msf_weight_type {
    MSF_WEIGHT_INT32 = 0,
    MSF_WEIGHT_UINT32 = 1,
    MSF_WEIGHT_FLOAT32 = 2,
    MSF_WEIGHT_INT64 = 3,
    MSF_WEIGHT_UINT64 = 4,
    MSF_WEIGHT_FLOAT64 = 5
} msf_weight_type;

/* The C type of a CSR matrix's indptr and indices arrays (msf_graph_from_csr): SciPy's int32, or
 * int64 for matrices of 2^31 entries or more. Since 1.3. */
typedef enum msf_index_type {
    MSF_INDEX_INT32 = 0,
    MSF_INDEX_INT64 = 1
} msf_index_type;

/* A graph (opaque): the library's own copy of the arrays it was created from. */
typedef struct msf_graph msf_graph;

/* A forest (opaque): the answer of one msf_solve, msf_solve_max or msf_prepared_solve. */
typedef struct msf_result msf_result;

/* A prepared graph (opaque): a graph's topology made ready once by a solver for repeated solves
 * with new weights (msf_prepare). */
typedef struct msf_prepared msf_prepared;

/* The total weight of a forest as a number: `value` is the exact total rounded once to the
 * nearest double (exact for integer totals up to 2^53 in magnitude); msf_result_total_text()
 * gives it exactly. is_float: the weights are of a floating-point type. */
typedef struct msf_total {
    int is_float;
    double value;
} msf_total;

/* The library's version, "MAJOR.MINOR.PATCH" (MSF_VERSION_STRING of the build). */
MSF_API const char *msf_version(void);

/* The calling thread's message of its last failed call, one line ("" if none). Valid until
 * that thread's next call into the library. */
MSF_API const char *msf_last_error(void);

/* A short name of a status ("bad input", ...). */
MSF_API const char *msf_status_name(msf_status st);

/* The i-th solver name ("seq", "omp", and "cuda" where built with CUDA), or NULL past the
 * last. */
MSF_API const char *msf_solver_name(unsigned i);

/* The i-th variant of `solver` ("kruskal", ...; the first is the default), or NULL past the
 * last or for an unknown solver. */
MSF_API const char *msf_variant_name(const char *solver, unsigned i);

/*
 * Creates a graph of n vertices and m edges {u[e], v[e]} with weights w[e] of type `type`
 * (w NULL: every weight is 1). The arrays are copied; the caller keeps them. Every type is
 * exact: 64-bit weights are kept and ranked (docs/design.md, Data model), unless they all fit
 * the 32-bit type of their kind (integers in its range, doubles that are floats: kept as that
 * type, since 1.3); float weights must be finite. Errors: MSF_EUSAGE (out NULL, u or v NULL
 * with m > 0, an unknown type); MSF_EINPUT with the first bad edge ("edge 3: vertex 9 is not
 * below n = 5", "edge 4: NaN weight"); MSF_ERESOURCE (memory, or m >= 2^32 with 64-bit
 * weights that are ranked). O(m), on all cores (OMP_NUM_THREADS) for large m, plus the ranking
 * (a radix sort).
 */
MSF_API msf_status msf_graph_create(uint32_t n, uint64_t m, const uint32_t *u, const uint32_t *v,
                                    msf_weight_type type, const void *w, msf_graph **out);

/*
 * Loads the graph file at `path` as the executables do (docs/formats.md: edge lists, DIMACS,
 * Matrix Market, METIS, .egr, .msb, any of them gzipped; the format from the extension; the
 * file's weights, or random ones from seed 1 where it has none). Its edge ids are the file's
 * canonical ones (self-loops dropped, reverse arcs merged), those of `mst-seq --output-format
 * ids`. Errors: MSF_EUSAGE (NULL arguments, an unknown extension); MSF_EINPUT with the file and
 * line ("g.gr:17: expected 'a u v w'"); MSF_ERESOURCE. O(file bytes + m). Since 1.1.
 */
MSF_API msf_status msf_graph_load(const char *path, msf_graph **out);

/*
 * Creates the graph of an n x n sparse matrix A in CSR form as SciPy's csgraph reads it: one edge
 * per vertex pair {i, j}, i < j, with an entry in either triangle, weighing the smaller (maximum
 * nonzero: the larger) of A[i, j] and A[j, i] where both are stored, A[i, j] (the first in CSR
 * order) where they are equal; the diagonal is ignored, a stored zero is an edge. Row i's
 * entries are indices[indptr[i] .. indptr[i+1]-1] (columns, increasing: no duplicates; SciPy's
 * has_canonical_format) and data[...] (values of type `type`), indptr and indices of type
 * `itype`; the arrays are read, not kept. Edge ids follow the pairs in the upper triangle's CSR
 * order ((i, j) lexicographic); edge e joins u = the row and v = the column of its chosen entry
 * (msf_graph_endpoints), which msf_result_csr gives back. Weights follow msf_graph_create's
 * rules. threads: the team of the conversion (0: OMP_NUM_THREADS or all cores). Errors:
 * MSF_EUSAGE (out or indptr NULL, indices or data NULL with entries, an unknown type, threads
 * < 0); MSF_EINPUT with the first bad row or entry in CSR order ("matrix: indptr[3] = 5 is
 * below indptr[2] = 7", "matrix: row 4: column 9 is not below n = 5", "matrix: row 4: column 2
 * follows column 3: columns must increase (no duplicates)", "matrix: entry [1, 0] is NaN",
 * "edge 3: infinite weight" for a pair's chosen value); MSF_ERESOURCE. O(nnz log d / threads),
 * d the largest row length: each entry of one triangle looks for its mirror by binary search.
 * Since 1.3.
 */
MSF_API msf_status msf_graph_from_csr(uint32_t n, msf_index_type itype, const void *indptr,
                                      const void *indices, msf_weight_type type, const void *data,
                                      int maximum, int threads, msf_graph **out);

/*
 * msf_graph_from_csr's graph of a CSR matrix solved in one call, without a graph object: as
 * msf_solve (maximum: msf_solve_max) of msf_graph_from_csr(n, itype, ..., maximum, threads),
 * the same forest, result and errors. With solver "cuda" (variant "ecl", the default) the
 * arrays go to the GPU as they are and the pairs are made there, so that the CPU never reads
 * the matrix entry by entry; where the GPU's reading leaves the matrix to the host (a bad row or
 * entry, whose message the host's reading gives; NaN or infinite values; 64-bit values beyond
 * the 32-bit type of their kind, which the host ranks; an entry below the diagonal without its
 * mirror), the call makes the graph on the host and solves that. The result is for
 * msf_result_csr(NULL, r, ...) and the msf_result_* getters; it cannot be verified (msf_verify
 * wants the graph: make it with msf_graph_from_csr). Since 1.5.
 */
MSF_API msf_status msf_solve_csr(uint32_t n, msf_index_type itype, const void *indptr,
                                 const void *indices, msf_weight_type type, const void *data,
                                 int maximum, const char *solver, const char *variant,
                                 int threads, const char *const *options, msf_result **out);

/* Frees a graph; NULL is fine. Results computed from it stay valid. */
MSF_API void msf_graph_free(msf_graph *g);

/* n, m as given (self-loops included), and the number of self-loops among the m edges. */
MSF_API uint32_t msf_graph_vertices(const msf_graph *g);
MSF_API uint64_t msf_graph_edges(const msf_graph *g);
MSF_API uint64_t msf_graph_self_loops(const msf_graph *g);

/*
 * Copies the endpoints of edge e into u[e] and v[e], for every id e < msf_graph_edges(g): the
 * arrays a created graph was given (self-loops included), or a loaded file's canonical edges.
 * u and v hold msf_graph_edges(g) values each. Errors: MSF_EUSAGE (a NULL argument). O(m).
 * Since 1.2.
 */
MSF_API msf_status msf_graph_endpoints(const msf_graph *g, uint32_t *u, uint32_t *v);

/*
 * Computes the MSF of g with `solver` ("seq", "omp" or "cuda") and its variant (NULL: the
 * default, e.g. "kruskal" for seq, "boruvka" for omp, "ecl" for cuda). threads: 0 the solver's
 * default (omp: OMP_NUM_THREADS or all cores), else that many (1 for seq and cuda). options:
 * NULL or a NULL-terminated list of the solver executable's own options, parsed by its option
 * table as on its command line ({"--dsu", "lock", "--no-filter", NULL} for omp, {"--device",
 * "1", NULL} for cuda's GPU 1; `mst-omp --help` and `mst-cuda --help` list them). "cuda" sends
 * the arrays to the GPU once per call (from pageable memory: the graph may be solved by other
 * threads at the same time; docs/gpu-transfers.md) and uses no GPU memory after it returns.
 * Errors: MSF_EUSAGE (unknown solver, variant or option, a bad option value, threads < 0 or
 * > 1 for seq and cuda); MSF_ERESOURCE (memory, m >= 2^32 for the variants that pack edge ids
 * in 32 bits; for cuda, "no GPU (...)" where the library was built without CUDA, where no GPU
 * or driver is present or the device number is not below the GPU count, GPU memory, a CUDA
 * error); MSF_EINTERNAL. Time: the solver's (O(m log m) for Kruskal).
 */
MSF_API msf_status msf_solve(const msf_graph *g, const char *solver, const char *variant,
                             int threads, const char *const *options, msf_result **out);

/*
 * As msf_solve for the maximum spanning forest: the same solvers on the weights' reversed order
 * (among equal weights the lower edge id still wins), the forest `mst-seq --maximum` writes.
 * The total is of the original weights; msf_verify checks the result as a maximum forest.
 * Same arguments, errors and time, plus m 4-byte words for the reversed keys. Since 1.1.
 */
MSF_API msf_status msf_solve_max(const msf_graph *g, const char *solver, const char *variant,
                                 int threads, const char *const *options, msf_result **out);

/*
 * Prepares g for repeated solves with new weights on the same topology (Ma and Wan's repeated
 * MSF; the `--rounds` of the executables, docs/rounds.md): `solver`, `variant`, `threads` and
 * `options` as for msf_solve, parsed once. The variant's prepared path builds once what depends
 * only on the topology: "cuda" keeps the graph on the GPU ("ecl", "dense", "hybrid"; every solve
 * then sends only the new keys, m 4-byte words, from a page-locked array), "seq" "prim" keeps its
 * CSR; a variant without one solves from scratch every time. p holds a copy of g (g may be freed)
 * with g's weights until the first solve replaces them. Errors: those of msf_solve. O(m) plus
 * the variant's preparation. Since 1.2.
 */
MSF_API msf_status msf_prepare(const msf_graph *g, const char *solver, const char *variant,
                               int threads, const char *const *options, msf_prepared **out);

/*
 * The minimum (maximum: nonzero, the maximum) spanning forest of p's topology with the weights w
 * of type `type`, as many as msf_graph_create took (input order, self-loops included) and with
 * its rules (exact, finite), or with the weights of the last solve (g's at first) where w is
 * NULL. Equals msf_solve (msf_solve_max) on the graph with these weights. The result's ids are
 * input positions; msf_verify(msf_prepared_graph(p), r) certifies it until the next solve of p.
 * Calls on one p must not overlap (one prepared graph per thread). Errors: MSF_EUSAGE (NULL
 * arguments, an unknown type), MSF_EINPUT (a NaN or infinite weight, with its input position),
 * the solver's. O(m) plus the solve (O(m log m) to rank 64-bit weights). Since 1.2.
 */
MSF_API msf_status msf_prepared_solve(msf_prepared *p, msf_weight_type type, const void *w,
                                      int maximum, msf_result **out);

/* The graph with the weights of p's last solve (g's before the first): the one its results are
 * of, for msf_verify. Owned by p, changed by its next solve. Since 1.2. */
MSF_API const msf_graph *msf_prepared_graph(const msf_prepared *p);

/* Frees a prepared graph and what its solver holds (GPU memory, page-locked ranges); NULL is
 * fine. Results computed from it stay valid. Since 1.2. */
MSF_API void msf_prepared_free(msf_prepared *p);

/* Frees a result; NULL is fine. */
MSF_API void msf_result_free(msf_result *r);

/* Number of forest edges: n minus the number of connected components. */
MSF_API uint64_t msf_result_size(const msf_result *r);

/* The forest's edge ids (positions in the input arrays), increasing; msf_result_size() of
 * them. Owned by the result. */
MSF_API const uint64_t *msf_result_edges(const msf_result *r);

/* The forest's total weight, rounded to a double (see msf_total). */
MSF_API msf_total msf_result_total(const msf_result *r);

/* The total as exact decimal text ("1186386", "7919.5"; shortest round-trip form for floats).
 * Owned by the result. */
MSF_API const char *msf_result_total_text(const msf_result *r);

/*
 * The forest r of a graph g of msf_graph_from_csr (g NULL: of msf_solve_csr's matrix) as entries
 * of g's matrix, in CSR form: row
 * i's forest entries are position[indptr[i] .. indptr[i+1]-1], increasing, each the index in
 * the matrix's indices and data arrays of an edge's chosen entry. indptr holds n + 1 values,
 * position msf_result_size(r). Where columns (of the matrix's index type) and values are not
 * NULL, they get the entries' columns, indices[position[x]], and values, data[position[x]] as
 * doubles, from indices and data, the arrays g was made from (NULL where columns, values are).
 * Errors: MSF_EUSAGE (a NULL argument, r not computed from g, g not made by
 * msf_graph_from_csr); MSF_ERESOURCE. O(n + msf_result_size(r)), on all cores
 * (OMP_NUM_THREADS) for large ones. Since 1.3; indices, data, columns and values since 1.4; g
 * NULL since 1.5.
 */
MSF_API msf_status msf_result_csr(const msf_graph *g, const msf_result *r, uint64_t *indptr,
                                  uint64_t *position, const void *indices, const void *data,
                                  void *columns, double *values);

/* Connected components of the graph (isolated vertices included). */
MSF_API uint64_t msf_result_components(const msf_result *r);

/* Wall time of the solver's call, in seconds. */
MSF_API double msf_result_seconds(const msf_result *r);

/*
 * Certifies that r is the MSF of g under the (weight, edge id) order with the suite's verifier
 * (cycle property, O((n + m) log n)). Errors: MSF_EUSAGE (r not computed from g);
 * MSF_EVERIFY with the first violation (its edge ids count the edges without the
 * self-loops); MSF_ERESOURCE.
 */
MSF_API msf_status msf_verify(const msf_graph *g, const msf_result *r);

#ifdef __cplusplus
}
#endif

#endif
