/* dboruvka_filter.c: --algo boruvka's filtering (dboruvka.h): the light edges first, then the
 * heavy ones that still join two components. */
#include "dboruvka_int.h"

#include <stdlib.h>
#include <string.h>

/* The light phase keeps about FILTER_LIGHT_ARCS arcs per vertex (one edge: on a random graph
 * its components already hold most vertices, so most heavy edges fall inside one), and graphs
 * with fewer than FILTER_MIN_ARCS arcs per vertex are not split. Chosen by the total size of the
 * rounds (the sum of the edges at the start of each, plus the heavy edges relabelled once) on
 * random graphs of 1.5 and 4 edges per vertex and a grid, docs/mst-mpi.md. */
#define FILTER_LIGHT_ARCS 2
#define FILTER_MIN_ARCS 3
#define SAMPLES 512 /* arcs sampled per rank to place the threshold */

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
static mst_status threshold(dbv_state *s, double want, uint32_t *tkey, uint64_t *teid)
{
    int p = s->c->size;
    sample mine[SAMPLES], *all = mst_alloc((size_t)p * SAMPLES, sizeof *all);
    mst_status st = dist_agree(s->c, all == NULL ? MST_ERESOURCE : MST_OK);
    if (st != MST_OK) {
        free(all);
        return st;
    }
    memset(mine, 0, sizeof mine);
    uint64_t k = s->m < SAMPLES ? s->m : SAMPLES;
    for (uint64_t i = 0; i < SAMPLES; i++) {
        mine[i].key = UINT32_MAX, mine[i].eid = UINT64_MAX;
        if (i < k) {
            const dbv_arc *a = &s->arc[i * s->m / k];
            mine[i] = (sample){dbv_eid(a), a->key, 0, (double)s->m / (double)k};
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

mst_status dbv_filter_split(dbv_state *s, uint32_t n_global, int *split)
{
    uint64_t arcs = 0;
    *split = 0;
    MPI_Allreduce(&s->m, &arcs, 1, MPI_UINT64_T, MPI_SUM, s->c->comm);
    if ((double)arcs < FILTER_MIN_ARCS * (double)n_global)
        return MST_OK;
    uint32_t tkey = 0;
    uint64_t teid = 0, heavy = 0, light = 0;
    mst_status st = threshold(s, FILTER_LIGHT_ARCS * (double)n_global, &tkey, &teid);
    if (st != MST_OK)
        return st;
    for (uint64_t i = 0; i < s->m; i++) {
        const dbv_arc *a = &s->arc[i];
        heavy += a->key > tkey || (a->key == tkey && dbv_eid(a) > teid);
    }
    if (heavy > s->heavy_cap) {
        free(s->heavy);
        s->heavy_cap = 0;
        if ((s->heavy = mst_big_alloc(heavy, sizeof *s->heavy)) == NULL)
            st = MST_ERESOURCE;
        else
            s->heavy_cap = heavy;
    }
    if ((st = dist_agree(s->c, st)) != MST_OK)
        return st;
    /* Light arcs stay in order (the local pass needs increasing ids); heavy ones set aside. */
    s->m_heavy = 0;
    for (uint64_t i = 0; i < s->m; i++) {
        const dbv_arc *a = &s->arc[i];
        if (a->key > tkey || (a->key == tkey && dbv_eid(a) > teid))
            s->heavy[s->m_heavy++] = *a;
        else
            s->arc[light++] = *a;
    }
    s->m = light;
    *split = 1;
    return MST_OK;
}

/* The owner's answer: the label's parent. */
static uint64_t parent_of(const dbv_state *s, uint32_t local)
{
    return s->parent[local];
}

/* Pointer doubling over every vertex of the rank, not only the live labels: a vertex absorbed
 * in an early round points to that round's root, which later rounds may have absorbed too. */
static mst_status compress_all(dbv_state *s)
{
    uint32_t n = s->g->n_local;
    mst_status st = MST_OK;
    if (dbv_buf_reserve(&s->qbuf, (uint64_t)n * sizeof(uint32_t)) != MST_OK ||
        dbv_buf_reserve(&s->abuf, (uint64_t)n * sizeof(uint64_t)) != MST_OK)
        st = MST_ERESOURCE;
    if ((st = dist_agree(s->c, st)) != MST_OK)
        return st;
    memset(s->done, 0, n);
    for (;;) {
        uint32_t *q = s->qbuf.p;
        uint64_t k = 0, pending = 0;
        for (uint32_t v = 0; v < n; v++)
            if (!s->done[v] && s->parent[v] != dbv_global(s->g, v))
                q[k++] = s->parent[v];
        MPI_Allreduce(&k, &pending, 1, MPI_UINT64_T, MPI_SUM, s->c->comm);
        if (pending == 0)
            return MST_OK;
        s->jump_steps++;
        if ((st = dbv_ask(s, q, k, parent_of, s->abuf.p)) != MST_OK)
            return st;
        const uint64_t *a = s->abuf.p;
        uint64_t j = 0;
        for (uint32_t v = 0; v < n; v++) {
            if (s->done[v] || s->parent[v] == dbv_global(s->g, v))
                continue;
            if (a[j] == s->parent[v])
                s->done[v] = 1; /* the parent is a root */
            else
                s->parent[v] = (uint32_t)a[j];
            j++;
        }
    }
}

mst_status dbv_filter_merge(dbv_state *s)
{
    mst_status st = compress_all(s);
    if (st != MST_OK)
        return st;
    /* The heavy arcs become the working ones; the light array is kept for the next solve. */
    dbv_arc *light = s->arc;
    uint64_t light_cap = s->arc_cap;
    s->arc = s->heavy, s->arc_cap = s->heavy_cap, s->m = s->m_heavy;
    s->heavy = light, s->heavy_cap = light_cap, s->m_heavy = 0;
    if ((st = dbv_relabel(s)) != MST_OK)
        return st;
    return dbv_redistribute(s);
}
