/* msg_shm.c: rings of message records in MPI-3 shared windows between the ranks of a node
 * (msg_shm.h). */
#include "msg_shm.h"

#include <stdlib.h>
#include <string.h>

_Static_assert(sizeof(msg_shm_ring) == 128, "a ring's counters fill two cache lines");

mst_status msg_shm_init(msg_shm *sh, const dist_ctx *c, uint64_t cap, int group)
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

void msg_shm_free(msg_shm *sh)
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

uint32_t msg_shm_push(msg_shm *sh, int to, const msg_rec *m, uint32_t k)
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
