/*
 * verify.c: the certifying verifier (see core.h; docs/design.md, Verifier). A spanning forest
 * is minimum iff every non-tree edge is larger than every tree edge on the tree path between
 * its endpoints (the cycle property; R. E. Tarjan, "Applications of path compression on
 * balanced trees", JACM 26(4), 1979). The steps, reporting the first violation:
 *   1. ids: every id < m, none twice (a bitmap of m bits).
 *   2. forest: the union-find of step 3 finds no cycle (the first edge of the output that
 *      closes one is named).
 *   3. path maxima as range maxima (E. D. Demaine, G. M. Landau, O. Weimann, "On Cartesian
 *      trees and range minimum queries", ICALP 2009: the Cartesian tree of a tree): the tree
 *      edges are ranked in the (weight, id) order checked (weight_word). On more than one
 *      thread a Borůvka round (boruvka_round) first joins the vertices into components, at
 *      most half as many. The edges left are joined by union-find in rank order, each join a
 *      node of the forest's Kruskal tree whose first child's components come before its
 *      second's; one pass from the last join down gives every component its place and
 *      records each join's rank between its first child's last component and its second
 *      child's first. The largest rank recorded between the places of a and b is the
 *      largest tree edge on the path a..b (the Kruskal tree is the Cartesian tree of these
 *      ranks), and two trees are separated by a sentinel. Range maxima in O(1): blocks of 64
 *      places with prefix and suffix maxima, and a sparse table of the blocks' maxima
 *      (M. A. Bender, M. Farach-Colton, "The LCA problem revisited", LATIN 2000).
 *   4. every non-tree edge, side by side over the threads: it must join two places of one tree
 *      (else some component of g holds two trees: the forest has fewer than n - c edges, c
 *      then counted by union-find over all edges for the message), and its path maximum must
 *      precede it (compared through a table of the tree words' range in 2^16 slices, the tree
 *      edge read only when both words fall in one slice). The lowest failing edge id is
 *      reported, whatever the thread count. Any minimum forest (mst_verify_minimum) lets a
 *      non-tree edge weigh as much as its path maximum, and only reports the lowest one whose
 *      id is lower (the canonical forest's tie).
 *   5. the sensitivity, when asked: a non-tree edge's bound is its path maximum; the tree
 *      edges' come from cover_tree_edges.
 * Step 1 and step 3's union-find are sequential and touch only the tree edges: O(m / threads +
 * n log n) time.
 */
#include "core.h"

#include <inttypes.h>
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Edge e's weight as a word whose unsigned order is the order checked: the raw weights' order
 * (mst_edge_order: for 64-bit types from raw[], not from the derived keys), reversed for the
 * maximum spanning forest. */
static inline uint64_t weight_word(const mst_graph *g, uint64_t e, int maximum)
{
    uint64_t w = mst_weight_is_wide(g->weight_type) ? mst_edge_order(g, e) : g->key[e];
    if (!maximum)
        return w;
    return mst_weight_is_wide(g->weight_type) ? ~w : (uint64_t)(UINT32_MAX - (uint32_t)w);
}

/* Step 1: in_tree becomes the bitmap of output edges. */
static mst_status check_ids(const mst_graph *g, const uint64_t *eid, uint64_t k,
                            uint64_t *in_tree)
{
    const unsigned long long base = (unsigned long long)g->index_base;
    for (uint64_t i = 0; i < k; i++) {
        uint64_t e = eid[i];
        if (e >= g->m)
            return mst_fail(MST_EVERIFY, "edge id %" PRIu64 " is not an edge of the graph (m = %"
                            PRIu64 ")", e, g->m);
        if (in_tree[e >> 6] >> (e & 63) & 1)
            return mst_fail(MST_EVERIFY, "edge %" PRIu64 " (%llu-%llu) appears twice", e,
                            g->u[e] + base, g->v[e] + base);
        in_tree[e >> 6] |= (uint64_t)1 << (e & 63);
    }
    return MST_OK;
}

/* Step 2's message, once step 3's union-find met a cycle (or k >= n promises one): the first
 * edge of eid[] that closes a cycle of the edges before it. */
static mst_status name_cycle(const mst_graph *g, const uint64_t *eid, uint64_t k)
{
    mst_dsu d;
    const unsigned long long base = (unsigned long long)g->index_base;
    mst_status st = mst_dsu_init(&d, g->n);
    for (uint64_t i = 0; i < k && st == MST_OK; i++)
        if (!mst_dsu_union(&d, g->u[eid[i]], g->v[eid[i]]))
            st = mst_fail(MST_EVERIFY, "output edges form a cycle: edge %" PRIu64
                          " (%llu-%llu) closes it", eid[i], g->u[eid[i]] + base,
                          g->v[eid[i]] + base);
    mst_dsu_free(&d);
    return st != MST_OK ? st : mst_fail(MST_EINTERNAL, "verify: a cycle that union-find in "
                                                       "output order does not meet");
}

/* Each edge of eid[0..k-1] (the tree edges; for the sensitivity the non-tree ones) ranked in
 * the (weight, id) order checked, as tree[1..k] (1-based: rank 0 is "no edge"): its order word
 * and id. LSD radix sorts, O(k) passes over the 8-bit digits that vary: of (word << 32 | id)
 * where both fit 32 bits, else of (word, index) pairs by id, then by weight. */
typedef struct tree_edge {
    uint64_t word, id;
} tree_edge;

static mst_status rank_edges(const mst_graph *g, int maximum, const uint64_t *eid,
                             uint64_t k, int threads, tree_edge *tree)
{
    mst_status st = MST_OK;
    uint64_t *a = NULL, *p = NULL, *tmp = NULL, *ptmp = NULL;
    MST_ALLOC(a, k);
    MST_ALLOC(tmp, k);
    if (!mst_weight_is_wide(g->weight_type) && g->m <= ((uint64_t)1 << 32)) {
        /* 32-bit words and ids: one sort of (word << 32 | id). */
#pragma omp parallel for schedule(static) num_threads(threads)
        for (uint64_t i = 0; i < k; i++)
            a[i] = weight_word(g, eid[i], maximum) << 32 | eid[i];
        int sorted = 1;
#pragma omp parallel for schedule(static) num_threads(threads) reduction(&& : sorted)
        for (uint64_t i = 1; i < k; i++)
            sorted = sorted && a[i - 1] < a[i];
        if (!sorted) /* a forest in the order already (Kruskal's) needs no sort */
            mst_radix_sort_pairs(a, NULL, tmp, NULL, k, 0, 64, threads);
#pragma omp parallel for schedule(static) num_threads(threads)
        for (uint64_t r = 0; r < k; r++)
            tree[r + 1].word = a[r] >> 32, tree[r + 1].id = a[r] & 0xFFFFFFFFu;
    } else {
        MST_ALLOC(p, k);
        MST_ALLOC(ptmp, k);
#pragma omp parallel for schedule(static) num_threads(threads)
        for (uint64_t i = 0; i < k; i++)
            a[i] = eid[i], p[i] = i;
        mst_radix_sort_pairs(a, p, tmp, ptmp, k, 0, 64, threads);
#pragma omp parallel for schedule(static) num_threads(threads)
        for (uint64_t i = 0; i < k; i++)
            a[i] = weight_word(g, eid[p[i]], maximum);
        mst_radix_sort_pairs(a, p, tmp, ptmp, k, 0, 64, threads);
#pragma omp parallel for schedule(static) num_threads(threads)
        for (uint64_t r = 0; r < k; r++)
            tree[r + 1].word = a[r], tree[r + 1].id = eid[p[r]];
    }
fail:
    free(a);
    free(p);
    free(tmp);
    free(ptmp);
    return st;
}

char *mst_format_edge(const mst_graph *g, uint64_t e, char buf[96])
{
    char w[48];
    const unsigned long long base = (unsigned long long)g->index_base;
    snprintf(buf, 96, "edge %" PRIu64 " (%llu-%llu, w=%s)", e, g->u[e] + base, g->v[e] + base,
             mst_format_edge_weight(g, e, w, sizeof w));
    return buf;
}

/* The places of step 3 and their range maxima. */
#define BLOCK 64
#define CHUNK 256 /* non-tree edges a thread takes at a time */
#define AHEAD 16  /* how many edges ahead steps 3 and 4 prefetch */
#define SLICES 65536 /* of the tree words' range, for step 4 */
typedef struct vertex_place {
    uint32_t place; /* the place of the vertex's Borůvka component in the order */
    uint32_t suf;   /* the largest gap from that place to its block's end */
    uint32_t pre;   /* the largest gap from its block's start to the place before it */
    uint32_t low;   /* the rank of the vertex's lowest tree edge, 0 if none */
} vertex_place;
typedef struct path_maxima {
    vertex_place *at;         /* [n] by vertex */
    uint32_t *gap;            /* [places] rank of the edge joining places i and i + 1;
                                 UINT32_MAX between two trees and after the last place */
    uint32_t *table;          /* [levels * blocks]: level j, block b: blocks b .. b + 2^j - 1 */
    uint32_t blocks;
} path_maxima;

static inline uint32_t max_u32(uint32_t a, uint32_t b)
{
    return a > b ? a : b;
}

/* A vertex in the Borůvka round of step 3. */
typedef struct round_vertex {
    uint64_t low;  /* rank << 32 | other end of its lowest tree edge; UINT64_MAX if none */
    uint32_t comp; /* the other end of the edge it hooked along, then its component's number */
    uint32_t root; /* its component's root */
} round_vertex;

/* A tree edge between two Borůvka components, with its rank. */
typedef struct tree_arc {
    uint32_t a, b, rank;
} tree_arc;

/* A set of step 3's union-find: its root's parent is itself; size and node count at roots.
 * Not core.h's mst_dsu: a find brings the parent, the size and the Kruskal-tree node in one
 * record, which measured faster than mst_dsu with a node array beside it (docs/results.md). */
typedef struct krt_set {
    uint32_t parent, size;
    uint64_t node; /* the set's node of the Kruskal tree: a vertex, or n + r - 1 for merge r */
} krt_set;

static inline uint32_t krt_find(krt_set *s, uint32_t x)
{
    while (s[x].parent != x) {
        s[x].parent = s[s[x].parent].parent;
        x = s[x].parent;
    }
    return x;
}

/*
 * The Borůvka round of step 3 (V. King, "A simpler minimum spanning tree verification
 * algorithm", Algorithmica 18, 1997), side by side over `threads`, for the forest's edges
 * tree[1..k] (rank order): every vertex selects its lowest tree edge (rv[x].low), a pair that
 * selected one edge hooks to its lower vertex, and every vertex finds its root by path halving
 * (safe side by side: the hooks are fixed, so every write points to an ancestor). The roots,
 * numbered in order, are the *nc components (rv[x].comp); the *kc edges not selected go to
 * arc[] between them, still in rank order. King's lemma: for u != v, the largest edge on their
 * tree path is the larger of the two edges they selected, and of the largest on the path
 * between their components when those differ. Errors: MST_EVERIFY, with no message, when an
 * edge is left inside one component (a cycle); MST_ERESOURCE.
 */
static mst_status boruvka_round(const mst_graph *g, const tree_edge *tree, uint32_t k,
                                int threads, round_vertex *rv, tree_arc *arc, uint32_t *nc,
                                uint32_t *kc)
{
    mst_status st = MST_OK;
    uint32_t n = g->n;
    uint64_t *ends = NULL, *part = NULL, comps = 0, left = 0;
    int cycle = 0;
    MST_ALLOC(ends, k);
    MST_ALLOC(part, (uint64_t)threads + 1);
#pragma omp parallel num_threads(threads) reduction(| : cycle)
    {
        int t = omp_get_thread_num(), p = omp_get_num_threads();
        uint64_t lo, hi, c = 0, total;
#pragma omp for schedule(static)
        for (uint32_t x = 0; x < n; x++)
            rv[x].low = UINT64_MAX;
#pragma omp for schedule(static)
        for (uint32_t r = 1; r <= k; r++) { /* each vertex's lowest edge */
            if (r + 2 * AHEAD <= k) {
                uint64_t far = tree[r + 2 * AHEAD].id;
                __builtin_prefetch(&g->u[far]);
                __builtin_prefetch(&g->v[far]);
            }
            if (r + AHEAD <= k) {
                uint64_t near = tree[r + AHEAD].id;
                __builtin_prefetch(&rv[g->u[near]], 1);
                __builtin_prefetch(&rv[g->v[near]], 1);
            }
            uint64_t e = tree[r].id;
            uint32_t a = g->u[e], b = g->v[e];
            ends[r - 1] = (uint64_t)a << 32 | b;
            par_min_u64(&rv[a].low, (uint64_t)r << 32 | b);
            par_min_u64(&rv[b].low, (uint64_t)r << 32 | a);
        }
#pragma omp for schedule(static)
        for (uint32_t x = 0; x < n; x++) { /* hooks */
            uint32_t y = rv[x].low == UINT64_MAX ? x : (uint32_t)rv[x].low;
            rv[x].comp = rv[y].low >> 32 == rv[x].low >> 32 && x < y ? x : y;
        }
#pragma omp for schedule(static)
        for (uint32_t x = 0; x < n; x++) { /* roots */
            uint32_t y = x, z;
            while ((z = __atomic_load_n(&rv[y].comp, __ATOMIC_RELAXED)) != y) {
                uint32_t up = __atomic_load_n(&rv[z].comp, __ATOMIC_RELAXED);
                if (up != z)
                    __atomic_store_n(&rv[y].comp, up, __ATOMIC_RELAXED);
                y = up;
            }
            rv[x].root = y;
        }
        /* The roots numbered in order; every vertex its root's number. */
        par_team_slice(n, t, p, &lo, &hi);
        for (uint64_t x = lo; x < hi; x++)
            c += rv[x].root == x;
        c = par_team_offset(c, part, &total);
        for (uint64_t x = lo; x < hi; x++)
            if (rv[x].root == x)
                rv[x].comp = (uint32_t)c++;
#pragma omp barrier
        for (uint64_t x = lo; x < hi; x++)
            if (rv[x].root != x)
                rv[x].comp = rv[rv[x].root].comp;
#pragma omp single
        comps = total;
        /* The edges not selected, between components. */
        par_team_slice(k, t, p, &lo, &hi);
        c = 0;
        for (uint64_t i = lo; i < hi; i++) { /* ends[i] becomes its components', or none */
            if (i + AHEAD < hi) {
                __builtin_prefetch(&rv[ends[i + AHEAD] >> 32]);
                __builtin_prefetch(&rv[(uint32_t)ends[i + AHEAD]]);
            }
            round_vertex a = rv[ends[i] >> 32], b = rv[(uint32_t)ends[i]];
            int kept = a.low >> 32 != i + 1 && b.low >> 32 != i + 1;
            ends[i] = kept ? (uint64_t)a.comp << 32 | b.comp : UINT64_MAX;
            c += kept;
            cycle |= kept && a.comp == b.comp;
        }
        c = par_team_offset(c, part, &total);
        for (uint64_t i = lo; i < hi; i++)
            if (ends[i] != UINT64_MAX)
                arc[c++] = (tree_arc){ends[i] >> 32, (uint32_t)ends[i], (uint32_t)(i + 1)};
#pragma omp single
        left = total;
    }
    *nc = (uint32_t)comps;
    *kc = (uint32_t)left;
    st = cycle ? MST_EVERIFY : MST_OK;
fail:
    free(ends);
    free(part);
    return st;
}

/*
 * Steps 2 and 3 for the forest's edges tree[1..k] (rank order), side by side over `threads`
 * but for the union-find: on more than one thread the Borůvka round first (on one, it costs
 * more than the smaller union-find saves: docs/results.md), then the Kruskal tree of the
 * components and the edges left (merge r joins the sets of its edge's ends, the first one's
 * components before the second's), its leaves' places by one pass from the last merge down,
 * the range-maximum tables of the gaps, and every vertex's record. Errors: MST_EVERIFY, with no
 * message, when the edges form a cycle; MST_ERESOURCE.
 */
static mst_status build_path_maxima(const mst_graph *g, const tree_edge *tree, uint32_t k,
                                    int threads, path_maxima *pm)
{
    mst_status st = MST_OK;
    uint32_t n = g->n, nk = n, kk = k, *msize = NULL, *off = NULL;
    uint64_t *child = NULL, *both = NULL;
    krt_set *set = NULL;
    round_vertex *rv = NULL;
    tree_arc *arc = NULL;
    if (threads > 1) {
        MST_ALLOC(rv, n);
        MST_ALLOC(arc, k);
        MST_CHECK(boruvka_round(g, tree, k, threads, rv, arc, &nk, &kk));
    }
    /* The Kruskal tree of the components and the edges left. */
    MST_ALLOC_BY(mst_big_alloc, set, nk); /* set[], at[], tree[]: read at random, huge pages */
    MST_ALLOC(child, 2 * (uint64_t)kk);
    MST_ALLOC(msize, kk);
    for (uint32_t x = 0; x < nk; x++)
        set[x] = (krt_set){x, 1, x};
    for (uint32_t r = 1; r <= kk; r++) {
        uint32_t a, b;
        if (arc != NULL) { /* the round's edges left */
            if (r + AHEAD <= kk) {
                __builtin_prefetch(&set[arc[r - 1 + AHEAD].a]);
                __builtin_prefetch(&set[arc[r - 1 + AHEAD].b]);
            }
            a = arc[r - 1].a, b = arc[r - 1].b;
        } else { /* the tree edges' ends, then their sets, ahead of their turn */
            if (r + 2 * AHEAD <= kk) {
                uint64_t far = tree[r + 2 * AHEAD].id, near = tree[r + AHEAD].id;
                __builtin_prefetch(&g->u[far]);
                __builtin_prefetch(&g->v[far]);
                __builtin_prefetch(&set[g->u[near]]);
                __builtin_prefetch(&set[g->v[near]]);
            }
            a = g->u[tree[r].id], b = g->v[tree[r].id];
        }
        a = krt_find(set, a), b = krt_find(set, b);
        if (a == b) { /* step 2: no cycle */
            st = MST_EVERIFY;
            goto fail;
        }
        child[2 * (r - 1)] = set[a].node;
        child[2 * (r - 1) + 1] = set[b].node;
        uint32_t size = set[a].size + set[b].size, root = set[a].size >= set[b].size ? a : b;
        set[a ^ b ^ root].parent = root;
        set[root].size = msize[r - 1] = size;
        set[root].node = (uint64_t)nk + r - 1;
    }
    /* Places: each tree's leaves from its first place on, a merge's first child's before its
     * second's; the merge itself is the gap after the first child's last leaf. */
    MST_ALLOC(off, (uint64_t)nk + kk);
    MST_ALLOC(pm->gap, nk);
    for (uint32_t x = 0, p = 0; x < nk; x++) {
        pm->gap[x] = UINT32_MAX;
        if (set[x].parent == x)
            off[set[x].node] = p, p += set[x].size;
    }
    for (uint32_t r = kk; r >= 1; r--) {
        if (r > AHEAD) {
            uint64_t ahead = child[2 * (r - 1 - AHEAD)];
            __builtin_prefetch(&off[ahead]);
            __builtin_prefetch(&off[child[2 * (r - 1 - AHEAD) + 1]]);
            if (ahead >= nk)
                __builtin_prefetch(&msize[ahead - nk]);
        }
        uint64_t first = child[2 * (r - 1)], second = child[2 * (r - 1) + 1];
        uint32_t at = off[(uint64_t)nk + r - 1], size = first < nk ? 1 : msize[first - nk];
        off[first] = at;
        off[second] = at + size;
        pm->gap[at + size - 1] = arc != NULL ? arc[r - 1].rank : r;
    }
    /* Range maxima: by place, each block's suffix and prefix maxima (into both[]: suffix in the
     * high half), then by vertex. */
    pm->blocks = (nk + BLOCK - 1) / BLOCK;
    uint32_t levels = 1;
    while (((uint64_t)1 << levels) <= pm->blocks)
        levels++;
    MST_ALLOC(pm->table, (uint64_t)levels * pm->blocks);
    MST_ALLOC(both, nk);
    MST_ALLOC_BY(mst_big_alloc, pm->at, n);
#pragma omp parallel for schedule(static) num_threads(threads)
    for (uint32_t b = 0; b < pm->blocks; b++) {
        uint32_t lo = b * BLOCK, hi = lo + BLOCK < nk ? lo + BLOCK : nk, mx = 0;
        for (uint32_t i = hi; i-- > lo;)
            both[i] = (uint64_t)(mx = max_u32(mx, pm->gap[i])) << 32;
        pm->table[b] = mx;
        mx = 0;
        for (uint32_t i = lo; i < hi; i++) {
            both[i] |= mx;
            mx = max_u32(mx, pm->gap[i]);
        }
    }
#pragma omp parallel for schedule(static) num_threads(threads)
    for (uint32_t x = 0; x < n; x++) {
        uint32_t place = off[rv != NULL ? rv[x].comp : x];
        uint32_t low = rv == NULL || rv[x].low == UINT64_MAX ? 0 : (uint32_t)(rv[x].low >> 32);
        uint64_t w = both[place];
        pm->at[x] = (vertex_place){place, (uint32_t)(w >> 32), (uint32_t)w, low};
    }
    for (uint32_t j = 1; j < levels; j++) {
        uint32_t *t = pm->table + (uint64_t)j * pm->blocks, *below = t - pm->blocks;
#pragma omp parallel for schedule(static) num_threads(threads)
        for (uint32_t b = 0; b <= pm->blocks - (1u << j); b++)
            t[b] = max_u32(below[b], below[b + (1u << (j - 1))]);
    }
fail:
    free(rv);
    free(arc);
    free(set);
    free(child);
    free(msize);
    free(off);
    free(both);
    return st;
}

/* The rank of the largest tree edge on the path between vertices a and b (a != b), or
 * UINT32_MAX if they lie in two trees: the larger of their lowest edges', and of the largest
 * gap between their components' places when those differ. */
static inline uint32_t path_max(const path_maxima *pm, uint32_t a, uint32_t b)
{
    vertex_place x = pm->at[a], y = pm->at[b];
    uint32_t mx = max_u32(x.low, y.low);
    if (x.place == y.place)
        return mx;
    if (x.place > y.place) {
        vertex_place t = x;
        x = y;
        y = t;
    }
    uint32_t bl = x.place / BLOCK, bh = y.place / BLOCK;
    if (bl == bh) {
        for (uint32_t i = x.place; i < y.place; i++)
            mx = max_u32(mx, pm->gap[i]);
        return mx;
    }
    mx = max_u32(mx, max_u32(x.suf, y.pre));
    if (bl + 1 < bh) {
        uint32_t j = 31 - (uint32_t)__builtin_clz(bh - bl - 1);
        const uint32_t *t = pm->table + (uint64_t)j * pm->blocks;
        mx = max_u32(mx, max_u32(t[bl + 1], t[bh - (1u << j)]));
    }
    return mx;
}

/*
 * The sensitivity of the tree edges (bound[] of mst_verify_minimum): for each tree edge eid[i],
 * the first non-tree edge in the order checked whose tree path covers it, UINT64_MAX for none.
 * The forest is rooted (a breadth-first search from each tree's lowest vertex), then the
 * non-tree edges are taken in that order, and each climbs its path from both ends to where they
 * meet, giving itself to the tree edges on the way that have no bound yet. A union-find whose
 * set of x is the highest ancestor reached from x by such edges lets a climb jump over them
 * (path halving), so each tree edge is given once (Tarjan 1982, "Sensitivity analysis of
 * minimum spanning trees and shortest path trees", by path compression; linking each set to
 * its parent's costs O(m log_{2+m/n} n), Tarjan and van Leeuwen 1984). The forest must have
 * passed the checks (every non-tree edge inside one tree). Errors: MST_ERESOURCE.
 */
static mst_status cover_tree_edges(const mst_graph *g, const uint64_t *eid, uint64_t k,
                                   const uint64_t *in_tree, int maximum, int threads,
                                   uint64_t *bound)
{
    mst_status st = MST_OK;
    uint32_t n = g->n, *parent = NULL, *depth = NULL, *queue = NULL, *up = NULL;
    uint64_t m = g->m, *pedge = NULL, *rest = NULL;
    tree_edge *order = NULL;
    mst_graph forest; /* the tree edges, forest edge i being eid[i], and their CSR */
    mst_csr c = {0, NULL, NULL, NULL};
    memset(&forest, 0, sizeof forest);
    forest.n = n;
    forest.m = k;
    MST_ALLOC(forest.u, k);
    MST_ALLOC(forest.v, k);
    MST_ALLOC(parent, n);
    MST_ALLOC(depth, n);
    MST_ALLOC(queue, n);
    MST_ALLOC(pedge, n);
    for (uint64_t i = 0; i < k; i++) {
        bound[eid[i]] = UINT64_MAX;
        forest.u[i] = g->u[eid[i]];
        forest.v[i] = g->v[eid[i]];
    }
    MST_CHECK(mst_csr_build(&forest, &c));
    for (uint32_t x = 0; x < n; x++)
        parent[x] = UINT32_MAX;
    for (uint32_t root = 0; root < n; root++) {
        if (parent[root] != UINT32_MAX)
            continue;
        uint32_t head = 0, tail = 0;
        parent[root] = root;
        depth[root] = 0;
        pedge[root] = UINT64_MAX;
        queue[tail++] = root;
        while (head < tail) {
            uint32_t x = queue[head++];
            for (uint64_t j = c.offset[x]; j < c.offset[x + 1]; j++) {
                uint64_t e = eid[c.eid[j]];
                uint32_t y = c.adj[j];
                if (e == pedge[x])
                    continue;
                parent[y] = x;
                depth[y] = depth[x] + 1;
                pedge[y] = e;
                queue[tail++] = y;
            }
        }
    }
    mst_csr_free(&c);
    free(forest.u);
    free(forest.v);
    free(queue);
    forest.u = forest.v = NULL;
    queue = NULL;
    MST_ALLOC(rest, m - k + 1);
    MST_ALLOC(order, m - k + 1);
    uint64_t r = 0;
    for (uint64_t e = 0; e < m; e++)
        if (!(in_tree[e >> 6] >> (e & 63) & 1))
            rest[r++] = e;
    MST_CHECK(rank_edges(g, maximum, rest, r, threads, order));
    free(rest);
    rest = NULL;
    MST_ALLOC(up, n);
    for (uint32_t x = 0; x < n; x++)
        up[x] = x;
    for (uint64_t i = 1, left = k; i <= r && left > 0; i++) {
        uint64_t e = order[i].id;
        uint32_t a = g->u[e], b = g->v[e];
        for (;;) {
            while (up[a] != a)
                a = up[a] = up[up[a]];
            while (up[b] != b)
                b = up[b] = up[up[b]];
            if (a == b)
                break;
            if (depth[a] < depth[b]) {
                uint32_t t = a;
                a = b;
                b = t;
            }
            bound[pedge[a]] = e;
            up[a] = parent[a];
            left--;
        }
    }
fail:
    mst_csr_free(&c);
    free(forest.u);
    free(forest.v);
    free(parent);
    free(depth);
    free(queue);
    free(pedge);
    free(rest);
    free(order);
    free(up);
    return st;
}

/*
 * Both verifiers (core.h): `canonical` refuses a tie broken against the edge id, else it is
 * only recorded in *res (may be NULL); bound (may be NULL) gets the sensitivity when the forest
 * passes.
 */
static mst_status verify(const mst_graph *g, const uint64_t *eid, uint64_t k, int maximum,
                         int threads, int canonical, mst_verify_result *res, uint64_t *bound)
{
    mst_status st = MST_OK;
    uint64_t *in_tree = NULL;
    tree_edge *tree = NULL;
    uint32_t *slice_rank = NULL;
    path_maxima pm;
    memset(&pm, 0, sizeof pm);
    if (res != NULL)
        *res = (mst_verify_result){UINT64_MAX, UINT64_MAX, UINT64_MAX};
    threads = par_team_for(threads > 0 ? (uint64_t)threads : 0, g->m);
    MST_CALLOC(in_tree, (size_t)(g->m / 64 + 1));
    MST_CHECK(check_ids(g, eid, k, in_tree));
    if (k >= (uint64_t)g->n && k > 0) /* more edges than a forest has */
        MST_CHECK(name_cycle(g, eid, k));
    MST_ALLOC_BY(mst_big_alloc, tree, k + 1);
    MST_CHECK(rank_edges(g, maximum, eid, k, threads, tree));
    st = build_path_maxima(g, tree, (uint32_t)k, threads, &pm);
    if (st == MST_EVERIFY)
        st = name_cycle(g, eid, k);
    if (st != MST_OK)
        goto fail;
    /* The tree words' range [lightest, heaviest] cut into SLICES slices of 2^shift words, and
     * the first rank whose word reaches each slice (k + 1: none): a non-tree edge's word w in
     * slice i is above every rank below slice_rank[i] and below every rank from
     * slice_rank[i + 1] on, so that step 4 reads tree[r] only when r falls in w's own slice
     * (rarely, unless weights tie). */
    uint64_t lightest = k > 0 ? tree[1].word : 0, heaviest = k > 0 ? tree[k].word : 0;
    int shift = 0;
    MST_ALLOC(slice_rank, SLICES + 1);
    while ((heaviest - lightest) >> shift >= SLICES)
        shift++;
#pragma omp parallel for schedule(static) num_threads(threads)
    for (uint64_t r = 1; r <= k + 1; r++) { /* the slices after rank r - 1's up to r's */
        uint64_t from = r > 1 ? ((tree[r - 1].word - lightest) >> shift) + 1 : 0;
        uint64_t to = r <= k ? (tree[r].word - lightest) >> shift : SLICES;
        for (uint64_t i = from; i <= to; i++)
            slice_rank[i] = (uint32_t)r;
    }
    /* Step 4, in chunks of CHUNK edges: the path maxima of a chunk first, then their tree
     * edges, so that the reads of one edge do not wait for another's. A non-tree edge lighter
     * than its path maximum fails every check; one of equal weight and lower id only the
     * canonical one. */
    uint64_t first_split = UINT64_MAX, first_bad = UINT64_MAX, first_tie = UINT64_MAX;
    uint64_t m = g->m;
#pragma omp parallel for schedule(static) num_threads(threads) \
    reduction(min : first_split, first_bad, first_tie)
    for (uint64_t lo = 0; lo < m; lo += CHUNK) {
        uint32_t rank[CHUNK];
        uint64_t hi = lo + CHUNK < m ? lo + CHUNK : m;
        for (uint64_t e = lo; e < hi; e++) {
            if (e + AHEAD < hi) { /* the places of the ends of the edge AHEAD on */
                __builtin_prefetch(&pm.at[g->u[e + AHEAD]]);
                __builtin_prefetch(&pm.at[g->v[e + AHEAD]]);
            }
            int skip = in_tree[e >> 6] >> (e & 63) & 1 || g->u[e] == g->v[e]; /* no path */
            rank[e - lo] = skip ? 0 : path_max(&pm, g->u[e], g->v[e]);
        }
        for (uint64_t e = lo; e < hi; e++) {
            uint32_t r = rank[e - lo];
            if (r == 0) /* a tree edge */
                continue;
            if (r == UINT32_MAX) {
                first_split = e < first_split ? e : first_split;
                continue;
            }
            if (bound != NULL)
                bound[e] = tree[r].id;
            uint64_t w = weight_word(g, e, maximum);
            uint64_t i = (w - lightest) >> shift; /* w's slice if w is in the range */
            if (w > heaviest || (w >= lightest && r < slice_rank[i]))
                continue; /* heavier than its path maximum */
            if (w < lightest || r >= slice_rank[i + 1] || w < tree[r].word)
                first_bad = e < first_bad ? e : first_bad;
            else if (w == tree[r].word && e < tree[r].id)
                first_tie = e < first_tie ? e : first_tie;
        }
    }
    uint64_t c = (uint64_t)g->n - k;
    if (first_split != UINT64_MAX) { /* fewer edges than n - c: count the components */
        mst_dsu d;
        MST_CHECK(mst_dsu_init(&d, g->n));
        c = g->n;
        for (uint64_t e = 0; e < m; e++)
            c -= (uint64_t)mst_dsu_union(&d, g->u[e], g->v[e]);
        mst_dsu_free(&d);
    }
    if (res != NULL) {
        res->components = c;
        if (first_tie != UINT64_MAX) {
            res->tie = first_tie;
            res->tie_tree = tree[path_max(&pm, g->u[first_tie], g->v[first_tie])].id;
        }
    }
    if (first_split != UINT64_MAX)
        MST_FAIL(MST_EVERIFY, "output has %" PRIu64 " edges, a spanning forest of this graph has "
                 "%" PRIu32 " - %" PRIu64 " = %" PRIu64, k, g->n, c, (uint64_t)g->n - c);
    if (canonical && first_tie < first_bad)
        first_bad = first_tie;
    if (first_bad != UINT64_MAX) {
        uint64_t e = first_bad;
        uint64_t t = tree[path_max(&pm, g->u[e], g->v[e])].id;
        char de[96], dt[96];
        mst_format_edge(g, e, de);
        mst_format_edge(g, t, dt);
        /* Equal weights: the forest may weigh the minimum, but it is not the canonical one that
         * every solver returns, and that is what is certified. */
        if (weight_word(g, e, maximum) < weight_word(g, t, maximum))
            MST_FAIL(MST_EVERIFY, "non-tree %s is %s than tree %s on its tree path", de,
                     maximum ? "heavier" : "lighter", dt);
        MST_FAIL(MST_EVERIFY, "non-tree %s precedes tree %s on its tree path in the (weight, "
                 "edge id) order the forest is checked against: equal weights, lower id (only "
                 "the canonical %s spanning forest is accepted)", de, dt,
                 maximum ? "maximum" : "minimum");
    }
    if (bound != NULL)
        st = cover_tree_edges(g, eid, k, in_tree, maximum, threads, bound);
fail:
    free(in_tree);
    free(tree);
    free(slice_rank);
    free(pm.at);
    free(pm.gap);
    free(pm.table);
    return st;
}

mst_status mst_verify_forest(const mst_graph *g, const uint64_t *eid, uint64_t k,
                             uint64_t *components, int maximum, int threads)
{
    mst_verify_result r;
    mst_status st = verify(g, eid, k, maximum, threads, 1, &r, NULL);
    if (components != NULL && r.components != UINT64_MAX)
        *components = r.components;
    return st;
}

mst_status mst_verify_minimum(const mst_graph *g, const uint64_t *eid, uint64_t k, int maximum,
                              int threads, mst_verify_result *res, uint64_t *bound)
{
    return verify(g, eid, k, maximum, threads, 0, res, bound);
}
