/*
 * dedup.c: removal of self-loops and repeated edges in mst-gen, keeping each vertex pair's first
 * occurrence in edge order (so the output is a simple graph and, for --connected, the spanning
 * tree that comes first survives).
 *
 * Method: a two-level MSD radix sort of the edges by their smaller endpoint a. Pass 1 is a stable
 * partition by the top 12 bits of a (per-thread histograms over contiguous slices, no atomics;
 * a stable order is unique, so the threads do not matter). Pass 2 takes one bucket per task: a
 * stable counting sort by a, then each vertex's list sorted by (other endpoint, edge id), whose
 * runs keep their first (smallest-id) edge. An order-preserving compaction by prefix sums ends it.
 * This is the "sort, then remove adjacent duplicates" step of Vineet et al. (HPG 2009, section 3.2)
 * done with a radix partition. O(n + m) work plus the per-vertex sorts (O(d log d) for degree d);
 * 5 bytes per edge of scratch plus the compacted copy, and 20 bytes per edge of the largest
 * bucket per thread.
 */
#include <omp.h>
#include <stdlib.h>
#include <string.h>

#include "gen.h"

static void sift_down(uint64_t *a, uint64_t root, uint64_t end)
{
    for (uint64_t child; (child = 2 * root + 1) < end; root = child) {
        if (child + 1 < end && a[child + 1] > a[child])
            child++;
        if (a[root] >= a[child])
            return;
        uint64_t t = a[root];
        a[root] = a[child];
        a[child] = t;
    }
}

/* Heapsort of a[0..len-1]: the fallback that bounds sort_range at O(len log len). */
static void heap_sort(uint64_t *a, uint64_t len)
{
    for (uint64_t k = len / 2; k > 0; k--)
        sift_down(a, k - 1, len);
    for (uint64_t end = len; end > 1; end--) {
        uint64_t t = a[0];
        a[0] = a[end - 1];
        a[end - 1] = t;
        sift_down(a, 0, end - 1);
    }
}

/* Sorts a[0..len-1] ascending in place (introsort: Musser, "Introspective sorting and selection
 * algorithms", Softw. Pract. Exper. 27(8), 1997): quicksort with a median-of-three pivot from the
 * quartiles, recursing into the smaller side, heapsort when `depth` runs out, insertion sort for
 * short runs. No allocation: it runs once per vertex. */
static void sort_range(uint64_t *a, uint64_t len, int depth)
{
    while (len > 24) {
        if (depth-- == 0) {
            heap_sort(a, len);
            return;
        }
        uint64_t x = a[len / 4], y = a[len / 2], z = a[len - len / 4 - 1];
        uint64_t pivot = x < y ? (y < z ? y : (x < z ? z : x)) : (x < z ? x : (y < z ? z : y));
        uint64_t i = 0, j = len - 1;
        for (;;) { /* Hoare partition */
            while (a[i] < pivot)
                i++;
            while (a[j] > pivot)
                j--;
            if (i >= j)
                break;
            uint64_t t = a[i];
            a[i] = a[j];
            a[j] = t;
            i++;
            j--;
        }
        /* [0, j] <= pivot <= [j + 1, len) */
        uint64_t left = j + 1;
        if (left < len - left) {
            sort_range(a, left, depth);
            a += left;
            len -= left;
        } else {
            sort_range(a + left, len - left, depth);
            len = left;
        }
    }
    for (uint64_t i = 1; i < len; i++) {
        uint64_t x = a[i], j = i;
        for (; j > 0 && a[j - 1] > x; j--)
            a[j] = a[j - 1];
        a[j] = x;
    }
}

/* Keeps the edges e with keep[e] != 0, in order. */
static mst_status compact(gen_edges *g, const uint8_t *keep)
{
    mst_status st = MST_OK;
    gen_edges out;
    uint64_t *part = NULL;
    memset(&out, 0, sizeof out);
    int threads = omp_get_max_threads();
    uint64_t m = g->m;
    MST_CALLOC(part, (uint64_t)threads + 1);
#pragma omp parallel num_threads(threads)
    {
        int t = omp_get_thread_num(), nt = omp_get_num_threads();
        uint64_t lo, hi;
        gen_thread_part(m, t, nt, &lo, &hi);
        uint64_t c = 0;
        for (uint64_t e = lo; e < hi; e++)
            c += keep[e] != 0;
        part[t] = c;
    }
    uint64_t kept = gen_scan(part, (uint64_t)threads);
    MST_CHECK(gen_edges_alloc(&out, g->n, kept, g->key != NULL));
    out.key_type = g->key_type;
#pragma omp parallel num_threads(threads)
    {
        int t = omp_get_thread_num(), nt = omp_get_num_threads();
        uint64_t lo, hi;
        gen_thread_part(m, t, nt, &lo, &hi);
        uint64_t pos = part[t];
        for (uint64_t e = lo; e < hi; e++)
            if (keep[e])
                gen_edges_put(&out, pos++, g->u[e], g->v[e], g, e);
    }
    free(part);
    gen_edges_free(g);
    *g = out;
    return MST_OK;
fail:
    free(part);
    return st;
}

/* Width of the first-pass bucket index: buckets hold the smaller endpoints a with equal
 * a >> shift. */
#define BUCKET_BITS 12

/* The radix partition of pass 1: bucket b holds the non-loop edges whose smaller endpoint a has
 * a >> shift == b, in edge order, at order[bucket_lo(b) .. bucket_hi(b)). */
typedef struct dd_plan {
    unsigned shift;
    uint64_t buckets, span; /* span = 2^shift vertices per bucket */
    int threads;
    uint64_t *hist;         /* [threads][buckets] offsets; after pass 1, each part's end */
    uint32_t *order;        /* [non-loop edges] edge ids by bucket */
} dd_plan;

static inline uint64_t bucket_hi(const dd_plan *p, uint64_t b)
{
    return p->hist[(uint64_t)(p->threads - 1) * p->buckets + b]; /* the last thread's end */
}

static inline uint64_t bucket_lo(const dd_plan *p, uint64_t b)
{
    return b == 0 ? 0 : bucket_hi(p, b - 1);
}

/* Pass 1: stable partition of the non-loop edges by bucket of their smaller endpoint
 * (per-thread histograms over contiguous slices: the stable order is unique, so the result does
 * not depend on the threads). Errors: MST_ERESOURCE (p->hist, p->order then freed by the
 * caller). */
static mst_status partition_by_bucket(const gen_edges *g, dd_plan *p)
{
    mst_status st = MST_OK;
    const uint32_t *u = g->u, *v = g->v;
    uint64_t m = g->m, buckets = p->buckets;
    unsigned shift = p->shift;
    MST_CALLOC(p->hist, (uint64_t)p->threads * buckets + 1);
    uint64_t *hist = p->hist;
#pragma omp parallel num_threads(p->threads)
    {
        int t = omp_get_thread_num(), nt = omp_get_num_threads();
        uint64_t lo, hi;
        gen_thread_part(m, t, nt, &lo, &hi);
        uint64_t *h = hist + (uint64_t)t * buckets;
        for (uint64_t e = lo; e < hi; e++)
            if (u[e] != v[e])
                h[(u[e] < v[e] ? u[e] : v[e]) >> shift]++;
    }
    /* Bucket-major, thread-minor offsets. */
    uint64_t total = 0;
    for (uint64_t b = 0; b < buckets; b++)
        for (int t = 0; t < p->threads; t++) {
            uint64_t c = hist[(uint64_t)t * buckets + b];
            hist[(uint64_t)t * buckets + b] = total;
            total += c;
        }
    MST_ALLOC(p->order, total);
    uint32_t *order = p->order;
#pragma omp parallel num_threads(p->threads)
    {
        int t = omp_get_thread_num(), nt = omp_get_num_threads();
        uint64_t lo, hi;
        gen_thread_part(m, t, nt, &lo, &hi);
        uint64_t *h = hist + (uint64_t)t * buckets;
        for (uint64_t e = lo; e < hi; e++)
            if (u[e] != v[e])
                order[h[(u[e] < v[e] ? u[e] : v[e]) >> shift]++] = (uint32_t)e;
    }
fail:
    return st;
}

/* Pass 2, one bucket per task: a counting sort by smaller endpoint (stable: edge order kept),
 * then each vertex's list sorted by (other endpoint, edge id); the first edge of every run gets
 * keep[e] = 1. Returns 0 when some thread ran out of memory. */
static int dedup_buckets(const gen_edges *g, const dd_plan *p, uint8_t *keep)
{
    const uint32_t *u = g->u, *v = g->v;
    uint64_t span = p->span;
    int failed = 0;
#pragma omp parallel num_threads(p->threads)
    {
        /* The thread's scratch, grown to the largest bucket it meets: cnt [span + 1]; ent, tmp
         * [cap] (other endpoint << 32 | edge id); rel [cap] smaller endpoint - the bucket's
         * first vertex. */
        uint64_t *cnt = malloc((span + 1) * sizeof *cnt), *ent = NULL, *tmp = NULL, cap = 0;
        uint32_t *rel = NULL;
        if (cnt == NULL) {
#pragma omp atomic write
            failed = 1;
        }
#pragma omp for schedule(dynamic, 1)
        for (uint64_t b = 0; b < p->buckets; b++) {
            uint64_t lo = bucket_lo(p, b), len = bucket_hi(p, b) - lo;
            if (cnt == NULL || len == 0)
                continue;
            if (len > cap) {
                free(ent);
                free(tmp);
                free(rel);
                cap = len + len / 4;
                ent = malloc(cap * sizeof *ent);
                tmp = malloc(cap * sizeof *tmp);
                rel = malloc(cap * sizeof *rel);
                if (ent == NULL || tmp == NULL || rel == NULL) {
                    cap = 0;
#pragma omp atomic write
                    failed = 1;
                    continue;
                }
            }
            /* One sweep over the bucket's edges (the only scattered reads), then a counting
             * sort by smaller endpoint in thread-local memory. */
            uint64_t base = b << p->shift;
            memset(cnt, 0, (span + 1) * sizeof *cnt);
            for (uint64_t i = 0; i < len; i++) {
                uint32_t e = p->order[lo + i];
                uint32_t a = u[e] < v[e] ? u[e] : v[e], other = u[e] ^ v[e] ^ a;
                rel[i] = (uint32_t)(a - base);
                ent[i] = (uint64_t)other << 32 | e;
                cnt[rel[i] + 1]++;
            }
            for (uint64_t x = 1; x <= span; x++)
                cnt[x] += cnt[x - 1];
            for (uint64_t i = 0; i < len; i++)
                tmp[cnt[rel[i]]++] = ent[i];
            /* cnt[x] now ends vertex base + x. */
            for (uint64_t x = 0, start = 0; x < span && start < len; x++) {
                uint64_t end = cnt[x], depth = 0;
                for (uint64_t k = end - start; k > 1; k >>= 1)
                    depth += 2;
                sort_range(tmp + start, end - start, (int)depth);
                for (uint64_t i = start; i < end; i++)
                    if (i == start || tmp[i] >> 32 != tmp[i - 1] >> 32)
                        keep[tmp[i] & 0xffffffffu] = 1;
                start = end;
            }
        }
        free(cnt);
        free(ent);
        free(tmp);
        free(rel);
    }
    return !failed;
}

mst_status gen_dedup(gen_edges *g, uint64_t *removed)
{
    mst_status st = MST_OK;
    dd_plan p;
    uint8_t *keep = NULL;
    uint64_t n = g->n, m = g->m;
    memset(&p, 0, sizeof p);
    *removed = 0;
    if (m == 0)
        return MST_OK;
    if (m > GEN_MAX_EDGES)
        return mst_fail(MST_ERESOURCE, "%llu edges: at most 2^32 - 1", (unsigned long long)m);
    while (((n - 1) >> p.shift) >= (1u << BUCKET_BITS))
        p.shift++;
    p.buckets = ((n - 1) >> p.shift) + 1;
    p.span = 1ull << p.shift;
    p.threads = omp_get_max_threads();
    MST_CALLOC(keep, m);
    MST_CHECK(partition_by_bucket(g, &p));
    if (!dedup_buckets(g, &p, keep))
        MST_FAIL(MST_ERESOURCE, "out of memory in duplicate removal");
    free(p.order);
    p.order = NULL;
    free(p.hist);
    p.hist = NULL;
    MST_CHECK(compact(g, keep));
    *removed = m - g->m;
fail:
    free(p.hist);
    free(p.order);
    free(keep);
    return st;
}
