/* msg.c: the message layer's queues and batches: setup, sending, flushing (msg.h). Polling and
 * termination are in msg_run.c. */
#include "msg.h"

#include <inttypes.h>
#include <stdlib.h>

#define QUEUE_MIN (1u << 12)     /* local records at first (the queue doubles as needed) */
#define RING_BUDGET (8u << 20)   /* bytes of inbound rings per rank by default */

_Static_assert(sizeof(msg_rec) == MSG_BYTES, "a record is MSG_BYTES bytes");

/* Records per ring: cfg->ring rounded up to a power of two, or by default at least two batches
 * and about RING_BUDGET bytes of rings per rank in all (16384 records each at 16 ranks). */
static uint64_t ring_records(const dist_ctx *c, const msg_config *cfg, uint32_t batch)
{
    uint64_t cap = 1, budget = RING_BUDGET / sizeof(msg_rec) / (uint64_t)c->size;
    if (cfg->ring > 0) {
        while (cap < cfg->ring)
            cap *= 2;
        return cap;
    }
    while (cap < 2 * (uint64_t)batch || 2 * cap <= budget)
        cap *= 2;
    return cap;
}

/* The queue, the batch bookkeeping and each peer's way: a ring (its batch allocated now, as it
 * may keep what did not fit), or a persistent receive. */
static mst_status init_local(msg_layer *L, const msg_config *cfg)
{
    mst_status st = MST_OK;
    int p = L->c.size;
    if ((L->q = mst_big_alloc(QUEUE_MIN, sizeof *L->q)) == NULL)
        return mst_fail(MST_ERESOURCE, "rank %d: out of memory for the message queue",
                        L->c.rank);
    L->qmask = QUEUE_MIN - 1;
    MST_CALLOC(L->out, p);
    MST_CALLOC(L->out_count, p);
    MST_ALLOC(L->out_cap, p);
    MST_CALLOC(L->out_first, p);
    MST_ALLOC(L->out_room, p);
    MST_ALLOC(L->ring, p);
    MST_ALLOC(L->rpeer, p);
    MST_ALLOC(L->rfrom, p);
    for (int q = 0; q < p; q++) {
        int peer = q != L->c.rank && (cfg->peer == NULL || cfg->peer[q]);
        L->out_cap[q] = L->out_room[q] = L->batch;
        L->ring[q] = L->shm.win != MPI_WIN_NULL && peer ? L->shm.local[q] : -1;
        if (!peer)
            continue;
        if (L->ring[q] < 0) {
            L->rfrom[L->npeer++] = q;
            continue;
        }
        L->rpeer[L->nrpeer++] = L->ring[q];
        MST_ALLOC(L->out[q], L->batch);
    }
    if (L->nrpeer > 0)
        MST_ALLOC(L->rcopy, L->batch);
    if (L->npeer == 0)
        return MST_OK;
    MST_ALLOC(L->rbuf, (size_t)L->npeer * L->batch);
    MST_ALLOC(L->rreq, L->npeer);
    MST_ALLOC(L->ready_idx, L->npeer);
    MST_ALLOC(L->ready_st, L->npeer);
    for (int i = 0; i < L->npeer; i++)
        MPI_Recv_init(L->rbuf + (size_t)i * L->batch, (int)(L->batch * sizeof(msg_rec)),
                      MPI_BYTE, L->rfrom[i], MSG_TAG, L->c.comm, &L->rreq[i]);
    MPI_Startall(L->npeer, L->rreq);
    L->posted = 1;
fail:
    return st;
}

mst_status msg_init(msg_layer *L, const dist_ctx *c, const msg_config *cfg)
{
    mst_status st = MST_OK;
    memset(L, 0, sizeof *L);
    L->c = *c;
    L->batch = cfg->batch > 0 ? cfg->batch : MSG_BATCH;
    L->shm.win = MPI_WIN_NULL;
    L->shm.node = MPI_COMM_NULL;
    if (cfg->transport == MSG_TRANSPORT_SHM && c->size > 1)
        st = msg_shm_init(&L->shm, c, ring_records(c, cfg, L->batch), cfg->group); /* agreed */
    if (st == MST_OK)
        st = init_local(L, cfg);
    /* The agreement also keeps every rank from sending before all have set up. */
    if ((st = dist_agree(c, st)) != MST_OK)
        msg_free(L);
    return st;
}

void msg_free(msg_layer *L)
{
    if (L->c.size == 0) /* zeroed: never set up */
        return;
    if (L->posted) { /* no receive can match once the ranks are quiet */
        for (int i = 0; i < L->npeer; i++)
            MPI_Cancel(&L->rreq[i]);
        for (int i = 0; i < L->npeer; i++) {
            MPI_Wait(&L->rreq[i], MPI_STATUS_IGNORE);
            MPI_Request_free(&L->rreq[i]);
        }
    }
    msg_shm_free(&L->shm);
    if (L->out != NULL)
        for (int q = 0; q < L->c.size; q++)
            free(L->out[q]);
    for (uint32_t i = 0; i < L->nspare; i++)
        free(L->spare[i]);
    for (uint32_t i = 0; i < L->inflight; i++)
        free(L->req_buf[i]);
    void *owned[] = {L->q, L->q_keep, L->out, L->out_count, L->out_cap, L->out_first,
                     L->out_room, L->ring, L->rpeer, L->rcopy, L->req, L->req_buf, L->done_idx,
                     L->spare, L->rreq, L->rbuf, L->rfrom, L->ready_idx, L->ready_st};
    for (size_t i = 0; i < sizeof owned / sizeof *owned; i++)
        free(owned[i]);
    memset(L, 0, sizeof *L);
}

int msg_handler_add(msg_layer *L, msg_handler fn, void *arg)
{
    if (L->nfn == MSG_HANDLERS)
        return -1;
    L->fn[L->nfn] = fn;
    L->arg[L->nfn] = arg;
    return L->nfn++;
}

void msg_fail(msg_layer *L, mst_status st)
{
    if (L->err == MST_OK)
        L->err = st;
}

/* Doubles the local queue. A handler may be reading a run of the old buffer: it is kept in
 * q_keep until that run ends (msg_run.c). Returns the slot for the next record, or NULL. */
msg_rec *msg_grow_queue(msg_layer *L)
{
    uint64_t cap = L->qmask + 1, head = L->qhead & L->qmask;
    msg_rec *q = cap < ((uint64_t)1 << 40) ? mst_big_alloc(2 * cap, sizeof *q) : NULL;
    if (q == NULL) {
        msg_fail(L, mst_fail(MST_ERESOURCE, "rank %d: out of memory for a queue of %" PRIu64
                             " messages", L->c.rank, 2 * cap));
        return NULL;
    }
    /* Unwrap: the records in order at the start of the new buffer. */
    memcpy(q, L->q + head, (cap - head) * sizeof *q);
    memcpy(q + (cap - head), L->q, head * sizeof *q);
    if (L->q_keep == NULL)
        L->q_keep = L->q;
    else
        free(L->q);
    L->q = q;
    L->qtail -= L->qhead;
    L->qhead = 0;
    L->qmask = 2 * cap - 1;
    return q + L->qtail;
}

/* Collects the buffers of completed sends into the spare list. */
void msg_reap(msg_layer *L)
{
    int done = 0;
    if (L->inflight == 0)
        return;
    MPI_Testsome((int)L->inflight, L->req, &done, L->done_idx, MPI_STATUSES_IGNORE);
    if (done <= 0 || done == MPI_UNDEFINED)
        return;
    for (int i = 0; i < done; i++) {
        msg_rec *b = L->req_buf[L->done_idx[i]];
        if (L->nspare == L->spare_cap) {
            uint32_t cap = L->spare_cap ? 2 * L->spare_cap : 64;
            if (mst_realloc((void **)&L->spare, cap, sizeof *L->spare) != MST_OK) {
                free(b);
                continue;
            }
            L->spare_cap = cap;
        }
        L->spare[L->nspare++] = b;
    }
    uint32_t k = 0; /* the requests still in flight (completed ones are MPI_REQUEST_NULL) */
    for (uint32_t i = 0; i < L->inflight; i++)
        if (L->req[i] != MPI_REQUEST_NULL) {
            L->req[k] = L->req[i];
            L->req_buf[k++] = L->req_buf[i];
        }
    L->inflight = k;
}

msg_rec *msg_new_batch(msg_layer *L, int rank)
{
    /* Recycle the buffers of completed sends first: most batches leave MPI at once. */
    if (L->nspare == 0)
        msg_reap(L);
    msg_rec *b = L->nspare > 0 ? L->spare[--L->nspare] : mst_alloc(L->batch, sizeof *b);
    if (b == NULL)
        msg_fail(L, mst_fail(MST_ERESOURCE, "rank %d: out of memory for a batch", L->c.rank));
    return L->out[rank] = b;
}

/* Copies what fits of the batch towards `rank` into its ring. What does not fit waits at the
 * batch's end (out_first marks what went out) and the batch takes up to `batch` more records
 * before it is tried again (waiting until a grown batch fills would starve the receiver). A
 * batch whose room runs out while its ring is full is compacted if at least half of it went
 * out, else it doubles: the sender never waits, and each record is moved O(1) times. */
static void post_ring(msg_layer *L, int rank)
{
    msg_rec *b = L->out[rank];
    uint32_t first = L->out_first[rank], k = L->out_count[rank], room = L->out_room[rank];
    uint32_t done = msg_shm_push(&L->shm, L->ring[rank], b + first, k - first);
    if (done > 0) {
        L->n.batches++;
        L->n.ring_batches++;
        L->n.sent += done;
        first += done;
    }
    if (first == k) { /* all out */
        L->out_first[rank] = L->out_count[rank] = 0;
        L->out_cap[rank] = L->batch;
        return;
    }
    if (k == room && first >= k / 2 && first > 0) { /* compact: frees at least half */
        memmove(b, b + first, (size_t)(k - first) * sizeof *b);
        k -= first;
        first = 0;
    } else if (k == room) {
        if (room > UINT32_MAX / 2 ||
            mst_realloc((void **)&L->out[rank], 2 * (uint64_t)room, sizeof *b) != MST_OK) {
            msg_fail(L, mst_fail(MST_ERESOURCE, "rank %d: out of memory for messages to rank "
                                 "%d", L->c.rank, rank));
            L->out_first[rank] = L->out_count[rank] = 0; /* the run is lost: drop them */
            L->out_cap[rank] = L->batch;
            return;
        }
        room = L->out_room[rank] = 2 * room;
    }
    L->out_first[rank] = first;
    L->out_count[rank] = k;
    L->out_cap[rank] = room - k > L->batch ? k + L->batch : room;
}

void msg_post(msg_layer *L, int rank)
{
    if (L->ring[rank] >= 0) {
        post_ring(L, rank);
        return;
    }
    if (L->inflight == L->inflight_cap) {
        uint32_t cap = L->inflight_cap ? 2 * L->inflight_cap : 64;
        if (mst_realloc((void **)&L->req, cap, sizeof *L->req) != MST_OK ||
            mst_realloc((void **)&L->req_buf, cap, sizeof *L->req_buf) != MST_OK ||
            mst_realloc((void **)&L->done_idx, cap, sizeof *L->done_idx) != MST_OK) {
            msg_fail(L, mst_fail(MST_ERESOURCE, "rank %d: out of memory for sends",
                                 L->c.rank));
            L->out_count[rank] = 0; /* the run is lost: drop the batch, keep the buffer */
            return;
        }
        L->inflight_cap = cap;
    }
    msg_rec *b = L->out[rank];
    uint32_t k = L->out_count[rank];
    MPI_Isend(b, (int)(k * sizeof *b), MPI_BYTE, rank, MSG_TAG, L->c.comm,
              &L->req[L->inflight]);
    L->req_buf[L->inflight++] = b;
    L->out[rank] = NULL;
    L->out_count[rank] = 0;
    L->n.batches++;
    L->n.sent += k;
}

uint64_t msg_flush(msg_layer *L)
{
    uint64_t left = 0;
    for (int q = 0; q < L->c.size; q++)
        if (L->out_count[q] > 0) {
            msg_post(L, q);
            left += L->out_count[q] - L->out_first[q];
        }
    return left;
}
