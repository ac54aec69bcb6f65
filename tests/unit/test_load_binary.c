/*
 * test_load_binary.c: unit tests of the binary formats: the ECL CSR loader
 * (common/io/load_egr.c) and the suite's .msb reader and writer (common/io/msb.c).
 *
 * Files are made by hand in a fresh mkdtemp directory under /tmp (removed afterwards) and loaded
 * through mst_graph_load, as a user's file would be; malformed inputs (truncation, size
 * mismatch, hostile counts, bad offsets, ids out of range, random bytes) must fail with
 * MST_EINPUT, a message naming the file, and a zeroed graph. The ECL sample graphs bundled in
 * graphs/ are checked against graphs/MANIFEST.tsv (n, m, components, MSF edges).
 * Source: docs/formats.md; loader.h (.msb); ECLgraph.h of the ECL codes.
 */
#include <criterion/criterion.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <zlib.h>

#include "core.h"
#include "loader.h"
#include "manifest.h"
#include "tmpdir.h"
#include "write.h"

/* ---------------------------------------------------------------------------------------- */
/* Byte buffers (the temporary directory: tmpdir.h)                                          */

TestSuite(egr, .init = tmp_dir_make, .fini = tmp_dir_remove);
TestSuite(msb, .init = tmp_dir_make, .fini = tmp_dir_remove);

typedef struct bytes {
    unsigned char *p;
    size_t len, cap;
} bytes;

static void put_raw(bytes *b, const void *src, size_t len)
{
    if (b->len + len > b->cap) {
        b->cap = (b->len + len) * 2 + 64;
        b->p = realloc(b->p, b->cap);
        cr_assert(b->p != NULL);
    }
    memcpy(b->p + b->len, src, len);
    b->len += len;
}

static void put32(bytes *b, uint32_t x)
{
    unsigned char c[4] = {(unsigned char)x, (unsigned char)(x >> 8), (unsigned char)(x >> 16),
                          (unsigned char)(x >> 24)};
    put_raw(b, c, 4);
}

static void put64(bytes *b, uint64_t x)
{
    put32(b, (uint32_t)x);
    put32(b, (uint32_t)(x >> 32));
}

static void set32(bytes *b, size_t offset, uint32_t x)
{
    cr_assert(offset + 4 <= b->len);
    for (int i = 0; i < 4; i++)
        b->p[offset + (size_t)i] = (unsigned char)(x >> (8 * i));
}

static void write_file(const char *path, const void *data, size_t len)
{
    FILE *f = fopen(path, "wb");
    cr_assert(f != NULL, "cannot create %s", path);
    cr_assert_eq(fwrite(data, 1, len, f), len);
    cr_assert_eq(fclose(f), 0);
}

static void write_gz(const char *path, const void *data, size_t len)
{
    gzFile f = gzopen(path, "wb");
    cr_assert(f != NULL);
    cr_assert_eq(gzwrite(f, data, (unsigned)len), (int)len);
    cr_assert_eq(gzclose(f), Z_OK);
}

static unsigned char *read_file(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    cr_assert(f != NULL, "cannot open %s", path);
    fseek(f, 0, SEEK_END);
    long size = ftell(f);
    fseek(f, 0, SEEK_SET);
    unsigned char *p = malloc((size_t)size + 1);
    cr_assert(p != NULL);
    cr_assert_eq(fread(p, 1, (size_t)size, f), (size_t)size);
    fclose(f);
    *len = (size_t)size;
    return p;
}

static int graph_is_zeroed(const mst_graph *g)
{
    mst_graph z;
    memset(&z, 0, sizeof z);
    return memcmp(g, &z, sizeof z) == 0;
}

/* Loads path with weights kept as in the file (unit weights if none). */
static mst_status load(const char *path, mst_graph *g)
{
    mst_load_options o = mst_load_options_default();
    o.weights = MST_WEIGHT_MODE_KEEP;
    mst_clear_error();
    return mst_graph_load(path, &o, g);
}

/* The load of path must fail with MST_EINPUT, a message naming the file and `needle`. */
static void expect_bad(const char *path, const char *needle)
{
    mst_graph g;
    mst_status st = load(path, &g);
    cr_assert_eq(st, MST_EINPUT, "%s: status %d (%s)", path, (int)st, mst_last_error());
    cr_assert(strstr(mst_last_error(), path) != NULL, "message \"%s\" does not name %s",
              mst_last_error(), path);
    cr_assert(strstr(mst_last_error(), needle) != NULL, "message \"%s\" lacks \"%s\"",
              mst_last_error(), needle);
    cr_assert(graph_is_zeroed(&g));
}

/* ---------------------------------------------------------------------------------------- */
/* .egr                                                                                       */

/* An .egr image: nodes, edges, nindex[nodes+1], nlist[edges], eweight[edges] if weights. */
static bytes egr_image(int32_t nodes, int32_t edges, const int32_t *nindex, const int32_t *nlist,
                       const int32_t *eweight)
{
    bytes b = {0};
    put32(&b, (uint32_t)nodes);
    put32(&b, (uint32_t)edges);
    for (int32_t i = 0; i <= nodes; i++)
        put32(&b, (uint32_t)nindex[i]);
    for (int32_t j = 0; j < edges; j++)
        put32(&b, (uint32_t)nlist[j]);
    if (eweight != NULL)
        for (int32_t j = 0; j < edges; j++)
            put32(&b, (uint32_t)eweight[j]);
    return b;
}

/* Triangle 0-1-2 plus isolated vertex 3, both directions stored. */
static const int32_t TRI_INDEX[] = {0, 2, 4, 6, 6};
static const int32_t TRI_LIST[] = {1, 2, 0, 2, 0, 1};

Test(egr, unweighted_triangle)
{
    bytes b = egr_image(4, 6, TRI_INDEX, TRI_LIST, NULL);
    const char *path = tmp_path("tri.egr");
    write_file(path, b.p, b.len);
    mst_graph g;
    cr_assert_eq(load(path, &g), MST_OK, "%s", mst_last_error());
    cr_assert_eq(g.n, 4);
    cr_assert_eq(g.m, 3);
    cr_assert_eq(g.file_has_weights, 0);
    cr_assert_eq(g.index_base, 0);
    cr_assert_eq(g.merged_arcs, 3);
    cr_assert_str_eq(g.format, "egr");
    static const uint32_t eu[] = {0, 0, 1}, ev[] = {1, 2, 2};
    for (int e = 0; e < 3; e++) {
        cr_assert_eq(g.u[e], eu[e]);
        cr_assert_eq(g.v[e], ev[e]);
    }
    mst_graph_free(&g);
    free(b.p);
}

Test(egr, weighted_with_negative_and_asymmetric_weights)
{
    /* 0-1: -5 both ways; 0-2: 7 one way, 8 the other (both stay); 1-2: 3 both ways. */
    static const int32_t w[] = {-5, 7, -5, 3, 8, 3};
    bytes b = egr_image(4, 6, TRI_INDEX, TRI_LIST, w);
    const char *path = tmp_path("tri_w.egr");
    write_file(path, b.p, b.len);
    mst_graph g;
    cr_assert_eq(load(path, &g), MST_OK, "%s", mst_last_error());
    cr_assert_eq(g.n, 4);
    cr_assert_eq(g.m, 4);
    cr_assert_eq(g.file_has_weights, 1);
    cr_assert_eq(g.weight_type, MST_WEIGHT_INT32);
    cr_assert_eq(g.merged_arcs, 2);
    static const uint32_t eu[] = {0, 0, 1, 2}, ev[] = {1, 2, 2, 0};
    static const int32_t ew[] = {-5, 7, 3, 8};
    for (int e = 0; e < 4; e++) {
        cr_assert_eq(g.u[e], eu[e], "edge %d", e);
        cr_assert_eq(g.v[e], ev[e], "edge %d", e);
        cr_assert_eq(mst_key_to_int32(g.key[e]), ew[e], "edge %d", e);
    }
    mst_graph_free(&g);
    free(b.p);
}

Test(egr, gzip_and_empty)
{
    bytes b = egr_image(4, 6, TRI_INDEX, TRI_LIST, NULL);
    const char *path = tmp_path("tri.egr.gz");
    write_gz(path, b.p, b.len);
    mst_graph g;
    cr_assert_eq(load(path, &g), MST_OK, "%s", mst_last_error());
    cr_assert_eq(g.n, 4);
    cr_assert_eq(g.m, 3);
    mst_graph_free(&g);
    free(b.p);

    static const int32_t zero[] = {0, 0, 0, 0};
    b = egr_image(3, 0, zero, NULL, NULL); /* three isolated vertices */
    path = tmp_path("iso.egr");
    write_file(path, b.p, b.len);
    cr_assert_eq(load(path, &g), MST_OK, "%s", mst_last_error());
    cr_assert_eq(g.n, 3);
    cr_assert_eq(g.m, 0);
    mst_graph_free(&g);
    free(b.p);

    b = egr_image(0, 0, zero, NULL, NULL);
    path = tmp_path("empty.egr");
    write_file(path, b.p, b.len);
    cr_assert_eq(load(path, &g), MST_OK, "%s", mst_last_error());
    cr_assert_eq(g.n, 0);
    cr_assert_eq(g.m, 0);
    mst_graph_free(&g);
    free(b.p);
}

/* Kruskal on g's keys: MSF edge count; and the verifier must accept it. */
static uint64_t msf_edges_verified(const mst_graph *g, uint64_t *components)
{
    mst_dsu d;
    cr_assert_eq(mst_dsu_init(&d, g->n), MST_OK);
    uint64_t *eid = malloc((g->n + 1) * sizeof *eid), k = 0;
    /* Unit weights: file order is the (key, id) order. */
    for (uint64_t e = 0; e < g->m; e++) {
        cr_assert_eq(g->key[e], g->key[0]);
        if (mst_dsu_union(&d, g->u[e], g->v[e]))
            eid[k++] = e;
    }
    mst_dsu_free(&d);
    cr_assert_eq(mst_verify_forest(g, eid, k, components, 0, 0), MST_OK, "%s", mst_last_error());
    free(eid);
    return k;
}

Test(egr, bundled_samples)
{
    manifest_row rows[MANIFEST_MAX_ROWS];
    size_t count, samples = 0;
    cr_assert_eq(manifest_read(rows, MANIFEST_MAX_ROWS, &count), MST_OK, "%s", mst_last_error());
    for (size_t i = 0; i < count; i++) {
        const manifest_row *r = &rows[i];
        if (strcmp(r->format, "egr") != 0)
            continue;
        samples++;
        mst_graph g;
        cr_assert_eq(load(r->path, &g), MST_OK, "%s", mst_last_error());
        cr_assert_eq(g.n, r->n, "%s: n = %u", r->path, g.n);
        /* .egr states each edge once (the manifest's entries) and lists it at both ends. */
        cr_assert_eq(g.m, r->entries, "%s: m = %llu", r->path, (unsigned long long)g.m);
        cr_assert_eq(g.self_loops, r->self_loops);
        cr_assert_eq(g.file_has_weights, strcmp(r->weights, "no") != 0);
        uint64_t c = 0;
        cr_assert_eq(msf_edges_verified(&g, &c), r->msf_edges, "%s", r->path);
        cr_assert_eq(c, r->components, "%s", r->path);
        mst_graph_free(&g);
    }
    cr_assert_gt(samples, 0, "%s lists no .egr graph", MANIFEST_PATH);
}

Test(egr, truncated_and_size_mismatch)
{
    bytes b = egr_image(4, 6, TRI_INDEX, TRI_LIST, NULL);
    const char *path = tmp_path("bad.egr");
    write_file(path, b.p, b.len - 2);
    expect_bad(path, "size 50 bytes does not match nodes=4, edges=6 (expected 52 or 76)");
    put32(&b, 0); /* 4 trailing bytes */
    write_file(path, b.p, b.len);
    expect_bad(path, "size 56 bytes does not match");
    write_file(path, b.p, 5);
    expect_bad(path, "too small");
    write_file(path, b.p, 0);
    expect_bad(path, "too small");
    free(b.p);
}

Test(egr, negative_and_hostile_counts)
{
    bytes b = egr_image(4, 6, TRI_INDEX, TRI_LIST, NULL);
    const char *path = tmp_path("bad.egr");
    set32(&b, 0, (uint32_t)-4);
    write_file(path, b.p, b.len);
    expect_bad(path, "negative count");
    set32(&b, 0, 4);
    set32(&b, 4, (uint32_t)-1);
    write_file(path, b.p, b.len);
    expect_bad(path, "negative count");
    set32(&b, 0, INT32_MAX);
    set32(&b, 4, INT32_MAX);
    write_file(path, b.p, b.len);
    expect_bad(path, "expected 17179869188 or 25769803776");
    free(b.p);
}

Test(egr, bad_offsets)
{
    static const int32_t not_zero[] = {1, 2, 4, 6, 6};
    static const int32_t decreasing[] = {0, 4, 2, 6, 6};
    static const int32_t wrong_end[] = {0, 2, 4, 5, 5};
    const char *path = tmp_path("bad.egr");
    bytes b = egr_image(4, 6, not_zero, TRI_LIST, NULL);
    write_file(path, b.p, b.len);
    expect_bad(path, "nindex[0] = 1");
    free(b.p);
    b = egr_image(4, 6, decreasing, TRI_LIST, NULL);
    write_file(path, b.p, b.len);
    expect_bad(path, "nindex[2] = 2 at byte 16 is below nindex[1] = 4");
    free(b.p);
    b = egr_image(4, 6, wrong_end, TRI_LIST, NULL);
    write_file(path, b.p, b.len);
    expect_bad(path, "nindex[4] = 5 (must equal edges = 6)");
    free(b.p);
}

Test(egr, neighbour_out_of_range)
{
    static const int32_t too_big[] = {1, 2, 0, 4, 0, 1};
    static const int32_t negative[] = {1, 2, 0, 2, -1, 1};
    const char *path = tmp_path("bad.egr");
    bytes b = egr_image(4, 6, TRI_INDEX, too_big, NULL);
    write_file(path, b.p, b.len);
    expect_bad(path, "nlist[3] = 4 at byte 40 is out of range (nodes = 4)");
    free(b.p);
    b = egr_image(4, 6, TRI_INDEX, negative, NULL);
    write_file(path, b.p, b.len);
    expect_bad(path, "nlist[4] = -1");
    free(b.p);
}

Test(egr, random_bytes_never_crash)
{
    uint64_t s = 99;
    for (int round = 0; round < 300; round++) {
        size_t len = (size_t)(round % 97);
        unsigned char buf[97];
        for (size_t i = 0; i < len; i++) {
            s = s * 6364136223846793005ull + 1442695040888963407ull;
            buf[i] = (unsigned char)(s >> 56);
        }
        if (round % 3 == 0 && len >= 8) { /* plausible small header, random body */
            buf[0] = (unsigned char)(round % 7), buf[1] = buf[2] = buf[3] = 0;
            buf[4] = (unsigned char)(round % 11), buf[5] = buf[6] = buf[7] = 0;
        }
        mst_reader *r = NULL;
        cr_assert_eq(mst_reader_from_memory("random.egr", buf, len, &r), MST_OK);
        mst_load_options o = mst_load_options_default();
        mst_graph g;
        mst_status st = mst_load_egr(r, &o, &g);
        mst_reader_close(r);
        if (st != MST_OK) {
            cr_assert_eq(st, MST_EINPUT);
            cr_assert(strncmp(mst_last_error(), "random.egr: ", 12) == 0, "%s", mst_last_error());
            cr_assert(graph_is_zeroed(&g));
        } else {
            for (uint64_t e = 0; e < g.m; e++)
                cr_assert(g.u[e] < g.n && g.v[e] < g.n && g.u[e] != g.v[e]);
            mst_graph_free(&g);
        }
    }
}

/* ---------------------------------------------------------------------------------------- */
/* .msb                                                                                       */

/* A hand-made graph of m edges on n vertices with keys key[m] of type t. */
static mst_graph small_graph(uint32_t n, uint64_t m, const uint32_t *u, const uint32_t *v,
                             const uint32_t *key, mst_weight_type t, int index_base)
{
    mst_graph g;
    memset(&g, 0, sizeof g);
    g.n = n;
    g.m = m;
    g.u = malloc((m + 1) * sizeof *g.u);
    g.v = malloc((m + 1) * sizeof *g.v);
    g.key = malloc((m + 1) * sizeof *g.key);
    cr_assert(g.u && g.v && g.key);
    if (m > 0) {
        memcpy(g.u, u, m * sizeof *u);
        memcpy(g.v, v, m * sizeof *v);
        memcpy(g.key, key, m * sizeof *key);
    }
    g.weight_type = t;
    g.file_has_weights = 1;
    g.index_base = index_base;
    return g;
}

static void expect_same_graph(const mst_graph *a, const mst_graph *b, int weights)
{
    cr_assert_eq(a->n, b->n);
    cr_assert_eq(a->m, b->m);
    cr_assert_eq(a->index_base, b->index_base);
    for (uint64_t e = 0; e < a->m; e++) {
        cr_assert_eq(a->u[e], b->u[e], "u of edge %llu", (unsigned long long)e);
        cr_assert_eq(a->v[e], b->v[e], "v of edge %llu", (unsigned long long)e);
        if (weights)
            cr_assert_eq(a->key[e], b->key[e], "key of edge %llu", (unsigned long long)e);
    }
    if (weights) {
        cr_assert_eq(a->weight_type, b->weight_type);
        cr_assert_eq(b->file_has_weights, 1);
    }
}

static const uint32_t RU[] = {0, 1, 2, 3, 4, 0};
static const uint32_t RV[] = {1, 2, 3, 4, 0, 2};

static void round_trip(const char *name, mst_weight_type t, const uint32_t *key, int base)
{
    mst_graph g = small_graph(6, 6, RU, RV, key, t, base), h;
    const char *path = tmp_path(name);
    cr_assert_eq(mst_msb_write(path, &g, 1), MST_OK, "%s", mst_last_error());
    cr_assert_eq(tmp_dir_entries(), 1, "the temporary file was left behind");
    cr_assert_eq(load(path, &h), MST_OK, "%s", mst_last_error());
    expect_same_graph(&g, &h, 1);
    cr_assert_eq(h.self_loops, 0);
    cr_assert_str_eq(h.format, "msb");
    mst_graph_free(&g);
    mst_graph_free(&h);
    unlink(path);
}

/* Infinite float weights load, one sign at a time; both signs in one graph are refused, since
 * a forest holding both would have no total (issue 33, item 5). */
Test(msb, infinities_of_both_signs_are_refused)
{
    const float both[6] = {1, INFINITY, 2, -INFINITY, 3, 4}, plus[6] = {1, INFINITY, 2, 3, 4, 5};
    const double wide[6] = {-INFINITY, 1, 2, 3, 4, INFINITY};
    const uint32_t zero[6] = {0};
    mst_graph g = small_graph(6, 6, RU, RV, zero, MST_WEIGHT_FLOAT32, 0), h;
    cr_assert_eq(mst_graph_set_weights(&g, MST_WEIGHT_FLOAT32, plus), MST_OK);
    cr_assert_eq(mst_msb_write(tmp_path("plus.msb"), &g, 1), MST_OK, "%s", mst_last_error());
    cr_assert_eq(load(tmp_path("plus.msb"), &h), MST_OK, "%s", mst_last_error());
    mst_graph_free(&h);
    cr_assert_eq(mst_graph_set_weights(&g, MST_WEIGHT_FLOAT32, both), MST_OK);
    cr_assert_eq(mst_msb_write(tmp_path("both.msb"), &g, 1), MST_OK, "%s", mst_last_error());
    cr_assert_eq(load(tmp_path("both.msb"), &h), MST_EINPUT);
    cr_assert_not_null(strstr(mst_last_error(), "both.msb: weights of both +inf and -inf"), "%s",
                       mst_last_error());
    cr_assert_eq(mst_graph_set_weights(&g, MST_WEIGHT_FLOAT64, wide), MST_OK);
    cr_assert_eq(mst_msb_write(tmp_path("wide.msb"), &g, 1), MST_OK, "%s", mst_last_error());
    cr_assert_eq(load(tmp_path("wide.msb"), &h), MST_EINPUT);
    mst_graph_free(&g);
}

Test(msb, round_trip_int32_negative)
{
    const uint32_t key[] = {mst_key_from_int32(INT32_MIN), mst_key_from_int32(-1),
                            mst_key_from_int32(0), mst_key_from_int32(INT32_MAX),
                            mst_key_from_int32(-7), mst_key_from_int32(-7)};
    round_trip("int.msb", MST_WEIGHT_INT32, key, 1);
    round_trip("int0.msb", MST_WEIGHT_INT32, key, 0);
}

Test(msb, round_trip_uint32_keeps_type)
{
    const uint32_t big[] = {4000000000u, 0, 1, UINT32_MAX, 2147483648u, 5};
    round_trip("big.msb", MST_WEIGHT_UINT32, big, 0);
    /* Small values in a uint32 file stay uint32 (the builder would have made them int32). */
    const uint32_t small[] = {3, 0, 1, 2, 9, 5};
    round_trip("small.msb", MST_WEIGHT_UINT32, small, 0);
}

Test(msb, round_trip_float32_with_negative_zero)
{
    const uint32_t key[] = {mst_key_from_float(-0.0f), mst_key_from_float(0.0f),
                            mst_key_from_float(0.5f), mst_key_from_float(-1e30f),
                            mst_key_from_float(3.4e38f), mst_key_from_float(1e-45f)};
    round_trip("float.msb", MST_WEIGHT_FLOAT32, key, 0);
    mst_graph h;
    cr_assert_eq(mst_msb_write(tmp_path("f.msb"),
                               &(mst_graph){.n = 6, .m = 6, .u = (uint32_t *)RU,
                                            .v = (uint32_t *)RV, .key = (uint32_t *)key,
                                            .weight_type = MST_WEIGHT_FLOAT32},
                               1),
                 MST_OK);
    cr_assert_eq(load(tmp_path("f.msb"), &h), MST_OK, "%s", mst_last_error());
    float w0 = mst_key_to_float(h.key[0]);
    cr_assert(w0 == 0.0f && signbit(w0), "-0.0 must come back as -0.0");
    cr_assert(!signbit(mst_key_to_float(h.key[1])));
    mst_graph_free(&h);
}

Test(msb, round_trip_unweighted_and_empty)
{
    const uint32_t key[] = {1, 2, 3, 4, 5, 6};
    mst_graph g = small_graph(6, 6, RU, RV, key, MST_WEIGHT_INT32, 1), h;
    const char *path = tmp_path("unw.msb");
    cr_assert_eq(mst_msb_write(path, &g, 0), MST_OK, "%s", mst_last_error());
    size_t len;
    unsigned char *raw = read_file(path, &len);
    cr_assert_eq(len, 32 + 4 * 6 * 2);
    cr_assert_eq(memcmp(raw, "MSTSUITE", 8), 0);
    cr_assert_eq(raw[12], 0, "weight type 0");
    cr_assert_eq(raw[20], 1, "flags: 1-based");
    free(raw);
    cr_assert_eq(load(path, &h), MST_OK, "%s", mst_last_error());
    expect_same_graph(&g, &h, 0);
    cr_assert_eq(h.file_has_weights, 0);
    cr_assert_eq(h.weight_type, MST_WEIGHT_INT32);
    for (uint64_t e = 0; e < h.m; e++)
        cr_assert_eq(h.key[e], mst_key_from_int32(1));
    mst_graph_free(&h);
    mst_graph_free(&g);

    mst_graph empty = small_graph(0, 0, NULL, NULL, NULL, MST_WEIGHT_INT32, 0);
    path = tmp_path("empty.msb");
    cr_assert_eq(mst_msb_write(path, &empty, 1), MST_OK, "%s", mst_last_error());
    cr_assert_eq(load(path, &h), MST_OK, "%s", mst_last_error());
    cr_assert_eq(h.n, 0);
    cr_assert_eq(h.m, 0);
    cr_assert_eq(h.file_has_weights, 1);
    mst_graph_free(&h);
    mst_graph_free(&empty);
}

Test(msb, gzip_round_trip)
{
    const uint32_t key[] = {mst_key_from_int32(-3), mst_key_from_int32(4),
                            mst_key_from_int32(4), mst_key_from_int32(0),
                            mst_key_from_int32(100), mst_key_from_int32(-3)};
    round_trip("g.msb.gz", MST_WEIGHT_INT32, key, 1);
    mst_graph g = small_graph(6, 6, RU, RV, key, MST_WEIGHT_INT32, 0);
    const char *path = tmp_path("h.msb.gz");
    cr_assert_eq(mst_msb_write(path, &g, 1), MST_OK, "%s", mst_last_error());
    size_t len;
    unsigned char *raw = read_file(path, &len);
    cr_assert(len >= 2 && raw[0] == 0x1f && raw[1] == 0x8b, "not gzip data");
    free(raw);
    mst_graph_free(&g);
}

Test(msb, larger_round_trip_over_several_chunks)
{
    const uint64_t m = 600000; /* more than one 1 MiB write chunk per array */
    uint32_t *u = malloc(m * 4), *v = malloc(m * 4), *key = malloc(m * 4);
    cr_assert(u && v && key);
    for (uint64_t e = 0; e < m; e++) {
        u[e] = (uint32_t)(e % 1000);
        v[e] = (uint32_t)((e * 7 + 1) % 1000);
        if (u[e] == v[e])
            v[e] = (v[e] + 1) % 1000;
        key[e] = (uint32_t)(e * 2654435761u);
    }
    mst_graph g = small_graph(1000, m, u, v, key, MST_WEIGHT_UINT32, 0), h;
    const char *paths[] = {tmp_path("big.msb"), tmp_path("big.msb.gz")};
    for (int i = 0; i < 2; i++) {
        cr_assert_eq(mst_msb_write(paths[i], &g, 1), MST_OK, "%s", mst_last_error());
        cr_assert_eq(load(paths[i], &h), MST_OK, "%s", mst_last_error());
        expect_same_graph(&g, &h, 1);
        mst_graph_free(&h);
    }
    mst_graph_free(&g);
    free(u);
    free(v);
    free(key);
}

/* A valid .msb image: 6 edges, int32 weights. */
static bytes msb_image(void)
{
    bytes b = {0};
    put_raw(&b, "MSTSUITE", 8);
    put32(&b, 1);
    put32(&b, 1);
    put32(&b, 6);
    put32(&b, 0);
    put64(&b, 6);
    for (int e = 0; e < 6; e++)
        put32(&b, RU[e]);
    for (int e = 0; e < 6; e++)
        put32(&b, RV[e]);
    for (int e = 0; e < 6; e++)
        put32(&b, (uint32_t)(e - 3));
    return b;
}

Test(msb, image_loads)
{
    bytes b = msb_image();
    const char *path = tmp_path("ok.msb");
    write_file(path, b.p, b.len);
    mst_graph g;
    cr_assert_eq(load(path, &g), MST_OK, "%s", mst_last_error());
    cr_assert_eq(g.n, 6);
    cr_assert_eq(g.m, 6);
    cr_assert_eq(mst_key_to_int32(g.key[0]), -3);
    cr_assert_eq(mst_key_to_int32(g.key[5]), 2);
    mst_graph_free(&g);
    free(b.p);
}

Test(msb, bad_headers)
{
    const char *path = tmp_path("bad.msb");
    bytes b = msb_image();
    b.p[0] = 'X';
    write_file(path, b.p, b.len);
    expect_bad(path, "bad magic");
    free(b.p);

    b = msb_image();
    set32(&b, 8, 2);
    write_file(path, b.p, b.len);
    expect_bad(path, "unsupported .msb version 2");
    free(b.p);

    b = msb_image();
    set32(&b, 12, 7);
    write_file(path, b.p, b.len);
    expect_bad(path, "unknown weight type 7");
    free(b.p);

    b = msb_image();
    set32(&b, 20, 2);
    write_file(path, b.p, b.len);
    expect_bad(path, "unknown flags 0x2");
    free(b.p);
}

Test(msb, truncated_and_trailing)
{
    const char *path = tmp_path("bad.msb");
    bytes b = msb_image();
    write_file(path, b.p, 20);
    expect_bad(path, "too small for the .msb header");
    write_file(path, b.p, b.len - 1);
    expect_bad(path, "size 103 bytes does not match n=6, m=6, weight type 1 (expected 104 bytes)");
    write_file(path, b.p, 32);
    expect_bad(path, "(expected 104 bytes)");
    put32(&b, 0); /* trailing bytes */
    write_file(path, b.p, b.len);
    expect_bad(path, "size 108 bytes does not match");
    b.len -= 3;
    write_file(path, b.p, b.len);
    expect_bad(path, "size 105 bytes does not match");
    free(b.p);
}

Test(msb, hostile_edge_count)
{
    const char *path = tmp_path("bad.msb");
    bytes b = msb_image();
    b.p[24] = b.p[25] = b.p[26] = b.p[27] = b.p[28] = b.p[29] = b.p[30] = b.p[31] = 0xFF;
    write_file(path, b.p, b.len);
    expect_bad(path, "expected more than 2^64 bytes");
    set32(&b, 24, 0);
    set32(&b, 28, 0x40000000u); /* m = 2^62: 12 m wraps to 0 in 64 bits */
    write_file(path, b.p, b.len);
    expect_bad(path, "expected more than 2^64 bytes");
    set32(&b, 28, 0x15555555u); /* 12 m + 32 just below 2^64 */
    write_file(path, b.p, b.len);
    expect_bad(path, "does not match");
    free(b.p);
}

Test(msb, id_out_of_range_and_nan)
{
    const char *path = tmp_path("bad.msb");
    bytes b = msb_image();
    set32(&b, 32 + 4 * 6 + 4 * 2, 6); /* v[2] = n */
    write_file(path, b.p, b.len);
    expect_bad(path, "edge 2 (2-6): vertex id out of range (n = 6)");
    free(b.p);

    b = msb_image();
    set32(&b, 12, 3); /* float32: weights 1.0f, and w[4] = NaN */
    for (size_t e = 0; e < 6; e++)
        set32(&b, 32 + 4 * 12 + 4 * e, 0x3F800000u);
    set32(&b, 32 + 4 * 12 + 4 * 4, 0x7FC00000u);
    write_file(path, b.p, b.len);
    expect_bad(path, "edge 4: NaN weight");
    free(b.p);
}

Test(msb, self_loops_are_dropped_and_counted)
{
    const char *path = tmp_path("loop.msb");
    bytes b = msb_image();
    set32(&b, 32 + 4 * 6 + 4 * 1, 1); /* edge 1 becomes 1-1 */
    write_file(path, b.p, b.len);
    mst_graph g;
    cr_assert_eq(load(path, &g), MST_OK, "%s", mst_last_error());
    cr_assert_eq(g.m, 5);
    cr_assert_eq(g.self_loops, 1);
    cr_assert_eq(g.u[1], 2, "edge ids shift past the dropped loop");
    cr_assert_eq(mst_key_to_int32(g.key[1]), -1);
    mst_graph_free(&g);
    free(b.p);
}

Test(msb, vertices_option_overrides_header)
{
    const char *path = tmp_path("ok.msb");
    bytes b = msb_image();
    write_file(path, b.p, b.len);
    mst_load_options o = mst_load_options_default();
    o.has_vertices = 1;
    o.vertices = 10;
    mst_graph g;
    cr_assert_eq(mst_graph_load(path, &o, &g), MST_OK, "%s", mst_last_error());
    cr_assert_eq(g.n, 10);
    mst_graph_free(&g);
    o.vertices = 4;
    cr_assert_eq(mst_graph_load(path, &o, &g), MST_EINPUT);
    cr_assert(graph_is_zeroed(&g));
    free(b.p);
}

Test(msb, random_bytes_never_crash)
{
    uint64_t s = 7;
    for (int round = 0; round < 300; round++) {
        bytes b = msb_image();
        /* Flip a few random bytes of a valid image, sometimes cut it. */
        for (int flips = 0; flips < 1 + round % 4; flips++) {
            s = s * 6364136223846793005ull + 1442695040888963407ull;
            b.p[(s >> 33) % b.len] ^= (unsigned char)(1u + (s >> 17) % 255);
        }
        if (round % 5 == 0)
            b.len = (s >> 40) % b.len;
        mst_reader *r = NULL;
        cr_assert_eq(mst_reader_from_memory("random.msb", b.p, b.len, &r), MST_OK);
        mst_load_options o = mst_load_options_default();
        mst_graph g;
        mst_status st = mst_load_msb(r, &o, &g);
        mst_reader_close(r);
        if (st != MST_OK) {
            cr_assert_eq(st, MST_EINPUT, "%s", mst_last_error());
            cr_assert(strncmp(mst_last_error(), "random.msb: ", 12) == 0, "%s", mst_last_error());
            cr_assert(graph_is_zeroed(&g));
        } else {
            for (uint64_t e = 0; e < g.m; e++)
                cr_assert(g.u[e] < g.n && g.v[e] < g.n && g.u[e] != g.v[e]);
            mst_graph_free(&g);
        }
        free(b.p);
    }
}

Test(msb, failed_write_leaves_no_file)
{
    const uint32_t key[] = {1, 2, 3, 4, 5, 6};
    mst_graph g = small_graph(6, 6, RU, RV, key, MST_WEIGHT_INT32, 0);
    /* A directory that does not exist: nothing can be created. */
    mst_clear_error();
    cr_assert_eq(mst_msb_write(tmp_path("nodir/x.msb"), &g, 1), MST_EINPUT);
    cr_assert(strstr(mst_last_error(), "nodir/x.msb") != NULL, "%s", mst_last_error());
    cr_assert_eq(mst_msb_write(tmp_path("nodir/x.msb.gz"), &g, 1), MST_EINPUT);
    cr_assert_eq(tmp_dir_entries(), 0);
    /* The final name is a directory: the data is written, the rename fails, the temporary
     * file must be removed. */
    cr_assert_eq(mkdir(tmp_path("taken.msb"), 0700), 0);
    cr_assert_eq(mst_msb_write(tmp_path("taken.msb"), &g, 1), MST_EINPUT);
    cr_assert_eq(tmp_dir_entries(), 1, "a temporary file was left behind");
    cr_assert_eq(mkdir(tmp_path("taken.msb.gz"), 0700), 0);
    cr_assert_eq(mst_msb_write(tmp_path("taken.msb.gz"), &g, 1), MST_EINPUT);
    cr_assert_eq(tmp_dir_entries(), 2, "a temporary file was left behind");
    mst_graph_free(&g);
}
