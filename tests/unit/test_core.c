/* Unit tests of the core pieces: weight keys, radix sort, prefix sums, large allocations,
 * option numbers and counts, union-find, lines as the text parser cuts them, and mst-seq's two algorithms
 * against each other and the verifier. */
#include <criterion/criterion.h>
#include <math.h>
#include <omp.h>
#include <stdlib.h>
#include <string.h>

#include "solver.h"
#include "core.h"
#include "loader.h"
#include "../../seq/seq.h"
#include "testlib.h"


Test(keys, int32_order_and_round_trip)
{
    int32_t w[] = {INT32_MIN, -1000000, -1, 0, 1, 7, INT32_MAX};
    for (size_t i = 0; i < sizeof w / sizeof w[0]; i++) {
        cr_assert_eq(mst_key_to_int32(mst_key_from_int32(w[i])), w[i]);
        if (i > 0)
            cr_assert_lt(mst_key_from_int32(w[i - 1]), mst_key_from_int32(w[i]), "%d < %d",
                         w[i - 1], w[i]);
    }
}

Test(keys, float_order_and_round_trip)
{
    float w[] = {-INFINITY, -3.4028235e38f, -1.0f, -1.4e-45f, -0.0f, 0.0f, 1.4e-45f,
                 1.17549435e-38f, 0.5f, 1.0f, 3.4028235e38f, INFINITY};
    for (size_t i = 0; i < sizeof w / sizeof w[0]; i++) {
        float back = mst_key_to_float(mst_key_from_float(w[i]));
        cr_assert(memcmp(&back, &w[i], sizeof back) == 0, "round trip of %g", (double)w[i]);
        if (i > 0)
            cr_assert_lt(mst_key_from_float(w[i - 1]), mst_key_from_float(w[i]), "%g < %g",
                         (double)w[i - 1], (double)w[i]);
    }
}

Test(keys, float_random_pairs_keep_order)
{
    for (int i = 0; i < 100000; i++) {
        uint32_t a = (uint32_t)rnd(), b = (uint32_t)rnd();
        float x, y;
        memcpy(&x, &a, 4);
        memcpy(&y, &b, 4);
        if (isnan(x) || isnan(y) || x == y)
            continue;
        cr_assert_eq(x < y, mst_key_from_float(x) < mst_key_from_float(y), "%g vs %g",
                     (double)x, (double)y);
    }
}

Test(keys, format_weight_reads_back)
{
    char buf[64];
    mst_weight_value w = mst_key_value(MST_WEIGHT_INT32, mst_key_from_int32(-5));
    cr_assert_str_eq(mst_format_value(w, buf, 64), "-5");
    w = mst_key_value(MST_WEIGHT_UINT32, 4000000000u);
    cr_assert_str_eq(mst_format_value(w, buf, 64), "4000000000");
    w = mst_key_value(MST_WEIGHT_FLOAT32, mst_key_from_float(0.1f));
    cr_assert_str_eq(mst_format_value(w, buf, 64), "0.1");
    float f = 1.0f / 3.0f;
    mst_format_value(mst_key_value(MST_WEIGHT_FLOAT32, mst_key_from_float(f)), buf, 64);
    cr_assert_eq(strtof(buf, NULL), f);
}

static int cmp_u64(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return (x > y) - (x < y);
}

Test(radix_sort, matches_qsort_on_random_words)
{
    size_t sizes[] = {0, 1, 2, 17, 1000, 100000};
    for (size_t s = 0; s < sizeof sizes / sizeof sizes[0]; s++) {
        size_t n = sizes[s];
        uint64_t *a = malloc((n + 1) * 8), *b = malloc((n + 1) * 8);
        for (size_t i = 0; i < n; i++)
            a[i] = b[i] = (s % 2) ? rnd() : rnd() % 1000; /* constant high digits too */
        cr_assert_eq(mst_sort_u64(a, n), MST_OK);
        qsort(b, n, 8, cmp_u64);
        cr_assert(n == 0 || memcmp(a, b, n * 8) == 0, "n = %zu", n);
        free(a);
        free(b);
    }
}

/* Stable at every thread count (from 2^16 items the threads share each pass), with or without
 * a payload, also where every item shares a digit (a skipped pass). */
Test(radix_sort, sorting_by_high_bits_is_stable_and_moves_payload)
{
    size_t n = 200000;
    uint64_t *a = malloc(n * 8), *p = malloc(n * 8), *t = malloc(n * 8), *pt = malloc(n * 8);
    for (int threads = 1; threads <= 4; threads++) {
        for (int payload = 0; payload < 2; payload++) {
            for (size_t i = 0; i < n; i++) {
                /* many ties (ids must stay ascending), bits 56..63 the same for all */
                a[i] = (rnd() % 300 + ((uint64_t)7 << 24)) << 32 | i;
                p[i] = a[i] * 3 + 1;
            }
            mst_radix_sort_pairs(a, payload ? p : NULL, t, pt, n, 32, 64, threads);
            for (size_t i = 0; i < n; i++) {
                cr_assert(!payload || p[i] == a[i] * 3 + 1, "payload left its word at %zu", i);
                if (i > 0)
                    cr_assert_lt(a[i - 1], a[i], "%d threads: not sorted by (key, id) at %zu",
                                 threads, i);
            }
        }
    }
    free(a);
    free(p);
    free(t);
    free(pt);
}

/* From 2^16 edges the ranks of 64-bit weights are found on OpenMP's team: at 1 to 4 threads,
 * every key is the number of distinct smaller weights, ties across the threads' blocks too. */
Test(radix_sort, ranks_of_wide_weights_at_every_thread_count)
{
    size_t m = 150000;
    uint64_t *raw = malloc(m * 8), *sorted = malloc(m * 8);
    uint32_t *key = malloc(m * 4);
    for (size_t i = 0; i < m; i++)
        raw[i] = (uint64_t)(int64_t)(rnd() % 5000) - 2500; /* int64, many ties, negatives */
    memcpy(sorted, raw, m * 8);
    for (size_t i = 0; i < m; i++) /* the order of int64 values as unsigned words */
        sorted[i] ^= (uint64_t)1 << 63;
    qsort(sorted, m, 8, cmp_u64);
    size_t distinct = 0;
    for (size_t i = 0; i < m; i++)
        if (i == 0 || sorted[i] != sorted[i - 1])
            sorted[distinct++] = sorted[i];
    int saved = omp_get_max_threads();
    for (int t = 1; t <= 4; t++) {
        omp_set_num_threads(t);
        cr_assert_eq(mst_rank_keys(MST_WEIGHT_INT64, raw, m, key), MST_OK);
        for (size_t i = 0; i < m; i += 7) {
            uint64_t x = raw[i] ^ ((uint64_t)1 << 63);
            size_t lo = 0, hi = distinct;
            while (lo < hi) {
                size_t mid = (lo + hi) / 2;
                if (sorted[mid] < x)
                    lo = mid + 1;
                else
                    hi = mid;
            }
            cr_assert_eq(key[i], lo, "%d threads: edge %zu", t, i);
        }
    }
    omp_set_num_threads(saved);
    free(raw);
    free(sorted);
    free(key);
}

Test(radix_sort, narrow_bit_range_ignores_other_bits)
{
    uint64_t a[] = {0xF05, 0x003, 0xA04, 0x101}, t[4];
    mst_radix_sort_pairs(a, NULL, t, NULL, 4, 0, 4, 1); /* by the lowest 4 bits only, stable */
    uint64_t want[] = {0x101, 0x003, 0xA04, 0xF05};
    cr_assert(memcmp(a, want, sizeof a) == 0);
}

Test(scan, exclusive_prefix_sum_and_total)
{
    uint64_t a[] = {3, 0, 5, 1, 7}, want[] = {0, 3, 3, 8, 9};
    cr_assert_eq(mst_exclusive_scan(a, 5), 16);
    cr_assert(memcmp(a, want, sizeof a) == 0);
    cr_assert_eq(mst_exclusive_scan(a, 0), 0, "an empty scan sums to 0");
}

/* Seed 0 is the evenly spread sample (its threshold checked by hand); a seed S > 0 draws its own
 * sample: the same threshold on every call, a different one for other seeds. */
Test(sample_threshold, seeds_differ_and_repeat)
{
    mst_graph g = random_graph(5000, 100000, 1u << 30, 1);
    uint64_t want = 5000, x[1024];
    for (uint64_t i = 0; i < 1024; i++) {
        uint64_t e = (2 * i + 1) * g.m / 2048;
        x[i] = (uint64_t)g.key[e] << 32 | e;
    }
    cr_assert_eq(mst_sort_u64(x, 1024), MST_OK);
    cr_assert_eq(mst_sample_threshold(&g, NULL, want, 0), x[want * 1024 / g.m]);
    uint64_t t[9];
    for (uint64_t s = 1; s <= 8; s++) {
        t[s] = mst_sample_threshold(&g, NULL, want, s);
        cr_assert_eq(mst_sample_threshold(&g, NULL, want, s), t[s], "seed %llu",
                     (unsigned long long)s);
        cr_assert_lt(t[s] & 0xffffffffu, g.m);
        for (uint64_t r = 1; r < s; r++)
            cr_assert_neq(t[s], t[r], "seeds %llu and %llu", (unsigned long long)r,
                          (unsigned long long)s);
    }
    mst_graph_free(&g);
}

Test(big_alloc, aligned_usable_and_overflow_fails)
{
    uint64_t *big = mst_big_alloc((size_t)1 << 20, sizeof *big); /* 8 MiB: huge-page aligned */
    cr_assert_not_null(big);
    cr_assert_eq((uintptr_t)big % ((size_t)2 << 20), 0);
    big[0] = 1, big[((size_t)1 << 20) - 1] = 2;
    free(big);
    char *small = mst_big_alloc(100, 1), *none = mst_big_alloc(0, 8);
    cr_assert_not_null(small);
    cr_assert_eq((uintptr_t)small % 64, 0);
    cr_assert_not_null(none, "NULL means failure only");
    free(small);
    free(none);
    cr_assert_null(mst_big_alloc(SIZE_MAX / 2, 4));
    cr_assert(strstr(mst_last_error(), "overflows") != NULL, "%s", mst_last_error());
}

Test(cli, positive_number_in_range)
{
    double x = 0;
    cr_assert_eq(mst_cli_parse_positive("--f", "4", 1e6, &x), 0);
    cr_assert_eq(x, 4.0);
    cr_assert_eq(mst_cli_parse_positive("--f", "0.25", 1e6, &x), 0);
    cr_assert_eq(x, 0.25);
    cr_assert_eq(mst_cli_parse_positive("--f", "1e6", 1e6, &x), 0, "max itself is allowed");
    const char *bad[] = {"0", "-1", "1e7", "abc", "4x", "", "nan"};
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
        x = 7;
        cr_assert_eq(mst_cli_parse_positive("--f", bad[i], 1e6, &x), -1, "'%s'", bad[i]);
        cr_assert_eq(x, 7.0, "'%s' leaves *out alone", bad[i]);
        cr_assert(strstr(mst_last_error(), "--f") != NULL, "%s", mst_last_error());
    }
    cr_assert_eq(mst_cli_parse_positive("--f", NULL, 1e6, &x), -1, "a missing value");
}

Test(cli, count_in_range)
{
    uint64_t x = 0;
    cr_assert_eq(mst_cli_parse_count("--n", "1", 255, &x), 0);
    cr_assert_eq(x, 1);
    cr_assert_eq(mst_cli_parse_count("--n", "255", 255, &x), 0, "max itself is allowed");
    cr_assert_eq(x, 255);
    const char *bad[] = {"0", "256", "-1", "4x", "", "1.5"};
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
        x = 7;
        cr_assert_eq(mst_cli_parse_count("--n", bad[i], 255, &x), -1, "'%s'", bad[i]);
        cr_assert_eq(x, 7, "'%s' leaves *out alone", bad[i]);
        cr_assert(strstr(mst_last_error(), "option --n: bad value") != NULL, "%s",
                  mst_last_error());
        cr_assert(strstr(mst_last_error(), "(1..255)") != NULL, "%s", mst_last_error());
    }
    cr_assert_eq(mst_cli_parse_count("--n", NULL, 255, &x), -1);
    cr_assert(strstr(mst_last_error(), "option --n needs a value") != NULL, "%s",
              mst_last_error());
}

Test(union_find, matches_naive_labels)
{
    uint32_t n = 2000;
    mst_dsu d;
    cr_assert_eq(mst_dsu_init(&d, n), MST_OK);
    uint32_t *label = malloc(n * 4);
    for (uint32_t i = 0; i < n; i++)
        label[i] = i;
    for (int k = 0; k < 3000; k++) {
        uint32_t x = (uint32_t)(rnd() % n), y = (uint32_t)(rnd() % n);
        int differ = label[x] != label[y];
        cr_assert_eq(mst_dsu_union(&d, x, y), differ);
        if (differ) {
            uint32_t old = label[y];
            for (uint32_t i = 0; i < n; i++)
                if (label[i] == old)
                    label[i] = label[x];
        }
    }
    for (int k = 0; k < 5000; k++) {
        uint32_t x = (uint32_t)(rnd() % n), y = (uint32_t)(rnd() % n);
        cr_assert_eq(mst_dsu_find(&d, x) == mst_dsu_find(&d, y), label[x] == label[y]);
    }
    mst_dsu_free(&d);
    mst_dsu_free(&d); /* freeing twice is fine */
    free(label);
}

/* Loads an edge list held in memory, with blocks of `block` bytes (0: the default). */
static mst_status load_text(const char *text, size_t len, size_t block, mst_graph *g)
{
    mst_reader *r;
    mst_load_options o = mst_load_options_default();
    o.chunk_bytes = block;
    cr_assert_eq(mst_reader_from_memory("mem", text, len, &r), MST_OK);
    mst_status st = mst_load_edgelist(r, &o, g);
    mst_reader_close(r);
    return st;
}

Test(reader, lines_crlf_and_missing_final_newline)
{
    const char text[] = "0 1 5\r\n\n1 2 6";
    for (size_t block = 0; block < 8; block += 7) {
        mst_graph g;
        cr_assert_eq(load_text(text, sizeof text - 1, block, &g), MST_OK, "%s",
                     mst_last_error());
        cr_assert_eq(g.m, 2);
        cr_assert_eq(g.key[1], mst_key_from_int32(6));
        mst_graph_free(&g);
    }
}

Test(reader, lines_longer_than_a_block)
{
    size_t n = (9u << 20) + 123; /* a comment longer than the 8 MiB blocks asked for */
    char *text = malloc(n + 8);
    memset(text, 'x', n);
    text[0] = '#';
    memcpy(text + n, "\n0 1 2", 6);
    mst_graph g;
    cr_assert_eq(load_text(text, n + 6, 8u << 20, &g), MST_OK, "%s", mst_last_error());
    cr_assert_eq(g.m, 1);
    mst_graph_free(&g);
    free(text);
}

Test(seq, kruskal_and_filter_kruskal_agree_and_verify)
{
    uint32_t ns[] = {2, 50, 3000, 20000};
    uint64_t ms[] = {1, 400, 60000, 30000};
    for (int c = 0; c < 4; c++) {
        for (uint32_t range = 3; range <= 3000000; range *= 1000) {
            mst_graph g = random_graph(ns[c], ms[c], range, 1);
            mst_forest a = {malloc((g.n + 1) * 8), 0, g.n + 1};
            mst_forest b = {malloc((g.n + 1) * 8), 0, g.n + 1};
            cr_assert_eq(mst_kruskal(&g, NULL, &a, NULL), MST_OK);
            cr_assert_eq(mst_filter_kruskal(&g, NULL, &b, NULL), MST_OK);
            cr_assert_eq(mst_verify_forest(&g, a.eid, a.count, NULL, 0, 0), MST_OK, "%s",
                         mst_last_error());
            cr_assert_eq(a.count, b.count);
            mst_sort_u64(a.eid, a.count);
            mst_sort_u64(b.eid, b.count);
            cr_assert(memcmp(a.eid, b.eid, a.count * 8) == 0, "edge sets differ (n=%u m=%llu)",
                      g.n, (unsigned long long)g.m);
            free(a.eid);
            free(b.eid);
            mst_graph_free(&g);
        }
    }
}
