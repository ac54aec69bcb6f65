/*
 * ghs.h: the distributed minimum spanning forest of Gallager, Humblet and Spira with many
 * vertices per rank.
 *
 * R. G. Gallager, P. A. Humblet, P. M. Spira, "A distributed algorithm for minimum-weight
 * spanning trees", ACM TOPLAS 5(1):66-77, 1983 (the state machine of its appendix); Shou and He,
 * sections 3.4 and 4.5 (one rank simulates the vertices it owns; local messages go through
 * a queue; their version stopped on a timer).
 *
 * Every vertex runs the full GHS state machine: node states Sleeping/Find/Found, edge states
 * Basic/Branch/Rejected, messages Connect(L), Initiate(L, F, S), Test(L, F), Accept, Reject,
 * Report(w), ChangeRoot. Edge weights are made distinct by the (key, edge id) order of
 * docs/design.md; a fragment's name is its core edge's id. A Connect, Test or Report that must wait
 * ("place received message on end of queue") is kept in its vertex's deferred list and
 * re-examined, in arrival order, after each change of that vertex's state (its level, node
 * state, in-branch or one of its edge states) that could release it; a one-byte summary of the
 * list (lowest waiting level, whether a Connect or a Report waits) skips the walks that cannot.
 * Every vertex wakes up at the start; an isolated vertex halts at once; the two core vertices of
 * each component halt when their Reports cross with nothing outgoing, so a forest needs no
 * special case. The state machine (ghs.c) sends through the message layer
 * (msg.h), and the run ends when the layer finds the system quiet. Deferred messages are never
 * mistaken for the end: a system that went quiet with messages still waiting is a deadlock,
 * reported as an error. The answer is the set of Branch edges, gathered to rank 0.
 *
 * The test window (--test-window K, ghs.c) is an option layered on procedure test: a
 * vertex in Find keeps Tests in flight on up to K of its lightest Basic edges. K = 1 is the
 * paper's procedure, which runs without it.
 *
 * Costs: GHS sends at most 5 n log2 n + 2 m messages (K = 1); each is one or two cache lines of
 * the adjacency (the vertex's header and the arc), so a rank's time is bound by memory latency.
 * Memory per rank: the share (20 bytes
 * per arc), the adjacency (16 bytes per arc, 64 per vertex and 4 for its row's start; the
 * edge ids, 8 bytes per arc), the route table (8 bytes per arc), the sort scratch (8 bytes per
 * arc), the deferred messages (28 bytes each) and the message layer's queue (24 bytes per
 * waiting message), rings from the ranks of its node (8 MiB by default) and a receive buffer of
 * a batch per neighbouring rank of another node (msg.h).
 */
#ifndef MST_MPI_GHS_H
#define MST_MPI_GHS_H

#include <stdint.h>

#include "comm.h"
#include "load.h"
#include "solver.h"

/* Edge states, node states and message types (GHS 1983). */
enum { GHS_BASIC = 0, GHS_BRANCH = 1, GHS_REJECTED = 2 };
enum { GHS_SLEEPING = 0, GHS_FIND = 1, GHS_FOUND = 2 };
enum {
    GHS_CONNECT = 0,
    GHS_INITIATE,
    GHS_TEST,
    GHS_ACCEPT,
    GHS_REJECT,
    GHS_REPORT,
    GHS_CHANGEROOT,
    GHS_MSG_TYPES
};

/* Names of the message types, for statistics ("connect", ...). */
extern const char *const ghs_msg_names[GHS_MSG_TYPES];

/* A rank's adjacency, in plain indices: vertex x = 0 .. n - 1 of the rank has a 64-byte header
 * (its GHS variables, ghs.c) in vtx[x] and its row of arcs arc[off[x]] .. arc[off[x + 1]
 * - 1] (compressed sparse rows), sorted by (key, eid); an arc is 16 bytes, never across two cache
 * lines. A message names its vertex and its arc at the destination rank. The edge ids, needed
 * only on ties of keys, for new fragment names and for the answer, lie apart: arc a's is eid[a].
 *
 * Twins. Every arc holds its neighbour's vertex index and its twin's arc index at the
 * neighbour's rank. The build gets them with one exchange: the arcs between ranks r and q are
 * numbered 0, 1, ... in increasing edge id order, the same numbers on both sides (cut index);
 * each rank lists its arcs (vertex and arc index) by cut index (the route table), and one
 * all-to-all of the tables tells every arc its twin's indices. */
typedef struct ghs_arc {
    uint32_t key;  /* weight key; (key, eid) is the edge's distinct weight */
    uint32_t to;   /* the neighbour's vertex index at its rank */
    uint32_t twin; /* the reverse arc's index at the neighbour's rank */
    uint16_t rank; /* the neighbour's rank */
    uint8_t se;    /* edge state */
    uint8_t level; /* Branch: the level of the Connect that made it one (--trace) */
} ghs_arc;

/* Where an arc is: its vertex and its own index (the route table's entries). */
typedef struct ghs_route {
    uint32_t vertex, arc;
} ghs_route;

struct ghs_vertex; /* a vertex header (ghs.c) */

/* The adjacency, the buffers that build it, the state machine and the message layer. They are
 * kept from one trial to the next (the solver's warm-up trial allocates them, 64-byte aligned and
 * in huge pages where the system allows), so timed trials do not pay for faulting in fresh
 * memory. */
typedef struct ghs_graph {
    uint32_t n;             /* local vertices */
    uint64_t arcs;          /* < 2^32 - 1 */
    uint32_t *off;          /* [n + 1] vertex x's row: arcs off[x] .. off[x + 1] - 1 */
    struct ghs_vertex *vtx; /* [n] vertex headers, filled by ghs_solve() */
    ghs_arc *arc;           /* [arcs] the rows, in vertex order */
    uint64_t *item;         /* [arcs] scratch of the row sort */
    uint64_t *eid;          /* [arcs] each arc's edge id */
    ghs_route *route;       /* [arcs] scratch: route[route_start[q] + k]: arc of cut index k
                             * with q */
    uint64_t *route_start;  /* [p + 1] scratch */
    uint64_t cap_off, cap_vtx, cap_arc, cap_item, cap_eid, cap_route, cap_start; /* room */
    struct msg_layer *net;       /* the message layer (msg.h), set up by the first ghs_solve() */
    struct ghs_machine *machine; /* the state machine and its deferred pool (ghs.c) */
} ghs_graph;

/* Frees an adjacency, its buffers and its message layer (zeroed; NULL members are fine).
 * Collective: every rank calls it. */
void ghs_graph_free(ghs_graph *gg);

/* Options of a run. */
typedef struct ghs_options {
    uint32_t test_window; /* the test window's largest size K (ghs.c), 1 .. 255 */
    int transport;        /* MSG_TRANSPORT_SHM or MSG_TRANSPORT_MPI (msg.h) */
    uint32_t batch;       /* messages per batch between ranks, 0: the layer's default */
    uint32_t ring;        /* messages per ring (rounded up to a power of two), 0: the default */
    int shm_group;        /* > 0: ranks share rings in groups of this many (msg.h), 0: nodes */
} ghs_options;

#define GHS_MAX_TEST_WINDOW 255 /* a window's state counts arcs in bytes (ghs.c) */

/*
 * Collective: runs GHS on the share (its adjacency built in gg, whose buffers are reused from
 * call to call) and gathers the forest to rank 0: out->eid and fkey[] (the keys,
 * [out->capacity]) there. Fills ph with phase times ("build", "ghs", "gather") and counters
 * (messages of each type summed over ranks, "messages", "ghs_bound" (with the test window's
 * share, ghs.c), "test_window" (K), "bytes_between_ranks", "batches", "waves",
 * "max_level", "halted_components") on rank 0.
 * Errors (agreed): MST_ERESOURCE; MST_EINTERNAL for a broken invariant of GHS (deferred
 * messages left when the system is quiet, Branch arcs on one side of an edge, a forest larger
 * than out->capacity).
 * O((n log n + m) / p) messages per rank for balanced partitions (GHS's bound 5 n log2 n + 2 m).
 */
mst_status ghs_solve(const dist_ctx *c, const dist_share *sh, const ghs_options *o,
                     uint64_t n_global, uint64_t m_global, ghs_graph *gg, mst_forest *out,
                     uint32_t *fkey, mst_phases *ph);

#endif
