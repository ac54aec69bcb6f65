/*
 * hybrid_gpu.cu: the GPU part kinds of mst-cuda's CPU+GPU hybrid (hybrid.h): adapters from the
 * hybrid's part-solver contract to the GPU variants' prepared paths. A second kind is one more
 * row of `kinds` (in order of preference) with its three adapters.
 */
#include <stdlib.h>

#include "ecl.h"
#include "hybrid.h"
#include "transfer.cuh"

/* A GPU part's prepared state and its transfer context, which page-locks the part's keys and
 * forest (the hybrid keeps both arrays, rewritten in place every round, until the release). */
typedef struct ecl_part {
    cuda_xfer x;
    cuda_ecl_state *s;
} ecl_part;

static void ecl_release(void *state)
{
    ecl_part *p = (ecl_part *)state;
    if (p == NULL)
        return;
    cuda_ecl_release(p->s);
    cuda_xfer_release(&p->x);
    free(p);
}

/* The worklist Borůvka (ecl.h) on a part, its topology resident on the device. ctx: the
 * command line's cuda_ecl_options; per-kernel timing stays off (the parts' phases are the
 * hybrid's). */
static mst_status ecl_prepare(const mst_graph *part, const void *ctx, void **state)
{
    ecl_part *p = (ecl_part *)calloc(1, sizeof *p);
    *state = NULL;
    if (p == NULL)
        return mst_fail(MST_ERESOURCE, "out of memory");
    cuda_ecl_options o = *(const cuda_ecl_options *)ctx;
    o.timed_phases = 0;
    o.xfer = &p->x;
    mst_status st = cuda_ecl_prepare(part, &o, &p->s, NULL);
    if (st != MST_OK) {
        ecl_release(p);
        return st;
    }
    cuda_pin(&p->x, part->key, part->m * 4);
    *state = p;
    return MST_OK;
}

static mst_status ecl_solve(void *state, const mst_graph *part, mst_forest *out)
{
    ecl_part *p = (ecl_part *)state;
    cuda_pin(&p->x, out->eid, out->capacity * sizeof *out->eid);
    return cuda_ecl_solve_prepared(p->s, part, out, NULL);
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
