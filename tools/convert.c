/*
 * mst-convert [load options] [--to FORMAT] [--no-weights] IN OUT: reads IN with the shared
 * loader (any input format, .gz included) and writes its canonical graph to OUT with
 * mst_graph_write (writer.h), in the format of OUT's extension or --to; ".gz" compresses.
 * Weights: by default the file's own (mode keep): an unweighted IN gives an unweighted OUT;
 * --weights random|unit|auto writes the weights that mode gives; --no-weights writes none.
 * Exit codes (DESIGN.md, Errors): 0 ok, 1 bad usage (also: a conversion the output format cannot
 * hold, such as float weights to .gr), 2 bad input or unwritable output, 3 resources.
 */
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "cli.h"
#include "loader.h"
#include "progress.h"
#include "writer.h"

static void usage(FILE *f)
{
    fprintf(f,
            "usage: mst-convert [options] IN OUT\n"
            "Converts a graph file between formats: reads IN (format by extension or --format,\n"
            "'.gz' read through zlib), writes OUT in the format of its extension or --to\n"
            "('.gz' compresses). Output extensions: .el .wel .txt .edges (edgelist), .gr\n"
            "(dimacs), .mtx, .graph (metis), .egr, .msb.\n\n"
            "options:\n"
            "  --to F              output format (default: by OUT's extension):\n"
            "                      %s\n"
            "  --no-weights        write no weights (an unweighted file)\n"
            "  -h, --help          this text\n"
            "%s"
            "  (default weights here: keep, and an unweighted IN stays unweighted; with\n"
            "  --weights random|unit|auto the weights that mode gives are written)\n\n"
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
            "or unwritable output, 3 resources (memory, format size limits).\n",
            mst_format_names(), mst_cli_load_usage);
}

/* 1 if `name` is one of the format names. */
static int known_format(const char *name)
{
    const char *list = mst_format_names();
    size_t len = strlen(name);
    for (const char *p = list; *p;) {
        size_t k = strcspn(p, " ");
        if (k == len && strncmp(p, name, len) == 0)
            return 1;
        p += k + (p[k] == ' ');
    }
    return 0;
}

int main(int argc, char **argv)
{
    mst_load_options lo = mst_load_options_default();
    const char *files[2] = {NULL, NULL}, *to = NULL;
    int nfiles = 0, no_weights = 0;
    mst_graph g = {0};
    mst_status st;
    lo.weights = MST_WEIGHT_MODE_KEEP;
    for (int i = 1; i < argc; i++) {
        char namebuf[64];
        const char *inline_value, *name = mst_cli_split(argv[i], namebuf, sizeof namebuf,
                                                        &inline_value);
        const char *value = inline_value ? inline_value : (i + 1 < argc ? argv[i + 1] : NULL);
        int used = 0, r = 0;
        if (strcmp(name, "-h") == 0 || strcmp(name, "--help") == 0) {
            usage(stdout);
            return 0;
        }
        if (name[0] != '-' || strcmp(name, "-") == 0) {
            if (nfiles == 2) {
                fprintf(stderr, "mst-convert: error: too many arguments: '%s' (try --help)\n",
                        name);
                return MST_EUSAGE;
            }
            files[nfiles++] = name;
            continue;
        }
        if (strcmp(name, "--no-weights") == 0) {
            no_weights = 1;
            continue;
        }
        if (strcmp(name, "--to") == 0) {
            r = 1;
            used = 1;
            to = value;
            if (value == NULL) {
                r = -1;
                mst_fail(MST_EUSAGE, "option --to needs a value");
            } else if (!known_format(value)) {
                r = -1;
                mst_fail(MST_EUSAGE, "option --to: unknown format '%s' (formats: %s)", value,
                         mst_format_names());
            }
        } else {
            r = mst_cli_load_option(&lo, name, value, &used);
        }
        if (r == 0)
            mst_fail(MST_EUSAGE, "unknown option '%s'", name);
        if (r <= 0) {
            fprintf(stderr, "mst-convert: error: %s (try --help)\n", mst_last_error());
            return MST_EUSAGE;
        }
        if (used && inline_value == NULL)
            i++;
    }
    if (nfiles != 2) {
        fprintf(stderr, "mst-convert: error: need IN and OUT (try --help)\n");
        return MST_EUSAGE;
    }
    const char *format = to != NULL ? to : mst_format_from_path(files[1]);
    if (format == NULL) {
        fprintf(stderr, "mst-convert: error: %s: cannot tell the output format from the "
                        "extension (use --to: %s)\n", files[1], mst_format_names());
        return MST_EUSAGE;
    }

    mst_progress_enable(1);
    st = mst_graph_load(files[0], &lo, &g);
    if (st == MST_OK) {
        /* keep (the default) writes the file's weights only if it had some; another --weights
         * mode was asked for on purpose, so its weights are written. */
        int with_weights =
            !no_weights && (lo.weights == MST_WEIGHT_MODE_KEEP ? g.file_has_weights : 1);
        st = mst_graph_write(files[1], format, &g, with_weights);
        if (st == MST_OK)
            printf("%s -> %s (%s): n=%" PRIu32 " m=%" PRIu64 ", %s%s%s\n", files[0], files[1],
                   format, g.n, g.m, with_weights ? "weights " : "unweighted",
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
