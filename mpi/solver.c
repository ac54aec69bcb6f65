/*
 * solver.c: mst-mpi, minimum spanning forests with MPI: --algo ghs (default; ghs.h), --algo
 * boruvka (distributed Borůvka, dboruvka.h) or --algo boruvka-allreduce (boruvka.h). Run under
 * mpirun; every rank runs the shared harness, which this file serves through the distributed
 * hooks of solver.h: each rank loads only its share (load.h), trials are timed by the slowest
 * rank, and rank 0 alone prints.
 * Options: --partition block|hash|auto, --test-window K, --transport shm|mpi, --batch N,
 * --ring N, --shm-group K, --window N, -t N, --wide-ids, --stats, --generate SPEC (the ranks make
 * the graph, load.h).
 */
#include <inttypes.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "boruvka.h"
#include "solver.h"
#include "comm.h"
#include "dboruvka.h"
#include "ghs.h"
#include "load.h"
#include "msg.h"
#include "rounds.h"
#include "stats.h"

/* GHS's test window between ranks (ghs.h): the largest, as searches on dense graphs are long
 * chains of round trips (measured: docs/results.md). */
#define DEFAULT_TEST_WINDOW GHS_MAX_TEST_WINDOW

static dist_ctx ctx = {MPI_COMM_NULL, 0, 1};
/* mst-mpi's own options. */
typedef struct dist_cli {
    int partition;        /* DIST_PART_BLOCK or DIST_PART_HASH */
    uint64_t test_window; /* 0: the default, DEFAULT_TEST_WINDOW between ranks */
    int transport;        /* MSG_TRANSPORT_SHM or MSG_TRANSPORT_MPI */
    uint64_t batch;       /* 0: the message layer's default (msg.h) */
    uint64_t ring;        /* 0: the message layer's default */
    uint64_t shm_group;   /* 0: ranks share rings with their whole node */
    uint64_t window;      /* 0: dbv_graph_build's default */
    uint64_t threads;     /* boruvka: OpenMP threads per rank */
    int no_filter;        /* boruvka: --no-filter */
    int no_local;         /* boruvka: --no-local-contraction */
    int wide_ids;         /* boruvka: --wide-ids, 20-byte arcs on any graph */
    int stats;
    const char *generate; /* --generate SPEC: the ranks make the graph (NULL: GRAPH) */
} dist_cli;

static const char *algo = "ghs";
static int partition_used;       /* the load's partition (dist_partition_kind), auto settled */
static int maximum;              /* --maximum: the shares' keys are flipped */
static uint32_t n_global = 0;
static uint64_t m_global = 0;
static dist_slice slice;        /* boruvka-allreduce's share */
static dist_share share;        /* ghs's share */
static dbv_graph dbv_share;     /* boruvka's share */
static ghs_graph ghs_buffers;  /* ghs's adjacency, kept from trial to trial */
static uint32_t *forest_key;   /* rank 0: keys of the last forest ([capacity]) */
static uint64_t forest_key_cap;
static uint64_t *peak_rss_kib; /* rank 0: every rank's peak RSS after the last trial */

/* Open MPI's shared-memory transport (btl vader) gives every rank a segment of 4 MiB by default
 * that its peers write small messages into; the pages each rank touches, its own and its
 * peers', count in its RSS and grow with the number of ranks on the node. 2 MiB is vader's
 * smallest, and GHS was no slower with it (docs/mst-mpi.md, docs/results.md). The user's own
 * setting, if any, wins; other MPIs ignore the variable. */
#define SHM_SEGMENT_VAR "OMPI_MCA_btl_vader_segment_size"
#define SHM_SEGMENT_BYTES "2097152"

/* Indexed by dist_partition_kind, then "auto" (PART_AUTO). */
static const char *const partitions[] = {"block", "hash", "auto", NULL};
#define PART_AUTO 2
static const char *const transports[] = {"shm", "mpi", NULL};

static const mst_option options[] = {
    {.name = "--partition", .kind = MST_OPT_CHOICE, .choices = partitions, .def = "auto",
     .offset = offsetof(dist_cli, partition), .metavar = "P",
     .help = "ghs and boruvka: which rank owns a vertex: block (contiguous id\n"
             "ranges), hash, or auto (default: ghs block; boruvka block where it\n"
             "keeps 3/4 of the edges inside ranks, else hash)"},
    {.name = "--test-window", .kind = MST_OPT_COUNT, .max = GHS_MAX_TEST_WINDOW,
     .offset = offsetof(dist_cli, test_window), .metavar = "K",
     .help = "GHS: a vertex may test up to K of its lightest unresolved edges at\n"
             "once (the window grows from 1 by one per rejected edge; default\n"
             "255, and 1 on one rank, where there is no round trip to overlap;\n"
             "1: the paper's one Test at a time)"},
    {.name = "--transport", .kind = MST_OPT_CHOICE, .choices = transports, .def = "shm",
     .offset = offsetof(dist_cli, transport), .metavar = "T",
     .help = "GHS messages between ranks: shm (rings in shared memory between\n"
             "ranks of one node, MPI_Isend between nodes) or mpi (MPI_Isend always)"},
    {.name = "--batch", .kind = MST_OPT_COUNT, .max = 1u << 20,
     .offset = offsetof(dist_cli, batch), .metavar = "N",
     .help = "GHS: messages per batch between two ranks (default 2048): smaller\n"
             "batches leave sooner, larger ones cost fewer sends per message"},
    {.name = "--ring", .kind = MST_OPT_COUNT, .max = 1u << 24,
     .offset = offsetof(dist_cli, ring), .metavar = "N",
     .help = "GHS, --transport shm: messages per shared-memory ring, rounded up\n"
             "to a power of two (default: about 8 MiB of rings per rank in all)"},
    {.name = "--shm-group", .kind = MST_OPT_COUNT, .max = 65535,
     .offset = offsetof(dist_cli, shm_group), .metavar = "K",
     .help = "GHS, --transport shm: ranks share rings only within groups of K\n"
             "consecutive ranks, as on nodes of K ranks, and use MPI_Isend\n"
             "between groups (at most the number of ranks; default: the node)"},
    {.name = "--window", .kind = MST_OPT_COUNT, .max = DBV_MAX_WINDOW,
     .offset = offsetof(dist_cli, window), .metavar = "N",
     .help = "boruvka: arcs a rank sends per all-to-all when it builds its share\n"
             "and moves arcs (default 65536, 1 MiB): less memory for the\n"
             "exchanges, more all-to-alls"},
    {.name = "--threads", .alias = "-t", .kind = MST_OPT_COUNT, .def = "1", .max = 4096,
     .offset = offsetof(dist_cli, threads), .metavar = "N",
     .help = "boruvka: OpenMP threads per rank in the local pass and the rounds'\n"
             "local steps, and every algorithm's --generate (default 1; ranks x\n"
             "threads should not exceed the cores)"},
    {.name = "--generate", .kind = MST_OPT_STRING, .offset = offsetof(dist_cli, generate),
     .metavar = "SPEC",
     .help = "no GRAPH: the ranks make mst-gen's graph FAMILY[:NAME=VALUE,...],\n"
             "each its own slice (random:vertices=5000,edges=20000,seed=3; mst-gen's\n"
             "families, presets and options, docs/mst-mpi.md)"},
    {.name = "--no-filter", .kind = MST_OPT_FLAG, .flag = 1,
     .offset = offsetof(dist_cli, no_filter),
     .help = "boruvka: never filter (the light arcs first where they are many per\n"
             "vertex); with --no-local-contraction its rounds are those of every\n"
             "Boruvka (docs/trace.md)"},
    {.name = "--no-local-contraction", .kind = MST_OPT_FLAG, .flag = 1,
     .offset = offsetof(dist_cli, no_local),
     .help = "boruvka: skip the local pass that contracts a mostly local share\n"
             "before the first exchange"},
    {.name = "--wide-ids", .kind = MST_OPT_FLAG, .flag = 1,
     .offset = offsetof(dist_cli, wide_ids),
     .help = "boruvka: 20-byte arcs with 64-bit edge ids, the form of graphs of 2^32\n"
             "edges or more, on any graph (default: 16-byte arcs below 2^32 edges),\n"
             "so that tests and users can exercise it on small graphs"},
    {.name = "--stats", .kind = MST_OPT_FLAG, .flag = 1, .offset = offsetof(dist_cli, stats),
     .help = "messages by type against the GHS bound 5 n log2 n + 2 m (plus the\n"
             "test window's share), bytes between ranks, and every rank's peak\n"
             "memory (RSS)"},
    {0},
};

static const char notes[] =
    "run as: mpirun -np P mst-mpi [options] GRAPH (rank 0 prints; see docs/mst-mpi.md),\n"
    "    or mpirun -np P mst-mpi [options] --generate FAMILY[:NAME=VALUE,...]: the graph\n"
    "    that mst-gen FAMILY --NAME VALUE ... writes, each rank making its own slice\n"
    "    (mst-gen --help lists the families and their options)\n"
    "memory per rank: ghs about 64 bytes per arc of its vertices (2 m / p arcs for a\n"
    "                 balanced partition) + 130 bytes per vertex it owns: O((n + m) / p),\n"
    "                 + a receive buffer of 2048 messages (48 KiB) per rank of another\n"
    "                 node it shares edges with, and with --transport shm rings from\n"
    "                 the ranks of its node (8 MiB in all);\n"
    "                 boruvka-allreduce (Shou and He's first approach): ~36 bytes per vertex of\n"
    "                 the WHOLE graph on every rank + 32 bytes per edge of its m / p slice:\n"
    "                 O(n + m / p) (theirs broadcast the whole graph: O(n + m) per rank).\n"
    "Open MPI's shared-memory segment is 2 MiB per rank (vader's smallest) unless\n"
    "OMPI_MCA_btl_vader_segment_size is set: its default, 4 MiB, adds RSS that grows with\n"
    "the ranks on a node.\n"
    "Rank 0 also holds the whole graph to verify or write --output (on by default: use\n"
    "--no-verify for memory that falls as 1/p). A plain .msb file is read by every rank in\n"
    "slices (MPI-IO); other formats are parsed on rank 0 and sent in slices.\n";

static int unlaunched; /* one rank, and no launcher started it (init) */

static mst_status init(int *argc, char ***argv, const void *own)
{
    /* Open MPI's mpirun, PMI and PMIx launchers (MPICH, srun) say they started the process;
     * a singleton's MPI_Init sets some of these itself, so they are read before it. */
    int launched = getenv("OMPI_COMM_WORLD_SIZE") != NULL || getenv("PMI_SIZE") != NULL ||
                   getenv("PMIX_RANK") != NULL;
    setenv(SHM_SEGMENT_VAR, SHM_SEGMENT_BYTES, 0); /* read by MPI_Init */
    /* -t's threads never call MPI: only the main thread does, outside parallel regions. */
    int level = MPI_THREAD_SINGLE;
    if (MPI_Init_thread(argc, argv, MPI_THREAD_FUNNELED, &level) != MPI_SUCCESS)
        return mst_fail(MST_ERESOURCE, "MPI_Init failed (run under mpirun)");
    if (level < MPI_THREAD_FUNNELED && ((const dist_cli *)own)->threads > 1) {
        MPI_Finalize();
        return mst_fail(MST_ERESOURCE, "-t %" PRIu64 ": this MPI library gives no thread "
                        "support (MPI_THREAD_FUNNELED)", ((const dist_cli *)own)->threads);
    }
    MPI_Comm_dup(MPI_COMM_WORLD, &ctx.comm);
    MPI_Comm_rank(ctx.comm, &ctx.rank);
    MPI_Comm_size(ctx.comm, &ctx.size);
    unlaunched = ctx.size == 1 && !launched;
    return MST_OK;
}

static void context(const mst_options *o, mst_run_context *c)
{
    c->ranks = ctx.size;
    if (strcmp(o->algo, "boruvka") == 0)
        c->threads = (int)((const dist_cli *)o->own)->threads;
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

static mst_status solve(const mst_graph *g, const mst_options *o, mst_forest *out,
                        mst_phases *ph)
{
    (void)g; /* the shares loaded by the load hook are the graph here */
    mst_status st = dist_agree(&ctx, forest_keys(out));
    if (st != MST_OK)
        return st;
    const dist_cli *cli = o->own;
    if (strcmp(o->algo, "boruvka") == 0) {
        dbv_options bo = {(int)cli->threads, !cli->no_filter, !cli->no_local};
        st = dboruvka_solve(&ctx, &dbv_share, &bo, out, forest_key, ph);
    } else if (strcmp(o->algo, "boruvka-allreduce") == 0) {
        st = boruvka_allreduce(&ctx, &slice, n_global, out, forest_key, ph);
    } else {
        uint64_t window = cli->test_window ? cli->test_window
                                           : ctx.size > 1 ? DEFAULT_TEST_WINDOW : 1;
        ghs_options go = {(uint32_t)window, cli->transport, (uint32_t)cli->batch,
                          (uint32_t)cli->ring, (int)cli->shm_group};
        /* Every rank sees the same options: no agreement needed. */
        if (cli->shm_group > (uint64_t)ctx.size)
            return mst_fail(MST_EUSAGE, "option --shm-group: bad value '%" PRIu64 "' (1..%d)",
                            cli->shm_group, ctx.size);
        st = ghs_solve(&ctx, &share, &go, n_global, m_global, &ghs_buffers, out, forest_key,
                       ph);
    }
    if (st != MST_OK)
        return st;
    uint64_t rss = dist_peak_rss_kib();
    MPI_Gather(&rss, 1, MPI_UINT64_T, peak_rss_kib, 1, MPI_UINT64_T, 0, ctx.comm);
    return MST_OK;
}

static void finalize(void)
{
    dist_slice_free(&slice);
    dist_share_free(&share);
    dboruvka_release();
    dbv_graph_free(&dbv_share);
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
                            mst_graph *g, int whole)
{
    const dist_cli *cli = o->own;
    if (unlaunched) /* said once the command line is accepted: a usage error stays one line */
        fprintf(stderr, "mst-mpi: note: one rank, started without mpirun or srun: mpirun -np P "
                        "mst-mpi ... runs P ranks\n");
    mst_status st = cli->generate != NULL
                        ? dist_generate(&ctx, path, lo, (int)cli->threads, g, whole, &slice)
                        : dist_load_slice(&ctx, path, lo, g, whole, &slice);
    if (st != MST_OK)
        return st;
    algo = o->algo;
    n_global = g->n;
    m_global = g->m;
    maximum = o->maximum;
    /* The maximum spanning forest is the minimum one under flipped keys (harness.c does the
     * same for single processes); GHS's arcs copy the flipped keys from the slice. */
    if (maximum)
        for (uint64_t i = 0; i < slice.count; i++)
            slice.key[i] = UINT32_MAX - slice.key[i];
    if (ctx.rank == 0 && (peak_rss_kib = mst_calloc((size_t)ctx.size, sizeof *peak_rss_kib)) ==
                             NULL)
        st = MST_ERESOURCE;
    if ((st = dist_agree(&ctx, st)) != MST_OK)
        return st;
    partition_used = ((const dist_cli *)o->own)->partition;
    if (strcmp(algo, "ghs") == 0) {
        if (partition_used == PART_AUTO)
            partition_used = DIST_PART_BLOCK;
        dist_partition pt = dist_partition_make((dist_partition_kind)partition_used, n_global,
                                                ctx.size);
        st = dist_share_build(&ctx, &pt, &slice, &share);
        dist_slice_free(&slice); /* GHS keeps only its arcs */
    } else if (strcmp(algo, "boruvka") == 0) {
        if (partition_used == PART_AUTO)
            partition_used = dbv_choose_partition(&ctx, n_global, &slice);
        st = dbv_graph_build(&ctx, (dist_partition_kind)partition_used, n_global, m_global,
                             cli->wide_ids, cli->window, (int)cli->threads, &slice,
                             &dbv_share);
        dist_slice_free(&slice); /* Borůvka keeps only its arcs */
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
    /* The forest's keys are forest_key[0..count) (flipped with --maximum). Only 32-bit types
     * get here: with 64-bit weights rank 0 keeps the whole graph (load.h), whose raw weights
     * the harness sums itself. */
    mst_weight_sum total = mst_weight_sum_init(g->weight_type);
    for (uint64_t i = 0; i < f->count; i++) {
        uint32_t key = maximum ? UINT32_MAX - forest_key[i] : forest_key[i];
        mst_weight_sum_add(&total, mst_key_value(g->weight_type, key));
    }
    return total;
}

static const char *hook_stats(const mst_options *o, const mst_phases *ph, int json)
{
    const dist_cli *cli = o->own;
    if (!cli->stats)
        return NULL;
    if (strcmp(algo, "boruvka") == 0)
        return dboruvka_stats_text(&dbv_share, ph, json, peak_rss_kib, ctx.size,
                                   partitions[partition_used]);
    dist_stats_run run = {strcmp(algo, "ghs") == 0, partitions[partition_used],
                          transports[cli->transport], peak_rss_kib, ctx.size};
    return dist_stats_text(ph, json, &run);
}

static mst_status hook_rekey(const mst_graph *g, int random, uint64_t seed)
{
    return dist_rekey(&ctx, g, random, seed, maximum, &slice, &share, &dbv_share);
}

static const char *hook_generated(const void *own)
{
    return ((const dist_cli *)own)->generate;
}

static const mst_dist_hooks hooks = {
    hook_rank,  hook_agree, hook_load,     hook_barrier, hook_time_max, hook_forest_weight,
    hook_stats, hook_rekey, hook_generated,
};

static const mst_variant variants[] = {
    {.name = "ghs",
     .help = "Gallager-Humblet-Spira (1983), many vertices per rank",
     .solve = solve},
    {.name = "boruvka",
     .help = "distributed Boruvka, O((n + m) / p) memory per rank (Sanders and Schimek)",
     .solve = solve},
    {.name = "boruvka-allreduce",
     .help = "Boruvka rounds, one MPI_Allreduce of component minima each (Shou and He)",
     .solve = solve},
    {0},
};

const mst_solver_desc mst_solver_mpi = {
    .program = "mst-mpi",
    .description = "MPI minimum spanning forest: Gallager-Humblet-Spira with many vertices per "
                   "rank",
    .parallelism = "ranks",
    .variants = variants,
    .options = options,
    .options_size = sizeof(dist_cli),
    .notes = notes,
    .init = init,
    .context = context,
    .finalize = finalize,
    .dist = &hooks,
};
