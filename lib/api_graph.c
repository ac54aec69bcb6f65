/*
 * api_graph.c: msf_graph, a canonical graph (common/core/core.h) built from the caller's
 * arrays, and the way from its edge ids back to the input's positions, or loaded from a file.
 */
#include <float.h>
#include <inttypes.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"
#include "loader.h"

mst_status lib_graph_set_weights(msf_graph *a, msf_weight_type type, const void *w, int threads)
{
    mst_status st = MST_OK;
    void *kept = NULL;
    uint64_t m = a->m_input, bad = UINT64_MAX;
    int narrow = mst_weight_is_wide((mst_weight_type)type);
    if ((unsigned)type > MSF_WEIGHT_FLOAT64)
        return mst_fail(MST_EUSAGE, "unknown weight type %d", (int)type);
    /* Every float weight finite, as the text loaders want them (.msb files may hold
     * infinities; an API caller who means "no edge" leaves the edge out); whether the 64-bit
     * ones all fit 32 bits. */
#pragma omp parallel for schedule(static) num_threads(par_team_for(threads, m))                    \
    reduction(min : bad) reduction(&& : narrow)
    for (uint64_t e = 0; e < m; e++) {
        if (type == MSF_WEIGHT_FLOAT32 && !isfinite(((const float *)w)[e]))
            bad = e < bad ? e : bad;
        if (type == MSF_WEIGHT_FLOAT64) {
            double x = ((const double *)w)[e];
            if (!isfinite(x))
                bad = e < bad ? e : bad;
            else
                narrow = narrow && fabs(x) <= FLT_MAX && (double)(float)x == x;
        }
        if (type == MSF_WEIGHT_INT64) {
            int64_t x = ((const int64_t *)w)[e];
            narrow = narrow && x >= INT32_MIN && x <= INT32_MAX;
        }
        if (type == MSF_WEIGHT_UINT64)
            narrow = narrow && ((const uint64_t *)w)[e] <= UINT32_MAX;
    }
    if (bad != UINT64_MAX)
        return mst_fail(MST_EINPUT, "edge %" PRIu64 ": %s weight", bad,
                        isnan(type == MSF_WEIGHT_FLOAT32 ? ((const float *)w)[bad]
                                                         : ((const double *)w)[bad])
                            ? "NaN"
                            : "infinite");
    /* The kept edges' weights, in their order, where self-loops were dropped, as 32-bit values
     * where they fit. */
    mst_weight_type t = !narrow                        ? (mst_weight_type)type
                        : type == MSF_WEIGHT_FLOAT64 ? MST_WEIGHT_FLOAT32
                        : type == MSF_WEIGHT_INT64   ? MST_WEIGHT_INT32
                                                     : MST_WEIGHT_UINT32;
    if (a->input_id != NULL || narrow) {
        size_t size = mst_weight_is_wide(t) ? 8 : 4;
        if ((kept = mst_alloc(a->g.m, size)) == NULL)
            return MST_ERESOURCE;
#pragma omp parallel for schedule(static) num_threads(par_team_for(threads, a->g.m))
        for (uint64_t k = 0; k < a->g.m; k++) {
            uint64_t e = a->input_id != NULL ? a->input_id[k] : k;
            if (!narrow)
                memcpy((char *)kept + k * size, (const char *)w + e * size, size);
            else if (type == MSF_WEIGHT_FLOAT64)
                ((float *)kept)[k] = (float)((const double *)w)[e];
            else if (type == MSF_WEIGHT_INT64)
                ((int32_t *)kept)[k] = (int32_t)((const int64_t *)w)[e];
            else
                ((uint32_t *)kept)[k] = (uint32_t)((const uint64_t *)w)[e];
        }
    }
    st = mst_graph_set_weights(&a->g, t, kept != NULL ? kept : w);
    free(kept);
    return st;
}

msf_status msf_graph_create(uint32_t n, uint64_t m, const uint32_t *u, const uint32_t *v,
                            msf_weight_type type, const void *w, msf_graph **out)
{
    mst_status st = MST_OK;
    msf_graph *a = NULL;
    mst_clear_error();
    if (out == NULL)
        return (msf_status)mst_fail(MST_EUSAGE, "msf_graph_create: out is NULL");
    *out = NULL;
    if (m > 0 && (u == NULL || v == NULL))
        return (msf_status)mst_fail(MST_EUSAGE, "msf_graph_create: %s is NULL with m = %" PRIu64,
                                    u == NULL ? "u" : "v", m);
    if ((unsigned)type > MSF_WEIGHT_FLOAT64)
        return (msf_status)mst_fail(MST_EUSAGE, "msf_graph_create: unknown weight type %d",
                                    (int)type);
    uint64_t bad = UINT64_MAX, loops = 0;
    int team = par_team_for(0, m);
#pragma omp parallel for schedule(static) num_threads(team) reduction(min : bad)               \
    reduction(+ : loops)
    for (uint64_t e = 0; e < m; e++) {
        if (u[e] >= n || v[e] >= n)
            bad = e < bad ? e : bad;
        loops += u[e] == v[e];
    }
    if (bad != UINT64_MAX)
        return (msf_status)mst_fail(MST_EINPUT, "edge %" PRIu64 ": vertex %" PRIu32 " is not "
                                    "below n = %" PRIu32, bad, u[bad] >= n ? u[bad] : v[bad], n);
    a = calloc(1, sizeof *a);
    if (a == NULL)
        return (msf_status)mst_fail(MST_ERESOURCE, "out of memory allocating a graph");
    a->m_input = m;

    /* Copies the endpoints of the edges that are not self-loops, keeping their order (all of
     * them at once where there are none), and records each kept edge's input position in
     * a->input_id and each loop's vertex in a->loops (both left NULL when there are no
     * self-loops). */
    mst_graph *g = &a->g;
    g->n = n;
    g->format = "arrays";
    g->weight_origin = w != NULL ? MST_WEIGHTS_FROM_FILE : MST_WEIGHTS_UNIT;
    g->file_has_weights = w != NULL;
    g->m = m - loops;
    g->self_loops = loops;
    MST_ALLOC(g->u, g->m);
    MST_ALLOC(g->v, g->m);
    if (loops > 0) {
        MST_ALLOC(a->input_id, g->m);
        MST_ALLOC(a->loops, g->self_loops);
    }
    if (loops == 0) {
#pragma omp parallel for schedule(static) num_threads(team)
        for (uint64_t e = 0; e < m; e++) {
            g->u[e] = u[e];
            g->v[e] = v[e];
        }
    }
    for (uint64_t e = 0, k = 0, j = 0; loops > 0 && e < m; e++) {
        if (u[e] == v[e]) {
            a->loops[j++] = u[e];
            continue;
        }
        g->u[k] = u[e];
        g->v[k] = v[e];
        a->input_id[k++] = e;
    }
    if (w != NULL) {
        MST_CHECK(lib_graph_set_weights(a, type, w, 0));
    } else {
        MST_ALLOC(g->key, g->m);
        for (uint64_t e = 0; e < g->m; e++)
            g->key[e] = mst_key_from_int32(1);
        g->weight_type = MST_WEIGHT_INT32;
    }
    *out = a;
    return MSF_OK;
fail:
    msf_graph_free(a);
    return (msf_status)st;
}

/* Element i of a CSR index array of type t. */
static inline int64_t csr_at(const void *a, msf_index_type t, uint64_t i)
{
    return t == MSF_INDEX_INT64 ? ((const int64_t *)a)[i] : ((const int32_t *)a)[i];
}

/* The address of element i of a CSR index array of type t. */
static inline const void *csr_addr(const void *a, msf_index_type t, uint64_t i)
{
    return (const char *)a + i * (t == MSF_INDEX_INT64 ? 8 : 4);
}

/* The position of column j in row i of a CSR matrix (binary search: the row's columns
 * increase), or UINT64_MAX. */
static uint64_t csr_find(const void *indptr, const void *indices, msf_index_type t, uint64_t i,
                         int64_t j)
{
    uint64_t lo = (uint64_t)csr_at(indptr, t, i), hi = (uint64_t)csr_at(indptr, t, i + 1);
    while (lo < hi) {
        uint64_t mid = lo + (hi - lo) / 2;
        int64_t c = csr_at(indices, t, mid);
        if (c == j)
            return mid;
        if (c < j)
            lo = mid + 1;
        else
            hi = mid;
    }
    return UINT64_MAX;
}

/* Whether data[a] < data[b] for values of type t (as numbers: -0.0 equals 0.0). */
static inline int csr_below(msf_weight_type t, const void *data, uint64_t a, uint64_t b)
{
    switch (t) {
    case MSF_WEIGHT_INT32:
        return ((const int32_t *)data)[a] < ((const int32_t *)data)[b];
    case MSF_WEIGHT_UINT32:
        return ((const uint32_t *)data)[a] < ((const uint32_t *)data)[b];
    case MSF_WEIGHT_FLOAT32:
        return ((const float *)data)[a] < ((const float *)data)[b];
    case MSF_WEIGHT_INT64:
        return ((const int64_t *)data)[a] < ((const int64_t *)data)[b];
    case MSF_WEIGHT_UINT64:
        return ((const uint64_t *)data)[a] < ((const uint64_t *)data)[b];
    default:
        return ((const double *)data)[a] < ((const double *)data)[b];
    }
}

/* Whether data[k] (of type t) is finite and fits the 32-bit type of its kind: a pair weighing
 * it is kept as that type, its key made without a ranking (lib_graph_set_weights). */
static inline int csr_fits32(msf_weight_type t, const void *data, uint64_t k)
{
    switch (t) {
    case MSF_WEIGHT_FLOAT32:
        return isfinite(((const float *)data)[k]);
    case MSF_WEIGHT_INT64:
        return ((const int64_t *)data)[k] >= INT32_MIN && ((const int64_t *)data)[k] <= INT32_MAX;
    case MSF_WEIGHT_UINT64:
        return ((const uint64_t *)data)[k] <= UINT32_MAX;
    case MSF_WEIGHT_FLOAT64:
        return fabs(((const double *)data)[k]) <= FLT_MAX &&
               (double)(float)((const double *)data)[k] == ((const double *)data)[k];
    default:
        return 1;
    }
}

/* The message of the first bad entry of row i (its columns must increase within 0..n-1). */
static mst_status csr_bad_row(uint32_t n, const void *indptr, const void *indices,
                              msf_index_type t, uint64_t i)
{
    for (uint64_t k = (uint64_t)csr_at(indptr, t, i); k < (uint64_t)csr_at(indptr, t, i + 1); k++) {
        int64_t j = csr_at(indices, t, k), prev = k > (uint64_t)csr_at(indptr, t, i)
                                                      ? csr_at(indices, t, k - 1)
                                                      : -1;
        if (j < 0)
            return mst_fail(MST_EINPUT, "matrix: row %" PRIu64 ": column %" PRId64 " is negative",
                            i, j);
        if (j >= (int64_t)n)
            return mst_fail(MST_EINPUT, "matrix: row %" PRIu64 ": column %" PRId64 " is not "
                            "below n = %" PRIu32, i, j, n);
        if (j <= prev)
            return mst_fail(MST_EINPUT, "matrix: row %" PRIu64 ": column %" PRId64 " follows "
                            "column %" PRId64 ": columns must increase (no duplicates)", i, j,
                            prev);
    }
    return mst_fail(MST_EINTERNAL, "matrix: row %" PRIu64 " was found bad, then good", i);
}

mst_status lib_csr_check_indptr(uint32_t n, msf_index_type itype, const void *indptr,
                                int threads, uint64_t *nnz)
{
    uint64_t bad = UINT64_MAX;
#pragma omp parallel for schedule(static) num_threads(par_team_for(threads, n))                    \
    reduction(min : bad)
    for (uint64_t i = 0; i <= n; i++)
        if (csr_at(indptr, itype, i) < (i > 0 ? csr_at(indptr, itype, i - 1) : 0))
            bad = i < bad ? i : bad;
    if (bad == 0)
        return mst_fail(MST_EINPUT, "matrix: indptr[0] = %" PRId64 " is negative",
                        csr_at(indptr, itype, 0));
    if (bad != UINT64_MAX)
        return mst_fail(MST_EINPUT, "matrix: indptr[%" PRIu64 "] = %" PRId64 " is below "
                        "indptr[%" PRIu64 "] = %" PRId64, bad, csr_at(indptr, itype, bad),
                        bad - 1, csr_at(indptr, itype, bad - 1));
    *nnz = (uint64_t)csr_at(indptr, itype, n);
    return MST_OK;
}

/* A lower entry (i, j < i) without a mirror (j, i) in msf_graph_from_csr's mirror array. */
#define ALONE (UINT64_MAX - 1)

msf_status msf_graph_from_csr(uint32_t n, msf_index_type itype, const void *indptr,
                              const void *indices, msf_weight_type type, const void *data,
                              int maximum, int threads, msf_graph **out)
{
    mst_status st = MST_OK;
    msf_graph *a = NULL;
    uint64_t *pairs = NULL;  /* [n + 1] row i's pairs (i, j > i), then where they start */
    uint64_t *lows = NULL;   /* [n + 1] lower entries (j > i, i) without a mirror, by column i */
    uint64_t *mirror = NULL; /* [nnz] an upper entry's chosen entry: its mirror's position
                              * where that wins, else its own; a lower entry's UINT64_MAX, or
                              * ALONE where it has no mirror */
    uint32_t *lower = NULL;  /* the rows j of the lower entries without a mirror, by column */
    uint64_t *part = NULL;   /* the threads' counts (core.h, scan) */
    void *w = NULL;          /* the pairs' weights, of type `type` */
    mst_clear_error();
    if (out == NULL || indptr == NULL)
        return (msf_status)mst_fail(MST_EUSAGE, "msf_graph_from_csr: %s is NULL",
                                    out == NULL ? "out" : "indptr");
    *out = NULL;
    if ((unsigned)itype > MSF_INDEX_INT64 || (unsigned)type > MSF_WEIGHT_FLOAT64 || threads < 0)
        return (msf_status)mst_fail(MST_EUSAGE, "msf_graph_from_csr: %s",
                                    threads < 0 ? "threads is negative"
                                    : (unsigned)type > MSF_WEIGHT_FLOAT64 ? "unknown weight type"
                                                                          : "unknown index type");

    uint64_t nnz = 0, bad = UINT64_MAX;
    MST_CHECK(lib_csr_check_indptr(n, itype, indptr, threads, &nnz));
    if (nnz > 0 && (indices == NULL || data == NULL))
        return (msf_status)mst_fail(MST_EUSAGE, "msf_graph_from_csr: %s is NULL with %" PRIu64
                                    " entries", indices == NULL ? "indices" : "data", nnz);
    int team = par_team_for(threads, nnz);
    size_t size = mst_weight_is_wide((mst_weight_type)type) ? 8 : 4;

    /* Row by row: the columns increase within 0..n-1; the first NaN; each upper entry (i, j)
     * finds its mirror (j, i) by binary search in row j and keeps the entry that weighs the
     * pair (the lighter, the heavier for maximum; its own on a tie), so that the pairs' pass
     * reads the values in order where the matrix is symmetric. The lower entries that no
     * upper entry found (none where the pattern is symmetric) have pairs of their own, which
     * go to the row of their column: a second pass finds and marks them. */
    uint64_t nan = UINT64_MAX, mirrored = 0, below = 0;
    int fits = 1; /* every value finite and of 32 bits: the pairs' weights written as such */
    bad = UINT64_MAX;
    MST_CALLOC(pairs, (uint64_t)n + 1);
    MST_CALLOC(lows, (uint64_t)n + 1);
    if ((mirror = mst_big_alloc(nnz, sizeof *mirror)) == NULL)
        MST_FAIL(MST_ERESOURCE, "out of memory");
#pragma omp parallel for schedule(dynamic, 4096) num_threads(team)                             \
    reduction(min : bad, nan) reduction(+ : mirrored, below) reduction(&& : fits)
    for (uint64_t i = 0; i < n; i++) {
        uint64_t up = 0;
        int64_t prev = -1;
        for (uint64_t k = (uint64_t)csr_at(indptr, itype, i);
             k < (uint64_t)csr_at(indptr, itype, i + 1); k++) {
            int64_t j = csr_at(indices, itype, k);
            if (j <= prev || j >= (int64_t)n) {
                bad = i < bad ? i : bad;
                break;
            }
            prev = j;
            if ((type == MSF_WEIGHT_FLOAT32 && isnan(((const float *)data)[k])) ||
                (type == MSF_WEIGHT_FLOAT64 && isnan(((const double *)data)[k])))
                nan = k < nan ? k : nan;
            fits = fits && csr_fits32(type, data, k);
            below += j < (int64_t)i;
            /* The searches miss the cache: the rows (columns and values) that the entries 16
             * and 32 ahead will search are fetched now (a prefetch never faults). */
            if (k + 32 < nnz) {
                int64_t far = csr_at(indices, itype, k + 32), near = csr_at(indices, itype, k + 16);
                if (far > (int64_t)i && far < (int64_t)n)
                    __builtin_prefetch(csr_addr(indptr, itype, (uint64_t)far));
                if (near > (int64_t)i && near < (int64_t)n) {
                    uint64_t at = (uint64_t)csr_at(indptr, itype, (uint64_t)near);
                    __builtin_prefetch(csr_addr(indices, itype, at));
                    __builtin_prefetch((const char *)data + at * size);
                }
            }
            uint64_t q = j > (int64_t)i
                             ? csr_find(indptr, indices, itype, (uint64_t)j, (int64_t)i)
                             : UINT64_MAX;
            if (j > (int64_t)i)
                mirror[k] = q != UINT64_MAX && (maximum ? csr_below(type, data, k, q)
                                                        : csr_below(type, data, q, k))
                                ? q
                                : k;
            else
                mirror[k] = UINT64_MAX;
            mirrored += q != UINT64_MAX;
            up += j > (int64_t)i;
        }
        pairs[i] = up;
    }
    if (bad != UINT64_MAX)
        MST_CHECK(csr_bad_row(n, indptr, indices, itype, bad));
    if (nan != UINT64_MAX) {
        uint64_t i = 0;
        while ((uint64_t)csr_at(indptr, itype, i + 1) <= nan)
            i++;
        MST_FAIL(MST_EINPUT, "matrix: entry [%" PRIu64 ", %" PRId64 "] is NaN", i,
                 csr_at(indices, itype, nan));
    }
    if (mirrored < below) {
#pragma omp parallel for schedule(dynamic, 4096) num_threads(team)
        for (uint64_t i = 0; i < n; i++)
            for (uint64_t k = (uint64_t)csr_at(indptr, itype, i);
                 k < (uint64_t)csr_at(indptr, itype, i + 1); k++) {
                int64_t j = csr_at(indices, itype, k);
                if (j < (int64_t)i &&
                    csr_find(indptr, indices, itype, (uint64_t)j, (int64_t)i) == UINT64_MAX) {
                    mirror[k] = ALONE;
#pragma omp atomic
                    lows[j]++;
                }
            }
    }

    /* Where each row's pairs start (the pairs in (i, j) order), and its column's lower
     * entries without a mirror. */
    uint64_t m = 0, nlower = 0;
    MST_ALLOC(part, 2 * (uint64_t)team + 2);
#pragma omp parallel num_threads(team)
    {
        int t = omp_get_thread_num(), p = omp_get_num_threads();
        uint64_t lo, hi, count = 0, alone = 0, total;
        par_team_slice(n, t, p, &lo, &hi);
        for (uint64_t i = lo; i < hi; i++) {
            count += pairs[i] + lows[i];
            alone += lows[i];
        }
        count = par_team_offset(count, part, &total);
        alone = par_team_offset(alone, part + p + 1, &total);
        for (uint64_t i = lo; i < hi; i++) {
            uint64_t x = pairs[i] + lows[i], y = lows[i];
            pairs[i] = count;
            lows[i] = alone;
            count += x;
            alone += y;
        }
        if (t == p - 1) {
            m = count;
            nlower = alone;
        }
    }

    /* The rows of those entries, by column, rows increasing; then lows[i] is where column i's
     * end. */
    MST_ALLOC(lower, nlower);
    if (nlower > 0) {
#pragma omp parallel for schedule(dynamic, 4096) num_threads(team)
        for (uint64_t i = 0; i < n; i++)
            for (uint64_t k = (uint64_t)csr_at(indptr, itype, i);
                 k < (uint64_t)csr_at(indptr, itype, i + 1); k++)
                if (mirror[k] == ALONE) {
                    uint64_t slot;
#pragma omp atomic capture
                    slot = lows[csr_at(indices, itype, k)]++;
                    lower[slot] = (uint32_t)i;
                }
#pragma omp parallel for schedule(dynamic, 4096) num_threads(team)
        for (uint64_t i = 0; i < n; i++) {
            uint64_t from = i > 0 ? lows[i - 1] : 0;
            for (uint64_t x = from + 1; x < lows[i]; x++) /* insertion: a column's few rows */
                for (uint64_t y = x; y > from && lower[y - 1] > lower[y]; y--) {
                    uint32_t r = lower[y];
                    lower[y] = lower[y - 1];
                    lower[y - 1] = r;
                }
        }
    }

    /* The pairs, row by row: row i's upper entries (i, j), each against its mirror, merged by
     * j with the lower entries (j, i) without one. */
    if ((a = calloc(1, sizeof *a)) == NULL)
        MST_FAIL(MST_ERESOURCE, "out of memory allocating a graph");
    mst_graph *g = &a->g;
    g->n = n;
    g->m = a->m_input = m;
    g->format = "csr";
    a->itype = itype;
    a->dtype = type;
    if ((g->u = mst_big_alloc(m, sizeof *g->u)) == NULL ||
        (g->v = mst_big_alloc(m, sizeof *g->v)) == NULL ||
        (a->entry = mst_big_alloc(m, sizeof *a->entry)) == NULL ||
        (w = mst_big_alloc(m, fits ? 4 : size)) == NULL)
        MST_FAIL(MST_ERESOURCE, "out of memory");
#pragma omp parallel for schedule(dynamic, 4096) num_threads(team)
    for (uint64_t i = 0; i < n; i++) {
        uint64_t e = pairs[i], k = (uint64_t)csr_at(indptr, itype, i),
                 end = (uint64_t)csr_at(indptr, itype, i + 1), x = i > 0 ? lows[i - 1] : 0;
        while (k < end && csr_at(indices, itype, k) <= (int64_t)i)
            k++;
        for (; k < end || x < lows[i]; e++) {
            uint64_t pos;
            if (x == lows[i] || (k < end && csr_at(indices, itype, k) < (int64_t)lower[x])) {
                uint64_t j = (uint64_t)csr_at(indices, itype, k);
                int flip = mirror[k] != k;
                pos = mirror[k];
                g->u[e] = (uint32_t)(flip ? j : i);
                g->v[e] = (uint32_t)(flip ? i : j);
                k++;
            } else {
                pos = csr_find(indptr, indices, itype, lower[x], (int64_t)i);
                g->u[e] = lower[x++];
                g->v[e] = (uint32_t)i;
            }
            a->entry[e] = pos;
            if (!fits)
                memcpy((char *)w + e * size, (const char *)data + pos * size, size);
            else if (type == MSF_WEIGHT_FLOAT64)
                ((float *)w)[e] = (float)((const double *)data)[pos];
            else if (size == 8)
                ((uint32_t *)w)[e] = (uint32_t)((const uint64_t *)data)[pos];
            else
                ((uint32_t *)w)[e] = ((const uint32_t *)data)[pos];
        }
    }
    /* 32-bit values go straight to the keys (no self-loops, no ids to map), others through
     * the checks and the ranking of 64-bit weights. */
    MST_CHECK(fits ? mst_graph_set_weights(g, type == MSF_WEIGHT_FLOAT64 ? MST_WEIGHT_FLOAT32
                                              : type == MSF_WEIGHT_INT64 ? MST_WEIGHT_INT32
                                              : type == MSF_WEIGHT_UINT64 ? MST_WEIGHT_UINT32
                                                                          : (mst_weight_type)type,
                                           w)
                   : lib_graph_set_weights(a, type, w, threads));
    *out = a;
    a = NULL;
fail:
    msf_graph_free(a);
    free(pairs);
    free(lows);
    free(mirror);
    free(lower);
    free(part);
    free(w);
    return (msf_status)st;
}

msf_status msf_graph_load(const char *path, msf_graph **out)
{
    mst_clear_error();
    if (out == NULL || path == NULL)
        return (msf_status)mst_fail(MST_EUSAGE, "msf_graph_load: %s is NULL",
                                    out == NULL ? "out" : "path");
    *out = NULL;
    msf_graph *a = calloc(1, sizeof *a);
    if (a == NULL)
        return (msf_status)mst_fail(MST_ERESOURCE, "out of memory allocating a graph");
    mst_load_options o = mst_load_options_default();
    mst_status st = mst_graph_load(path, &o, &a->g);
    if (st != MST_OK) {
        free(a);
        return (msf_status)st;
    }
    a->m_input = a->g.m; /* the file's canonical edges are the ids */
    *out = a;
    return MSF_OK;
}

void msf_graph_free(msf_graph *a)
{
    if (a == NULL)
        return;
    mst_graph_free(&a->g);
    free(a->input_id);
    free(a->loops);
    free(a->entry);
    free(a);
}

uint32_t msf_graph_vertices(const msf_graph *a)
{
    return a != NULL ? a->g.n : 0;
}

uint64_t msf_graph_edges(const msf_graph *a)
{
    return a != NULL ? a->m_input : 0;
}

uint64_t msf_graph_self_loops(const msf_graph *a)
{
    return a != NULL ? a->g.self_loops : 0;
}

msf_status msf_graph_endpoints(const msf_graph *a, uint32_t *u, uint32_t *v)
{
    mst_clear_error();
    if (a == NULL || ((u == NULL || v == NULL) && a->m_input > 0))
        return (msf_status)mst_fail(MST_EUSAGE, "msf_graph_endpoints: %s is NULL",
                                    a == NULL ? "g" : u == NULL ? "u" : "v");
    /* Input position e is canonical edge k when input_id says so, else the next self-loop. */
    for (uint64_t e = 0, k = 0, j = 0; e < a->m_input; e++) {
        if (a->input_id == NULL || (k < a->g.m && a->input_id[k] == e)) {
            u[e] = a->g.u[k];
            v[e] = a->g.v[k++];
        } else {
            u[e] = v[e] = a->loops[j++];
        }
    }
    return MSF_OK;
}
