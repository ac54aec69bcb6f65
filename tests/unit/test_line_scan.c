/*
 * test_line_scan.c: the parallel parse's token scanners (line_scan.h), eight digits at a time,
 * on their corner cases: every length around the 8-byte step, overflow of a vertex id, signs,
 * leading zeros, tabs, CR before '\n', tokens that end the buffer (fewer than 8 bytes left, in a
 * buffer of exactly its size, so a read past it shows under the sanitizers), and whole files
 * with comments, CRLF, tabs and no final '\n', loaded in parallel and sequentially.
 */
#include <criterion/criterion.h>
#include <criterion/new/assert.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "line_scan.h"
#include "loader.h"
#include "reader.h"

/* mst_scan_id on the text s, copied to a buffer of exactly its length: returns the verdict and
 * sets *out and *used (the bytes consumed). */
static int scan_id(const char *s, uint64_t *out, size_t *used)
{
    size_t len = strlen(s);
    char *buf = malloc(len);
    memcpy(buf, s, len);
    const char *p = buf;
    int ok = mst_scan_id(&p, buf + len, out);
    *used = (size_t)(p - buf);
    free(buf);
    return ok;
}

/* mst_scan_weight (integers, doubles) on s, as scan_id. */
static int scan_weight(const char *s, mst_number *w, size_t *used)
{
    size_t len = strlen(s);
    char *buf = malloc(len);
    memcpy(buf, s, len);
    const char *p = buf;
    int ok = mst_scan_weight(&p, buf + len, w, 0);
    *used = (size_t)(p - buf);
    free(buf);
    return ok;
}

Test(line_scan, ids_of_every_length_near_and_far_from_the_end)
{
    static const char digits[] = "4294967295";
    for (int n = 1; n <= 10; n++)
        for (int pad = 0; pad < 12; pad++)
            for (int before = 0; before < 3; before++) {
                char text[64];
                uint64_t x = 0;
                size_t used = 0;
                snprintf(text, sizeof text, "%*s%.*s%s%*s", before, "", n, digits,
                         before == 2 ? "\t\n" : "\n", pad, "");
                cr_assert(eq(int, scan_id(text, &x, &used), 1), "'%s'", text);
                cr_assert(eq(u64, x, strtoull(text, NULL, 10)), "'%s'", text);
                cr_assert(eq(sz, used, (size_t)(before + n)), "'%s'", text);
            }
}

Test(line_scan, id_overflow_signs_and_bad_tokens)
{
    static const struct {
        const char *text;
        int ok;
        uint64_t value;
    } cases[] = {
        {"4294967295 ", 1, 4294967295u}, {"4294967296 ", 0, 0}, {"99999999999\n", 0, 0},
        {"18446744073709551616\n", 0, 0}, {"+17\n", 1, 17}, {"-1\n", 0, 0}, {"+\n", 0, 0},
        {"0000000000000000042\n", 1, 42}, {"00000007\n", 1, 7}, {"12345678\r\n", 1, 12345678},
        {"1234567\t", 1, 1234567}, {"12a\n", 0, 0}, {"1.5\n", 0, 0}, {"1e3\n", 0, 0},
        {"\n", 0, 0}, {"x\n", 0, 0},
        {"123456789012\n", 0, 0}, {"12345678#\n", 0, 0}, {"1234567,\n", 0, 0},
    };
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        uint64_t x = 0;
        size_t used = 0;
        int ok = scan_id(cases[i].text, &x, &used);
        cr_assert(eq(int, ok, cases[i].ok), "'%s'", cases[i].text);
        if (ok)
            cr_assert(eq(u64, x, cases[i].value), "'%s'", cases[i].text);
    }
}

Test(line_scan, integer_weights_and_signs)
{
    static const struct {
        const char *text;
        int neg;
        uint64_t mag;
    } cases[] = {
        {"0\n", 0, 0}, {"-0\n", 0, 0}, {"+0\n", 0, 0}, {"-7\n", 1, 7}, {"+7\n", 0, 7},
        {"-2147483648\n", 1, 2147483648u}, {"1234567\n", 0, 1234567},
        {"12345678\n", 0, 12345678}, {"-12345678\t\n", 1, 12345678},
        {"999999999999999999\n", 0, 999999999999999999u},
        {"18446744073709551615\n", 0, 18446744073709551615u} /* 20 digits: the full parser */,
        {"-9223372036854775808\n", 1, 9223372036854775808u},
    };
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        mst_number w;
        size_t used = 0;
        cr_assert(eq(int, scan_weight(cases[i].text, &w, &used), 1), "'%s'", cases[i].text);
        cr_assert(eq(int, w.is_real, 0), "'%s'", cases[i].text);
        cr_assert(eq(int, w.neg, cases[i].neg), "'%s'", cases[i].text);
        cr_assert(eq(u64, w.mag, cases[i].mag), "'%s'", cases[i].text);
        cr_assert(eq(sz, used, strcspn(cases[i].text, "\t\n")), "'%s'", cases[i].text);
    }
    mst_number w;
    size_t used = 0;
    cr_assert(eq(int, scan_weight("1.5\n", &w, &used), 1));
    cr_assert(w.is_real && w.d == 1.5);
    cr_assert(eq(int, scan_weight("-\n", &w, &used), 0));
    cr_assert(eq(int, scan_weight("18446744073709551616\n", &w, &used), 0)); /* out of range */
    cr_assert(eq(int, scan_weight("12x\n", &w, &used), 0));
}

/* The graph of text loaded with the parallel parse and with the sequential loop: equal. */
static void check_both_parsers(const char *text, uint64_t m, const char *what)
{
    mst_graph g[2];
    for (int seq = 0; seq <= 1; seq++) {
        mst_reader *r = NULL;
        mst_load_options o = mst_load_options_default();
        o.sequential_parse = seq;
        o.chunk_bytes = 16; /* many blocks: tokens near every block's end */
        cr_assert(eq(int, mst_reader_from_memory("t.wel", text, strlen(text), &r), MST_OK));
        cr_assert(eq(int, mst_load_edgelist(r, &o, &g[seq]), MST_OK), "%s: %s", what,
                  mst_last_error());
        mst_reader_close(r);
    }
    cr_assert(eq(u64, g[0].m, m), "%s", what);
    cr_assert(eq(u64, g[1].m, m), "%s", what);
    cr_assert(eq(u32, g[0].n, g[1].n), "%s", what);
    for (uint64_t e = 0; e < m; e++)
        cr_assert(g[0].u[e] == g[1].u[e] && g[0].v[e] == g[1].v[e] &&
                  g[0].key[e] == g[1].key[e], "%s: edge %llu", what, (unsigned long long)e);
    mst_graph_free(&g[0]);
    mst_graph_free(&g[1]);
}

Test(line_scan, files_with_comments_crlf_tabs_and_no_final_newline)
{
    check_both_parsers("# c\r\n0 1 5\r\n% c\n\t2\t3\t-6\t\r\n12345678 7 99999999\n4 5 7", 4,
                       "mixed");
    check_both_parsers("0 1 2\n1 0 2\n3 4 12345678901", 2, "merged, long last weight");
    check_both_parsers("9 8 1", 1, "one line, no newline");
}
