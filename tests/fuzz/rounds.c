/*
 * rounds.c: the libFuzzer harness of the weights files of --rounds (common/io/weights_file.c,
 * loader.h, mst_round_weights_apply). Each input is a weights file for one fixed graph of 6
 * edges, put in a memory file (memfd_create) and read as a columns file of unknown width; the
 * rounds applied are 1 and the last the first line names (within 1..4).
 *
 * The contract: a round fails only with MST_EINPUT (a bad line, a count, a type no column's
 * values share) or MST_ERESOURCE and one line of message, leaving the graph's weights as they
 * were; a round that succeeds gives every edge a key of the type it names, and applying it
 * again gives the same keys; round 1 failing means every round fails (each read checks the
 * whole file).
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

#define EDGES 6

static mst_graph graph;
static int file_fd = -1;
static char file_path[64];

/* A 5-vertex graph with EDGES edges and int32 weights 1..EDGES, and the memory file. */
static void setup(void)
{
    static const char text[] = "0 1 1\n1 2 2\n2 3 3\n3 4 4\n0 4 5\n1 3 6\n";
    mst_reader *r = NULL;
    mst_load_options o = mst_load_options_default();
    fuzz_require(mst_reader_from_memory("fixed.wel", text, sizeof text - 1, &r) == MST_OK &&
                 mst_load_edgelist(r, &o, &graph) == MST_OK && graph.m == EDGES,
                 "the fixed graph does not load");
    mst_reader_close(r);
    file_fd = memfd_create("weights", 0);
    fuzz_require(file_fd >= 0, "memfd_create failed");
    snprintf(file_path, sizeof file_path, "/proc/self/fd/%d", file_fd);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (file_fd < 0)
        setup();
    fuzz_require(ftruncate(file_fd, 0) == 0 &&
                 (size == 0 || pwrite(file_fd, data, size, 0) == (ssize_t)size),
                 "the memory file could not be written");
    mst_round_source src = {file_path, 1, 0, 0};
    uint64_t last = size > 0 ? 1 + data[0] % 4 : 1;
    mst_status first = MST_OK;
    for (uint64_t round = 1; round <= last; round += last > 1 ? last - 1 : 1) {
        uint32_t before[EDGES];
        memcpy(before, graph.key, sizeof before);
        mst_weight_type type_before = graph.weight_type;
        mst_status st = mst_round_weights_apply(&src, round, &graph);
        if (round == 1)
            first = st;
        if (st != MST_OK) {
            fuzz_require_failure(st, FUZZ_CODE(MST_EINPUT) | FUZZ_CODE(MST_ERESOURCE));
            fuzz_require(memcmp(before, graph.key, sizeof before) == 0 &&
                         graph.weight_type == type_before,
                         "a failed round changed the graph's weights");
            continue;
        }
        fuzz_require(first == MST_OK, "a later round read a file that round 1 refused");
        fuzz_require(graph.m == EDGES && graph.weight_type <= MST_WEIGHT_FLOAT64 &&
                     (graph.raw != NULL) == mst_weight_is_wide(graph.weight_type),
                     "a round's weights have no valid type");
        uint32_t keys[EDGES];
        memcpy(keys, graph.key, sizeof keys);
        fuzz_require(mst_round_weights_apply(&src, round, &graph) == MST_OK &&
                     memcmp(keys, graph.key, sizeof keys) == 0,
                     "the same round read twice gave other keys");
    }
    return 0;
}
