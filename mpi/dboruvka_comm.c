/* dboruvka_comm.c: --algo boruvka's all-to-all exchanges and label requests (dboruvka_int.h). */
#include "dboruvka_int.h"

#include <inttypes.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>

mst_status dbv_windows_open(dbv_windows *w, const dist_ctx *c, const uint64_t *total,
                            uint64_t mine, uint64_t *in)
{
    mst_status st = MST_OK;
    int p = c->size;
    memset(w, 0, sizeof *w);
    w->c = c;
    w->rec = MPI_DATATYPE_NULL;
    MST_ALLOC(w->rcount, p);
    MST_ALLOC(w->base, p);
    MST_CALLOC(w->got, p);
    MST_ALLOC(w->sc, p);
    MST_ALLOC(w->sd, p);
    MST_ALLOC(w->rc, p);
    MST_ALLOC(w->rd, p);
fail:
    if ((st = dist_agree(c, st)) != MST_OK)
        return st;
    MPI_Alltoall(total, 1, MPI_UINT64_T, w->rcount, 1, MPI_UINT64_T, c->comm);
    MPI_Allreduce(&mine, &w->windows, 1, MPI_UINT64_T, MPI_MAX, c->comm);
    MPI_Type_contiguous((int)sizeof(dbv_arc), MPI_BYTE, &w->rec);
    MPI_Type_commit(&w->rec);
    *in = 0;
    for (int q = 0; q < p; q++)
        w->base[q] = *in, *in += w->rcount[q];
    if (*in > INT_MAX)
        st = mst_fail(MST_ERESOURCE, "rank %d: %" PRIu64 " arcs to receive exceed MPI's int "
                      "counts (use more ranks)", c->rank, *in);
    return dist_agree(c, st);
}

uint64_t dbv_windows_send(dbv_windows *w, const dbv_arc *send, const uint64_t *count,
                          dbv_arc *recv)
{
    const dist_ctx *c = w->c;
    uint64_t bytes = 0;
    MPI_Alltoall(count, 1, MPI_UINT64_T, w->rcount, 1, MPI_UINT64_T, c->comm);
    for (int q = 0, so = 0; q < c->size; q++) {
        w->sc[q] = (int)count[q], w->sd[q] = so, so += w->sc[q];
        w->rc[q] = (int)w->rcount[q], w->rd[q] = (int)(w->base[q] + w->got[q]);
        w->got[q] += w->rcount[q];
        bytes += q == c->rank ? 0 : count[q] * sizeof(dbv_arc);
    }
    MPI_Alltoallv(send, w->sc, w->sd, w->rec, recv, w->rc, w->rd, w->rec, c->comm);
    return bytes;
}

void dbv_windows_close(dbv_windows *w)
{
    void *a[] = {w->rcount, w->base, w->got, w->sc, w->sd, w->rc, w->rd};
    for (size_t i = 0; i < sizeof a / sizeof *a; i++)
        free(a[i]);
    if (w->rec != MPI_DATATYPE_NULL)
        MPI_Type_free(&w->rec);
    memset(w, 0, sizeof *w);
    w->rec = MPI_DATATYPE_NULL;
}

mst_status dbv_buf_reserve(dbv_buf *b, uint64_t bytes)
{
    if (bytes <= b->cap)
        return MST_OK;
    /* Grow by half again so that rounds of similar sizes reuse one block. */
    uint64_t want = bytes + bytes / 2 + 64;
    void *p = mst_big_alloc((size_t)want, 1);
    if (p == NULL)
        return MST_ERESOURCE;
    free(b->p);
    b->p = p;
    b->cap = want;
    return MST_OK;
}

void dbv_buf_free(dbv_buf *b)
{
    free(b->p);
    b->p = NULL;
    b->cap = 0;
}

/* Fills MPI's int counts and displacements from 64-bit counts; 0 when a total exceeds INT_MAX. */
static int int_counts(const uint64_t *count, int p, int *ic, int *id)
{
    uint64_t off = 0;
    for (int q = 0; q < p; q++) {
        if (off + count[q] > INT_MAX)
            return 0;
        ic[q] = (int)count[q], id[q] = (int)off;
        off += count[q];
    }
    return 1;
}

mst_status dbv_exchange(dbv_state *s, const void *send, const uint64_t *count, size_t rec_bytes,
                        dbv_buf *recv, uint64_t *rcount, uint64_t *total)
{
    const dist_ctx *c = s->c;
    int p = c->size;
    mst_status st = MST_OK;
    int *sc = NULL, *sd = NULL, *rc = NULL, *rd = NULL;
    MPI_Datatype rec = MPI_DATATYPE_NULL;
    MPI_Alltoall(count, 1, MPI_UINT64_T, rcount, 1, MPI_UINT64_T, c->comm);
    uint64_t in = 0;
    for (int q = 0; q < p; q++)
        in += rcount[q];
    MST_ALLOC(sc, p);
    MST_ALLOC(sd, p);
    MST_ALLOC(rc, p);
    MST_ALLOC(rd, p);
    if (!int_counts(count, p, sc, sd) || !int_counts(rcount, p, rc, rd))
        MST_FAIL(MST_ERESOURCE, "rank %d: more than %d records in one exchange (use more ranks)",
                 c->rank, INT_MAX);
    if (dbv_buf_reserve(recv, in * rec_bytes) != MST_OK)
        MST_FAIL(MST_ERESOURCE, "rank %d: out of memory receiving %" PRIu64 " records", c->rank,
                 in);
fail:
    if ((st = dist_agree(c, st)) == MST_OK) {
        MPI_Type_contiguous((int)rec_bytes, MPI_BYTE, &rec);
        MPI_Type_commit(&rec);
        MPI_Alltoallv(send, sc, sd, rec, recv->p, rc, rd, rec, c->comm);
        MPI_Type_free(&rec);
        for (int q = 0; q < p; q++)
            s->bytes_sent += q == c->rank ? 0 : count[q] * rec_bytes;
        *total = in;
    }
    free(sc);
    free(sd);
    free(rc);
    free(rd);
    return st;
}

/* Requests grouped by owner: s->send gets the labels in rank order, pos[i] the slot of q[i]. */
static mst_status group_requests(dbv_state *s, const uint32_t *q, uint64_t k, uint64_t *start)
{
    int p = s->c->size;
    if (dbv_buf_reserve(&s->send, k * sizeof(uint32_t)) != MST_OK ||
        dbv_buf_reserve(&s->pos, k * sizeof(uint32_t)) != MST_OK ||
        dbv_buf_reserve(&s->tmp, k * sizeof(uint32_t)) != MST_OK)
        return MST_ERESOURCE;
    uint32_t *owner = s->tmp.p, *send = s->send.p;
    uint32_t *pos = s->pos.p; /* k < 2^31, or dbv_exchange refuses before pos is read */
    for (int r = 0; r < p; r++)
        s->count[r] = 0;
    for (uint64_t i = 0; i < k; i++) {
        owner[i] = (uint32_t)dbv_owner(s->g, q[i]);
        s->count[owner[i]]++;
    }
    uint64_t off = 0;
    for (int r = 0; r < p; r++)
        start[r] = off, off += s->count[r];
    for (uint64_t i = 0; i < k; i++) {
        pos[i] = (uint32_t)start[owner[i]]++;
        send[pos[i]] = q[i];
    }
    return MST_OK;
}

uint64_t dbv_parent_of(const dbv_state *s, uint32_t local)
{
    return s->parent[local];
}

mst_status dbv_ask(dbv_state *s, const uint32_t *q, uint64_t k, dbv_answer_fn answer,
                   uint64_t *ans, int wide)
{
    int p = s->c->size;
    size_t rb = wide ? sizeof(uint64_t) : sizeof(uint32_t); /* bytes per reply */
    uint64_t in = 0, back = 0;
    uint64_t *start = mst_alloc((size_t)p, sizeof *start);
    mst_status st = start == NULL ? MST_ERESOURCE : group_requests(s, q, k, start);
    free(start);
    if ((st = dist_agree(s->c, st)) != MST_OK)
        return st;
    if ((st = dbv_exchange(s, s->send.p, s->count, sizeof(uint32_t), &s->recv, s->rcount, &in)) !=
        MST_OK)
        return st;
    st = dbv_buf_reserve(&s->reply, in * rb);
    if ((st = dist_agree(s->c, st)) != MST_OK)
        return st;
    const uint32_t *got = s->recv.p;
    for (uint64_t i = 0; i < in; i++) {
        if (i + DBV_AHEAD < in)
            DBV_PREFETCH(s->g, s->parent, got[i + DBV_AHEAD]); /* what every answer reads */
        uint64_t a = answer(s, dbv_local(s->g, got[i]));
        if (wide)
            ((uint64_t *)s->reply.p)[i] = a;
        else
            ((uint32_t *)s->reply.p)[i] = (uint32_t)a;
    }
    /* The replies go back with the counts reversed; ranks answer in request order. */
    uint64_t *tmp_count = mst_alloc((size_t)p, sizeof *tmp_count);
    if ((st = dist_agree(s->c, tmp_count == NULL ? MST_ERESOURCE : MST_OK)) != MST_OK) {
        free(tmp_count);
        return st;
    }
    st = dbv_exchange(s, s->reply.p, s->rcount, rb, &s->back, tmp_count, &back);
    free(tmp_count);
    if (st != MST_OK)
        return st;
    const uint32_t *pos = s->pos.p;
    if (wide)
        for (uint64_t i = 0; i < k; i++)
            ans[i] = ((const uint64_t *)s->back.p)[pos[i]];
    else
        for (uint64_t i = 0; i < k; i++)
            ans[i] = ((const uint32_t *)s->back.p)[pos[i]];
    return MST_OK;
}
