/* main.c: every solver executable's main(), compiled once per solver with
 * -DMST_SOLVER=mst_solver_<folder> (Makefile, solver_rules; solver.h). */
#include "solver.h"

extern const mst_solver_desc MST_SOLVER;

int main(int argc, char **argv)
{
    return mst_harness_main(&MST_SOLVER, argc, argv);
}
