/*
 * harness.h: the shared driver of every solver executable (after GAPBS's BenchmarkKernel):
 * command line, loading, one untimed warm-up and N timed trials of the chosen variant's solve,
 * verification, summary or JSON, and --output. A solver's main() is one call to it.
 */
#ifndef MST_HARNESS_H
#define MST_HARNESS_H

#include "solver.h"

#ifdef __cplusplus
extern "C" {
#endif

/*
 * Runs the solver `s` on the command line argv[0..argc) and returns the exit code: 0 ok,
 * 1 bad usage, 2 bad input, 3 resources, 4 verification failed, 5 internal error. --help and
 * --describe print to stdout and return 0 without initializing the solver.
 */
int mst_harness_main(const mst_solver_desc *s, int argc, char **argv);

#ifdef __cplusplus
}
#endif

#endif
