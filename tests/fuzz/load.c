/*
 * load.c: the libFuzzer harness of one graph loader. `make fuzz` compiles it once per format
 * with -DFUZZ_FORMAT="edgelist" (dimacs, mtx, metis, egr, msb) into bin/fuzz/fuzz-FORMAT. Each
 * input is a whole file of that format, handed to the format's loader through a memory reader
 * (mst_reader_from_memory: no gzip layer). The loader must either fail cleanly (bad input or a
 * resource limit, with a one-line message, nothing leaked) or return a canonical graph
 * (docs/design.md, Data model): every endpoint below n, no self-loop, keys for every edge.
 */
#include <stdint.h>
#include <string.h>

#include "fuzz.h"
#include "core.h"
#include "loader.h"

#ifndef FUZZ_FORMAT
#error "compile with -DFUZZ_FORMAT='\"edgelist\"' (or dimacs, mtx, metis, egr, msb)"
#endif

/* The most vertices of a graph that the harness hands to the union-find. */
#define FUZZ_MAX_UNION_FIND (1u << 20)

typedef mst_status (*loader_fn)(mst_reader *r, const mst_load_options *o, mst_graph *g);

static const struct {
    const char *name;
    loader_fn load;
} loaders[] = {
    {"edgelist", mst_load_edgelist}, {"dimacs", mst_load_dimacs}, {"mtx", mst_load_mtx},
    {"metis", mst_load_metis},       {"egr", mst_load_egr},       {"msb", mst_load_msb},
};

/* The loader FUZZ_FORMAT names (a bad name aborts at the first input). */
static loader_fn the_loader(void)
{
    for (size_t i = 0; i < sizeof loaders / sizeof loaders[0]; i++)
        if (strcmp(loaders[i].name, FUZZ_FORMAT) == 0)
            return loaders[i].load;
    fuzz_require(0, "FUZZ_FORMAT names no loader");
    return NULL;
}

/* The canonical graph's invariants, and a pass over it by the union-find. */
static void check_graph(const mst_graph *g)
{
    fuzz_require(g->m == 0 || (g->u != NULL && g->v != NULL && g->key != NULL),
                 "edge arrays missing");
    for (uint64_t e = 0; e < g->m; e++) {
        fuzz_require(g->u[e] < g->n && g->v[e] < g->n, "an endpoint is not below n");
        fuzz_require(g->u[e] != g->v[e], "a self-loop was kept");
    }
    fuzz_require(g->weight_type <= MST_WEIGHT_FLOAT64, "unknown weight type");
    fuzz_require(g->m == 0 || mst_weight_is_wide(g->weight_type) == (g->raw != NULL),
                 "64-bit weights without their raw values, or raw values of 32-bit ones");
    fuzz_require(g->index_base == 0 || g->index_base == 1, "index base neither 0 nor 1");
    /* A few bytes can name a vertex 2^32 - 2: such a graph is valid, and a union-find over it
     * needs gigabytes, which libFuzzer reports as running out of memory. */
    if (g->n > FUZZ_MAX_UNION_FIND)
        return;
    mst_dsu d;
    mst_status st = mst_dsu_init(&d, g->n);
    if (st != MST_OK) {
        fuzz_require_failure(st, FUZZ_CODE(MST_ERESOURCE));
        return;
    }
    uint64_t c = g->n;
    for (uint64_t e = 0; e < g->m; e++)
        c -= (uint64_t)mst_dsu_union(&d, g->u[e], g->v[e]);
    mst_dsu_free(&d);
    fuzz_require(c >= 1 || g->n == 0, "no component in a graph with vertices");
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static loader_fn load;
    if (load == NULL)
        load = the_loader();
    mst_load_options o = mst_load_options_default();
    mst_reader *r = NULL;
    mst_graph g;
    memset(&g, 0, sizeof g);
    mst_status st = mst_reader_from_memory("fuzz." FUZZ_FORMAT, data, size, &r);
    fuzz_require(st == MST_OK, "a memory reader could not be opened");
    st = load(r, &o, &g);
    mst_reader_close(r);
    if (st == MST_OK) {
        mst_apply_weight_mode(&g, o.weights, o.seed);
        check_graph(&g);
    } else {
        fuzz_require_failure(st, FUZZ_CODE(MST_EINPUT) | FUZZ_CODE(MST_ERESOURCE));
    }
    /* A failed loader may leave nothing that this free would release twice or leak. */
    mst_graph_free(&g);
    return 0;
}
