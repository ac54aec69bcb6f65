/*
 * solver.c: mst-mpi, minimum spanning forests with MPI: --algo ghs (default; ghs.h) or
 * --algo boruvka-allreduce (boruvka.h). Run under mpirun; every rank runs the shared harness,
 * which this file serves through the distributed hooks of solver.h: each rank loads only its
 * share (load.h), trials are timed by the slowest rank, and rank 0 alone prints.
 * Options: --partition block|hash, --batch N, --test-window K, --transport shm|mpi, --ring N,
 * --stats.
 */
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "boruvka.h"
#include "cli.h"
#include "comm.h"
#include "ghs.h"
#include "ghs_net.h"
#include "load.h"
#include "solver.h"

static const char *const algos[] = {"ghs", "boruvka-allreduce", NULL};

const mst_solver_info mst_solver = {
    "mst-mpi",
    "MPI minimum spanning forest: Gallager-Humblet-Spira with many vertices per rank",
    algos,
    "  run as: mpirun -np P mst-mpi [options] GRAPH (rank 0 prints; see README)\n"
    "  --partition P       GHS vertex partition: block (default, contiguous id ranges) or hash\n"
    "  --batch N           GHS messages per batch between two ranks (default 2048, 24 bytes "
    "each)\n"
    "  --test-window K     GHS: a vertex may test up to K of its lightest unresolved edges at\n"
    "                      once (the window grows from 1 by one per rejected edge; default\n"
    "                      255, and 1 on one rank, where there is no round trip to overlap;\n"
    "                      1: the paper's one Test at a time)\n"
    "  --transport T       GHS messages between ranks: shm (default: through rings in shared\n"
    "                      memory between ranks of one node, MPI_Isend between nodes) or mpi\n"
    "                      (MPI_Isend between all ranks)\n"
    "  --ring N            messages per ring between two ranks of a node (rounded up to a\n"
    "                      power of two; default max(2 --batch, 8 MiB / 24 P)); a sender\n"
    "                      keeps what does not fit until the receiver has made room\n"
    "  --stats             messages by type against the GHS bound 5 n log2 n + 2 m (plus the\n"
    "                      test window's share), bytes between ranks, and every rank's peak\n"
    "                      memory (RSS)\n"
    "  memory per rank: ghs about 64 bytes per arc of its vertices (2 m / p arcs for a\n"
    "                   balanced partition) + 130 bytes per vertex it owns: O((n + m) / p),\n"
    "                   + a receive buffer of --batch messages (48 KiB by default) per rank\n"
    "                   of another node it shares edges with, and with --transport shm a\n"
    "                   ring of --ring messages from each rank of its node (8 MiB in all\n"
    "                   by default);\n"
    "                   boruvka-allreduce (seed 002's first approach): ~36 bytes per vertex of\n"
    "                   the WHOLE graph on every rank + 32 bytes per edge of its m / p slice:\n"
    "                   O(n + m / p) (the seed broadcast the whole graph: O(n + m) per rank).\n"
    "  Open MPI's shared-memory segment is 2 MiB per rank (vader's smallest) unless\n"
    "  OMPI_MCA_btl_vader_segment_size is set: its default, 4 MiB, adds RSS that grows with\n"
    "  the ranks on a node.\n"
    "  Rank 0 also holds the whole graph to verify or write --output (on by default: use\n"
    "  --no-verify for memory that falls as 1/p). A plain .msb file is read by every rank in\n"
    "  slices (MPI-IO); other formats are parsed on rank 0 and sent in slices.\n",
};

/* GHS's test window between ranks (ghs.h): at 16 ranks on dense-large the GHS phase took
 * 0.072-0.073 s with 255, 0.081-0.086 s with 64 and 0.107-0.108 s before the window
 * (report/results/2026-11-21-device-mpi-window.txt). */
#define DEFAULT_TEST_WINDOW GHS_MAX_TEST_WINDOW

static dist_ctx ctx = {MPI_COMM_NULL, 0, 1};
static dist_partition_kind partition = DIST_PART_BLOCK;
static uint32_t batch = 2048;
static uint32_t test_window = 0; /* 0: the default, DEFAULT_TEST_WINDOW between ranks */
static int transport = GHS_TRANSPORT_SHM;
static uint32_t ring = 0; /* 0: the default (ghs.c) */
static int stats = 0;
static const char *algo = "ghs";
static uint32_t n_global = 0;
static uint64_t m_global = 0;
static dist_slice slice;        /* boruvka-allreduce's share */
static dist_share share;        /* ghs's share */
static ghs_graph ghs_buffers;  /* ghs's adjacency, kept from trial to trial */
static uint32_t *forest_key;   /* rank 0: keys of the last forest ([capacity]) */
static uint64_t forest_key_cap;
static uint64_t *peak_rss_kib; /* rank 0: every rank's peak RSS after the last trial */

/* Open MPI's shared-memory transport (btl vader) gives every rank a segment of 4 MiB by default
 * that its peers write small messages into; the pages each rank touches, its own and its
 * peers', count in its RSS and grow with the number of ranks on the node (about 27 MiB a rank
 * at 16 ranks on sparse-medium, more than the GHS data). 2 MiB is vader's smallest; GHS was
 * no slower with it (report/results/2026-11-21-device-mpi-memory.txt). The user's own
 * setting, if any, wins; other MPIs ignore the variable. */
#define SHM_SEGMENT_VAR "OMPI_MCA_btl_vader_segment_size"
#define SHM_SEGMENT_BYTES "2097152"

mst_status mst_solver_init(int *argc, char ***argv)
{
    setenv(SHM_SEGMENT_VAR, SHM_SEGMENT_BYTES, 0); /* read by MPI_Init */
    if (MPI_Init(argc, argv) != MPI_SUCCESS)
        return mst_fail(MST_ERESOURCE, "MPI_Init failed (run under mpirun)");
    MPI_Comm_dup(MPI_COMM_WORLD, &ctx.comm);
    MPI_Comm_rank(ctx.comm, &ctx.rank);
    MPI_Comm_size(ctx.comm, &ctx.size);
    return MST_OK;
}

/* The options that take a count (mst_cli_parse_count): name, largest value, variable. */
static const struct {
    const char *name;
    uint64_t max;
    uint32_t *var;
} count_options[] = {
    {"--batch", 1u << 20, &batch},
    {"--ring", 1u << 24, &ring},
    {"--test-window", GHS_MAX_TEST_WINDOW, &test_window},
};

/* Option `name`'s value as 0 for word0, 1 for word1; -1 with a usage message otherwise. */
static int pick(const char *name, const char *value, const char *word0, const char *word1)
{
    if (value != NULL && strcmp(value, word0) == 0)
        return 0;
    if (value != NULL && strcmp(value, word1) == 0)
        return 1;
    if (value == NULL)
        mst_fail(MST_EUSAGE, "option %s needs a value", name);
    else
        mst_fail(MST_EUSAGE, "option %s: '%s' is not %s or %s", name, value, word0, word1);
    return -1;
}

mst_status mst_solver_option(const char *name, const char *value, int *used_value)
{
    *used_value = 0;
    if (strcmp(name, "--stats") == 0) {
        stats = 1;
        return MST_OK;
    }
    if (strcmp(name, "--partition") == 0 || strcmp(name, "--transport") == 0) {
        int part = strcmp(name, "--partition") == 0;
        int k = part ? pick(name, value, "block", "hash") : pick(name, value, "shm", "mpi");
        if (k < 0)
            return MST_EUSAGE;
        *used_value = 1;
        if (part)
            partition = k ? DIST_PART_HASH : DIST_PART_BLOCK;
        else
            transport = k ? GHS_TRANSPORT_MPI : GHS_TRANSPORT_SHM;
        return MST_OK;
    }
    for (size_t i = 0; i < sizeof count_options / sizeof *count_options; i++)
        if (strcmp(name, count_options[i].name) == 0) {
            uint64_t x = 0;
            *used_value = value != NULL;
            if (mst_cli_parse_count(name, value, count_options[i].max, &x) != 0)
                return MST_EUSAGE;
            *count_options[i].var = (uint32_t)x;
            return MST_OK;
        }
    return mst_fail(MST_EUSAGE, "unknown option '%s'", name);
}

void mst_solver_context(const mst_options *o, mst_run_context *c)
{
    (void)o;
    c->threads = 1;
    c->ranks = ctx.size;
    c->device[0] = '\0';
}

/* Rank 0 keeps the keys of the forest it returns (its whole graph may not be there). */
static mst_status forest_keys(const mst_forest *out)
{
    if (ctx.rank != 0 || forest_key_cap >= out->capacity)
        return MST_OK;
    free(forest_key);
    forest_key_cap = 0;
    if ((forest_key = mst_alloc(out->capacity, sizeof *forest_key)) == NULL)
        return MST_ERESOURCE;
    forest_key_cap = out->capacity;
    return MST_OK;
}

mst_status mst_solve(const mst_graph *g, const mst_options *o, mst_forest *out, mst_phases *ph)
{
    (void)g; /* the shares loaded by the load hook are the graph here */
    mst_status st = dist_agree(&ctx, forest_keys(out));
    if (st != MST_OK)
        return st;
    if (strcmp(o->algo, "boruvka-allreduce") == 0) {
        st = boruvka_allreduce(&ctx, &slice, n_global, out, forest_key, ph);
    } else {
        ghs_options go = {batch, test_window ? test_window
                                             : ctx.size > 1 ? DEFAULT_TEST_WINDOW : 1,
                          transport, ring};
        st = ghs_solve(&ctx, &share, &go, n_global, m_global, &ghs_buffers, out, forest_key,
                       ph);
    }
    if (st != MST_OK)
        return st;
    uint64_t rss = dist_peak_rss_kib();
    MPI_Gather(&rss, 1, MPI_UINT64_T, peak_rss_kib, 1, MPI_UINT64_T, 0, ctx.comm);
    return MST_OK;
}

void mst_solver_finalize(void)
{
    dist_slice_free(&slice);
    dist_share_free(&share);
    ghs_graph_free(&ghs_buffers);
    free(forest_key);
    free(peak_rss_kib);
    forest_key = NULL;
    peak_rss_kib = NULL;
    if (ctx.comm != MPI_COMM_NULL)
        MPI_Comm_free(&ctx.comm);
    MPI_Finalize();
}

/* ------------------------------------------------------------------------------------------ */
/* Distributed hooks (solver.h)                                                                */

static int hook_rank(void)
{
    return ctx.rank;
}

static mst_status hook_agree(mst_status st)
{
    return dist_agree(&ctx, st);
}

static mst_status hook_load(const char *path, const mst_load_options *lo, const mst_options *o,
                            mst_graph *g, int have_whole)
{
    mst_status st = dist_load_slice(&ctx, path, lo, g, have_whole, &slice);
    if (st != MST_OK)
        return st;
    algo = o->algo;
    n_global = g->n;
    m_global = g->m;
    if (ctx.rank == 0 && (peak_rss_kib = mst_calloc((size_t)ctx.size, sizeof *peak_rss_kib)) ==
                             NULL)
        st = MST_ERESOURCE;
    if ((st = dist_agree(&ctx, st)) != MST_OK)
        return st;
    if (strcmp(algo, "ghs") == 0) {
        dist_partition pt = dist_partition_make(partition, n_global, ctx.size);
        st = dist_share_build(&ctx, &pt, &slice, &share);
        dist_slice_free(&slice); /* GHS keeps only its arcs */
    }
    return st;
}

static void hook_barrier(void)
{
    MPI_Barrier(ctx.comm);
}

static double hook_time_max(double seconds)
{
    double max = seconds;
    MPI_Allreduce(&seconds, &max, 1, MPI_DOUBLE, MPI_MAX, ctx.comm);
    return max;
}

static mst_weight_sum hook_forest_weight(const mst_graph *g, const mst_forest *f)
{
    /* The forest's keys are forest_key[0..count): sum them through a view of g whose edge i
     * is forest edge i, in chunks of ids 0..CHUNK-1. */
    enum { CHUNK = 1024 };
    uint64_t ids[CHUNK];
    mst_weight_sum total = {g->weight_type == MST_WEIGHT_FLOAT32, 0, 0.0};
    for (uint64_t i = 0; i < CHUNK; i++)
        ids[i] = i;
    mst_graph view = *g;
    for (uint64_t lo = 0; lo < f->count; lo += CHUNK) {
        uint64_t k = f->count - lo < CHUNK ? f->count - lo : CHUNK;
        view.key = forest_key + lo;
        mst_weight_sum part = mst_weight_total(&view, ids, k);
        total.i += part.i;
        total.d += part.d;
    }
    return total;
}

/* A counter of ph by name (0 if absent). */
static uint64_t counter(const mst_phases *ph, const char *name)
{
    for (int i = 0; ph != NULL && i < ph->counters; i++)
        if (strcmp(ph->counter_name[i], name) == 0)
            return ph->counter[i];
    return 0;
}

/* Appends printf output to buf[*len..cap). */
static void add(char *buf, size_t cap, size_t *len, const char *fmt, ...) MST_PRINTF(4, 5);

static void add(char *buf, size_t cap, size_t *len, const char *fmt, ...)
{
    va_list ap;
    if (*len >= cap)
        return;
    va_start(ap, fmt);
    int k = vsnprintf(buf + *len, cap - *len, fmt, ap);
    va_end(ap);
    if (k > 0)
        *len += (size_t)k < cap - *len ? (size_t)k : cap - *len - 1;
}

static const char *hook_stats(const mst_phases *ph, int json)
{
    static char buf[1u << 16];
    size_t len = 0, cap = sizeof buf;
    if (!stats)
        return NULL;
    int ghs = strcmp(algo, "ghs") == 0;
    uint64_t rss_max = 0;
    for (int q = 0; q < ctx.size; q++)
        rss_max = peak_rss_kib[q] > rss_max ? peak_rss_kib[q] : rss_max;
    if (json) {
        add(buf, cap, &len, "\"stats\":{");
        if (ghs) {
            add(buf, cap, &len, "\"messages\":{");
            for (int t = 0; t < GHS_MSG_TYPES; t++)
                add(buf, cap, &len, "%s\"%s\":%" PRIu64, t ? "," : "", ghs_msg_names[t],
                    counter(ph, ghs_msg_names[t]));
            add(buf, cap, &len, "},\"messages_total\":%" PRIu64 ",\"ghs_bound\":%" PRIu64
                ",\"test_window\":%" PRIu64 ",\"bytes_between_ranks\":%" PRIu64
                ",\"batches\":%" PRIu64 ",\"ring_batches\":%" PRIu64 ",\"waves\":%" PRIu64
                ",\"max_level\":%" PRIu64 ",\"halted_components\":%" PRIu64
                ",\"partition\":\"%s\",\"transport\":\"%s\",",
                counter(ph, "messages"), counter(ph, "ghs_bound"), counter(ph, "test_window"),
                counter(ph, "bytes_between_ranks"), counter(ph, "batches"),
                counter(ph, "ring_batches"), counter(ph, "waves"), counter(ph, "max_level"),
                counter(ph, "halted_components"), partition == DIST_PART_HASH ? "hash" : "block",
                transport == GHS_TRANSPORT_SHM ? "shm" : "mpi");
        } else {
            add(buf, cap, &len, "\"rounds\":%" PRIu64 ",\"allreduce_bytes\":%" PRIu64 ",",
                counter(ph, "rounds"), counter(ph, "allreduce_bytes"));
        }
        add(buf, cap, &len, "\"peak_rss_kib\":[");
        for (int q = 0; q < ctx.size; q++)
            add(buf, cap, &len, "%s%" PRIu64, q ? "," : "", peak_rss_kib[q]);
        add(buf, cap, &len, "],\"peak_rss_kib_max\":%" PRIu64 "}", rss_max);
        return buf;
    }
    if (ghs) {
        uint64_t k = counter(ph, "test_window");
        add(buf, cap, &len, "  messages         %" PRIu64 " (GHS bound 5 n log2 n + 2 m",
            counter(ph, "messages"));
        if (k > 1)
            add(buf, cap, &len, ", + 2 min((K - 1) n log2 n, 2 m) for test window K = %" PRIu64,
                k);
        add(buf, cap, &len, ": %" PRIu64 "):", counter(ph, "ghs_bound"));
        for (int t = 0; t < GHS_MSG_TYPES; t++)
            add(buf, cap, &len, "%s %s %" PRIu64, t ? "," : "", ghs_msg_names[t],
                counter(ph, ghs_msg_names[t]));
        add(buf, cap, &len, "\n  between ranks    %" PRIu64 " bytes in %" PRIu64 " batches (%"
            PRIu64 " through shared-memory rings), %" PRIu64 " termination waves, highest "
            "level %" PRIu64 " (%s partition)\n"
            "  halted           %" PRIu64 " components (a core pair, or an isolated vertex)\n",
            counter(ph, "bytes_between_ranks"), counter(ph, "batches"),
            counter(ph, "ring_batches"), counter(ph, "waves"), counter(ph, "max_level"),
            partition == DIST_PART_HASH ? "hash" : "block", counter(ph, "halted_components"));
    } else {
        add(buf, cap, &len, "  rounds           %" PRIu64 ", %" PRIu64 " bytes allreduced per "
            "rank\n", counter(ph, "rounds"), counter(ph, "allreduce_bytes"));
    }
    add(buf, cap, &len, "  peak RSS         max %.1f MiB; per rank:", (double)rss_max / 1024);
    for (int q = 0; q < ctx.size; q++)
        add(buf, cap, &len, " %.1f", (double)peak_rss_kib[q] / 1024);
    add(buf, cap, &len, " MiB\n");
    return buf;
}

static const mst_dist_hooks hooks = {
    hook_rank, hook_agree, hook_load, hook_barrier, hook_time_max, hook_forest_weight, hook_stats,
};

const mst_dist_hooks *mst_solver_dist(void)
{
    return &hooks;
}
