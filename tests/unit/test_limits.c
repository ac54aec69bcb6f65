/*
 * test_limits.c: unit tests of the early size checks (docs/design.md, Errors): the reader's
 * streaming calls (exact reads, the end of the input, the known size), the binary loaders
 * reading no further than their header says (a gzip body far longer than the header fails
 * after one peeked buffer, not after inflating it all), the packed solvers' edge limit and the
 * memory estimate, both decided from a header before its body is read.
 * The reader tests also run the first line of a fresh reader, where pointer arithmetic on a
 * not yet allocated buffer once tripped UBSan (the sanitizer build runs this file).
 * Source: docs/formats.md; loader.h.
 */
#include <criterion/criterion.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>
#include <zlib.h>

#include "core.h"
#include "loader.h"
#include "tmpdir.h"

TestSuite(reader_stream, .init = tmp_dir_make, .fini = tmp_dir_remove);
TestSuite(limits, .init = tmp_dir_make, .fini = tmp_dir_remove);

static void write_file(const char *path, const void *data, size_t len)
{
    FILE *f = fopen(path, "wb");
    cr_assert(f != NULL, "cannot create %s", path);
    cr_assert_eq(fwrite(data, 1, len, f), len);
    cr_assert_eq(fclose(f), 0);
}

/* Writes data, then `zeros` zero bytes, as one gzip stream (level 1: zeros compress ~1000:1). */
static void write_gz(const char *path, const void *data, size_t len, size_t zeros)
{
    gzFile f = gzopen(path, "wb1");
    cr_assert(f != NULL);
    if (len > 0)
        cr_assert_eq(gzwrite(f, data, (unsigned)len), (int)len);
    static const unsigned char block[1 << 16];
    for (size_t done = 0; done < zeros; done += sizeof block) {
        size_t k = zeros - done < sizeof block ? zeros - done : sizeof block;
        cr_assert_eq(gzwrite(f, block, (unsigned)k), (int)k);
    }
    cr_assert_eq(gzclose(f), Z_OK);
}

static void put32(unsigned char *p, uint32_t x)
{
    for (int i = 0; i < 4; i++)
        p[i] = (unsigned char)(x >> (8 * i));
}

/* An .msb header: n, m, weight type 1 (int32); writes 32 bytes at p. */
static void msb_header(unsigned char *p, uint32_t n, uint64_t m)
{
    memcpy(p, "MSTSUITE", 8);
    put32(p + 8, 1);
    put32(p + 12, 1);
    put32(p + 16, n);
    put32(p + 20, 0);
    put32(p + 24, (uint32_t)m);
    put32(p + 28, (uint32_t)(m >> 32));
}

/* Loads path with options o (default if NULL); the status, the message in mst_last_error(). */
static mst_status load(const char *path, const mst_load_options *o, mst_graph *g)
{
    mst_load_options d = mst_load_options_default();
    mst_clear_error();
    return mst_graph_load(path, o != NULL ? o : &d, g);
}

/* Loads `text` through format loader fn from memory. */
static mst_status load_text(mst_status (*fn)(mst_reader *, const mst_load_options *, mst_graph *),
                            const char *text, const mst_load_options *o, mst_graph *g)
{
    mst_reader *r = NULL;
    cr_assert_eq(mst_reader_from_memory("h.txt", text, strlen(text), &r), MST_OK);
    mst_clear_error();
    mst_status st = fn(r, o, g);
    mst_reader_close(r);
    return st;
}

static void expect_message(const char *needle)
{
    cr_assert(strstr(mst_last_error(), needle) != NULL, "message \"%s\" lacks \"%s\"",
              mst_last_error(), needle);
}

/* ---------------------------------------------------------------------------------------- */
/* The reader                                                                                 */

Test(reader_stream, empty_inputs)
{
    mst_reader *r = NULL; /* an empty input given as NULL, as fuzzers may */
    char buf[4];
    size_t got = 9;
    int more = -1;
    cr_assert_eq(mst_reader_from_memory("m", NULL, 0, &r), MST_OK);
    cr_assert_eq(mst_reader_read(r, buf, 4, &got), MST_OK);
    cr_assert_eq(got, 0);
    cr_assert_eq(mst_reader_has_more(r, &more), MST_OK);
    cr_assert_eq(more, 0);
    mst_reader_close(r);
    const char *empty = tmp_path("empty.txt");
    write_file(empty, "", 0);
    cr_assert_eq(mst_reader_open(empty, &r), MST_OK);
    cr_assert_eq(mst_reader_read(r, buf, 4, &got), MST_OK);
    cr_assert_eq(got, 0);
    mst_reader_close(r);
}

Test(reader_stream, text_from_a_fifo)
{
    const char *fifo = tmp_path("edges.wel");
    cr_assert_eq(mkfifo(fifo, 0600), 0);
    pid_t child = fork();
    cr_assert(child >= 0);
    if (child == 0) { /* 3 MiB of edges: more than a pipe holds, read once as it comes */
        FILE *f = fopen(fifo, "w");
        for (int i = 0; f != NULL && i < 300000; i++)
            fprintf(f, "%d %d %d\n", i, i + 1, i % 1000);
        _exit(f != NULL && fclose(f) == 0 ? 0 : 1);
    }
    mst_graph g;
    mst_load_options o = mst_load_options_default();
    mst_status st = mst_graph_load(fifo, &o, &g);
    int status = 0;
    waitpid(child, &status, 0);
    cr_assert_eq(st, MST_OK, "%s", mst_last_error());
    cr_assert_eq(g.m, 300000);
    cr_assert(WIFEXITED(status) && WEXITSTATUS(status) == 0);
    mst_graph_free(&g);
}

Test(reader_stream, exact_reads_from_memory)
{
    static const char text[] = "0123456789";
    mst_reader *r = NULL;
    char buf[16];
    size_t got = 99;
    int more = -1;
    cr_assert_eq(mst_reader_from_memory("m", text, 10, &r), MST_OK);
    cr_assert_eq(mst_reader_size(r), 10);
    cr_assert_eq(mst_reader_offset(r), 0);
    cr_assert_eq(mst_reader_read(r, buf, 4, &got), MST_OK);
    cr_assert_eq(got, 4);
    cr_assert_eq(memcmp(buf, "0123", 4), 0);
    cr_assert_eq(mst_reader_has_more(r, &more), MST_OK);
    cr_assert_eq(more, 1);
    cr_assert_eq(mst_reader_offset(r), 4, "peeking consumes nothing");
    cr_assert_eq(mst_reader_read(r, buf, 16, &got), MST_OK);
    cr_assert_eq(got, 6);
    cr_assert_eq(memcmp(buf, "456789", 6), 0);
    cr_assert_eq(mst_reader_offset(r), 10);
    cr_assert_eq(mst_reader_has_more(r, &more), MST_OK);
    cr_assert_eq(more, 0);
    cr_assert_eq(mst_reader_read(r, buf, 3, &got), MST_OK);
    cr_assert_eq(got, 0);
    mst_reader_close(r);
}

Test(reader_stream, files_plain_and_gzip)
{
    const char *plain = tmp_path("p.bin"), *gz = tmp_path("p.bin.gz");
    write_file(plain, "abcdef", 6);
    write_gz(gz, "abcdef", 6, 3u << 20);
    mst_reader *r = NULL;
    char buf[8];
    size_t got;
    int more;
    cr_assert_eq(mst_reader_open(plain, &r), MST_OK);
    cr_assert_eq(mst_reader_size(r), 6, "an uncompressed file's size is known");
    cr_assert_eq(mst_reader_read(r, buf, 8, &got), MST_OK);
    cr_assert_eq(got, 6);
    mst_reader_close(r);
    cr_assert_eq(mst_reader_open(gz, &r), MST_OK);
    cr_assert_eq(mst_reader_size(r), UINT64_MAX, "a gzip stream's length is not");
    cr_assert_eq(mst_reader_read(r, buf, 6, &got), MST_OK);
    cr_assert_eq(got, 6);
    cr_assert_eq(memcmp(buf, "abcdef", 6), 0);
    cr_assert_eq(mst_reader_has_more(r, &more), MST_OK);
    cr_assert_eq(more, 1);
    cr_assert_lt(mst_reader_offset(r), 1u << 20);
    mst_reader_close(r);
}

/* ---------------------------------------------------------------------------------------- */
/* Binary loaders read what the header implies                                               */

Test(limits, msb_gzip_body_longer_than_the_header)
{
    unsigned char image[44];
    msb_header(image, 2, 1);
    put32(image + 32, 0);
    put32(image + 36, 1);
    put32(image + 40, 5);
    const char *path = tmp_path("bomb.msb.gz");
    write_gz(path, image, sizeof image, (size_t)64 << 20);
    mst_graph g;
    cr_assert_eq(load(path, NULL, &g), MST_EINPUT, "%s", mst_last_error());
    expect_message(path);
    expect_message("size more than 44 bytes does not match n=2, m=1");
    expect_message("(expected 44 bytes)");
    write_gz(path, image, sizeof image - 3, 0);
    cr_assert_eq(load(path, NULL, &g), MST_EINPUT);
    expect_message("size 41 bytes does not match");
    write_gz(path, image, sizeof image, 0);
    cr_assert_eq(load(path, NULL, &g), MST_OK, "%s", mst_last_error());
    cr_assert_eq(g.m, 1);
    mst_graph_free(&g);
}

Test(limits, egr_gzip_body_longer_than_the_header)
{
    /* Two nodes, one edge as two arcs; weights make it 36 bytes, 28 without. */
    static const int32_t words[] = {2, 2, 0, 1, 2, 1, 0, 7, 7};
    unsigned char image[36];
    for (int i = 0; i < 9; i++)
        put32(image + 4 * i, (uint32_t)words[i]);
    const char *path = tmp_path("bomb.egr.gz");
    write_gz(path, image, sizeof image, (size_t)64 << 20);
    mst_graph g;
    cr_assert_eq(load(path, NULL, &g), MST_EINPUT, "%s", mst_last_error());
    expect_message("size more than 36 bytes does not match nodes=2, edges=2 (expected 28 or 36)");
    write_gz(path, image, 30, 0);
    cr_assert_eq(load(path, NULL, &g), MST_EINPUT);
    expect_message("size 30 bytes does not match");
    write_gz(path, image, 20, 0);
    cr_assert_eq(load(path, NULL, &g), MST_EINPUT);
    expect_message("size 20 bytes does not match");
    write_gz(path, image, 28, 0);
    cr_assert_eq(load(path, NULL, &g), MST_OK, "%s", mst_last_error());
    cr_assert_eq(g.m, 1);
    cr_assert_eq(g.file_has_weights, 0);
    mst_graph_free(&g);
    write_gz(path, image, 36, 0);
    cr_assert_eq(load(path, NULL, &g), MST_OK, "%s", mst_last_error());
    cr_assert_eq(g.file_has_weights, 1);
    mst_graph_free(&g);
}

/* ---------------------------------------------------------------------------------------- */
/* Edge limit and memory, from the header                                                     */

Test(limits, max_edges_from_binary_headers)
{
    unsigned char image[32];
    msb_header(image, 10, (uint64_t)1 << 32);
    const char *path = tmp_path("big.msb.gz");
    write_gz(path, image, sizeof image, 0);
    mst_load_options o = mst_load_options_default();
    o.max_edges = UINT32_MAX;
    mst_graph g;
    cr_assert_eq(load(path, &o, &g), MST_ERESOURCE, "%s", mst_last_error());
    expect_message(path);
    expect_message("4294967296 edges");
    expect_message("at most 4294967295");
    o.max_edges = 0; /* no edge limit: memory is what stops 2^40 edges (12 TiB) */
    msb_header(image, 10, (uint64_t)1 << 40);
    write_gz(path, image, sizeof image, 0);
    cr_assert_eq(load(path, &o, &g), MST_ERESOURCE, "%s", mst_last_error());
    expect_message("needs about");
    msb_header(image, 10, (uint64_t)UINT32_MAX + 1);
    write_file(tmp_path("big.msb"), image, sizeof image);
    cr_assert_eq(load(tmp_path("big.msb"), &o, &g), MST_EINPUT, "a known size is checked first");
    expect_message("does not match");
}

Test(limits, max_edges_from_text_headers)
{
    mst_load_options o = mst_load_options_default();
    o.max_edges = UINT32_MAX;
    mst_graph g;
    /* Arcs: 2^33 + 2 of them make at least 2^32 + 1 edges; 2^33 - 2 may make 2^32 - 1. */
    cr_assert_eq(load_text(mst_load_dimacs, "p sp 4 8589934594\n", &o, &g), MST_ERESOURCE);
    expect_message("h.txt:1: ");
    expect_message("4294967297 edges");
    /* Memory stops those (about 416 GiB; 208 GiB for the Matrix Market case below), unless
     * the host has that much: then the missing body is the error. */
    int small = mst_memory_limit(NULL) < ((uint64_t)192 << 30);
    cr_assert_neq(load_text(mst_load_dimacs, "p sp 4 8589934590\n", &o, &g), MST_OK);
    cr_assert(strstr(mst_last_error(), "at most") == NULL, "%s", mst_last_error());
    if (small)
        expect_message("needs about");
    /* METIS counts edges; Matrix Market symmetric entries are edges, general ones arcs. */
    cr_assert_eq(load_text(mst_load_metis, "4 4294967296\n", &o, &g), MST_ERESOURCE);
    expect_message("4294967296 edges");
    cr_assert_eq(load_text(mst_load_mtx, "%%MatrixMarket matrix coordinate pattern symmetric\n"
                                         "4 4 4294967296\n", &o, &g), MST_ERESOURCE);
    expect_message("4294967296 edges");
    cr_assert_neq(load_text(mst_load_mtx, "%%MatrixMarket matrix coordinate pattern general\n"
                                          "4 4 4294967296\n", &o, &g), MST_OK);
    cr_assert(strstr(mst_last_error(), "at most") == NULL, "%s", mst_last_error());
    if (small)
        expect_message("needs about");
    /* Small headers load as before. */
    cr_assert_eq(load_text(mst_load_dimacs, "p sp 3 2\na 1 2 5\na 2 3 4\n", &o, &g), MST_OK,
                 "%s", mst_last_error());
    cr_assert_eq(g.m, 2);
    mst_graph_free(&g);
}

Test(limits, huge_vertex_count_needs_memory)
{
    mst_load_options o = mst_load_options_default();
    o.run_bytes_per_vertex = MST_RUN_BYTES_PER_VERTEX; /* as the solvers' harness sets it */
    mst_graph g;
    /* 2^32 - 1 vertices: every run needs several bytes per vertex, tens of GiB here. */
    if (mst_memory_limit(NULL) < ((uint64_t)64 << 30)) {
        cr_assert_eq(load_text(mst_load_dimacs, "p tw 4294967295 1\n1 2\n", &o, &g),
                     MST_ERESOURCE);
        expect_message("h.txt:1: ");
        expect_message("needs about");
        expect_message("GiB");
    }
    cr_assert_eq(load_text(mst_load_dimacs, "p tw 5 1\n1 2\n", &o, &g), MST_OK);
    cr_assert_eq(g.n, 5);
    mst_graph_free(&g);
}

Test(limits, memory_check)
{
    uint64_t limit = mst_memory_limit(NULL);
    cr_assert_gt(limit, (uint64_t)16 << 20);
    cr_assert_eq(mst_memory_check("f.gr:1", "the graph", 1e6), MST_OK);
    mst_clear_error();
    cr_assert_eq(mst_memory_check("f.gr:1", "the graph", 4.0 * (double)limit), MST_ERESOURCE);
    expect_message("f.gr:1: the graph needs about ");
    expect_message(" GiB");
}
