/* comm.c: status agreement, large all-to-all exchanges and gathers, peak memory (comm.h). */
#include "comm.h"

#include <inttypes.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>

#define ERROR_TEXT_BYTES 1024 /* the longest message agreed between ranks */
#define CHUNK_BYTES (1u << 28) /* point-to-point pieces: well below INT_MAX bytes */
#define TAG_BIG 17

mst_status dist_agree(const dist_ctx *c, mst_status st)
{
    int mine = st != MST_OK ? c->rank : c->size, first = c->size;
    MPI_Allreduce(&mine, &first, 1, MPI_INT, MPI_MIN, c->comm);
    if (first == c->size)
        return MST_OK;
    int code = (int)st;
    char msg[ERROR_TEXT_BYTES];
    if (c->rank == first)
        snprintf(msg, sizeof msg, "%s", mst_last_error());
    MPI_Bcast(&code, 1, MPI_INT, first, c->comm);
    MPI_Bcast(msg, ERROR_TEXT_BYTES, MPI_CHAR, first, c->comm);
    if (c->rank != first)
        mst_fail((mst_status)code, "%s", msg);
    return (mst_status)code;
}

mst_status dist_exchange(const dist_ctx *c, const void *send, const uint64_t *sendcount,
                         size_t rec_bytes, void **recv, uint64_t *recvcount, uint64_t *total)
{
    mst_status st = MST_OK;
    int p = c->size;
    int *sc = NULL, *sd = NULL, *rc = NULL, *rd = NULL;
    MPI_Datatype rec = MPI_DATATYPE_NULL;
    *recv = NULL;
    *total = 0;
    MPI_Alltoall(sendcount, 1, MPI_UINT64_T, recvcount, 1, MPI_UINT64_T, c->comm);
    uint64_t out = 0, in = 0;
    for (int q = 0; q < p; q++)
        out += sendcount[q], in += recvcount[q];
    if (out > INT_MAX || in > INT_MAX)
        MST_FAIL(MST_ERESOURCE, "rank %d: %" PRIu64 " records to exchange exceed MPI's int counts "
                 "(use more ranks)", c->rank, out > in ? out : in);
    MST_ALLOC(sc, p);
    MST_ALLOC(sd, p);
    MST_ALLOC(rc, p);
    MST_ALLOC(rd, p);
    *recv = mst_alloc(in, rec_bytes);
    if (*recv == NULL)
        MST_FAIL(MST_ERESOURCE, "rank %d: out of memory receiving %" PRIu64 " records", c->rank,
                 in);
fail:
    if ((st = dist_agree(c, st)) == MST_OK) {
        for (int q = 0, so = 0, ro = 0; q < p; q++) {
            sc[q] = (int)sendcount[q], sd[q] = so, so += sc[q];
            rc[q] = (int)recvcount[q], rd[q] = ro, ro += rc[q];
        }
        MPI_Type_contiguous((int)rec_bytes, MPI_BYTE, &rec);
        MPI_Type_commit(&rec);
        MPI_Alltoallv(send, sc, sd, rec, *recv, rc, rd, rec, c->comm);
        MPI_Type_free(&rec);
        *total = in;
    } else {
        free(*recv);
        *recv = NULL;
    }
    free(sc);
    free(sd);
    free(rc);
    free(rd);
    return st;
}

void dist_send_big(const dist_ctx *c, const void *buf, uint64_t count, size_t rec_bytes, int to)
{
    const char *p = buf;
    uint64_t bytes = count * rec_bytes;
    for (uint64_t off = 0; off < bytes; off += CHUNK_BYTES) {
        uint64_t k = bytes - off < CHUNK_BYTES ? bytes - off : CHUNK_BYTES;
        MPI_Send(p + off, (int)k, MPI_BYTE, to, TAG_BIG, c->comm);
    }
}

void dist_recv_big(const dist_ctx *c, void *buf, uint64_t count, size_t rec_bytes, int from)
{
    char *p = buf;
    uint64_t bytes = count * rec_bytes;
    for (uint64_t off = 0; off < bytes; off += CHUNK_BYTES) {
        uint64_t k = bytes - off < CHUNK_BYTES ? bytes - off : CHUNK_BYTES;
        MPI_Recv(p + off, (int)k, MPI_BYTE, from, TAG_BIG, c->comm, MPI_STATUS_IGNORE);
    }
}

mst_status dist_gather_records(const dist_ctx *c, const void *buf, uint64_t count,
                               size_t rec_bytes, void *out, uint64_t out_cap, uint64_t *total)
{
    mst_status st = MST_OK;
    uint64_t *counts = NULL, sum = 0;
    if (c->rank == 0 && (counts = mst_alloc((size_t)c->size, sizeof *counts)) == NULL)
        st = MST_ERESOURCE;
    if ((st = dist_agree(c, st)) != MST_OK)
        return st;
    MPI_Gather(&count, 1, MPI_UINT64_T, counts, 1, MPI_UINT64_T, 0, c->comm);
    if (c->rank == 0) {
        for (int q = 0; q < c->size; q++)
            sum += counts[q];
        if (sum > out_cap)
            st = mst_fail(MST_EINTERNAL, "internal error: %" PRIu64 " forest edges gathered "
                          "exceed the room for %" PRIu64, sum, out_cap);
    }
    if ((st = dist_agree(c, st)) == MST_OK) {
        if (c->rank == 0) {
            char *o = out;
            memcpy(o, buf, count * rec_bytes);
            o += count * rec_bytes;
            for (int q = 1; q < c->size; q++) {
                dist_recv_big(c, o, counts[q], rec_bytes, q);
                o += counts[q] * rec_bytes;
            }
            *total = sum;
        } else {
            dist_send_big(c, buf, count, rec_bytes, 0);
        }
    }
    free(counts);
    return st;
}

uint64_t dist_peak_rss_kib(void)
{
    struct rusage ru;
    if (getrusage(RUSAGE_SELF, &ru) != 0)
        return 0;
    return (uint64_t)ru.ru_maxrss; /* KiB on Linux */
}
