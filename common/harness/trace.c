/*
 * trace.c: --trace, the per-round record of a solve (docs/trace.md). Solvers hand over the ids
 * each round added (solver.h: mst_trace_round, mst_trace_steps); the rest is computed here, from
 * the ids and the graph, so that a line means the same whichever solver wrote it: the
 * components at a round's start are n minus the forest edges of the rounds before, and its live
 * edges are the graph's edges between two of those components.
 */
#include <stdlib.h>
#include <string.h>

#include "solver.h"

void mst_trace_append(mst_trace *t, const uint64_t *ids, uint64_t count)
{
    uint64_t cap = 2 * (t->len + count), round_cap = 2 * t->round_cap + 16;
    if (count == 0)
        return;
    if (!t->failed && t->len + count > t->cap &&
        !(t->failed = mst_realloc((void **)&t->ids, cap, sizeof *t->ids) != MST_OK))
        t->cap = cap;
    if (!t->failed && t->rounds == t->round_cap &&
        !(t->failed = mst_realloc((void **)&t->end, round_cap, sizeof *t->end) != MST_OK))
        t->round_cap = round_cap;
    if (t->failed)
        return;
    memcpy(t->ids + t->len, ids, count * sizeof *ids);
    t->len += count;
    t->end[t->rounds++] = t->len;
}

void mst_trace_split(mst_trace *t, const uint64_t *ids, uint64_t count)
{
    t->unit = "step";
    for (uint64_t done = 0; done < count;) {
        uint64_t step = (count - done + 1) / 2;
        mst_trace_append(t, ids + done, step);
        done += step;
    }
}

mst_status mst_trace_write(const char *path, mst_trace *t, const mst_graph *g,
                           const uint64_t *forest, uint64_t count, const char *program,
                           const char *algo)
{
    mst_status st = MST_OK;
    uint64_t *ids = NULL, *sorted = NULL, *all = NULL;
    mst_dsu dsu = {0};
    mst_out out = {0};
    if (t->rounds == 0 && count > 0) /* a solver that records no rounds: the whole solve */
        mst_trace_append(t, forest, count), t->unit = "solve";
    if (t->failed)
        return mst_fail(MST_ERESOURCE, "out of memory recording the trace");
    MST_ALLOC(ids, t->len + 1);
    MST_ALLOC(sorted, count + 1);
    memcpy(ids, t->ids, t->len * sizeof *ids);
    memcpy(sorted, forest, count * sizeof *sorted);
    for (uint64_t r = 0, lo = 0; r < t->rounds; lo = t->end[r++])
        MST_CHECK(mst_sort_u64(ids + lo, t->end[r] - lo));
    /* The rounds' ids, together, must be exactly the forest: nothing lost, nothing twice. */
    MST_ALLOC(all, t->len + 1);
    memcpy(all, ids, t->len * sizeof *all);
    MST_CHECK(mst_sort_u64(all, t->len));
    MST_CHECK(mst_sort_u64(sorted, count));
    if (t->len != count || memcmp(all, sorted, count * sizeof *all) != 0) {
        st = mst_fail(MST_EINTERNAL, "%s --algo %s: the trace's %llu ids are not the forest's "
                      "%llu edges", program, algo, (unsigned long long)t->len,
                      (unsigned long long)count);
        goto fail;
    }
    MST_CHECK(mst_dsu_init(&dsu, g->n));
    MST_CHECK(mst_out_open(&out, path, 0));
    MST_CHECK(mst_out_printf(&out, "{\"trace\":1,\"program\":\"%s\",\"algo\":\"%s\","
                             "\"n\":%u,\"m\":%llu,\"unit\":\"%s\",\"rounds\":%llu}\n",
                             program, algo, g->n, (unsigned long long)g->m,
                             t->unit ? t->unit : "round", (unsigned long long)t->rounds));
    for (uint64_t r = 0, lo = 0; r < t->rounds; lo = t->end[r++]) {
        uint64_t live = 0;
        for (uint64_t e = 0; e < g->m; e++)
            live += mst_dsu_find(&dsu, g->u[e]) != mst_dsu_find(&dsu, g->v[e]);
        MST_CHECK(mst_out_printf(&out, "{\"round\":%llu,\"components\":%llu,\"live_edges\":"
                                 "%llu,\"added\":[", (unsigned long long)r + 1,
                                 (unsigned long long)(g->n - lo), (unsigned long long)live));
        for (uint64_t i = lo; i < t->end[r]; i++) {
            MST_CHECK(mst_out_printf(&out, i > lo ? ",%llu" : "%llu",
                                     (unsigned long long)ids[i]));
            mst_dsu_union(&dsu, g->u[ids[i]], g->v[ids[i]]);
        }
        MST_CHECK(mst_out_write(&out, "]}\n", 3));
    }
    st = mst_out_commit(&out);
fail:
    mst_out_abort(&out);
    mst_dsu_free(&dsu);
    free(ids);
    free(sorted);
    free(all);
    return st;
}
