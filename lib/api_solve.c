/*
 * api_solve.c: msf_solve and msf_solve_max, which run a solver's variant through its descriptor
 * (solver.h) as the harness does, with the solver's own options parsed by its option table
 * (solver.h); the prepared graphs, which run a variant's prepared path as the harness's
 * --rounds does; and the result object.
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"
#include "solver.h"
#include "core.h"

/* The solvers' descriptors (seq/solver.c, openmp/solver.c, cuda/solver.cu). mst-cuda's is
 * linked in only where the library was built with nvcc (Makefile): a weak reference, whose
 * address is NULL otherwise. */
extern const mst_solver_desc mst_solver_seq, mst_solver_openmp;
extern const mst_solver_desc mst_solver_cuda __attribute__((weak, visibility("hidden")));

/* The solvers of the library: the single-process ones, without distributed hooks (their init,
 * for the executables only, is never called). */
static const struct {
    const char *name;
    const mst_solver_desc *desc; /* NULL: not built */
} solvers[] = {
    {"seq", &mst_solver_seq},
    {"omp", &mst_solver_openmp},
    {"cuda", &mst_solver_cuda},
};
#define NSOLVERS (sizeof solvers / sizeof solvers[0])

/* Room for the options a caller may pass, plus the program name and --threads N. */
#define MAX_OPTIONS 256

/* The built solver called `name`, or NULL. */
static const mst_solver_desc *find_solver(const char *name)
{
    for (size_t i = 0; i < NSOLVERS; i++)
        if (strcmp(name, solvers[i].name) == 0)
            return solvers[i].desc;
    return NULL;
}

const char *msf_solver_name(unsigned i)
{
    for (size_t k = 0; k < NSOLVERS; k++)
        if (solvers[k].desc != NULL && i-- == 0)
            return solvers[k].name;
    return NULL;
}

const char *msf_variant_name(const char *solver, unsigned i)
{
    const mst_solver_desc *s = solver != NULL ? find_solver(solver) : NULL;
    if (s == NULL)
        return NULL;
    for (unsigned k = 0; s->variants[k].name != NULL; k++)
        if (k == i)
            return s->variants[k].name;
    return NULL;
}

static int has_option(const mst_solver_desc *s, const char *name)
{
    for (const mst_option *o = s->options; o != NULL && o->name != NULL; o++)
        if (strcmp(o->name, name) == 0)
            return 1;
    return 0;
}

/* Fills `own` (the solver's options_size bytes) from `threads` (as --threads N) and the
 * caller's options, through the same parser as the executable's command line (defaults
 * first), then lets the solver settle them (configure). */
static mst_status parse_options(const char *solver, const mst_solver_desc *s, int threads,
                                const char *const *options, void *own)
{
    const char *argv[MAX_OPTIONS + 3];
    char tbuf[16];
    int argc = 0;
    argv[argc++] = s->program;
    if (threads > 1 && !has_option(s, "--threads"))
        return mst_fail(MST_EUSAGE, "solver %s %s: threads must be 0 or 1", solver,
                        strcmp(s->parallelism, "gpu") == 0 ? "runs on the GPU" : "is sequential");
    if (threads > 0 && has_option(s, "--threads")) {
        snprintf(tbuf, sizeof tbuf, "%d", threads);
        argv[argc++] = "--threads";
        argv[argc++] = tbuf;
    }
    for (int k = 0; options != NULL && options[k] != NULL; k++) {
        if (k == MAX_OPTIONS)
            return mst_fail(MST_EUSAGE, "more than %d options", MAX_OPTIONS);
        argv[argc++] = options[k];
    }
    mst_cli cli;
    memset(&cli, 0, sizeof cli);
    cli.program = s->program;
    cli.kind = "solver";
    cli.usage = "[options]";
    if (s->options != NULL)
        mst_cli_add_group(&cli, "options", s->options, own);
    const char *args[1];
    int nargs = 0;
    mst_cli_action action;
    mst_status st = mst_cli_parse(&cli, argc, (char **)argv, args, &nargs, &action);
    if (st == MST_OK && action != MST_CLI_RUN)
        st = mst_fail(MST_EUSAGE, "--help and --describe are options of the executables "
                      "(%s --help lists the options)", s->program);
    if (st == MST_OK && s->configure != NULL)
        st = s->configure(own);
    return st;
}

/* A call's solver: the variant `variant` (NULL: the first) of `solver` for a's graph (NULL: a
 * matrix's, not made yet, whose size the solve checks), and its own options, parsed into *own
 * (allocated; the caller frees it, also on failure). Errors: MST_EUSAGE (an unknown solver or
 * variant, a bad option or thread count), MST_ERESOURCE (cuda in a library built without it,
 * the variant's edge limit, memory). */
static mst_status find_variant(const msf_graph *a, const char *solver, const char *variant,
                               int threads, const char *const *options, const mst_variant **var,
                               void **own)
{
    *own = NULL;
    if (threads < 0)
        return mst_fail(MST_EUSAGE, "threads must be 0 (the default) or more, not %d", threads);
    const mst_solver_desc *s = find_solver(solver);
    if (s == NULL && strcmp(solver, "cuda") == 0)
        return mst_fail(MST_ERESOURCE, "no GPU (this libmst was built without CUDA: no nvcc "
                        "where it was built)");
    if (s == NULL)
        return mst_fail(MST_EUSAGE, "unknown solver '%s' (solvers: seq, omp)%s", solver,
                        &mst_solver_cuda != NULL ? ", or cuda on a GPU" : "");

    /* The variant called `variant` (NULL: the first), or MST_EUSAGE listing them. */
    char list[256] = "";
    size_t len = 0;
    *var = NULL;
    for (const mst_variant *v = s->variants; v->name != NULL && *var == NULL; v++) {
        if (variant == NULL || strcmp(variant, v->name) == 0)
            *var = v;
        else if (len < sizeof list)
            len += (size_t)snprintf(list + len, sizeof list - len, "%s%s",
                                    v == s->variants ? "" : ", ", v->name);
    }
    if (*var == NULL)
        return mst_fail(MST_EUSAGE, "solver %s has no variant '%s' (variants: %s)", solver,
                        variant, list);
    uint64_t limit = s->max_edges != NULL ? s->max_edges((*var)->name) : 0;
    if (limit != 0 && a != NULL && a->g.m > limit)
        return mst_fail(MST_ERESOURCE, "the graph has %" PRIu64 " edges; %s's %s takes at most "
                        "%" PRIu64, a->g.m, solver, (*var)->name, limit);

    /* The options go into this call's own struct: nothing is shared with other calls, so
     * solves run concurrently, and the caller's OpenMP settings stay as they were (the solvers
     * name their teams). */
    if ((*own = calloc(1, s->options_size > 0 ? s->options_size : 1)) == NULL)
        return mst_fail(MST_ERESOURCE, "out of memory");
    return parse_options(solver, s, threads, options, *own);
}

static void flip_keys(uint32_t *key, const uint32_t *from, uint64_t m)
{
#pragma omp parallel for schedule(static) num_threads(par_team_for(0, m))
    for (uint64_t e = 0; e < m; e++)
        key[e] = UINT32_MAX - from[e];
}

/* Runs var on g (a's graph, or a view of it with flipped keys) through its prepared state, or
 * solve() where state is NULL, then flips `unflip` back (a prepared graph's keys, flipped in
 * place for a maximum forest; NULL: none), and makes the result *out of a: sorted ids both
 * ways, the total of a's weights. Errors: the solver's, MST_ERESOURCE. */
static mst_status run(const msf_graph *a, const mst_graph *g, const mst_variant *var,
                      void *state, const mst_options *o, uint32_t *unflip, msf_result **out)
{
    mst_status st = MST_OK;
    msf_result *r = calloc(1, sizeof *r);
    uint64_t *tmp = NULL; /* the sort's scratch */
    mst_forest f = {NULL, 0, (a->g.m < a->g.n ? a->g.m : a->g.n) + 1};
    mst_phases ph;
    memset(&ph, 0, sizeof ph);
    ph.kernel_s = -1;
    if (r == NULL || (f.eid = mst_alloc(f.capacity, sizeof *f.eid)) == NULL)
        st = mst_fail(MST_ERESOURCE, "out of memory allocating a forest");
    double t0 = mst_now_s();
    if (st == MST_OK)
        st = state != NULL ? var->solve_prepared(state, g, o, &f, &ph)
                           : var->solve(g, o, &f, &ph);
    if (unflip != NULL)
        flip_keys(unflip, unflip, a->g.m);
    if (st != MST_OK)
        goto fail;
    r->seconds = mst_now_s() - t0;
    r->maximum = o->maximum;

    /* Fills r from the solver's forest (which r takes over). */
    r->graph = a;
    r->n = a->g.n;
    r->count = f.count;
    r->components = a->g.n - f.count;
    r->canonical = f.eid;
    f.eid = NULL;
    /* The ids in increasing order, by the radix sort on the call's team, on the bits an id
     * below m has. */
    MST_ALLOC(tmp, r->count + 1);
    mst_radix_sort_pairs(r->canonical, NULL, tmp, NULL, r->count, 0,
                         64 - __builtin_clzll(a->g.m | 1), par_team_for(0, r->count));
    /* The input positions on the call's team (the same array where no self-loop was
     * dropped), and the exact total. */
    r->edges = r->canonical;
    if (a->input_id != NULL) {
        MST_ALLOC(r->edges, r->count);
#pragma omp parallel for schedule(static) num_threads(par_team_for(0, r->count))
        for (uint64_t i = 0; i < r->count; i++)
            r->edges[i] = a->input_id[r->canonical[i]];
    }
    r->total = mst_weight_total(&a->g, r->canonical, r->count);
    if (a->entry != NULL) { /* a matrix's graph: the chosen entries, for msf_result_csr */
        MST_ALLOC(r->position, r->count);
        MST_ALLOC(r->row, r->count);
#pragma omp parallel for schedule(static) num_threads(par_team_for(0, r->count))
        for (uint64_t i = 0; i < r->count; i++) {
            r->position[i] = a->entry[r->canonical[i]];
            r->row[i] = a->g.u[r->canonical[i]];
        }
        r->itype = a->itype;
        r->dtype = a->dtype;
    }
    mst_format_total(r->total, r->total_text, sizeof r->total_text);
    free(tmp);
    *out = r;
    return MST_OK;
fail:
    free(f.eid);
    free(tmp);
    msf_result_free(r);
    return st;
}

/* msf_solve and msf_solve_max: the maximum forest is the minimum one of the reversed keys
 * (key' = 2^32 - 1 - key, as the harness's --maximum), on a view of the graph with its own
 * keys, since the graph is shared by concurrent solves. */
static msf_status solve(const msf_graph *a, const char *solver, const char *variant, int threads,
                        const char *const *options, int maximum, msf_result **out)
{
    mst_clear_error();
    if (out == NULL || a == NULL || solver == NULL)
        return (msf_status)mst_fail(MST_EUSAGE, "msf_solve: %s is NULL",
                                    out == NULL ? "out" : a == NULL ? "the graph" : "solver");
    *out = NULL;
    const mst_variant *var = NULL;
    void *own = NULL;
    mst_graph view = a->g;
    view.key = NULL;
    mst_status st = find_variant(a, solver, variant, threads, options, &var, &own);
    mst_options o = {.algo = var != NULL ? var->name : NULL, .phases = 0, .maximum = maximum,
                     .own = own};
    if (st == MST_OK && maximum && (view.key = mst_alloc(a->g.m, sizeof *view.key)) == NULL)
        st = MST_ERESOURCE;
    if (st == MST_OK && maximum)
        flip_keys(view.key, a->g.key, a->g.m);
    if (st == MST_OK)
        st = run(a, maximum ? &view : &a->g, var, NULL, &o, NULL, out);
    free(own);
    free(view.key);
    return (msf_status)st;
}

msf_status msf_solve(const msf_graph *a, const char *solver, const char *variant, int threads,
                     const char *const *options, msf_result **out)
{
    return solve(a, solver, variant, threads, options, 0, out);
}

msf_status msf_solve_max(const msf_graph *a, const char *solver, const char *variant,
                         int threads, const char *const *options, msf_result **out)
{
    return solve(a, solver, variant, threads, options, 1, out);
}

msf_status msf_solve_csr(uint32_t n, msf_index_type itype, const void *indptr,
                         const void *indices, msf_weight_type type, const void *data, int maximum,
                         const char *solver, const char *variant, int threads,
                         const char *const *options, msf_result **out)
{
    mst_status st = MST_OK;
    const mst_variant *var = NULL;
    void *own = NULL;
    msf_graph *a = NULL;
    msf_result *r = NULL;
    mst_matrix_forest f = {NULL, NULL, NULL, NULL, 0, (uint64_t)n + 1};
    uint64_t nnz = 0;
    int read = 0;
    mst_clear_error();
    if (out == NULL || solver == NULL)
        return (msf_status)mst_fail(MST_EUSAGE, "msf_solve_csr: %s is NULL",
                                    out == NULL ? "out" : "solver");
    *out = NULL;
    MST_CHECK(find_variant(NULL, solver, variant, threads, options, &var, &own));

    /* The variant's own reading, where it has one and the arrays are there to be read; else
     * (or where it leaves this matrix to the host) the graph of msf_graph_from_csr, which
     * reports whatever is wrong with them. */
    double t0 = mst_now_s();
    if (var->solve_matrix != NULL && indptr != NULL && (unsigned)itype <= MSF_INDEX_INT64 &&
        (unsigned)type <= MSF_WEIGHT_FLOAT64 &&
        lib_csr_check_indptr(n, itype, indptr, threads, &nnz) == MST_OK &&
        (nnz == 0 || (indices != NULL && data != NULL))) {
        mst_matrix mx = {n, nnz, itype == MSF_INDEX_INT64, indptr, indices, data,
                         (mst_weight_type)type, maximum != 0};
        mst_options o = {.algo = var->name, .phases = 0, .maximum = maximum != 0, .own = own};
        MST_ALLOC(f.eid, f.capacity);
        MST_ALLOC(f.position, f.capacity);
        MST_ALLOC(f.row, f.capacity);
        MST_ALLOC(f.key, f.capacity);
        MST_CHECK(var->solve_matrix(&mx, &o, &f, &read, NULL));
    }
    if (!read) {
        mst_clear_error();
        if ((st = (mst_status)msf_graph_from_csr(n, itype, indptr, indices, type, data, maximum,
                                                 threads, &a)) == MST_OK &&
            (st = (mst_status)solve(a, solver, variant, threads, options, maximum, out)) == MST_OK)
            (*out)->graph = NULL;
        goto fail;
    }

    /* The result: the variant's arrays (ids increasing, the entries in their order); the total
     * of the weights' keys, as the graph of msf_graph_from_csr holds them (64-bit weights
     * narrowed). */
    uint64_t k = f.count;
    MST_CALLOC(r, 1);
    r->n = n;
    r->count = k;
    r->components = n - k;
    r->maximum = maximum != 0;
    r->itype = itype;
    r->dtype = type;
    r->seconds = mst_now_s() - t0;
    r->canonical = r->edges = f.eid; /* no self-loops: the ids are the input's */
    r->position = f.position;
    r->row = f.row;
    f.eid = f.position = NULL;
    f.row = NULL;
    mst_graph view;
    memset(&view, 0, sizeof view);
    view.n = n;
    view.m = k;
    view.key = f.key;
    view.weight_type = type == MSF_WEIGHT_INT64    ? MST_WEIGHT_INT32
                       : type == MSF_WEIGHT_UINT64 ? MST_WEIGHT_UINT32
                       : type == MSF_WEIGHT_FLOAT64 ? MST_WEIGHT_FLOAT32
                                                    : (mst_weight_type)type;
    r->total = mst_weight_total(&view, NULL, k);
    mst_format_total(r->total, r->total_text, sizeof r->total_text);
    *out = r;
    r = NULL;
fail:
    free(own);
    msf_graph_free(a);
    msf_result_free(r);
    free(f.eid);
    free(f.position);
    free(f.row);
    free(f.key);
    return (msf_status)st;
}

/* A prepared graph: a copy of the graph whose weights each solve replaces, and the variant's
 * prepared state on its topology (NULL: the variant has no prepared path). */
struct msf_prepared {
    msf_graph graph;
    const mst_variant *var;
    void *own;   /* the solver's options, parsed once */
    void *state;
};

msf_status msf_prepare(const msf_graph *a, const char *solver, const char *variant, int threads,
                       const char *const *options, msf_prepared **out)
{
    mst_status st = MST_OK;
    mst_clear_error();
    if (out == NULL || a == NULL || solver == NULL)
        return (msf_status)mst_fail(MST_EUSAGE, "msf_prepare: %s is NULL",
                                    out == NULL ? "out" : a == NULL ? "the graph" : "solver");
    *out = NULL;
    msf_prepared *p = calloc(1, sizeof *p);
    if (p == NULL)
        return (msf_status)mst_fail(MST_ERESOURCE, "out of memory");
    MST_CHECK(find_variant(a, solver, variant, threads, options, &p->var, &p->own));

    /* The copy: a's header, arrays of its own (the keys rewritten in place by every solve). */
    mst_graph *g = &p->graph.g;
    uint64_t m = a->g.m;
    *g = a->g;
    g->name = NULL;
    g->u = g->v = g->key = NULL;
    g->raw = NULL;
    p->graph.m_input = a->m_input;
    MST_ALLOC(g->u, m);
    MST_ALLOC(g->v, m);
    MST_ALLOC(g->key, m);
    if (a->g.raw != NULL)
        MST_ALLOC(g->raw, m);
    if (a->input_id != NULL)
        MST_ALLOC(p->graph.input_id, m);
    if (a->entry != NULL) {
        MST_ALLOC(p->graph.entry, m);
        memcpy(p->graph.entry, a->entry, m * sizeof *a->entry);
        p->graph.itype = a->itype;
        p->graph.dtype = a->dtype;
    }
    if (a->loops != NULL) {
        MST_ALLOC(p->graph.loops, a->g.self_loops);
        memcpy(p->graph.loops, a->loops, a->g.self_loops * sizeof *a->loops);
    }
    if (m > 0) {
        memcpy(g->u, a->g.u, m * sizeof *g->u);
        memcpy(g->v, a->g.v, m * sizeof *g->v);
        memcpy(g->key, a->g.key, m * sizeof *g->key);
        if (g->raw != NULL)
            memcpy(g->raw, a->g.raw, m * sizeof *g->raw);
        if (p->graph.input_id != NULL)
            memcpy(p->graph.input_id, a->input_id, m * sizeof *p->graph.input_id);
    }
    mst_options o = {.algo = p->var->name, .phases = 0, .maximum = 0, .own = p->own};
    if (p->var->prepare != NULL)
        MST_CHECK(p->var->prepare(g, &o, &p->state, NULL));
    *out = p;
    return MSF_OK;
fail:
    msf_prepared_free(p);
    return (msf_status)st;
}

msf_status msf_prepared_solve(msf_prepared *p, msf_weight_type type, const void *w, int maximum,
                              msf_result **out)
{
    mst_clear_error();
    if (out == NULL || p == NULL)
        return (msf_status)mst_fail(MST_EUSAGE, "msf_prepared_solve: %s is NULL",
                                    out == NULL ? "out" : "the prepared graph");
    *out = NULL;
    mst_status st = w != NULL ? lib_graph_set_weights(&p->graph, type, w, 0) : MST_OK;
    mst_options o = {.algo = p->var->name, .phases = 0, .maximum = maximum != 0, .own = p->own};
    uint32_t *key = p->graph.g.key;
    if (st == MST_OK && maximum)
        flip_keys(key, key, p->graph.g.m);
    if (st == MST_OK)
        st = run(&p->graph, &p->graph.g, p->var, p->state, &o, maximum ? key : NULL, out);
    return (msf_status)st;
}

const msf_graph *msf_prepared_graph(const msf_prepared *p)
{
    return p != NULL ? &p->graph : NULL;
}

void msf_prepared_free(msf_prepared *p)
{
    if (p == NULL)
        return;
    if (p->state != NULL)
        p->var->release(p->state);
    free(p->own);
    mst_graph_free(&p->graph.g);
    free(p->graph.input_id);
    free(p->graph.loops);
    free(p->graph.entry);
    free(p);
}

void msf_result_free(msf_result *r)
{
    if (r == NULL)
        return;
    if (r->edges != r->canonical)
        free(r->edges);
    free(r->canonical);
    free(r->position);
    free(r->row);
    free(r);
}

uint64_t msf_result_size(const msf_result *r)
{
    return r != NULL ? r->count : 0;
}

const uint64_t *msf_result_edges(const msf_result *r)
{
    return r != NULL ? r->edges : NULL;
}

msf_total msf_result_total(const msf_result *r)
{
    msf_total t = {0, 0.0};
    if (r != NULL) {
        t.is_float = r->total.is_float;
        t.value = mst_weight_sum_double(&r->total);
    }
    return t;
}

const char *msf_result_total_text(const msf_result *r)
{
    return r != NULL ? r->total_text : "0";
}

msf_status msf_result_csr(const msf_graph *a, const msf_result *r, uint64_t *indptr,
                          uint64_t *position, const void *indices, const void *data,
                          void *columns, double *values)
{
    mst_clear_error();
    if (r == NULL || indptr == NULL || (position == NULL && r->count > 0))
        return (msf_status)mst_fail(MST_EUSAGE, "msf_result_csr: %s is NULL",
                                    r == NULL ? "r" : indptr == NULL ? "indptr" : "position");
    if (r->graph != a || (a != NULL && a->entry == NULL))
        return (msf_status)mst_fail(MST_EUSAGE, "msf_result_csr: %s",
                                    r->graph != a ? "the result was not computed from this graph"
                                                  : "the graph was not made by msf_graph_from_csr");
    if (r->count > 0 && ((columns != NULL && indices == NULL) || (values != NULL && data == NULL)))
        return (msf_status)mst_fail(MST_EUSAGE, "msf_result_csr: %s is NULL with %s",
                                    columns != NULL && indices == NULL ? "indices" : "data",
                                    columns != NULL && indices == NULL ? "columns" : "values");
    /* A counting sort by row (the chosen entry's), then each row's few entries sorted: their
     * positions in the matrix increase with their columns. */
    mst_status st = MST_OK;
    uint32_t n = r->n;
    uint64_t k = r->count, *cursor = NULL, *part = NULL;
    int team = par_team_for(0, (uint64_t)n + k);
    MST_ALLOC(cursor, n);
    MST_ALLOC(part, (uint64_t)team + 1);
#pragma omp parallel num_threads(team)
    {
        int t = omp_get_thread_num(), p = omp_get_num_threads();
        uint64_t lo, hi, count = 0, total;
#pragma omp for schedule(static)
        for (uint64_t x = 0; x <= n; x++)
            indptr[x] = 0;
#pragma omp for schedule(static)
        for (uint64_t i = 0; i < k; i++) {
#pragma omp atomic
            indptr[r->row[i] + 1]++;
        }
        par_team_slice(n, t, p, &lo, &hi);
        for (uint64_t x = lo; x < hi; x++)
            count += indptr[x + 1];
        count = par_team_offset(count, part, &total);
        for (uint64_t x = lo; x < hi; x++) {
            cursor[x] = count;
            count += indptr[x + 1];
            indptr[x + 1] = count;
        }
#pragma omp barrier
#pragma omp for schedule(static)
        for (uint64_t i = 0; i < k; i++) {
            uint64_t slot;
#pragma omp atomic capture
            slot = cursor[r->row[i]]++;
            position[slot] = r->position[i];
        }
#pragma omp for schedule(static)
        for (uint64_t x = 0; x < n; x++)
            for (uint64_t y = indptr[x] + 1; y < indptr[x + 1]; y++)
                for (uint64_t z = y; z > indptr[x] && position[z - 1] > position[z]; z--) {
                    uint64_t q = position[z];
                    position[z] = position[z - 1];
                    position[z - 1] = q;
                }
        /* The entries' columns and values, where asked for. */
#pragma omp for schedule(static)
        for (uint64_t i = 0; i < k; i++) {
            uint64_t q = position[i];
            if (columns != NULL && r->itype == MSF_INDEX_INT64)
                ((int64_t *)columns)[i] = ((const int64_t *)indices)[q];
            else if (columns != NULL)
                ((int32_t *)columns)[i] = ((const int32_t *)indices)[q];
            if (values != NULL)
                values[i] = r->dtype == MSF_WEIGHT_INT32    ? ((const int32_t *)data)[q]
                            : r->dtype == MSF_WEIGHT_UINT32 ? ((const uint32_t *)data)[q]
                            : r->dtype == MSF_WEIGHT_FLOAT32 ? ((const float *)data)[q]
                            : r->dtype == MSF_WEIGHT_INT64
                                ? (double)((const int64_t *)data)[q]
                            : r->dtype == MSF_WEIGHT_UINT64 ? (double)((const uint64_t *)data)[q]
                                                            : ((const double *)data)[q];
        }
    }
fail:
    free(cursor);
    free(part);
    return (msf_status)st;
}

uint64_t msf_result_components(const msf_result *r)
{
    return r != NULL ? r->components : 0;
}

double msf_result_seconds(const msf_result *r)
{
    return r != NULL ? r->seconds : 0.0;
}

msf_status msf_verify(const msf_graph *a, const msf_result *r)
{
    mst_clear_error();
    if (a == NULL || r == NULL || r->graph != a)
        return (msf_status)mst_fail(MST_EUSAGE, "msf_verify: %s", a == NULL || r == NULL
                                    ? "graph or result is NULL"
                                    : "the result was not computed from this graph");
    return (msf_status)mst_verify_forest(&a->g, r->canonical, r->count, NULL, r->maximum, 0);
}
