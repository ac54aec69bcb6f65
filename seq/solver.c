/*
 * solver.c: mst-seq, the sequential baseline every speedup is measured against.
 * --algo kruskal (default) or filter-kruskal; see seq.h for the algorithms and sources.
 */
#include <string.h>

#include "seq.h"
#include "solver.h"

static const char *const algos[] = {"kruskal", "filter-kruskal", NULL};

const mst_solver_info mst_solver = {
    "mst-seq",
    "sequential minimum spanning forest (Kruskal with radix sort; Filter-Kruskal)",
    algos,
    "",
};

mst_status mst_solver_init(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    return MST_OK;
}

mst_status mst_solver_option(const char *name, const char *value, int *used_value)
{
    (void)value;
    *used_value = 0;
    return mst_fail(MST_EUSAGE, "unknown option '%s'", name);
}

void mst_solver_context(const mst_options *o, mst_run_context *c)
{
    (void)o;
    c->threads = 1;
    c->ranks = 1;
    c->device[0] = '\0';
}

mst_status mst_solve(const mst_graph *g, const mst_options *o, mst_forest *out, mst_phases *ph)
{
    if (strcmp(o->algo, "filter-kruskal") == 0)
        return mst_filter_kruskal(g, out, ph);
    return mst_kruskal(g, out, ph);
}

void mst_solver_finalize(void)
{
}
