/*
 * hybrid_gpu.cu: the GPU part kinds of mst-cuda's CPU+GPU hybrid (hybrid.h): adapters from the
 * hybrid's part-solver contract to the GPU variants' prepared paths. A second kind is one more
 * row of `kinds` (in order of preference) with its three adapters.
 */
#include "ecl.h"
#include "hybrid.h"
#include "transfer.cuh"

/* The worklist Borůvka (ecl.h) on a part, its topology resident on the device. ctx: the
 * command line's cuda_ecl_options; per-kernel timing stays off (the parts' phases are the
 * hybrid's). */
static mst_status ecl_prepare(const mst_graph *part, const void *ctx, void **state)
{
    cuda_ecl_options o = *(const cuda_ecl_options *)ctx;
    o.timed_phases = 0;
    *state = NULL;
    return cuda_ecl_prepare(part, &o, (cuda_ecl_state **)state, NULL);
}

static mst_status ecl_solve(void *state, const mst_graph *part, mst_forest *out)
{
    return cuda_ecl_solve_prepared((cuda_ecl_state *)state, part, out, NULL);
}

/* The part's keys and forest were page-locked by the solves, and its arrays are freed next:
 * their registrations go first (transfer.cuh). */
static void ecl_release(void *state)
{
    cuda_ecl_release((cuda_ecl_state *)state);
    cuda_transfer_release();
}

static const hybrid_kind kinds[] = {
    {"gpu-ecl", {HYBRID_GPU_MIN_EDGES, HYBRID_GPU_MIN_DENSITY, 1}, ecl_prepare, ecl_solve,
     ecl_release},
};

extern "C" const hybrid_kind *hybrid_gpu_kinds(int *count)
{
    *count = (int)(sizeof kinds / sizeof *kinds);
    return kinds;
}
