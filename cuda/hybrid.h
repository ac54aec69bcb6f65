/*
 * hybrid.h: mst-cuda's CPU+GPU hybrid for repeated MSF on one topology (--algo hybrid; Ma and
 * Wan, section 3.2): the graph is split once into dense cores and the sparse rest; every round
 * the parts run concurrently, GPU parts on one host thread and CPU parts on the others, and the
 * MSF of the parts' forests and the crossing edges finishes the round. The part solvers are
 * function pointers (hybrid_kind), so that the whole pipeline also runs on a host without a GPU
 * with host solvers in the GPU kinds' place (tests/cuda/hybrid_host.c).
 */
#ifndef MST_CUDA_HYBRID_H
#define MST_CUDA_HYBRID_H

#include "hybrid_parts.h"
#include "solver.h"

#ifdef __cplusplus
extern "C" {
#endif

/* At most this many GPU part kinds. */
#define HYBRID_MAX_KINDS 4

/* A part kind's solver, with solver.h's prepare / solve_prepared / release contract on one
 * part's local graph: prepare sees its topology once (ctx: hybrid_options.gpu_ctx), solve gets
 * the part with the round's keys and writes local edge ids to out (capacity min(m, n) + 1),
 * release frees (NULL-safe). A failed prepare leaves *state NULL. */
typedef mst_status (*hybrid_prepare_fn)(const mst_graph *part, const void *ctx, void **state);
typedef mst_status (*hybrid_solve_fn)(void *state, const mst_graph *part, mst_forest *out);
typedef void (*hybrid_release_fn)(void *state);

/* A GPU part kind: its name, its share of the heuristic, its solver. */
typedef struct hybrid_kind {
    const char *name;
    hybrid_rule rule;
    hybrid_prepare_fn prepare;
    hybrid_solve_fn solve;
    hybrid_release_fn release;
} hybrid_kind;

struct par_boruvka_options;

typedef struct hybrid_options {
    int threads;                /* host threads T: one drives the GPU parts, T - 1 run the CPU
                                   parts (all T when there are no GPU parts); 0: the OpenMP
                                   default (omp_get_max_threads()) */
    const struct par_boruvka_options *cpu; /* the CPU parts' Borůvka (NULL: mst-omp's defaults) */
    const hybrid_kind *gpu;     /* [gpu_kinds] in order of preference (hybrid_parts.h) */
    int gpu_kinds;              /* 0..HYBRID_MAX_KINDS */
    const void *gpu_ctx;        /* handed to the GPU kinds' prepare */
    uint32_t core_threshold;    /* 0: HYBRID_CORE_THRESHOLD */
    uint64_t finish_parallel_min; /* the finish's Borůvka from this many edges, Kruskal below
                                     (tests set 1); 0: HYBRID_FINISH_PARALLEL_MIN */
} hybrid_options;

typedef struct hybrid_state hybrid_state;

/*
 * The one-time preprocessing (Ma and Wan, section 3.2): core numbers by parallel peeling
 * (kcore_peel; phase "kcore"), the partition and its heuristic (hybrid_partition_build; phase
 * "partition"), then every part's prepared solver state: the CPU parts' par_boruvka_prepare
 * with T - 1 threads, the GPU kinds' prepare on the calling thread, and the finish's Borůvka
 * where the finish graph reaches finish_parallel_min edges (phase "prepare-parts").
 * Counters: "degeneracy", "core_threshold", "cores", "parts", "gpu_parts", "cpu_parts",
 * "crossing_edges". g: topology only (keys unread). *s is NULL on failure.
 * Errors: MST_ERESOURCE (memory, m >= 2^32 - 1, a GPU kind's prepare: no device, device
 * memory), MST_EINTERNAL (gpu_kinds out of range). O(n + m) host work.
 */
mst_status hybrid_prepare(const mst_graph *g, const hybrid_options *o, hybrid_state **s,
                          mst_phases *ph);

/*
 * One round on g's current keys (g: the prepared topology): every part's keys are gathered
 * from g->key by all T threads (phase "gather"); then the GPU parts run one after the other on
 * the calling thread (OpenMP thread 0 of an outer team of two, Ma and Wan's "Heterogeneous
 * Orchestration") while the other thread runs the CPU parts with T - 1 threads of a nested team
 * (phases "parts-gpu", "parts-cpu": each side's wall time; they overlap); last, the forest of the
 * whole graph is the MSF of the parts' forests and the crossing edges (phase "finish"): those
 * edges, marked and compacted in edge id order by the T threads, form a graph over the n
 * vertices that Kruskal (seq.h) solves, or from finish_parallel_min edges mst-omp's Borůvka
 * (boruvka.h, prepared by hybrid_prepare) with T threads. Exact by the cycle property: an edge
 * of a part outside its part's MSF is the heaviest edge of a cycle of the graph, so it is in no
 * MSF of the graph; what remains
 * holds the graph's MSF, and the MSF of a subgraph that holds it is it. Without crossing edges
 * the parts' forests are the answer as they are. Same edge set as mst_kruskal.
 * Counters as hybrid_prepare's. Errors: MST_EINTERNAL (another n or m than prepared), a part
 * solver's error (its message, recorded on the calling thread), MST_ERESOURCE (Kruskal's
 * memory). O(n + m) per round plus the part solvers and the finish's MSF.
 */
mst_status hybrid_solve_prepared(hybrid_state *s, const mst_graph *g, mst_forest *out,
                                 mst_phases *ph);

/* Frees s and every part solver's state (NULL-safe). */
void hybrid_release(hybrid_state *s);

/* One-shot: hybrid_prepare, hybrid_solve_prepared, hybrid_release, with the phases of both.
 * Errors: theirs. */
mst_status hybrid_mst(const mst_graph *g, const hybrid_options *o, mst_forest *out,
                      mst_phases *ph);

/*
 * mst-cuda's GPU part kinds, in order of preference (cuda/hybrid_gpu.cu): the worklist Borůvka
 * (cuda_ecl_*: batching, from HYBRID_GPU_MIN_EDGES edges). ctx for their prepare: a
 * cuda_ecl_options (copied; per-kernel timing off). Sets *count. Their release also unregisters
 * the page-locked host ranges (cuda_transfer_release), since the parts' arrays are freed next.
 */
const hybrid_kind *hybrid_gpu_kinds(int *count);

#ifdef __cplusplus
}
#endif

#endif
