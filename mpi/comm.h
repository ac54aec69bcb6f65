/*
 * comm.h: the MPI plumbing that mst-mpi's loaders and algorithms share: the rank context,
 * agreement on a status (nothing below main aborts the job: every rank returns the same status
 * and rank 0 prints the first failing rank's message), all-to-all exchanges and gathers of
 * fixed-size records whose totals may exceed MPI's int counts, and peak memory.
 */
#ifndef MST_MPI_COMM_H
#define MST_MPI_COMM_H

#include <mpi.h>
#include <stddef.h>
#include <stdint.h>

#include "core.h"

typedef struct dist_ctx {
    MPI_Comm comm; /* the solver's own duplicate of MPI_COMM_WORLD */
    int rank, size;
} dist_ctx;

/*
 * Collective. Returns on every rank the status of the lowest-numbered rank whose st is not
 * MST_OK (MST_OK if none), and records that rank's message as mst_last_error() everywhere.
 * Messages longer than 1 KiB are cut.
 */
mst_status dist_agree(const dist_ctx *c, mst_status st);

/*
 * Collective all-to-all of records of rec_bytes each. send[] holds sendcount[q] records for each
 * rank q in rank order. On success *recv (caller frees) holds the records received, grouped by
 * source rank in rank order, recvcount[q] of them from rank q ([size], caller's array), and
 * *total their number. Order within a source is kept. Errors (agreed): MST_ERESOURCE when memory
 * runs out or a rank's total exceeds MPI's int counts (INT_MAX records); *recv is then NULL.
 */
mst_status dist_exchange(const dist_ctx *c, const void *send, const uint64_t *sendcount,
                         size_t rec_bytes, void **recv, uint64_t *recvcount, uint64_t *total);

/*
 * Collective gather of `count` records of rec_bytes each from every rank into out[] on rank 0,
 * in rank order (point-to-point, in chunks, so totals beyond INT_MAX work). out_cap is out's
 * room in records on rank 0; *total (rank 0) gets the number gathered. Errors (agreed):
 * MST_ERESOURCE (memory); MST_EINTERNAL when the records do not fit out_cap (the callers size
 * it for any forest, so more records are a solver's bug).
 */
mst_status dist_gather_records(const dist_ctx *c, const void *buf, uint64_t count,
                               size_t rec_bytes, void *out, uint64_t out_cap, uint64_t *total);

/* Collective: sends count records of rec_bytes from rank 0's buf to rank `to`'s buf (both
 * ranks call it; others do not), in chunks below INT_MAX bytes. */
void dist_send_big(const dist_ctx *c, const void *buf, uint64_t count, size_t rec_bytes, int to);
void dist_recv_big(const dist_ctx *c, void *buf, uint64_t count, size_t rec_bytes, int from);

/* This process's peak resident set size so far, in KiB (getrusage ru_maxrss). */
uint64_t dist_peak_rss_kib(void);

#endif
