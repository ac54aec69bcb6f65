/*
 * kcore_host.c: the hybrid's preprocessing on the host (test-hybrid-host): kcore_peel's core
 * numbers against their definition (x is in the k-core when it survives the repeated removal
 * of the vertices of degree < k) on random graphs, planted cliques, a long path (a chain of
 * one-vertex frontiers), a star, a complete graph and graphs without edges, at 1 to 4 threads;
 * and the partition's invariants under every kind of rule and threshold.
 */
#include <omp.h>
#include <stdlib.h>
#include <string.h>

#include "host_test.h"
#include "hybrid.h"

/* Marks the k-core's complement: removes every vertex of degree < k, repeatedly, from the
 * degrees deg[] (changed) of the CSR c; removed[x] is set. */
static void remove_below(const mst_csr *c, uint32_t k, uint64_t *deg, char *removed,
                         uint32_t *queue)
{
    uint64_t head = 0, tail = 0;
    for (uint32_t x = 0; x < c->n; x++)
        if (deg[x] < k) {
            removed[x] = 1;
            queue[tail++] = x;
        }
    while (head < tail) {
        uint32_t x = queue[head++];
        for (uint64_t a = c->offset[x]; a < c->offset[x + 1]; a++) {
            uint32_t y = c->adj[a];
            if (!removed[y] && --deg[y] < k) {
                removed[y] = 1;
                queue[tail++] = y;
            }
        }
    }
}

/* The core numbers by the definition: O((n + m) degeneracy). */
static void kcore_oracle(const mst_graph *g, uint32_t *core)
{
    mst_csr c;
    if (mst_csr_build(g, &c) != MST_OK)
        abort();
    uint64_t *deg = malloc((g->n + 1) * 8);
    char *removed = malloc(g->n + 1);
    uint32_t *queue = malloc((g->n + 1) * 4);
    memset(core, 0, g->n * sizeof *core);
    for (uint32_t k = 1;; k++) {
        int left = 0;
        for (uint32_t x = 0; x < g->n; x++)
            deg[x] = c.offset[x + 1] - c.offset[x];
        memset(removed, 0, g->n);
        remove_below(&c, k, deg, removed, queue);
        for (uint32_t x = 0; x < g->n; x++)
            if (!removed[x]) {
                core[x] = k;
                left = 1;
            }
        if (!left)
            break;
    }
    free(deg);
    free(removed);
    free(queue);
    mst_csr_free(&c);
}

static void check_kcore(const char *what, const mst_graph *g)
{
    uint32_t *want = malloc((g->n + 1) * 4), *got = malloc((g->n + 1) * 4), dgot, dwant = 0;
    kcore_oracle(g, want);
    for (uint32_t x = 0; x < g->n; x++)
        dwant = want[x] > dwant ? want[x] : dwant;
    for (int threads = 1; threads <= 4; threads++) {
        omp_set_num_threads(threads);
        mst_status st = kcore_peel(g, got, &dgot);
        uint32_t x = 0;
        while (st == MST_OK && x < g->n && got[x] == want[x])
            x++;
        CHECK(st == MST_OK && x == g->n && dgot == dwant,
              "k-core of %s, %d threads: vertex %u has %u, expected %u (degeneracy %u, %u)",
              what, threads, x, x < g->n ? got[x] : 0, x < g->n ? want[x] : 0, dgot, dwant);
    }
    free(want);
    free(got);
}

void test_kcore(void)
{
    builder b;
    int saved = omp_get_max_threads();
    planted(&b, 30000, 0, 0, 150000, 1);
    check_kcore("G(30000, 150000)", &b.g);
    free_graph(&b);
    planted(&b, 20000, 40, 80, 60000, 1);
    check_kcore("planted cliques and parallel edges", &b.g);
    free_graph(&b);
    start(&b, 50001);
    path(&b, 0, 50000, 1);
    check_kcore("a path of 50000 and an isolated vertex", &b.g);
    free_graph(&b);
    start(&b, 5001);
    for (uint32_t i = 1; i <= 5000; i++)
        edge(&b, 0, i, 0);
    check_kcore("a star", &b.g);
    free_graph(&b);
    start(&b, 120);
    clique(&b, 0, 120, 1);
    check_kcore("K120", &b.g);
    free_graph(&b);
    start(&b, 9);
    check_kcore("no edges", &b.g);
    start(&b, 0);
    check_kcore("no vertices", &b.g);
    omp_set_num_threads(saved);
}

/* Every edge in exactly one part with consistent local ids, or crossing. */
static void check_edges(const char *what, const mst_graph *g, const hybrid_partition *p)
{
    uint32_t *part = malloc((g->n + 1) * 4), *local = malloc((g->n + 1) * 4);
    uint64_t placed = 0, vertices = 0, bad = 0;
    for (uint32_t x = 0; x < g->n; x++)
        part[x] = UINT32_MAX;
    for (uint32_t i = 0; i < p->count; i++) {
        const hybrid_part *hp = &p->part[i];
        vertices += hp->g.n;
        for (uint64_t j = 0; j < hp->g.m; j++) {
            uint64_t e = hp->eid[j];
            uint32_t ends[2][2] = {{g->u[e], hp->g.u[j]}, {g->v[e], hp->g.v[j]}};
            bad += j > 0 && e <= hp->eid[j - 1];
            for (int k = 0; k < 2; k++) {
                uint32_t x = ends[k][0];
                bad += part[x] != UINT32_MAX && (part[x] != i || local[x] != ends[k][1]);
                bad += ends[k][1] >= hp->g.n;
                part[x] = i;
                local[x] = ends[k][1];
            }
        }
        placed += hp->g.m;
    }
    for (uint64_t j = 0; j < p->crossing_count; j++) {
        uint64_t e = p->crossing[j];
        bad += part[g->u[e]] == part[g->v[e]] && part[g->u[e]] != UINT32_MAX;
    }
    CHECK(bad == 0 && placed + p->crossing_count == g->m && vertices == g->n,
          "partition of %s: %llu inconsistencies, %llu + %llu edges of %llu, %llu vertices",
          what, (unsigned long long)bad, (unsigned long long)placed,
          (unsigned long long)p->crossing_count, (unsigned long long)g->m,
          (unsigned long long)vertices);
    free(part);
    free(local);
}

/* GPU parts first, meeting their rule; at most one CPU part, last; cores all counted. */
static void check_kinds(const char *what, const hybrid_partition *p, const hybrid_rule *rules)
{
    uint32_t cores = 0;
    for (uint32_t i = 0; i < p->count; i++) {
        const hybrid_part *hp = &p->part[i];
        cores += hp->cores;
        if (hp->kind == HYBRID_CPU_KIND) {
            CHECK(i + 1 == p->count, "%s: CPU part %u of %u is not last", what, i, p->count);
            continue;
        }
        CHECK(hp->g.m >= rules[hp->kind].min_edges && hp->cores > 0,
              "%s: GPU part %u has %llu edges, %u cores", what, i,
              (unsigned long long)hp->g.m, hp->cores);
        CHECK(rules[hp->kind].batch || hp->cores == 1, "%s: part %u of a non-batching kind "
              "holds %u cores", what, i, hp->cores);
    }
    CHECK(cores == p->cores, "%s: parts hold %u cores of %u", what, cores, p->cores);
}

void test_partition(void)
{
    static const hybrid_rule rules[] = {{200, 0.9, 0}, {30, 0.0, 1}};
    static const uint32_t thresholds[] = {1, 3, 9, 20, 1u << 30};
    builder b;
    uint32_t degeneracy;
    planted(&b, 3000, 40, 30, 4000, 1);
    uint32_t *core = malloc(b.g.n * 4);
    CHECK(kcore_peel(&b.g, core, &degeneracy) == MST_OK, "kcore_peel");
    for (int t = 0; t < 5; t++)
        for (int r = 0; r <= 2; r++) {
            char what[128];
            hybrid_partition p;
            snprintf(what, sizeof what, "planted cliques, threshold %u, %d rules",
                     thresholds[t], r);
            CHECK(hybrid_partition_build(&b.g, core, thresholds[t], rules, r, &p) == MST_OK,
                  "%s: %s", what, mst_last_error());
            check_edges(what, &b.g, &p);
            check_kinds(what, &p, rules);
            hybrid_partition_free(&p);
        }
    free(core);
    free_graph(&b);
}
