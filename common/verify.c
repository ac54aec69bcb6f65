/*
 * verify.c: the certifying verifier of DESIGN.md ("Verifier"): checks that a set of edge ids is
 * THE minimum spanning forest of g under the total order (key, edge id), trusting no solver.
 *
 * Algorithm, reporting the first violation found:
 *   1. ids: every id < m, none twice (a bitmap of m bits).
 *   2. forest: union-find over the output edges finds no cycle; continuing the same union-find
 *      over all graph edges gives the number c of components, and the output must have n - c
 *      edges. Then every tree of the output spans one component of g.
 *   3. minimality, cycle property (a spanning forest is minimum iff every non-tree edge is
 *      larger than every tree edge on the tree path between its endpoints): root each tree by an
 *      iterative BFS (no recursion: trees may be paths of millions of vertices), then build
 *      binary-lifting tables up[j][x] (the 2^j-th ancestor) and mx[j][x] (the largest tree edge
 *      on that 2^j-edge path, as an index into eid[]) for j < ceil(log2(max depth + 1)); the
 *      path maximum of a non-tree edge {a, b} is taken while lifting a and b to their lowest
 *      common ancestor. All tables are uint32: k <= n - 1 < 2^32.
 * O((n + m) log D) time with D the largest depth of the output forest (<= n), O(n log D + m/8)
 * extra memory besides the graph.
 * Sources: R. E. Tarjan, "Applications of path compression on balanced trees", JACM 26(4), 1979
 * (cycle property and MST verification by path maxima); M. A. Bender and M. Farach-Colton,
 * "The LCA problem revisited", LATIN 2000 (ancestor tables by binary lifting); DESIGN.md.
 */
#include "verify.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "union_find.h"

#define NO_EDGE UINT32_MAX /* mx entry of a root: no tree edge above it */

/* 1 if edge a precedes edge b in the (key, id) order. */
static inline int edge_less(const uint32_t *key, uint64_t a, uint64_t b)
{
    return key[a] < key[b] || (key[a] == key[b] && a < b);
}

/* The larger of two tree edges (indices into eid[], NO_EDGE allowed) in (key, id) order. */
static inline uint32_t tree_max(const uint32_t *key, const uint64_t *eid, uint32_t i, uint32_t j)
{
    if (i == NO_EDGE)
        return j;
    if (j == NO_EDGE)
        return i;
    return edge_less(key, eid[i], eid[j]) ? j : i;
}

mst_status mst_count_components(const mst_graph *g, uint64_t *components)
{
    mst_status st = MST_OK;
    mst_dsu d;
    MST_CHECK(mst_dsu_init(&d, g->n));
    uint64_t c = g->n;
    for (uint64_t e = 0; e < g->m; e++)
        c -= (uint64_t)mst_dsu_union(&d, g->u[e], g->v[e]);
    mst_dsu_free(&d);
    *components = c;
    return MST_OK;
fail:
    return st;
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
 * Roots every tree of the forest eid[0..k-1] (k <= n - 1) by BFS: parent[x] (itself at a root),
 * pedge[x] (index into eid[] of the edge to the parent, NO_EDGE at a root), depth[x]. Returns
 * the largest depth in *max_depth.
 */
static mst_status root_forest(const mst_graph *g, const uint64_t *eid, uint32_t k,
                              uint32_t *parent, uint32_t *pedge, uint32_t *depth,
                              uint32_t *max_depth)
{
    mst_status st = MST_OK;
    uint32_t n = g->n;
    uint64_t *offset = NULL;
    uint32_t *adj = NULL, *queue = NULL;
    MST_CALLOC(offset, (size_t)n + 1);
    MST_ALLOC(adj, 2 * (size_t)k);
    MST_ALLOC(queue, n);
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
    uint32_t deepest = 0;
    for (uint32_t root = 0; root < n; root++) {
        if (depth[root] != UINT32_MAX)
            continue;
        uint32_t head = 0, tail = 0;
        parent[root] = root;
        pedge[root] = NO_EDGE;
        depth[root] = 0;
        queue[tail++] = root;
        while (head < tail) {
            uint32_t x = queue[head++];
            for (uint64_t p = offset[x]; p < offset[x + 1]; p++) {
                uint32_t i = adj[p];
                uint64_t e = eid[i];
                uint32_t y = g->u[e] ^ g->v[e] ^ x;
                if (depth[y] != UINT32_MAX)
                    continue; /* the parent (the forest has no cycle: nothing else) */
                parent[y] = x;
                pedge[y] = i;
                depth[y] = depth[x] + 1;
                if (depth[y] > deepest)
                    deepest = depth[y];
                queue[tail++] = y;
            }
        }
    }
    *max_depth = deepest;
fail:
    free(offset);
    free(adj);
    free(queue);
    return st;
}

/* Step 3: the cycle property for every non-tree edge, in increasing edge id. */
static mst_status check_cycle_property(const mst_graph *g, const uint64_t *eid, uint32_t k,
                                       const uint64_t *in_tree)
{
    mst_status st = MST_OK;
    uint32_t n = g->n;
    const uint32_t *key = g->key;
    const unsigned long long base = (unsigned long long)g->index_base;
    uint32_t *parent = NULL, *pedge = NULL, *depth = NULL, *up = NULL, *mx = NULL;
    MST_ALLOC(parent, n);
    MST_ALLOC(pedge, n);
    MST_ALLOC(depth, n);
    uint32_t max_depth = 0;
    MST_CHECK(root_forest(g, eid, k, parent, pedge, depth, &max_depth));

    /* levels = ceil(log2(max_depth + 1)): jumps 1, 2, ..., 2^(levels-1) reach any depth. */
    unsigned levels = 0;
    while (levels < 32 && ((uint64_t)1 << levels) < (uint64_t)max_depth + 1)
        levels++;
    if (levels > 0) {
        MST_ALLOC(up, (size_t)levels * n);
        MST_ALLOC(mx, (size_t)levels * n);
        memcpy(up, parent, (size_t)n * sizeof *up);
        memcpy(mx, pedge, (size_t)n * sizeof *mx);
        for (unsigned j = 1; j < levels; j++) {
            const uint32_t *up0 = up + (size_t)(j - 1) * n, *mx0 = mx + (size_t)(j - 1) * n;
            uint32_t *up1 = up + (size_t)j * n, *mx1 = mx + (size_t)j * n;
            for (uint32_t x = 0; x < n; x++) {
                uint32_t mid = up0[x];
                up1[x] = up0[mid];
                mx1[x] = tree_max(key, eid, mx0[x], mx0[mid]);
            }
        }
    }
    free(pedge);
    pedge = NULL;

    for (uint64_t e = 0; e < g->m; e++) {
        if (in_tree[e >> 6] >> (e & 63) & 1)
            continue;
        uint32_t a = g->u[e], b = g->v[e], best = NO_EDGE;
        if (depth[a] < depth[b]) {
            uint32_t t = a;
            a = b;
            b = t;
        }
        uint32_t diff = depth[a] - depth[b];
        for (unsigned j = 0; diff != 0; j++, diff >>= 1) {
            if (diff & 1) {
                best = tree_max(key, eid, best, mx[(size_t)j * n + a]);
                a = up[(size_t)j * n + a];
            }
        }
        if (a != b) {
            for (unsigned j = levels; j-- > 0;) {
                size_t row = (size_t)j * n;
                if (up[row + a] != up[row + b]) {
                    best = tree_max(key, eid, best, mx[row + a]);
                    best = tree_max(key, eid, best, mx[row + b]);
                    a = up[row + a];
                    b = up[row + b];
                }
            }
            if (parent[a] != parent[b]) /* roots of two trees: step 2 rules this out */
                MST_FAIL(MST_EVERIFY, "non-tree edge %" PRIu64 " (%llu-%llu) joins two trees "
                         "of the output", e, g->u[e] + base, g->v[e] + base);
            best = tree_max(key, eid, best, mx[a]);
            best = tree_max(key, eid, best, mx[b]);
        }
        uint64_t t = eid[best]; /* best != NO_EDGE: a != b are joined by at least one edge */
        if (edge_less(key, e, t)) {
            char we[48], wt[48];
            mst_format_weight(g->weight_type, key[e], we, sizeof we);
            mst_format_weight(g->weight_type, key[t], wt, sizeof wt);
            MST_FAIL(MST_EVERIFY, "non-tree edge %" PRIu64 " (%llu-%llu, w=%s) is lighter than "
                     "tree edge %" PRIu64 " (%llu-%llu, w=%s) on its tree path", e,
                     g->u[e] + base, g->v[e] + base, we, t, g->u[t] + base, g->v[t] + base, wt);
        }
    }
fail:
    free(parent);
    free(pedge);
    free(depth);
    free(up);
    free(mx);
    return st;
}

mst_status mst_verify_forest(const mst_graph *g, const uint64_t *eid, uint64_t k,
                             uint64_t *components)
{
    mst_status st = MST_OK;
    uint64_t c = 0;
    uint64_t *in_tree = NULL;
    MST_CALLOC(in_tree, (size_t)(g->m / 64 + 1));
    MST_CHECK(check_forest(g, eid, k, in_tree, &c, components));
    /* Here k = n - c <= n - 1 < 2^32 (or k = 0): indices into eid[] fit uint32. */
    MST_CHECK(check_cycle_property(g, eid, (uint32_t)k, in_tree));
fail:
    free(in_tree);
    return st;
}
