/*
 * mst-convert [load options] [--to FORMAT] [--no-weights] IN OUT: reads IN with the shared
 * loader (any input format, .gz included) and writes its canonical graph to OUT with
 * mst_graph_write (gen/write.h), in the format of OUT's extension or --to; ".gz" compresses.
 * OUT "-" is stdout (--to needed; the summary line then goes to stderr); a device or FIFO is
 * written in place, a regular file through a temporary (loader.h, mst_out_open).
 * Weights: by default the file's own (mode keep): an unweighted IN gives an unweighted OUT;
 * --weights random|unit|auto writes the weights that mode gives; --no-weights writes none.
 * Exit codes (docs/design.md, Errors): 0 ok, 1 bad usage (also: a conversion the output format
 * cannot hold, such as float weights to .gr), 2 bad input or unwritable output, 3 resources.
 */
#include <inttypes.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include "solver.h"
#include "loader.h"
#include "core.h"
#include "write.h"

static const char notes[] =
    "Output extensions: .el .wel .txt .edges (edgelist), .gr (dimacs), .mtx, .graph (metis),\n"
    ".egr, .msb; '.gz' compresses. Weights: by default the file's own (keep), so an\n"
    "unweighted IN stays unweighted; with --weights random|unit|auto the weights that mode\n"
    "gives are written.\n\n"
    "What survives the round trip OUT -> loader:\n"
    "  edgelist, mtx, dimacs, msb keep the edge order (edge ids, hence the MSF and the\n"
    "    --weights random weights), n, m and the weights. edgelist is written 0-based\n"
    "    (a final self-loop on vertex n-1 keeps n when the last vertices are isolated);\n"
    "    mtx is written 'symmetric', each edge as (max, min); msb keeps everything.\n"
    "  metis, egr keep n, m and the weights but NOT the edge order: adjacency lists\n"
    "    renumber the edges row by row (CSR order), so the MSF among equal weights and\n"
    "    --weights random weights change.\n"
    "  Integer weights only in dimacs, metis and egr (egr: int32); an unweighted graph\n"
    "    goes to dimacs as PACE 'p tw'. Self-loops dropped on reading are not written.\n\n"
    "Exit codes: 0 ok, 1 bad usage or a conversion the format cannot hold, 2 bad input\n"
    "or unwritable output, 3 resources (memory, format size limits).\n";

/* mst-convert's own options. */
typedef struct convert_args {
    const char *to;
    int no_weights;
} convert_args;

/* --to F: one of the format names. */
static mst_status parse_to(const char *option, const char *value, void *field)
{
    size_t len = strlen(value);
    for (const char *p = mst_format_names(); *p;) {
        size_t k = strcspn(p, " ");
        if (k == len && strncmp(p, value, len) == 0) {
            *(const char **)field = value;
            return MST_OK;
        }
        p += k + (p[k] == ' ');
    }
    return mst_fail(MST_EUSAGE, "option %s: unknown format '%s' (formats: %s)", option, value,
                    mst_format_names());
}

static const mst_option convert_options[] = {
    {.name = "--to", .kind = MST_OPT_CUSTOM, .parse = parse_to,
     .offset = offsetof(convert_args, to), .metavar = "F",
     .help = "output format (default: by OUT's extension)"},
    {.name = "--no-weights", .kind = MST_OPT_FLAG, .flag = 1,
     .offset = offsetof(convert_args, no_weights), .help = "write no weights (an unweighted file)"},
    {0},
};

int main(int argc, char **argv)
{
    mst_load_options lo = mst_load_options_default();
    convert_args ca = {NULL, 0};
    const char *files[2] = {NULL, NULL};
    int nfiles = 0;
    mst_graph g = {0};
    mst_option load_options[8];
    mst_cli cli = {
        .program = "mst-convert",
        .kind = "tool",
        .usage = "[options] IN OUT",
        .description = "Converts a graph file between formats: reads IN (format by extension or "
                       "--format,\n'.gz' too), writes OUT in the format of its extension or --to.",
        .notes = notes,
        .min_args = 2,
        .max_args = 2,
    };
    mst_options_with_default(load_options, 8, mst_load_option_table, "--weights", "keep");
    mst_cli_add_group(&cli, "mst-convert options", convert_options, &ca);
    mst_cli_add_group(&cli, "loading options", load_options, &lo);
    int code = mst_cli_parse_main(&cli, argc, argv, files, &nfiles);
    if (code >= 0)
        return code;
    mst_status st;
    const char *format = ca.to != NULL ? ca.to : mst_format_from_path(files[1]);
    if (format == NULL) {
        fprintf(stderr, "mst-convert: error: %s: cannot tell the output format from the "
                        "extension (use --to: %s)\n", files[1], mst_format_names());
        return MST_EUSAGE;
    }

    mst_progress_enable(1);
    st = mst_output_check(files[1], files[0]);
    if (st == MST_OK)
        st = mst_graph_load(files[0], &lo, &g);
    if (st == MST_OK) {
        /* keep (the default) writes the file's weights only if it had some; another --weights
         * mode was asked for on purpose, so its weights are written. */
        int with_weights =
            !ca.no_weights && (lo.weights == MST_WEIGHT_MODE_KEEP ? g.file_has_weights : 1);
        st = mst_graph_write(files[1], format, &g, with_weights);
        /* OUT "-" is stdout: the line goes to stderr, after the data and apart from it. */
        FILE *say = strcmp(files[1], "-") == 0 ? stderr : stdout;
        if (st == MST_OK)
            fprintf(say, "%s -> %s (%s): n=%" PRIu32 " m=%" PRIu64 ", %s%s%s\n", files[0],
                    files[1], format, g.n, g.m, with_weights ? "weights " : "unweighted",
                    with_weights ? mst_weight_type_name(g.weight_type) : "",
                    strcmp(format, "metis") == 0 || strcmp(format, "egr") == 0
                        ? " (edge order not kept: CSR order)"
                        : "");
    }
    if (st != MST_OK)
        fprintf(stderr, "mst-convert: error: %s\n", mst_last_error());
    mst_graph_free(&g);
    return (int)st;
}
