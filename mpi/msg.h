/*
 * msg.h: mst-mpi's message layer, apart from the algorithms on top of it (as Graph500's
 * reference code keeps its active messages apart from BFS): fixed-size records sent to ranks
 * (this one included) for registered handlers, run until the system is quiet.
 *
 *     msg_init(&L, ctx, &config);                      collective, once
 *     id = msg_handler_add(&L, on_records, state);     the same order on every rank
 *     msg_send(&L, rank, id, &record);                 anywhere, in handlers too
 *     st = msg_quiesce(&L);                            collective: handles to the end
 *     msg_free(&L);                                    collective
 *
 * A record is MSG_BYTES bytes whose first byte the layer overwrites with the handler id.
 * Handlers get runs of records of their own, read-only and valid during the call. Records from
 * one rank to another (or to itself) are handled in the order sent: every pair of ranks is a
 * FIFO channel, as GHS requires. How (docs/mst-mpi.md, "The message layer"): a FIFO queue for
 * this rank; per destination, a batch that leaves when full or when the sender runs out of
 * local work, through a ring in shared memory to a rank of the same node (a full ring keeps the
 * rest in the batch, so a sender never waits) or MPI_Isend into a persistent
 * receive otherwise. Quiescence is Mattern's four-counter method (F. Mattern, "Algorithms for
 * distributed termination detection", Distributed Computing 2(3), 1987): idle ranks join
 * non-blocking allreduce waves of their counts of records sent and received; when the receives
 * of one wave equal the sends of the next, none was in flight. The waves also carry failures:
 * a handler that fails calls msg_fail(), every rank then drops its records and msg_quiesce()
 * returns the failing rank's status everywhere.
 */
#ifndef MST_MPI_MSG_H
#define MST_MPI_MSG_H

#include <stdint.h>
#include <string.h>

#include "comm.h"

#define MSG_BYTES 24        /* bytes per record (msg_rec) */
#define MSG_HANDLERS 8      /* handler ids 0 .. MSG_HANDLERS - 1 */
#define MSG_BATCH 2048      /* default records per batch between two ranks */
/* The two constants of the progress loop (docs/results.md, the knob table). */
#define MSG_LOCAL_RUN 1024  /* local records handled between two looks at the network */
#define MSG_HOLD_MAX 8      /* rounds of incoming batches taken in before posting partial ones */
#define MSG_TAG 23          /* the MPI tag of batches on the layer's communicator */

/* A record: MSG_BYTES bytes whose first byte names its handler. */
typedef struct msg_rec {
    uint64_t w[3];
} msg_rec;

/* This rank's rings (msg.c): single-producer, single-consumer rings of records in an MPI-3
 * shared window between the ranks of one node. */
typedef struct msg_shm {
    MPI_Comm node;       /* the ranks that share rings with this one, or MPI_COMM_NULL */
    MPI_Win win;
    int nnode;           /* ranks in node */
    int me;              /* this rank's index in node */
    int *local;          /* [p] each rank's index in node, or -1 (not sharing rings) */
    char **seg;          /* [nnode] each node rank's window segment */
    uint64_t cap;        /* records per ring, a power of two */
    uint64_t ring_bytes;
    uint64_t *seen_head; /* [nnode] the last head read of each outbound ring (the sender's copy) */
    uint64_t *sent_tail; /* [nnode] each outbound ring's tail (the sender's copy) */
} msg_shm;

/* A handler: k records (k >= 1), all for it, in arrival order. */
typedef void (*msg_handler)(void *arg, const void *recs, uint32_t k);

/* How records travel between ranks (above). */
enum { MSG_TRANSPORT_SHM = 0, MSG_TRANSPORT_MPI = 1 };

typedef struct msg_config {
    int transport;        /* MSG_TRANSPORT_SHM or MSG_TRANSPORT_MPI */
    uint32_t batch;       /* records per batch between two ranks, >= 1 (0: MSG_BATCH) */
    uint64_t ring;        /* records per ring, rounded up to a power of two; 0: at least two
                           * batches and about 8 MiB of rings per rank */
    const uint8_t *peer;  /* [p] nonzero for the ranks this one may exchange records with (the
                           * relation must be symmetric), or NULL for all */
    int group;            /* > 0: ranks r and q share rings only when r / group == q / group, as
                           * if every `group` consecutive ranks formed a node; 0: the node */
} msg_config;

/* What the layer counts (records and batches between ranks, this rank's; waves: every rank's). */
typedef struct msg_counts {
    uint64_t sent, received;   /* records to and from other ranks */
    uint64_t batches;          /* batches sent (a ring: each copy into it) */
    uint64_t ring_batches;     /* ... of which into rings */
    uint64_t waves;            /* termination waves */
} msg_counts;

/* The layer's state: opaque but for the inline msg_send(). */
typedef struct msg_layer {
    dist_ctx c;
    uint32_t batch;
    msg_handler fn[MSG_HANDLERS];
    void *arg[MSG_HANDLERS];
    int nfn;
    /* the local queue: records qhead .. qtail - 1 of a ring of qmask + 1 */
    msg_rec *q, *q_keep;       /* q_keep: a grown-out buffer that a running handler reads */
    uint64_t qhead, qtail, qmask;
    /* batches towards each rank */
    msg_rec **out;             /* [p] current batch, or NULL */
    uint32_t *out_count;       /* [p] records in it */
    uint32_t *out_cap;         /* [p] the count at which it goes out */
    uint32_t *out_first;       /* [p] a ring's batch: its records before this one went out */
    uint32_t *out_room;        /* [p] a ring's batch: its room */
    /* rings */
    msg_shm shm;
    int *ring;                 /* [p] the node index of a rank reached by a ring, or -1 */
    int *rpeer;                /* [nrpeer] node indices of the peers' rings */
    int nrpeer;
    msg_rec *rcopy;            /* [batch] records taken from a ring */
    /* MPI_Isend: buffers in flight and spare ones */
    MPI_Request *req;
    msg_rec **req_buf;
    int *done_idx;
    uint32_t inflight, inflight_cap;
    msg_rec **spare;
    uint32_t nspare, spare_cap;
    /* persistent receives, one per peer that no ring reaches */
    int npeer;
    MPI_Request *rreq;
    msg_rec *rbuf;             /* [npeer * batch] */
    int *rfrom;                /* [npeer] their ranks */
    int *ready_idx;
    MPI_Status *ready_st;
    int posted;                /* the receives are posted */
    /* progress and termination */
    int held;                  /* rounds taken in since the last flush */
    uint64_t unsent;           /* records kept back by full rings at the last flush */
    mst_status err;            /* this rank's failure (msg_fail) */
    int dropping;              /* some rank failed: records are dropped */
    int wave_active, have_prev;
    MPI_Request wreq;
    uint64_t win[3], wout[3], prev_received;
    msg_counts n;
} msg_layer;

/*
 * Collective: sets up the layer for c's ranks (c is copied): queues, batches, rings between
 * the ranks of a node that are peers (MSG_TRANSPORT_SHM) and a posted receive of a batch per
 * other peer. Errors (agreed): MST_ERESOURCE (memory, no shared window); the layer is then
 * freed.
 */
mst_status msg_init(msg_layer *L, const dist_ctx *c, const msg_config *cfg);

/* Collective: frees everything (the layer is zeroed; a zeroed layer is fine). */
void msg_free(msg_layer *L);

/* Registers a handler and returns its id (-1 when MSG_HANDLERS are taken). Every rank must
 * register the same handlers in the same order. */
int msg_handler_add(msg_layer *L, msg_handler fn, void *arg);

/* Slow paths of msg_send (msg.c). */
msg_rec *msg_grow_queue(msg_layer *L);
msg_rec *msg_new_batch(msg_layer *L, int rank);
void msg_post(msg_layer *L, int rank);

/* Sends the MSG_BYTES record at rec to `rank` for the handler `id`. Never blocks; after a
 * failure (memory) the record is dropped and the run fails (msg_fail). */
static inline void msg_send(msg_layer *L, int rank, int id, const void *rec)
{
    msg_rec r, *d;
    memcpy(&r, rec, MSG_BYTES);
    *(uint8_t *)&r = (uint8_t)id; /* on a copy: folds into the record's first word */
    if (rank == L->c.rank) {
        if (L->qtail - L->qhead > L->qmask && msg_grow_queue(L) == NULL)
            return;
        L->q[L->qtail++ & L->qmask] = r;
        return;
    }
    if ((d = L->out[rank]) == NULL && (d = msg_new_batch(L, rank)) == NULL)
        return;
    d[L->out_count[rank]++] = r;
    if (L->out_count[rank] == L->out_cap[rank])
        msg_post(L, rank);
}

/*
 * One step of progress: handles up to MSG_LOCAL_RUN local records and every batch that has
 * arrived; once out of local work, and after up to MSG_HOLD_MAX rounds of incoming batches,
 * posts the partly filled batches. Returns 1 if it handled or sent anything.
 */
int msg_poll(msg_layer *L);

/* Posts every partly filled batch now. Returns the records kept back by full rings. */
uint64_t msg_flush(msg_layer *L);

/*
 * Collective: polls until the system is quiet (above): every record sent by any rank has been
 * handled and no handler runs. Call it on every rank after the first sends. Returns the agreed
 * status: MST_OK, or the failing rank's (msg_fail), everywhere. The layer can run again.
 */
mst_status msg_quiesce(msg_layer *L);

/* Records a failure of this rank (its message already recorded with mst_fail): from now on its
 * records are dropped, and msg_quiesce() returns st on every rank. */
void msg_fail(msg_layer *L, mst_status st);

#endif
