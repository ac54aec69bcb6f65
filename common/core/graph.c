/* graph.c: the canonical graph (see core.h; docs/design.md, Data model): freeing it and its CSR,
 * its weight types, keys and their text, exact totals of its weights, and the sorts of its
 * (key, id) words: the stable radix sort and the filtering threshold's sample. */
#include "core.h"

#include <inttypes.h>
#include <math.h>
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---------------------------------------- graph */

void mst_graph_free(mst_graph *g)
{
    if (g == NULL)
        return;
    free(g->name);
    free(g->u);
    free(g->v);
    free(g->key);
    free(g->raw);
    memset(g, 0, sizeof *g);
}

mst_status mst_csr_build(const mst_graph *g, mst_csr *c)
{
    mst_status st = MST_OK;
    memset(c, 0, sizeof *c);
    c->n = g->n;
    MST_CALLOC(c->offset, (size_t)g->n + 1);
    MST_ALLOC(c->adj, 2 * g->m);
    MST_ALLOC(c->eid, 2 * g->m);
    for (uint64_t e = 0; e < g->m; e++) {
        c->offset[g->u[e] + 1]++;
        c->offset[g->v[e] + 1]++;
    }
    for (uint32_t x = 0; x < g->n; x++)
        c->offset[x + 1] += c->offset[x];
    /* Fill with a moving cursor per row (offset[x] advances, then is shifted back). */
    for (uint64_t e = 0; e < g->m; e++) {
        uint64_t a = c->offset[g->u[e]]++, b = c->offset[g->v[e]]++;
        c->adj[a] = g->v[e];
        c->eid[a] = e;
        c->adj[b] = g->u[e];
        c->eid[b] = e;
    }
    for (uint32_t x = g->n; x > 0; x--)
        c->offset[x] = c->offset[x - 1];
    c->offset[0] = 0;
    return MST_OK;
fail:
    mst_csr_free(c);
    return st;
}

void mst_csr_free(mst_csr *c)
{
    free(c->offset);
    free(c->adj);
    free(c->eid);
    memset(c, 0, sizeof *c);
}

/* ---------------------------------------- weights */

#define SIGN64 0x8000000000000000ull

uint32_t mst_key_from_float(float w)
{
    uint32_t bits;
    memcpy(&bits, &w, sizeof bits);
    return (bits & 0x80000000u) ? ~bits : (bits | 0x80000000u);
}

float mst_key_to_float(uint32_t key)
{
    uint32_t bits = (key & 0x80000000u) ? (key & 0x7FFFFFFFu) : ~key;
    float w;
    memcpy(&w, &bits, sizeof w);
    return w;
}

/* The 64-bit order word of raw bits of a 64-bit type: core.h's key flips on 64 bits. */
static uint64_t key64(mst_weight_type t, uint64_t bits)
{
    if (t == MST_WEIGHT_INT64)
        return bits ^ SIGN64;
    if (t == MST_WEIGHT_FLOAT64) /* the float32 flip on 64 bits: -0.0 just below +0.0 */
        return (bits & SIGN64) ? ~bits : (bits | SIGN64);
    return bits;
}

mst_weight_value mst_key_value(mst_weight_type t, uint32_t key)
{
    mst_weight_value w = {t, 0, 0, 0.0};
    if (t == MST_WEIGHT_INT32)
        w.i = mst_key_to_int32(key);
    else if (t == MST_WEIGHT_UINT32)
        w.u = key;
    else if (t == MST_WEIGHT_FLOAT32)
        w.d = (double)mst_key_to_float(key);
    return w;
}

mst_weight_value mst_edge_weight(const mst_graph *g, uint64_t e)
{
    if (!mst_weight_is_wide(g->weight_type))
        return mst_key_value(g->weight_type, g->key[e]);
    mst_weight_value w = {g->weight_type, 0, 0, 0.0};
    uint64_t bits = g->raw[e];
    if (g->weight_type == MST_WEIGHT_INT64)
        w.i = (int64_t)bits;
    else if (g->weight_type == MST_WEIGHT_UINT64)
        w.u = bits;
    else
        w.d = mst_bits_to_double(bits);
    return w;
}

uint64_t mst_edge_order(const mst_graph *g, uint64_t e)
{
    return mst_weight_is_wide(g->weight_type) ? key64(g->weight_type, g->raw[e])
                                              : (uint64_t)g->key[e];
}

char *mst_format_value(mst_weight_value w, char *buf, int len)
{
    int single = w.type == MST_WEIGHT_FLOAT32;
    if (w.type == MST_WEIGHT_INT32 || w.type == MST_WEIGHT_INT64)
        snprintf(buf, (size_t)len, "%" PRId64, w.i);
    else if (!mst_weight_is_float(w.type))
        snprintf(buf, (size_t)len, "%" PRIu64, w.u);
    else /* 9 digits always read back for float32, 17 for double */
        for (int prec = single ? 6 : 15; prec <= (single ? 9 : 17); prec++) {
            snprintf(buf, (size_t)len, "%.*g", prec, w.d);
            if (single ? strtof(buf, NULL) == (float)w.d : strtod(buf, NULL) == w.d)
                break;
        }
    return buf;
}

char *mst_format_edge_weight(const mst_graph *g, uint64_t e, char *buf, int len)
{
    return mst_format_value(mst_edge_weight(g, e), buf, len);
}

static const char *const type_names[] = {"int32", "uint32", "float32", "int64", "uint64",
                                         "float64"};

const char *mst_weight_type_name(mst_weight_type t)
{
    return (unsigned)t < sizeof type_names / sizeof type_names[0] ? type_names[t] : "unknown";
}

mst_status mst_rank_keys(mst_weight_type t, const uint64_t *raw, uint64_t m, uint32_t *key)
{
    if (m > MST_WIDE_MAX_EDGES)
        return mst_fail(MST_ERESOURCE, "%" PRIu64 " edges with %s weights: at most 2^32 - 1 "
                        "(their keys are 32-bit ranks)", m, mst_weight_type_name(t));
    mst_status st = MST_OK;
    uint64_t *word = NULL, *id = NULL, *tmp = NULL, *ptmp = NULL;
    MST_ALLOC(word, m);
    MST_ALLOC(id, m);
    MST_ALLOC(tmp, m);
    MST_ALLOC(ptmp, m);
    uint64_t part[257]; /* the threads' counts of changes (core.h, scan) */
    int threads = par_team_for(0, m);
    threads = threads < 256 ? threads : 256;
#pragma omp parallel for schedule(static) num_threads(threads)
    for (uint64_t e = 0; e < m; e++) {
        word[e] = key64(t, raw[e]);
        id[e] = e;
    }
    /* Sorted with their edge ids along (sequential reads, where a binary search per edge would
     * miss the cache at every step), the words are ranked: the rank grows by one where the word
     * changes, each thread's block from the changes in the blocks before it. */
    mst_radix_sort_pairs(word, id, tmp, ptmp, m, 0, 64, threads);
#pragma omp parallel num_threads(threads)
    {
        uint64_t lo, hi, changes = 0, total;
        par_team_slice(m, omp_get_thread_num(), omp_get_num_threads(), &lo, &hi);
        for (uint64_t i = lo; i < hi; i++)
            changes += i > 0 && word[i] != word[i - 1];
        uint32_t rank = (uint32_t)par_team_offset(changes, part, &total);
        for (uint64_t i = lo; i < hi; i++) {
            rank += i > 0 && word[i] != word[i - 1];
            key[id[i]] = rank;
        }
    }
fail:
    free(word);
    free(id);
    free(tmp);
    free(ptmp);
    return st;
}

/* The array to keep of `old` and `fresh` (m elements of `size` bytes; fresh is consumed). An
 * existing array keeps its address and gets fresh's values: solvers may hold on to it between
 * solves, as mst-cuda keeps the host arrays it page-locked for the whole process (--rounds sets
 * new weights every round). */
static void *adopt(void *old, void *fresh, uint64_t m, size_t size)
{
    if (old == NULL || fresh == NULL) {
        free(old);
        return fresh;
    }
    if (m > 0)
        memcpy(old, fresh, m * size);
    free(fresh);
    return old;
}

mst_status mst_graph_set_weights(mst_graph *g, mst_weight_type t, const void *w)
{
    mst_status st = MST_OK;
    uint32_t *key = NULL;
    uint64_t *raw = NULL;
    double rank_s = 0;
    if ((unsigned)t > MST_WEIGHT_FLOAT64)
        return mst_fail(MST_EUSAGE, "unknown weight type %d", (int)t);
    if (w == NULL && g->m > 0)
        return mst_fail(MST_EUSAGE, "no weights given for %" PRIu64 " edges", g->m);
    /* On OpenMP's default team from 2^16 edges on: the first NaN, then the keys. */
    int team = par_team_for(0, g->m);
    uint64_t nan = g->m;
#pragma omp parallel for schedule(static) num_threads(team) reduction(min : nan)
    for (uint64_t e = 0; e < g->m; e++)
        if ((t == MST_WEIGHT_FLOAT32 && isnan(((const float *)w)[e])) ||
            (t == MST_WEIGHT_FLOAT64 && isnan(((const double *)w)[e])))
            nan = e < nan ? e : nan;
    if (nan < g->m)
        return mst_fail(MST_EINPUT, "edge %" PRIu64 ": NaN weight", nan);
    if (mst_weight_is_wide(t)) {
        MST_ALLOC(key, g->m);
        MST_ALLOC(raw, g->m);
        if (g->m > 0)
            memcpy(raw, w, g->m * sizeof *raw);
        double t0 = mst_now_s();
        MST_CHECK(mst_rank_keys(t, raw, g->m, key));
        rank_s = mst_now_s() - t0;
        g->key = adopt(g->key, key, g->m, sizeof *key);
    } else {
        /* Into g's key array where it has one: its address stays (prepared solves keep it). */
        if (g->key == NULL)
            MST_ALLOC(g->key, g->m);
#pragma omp parallel for schedule(static) num_threads(team)
        for (uint64_t e = 0; e < g->m; e++)
            g->key[e] = t == MST_WEIGHT_INT32    ? mst_key_from_int32(((const int32_t *)w)[e])
                        : t == MST_WEIGHT_UINT32 ? mst_key_from_uint32(((const uint32_t *)w)[e])
                                                 : mst_key_from_float(((const float *)w)[e]);
    }
    g->raw = adopt(g->raw, raw, g->m, sizeof *raw);
    g->weight_type = t;
    g->weight_origin = MST_WEIGHTS_FROM_FILE;
    g->file_has_weights = 1;
    g->rank_s = rank_s;
    return MST_OK;
fail:
    free(key);
    free(raw);
    return st;
}

/* 1 if the double d is a whole number in [lo, hi) (lo, hi powers of two or 0). */
static int whole_in(double d, double lo, double hi)
{
    return d == floor(d) && d >= lo && d < hi;
}

int mst_weight_value_fits(mst_weight_value x, mst_weight_type t, uint64_t *bits)
{
    int is_int = !mst_weight_is_float(x.type);
    int is_signed = x.type == MST_WEIGHT_INT32 || x.type == MST_WEIGHT_INT64;
    int neg = is_signed && x.i < 0;
    uint64_t mag = is_signed ? (neg ? 0 - (uint64_t)x.i : (uint64_t)x.i) : x.u;
    switch (t) {
    case MST_WEIGHT_INT32:
    case MST_WEIGHT_INT64: {
        double lim = t == MST_WEIGHT_INT32 ? 2147483648.0 : 9223372036854775808.0;
        uint64_t ulim = t == MST_WEIGHT_INT32 ? 0x80000000ull : SIGN64;
        if (is_int ? (neg ? mag > ulim : mag >= ulim) : !whole_in(x.d, -lim, lim))
            return 0;
        *bits = is_int ? (neg ? 0 - mag : mag) : (uint64_t)(int64_t)x.d;
        return 1;
    }
    case MST_WEIGHT_UINT32:
    case MST_WEIGHT_UINT64: {
        double lim = t == MST_WEIGHT_UINT32 ? 4294967296.0 : 18446744073709551616.0;
        if (is_int ? neg || (t == MST_WEIGHT_UINT32 && mag > UINT32_MAX)
                   : !whole_in(x.d, 0, lim))
            return 0;
        *bits = is_int ? mag : (uint64_t)x.d;
        return 1;
    }
    case MST_WEIGHT_FLOAT32: {
        float f = is_int ? (neg ? -(float)mag : (float)mag) : (float)x.d;
        if (!is_int && ((isinf(f) && !isinf(x.d)) || (f == 0 && x.d != 0)))
            return 0;
        *bits = mst_double_to_bits((double)f);
        return 1;
    }
    case MST_WEIGHT_FLOAT64:
        *bits = mst_double_to_bits(is_int ? (neg ? -(double)mag : (double)mag) : x.d);
        return 1;
    }
    return 0;
}

mst_status mst_graph_set_weight_bits(mst_graph *g, mst_weight_type t, uint64_t *bits)
{
    /* The 32-bit types' C values, packed into the front of the same array. */
    for (uint64_t e = 0; e < g->m && !mst_weight_is_wide(t); e++) {
        if (t == MST_WEIGHT_INT32)
            ((int32_t *)bits)[e] = (int32_t)(int64_t)bits[e];
        else if (t == MST_WEIGHT_UINT32)
            ((uint32_t *)bits)[e] = (uint32_t)bits[e];
        else
            ((float *)bits)[e] = (float)mst_bits_to_double(bits[e]);
    }
    return mst_graph_set_weights(g, t, bits);
}

mst_status mst_graph_convert_weights(mst_graph *g, mst_weight_type t, const char *name)
{
    mst_status st = MST_OK;
    uint64_t *bits = NULL;
    if (t == g->weight_type)
        return MST_OK;
    MST_ALLOC(bits, g->m);
    for (uint64_t e = 0; e < g->m; e++) {
        mst_weight_value x = mst_edge_weight(g, e);
        if (!mst_weight_value_fits(x, t, &bits[e])) {
            char wb[48];
            MST_FAIL(MST_EINPUT, "%s: edge %" PRIu64 ": weight %s does not fit %s", name, e,
                     mst_format_value(x, wb, sizeof wb), mst_weight_type_name(t));
        }
    }
    mst_weight_origin origin = g->weight_origin;
    int has = g->file_has_weights;
    MST_CHECK(mst_graph_set_weight_bits(g, t, bits));
    g->weight_origin = origin;
    g->file_has_weights = has;
fail:
    free(bits);
    return st;
}

/* ---------------------------------------- weight sum */

mst_weight_sum mst_weight_sum_init(mst_weight_type t)
{
    mst_weight_sum s;
    memset(&s, 0, sizeof s);
    s.is_float = mst_weight_is_float(t);
    return s;
}

/* Adds (neg: subtracts) x * 2^shift to the two's complement accumulator a[MST_SUM_LIMBS]. */
static void add_shifted(uint64_t *a, uint64_t x, int shift, int neg)
{
    int k = shift / 64, off = shift % 64;
    uint64_t part[2] = {x << off, off != 0 ? x >> (64 - off) : 0};
    unsigned carry = 0;
    for (int i = k; i < MST_SUM_LIMBS && (i < k + 2 || carry != 0); i++) {
        uint64_t d = i < k + 2 ? part[i - k] : 0, old = a[i];
        if (neg) {
            a[i] = old - d - carry;
            carry = old < d || (old == d && carry);
        } else {
            a[i] = old + d + carry;
            carry = a[i] < d || (a[i] == d && carry);
        }
    }
}

void mst_weight_sum_add(mst_weight_sum *s, mst_weight_value w)
{
    if (w.type == MST_WEIGHT_INT32 || w.type == MST_WEIGHT_INT64)
        s->i += w.i;
    else if (!mst_weight_is_float(w.type))
        s->i += (mst_int128)w.u;
    else if (isinf(w.d))
        s->inf[w.d < 0]++;
    else { /* the significand at its binary exponent, in units of 2^-1074 */
        uint64_t bits = mst_double_to_bits(w.d), exp = bits >> 52 & 0x7FF;
        uint64_t mant = (bits & ((1ull << 52) - 1)) | (exp != 0 ? 1ull << 52 : 0);
        if (mant != 0)
            add_shifted(s->limb, mant, exp != 0 ? (int)exp - 1 : 0, (int)(bits >> 63));
    }
}

/* The finite terms' exact sum rounded to 53 bits, half to even: sign * m * 2^(*exp2), m below
 * 2^53; *exp2 may lie beyond the double range. */
static uint64_t sum_rounded(const mst_weight_sum *s, int *neg, int *exp2)
{
    uint64_t a[MST_SUM_LIMBS];
    memcpy(a, s->limb, sizeof a);
    *neg = (int)(a[MST_SUM_LIMBS - 1] >> 63);
    if (*neg) { /* the magnitude: two's complement negation */
        for (int i = 0; i < MST_SUM_LIMBS; i++)
            a[i] = ~a[i];
        add_shifted(a, 1, 0, 0);
    }
    int top = MST_SUM_LIMBS - 1;
    while (top >= 0 && a[top] == 0)
        top--;
    *exp2 = -1074;
    if (top < 0)
        return 0;
    int high = 64 * top + 63 - __builtin_clzll(a[top]); /* the leading bit's position */
    if (high < 53)                                       /* exact: a subnormal or tiny normal */
        return a[0];
    int low = high - 52; /* the kept bits are [low, high]; the round bit is low - 1 */
    uint64_t m = 0;
    for (int b = 0; b < 53; b++)
        m |= (a[(low + b) / 64] >> ((low + b) % 64) & 1) << b;
    int half = (int)(a[(low - 1) / 64] >> ((low - 1) % 64) & 1), rest = 0;
    for (int b = 0; b < low - 1 && !rest; b++)
        rest = (int)(a[b / 64] >> (b % 64) & 1);
    if (half && (rest || (m & 1)))
        m++;
    *exp2 = low - 1074;
    if (m == 1ull << 53) {
        m >>= 1;
        ++*exp2;
    }
    return m;
}

double mst_weight_sum_double(const mst_weight_sum *s)
{
    if (s->inf[0] != 0 || s->inf[1] != 0)
        return s->inf[0] != 0 ? INFINITY : -INFINITY; /* never both: the loaders refuse them */
    int neg, exp2;
    double m = (double)sum_rounded(s, &neg, &exp2);
    return ldexp(neg ? -m : m, exp2);
}

mst_weight_sum mst_weight_total(const mst_graph *g, const uint64_t *eid, uint64_t k)
{
    /* Each thread sums its slice exactly; the sums are joined limb by limb, as terms are
     * added. Every sum is one two's-complement integer (core.h), so the total is the same in
     * any order. */
    enum { MAX_PARTS = 64 };
    mst_weight_sum part[MAX_PARTS];
    int ask = par_team_for(0, k), team = 1;
#pragma omp parallel num_threads(ask < MAX_PARTS ? ask : MAX_PARTS)
    {
        uint64_t lo, hi;
        int t = omp_get_thread_num();
        par_team_slice(k, t, omp_get_num_threads(), &lo, &hi);
        part[t] = mst_weight_sum_init(g->weight_type);
        for (uint64_t i = lo; i < hi; i++)
            mst_weight_sum_add(&part[t], mst_edge_weight(g, eid != NULL ? eid[i] : i));
        if (t == 0)
            team = omp_get_num_threads();
    }
    mst_weight_sum s = part[0];
    for (int t = 1; t < team; t++) {
        for (int x = 0; x < MST_SUM_LIMBS; x++)
            if (part[t].limb[x] != 0)
                add_shifted(s.limb, part[t].limb[x], 64 * x, 0);
        s.i += part[t].i;
        s.inf[0] += part[t].inf[0];
        s.inf[1] += part[t].inf[1];
    }
    return s;
}

char *mst_format_total(mst_weight_sum s, char *buf, int len)
{
    if (s.is_float) {
        mst_weight_value v = {MST_WEIGHT_FLOAT64, 0, 0, mst_weight_sum_double(&s)};
        if (isinf(v.d) && s.inf[0] == 0 && s.inf[1] == 0) { /* finite, beyond the doubles */
            int neg, exp2;
            long double m = (long double)sum_rounded(&s, &neg, &exp2);
            snprintf(buf, (size_t)len, "%.17Lg", ldexpl(neg ? -m : m, exp2));
            return buf;
        }
        return mst_format_value(v, buf, len);
    }
    char digits[48]; /* the 128-bit integer's digits, least significant first */
    int k = 0, out = 0;
    unsigned __int128 mag = s.i < 0 ? (unsigned __int128)0 - (unsigned __int128)s.i
                                    : (unsigned __int128)s.i;
    do {
        digits[k++] = (char)('0' + (int)(mag % 10));
        mag /= 10;
    } while (mag != 0);
    if (s.i < 0 && out < len - 1)
        buf[out++] = '-';
    while (k > 0 && out < len - 1)
        buf[out++] = digits[--k];
    buf[out] = '\0';
    return buf;
}

/* ---------------------------------------- sorting (key, id) words */

#define DIGIT_BITS 8
#define BUCKETS (1u << DIGIT_BITS)

void mst_radix_sort_pairs(uint64_t *a, uint64_t *p, uint64_t *tmp, uint64_t *ptmp, uint64_t n,
                          int lo_bit, int hi_bit, int threads)
{
    int passes = (hi_bit - lo_bit + DIGIT_BITS - 1) / DIGIT_BITS;
    uint64_t count[8][BUCKETS];
    if (n < 2 || passes <= 0)
        return;
    if (n < ((uint64_t)1 << 16) || threads < 1)
        threads = 1;
    /* On several threads each takes a block of the items per pass: its counts of the digit, a
     * scan over the threads' counts bucket by bucket, then its items scattered in order, so the
     * sort stays stable. */
    uint64_t *tc = threads > 1 ? mst_calloc((uint64_t)threads * BUCKETS, sizeof *tc) : NULL;
    uint64_t start[BUCKETS + 1];
    if (threads > 1 && tc == NULL)
        threads = 1; /* no room for the threads' counts: one thread, which needs none */
    uint64_t range = ~0ull >> (64 - (hi_bit - lo_bit)); /* the bits sorted by */
    memset(count, 0, sizeof count);
    for (uint64_t i = 0; i < n && threads == 1; i++) {
        uint64_t x = (a[i] >> lo_bit) & range;
        for (int d = 0; d < passes; d++, x >>= DIGIT_BITS)
            count[d][x & (BUCKETS - 1)]++;
    }
    uint64_t *src = a, *dst = tmp, *psrc = p, *pdst = ptmp;
    for (int d = 0; d < passes; d++) {
        int shift = lo_bit + d * DIGIT_BITS;
        uint64_t mask = BUCKETS - 1;
        if (d == passes - 1 && hi_bit - shift < DIGIT_BITS)
            mask = (1ull << (hi_bit - shift)) - 1; /* the last digit may be narrower */
        if (threads > 1) {
            int differ = 0; /* whether the items' digits differ (else the pass is skipped) */
            uint64_t first = (src[0] >> shift) & mask;
#pragma omp parallel num_threads(threads)
            {
                int t = omp_get_thread_num(), nt = omp_get_num_threads();
                uint64_t lo = n * t / nt, hi = n * (t + 1) / nt, *c = tc + (uint64_t)t * BUCKETS;
                memset(c, 0, BUCKETS * sizeof *c);
                for (uint64_t i = lo; i < hi; i++)
                    c[(src[i] >> shift) & mask]++;
                if (c[first] != hi - lo)
                    __atomic_store_n(&differ, 1, __ATOMIC_RELAXED);
#pragma omp barrier
#pragma omp single
                if (__atomic_load_n(&differ, __ATOMIC_RELAXED))
                    mst_scan_thread_buckets(tc, BUCKETS, nt, start);
                if (__atomic_load_n(&differ, __ATOMIC_RELAXED)) {
                    for (uint64_t i = lo; i < hi; i++) {
                        uint64_t x = src[i], j = c[(x >> shift) & mask]++;
                        dst[j] = x;
                        if (psrc != NULL)
                            pdst[j] = psrc[i];
                    }
                }
            }
            if (!differ)
                continue;
        } else {
            /* Skip a digit every item shares: the order would not change. */
            uint64_t first = (src[0] >> shift) & mask;
            if (count[d][first] == n)
                continue;
            mst_exclusive_scan(count[d], BUCKETS);
            if (psrc == NULL) {
                for (uint64_t i = 0; i < n; i++) {
                    uint64_t x = src[i];
                    dst[count[d][(x >> shift) & mask]++] = x;
                }
            } else {
                for (uint64_t i = 0; i < n; i++) {
                    uint64_t x = src[i], j = count[d][(x >> shift) & mask]++;
                    dst[j] = x;
                    pdst[j] = psrc[i];
                }
            }
        }
        if (psrc != NULL) {
            uint64_t *t = psrc;
            psrc = pdst;
            pdst = t;
        }
        uint64_t *t = src;
        src = dst;
        dst = t;
    }
    free(tc);
    if (src != a) {
        memcpy(a, src, n * sizeof *a);
        if (p != NULL)
            memcpy(p, psrc, n * sizeof *p);
    }
}

mst_status mst_sort_u64(uint64_t *a, uint64_t n)
{
    if (n < 2)
        return MST_OK;
    uint64_t *tmp = mst_alloc(n, sizeof *tmp);
    if (tmp == NULL)
        return MST_ERESOURCE;
    mst_radix_sort_pairs(a, NULL, tmp, NULL, n, 0, 64, 1);
    free(tmp);
    return MST_OK;
}

uint64_t mst_sample_threshold(const mst_graph *g, const uint32_t *sampled, uint64_t want,
                              uint64_t seed)
{
    uint64_t x[MST_SAMPLE], tmp[MST_SAMPLE];
    for (uint64_t i = 0; i < MST_SAMPLE; i++) {
        uint64_t e = mst_sample_edge(g->m, seed, i);
        x[i] = (uint64_t)(sampled != NULL ? sampled[i] : g->key[e]) << 32 | e;
    }
    mst_radix_sort_pairs(x, NULL, tmp, NULL, MST_SAMPLE, 0, 64, 1);
    uint64_t r = want / g->m >= 1 ? MST_SAMPLE - 1 : want * MST_SAMPLE / g->m;
    return x[r < MST_SAMPLE ? r : MST_SAMPLE - 1];
}
