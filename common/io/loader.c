/* loader.c: format dispatch by extension or --format, and the weight modes (see loader.h). */
#include "loader.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

typedef mst_status (*load_fn)(mst_reader *, const mst_load_options *, mst_graph *);

static const struct format {
    const char *name;
    const char *extensions; /* space-separated, with the dot */
    load_fn load;
} formats[] = {
    {"edgelist", ".el .wel .txt .edges", mst_load_edgelist},
    {"dimacs", ".gr", mst_load_dimacs},
    {"mtx", ".mtx", mst_load_mtx},
    {"metis", ".graph", mst_load_metis},
    {"egr", ".egr", mst_load_egr},
    {"msb", ".msb", mst_load_msb},
};
#define FORMAT_COUNT (sizeof formats / sizeof formats[0])

const char *mst_format_names(void)
{
    return "edgelist dimacs mtx metis egr msb";
}

mst_load_options mst_load_options_default(void)
{
    mst_load_options o;
    memset(&o, 0, sizeof o);
    o.weights = MST_WEIGHT_MODE_AUTO;
    o.seed = 1;
    return o;
}

mst_status mst_load_check_edges(const char *where, const mst_load_options *o, uint64_t edges)
{
    uint64_t max_edges = o != NULL ? o->max_edges : 0;
    if (max_edges != 0 && edges > max_edges)
        return mst_fail(MST_ERESOURCE, "%s: the header announces at least %" PRIu64 " edges; "
                        "this solver takes at most %" PRIu64 " (it packs each edge's key and "
                        "id into 64 bits)", where, edges, max_edges);
    return MST_OK;
}

mst_status mst_load_check_header(const char *where, const mst_load_options *o, uint64_t n,
                                 uint64_t records, uint64_t edges, double load_bytes)
{
    mst_status st = mst_load_check_edges(where, o, edges);
    if (st != MST_OK)
        return st;
    char what[96];
    snprintf(what, sizeof what, "a graph of n = %" PRIu64 ", m = %" PRIu64, n, records);
    double run_bytes = o != NULL ? (double)o->run_bytes_per_vertex * (double)n : 0;
    return mst_memory_check(where, what, load_bytes + run_bytes);
}

/* 1 if `ext` (".gr") is one of the space-separated words of `list`. */
static int ext_in_list(const char *ext, size_t len, const char *list)
{
    for (const char *p = list; *p;) {
        size_t k = strcspn(p, " ");
        if (k == len && strncasecmp(p, ext, len) == 0)
            return 1;
        p += k;
        while (*p == ' ')
            p++;
    }
    return 0;
}

static const struct format *format_for_path(const char *path)
{
    const char *base = strrchr(path, '/');
    base = base ? base + 1 : path;
    size_t len = strlen(base);
    if (len > 3 && strcasecmp(base + len - 3, ".gz") == 0)
        len -= 3;
    for (size_t i = 0; i < FORMAT_COUNT; i++) {
        /* Try every dot of the name: "USA-road-NY.pace.gr" ends in ".gr". */
        for (size_t dot = 0; dot < len; dot++)
            if (base[dot] == '.' && ext_in_list(base + dot, len - dot, formats[i].extensions))
                return &formats[i];
    }
    return NULL;
}

const char *mst_format_from_path(const char *path)
{
    const struct format *f = format_for_path(path);
    return f ? f->name : NULL;
}

/* SplitMix64 finalizer: a counter-based hash, so weight e depends only on (seed, e). */
static inline uint64_t splitmix64(uint64_t x)
{
    x += 0x9E3779B97F4A7C15ull;
    x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ull;
    x = (x ^ (x >> 27)) * 0x94D049BB133111EBull;
    return x ^ (x >> 31);
}

/* Random weight of edge e, int32 in 1..2^20, from s = splitmix64(seed). */
static inline uint32_t random_key(uint64_t s, uint64_t e)
{
    return mst_key_from_int32((int32_t)(1 + (splitmix64(s ^ e) >> 44)));
}

uint32_t mst_random_weight_key(uint64_t seed, uint64_t eid)
{
    return random_key(splitmix64(seed), eid);
}

void mst_apply_weight_mode(mst_graph *g, mst_weight_mode mode, uint64_t seed)
{
    if (mode == MST_WEIGHT_MODE_AUTO)
        mode = g->file_has_weights ? MST_WEIGHT_MODE_KEEP : MST_WEIGHT_MODE_RANDOM;
    if (mode == MST_WEIGHT_MODE_KEEP)
        mode = g->file_has_weights ? MST_WEIGHT_MODE_KEEP : MST_WEIGHT_MODE_UNIT;
    if (mode == MST_WEIGHT_MODE_KEEP) {
        g->weight_origin = MST_WEIGHTS_FROM_FILE;
        return;
    }
    g->weight_type = MST_WEIGHT_INT32;
    free(g->raw); /* the file's 64-bit weights, if any, are replaced */
    g->raw = NULL;
    g->rank_s = 0;
    if (mode == MST_WEIGHT_MODE_UNIT) {
        g->weight_origin = MST_WEIGHTS_UNIT;
#pragma omp parallel for schedule(static)
        for (uint64_t e = 0; e < g->m; e++)
            g->key[e] = mst_key_from_int32(1);
        return;
    }
    g->weight_origin = MST_WEIGHTS_RANDOM;
    g->seed = seed;
    uint64_t s = splitmix64(seed);
#pragma omp parallel for schedule(static)
    for (uint64_t e = 0; e < g->m; e++)
        g->key[e] = random_key(s, e); /* 1..2^20 */
}

mst_status mst_graph_load(const char *path, const mst_load_options *o, mst_graph *g)
{
    mst_status st = MST_OK;
    mst_reader *r = NULL;
    const struct format *f = NULL;
    memset(g, 0, sizeof *g);
    if (o->format != NULL) {
        for (size_t i = 0; i < FORMAT_COUNT; i++)
            if (strcmp(o->format, formats[i].name) == 0)
                f = &formats[i];
        if (f == NULL)
            return mst_fail(MST_EUSAGE, "unknown format '%s' (formats: %s)", o->format,
                            mst_format_names());
    } else {
        f = format_for_path(path);
    }
    MST_CHECK(mst_reader_open(path, &r));
    if (f == NULL)
        MST_FAIL(MST_EINPUT, "%s: unknown file extension (use --format: %s)", path,
                 mst_format_names());
    MST_CHECK(f->load(r, o, g));
    MST_ALLOC(g->name, strlen(path) + 1);
    strcpy(g->name, path);
    g->format = f->name;
    mst_apply_weight_mode(g, o->weights, o->seed);
    if (o->weight_type != 0)
        MST_CHECK(mst_graph_convert_weights(g, (mst_weight_type)(o->weight_type - 1), path));
    mst_reader_close(r);
    return MST_OK;
fail:
    mst_reader_close(r);
    mst_graph_free(g);
    return st;
}
