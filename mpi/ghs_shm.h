/*
 * ghs_shm.h: single-producer, single-consumer rings of GHS messages in shared memory between the
 * ranks of one node (MPI-3 shared windows, MPI_Win_allocate_shared), the transport that
 * ghs_net.h uses between such ranks instead of MPI_Isend.
 *
 * Why: at 16 ranks on one node a rank passes tens of thousands of batches per trial, and each
 * MPI_Isend, its completion and the receiver's MPI_Testsome (opal_progress polls every peer)
 * took a large share of a rank's time (measured at 16 ranks, docs/results.md). A ring costs a
 * copy of the messages in, one store to publish them, and a copy out (ghs_net.c); no MPI call.
 * The technique is MPI+MPI hybrid programming: T. Hoefler et al., "MPI + MPI: a new hybrid
 * approach to parallel programming with MPI plus shared memory", Computing 95(12), 2013.
 *
 * Each rank's window segment holds its inbound rings, one per rank of its node (its own unused).
 * The ring from sender s to receiver r lies in r's segment (first-touched by r): its tail is
 * written by s only, its head by r only, each on its own cache line; both count messages, so
 * tail - head is the number waiting. The sender publishes messages with a release store of the
 * tail after copying them, the receiver frees their slots with a release store of the head once
 * it has copied them out (C11 atomics on lock-free 64-bit words; the window stays in a passive-target
 * epoch, MPI_Win_lock_all, for its life). A ring is FIFO, so every edge between two ranks of a
 * node stays a FIFO channel, as GHS requires.
 *
 * Testing the mixed case on one machine: the environment variable MST_MPI_SHM_GROUP=K makes
 * ranks r and q share rings only when r / K == q / K, as if every K consecutive ranks formed a
 * node; the others then use MPI_Isend.
 */
#ifndef MST_MPI_GHS_SHM_H
#define MST_MPI_GHS_SHM_H

#include <stdatomic.h>
#include <stdint.h>

#include "comm.h"
#include "ghs_msg.h"

/* The head of one ring: where it is written, each counter on its own line. */
typedef struct ghs_shm_ring {
    _Atomic uint64_t tail; /* messages published (written by the sender) */
    char pad0[56];
    _Atomic uint64_t head; /* messages consumed (written by the receiver) */
    char pad1[56];
} ghs_shm_ring;

typedef struct ghs_shm {
    MPI_Comm node;     /* the ranks that share rings with this one, or MPI_COMM_NULL */
    MPI_Win win;
    int nnode;         /* ranks in node */
    int me;            /* this rank's index in node */
    int *local;        /* [p] each rank's index in node, or -1 (not sharing rings) */
    char **seg;        /* [nnode] each node rank's window segment */
    uint64_t cap;      /* messages per ring, a power of two */
    uint64_t ring_bytes;
    uint64_t *seen_head; /* [nnode] the last head read of each outbound ring (the sender's copy) */
    uint64_t *sent_tail; /* [nnode] each outbound ring's tail (the sender's copy) */
} ghs_shm;

/*
 * Collective over c: finds the ranks of this node (MPI_Comm_split_type, then MST_MPI_SHM_GROUP),
 * allocates this rank's inbound rings (every ring holds `cap` messages, a power of two) and
 * opens the window's epoch. With one rank per node nothing is allocated and sh->node is
 * MPI_COMM_NULL. Errors (agreed): MST_EUSAGE (a bad MST_MPI_SHM_GROUP: not a whole number in
 * 1..p), MST_ERESOURCE (memory, or no shared window).
 */
mst_status ghs_shm_init(ghs_shm *sh, const dist_ctx *c, uint64_t cap);

/* Collective over the ranks of c: closes the epoch and frees the window. sh must come from
 * ghs_shm_init (a failed one, or one already freed, is fine). */
void ghs_shm_free(ghs_shm *sh);

/* Empties this rank's inbound rings. Call on every rank, then synchronize the ranks (any
 * collective) before any rank pushes. */
void ghs_shm_reset(ghs_shm *sh);

/* The ring from node rank `from` to node rank `to`, and its messages. */
static inline ghs_shm_ring *ghs_shm_ring_at(const ghs_shm *sh, int to, int from)
{
    return (ghs_shm_ring *)(sh->seg[to] + (uint64_t)from * sh->ring_bytes);
}

static inline ghs_msg *ghs_shm_slots(ghs_shm_ring *r)
{
    return (ghs_msg *)(r + 1);
}

/* Copies up to k messages of m[] to the ring towards node rank `to`, in order, and publishes
 * them; returns how many fit (0 when the ring is full). */
uint32_t ghs_shm_push(ghs_shm *sh, int to, const ghs_msg *m, uint32_t k);

/* The messages waiting in the ring from node rank `from`: points *m to the first and returns
 * how many lie contiguously from it, at most `most` (0: none). They stay valid until
 * ghs_shm_consume(). */
static inline uint32_t ghs_shm_peek(const ghs_shm *sh, int from, uint32_t most,
                                    const ghs_msg **m)
{
    ghs_shm_ring *r = ghs_shm_ring_at(sh, sh->me, from);
    uint64_t head = atomic_load_explicit(&r->head, memory_order_relaxed);
    uint64_t tail = atomic_load_explicit(&r->tail, memory_order_acquire);
    if (tail == head)
        return 0;
    uint64_t at = head & (sh->cap - 1), k = tail - head;
    if (k > sh->cap - at)
        k = sh->cap - at; /* up to the end of the slots: the rest comes next time */
    if (k > most)
        k = most;
    *m = ghs_shm_slots(r) + at;
    return (uint32_t)k;
}

/* Frees the k messages that the last ghs_shm_peek() on `from` returned (k no more than it). */
static inline void ghs_shm_consume(const ghs_shm *sh, int from, uint32_t k)
{
    ghs_shm_ring *r = ghs_shm_ring_at(sh, sh->me, from);
    uint64_t head = atomic_load_explicit(&r->head, memory_order_relaxed);
    atomic_store_explicit(&r->head, head + k, memory_order_release);
}

#endif
