/* boruvka.c: edge-partitioned Borůvka with an allreduce of per-component minima (boruvka.h). */
#include "boruvka.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "core.h"

#define ALLREDUCE_CHUNK (1u << 24) /* components per MPI_Allreduce call (int counts) */

/* A candidate edge leaving a component: (key, eid) orders them; `other` is the representative
 * of the component at the far end. Empty: key = UINT32_MAX, no far end (UINT32_MAX),
 * eid = UINT64_MAX. */
typedef struct cand {
    uint32_t key, other;
    uint64_t eid;
} cand;

static const cand EMPTY = {UINT32_MAX, UINT32_MAX, UINT64_MAX};

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
/* Union-find with path halving; the same operations in the same order on every rank. */
static inline uint32_t find(uint32_t *parent, uint32_t x)
{
    while (parent[x] != x) {
        parent[x] = parent[parent[x]];
        x = parent[x];
    }
    return x;
}

/* One rank's state: the vertex part is identical on every rank, the edge part is its slice. */
typedef struct ar_state {
    uint32_t n, live;        /* live: components still in the vector, reps[0..live) */
    uint32_t *parent;        /* [n] union-find over all vertices */
    uint32_t *index, *reps;  /* [n] component -> slot in the vector, slot -> component */
    cand *local, *global;    /* [n] per slot: this rank's minimum, the minimum over all ranks */
    uint64_t *feid;          /* [n] forest edge ids, in the order found */
    uint32_t *fk;            /* [n] their keys */
    uint64_t k;              /* edges left in the working copy */
    uint32_t *wu, *wv, *wk;  /* [k] working copy of the slice: endpoints (relabelled), keys */
    uint64_t *we;            /* [k] edge ids */
    uint64_t forest;
} ar_state;

static void state_free(ar_state *s)
{
    free(s->parent);
    free(s->index);
    free(s->reps);
    free(s->local);
    free(s->global);
    free(s->feid);
    free(s->fk);
    free(s->wu);
    free(s->wv);
    free(s->wk);
    free(s->we);
}

/* Allocates s for n vertices and a slice of k edges. Errors: MST_ERESOURCE (s half-filled:
 * state_free() frees it). */
static mst_status state_alloc(ar_state *s, uint32_t n, uint64_t k)
{
    mst_status st = MST_OK;
    memset(s, 0, sizeof *s);
    s->n = n;
    s->k = k;
    MST_ALLOC(s->parent, n);
    MST_ALLOC(s->index, n);
    MST_ALLOC(s->reps, n);
    MST_ALLOC(s->local, n);
    MST_ALLOC(s->global, n);
    MST_ALLOC(s->feid, n);
    MST_ALLOC(s->fk, n);
    MST_ALLOC(s->wu, k);
    MST_ALLOC(s->wv, k);
    MST_ALLOC(s->wk, k);
    MST_ALLOC(s->we, k);
fail:
    return st;
}

/* Every vertex its own live component; the working copy starts as the slice (each trial starts
 * from the same state). */
static void state_init(ar_state *s, const dist_slice *sl)
{
    memcpy(s->wu, sl->u, s->k * sizeof *s->wu);
    memcpy(s->wv, sl->v, s->k * sizeof *s->wv);
    memcpy(s->wk, sl->key, s->k * sizeof *s->wk);
    for (uint64_t i = 0; i < s->k; i++)
        s->we[i] = sl->eid0 + i;
    s->live = s->n;
    for (uint32_t x = 0; x < s->n; x++)
        s->parent[x] = x, s->index[x] = x, s->reps[x] = x;
}

/* This rank's lightest edge leaving each live component, into local[]; relabels the working
 * copy to representatives and drops the edges inside a component. */
static void local_minima(ar_state *s)
{
    for (uint32_t i = 0; i < s->live; i++)
        s->local[i] = EMPTY;
    uint64_t kept = 0;
    for (uint64_t i = 0; i < s->k; i++) {
        uint32_t ru = find(s->parent, s->wu[i]), rv = find(s->parent, s->wv[i]);
        if (ru == rv)
            continue;
        cand e = {s->wk[i], rv, s->we[i]};
        if (cand_less(&e, &s->local[s->index[ru]]))
            s->local[s->index[ru]] = e;
        e.other = ru;
        if (cand_less(&e, &s->local[s->index[rv]]))
            s->local[s->index[rv]] = e;
        s->wu[kept] = ru, s->wv[kept] = rv, s->wk[kept] = s->wk[i], s->we[kept] = s->we[i];
        kept++;
    }
    s->k = kept;
}

/* global[] = the minimum over all ranks of local[], slot by slot, in chunks that fit MPI's int
 * counts. Returns the bytes each rank contributed. */
static uint64_t allreduce_minima(const dist_ctx *c, ar_state *s, MPI_Datatype type, MPI_Op op)
{
    for (uint32_t lo = 0; lo < s->live; lo += ALLREDUCE_CHUNK) {
        uint32_t len = s->live - lo < ALLREDUCE_CHUNK ? s->live - lo : ALLREDUCE_CHUNK;
        MPI_Allreduce(s->local + lo, s->global + lo, (int)len, type, op, c->comm);
    }
    return (uint64_t)s->live * sizeof(cand);
}

/* The same unions, in component order, on every rank; then the live components of the next
 * round: the roots of those that found an edge (a component with none is finished). */
static void unite(ar_state *s)
{
    for (uint32_t i = 0; i < s->live; i++) {
        const cand *e = &s->global[i];
        if (e->eid == UINT64_MAX)
            continue;
        uint32_t a = find(s->parent, s->reps[i]), b = find(s->parent, e->other);
        if (a == b)
            continue; /* the same edge, chosen from both sides */
        if (a < b)
            s->parent[b] = a;
        else
            s->parent[a] = b;
        s->feid[s->forest] = e->eid;
        s->fk[s->forest++] = e->key;
    }
    uint32_t next = 0;
    for (uint32_t i = 0; i < s->live; i++) {
        uint32_t r = s->reps[i];
        if (s->global[i].eid != UINT64_MAX && find(s->parent, r) == r) {
            s->index[r] = next;
            s->reps[next++] = r;
        }
    }
    s->live = next;
}

/* Rank 0: the forest into out->eid and fkey[]. A forest that does not fit the capacity the
 * harness sized for any forest (more than n - 1 edges) is a broken invariant. Agreed. */
static mst_status emit_forest(const dist_ctx *c, const ar_state *s, mst_forest *out,
                              uint32_t *fkey)
{
    mst_status st = MST_OK;
    if (c->rank == 0) {
        if (s->forest >= out->capacity) {
            st = mst_fail(MST_EINTERNAL, "internal error: %" PRIu64 " forest edges exceed the "
                          "room for %" PRIu64, s->forest, out->capacity);
        } else {
            memcpy(out->eid, s->feid, s->forest * sizeof *s->feid);
            memcpy(fkey, s->fk, s->forest * sizeof *s->fk);
            out->count = s->forest;
        }
    }
    return dist_agree(c, st);
}

mst_status boruvka_allreduce(const dist_ctx *c, const dist_slice *sl, uint32_t n,
                             mst_forest *out, uint32_t *fkey, mst_phases *ph)
{
    ar_state s;
    MPI_Datatype type = MPI_DATATYPE_NULL;
    MPI_Op op = MPI_OP_NULL;
    uint64_t rounds = 0, bytes = 0;
    double t0 = mst_now_s();
    mst_status st = dist_agree(c, state_alloc(&s, n, sl->count));
    if (st != MST_OK)
        goto done;
    state_init(&s, sl);
    MPI_Type_contiguous((int)sizeof(cand), MPI_BYTE, &type);
    MPI_Type_commit(&type);
    MPI_Op_create(cand_min, 1, &op);
    double t1 = mst_now_s(), minima_s = 0, allreduce_s = 0, union_s = 0;
    while (s.live > 0) {
        double r0 = mst_now_s();
        rounds++;
        local_minima(&s);
        double r1 = mst_now_s();
        bytes += allreduce_minima(c, &s, type, op);
        double r2 = mst_now_s();
        uint64_t before = s.forest; /* every rank finds the same edges: rank 0 traces them */
        unite(&s);
        if (c->rank == 0)
            mst_trace_round(ph, s.feid + before, s.forest - before);
        minima_s += r1 - r0, allreduce_s += r2 - r1, union_s += mst_now_s() - r2;
    }
    st = emit_forest(c, &s, out, fkey);
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
    state_free(&s);
    return st;
}
