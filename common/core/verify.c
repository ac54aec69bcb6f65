/*
 * verify.c: the certifying verifier (docs/design.md, Verifier): checks that a set of edge ids is
 * THE minimum spanning forest of g under the total order (key, edge id), trusting no solver.
 * With ties in weight several forests may weigh the minimum; only the canonical one passes, and
 * a tie broken the other way is reported as such, not as a lighter edge.
 *
 * Algorithm, reporting the first violation found:
 *   1. ids: every id < m, none twice (a bitmap of m bits).
 *   2. forest: union-find over the output edges finds no cycle; continuing the same union-find
 *      over all graph edges gives the number c of components, and the output must have n - c
 *      edges. Then every tree of the output spans one component of g.
 *   3. minimality, cycle property (a spanning forest is minimum iff every non-tree edge is
 *      larger than every tree edge on the tree path between its endpoints): rank the tree edges
 *      in (weight, id) order (LSD radix sort; the weight is the raw weight's order word,
 *      mst_edge_order, so 64-bit weights are checked against their raw values, not against the
 *      keys derived from them; reversed for the maximum spanning forest), root each tree by an iterative BFS (no recursion:
 *      trees may be paths of millions of vertices), then build binary-lifting tables: for
 *      j < ceil(log2(max depth + 1)), the 2^j-th ancestor of x and the largest tree-edge rank on
 *      that 2^j-edge path. The path maximum of a non-tree edge {a, b} is taken while lifting a
 *      and b to their lowest common ancestor, and compared with (key, id) of the edge. Ranks
 *      make every table comparison one integer compare; entries are pairs of uint32 (k <= n - 1
 *      < 2^32), stored vertex-major so the top-down LCA scan stays within a few cache lines.
 * O(m + n log D + m' log D) time with D the largest depth of the output forest (<= n) and m' the
 * non-tree edges; O(8 n log D + 20 n + m/8) bytes of extra memory besides the graph.
 * Sources: R. E. Tarjan, "Applications of path compression on balanced trees", JACM 26(4), 1979
 * (cycle property and MST verification by path maxima); M. A. Bender and M. Farach-Colton,
 * "The LCA problem revisited", LATIN 2000 (ancestor tables by binary lifting); docs/design.md.
 */
#include "core.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>


/* Edge e's weight as a word whose unsigned order is the order checked: the raw weights' order
 * (mst_edge_order: for 64-bit types from raw[], not from the derived keys), reversed for the
 * maximum spanning forest. */
static inline uint64_t weight_word(const mst_graph *g, uint64_t e, int maximum)
{
    uint64_t w = mst_edge_order(g, e);
    if (!maximum)
        return w;
    return mst_weight_is_wide(g->weight_type) ? ~w : (uint64_t)(UINT32_MAX - (uint32_t)w);
}

/* 1 if edge a precedes edge b in the (weight, id) order checked. */
static inline int edge_less(const mst_graph *g, int maximum, uint64_t a, uint64_t b)
{
    uint64_t wa = weight_word(g, a, maximum), wb = weight_word(g, b, maximum);
    return wa < wb || (wa == wb && a < b);
}

/* Steps 1 and 2. On success in_tree is the bitmap of output edges and *c_out the components. */
static mst_status check_forest(const mst_graph *g, const uint64_t *eid, uint64_t k,
                               uint64_t *in_tree, uint64_t *c_out, uint64_t *components)
{
    mst_status st = MST_OK;
    mst_dsu d;
    memset(&d, 0, sizeof d);
    const unsigned long long base = (unsigned long long)g->index_base;
    for (uint64_t i = 0; i < k; i++) {
        uint64_t e = eid[i];
        if (e >= g->m)
            MST_FAIL(MST_EVERIFY, "edge id %" PRIu64 " is not an edge of the graph (m = %" PRIu64
                     ")", e, g->m);
        if (in_tree[e >> 6] >> (e & 63) & 1)
            MST_FAIL(MST_EVERIFY, "edge %" PRIu64 " (%llu-%llu) appears twice", e,
                     g->u[e] + base, g->v[e] + base);
        in_tree[e >> 6] |= (uint64_t)1 << (e & 63);
    }
    MST_CHECK(mst_dsu_init(&d, g->n));
    for (uint64_t i = 0; i < k; i++) {
        uint64_t e = eid[i];
        if (!mst_dsu_union(&d, g->u[e], g->v[e]))
            MST_FAIL(MST_EVERIFY, "output edges form a cycle: edge %" PRIu64
                     " (%llu-%llu) closes it", e, g->u[e] + base, g->v[e] + base);
    }
    /* The output's unions are graph unions: continue over all edges to count components. */
    uint64_t c = (uint64_t)g->n - k;
    for (uint64_t e = 0; e < g->m; e++)
        c -= (uint64_t)mst_dsu_union(&d, g->u[e], g->v[e]);
    mst_dsu_free(&d);
    if (components != NULL)
        *components = c;
    if (k != (uint64_t)g->n - c)
        MST_FAIL(MST_EVERIFY, "output has %" PRIu64 " edges, a spanning forest of this graph has "
                 "%" PRIu32 " - %" PRIu64 " = %" PRIu64, k, g->n, c, (uint64_t)g->n - c);
    *c_out = c;
    return MST_OK;
fail:
    mst_dsu_free(&d);
    return st;
}

/*
 * Ranks the tree edges eid[0..k-1] in (key, id) order: order[r] = the index i into eid[] of the
 * r-th smallest, rank[i] = r + 1 (0 is kept for "no edge", below every tree edge). LSD radix sort
 * of the indices with 16-bit digits, stable: first by edge id, then by key. O(k (log m + 32) / 16).
 */
static mst_status rank_tree_edges(const mst_graph *g, int maximum, const uint64_t *eid,
                                  uint32_t k, uint32_t *order, uint32_t *rank)
{
    mst_status st = MST_OK;
    uint32_t *tmp = NULL;
    uint64_t *count = NULL;
    if (k == 0)
        return MST_OK;
    MST_ALLOC(tmp, k);
    MST_ALLOC(count, (size_t)1 << 16);
    unsigned id_passes = 0;
    while (id_passes < 4 && ((g->m - 1) >> (16 * id_passes)) != 0)
        id_passes++;
    unsigned weight_passes = mst_weight_is_wide(g->weight_type) ? 4 : 2;
    for (uint32_t i = 0; i < k; i++)
        order[i] = i;
    uint32_t *in = order, *out = tmp;
    for (unsigned pass = 0; pass < id_passes + weight_passes; pass++) {
        memset(count, 0, sizeof *count << 16);
#define DIGIT(i) ((pass < id_passes ? eid[i] >> (16 * pass)                                     \
                                    : weight_word(g, eid[i], maximum) >>                        \
                                          (16 * (pass - id_passes))) &                          \
                  0xFFFFu)
        for (uint32_t r = 0; r < k; r++)
            count[DIGIT(in[r])]++;
        mst_exclusive_scan(count, (uint64_t)1 << 16);
        for (uint32_t r = 0; r < k; r++)
            out[count[DIGIT(in[r])]++] = in[r];
#undef DIGIT
        uint32_t *t = in;
        in = out;
        out = t;
    }
    if (in != order)
        memcpy(order, in, (size_t)k * sizeof *order);
    for (uint32_t r = 0; r < k; r++)
        rank[order[r]] = r + 1;
fail:
    free(tmp);
    free(count);
    return st;
}

/*
 * Roots every tree of the forest eid[0..k-1] (k <= n - 1) by BFS: parent[x] (itself at a root),
 * pmx[x] = rank[] of the edge to the parent (0 at a root), depth[x], and bfs[] all vertices in
 * BFS order (every vertex after its parent). Returns the largest depth in *max_depth.
 */
static mst_status root_forest(const mst_graph *g, const uint64_t *eid, uint32_t k,
                              const uint32_t *rank, uint32_t *parent, uint32_t *pmx,
                              uint32_t *depth, uint32_t *bfs, uint32_t *max_depth)
{
    mst_status st = MST_OK;
    uint32_t n = g->n;
    uint64_t *offset = NULL;
    uint32_t *adj = NULL;
    MST_CALLOC(offset, (size_t)n + 1);
    MST_ALLOC(adj, 2 * (size_t)k);
    for (uint32_t i = 0; i < k; i++) {
        offset[g->u[eid[i]] + 1]++;
        offset[g->v[eid[i]] + 1]++;
    }
    for (uint32_t x = 0; x < n; x++)
        offset[x + 1] += offset[x];
    for (uint32_t i = 0; i < k; i++) { /* offset[x] moves to the end of row x, then back */
        adj[offset[g->u[eid[i]]]++] = i;
        adj[offset[g->v[eid[i]]]++] = i;
    }
    for (uint32_t x = n; x > 0; x--)
        offset[x] = offset[x - 1];
    offset[0] = 0;

    for (uint32_t x = 0; x < n; x++)
        depth[x] = UINT32_MAX; /* not reached yet */
    uint32_t deepest = 0, head = 0, tail = 0;
    for (uint32_t root = 0; root < n; root++) {
        if (depth[root] != UINT32_MAX)
            continue;
        parent[root] = root;
        pmx[root] = 0;
        depth[root] = 0;
        bfs[tail++] = root;
        while (head < tail) {
            uint32_t x = bfs[head++];
            for (uint64_t p = offset[x]; p < offset[x + 1]; p++) {
                uint32_t i = adj[p];
                uint64_t e = eid[i];
                uint32_t y = g->u[e] ^ g->v[e] ^ x;
                if (depth[y] != UINT32_MAX)
                    continue; /* the parent (the forest has no cycle: nothing else) */
                parent[y] = x;
                pmx[y] = rank[i];
                depth[y] = depth[x] + 1;
                if (depth[y] > deepest)
                    deepest = depth[y];
                bfs[tail++] = y;
            }
        }
    }
    *max_depth = deepest;
fail:
    free(offset);
    free(adj);
    return st;
}

/* One entry of the ancestor tables: the 2^j-th ancestor and the largest edge rank on the way. */
typedef struct lift {
    uint32_t up, mx;
} lift;

static inline uint32_t max_u32(uint32_t a, uint32_t b)
{
    return a > b ? a : b;
}

/*
 * The ancestor tables, vertex-major (tab[x * levels + j]: the top-down LCA scan reads one
 * vertex's levels from the same cache lines, and one entry holds both the ancestor and the path
 * maximum), from parent[] and pmx[] in BFS order bfs[] (the ancestors' rows come first).
 */
static void build_lift_tables(uint32_t n, const uint32_t *bfs, const uint32_t *parent,
                              const uint32_t *pmx, size_t levels, lift *tab)
{
    for (uint32_t q = 0; q < n; q++) {
        uint32_t x = bfs[q];
        lift *row = tab + (size_t)x * levels;
        row[0].up = parent[x];
        row[0].mx = pmx[x];
        for (size_t j = 1; j < levels; j++) {
            const lift *mid = tab + (size_t)row[j - 1].up * levels + (j - 1);
            row[j].up = mid->up;
            row[j].mx = max_u32(row[j - 1].mx, mid->mx);
        }
    }
}

/* The largest tree-edge rank on the tree path between a and b into *best (0 when a == b).
 * Returns 0 if a and b lie in two trees of the forest. */
static int path_max(const lift *tab, size_t levels, const uint32_t *depth, uint32_t a,
                    uint32_t b, uint32_t *best)
{
    uint32_t mx = 0;
    if (depth[a] < depth[b]) {
        uint32_t t = a;
        a = b;
        b = t;
    }
    uint32_t diff = depth[a] - depth[b];
    for (size_t j = 0; diff != 0; j++, diff >>= 1) {
        if (diff & 1) {
            const lift *l = tab + (size_t)a * levels + j;
            mx = max_u32(mx, l->mx);
            a = l->up;
        }
    }
    if (a != b) {
        for (size_t j = levels; j-- > 0;) {
            const lift *la = tab + (size_t)a * levels + j, *lb = tab + (size_t)b * levels + j;
            if (la->up != lb->up) {
                mx = max_u32(mx, max_u32(la->mx, lb->mx));
                a = la->up;
                b = lb->up;
            }
        }
        /* Now a and b are children of their LCA, or roots of two trees (no table entry then
         * when levels == 0). */
        const lift *la = levels ? tab + (size_t)a * levels : NULL;
        const lift *lb = levels ? tab + (size_t)b * levels : NULL;
        if (la == NULL || la->up != lb->up)
            return 0;
        mx = max_u32(mx, max_u32(la->mx, lb->mx));
    }
    *best = mx;
    return 1;
}

/* "edge E (U-V, w=W)" in the input's numbering, into buf[96]. */
static void describe_edge(const mst_graph *g, uint64_t e, char buf[96])
{
    char w[48];
    const unsigned long long base = (unsigned long long)g->index_base;
    snprintf(buf, 96, "edge %" PRIu64 " (%llu-%llu, w=%s)", e, g->u[e] + base, g->v[e] + base,
             mst_format_edge_weight(g, e, w, sizeof w));
}

/*
 * Step 3: the cycle property for every non-tree edge, in increasing edge id, with the path
 * maxima of the ancestor tables (build_lift_tables, path_max).
 */
static mst_status check_cycle_property(const mst_graph *g, int maximum, const uint64_t *eid,
                                       uint32_t k, const uint64_t *in_tree)
{
    mst_status st = MST_OK;
    uint32_t n = g->n;
    const unsigned long long base = (unsigned long long)g->index_base;
    uint32_t *order = NULL, *rank = NULL, *parent = NULL, *pmx = NULL, *depth = NULL;
    uint32_t *bfs = NULL;
    lift *tab = NULL;
    MST_ALLOC(order, k);
    MST_ALLOC(rank, k);
    MST_CHECK(rank_tree_edges(g, maximum, eid, k, order, rank));
    MST_ALLOC(parent, n);
    MST_ALLOC(pmx, n);
    MST_ALLOC(depth, n);
    MST_ALLOC(bfs, n);
    uint32_t max_depth = 0;
    MST_CHECK(root_forest(g, eid, k, rank, parent, pmx, depth, bfs, &max_depth));
    free(rank);
    rank = NULL;
    /* levels = ceil(log2(max_depth + 1)): jumps 1, 2, ..., 2^(levels-1) reach any depth. */
    size_t levels = 0;
    while (levels < 32 && ((uint64_t)1 << levels) < (uint64_t)max_depth + 1)
        levels++;
    if (levels > 0) {
        MST_ALLOC(tab, levels * n);
        build_lift_tables(n, bfs, parent, pmx, levels, tab);
    }
    free(parent);
    free(pmx);
    free(bfs);
    parent = pmx = bfs = NULL;
    for (uint64_t e = 0; e < g->m; e++) {
        uint32_t best = 0;
        if (in_tree[e >> 6] >> (e & 63) & 1)
            continue;
        if (!path_max(tab, levels, depth, g->u[e], g->v[e], &best)) /* step 2 rules it out */
            MST_FAIL(MST_EVERIFY, "non-tree edge %" PRIu64 " (%llu-%llu) joins two trees of the "
                     "output", e, g->u[e] + base, g->v[e] + base);
        /* best > 0: a != b are joined by at least one tree edge. */
        uint64_t t = eid[order[best - 1]];
        if (edge_less(g, maximum, e, t)) {
            char de[96], dt[96];
            describe_edge(g, e, de);
            describe_edge(g, t, dt);
            /* Equal weights: the forest may weigh the minimum, but it is not the canonical one
             * that every solver returns, and that is what is certified. */
            if (weight_word(g, e, maximum) < weight_word(g, t, maximum))
                MST_FAIL(MST_EVERIFY, "non-tree %s is %s than tree %s on its tree path", de,
                         maximum ? "heavier" : "lighter", dt);
            MST_FAIL(MST_EVERIFY, "non-tree %s precedes tree %s on its tree path in the (weight, "
                     "edge id) order the forest is checked against: equal weights, lower id "
                     "(only the canonical %s spanning forest is accepted)", de, dt,
                     maximum ? "maximum" : "minimum");
        }
    }
fail:
    free(order);
    free(rank);
    free(parent);
    free(pmx);
    free(depth);
    free(bfs);
    free(tab);
    return st;
}

mst_status mst_verify_forest(const mst_graph *g, const uint64_t *eid, uint64_t k,
                             uint64_t *components)
{
    return mst_verify_forest_objective(g, eid, k, components, 0);
}

mst_status mst_verify_forest_objective(const mst_graph *g, const uint64_t *eid, uint64_t k,
                                       uint64_t *components, int maximum)
{
    mst_status st = MST_OK;
    uint64_t c = 0;
    uint64_t *in_tree = NULL;
    MST_CALLOC(in_tree, (size_t)(g->m / 64 + 1));
    MST_CHECK(check_forest(g, eid, k, in_tree, &c, components));
    /* Here k = n - c <= n - 1 < 2^32 (or k = 0): indices into eid[] fit uint32. */
    MST_CHECK(check_cycle_property(g, maximum, eid, (uint32_t)k, in_tree));
fail:
    free(in_tree);
    return st;
}
