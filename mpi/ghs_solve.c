/*
 * ghs_solve.c: one GHS run on a rank's share (ghs.h): the adjacency, the message layer kept
 * from run to run, the state machine (ghs_machine.h) run to quiescence, the forest gathered to
 * rank 0, and the counts summed over ranks.
 */
#include <inttypes.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "ghs_machine.h"
#include "timer.h"

/* The forest: Branch edges, each taken at the end with the smaller (rank, arc index). */
static mst_status collect(const dist_ctx *c, const ghs_machine *s, const ghs_graph *gg,
                          mst_forest *out, uint32_t *fkey)
{
    mst_status st = MST_OK;
    uint64_t k = 0, upper = 0, *eid = NULL;
    uint32_t *key = NULL;
    for (int pass = 0; pass < 2; pass++) {
        for (uint32_t x = 0; x < gg->n; x++) {
            const ghs_vertex *v = &s->vtx[x];
            for (uint32_t j = v->begin; j < v->branch_end; j++) {
                const ghs_arc *a = &gg->arc[j];
                if (a->se != GHS_BRANCH)
                    continue;
                if ((int)a->rank > c->rank || ((int)a->rank == c->rank && a->twin > j)) {
                    if (pass == 1)
                        eid[k] = gg->eid[j], key[k] = a->key;
                    k++;
                } else if (pass == 0) {
                    upper++;
                }
            }
        }
        if (pass == 0) {
            MST_ALLOC(eid, k);
            MST_ALLOC(key, k);
            k = 0;
        }
    }
fail:
    if ((st = dist_agree(c, st)) == MST_OK) {
        /* Both ends of every Branch edge must say Branch. */
        uint64_t mine[2] = {k, upper}, all[2] = {0, 0};
        MPI_Allreduce(mine, all, 2, MPI_UINT64_T, MPI_SUM, c->comm);
        if (all[0] != all[1])
            st = mst_fail(MST_EINTERNAL, "internal error: GHS ended with %" PRIu64 " Branch "
                          "arcs on one side of their edge and %" PRIu64 " on the other", all[0],
                          all[1]);
    }
    uint64_t total = 0;
    if (st == MST_OK)
        st = dist_gather_records(c, eid, k, sizeof *eid, out->eid, out->capacity, &total);
    if (st == MST_OK)
        st = dist_gather_records(c, key, k, sizeof *key, fkey, out->capacity, &total);
    if (st == MST_OK && c->rank == 0)
        out->count = total;
    free(eid);
    free(key);
    return st;
}

/* Message counts and traffic summed over ranks, on rank 0. */
static void count_stats(const dist_ctx *c, const ghs_machine *s, const msg_counts *d,
                        uint64_t n, uint64_t m, mst_phases *ph)
{
    uint64_t mine[GHS_MSG_TYPES + 5], sum[GHS_MSG_TYPES + 5];
    memcpy(mine, s->sent, sizeof s->sent);
    mine[GHS_MSG_TYPES] = d->sent * MSG_BYTES;
    mine[GHS_MSG_TYPES + 1] = d->batches;
    mine[GHS_MSG_TYPES + 2] = s->isolated;
    mine[GHS_MSG_TYPES + 3] = s->core_halts;
    mine[GHS_MSG_TYPES + 4] = d->ring_batches;
    MPI_Reduce(mine, sum, GHS_MSG_TYPES + 5, MPI_UINT64_T, MPI_SUM, 0, c->comm);
    unsigned char level = s->max_level, max_level = 0;
    MPI_Reduce(&level, &max_level, 1, MPI_UNSIGNED_CHAR, MPI_MAX, 0, c->comm);
    if (c->rank != 0)
        return;
    uint64_t total = 0;
    for (int t = 0; t < GHS_MSG_TYPES; t++) {
        mst_phase_count(ph, ghs_msg_names[t], sum[t]);
        total += sum[t];
    }
    mst_phase_count(ph, "messages", total);
    /* GHS's bound, and the test window's Tests beyond GHS's and their answers (ghs.h) */
    double nlogn = n > 1 ? (double)n * log2((double)n) : 0.0;
    double bound = 5.0 * nlogn + 2.0 * (double)m +
                   2.0 * fmin((double)(s->window_max - 1) * nlogn, 2.0 * (double)m);
    mst_phase_count(ph, "ghs_bound", (uint64_t)ceil(bound));
    mst_phase_count(ph, "test_window", s->window_max);
    mst_phase_count(ph, "bytes_between_ranks", sum[GHS_MSG_TYPES]);
    mst_phase_count(ph, "batches", sum[GHS_MSG_TYPES + 1]);
    mst_phase_count(ph, "ring_batches", sum[GHS_MSG_TYPES + 4]);
    mst_phase_count(ph, "waves", d->waves);
    mst_phase_count(ph, "max_level", max_level);
    /* Every component halted on its own: two core vertices each, or one isolated vertex. */
    mst_phase_count(ph, "halted_components", sum[GHS_MSG_TYPES + 2] + sum[GHS_MSG_TYPES + 3] / 2);
}


/* The message layer and the machine, set up once (collective) and kept in g: the layer's peers
 * are the ranks this one shares edges with. */
static mst_status net_setup(const dist_ctx *c, const ghs_options *o, ghs_graph *g)
{
    mst_status st = MST_OK;
    uint8_t *peer = NULL;
    if (g->net != NULL)
        return MST_OK;
    if ((g->net = mst_calloc(1, sizeof *g->net)) == NULL ||
        (g->machine = mst_calloc(1, sizeof *g->machine)) == NULL ||
        (peer = mst_alloc((size_t)c->size, 1)) == NULL)
        st = MST_ERESOURCE;
    if ((st = dist_agree(c, st)) == MST_OK) {
        for (int q = 0; q < c->size; q++)
            peer[q] = g->route_start[q + 1] > g->route_start[q];
        msg_config cfg = {o->transport, o->batch, o->ring, peer, o->shm_group};
        st = msg_init(g->net, c, &cfg);
    }
    free(peer);
    if (st == MST_OK) {
        g->machine->net = g->net;
        g->machine->handler = msg_handler_add(g->net, ghs_machine_handle, g->machine);
    } else {
        free(g->net);
        free(g->machine);
        g->net = NULL;
        g->machine = NULL;
    }
    return st;
}

static msg_counts counts_since(const msg_counts *a, const msg_counts *b)
{
    msg_counts d = {b->sent - a->sent, b->received - a->received, b->batches - a->batches,
                    b->ring_batches - a->ring_batches, b->waves - a->waves};
    return d;
}

mst_status ghs_solve(const dist_ctx *c, const dist_share *sh, const ghs_options *o,
                     uint64_t n_global, uint64_t m_global, ghs_graph *g, mst_forest *out,
                     uint32_t *fkey, mst_phases *ph)
{
    mst_status st = MST_OK;
    double t0 = mst_now_s();
    MST_CHECK(ghs_graph_build(c, sh, g)); /* agreed */
    MST_CHECK(net_setup(c, o, g));        /* agreed */
    ghs_machine *s = g->machine;
    s->vtx = g->vtx;
    s->arc = g->arc;
    s->eid = g->eid;
    s->window_max = (uint8_t)o->test_window;
    ghs_machine_reset(s, g);
    msg_counts before = g->net->n;
    double t1 = mst_now_s();
    ghs_machine_wake(s, g);
    MST_CHECK(msg_quiesce(g->net)); /* agreed */
    double t2 = mst_now_s();
    uint64_t left = 0;
    MPI_Allreduce(&s->deferred, &left, 1, MPI_UINT64_T, MPI_SUM, c->comm);
    if (left > 0)
        MST_FAIL(MST_EINTERNAL, "internal error: GHS went quiet with %" PRIu64 " deferred "
                 "messages", left);
    MST_CHECK(collect(c, s, g, out, fkey));
    msg_counts d = counts_since(&before, &g->net->n);
    count_stats(c, s, &d, n_global, m_global, ph);
    double t3 = mst_now_s();
    mst_phase_add(ph, "build", t1 - t0);
    mst_phase_add(ph, "ghs", t2 - t1);
    mst_phase_add(ph, "gather", t3 - t2);
fail:
    return st;
}
