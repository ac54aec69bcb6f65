/*
 * msg_layer.c: unit tests of mst-mpi's message layer (mpi/msg.h), run under mpirun at 1 to 4
 * ranks by test_msg_layer.py: batches that leave when full and at a poll, FIFO order per pair of
 * ranks across handlers, rings that fill up while every rank sends, termination with records in
 * flight (chains of forwarded records, a rank that stalls), a local queue that grows while a
 * handler reads it, and a failure on one rank reported by all.
 * usage: msg-layer-test shm|mpi [K]   (K: ranks share rings in groups of K, as nodes would:
 * rings and MPI_Isend mixed)
 * Prints "ok NAME" per test on rank 0; exits 1 if any check failed on any rank.
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "msg.h"

/* A test record: 24 bytes, the first byte the layer's. */
typedef struct rec {
    uint8_t handler, kind;
    uint16_t ttl;
    int32_t from;
    uint64_t seq, extra;
} rec;

_Static_assert(sizeof(rec) == MSG_BYTES, "a test record is one layer record");

static dist_ctx ctx;
static int transport, group, failures;

/* What the handlers saw on this rank. */
typedef struct seen {
    msg_layer *L;
    uint64_t *next;    /* [p] the sequence number expected next from each rank */
    uint64_t count[2]; /* records per handler */
    int disorder;      /* records out of order */
    int stall_once;    /* sleep in the first handler call (termination with records in flight) */
    int fail_at;       /* msg_fail at this record count (0: never) */
    int self_depth;    /* local records: each sends two more until this depth */
} seen;

static void check(int ok, const char *what)
{
    if (!ok) {
        fprintf(stderr, "rank %d: FAILED: %s\n", ctx.rank, what);
        failures++;
    }
}

/* Every rank's checks passed (collective). */
static void report(const char *name)
{
    int all = 0;
    MPI_Allreduce(&failures, &all, 1, MPI_INT, MPI_SUM, ctx.comm);
    if (ctx.rank == 0)
        printf("%s %s\n", all ? "FAIL" : "ok", name);
}

static void on_record(seen *s, int h, const rec *r)
{
    if (s->stall_once) {
        s->stall_once = 0;
        usleep(50000);
    }
    s->count[h]++;
    if (r->kind == 0) { /* in sequence from its sender */
        s->disorder += r->seq != s->next[r->from];
        s->next[r->from] = r->seq + 1;
    } else if (r->kind == 1 && r->ttl > 0) { /* a chain: forward to the next rank */
        rec f = *r;
        if ((r->seq * 7 + r->ttl) % 61 == (uint64_t)ctx.rank) /* stalls here and there */
            usleep(1000);
        f.ttl--;
        msg_send(s->L, (ctx.rank + 1) % ctx.size, h, &f);
    } else if (r->kind == 2 && r->ttl < s->self_depth) { /* doubling at home */
        rec f = *r;
        f.ttl++;
        msg_send(s->L, ctx.rank, h, &f);
        msg_send(s->L, ctx.rank, h, &f);
    }
    if (s->fail_at > 0 && s->count[0] + s->count[1] == (uint64_t)s->fail_at)
        msg_fail(s->L, mst_fail(MST_ERESOURCE, "rank %d: test failure", ctx.rank));
}

static void handler_a(void *arg, const void *recs, uint32_t k)
{
    for (uint32_t i = 0; i < k; i++)
        on_record(arg, 0, (const rec *)recs + i);
}

static void handler_b(void *arg, const void *recs, uint32_t k)
{
    for (uint32_t i = 0; i < k; i++)
        on_record(arg, 1, (const rec *)recs + i);
}

/* A layer with handlers a (id 0) and b (id 1) feeding s. */
static int setup(msg_layer *L, seen *s, uint32_t batch, uint64_t ring)
{
    memset(s, 0, sizeof *s);
    s->L = L;
    s->next = calloc((size_t)ctx.size, sizeof *s->next);
    msg_config cfg = {transport, batch, ring, NULL, group};
    if (s->next == NULL || msg_init(L, &ctx, &cfg) != MST_OK) {
        fprintf(stderr, "rank %d: setup failed: %s\n", ctx.rank, mst_last_error());
        exit(2);
    }
    check(msg_handler_add(L, handler_a, s) == 0 && msg_handler_add(L, handler_b, s) == 1,
          "handler ids 0 and 1");
    return 0;
}

static void teardown(msg_layer *L, seen *s)
{
    msg_free(L);
    free(s->next);
}

static uint64_t sum(uint64_t v)
{
    uint64_t t = 0;
    MPI_Allreduce(&v, &t, 1, MPI_UINT64_T, MPI_SUM, ctx.comm);
    return t;
}

static void send_seq(msg_layer *L, int to, int h, uint64_t seq)
{
    rec r = {0, 0, 0, ctx.rank, seq, 0};
    msg_send(L, to, h, &r);
}

/* A batch leaves when it holds `batch` records, a partial one at the next poll that finds no
 * local work, and the records arrive in order. */
static void test_batches(void)
{
    msg_layer L;
    seen s;
    setup(&L, &s, 4, 64);
    int to = (ctx.rank + 1) % ctx.size;
    if (ctx.size > 1) {
        for (uint64_t i = 0; i < 3; i++)
            send_seq(&L, to, 0, i);
        check(L.n.batches == 0, "no batch before it is full");
        send_seq(&L, to, 0, 3);
        check(L.n.batches == 1 && L.n.sent == 4, "a full batch leaves at once");
        send_seq(&L, to, 0, 4);
        send_seq(&L, to, 0, 5);
        check(L.n.batches == 1, "a partial batch waits");
        for (int i = 0; i < 2 * MSG_HOLD_MAX + 2 && L.n.batches < 2; i++)
            msg_poll(&L);
        check(L.n.batches == 2 && L.n.sent == 6, "a partial batch leaves at a poll");
    }
    check(msg_quiesce(&L) == MST_OK, "quiesce");
    uint64_t want = ctx.size > 1 ? 6 : 0;
    check(s.count[0] == want && s.disorder == 0, "six records in order");
    check(sum(L.n.sent) == sum(L.n.received), "sent = received over ranks");
    teardown(&L, &s);
    report("batches");
}

/* Every rank sends n records to every rank (itself too), mixing two handlers, before it
 * polls: rings of `ring` records fill up and batches grow while every rank sends. */
static void test_fifo(const char *name, uint32_t batch, uint64_t ring, uint64_t n)
{
    msg_layer L;
    seen s;
    setup(&L, &s, batch, ring);
    for (uint64_t i = 0; i < n; i++)
        for (int q = 0; q < ctx.size; q++)
            send_seq(&L, q, i % 3 == 0, i);
    check(msg_quiesce(&L) == MST_OK, "quiesce");
    uint64_t per = n / 3 + (n % 3 != 0); /* i % 3 == 0 goes to handler b */
    check(s.count[1] == per * (uint64_t)ctx.size, "handler b's records");
    check(s.count[0] == (n - per) * (uint64_t)ctx.size, "handler a's records");
    check(s.disorder == 0, "FIFO per pair of ranks across handlers");
    for (int q = 0; q < ctx.size; q++)
        check(s.next[q] == n, "every record from every rank");
    teardown(&L, &s);
    report(name);
}

/* Chains of forwarded records, one rank stalling at its first record while the others go
 * idle and start waves: quiesce must wait for every hop. */
static void test_chains(void)
{
    enum { CHAINS = 50, TTL = 40 };
    msg_layer L;
    seen s;
    setup(&L, &s, 2, 4);
    s.stall_once = ctx.rank == ctx.size - 1;
    for (int i = 0; i < CHAINS; i++) {
        rec r = {0, 1, TTL, ctx.rank, (uint64_t)i, 0};
        msg_send(&L, (ctx.rank + 1) % ctx.size, i & 1, &r);
    }
    check(msg_quiesce(&L) == MST_OK, "quiesce");
    uint64_t hops = sum(s.count[0] + s.count[1]);
    check(hops == (uint64_t)ctx.size * CHAINS * (TTL + 1), "every hop of every chain");
    teardown(&L, &s);
    report("termination");
}

/* Local records double while a handler reads the queue: it grows under the handler. */
static void test_local_growth(void)
{
    msg_layer L;
    seen s;
    setup(&L, &s, 0, 0);
    s.self_depth = 15;
    rec r = {0, 2, 0, ctx.rank, 0, 0};
    msg_send(&L, ctx.rank, 0, &r);
    check(msg_quiesce(&L) == MST_OK, "quiesce");
    check(s.count[0] == (1u << 16) - 1, "2^16 - 1 local records");
    teardown(&L, &s);
    report("local queue growth");
}

/* One rank fails in a handler: every rank gets its status and message, and the layer runs
 * again afterwards. */
static void test_failure(void)
{
    msg_layer L;
    seen s;
    setup(&L, &s, 3, 8);
    s.fail_at = ctx.rank == ctx.size - 1 ? 10 : 0;
    for (uint64_t i = 0; i < 1000; i++)
        for (int q = 0; q < ctx.size; q++)
            send_seq(&L, q, 0, i);
    mst_status st = msg_quiesce(&L);
    char want[64];
    snprintf(want, sizeof want, "rank %d: test failure", ctx.size - 1);
    check(st == MST_ERESOURCE, "the failing rank's status everywhere");
    check(strstr(mst_last_error(), want) != NULL, "the failing rank's message everywhere");
    s.fail_at = 0;
    memset(s.next, 0, (size_t)ctx.size * sizeof *s.next);
    s.count[0] = s.count[1] = 0;
    s.disorder = 0;
    for (int q = 0; q < ctx.size; q++)
        send_seq(&L, q, 1, 0);
    check(msg_quiesce(&L) == MST_OK, "a clean run after the failure");
    check(s.count[1] == (uint64_t)ctx.size, "one record from every rank");
    teardown(&L, &s);
    report("failure");
}

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    MPI_Comm_dup(MPI_COMM_WORLD, &ctx.comm);
    MPI_Comm_rank(ctx.comm, &ctx.rank);
    MPI_Comm_size(ctx.comm, &ctx.size);
    if (argc < 2 || argc > 3 || (strcmp(argv[1], "shm") != 0 && strcmp(argv[1], "mpi") != 0) ||
        (argc == 3 && (group = atoi(argv[2])) < 1)) {
        if (ctx.rank == 0)
            fprintf(stderr, "usage: msg-layer-test shm|mpi [K]\n");
        MPI_Finalize();
        return 2;
    }
    transport = strcmp(argv[1], "mpi") == 0 ? MSG_TRANSPORT_MPI : MSG_TRANSPORT_SHM;
    test_batches();
    test_fifo("fifo", 0, 0, 20000);
    test_fifo("full rings, one record per batch", 1, 1, 5000);
    test_fifo("full rings, batches grow", 3, 2, 20000);
    test_chains();
    test_local_growth();
    test_failure();
    int all = 0;
    MPI_Allreduce(&failures, &all, 1, MPI_INT, MPI_SUM, ctx.comm);
    MPI_Comm_free(&ctx.comm);
    MPI_Finalize();
    return all > 0;
}
