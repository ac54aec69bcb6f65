/* msg_run.c: the message layer's progress: handing records to their handlers, polling the
 * rings and receives, and the termination waves (msg.h). */
#include <sched.h>
#include <stdlib.h>

#include "msg.h"

static inline uint8_t handler_of(const msg_rec *r)
{
    return *(const uint8_t *)r;
}

/* The length of the run of records of r[0]'s handler among r[0 .. k-1] (k >= 1); all of them
 * when one handler is registered (GHS's case: no scan). */
static inline uint32_t run_length(const msg_layer *L, const msg_rec *r, uint32_t k)
{
    uint32_t n = 1;
    if (L->nfn == 1)
        return k;
    while (n < k && handler_of(r + n) == handler_of(r))
        n++;
    return n;
}

/* Hands recs[0 .. k-1] to their handlers in runs of one handler, or drops them after a
 * failure. */
static void deliver(msg_layer *L, const msg_rec *r, uint32_t k)
{
    while (k > 0 && L->err == MST_OK && !L->dropping) {
        uint8_t id = handler_of(r);
        uint32_t n = run_length(L, r, k);
        if (id >= L->nfn) {
            msg_fail(L, mst_fail(MST_EINTERNAL, "internal error: rank %d: a message for "
                                 "handler %d, of %d", L->c.rank, id, L->nfn));
            return;
        }
        L->fn[id](L->arg[id], r, n);
        r += n;
        k -= n;
    }
}

/* Handles up to `budget` local records, in runs that lie contiguously in the queue. A run's
 * slots stay taken while its handler reads them (the head moves after), and a queue grown
 * meanwhile keeps the old buffer until then. Returns the records handled. */
static uint32_t drain_local(msg_layer *L, uint32_t budget)
{
    uint32_t done = 0;
    while (done < budget && L->qhead != L->qtail && L->err == MST_OK && !L->dropping) {
        uint64_t at = L->qhead & L->qmask, k = L->qtail - L->qhead;
        if (k > L->qmask + 1 - at)
            k = L->qmask + 1 - at;
        if (k > budget - done)
            k = budget - done;
        const msg_rec *r = L->q + at;
        uint32_t n = run_length(L, r, (uint32_t)k);
        free(L->q_keep); /* grown out before this run (by sends outside handlers) */
        L->q_keep = NULL;
        deliver(L, r, n);
        L->qhead += n;
        done += n;
    }
    free(L->q_keep);
    L->q_keep = NULL;
    return done;
}

/* Handles every batch that has arrived (rings first), until none is left. Returns 1 if there
 * was one. */
static int receive(msg_layer *L)
{
    int got = 0, any;
    do {
        any = 0;
        for (int i = 0; i < L->nrpeer; i++) {
            const msg_rec *m;
            uint32_t k = msg_shm_peek(&L->shm, L->rpeer[i], L->batch, &m);
            if (k == 0)
                continue;
            memcpy(L->rcopy, m, (size_t)k * sizeof *m);
            msg_shm_consume(&L->shm, L->rpeer[i], k);
            L->n.received += k;
            deliver(L, L->rcopy, k);
            any = 1;
        }
        int done = 0;
        if (L->npeer > 0)
            MPI_Testsome(L->npeer, L->rreq, &done, L->ready_idx, L->ready_st);
        for (int i = 0; i < done && done != MPI_UNDEFINED; i++) {
            int j = L->ready_idx[i], bytes = 0;
            MPI_Get_count(&L->ready_st[i], MPI_BYTE, &bytes);
            uint32_t k = (uint32_t)((size_t)bytes / sizeof(msg_rec));
            L->n.received += k;
            deliver(L, L->rbuf + (size_t)j * L->batch, k);
            MPI_Start(&L->rreq[j]);
            any = 1;
        }
        got |= any;
    } while (any);
    return got;
}

int msg_poll(msg_layer *L)
{
    if (L->err != MST_OK || L->dropping)
        L->qhead = L->qtail; /* the run is lost: drop the local records */
    uint32_t did = drain_local(L, MSG_LOCAL_RUN);
    if (L->qhead != L->qtail) {
        receive(L);
        return 1;
    }
    /* Out of local work: take in what has arrived before posting the partial batches, so the
     * answers share them (round trips, as GHS's Test and Reject, would otherwise send a few
     * records per batch), but not for ever. */
    if (L->held < MSG_HOLD_MAX && receive(L)) {
        L->held++;
        return 1;
    }
    L->unsent = msg_flush(L);
    L->held = 0;
    return receive(L) || L->qhead != L->qtail || did > 0;
}

/* Joins a wave or checks the current one (msg.h). Returns 1 when the system is quiet. */
static int wave(msg_layer *L)
{
    if (!L->wave_active) {
        L->win[0] = L->n.sent;
        L->win[1] = L->n.received;
        L->win[2] = L->err != MST_OK;
        MPI_Iallreduce(L->win, L->wout, 3, MPI_UINT64_T, MPI_SUM, L->c.comm, &L->wreq);
        L->wave_active = 1;
    }
    int done = 0;
    MPI_Test(&L->wreq, &done, MPI_STATUS_IGNORE);
    if (!done) {
        sched_yield(); /* oversubscribed ranks: let the busy ones run */
        return 0;
    }
    L->wave_active = 0;
    L->n.waves++;
    if (L->wout[2] > 0)
        L->dropping = 1;
    int quiet = L->have_prev && L->prev_received == L->wout[0];
    L->prev_received = L->wout[1];
    L->have_prev = 1;
    return quiet;
}

mst_status msg_quiesce(msg_layer *L)
{
    L->have_prev = 0;
    L->held = 0;
    for (;;) {
        if (msg_poll(L))
            continue;
        if (L->unsent > 0) { /* a full ring: its receiver is busy (and may share this core) */
            sched_yield();
            continue;
        }
        msg_reap(L);
        if (wave(L))
            break;
    }
    /* Quiet: every send has been received, so its completion is local. */
    if (L->inflight > 0)
        MPI_Waitall((int)L->inflight, L->req, MPI_STATUSES_IGNORE);
    while (L->inflight > 0) {
        msg_rec *b = L->req_buf[--L->inflight];
        if (L->nspare == L->spare_cap &&
            mst_realloc((void **)&L->spare, L->spare_cap + 64, sizeof *L->spare) == MST_OK)
            L->spare_cap += 64;
        if (L->nspare < L->spare_cap)
            L->spare[L->nspare++] = b;
        else
            free(b);
    }
    mst_status st = dist_agree(&L->c, L->err);
    L->err = MST_OK;
    L->dropping = 0;
    return st;
}
