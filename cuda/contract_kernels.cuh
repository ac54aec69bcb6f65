/*
 * contract_kernels.cuh: the device side of mst-cuda's contracting Borůvka (contract.h): the
 * arc arrays, the record the host reads once per round, and the kernels of the five steps of
 * Sousa, Mariano and Proença 2015 (Algorithm 1). Included by contract.cu only.
 *
 * Every kernel but the pointer jumping is arc-parallel. A row's arcs are contiguous (the CSR
 * fill and the contraction place them so), so the lanes of a warp mostly share a row and a
 * component: one segmented shuffle reduction or one match group per warp replaces most
 * atomics, and a hub's arcs spread over the whole grid instead of one thread or warp.
 */
#ifndef MST_CUDA_CONTRACT_KERNELS_CUH
#define MST_CUDA_CONTRACT_KERNELS_CUH

#include <cooperative_groups.h>
#include <stdint.h>

#include "kernels.cuh" /* u64, NONE */

#define CT_THREADS 256
#define CT_FULL 0xFFFFFFFFu
/* Pointer-jumping pass flags, indexed by the pass count of the whole run: a round takes at most
 * ceil(log2 n) + 1 passes and there are at most 32 rounds that contract, far below this. */
#define CT_STEP_FLAGS 4096

/* A graph of the rounds: arcs grouped by row (the vertex they leave), each with its row, its
 * far end and the packed order word key << 32 | original edge id. */
struct ct_arcs {
    uint32_t *src, *adj;
    u64 *ki;
};

/* What a round tells the host (one small copy per round). */
struct ct_stat {
    u64 arcs_next;     /* arcs of the contracted graph */
    u64 arcs_unmerged; /* ... before parallel arcs were merged */
    u64 runs;          /* merging: distinct (row, far end) keys, the sentinel's included */
    uint32_t n_next;   /* vertices of the contracted graph */
    uint32_t forest;   /* forest edges found so far */
    uint32_t color_steps; /* pointer-jumping passes so far */
    uint32_t overflow;    /* the pass flags ran out: a broken invariant */
};

/* A vertex's share of the new-ids scan: its surviving arcs (row offset after the scan) and
 * whether it is a root that keeps arcs (new id after the scan). */
struct ct_slot {
    u64 off;
    u64 id;
};

struct ct_slot_sum {
    __host__ __device__ ct_slot operator()(const ct_slot &a, const ct_slot &b) const
    {
        return {a.off + b.off, a.id + b.id};
    }
};

/* The scan's input: only roots receive counts, so a count above zero marks a kept root. */
struct ct_to_slot {
    __host__ __device__ ct_slot operator()(u64 count) const { return {count, count > 0}; }
};

__device__ __forceinline__ u64 ct_tid() { return (u64)blockIdx.x * blockDim.x + threadIdx.x; }
__device__ __forceinline__ u64 ct_stride() { return (u64)gridDim.x * blockDim.x; }
/* First index of this thread's warp: loops from it run equally often in every lane. */
__device__ __forceinline__ u64 ct_warp_base()
{
    return (u64)blockIdx.x * blockDim.x + (threadIdx.x & ~31u);
}
__device__ __forceinline__ unsigned ct_lane() { return threadIdx.x & 31u; }

/* CSR build, first pass: the degree of every vertex (deg starts zeroed). */
__global__ void k_csr_count(const uint32_t *u, const uint32_t *v, u64 m, u64 *deg)
{
    for (u64 e = ct_tid(); e < m; e += ct_stride()) {
        atomicAdd(deg + u[e], 1ull);
        atomicAdd(deg + v[e], 1ull);
    }
}

/* Writes arc (x -> y) into row x: the row's remaining count is its cursor, and leaves zero. */
__device__ __forceinline__ void ct_put(ct_arcs a, const u64 *off, u64 *deg, uint32_t x,
                                       uint32_t y, u64 ki)
{
    u64 p = off[x] + atomicAdd(deg + x, ~0ull) - 1;
    a.src[p] = x;
    a.adj[p] = y;
    a.ki[p] = ki;
}

/* CSR build, second pass: both arcs of every edge, with the original key and id. */
__global__ void k_csr_fill(const uint32_t *u, const uint32_t *v, const uint32_t *key, u64 m,
                           const u64 *off, u64 *deg, ct_arcs a)
{
    for (u64 e = ct_tid(); e < m; e += ct_stride()) {
        u64 ki = (u64)key[e] << 32 | e;
        ct_put(a, off, deg, u[e], v[e], ki);
        ct_put(a, off, deg, v[e], u[e], ki);
    }
}

/* Step 1a: lightest arc per row, by a segmented shuffle reduction over each warp's run of
 * equal rows, then a guarded atomicMin by the run's first lane. best starts at NONE. */
__global__ void k_min_arc(ct_arcs a, u64 len, u64 *best)
{
    for (u64 base = ct_warp_base(); base < len; base += ct_stride()) {
        u64 j = base + ct_lane();
        uint32_t x = j < len ? a.src[j] : CT_FULL;
        u64 k = j < len ? a.ki[j] : NONE;
        for (unsigned d = 1; d < 32; d *= 2) {
            uint32_t ox = __shfl_down_sync(CT_FULL, x, d);
            u64 ok = __shfl_down_sync(CT_FULL, k, d);
            if (ct_lane() + d < 32 && ox == x && ok < k)
                k = ok;
        }
        uint32_t before = __shfl_up_sync(CT_FULL, x, 1);
        bool head = ct_lane() == 0 || before != x;
        if (j < len && head && k < best[x])
            atomicMin(best + x, k);
    }
}

/* Step 1b: the far end of every row's lightest arc is the row's successor. */
__global__ void k_successor(ct_arcs a, u64 len, const u64 *best, uint32_t *succ)
{
    for (u64 j = ct_tid(); j < len; j += ct_stride()) {
        uint32_t x = a.src[j];
        if (a.ki[j] == best[x])
            succ[x] = a.adj[j];
    }
}

/* Warp-aggregated append of x to out[*count] where keep; every lane of the warp calls it. */
__device__ __forceinline__ void ct_append(uint32_t *out, uint32_t *count, bool keep, uint32_t x)
{
    unsigned mask = __ballot_sync(CT_FULL, keep);
    if (mask == 0)
        return;
    unsigned leader = __ffs(mask) - 1, base = 0;
    if (ct_lane() == leader)
        base = atomicAdd(count, (unsigned)__popc(mask));
    base = __shfl_sync(CT_FULL, base, leader);
    if (keep)
        out[base + __popc(mask & ((1u << ct_lane()) - 1))] = x;
}

/* Step 2: a vertex whose successor chose it back shares that edge with it: the smaller of the
 * two is the root. Every other vertex with arcs puts its edge into the forest and names its
 * successor as its color. Resets best for the next round. */
__global__ void k_mirrors(uint32_t n, u64 *best, const uint32_t *succ, uint32_t *color,
                          uint32_t *forest, ct_stat *stat)
{
    for (u64 base = ct_warp_base(); base < n; base += ct_stride()) {
        u64 x = base + ct_lane();
        bool join = false;
        uint32_t id = 0;
        if (x < n) {
            u64 b = best[x];
            uint32_t s = b == NONE ? (uint32_t)x : succ[x];
            bool root = s == x || (succ[s] == x && x < s);
            color[x] = root ? (uint32_t)x : s;
            join = !root;
            id = (uint32_t)b;
            best[x] = NONE;
        }
        ct_append(forest, &stat->forest, join, id);
    }
}

/* Step 3: pointer jumping, color[x] = color[color[x]], until a pass changes nothing. One
 * cooperative launch: the passes are separated by grid-wide barriers and each records in
 * flags[] whether it changed a color. In-place jumping only ever reads ancestors, so it is
 * correct and converges at least as fast as synchronous jumping; a root's color never
 * changes and a non-root's never names itself, so a pass without change means every vertex
 * names its root. */
__global__ void k_colors(uint32_t n, uint32_t *color, uint32_t *flags, ct_stat *stat)
{
    cooperative_groups::grid_group grid = cooperative_groups::this_grid();
    uint32_t pass = stat->color_steps; /* read by all before the update below */
    for (;;) {
        if (pass == CT_STEP_FLAGS) { /* every thread agrees on pass: all leave together */
            if (grid.thread_rank() == 0)
                stat->overflow = 1;
            break;
        }
        bool changed = false;
        for (u64 x = ct_tid(); x < n; x += ct_stride()) {
            /* L2 reads: an L1 copy from an earlier pass would only slow convergence down. */
            uint32_t c = __ldcg(color + x), cc = __ldcg(color + c);
            if (c != cc) {
                color[x] = cc;
                changed = true;
            }
        }
        if (__syncthreads_or(changed) && threadIdx.x == 0)
            flags[pass] = 1;
        grid.sync();
        bool again = *(volatile uint32_t *)(flags + pass) != 0;
        pass++;
        if (!again)
            break;
    }
    if (grid.thread_rank() == 0)
        stat->color_steps = pass;
}

/* Step 5a: every arc between two components counts towards its row's root; the lanes of a
 * warp with the same root add once. */
__global__ void k_count(ct_arcs a, u64 len, const uint32_t *color, u64 *deg)
{
    for (u64 base = ct_warp_base(); base < len; base += ct_stride()) {
        u64 j = base + ct_lane();
        uint32_t r = 0;
        bool keep = false;
        if (j < len) {
            r = color[a.src[j]];
            keep = r != color[a.adj[j]];
        }
        unsigned active = __ballot_sync(CT_FULL, keep);
        if (keep) {
            unsigned group = __match_any_sync(active, r);
            if (ct_lane() == (unsigned)__ffs(group) - 1)
                atomicAdd(deg + r, (u64)__popc(group));
        }
    }
}

/* Step 5b: inserts every arc between two components into the row of its root's new id, at
 * the root's offset plus a place taken from its count (which returns to zero). MERGE writes
 * (new row << bits | new far end, ki) pairs for sorting instead of the arcs. The first thread
 * reports the contracted graph's size. */
template <bool MERGE>
__global__ void k_insert(ct_arcs a, u64 len, uint32_t n, const uint32_t *color, u64 *deg,
                         const ct_slot *slot, ct_arcs next, u64 *keys, int bits, ct_stat *stat)
{
    if (ct_tid() == 0) {
        stat->n_next = (uint32_t)slot[n].id;
        stat->arcs_next = stat->arcs_unmerged = slot[n].off;
    }
    for (u64 base = ct_warp_base(); base < len; base += ct_stride()) {
        u64 j = base + ct_lane();
        uint32_t r = 0, w = 0;
        bool keep = false;
        if (j < len) {
            r = color[a.src[j]];
            w = color[a.adj[j]];
            keep = r != w;
        }
        unsigned active = __ballot_sync(CT_FULL, keep);
        if (!keep)
            continue;
        unsigned group = __match_any_sync(active, r), leader = __ffs(group) - 1;
        u64 size = (u64)__popc(group), place = 0;
        if (ct_lane() == leader)
            place = atomicAdd(deg + r, 0ull - size) - size;
        place = __shfl_sync(active, place, leader);
        u64 p = slot[r].off + place + __popc(group & ((1u << ct_lane()) - 1));
        uint32_t row = (uint32_t)slot[r].id, far = (uint32_t)slot[w].id;
        next.ki[p] = a.ki[j];
        if (MERGE) {
            keys[p] = (u64)row << bits | far;
        } else {
            next.src[p] = row;
            next.adj[p] = far;
        }
    }
}

/* Merging, last step: the distinct (row, far end) keys, sorted, become the arcs; the
 * sentinel key (all ones) of the unused places sorts last and is dropped. */
__global__ void k_unpack(const u64 *keys, int bits, ct_arcs next, ct_stat *stat)
{
    u64 runs = stat->runs;
    bool sentinel = runs > 0 && keys[runs - 1] == NONE;
    if (ct_tid() == 0)
        stat->arcs_next = runs - sentinel;
    for (u64 i = ct_tid(); i < runs - sentinel; i += ct_stride()) {
        next.src[i] = (uint32_t)(keys[i] >> bits);
        next.adj[i] = (uint32_t)(keys[i] & ((1ull << bits) - 1));
    }
}

#endif
