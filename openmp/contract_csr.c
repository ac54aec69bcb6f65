/* contract_csr.c: the first level and the contractions of the contract variant, by two-level
 * counting sorts without atomics (see contract_csr.h). */
#include "contract_csr.h"

#include <omp.h>

#include "merge_rows.h"
#include "scan.h"
#include "team_scan.h"

/* Row ids per bucket: 2^shift, at least 64 (a bucket's rows share cache lines) and few enough
 * that there are at most CT_CSR_BUCKETS buckets. */
static int bucket_shift(uint32_t n)
{
    int shift = 6;
    while (((uint64_t)n >> shift) >= CT_CSR_BUCKETS)
        shift++;
    return shift;
}

/* The first level, passes 1 and 2: this thread's edges counted per bucket of their ends, then
 * scattered as (source; far end << 32 | edge id) into the scratch arrays. */
static void scatter_edges(const mst_graph *g, int shift, ct_csr *scratch, uint64_t *hist,
                          uint64_t nb)
{
    int t = omp_get_thread_num(), p = omp_get_num_threads();
    uint64_t lo, hi, *h = hist + (uint64_t)t * nb, *start = hist + (uint64_t)p * nb;
    const uint32_t *u = g->u, *v = g->v;
    par_team_slice(g->m, t, p, &lo, &hi);
    for (uint64_t b = 0; b < nb; b++)
        h[b] = 0;
    for (uint64_t e = lo; e < hi; e++) {
        h[u[e] >> shift]++;
        h[v[e] >> shift]++;
    }
#pragma omp barrier
#pragma omp single
    mst_scan_thread_buckets(hist, nb, p, start);
    uint32_t *src = scratch->adj;
    uint64_t *far = scratch->ki;
    for (uint64_t e = lo; e < hi; e++) {
        uint64_t a = h[u[e] >> shift]++, b = h[v[e] >> shift]++;
        src[a] = u[e];
        far[a] = (uint64_t)v[e] << 32 | e;
        src[b] = v[e];
        far[b] = (uint64_t)u[e] << 32 | e;
    }
#pragma omp barrier
}

/* The first level, pass 3, on the bucket of vertices [x0, x1) whose arcs are scratch[a0, a1):
 * degrees, offsets from a0 and the rows, all this thread's. */
static void fill_bucket(const mst_graph *g, ct_csr *c, const ct_csr *scratch, uint64_t x0,
                        uint64_t x1, uint64_t a0, uint64_t a1)
{
    const uint32_t *src = scratch->adj;
    const uint64_t *far = scratch->ki;
    for (uint64_t x = x0; x < x1; x++)
        c->beg[x] = 0;
    for (uint64_t a = a0; a < a1; a++)
        c->beg[src[a]]++;
    for (uint64_t x = x0, sum = a0; x < x1; x++) {
        uint64_t d = c->beg[x];
        c->beg[x] = c->end[x] = sum;
        sum += d;
    }
    for (uint64_t a = a0; a < a1; a++) {
        uint64_t at = c->end[src[a]]++;
        uint32_t e = (uint32_t)far[a];
        c->adj[at] = (uint32_t)(far[a] >> 32);
        c->ki[at] = (uint64_t)g->key[e] << 32 | e;
    }
}

void ct_csr_build(const mst_graph *g, ct_csr *c, ct_csr *scratch, uint64_t *hist)
{
    int shift = bucket_shift(g->n);
    uint64_t nb = ((uint64_t)g->n >> shift) + 1;
    scatter_edges(g, shift, scratch, hist, nb);
    const uint64_t *start = hist + (uint64_t)omp_get_num_threads() * nb;
    if (omp_get_thread_num() == 0) /* no bucket writes it; the loop's barrier publishes it */
        c->beg[g->n] = 2 * g->m;
#pragma omp for schedule(dynamic, 1)
    for (uint64_t b = 0; b < nb; b++) {
        uint64_t x0 = b << shift, x1 = (b + 1) << shift;
        fill_bucket(g, c, scratch, x0, x1 < g->n ? x1 : g->n, start[b], start[b + 1]);
    }
}

/* The rows of c that thread t of p takes: [*lo, *hi), about as many arcs for every thread
 * (rows are cut at arc offsets t * arcs / p; a row is never split). */
static void arc_slice(const ct_csr *c, uint32_t n, int t, int p, uint32_t *lo, uint32_t *hi)
{
    uint64_t arcs = c->beg[n];
    uint32_t cut[2];
    for (int i = 0; i < 2; i++) {
        uint64_t want = arcs * (uint64_t)(t + i) / (uint64_t)p;
        uint32_t l = 0, r = n; /* the first row starting at or after `want` */
        while (l < r) {
            uint32_t mid = l + (r - l) / 2;
            if (c->beg[mid] < want)
                l = mid + 1;
            else
                r = mid;
        }
        cut[i] = t + i == p ? n : l;
    }
    *lo = cut[0];
    *hi = cut[1];
}

/* Contraction, pass 1 on rows [lo, hi) of c: relabel the far ends, count each row's leaving
 * arcs (w->cnt), and per bucket of new ids the rows that have some (hv) and their arcs (ha). */
static void count_leaving(ct_csr *c, uint32_t lo, uint32_t hi, ct_contraction *w, int shift,
                          uint64_t *hv, uint64_t *ha)
{
    const uint32_t *restrict label = w->label;
    uint32_t *restrict adj = c->adj;
    for (uint32_t v = lo; v < hi; v++) {
        uint32_t id = label[v], k = 0;
        for (uint64_t a = c->beg[v], end = c->end[v]; a < end; a++) {
            uint32_t x = label[adj[a]];
            adj[a] = x;
            k += x != id;
        }
        w->cnt[v] = k;
        if (k > 0) {
            hv[id >> shift]++;
            ha[id >> shift] += k;
        }
    }
}

/* Contraction: bucket b's first member slot (vstart) and first arc (astart) from the
 * column-major scan of the member counts and the plain scan of the arc counts. */
static void scan_contraction(uint64_t *hist, uint64_t nb, int p)
{
    uint64_t *hv = hist, *ha = hist + (uint64_t)p * nb, *vstart = hist + 2 * (uint64_t)p * nb;
    uint64_t *astart = vstart + nb + 1, sum = 0;
    mst_scan_thread_buckets(hv, nb, p, vstart);
    for (uint64_t b = 0; b < nb; b++) {
        astart[b] = sum;
        for (int t = 0; t < p; t++)
            sum += ha[(uint64_t)t * nb + b];
    }
    astart[nb] = sum;
}

/* Contraction, pass 3: copies the leaving arcs of row v (cnt of them) to d from slot `at`.
 * Every arc is written and only a leaving one advances, so that no branch mispredicts; the
 * loop ends with the last leaving arc, so nothing lands past the room. */
static inline uint64_t copy_leaving(const ct_csr *c, uint32_t v, uint32_t id, uint32_t cnt,
                                    ct_csr *d, uint64_t at)
{
    const uint32_t *restrict adj = c->adj;
    const uint64_t *restrict ki = c->ki;
    uint32_t *restrict to = d->adj;
    uint64_t *restrict to_ki = d->ki;
    for (uint64_t a = c->beg[v], stop = at + cnt; at < stop; a++) {
        uint32_t x = adj[a];
        to[at] = x;
        to_ki[at] = ki[a];
        at += x != id;
    }
    return at;
}

/* Contraction, pass 3 on the bucket of new rows [x0, x1), whose members are order[m0, m1) and
 * whose arcs start at a0: degrees, offsets, rows, and merging. Returns the arcs merged away. */
static uint64_t fill_rows(const ct_csr *c, ct_csr *d, const ct_contraction *w, uint64_t x0,
                          uint64_t x1, uint64_t m0, uint64_t m1, uint64_t a0)
{
    const uint32_t *label = w->label, *order = w->order, *cnt = w->cnt;
    uint64_t removed = 0;
    for (uint64_t x = x0; x < x1; x++)
        d->beg[x] = 0;
    for (uint64_t i = m0; i < m1; i++)
        d->beg[label[order[i]]] += cnt[order[i]];
    for (uint64_t x = x0, sum = a0; x < x1; x++) {
        uint64_t k = d->beg[x];
        d->beg[x] = d->end[x] = sum;
        sum += k;
    }
    for (uint64_t i = m0; i < m1; i++) {
        uint32_t v = order[i], id = label[v];
        d->end[id] = copy_leaving(c, v, id, cnt[v], d, d->end[id]);
    }
    for (uint64_t x = x0; w->merge && x < x1; x++) {
        uint64_t len = d->end[x] - d->beg[x];
        uint64_t kept = par_merge_row(d->adj + d->beg[x], d->ki + d->beg[x], len);
        d->end[x] = d->beg[x] + kept;
        removed += len - kept;
    }
    return removed;
}

uint64_t ct_csr_contract(ct_csr *c, uint32_t n, ct_csr *d, uint32_t n_new, ct_contraction *w)
{
    int t = omp_get_thread_num(), p = omp_get_num_threads(), shift = bucket_shift(n_new);
    uint64_t nb = ((uint64_t)n_new >> shift) + 1;
    uint64_t *hv = w->hist + (uint64_t)t * nb, *ha = w->hist + (uint64_t)(p + t) * nb;
    const uint64_t *vstart = w->hist + 2 * (uint64_t)p * nb, *astart = vstart + nb + 1;
    uint32_t lo, hi;
    arc_slice(c, n, t, p, &lo, &hi);
    for (uint64_t b = 0; b < nb; b++)
        hv[b] = ha[b] = 0;
    if (t == 0) /* read after this call's last barrier, written before its first */
        __atomic_store_n(&w->removed, 0, __ATOMIC_RELAXED);
    count_leaving(c, lo, hi, w, shift, hv, ha);
#pragma omp barrier
#pragma omp single
    scan_contraction(w->hist, nb, p);
    for (uint32_t v = lo; v < hi; v++) /* pass 2: members into their bucket's slots */
        if (w->cnt[v] > 0)
            w->order[hv[w->label[v] >> shift]++] = v;
    if (t == 0)
        d->beg[n_new] = astart[nb];
#pragma omp barrier
    uint64_t removed = 0;
#pragma omp for schedule(dynamic, 1) nowait
    for (uint64_t b = 0; b < nb; b++) {
        uint64_t x0 = b << shift, x1 = (b + 1) << shift;
        removed += fill_rows(c, d, w, x0, x1 < n_new ? x1 : n_new, vstart[b], vstart[b + 1],
                             astart[b]);
    }
    if (removed > 0)
        __atomic_fetch_add(&w->removed, removed, __ATOMIC_RELAXED);
    uint64_t arcs = astart[nb];
#pragma omp barrier
    return arcs - __atomic_load_n(&w->removed, __ATOMIC_RELAXED);
}
