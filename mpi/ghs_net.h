/*
 * ghs_net.h: how GHS messages travel (ghs.h), and how the ranks agree that they are done.
 *
 * Messages between vertices of one rank go through one FIFO queue. Messages to another rank are
 * appended to that rank's current batch, which goes out when it is full or when the sender runs
 * out of local work and has answered what arrived meanwhile (ghs.c, HOLD_MAX). How it goes out:
 * - To a rank of the same node (the default transport, ghs_shm.h): copied into the ring from
 *   this rank to that one in shared memory, as much as fits; what does not fit stays in the
 *   batch, which grows if need be, and goes out at a later flush. The receiver copies up to a
 *   batch out at once, which frees their slots, and handles them from its copy (handling them
 *   in the ring, in lines the sender's core had just written, was slower: docs/results.md).
 * - To a rank of another node (or every rank, with the transport GHS_TRANSPORT_MPI): with
 *   MPI_Isend. Each rank keeps one persistent receive posted per neighbouring rank, so a batch
 *   lands in its buffer without passing through MPI's unexpected-message copies (a tenth of
 *   MPI_Improbe and MPI_Mrecv's cost per batch at 16 ranks, docs/results.md); it is handled at
 *   once, in order (ghs.c), and the receive restarted. MPI matches one sender's messages to one
 *   receiver in order.
 * A ring is FIFO, a batch keeps its order, the local queue is FIFO, and two ranks use one
 * transport: every edge is a FIFO channel, as GHS requires.
 *
 * Termination without timers (F. Mattern, "Algorithms for distributed termination detection",
 * Distributed Computing 2(3), 1987: the four-counter method): a rank that is passive (no local
 * message, nothing unsent, nothing received) joins a wave, a non-blocking allreduce of its
 * counts of messages sent to and received from other ranks (and of deferred messages and
 * errors), and goes on working while the wave completes. Every rank joins wave k + 1 only after
 * wave k completed, i.e. after every rank joined wave k; if the receives counted by wave k equal
 * the sends counted by wave k + 1, no message was in flight and no rank was active at the end of
 * wave k: the computation has terminated, and every rank sees it in the same wave.
 */
#ifndef MST_MPI_GHS_NET_H
#define MST_MPI_GHS_NET_H

#include <stdint.h>

#include "comm.h"
#include "ghs_msg.h"
#include "ghs_shm.h"


/* A FIFO ring of mask + 1 messages (a power of two); head and tail count messages. */
typedef struct ghs_ring {
    ghs_msg *m;
    uint64_t head, tail, mask;
} ghs_ring;

/* How messages travel between ranks (above). */
enum { GHS_TRANSPORT_SHM = 0, GHS_TRANSPORT_MPI = 1 };

typedef struct ghs_net {
    const dist_ctx *c;
    uint32_t batch;            /* messages per batch */
    ghs_ring q;                /* the local queue */
    ghs_msg **out;             /* [p] current batch towards each rank, or NULL */
    uint32_t *out_count;       /* [p] */
    uint32_t *out_cap;         /* [p] the count at which it goes out (batch for MPI_Isend) */
    uint32_t *out_first;       /* [p] a ring's batch: its messages before this one went out */
    uint32_t *out_room;        /* [p] a ring's batch: its room (batch, more after a full ring) */
    /* shared-memory rings (ghs_shm.h), or NULL */
    ghs_shm *shm;
    int *ring;                 /* [p] the node index of a rank reached by a ring, or -1 */
    int *rpeer;                /* [nrpeer] node indices of the neighbouring ranks' rings */
    int nrpeer, irpeer;        /* ... and the one to look at first */
    ghs_msg *rcopy;            /* [batch] messages taken from a ring */
    ghs_msg **spare;           /* free batch buffers */
    uint32_t nspare, spare_cap;
    MPI_Request *req;          /* batches in flight */
    ghs_msg **req_buf;
    int *done_idx;
    uint32_t inflight, inflight_cap;
    /* receives: one persistent receive posted per neighbouring rank (a rank it shares an
     * edge with) that no ring reaches, into its own buffer; MPI matches a sender's batches in
     * order to it */
    int npeer;
    MPI_Request *rreq;         /* [npeer] */
    ghs_msg *rbuf;             /* [npeer * batch] */
    int *ready_idx;            /* [npeer] completed receives not yet handed out: */
    MPI_Status *ready_st;      /* [npeer] their statuses, */
    int nready, iready;        /* ready_idx[iready .. nready - 1] */
    int lent;                  /* the receive whose buffer the caller holds (restarted at the
                                * next call), or -1 */
    char *active;              /* [npeer] the receive is posted (not completed) */
    int posted;                /* the receives are posted */
    uint64_t sent, received;   /* batches (a ring: each copy into it, each read from it) */
    uint64_t ring_sent;        /* ... of which into rings */
    uint64_t msgs_sent, msgs_received; /* messages between ranks */
    uint64_t bytes_sent;
    int err;                   /* a local failure (recorded with mst_fail) */
    /* termination waves */
    int wave_active, have_prev;
    MPI_Request wreq;
    uint64_t win[4], wout[4], prev_received, waves;
} ghs_net;

/* Sets up the queues for c's ranks, room for `hint` local messages at first. The neighbouring
 * ranks are the ranks q != c's rank with cut_start[q + 1] > cut_start[q] (those this one shares
 * edges with; cut_start has p + 1 entries): those that shm (set up by ghs_shm_init, or NULL)
 * reaches get rings, which this call empties (the caller then synchronizes the ranks before
 * any sends), the others a posted receive of `batch` messages each. The local queue takes over
 * *keep (a buffer of *keep_cap messages, a power of two, from an earlier run's ghs_net_free;
 * NULL if none) when it is large enough. Errors: MST_ERESOURCE. */
mst_status ghs_net_init(ghs_net *net, const dist_ctx *c, uint32_t batch, uint64_t hint,
                        const uint64_t *cut_start, ghs_shm *shm, ghs_msg **keep,
                        uint64_t *keep_cap);

/* Frees everything (after ghs_net_finish) but the local queue's buffer, which goes to *keep
 * (*keep_cap messages) for the next run; keep NULL frees it too. */
void ghs_net_free(ghs_net *net, ghs_msg **keep, uint64_t *keep_cap);

/* Slow paths of the pushes below. */
void ghs_net_grow_queue(ghs_net *net);
void ghs_net_post(ghs_net *net, int rank);
ghs_msg *ghs_net_new_batch(ghs_net *net);

/* Queues a message for a vertex of this rank. On memory failure sets net->err. */
static inline void ghs_net_local(ghs_net *net, const ghs_msg *m)
{
    ghs_ring *r = &net->q;
    if (r->tail - r->head > r->mask) {
        ghs_net_grow_queue(net);
        if (net->err)
            return;
    }
    r->m[r->tail++ & r->mask] = *m;
}

/* Appends a message to the batch towards `rank`, posting the batch when full. */
static inline void ghs_net_remote(ghs_net *net, int rank, const ghs_msg *m)
{
    ghs_msg *b = net->out[rank];
    if (b == NULL && (b = net->out[rank] = ghs_net_new_batch(net)) == NULL)
        return;
    b[net->out_count[rank]++] = *m;
    if (net->out_count[rank] == net->out_cap[rank])
        ghs_net_post(net, rank);
}

/* 1 if the local queue is empty. */
static inline int ghs_net_idle(const ghs_net *net)
{
    return net->q.head == net->q.tail;
}

/* Empties the local queue (after a failure). */
void ghs_net_drop(ghs_net *net);

/* Posts every partly filled batch. Returns the number of messages left unsent because a ring
 * was full (0: all went out). */
uint64_t ghs_net_flush(ghs_net *net);

/* Receives one batch (from a ring: the messages waiting there, up to a batch) if one has
 * arrived: returns its number of messages (never 0 then) and points *batch to them, valid until
 * the next call; returns 0 if none had arrived. */
uint32_t ghs_net_recv(ghs_net *net, const ghs_msg **batch);

/* Recycles the buffers of completed sends. */
void ghs_net_reap(ghs_net *net);

/*
 * Call while passive (local queue empty, batches flushed, nothing received). Joins a wave or
 * checks the current one. Returns 1 when the computation has terminated; *deferred_total and
 * *err_total are the sums over ranks from the last completed wave (a rank reporting err makes
 * the others drop their work).
 */
int ghs_net_quiescent(ghs_net *net, uint64_t deferred, uint64_t *deferred_total,
                      uint64_t *err_total);

/* Waits for the batches still in flight (all received once terminated) and withdraws the
 * posted receives. */
void ghs_net_finish(ghs_net *net);

#endif
