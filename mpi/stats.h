/*
 * stats.h: mst-mpi's --stats text: messages by type against the GHS bound, traffic between
 * ranks, and every rank's peak memory, as summary lines or as a JSON member.
 */
#ifndef MST_MPI_STATS_H
#define MST_MPI_STATS_H

#include <stddef.h>
#include <stdint.h>

#include "solver.h"

/* A text built in a fixed buffer (the --stats texts); what does not fit is dropped. */
typedef struct dist_text {
    char *buf;
    size_t cap, len;
} dist_text;

/* Appends printf output to t, truncated to fit t->buf (always terminated). Never fails. */
void dist_text_add(dist_text *t, const char *fmt, ...) MST_PRINTF(2, 3);

/* Appends a[0..ranks) (NULL: zeros) as a JSON list's items "a,b,c" (json = 1) or as
 * " a b c" scaled by `scale` with one decimal. */
void dist_text_ranks(dist_text *t, const uint64_t *a, int ranks, int json, double scale);

/* The largest of a[0..ranks) (0 for NULL). */
uint64_t dist_max_of(const uint64_t *a, int ranks);

/* Appends every rank's peak RSS: "\"peak_rss_kib\":[...],\"peak_rss_kib_max\":N}" (json = 1:
 * it closes the "stats" member) or the line "  peak RSS  max M MiB; per rank: ... MiB". */
void dist_text_peak_rss(dist_text *t, int json, const uint64_t *peak_rss_kib, int ranks);

/* What the statistics describe besides the counters of the median trial's phases. */
typedef struct dist_stats_run {
    int ghs;                      /* 1: GHS's counters, 0: Borůvka-allreduce's */
    const char *partition;        /* "block" or "hash" */
    const char *transport;        /* "shm" or "mpi" */
    const uint64_t *peak_rss_kib; /* [ranks] */
    int ranks;
} dist_stats_run;

/*
 * The statistics of the trial whose phases are ph: summary lines (json = 0) or the JSON member
 * "stats":{...} (json = 1), in static storage (truncated past 64 KiB). Never fails.
 */
const char *dist_stats_text(const mst_phases *ph, int json, const dist_stats_run *run);

#endif
