/*
 * msg_shm.h: single-producer, single-consumer rings of records (msg.h) in MPI-3 shared windows
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
#ifndef MST_MPI_MSG_SHM_H
#define MST_MPI_MSG_SHM_H

#include <stdatomic.h>
#include <stdint.h>

#include "comm.h"

/* A message record (msg.h): 24 bytes whose first byte names its handler. */
typedef struct msg_rec {
    uint64_t w[3];
} msg_rec;

/* The head of one ring: where it is written, each counter on its own line. */
typedef struct msg_shm_ring {
    _Atomic uint64_t tail; /* records published (written by the sender) */
    char pad0[56];
    _Atomic uint64_t head; /* records consumed (written by the receiver) */
    char pad1[56];
} msg_shm_ring;

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

/*
 * Collective over c: finds the ranks of this node (MPI_Comm_split_type, then groups of `group`
 * consecutive ranks when group > 0), allocates this rank's inbound rings (each of `cap`
 * records, a power of two) and opens the window's epoch. With one rank per node nothing is
 * allocated and sh->win is MPI_WIN_NULL. Errors (agreed): MST_ERESOURCE (memory, or no shared
 * window).
 */
mst_status msg_shm_init(msg_shm *sh, const dist_ctx *c, uint64_t cap, int group);

/* Collective over the ranks of c: closes the epoch and frees the window. sh must come from
 * msg_shm_init (a failed one, or one already freed, is fine). */
void msg_shm_free(msg_shm *sh);

/* The ring from node rank `from` to node rank `to`, and its records. */
static inline msg_shm_ring *msg_shm_ring_at(const msg_shm *sh, int to, int from)
{
    return (msg_shm_ring *)(sh->seg[to] + (uint64_t)from * sh->ring_bytes);
}

static inline msg_rec *msg_shm_slots(msg_shm_ring *r)
{
    return (msg_rec *)(r + 1);
}

/* Copies up to k records of m[] to the ring towards node rank `to`, in order, and publishes
 * them; returns how many fit (0 when the ring is full). */
uint32_t msg_shm_push(msg_shm *sh, int to, const msg_rec *m, uint32_t k);

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

#endif
