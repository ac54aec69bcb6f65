/*
 * ghs_build.c: a rank's GHS adjacency from its share of arcs (ghs.h): rows, their (key, eid)
 * order, and every arc's twin at the other endpoint.
 */
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "ghs.h"
#include "radix_sort.h"

#define INSERTION_MAX 24 /* rows up to this degree are sorted by insertion */
#define PREFETCH_AHEAD 16 /* arcs: how far ahead the scattered passes prefetch */

void ghs_graph_free(ghs_graph *gg)
{
    if (gg == NULL)
        return;
    free(gg->head);
    free(gg->deg);
    free(gg->mem);
    free(gg->item);
    free(gg->eid);
    free(gg->slot_of);
    free(gg->queue);
    memset(gg, 0, sizeof *gg);
}

/* Makes *p hold at least `need` elements of `size` bytes (contents not kept). */
static mst_status reserve(void **p, uint64_t *cap, uint64_t need, size_t size)
{
    if (*p != NULL && *cap >= need)
        return MST_OK;
    free(*p);
    *cap = 0;
    if ((*p = mpi_big_alloc(need, size)) == NULL)
        return MST_ERESOURCE;
    *cap = need;
    return MST_OK;
}

/* Sorts item[0..d-1] ascending, moving pay[] along (d small). */
static void insertion_sort_pairs(uint64_t *item, uint64_t *pay, uint32_t d)
{
    for (uint32_t i = 1; i < d; i++) {
        uint64_t a = item[i], b = pay[i];
        uint32_t k = i;
        for (; k > 0 && item[k - 1] > a; k--)
            item[k] = item[k - 1], pay[k] = pay[k - 1];
        item[k] = a, pay[k] = b;
    }
}

/*
 * Rows: counting sort of the share's arcs on their vertex (stable: a row stays in increasing
 * edge id order), then each row sorted by key, stably; packed items (key << 32 | share index)
 * carry the share index, and the edge id rides along (eid[] stays: the arcs' edge ids, in row
 * order). Then the unit layout: a header per vertex, its arcs, padding to 64 bytes. slot_of[i]
 * gets the unit of share arc i.
 */
static mst_status build_rows(const mpi_share *sh, ghs_graph *gg)
{
    mst_status st = MST_OK;
    uint64_t A = sh->arcs;
    uint32_t n = sh->n_local, *pos = NULL, *off = NULL, maxdeg = 0;
    uint64_t *item = NULL, *eid = NULL, *tmp = NULL, *ptmp = NULL;
    MST_CALLOC(off, (size_t)n + 1);
    MST_ALLOC(pos, n);
    MST_CHECK(reserve((void **)&gg->head, &gg->cap_head, (uint64_t)n + 1, sizeof *gg->head));
    MST_CHECK(reserve((void **)&gg->deg, &gg->cap_deg, (uint64_t)n + 1, sizeof *gg->deg));
    MST_CHECK(reserve((void **)&gg->item, &gg->cap_item, A, sizeof *gg->item));
    MST_CHECK(reserve((void **)&gg->eid, &gg->cap_eid, A, sizeof *gg->eid));
    MST_CHECK(reserve((void **)&gg->slot_of, &gg->cap_slot, A, sizeof *gg->slot_of));
    item = gg->item;
    eid = gg->eid;
    for (uint64_t i = 0; i < A; i++)
        off[sh->arc[i].x + 1]++;
    uint64_t units = 0;
    for (uint32_t x = 0; x < n; x++) {
        uint32_t d = off[x + 1];
        maxdeg = d > maxdeg ? d : maxdeg;
        gg->deg[x] = d;
        gg->head[x] = (uint32_t)units;
        units += (GHS_HEADER_UNITS + (uint64_t)d * GHS_ARC_UNITS + 7) & ~(uint64_t)7;
        if (units >= UINT32_MAX)
            MST_FAIL(MST_ERESOURCE, "%" PRIu32 " vertices and %" PRIu64 " arcs take 2^32 units "
                     "or more on one rank (use more ranks)", n, A);
        pos[x] = off[x];
        off[x + 1] += off[x];
    }
    gg->head[n] = (uint32_t)units;
    for (uint64_t i = 0; i < A; i++) {
        const mpi_arc *a = &sh->arc[i];
        /* Rows start in random order of the share: fetch the row ends ahead of their use. */
        if (i + PREFETCH_AHEAD < A) {
            uint32_t s_ahead = pos[sh->arc[i + PREFETCH_AHEAD].x];
            __builtin_prefetch(item + s_ahead, 1);
            __builtin_prefetch(eid + s_ahead, 1);
        }
        uint32_t s = pos[a->x]++;
        item[s] = (uint64_t)a->key << 32 | i;
        eid[s] = mpi_arc_eid(a);
    }
    if (maxdeg > INSERTION_MAX) {
        MST_ALLOC(tmp, maxdeg);
        MST_ALLOC(ptmp, maxdeg);
    }
    for (uint32_t x = 0; x < n; x++) {
        uint32_t b = off[x], d = off[x + 1] - b;
        if (d <= INSERTION_MAX)
            insertion_sort_pairs(item + b, eid + b, d);
        else /* stable on the key: equal keys keep increasing share index, i.e. edge id */
            mst_radix_sort_pairs(item + b, eid + b, tmp, ptmp, d, 32, 64);
    }
    /* Every arc is written below and every header by ghs_solve(); padding is never read. */
    MST_CHECK(reserve((void **)&gg->mem, &gg->cap_mem, units, sizeof *gg->mem));
    for (uint32_t x = 0; x < n; x++) {
        uint32_t u = gg->head[x] + GHS_HEADER_UNITS;
        for (uint32_t s = off[x]; s < off[x + 1]; s++, u += GHS_ARC_UNITS) {
            ghs_arc *a = ghs_unit_arc(gg, u);
            if (s + PREFETCH_AHEAD < A)
                __builtin_prefetch(gg->slot_of + (uint32_t)item[s + PREFETCH_AHEAD], 1);
            memset(a, 0, sizeof *a);
            a->key = (uint32_t)(item[s] >> 32);
            a->se = GHS_BASIC;
            gg->slot_of[(uint32_t)item[s]] = u;
        }
    }
    gg->n = n;
    gg->arcs = A;
    gg->units = units;
fail:
    free(pos);
    free(off);
    free(tmp);
    free(ptmp);
    return st;
}

/* Twin records sent across ranks: the arc's unit and its vertex's header unit. */
typedef struct twin_rec {
    uint32_t slot, head;
} twin_rec;

mst_status ghs_graph_build(const mpi_ctx *c, const mpi_share *sh, ghs_graph *gg)
{
    mst_status st = MST_OK;
    int p = c->size, me = c->rank;
    uint64_t A = sh->arcs, total = 0;
    uint32_t *slot_of = NULL;
    uint64_t *count = NULL, *start = NULL, *recvcount = NULL;
    twin_rec *send = NULL, *recv = NULL;
    if (A >= UINT32_MAX)
        MST_FAIL(MST_ERESOURCE, "rank %d holds %" PRIu64 " arcs, 2^32 - 1 or more (use more "
                 "ranks)", me, A);
    if (p > 65535)
        MST_FAIL(MST_ERESOURCE, "%d ranks: GHS arcs hold ranks in 16 bits (at most 65535)", p);
    MST_CHECK(build_rows(sh, gg));
    slot_of = gg->slot_of;

    /* Arcs inside the rank: the two arcs of an edge are adjacent in the share. Cut arcs: one
     * record per arc to the other endpoint's rank, in share order (increasing edge id). */
    MST_CALLOC(count, p);
    MST_ALLOC(start, p);
    MST_ALLOC(recvcount, p);
    for (uint64_t i = 0; i < A; i++) {
        const mpi_arc *a = &sh->arc[i];
        if (i + PREFETCH_AHEAD + 1 < A) { /* the arcs of the edges ahead, at random places */
            __builtin_prefetch(ghs_unit_arc(gg, slot_of[i + PREFETCH_AHEAD]), 1);
            __builtin_prefetch(ghs_unit_arc(gg, slot_of[i + PREFETCH_AHEAD + 1]), 1);
        }
        if ((int)a->y_rank != me) {
            count[a->y_rank]++;
            continue;
        }
        const mpi_arc *b = i + 1 < A ? &sh->arc[i + 1] : NULL;
        if (b == NULL || (int)b->y_rank != me || mpi_arc_eid(b) != mpi_arc_eid(a))
            MST_FAIL(MST_ERESOURCE, "rank %d: edge %" PRIu64 " has one arc here (internal error)",
                     me, mpi_arc_eid(a));
        ghs_arc *s1 = ghs_unit_arc(gg, slot_of[i]), *s2 = ghs_unit_arc(gg, slot_of[i + 1]);
        s1->to = gg->head[b->x], s1->twin = slot_of[i + 1], s1->rank = (uint16_t)me;
        s2->to = gg->head[a->x], s2->twin = slot_of[i], s2->rank = (uint16_t)me;
        i++;
    }
    for (int q = 0; q < p; q++)
        start[q] = q ? start[q - 1] + count[q - 1] : 0;
    MST_ALLOC(send, start[p - 1] + count[p - 1]);
    for (uint64_t i = 0; i < A; i++) {
        const mpi_arc *a = &sh->arc[i];
        if ((int)a->y_rank != me) {
            twin_rec t = {slot_of[i], gg->head[a->x]};
            send[start[a->y_rank]++] = t;
        }
    }
fail:
    if ((st = mpi_agree(c, st)) == MST_OK) {
        void *r = NULL;
        st = mpi_exchange(c, send, count, sizeof *send, &r, recvcount, &total);
        recv = r;
    }
    free(send);
    send = NULL;
    if (st == MST_OK) {
        /* The k-th cut arc towards rank q here is the twin of the k-th one from q. */
        for (int q = 0; q < p; q++)
            if (recvcount[q] != count[q])
                st = mst_fail(MST_ERESOURCE, "rank %d: %" PRIu64 " arcs towards rank %d but %"
                              PRIu64 " back (internal error)", me, count[q], q, recvcount[q]);
        for (int q = 0; q < p; q++)
            start[q] = q ? start[q - 1] + recvcount[q - 1] : 0;
        for (uint64_t i = 0; st == MST_OK && i < A; i++) {
            const mpi_arc *a = &sh->arc[i];
            if ((int)a->y_rank == me)
                continue;
            const twin_rec *t = &recv[start[a->y_rank]++];
            ghs_arc *s = ghs_unit_arc(gg, slot_of[i]);
            s->to = t->head, s->twin = t->slot, s->rank = (uint16_t)a->y_rank;
        }
        st = mpi_agree(c, st);
    }
    free(recv);
    free(count);
    free(start);
    free(recvcount);
    return st;
}
