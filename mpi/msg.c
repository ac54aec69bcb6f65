/*
 * msg.c: mst-mpi's message layer (msg.h), in three parts: the rings in shared memory between
 * the ranks of a node; the queues and batches (setup, sending, flushing); progress (handing
 * records to their handlers, polling the rings and receives) and termination.
 */
#include "msg.h"

#include <inttypes.h>
#include <sched.h>
#include <stdatomic.h>
#include <stdlib.h>

#define QUEUE_MIN (1u << 12)     /* local records at first (the queue doubles as needed) */
#define RING_BUDGET (8u << 20)   /* bytes of inbound rings per rank by default */

_Static_assert(sizeof(msg_rec) == MSG_BYTES, "a record is MSG_BYTES bytes");

/* ------------------------------------------------------------------------------------------ */
/* Rings                                                                                       */

/* Rings: single-producer, single-consumer rings of records (msg.h) in MPI-3 shared windows
 * (MPI_Win_allocate_shared) between the ranks of one node: no MPI call per batch, where
 * MPI_Isend, its completion and progress polling took a large share of a rank's time
 * (docs/mst-mpi.md). MPI+MPI hybrid programming: T. Hoefler et al., Computing 95(12),
 * 2013. The ring from s to r lies in r's segment (first-touched by r); s alone writes its tail,
 * r alone its head, each on its own line, both counting records (tail - head wait). Records
 * are published by a release store of the tail after the copy, and slots freed by a release
 * store of the head after the copy out (C11 atomics; the window stays in a passive-target
 * epoch, MPI_Win_lock_all, for its life). Counters only grow: no reset between runs.
 * A group of K (msg_config) makes ranks r and q share rings only when r / K == q / K, as if
 * every K consecutive ranks formed a node; the others then use MPI_Isend.
 */

/* The head of one ring: where it is written, each counter on its own line. */
typedef struct msg_shm_ring {
    _Atomic uint64_t tail; /* records published (written by the sender) */
    char pad0[56];
    _Atomic uint64_t head; /* records consumed (written by the receiver) */
    char pad1[56];
} msg_shm_ring;

_Static_assert(sizeof(msg_shm_ring) == 128, "a ring's counters fill two cache lines");

/* The ring from node rank `from` to node rank `to`, and its records. */
static inline msg_shm_ring *msg_shm_ring_at(const msg_shm *sh, int to, int from)
{
    return (msg_shm_ring *)(sh->seg[to] + (uint64_t)from * sh->ring_bytes);
}

static inline msg_rec *msg_shm_slots(msg_shm_ring *r)
{
    return (msg_rec *)(r + 1);
}

/* The records waiting in the ring from node rank `from`: points *m to the first and returns
 * how many lie contiguously from it, at most `most` (0: none). They stay valid until
 * msg_shm_consume(). */
static inline uint32_t msg_shm_peek(const msg_shm *sh, int from, uint32_t most,
                                    const msg_rec **m)
{
    msg_shm_ring *r = msg_shm_ring_at(sh, sh->me, from);
    uint64_t head = atomic_load_explicit(&r->head, memory_order_relaxed);
    uint64_t tail = atomic_load_explicit(&r->tail, memory_order_acquire);
    if (tail == head)
        return 0;
    uint64_t at = head & (sh->cap - 1), k = tail - head;
    if (k > sh->cap - at)
        k = sh->cap - at; /* up to the end of the slots: the rest comes next time */
    if (k > most)
        k = most;
    *m = msg_shm_slots(r) + at;
    return (uint32_t)k;
}

/* Frees the k records that the last msg_shm_peek() on `from` returned (k no more than it). */
static inline void msg_shm_consume(const msg_shm *sh, int from, uint32_t k)
{
    msg_shm_ring *r = msg_shm_ring_at(sh, sh->me, from);
    uint64_t head = atomic_load_explicit(&r->head, memory_order_relaxed);
    atomic_store_explicit(&r->head, head + k, memory_order_release);
}

/* Collective over the ranks of c: closes the epoch and frees the window. sh must come from
 * msg_shm_init (a failed one, or one already freed, is fine). */
static void msg_shm_free(msg_shm *sh)
{
    if (sh->win != MPI_WIN_NULL) {
        MPI_Win_unlock_all(sh->win);
        MPI_Win_free(&sh->win);
    }
    if (sh->node != MPI_COMM_NULL)
        MPI_Comm_free(&sh->node);
    free(sh->local);
    free(sh->seg);
    free(sh->seen_head);
    free(sh->sent_tail);
    memset(sh, 0, sizeof *sh);
    sh->node = MPI_COMM_NULL;
    sh->win = MPI_WIN_NULL;
}

/*
 * Collective over c: finds the ranks of this node (MPI_Comm_split_type, then groups of `group`
 * consecutive ranks when group > 0), allocates this rank's inbound rings (each of `cap`
 * records, a power of two) and opens the window's epoch. With one rank per node nothing is
 * allocated and sh->win is MPI_WIN_NULL. Errors (agreed): MST_ERESOURCE (memory, or no shared
 * window).
 */
static mst_status msg_shm_init(msg_shm *sh, const dist_ctx *c, uint64_t cap, int group)
{
    mst_status st = MST_OK;
    MPI_Comm shared = MPI_COMM_NULL;
    MPI_Group world = MPI_GROUP_NULL, node = MPI_GROUP_NULL;
    int *all = NULL;
    memset(sh, 0, sizeof *sh);
    sh->node = MPI_COMM_NULL;
    sh->win = MPI_WIN_NULL;
    MPI_Comm_split_type(c->comm, MPI_COMM_TYPE_SHARED, c->rank, MPI_INFO_NULL, &shared);
    if (group > 0) { /* every `group` consecutive ranks act as a node */
        MPI_Comm_split(shared, c->rank / group, c->rank, &sh->node);
        MPI_Comm_free(&shared);
    } else {
        sh->node = shared;
    }
    MPI_Comm_size(sh->node, &sh->nnode);
    MPI_Comm_rank(sh->node, &sh->me);
    int alone = sh->nnode == 1, all_alone = 0;
    MPI_Allreduce(&alone, &all_alone, 1, MPI_INT, MPI_LAND, c->comm);
    if (all_alone) { /* one rank per node: MPI_Isend only */
        MPI_Comm_free(&sh->node);
        sh->node = MPI_COMM_NULL;
        return MST_OK;
    }
    sh->cap = cap;
    sh->ring_bytes = sizeof(msg_shm_ring) + cap * sizeof(msg_rec);
    MST_ALLOC(sh->local, c->size);
    MST_ALLOC(sh->seg, sh->nnode);
    MST_CALLOC(sh->seen_head, sh->nnode);
    MST_CALLOC(sh->sent_tail, sh->nnode);
    MST_ALLOC(all, c->size);
fail:
    if ((st = dist_agree(c, st)) != MST_OK)
        goto out;
    /* Which ranks of c share this node, and their indices in it. */
    for (int q = 0; q < c->size; q++)
        all[q] = q;
    MPI_Comm_group(c->comm, &world);
    MPI_Comm_group(sh->node, &node);
    MPI_Group_translate_ranks(world, c->size, all, node, sh->local);
    for (int q = 0; q < c->size; q++)
        if (sh->local[q] == MPI_UNDEFINED)
            sh->local[q] = -1;
    /* This rank's inbound rings, in memory it touches first (its own NUMA node). */
    MPI_Info info;
    MPI_Info_create(&info);
    MPI_Info_set(info, "alloc_shared_noncontig", "true");
    MPI_Comm_set_errhandler(sh->node, MPI_ERRORS_RETURN);
    void *base = NULL;
    int rc = MPI_Win_allocate_shared((MPI_Aint)(sh->nnode * sh->ring_bytes), 1, info, sh->node,
                                     &base, &sh->win);
    MPI_Info_free(&info);
    if (rc != MPI_SUCCESS) {
        sh->win = MPI_WIN_NULL;
        st = mst_fail(MST_ERESOURCE, "rank %d: no shared memory for %d rings of %llu messages "
                      "(MPI_Win_allocate_shared)", c->rank, sh->nnode, (unsigned long long)cap);
    } else {
        memset(base, 0, sh->nnode * sh->ring_bytes);
        for (int i = 0; i < sh->nnode; i++) {
            MPI_Aint size = 0;
            int disp = 0;
            MPI_Win_shared_query(sh->win, i, &size, &disp, &sh->seg[i]);
        }
        MPI_Win_lock_all(MPI_MODE_NOCHECK, sh->win);
    }
    st = dist_agree(c, st);
out:
    if (world != MPI_GROUP_NULL)
        MPI_Group_free(&world);
    if (node != MPI_GROUP_NULL)
        MPI_Group_free(&node);
    free(all);
    if (st != MST_OK)
        msg_shm_free(sh);
    return st;
}

/* Copies up to k records of m[] to the ring towards node rank `to`, in order, and publishes
 * them; returns how many fit (0 when the ring is full). */
static uint32_t msg_shm_push(msg_shm *sh, int to, const msg_rec *m, uint32_t k)
{
    msg_shm_ring *r = msg_shm_ring_at(sh, to, sh->me);
    uint64_t tail = sh->sent_tail[to], room = sh->cap - (tail - sh->seen_head[to]);
    if (room < k) { /* the receiver's head line is read only when the cached one says full */
        sh->seen_head[to] = atomic_load_explicit(&r->head, memory_order_acquire);
        room = sh->cap - (tail - sh->seen_head[to]);
    }
    if (k > room)
        k = (uint32_t)room;
    if (k == 0)
        return 0;
    uint64_t at = tail & (sh->cap - 1), first = sh->cap - at;
    if (first > k)
        first = k;
    msg_rec *slots = msg_shm_slots(r);
    memcpy(slots + at, m, first * sizeof *m);
    memcpy(slots, m + first, (k - first) * sizeof *m);
    sh->sent_tail[to] = tail + k;
    atomic_store_explicit(&r->tail, tail + k, memory_order_release);
    return k;
}

/* ------------------------------------------------------------------------------------------ */
/* Queues and batches                                                                          */

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
 * q_keep until that run ends (drain_local). Returns the slot for the next record, or NULL. */
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
static void msg_reap(msg_layer *L)
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

/* ------------------------------------------------------------------------------------------ */
/* Progress and termination                                                                    */

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
