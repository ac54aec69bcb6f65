/*
 * mst-verify GRAPH MSF-FILE: certifies a saved answer with the shared verifier (common/verify.h).
 * The graph is loaded with the same options as the run that produced the file (--weights,
 * --seed, ...), each "u v w" line is mapped to an edge id, then the forest is verified.
 * Exit codes: 0 valid, 1 bad usage, 2 bad input, 3 resources, 4 invalid (with the reason).
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "loader.h"
#include "msf_io.h"
#include "verify.h"

static void usage(FILE *f)
{
    fprintf(f, "usage: mst-verify [options] GRAPH MSF-FILE\n"
               "Certifies that MSF-FILE ('u v w' lines, as written by --output) is the minimum\n"
               "spanning forest of GRAPH under the (weight, edge id) order.\n\noptions:\n%s"
               "  -h, --help          this text\n",
            mst_cli_load_usage);
}

int main(int argc, char **argv)
{
    mst_load_options lo = mst_load_options_default();
    const char *files[2] = {NULL, NULL};
    int nfiles = 0;
    mst_graph g = {0};
    uint64_t *eid = NULL, k = 0, c = 0;
    mst_status st;
    for (int i = 1; i < argc; i++) {
        char namebuf[64];
        const char *inline_value, *name = mst_cli_split(argv[i], namebuf, sizeof namebuf,
                                                        &inline_value);
        const char *value = inline_value ? inline_value : (i + 1 < argc ? argv[i + 1] : NULL);
        int used = 0;
        if (strcmp(name, "-h") == 0 || strcmp(name, "--help") == 0) {
            usage(stdout);
            return 0;
        }
        if (name[0] != '-') {
            if (nfiles == 2) {
                fprintf(stderr, "mst-verify: error: too many arguments (try --help)\n");
                return MST_EUSAGE;
            }
            files[nfiles++] = name;
            continue;
        }
        int r = mst_cli_load_option(&lo, name, value, &used);
        if (r == 0)
            mst_fail(MST_EUSAGE, "unknown option '%s'", name);
        if (r <= 0) {
            fprintf(stderr, "mst-verify: error: %s (try --help)\n", mst_last_error());
            return MST_EUSAGE;
        }
        if (used && inline_value == NULL)
            i++;
    }
    if (nfiles != 2) {
        fprintf(stderr, "mst-verify: error: need GRAPH and MSF-FILE (try --help)\n");
        return MST_EUSAGE;
    }
    st = mst_graph_load(files[0], &lo, &g);
    if (st == MST_OK)
        st = mst_msf_read(files[1], &g, &eid, &k);
    if (st == MST_OK)
        st = mst_verify_forest(&g, eid, k, &c);
    if (st == MST_OK) {
        char wbuf[64];
        printf("%s: valid minimum spanning forest of %s: %" PRIu64 " edges, %" PRIu64
               " components, weight %s\n", files[1], files[0], k, c,
               mst_format_total(mst_weight_total(&g, eid, k), wbuf, sizeof wbuf));
    } else {
        fprintf(stderr, "mst-verify: %s: %s\n", st == MST_EVERIFY ? "invalid" : "error",
                mst_last_error());
    }
    free(eid);
    mst_graph_free(&g);
    return (int)st;
}
