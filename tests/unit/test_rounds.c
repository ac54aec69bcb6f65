/*
 * test_rounds.c: unit tests of the harness's --rounds driver (common/harness/harness.c) with
 * variants that have a prepared path, which no solver had when it was written: prepare runs
 * once and release once, solve_prepared once per round on the same topology with each round's
 * keys; a prepared path that keeps stale keys is caught by the verifier (exit 4), and one that
 * disagrees with solve() on round 1 by the harness's own check even with --no-verify.
 * Source: solver.h (prepare / solve_prepared / release), docs/rounds.md.
 */
#include <criterion/criterion.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "solver.h"
#include "../../seq/seq.h"
#include "tmpdir.h"

TestSuite(rounds, .init = tmp_dir_make, .fini = tmp_dir_remove);

/* What the fake solver saw. */
static int prepares, releases, prepared_solves;

/* The prepared state: the topology it was built from, and the keys at prepare time. */
typedef struct fake_state {
    uint64_t m;
    uint32_t *u, *key;
} fake_state;

static mst_status solve_kruskal(const mst_graph *g, const mst_options *o, mst_forest *out,
                                mst_phases *ph)
{
    (void)o;
    return mst_kruskal(g, NULL, out, ph);
}

static mst_status fake_prepare(const mst_graph *g, const mst_options *o, void **state,
                               mst_phases *ph)
{
    (void)o;
    fake_state *s = calloc(1, sizeof *s);
    cr_assert_not_null(s);
    s->m = g->m;
    s->u = malloc((g->m + 1) * sizeof *s->u);
    s->key = malloc((g->m + 1) * sizeof *s->key);
    memcpy(s->u, g->u, g->m * sizeof *s->u);
    memcpy(s->key, g->key, g->m * sizeof *s->key);
    mst_phase_add(ph, "copy", 0.0);
    prepares++;
    *state = s;
    return MST_OK;
}

static mst_status fake_solve_prepared(void *state, const mst_graph *g, const mst_options *o,
                                      mst_forest *out, mst_phases *ph)
{
    fake_state *s = state;
    cr_assert_eq(s->m, g->m, "the topology stays");
    cr_assert_eq(memcmp(s->u, g->u, g->m * sizeof *s->u), 0, "the endpoints stay");
    prepared_solves++;
    return solve_kruskal(g, o, out, ph);
}

/* A broken prepared path: solves with the keys of prepare time (round 1's) every round. */
static mst_status stale_solve_prepared(void *state, const mst_graph *g, const mst_options *o,
                                       mst_forest *out, mst_phases *ph)
{
    fake_state *s = state;
    mst_graph stale = *g;
    stale.key = s->key;
    prepared_solves++;
    return solve_kruskal(&stale, o, out, ph);
}

/* Another broken one: drops the forest's last edge. */
static mst_status short_solve_prepared(void *state, const mst_graph *g, const mst_options *o,
                                       mst_forest *out, mst_phases *ph)
{
    mst_status st = fake_solve_prepared(state, g, o, out, ph);
    if (out->count > 0)
        out->count--;
    return st;
}

static void fake_release(void *state)
{
    fake_state *s = state;
    free(s->u);
    free(s->key);
    free(s);
    releases++;
}

static const mst_variant variants[] = {
    {"prepared", "Kruskal behind a prepared path", solve_kruskal, fake_prepare,
     fake_solve_prepared, fake_release, NULL},
    {"stale", "a prepared path that keeps round 1's keys", solve_kruskal, fake_prepare,
     stale_solve_prepared, fake_release, NULL},
    {"short", "a prepared path that drops an edge", solve_kruskal, fake_prepare,
     short_solve_prepared, fake_release, NULL},
    {"plain", "Kruskal without a prepared path", solve_kruskal, NULL, NULL, NULL, NULL},
    {0},
};

static const mst_solver_desc fake = {
    .program = "mst-fake", .description = "test solver", .parallelism = "sequential",
    .variants = variants,
};

/* A 6 x 6 grid's edge list (60 edges, no weights: random ones). */
static const char *grid_file(void)
{
    const char *path = tmp_path("grid.txt");
    FILE *f = fopen(path, "w");
    cr_assert_not_null(f);
    for (int r = 0; r < 6; r++)
        for (int c = 0; c < 6; c++) {
            if (c + 1 < 6)
                fprintf(f, "%d %d\n", 6 * r + c, 6 * r + c + 1);
            if (r + 1 < 6)
                fprintf(f, "%d %d\n", 6 * r + c, 6 * (r + 1) + c);
        }
    fclose(f);
    return path;
}

/* Runs the fake solver on the grid with --json (stdout into a file) and extra arguments
 * (NULL-terminated); counters start from zero. */
static int run(const char *algo, ...)
{
    char graph[512];
    snprintf(graph, sizeof graph, "%s", grid_file());
    char *argv[24] = {"mst-fake", "--algo", (char *)algo, "--json", "--trials", "2",
                      "--weights", "random"};
    int argc = 8;
    va_list ap;
    va_start(ap, algo);
    for (char *a; (a = va_arg(ap, char *)) != NULL && argc < 22;)
        argv[argc++] = a;
    va_end(ap);
    argv[argc++] = graph;
    prepares = releases = prepared_solves = 0;
    int code = -1;
    /* The JSON goes to out.json, the error lines to err.txt; both streams come back after. */
    int saved[2] = {dup(1), dup(2)};
    int fd[2] = {open(tmp_path("out.json"), O_WRONLY | O_CREAT | O_TRUNC, 0644),
                 open(tmp_path("err.txt"), O_WRONLY | O_CREAT | O_TRUNC, 0644)};
    cr_assert(saved[0] >= 0 && saved[1] >= 0 && fd[0] >= 0 && fd[1] >= 0);
    fflush(stdout);
    fflush(stderr);
    dup2(fd[0], 1);
    dup2(fd[1], 2);
    code = mst_harness_main(&fake, argc, argv);
    fflush(stdout);
    fflush(stderr);
    for (int i = 0; i < 2; i++) {
        dup2(saved[i], i + 1);
        close(saved[i]);
        close(fd[i]);
    }
    return code;
}

/* The JSON the last run printed (one line). */
static const char *output(void)
{
    static char text[8192];
    FILE *f = fopen(tmp_path("out.json"), "r");
    cr_assert_not_null(f);
    size_t k = fread(text, 1, sizeof text - 1, f);
    fclose(f);
    text[k] = '\0';
    return text;
}

Test(rounds, prepare_once_then_one_prepared_solve_per_round)
{
    cr_assert_eq(run("prepared", "--rounds", "5", NULL), 0);
    cr_assert_eq(prepares, 1);
    cr_assert_eq(releases, 1);
    cr_assert_eq(prepared_solves, 5);
    const char *json = output();
    cr_assert_not_null(strstr(json, "\"mst_rounds\":5,\"prepared\":true"), "%s", json);
    cr_assert_not_null(strstr(json, "\"round_verified\":[true,true,true,true,true]"), "%s",
                       json);
    cr_assert_not_null(strstr(json, "\"setup_phases\":{\"copy\":"), "%s", json);
}

Test(rounds, maximum_and_thinned_verification)
{
    cr_assert_eq(run("prepared", "--rounds", "4", "--maximum", "--verify-every", "3", NULL), 0);
    cr_assert_eq(prepared_solves, 4);
    cr_assert_not_null(strstr(output(), "\"round_verified\":[true,null,null,true]"), "%s",
                       output());
}

Test(rounds, stale_keys_fail_verification_in_round_2)
{
    cr_assert_eq(run("stale", "--rounds", "3", NULL), MST_EVERIFY);
    cr_assert_eq(prepared_solves, 2, "the run stops at the first wrong round");
    cr_assert_eq(releases, 1);
    cr_assert_not_null(strstr(output(), "\"round_verified\":[true,false]"), "%s", output());
    FILE *f = fopen(tmp_path("err.txt"), "r");
    char line[512] = "";
    cr_assert_not_null(f);
    cr_assert_not_null(fgets(line, sizeof line, f));
    fclose(f);
    cr_assert_not_null(strstr(line, "verification failed: round 2:"), "%s", line);
}

Test(rounds, round_1_is_checked_against_solve_without_the_verifier)
{
    cr_assert_eq(run("short", "--rounds", "2", "--no-verify", NULL), MST_EVERIFY);
    cr_assert_eq(prepared_solves, 1);
    cr_assert_eq(releases, 1);
}

Test(rounds, variants_without_prepare_call_solve_every_round)
{
    cr_assert_eq(run("plain", "--rounds", "3", NULL), 0);
    cr_assert_eq(prepares, 0);
    cr_assert_not_null(strstr(output(), "\"prepared\":false"), "%s", output());
    cr_assert_not_null(strstr(output(), "\"break_even_round\":null"), "%s", output());
}

Test(rounds, the_cumulative_curve_adds_setup_and_round_times)
{
    cr_assert_eq(run("prepared", "--rounds", "3", NULL), 0);
    const char *json = output();
    double setup, r[3], c[3];
    const char *p = strstr(json, "\"setup_s\":");
    cr_assert(p != NULL && sscanf(p, "\"setup_s\":%lf", &setup) == 1);
    p = strstr(json, "\"rounds_s\":[");
    cr_assert(p != NULL && sscanf(p, "\"rounds_s\":[%lf,%lf,%lf]", &r[0], &r[1], &r[2]) == 3);
    p = strstr(json, "\"cumulative_s\":[");
    cr_assert(p != NULL &&
              sscanf(p, "\"cumulative_s\":[%lf,%lf,%lf]", &c[0], &c[1], &c[2]) == 3);
    cr_assert_float_eq(c[0], setup + r[0], 1e-8);
    cr_assert_float_eq(c[2], setup + r[0] + r[1] + r[2], 1e-8);
}
