/* hybrid.c: the CPU+GPU hybrid's preprocessing, rounds and finish (see hybrid.h). */
#include "hybrid.h"

#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "boruvka.h"
#include "kcore.h"
#include "seq.h"
#include "team_scan.h"
#include "timer.h"
#include "union_find.h"

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

/* The options into s: T, the CPU's Borůvka, the GPU kinds. */
static mst_status take_options(hybrid_state *s, const hybrid_options *o)
{
    static const par_boruvka_options par_defaults = PAR_BORUVKA_DEFAULTS;
    if (o->gpu_kinds < 0 || o->gpu_kinds > HYBRID_MAX_KINDS || (o->gpu_kinds && !o->gpu))
        return mst_fail(MST_EINTERNAL, "internal error: %d hybrid GPU kinds (at most %d)",
                        o->gpu_kinds, HYBRID_MAX_KINDS);
    s->threads = o->threads > 0 ? o->threads : omp_get_max_threads();
    s->finish_parallel_min = o->finish_parallel_min ? o->finish_parallel_min
                                                    : HYBRID_FINISH_PARALLEL_MIN;
    s->cpu = o->cpu ? *o->cpu : par_defaults;
    s->gpu_kinds = o->gpu_kinds;
    s->gpu_ctx = o->gpu_ctx;
    for (int k = 0; k < o->gpu_kinds; k++)
        s->gpu[k] = o->gpu[k];
    return MST_OK;
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

/* The finish's arrays: the marks (crossing edges set), the finish graph's room (the crossing
 * edges and the forests' capacities), its forest. */
static mst_status alloc_finish(hybrid_state *s, uint64_t room)
{
    mst_status st = MST_OK;
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

/* The finish graph's edges every round: each part's forest has its vertices less its
 * components, whatever the keys (union-find over the part's edges), plus the crossing edges. */
static mst_status finish_edges(const hybrid_state *s, uint64_t *edges)
{
    *edges = s->p.crossing_count;
    for (uint32_t i = 0; i < s->p.count; i++) {
        const mst_graph *pg = &s->p.part[i].g;
        mst_dsu d;
        mst_status st = mst_dsu_init(&d, pg->n);
        if (st != MST_OK)
            return st;
        for (uint64_t e = 0; e < pg->m; e++)
            *edges += mst_dsu_union(&d, pg->u[e], pg->v[e]) != 0;
        mst_dsu_free(&d);
    }
    return MST_OK;
}

/* From finish_parallel_min edges (and with T >= 2), the finish's Borůvka gets its workspace
 * here, pages touched by the team, so that no round allocates for it. */
static mst_status prepare_finish(hybrid_state *s)
{
    uint64_t edges = 0;
    mst_status st = s->p.crossing_count == 0 || s->threads < 2 ? MST_OK
                                                                 : finish_edges(s, &edges);
    if (st != MST_OK || edges < s->finish_parallel_min)
        return st;
    s->fin.m = edges;
    team_settings saved = use_omp_team(s->threads);
    st = par_boruvka_prepare(&s->fin, &s->cpu, &s->fin_ws, NULL);
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
    MST_CHECK(alloc_finish(s, room));
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
    MST_CALLOC(s, 1);
    MST_CHECK(take_options(s, o));
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
