/*
 * mst-verify GRAPH MSF-FILE: certifies a saved answer with the shared verifier (verify.h).
 * The graph is loaded with the same options as the run that produced the file (--weights,
 * --seed, ...), each "u v w" line is mapped to an edge id, then the forest is verified.
 * Exit codes: 0 valid; 4 invalid, with the reason: any well-formed file that is not the
 * canonical MSF (a line naming no remaining edge of the graph, as mst_msf_read says, or a forest
 * the verifier rejects); 2 a file that cannot be read or a line that does not parse; 1 bad
 * usage; 3 resources.
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "options.h"
#include "loader.h"
#include "msf_io.h"
#include "verify.h"

int main(int argc, char **argv)
{
    mst_load_options lo = mst_load_options_default();
    const char *files[2] = {NULL, NULL};
    int nfiles = 0;
    mst_graph g = {0};
    uint64_t *eid = NULL, k = 0, c = 0;
    mst_cli cli = {
        .program = "mst-verify",
        .kind = "tool",
        .usage = "[options] GRAPH MSF-FILE",
        .description = "Certifies that MSF-FILE ('u v w' lines, as written by --output) is the "
                       "minimum\nspanning forest of GRAPH under the (weight, edge id) order. "
                       "Load GRAPH with the\nsame options as the run that wrote MSF-FILE.",
        .min_args = 2,
        .max_args = 2,
    };
    mst_cli_add_group(&cli, "loading options", mst_load_option_table, &lo);
    int code = mst_cli_parse_main(&cli, argc, argv, files, &nfiles);
    if (code >= 0)
        return code;
    mst_status st;
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
