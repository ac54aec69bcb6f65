/* builder.c: staged edges to canonical graph: id checks, self-loops, weight typing, keys and
 * symmetrization of directed input (see builder.h). */
#include "builder.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Records "file:line: message" (or "file: edge K: message" without a reader). */
static mst_status builder_fail(const mst_builder *b, mst_status code, const char *fmt, ...)
    MST_PRINTF(3, 4);
static mst_status builder_fail(const mst_builder *b, mst_status code, const char *fmt, ...)
{
    char msg[640];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    if (b->r != NULL)
        return mst_fail(code, "%s:%llu: %s", b->name,
                        (unsigned long long)mst_reader_line(b->r), msg);
    return mst_fail(code, "%s: edge %llu: %s", b->name, (unsigned long long)b->m, msg);
}

mst_status mst_builder_init(mst_builder *b, const mst_reader *r, const char *name, int index_base,
                            int weighted, const mst_load_options *o)
{
    memset(b, 0, sizeof *b);
    b->r = r;
    b->name = r != NULL ? mst_reader_name(r) : name;
    b->index_base = index_base;
    b->weighted = weighted;
    b->n_limit = MST_MAX_VERTICES; /* ids up to 2^32 - 2, so that n fits uint32 */
    if (o != NULL && o->has_vertices) {
        if (o->vertices > MST_MAX_VERTICES)
            return mst_fail(MST_ERESOURCE, "%s: --vertices %llu exceeds the limit of 2^32 - 1",
                            b->name, (unsigned long long)o->vertices);
        b->n_limit = o->vertices;
        b->n_fixed = 1;
        b->vertices_forced = 1;
    }
    b->o = o;
    return MST_OK;
}

static mst_status grow(mst_builder *b, uint64_t want)
{
    mst_status st;
    uint64_t cap = b->cap ? b->cap : 1024;
    while (cap < want)
        cap *= 2;
    if ((st = mst_realloc((void **)&b->u, cap, sizeof *b->u)) != MST_OK ||
        (st = mst_realloc((void **)&b->v, cap, sizeof *b->v)) != MST_OK ||
        (b->weighted && (st = mst_realloc((void **)&b->w, cap, sizeof *b->w)) != MST_OK))
        return st;
    b->cap = cap;
    return MST_OK;
}

/* Open-addressing table for symmetrization: one slot per distinct (lo, hi, key). */
typedef struct arc_slot {
    uint32_t lo, hi, key;
    uint32_t pending[2]; /* unmatched arcs lo->hi [0] and hi->lo [1] seen so far */
} arc_slot;

/* Slots of mst_symmetrize's table for m arcs: a power of two, at least 16 and 2 m. */
static double table_slots(double m)
{
    double size = 16;
    while (size < 2 * m)
        size *= 2;
    return size;
}

double mst_builder_peak_bytes(uint64_t records, int weighted, int directed)
{
    double r = (double)records;
    /* finish: the keys (4 bytes each) are made while u, v (4 + 4) and w (8) are staged */
    double staged = r * (12 + (weighted ? 8 : 0));
    if (!directed)
        return staged;
    /* then w is freed, and symmetrization's table joins u, v and the keys */
    double merge = r * 12 + table_slots(r) * (double)sizeof(arc_slot);
    return staged > merge ? staged : merge;
}

mst_status mst_builder_set_header(mst_builder *b, uint64_t n, uint64_t records, int directed)
{
    if (!b->vertices_forced) {
        if (n > MST_MAX_VERTICES)
            return builder_fail(b, MST_ERESOURCE, "%llu vertices exceed the limit of 2^32 - 1",
                                (unsigned long long)n);
        b->n_limit = n;
        b->n_fixed = 1;
    }
    char where[320];
    if (b->r != NULL)
        snprintf(where, sizeof where, "%s:%llu", b->name,
                 (unsigned long long)mst_reader_line(b->r));
    else
        snprintf(where, sizeof where, "%s", b->name);
    uint64_t edges = directed ? records / 2 + records % 2 : records;
    mst_status st = mst_load_check_header(where, b->o, b->n_limit, records, edges,
                                          mst_builder_peak_bytes(records, b->weighted, directed));
    if (st != MST_OK)
        return st;
    /* A hint only: a lying header must not make us allocate gigabytes up front. */
    uint64_t hint = records < (1u << 24) ? records : (1u << 24);
    return hint > b->cap ? grow(b, hint) : MST_OK;
}

mst_status mst_builder_add(mst_builder *b, uint64_t u, uint64_t v, double w, int is_real)
{
    uint64_t ids[2] = {u, v};
    for (int i = 0; i < 2; i++) {
        if (ids[i] < (uint64_t)b->index_base)
            return builder_fail(b, MST_EINPUT, "vertex id %llu below the first id %d",
                                (unsigned long long)ids[i], b->index_base);
        if (ids[i] - (uint64_t)b->index_base >= b->n_limit) {
            if (b->n_fixed)
                return builder_fail(b, MST_EINPUT, "vertex id %llu out of range (n = %llu)",
                                    (unsigned long long)ids[i], (unsigned long long)b->n_limit);
            return builder_fail(b, MST_EINPUT, "vertex id %llu out of range (ids must be below 2^32 - 1)",
                                (unsigned long long)ids[i]);
        }
    }
    if (b->weighted) {
        if (isnan(w))
            return builder_fail(b, MST_EINPUT, "NaN weight");
        if (isinf(w))
            return builder_fail(b, MST_EINPUT, "infinite weight");
        if (is_real) {
            b->any_real = 1;
        } else if (w < (double)INT32_MIN || w > (double)UINT32_MAX) {
            /* Fine if the file turns out to have real weights (float32); else an error. */
            if (b->overflow_line == 0) {
                b->overflow_line = b->r ? mst_reader_line(b->r) : b->m + 1;
                b->overflow_value = w;
            }
        } else if (w < 0 && b->neg_line == 0) {
            b->neg_line = b->r ? mst_reader_line(b->r) : b->m + 1;
        } else if (w > (double)INT32_MAX && b->big_line == 0) {
            b->big_line = b->r ? mst_reader_line(b->r) : b->m + 1;
            b->big_value = w;
        }
    }
    u -= (uint64_t)b->index_base;
    v -= (uint64_t)b->index_base;
    if (u == v) {
        b->self_loops++;
        if (u + 1 > b->max_id)
            b->max_id = u + 1;
        return MST_OK;
    }
    if (b->m == b->cap) {
        mst_status st = grow(b, b->m + 1);
        if (st != MST_OK)
            return st;
    }
    b->u[b->m] = (uint32_t)u;
    b->v[b->m] = (uint32_t)v;
    if (b->weighted)
        b->w[b->m] = w;
    b->m++;
    uint64_t top = (u > v ? u : v) + 1;
    if (top > b->max_id)
        b->max_id = top;
    return MST_OK;
}

uint64_t mst_symmetrize(uint32_t *u, uint32_t *v, uint32_t *key, uint64_t *m)
{
    uint64_t size = 16;
    while (size < 2 * *m)
        size *= 2;
    arc_slot *t = mst_alloc(size, sizeof *t);
    if (t == NULL)
        return UINT64_MAX;
    for (uint64_t i = 0; i < size; i++)
        t[i].pending[0] = t[i].pending[1] = 0, t[i].lo = t[i].hi = UINT32_MAX;
    uint64_t out = 0, merged = 0, mask = size - 1;
    for (uint64_t e = 0; e < *m; e++) {
        uint32_t lo = u[e] < v[e] ? u[e] : v[e], hi = u[e] ^ v[e] ^ lo, k = key[e];
        int dir = u[e] > v[e];
        uint64_t i = mst_edge_group_hash(lo, hi, k) & mask;
        /* An empty slot has lo == hi (no real edge has that: self-loops are gone). */
        while (!(t[i].lo == t[i].hi) && !(t[i].lo == lo && t[i].hi == hi && t[i].key == k))
            i = (i + 1) & mask;
        if (t[i].lo == t[i].hi) {
            t[i].lo = lo;
            t[i].hi = hi;
            t[i].key = k;
        }
        if (t[i].pending[!dir] > 0) {
            t[i].pending[!dir]--; /* the reverse arc of an earlier edge: merge into it */
            merged++;
            continue;
        }
        t[i].pending[dir]++;
        u[out] = u[e];
        v[out] = v[e];
        key[out] = k;
        out++;
    }
    free(t);
    *m = out;
    return merged;
}

mst_status mst_builder_finish(mst_builder *b, int directed, mst_graph *g)
{
    mst_status st = MST_OK;
    memset(g, 0, sizeof *g);
    uint64_t m = b->m;
    if (b->weighted && !b->any_real && b->overflow_line != 0) {
        st = mst_fail(MST_EINPUT, "%s:%llu: weight %.0f overflows 32 bits", b->name,
                      (unsigned long long)b->overflow_line, b->overflow_value);
        goto fail;
    }
    if (b->weighted && !b->any_real && b->neg_line != 0 && b->big_line != 0) {
        st = mst_fail(MST_EINPUT,
                      "%s:%llu: weight %.0f does not fit int32, and line %llu has a negative weight",
                      b->name, (unsigned long long)b->big_line, b->big_value,
                      (unsigned long long)b->neg_line);
        goto fail;
    }
    mst_weight_type type = !b->weighted ? MST_WEIGHT_INT32
                           : b->any_real ? MST_WEIGHT_FLOAT32
                           : b->big_line != 0 ? MST_WEIGHT_UINT32
                                              : MST_WEIGHT_INT32;
    MST_ALLOC(g->key, m);
    for (uint64_t e = 0; e < m; e++) {
        if (!b->weighted)
            g->key[e] = mst_key_from_int32(1);
        else if (type == MST_WEIGHT_FLOAT32)
            g->key[e] = mst_key_from_float((float)b->w[e]);
        else if (type == MST_WEIGHT_UINT32)
            g->key[e] = mst_key_from_uint32((uint32_t)b->w[e]);
        else
            g->key[e] = mst_key_from_int32((int32_t)b->w[e]);
    }
    free(b->w);
    b->w = NULL;
    if (directed && m > 0) {
        uint64_t merged = mst_symmetrize(b->u, b->v, g->key, &m);
        if (merged == UINT64_MAX) {
            st = MST_ERESOURCE;
            goto fail;
        }
        g->merged_arcs = merged;
    }
    /* Shrink to the final size (realloc to smaller cannot fail in practice; keep on failure). */
    mst_realloc((void **)&b->u, m, sizeof *b->u);
    mst_realloc((void **)&b->v, m, sizeof *b->v);
    mst_realloc((void **)&g->key, m, sizeof *g->key);
    g->u = b->u;
    g->v = b->v;
    b->u = b->v = NULL;
    g->m = m;
    g->n = (uint32_t)(b->n_fixed ? b->n_limit : b->max_id);
    g->weight_type = type;
    g->weight_origin = MST_WEIGHTS_FROM_FILE;
    g->file_has_weights = b->weighted;
    g->index_base = b->index_base;
    g->self_loops = b->self_loops;
    mst_builder_free(b);
    return MST_OK;
fail:
    mst_builder_free(b);
    mst_graph_free(g);
    return st;
}

void mst_builder_free(mst_builder *b)
{
    free(b->u);
    free(b->v);
    free(b->w);
    b->u = b->v = NULL;
    b->w = NULL;
    b->m = b->cap = 0;
}
