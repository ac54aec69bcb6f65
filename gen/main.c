/*
 * main.c: the command line of mst-gen, the suite's synthetic graph generator.
 *
 *   mst-gen FAMILY [family options] [--weights W ...] [--seed S] -o FILE
 *   mst-gen components --parts P FAMILY [family options] ... -o FILE
 *   mst-gen preset NAME [options] -o FILE
 *
 * Reads the options (args.h), runs the pipeline of gen.h and writes FILE in the format
 * of its extension through mst_graph_write (.wel text, .msb binary, any of them .gz; "-" is
 * stdout, with --format). Prints one summary line (n, m, seed, times) on stdout (stderr for
 * -o -) unless --quiet. Errors: one line
 * "mst-gen: error: ..." on stderr and exit 1 (usage), 2 (the output cannot be written) or
 * 3 (memory, size limits), as docs/design.md says.
 */
#include <omp.h>
#include <stdio.h>
#include <string.h>

#include "loader.h"
#include "args.h"
#include "gen.h"
#include "core.h"
#include "write.h"

/* With --verbose: prints the time since *t and the edge count after a step; resets *t. */
static void step_time(const gen_cli *c, const char *step, double *t, uint64_t m)
{
    double now = mst_now_s();
    if (c->verbose)
        fprintf(stderr, "mst-gen: %-10s %8.3f s  m=%llu\n", step, now - *t, (unsigned long long)m);
    else
        mst_progress_step("mst-gen: %s done, m = %llu", step, (unsigned long long)m);
    *t = now;
}

int main(int argc, char **argv)
{
    gen_cli c;
    int code = gen_cli_parse(argc, argv, &c);
    if (code >= 0)
        return code;

    /* Generates the graph c describes and writes it. */
    mst_status st = MST_OK;
    gen_edges g;
    mst_out co = {0};
    memset(&g, 0, sizeof g);

    uint64_t n = 0, m = 0, removed = 0;
    MST_CHECK(c.family->check(&c.params, &n, &m));
    uint64_t parts = c.components ? c.parts : 1;
    if ((n > 0 && parts > MST_MAX_VERTICES / n) || (m > 0 && parts > GEN_MAX_EDGES / m))
        MST_FAIL(MST_ERESOURCE, "components: %llu copies of n=%llu, m=%llu exceed 2^32 - 1 "
                 "vertices or edges", (unsigned long long)parts, (unsigned long long)n,
                 (unsigned long long)m);
    int may_duplicate = c.family->may_duplicate || (c.params.given & GP_BIT(GP_CONNECTED));
    /* Exit 3 at once for what cannot fit, rather than at the OOM killer while generating. */
    MST_CHECK(gen_memory_check(c.family->name, n, m, parts, may_duplicate && !c.keep_duplicates,
                               c.loop_rate + c.multi_rate));
    MST_CHECK(mst_output_check(c.output, NULL)); /* and at once for a folder it cannot write */
    if (c.coordinates != NULL)
        MST_CHECK(mst_output_check(c.coordinates, NULL));

    double t0 = mst_now_s(), tp = t0;
    mst_progress_enable(!c.quiet);
    mst_progress_step("mst-gen: generating %s, n = %llu, m = %llu", c.family->name,
                      (unsigned long long)n, (unsigned long long)m);
    if (c.family->range != NULL) {
        MST_CHECK(gen_edges_alloc(&g, (uint32_t)n, m, 0));
        c.family->range(&c.params, 0, m, g.u, g.v);
    } else {
        MST_CHECK(c.family->generate(&c.params, &g));
    }
    step_time(&c, "generate", &tp, g.m);
    if (may_duplicate && !c.keep_duplicates) {
        MST_CHECK(gen_dedup(&g, &removed));
        step_time(&c, "dedup", &tp, g.m);
    }
    if (c.components) {
        MST_CHECK(gen_replicate(&g, c.parts));
        step_time(&c, "components", &tp, g.m);
    }
    if (c.loop_rate > 0 || c.multi_rate > 0) {
        MST_CHECK(gen_inject(&g, c.params.seed, c.loop_rate, c.multi_rate));
        step_time(&c, "inject", &tp, g.m);
    }
    MST_CHECK(gen_weights_apply(&g, &c.weights, c.params.seed));
    step_time(&c, "weights", &tp, g.m);
    double t1 = mst_now_s();

    mst_graph out;
    memset(&out, 0, sizeof out);
    out.n = g.n;
    out.m = g.m;
    out.u = g.u;
    out.v = g.v;
    out.key = g.key;
    out.weight_type = g.key_type;
    out.weight_origin = MST_WEIGHTS_FROM_FILE;
    out.seed = c.params.seed;
    out.file_has_weights = c.weights.mode != GEN_W_NONE;
    out.index_base = 0;
    MST_CHECK(mst_graph_write(c.output, c.format, &out, out.file_has_weights));
    if (c.coordinates != NULL) {
        /* Every vertex's point, DIMACS .co with ids from 1: geometric's in the unit square,
         * grid2d's (column, row) of vertex row C + column. */
        uint64_t cols = c.params.u64[GP_COLS];
        MST_CHECK(mst_out_open(&co, c.coordinates, 0));
        MST_CHECK(mst_out_printf(&co, "p aux sp co %u\n", g.n));
        for (uint64_t i = 0; i < g.n; i++) {
            double x, y;
            if (c.family->generate == gen_geometric)
                gen_geometric_point(c.params.seed, i, &x, &y);
            else
                x = (double)(i % cols), y = (double)(i / cols);
            MST_CHECK(mst_out_printf(&co, "v %llu %.17g %.17g\n", (unsigned long long)i + 1,
                                     x, y));
        }
        MST_CHECK(mst_out_commit(&co));
    }
    step_time(&c, "write", &tp, g.m);
    mst_progress_done();
    double t2 = mst_now_s();
    if (!c.quiet) {
        /* -o - is stdout: the summary goes to stderr, apart from the data. */
        FILE *say = strcmp(c.output, "-") == 0 ? stderr : stdout;
        fprintf(say, "mst-gen: %s: %s%s%sfamily=%s%s n=%u m=%llu seed=%llu removed=%llu "
                "threads=%d generate_s=%.3f write_s=%.3f\n", c.output,
                c.preset ? "preset=" : "", c.preset ? c.preset : "", c.preset ? " " : "",
                c.components ? "components/" : "", c.family->name, g.n,
                (unsigned long long)g.m, (unsigned long long)c.params.seed,
                (unsigned long long)removed, omp_get_max_threads(), t1 - t0, t2 - t1);
        fflush(say);
    }
fail:
    if (st != MST_OK)
        fprintf(stderr, "mst-gen: error: %s\n", mst_last_error());
    mst_out_abort(&co);
    gen_edges_free(&g);
    return (int)st;
}

