/* ghs_net.c: local queue, batches between ranks, termination waves (ghs_net.h). */
#include "ghs_net.h"

#include <inttypes.h>
#include <sched.h>
#include <stdlib.h>
#include <string.h>

#define TAG_BATCH 23
#define QUEUE_MIN (1u << 12)

mst_status ghs_net_init(ghs_net *net, const dist_ctx *c, uint32_t batch, uint64_t hint,
                        const uint64_t *cut_start, ghs_shm *shm, ghs_msg **keep,
                        uint64_t *keep_cap)
{
    mst_status st = MST_OK;
    uint64_t cap = QUEUE_MIN;
    memset(net, 0, sizeof *net);
    net->c = c;
    net->batch = batch;
    while (cap < hint && cap < ((uint64_t)1 << 40))
        cap *= 2;
    if (*keep != NULL && *keep_cap >= cap) {
        net->q.m = *keep, cap = *keep_cap;
        *keep = NULL, *keep_cap = 0;
    } else if ((net->q.m = mst_big_alloc(cap, sizeof *net->q.m)) == NULL) {
        st = MST_ERESOURCE;
        goto fail;
    }
    net->q.mask = cap - 1;
    MST_CALLOC(net->out, c->size);
    MST_CALLOC(net->out_count, c->size);
    MST_ALLOC(net->out_cap, c->size);
    MST_CALLOC(net->out_first, c->size);
    MST_ALLOC(net->out_room, c->size);
    MST_ALLOC(net->ring, c->size);
    MST_ALLOC(net->rpeer, c->size);
    net->lent = -1;
    if (shm != NULL && shm->win != MPI_WIN_NULL) {
        net->shm = shm;
        ghs_shm_reset(shm);
    }
    for (int q = 0; q < c->size; q++) {
        int ring = net->shm != NULL ? net->shm->local[q] : -1;
        net->out_cap[q] = net->out_room[q] = batch;
        net->ring[q] = ring;
        if (q == c->rank || cut_start[q + 1] == cut_start[q])
            continue;
        if (ring < 0) {
            net->npeer++;
            continue;
        }
        net->rpeer[net->nrpeer++] = ring;
        MST_ALLOC(net->out[q], batch); /* a ring's batch stays: it may hold what did not fit */
    }
    if (net->nrpeer > 0)
        MST_ALLOC(net->rcopy, batch);
    if (net->npeer == 0)
        return MST_OK;
    MST_ALLOC(net->rbuf, (size_t)net->npeer * batch);
    MST_ALLOC(net->rreq, net->npeer);
    MST_ALLOC(net->ready_idx, net->npeer);
    MST_ALLOC(net->ready_st, net->npeer);
    MST_ALLOC(net->active, net->npeer);
    for (int q = 0, i = 0; q < c->size; q++)
        if (q != c->rank && cut_start[q + 1] > cut_start[q] && net->ring[q] < 0) {
            MPI_Recv_init(net->rbuf + (size_t)i * batch, (int)(batch * sizeof(ghs_msg)), MPI_BYTE,
                          q, TAG_BATCH, c->comm, &net->rreq[i]);
            i++;
        }
    MPI_Startall(net->npeer, net->rreq);
    memset(net->active, 1, (size_t)net->npeer);
    net->posted = 1;
    return MST_OK;
fail:
    ghs_net_free(net, NULL, NULL);
    return st;
}

/* Withdraws the posted receives (none can match once the ranks have terminated) and frees
 * their requests. */
static void withdraw_receives(ghs_net *net)
{
    if (!net->posted)
        return;
    for (int i = 0; i < net->npeer; i++)
        if (net->active[i])
            MPI_Cancel(&net->rreq[i]);
    for (int i = 0; i < net->npeer; i++) {
        if (net->active[i])
            MPI_Wait(&net->rreq[i], MPI_STATUS_IGNORE);
        MPI_Request_free(&net->rreq[i]);
    }
    net->posted = 0;
}

void ghs_net_free(ghs_net *net, ghs_msg **keep, uint64_t *keep_cap)
{
    withdraw_receives(net);
    if (net->out != NULL)
        for (int q = 0; q < net->c->size; q++)
            free(net->out[q]);
    for (uint32_t i = 0; i < net->nspare; i++)
        free(net->spare[i]);
    for (uint32_t i = 0; i < net->inflight; i++)
        free(net->req_buf[i]);
    if (keep != NULL && net->q.m != NULL) {
        free(*keep);
        *keep = net->q.m;
        *keep_cap = net->q.mask + 1;
    } else {
        free(net->q.m);
    }
    free(net->out);
    free(net->out_count);
    free(net->out_cap);
    free(net->out_first);
    free(net->out_room);
    free(net->ring);
    free(net->rpeer);
    free(net->rcopy);
    free(net->spare);
    free(net->req);
    free(net->req_buf);
    free(net->done_idx);
    free(net->rbuf);
    free(net->rreq);
    free(net->ready_idx);
    free(net->ready_st);
    free(net->active);
    memset(net, 0, sizeof *net);
}

void ghs_net_grow_queue(ghs_net *net)
{
    ghs_ring *r = &net->q;
    uint64_t cap = r->mask + 1, head = r->head & r->mask;
    ghs_msg *q = mst_big_alloc(2 * cap, sizeof *q);
    if (q == NULL) {
        mst_fail(MST_ERESOURCE, "rank %d: out of memory for a queue of %" PRIu64 " messages",
                 net->c->rank, 2 * cap);
        net->err = 1;
        return;
    }
    /* Unwrap: the ring's messages in order at the start of the new one. */
    memcpy(q, r->m + head, (cap - head) * sizeof *q);
    memcpy(q + (cap - head), r->m, head * sizeof *q);
    free(r->m);
    r->m = q;
    r->tail -= r->head;
    r->head = 0;
    r->mask = 2 * cap - 1;
}

void ghs_net_drop(ghs_net *net)
{
    net->q.head = net->q.tail;
}

ghs_msg *ghs_net_new_batch(ghs_net *net)
{
    /* Recycle the buffers of completed sends before allocating: most batches are small and
     * leave MPI at once, so a rank needs few more buffers than it has sends truly in flight. */
    if (net->nspare == 0)
        ghs_net_reap(net);
    if (net->nspare > 0)
        return net->spare[--net->nspare];
    ghs_msg *b = mst_alloc(net->batch, sizeof *b);
    if (b == NULL)
        net->err = 1;
    return b;
}

/* Copies what fits of the batch towards `rank` into its ring. What does not fit waits at the
 * batch's end (out_first marks what went out) and the batch takes up to `batch` more messages
 * before it is tried again (waiting until a grown batch fills would starve the receiver). A
 * batch whose room runs out while its ring is full is compacted if at least half of it went
 * out, else it doubles: the sender never waits for its receiver, and each message is moved
 * O(1) times. */
static void post_ring(ghs_net *net, int rank)
{
    ghs_msg *b = net->out[rank];
    uint32_t first = net->out_first[rank], k = net->out_count[rank], room = net->out_room[rank];
    uint32_t done = ghs_shm_push(net->shm, net->ring[rank], b + first, k - first);
    if (done > 0) {
        net->sent++;
        net->ring_sent++;
        net->msgs_sent += done;
        net->bytes_sent += (uint64_t)done * sizeof *b;
        first += done;
    }
    if (first == k) { /* all out */
        net->out_first[rank] = net->out_count[rank] = 0;
        net->out_cap[rank] = net->batch;
        return;
    }
    if (k == room && first > 0 && first >= k / 2) { /* compact: frees at least half */
        memmove(b, b + first, (size_t)(k - first) * sizeof *b);
        k -= first;
        first = 0;
    } else if (k == room) {
        if (room > UINT32_MAX / 2 ||
            mst_realloc((void **)&net->out[rank], 2 * (uint64_t)room, sizeof *b) != MST_OK) {
            mst_fail(MST_ERESOURCE, "rank %d: out of memory for messages to rank %d",
                     net->c->rank, rank);
            net->err = 1; /* the run is lost: drop the batch */
            net->out_first[rank] = net->out_count[rank] = 0;
            net->out_cap[rank] = net->batch;
            return;
        }
        room = net->out_room[rank] = 2 * room;
    }
    net->out_first[rank] = first;
    net->out_count[rank] = k;
    net->out_cap[rank] = room - k > net->batch ? k + net->batch : room;
}

void ghs_net_post(ghs_net *net, int rank)
{
    if (net->ring[rank] >= 0) {
        post_ring(net, rank);
        return;
    }
    if (net->inflight == net->inflight_cap) {
        uint32_t cap = net->inflight_cap ? 2 * net->inflight_cap : 64;
        if (mst_realloc((void **)&net->req, cap, sizeof *net->req) != MST_OK ||
            mst_realloc((void **)&net->req_buf, cap, sizeof *net->req_buf) != MST_OK ||
            mst_realloc((void **)&net->done_idx, cap, sizeof *net->done_idx) != MST_OK) {
            net->err = 1; /* the run is lost: drop the batch, keep the buffer */
            net->out_count[rank] = 0;
            return;
        }
        net->inflight_cap = cap;
    }
    ghs_msg *b = net->out[rank];
    int bytes = (int)(net->out_count[rank] * sizeof *b);
    MPI_Isend(b, bytes, MPI_BYTE, rank, TAG_BATCH, net->c->comm, &net->req[net->inflight]);
    net->req_buf[net->inflight++] = b;
    net->out[rank] = NULL;
    net->out_count[rank] = 0;
    net->sent++;
    net->msgs_sent += (uint64_t)bytes / sizeof *b;
    net->bytes_sent += (uint64_t)bytes;
    if (net->inflight >= 256)
        ghs_net_reap(net);
}

uint64_t ghs_net_flush(ghs_net *net)
{
    uint64_t left = 0;
    for (int q = 0; q < net->c->size; q++)
        if (net->out_count[q] > 0) {
            ghs_net_post(net, q);
            left += net->out_count[q] - net->out_first[q];
        }
    return left;
}

void ghs_net_reap(ghs_net *net)
{
    int done = 0;
    if (net->inflight == 0)
        return;
    MPI_Testsome((int)net->inflight, net->req, &done, net->done_idx, MPI_STATUSES_IGNORE);
    if (done <= 0 || done == MPI_UNDEFINED)
        return;
    for (int i = 0; i < done; i++) {
        int k = net->done_idx[i];
        ghs_msg *b = net->req_buf[k];
        net->req_buf[k] = NULL;
        if (net->nspare == net->spare_cap) {
            uint32_t cap = net->spare_cap ? 2 * net->spare_cap : 64;
            if (mst_realloc((void **)&net->spare, cap, sizeof *net->spare) != MST_OK) {
                free(b);
                continue;
            }
            net->spare_cap = cap;
        }
        net->spare[net->nspare++] = b;
    }
    /* Compact the requests still in flight (completed ones are MPI_REQUEST_NULL). */
    uint32_t k = 0;
    for (uint32_t i = 0; i < net->inflight; i++)
        if (net->req[i] != MPI_REQUEST_NULL) {
            net->req[k] = net->req[i];
            net->req_buf[k++] = net->req_buf[i];
        }
    net->inflight = k;
}

uint32_t ghs_net_recv(ghs_net *net, const ghs_msg **batch)
{
    if (net->lent >= 0) { /* the caller is done with that buffer: restart its receive */
        MPI_Start(&net->rreq[net->lent]);
        net->active[net->lent] = 1;
        net->lent = -1;
    }
    for (int n = 0; n < net->nrpeer; n++) { /* the rings, round robin */
        int ring = net->rpeer[net->irpeer];
        net->irpeer = net->irpeer + 1 == net->nrpeer ? 0 : net->irpeer + 1;
        const ghs_msg *m;
        uint32_t k = ghs_shm_peek(net->shm, ring, net->batch, &m);
        if (k > 0) {
            memcpy(net->rcopy, m, (size_t)k * sizeof *m);
            ghs_shm_consume(net->shm, ring, k);
            *batch = net->rcopy;
            net->received++;
            net->msgs_received += k;
            return k;
        }
    }
    if (net->iready == net->nready) {
        int done = 0;
        net->iready = net->nready = 0;
        if (net->npeer == 0)
            return 0;
        MPI_Testsome(net->npeer, net->rreq, &done, net->ready_idx, net->ready_st);
        if (done <= 0 || done == MPI_UNDEFINED)
            return 0;
        for (int i = 0; i < done; i++)
            net->active[net->ready_idx[i]] = 0;
        net->nready = done;
    }
    int bytes = 0, k = net->ready_idx[net->iready];
    MPI_Get_count(&net->ready_st[net->iready++], MPI_BYTE, &bytes);
    net->lent = k;
    net->received++;
    net->msgs_received += (uint64_t)bytes / sizeof(ghs_msg);
    *batch = net->rbuf + (size_t)k * net->batch;
    return (uint32_t)((size_t)bytes / sizeof(ghs_msg));
}

int ghs_net_quiescent(ghs_net *net, uint64_t deferred, uint64_t *deferred_total,
                      uint64_t *err_total)
{
    if (!net->wave_active) {
        net->win[0] = net->msgs_sent;
        net->win[1] = net->msgs_received;
        net->win[2] = deferred;
        net->win[3] = (uint64_t)net->err;
        MPI_Iallreduce(net->win, net->wout, 4, MPI_UINT64_T, MPI_SUM, net->c->comm, &net->wreq);
        net->wave_active = 1;
    }
    int done = 0;
    MPI_Test(&net->wreq, &done, MPI_STATUS_IGNORE);
    if (!done) {
        sched_yield(); /* oversubscribed ranks: let the busy ones run */
        return 0;
    }
    net->wave_active = 0;
    net->waves++;
    *deferred_total = net->wout[2];
    *err_total = net->wout[3];
    int terminated = net->have_prev && net->prev_received == net->wout[0];
    net->prev_received = net->wout[1];
    net->have_prev = 1;
    return terminated;
}

void ghs_net_finish(ghs_net *net)
{
    if (net->inflight > 0)
        MPI_Waitall((int)net->inflight, net->req, MPI_STATUSES_IGNORE);
    for (uint32_t i = 0; i < net->inflight; i++)
        free(net->req_buf[i]);
    net->inflight = 0;
    withdraw_receives(net);
}
