/*
 * capi.c: a program against the installed libmst (test_python.py compiles it with
 * `pkg-config --cflags --libs mst`). Usage: capi GRAPH N, GRAPH an edge list of 'u v w' lines
 * (0-based, integer weights, '#' comments) on N vertices. Every solver, variant and thread
 * count must give an edge set the verifier accepts and the same ids, and so must every
 * prepared graph over rounds of new weights, minimum and maximum; the error cases must fail
 * with their status and a message. The cuda solver, where the library has it, runs on GPU 0;
 * without a GPU (or in a library built without CUDA) every cuda call must fail with
 * MSF_ERESOURCE and one line "no GPU (...)", and "capi: cuda skipped: REASON" goes to stderr.
 * A generated matrix's graph (msf_graph_from_csr) must be the same from threads at once.
 * Prints the forest's ids, one a line, then "total T"; the test compares them with mst-seq
 * --output. Exit status 0 only if every check passed.
 */
#include <inttypes.h>
#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <mst.h>

static int failures;

#define CHECK(cond, ...)                                                                         \
    do {                                                                                         \
        if (!(cond)) {                                                                           \
            fprintf(stderr, "capi: check failed: " __VA_ARGS__);                                 \
            fprintf(stderr, " (%s)\n", msf_last_error());                                        \
            failures++;                                                                          \
        }                                                                                        \
    } while (0)

typedef struct edges {
    uint64_t m, cap;
    uint32_t *u, *v;
    int32_t *w;
} edges;

static int read_edges(const char *path, edges *e)
{
    FILE *f = fopen(path, "r");
    char line[256];
    if (f == NULL)
        return -1;
    while (fgets(line, sizeof line, f) != NULL) {
        unsigned long a, b;
        long w;
        if (line[0] == '#' || sscanf(line, "%lu %lu %ld", &a, &b, &w) != 3)
            continue;
        if (e->m == e->cap) {
            e->cap = e->cap ? 2 * e->cap : 1024;
            e->u = realloc(e->u, e->cap * sizeof *e->u);
            e->v = realloc(e->v, e->cap * sizeof *e->v);
            e->w = realloc(e->w, e->cap * sizeof *e->w);
            if (e->u == NULL || e->v == NULL || e->w == NULL)
                return -1;
        }
        e->u[e->m] = (uint32_t)a, e->v[e->m] = (uint32_t)b, e->w[e->m++] = (int32_t)w;
    }
    fclose(f);
    return 0;
}

static int same_forest(const msf_result *a, const msf_result *b)
{
    uint64_t k = msf_result_size(a);
    return k == msf_result_size(b) &&
           memcmp(msf_result_edges(a), msf_result_edges(b), k * sizeof(uint64_t)) == 0 &&
           strcmp(msf_result_total_text(a), msf_result_total_text(b)) == 0;
}

/* Why cuda cannot run here, or "" while it can: the message of the first cuda call that
 * failed for want of a GPU. */
static char no_gpu[512];

/* 1 (and the reason in no_gpu) if a cuda call's status st and message say there is no GPU. */
static int gpu_missing(msf_status st)
{
    if (st != MSF_ERESOURCE || strncmp(msf_last_error(), "no GPU (", 8) != 0 ||
        strchr(msf_last_error(), '\n') != NULL)
        return 0;
    if (!no_gpu[0])
        fprintf(stderr, "capi: cuda skipped: %s\n", msf_last_error());
    snprintf(no_gpu, sizeof no_gpu, "%s", msf_last_error());
    return 1;
}

/* Every solver and variant, with default, 1 and 2 threads where it takes threads, and the
 * omp options (cuda: one thread at most, and its options for GPU 0): verified and equal to
 * ref. */
static void check_all(const msf_graph *g, const msf_result *ref)
{
    static const char *const omp_options[] = {"--dsu", "lock", "--no-filter", NULL};
    static const char *const cuda_options[] = {"--device", "0", "--no-filter", NULL};
    for (unsigned s = 0; msf_solver_name(s) != NULL; s++) {
        const char *solver = msf_solver_name(s);
        int parallel = strcmp(solver, "seq") != 0, gpu = strcmp(solver, "cuda") == 0;
        for (unsigned k = 0; msf_variant_name(solver, k) != NULL && !(gpu && no_gpu[0]); k++) {
            const char *variant = msf_variant_name(solver, k);
            for (int t = 0; t <= (parallel ? 3 : 1); t++) {
                msf_result *r = NULL;
                if (gpu && t == 2)
                    continue;
                msf_status st = msf_solve(g, solver, variant, t < 3 ? t : gpu ? 0 : 2,
                                          t < 3 ? NULL : gpu ? cuda_options : omp_options, &r);
                if (gpu && gpu_missing(st))
                    break;
                CHECK(st == MSF_OK, "%s %s threads %d: status %d", solver, variant, t, st);
                if (st != MSF_OK)
                    continue;
                CHECK(msf_verify(g, r) == MSF_OK, "%s %s: not verified", solver, variant);
                CHECK(same_forest(r, ref), "%s %s threads %d: another forest", solver, variant,
                      t);
                msf_result_free(r);
            }
        }
    }
}

/* Threads solving one graph at once (the API's thread-safety, with no lock in the library):
 * each with its own solver, variant, team and options, four solves each. */
typedef struct job {
    const msf_graph *g;
    const msf_result *ref;
    const char *solver, *variant;
    int threads;
    const char *const *options;
    int ok;
} job;

static void *solve_job(void *arg)
{
    job *j = arg;
    for (int i = 0; i < 4; i++) {
        msf_result *r = NULL;
        j->ok = msf_solve(j->g, j->solver, j->variant, j->threads, j->options, &r) == MSF_OK &&
                same_forest(r, j->ref);
        msf_result_free(r);
        if (!j->ok)
            break;
    }
    return NULL;
}

static void check_threads(const msf_graph *g, const msf_result *ref)
{
    static const char *const lock[] = {"--dsu", "lock", "--schedule", "static", NULL};
    static const char *const merge[] = {"--merge-parallel", NULL};
    static const char *const filter[] = {"--filter", "--filter-factor", "0.5", NULL};
    job jobs[] = {
        {g, ref, "seq", "kruskal", 0, NULL, 0},   {g, ref, "omp", "boruvka", 2, lock, 0},
        {g, ref, "seq", "prim", 1, NULL, 0},      {g, ref, "omp", "contract", 3, merge, 0},
        {g, ref, "seq", "boruvka", 0, NULL, 0},   {g, ref, "omp", "boruvka", 4, filter, 0},
        {g, ref, "seq", "filter-kruskal", 0, NULL, 0}, {g, ref, "omp", "contract", 1, NULL, 0},
    };
    enum { JOBS = sizeof jobs / sizeof jobs[0] };
    pthread_t t[JOBS];
    for (int i = 0; i < JOBS; i++)
        CHECK(pthread_create(&t[i], NULL, solve_job, &jobs[i]) == 0, "pthread_create");
    for (int i = 0; i < JOBS; i++) {
        pthread_join(t[i], NULL);
        CHECK(jobs[i].ok, "thread %d (%s %s, %d threads): another forest or a failure", i,
              jobs[i].solver, jobs[i].variant, jobs[i].threads);
    }
}

/* One call that must fail with `want` and a message containing `text`. */
static void expect_error(msf_status got, msf_status want, const char *text, const char *what)
{
    CHECK(got == want && strstr(msf_last_error(), text) != NULL,
          "%s: status %d (want %d), message should contain '%s'", what, got, want, text);
}

static void check_errors(void)
{
    uint32_t u[] = {0, 1, 2}, v[] = {1, 2, 9};
    int32_t w[] = {1, 2, 3};
    double nan_w[] = {1, NAN, 3};
    msf_graph *g = NULL;
    msf_result *r = NULL;
    expect_error(msf_graph_create(5, 3, u, v, MSF_WEIGHT_INT32, w, &g), MSF_EINPUT,
                 "edge 2: vertex 9 is not below n = 5", "vertex out of range");
    CHECK(g == NULL, "a failed create returned a graph");
    v[2] = 0;
    expect_error(msf_graph_create(5, 3, u, v, MSF_WEIGHT_FLOAT64, nan_w, &g), MSF_EINPUT,
                 "NaN", "NaN weight");
    expect_error(msf_graph_create(5, 3, u, v, MSF_WEIGHT_INT32, w, NULL), MSF_EUSAGE, "NULL",
                 "NULL out");
    CHECK(msf_graph_create(5, 3, u, v, MSF_WEIGHT_INT32, w, &g) == MSF_OK, "create");
    expect_error(msf_solve(g, "gpu", NULL, 0, NULL, &r), MSF_EUSAGE, "unknown solver 'gpu'",
                 "unknown solver");
    expect_error(msf_solve(g, "seq", "dijkstra", 0, NULL, &r), MSF_EUSAGE, "dijkstra",
                 "unknown variant");
    expect_error(msf_solve(g, "seq", NULL, 2, NULL, &r), MSF_EUSAGE, "sequential",
                 "threads for seq");
    static const char *const bad[] = {"--dsu", "magic", NULL};
    expect_error(msf_solve(g, "omp", NULL, 0, bad, &r), MSF_EUSAGE, "--dsu", "bad option");
    CHECK(r == NULL, "a failed solve returned a result");
    msf_graph_free(g);
}

/* Rounds on a prepared graph of every solver and variant: g's own weights first (w NULL), then
 * int32 weights with many ties (negative ones too) and int64 weights beyond 32 bits, each round
 * minimum and maximum; every forest is seq's on a graph of the same edges with those weights,
 * and the verifier certifies it against msf_prepared_graph. */
static void check_prepared(const msf_graph *g, const edges *e, uint32_t n)
{
    int32_t *w32 = malloc((e->m + 1) * sizeof *w32);
    int64_t *w64 = malloc((e->m + 1) * sizeof *w64);
    for (unsigned s = 0; w32 != NULL && w64 != NULL && msf_solver_name(s) != NULL; s++) {
        const char *solver = msf_solver_name(s);
        int gpu = strcmp(solver, "cuda") == 0;
        for (unsigned k = 0; msf_variant_name(solver, k) != NULL && !(gpu && no_gpu[0]); k++) {
            const char *variant = msf_variant_name(solver, k);
            msf_prepared *p = NULL;
            msf_status st = msf_prepare(g, solver, variant, 0, NULL, &p);
            if (gpu && gpu_missing(st))
                break;
            CHECK(st == MSF_OK, "prepare %s %s: status %d", solver, variant, st);
            for (int round = 0; st == MSF_OK && round < 4; round++) {
                msf_weight_type type = round == 3 ? MSF_WEIGHT_INT64 : MSF_WEIGHT_INT32;
                const void *w = round == 0 ? NULL : round == 3 ? (const void *)w64 : w32;
                for (uint64_t i = 0; i < e->m; i++) {
                    w32[i] = (int32_t)((e->w[i] * (2 * round + 1) + (int64_t)i) % 7) - 3;
                    w64[i] = (int64_t)e->w[i] * 5000000000LL - (int64_t)(i % 3);
                }
                for (int max = 0; max < 2; max++) {
                    msf_graph *h = NULL;
                    msf_result *r = NULL, *want = NULL;
                    msf_status got = msf_prepared_solve(p, type, w, max, &r);
                    CHECK(got == MSF_OK, "%s %s, round %d (max %d): status %d", solver, variant,
                          round, max, got);
                    if (msf_graph_create(n, e->m, e->u, e->v, round ? type : MSF_WEIGHT_INT32,
                                         round ? w : e->w, &h) == MSF_OK)
                        (max ? msf_solve_max : msf_solve)(h, "seq", NULL, 0, NULL, &want);
                    CHECK(got != MSF_OK || (want != NULL && same_forest(r, want)),
                          "%s %s, round %d (max %d): another forest", solver, variant, round,
                          max);
                    CHECK(got != MSF_OK || msf_verify(msf_prepared_graph(p), r) == MSF_OK,
                          "%s %s, round %d (max %d): not verified", solver, variant, round, max);
                    msf_result_free(r);
                    msf_result_free(want);
                    msf_graph_free(h);
                }
            }
            msf_prepared_free(p);
        }
    }
    CHECK(w32 != NULL && w64 != NULL, "out of memory");
    free(w32);
    free(w64);
}

/* The cuda solver's GPU selection and error path. With a GPU: GPU 0 gives ref's forest, a
 * device past the last is refused (MSF_ERESOURCE, "no GPU 1024 (N present)"). Without one, or
 * in a library built without CUDA: msf_solve and msf_prepare fail with MSF_ERESOURCE, one line
 * "no GPU (...)", and no object. Where the library has cuda, threads > 1 are refused. */
static void check_gpu(const msf_graph *g, const msf_result *ref)
{
    static const char *const far[] = {"--device", "1024", NULL};
    msf_result *r = NULL;
    msf_prepared *p = NULL;
    msf_status st = msf_solve(g, "cuda", NULL, 0, NULL, &r);
    if (st == MSF_OK) {
        CHECK(same_forest(r, ref), "cuda on GPU 0: another forest");
        msf_result_free(r);
        r = NULL;
        expect_error(msf_solve(g, "cuda", NULL, 0, far, &r), MSF_ERESOURCE, "no GPU 1024 (",
                     "a GPU past the last");
    } else {
        CHECK(gpu_missing(st), "cuda without a GPU: status %d", st);
        expect_error(msf_prepare(g, "cuda", NULL, 0, NULL, &p), MSF_ERESOURCE, "no GPU (",
                     "prepare without a GPU");
        CHECK(p == NULL, "a failed prepare returned a prepared graph");
    }
    CHECK(r == NULL, "a failed cuda solve returned a result");
    if (msf_variant_name("cuda", 0) != NULL)
        expect_error(msf_solve(g, "cuda", NULL, 2, NULL, &r), MSF_EUSAGE,
                     "solver cuda runs on the GPU: threads must be 0 or 1", "threads for cuda");
}

/* A matrix for msf_graph_from_csr: row i holds columns i +- 1, 2, 5, 11 (mod n), sorted, but,
 * where `lone`, for the upper entries (i, j) with i * j divisible by 7 (their pairs are lower
 * entries only), valued (31 i + 17 j) mod 97, so that the two triangles differ and values tie. */
typedef struct matrix {
    uint32_t n;
    int64_t *indptr, *indices;
    int32_t *indptr32, *indices32;
    double *data;
} matrix;

static int make_matrix(matrix *a, uint32_t n, int lone)
{
    static const uint32_t steps[] = {1, 2, 5, 11};
    a->n = n;
    a->indptr = calloc(n + 1, sizeof *a->indptr);
    a->indptr32 = calloc(n + 1, sizeof *a->indptr32);
    a->indices = malloc(8 * (size_t)n * sizeof *a->indices);
    a->indices32 = malloc(8 * (size_t)n * sizeof *a->indices32);
    a->data = malloc(8 * (size_t)n * sizeof *a->data);
    if (!a->indptr || !a->indptr32 || !a->indices || !a->indices32 || !a->data)
        return -1;
    int64_t k = 0;
    for (uint32_t i = 0; i < n; i++) {
        int64_t from = k;
        for (int s = 0; s < 8; s++) {
            int64_t j = ((int64_t)i + (s < 4 ? steps[s] : n - steps[s - 4])) % n, at = k;
            if (lone && j > i && (uint64_t)i * (uint64_t)j % 7 == 0)
                continue;
            while (at > from && a->indices[at - 1] > j) { /* insertion: columns increase */
                a->indices[at] = a->indices[at - 1];
                at--;
            }
            a->indices[at] = j;
            k++;
        }
        a->indptr[i + 1] = k;
    }
    for (uint32_t i = 0; i <= n; i++)
        a->indptr32[i] = (int32_t)a->indptr[i];
    for (uint32_t i = 0; i < n; i++)
        for (int64_t x = a->indptr[i]; x < a->indptr[i + 1]; x++) {
            a->indices32[x] = (int32_t)a->indices[x];
            a->data[x] = (double)((31 * (uint64_t)i + 17 * (uint64_t)a->indices[x]) % 97);
        }
    return 0;
}

/* The matrix's graph, its forest (maximum where max) and the forest's entries; 0 where all
 * three calls succeed. */
typedef struct csr_job {
    const matrix *a;
    int wide, threads, max;
    msf_graph *g;
    msf_result *r;
    uint64_t *indptr, *position;
    int ok;
} csr_job;

static void *csr_run(void *arg)
{
    csr_job *j = arg;
    const matrix *a = j->a;
    j->indptr = malloc(((size_t)a->n + 1) * sizeof *j->indptr);
    j->position = malloc((size_t)a->n * sizeof *j->position);
    j->ok = j->indptr != NULL && j->position != NULL &&
            msf_graph_from_csr(a->n, j->wide ? MSF_INDEX_INT64 : MSF_INDEX_INT32,
                               j->wide ? (const void *)a->indptr : (const void *)a->indptr32,
                               j->wide ? (const void *)a->indices : (const void *)a->indices32,
                               MSF_WEIGHT_FLOAT64, a->data, j->max, j->threads, &j->g) == MSF_OK &&
            (j->max ? msf_solve_max : msf_solve)(j->g, "omp", NULL, 2, NULL, &j->r) == MSF_OK &&
            msf_result_csr(j->g, j->r, j->indptr, j->position, NULL, NULL, NULL, NULL) ==
                MSF_OK;
    return NULL;
}

static void csr_free(csr_job *j)
{
    msf_result_free(j->r);
    msf_graph_free(j->g);
    free(j->indptr);
    free(j->position);
}

/* msf_solve_csr of the matrix, by the host's reading (seq) and the GPU's (cuda, where there
 * is one), with both index types: ref's forest and entries, and no graph to verify. */
static void check_solve_csr(const matrix *a, const csr_job *ref)
{
    static const char *const solvers[] = {"seq", "cuda"};
    uint64_t *indptr = malloc(((size_t)a->n + 1) * sizeof *indptr);
    uint64_t *position = malloc((size_t)a->n * sizeof *position), k = msf_result_size(ref->r);
    for (int i = 0; i < 4 && indptr != NULL && position != NULL; i++) {
        int wide = i % 2, gpu = i >= 2;
        if (gpu && (no_gpu[0] || msf_variant_name("cuda", 0) == NULL))
            continue;
        msf_result *r = NULL;
        msf_status st = msf_solve_csr(
            a->n, wide ? MSF_INDEX_INT64 : MSF_INDEX_INT32,
            wide ? (const void *)a->indptr : (const void *)a->indptr32,
            wide ? (const void *)a->indices : (const void *)a->indices32, MSF_WEIGHT_FLOAT64,
            a->data, ref->max, solvers[gpu], NULL, 0, NULL, &r);
        CHECK(st == MSF_OK && same_forest(r, ref->r) &&
                  msf_result_csr(NULL, r, indptr, position, NULL, NULL, NULL, NULL) == MSF_OK &&
                  memcmp(indptr, ref->indptr, ((size_t)a->n + 1) * sizeof *indptr) == 0 &&
                  memcmp(position, ref->position, k * sizeof *position) == 0 &&
                  msf_verify(ref->g, r) == MSF_EUSAGE &&
                  msf_result_csr(ref->g, r, indptr, position, NULL, NULL, NULL, NULL) ==
                      MSF_EUSAGE,
              "msf_solve_csr %s (index %d, max %d): %s", solvers[gpu], 32 << wide, ref->max,
              st != MSF_OK ? msf_last_error() : "another forest or entries");
        msf_result_free(r);
    }
    free(indptr);
    free(position);
}

/* msf_graph_from_csr from threads at once, with teams of 1, 2, 3 and the default and both
 * index types: the same graph (endpoints), forest and entries as one thread alone gives; the
 * forest is certified, and each row's entries are the matrix's, increasing; msf_solve_csr
 * gives them too, with a lone lower entry and without. Then the errors. */
static void check_csr(void)
{
    matrix a = {0}, paired = {0};
    CHECK(make_matrix(&a, 40000, 1) == 0 && make_matrix(&paired, 40000, 0) == 0,
          "out of memory");
    for (int max = 0; max < 2 && paired.data != NULL; max++) {
        csr_job ref = {&paired, 0, 0, max, NULL, NULL, NULL, NULL, 0};
        csr_run(&ref);
        CHECK(ref.ok, "the paired matrix's graph (max %d)", max);
        if (ref.ok)
            check_solve_csr(&paired, &ref);
        csr_free(&ref);
    }
    free(paired.indptr), free(paired.indptr32), free(paired.indices), free(paired.indices32);
    free(paired.data);
    for (int max = 0; max < 2 && a.data != NULL; max++) {
        csr_job ref = {&a, 0, 1, max, NULL, NULL, NULL, NULL, 0}, jobs[4];
        csr_run(&ref);
        CHECK(ref.ok, "the matrix's graph (max %d)", max);
        uint64_t m = msf_graph_edges(ref.g), k = msf_result_size(ref.r);
        uint32_t *u = malloc(4 * m * sizeof *u), *v = u + m, *u2 = u + 2 * m, *v2 = u + 3 * m;
        CHECK(ref.ok && u != NULL && msf_graph_endpoints(ref.g, u, v) == MSF_OK &&
                  msf_verify(ref.g, ref.r) == MSF_OK,
              "endpoints and verification (max %d)", max);
        if (ref.ok)
            check_solve_csr(&a, &ref);
        for (uint32_t i = 0; ref.ok && i < a.n; i++)
            for (uint64_t x = ref.indptr[i]; x < ref.indptr[i + 1]; x++)
                CHECK((uint64_t)a.indptr[i] <= ref.position[x] &&
                          ref.position[x] < (uint64_t)a.indptr[i + 1] &&
                          (x == ref.indptr[i] || ref.position[x - 1] < ref.position[x]),
                      "row %" PRIu32 ": entry %" PRIu64 " is not the row's", i, x);
        pthread_t t[4];
        for (int i = 0; i < 4; i++) {
            jobs[i] = (csr_job){&a, i % 2, i < 3 ? i + 1 : 0, max, NULL, NULL, NULL, NULL, 0};
            CHECK(pthread_create(&t[i], NULL, csr_run, &jobs[i]) == 0, "pthread_create");
        }
        for (int i = 0; i < 4; i++) {
            pthread_join(t[i], NULL);
            CHECK(jobs[i].ok && u != NULL && ref.ok && msf_graph_edges(jobs[i].g) == m &&
                      msf_graph_endpoints(jobs[i].g, u2, v2) == MSF_OK &&
                      memcmp(u, u2, 2 * m * sizeof *u) == 0 && same_forest(jobs[i].r, ref.r) &&
                      memcmp(jobs[i].indptr, ref.indptr, (a.n + 1) * sizeof *ref.indptr) == 0 &&
                      memcmp(jobs[i].position, ref.position, k * sizeof *ref.position) == 0,
                  "from_csr thread %d (max %d): another graph or forest", i, max);
            csr_free(&jobs[i]);
        }
        free(u);
        csr_free(&ref);
    }
    free(a.indptr), free(a.indptr32), free(a.indices), free(a.indices32), free(a.data);

    int32_t ip[] = {0, 2, 3, 3}, ix[] = {1, 0, 0}, bad_ip[] = {0, 2, 1, 3};
    double d[] = {1, 2, NAN};
    msf_graph *g = NULL;
    expect_error(msf_graph_from_csr(3, MSF_INDEX_INT32, ip, ix, MSF_WEIGHT_FLOAT64, d, 0, 0, &g),
                 MSF_EINPUT, "matrix: row 0: column 0 follows column 1", "unsorted columns");
    ix[0] = 0, ix[1] = 1;
    expect_error(msf_graph_from_csr(3, MSF_INDEX_INT32, ip, ix, MSF_WEIGHT_FLOAT64, d, 0, 0, &g),
                 MSF_EINPUT, "matrix: entry [1, 0] is NaN", "NaN entry");
    msf_result *r = NULL;
    expect_error(msf_solve_csr(3, MSF_INDEX_INT32, ip, ix, MSF_WEIGHT_FLOAT64, d, 0, "seq", NULL,
                               0, NULL, &r),
                 MSF_EINPUT, "matrix: entry [1, 0] is NaN", "NaN entry, seq");
    if (!no_gpu[0] && msf_variant_name("cuda", 0) != NULL)
        expect_error(msf_solve_csr(3, MSF_INDEX_INT32, ip, ix, MSF_WEIGHT_FLOAT64, d, 0, "cuda",
                                   NULL, 0, NULL, &r),
                     MSF_EINPUT, "matrix: entry [1, 0] is NaN", "NaN entry, cuda");
    CHECK(r == NULL, "a failed msf_solve_csr returned a result");
    expect_error(msf_graph_from_csr(3, MSF_INDEX_INT32, bad_ip, ix, MSF_WEIGHT_FLOAT64, d, 0, 0,
                                    &g),
                 MSF_EINPUT, "matrix: indptr[2] = 1 is below indptr[1] = 2", "indptr");
    ix[2] = 3;
    expect_error(msf_graph_from_csr(3, MSF_INDEX_INT32, ip, ix, MSF_WEIGHT_INT32, ix, 0, 0, &g),
                 MSF_EINPUT, "matrix: row 1: column 3 is not below n = 3", "column out of range");
    expect_error(msf_graph_from_csr(3, MSF_INDEX_INT32, ip, NULL, MSF_WEIGHT_INT32, ix, 0, 0, &g),
                 MSF_EUSAGE, "indices is NULL", "NULL indices");
    CHECK(g == NULL, "a failed msf_graph_from_csr returned a graph");
}

int main(int argc, char **argv)
{
    edges e = {0};
    if (argc != 3 || read_edges(argv[1], &e) != 0) {
        fprintf(stderr, "usage: capi GRAPH N (a readable edge list)\n");
        return 2;
    }
    CHECK(strcmp(msf_version(), MSF_VERSION_STRING) == 0, "version %s", msf_version());
    msf_graph *g = NULL;
    msf_result *ref = NULL;
    msf_status st = msf_graph_create((uint32_t)strtoul(argv[2], NULL, 10), e.m, e.u, e.v,
                                     MSF_WEIGHT_INT32, e.w, &g);
    if (st != MSF_OK || msf_solve(g, "seq", NULL, 0, NULL, &ref) != MSF_OK) {
        fprintf(stderr, "capi: %s\n", msf_last_error());
        return 1;
    }
    uint32_t n = (uint32_t)strtoul(argv[2], NULL, 10);
    check_all(g, ref);
    check_gpu(g, ref);
    check_prepared(g, &e, n);
    check_threads(g, ref);
    check_errors();
    check_csr();
    msf_graph_free(g); /* the result stays valid */
    for (uint64_t i = 0; i < msf_result_size(ref); i++)
        printf("%" PRIu64 "\n", msf_result_edges(ref)[i]);
    printf("total %s\n", msf_result_total_text(ref));
    msf_result_free(ref);
    free(e.u), free(e.v), free(e.w);
    return failures ? 1 : 0;
}
