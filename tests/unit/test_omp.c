/* Unit tests of mst-omp: its concurrent union-finds, and its prepared path (prepare once, solve
 * many times on one topology, as the harness's --rounds does): every forest of every round
 * equals Kruskal's for that round's keys. */
#include <criterion/criterion.h>
#include <omp.h>
#include <stdlib.h>
#include <string.h>

#include "core.h"
#include "../../openmp/boruvka.h"
#include "../../openmp/contract.h"
#include "../../seq/seq.h"
#include "testlib.h"

/* The variants under test, each behind one prepare / run / release triple. */
typedef struct prepared_algo {
    const char *name;
    mst_status (*prepare)(const mst_graph *g, const void *opts, void **ws);
    mst_status (*run)(void *ws, const mst_graph *g, mst_forest *out);
    void (*release)(void *ws);
    const void *opts;
} prepared_algo;

static mst_status bv_prepare(const mst_graph *g, const void *o, void **ws)
{
    return par_boruvka_prepare(g, o, (par_boruvka_ws **)ws, NULL);
}
static mst_status bv_run(void *ws, const mst_graph *g, mst_forest *out)
{
    return par_boruvka_run(ws, g, out, NULL);
}
static void bv_release(void *ws) { par_boruvka_release(ws); }
static mst_status ct_prepare(const mst_graph *g, const void *o, void **ws)
{
    return par_contract_prepare(g, o, (par_contract_ws **)ws, NULL);
}
static mst_status ct_run(void *ws, const mst_graph *g, mst_forest *out)
{
    return par_contract_run(ws, g, 1, out, NULL);
}
static void ct_release(void *ws) { par_contract_release(ws); }

static const par_boruvka_options bv_auto = PAR_BORUVKA_DEFAULTS;
static const par_boruvka_options bv_filter = {DSU_HALF, 1, 0.5, 0, omp_sched_dynamic, 0, 0};
static const par_boruvka_options bv_plain = {DSU_PLAIN, 0, 1.0, 0, omp_sched_dynamic, 0, 0};
static const par_contract_options ct_keep = {0, 0}, ct_merge = {1, 0};

static const prepared_algo algos[] = {
    {"boruvka (auto filter)", bv_prepare, bv_run, bv_release, &bv_auto},
    {"boruvka (filter 0.5n, half)", bv_prepare, bv_run, bv_release, &bv_filter},
    {"boruvka (no filter, plain)", bv_prepare, bv_run, bv_release, &bv_plain},
    {"contract", ct_prepare, ct_run, ct_release, &ct_keep},
    {"contract (merge parallel)", ct_prepare, ct_run, ct_release, &ct_merge},
};

/* The forest's edge ids, sorted; count in *count. Caller frees. */
static uint64_t *sorted_forest(const mst_graph *g, mst_status (*solve)(const mst_graph *,
                               mst_forest *, void *), void *arg, uint64_t *count)
{
    uint64_t cap = (g->m < g->n ? g->m : g->n) + 1;
    mst_forest f = {malloc(cap * 8), 0, cap};
    cr_assert_eq(solve(g, &f, arg), MST_OK, "%s", mst_last_error());
    cr_assert_leq(f.count, cap - 1);
    cr_assert_eq(mst_sort_u64(f.eid, f.count), MST_OK);
    *count = f.count;
    return f.eid;
}

static mst_status kruskal(const mst_graph *g, mst_forest *f, void *arg)
{
    (void)arg;
    return mst_kruskal(g, NULL, f, NULL);
}

typedef struct run_arg {
    const prepared_algo *a;
    void *ws;
} run_arg;

static mst_status prepared(const mst_graph *g, mst_forest *f, void *arg)
{
    run_arg *r = arg;
    return r->a->run(r->ws, g, f);
}

/* Prepares a on g once, then solves rounds of new random keys (ranges from all-equal to
 * distinct), each compared with Kruskal's forest for the same keys. */
static void check_rounds(const prepared_algo *a, mst_graph *g)
{
    static const uint64_t ranges[] = {1ull << 32, 3, 1, 1000, 1ull << 32};
    run_arg r = {a, NULL};
    cr_assert_eq(a->prepare(g, a->opts, &r.ws), MST_OK, "%s: %s", a->name, mst_last_error());
    for (size_t round = 0; round < sizeof ranges / sizeof ranges[0]; round++) {
        for (uint64_t e = 0; e < g->m; e++)
            g->key[e] = (uint32_t)(rnd() % ranges[round]);
        uint64_t nw, ng;
        uint64_t *want = sorted_forest(g, kruskal, NULL, &nw);
        uint64_t *got = sorted_forest(g, prepared, &r, &ng);
        cr_assert(ng == nw && memcmp(got, want, nw * 8) == 0,
                  "%s, round %zu (n=%u m=%llu): %llu edges, Kruskal's forest has %llu or others",
                  a->name, round, g->n, (unsigned long long)g->m, (unsigned long long)ng,
                  (unsigned long long)nw);
        free(want);
        free(got);
    }
    a->release(r.ws);
}

/* Small graphs (one thread's levels) and ones above the contraction's serial threshold, dense
 * and sparse, with forests of several trees; four threads on any machine. */
Test(omp_prepared, every_round_matches_kruskal)
{
    static const struct {
        uint32_t n;
        uint64_t m;
        uint32_t parts;
    } sizes[] = {{2, 1, 1}, {50, 200, 2}, {6000, 9000, 3}, {6000, 48000, 1}, {20000, 30000, 4}};
    omp_set_num_threads(4);
    for (size_t a = 0; a < sizeof algos / sizeof algos[0]; a++)
        for (size_t s = 0; s < sizeof sizes / sizeof sizes[0]; s++) {
            mst_graph g = random_graph(sizes[s].n, sizes[s].m, 100, sizes[s].parts);
            check_rounds(&algos[a], &g);
            mst_graph_free(&g);
        }
}

/* A prepared state refuses a graph of another size, and release takes NULL. */
Test(omp_prepared, refuses_another_topology)
{
    mst_graph g = random_graph(100, 300, 10, 1), h = random_graph(101, 300, 10, 1);
    for (size_t a = 0; a < sizeof algos / sizeof algos[0]; a++) {
        void *ws;
        cr_assert_eq(algos[a].prepare(&g, algos[a].opts, &ws), MST_OK, "%s", mst_last_error());
        mst_forest f = {malloc(102 * 8), 0, 102};
        cr_assert_eq(algos[a].run(ws, &h, &f), MST_EINTERNAL, "%s", algos[a].name);
        free(f.eid);
        algos[a].release(ws);
        algos[a].release(NULL);
    }
    mst_graph_free(&g);
    mst_graph_free(&h);
}

/* Every union-find variant under contention (4 threads uniting random pairs of a few hundred
 * elements): the sets are those of one thread's union-find, each union reports a join exactly
 * as often as the sets lose one, and where links go by id (half, full, plain) every parent's id
 * is below its child's, so the parents hold no cycle. A cycle would make a find spin: the
 * timeout turns that into a failure. */
Test(omp_dsu, concurrent_unions_keep_the_sets, .timeout = 120)
{
    enum { N = 300, PAIRS = 1500, TRIALS = 300 };
    static const par_dsu_kind kinds[] = {DSU_WAITFREE, DSU_LOCK, DSU_HALF, DSU_FULL, DSU_PLAIN};
    static uint64_t rec[N];
    static uint32_t a[PAIRS], b[PAIRS];
    uint64_t state = 12345;
    for (size_t k = 0; k < sizeof kinds / sizeof kinds[0]; k++)
        for (int trial = 0; trial < TRIALS; trial++) {
            par_dsu d;
            d.rec = rec;
            omp_init_lock(&d.lock);
            for (uint32_t x = 0; x < N; x++)
                rec[x] = x;
            for (int i = 0; i < PAIRS; i++) { /* a few hubs, so that paths grow long */
                state = state * 6364136223846793005ull + 1442695040888963407ull;
                a[i] = (uint32_t)(state >> 33) % (i % 3 ? N : 8);
                b[i] = (uint32_t)(state >> 13) % N;
            }
            int joins = 0;
#pragma omp parallel for num_threads(4) schedule(dynamic, 1) reduction(+ : joins)
            for (int i = 0; i < PAIRS; i++) {
                (void)dsu_find(&d, b[i], kinds[k]); /* finds beside the unions, as in a round */
                joins += dsu_union(&d, a[i], b[i], kinds[k]);
            }
            mst_dsu s;
            cr_assert_eq(mst_dsu_init(&s, N), MST_OK);
            int sets = N;
            for (int i = 0; i < PAIRS; i++)
                sets -= mst_dsu_union(&s, a[i], b[i]);
            cr_assert_eq(joins, N - sets, "kind %zu trial %d", k, trial);
            for (uint32_t x = 0; x < N; x++) {
                uint32_t p = DSU_PARENT(rec[x]);
                if (kinds[k] >= DSU_HALF)
                    cr_assert(p == x || p < x, "kind %zu: parent %u of %u", k, p, x);
                for (uint32_t y = x + 1; y < N; y += 37)
                    cr_assert_eq(dsu_find(&d, x, kinds[k]) == dsu_find(&d, y, kinds[k]),
                                 mst_dsu_find(&s, x) == mst_dsu_find(&s, y));
            }
            mst_dsu_free(&s);
            omp_destroy_lock(&d.lock);
        }
}
