/* dboruvka_jump.c: step 3 of a distributed Borůvka round (dboruvka.h): pointer doubling, in
 * bulk-synchronous steps, until every live label's parent is the root of its tree. */
#include "dboruvka_int.h"

/* The owner's answer: the label's parent, and in bit 32 whether that parent is a root. A root
 * answers for itself: the hub is one that was not live this round, so its flag is stale. */
static uint64_t parent_done(const dbv_state *s, uint32_t local)
{
    int done = s->done[local] || s->parent[local] == dbv_global(s->g, local);
    return (uint64_t)done << 32 | s->parent[local];
}

mst_status dbv_jump(dbv_state *s)
{
    mst_status st = MST_OK;
    for (;;) {
        uint32_t *q = s->qbuf.p; /* room for n_live words (dbv_min_edges) */
        uint64_t k = 0, pending = 0;
        for (uint32_t j = 0; j < s->n_live; j++)
            if (!s->done[s->live[j]])
                q[k++] = s->parent[s->live[j]];
        MPI_Allreduce(&k, &pending, 1, MPI_UINT64_T, MPI_SUM, s->c->comm);
        if (pending == 0)
            break;
        s->jump_steps++;
        /* Answers read the owners' arrays before any rank updates its own (dbv_ask answers all
         * requests before its replies can arrive), so each step doubles every pointer once. */
        if ((st = dbv_ask(s, q, k, parent_done, s->abuf.p, 1)) != MST_OK)
            return st;
        const uint64_t *a = s->abuf.p;
        uint64_t i = 0;
        for (uint32_t j = 0; j < s->n_live; j++) {
            uint32_t lx = s->live[j];
            if (s->done[lx])
                continue;
            s->parent[lx] = (uint32_t)a[i];
            s->done[lx] = (uint8_t)(a[i] >> 32);
            i++;
        }
    }
    if (s->stages == UINT8_MAX) /* stage[] would wrap: the compression would go wrong */
        return mst_fail(MST_EINTERNAL, "rank %d: more than %d Borůvka rounds", s->c->rank,
                        UINT8_MAX - 1);
    s->stages++;
    for (uint32_t j = 0; j < s->n_live; j++) {
        uint32_t lx = s->live[j];
        if (s->parent[lx] != dbv_global(s->g, lx))
            s->stage[lx] = (uint8_t)s->stages;
    }
    return MST_OK;
}
