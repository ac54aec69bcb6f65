/* primitives.cu: recursive Borůvka from CUB primitives and map kernels (see primitives.h). */
#include "primitives.h"

#include <cuda_runtime.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cub/block/block_scan.cuh>
#include <cub/device/device_radix_sort.cuh>
#include <cub/device/device_reduce.cuh>
#include <cub/device/device_scan.cuh>

#include "cuda_check.cuh"
#include "ecl.h" /* cuda_device_name, CUDA_FILTER_AUTO_DEGREE */
#include "core.h"
#include "transfer.cuh"

typedef unsigned long long u64;

#define NONE 0xFFFFFFFFFFFFFFFFull
#define BLOCK 256

/* ---- kernels: each a map over edges, arcs or vertices (grid-stride, block-uniform) -------- */

/* The slot of this thread's item among the kept items of all blocks (one atomicAdd per block:
 * a hot counter would serialize). Every thread of the block must call it. */
__device__ unsigned block_slot(bool keep, unsigned *count)
{
    typedef cub::BlockScan<unsigned, BLOCK> scan_t;
    __shared__ typename scan_t::TempStorage tmp;
    __shared__ unsigned base;
    unsigned rank, total;
    scan_t(tmp).ExclusiveSum(keep ? 1u : 0u, rank, total);
    if (threadIdx.x == 0 && total > 0)
        base = atomicAdd(count, total);
    __syncthreads();
    unsigned b = base;
    __syncthreads(); /* tmp and base are reused by the next call */
    return b + rank;
}

#define FOR_BLOCKS(i, len)                                                                      \
    for (u64 base_ = (u64)blockIdx.x * BLOCK, i = base_ + threadIdx.x; base_ < (len);           \
         base_ += (u64)gridDim.x * BLOCK, i = base_ + threadIdx.x)
#define FOR_ITEMS(i, len)                                                                       \
    for (u64 i = (u64)blockIdx.x * BLOCK + threadIdx.x; i < (len); i += (u64)gridDim.x * BLOCK)

__device__ __forceinline__ u64 low_mask(int b) { return (1ull << b) - 1; }

/* Level 0's edges: ends packed as u << b | v, order as key << 32 | id; with a threshold, the
 * light ones (word <= tau) to the front of luv/lw, the heavy ones to the back of huv/hw. */
__global__ void k_pack(const uint32_t *u, const uint32_t *v, const uint32_t *key, uint32_t m,
                       int b, bool split, u64 tau, u64 *luv, u64 *lw, u64 *huv, u64 *hw,
                       unsigned *count)
{
    FOR_BLOCKS(e, m) {
        bool live = e < m;
        u64 uv = 0, w = 0;
        if (live) {
            uv = (u64)u[e] << b | v[e];
            w = (u64)key[e] << 32 | e;
        }
        if (!split) {
            if (live)
                luv[e] = uv, lw[e] = w;
            continue;
        }
        unsigned s = block_slot(live && w <= tau, count);
        if (live && w <= tau)
            luv[s] = uv, lw[s] = w;
        s = block_slot(live && w > tau, count + 1);
        if (live && w > tau)
            huv[m - 1 - s] = uv, hw[m - 1 - s] = w;
    }
}

/* Arc j < M is edge j forwards (key u), arc M + j backwards (key v); value: the arc. */
__global__ void k_arc_keys(const u64 *uv, uint32_t M, int b, uint32_t *key, uint32_t *arc)
{
    FOR_ITEMS(j, 2 * (u64)M) {
        u64 x = uv[j < M ? j : j - M];
        key[j] = (uint32_t)(j < M ? x >> b : x & low_mask(b));
        arc[j] = (uint32_t)j;
    }
}

/* The sorted arcs' far ends and order words. */
__global__ void k_arc_gather(const uint32_t *arc, const u64 *uv, const u64 *w, uint32_t M, int b,
                             uint32_t *dst, u64 *aw)
{
    FOR_ITEMS(j, 2 * (u64)M) {
        uint32_t a = arc[j], e = a < M ? a : a - M;
        u64 x = uv[e];
        dst[j] = (uint32_t)(a < M ? x & low_mask(b) : x >> b);
        aw[j] = w[e];
    }
}

__global__ void k_fill(u64 *p, uint32_t len, u64 value)
{
    FOR_ITEMS(i, len)
        p[i] = value;
}

__global__ void k_iota(uint32_t *p, uint32_t len)
{
    FOR_ITEMS(i, len)
        p[i] = (uint32_t)i;
}

/* best[x] = the minimum of x's row, from the reduce-by-key runs (their count on the device). */
__global__ void k_scatter_best(const uint32_t *row, const u64 *min, const unsigned *runs, u64 *best)
{
    FOR_ITEMS(i, *runs)
        best[row[i]] = min[i];
}

/* The far end of each vertex's lightest arc (words are unique within a row). */
__global__ void k_successor(const uint32_t *src, const uint32_t *dst, const u64 *aw, uint32_t L,
                            const u64 *best, uint32_t *succ)
{
    FOR_ITEMS(j, L)
        if (aw[j] == best[src[j]])
            succ[src[j]] = dst[j];
}

/* Cycle removal (section 3.1): of two vertices that chose each other the smaller is the root;
 * every other vertex with an edge adds it to the forest. rep[x] = x for roots, else S(x). */
__global__ void k_cycles(uint32_t n, const u64 *best, const uint32_t *succ, uint32_t *rep,
                         uint32_t *out, unsigned *count)
{
    FOR_BLOCKS(x, n) {
        bool join = false;
        if (x < n) {
            uint32_t s = (uint32_t)x;
            if (best[x] != NONE) {
                s = succ[x];
                join = !(succ[s] == x && x < s);
                s = join ? s : (uint32_t)x;
            }
            rep[x] = s;
        }
        unsigned slot = block_slot(join, count);
        if (join)
            out[slot] = (uint32_t)best[x];
    }
}

/* Pointer doubling, S(x) = S(S(x)), each vertex at its own pace for up to JUMP_STEPS steps
 * per launch (*moved set if it is not at a root yet). Every step moves S(x) to a proper
 * ancestor and reads pointers that other vertices have already moved, so one launch usually
 * ends it; the steps per launch bound the work of long chains whose upper part no thread has
 * shortened yet, and each further launch multiplies every pointer's reach. */
#define JUMP_STEPS 8
__global__ void k_jump(uint32_t n, uint32_t *rep, unsigned *moved)
{
    FOR_ITEMS(x, n) {
        uint32_t p = __ldcg(rep + x);
        int steps = 0;
        for (uint32_t q = __ldcg(rep + p); q != p; q = __ldcg(rep + p)) {
            if (++steps > JUMP_STEPS) {
                *moved = 1;
                break;
            }
            p = q;
            __stcg(rep + x, p);
        }
    }
}

/* Split keys: the root, or n for a vertex without edges (it leaves the recursion). */
__global__ void k_split_keys(uint32_t n, const u64 *best, const uint32_t *rep, uint32_t *key,
                             uint32_t *val)
{
    FOR_ITEMS(x, n) {
        key[x] = best[x] == NONE ? n : rep[x];
        val[x] = (uint32_t)x;
    }
}

/* Segment heads of the sorted roots (MarkSegments of section 3.1). */
__global__ void k_heads(const uint32_t *key, uint32_t n, uint32_t *head)
{
    FOR_ITEMS(i, n)
        head[i] = key[i] != n && (i == 0 || key[i - 1] != key[i]);
}

/* Retired super-vertices (filtering): their numbers, flagged, in comp. */
#define RETIRED 0x80000000u

/* Super-vertex id of every vertex with edges: its segment's number. With retire (filtering),
 * a vertex without edges gets the next retired number (the count in *retired). */
__global__ void k_new_ids(const uint32_t *key, const uint32_t *val, const uint32_t *ids,
                          uint32_t n, bool retire, uint32_t *map, unsigned *retired)
{
    FOR_BLOCKS(i, n) {
        if (i < n && key[i] != n)
            map[val[i]] = ids[i] - 1;
        if (!retire)
            continue;
        bool gone = i < n && key[i] == n;
        unsigned slot = block_slot(gone, retired);
        if (gone)
            map[val[i]] = RETIRED | slot;
    }
}

/* comp[x] = map[comp[x]]: original vertex -> super-vertex of the current level (or retired). */
__global__ void k_compose(uint32_t n0, uint32_t *comp, const uint32_t *map)
{
    FOR_ITEMS(x, n0)
        if (!(comp[x] & RETIRED))
            comp[x] = map[comp[x]];
}

/* The super-vertex of x through map: map[x] (x itself without a map); a retired number r
 * becomes base + r. */
__device__ __forceinline__ uint32_t relabel(const uint32_t *map, uint32_t x, bool retired,
                                            uint32_t base)
{
    uint32_t y = map != NULL ? map[x] : x;
    return retired && (y & RETIRED) ? base + (y & ~RETIRED) : y;
}

/* Edges relabelled through map (ends packed with shift b; with `retired`, retired numbers
 * r become base + r), kept when their ends differ, written with the smaller super-vertex first
 * and shift b2 to uv2/w2[slot]. */
__global__ void k_relabel(const u64 *uv, const u64 *w, uint32_t M, int b, const uint32_t *map,
                          bool retired, uint32_t base, int b2, u64 *uv2, u64 *w2,
                          unsigned *count)
{
    FOR_BLOCKS(e, M) {
        uint32_t p = 0, q = 0;
        if (e < M) {
            p = relabel(map, (uint32_t)(uv[e] >> b), retired, base);
            q = relabel(map, (uint32_t)(uv[e] & low_mask(b)), retired, base);
        }
        unsigned slot = block_slot(p != q, count);
        if (p != q) {
            uv2[slot] = p < q ? (u64)p << b2 | q : (u64)q << b2 | p;
            w2[slot] = w[e];
        }
    }
}

struct min_op {
    __device__ __forceinline__ u64 operator()(u64 a, u64 b) const { return a < b ? a : b; }
};

/* ---- the host driver ------------------------------------------------------------------------ */

enum { PH_INIT, PH_CSR, PH_SEGMIN, PH_SUCC, PH_DOUBLING, PH_SPLIT, PH_RELABEL, PH_SORT,
       PH_SELECT, PH_COUNT };
static const char *const phase_name[PH_COUNT] = {
    "init", "csr", "segmented-min", "successor", "pointer-doubling", "split", "relabel",
    "sort-edges", "select"};

/* The light levels stop once fewer than 1/LIGHT_STOP of the light edges is left, and the rest
 * joins the heavy edges: that saves the small last levels, whose cost is mostly launches and
 * synchronizations, but a component of the light graph left in several pieces keeps the heavy
 * edges to those pieces apart (docs/primitives.md weighs the two). */
#define LIGHT_STOP 64

/* One level's graph: n vertices, m edges in buffers cur, ends packed with shift b. */
struct level {
    uint32_t n, m;
    int b, cur;
};

struct prim_run {
    const mst_graph *g;
    const cuda_prim_options *o;
    mst_phases *ph;
    uint32_t n0, m0;
    size_t nn, mm; /* n0, m0, at least 1 (allocation sizes) */
    int grid, filter;
    u64 tau;
    u64 *d_uv[2], *d_w[2];              /* edge lists [mm] (the sorts' double buffers) */
    uint32_t *d_akey[2], *d_aidx[2];    /* arcs [2mm]: sources and arc numbers, sorted */
    uint32_t *d_dst;                    /* [2mm] far ends of the sorted arcs */
    u64 *d_aw;                          /* [2mm] their order words */
    const uint32_t *src;                /* the sorted sources (one of d_akey) */
    uint32_t *d_row;                    /* [nn] rows of the reduce-by-key runs */
    u64 *d_rmin, *d_best;               /* [nn] runs' minima, each vertex's lightest word */
    uint32_t *d_succ, *d_rep, *d_skey[2], *d_sval[2], *d_head, *d_ids, *d_map, *d_comp, *d_out;
    unsigned *d_small; /* [0] forest edges, [1] pointer moved, [2] runs, [3] kept (or light),
                        * [4] heavy, [5] retired */
    void *d_temp, *d_temp_own; /* CUB's storage (in the pool; own: grown beyond it) */
    size_t temp_bytes;
    cuda_clock clock;
    double t[PH_COUNT];
    uint64_t levels, light, jumps;
    uint32_t traced; /* forest edges already traced (--trace) */
};

/* Smallest b with 2^b > x: the bits that hold 0..x (1 for 0; at most 32). */
static int width(uint32_t x)
{
    int b = 1;
    while (b < 32 && (1ull << b) <= x)
        b++;
    return b;
}

/* Runs the CUB call f(temp, bytes) on the shared temporary storage, growing it if this call
 * needs more than any before (setup sizes it for the largest, so it never grows in practice). */
template <typename F> static mst_status cub_run(prim_run *r, const char *what, F f)
{
    size_t need = 0;
    cudaError_t err = f(NULL, need);
    if (err == cudaSuccess && need > r->temp_bytes) {
        cudaFree(r->d_temp_own);
        r->d_temp = r->d_temp_own = NULL;
        r->temp_bytes = 0;
        if ((err = cudaMalloc(&r->d_temp_own, need)) == cudaSuccess) {
            r->d_temp = r->d_temp_own;
            r->temp_bytes = need;
        }
    }
    if (err == cudaSuccess)
        err = f(r->d_temp, r->temp_bytes);
    return cuda_ok(err, what);
}

/* The CUB calls, each in one place: setup sizes the temporary storage with the same calls. */
static cudaError_t sort_u32(void *t, size_t &bytes, cub::DoubleBuffer<uint32_t> &k,
                            cub::DoubleBuffer<uint32_t> &v, uint32_t len, int bits)
{
    return cub::DeviceRadixSort::SortPairs(t, bytes, k, v, (int)len, 0, bits);
}

static cudaError_t sort_u64(void *t, size_t &bytes, cub::DoubleBuffer<u64> &k,
                            cub::DoubleBuffer<u64> &v, uint32_t len, int bits)
{
    return cub::DeviceRadixSort::SortPairs(t, bytes, k, v, (int)len, 0, bits);
}

template <typename K>
static cudaError_t min_by_key(void *t, size_t &bytes, const K *key, K *unique, const u64 *val,
                              u64 *min, unsigned *runs, uint32_t len)
{
    return cub::DeviceReduce::ReduceByKey(t, bytes, key, unique, val, min, runs, min_op(),
                                          (int)len);
}

static cudaError_t scan_call(void *t, size_t &bytes, const uint32_t *in, uint32_t *out,
                             uint32_t len)
{
    return cub::DeviceScan::InclusiveSum(t, bytes, in, out, (int)len);
}

/* Picks the device, carves every buffer (sized for level 0, the largest) and the CUB storage
 * from the context's pool (transfer.cuh), creates the events. Errors: MST_ERESOURCE. */
static mst_status prim_setup(prim_run *r)
{
    size_t nn = r->nn, mm = r->mm;
    int sms = 1;
    mst_status st = cuda_ok(cudaSetDevice(r->o->device), "cudaSetDevice");
    if (st == MST_OK)
        st = cuda_ok(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, r->o->device),
                     "cudaDeviceGetAttribute");
    r->grid = sms * (2048 / BLOCK);
    /* The bytes of the largest CUB call's temporary storage (the queries only look at the
     * types and sizes, so the buffers need not exist yet). */
    if (st == MST_OK) {
        uint32_t arcs = (uint32_t)(2 * mm), nv = (uint32_t)nn, ne = (uint32_t)mm;
        cub::DoubleBuffer<uint32_t> ak(r->d_akey[0], r->d_akey[1]), ai(r->d_aidx[0], r->d_aidx[1]);
        cub::DoubleBuffer<uint32_t> sk(r->d_skey[0], r->d_skey[1]), sv(r->d_sval[0], r->d_sval[1]);
        cub::DoubleBuffer<u64> ek(r->d_uv[0], r->d_uv[1]), ew(r->d_w[0], r->d_w[1]);
        size_t bytes[6] = {0}, most = 1;
        cudaError_t err[6] = {
            sort_u32(NULL, bytes[0], ak, ai, arcs, 32),
            sort_u32(NULL, bytes[1], sk, sv, nv, 32),
            sort_u64(NULL, bytes[2], ek, ew, ne, 64),
            min_by_key<uint32_t>(NULL, bytes[3], r->d_akey[0], r->d_row, r->d_aw, r->d_rmin,
                                 r->d_small + 2, arcs),
            min_by_key<u64>(NULL, bytes[4], r->d_uv[0], r->d_uv[1], r->d_w[0], r->d_w[1],
                            r->d_small + 2, ne),
            scan_call(NULL, bytes[5], r->d_head, r->d_ids, nv)};
        for (int i = 0; st == MST_OK && i < 6; i++) {
            st = cuda_ok(err[i], "CUB temporary storage size");
            most = bytes[i] > most ? bytes[i] : most;
        }
        r->temp_bytes = most;
    }
    dev_part part[] = {
        {(void **)&r->d_uv[0], mm * 8}, {(void **)&r->d_uv[1], mm * 8},
        {(void **)&r->d_w[0], mm * 8}, {(void **)&r->d_w[1], mm * 8},
        {(void **)&r->d_akey[0], 2 * mm * 4}, {(void **)&r->d_akey[1], 2 * mm * 4},
        {(void **)&r->d_aidx[0], 2 * mm * 4}, {(void **)&r->d_aidx[1], 2 * mm * 4},
        {(void **)&r->d_dst, 2 * mm * 4}, {(void **)&r->d_aw, 2 * mm * 8},
        {(void **)&r->d_row, nn * 4}, {(void **)&r->d_rmin, nn * 8},
        {(void **)&r->d_best, nn * 8}, {(void **)&r->d_succ, nn * 4},
        {(void **)&r->d_rep, nn * 4}, {(void **)&r->d_skey[0], nn * 4},
        {(void **)&r->d_skey[1], nn * 4}, {(void **)&r->d_sval[0], nn * 4},
        {(void **)&r->d_sval[1], nn * 4}, {(void **)&r->d_head, nn * 4},
        {(void **)&r->d_ids, nn * 4}, {(void **)&r->d_map, nn * 4},
        {(void **)&r->d_comp, r->filter ? nn * 4 : 0}, {(void **)&r->d_out, nn * 4},
        {(void **)&r->d_small, 8 * sizeof(unsigned)}, {&r->d_temp, r->temp_bytes}};
    double grow = 0;
    if (st == MST_OK)
        st = dev_pool_carve(&r->o->xfer->pool, part, sizeof part / sizeof *part, &grow);
    r->o->xfer->setup_s += grow;
    return st == MST_OK ? cuda_clock_init(&r->clock, r->o->timed_phases) : st;
}

/* A step whose kernel time goes to phase p (cuda_check.cuh). */
static mst_status step_begin(prim_run *r, int p)
{
    return cuda_step_begin(&r->clock, &r->t[p]);
}

static mst_status step_end(prim_run *r, mst_status st)
{
    return cuda_step_end(&r->clock, st);
}

/* d_small[i] into *value (waits for the work before it). */
static mst_status read_small(const prim_run *r, int i, uint32_t *value)
{
    unsigned c = 0;
    mst_status st = cuda_ok(cudaMemcpy(&c, r->d_small + i, sizeof c, cudaMemcpyDeviceToHost),
                            "cudaMemcpy");
    *value = c;
    return st;
}

/* Level 0: every edge packed into buffers 0, or with filtering the light ones there and the
 * heavy ones at the back of buffers 1 (*heavy of them). */
static mst_status prim_init(prim_run *r, level *lv, uint32_t *heavy)
{
    int b = width(r->n0);
    uint32_t light = r->m0;
    *heavy = 0;
    mst_status st = step_begin(r, PH_INIT);
    if (st == MST_OK)
        st = cuda_ok(cudaMemset(r->d_small, 0, 8 * sizeof(unsigned)), "cudaMemset");
    if (st != MST_OK)
        return st;
    if (r->filter)
        k_iota<<<r->grid, BLOCK>>>(r->d_comp, r->n0);
    k_pack<<<r->grid, BLOCK>>>(r->d_akey[0], r->d_akey[1], r->d_aidx[0], r->m0, b, r->filter != 0,
                               r->tau, r->d_uv[0], r->d_w[0], r->d_uv[1], r->d_w[1],
                               r->d_small + 3);
    st = step_end(r, MST_OK);
    if (st == MST_OK && r->filter)
        st = read_small(r, 3, &light);
    if (st == MST_OK && r->filter)
        st = read_small(r, 4, heavy);
    r->light = r->filter ? light : 0;
    *lv = {r->n0, light, b, 0};
    return st;
}

/* Step 1: the level's arcs sorted by source, with their far ends and order words. */
static mst_status build_csr(prim_run *r, const level *lv)
{
    uint32_t arcs = 2 * lv->m;
    mst_status st = step_begin(r, PH_CSR);
    if (st != MST_OK)
        return st;
    k_arc_keys<<<r->grid, BLOCK>>>(r->d_uv[lv->cur], lv->m, lv->b, r->d_akey[0], r->d_aidx[0]);
    cub::DoubleBuffer<uint32_t> key(r->d_akey[0], r->d_akey[1]), arc(r->d_aidx[0], r->d_aidx[1]);
    st = cub_run(r, "cub::DeviceRadixSort::SortPairs", [&](void *t, size_t &bytes) {
        return sort_u32(t, bytes, key, arc, arcs, width(lv->n));
    });
    r->src = key.Current();
    if (st == MST_OK)
        k_arc_gather<<<r->grid, BLOCK>>>(arc.Current(), r->d_uv[lv->cur], r->d_w[lv->cur], lv->m,
                                         lv->b, r->d_dst, r->d_aw);
    return step_end(r, st);
}

/* Step 2: best[x] = the lightest order word of x's row (NONE for an empty row): a minimum by
 * key over the arcs sorted by source (CUB's DeviceSegmentedReduce takes a thread block per
 * row, which millions of short rows make slow: docs/primitives.md). */
static mst_status segmented_min(prim_run *r, const level *lv)
{
    mst_status st = step_begin(r, PH_SEGMIN);
    if (st != MST_OK)
        return st;
    k_fill<<<r->grid, BLOCK>>>(r->d_best, lv->n, NONE);
    st = cub_run(r, "cub::DeviceReduce::ReduceByKey", [&](void *t, size_t &bytes) {
        return min_by_key<uint32_t>(t, bytes, r->src, r->d_row, r->d_aw, r->d_rmin,
                                    r->d_small + 2, 2 * lv->m);
    });
    if (st == MST_OK)
        k_scatter_best<<<r->grid, BLOCK>>>(r->d_row, r->d_rmin, r->d_small + 2, r->d_best);
    return step_end(r, st);
}

/* Steps 3 and 4: successors, cycle removal and forest edges, then pointer doubling. */
static mst_status successors(prim_run *r, const level *lv)
{
    mst_status st = step_begin(r, PH_SUCC);
    if (st != MST_OK)
        return st;
    k_successor<<<r->grid, BLOCK>>>(r->src, r->d_dst, r->d_aw, 2 * lv->m, r->d_best, r->d_succ);
    k_cycles<<<r->grid, BLOCK>>>(lv->n, r->d_best, r->d_succ, r->d_rep, r->d_out, r->d_small);
    if ((st = step_end(r, st)) != MST_OK || (st = step_begin(r, PH_DOUBLING)) != MST_OK)
        return st;
    uint32_t moved = 1;
    while (st == MST_OK && moved) {
        st = cuda_ok(cudaMemset(r->d_small + 1, 0, sizeof(unsigned)), "cudaMemset");
        if (st == MST_OK)
            k_jump<<<r->grid, BLOCK>>>(lv->n, r->d_rep, r->d_small + 1);
        if (st == MST_OK)
            st = read_small(r, 1, &moved);
        r->jumps++;
    }
    return step_end(r, st);
}

/* Step 5: super-vertex ids into d_map by a split on the roots and a scan of the segment heads;
 * *n2 of them. With retire (the light levels of filtering) a vertex without edges gets a
 * retired number, and d_comp follows every original vertex. */
static mst_status split(prim_run *r, const level *lv, int retire, uint32_t *n2)
{
    uint32_t n = lv->n, last = 0;
    mst_status st = step_begin(r, PH_SPLIT);
    if (st != MST_OK)
        return st;
    k_split_keys<<<r->grid, BLOCK>>>(n, r->d_best, r->d_rep, r->d_skey[0], r->d_sval[0]);
    cub::DoubleBuffer<uint32_t> key(r->d_skey[0], r->d_skey[1]), val(r->d_sval[0], r->d_sval[1]);
    st = cub_run(r, "cub::DeviceRadixSort::SortPairs", [&](void *t, size_t &bytes) {
        return sort_u32(t, bytes, key, val, n, width(n));
    });
    if (st == MST_OK)
        k_heads<<<r->grid, BLOCK>>>(key.Current(), n, r->d_head);
    if (st == MST_OK)
        st = cub_run(r, "cub::DeviceScan::InclusiveSum", [&](void *t, size_t &bytes) {
            return scan_call(t, bytes, r->d_head, r->d_ids, n);
        });
    if (st == MST_OK)
        k_new_ids<<<r->grid, BLOCK>>>(key.Current(), val.Current(), r->d_ids, n, retire != 0,
                                      r->d_map, r->d_small + 5);
    if (st == MST_OK && retire)
        k_compose<<<r->grid, BLOCK>>>(r->n0, r->d_comp, r->d_map);
    if (st == MST_OK)
        st = cuda_ok(cudaMemcpy(&last, r->d_ids + n - 1, 4, cudaMemcpyDeviceToHost),
                     "cudaMemcpy");
    *n2 = last;
    return step_end(r, st);
}

/* Steps 7 and 8 on the d_small[3] relabelled edges in buffers `out`: sorted by the packed
 * pair (u', v'), then the lightest of each pair kept: *next, a graph of n2 vertices. */
static mst_status sort_select(prim_run *r, uint32_t n2, int out, level *next)
{
    uint32_t kept = 0;
    int b2 = width(n2);
    *next = {n2, 0, b2, out};
    mst_status st = read_small(r, 3, &kept);
    if (st != MST_OK || kept == 0)
        return st;
    cub::DoubleBuffer<u64> key(r->d_uv[out], r->d_uv[out ^ 1]), val(r->d_w[out], r->d_w[out ^ 1]);
    if ((st = step_begin(r, PH_SORT)) == MST_OK)
        st = step_end(r, cub_run(r, "cub::DeviceRadixSort::SortPairs",
                                 [&](void *t, size_t &bytes) {
            return sort_u64(t, bytes, key, val, kept, 2 * b2);
        }));
    if (st == MST_OK && (st = step_begin(r, PH_SELECT)) == MST_OK)
        st = step_end(r, cub_run(r, "cub::DeviceReduce::ReduceByKey",
                                 [&](void *t, size_t &bytes) {
            return min_by_key<u64>(t, bytes, key.Current(), key.Alternate(), val.Current(),
                                   val.Alternate(), r->d_small + 2, kept);
        }));
    if (st == MST_OK)
        st = read_small(r, 2, &next->m);
    next->cur = key.Alternate() == r->d_uv[0] ? 0 : 1;
    return st;
}

/* Step 6 for m edges (uv, w) (ends packed with shift b) through map (see k_relabel), appended
 * to buffers `out` for a graph of n2 vertices (the count in d_small[3]). */
static void relabel_into(prim_run *r, const u64 *uv, const u64 *w, uint32_t m, int b,
                         const uint32_t *map, bool retired, uint32_t base, uint32_t n2, int out)
{
    k_relabel<<<r->grid, BLOCK>>>(uv, w, m, b, map, retired, base, width(n2), r->d_uv[out],
                                  r->d_w[out], r->d_small + 3);
}

/* One level of the recursion on *lv (a graph with edges); *lv becomes the next level's. */
static mst_status run_level(prim_run *r, level *lv, int light)
{
    uint32_t n2 = 0;
    mst_phase_round(r->ph, lv->n, lv->m);
    r->levels++;
    mst_status st = build_csr(r, lv);
    if (st == MST_OK)
        st = segmented_min(r, lv);
    if (st == MST_OK)
        st = successors(r, lv);
    if (st == MST_OK)
        st = split(r, lv, light, &n2);
    if (st == MST_OK && n2 >= lv->n)
        return mst_fail(MST_EINTERNAL, "internal error: mst-cuda --algo primitives: a level "
                        "of %u vertices and %u edges left %u super-vertices", lv->n, lv->m, n2);
    if (st == MST_OK && (st = step_begin(r, PH_RELABEL)) == MST_OK) {
        st = cuda_ok(cudaMemset(r->d_small + 3, 0, sizeof(unsigned)), "cudaMemset");
        if (st == MST_OK)
            relabel_into(r, r->d_uv[lv->cur], r->d_w[lv->cur], lv->m, lv->b, r->d_map, false, 0,
                         n2, lv->cur ^ 1);
        st = step_end(r, st);
    }
    if (st == MST_OK)
        st = cuda_trace_round(r->ph, r->d_out, r->d_small, &r->traced);
    return st == MST_OK ? sort_select(r, n2, lv->cur ^ 1, lv) : st;
}

/* After the light levels: the graph of their super-vertices (alive ones, then the retired),
 * with the heavy edges (at the back of buffers 1, level-0 ids through d_comp) and the light
 * edges left (level lv's ids), relabelled, contracted and merged into *rest. */
static mst_status finish_filter(prim_run *r, level *lv, uint32_t heavy, level *rest)
{
    uint32_t retired = 0, first = r->m0 - heavy;
    mst_status st = read_small(r, 5, &retired);
    uint32_t n2 = lv->n + retired;
    if (st == MST_OK && lv->cur == 0 && lv->m > 0) { /* buffers 0 receive the relabelled edges */
        st = cuda_ok(cudaMemcpy(r->d_uv[1], r->d_uv[0], (size_t)lv->m * 8,
                                cudaMemcpyDeviceToDevice), "cudaMemcpy");
        if (st == MST_OK)
            st = cuda_ok(cudaMemcpy(r->d_w[1], r->d_w[0], (size_t)lv->m * 8,
                                    cudaMemcpyDeviceToDevice), "cudaMemcpy");
    }
    if (st == MST_OK && (st = step_begin(r, PH_RELABEL)) == MST_OK) {
        st = cuda_ok(cudaMemset(r->d_small + 3, 0, sizeof(unsigned)), "cudaMemset");
        if (st == MST_OK) {
            relabel_into(r, r->d_uv[1] + first, r->d_w[1] + first, heavy, width(r->n0),
                         r->d_comp, true, lv->n, n2, 0);
            relabel_into(r, r->d_uv[1], r->d_w[1], lv->m, lv->b, NULL, false, 0, n2, 0);
        }
        st = step_end(r, st);
    }
    return st == MST_OK ? sort_select(r, n2, 0, rest) : st;
}

mst_status cuda_primitives_mst(const mst_graph *g, const cuda_prim_options *o, mst_forest *out,
                               mst_phases *ph)
{
    mst_status st = cuda_device_name(o->device, NULL, 0);
    if (st != MST_OK)
        return st;
    if (g->m > CUDA_PRIM_MAX_EDGES)
        return mst_fail(MST_ERESOURCE, "mst-cuda --algo primitives takes at most 2^30 - 1 edges "
                        "(its CUB calls count 2m arcs in 32-bit ints); m = %llu",
                        (unsigned long long)g->m);
    prim_run r;
    memset(&r, 0, sizeof r);
    r.g = g;
    r.o = o;
    r.ph = ph;
    r.n0 = g->n;
    r.m0 = (uint32_t)g->m;
    r.nn = g->n > 0 ? g->n : 1;
    r.mm = g->m > 0 ? g->m : 1;
    /* Filtering numbers retired super-vertices with the top bit: n < 2^31 (and m >= 2n by
     * default, so larger graphs never filter unless asked). */
    r.filter = o->filter < 0 ? g->m >= (uint64_t)CUDA_FILTER_AUTO_DEGREE * g->n : o->filter;
    r.filter = r.filter && g->m > 0 && g->n < RETIRED;
    r.tau = r.filter ? mst_sample_threshold(g, NULL, (uint64_t)(o->filter_factor * g->n),
                                            o->filter_seed)
                     : NONE;
    st = prim_setup(&r);
    /* u, v and key to the device (from page-locked memory where the context's owner registered
     * them), into the arc buffers that level 0 packs them from (the kernels after it on the
     * same stream wait for it). */
    const uint32_t *host[] = {g->u, g->v, g->key};
    uint32_t *dev[] = {r.d_akey[0], r.d_akey[1], r.d_aidx[0]};
    if (st == MST_OK)
        st = cuda_copy_edges(dev, host, 3, 0, g->m, 0);
    /* Everything with the graph on the device. With filtering, the light levels run while at
     * least 1/LIGHT_STOP of the light edges is left. */
    level lv;
    uint32_t heavy = 0, k = 0;
    float ms = 0;
    if (st == MST_OK)
        st = cuda_ok(cudaEventRecord(r.clock.all[0]), "cudaEventRecord");
    if (st == MST_OK)
        st = prim_init(&r, &lv, &heavy);
    while (st == MST_OK && r.filter && lv.m > 0 && (u64)lv.m * LIGHT_STOP >= r.light)
        st = run_level(&r, &lv, 1);
    if (st == MST_OK && r.filter)
        st = finish_filter(&r, &lv, heavy, &lv);
    while (st == MST_OK && lv.m > 0)
        st = run_level(&r, &lv, 0);
    if (st == MST_OK)
        st = cuda_event_ms(r.clock.all[0], r.clock.all[1], &ms);
    if (st == MST_OK && ph != NULL)
        ph->kernel_s = 1e-3 * ms;
    /* The forest's edge ids into out (transfer.cuh; the arcs' order words, 16 bytes an edge,
     * are free by now). */
    if (st == MST_OK)
        st = read_small(&r, 0, &k);
    if (st == MST_OK)
        st = cuda_forest_back(r.d_out, k, r.d_aw, out);
    if (st == MST_OK) {
        for (int p = 0; o->timed_phases && p < PH_COUNT; p++)
            mst_phase_add(ph, phase_name[p], r.t[p]);
        if (o->timed_phases)
            mst_phase_add(ph, "setup-once", o->xfer->setup_s);
        mst_phase_count(ph, "levels", r.levels);
        mst_phase_count(ph, "doubling_launches", r.jumps);
        mst_phase_count(ph, "filtered", (uint64_t)r.filter);
        mst_phase_count(ph, "light_edges", r.light);
    }
    cudaFree(r.d_temp_own);
    cuda_clock_free(&r.clock);
    return st;
}
