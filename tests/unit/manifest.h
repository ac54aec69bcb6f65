/*
 * manifest.h: the real graphs bundled in graphs/, read from graphs/MANIFEST.tsv (a header line,
 * then one tab-separated row per file; graphs/README.md explains the columns). The unit tests
 * run from the repository root (tests/run.sh), so paths are relative to it. The files are part
 * of the repository: a test that cannot read one fails, it never skips.
 */
#ifndef MST_TEST_MANIFEST_H
#define MST_TEST_MANIFEST_H

#include <stddef.h>
#include <stdint.h>

#include "core.h"

#define MANIFEST_PATH "graphs/MANIFEST.tsv"
#define MANIFEST_MAX_ROWS 64

/* The columns of one row that the unit tests check (source and licence are for people). */
typedef struct manifest_row {
    char path[192];      /* "graphs/road/rome99.gr.gz": the manifest's path under graphs/ */
    char format[16];     /* the loader's format name: edgelist, dimacs, mtx, metis, egr */
    char weights[16];    /* "no", "integer" or "real": what the file carries */
    uint32_t n;
    uint64_t entries;    /* the file's own count: edge lines, arcs, nonzeros, METIS/.egr edges */
    uint64_t self_loops, components, msf_edges;
} manifest_row;

/*
 * Reads MANIFEST_PATH into rows[0..cap-1] and sets *count. Errors: MST_EINPUT when the file
 * cannot be opened, its header is not the expected one, a row is malformed or there are more
 * than cap rows (message "graphs/MANIFEST.tsv:LINE: ..."). O(size of the file).
 */
mst_status manifest_read(manifest_row *rows, size_t cap, size_t *count);

#endif
