/*
 * mst-verify GRAPH MSF-FILE: certifies a saved answer with the shared verifier (core.h).
 * The graph is loaded with the same options as the run that produced the file (--weights,
 * --seed, ...), each "u v w" or edge id line is mapped to an edge id (msf_read.h), the forest is
 * verified (--maximum: as the maximum spanning forest), then the weight and objective the
 * file's '#' line claims are checked against it.
 * Exit codes: 0 valid; 4 invalid, with the reason: any well-formed file that is not the
 * canonical MSF (a line naming no remaining edge of the graph, as mst_msf_read says, or a forest
 * the verifier rejects); 2 a file that cannot be read or a line that does not parse; 1 bad
 * usage; 3 resources.
 */
#include <inttypes.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "solver.h"
#include "loader.h"
#include "core.h"
#include "msf_read.h"

/* mst-verify's own options, and the round of a --rounds run whose weights the forest has. */
typedef struct verify_args {
    int maximum;
    int format;                /* index into formats: mst_msf_format */
    const char *round_weights; /* --round-weights FILE (columns) or PATTERN ("{r}"), or NULL */
    uint64_t round;            /* --round R (1-based; 0: the graph's own weights) */
} verify_args;

static const char *const formats[] = {"auto", "edges", "ids", NULL};

static const mst_option verify_options[] = {
    {.name = "--maximum", .kind = MST_OPT_FLAG, .flag = 1,
     .offset = offsetof(verify_args, maximum),
     .help = "certify the maximum spanning forest (a solver's --maximum)"},
    {.name = "--certificate-format", .kind = MST_OPT_CHOICE, .choices = formats, .def = "auto",
     .offset = offsetof(verify_args, format), .metavar = "F",
     .help = "auto (the first data line: one field is ids, three edges), edges\n"
             "('u v w' lines) or ids (edge ids, one a line)"},
    {0},
};

/* One round of a --rounds run (docs/rounds.md): its weights replace the graph's. */
static const mst_option round_options[] = {
    {.name = "--round-weights", .kind = MST_OPT_STRING,
     .offset = offsetof(verify_args, round_weights), .metavar = "FILE",
     .help = "the weights file of a --rounds run (columns, or a path with {r})"},
    {.name = "--round", .kind = MST_OPT_UINT, .max = UINT32_MAX,
     .offset = offsetof(verify_args, round), .metavar = "R",
     .help = "load round R's weights (of --round-weights, else random from seed + R)"},
    {0},
};

int main(int argc, char **argv)
{
    mst_load_options lo = mst_load_options_default();
    verify_args va = {0, 0, NULL, 0};
    const char *files[2] = {NULL, NULL};
    int nfiles = 0;
    mst_graph g = {0};
    mst_msf_claims claims;
    uint64_t *eid = NULL, k = 0, c = 0;
    mst_cli cli = {
        .program = "mst-verify",
        .kind = "tool",
        .usage = "[options] GRAPH MSF-FILE",
        .description = "Certifies that MSF-FILE ('u v w' lines or edge ids, as written by "
                       "--output) is the\nminimum (--maximum: maximum) spanning forest of GRAPH "
                       "under the (weight, edge id)\norder. Load GRAPH with the same options as "
                       "the run that wrote MSF-FILE.",
        .min_args = 2,
        .max_args = 2,
    };
    mst_cli_add_group(&cli, "verify options", verify_options, &va);
    mst_cli_add_group(&cli, "loading options", mst_load_option_table, &lo);
    mst_cli_add_group(&cli, "one round of --rounds", round_options, &va);
    int code = mst_cli_parse_main(&cli, argc, argv, files, &nfiles);
    if (code >= 0)
        return code;
    mst_status st;
    st = mst_graph_load(files[0], &lo, &g);
    if (st == MST_OK && va.round == 0 && va.round_weights != NULL)
        st = mst_fail(MST_EUSAGE, "--round-weights needs --round R");
    if (st == MST_OK && va.round > 0) {
        mst_round_source src = {va.round_weights, lo.seed, 0, lo.weight_type};
        st = mst_round_weights_apply(&src, va.round, &g);
    }
    if (st == MST_OK)
        st = mst_msf_read(files[1], &g, (mst_msf_format)va.format, &eid, &k, &claims);
    /* A file that says it holds the other objective's forest is told so before it is checked
     * edge by edge; its total is checked once the forest is right. */
    if (st == MST_OK && claims.line != 0 && claims.maximum != va.maximum)
        st = mst_msf_check_claims(files[1], &claims, &g, eid, k, va.maximum);
    if (st == MST_OK)
        st = mst_verify_forest_objective(&g, eid, k, &c, va.maximum, 0);
    if (st == MST_OK)
        st = mst_msf_check_claims(files[1], &claims, &g, eid, k, va.maximum);
    if (st == MST_OK) {
        char wbuf[64];
        printf("%s: valid %s spanning forest of %s: %" PRIu64 " edge%s, %" PRIu64
               " component%s, weight %s\n", files[1], va.maximum ? "maximum" : "minimum",
               files[0], k, k == 1 ? "" : "s", c, c == 1 ? "" : "s",
               mst_format_total(mst_weight_total(&g, eid, k), wbuf, sizeof wbuf));
    } else {
        fprintf(stderr, "mst-verify: %s: %s\n", st == MST_EVERIFY ? "invalid" : "error",
                mst_last_error());
    }
    free(eid);
    mst_graph_free(&g);
    return (int)st;
}
