/*
 * float_text.c: the shortest-%g text of a float32 weight with exact integer arithmetic (see
 * float_text.h). The reference it must match byte for byte is mst_format_weight (graph.c):
 *     for P = 6..9: snprintf("%.*g", P, (double)w); stop when strtof reads back w.
 * Here, for a normal float w = N 2^E (N the 24-bit significand) with 1e-4 <= |w| < 2^100:
 *   1. X0 = floor(log10 |w|), fixed up by exact comparisons with 10^X0;
 *   2. q = |w| 10^(P-1-X0) rounded half to even (printf rounds the exact binary value so),
 *      carried to 10^(P-1) with X = X0 + 1 when it reaches 10^P;
 *   3. q 10^(X-P+1) reads back to w iff it lies strictly between w's rounding midpoints, or on
 *      one with N even (strtof rounds ties to even);
 *   4. %g layout: exponent form when X < -4 or X >= P, trailing zeros dropped.
 * Every product stays below 2^128 in the chosen range (bounds in the comments below).
 * Source: C11 7.21.6.1 (the g conversion); IEEE 754 binary32.
 */
#include "float_text.h"

#include <math.h>
#include <string.h>

#include "graph.h"

typedef unsigned __int128 u128;

static const uint64_t pow10_u64[20] = {1ull,
                                       10ull,
                                       100ull,
                                       1000ull,
                                       10000ull,
                                       100000ull,
                                       1000000ull,
                                       10000000ull,
                                       100000000ull,
                                       1000000000ull,
                                       10000000000ull,
                                       100000000000ull,
                                       1000000000000ull,
                                       10000000000000ull,
                                       100000000000000ull,
                                       1000000000000000ull,
                                       10000000000000000ull,
                                       100000000000000000ull,
                                       1000000000000000000ull,
                                       10000000000000000000ull};

/* 10^k for 0 <= k <= 38. */
static u128 pow10_128(int k)
{
    u128 r = 1;
    for (; k >= 19; k -= 19)
        r *= pow10_u64[19];
    return r * pow10_u64[k];
}

/* Sign of a 10^j - b 2^f, for the magnitudes of this file (all products below 2^128). */
static int cmp_dec_bin(u128 a, int j, u128 b, int f)
{
    if (j >= 0)
        a *= pow10_128(j);
    else
        b *= pow10_128(-j);
    if (f >= 0)
        b <<= f;
    else
        a <<= -f;
    return a < b ? -1 : a > b;
}

/* 1 if N 2^E >= 10^t (exact). */
static int at_least_pow10(uint32_t n, int e, int t)
{
    return cmp_dec_bin(1, t, n, e) <= 0;
}

/* q = N 2^E 10^k rounded half to even (exact; |w| 10^k < 10^10 here, see the caller). */
static uint64_t scaled_round(uint32_t n, int e, int k)
{
    u128 num = n, den = 1;
    if (e >= 0)
        num <<= e; /* < 2^100 */
    else
        den <<= -e; /* 2^-E <= 2^37 since |w| >= 1e-4 */
    if (k >= 0)
        num *= pow10_128(k); /* k <= 12 */
    else
        den *= pow10_128(-k); /* 10^-k <= 10^25 since |w| < 2^100 */
    u128 q, r;
    if (e < 0 && k >= 0) { /* the common case (|w| < 2^24): den is a power of two */
        q = num >> -e;
        r = num & (den - 1);
    } else {
        q = num / den;
        r = num % den;
    }
    if (2 * r > den || (2 * r == den && (q & 1)))
        q++;
    return (uint64_t)q;
}

/* The %g layout of q (exactly p digits) times 10^(x-p+1), after a '-' if neg. */
static int layout(char *buf, int neg, uint64_t q, int x, int p)
{
    char d[10];
    int len = 0, nd = p;
    if (p < 1 || p > 9) /* callers use 6..9; the bound is for the compiler */
        return 0;
    for (int i = p - 1; i >= 0; i--, q /= 10)
        d[i] = (char)('0' + q % 10);
    while (nd > 1 && d[nd - 1] == '0')
        nd--;
    if (neg)
        buf[len++] = '-';
    if (x < -4 || x >= p) {
        buf[len++] = d[0];
        if (nd > 1) {
            buf[len++] = '.';
            memcpy(buf + len, d + 1, (size_t)nd - 1);
            len += nd - 1;
        }
        int ax = x < 0 ? -x : x;
        buf[len++] = 'e';
        buf[len++] = x < 0 ? '-' : '+';
        if (ax >= 100)
            buf[len++] = (char)('0' + ax / 100);
        buf[len++] = (char)('0' + ax / 10 % 10);
        buf[len++] = (char)('0' + ax % 10);
    } else if (x >= 0) {
        memcpy(buf + len, d, (size_t)x + 1);
        len += x + 1;
        if (nd > x + 1) {
            buf[len++] = '.';
            memcpy(buf + len, d + x + 1, (size_t)(nd - x - 1));
            len += nd - x - 1;
        }
    } else {
        buf[len++] = '0';
        buf[len++] = '.';
        for (int i = 0; i < -x - 1; i++)
            buf[len++] = '0';
        memcpy(buf + len, d, (size_t)nd);
        len += nd;
    }
    buf[len] = '\0';
    return len;
}

int mst_format_float_text(uint32_t key, char *buf)
{
    float w = mst_key_to_float(key);
    double a = fabs((double)w);
    if (!(a >= 1e-4 && a < 0x1p100)) {
        mst_format_weight(MST_WEIGHT_FLOAT32, key, buf, 48);
        return (int)strlen(buf);
    }
    uint32_t bits;
    memcpy(&bits, &w, sizeof bits);
    uint32_t frac = bits & 0x7FFFFFu, ex = (bits >> 23) & 0xFFu; /* normal: 1 <= ex <= 254 */
    uint32_t n = frac | 0x800000u;
    int e = (int)ex - 150; /* -37 <= E < 77 in this range */

    int x0 = (int)floor(log10(a)); /* -4 <= X0 <= 30 */
    if (!at_least_pow10(n, e, x0))
        x0--;
    else if (at_least_pow10(n, e, x0 + 1))
        x0++;

    /* Rounding midpoints of w: (2N +- 1) 2^(E-1); below a power of two the gap is half. */
    u128 mid_hi = 2 * (u128)n + 1, mid_lo = 2 * (u128)n - 1;
    int f_hi = e - 1, f_lo = e - 1;
    if (frac == 0 && ex > 1) {
        mid_lo = 4 * (u128)n - 1;
        f_lo = e - 2;
    }
    int even = (n & 1) == 0;
    for (int p = 6; p <= 9; p++) {
        uint64_t q = scaled_round(n, e, p - 1 - x0);
        int x = x0;
        if (q == pow10_u64[p]) {
            q = pow10_u64[p - 1];
            x++;
        }
        int j = x - p + 1;
        int lo = cmp_dec_bin(q, j, mid_lo, f_lo), hi = cmp_dec_bin(q, j, mid_hi, f_hi);
        if ((lo > 0 || (lo == 0 && even)) && (hi < 0 || (hi == 0 && even)))
            return layout(buf, w < 0, q, x, p);
    }
    mst_format_weight(MST_WEIGHT_FLOAT32, key, buf, 48); /* not reached: 9 digits always do */
    return (int)strlen(buf);
}
