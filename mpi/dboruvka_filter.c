/* dboruvka_filter.c: --algo boruvka's filtering (dboruvka.h): the light edges first, then the
 * heavy ones that still join two components. */
#include "dboruvka_int.h"
#include "timer.h"

#include <stdlib.h>
#include <string.h>

/* The light phase keeps about FILTER_LIGHT_ARCS arcs per vertex or live label (one edge: on a
 * random graph its components already hold most vertices, so most heavy edges fall inside one),
 * and arcs fewer than FILTER_MIN_ARCS per vertex or label are not split. Chosen by the total
 * size of the rounds (the sum of the edges at the start of each, plus the heavy edges relabelled
 * once) on random graphs of 1.5 and 4 edges per vertex and a grid (docs/mst-mpi.md). */
#define FILTER_LIGHT_ARCS 2
#define FILTER_MIN_ARCS 6
#define SAMPLES 512 /* arcs sampled per rank to place the threshold */
#define TAKE_BLOCK 4096 /* arcs of the share per step of dbv_take_arcs */

/* A sampled arc: its (key, id) and how many arcs of its rank it stands for. */
typedef struct sample {
    uint64_t eid;
    uint32_t key, pad;
    double weight;
} sample;

static int sample_cmp(const void *a, const void *b)
{
    const sample *x = a, *y = b;
    if (x->key != y->key)
        return x->key < y->key ? -1 : 1;
    return x->eid < y->eid ? -1 : x->eid > y->eid;
}

/* The (key, id) below which about `want` arcs of all ranks lie: every rank samples SAMPLES
 * evenly spaced arcs, every rank sorts all samples the same way and walks their weights. */
static mst_status threshold(const dbv_state *s, const dbv_arc *src, uint64_t m, double want,
                            uint32_t *tkey, uint64_t *teid)
{
    int p = s->c->size;
    sample mine[SAMPLES], *all = mst_alloc((size_t)p * SAMPLES, sizeof *all);
    mst_status st = dist_agree(s->c, all == NULL ? MST_ERESOURCE : MST_OK);
    if (st != MST_OK) {
        free(all);
        return st;
    }
    memset(mine, 0, sizeof mine);
    uint64_t k = m < SAMPLES ? m : SAMPLES;
    for (uint64_t i = 0; i < SAMPLES; i++) {
        mine[i].key = UINT32_MAX, mine[i].eid = UINT64_MAX;
        if (i < k) {
            const dbv_arc *a = &src[i * m / k];
            mine[i] = (sample){dbv_eid(a), a->key, 0, (double)m / (double)k};
        }
    }
    MPI_Allgather(mine, (int)sizeof mine, MPI_BYTE, all, (int)sizeof mine, MPI_BYTE,
                  s->c->comm);
    qsort(all, (size_t)p * SAMPLES, sizeof *all, sample_cmp);
    double seen = 0;
    uint64_t i = 0;
    while (i + 1 < (uint64_t)p * SAMPLES && seen + all[i].weight < want)
        seen += all[i++].weight;
    *tkey = all[i].key, *teid = all[i].eid;
    free(all);
    return MST_OK;
}

int dbv_filter_wanted(uint64_t arcs, uint64_t labels)
{
    return (double)arcs >= FILTER_MIN_ARCS * (double)labels;
}

mst_status dbv_take_arcs(dbv_state *s)
{
    const dbv_graph *g = s->g;
    uint64_t arcs = 0;
    s->tkey = UINT32_MAX, s->teid = UINT64_MAX;
    MPI_Allreduce(&g->arcs, &arcs, 1, MPI_UINT64_T, MPI_SUM, s->c->comm);
    int split = dbv_filter_wanted(arcs, g->pt.n);
    s->split = split ? DBV_SPLIT_SHARE : DBV_WHOLE;
    mst_status st = MST_OK;
    if (split && (st = threshold(s, g->arc, g->arcs, FILTER_LIGHT_ARCS * (double)g->pt.n,
                                 &s->tkey, &s->teid)) != MST_OK)
        return st;
    /* Room for the light arcs expected here (an eighth more than the threshold's share of this
     * rank's arcs), grown if more are light: one pass over the share, no count before it. */
    uint64_t room = g->arcs;
    if (split)
        room = (uint64_t)(1.125 * FILTER_LIGHT_ARCS * (double)g->pt.n / (double)arcs *
                          (double)g->arcs) + 1024;
    room = room < g->arcs ? room : g->arcs;
    if (dbv_grow_arcs(s, room, 0) != MST_OK)
        st = MST_ERESOURCE;
    s->m = 0;
    if (st == MST_OK && !split) {
        memcpy(s->arc, g->arc, g->arcs * sizeof *g->arc);
        s->m = g->arcs;
    }
    /* Light arcs in order (the local pass needs increasing ids); heavy ones stay in the share.
     * Block by block, with room for a whole block: every arc is written and the count moves
     * on the light ones, with no branch on weights that a random graph mixes at random. */
    for (uint64_t lo = 0; st == MST_OK && split && lo < g->arcs; lo += TAKE_BLOCK) {
        uint64_t hi = g->arcs - lo < TAKE_BLOCK ? g->arcs : lo + TAKE_BLOCK;
        if (dbv_grow_arcs(s, s->m + (hi - lo), s->m) != MST_OK) {
            st = MST_ERESOURCE;
            break;
        }
        for (uint64_t i = lo; i < hi; i++) {
            const dbv_arc *a = &g->arc[i];
            s->arc[s->m] = *a;
            s->m += !dbv_above(a, s->tkey, s->teid);
        }
    }
    if (st != MST_OK)
        st = mst_fail(MST_ERESOURCE, "rank %d: out of memory for up to %llu light arcs",
                      s->c->rank, (unsigned long long)g->arcs);
    return dist_agree(s->c, st);
}

mst_status dbv_split_held(dbv_state *s, uint64_t labels)
{
    uint32_t tkey = 0;
    uint64_t teid = 0, heavy = 0;
    mst_status st = threshold(s, s->arc, s->m, FILTER_LIGHT_ARCS * (double)labels, &tkey, &teid);
    if (st != MST_OK)
        return st;
    for (uint64_t i = 0; i < s->m; i++)
        heavy += dbv_above(&s->arc[i], tkey, teid);
    /* A block of its own, kept from solve to solve like the others: taking the receive
     * buffer's instead would have the next exchanges allocate theirs afresh in every solve. */
    if (dbv_buf_reserve(&s->heavy, heavy * sizeof(dbv_arc)) != MST_OK)
        st = mst_fail(MST_ERESOURCE, "rank %d: out of memory for %llu heavy arcs", s->c->rank,
                      (unsigned long long)heavy);
    if ((st = dist_agree(s->c, st)) != MST_OK)
        return st;
    dbv_arc *h = s->heavy.p;
    uint64_t light = 0;
    s->n_heavy = 0;
    for (uint64_t i = 0; i < s->m; i++) {
        if (dbv_above(&s->arc[i], tkey, teid))
            h[s->n_heavy++] = s->arc[i];
        else
            s->arc[light++] = s->arc[i];
    }
    s->m = light;
    for (uint32_t j = 0; j < s->n_live; j++)
        s->best[s->live[j]] = DBV_NO_ARC;
    s->split = DBV_SPLIT_HELD, s->split_stages = s->stages;
    return MST_OK;
}

/* The labels the heavy arcs name pointed at their roots: after a split at the start every vertex
 * of the rank, after one between rounds only those that were roots then (stage 0, or above
 * s->split_stages; the others are never read again). A label that stopped being a root at
 * stage t points to a root of the end of stage t, which a later stage may have absorbed in
 * turn. So the stages go from the last to the first: when those of stage t ask their parent
 * for its parent, every label absorbed later already points to its root, and a root to itself.
 * One request per such label that is not a root, one exchange per stage, where pointer doubling
 * over all vertices would ask several times as many (docs/mst-mpi.md). */
static mst_status compress(dbv_state *s)
{
    uint32_t n = s->g->n_local;
    mst_status st = MST_OK;
    if (dbv_buf_reserve(&s->qbuf, (uint64_t)n * sizeof(uint32_t)) != MST_OK ||
        dbv_buf_reserve(&s->abuf, (uint64_t)n * sizeof(uint64_t)) != MST_OK)
        st = MST_ERESOURCE;
    if ((st = dist_agree(s->c, st)) != MST_OK)
        return st;
    for (uint32_t t = s->stages; t > s->split_stages; t--) {
        uint32_t *q = s->qbuf.p;
        uint64_t k = 0;
        for (uint32_t v = 0; v < n; v++)
            if (s->stage[v] == t)
                q[k++] = s->parent[v];
        s->jump_steps++;
        if ((st = dbv_ask(s, q, k, dbv_parent_of, s->abuf.p, 0)) != MST_OK)
            return st;
        const uint64_t *a = s->abuf.p;
        uint64_t j = 0;
        for (uint32_t v = 0; v < n; v++)
            if (s->stage[v] == t)
                s->parent[v] = (uint32_t)a[j++];
    }
    return MST_OK;
}

mst_status dbv_filter_merge(dbv_state *s, double t[4])
{
    double t0 = mst_now_s();
    mst_status st = compress(s);
    /* One hub per solve: a later one would leave the first holding arcs again (dbv_find_hub). */
    if (st == MST_OK && s->hub == DBV_NONE)
        st = dbv_find_hub(s);
    double t1 = mst_now_s();
    if (st == MST_OK)
        st = dbv_relabel_heavy(s);
    s->split = DBV_WHOLE, s->n_heavy = 0;
    s->merges++;
    double t2 = mst_now_s();
    /* Parallel heavy arcs between the same two components, reduced before they move. */
    if (st == MST_OK && s->c->size > 1)
        st = dbv_reduce_local(s);
    double t3 = mst_now_s();
    if (st == MST_OK)
        st = dbv_redistribute(s);
    t[0] = t1 - t0, t[1] = t2 - t1, t[2] = t3 - t2, t[3] = mst_now_s() - t3;
    return st;
}
