/*
 * writer.c: mst_graph_write, the format dispatch of the graph writers (see writer.h). The
 * format comes from the caller or from the path's extension, exactly as the loader picks it
 * (mst_format_from_path: after a ".gz", every dot of the name tried); each format's writer lives
 * in its own file (common/io/write_*.c, and mst_msb_write in msb.c).
 * Edge order: edge list, Matrix Market, DIMACS and .msb keep it (edge ids survive a round trip);
 * METIS and .egr are adjacency formats and renumber the edges row by row.
 */
#include "writer.h"

#include <string.h>

#include "loader.h"
#include "msb.h"
#include "write_formats.h"

typedef mst_status (*write_fn)(const char *, const mst_graph *, int);

static const struct writer {
    const char *name; /* as mst_format_names() */
    write_fn write;
} writers[] = {
    {"edgelist", mst_write_edgelist}, {"dimacs", mst_write_dimacs}, {"mtx", mst_write_mtx},
    {"metis", mst_write_metis},       {"egr", mst_write_egr},       {"msb", mst_msb_write},
};
#define WRITER_COUNT (sizeof writers / sizeof writers[0])

mst_status mst_graph_write(const char *path, const char *format, const mst_graph *g,
                           int with_weights)
{
    if (format == NULL) {
        format = mst_format_from_path(path);
        if (format == NULL)
            return mst_fail(MST_EUSAGE, "%s: cannot tell the output format from the file "
                            "extension (formats: %s)", path, mst_format_names());
    }
    for (size_t i = 0; i < WRITER_COUNT; i++)
        if (strcmp(format, writers[i].name) == 0)
            return writers[i].write(path, g, with_weights != 0);
    return mst_fail(MST_EUSAGE, "unknown output format '%s' (formats: %s)", format,
                    mst_format_names());
}
