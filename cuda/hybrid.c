/* hybrid.c: the CPU+GPU hybrid: core numbers, the partition, the rounds and their finish, in
 * that order (see hybrid.h). */
#include "hybrid.h"

#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "boruvka.h"
#include "seq.h"
#include "core.h"

/* ---- Core numbers by level-synchronous parallel peeling (kcore_peel) ---- */

/* A frontier of fewer vertices is peeled by one thread, one vertex at a time: a parallel
 * sub-round costs a fork-join, which only a wide frontier repays. */
#define KCORE_PAR_MIN 1024
/* Frontier vertices a thread collects before reserving room in the peeling order. */
#define KCORE_BATCH 64
/* core[] of a vertex not peeled yet. */
#define ALIVE UINT32_MAX

typedef struct kc_state {
    mst_csr c;
    uint32_t *deg;    /* [n] remaining degree */
    uint32_t *core;   /* [n] the caller's output; ALIVE until peeled */
    uint32_t *order;  /* [n] peeled vertices in peeling order; [head, tail) is the frontier */
    uint64_t head, tail;
    uint32_t *alive;  /* [n] vertices not yet peeled (a superset between compactions) */
    uint32_t *spare;  /* [n] the compaction's target */
    uint64_t alive_len;
    uint64_t *part;   /* [threads + 1] per-thread counts of the compaction */
} kc_state;

typedef struct kc_batch {
    uint32_t len;
    uint32_t x[KCORE_BATCH];
} kc_batch;

/* Appends the batch's vertices to the peeling order. */
static void flush(kc_state *s, kc_batch *b)
{
    uint64_t at = __atomic_fetch_add(&s->tail, b->len, __ATOMIC_RELAXED);
    memcpy(s->order + at, b->x, b->len * sizeof *b->x);
    b->len = 0;
}

/* x is peeled at level k: its core number is k, and it joins the frontier. */
static inline void push(kc_state *s, kc_batch *b, uint32_t x, uint32_t k)
{
    s->core[x] = k;
    b->x[b->len++] = x;
    if (b->len == KCORE_BATCH)
        flush(s, b);
}

/* Removes v at level k: every neighbour still above k loses one degree, and the one that comes
 * down to exactly k is peeled at this level too. A decrement that finds k or less lost a race
 * with another (the neighbour is already peeled) and is undone. */
static inline void peel_vertex(kc_state *s, uint32_t v, uint32_t k, kc_batch *b)
{
    for (uint64_t a = s->c.offset[v]; a < s->c.offset[v + 1]; a++) {
        uint32_t x = s->c.adj[a];
        if (__atomic_load_n(&s->deg[x], __ATOMIC_RELAXED) <= k)
            continue;
        uint32_t old = __atomic_fetch_sub(&s->deg[x], 1, __ATOMIC_RELAXED);
        if (old == k + 1)
            push(s, b, x, k);
        else if (old <= k)
            __atomic_fetch_add(&s->deg[x], 1, __ATOMIC_RELAXED);
    }
}

/* Drops the peeled vertices from the alive list (order kept, by per-thread slices) and returns
 * the least remaining degree of those left (ALIVE if none is left). */
static uint32_t compact_alive(kc_state *s)
{
    uint32_t kmin = ALIVE;
    uint64_t len = 0;
#pragma omp parallel reduction(min : kmin)
    {
        uint64_t lo, hi, count = 0, total;
        par_team_slice(s->alive_len, omp_get_thread_num(), omp_get_num_threads(), &lo, &hi);
        for (uint64_t i = lo; i < hi; i++)
            count += s->core[s->alive[i]] == ALIVE;
        uint64_t at = par_team_offset(count, s->part, &total);
        for (uint64_t i = lo; i < hi; i++) {
            uint32_t x = s->alive[i];
            if (s->core[x] == ALIVE) {
                s->spare[at++] = x;
                kmin = s->deg[x] < kmin ? s->deg[x] : kmin;
            }
        }
#pragma omp master
        len = total;
    }
    uint32_t *t = s->alive;
    s->alive = s->spare;
    s->spare = t;
    s->alive_len = len;
    return kmin;
}

/* Level k: every alive vertex of degree k starts the frontier; frontiers are peeled until no
 * vertex comes down to k any more. */
static void peel_level(kc_state *s, uint32_t k)
{
#pragma omp parallel
    {
        kc_batch b = {0};
#pragma omp for schedule(static)
        for (uint64_t i = 0; i < s->alive_len; i++)
            if (s->deg[s->alive[i]] == k)
                push(s, &b, s->alive[i], k);
        flush(s, &b);
    }
    while (s->head < s->tail) {
        uint64_t lo = s->head, hi = s->tail;
        if (hi - lo < KCORE_PAR_MIN) {
            kc_batch b = {0};
            s->head = lo + 1;
            peel_vertex(s, s->order[lo], k, &b);
            flush(s, &b);
            continue;
        }
#pragma omp parallel
        {
            kc_batch b = {0};
#pragma omp for schedule(dynamic, 64)
            for (uint64_t i = lo; i < hi; i++)
                peel_vertex(s, s->order[i], k, &b);
            flush(s, &b);
        }
        s->head = hi;
    }
}

static void kc_free(kc_state *s)
{
    mst_csr_free(&s->c);
    free(s->deg);
    free(s->order);
    free(s->alive);
    free(s->spare);
    free(s->part);
}

mst_status kcore_peel(const mst_graph *g, uint32_t *core, uint32_t *degeneracy)
{
    mst_status st = MST_OK;
    kc_state s;
    memset(&s, 0, sizeof s);
    *degeneracy = 0;
    if (g->m >= UINT32_MAX) /* degrees are 32-bit */
        return mst_fail(MST_ERESOURCE, "k-core peeling takes fewer than 2^32 - 1 edges (m = "
                        "%llu)", (unsigned long long)g->m);
    MST_CHECK(mst_csr_build(g, &s.c));
    MST_ALLOC(s.deg, g->n);
    MST_ALLOC(s.order, g->n);
    MST_ALLOC(s.alive, g->n);
    MST_ALLOC(s.spare, g->n);
    MST_ALLOC(s.part, (size_t)omp_get_max_threads() + 1);
    s.core = core;
#pragma omp parallel for schedule(static)
    for (uint32_t x = 0; x < g->n; x++) {
        s.deg[x] = (uint32_t)(s.c.offset[x + 1] - s.c.offset[x]);
        s.core[x] = ALIVE;
        s.alive[x] = x;
    }
    s.alive_len = g->n;
    for (uint32_t k; (k = compact_alive(&s)) != ALIVE;) {
        peel_level(&s, k);
        *degeneracy = k;
    }
fail:
    kc_free(&s);
    return st;
}

/* ---- The partition into dense cores and the sparse rest (hybrid_partition_build) ---- */

#define NO_CANDIDATE UINT32_MAX

/* The candidates: core components 0..cores-1, the sparse rest `cores`. */
typedef struct candidates {
    uint32_t cores;
    uint64_t *n, *m; /* [cores + 1] vertices, edges inside */
    int *kind;       /* [cores + 1] */
    uint32_t *part;  /* [cores + 1] the part each goes to, NO_CANDIDATE for none (no vertices) */
} candidates;

/* cand[x]: the index of x's core component (numbered by least vertex) or NO_CANDIDATE for a sparse
 * vertex; returns the number of components. The label of a component is kept at its union-find
 * representative too, which is itself a member. */
static mst_status label_cores(const mst_graph *g, const uint32_t *core, uint32_t threshold,
                              uint32_t *cand, uint32_t *cores)
{
    mst_dsu d;
    mst_status st = mst_dsu_init(&d, g->n);
    if (st != MST_OK)
        return st;
    for (uint64_t e = 0; e < g->m; e++)
        if (core[g->u[e]] >= threshold && core[g->v[e]] >= threshold)
            mst_dsu_union(&d, g->u[e], g->v[e]);
    uint32_t count = 0;
    for (uint32_t x = 0; x < g->n; x++)
        cand[x] = NO_CANDIDATE;
    for (uint32_t x = 0; x < g->n; x++) {
        if (core[x] < threshold)
            continue;
        uint32_t r = mst_dsu_find(&d, x);
        if (cand[r] == NO_CANDIDATE)
            cand[r] = count++;
        cand[x] = cand[r];
    }
    mst_dsu_free(&d);
    *cores = count;
    return MST_OK;
}

/* The heuristic: the first GPU rule a component of n vertices and m edges meets, else the CPU. */
static int choose_kind(uint64_t n, uint64_t m, const hybrid_rule *rules, int rule_count)
{
    double density = n > 1 ? 2.0 * (double)m / ((double)n * (double)(n - 1)) : 0;
    for (int r = 0; r < rule_count; r++)
        if (m >= rules[r].min_edges && density >= rules[r].min_density)
            return r;
    return HYBRID_CPU_KIND;
}

/* Sizes and kinds of the candidates (cand[x] NO_CANDIDATE becomes the sparse rest's index). */
static void size_candidates(const mst_graph *g, uint32_t *cand, candidates *c,
                            const hybrid_rule *rules, int rule_count)
{
    for (uint32_t x = 0; x < g->n; x++) {
        if (cand[x] == NO_CANDIDATE)
            cand[x] = c->cores;
        c->n[cand[x]]++;
    }
    for (uint64_t e = 0; e < g->m; e++)
        if (cand[g->u[e]] == cand[g->v[e]])
            c->m[cand[g->u[e]]]++;
    for (uint32_t i = 0; i < c->cores; i++)
        c->kind[i] = choose_kind(c->n[i], c->m[i], rules, rule_count);
    c->kind[c->cores] = HYBRID_CPU_KIND;
}

/* Gives the candidates of `kind` their parts: one for all if batch, else one each; returns the
 * new count of parts. */
static uint32_t assign_kind(candidates *c, int kind, int batch, uint32_t count)
{
    uint32_t shared = NO_CANDIDATE;
    for (uint32_t i = 0; i <= c->cores; i++) {
        if (c->kind[i] != kind || c->n[i] == 0)
            continue;
        if (!batch)
            c->part[i] = count++;
        else {
            if (shared == NO_CANDIDATE)
                shared = count++;
            c->part[i] = shared;
        }
    }
    return count;
}

static mst_status alloc_candidates(candidates *c, uint32_t cores)
{
    mst_status st = MST_OK;
    c->cores = cores;
    MST_CALLOC(c->n, (size_t)cores + 1);
    MST_CALLOC(c->m, (size_t)cores + 1);
    MST_ALLOC(c->kind, (size_t)cores + 1);
    MST_ALLOC(c->part, (size_t)cores + 1);
    for (uint32_t i = 0; i <= cores; i++)
        c->part[i] = NO_CANDIDATE;
fail:
    return st;
}

static void free_candidates(candidates *c)
{
    free(c->n);
    free(c->m);
    free(c->kind);
    free(c->part);
}

/* Allocates every part's arrays for its vertices and edges and the crossing list; part[x] is
 * x's part, local[x] gets x's local id. */
static mst_status alloc_parts(const mst_graph *g, const uint32_t *part, uint32_t *local,
                              hybrid_partition *p)
{
    mst_status st = MST_OK;
    for (uint32_t x = 0; x < g->n; x++)
        local[x] = p->part[part[x]].g.n++;
    for (uint64_t e = 0; e < g->m; e++) {
        if (part[g->u[e]] == part[g->v[e]])
            p->part[part[g->u[e]]].g.m++;
        else
            p->crossing_count++;
    }
    for (uint32_t i = 0; i < p->count; i++) {
        mst_graph *pg = &p->part[i].g;
        pg->weight_type = MST_WEIGHT_UINT32;
        MST_ALLOC(pg->u, pg->m);
        MST_ALLOC(pg->v, pg->m);
        MST_ALLOC(pg->key, pg->m);
        MST_ALLOC(p->part[i].eid, pg->m);
    }
    MST_ALLOC(p->crossing, p->crossing_count);
fail:
    return st;
}

/* Fills the parts' edges (local ends, global ids) and the crossing list, in edge id order. */
static void fill_parts(const mst_graph *g, const uint32_t *part, const uint32_t *local,
                       hybrid_partition *p)
{
    uint64_t crossing = 0;
    for (uint32_t i = 0; i < p->count; i++)
        p->part[i].g.m = 0; /* a cursor again while filling */
    for (uint64_t e = 0; e < g->m; e++) {
        uint32_t a = g->u[e], b = g->v[e];
        if (part[a] != part[b]) {
            p->crossing[crossing++] = e;
            continue;
        }
        hybrid_part *hp = &p->part[part[a]];
        hp->g.u[hp->g.m] = local[a];
        hp->g.v[hp->g.m] = local[b];
        hp->eid[hp->g.m++] = e;
    }
}

/* The parts of the candidates: GPU kinds in order of preference, the CPU's last; cand[x]
 * becomes x's part. */
static mst_status make_parts(const mst_graph *g, candidates *c, const hybrid_rule *rules,
                             int rule_count, uint32_t *cand, uint32_t *local,
                             hybrid_partition *p)
{
    mst_status st = MST_OK;
    uint32_t count = 0;
    for (int r = 0; r < rule_count; r++)
        count = assign_kind(c, r, rules[r].batch, count);
    count = assign_kind(c, HYBRID_CPU_KIND, 1, count);
    MST_CALLOC(p->part, count);
    p->count = count;
    for (uint32_t i = 0; i <= c->cores; i++) {
        if (c->part[i] == NO_CANDIDATE)
            continue;
        p->part[c->part[i]].kind = c->kind[i];
        p->part[c->part[i]].cores += i < c->cores;
    }
    for (uint32_t x = 0; x < g->n; x++)
        cand[x] = c->part[cand[x]];
    MST_CHECK(alloc_parts(g, cand, local, p));
    fill_parts(g, cand, local, p);
fail:
    return st;
}

mst_status hybrid_partition_build(const mst_graph *g, const uint32_t *core, uint32_t threshold,
                                  const hybrid_rule *rules, int rule_count, hybrid_partition *p)
{
    mst_status st = MST_OK;
    uint32_t *cand = NULL, *local = NULL, cores = 0;
    candidates c;
    memset(&c, 0, sizeof c);
    memset(p, 0, sizeof *p);
    p->threshold = threshold;
    MST_ALLOC(cand, g->n);
    MST_ALLOC(local, g->n);
    MST_CHECK(label_cores(g, core, threshold, cand, &cores));
    MST_CHECK(alloc_candidates(&c, cores));
    size_candidates(g, cand, &c, rules, rule_count);
    p->cores = cores;
    MST_CHECK(make_parts(g, &c, rules, rule_count, cand, local, p));
fail:
    if (st != MST_OK)
        hybrid_partition_free(p);
    free_candidates(&c);
    free(cand);
    free(local);
    return st;
}

void hybrid_partition_free(hybrid_partition *p)
{
    if (p == NULL)
        return;
    for (uint32_t i = 0; i < p->count; i++) {
        mst_graph_free(&p->part[i].g);
        free(p->part[i].eid);
    }
    free(p->part);
    free(p->crossing);
    memset(p, 0, sizeof *p);
}

/* ---- The rounds ---- */

struct hybrid_state {
    hybrid_partition p;
    hybrid_kind gpu[HYBRID_MAX_KINDS];
    int gpu_kinds;
    const void *gpu_ctx;
    par_boruvka_options cpu;
    int threads;          /* T */
    uint64_t finish_parallel_min;
    uint32_t n;           /* the prepared topology */
    uint64_t m;
    uint32_t degeneracy;
    uint32_t gpu_parts, cpu_parts;
    uint64_t gpu_edges, cpu_edges;
    void **solver;        /* [p.count] each part's prepared solver state (NULL: no edges) */
    mst_forest *forest;   /* [p.count] each part's forest, local edge ids */
    uint8_t *mark;        /* [m] the finish's edges: crossing ones (set once), forests' */
    uint64_t *pick;       /* [fin capacity] the finish graph's edges' global ids, increasing */
    uint64_t *part_sum;   /* [T + 1] the compaction's per-thread counts */
    mst_graph fin;        /* the finish graph over the n vertices (its u, v, key owned) */
    mst_forest fin_out;   /* its forest, in the finish graph's edge ids */
    par_boruvka_ws *fin_ws; /* the finish's Borůvka, prepared once; NULL: Kruskal finishes */
};

/* The finish graph's size from which the team's Borůvka beats a sequential Kruskal (16
 * threads, docs/dense-hybrid.md, "Thresholds"): thread start-up and barriers lose on small ones. */
#define HYBRID_FINISH_PARALLEL_MIN ((uint64_t)1 << 16)

/* One side's outcome, carried back to the calling thread (messages are per thread). */
typedef struct side_result {
    mst_status st;
    double seconds;
    char msg[1024]; /* as much as status.c keeps */
} side_result;

static mst_status cpu_prepare(const mst_graph *part, const void *ctx, void **state)
{
    const hybrid_state *s = ctx;
    return par_boruvka_prepare(part, &s->cpu, (par_boruvka_ws **)state, NULL);
}

static mst_status cpu_solve(void *state, const mst_graph *part, mst_forest *out)
{
    return par_boruvka_run(state, part, out, NULL);
}

static void cpu_release(void *state)
{
    par_boruvka_release(state);
}

/* The CPU kind: mst-omp's edge-centric Borůvka (boruvka.h), which batches. */
static const hybrid_kind cpu_kind = {"cpu", {0, 0, 1}, cpu_prepare, cpu_solve, cpu_release};

static const hybrid_kind *kind_of(const hybrid_state *s, const hybrid_part *hp)
{
    return hp->kind == HYBRID_CPU_KIND ? &cpu_kind : &s->gpu[hp->kind];
}

/* Prepares (solve 0) or solves (solve 1) the parts of one side, one after the other, on the
 * calling thread's team; stops at the first error. */
static mst_status run_side(hybrid_state *s, int gpu, int solve)
{
    for (uint32_t i = 0; i < s->p.count; i++) {
        hybrid_part *hp = &s->p.part[i];
        const hybrid_kind *k = kind_of(s, hp);
        mst_status st = MST_OK;
        if ((hp->kind != HYBRID_CPU_KIND) != gpu || hp->g.m == 0)
            continue; /* a part without edges has an empty forest */
        if (!solve)
            st = k->prepare(&hp->g, gpu ? s->gpu_ctx : (const void *)s, &s->solver[i]);
        else
            st = k->solve(s->solver[i], &hp->g, &s->forest[i]);
        if (st != MST_OK)
            return st;
    }
    return MST_OK;
}

/* The calling thread's OpenMP team size and schedule, saved while mst-omp's are in use. */
typedef struct team_settings {
    int threads, chunk;
    omp_sched_t kind;
} team_settings;

/* Gives the calling thread a team of `threads` and mst-omp's default schedule (openmp/solver.c),
 * which its Borůvka's edge loops take through schedule(runtime); returns the settings before. */
static team_settings use_omp_team(int threads)
{
    team_settings saved;
    saved.threads = omp_get_max_threads();
    omp_get_schedule(&saved.kind, &saved.chunk);
    omp_set_num_threads(threads);
    omp_set_schedule(omp_sched_dynamic, 0);
    return saved;
}

static void restore_team(team_settings saved)
{
    omp_set_schedule(saved.kind, saved.chunk);
    omp_set_num_threads(saved.threads);
}

/* run_side for the CPU parts with a team of `threads` and mst-omp's schedule. */
static mst_status run_cpu_side(hybrid_state *s, int solve, int threads)
{
    team_settings saved = use_omp_team(threads);
    mst_status st = run_side(s, 0, solve);
    restore_team(saved);
    return st;
}

/* One side of a round, timed, its message kept. */
static void round_side(hybrid_state *s, int gpu, int threads, side_result *r)
{
    double t0 = mst_now_s();
    r->st = gpu ? run_side(s, 1, 1) : run_cpu_side(s, 1, threads);
    r->seconds = mst_now_s() - t0;
    if (r->st != MST_OK)
        snprintf(r->msg, sizeof r->msg, "%s", mst_last_error());
}

/* Both sides of a round: concurrently when both have parts and T >= 2 (thread 0, the caller,
 * drives the GPU; thread 1 runs the CPU parts with a nested team of T - 1), else one after the
 * other. r[0]: the GPU side, r[1]: the CPU side. */
static void run_parts(hybrid_state *s, side_result r[2])
{
    if (s->gpu_parts == 0 || s->cpu_parts == 0 || s->threads < 2) {
        round_side(s, 1, 1, &r[0]);
        round_side(s, 0, s->threads, &r[1]);
        return;
    }
    int levels = omp_get_max_active_levels();
    omp_set_max_active_levels(2);
#pragma omp parallel num_threads(2)
    {
        int t = omp_get_thread_num();
        if (t == 0)
            round_side(s, 1, 1, &r[0]);
        if (t == 1 || omp_get_num_threads() == 1)
            round_side(s, 0, s->threads - 1, &r[1]);
    }
    omp_set_max_active_levels(levels);
}

/* Every part's keys from the global keys, by the whole team. */
static void gather_keys(hybrid_state *s, const mst_graph *g)
{
#pragma omp parallel
    for (uint32_t i = 0; i < s->p.count; i++) {
        hybrid_part *hp = &s->p.part[i];
#pragma omp for schedule(static) nowait
        for (uint64_t j = 0; j < hp->g.m; j++)
            hp->g.key[j] = g->key[hp->eid[j]];
    }
}

/* The parts' forests in global ids, straight into out: the answer when nothing crosses. */
static mst_status forests_out(hybrid_state *s, mst_forest *out)
{
    out->count = 0;
    for (uint32_t i = 0; i < s->p.count; i++) {
        const mst_forest *f = &s->forest[i];
        if (out->count + f->count > out->capacity)
            return mst_fail(MST_EINTERNAL, "internal error: hybrid forests exceed %llu edges",
                            (unsigned long long)out->capacity);
        for (uint64_t j = 0; j < f->count; j++)
            out->eid[out->count++] = s->p.part[i].eid[f->eid[j]];
    }
    return MST_OK;
}

/* Sets (1) or clears (0) the mark of every edge of the parts' forests, by the whole team. */
static void mark_forests(hybrid_state *s, uint8_t value)
{
#pragma omp parallel
    for (uint32_t i = 0; i < s->p.count; i++) {
        const mst_forest *f = &s->forest[i];
        const uint64_t *eid = s->p.part[i].eid;
#pragma omp for schedule(static) nowait
        for (uint64_t j = 0; j < f->count; j++)
            s->mark[eid[f->eid[j]]] = value;
    }
}

/* The finish graph: the marked edges in increasing id order, so that (key, local id) orders
 * them as (key, global id) does. A team prefix sum over slices of the m marks. */
static void compact_marked(hybrid_state *s, const mst_graph *g)
{
    mst_graph *f = &s->fin;
#pragma omp parallel
    {
        uint64_t lo, hi, count = 0, total;
        par_team_slice(g->m, omp_get_thread_num(), omp_get_num_threads(), &lo, &hi);
        for (uint64_t e = lo; e < hi; e++)
            count += s->mark[e];
        uint64_t k = par_team_offset(count, s->part_sum, &total);
        for (uint64_t e = lo; e < hi; e++) {
            if (!s->mark[e])
                continue;
            s->pick[k] = e;
            f->u[k] = g->u[e], f->v[k] = g->v[e], f->key[k] = g->key[e];
            k++;
        }
        if (omp_get_thread_num() == 0)
            f->m = total;
    }
}

/* The MSF of the parts' forests and the crossing edges: over the finish graph, mst-omp's
 * Borůvka (boruvka.h) on the whole team where prepare_finish prepared it, else Kruskal (seq.h). */
static mst_status finish(hybrid_state *s, const mst_graph *g, mst_forest *out)
{
    if (s->p.crossing_count == 0)
        return forests_out(s, out);
    mark_forests(s, 1);
    compact_marked(s, g);
    mark_forests(s, 0);
    mst_status st;
    if (s->fin_ws == NULL) {
        st = mst_kruskal(&s->fin, NULL, &s->fin_out, NULL);
    } else {
        team_settings saved = use_omp_team(s->threads);
        st = par_boruvka_run(s->fin_ws, &s->fin, &s->fin_out, NULL);
        restore_team(saved);
    }
    if (st != MST_OK)
        return st;
    if (s->fin_out.count > out->capacity)
        return mst_fail(MST_EINTERNAL, "internal error: hybrid forest exceeds %llu edges",
                        (unsigned long long)out->capacity);
#pragma omp parallel for schedule(static)
    for (uint64_t i = 0; i < s->fin_out.count; i++)
        out->eid[i] = s->pick[s->fin_out.eid[i]];
    out->count = s->fin_out.count;
    return MST_OK;
}

static void record_counters(const hybrid_state *s, mst_phases *ph)
{
    mst_phase_count(ph, "degeneracy", s->degeneracy);
    mst_phase_count(ph, "core_threshold", s->p.threshold);
    mst_phase_count(ph, "cores", s->p.cores);
    mst_phase_count(ph, "parts", s->p.count);
    mst_phase_count(ph, "gpu_parts", s->gpu_parts);
    mst_phase_count(ph, "cpu_parts", s->cpu_parts);
    mst_phase_count(ph, "gpu_edges", s->gpu_edges);
    mst_phase_count(ph, "cpu_edges", s->cpu_edges);
    mst_phase_count(ph, "crossing_edges", s->p.crossing_count);
}

/* k-core numbers and the partition (phases "kcore", "partition"). */
static mst_status split(hybrid_state *s, const mst_graph *g, uint32_t threshold, mst_phases *ph)
{
    hybrid_rule rules[HYBRID_MAX_KINDS];
    double t0 = mst_now_s();
    uint32_t *core = mst_alloc(g->n, sizeof *core);
    if (core == NULL)
        return MST_ERESOURCE;
    mst_status st = kcore_peel(g, core, &s->degeneracy);
    double t1 = mst_now_s();
    mst_phase_add(ph, "kcore", t1 - t0);
    for (int k = 0; k < s->gpu_kinds; k++)
        rules[k] = s->gpu[k].rule;
    if (threshold == 0)
        threshold = HYBRID_CORE_THRESHOLD;
    if (st == MST_OK)
        st = hybrid_partition_build(g, core, threshold, rules, s->gpu_kinds, &s->p);
    free(core);
    mst_phase_add(ph, "partition", mst_now_s() - t1);
    return st;
}

/* From finish_parallel_min edges (and with T >= 2), the finish's Borůvka gets its workspace
 * here, pages touched by the team, so that no round allocates for it. */
static mst_status prepare_finish(hybrid_state *s)
{
    if (s->p.crossing_count == 0 || s->threads < 2)
        return MST_OK;
    /* The finish graph's edges every round: each part's forest has its vertices less its
     * components, whatever the keys (union-find over the part's edges), plus the crossing
     * edges. */
    uint64_t edges = s->p.crossing_count;
    for (uint32_t i = 0; i < s->p.count; i++) {
        const mst_graph *pg = &s->p.part[i].g;
        mst_dsu d;
        mst_status st = mst_dsu_init(&d, pg->n);
        if (st != MST_OK)
            return st;
        for (uint64_t e = 0; e < pg->m; e++)
            edges += mst_dsu_union(&d, pg->u[e], pg->v[e]) != 0;
        mst_dsu_free(&d);
    }
    if (edges < s->finish_parallel_min)
        return MST_OK;
    s->fin.m = edges;
    team_settings saved = use_omp_team(s->threads);
    mst_status st = par_boruvka_prepare(&s->fin, &s->cpu, &s->fin_ws, NULL);
    restore_team(saved);
    return st;
}

/* Per part: its forest's room and the side it runs on; the finish's arrays. */
static mst_status alloc_rounds(hybrid_state *s)
{
    mst_status st = MST_OK;
    uint64_t room = s->p.crossing_count;
    MST_CALLOC(s->solver, s->p.count);
    MST_CALLOC(s->forest, s->p.count);
    for (uint32_t i = 0; i < s->p.count; i++) {
        const mst_graph *pg = &s->p.part[i].g;
        mst_forest *f = &s->forest[i];
        f->capacity = (pg->m < pg->n ? pg->m : pg->n) + 1;
        MST_ALLOC(f->eid, f->capacity);
        room += f->capacity;
        int gpu = s->p.part[i].kind != HYBRID_CPU_KIND;
        *(gpu ? &s->gpu_parts : &s->cpu_parts) += 1;
        *(gpu ? &s->gpu_edges : &s->cpu_edges) += pg->m;
    }
    /* The finish's arrays: the marks (crossing edges set), the finish graph's room (the
     * crossing edges and the forests' capacities), its forest. */
    MST_CALLOC(s->mark, s->m ? s->m : 1);
    for (uint64_t j = 0; j < s->p.crossing_count; j++)
        s->mark[s->p.crossing[j]] = 1;
    MST_ALLOC(s->pick, room);
    MST_ALLOC(s->part_sum, (uint64_t)s->threads + 1);
    MST_ALLOC(s->fin.u, room);
    MST_ALLOC(s->fin.v, room);
    MST_ALLOC(s->fin.key, room);
    s->fin.n = s->n;
    s->fin_out.capacity = (uint64_t)s->n + 1;
    MST_ALLOC(s->fin_out.eid, s->fin_out.capacity);
fail:
    return st;
}

mst_status hybrid_prepare(const mst_graph *g, const hybrid_options *o, hybrid_state **out,
                          mst_phases *ph)
{
    mst_status st = MST_OK;
    int saved_threads = omp_get_max_threads();
    hybrid_state *s = NULL;
    *out = NULL;
    /* The options into s: T, the CPU's Borůvka, the GPU kinds. */
    static const par_boruvka_options par_defaults = PAR_BORUVKA_DEFAULTS;
    if (o->gpu_kinds < 0 || o->gpu_kinds > HYBRID_MAX_KINDS || (o->gpu_kinds && !o->gpu))
        return mst_fail(MST_EINTERNAL, "internal error: %d hybrid GPU kinds (at most %d)",
                        o->gpu_kinds, HYBRID_MAX_KINDS);
    MST_CALLOC(s, 1);
    s->threads = o->threads > 0 ? o->threads : omp_get_max_threads();
    s->finish_parallel_min = o->finish_parallel_min ? o->finish_parallel_min
                                                    : HYBRID_FINISH_PARALLEL_MIN;
    s->cpu = o->cpu ? *o->cpu : par_defaults;
    s->gpu_kinds = o->gpu_kinds;
    s->gpu_ctx = o->gpu_ctx;
    for (int k = 0; k < o->gpu_kinds; k++)
        s->gpu[k] = o->gpu[k];
    s->n = g->n;
    s->m = g->m;
    omp_set_num_threads(s->threads);
    MST_CHECK(split(s, g, o->core_threshold, ph));
    MST_CHECK(alloc_rounds(s));
    double t0 = mst_now_s();
    MST_CHECK(run_side(s, 1, 0));
    MST_CHECK(run_cpu_side(s, 0, s->gpu_parts && s->threads > 1 ? s->threads - 1 : s->threads));
    MST_CHECK(prepare_finish(s));
    mst_phase_add(ph, "prepare-parts", mst_now_s() - t0);
    record_counters(s, ph);
    omp_set_num_threads(saved_threads);
    *out = s;
    return MST_OK;
fail:
    omp_set_num_threads(saved_threads);
    hybrid_release(s);
    return st;
}

mst_status hybrid_solve_prepared(hybrid_state *s, const mst_graph *g, mst_forest *out,
                                 mst_phases *ph)
{
    side_result r[2];
    memset(r, 0, sizeof r);
    if (g->n != s->n || g->m != s->m)
        return mst_fail(MST_EINTERNAL, "internal error: hybrid prepared for n = %u, m = %llu, "
                        "called with n = %u, m = %llu", s->n, (unsigned long long)s->m, g->n,
                        (unsigned long long)g->m);
    int saved_threads = omp_get_max_threads();
    omp_set_num_threads(s->threads);
    double t0 = mst_now_s();
    gather_keys(s, g);
    double t1 = mst_now_s();
    run_parts(s, r);
    double t2 = mst_now_s();
    mst_status st = r[0].st != MST_OK ? mst_fail(r[0].st, "%s", r[0].msg)
                    : r[1].st != MST_OK ? mst_fail(r[1].st, "%s", r[1].msg)
                                        : finish(s, g, out);
    omp_set_num_threads(saved_threads);
    mst_phase_add(ph, "gather", t1 - t0);
    mst_phase_add(ph, "parts-gpu", r[0].seconds);
    mst_phase_add(ph, "parts-cpu", r[1].seconds);
    mst_phase_add(ph, "finish", mst_now_s() - t2);
    record_counters(s, ph);
    return st;
}

void hybrid_release(hybrid_state *s)
{
    if (s == NULL)
        return;
    for (uint32_t i = 0; s->solver && i < s->p.count; i++)
        if (s->solver[i])
            kind_of(s, &s->p.part[i])->release(s->solver[i]);
    for (uint32_t i = 0; s->forest && i < s->p.count; i++)
        free(s->forest[i].eid);
    free(s->solver);
    free(s->forest);
    free(s->mark);
    free(s->pick);
    free(s->part_sum);
    free(s->fin.u);
    free(s->fin.v);
    free(s->fin.key);
    free(s->fin_out.eid);
    par_boruvka_release(s->fin_ws);
    hybrid_partition_free(&s->p);
    free(s);
}

mst_status hybrid_mst(const mst_graph *g, const hybrid_options *o, mst_forest *out,
                      mst_phases *ph)
{
    hybrid_state *s;
    mst_status st = hybrid_prepare(g, o, &s, ph);
    if (st != MST_OK)
        return st;
    st = hybrid_solve_prepared(s, g, out, ph);
    hybrid_release(s);
    return st;
}
