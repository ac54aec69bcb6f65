/*
 * test_load_parallel.c: the parallel loaders give exactly the one-thread load's graph or error.
 *
 * Text (edge lists, DIMACS .gr): random files with comments, blank lines, CRLF, mixed blanks,
 * integer, real, negative and 64-bit weights, with and without a final '\n', are loaded on one
 * thread in one block (the reference) and by the parallel parse at 1 to 4 threads and several
 * block sizes, so that lines straddle part and block borders; the
 * graphs (ids in file order, endpoints, keys, raw weights, type, counts) must be equal, and so
 * must the status and message of a file with bad lines (the first bad line of the file). Gzip
 * files go through the streamed blocks of mst_graph_load. A large edge list (reverse arcs of
 * equal and other weights, parallel arcs, self-loops; int32, 64-bit, negative weights and none)
 * exercises the symmetrization's buckets and threads and the builder's inline add against the
 * one-thread load. .egr: the default load (the twins' fast path, else the builder) against the
 * builder with --weight-type int32 on random multigraphs whose reverse arcs are missing, doubled
 * or of another weight.
 */
#include <criterion/criterion.h>
#include <criterion/new/assert.h>

#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

#include "core.h"
#include "loader.h"
#include "testlib.h"
#include "tmpdir.h"

typedef mst_status (*loader_fn)(mst_reader *, const mst_load_options *, mst_graph *);

/* A load's outcome: status, message and graph. */
typedef struct outcome {
    mst_status st;
    char msg[1024];
    mst_graph g;
} outcome;

static void load_memory(loader_fn fn, const char *name, const char *data, size_t len,
                        const mst_load_options *o, outcome *out)
{
    mst_reader *r = NULL;
    cr_assert(eq(int, mst_reader_from_memory(name, data, len, &r), MST_OK));
    mst_clear_error();
    out->st = fn(r, o, &out->g);
    snprintf(out->msg, sizeof out->msg, "%s", out->st == MST_OK ? "" : mst_last_error());
    mst_reader_close(r);
}

static void load_path(const char *path, const mst_load_options *o, outcome *out)
{
    mst_clear_error();
    out->st = mst_graph_load(path, o, &out->g);
    snprintf(out->msg, sizeof out->msg, "%s", out->st == MST_OK ? "" : mst_last_error());
}

/* Two outcomes must be the same: status, message, and every field of the graph. */
static void check_same(const outcome *ref, const outcome *got, const char *what)
{
    cr_assert(eq(int, got->st, ref->st), "%s: status %d, one thread %d (%s)", what, got->st,
              ref->st, got->msg);
    cr_assert(eq(str, (char *)got->msg, (char *)ref->msg), "%s: message differs", what);
    const mst_graph *a = &ref->g, *b = &got->g;
    cr_assert(eq(u32, b->n, a->n), "%s: n", what);
    cr_assert(eq(u64, b->m, a->m), "%s: m", what);
    cr_assert(eq(u64, b->self_loops, a->self_loops), "%s: self-loops", what);
    cr_assert(eq(u64, b->merged_arcs, a->merged_arcs), "%s: merged arcs", what);
    cr_assert(eq(int, b->weight_type, a->weight_type), "%s: weight type", what);
    cr_assert(eq(int, b->file_has_weights, a->file_has_weights), "%s: weighted", what);
    cr_assert(eq(int, b->index_base, a->index_base), "%s: index base", what);
    for (uint64_t e = 0; e < a->m; e++)
        cr_assert(b->u[e] == a->u[e] && b->v[e] == a->v[e] && b->key[e] == a->key[e],
                  "%s: edge %llu differs", what, (unsigned long long)e);
    cr_assert(eq(int, a->raw == NULL, b->raw == NULL), "%s: raw weights", what);
    if (a->raw != NULL)
        cr_assert(memcmp(a->raw, b->raw, a->m * sizeof *a->raw) == 0, "%s: raw", what);
}

/* Block sizes: tiny (a block per line or two), small, and the default. */
static const size_t block_sizes[] = {7, 61, 1000, 0};

/* Loads data on one thread, then in parallel at 1..4 threads and every block size:
 * all must agree. Returns the reference's status. */
static mst_status compare_memory(loader_fn fn, const char *name, const char *data, size_t len,
                                 const mst_load_options *base)
{
    mst_load_options o = *base;
    outcome ref, got;
    omp_set_num_threads(1);
    load_memory(fn, name, data, len, &o, &ref);
    for (int t = 1; t <= 4; t++) {
        omp_set_num_threads(t);
        for (size_t i = 0; i < sizeof block_sizes / sizeof *block_sizes; i++) {
            char what[96];
            snprintf(what, sizeof what, "%s, %d threads, blocks of %zu", name, t,
                     block_sizes[i]);
            o.chunk_bytes = block_sizes[i];
            load_memory(fn, name, data, len, &o, &got);
            check_same(&ref, &got, what);
            mst_graph_free(&got.g);
        }
    }
    mst_graph_free(&ref.g);
    return ref.st;
}

/* ---------------------------------------------------------------- random text files */

/* Appends a blank, a tab or both. */
static void put_blank(char **p)
{
    static const char *const blanks[] = {" ", "\t", "  ", " \t "};
    *p += sprintf(*p, "%s", blanks[rnd() % 4]);
}

/* A weight of the given kind: 0 small integers, 1 reals, 2 negatives, 3 beyond 32 bits,
 * 4 beyond INT64_MAX, 5 mixed. */
static void put_weight(char **p, int kind)
{
    int k = kind == 5 ? (int)(rnd() % 5) : kind;
    if (k == 0)
        *p += sprintf(*p, "%d", (int)(rnd() % 100));
    else if (k == 1)
        *p += sprintf(*p, "%d.%02d", (int)(rnd() % 10), (int)(rnd() % 100));
    else if (k == 2)
        *p += sprintf(*p, "%d", (int)(rnd() % 20) - 10);
    else if (k == 3)
        *p += sprintf(*p, "%llu", (unsigned long long)(rnd() % 4) << 32 | 5);
    else
        *p += sprintf(*p, "%llu", 9223372036854775808ull + rnd() % 1000);
}

/* A random edge list of `lines` lines into buf: comments, blank lines, CRLF (when crlf), ids
 * below 40 (with self-loops and reverse arcs), weights of `kind` (-1: unweighted). */
static size_t random_edgelist(char *buf, int lines, int kind, int crlf)
{
    char *p = buf;
    for (int i = 0; i < lines; i++) {
        uint64_t r = rnd() % 20;
        if (r == 0)
            p += sprintf(p, "# comment %d", i);
        else if (r == 1)
            p += sprintf(p, "%s", r % 2 ? "  % note" : "");
        else {
            if (r == 2)
                put_blank(&p);
            p += sprintf(p, "%d", (int)(rnd() % 40));
            put_blank(&p);
            p += sprintf(p, "%d", (int)(rnd() % 40));
            if (kind >= 0) {
                put_blank(&p);
                put_weight(&p, kind);
            }
            if (r == 3)
                put_blank(&p);
        }
        if (i + 1 < lines || rnd() % 2)
            p += sprintf(p, "%s", crlf ? "\r\n" : "\n");
    }
    return (size_t)(p - buf);
}

Test(load_parallel, edgelist_matches_sequential)
{
    static char buf[1 << 16];
    mst_load_options o = mst_load_options_default();
    for (int round = 0; round < 28; round++) {
        int kind = round % 7 - 1;
        size_t len = random_edgelist(buf, 50 + (int)(rnd() % 400), kind, round % 3 == 0);
        cr_assert(eq(int, compare_memory(mst_load_edgelist, "r.wel", buf, len, &o), MST_OK),
                  "round %d should load", round);
    }
}

Test(load_parallel, edgelist_options_match_sequential)
{
    static char buf[1 << 16];
    mst_load_options o = mst_load_options_default();
    size_t len = random_edgelist(buf, 300, 0, 0);
    o.one_based = 1; /* ids of 0 are errors: the first one's line */
    compare_memory(mst_load_edgelist, "r.wel", buf, len, &o);
    o.one_based = 0;
    o.has_vertices = 1;
    o.vertices = 30; /* some ids are out of range */
    compare_memory(mst_load_edgelist, "r.wel", buf, len, &o);
    o.has_vertices = 0;
    o.weight_type = 1 + MST_WEIGHT_FLOAT32;
    cr_assert(eq(int, compare_memory(mst_load_edgelist, "r.wel", buf, len, &o), MST_OK));
    len = random_edgelist(buf, 300, 2, 0);
    o.weight_type = 1 + MST_WEIGHT_UINT32; /* negatives do not fit */
    cr_assert(eq(int, compare_memory(mst_load_edgelist, "r.wel", buf, len, &o), MST_EINPUT));
}

/* A bad line replaces line `at` (0-based) of a clean file, and another one comes later: the
 * message must name the first, whatever the threads and blocks. */
static void check_first_bad_line(const char *bad, int at)
{
    static char buf[1 << 16], out[1 << 16];
    random_edgelist(buf, 400, 0, 0);
    char *p = out, *line = buf;
    for (int i = 0; *line != '\0'; i++) {
        char *nl = strchr(line, '\n');
        size_t n = nl != NULL ? (size_t)(nl - line) + 1 : strlen(line);
        if (i == at || i == at + 150)
            p += sprintf(p, "%s\n", bad);
        else
            memcpy(p, line, n), p += n;
        line += n;
    }
    mst_load_options o = mst_load_options_default();
    cr_assert(eq(int, compare_memory(mst_load_edgelist, "b.wel", out, (size_t)(p - out), &o),
                 MST_EINPUT));
    char where[32];
    snprintf(where, sizeof where, "b.wel:%d:", at + 1);
    cr_assert(strstr(mst_last_error(), where) != NULL, "\"%s\" lacks %s", mst_last_error(),
              where);
}

Test(load_parallel, edgelist_first_bad_line)
{
    check_first_bad_line("1 x 3", 0);
    check_first_bad_line("1 2", 37);       /* missing weight */
    check_first_bad_line("1 2 3 4", 199);  /* extra field */
    check_first_bad_line("1 2 nan", 241);
    check_first_bad_line("4294967296 1 1", 120);
    check_first_bad_line("1 2 0x10", 399);
}

/* `text` must fail to load with a message holding `where` and `what`, whatever the threads and
 * blocks: the parser names the line from the parts' line counts. */
static void check_where(loader_fn fn, const char *name, const char *text, const char *where,
                        const char *what)
{
    mst_load_options o = mst_load_options_default();
    outcome got;
    for (int t = 1; t <= 4; t++) {
        omp_set_num_threads(t);
        for (size_t i = 0; i < sizeof block_sizes / sizeof *block_sizes; i++) {
            o.chunk_bytes = block_sizes[i];
            load_memory(fn, name, text, strlen(text), &o, &got);
            cr_assert(eq(int, got.st, MST_EINPUT), "%s: %d threads, blocks of %zu", name, t,
                      block_sizes[i]);
            cr_assert(strstr(got.msg, where) != NULL && strstr(got.msg, what) != NULL,
                      "\"%s\" lacks %s or %s", got.msg, where, what);
        }
    }
}

Test(load_parallel, line_numbers_across_parts)
{
    static char text[1 << 15];
    char *p = text;
    p += sprintf(p, "c DIMACS\np sp 30 300\n");
    for (int i = 0; i < 300; i++) /* line 3 + i */
        p += sprintf(p, i == 197 ? "a 1 2 x\n" : i % 7 ? "a %d 2 5\n" : "c %d\n", 1 + i % 30);
    check_where(mst_load_dimacs, "b.gr", text, "b.gr:200:", "found 'x'");
    p = text + sprintf(text, "%%%%MatrixMarket matrix coordinate integer general\n%% c\n"
                             "30 30 300\n");
    for (int i = 0; i < 300; i++) /* line 4 + i */
        p += sprintf(p, "%d 3 %d\n", i == 146 ? 31 : 1 + i % 30, i);
    check_where(mst_load_mtx, "b.mtx", text, "b.mtx:150:", "row index 31 out of range");
    p = text;
    for (int i = 0; i < 300; i++) /* line 1 + i; a vertex id beyond --vertices is the builder's */
        p += sprintf(p, i % 11 == 5 ? "# %d\n" : "%d %d 7\n", i % 40, i == 233 ? 99 : 3);
    mst_load_options o = mst_load_options_default();
    o.has_vertices = 1;
    o.vertices = 50;
    outcome got;
    omp_set_num_threads(4);
    o.chunk_bytes = 61;
    load_memory(mst_load_edgelist, "b.wel", text, strlen(text), &o, &got);
    cr_assert(strstr(got.msg, "b.wel:234: vertex id 99 out of range") != NULL, "%s", got.msg);
    p = text; /* integers of no single type: the finish names both lines, from two parts */
    for (int i = 0; i < 300; i++)
        p += sprintf(p, i == 40 ? "%d 1 -1\n" : i == 250 ? "%d 1 9223372036854775808\n"
                                                          : "%d 1 5\n", i);
    check_where(mst_load_edgelist, "b.wel", text, "b.wel:251:", "line 41 has a negative");
}

Test(load_parallel, nul_byte_and_long_token)
{
    static const char nul[] = "0 1 5\n1 2 6\n2 \0 3 7\n3 4 8\n";
    mst_load_options o = mst_load_options_default();
    cr_assert(eq(int, compare_memory(mst_load_edgelist, "n.wel", nul, sizeof nul - 1, &o),
                 MST_EINPUT));
    char longw[400] = "0 1 0.";
    memset(longw + 6, '5', 300); /* a real of 300 digits: left to mst_parse_weight */
    strcpy(longw + 306, "\n1 2 3\n");
    cr_assert(eq(int, compare_memory(mst_load_edgelist, "l.wel", longw, strlen(longw), &o),
                 MST_OK));
}

/* A DIMACS file: `sp` (a U V W) or PACE tw (U V), comments, blank lines, bad lines if `bad`. */
static size_t random_dimacs(char *buf, int sp, int arcs, int bad)
{
    char *p = buf;
    p += sprintf(p, "c random\r\np %s 30 %d\n", sp ? "sp" : "tw", arcs);
    for (int i = 0; i < arcs; i++) {
        if (rnd() % 10 == 0)
            p += sprintf(p, rnd() % 2 ? "c note\n" : "\n");
        if (bad && i == arcs / 2)
            p += sprintf(p, sp ? "a 1 2 1.5\n" : "1 2 3\n");
        p += sprintf(p, sp ? "a %d %d %d\n" : "%d %d\n", 1 + (int)(rnd() % 30),
                     1 + (int)(rnd() % 30), (int)(rnd() % 7) - 2);
    }
    return (size_t)(p - buf);
}

Test(load_parallel, dimacs_matches_sequential)
{
    static char buf[1 << 16];
    mst_load_options o = mst_load_options_default();
    for (int round = 0; round < 8; round++) {
        int bad = round >= 6;
        size_t len = random_dimacs(buf, round % 2, 100 + (int)(rnd() % 300), bad);
        cr_assert(eq(int, compare_memory(mst_load_dimacs, "r.gr", buf, len, &o),
                     bad ? MST_EINPUT : MST_OK));
    }
    size_t len = random_dimacs(buf, 1, 200, 0);
    buf[len - 1] = '\0'; /* the header's count is one line more than the file holds */
    char *last = strrchr(buf, '\n');
    compare_memory(mst_load_dimacs, "short.gr", buf, (size_t)(last + 1 - buf), &o);
}

/* ---------------------------------------------------------------- gzip, streamed blocks */

TestSuite(load_parallel_gz, .init = tmp_dir_make, .fini = tmp_dir_remove);

Test(load_parallel_gz, streamed_blocks_match_sequential)
{
    static char buf[1 << 17];
    size_t len = random_edgelist(buf, 2000, 5, 1);
    const char *path = tmp_path("r.wel.gz");
    gzFile z = gzopen(path, "wb");
    cr_assert(z != NULL);
    cr_assert(eq(int, gzwrite(z, buf, (unsigned)len), (int)len));
    cr_assert(eq(int, gzclose(z), Z_OK));
    mst_load_options o = mst_load_options_default();
    outcome ref, got;
    omp_set_num_threads(1);
    load_path(path, &o, &ref);
    cr_assert(eq(int, ref.st, MST_OK), "%s", ref.msg);
    for (int t = 1; t <= 4; t++)
        for (size_t i = 0; i < sizeof block_sizes / sizeof *block_sizes; i++) {
            omp_set_num_threads(t);
            o.chunk_bytes = block_sizes[i];
            load_path(path, &o, &got);
            check_same(&ref, &got, "gzip");
            mst_graph_free(&got.g);
        }
    mst_graph_free(&ref.g);
}

/* ------------------------------------------------------------- .egr: default load, builder */

/* A random .egr of `nodes` rows into buf (int32 words): arcs with their reverse arc (same
 * weight), or without it, doubled, or of another weight, and self-loops; weighted if `w`.
 * Returns the byte count. */
static size_t random_egr(int32_t *buf, int32_t nodes, int arcs, int w)
{
    static int32_t row_of[4096], col[4096], wt[4096];
    int count = 0;
    while (count < arcs - 4) {
        int32_t x = (int32_t)(rnd() % (uint64_t)nodes), y = (int32_t)(rnd() % (uint64_t)nodes);
        int32_t k = (int32_t)(rnd() % 3) - 1;
        int back = (int)(rnd() % 6); /* 0: none, 1: other weight, 2: doubled, else one */
        row_of[count] = x, col[count] = y, wt[count++] = k;
        for (int b = 0; b < (back == 2 ? 2 : back == 0 ? 0 : 1); b++)
            row_of[count] = y, col[count] = x, wt[count++] = back == 1 ? k + 1 : k;
    }
    int32_t *nindex = buf + 2, *nlist = nindex + nodes + 1, *eweight = nlist + count;
    int j = 0;
    for (int32_t x = 0; x < nodes; x++) { /* rows in order, arcs in a random order within */
        nindex[x] = j;
        for (int a = 0; a < count; a++)
            if (row_of[a] == x)
                nlist[j] = col[a], eweight[j++] = wt[a];
    }
    nindex[nodes] = j;
    buf[0] = nodes;
    buf[1] = j;
    return 4 * (size_t)(2 + nodes + 1 + j + (w ? j : 0));
}

Test(load_parallel, egr_default_matches_builder)
{
    static int32_t buf[16384];
    for (int round = 0; round < 40; round++) {
        int32_t nodes = 1 + (int32_t)(rnd() % 30);
        size_t len = random_egr(buf, nodes, 10 + (int)(rnd() % 1000), round % 4 != 0);
        mst_load_options o = mst_load_options_default();
        outcome ref, got;
        o.weight_type = 1 + MST_WEIGHT_INT32; /* the builder's path, with the same keys */
        load_memory(mst_load_egr, "r.egr", (const char *)buf, len, &o, &ref);
        cr_assert(eq(int, ref.st, MST_OK), "%s", ref.msg);
        o.weight_type = 0;
        for (int t = 1; t <= 4; t++) {
            omp_set_num_threads(t);
            load_memory(mst_load_egr, "r.egr", (const char *)buf, len, &o, &got);
            check_same(&ref, &got, "egr");
            mst_graph_free(&got.g);
        }
        mst_graph_free(&ref.g);
    }
}

/* A large edge list (more arcs than the symmetrization's one-thread limit, 2^16, and several
 * of its buckets): random arcs on 2^20 vertices, some followed a few lines later by their
 * reverse arc of the same weight (merged) or of another (kept), by a parallel copy, or
 * replaced by a self-loop. kind: 0 int32 weights, 1 with 64-bit ones, 2 with negative ones,
 * -1 unweighted. */
static size_t large_edgelist(char *buf, int lines, int kind)
{
    char *p = buf;
    long long pending_u = -1, pending_v = -1, pending_w = 0;
    for (int i = 0; i < lines; i++) {
        long long u = (long long)(rnd() % (1u << 20)), v = (long long)(rnd() % (1u << 20));
        long long w = (long long)(rnd() % 1000000);
        uint64_t r = rnd() % 100;
        if (r < 2)
            v = u;
        else if (r < 12 && pending_u >= 0) /* the reverse of an earlier arc */
            u = pending_v, v = pending_u, w = pending_w + (r < 4);
        else if (r < 13 && pending_u >= 0) /* a parallel copy */
            u = pending_u, v = pending_v, w = pending_w;
        if (r >= 13 && rnd() % 4 == 0)
            pending_u = u, pending_v = v, pending_w = w;
        if (kind == 1 && r % 7 == 0)
            w += 1ll << 40;
        if (kind == 2 && r % 5 == 0)
            w = -w;
        if (kind < 0)
            p += sprintf(p, "%lld %lld\n", u, v);
        else
            p += sprintf(p, "%lld\t%lld %lld\n", u, v, w);
    }
    return (size_t)(p - buf);
}

Test(load_parallel, large_edgelist_symmetrized_as_sequential)
{
    static const int kinds[] = {0, 1, 2, -1};
    size_t cap = (size_t)150000 * 40;
    char *buf = malloc(cap);
    cr_assert(buf != NULL);
    for (size_t k = 0; k < sizeof kinds / sizeof *kinds; k++) {
        size_t len = large_edgelist(buf, 150000, kinds[k]);
        cr_assert(len < cap);
        mst_load_options o = mst_load_options_default();
        outcome ref, got;
        omp_set_num_threads(1);
        load_memory(mst_load_edgelist, "big.wel", buf, len, &o, &ref);
        cr_assert(eq(int, ref.st, MST_OK), "%s", ref.msg);
        cr_assert(ref.g.merged_arcs > 1000 && ref.g.self_loops > 1000, "kind %d", kinds[k]);
        for (int t = 1; t <= 4; t++) {
            char what[64];
            snprintf(what, sizeof what, "large, kind %d, %d threads", kinds[k], t);
            omp_set_num_threads(t);
            o.chunk_bytes = t == 3 ? 100000 : 0;
            load_memory(mst_load_edgelist, "big.wel", buf, len, &o, &got);
            check_same(&ref, &got, what);
            mst_graph_free(&got.g);
        }
        mst_graph_free(&ref.g);
    }
    free(buf);
}
