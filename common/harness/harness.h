/*
 * harness.h: the shared driver of every solver executable (after GAPBS's BenchmarkKernel):
 * command line, loading, one untimed warm-up and N timed trials of mst_solve(), verification,
 * summary or JSON, and --output. common/main.c is just a call to it.
 */
#ifndef MST_HARNESS_H
#define MST_HARNESS_H

#ifdef __cplusplus
extern "C" {
#endif

/* Runs the solver linked with it on the command line; returns the exit code (DESIGN.md:
 * 0 ok, 1 bad usage, 2 bad input, 3 resources, 4 verification failed). */
int mst_harness_main(int argc, char **argv);

#ifdef __cplusplus
}
#endif

#endif
