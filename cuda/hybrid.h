/*
 * hybrid.h: mst-cuda's CPU+GPU hybrid for repeated MSF on one topology (--algo hybrid; Ma and
 * Wan, section 3.2): the graph is split once into dense cores and the sparse rest; every round
 * the parts run concurrently, GPU parts on one host thread and CPU parts on the others, and the
 * MSF of the parts' forests and the crossing edges finishes the round. The part solvers are
 * function pointers (hybrid_kind), so that the whole pipeline also runs on a host without a GPU
 * with host solvers in the GPU kinds' place (tests/cuda/hybrid_host.c).
 * In Ma and Wan's order: core numbers by k-core peeling, the partition into dense cores and the
 * sparse rest with its heuristic, then the rounds and their finish.
 */
#ifndef MST_CUDA_HYBRID_H
#define MST_CUDA_HYBRID_H

#include "solver.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ---- Core numbers ---- */

/*
 * The core number of every vertex of g: core[x] is the largest k such that x belongs to the
 * k-core, the maximal subgraph in which every vertex has degree at least k (Seidman 1983). Degrees
 * count edges, so parallel edges count once each (g is a multigraph); an isolated vertex has core
 * number 0. *degeneracy gets the largest core number (0 for a graph without edges).
 *
 * Vertex peeling as in Ma and Wan (section 3.2, "K-Core Decomposition"): at level k every vertex
 * whose remaining degree is k is removed with core number k, which lowers its neighbours' degrees
 * and may remove them at the same level; levels run in increasing k. The order is the one of
 * Matula and Beck 1983 and Batagelj and Zaversnik 2003 (O(n + m) by peeling a vertex of least
 * remaining degree first), made level-synchronous for threads as in Kabir and
 * Madduri's PKC (2017): the vertices of one level's frontier are peeled by the OpenMP team at
 * once, each neighbour's degree decremented atomically, and the neighbour that a decrement brings
 * down to exactly k joins the next frontier of the same level. Small frontiers (a long chain
 * peeling one vertex at a time) are peeled by one thread, so that such chains cost no fork-join
 * per vertex. Each level first compacts the list of vertices not yet peeled and jumps k to their
 * least remaining degree, so a vertex is scanned at most core[x] + 1 times: O(n + m) work in
 * all, with the CSR of g (mst_csr_build, 8 (n + 1) + 24 m bytes) and 16 n bytes more.
 * Threads: the caller's OpenMP team size (omp_get_max_threads()).
 *
 * g: the topology only (n, m, u, v; the keys are not read). core: [g->n], written.
 * Errors: MST_ERESOURCE (memory); core is then unspecified.
 */
mst_status kcore_peel(const mst_graph *g, uint32_t *core, uint32_t *degeneracy);

/* ---- The partition ---- */

/* Vertices of core number at least HYBRID_CORE_THRESHOLD are core vertices: planar graphs
 * (degeneracy at most 5: grids, road networks) and other uniformly sparse graphs have no cores.
 * A fixed 8 beat a share of the degeneracy (docs/dense-hybrid.md, "Thresholds"): the higher
 * the threshold, the more edges cross between parts, and the finish grows with them. */
#define HYBRID_CORE_THRESHOLD 8u
/* The worklist GPU kind takes a core's component from this many edges: below it a round's
 * kernel launches cost more than the CPU's Borůvka on the part (the crossover measured in
 * docs/dense-hybrid.md, "Thresholds"). */
#define HYBRID_GPU_MIN_EDGES (1u << 17)
/* ... and from this density 2m / (n (n - 1)): none. Ma and Wan send dense cores (m > n^2 / 2,
 * their section 4.2) to their dense-matrix kernel, but `--algo dense` was slower than the
 * worklist Borůvka at every density of the dense sweep (docs/dense-hybrid.md, Measurements),
 * so every core goes to the worklist kind and the dense kernel is no part kind. */
#define HYBRID_GPU_MIN_DENSITY 0.0

/* The kind of a part that no GPU kind takes: it runs on the host's CPU threads. */
#define HYBRID_CPU_KIND (-1)

/* A GPU part kind's share of the heuristic. */
typedef struct hybrid_rule {
    uint64_t min_edges; /* a core's component qualifies from this many edges */
    double min_density; /* and from this density 2m / (n (n - 1)) */
    int batch;          /* 1: all the components of this kind form one part, their disjoint
                           union (one solve for all); 0: one part per component */
} hybrid_rule;

/* One part: the subgraph induced by its vertices, numbered 0..g.n-1 in the order of their
 * global ids. */
typedef struct hybrid_part {
    mst_graph g;   /* local graph: u, v local, key gathered from the global keys each round
                      (weight_type uint32: the keys themselves); owns u, v, key */
    uint64_t *eid; /* [g.m] the global id of each local edge, ascending (owned) */
    int kind;      /* index of its GPU rule, or HYBRID_CPU_KIND */
    uint32_t cores; /* core components it holds (0: only sparse vertices) */
} hybrid_part;

typedef struct hybrid_partition {
    uint32_t threshold;  /* vertices of core number >= threshold are core vertices */
    uint32_t cores;      /* connected components of the core vertices' induced subgraph */
    uint32_t count;      /* parts */
    hybrid_part *part;   /* [count] GPU parts first (by kind, then component), the CPU part last */
    uint64_t crossing_count;
    uint64_t *crossing;  /* [crossing_count] global ids of the edges between two parts, ascending */
} hybrid_partition;

/*
 * Partitions g's vertices (Ma and Wan, section 3.2: "K-Core Decomposition" groups the vertices
 * of the higher cores into dense subgraphs, "the Hybrid heuristic" assigns each a strategy):
 *  1. the vertices of core number >= threshold are core vertices; each connected component of
 *     the subgraph they induce is a candidate dense part; the other vertices are the sparse rest;
 *  2. heuristic: a component goes to the first GPU kind (rules[0..rule_count), in order of
 *     preference) whose min_edges and min_density it meets; the sparse rest and the components
 *     no GPU kind takes go to the CPU (the paper's assignment: sparse regions to the CPU's
 *     Borůvka, dense ones to the GPU);
 *  3. the CPU's candidates form one part (the host runs its parts one after the other with the
 *     same threads anyway, and one part keeps their mutual edges out of the crossing set), as
 *     do those of each batching GPU kind; a non-batching kind's components are parts of their own.
 * Every edge is then in exactly one part (both ends in it) or crossing. Parts without vertices
 * are not made; a part may have no edges. Deterministic: components are numbered by their least
 * vertex.
 * g: topology only. core: [g->n] core numbers (kcore_peel). rules may be NULL if rule_count is 0.
 * Errors: MST_ERESOURCE (memory); *p is then empty. O(n + m) time; 20 bytes per edge inside a
 * part, 8 per crossing edge, 16 n bytes of scratch.
 */
mst_status hybrid_partition_build(const mst_graph *g, const uint32_t *core, uint32_t threshold,
                                  const hybrid_rule *rules, int rule_count, hybrid_partition *p);

/* Frees everything p owns and zeroes it (NULL and zeroed ones are fine). */
void hybrid_partition_free(hybrid_partition *p);

/* ---- The hybrid ---- */

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
    const hybrid_kind *gpu;     /* [gpu_kinds] in order of preference (the partition, above) */
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
 * cuda_ecl_options (copied; per-kernel timing off; each part gets a transfer context of its own,
 * which page-locks the part's keys and forest and unregisters them at the release, before the
 * hybrid frees the part's arrays). Sets *count.
 */
const hybrid_kind *hybrid_gpu_kinds(int *count);

#ifdef __cplusplus
}
#endif

#endif
