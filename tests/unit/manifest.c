/* manifest.c: graphs/MANIFEST.tsv for the unit tests (manifest.h). */
#include "manifest.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The leading columns, in order; a manifest that reorders them must fail, not be misread. */
static const char HEADER[] =
    "path\tformat\tn\tentries\tself_loops\tweights\tcomponents\tmsf_edges\tmsf_weight\t";

enum { COL_PATH, COL_FORMAT, COL_N, COL_ENTRIES, COL_LOOPS, COL_WEIGHTS, COL_COMPONENTS,
       COL_MSF_EDGES, NCOLS };

/* A decimal count that fills the whole field. */
static int parse_count(const char *s, uint64_t *out)
{
    char *end;
    errno = 0;
    unsigned long long v = strtoull(s, &end, 10);
    if (errno != 0 || end == s || *end != '\0' || *s == '-')
        return 0;
    *out = v;
    return 1;
}

/* Splits `line` in place at tabs into the first NCOLS fields and fills *row. */
static mst_status parse_row(char *line, long lineno, manifest_row *row)
{
    char *field[NCOLS];
    uint64_t n, count[3], entries;
    char *p = line;
    for (int i = 0; i < NCOLS; i++) {
        char *tab = strchr(p, '\t');
        if (tab == NULL)
            return mst_fail(MST_EINPUT, "%s:%ld: only %d of the 11 columns", MANIFEST_PATH,
                            lineno, i + 1);
        *tab = '\0';
        field[i] = p;
        p = tab + 1;
    }
    if (!parse_count(field[COL_N], &n) || n > UINT32_MAX ||
        !parse_count(field[COL_ENTRIES], &entries) ||
        !parse_count(field[COL_LOOPS], &count[0]) ||
        !parse_count(field[COL_COMPONENTS], &count[1]) ||
        !parse_count(field[COL_MSF_EDGES], &count[2]))
        return mst_fail(MST_EINPUT, "%s:%ld: a count is not a number", MANIFEST_PATH, lineno);
    int len = snprintf(row->path, sizeof row->path, "graphs/%s", field[COL_PATH]);
    if (len < 0 || (size_t)len >= sizeof row->path ||
        strlen(field[COL_FORMAT]) >= sizeof row->format ||
        strlen(field[COL_WEIGHTS]) >= sizeof row->weights)
        return mst_fail(MST_EINPUT, "%s:%ld: a name is too long", MANIFEST_PATH, lineno);
    strcpy(row->format, field[COL_FORMAT]);
    strcpy(row->weights, field[COL_WEIGHTS]);
    row->n = (uint32_t)n;
    row->entries = entries;
    row->self_loops = count[0];
    row->components = count[1];
    row->msf_edges = count[2];
    return MST_OK;
}

mst_status manifest_read(manifest_row *rows, size_t cap, size_t *count)
{
    mst_status st = MST_OK;
    char line[1024];
    long lineno = 0;
    *count = 0;
    FILE *f = fopen(MANIFEST_PATH, "r");
    if (f == NULL)
        return mst_fail(MST_EINPUT, "%s: %s", MANIFEST_PATH, strerror(errno));
    while (fgets(line, sizeof line, f) != NULL) {
        lineno++;
        if (strchr(line, '\n') == NULL && !feof(f))
            MST_FAIL(MST_EINPUT, "%s:%ld: line too long", MANIFEST_PATH, lineno);
        line[strcspn(line, "\r\n")] = '\0';
        if (lineno == 1) {
            if (strncmp(line, HEADER, sizeof HEADER - 1) != 0)
                MST_FAIL(MST_EINPUT, "%s:1: the header is not '%s...'", MANIFEST_PATH, HEADER);
            continue;
        }
        if (*count == cap)
            MST_FAIL(MST_EINPUT, "%s:%ld: more than %zu rows", MANIFEST_PATH, lineno, cap);
        MST_CHECK(parse_row(line, lineno, &rows[*count]));
        (*count)++;
    }
    if (lineno == 0)
        MST_FAIL(MST_EINPUT, "%s: empty", MANIFEST_PATH);
fail:
    fclose(f);
    return st;
}
