/*
 * weight_sum.c: exact totals of edge weights (see core.h). Integers are summed in 128 bits.
 * Floats are summed exactly as a list of non-overlapping partials (J. R. Shewchuk, "Adaptive
 * Precision Floating-Point Arithmetic and Fast Robust Geometric Predicates", Discrete Comput.
 * Geom. 18, 1997, section 2, grow-expansion with two-sum; the msum behind Python's math.fsum),
 * rounded once at the end: the total is the exact sum correctly rounded, whatever the order of
 * the edges, so that the forest of 1.0 and 1.00000001 weighs 2.00000001 and every solver, which
 * lists the same forest in its own order, prints the same total.
 */
#include "core.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

mst_weight_sum mst_weight_sum_init(mst_weight_type t)
{
    mst_weight_sum s;
    memset(&s, 0, sizeof s);
    s.is_float = mst_weight_is_float(t);
    return s;
}

/* Adds x to the partials: each partial is replaced by the low part of its two-sum with the
 * running high part, zeros dropped, and the high part appended (Shewchuk's grow-expansion).
 * Infinite terms, and a high part that overflows, go to `special` instead. */
static void add_double(mst_weight_sum *s, double x)
{
    if (!isfinite(x)) {
        s->special += x;
        return;
    }
    int kept = 0;
    for (int j = 0; j < s->np; j++) {
        double y = s->p[j];
        if (fabs(x) < fabs(y)) {
            double t = x;
            x = y;
            y = t;
        }
        double hi = x + y, lo = y - (hi - x);
        if (!isfinite(hi)) { /* beyond the double range: the total is infinite */
            s->special += hi;
            s->np = 0;
            return;
        }
        if (lo != 0.0)
            s->p[kept++] = lo;
        x = hi;
    }
    /* The partials do not overlap, so they fit the array (core.h); the guard keeps memory safe
     * even if they did, at the cost of the last bits. */
    if (kept == MST_SUM_PARTIALS)
        s->p[kept - 1] += x;
    else
        s->p[kept++] = x;
    s->np = kept;
}

void mst_weight_sum_add(mst_weight_sum *s, mst_weight_value w)
{
    switch (w.type) {
    case MST_WEIGHT_INT32:
    case MST_WEIGHT_INT64: s->i += w.i; break;
    case MST_WEIGHT_UINT32:
    case MST_WEIGHT_UINT64: s->i += (mst_int128)w.u; break;
    case MST_WEIGHT_FLOAT32:
    case MST_WEIGHT_FLOAT64: add_double(s, w.d); break;
    }
}

double mst_weight_sum_double(const mst_weight_sum *s)
{
    if (s->special != 0.0 || isnan(s->special))
        return s->special;
    int n = s->np;
    if (n == 0)
        return 0.0;
    /* From the largest partial down, until a rounding error appears (math.fsum's ending). */
    double hi = s->p[--n], lo = 0.0;
    while (n > 0) {
        double x = hi, y = s->p[--n];
        hi = x + y;
        lo = y - (hi - x);
        if (lo != 0.0)
            break;
    }
    /* Half-way cases: the rest of the partials decide which way to round (half to even
     * otherwise): make hi the correctly rounded sum. */
    if (n > 0 && ((lo < 0 && s->p[n - 1] < 0) || (lo > 0 && s->p[n - 1] > 0))) {
        double y = lo * 2, x = hi + y;
        if (y == x - hi)
            hi = x;
    }
    return hi;
}

mst_weight_sum mst_weight_total(const mst_graph *g, const uint64_t *eid, uint64_t k)
{
    mst_weight_sum s = mst_weight_sum_init(g->weight_type);
    for (uint64_t i = 0; i < k; i++)
        mst_weight_sum_add(&s, mst_edge_weight(g, eid[i]));
    return s;
}

/* A 128-bit integer in decimal (at most 40 characters and the sign). */
static void format_int128(mst_int128 x, char *buf, int len)
{
    char digits[48];
    int k = 0, neg = x < 0;
    unsigned __int128 mag = neg ? (unsigned __int128)0 - (unsigned __int128)x
                                : (unsigned __int128)x;
    do {
        digits[k++] = (char)('0' + (int)(mag % 10));
        mag /= 10;
    } while (mag != 0);
    int out = 0;
    if (neg && out < len - 1)
        buf[out++] = '-';
    while (k > 0 && out < len - 1)
        buf[out++] = digits[--k];
    buf[out] = '\0';
}

char *mst_format_total(mst_weight_sum s, char *buf, int len)
{
    if (s.is_float) {
        mst_weight_value v = {MST_WEIGHT_FLOAT64, 0, 0, mst_weight_sum_double(&s)};
        return mst_format_value(v, buf, len);
    }
    format_int128(s.i, buf, len);
    return buf;
}
