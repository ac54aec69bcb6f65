/* hybrid_parts.c: the hybrid's partition into dense cores and the sparse rest (see
 * hybrid_parts.h). */
#include "hybrid_parts.h"

#include <stdlib.h>
#include <string.h>

#include "union_find.h"

#define NONE UINT32_MAX

/* The candidates: core components 0..cores-1, the sparse rest `cores`. */
typedef struct candidates {
    uint32_t cores;
    uint64_t *n, *m; /* [cores + 1] vertices, edges inside */
    int *kind;       /* [cores + 1] */
    uint32_t *part;  /* [cores + 1] the part each goes to, NONE for none (no vertices) */
} candidates;

/* cand[x]: the index of x's core component (numbered by least vertex) or NONE for a sparse
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
        cand[x] = NONE;
    for (uint32_t x = 0; x < g->n; x++) {
        if (core[x] < threshold)
            continue;
        uint32_t r = mst_dsu_find(&d, x);
        if (cand[r] == NONE)
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

/* Sizes and kinds of the candidates (cand[x] NONE becomes the sparse rest's index). */
static void size_candidates(const mst_graph *g, uint32_t *cand, candidates *c,
                            const hybrid_rule *rules, int rule_count)
{
    for (uint32_t x = 0; x < g->n; x++) {
        if (cand[x] == NONE)
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
    uint32_t shared = NONE;
    for (uint32_t i = 0; i <= c->cores; i++) {
        if (c->kind[i] != kind || c->n[i] == 0)
            continue;
        if (!batch)
            c->part[i] = count++;
        else {
            if (shared == NONE)
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
        c->part[i] = NONE;
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
        if (c->part[i] == NONE)
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
