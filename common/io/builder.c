/* builder.c: the builder and the symmetrization of directed input (see loader.h). */
#include "loader.h"

#include <math.h>
#include <omp.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core.h"

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

/* Records "message" on the part's current line (or "file: edge K: message" without one). */
static MST_PRINTF(3, 4) mst_status builder_fail(const mst_builder *b, mst_status code,
                                                const char *fmt, ...)
{
    char msg[640];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    if (b->part != NULL)
        return mst_text_fail(b->part, code, "%s", msg);
    return mst_fail(code, "%s: edge %llu: %s", b->name, (unsigned long long)b->m, msg);
}

mst_status mst_builder_init(mst_builder *b, mst_text_part *part, const char *name,
                            int index_base, int weighted, const mst_load_options *o)
{
    memset(b, 0, sizeof *b);
    b->part = part;
    b->name = name;
    b->index_base = index_base;
    b->weighted = weighted;
    b->n_limit = MST_MAX_VERTICES; /* ids up to 2^32 - 2, so that n fits uint32 */
    if (o != NULL && o->has_vertices) {
        if (o->vertices > MST_MAX_VERTICES)
            return mst_fail(MST_ERESOURCE, "%s: --vertices %llu exceeds the limit of 2^32 - 1",
                            b->name, (unsigned long long)o->vertices);
        b->n_limit = o->vertices;
        b->n_fixed = 1;
    }
    b->o = o;
    b->forced = o != NULL ? o->weight_type : 0;
    b->parse_float32 = b->forced == 1 + (int)MST_WEIGHT_FLOAT32;
    return MST_OK;
}

void mst_builder_declare_real(mst_builder *b)
{
    b->declared_real = 1;
    b->as_real = !b->forced; /* stage doubles from the first weight on */
}

/* Room for `want` staged records. */
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

double mst_builder_peak_bytes(uint64_t records, int weighted, int directed)
{
    double r = (double)records;
    /* finish: the keys (4 bytes each) are made while u, v (4 + 4) and w (8) are staged */
    double staged = r * (12 + (weighted ? 8 : 0));
    if (!directed)
        return staged;
    /* then the symmetrization joins u, v and the keys (w, if any, is its scratch) */
    double merge = r * 12 + table_slots(r) * (double)sizeof(arc_slot);
    return staged > merge ? staged : merge;
}

mst_status mst_builder_set_header(mst_builder *b, uint64_t n, uint64_t records, int directed)
{
    if (b->o == NULL || !b->o->has_vertices) {
        if (n > MST_MAX_VERTICES)
            return builder_fail(b, MST_ERESOURCE, "%llu vertices exceed the limit of 2^32 - 1",
                                (unsigned long long)n);
        b->n_limit = n;
        b->n_fixed = 1;
    }
    char where[320];
    if (b->part != NULL)
        snprintf(where, sizeof where, "%s:%llu", b->name,
                 (unsigned long long)(b->part->base + b->part->line));
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

/* Rewrites n staged integers of src (int64 bits, or uint64 if `as_uint64`) as doubles' bits
 * into dst (src itself, or another builder's array). */
static void stage_doubles(uint64_t *dst, const uint64_t *src, uint64_t n, int as_uint64)
{
    for (uint64_t i = 0; i < n; i++)
        dst[i] = mst_double_to_bits(as_uint64 ? (double)src[i] : (double)(int64_t)src[i]);
}

mst_status mst_builder_add(mst_builder *b, uint64_t u, uint64_t v, const mst_number *w)
{
    uint64_t ids[2] = {u, v}, bits = 0;
    char text[48];
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
    if (b->weighted && w->is_real && isnan(w->d))
        return builder_fail(b, MST_EINPUT, "NaN weight");
    if (b->weighted && w->is_real && isinf(w->d))
        return builder_fail(b, MST_EINPUT, "infinite weight");
    if (b->weighted && b->forced) { /* the staged bits (see mst_builder.w) */
        mst_weight_type t = (mst_weight_type)(b->forced - 1);
        const char *name = mst_weight_type_name(t);
        if (w->is_real && !mst_weight_is_float(t))
            return builder_fail(b, MST_EINPUT, "real weight %s: --weight-type %s takes "
                                "integers", mst_number_text(w, text), name);
        if (!mst_weight_value_fits(mst_number_value(w), t, &bits))
            return builder_fail(b, MST_EINPUT, "weight %s does not fit %s (--weight-type %s)",
                                mst_number_text(w, text), name, name);
    } else if (b->weighted) {
        int was_huge = b->huge_line != 0;
        if (w->is_real) {
            b->any_real = 1;
        } else if (!w->neg ? w->mag > INT32_MAX
                           : (w->mag > (uint64_t)INT32_MAX + 1 || !b->neg_line)) {
            /* An integer beyond int32 (or the first negative): where it falls among the types */
            uint64_t line = b->part != NULL ? b->part->line : b->m + 1;
            if (w->neg) {
                b->max_neg = w->mag > b->max_neg ? w->mag : b->max_neg;
                b->neg_line = b->neg_line ? b->neg_line : line;
            } else {
                b->max_pos = w->mag > b->max_pos ? w->mag : b->max_pos;
                if (w->mag > (uint64_t)INT64_MAX && b->huge_line == 0)
                    b->huge_line = line, b->huge_value = *w;
            }
        }
        /* A real, or integers that fit no integer type (an error at finish unless a real
         * shows up): from here on the file can only be float64. */
        if (!b->as_real && (w->is_real || (b->neg_line != 0 && b->huge_line != 0))) {
            stage_doubles(b->w, b->w, b->m, was_huge);
            b->as_real = 1;
        }
        bits = !b->as_real ? (w->neg ? 0 - w->mag : w->mag)
                           : mst_double_to_bits(w->is_real ? w->d : w->neg ? -(double)w->mag
                                                                            : (double)w->mag);
    }
    u -= (uint64_t)b->index_base;
    v -= (uint64_t)b->index_base;
    uint64_t top = (u > v ? u : v) + 1;
    b->max_id = top > b->max_id ? top : b->max_id;
    if (u == v) {
        b->self_loops++;
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
        b->w[b->m] = bits;
    b->m++;
    return MST_OK;
}

mst_weight_type mst_integer_weight_type(uint64_t max_pos, uint64_t max_neg)
{
    if (max_pos <= INT32_MAX && max_neg <= (uint64_t)INT32_MAX + 1)
        return MST_WEIGHT_INT32;
    if (max_pos > INT64_MAX)
        return max_neg == 0 ? MST_WEIGHT_UINT64 : MST_WEIGHT_FLOAT64;
    return max_neg == 0 && max_pos <= UINT32_MAX ? MST_WEIGHT_UINT32 : MST_WEIGHT_INT64;
}

mst_status mst_builder_finish(mst_builder *b, int directed, mst_graph *g)
{
    mst_status st = MST_OK;
    char text[48];
    memset(g, 0, sizeof *g);
    uint64_t m = b->m;
    if (b->weighted && !b->forced && !b->any_real && !b->declared_real && b->neg_line != 0 &&
        b->huge_line != 0) {
        st = mst_fail(MST_EINPUT,
                      "%s:%llu: weight %s does not fit int64, and line %llu has a negative weight",
                      b->name, (unsigned long long)b->huge_line,
                      mst_number_text(&b->huge_value, text), (unsigned long long)b->neg_line);
        goto fail;
    }
    mst_weight_type type = !b->weighted ? MST_WEIGHT_INT32
                            : b->forced ? (mst_weight_type)(b->forced - 1)
                            : b->as_real ? MST_WEIGHT_FLOAT64
                                         : mst_integer_weight_type(b->max_pos, b->max_neg);
    /* g->key (and g->raw for 64-bit types, taking over the staged array) from the staged
     * weights, before symmetrization, which compares keys. */
    MST_ALLOC(g->key, m);
    if (!b->weighted) {
#pragma omp parallel for schedule(static) num_threads(mst_load_threads())
        for (uint64_t e = 0; e < m; e++)
            g->key[e] = mst_key_from_int32(1);
    } else if (mst_weight_is_wide(type)) {
        if (m > MST_WIDE_MAX_EDGES)
            MST_FAIL(MST_ERESOURCE, "%s: %llu records with %s weights: at most 2^32 - 1 (their "
                     "keys are 32-bit ranks)", b->name, (unsigned long long)m,
                     mst_weight_type_name(type));
        g->raw = b->w;
        b->w = NULL;
        double t0 = mst_now_s();
        MST_CHECK(mst_rank_keys(type, g->raw, m, g->key));
        g->rank_s = mst_now_s() - t0;
    } else {
        const uint64_t *w = b->w;
#pragma omp parallel for schedule(static) num_threads(mst_load_threads())
        for (uint64_t e = 0; e < m; e++) {
            uint64_t x = w[e];
            g->key[e] = type == MST_WEIGHT_FLOAT32  ? mst_key_from_float((float)mst_bits_to_double(x))
                        : type == MST_WEIGHT_UINT32 ? mst_key_from_uint32((uint32_t)x)
                                                    : mst_key_from_int32((int32_t)(int64_t)x);
        }
    }
    if (directed && m > 0) {
        /* The staged weights (if g->raw did not take them) are spent: the scratch. */
        uint64_t merged = mst_symmetrize(b->u, b->v, g->key, g->raw, &m, b->w);
        if (merged == UINT64_MAX) {
            st = MST_ERESOURCE;
            goto fail;
        }
        g->merged_arcs = merged;
    }
    free(b->w);
    b->w = NULL;
    /* Shrink to the final size (realloc to smaller cannot fail in practice; keep on failure). */
    mst_realloc((void **)&b->u, m, sizeof *b->u);
    mst_realloc((void **)&b->v, m, sizeof *b->v);
    mst_realloc((void **)&g->key, m, sizeof *g->key);
    if (g->raw != NULL)
        mst_realloc((void **)&g->raw, m, sizeof *g->raw);
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

mst_status mst_builder_merge(mst_builder *b, mst_builder *parts, int count)
{
    uint64_t at[MST_MAX_LOAD_THREADS + 1];
    at[0] = b->m;
    for (int k = 0; k < count; k++) { /* in file order: the first line of each mark */
        const mst_builder *src = &parts[k];
        uint64_t before = src->part->base;
        int was_huge = b->huge_line != 0;
        at[k + 1] = at[k] + src->m;
        b->self_loops += src->self_loops;
        b->max_id = src->max_id > b->max_id ? src->max_id : b->max_id;
        b->any_real |= src->any_real;
        b->max_pos = src->max_pos > b->max_pos ? src->max_pos : b->max_pos;
        b->max_neg = src->max_neg > b->max_neg ? src->max_neg : b->max_neg;
        if (b->neg_line == 0 && src->neg_line != 0)
            b->neg_line = src->neg_line + before;
        if (b->huge_line == 0 && src->huge_line != 0)
            b->huge_line = src->huge_line + before, b->huge_value = src->huge_value;
        /* As add() does when a real, or integers of no single type, show up. */
        if (!b->as_real && (src->as_real || (b->neg_line != 0 && b->huge_line != 0))) {
            stage_doubles(b->w, b->w, b->m, was_huge);
            b->as_real = 1;
        }
    }
    if (at[count] > b->cap) {
        mst_status st = grow(b, at[count]);
        if (st != MST_OK)
            return st;
    }
    /* The copies side by side, the weights as b stages them (doubles where it does). */
#pragma omp parallel for schedule(static, 1) num_threads(count)
    for (int k = 0; k < count; k++) {
        const mst_builder *src = &parts[k];
        if (src->m == 0) /* its arrays may be NULL */
            continue;
        memcpy(b->u + at[k], src->u, src->m * sizeof *src->u);
        memcpy(b->v + at[k], src->v, src->m * sizeof *src->v);
        if (b->as_real && !src->as_real)
            stage_doubles(b->w + at[k], src->w, src->m, src->huge_line != 0);
        else if (b->weighted)
            memcpy(b->w + at[k], src->w, src->m * sizeof *src->w);
    }
    b->m = at[count];
    for (int k = 0; k < count; k++) { /* emptied for the next block */
        mst_builder *p = &parts[k];
        p->m = p->self_loops = p->max_id = p->max_pos = p->max_neg = 0;
        p->neg_line = p->huge_line = 0;
        p->as_real = p->declared_real && !p->forced;
        p->any_real = 0;
    }
    return MST_OK;
}

int mst_load_threads(void)
{
    int t = omp_get_max_threads();
    return t < 1 ? 1 : t > MST_MAX_LOAD_THREADS ? MST_MAX_LOAD_THREADS : t;
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

/* ---------------------------------------- symmetrization */

/* The hash of arc e's group (lo, hi, key). */
static inline uint64_t arc_hash(const uint32_t *u, const uint32_t *v, const uint32_t *key,
                                uint64_t e)
{
    uint32_t lo = u[e] < v[e] ? u[e] : v[e], hi = u[e] ^ v[e] ^ lo;
    return mst_edge_group_hash(lo, hi, key[e]);
}

/* The arcs are partitioned by group hash into 2^log_b buckets of about 2^BUCKET_LOG arcs (at
 * most 2^MAX_BUCKETS_LOG buckets), so that a bucket's bitmaps stay in the core's cache. An arc's
 * record in its bucket holds its id (bits 24 and up), its direction (bit 23: u > v) and 23 bits
 * of its group hash (bits 16 to 38 of the hash; the bucket is its top bits, the exact table
 * indexes with the low ones). */
#define BUCKET_LOG 16
#define MAX_BUCKETS_LOG 10
#define RECORD_HASH_BITS 23
#define RECORD_ID_SHIFT 24
#define BITMAP_BITS_PER_ARC 16

static inline uint64_t bucket_of(uint64_t h, int log_b)
{
    return log_b == 0 ? 0 : h >> (64 - log_b);
}

/* The records of the m arcs, bucket by bucket, each bucket in file order, into rec[m]; bucket
 * b is rec[start[b] .. start[b + 1]). A counting pass and a writing pass, both split among the
 * threads in the same static ranges, thread t's arcs of a bucket after those of threads < t.
 * Returns 0, or 1 without memory. */
static int partition_arcs(const uint32_t *u, const uint32_t *v, const uint32_t *key,
                          uint64_t m, int threads, int log_b, uint64_t *rec, uint64_t *start)
{
    uint64_t buckets = (uint64_t)1 << log_b;
    uint64_t *at = mst_calloc((uint64_t)threads * buckets, sizeof *at);
    if (at == NULL)
        return 1;
#pragma omp parallel num_threads(threads)
    {
        uint64_t *mine = at + (uint64_t)omp_get_thread_num() * buckets;
#pragma omp for schedule(static)
        for (uint64_t e = 0; e < m; e++)
            mine[bucket_of(arc_hash(u, v, key, e), log_b)]++;
#pragma omp single
        mst_scan_thread_buckets(at, buckets, threads, start);
#pragma omp for schedule(static)
        for (uint64_t e = 0; e < m; e++) {
            uint64_t h = arc_hash(u, v, key, e);
            rec[mine[bucket_of(h, log_b)]++] = e << RECORD_ID_SHIFT |
                                               (uint64_t)(u[e] > v[e]) << RECORD_HASH_BITS |
                                               (h >> 16 & (((uint64_t)1 << RECORD_HASH_BITS) - 1));
        }
    }
    free(at);
    return 0;
}

/* A bucket's candidates: each record sets its hash bit in the bitmap of its direction
 * (maps[0]: forward arcs, u < v; maps[1]: reverse), then an arc whose bit is set in the other
 * direction's bitmap is a candidate: every arc of a group with both directions, and a few
 * others by collision (about one in 2 BITMAP_BITS_PER_ARC). maps holds 2 * bits / 64 words
 * (bits: a power of two); the ids of the candidates, in file order, go to cand. Returns their
 * count. */
static uint64_t mark_bucket(const uint64_t *rec, uint64_t count, uint64_t bits, uint64_t *maps,
                            uint64_t *cand)
{
    uint64_t words = bits / 64, mask = bits - 1, out = 0;
    memset(maps, 0, 2 * words * sizeof *maps);
    for (uint64_t i = 0; i < count; i++) {
        uint64_t r = rec[i], b = r & mask;
        maps[(r >> RECORD_HASH_BITS & 1) * words + (b >> 6)] |= 1ull << (b & 63);
    }
    for (uint64_t i = 0; i < count; i++) { /* no branch: the direction is a coin toss */
        uint64_t r = rec[i], b = r & mask;
        cand[out] = r >> RECORD_ID_SHIFT;
        out += maps[(~r >> RECORD_HASH_BITS & 1) * words + (b >> 6)] >> (b & 63) & 1;
    }
    return out;
}

/* Pairs a bucket's candidates exactly, in file order, in table[size] (size a power of two, at
 * least twice their count): an arc merges into an earlier unmatched arc of its group in the
 * other direction (keep[e] = 0), else it waits for one. Returns the arcs merged. */
static uint64_t pair_bucket(const uint32_t *u, const uint32_t *v, const uint32_t *key,
                            const uint64_t *cand, uint64_t count, arc_slot *table,
                            uint64_t size, unsigned char *keep)
{
    for (uint64_t i = 0; i < size; i++)
        table[i].pending[0] = table[i].pending[1] = 0, table[i].lo = table[i].hi = UINT32_MAX;
    uint64_t merged = 0, mask = size - 1;
    for (uint64_t c = 0; c < count; c++) {
        uint64_t e = cand[c], i = arc_hash(u, v, key, e) & mask;
        uint32_t lo = u[e] < v[e] ? u[e] : v[e], hi = u[e] ^ v[e] ^ lo, k = key[e];
        int dir = u[e] > v[e];
        arc_slot *t = table;
        /* An empty slot has lo == hi (no real edge has that: self-loops are gone). */
        while (!(t[i].lo == t[i].hi) && !(t[i].lo == lo && t[i].hi == hi && t[i].key == k))
            i = (i + 1) & mask;
        if (t[i].lo == t[i].hi) {
            t[i].lo = lo;
            t[i].hi = hi;
            t[i].key = k;
        }
        if (t[i].pending[!dir] != 0) {
            t[i].pending[!dir]--; /* the reverse arc of an earlier edge: merge into it */
            keep[e] = 0;
            merged++;
        } else {
            t[i].pending[dir]++;
        }
    }
    return merged;
}

uint64_t mst_symmetrize(uint32_t *u, uint32_t *v, uint32_t *key, uint64_t *raw, uint64_t *m,
                        uint64_t *scratch)
{
    int threads = *m < (1u << 16) ? 1 : mst_load_threads(), log_b = 0, failed;
    while (log_b < MAX_BUCKETS_LOG && (*m >> log_b) > ((uint64_t)1 << BUCKET_LOG))
        log_b++; /* the result does not depend on it: each group lies in one bucket */
    uint64_t merged = 0, buckets = (uint64_t)1 << log_b;
    if (*m >> (64 - RECORD_ID_SHIFT) != 0) { /* ids beyond a record's 40 bits: 12 TiB */
        mst_fail(MST_ERESOURCE, "%llu arcs to symmetrize: at most 2^40 - 1",
                 (unsigned long long)*m);
        return UINT64_MAX;
    }
    unsigned char *keep = mst_alloc(*m, 1);
    uint64_t *rec = scratch != NULL ? scratch : mst_alloc(*m, sizeof *rec);
    uint64_t *start = mst_alloc(buckets + 1, sizeof *start);
    failed = keep == NULL || rec == NULL || start == NULL ||
             partition_arcs(u, v, key, *m, threads, log_b, rec, start) != 0;
    if (!failed) {
        memset(keep, 1, *m);
        /* Each thread marks and pairs a bucket at a time, its bitmaps, candidates and table
         * grown as the buckets need. */
#pragma omp parallel num_threads(threads) reduction(+ : merged) reduction(| : failed)
        {
            uint64_t *maps = NULL, *cand = NULL, maps_bits = 0, cand_cap = 0, table_size = 0;
            arc_slot *table = NULL;
#pragma omp for schedule(dynamic, 1)
            for (uint64_t b = 0; b < buckets; b++) {
                uint64_t count = start[b + 1] - start[b], bits = 64;
                if (failed || count == 0)
                    continue;
                while (bits < BITMAP_BITS_PER_ARC * count && bits < (1ull << RECORD_HASH_BITS))
                    bits *= 2;
                if (bits > maps_bits) {
                    free(maps);
                    maps_bits = (maps = mst_alloc(2 * bits / 64, sizeof *maps)) ? bits : 0;
                }
                if (count > cand_cap) {
                    free(cand);
                    cand_cap = (cand = mst_alloc(count, sizeof *cand)) ? count : 0;
                }
                if (maps == NULL || cand == NULL) {
                    failed = 1;
                    continue;
                }
                uint64_t cands = mark_bucket(rec + start[b], count, bits, maps, cand);
                if (cands == 0)
                    continue;
                uint64_t size = (uint64_t)table_slots((double)cands);
                if (size > table_size) {
                    free(table);
                    table_size = (table = mst_alloc(size, sizeof *table)) ? size : 0;
                }
                if (table == NULL)
                    failed = 1;
                else
                    merged += pair_bucket(u, v, key, cand, cands, table, size, keep);
            }
            free(maps);
            free(cand);
            free(table);
        }
    }
    if (!failed && merged != 0) { /* drop the merged arcs, in place */
        uint64_t out = 0;
        for (uint64_t e = 0; e < *m; e++) {
            if (!keep[e])
                continue;
            u[out] = u[e];
            v[out] = v[e];
            key[out] = key[e];
            if (raw != NULL)
                raw[out] = raw[e];
            out++;
        }
        *m = out;
    }
    free(start);
    if (rec != scratch)
        free(rec);
    free(keep);
    return failed ? UINT64_MAX : merged;
}
