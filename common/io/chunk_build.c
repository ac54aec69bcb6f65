/* chunk_build.c: per-chunk builders of the parallel text loaders (see chunk_build.h). */
#include "chunk_build.h"

#include <stdlib.h>
#include <string.h>

int mst_chunk_build_start(mst_chunk_build *c)
{
    const mst_builder *m = &c->main;
    for (int k = 0; k < c->threads; k++) {
        mst_builder *b = &c->chunk[k];
        if (mst_builder_init(b, NULL, m->name, m->index_base, m->weighted, c->o) != MST_OK)
            return 1;
        /* The header's n (or --vertices): ids are checked against it in every chunk. */
        b->n_limit = m->n_limit;
        b->n_fixed = m->n_fixed;
        if (m->declared_real)
            mst_builder_declare_real(b);
    }
    c->started = 1;
    return 0;
}

int mst_chunk_build_merge(void *ctx, int count)
{
    mst_chunk_build *c = ctx;
    mst_builder *b = &c->main;
    uint64_t at[MST_MAX_LOAD_THREADS + 1];
    if (!c->started)
        return 0;
    at[0] = b->m;
    for (int k = 0; k < count; k++) {
        mst_builder_note(b, &c->chunk[k]); /* in file order: the weight notes' "first" */
        at[k + 1] = at[k] + c->chunk[k].m;
    }
    if (mst_builder_reserve(b, at[count]) != MST_OK)
        return 1;
#pragma omp parallel for schedule(static, 1) num_threads(count)
    for (int k = 0; k < count; k++)
        mst_builder_copy(b, &c->chunk[k], at[k]);
    b->m = at[count];
    for (int k = 0; k < count; k++)
        mst_builder_clear(&c->chunk[k]);
    return 0;
}

mst_status mst_chunk_build_run(mst_chunk_build *c, const mst_chunk_ops *ops, int directed,
                               mst_graph *g)
{
    mst_status st = MST_OK;
    c->threads = mst_load_threads();
    MST_CALLOC(c->chunk, (uint64_t)c->threads);
    MST_CHECK(mst_text_chunks_run(c->r, c->threads, c->o != NULL ? c->o->chunk_bytes : 0, ops,
                                  c));
    mst_builder *b = &c->main;
    if (!c->started || (c->records != UINT64_MAX && b->m + b->self_loops != c->records) ||
        (b->weighted && !b->forced && !b->any_real && !b->declared_real &&
                        b->neg_line != 0 && b->huge_line != 0))
        MST_FAIL(MST_EINPUT, "%s: left to the sequential parser", mst_reader_name(c->r));
    st = mst_builder_finish(b, directed, g);
fail:
    if (c->chunk != NULL)
        for (int k = 0; k < c->threads; k++)
            mst_builder_free(&c->chunk[k]);
    free(c->chunk);
    c->chunk = NULL;
    mst_builder_free(&c->main);
    return st;
}
