/*
 * ghs_build.c: a rank's GHS adjacency from its share of arcs (ghs.h): rows, their (key, eid)
 * order, and every arc's twin at the other endpoint.
 */
#include <inttypes.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "ghs_machine.h"
#include "radix_sort.h"

#define INSERTION_MAX 24  /* rows up to this degree are sorted by insertion */
#define PREFETCH_AHEAD 16 /* arcs: how far ahead the scattered passes prefetch */
#define EID_BITS 48       /* the sort's payload packs (rank << 48 | edge id) */

void ghs_graph_free(ghs_graph *gg)
{
    if (gg == NULL)
        return;
    free(gg->off);
    free(gg->vtx);
    free(gg->arc);
    free(gg->item);
    free(gg->eid);
    free(gg->route);
    free(gg->route_start);
    if (gg->machine != NULL) {
        free(gg->machine->pool);
        free(gg->machine->spare);
    }
    free(gg->machine);
    if (gg->net != NULL)
        msg_free(gg->net);
    free(gg->net);
    memset(gg, 0, sizeof *gg);
}

/* Makes *p hold at least `need` elements of `size` bytes (contents not kept). */
static mst_status reserve(void **p, uint64_t *cap, uint64_t need, size_t size)
{
    if (*p != NULL && *cap >= need)
        return MST_OK;
    free(*p);
    *cap = 0;
    if ((*p = mst_big_alloc(need, size)) == NULL)
        return MST_ERESOURCE;
    *cap = need;
    return MST_OK;
}

/* Sorts item[0..d-1] by their upper 32 bits (the key), stably, moving pay[] along (d small). */
static void insertion_sort_pairs(uint64_t *item, uint64_t *pay, uint32_t d)
{
    for (uint32_t i = 1; i < d; i++) {
        uint64_t a = item[i], b = pay[i];
        uint32_t k = i;
        for (; k > 0 && item[k - 1] >> 32 > a >> 32; k--)
            item[k] = item[k - 1], pay[k] = pay[k - 1];
        item[k] = a, pay[k] = b;
    }
}

/*
 * Rows, one pass over the share (in increasing edge id order) after a counting pass that makes
 * gg->off: arc i of vertex x goes to the end of x's row as item (key << 32 | cut) and payload
 * (rank << 48 | eid).
 * cut numbers the arcs towards each rank in share order; the two arcs of an edge inside the
 * rank are adjacent in the share and take numbers 2t and 2t + 1, each holding the other's.
 * Each row is then sorted by key, stably (equal keys keep their edge id order).
 */
static mst_status build_rows(const dist_ctx *c, const dist_share *sh, ghs_graph *gg,
                             uint64_t *count)
{
    mst_status st = MST_OK;
    uint64_t A = sh->arcs;
    uint32_t n = sh->n_local, *pos = NULL, *off = gg->off, maxdeg = 0;
    uint32_t me = (uint32_t)c->rank;
    uint64_t *item, *pay, *tmp = NULL, *ptmp = NULL;
    memset(off, 0, ((size_t)n + 1) * sizeof *off);
    MST_ALLOC(pos, n);
    MST_CHECK(reserve((void **)&gg->item, &gg->cap_item, A, sizeof *gg->item));
    MST_CHECK(reserve((void **)&gg->eid, &gg->cap_eid, A, sizeof *gg->eid));
    item = gg->item;
    pay = gg->eid; /* rank << 48 | eid until the layout keeps only the edge id */
    for (uint64_t i = 0; i < A; i++)
        off[sh->arc[i].x + 1]++;
    for (uint32_t x = 0; x < n; x++) {
        uint32_t d = off[x + 1];
        maxdeg = d > maxdeg ? d : maxdeg;
        pos[x] = off[x];
        off[x + 1] += off[x];
    }
    for (uint64_t i = 0; i < A; i++) {
        const dist_arc *a = &sh->arc[i];
        /* Rows start in random order of the share: fetch the row ends ahead of their use. */
        if (i + PREFETCH_AHEAD < A) {
            uint32_t s_ahead = pos[sh->arc[i + PREFETCH_AHEAD].x];
            __builtin_prefetch(item + s_ahead, 1);
            __builtin_prefetch(pay + s_ahead, 1);
        }
        uint64_t eid = dist_arc_eid(a), cut;
        if (eid >> EID_BITS)
            MST_FAIL(MST_ERESOURCE, "edge id %" PRIu64 " is 2^%d or more (mst-mpi's limit)", eid,
                     EID_BITS);
        if (a->y_rank != me) {
            cut = count[a->y_rank]++;
        } else { /* the edge's other arc follows: each takes the other's number */
            const dist_arc *b = i + 1 < A ? &sh->arc[i + 1] : NULL;
            if (b == NULL || b->y_rank != me || dist_arc_eid(b) != eid)
                MST_FAIL(MST_EINTERNAL, "internal error: rank %d: edge %" PRIu64 " has one arc "
                         "here", c->rank, eid);
            cut = count[me];
            count[me] += 2;
            uint32_t s = pos[b->x]++;
            item[s] = (uint64_t)b->key << 32 | cut;
            pay[s] = (uint64_t)me << EID_BITS | eid;
            cut++;
            i++;
        }
        uint32_t s = pos[a->x]++;
        item[s] = (uint64_t)a->key << 32 | cut;
        pay[s] = (uint64_t)a->y_rank << EID_BITS | eid;
    }
    if (maxdeg > INSERTION_MAX) {
        MST_ALLOC(tmp, maxdeg);
        MST_ALLOC(ptmp, maxdeg);
    }
    for (uint32_t x = 0; x < n; x++) {
        uint32_t b = off[x], d = off[x + 1] - b;
        if (d <= INSERTION_MAX)
            insertion_sort_pairs(item + b, pay + b, d);
        else /* stable on the key: equal keys keep increasing edge id */
            mst_radix_sort_pairs(item + b, pay + b, tmp, ptmp, d, 32, 64);
    }
fail:
    free(pos);
    free(tmp);
    free(ptmp);
    return st;
}

/*
 * The arcs, in row order: each keeps its twin's number for now and lists itself (vertex, arc)
 * in the route table under its own number (the same as its twin's for a cut arc; inside the
 * rank, the other of the pair 2t, 2t + 1). The edge ids lose their rank.
 */
static mst_status layout(const dist_ctx *c, ghs_graph *gg)
{
    mst_status st = MST_OK;
    uint32_t me = (uint32_t)c->rank;
    uint64_t A = gg->arcs, *item = gg->item, *pay = gg->eid;
    const uint64_t *start = gg->route_start;
    MST_CHECK(reserve((void **)&gg->arc, &gg->cap_arc, A, sizeof *gg->arc));
    for (uint32_t x = 0, a = 0; x < gg->n; x++) {
        for (; a < gg->off[x + 1]; a++) {
            if (a + PREFETCH_AHEAD < A) { /* the route entry ahead, at a random place */
                uint64_t ahead = pay[a + PREFETCH_AHEAD] >> EID_BITS;
                uint32_t cut = (uint32_t)item[a + PREFETCH_AHEAD];
                __builtin_prefetch(gg->route + start[ahead] + (cut ^ (ahead == me)), 1);
            }
            uint32_t rank = (uint32_t)(pay[a] >> EID_BITS), cut = (uint32_t)item[a];
            ghs_arc arc = {(uint32_t)(item[a] >> 32), 0, cut, (uint16_t)rank, GHS_BASIC, 0};
            gg->arc[a] = arc;
            ghs_route r = {x, a};
            gg->route[start[rank] + (cut ^ (rank == me))] = r;
            pay[a] &= ((uint64_t)1 << EID_BITS) - 1;
        }
    }
fail:
    return st;
}

/*
 * Collective: every rank sends rank q the segment of its route table for their cut, into the
 * sort scratch: entry route_start[q] + k there is then where arc k of the cut with q lies at q.
 * Each arc finds its twin under the number it holds: in the received segment of its
 * neighbour's rank, or for an arc inside the rank in its own route table.
 */
static mst_status link_twins(const dist_ctx *c, ghs_graph *gg)
{
    mst_status st = MST_OK;
    int p = c->size;
    int *cnt = NULL, *disp = NULL;
    const ghs_route **base = NULL;
    const uint64_t *start = gg->route_start;
    if (gg->arcs > INT_MAX)
        MST_FAIL(MST_ERESOURCE, "rank %d holds %" PRIu64 " arcs, more than MPI's int counts "
                 "(use more ranks)", c->rank, gg->arcs);
    MST_ALLOC(cnt, p);
    MST_ALLOC(disp, p);
    MST_ALLOC(base, p);
    for (int q = 0; q < p; q++)
        cnt[q] = (int)(start[q + 1] - start[q]), disp[q] = (int)start[q];
    cnt[c->rank] = 0;
fail:
    if ((st = dist_agree(c, st)) != MST_OK)
        goto out;
    _Static_assert(sizeof(ghs_route) == sizeof(uint64_t), "a route entry is sent as one word");
    ghs_route *twin = (ghs_route *)gg->item; /* free since the layout */
    MPI_Alltoallv(gg->route, cnt, disp, MPI_UINT64_T, twin, cnt, disp, MPI_UINT64_T, c->comm);
    for (int q = 0; q < p; q++)
        base[q] = (q == c->rank ? gg->route : twin) + start[q];
    for (uint64_t a = 0; a < gg->arcs; a++) {
        if (a + PREFETCH_AHEAD < gg->arcs) { /* the twin's entry, at a random place */
            const ghs_arc *f = &gg->arc[a + PREFETCH_AHEAD];
            __builtin_prefetch(base[f->rank] + f->twin);
        }
        ghs_arc *arc = &gg->arc[a];
        ghs_route r = base[arc->rank][arc->twin];
        arc->to = r.vertex;
        arc->twin = r.arc;
    }
out:
    free(cnt);
    free(disp);
    free(base);
    return st;
}

mst_status ghs_graph_build(const dist_ctx *c, const dist_share *sh, ghs_graph *gg)
{
    mst_status st = MST_OK;
    int p = c->size, me = c->rank;
    uint64_t A = sh->arcs, n = sh->n_local, *count = NULL, *back = NULL;
    if (A >= UINT32_MAX)
        MST_FAIL(MST_ERESOURCE, "rank %d holds %" PRIu64 " arcs, 2^32 - 1 or more (use more "
                 "ranks)", me, A);
    if (p > 65535)
        MST_FAIL(MST_ERESOURCE, "%d ranks: GHS arcs hold ranks in 16 bits (at most 65535)", p);
    MST_CALLOC(count, p);
    MST_ALLOC(back, p);
    MST_CHECK(reserve((void **)&gg->off, &gg->cap_off, n + 1, sizeof *gg->off));
    MST_CHECK(reserve((void **)&gg->vtx, &gg->cap_vtx, n, sizeof(ghs_vertex)));
    MST_CHECK(reserve((void **)&gg->route, &gg->cap_route, A, sizeof *gg->route));
    MST_CHECK(reserve((void **)&gg->route_start, &gg->cap_start, (uint64_t)p + 1,
                      sizeof *gg->route_start));
    gg->n = (uint32_t)n;
    gg->arcs = A;
    MST_CHECK(build_rows(c, sh, gg, count));
    gg->route_start[0] = 0;
    for (int q = 0; q < p; q++)
        gg->route_start[q + 1] = gg->route_start[q] + count[q];
    MST_CHECK(layout(c, gg));
fail:
    /* Both sides of a cut number the same arcs: their counts must agree. */
    if ((st = dist_agree(c, st)) == MST_OK) {
        MPI_Alltoall(count, 1, MPI_UINT64_T, back, 1, MPI_UINT64_T, c->comm);
        for (int q = 0; q < p && st == MST_OK; q++)
            if (back[q] != count[q])
                st = mst_fail(MST_EINTERNAL, "internal error: rank %d: %" PRIu64 " arcs towards "
                              "rank %d but %" PRIu64 " back", me, count[q], q, back[q]);
        if ((st = dist_agree(c, st)) == MST_OK)
            st = link_twins(c, gg);
    }
    free(count);
    free(back);
    return st;
}
