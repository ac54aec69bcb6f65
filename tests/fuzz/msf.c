/*
 * msf.c: the libFuzzer harness of the certificate reader (mst_msf_read, what mst-verify reads),
 * of its '#' line's claims (mst_msf_check_claims) and of the verifier behind it. Each input is
 * an MSF file ("u v w" lines, or edge ids: the layout is told by the first data line) for one
 * fixed graph, read through a memory file (memfd_create), since the reader takes a path.
 *
 * The graph: 8 vertices, three components ({0,1,2,3}, {4,5,6}, the isolated 7), equal weights
 * that only the (weight, edge id) order tells apart, and two parallel edges 0-1 of weight 3.
 * Under that order its one minimum spanning forest is the edge ids FOREST below (Kruskal by
 * hand: 5, 1, 3, 0 are taken, 2 and 4 close cycles, 6 is taken, 7 closes one). The verifier
 * must accept exactly that set and refuse every other (docs/design.md, Verifier).
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "fuzz.h"
#include "core.h"
#include "loader.h"
#include "msf_read.h"

static const char GRAPH[] = "0 1 3\n1 2 1\n0 2 3\n2 3 2\n0 1 3\n4 5 -1\n5 6 7\n4 6 7\n";
static const uint64_t FOREST[] = {0, 1, 3, 5, 6};
#define FOREST_EDGES (sizeof FOREST / sizeof FOREST[0])

static mst_graph graph;
static int certificate_fd = -1;
static char certificate_path[64];

/* Loads GRAPH once (vertex 7 through --vertices 8) and opens the memory file. */
static void setup(void)
{
    mst_load_options o = mst_load_options_default();
    o.has_vertices = 1;
    o.vertices = 8;
    mst_reader *r = NULL;
    fuzz_require(mst_reader_from_memory("fixed.wel", GRAPH, sizeof GRAPH - 1, &r) == MST_OK &&
                 mst_load_edgelist(r, &o, &graph) == MST_OK, "the fixed graph does not load");
    mst_reader_close(r);
    fuzz_require(graph.n == 8 && graph.m == 8, "the fixed graph has other sizes");
    certificate_fd = memfd_create("certificate", 0);
    fuzz_require(certificate_fd >= 0, "memfd_create failed");
    snprintf(certificate_path, sizeof certificate_path, "/proc/self/fd/%d", certificate_fd);
}

/* Makes the memory file hold exactly data[0..size-1]. */
static void put_certificate(const uint8_t *data, size_t size)
{
    fuzz_require(ftruncate(certificate_fd, 0) == 0 &&
                 (size == 0 || pwrite(certificate_fd, data, size, 0) == (ssize_t)size),
                 "the memory file could not be written");
}

/* Requires ids[0..k-1] to name distinct edges of the graph; returns 1 if they are FOREST. */
static int is_the_forest(const uint64_t *ids, uint64_t k)
{
    uint8_t seen[8] = {0};
    for (uint64_t i = 0; i < k; i++) {
        fuzz_require(ids[i] < graph.m, "the reader returned an id that names no edge");
        fuzz_require(!seen[ids[i]], "the reader returned an id twice");
        seen[ids[i]] = 1;
    }
    if (k != FOREST_EDGES)
        return 0;
    for (size_t i = 0; i < FOREST_EDGES; i++)
        if (!seen[FOREST[i]])
            return 0;
    return 1;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (certificate_fd < 0)
        setup();
    put_certificate(data, size);
    uint64_t *ids = NULL, k = 0, c = 0;
    mst_msf_claims claims;
    mst_status st = mst_msf_read(certificate_path, &graph, MST_MSF_AUTO, 0, 0, &ids, &k, &claims);
    if (st != MST_OK) {
        /* Lines that do not parse are bad input; well-formed wrong lines may be refused as an
         * invalid certificate already here. */
        fuzz_require_failure(st, FUZZ_CODE(MST_EINPUT) | FUZZ_CODE(MST_EVERIFY) |
                                     FUZZ_CODE(MST_ERESOURCE));
        free(ids);
        return 0;
    }
    /* The '#' line's claims (its objective and total) hold or are refused as a bad forest. */
    for (int maximum = 0; maximum < 2; maximum++) {
        st = mst_msf_check_claims(certificate_path, &claims, &graph, ids, k, maximum);
        if (st != MST_OK)
            fuzz_require_failure(st, FUZZ_CODE(MST_EVERIFY));
        else if (claims.line != 0)
            fuzz_require(claims.maximum == maximum, "a claim of the other objective passed");
    }
    int expected = is_the_forest(ids, k);
    st = mst_verify_forest(&graph, ids, k, &c, 0, 0);
    if (expected)
        fuzz_require(st == MST_OK && c == 3, "the verifier refused the minimum spanning forest");
    else
        fuzz_require_failure(st, FUZZ_CODE(MST_EVERIFY));
    free(ids);
    return 0;
}
