/*
 * dsu.h: concurrent union-find for mst-omp, five variants over one array of 64-bit records
 * rec[x] = rank << 32 | parent (rank is used by the rank-linking variants only).
 *
 *  waitfree  Anderson and Woll, "Wait-free parallel algorithms for the union-find problem",
 *            STOC 1991: rank and parent change together by one 64-bit CAS, union by rank with
 *            the vertex id breaking ties, find without write-back (Shou and He, Listing 4).
 *  lock      one global lock around every union (find, then link by rank); finds outside a
 *            union take no lock (Ma and Wan, section 3.1.1, the "locked" variant).
 *  half      CAS path halving in find, CAS link of the larger id under the smaller.
 *  full      CAS full path compression in find (a second pass over the path, up to the root
 *            found by the first), CAS link by id.
 *  plain     no compression, CAS link by id (as ECL-MST, which relies on the worklist's
 *            implicit path compression instead).
 * Every access is an __atomic builtin, so the structure is race-free under ThreadSanitizer.
 */
#ifndef MST_OMP_DSU_H
#define MST_OMP_DSU_H

#include <omp.h>
#include <stdint.h>

typedef enum par_dsu_kind {
    DSU_WAITFREE = 0,
    DSU_LOCK,
    DSU_HALF,
    DSU_FULL,
    DSU_PLAIN
} par_dsu_kind;

typedef struct par_dsu {
    uint64_t *rec;    /* [n] rank << 32 | parent */
    omp_lock_t lock;  /* DSU_LOCK only */
} par_dsu;

#define DSU_PARENT(r) ((uint32_t)(r))
#define DSU_RANK(r) ((uint32_t)((r) >> 32))

static inline uint64_t dsu_load(const par_dsu *d, uint32_t x)
{
    return __atomic_load_n(&d->rec[x], __ATOMIC_RELAXED);
}

static inline int dsu_cas(par_dsu *d, uint32_t x, uint64_t expect, uint64_t want)
{
    return __atomic_compare_exchange_n(&d->rec[x], &expect, want, 0, __ATOMIC_ACQ_REL,
                                       __ATOMIC_RELAXED);
}

/* Representative of x's set. */
static inline __attribute__((always_inline)) uint32_t dsu_find(par_dsu *d, uint32_t x,
                                                               par_dsu_kind kind)
{
    if (kind == DSU_HALF) {
        for (;;) {
            uint64_t rx = dsu_load(d, x);
            uint32_t p = DSU_PARENT(rx);
            if (p == x)
                return x;
            uint32_t gp = DSU_PARENT(dsu_load(d, p));
            if (gp != p) /* halve: x skips to its grandparent; a lost race is harmless */
                dsu_cas(d, x, rx, (rx & 0xFFFFFFFF00000000ull) | gp);
            x = gp;
        }
    }
    uint32_t root = x;
    for (uint32_t p; (p = DSU_PARENT(dsu_load(d, root))) != root;)
        root = p;
    if (kind == DSU_FULL) {
        /* Point every node of the path at the root, but only nodes of higher id: a parent's
         * id is lower than its child's (links put the larger id under the smaller). By the
         * time of this pass the root may have been linked under another, and a node the
         * path now reaches beyond it, pointed back at it, would close a cycle. */
        while (x > root) {
            uint64_t rx = dsu_load(d, x);
            uint32_t p = DSU_PARENT(rx);
            if (p == root || p == x)
                break;
            dsu_cas(d, x, rx, (rx & 0xFFFFFFFF00000000ull) | root);
            x = p;
        }
    }
    return root;
}

/* Links root `child` under root `parent` by rank; returns 0 if child stopped being a root. */
static inline int dsu_link_by_rank(par_dsu *d, uint32_t a, uint32_t b)
{
    uint64_t ra = dsu_load(d, a), rb = dsu_load(d, b);
    if (DSU_PARENT(ra) != a || DSU_PARENT(rb) != b)
        return 0;
    /* The lower (rank, id) goes under the higher. */
    if (DSU_RANK(ra) > DSU_RANK(rb) || (DSU_RANK(ra) == DSU_RANK(rb) && a > b)) {
        uint32_t t = a;
        a = b;
        b = t;
        uint64_t r = ra;
        ra = rb;
        rb = r;
    }
    if (!dsu_cas(d, a, ra, (ra & 0xFFFFFFFF00000000ull) | b))
        return 0;
    if (DSU_RANK(ra) == DSU_RANK(rb)) /* may fail if b changed: the rank is only a bound */
        dsu_cas(d, b, rb, rb + (1ull << 32));
    return 1;
}

/* Joins the sets of x and y; returns 1 if they were different sets. */
static inline __attribute__((always_inline)) int dsu_union(par_dsu *d, uint32_t x, uint32_t y,
                                                           par_dsu_kind kind)
{
    if (kind == DSU_LOCK) {
        omp_set_lock(&d->lock);
        uint32_t a = dsu_find(d, x, kind), b = dsu_find(d, y, kind);
        int joined = a != b && dsu_link_by_rank(d, a, b);
        omp_unset_lock(&d->lock);
        return joined;
    }
    for (;;) {
        uint32_t a = dsu_find(d, x, kind), b = dsu_find(d, y, kind);
        if (a == b)
            return 0;
        if (kind == DSU_WAITFREE) {
            if (dsu_link_by_rank(d, a, b))
                return 1;
        } else {
            uint32_t lo = a < b ? a : b, hi = a ^ b ^ lo; /* larger id under the smaller */
            if (dsu_cas(d, hi, hi, lo))
                return 1;
        }
        x = a; /* someone linked a or b meanwhile: retry from the old roots */
        y = b;
    }
}

#endif
