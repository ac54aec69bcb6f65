/* boruvka.c: edge-partitioned Borůvka with an allreduce of per-component minima (boruvka.h). */
#include "boruvka.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "timer.h"

#define NONE UINT32_MAX
#define ALLREDUCE_CHUNK (1u << 24) /* components per MPI_Allreduce call (int counts) */

/* A candidate edge leaving a component: (key, eid) orders them; `other` is the representative
 * of the component at the far end. Empty: key = UINT32_MAX, eid = UINT64_MAX. */
typedef struct cand {
    uint32_t key, other;
    uint64_t eid;
} cand;

static const cand EMPTY = {UINT32_MAX, NONE, UINT64_MAX};

static inline int cand_less(const cand *a, const cand *b)
{
    return a->key < b->key || (a->key == b->key && a->eid < b->eid);
}

/* MPI reduction: elementwise (key, eid) minimum. */
static void cand_min(void *in, void *inout, int *len, MPI_Datatype *type)
{
    (void)type;
    const cand *a = in;
    cand *b = inout;
    for (int i = 0; i < *len; i++)
        if (cand_less(&a[i], &b[i]))
            b[i] = a[i];
}

/* Union-find with path halving; the same operations in the same order on every rank. */
static inline uint32_t find(uint32_t *parent, uint32_t x)
{
    while (parent[x] != x) {
        parent[x] = parent[parent[x]];
        x = parent[x];
    }
    return x;
}

mst_status boruvka_allreduce(const mpi_ctx *c, const mpi_slice *s, uint32_t n, mst_forest *out,
                             uint32_t *fkey, mst_phases *ph)
{
    mst_status st = MST_OK;
    uint32_t *parent = NULL, *index = NULL, *reps = NULL, *wu = NULL, *wv = NULL, *wk = NULL;
    uint64_t *we = NULL, *feid = NULL;
    uint32_t *fk = NULL;
    cand *local = NULL, *global = NULL;
    MPI_Datatype type = MPI_DATATYPE_NULL;
    MPI_Op op = MPI_OP_NULL;
    uint64_t k = s->count, forest = 0, rounds = 0, bytes = 0;
    double t0 = mst_now_s();
    MST_ALLOC(parent, n);
    MST_ALLOC(index, n);
    MST_ALLOC(reps, n);
    MST_ALLOC(local, n);
    MST_ALLOC(global, n);
    MST_ALLOC(feid, n);
    MST_ALLOC(fk, n);
    MST_ALLOC(wu, k);
    MST_ALLOC(wv, k);
    MST_ALLOC(wk, k);
    MST_ALLOC(we, k);
fail:
    if ((st = mpi_agree(c, st)) != MST_OK)
        goto done;
    /* Working copy of the slice (each trial starts from the same state). */
    memcpy(wu, s->u, k * sizeof *wu);
    memcpy(wv, s->v, k * sizeof *wv);
    memcpy(wk, s->key, k * sizeof *wk);
    for (uint64_t i = 0; i < k; i++)
        we[i] = s->eid0 + i;
    uint32_t live = n; /* components still in the vector: reps[0..live) */
    for (uint32_t x = 0; x < n; x++)
        parent[x] = x, index[x] = x, reps[x] = x;
    MPI_Type_contiguous((int)sizeof(cand), MPI_BYTE, &type);
    MPI_Type_commit(&type);
    MPI_Op_create(cand_min, 1, &op);
    double t1 = mst_now_s(), minima_s = 0, allreduce_s = 0, union_s = 0;
    while (live > 0) {
        double r0 = mst_now_s();
        rounds++;
        for (uint32_t i = 0; i < live; i++)
            local[i] = EMPTY;
        /* Local minima; relabel to representatives and drop the edges inside a component. */
        uint64_t kept = 0;
        for (uint64_t i = 0; i < k; i++) {
            uint32_t ru = find(parent, wu[i]), rv = find(parent, wv[i]);
            if (ru == rv)
                continue;
            cand e = {wk[i], rv, we[i]};
            if (cand_less(&e, &local[index[ru]]))
                local[index[ru]] = e;
            e.other = ru;
            if (cand_less(&e, &local[index[rv]]))
                local[index[rv]] = e;
            wu[kept] = ru, wv[kept] = rv, wk[kept] = wk[i], we[kept] = we[i];
            kept++;
        }
        k = kept;
        double r1 = mst_now_s();
        for (uint32_t lo = 0; lo < live; lo += ALLREDUCE_CHUNK) {
            uint32_t len = live - lo < ALLREDUCE_CHUNK ? live - lo : ALLREDUCE_CHUNK;
            MPI_Allreduce(local + lo, global + lo, (int)len, type, op, c->comm);
        }
        bytes += (uint64_t)live * sizeof(cand);
        double r2 = mst_now_s();
        /* The same unions, in component order, on every rank. */
        for (uint32_t i = 0; i < live; i++) {
            const cand *e = &global[i];
            if (e->eid == UINT64_MAX)
                continue; /* nothing leaves it: finished */
            uint32_t a = find(parent, reps[i]), b = find(parent, e->other);
            if (a == b)
                continue; /* the same edge, chosen from both sides */
            if (a < b)
                parent[b] = a;
            else
                parent[a] = b;
            feid[forest] = e->eid;
            fk[forest++] = e->key;
        }
        /* Live components of the next round: the roots of those that found an edge. */
        uint32_t next = 0;
        for (uint32_t i = 0; i < live; i++) {
            uint32_t r = reps[i];
            if (global[i].eid != UINT64_MAX && find(parent, r) == r) {
                index[r] = next;
                reps[next++] = r;
            }
        }
        live = next;
        minima_s += r1 - r0, allreduce_s += r2 - r1, union_s += mst_now_s() - r2;
    }
    if (c->rank == 0) {
        if (forest >= out->capacity) {
            st = mst_fail(MST_ERESOURCE, "%" PRIu64 " forest edges exceed the room for %" PRIu64
                          " (internal error)", forest, out->capacity);
        } else {
            memcpy(out->eid, feid, forest * sizeof *feid);
            memcpy(fkey, fk, forest * sizeof *fk);
            out->count = forest;
        }
    }
    st = mpi_agree(c, st);
    mst_phase_add(ph, "init", t1 - t0);
    mst_phase_add(ph, "minima", minima_s);
    mst_phase_add(ph, "allreduce", allreduce_s);
    mst_phase_add(ph, "union", union_s);
    if (c->rank == 0) {
        mst_phase_count(ph, "rounds", rounds);
        mst_phase_count(ph, "allreduce_bytes", bytes);
    }
done:
    if (op != MPI_OP_NULL)
        MPI_Op_free(&op);
    if (type != MPI_DATATYPE_NULL)
        MPI_Type_free(&type);
    free(parent);
    free(index);
    free(reps);
    free(local);
    free(global);
    free(feid);
    free(fk);
    free(wu);
    free(wv);
    free(wk);
    free(we);
    return st;
}
