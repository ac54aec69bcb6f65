/*
 * mst-verify GRAPH MSF-FILE: certifies a saved answer with the shared verifier (core.h).
 * The graph is loaded with the same options as the run that produced the file (--weights,
 * --seed, ...), each "u v w" or edge id line is mapped to an edge id (msf_read.h), the forest is
 * verified (--maximum: as the maximum spanning forest; --any: as any minimum one, "u v" lines
 * allowed), then the weight and objective the file's '#' line claims are checked against it, and
 * --sensitivity writes each edge's interval (docs/tools.md).
 * Exit codes: 0 valid; 4 invalid, with the reason: any well-formed file that is not the
 * canonical MSF (with --any: not a minimum one; a line naming no remaining edge of the graph, as
 * mst_msf_read says, or a forest the verifier rejects); 2 a file that cannot be read or a line
 * that does not parse, or a --sensitivity file that cannot be written; 1 bad usage; 3
 * resources.
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
    int any;                   /* --any: every minimum forest, not only the canonical one */
    int format;                /* index into formats: mst_msf_format */
    const char *sensitivity;   /* --sensitivity FILE, or NULL */
    const char *round_weights; /* --round-weights FILE (columns) or PATTERN ("{r}"), or NULL */
    uint64_t round;            /* --round R (1-based; 0: the graph's own weights) */
} verify_args;

static const char *const formats[] = {"auto", "edges", "ids", NULL};

static const mst_option verify_options[] = {
    {.name = "--maximum", .kind = MST_OPT_FLAG, .flag = 1,
     .offset = offsetof(verify_args, maximum),
     .help = "certify the maximum spanning forest (a solver's --maximum)"},
    {.name = "--any", .kind = MST_OPT_FLAG, .flag = 1, .offset = offsetof(verify_args, any),
     .help = "accept every minimum (maximum) spanning forest and say whether it is the\n"
             "canonical one; lines may be 'u v' (other tools' edge lists)"},
    {.name = "--sensitivity", .kind = MST_OPT_STRING, .metavar = "FILE",
     .offset = offsetof(verify_args, sensitivity),
     .help = "write each edge's weight interval that keeps the forest minimum (CSV)"},
    {.name = "--certificate-format", .kind = MST_OPT_CHOICE, .choices = formats, .def = "auto",
     .offset = offsetof(verify_args, format), .metavar = "F",
     .help = "auto (the first data line: one field is ids, more are edges), edges\n"
             "('u v w' lines; with --any also 'u v') or ids (edge ids, one a line)"},
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

/*
 * --sensitivity: one CSV line per edge of g, by id, after a header line: "edge,u,v,weight,tree,
 * low,high,bound", the edge's ends in the input's numbering, its weight, 1 for a forest edge,
 * and the closed interval [low, high] of weights within which the forest stays minimum
 * (maximum), the others fixed: one end is -inf or inf, the other the weight of `bound`, the
 * edge that sets it (mst_verify_minimum; empty with an infinite end for a bridge). Written
 * through mst_out_open (a temporary renamed when complete). Errors: MST_EINPUT (cannot write).
 */
static mst_status write_sensitivity(const char *path, const mst_graph *g, const uint64_t *eid,
                                    uint64_t k, const uint64_t *bound, int maximum)
{
    mst_status st = MST_OK;
    mst_out o;
    memset(&o, 0, sizeof o);
    uint8_t *in = NULL;
    MST_CALLOC(in, g->m);
    for (uint64_t i = 0; i < k; i++)
        in[eid[i]] = 1;
    MST_CHECK(mst_out_open(&o, path, 0));
    MST_CHECK(mst_out_printf(&o, "edge,u,v,weight,tree,low,high,bound\n"));
    const uint64_t base = (uint64_t)g->index_base;
    for (uint64_t e = 0; e < g->m; e++) {
        char w[48], b[48] = "", id[24] = "";
        if (bound[e] != UINT64_MAX) {
            mst_format_edge_weight(g, bound[e], b, sizeof b);
            snprintf(id, sizeof id, "%" PRIu64, bound[e]);
        }
        /* A tree edge may grow up to its bound (down to it, for the maximum), a non-tree edge
         * go down to it. */
        const char *low = "-inf", *high = "inf";
        if (*b != '\0' && in[e] != maximum)
            high = b;
        else if (*b != '\0')
            low = b;
        MST_CHECK(mst_out_printf(&o, "%" PRIu64 ",%" PRIu64 ",%" PRIu64 ",%s,%d,%s,%s,%s\n", e,
                                 g->u[e] + base, g->v[e] + base,
                                 mst_format_edge_weight(g, e, w, sizeof w), in[e], low, high,
                                 id));
    }
    st = mst_out_commit(&o);
fail:
    mst_out_abort(&o);
    free(in);
    return st;
}

int main(int argc, char **argv)
{
    mst_load_options lo = mst_load_options_default();
    verify_args va = {0, 0, 0, NULL, NULL, 0};
    const char *files[2] = {NULL, NULL};
    int nfiles = 0;
    mst_graph g = {0};
    mst_msf_claims claims;
    uint64_t *eid = NULL, *bound = NULL, k = 0, c = 0;
    mst_verify_result res = {0, UINT64_MAX, UINT64_MAX};
    mst_cli cli = {
        .program = "mst-verify",
        .kind = "tool",
        .usage = "[options] GRAPH MSF-FILE",
        .description = "Certifies that MSF-FILE ('u v w' lines or edge ids, as written by "
                       "--output) is the\nminimum (--maximum: maximum) spanning forest of GRAPH "
                       "under the (weight, edge id)\norder (--any: a minimum one). Load GRAPH "
                       "with the same options as the run that\nwrote MSF-FILE.",
        .min_args = 2,
        .max_args = 2,
    };
    mst_cli_add_group(&cli, "verify options", verify_options, &va);
    mst_cli_add_group(&cli, "loading options", mst_load_option_table, &lo);
    mst_cli_add_group(&cli, "one round of --rounds", round_options, &va);
    int code = mst_cli_parse_main(&cli, argc, argv, files, &nfiles);
    if (code >= 0)
        return code;
    mst_status st = MST_OK;
    for (int i = 0; i < 2 && st == MST_OK && va.sensitivity != NULL; i++)
        st = mst_output_check(va.sensitivity, files[i]);
    if (st == MST_OK)
        st = mst_graph_load(files[0], &lo, &g);
    if (st == MST_OK && va.round == 0 && va.round_weights != NULL)
        st = mst_fail(MST_EUSAGE, "--round-weights needs --round R");
    if (st == MST_OK && va.round > 0) {
        mst_round_source src = {va.round_weights, lo.seed, 0, lo.weight_type};
        st = mst_round_weights_apply(&src, va.round, &g);
    }
    if (st == MST_OK)
        st = mst_msf_read(files[1], &g, (mst_msf_format)va.format, va.any, va.maximum, &eid, &k,
                          &claims);
    /* A file that says it holds the other objective's forest is told so before it is checked
     * edge by edge; its total is checked once the forest is right. */
    if (st == MST_OK && claims.line != 0 && claims.maximum != va.maximum)
        st = mst_msf_check_claims(files[1], &claims, &g, eid, k, va.maximum);
    if (st == MST_OK && !va.any)
        st = mst_verify_forest(&g, eid, k, &c, va.maximum, 0);
    if (st == MST_OK && va.sensitivity != NULL && (bound = mst_alloc(g.m, sizeof *bound)) == NULL)
        st = MST_ERESOURCE;
    if (st == MST_OK && (va.any || bound != NULL)) {
        st = mst_verify_minimum(&g, eid, k, va.maximum, 0, &res, bound);
        c = res.components;
    }
    if (st == MST_OK)
        st = mst_msf_check_claims(files[1], &claims, &g, eid, k, va.maximum);
    if (st == MST_OK && bound != NULL)
        st = write_sensitivity(va.sensitivity, &g, eid, k, bound, va.maximum);
    if (st == MST_OK) {
        char wbuf[64], canon[256] = "", de[96], dt[96];
        if (va.any && res.tie == UINT64_MAX)
            snprintf(canon, sizeof canon, "; the canonical (weight, edge id) one");
        else if (va.any)
            snprintf(canon, sizeof canon, "; not the canonical (weight, edge id) one: non-tree "
                     "%s ties tree %s on its tree path with a lower id",
                     mst_format_edge(&g, res.tie, de), mst_format_edge(&g, res.tie_tree, dt));
        /* A sensitivity file on stdout keeps stdout to itself. */
        FILE *out = va.sensitivity != NULL && strcmp(va.sensitivity, "-") == 0 ? stderr : stdout;
        fprintf(out, "%s: valid %s spanning forest of %s: %" PRIu64 " edge%s, %" PRIu64
                " component%s, weight %s%s\n", files[1], va.maximum ? "maximum" : "minimum",
                files[0], k, k == 1 ? "" : "s", c, c == 1 ? "" : "s",
                mst_format_total(mst_weight_total(&g, eid, k), wbuf, sizeof wbuf), canon);
    } else {
        fprintf(stderr, "mst-verify: %s: %s\n", st == MST_EVERIFY ? "invalid" : "error",
                mst_last_error());
    }
    free(eid);
    free(bound);
    mst_graph_free(&g);
    return (int)st;
}
