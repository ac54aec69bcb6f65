/*
 * progress.h: progress of long work (loading a large file, generating, a benchmark matrix) on
 * stderr, only when stderr is a terminal and the program enabled it (not with --json): CI runs
 * and pipes stay quiet (docs/design.md, Command line).
 */
#ifndef MST_PROGRESS_H
#define MST_PROGRESS_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Turns reports on if `on` and stderr is a terminal; off otherwise. */
void mst_progress_enable(int on);

/* Reports "WHAT: DONE MiB" (or "DONE of TOTAL MiB" if total > 0), at most 4 times a second. */
void mst_progress_bytes(const char *what, uint64_t done, uint64_t total);

/* Clears the progress line if one was shown. */
void mst_progress_done(void);

#ifdef __cplusplus
}
#endif

#endif
