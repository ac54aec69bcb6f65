/*
 * ghs_machine.h: the GHS state machine of every vertex of one rank (ghs.c), apart from how its
 * messages travel (msg.h) and from the run around it (ghs_solve.c). It knows vertices, arcs and
 * the paper's variables; a message goes to the rank that an arc names, through msg_send().
 */
#ifndef MST_MPI_GHS_MACHINE_H
#define MST_MPI_GHS_MACHINE_H

#include <stdint.h>

#include "ghs.h"
#include "ghs_window.h"
#include "msg.h"

/* A GHS message: one record of the message layer (its first byte is the layer's). */
typedef struct ghs_msg {
    uint8_t handler; /* the layer's */
    uint8_t type, level, sn;
    uint32_t to;     /* destination vertex: its index at its rank */
    uint32_t arc;    /* the arc it arrives on: its index at the destination */
    uint32_t key;    /* Report: the weight's key */
    uint64_t eid;    /* Report: the weight's edge id; Initiate, Test: the fragment name */
} ghs_msg;

/* The GHS variables of one vertex (the paper's names in the comments): its 64-byte header. */
typedef struct ghs_vertex {
    uint64_t fn;         /* FN: fragment name = the core edge's id */
    uint64_t best_eid;   /* best-wt = (best_key, best_eid) */
    uint32_t best_key;
    uint32_t best_edge;  /* best-edge (arc index) */
    uint8_t testing;     /* test-edge is not nil (it is the cursor): v's own search runs */
    ghs_window win;      /* the test window (ghs_window.h), when K > 1 */
    uint32_t in_branch;  /* in-branch (arc index) */
    uint32_t find_count; /* find-count */
    uint32_t begin, end; /* the row: arcs begin .. end - 1, by increasing (key, eid) */
    uint32_t cursor;     /* every arc of the row below it is Branch or Rejected; test-edge */
    uint32_t branch_end; /* every Branch arc of the row is below it */
    uint32_t dq_head, dq_tail; /* deferred messages, pool indices (GHS_NONE: none) */
    uint8_t sn, level;   /* SN, LN */
    uint8_t flags;
    uint8_t dq_level;    /* lowest level of a deferred Test or Connect (255: none) */
} ghs_vertex;

#define GHS_NONE UINT32_MAX /* nil: no arc */

/* A message that waits at its vertex (the paper's "place received message on end of queue"). */
typedef struct ghs_deferred {
    ghs_msg m;
    uint32_t next;
} ghs_deferred;

/* One rank's machine. */
typedef struct ghs_machine {
    msg_layer *net;
    int handler;          /* the layer's id of ghs_machine_handle */
    ghs_vertex *vtx;      /* the adjacency (ghs_graph): vertex headers, */
    ghs_arc *arc;         /* arcs */
    const uint64_t *eid;  /* and their edge ids */
    uint8_t window_max;   /* the test window's K (1: GHS's procedure test) */
    ghs_deferred *pool;   /* deferred messages: pool_len used, pool_cap allocated */
    uint32_t *spare;      /* indices of free pool entries, a stack of nspare ([pool_cap]) */
    uint32_t pool_cap, pool_len, nspare;
    uint64_t deferred;    /* messages waiting in deferred lists */
    uint64_t sent[GHS_MSG_TYPES];
    uint64_t isolated, core_halts; /* vertices that halted: alone, or as a core */
    uint8_t max_level;
} ghs_machine;

/* Sends a message on arc j: to the vertex and arc its twin names, at the rank it names. */
static inline void ghs_send(ghs_machine *s, uint32_t j, int type, int level, int sn, uint32_t key,
                            uint64_t eid)
{
    const ghs_arc *a = &s->arc[j];
    ghs_msg m = {0, (uint8_t)type, (uint8_t)level, (uint8_t)sn, a->to, a->twin, key, eid};
    s->sent[type]++;
    msg_send(s->net, a->rank, s->handler, &m);
}

/* Sets every vertex of gg Sleeping with its row, and the counters to zero; keeps the deferred
 * pool (s->pool, s->spare, s->pool_cap), which the caller may carry over from an earlier run. */
void ghs_machine_reset(ghs_machine *s, const ghs_graph *gg);

/* (1) Every vertex of gg wakes up spontaneously: its Connects go out. */
void ghs_machine_wake(ghs_machine *s, const ghs_graph *gg);

/* The message layer's handler (msg_handler; arg is the machine): GHS's responses to k
 * messages, in order. Out of memory for deferred messages: msg_fail(). */
void ghs_machine_handle(void *arg, const void *recs, uint32_t k);

#endif
