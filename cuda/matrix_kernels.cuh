/*
 * matrix_kernels.cuh: a CSR matrix's graph made on the device, for libmst's msf_solve_csr
 * (cuda_ecl_mst_matrix in ecl.cu): the reading of msf_graph_from_csr (lib/api_graph.c), one
 * edge per pair {i, j}, from the arrays as SciPy holds them, so that the host never reads the
 * matrix entry by entry. Two passes of a thread per row around a scan of the rows' pair
 * counts; whatever the host must see to (a bad row, NaN or infinite values, 64-bit values
 * beyond 32 bits, lower entries without a mirror) is only flagged: the host's reading then
 * takes over and gives its messages. Included by ecl.cu only.
 */
#ifndef MST_CUDA_MATRIX_KERNELS_CUH
#define MST_CUDA_MATRIX_KERNELS_CUH

#include <float.h>
#include <stdint.h>

#include "kernels.cuh"

/* The counters of the two passes (one array of unsigned long long). */
enum {
    MATRIX_BAD_ROW, /* the lowest row whose columns do not increase within 0..n-1 (or ~0) */
    MATRIX_HOST,    /* nonzero: a value the host must read (NaN, infinite, beyond 32 bits) */
    MATRIX_BELOW,   /* entries below the diagonal */
    MATRIX_MIRRORS, /* entries above it whose mirror was found: all of those below, or the
                       host reads the matrix */
    MATRIX_STATS
};

/* Whether data[a] < data[b] as numbers (-0.0 equals 0.0), for values of type t. */
__device__ __forceinline__ bool matrix_below(int t, const void *data, u64 a, u64 b)
{
    switch (t) {
    case MST_WEIGHT_INT32:
        return ((const int32_t *)data)[a] < ((const int32_t *)data)[b];
    case MST_WEIGHT_UINT32:
        return ((const uint32_t *)data)[a] < ((const uint32_t *)data)[b];
    case MST_WEIGHT_FLOAT32:
        return ((const float *)data)[a] < ((const float *)data)[b];
    case MST_WEIGHT_INT64:
        return ((const int64_t *)data)[a] < ((const int64_t *)data)[b];
    case MST_WEIGHT_UINT64:
        return ((const uint64_t *)data)[a] < ((const uint64_t *)data)[b];
    default:
        return ((const double *)data)[a] < ((const double *)data)[b];
    }
}

/* The key of data[k] as libmst keeps it: of the 32-bit type of its kind (core.h's keys), a
 * 64-bit value that fits narrowed; false where the host must read it instead. */
__device__ __forceinline__ bool matrix_key(int t, const void *data, u64 k, uint32_t *key)
{
    float f;
    switch (t) {
    case MST_WEIGHT_INT32:
        *key = (uint32_t)((const int32_t *)data)[k] ^ 0x80000000u;
        return true;
    case MST_WEIGHT_UINT32:
        *key = ((const uint32_t *)data)[k];
        return true;
    case MST_WEIGHT_INT64: {
        int64_t x = ((const int64_t *)data)[k];
        *key = (uint32_t)(int32_t)x ^ 0x80000000u;
        return x >= INT32_MIN && x <= INT32_MAX;
    }
    case MST_WEIGHT_UINT64: {
        uint64_t x = ((const uint64_t *)data)[k];
        *key = (uint32_t)x;
        return x <= UINT32_MAX;
    }
    case MST_WEIGHT_FLOAT32:
        f = ((const float *)data)[k];
        break;
    default: {
        double x = ((const double *)data)[k];
        f = (float)x;
        if (!(fabs(x) <= FLT_MAX) || (double)f != x)
            return false;
    }
    }
    uint32_t bits = __float_as_uint(f);
    *key = bits & 0x80000000u ? ~bits : bits | 0x80000000u;
    return isfinite(f);
}

/* Pass 1: row i's columns increase within 0..n-1 (else the lowest such row goes to
 * stat[MATRIX_BAD_ROW]), no value is NaN; up[i] = row i's entries above the diagonal, and
 * stat[MATRIX_BELOW] counts those below it. */
template <typename I>
__global__ void k_matrix_count(uint32_t n, const I *indptr, const I *indices, int t,
                               const void *data, u64 *up, unsigned long long *stat)
{
    unsigned long long below = 0, nan = 0;
    for (u64 i = (u64)blockIdx.x * blockDim.x + threadIdx.x; i < n;
         i += (u64)gridDim.x * blockDim.x) {
        int64_t prev = -1;
        u64 above = 0;
        for (u64 k = (u64)indptr[i]; k < (u64)indptr[i + 1]; k++) {
            int64_t j = (int64_t)indices[k];
            if (j <= prev || j >= (int64_t)n) {
                atomicMin(&stat[MATRIX_BAD_ROW], (unsigned long long)i);
                break;
            }
            prev = j;
            if (t == MST_WEIGHT_FLOAT32)
                nan |= isnan(((const float *)data)[k]);
            else if (t == MST_WEIGHT_FLOAT64)
                nan |= isnan(((const double *)data)[k]);
            above += j > (int64_t)i;
            below += j < (int64_t)i;
        }
        up[i] = above;
    }
    if (below > 0)
        atomicAdd(&stat[MATRIX_BELOW], below);
    if (nan)
        atomicOr(&stat[MATRIX_HOST], 1ull);
}

/* Pass 2: row i's pairs (i, j > i) from edge off[i] on, in column order, each against its
 * mirror (j, i), found by binary search in row j: the pair's entry is the lighter (maximum:
 * the heavier) of the two, the upper one on a tie; edge e gets that entry's row u[e] and
 * column v[e], its key (flipped for maximum: UINT32_MAX - key, as msf_solve_max) and its
 * position entry[e]. stat[MATRIX_MIRRORS] counts the mirrors found. */
template <typename I>
__global__ void k_matrix_pairs(uint32_t n, const I *indptr, const I *indices, int t,
                               const void *data, bool maximum, const u64 *off, uint32_t *u,
                               uint32_t *v, uint32_t *key, u64 *entry, unsigned long long *stat)
{
    unsigned long long mirrors = 0, host = 0;
    for (u64 i = (u64)blockIdx.x * blockDim.x + threadIdx.x; i < n;
         i += (u64)gridDim.x * blockDim.x) {
        u64 e = off[i];
        for (u64 k = (u64)indptr[i]; k < (u64)indptr[i + 1]; k++) {
            u64 j = (u64)indices[k];
            if (j <= i)
                continue;
            u64 lo = (u64)indptr[j], hi = (u64)indptr[j + 1], end = hi;
            while (lo < hi) {
                u64 mid = lo + (hi - lo) / 2;
                if ((u64)indices[mid] < i)
                    lo = mid + 1;
                else
                    hi = mid;
            }
            bool has = lo < end && (u64)indices[lo] == i;
            mirrors += has;
            u64 pos = has && (maximum ? matrix_below(t, data, k, lo)
                                      : matrix_below(t, data, lo, k))
                          ? lo
                          : k;
            uint32_t x = 0;
            host |= !matrix_key(t, data, pos, &x);
            u[e] = (uint32_t)(pos == k ? i : j);
            v[e] = (uint32_t)(pos == k ? j : i);
            key[e] = maximum ? UINT32_MAX - x : x;
            entry[e++] = pos;
        }
    }
    if (mirrors > 0)
        atomicAdd(&stat[MATRIX_MIRRORS], mirrors);
    if (host)
        atomicOr(&stat[MATRIX_HOST], 1ull);
}

/* The forest's edges ids[0..k-1] (increasing): each one's id widened, its entry's position
 * and row, and its key (unflipped). */
__global__ void k_matrix_forest(const uint32_t *ids, uint32_t k, const u64 *entry,
                                const uint32_t *u, const uint32_t *key, bool maximum, u64 *eid,
                                u64 *position, uint32_t *row, uint32_t *fkey)
{
    for (u64 i = (u64)blockIdx.x * blockDim.x + threadIdx.x; i < k;
         i += (u64)gridDim.x * blockDim.x) {
        uint32_t e = ids[i];
        eid[i] = e;
        position[i] = entry[e];
        row[i] = u[e];
        fkey[i] = maximum ? UINT32_MAX - key[e] : key[e];
    }
}

/* out[i] = key[at[i]]: the filter's sample of a graph whose keys are on the device. */
__global__ void k_matrix_sample(const uint32_t *key, const u64 *at, uint32_t count,
                                uint32_t *out)
{
    for (uint32_t i = blockIdx.x * blockDim.x + threadIdx.x; i < count;
         i += gridDim.x * blockDim.x)
        out[i] = key[at[i]];
}

#endif
