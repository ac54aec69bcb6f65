/*
 * solver_dist.c: the default mst_solver_dist() of every single-process solver (solver.h): no
 * distributed hooks. A distributed solver (mpi/) defines its own; the linker then never takes
 * this file out of libmst.a, which is why it holds nothing else.
 */
#include <stddef.h>

#include "solver.h"

const mst_dist_hooks *mst_solver_dist(void)
{
    return NULL;
}
