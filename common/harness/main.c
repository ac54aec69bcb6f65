/*
 * main.c: the main() of every solver executable, compiled once per solver with
 * -DMST_SOLVER=mst_solver_<folder> (Makefile, solver_rules). Each solver folder defines its
 * descriptor as the public symbol mst_solver_<folder> (solver.h); the executable is this one
 * call to the shared harness, and libmst (lib/) reaches the same descriptors by name.
 */
#include "solver.h"

#ifndef MST_SOLVER
#error "compile with -DMST_SOLVER=mst_solver_<folder>"
#endif

extern const mst_solver_desc MST_SOLVER;

int main(int argc, char **argv)
{
    return mst_harness_main(&MST_SOLVER, argc, argv);
}
