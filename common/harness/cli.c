/* cli.c: loading options and number parsing shared by every executable (see cli.h). */
#include "cli.h"

#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "parse.h"
#include "weights_file.h"

int mst_cli_parse_count(const char *option, const char *s, uint64_t max, uint64_t *out)
{
    uint64_t x = 0;
    if (mst_cli_parse_u64(option, s, max, &x) != 0 || x == 0) {
        if (s != NULL)
            mst_fail(MST_EUSAGE, "option %s: bad value '%s' (1..%llu)", option, s,
                     (unsigned long long)max);
        return -1;
    }
    *out = x;
    return 0;
}

int mst_cli_parse_u64(const char *option, const char *s, uint64_t max, uint64_t *out)
{
    const char *p = s;
    uint64_t x;
    if (s == NULL) {
        mst_fail(MST_EUSAGE, "option %s needs a value", option);
        return -1;
    }
    if (*s == '\0' || mst_parse_u64(&p, &x) != MST_TOK_OK || *p != '\0' || x > max) {
        mst_fail(MST_EUSAGE, "option %s: bad value '%s' (a whole number up to %llu)", option, s,
                 (unsigned long long)max);
        return -1;
    }
    *out = x;
    return 0;
}

/* --vertices N: n = N and the flag that says it was given (the field is the whole struct). */
static mst_status parse_vertices(const char *option, const char *value, void *field)
{
    mst_load_options *lo = field;
    if (mst_cli_parse_u64(option, value, 0xFFFFFFFFull, &lo->vertices) != 0)
        return MST_EUSAGE;
    lo->has_vertices = 1;
    return MST_OK;
}

static const char *const weight_modes[] = {"auto", "keep", "random", "unit", NULL};
/* Index i > 0 is mst_weight_type i - 1 (core.h), as mst_load_options.weight_type wants. */
static const char *const weight_types[] = {"auto",  "int32",  "uint32",  "float32",
                                           "int64", "uint64", "float64", NULL};

const mst_option mst_load_option_table[] = {
    {.name = "--format", .kind = MST_OPT_STRING, .offset = offsetof(mst_load_options, format),
     .metavar = "F",
     .help = "input format: edgelist dimacs mtx metis egr msb (default: by extension)"},
    {.name = "--one-based", .kind = MST_OPT_FLAG, .flag = 1,
     .offset = offsetof(mst_load_options, one_based), .help = "edge lists number vertices from 1"},
    {.name = "--vertices", .kind = MST_OPT_CUSTOM, .parse = parse_vertices, .offset = 0,
     .metavar = "N",
     .help = "n = N (ids must be below it) instead of the header or largest id + 1"},
    {.name = "--weights", .kind = MST_OPT_CHOICE, .choices = weight_modes, .def = "auto",
     .offset = offsetof(mst_load_options, weights), .metavar = "W",
     .help = "auto (file's, else random), keep (file's, else unit), random, unit"},
    {.name = "--seed", .kind = MST_OPT_UINT, .def = "1", .offset = offsetof(mst_load_options, seed),
     .metavar = "S", .help = "seed of random weights"},
    {.name = "--weight-type", .kind = MST_OPT_CHOICE, .choices = weight_types, .def = "auto",
     .offset = offsetof(mst_load_options, weight_type), .metavar = "T",
     .help = "auto (from the values: integers the smallest of int32 uint32 int64\n"
             "uint64 that holds them, reals float64), or int32 uint32 float32\n"
             "int64 uint64 float64: every weight must fit T"},
    {0},
};

int mst_cli_parse_positive(const char *option, const char *s, double max, double *out)
{
    char *end = NULL;
    double x = s ? strtod(s, &end) : 0;
    if (s == NULL || end == s || *end != '\0' || !(x > 0 && x <= max)) {
        mst_fail(MST_EUSAGE, "option %s: bad value '%s' (a number > 0)", option, s ? s : "");
        return -1;
    }
    *out = x;
    return 0;
}

const mst_option mst_round_pick_table[] = {
    {.name = "--round-weights", .kind = MST_OPT_STRING, .offset = offsetof(mst_round_pick, path),
     .metavar = "FILE", .help = "the weights file of a --rounds run (columns, or a path with {r})"},
    {.name = "--round", .kind = MST_OPT_UINT, .max = UINT32_MAX,
     .offset = offsetof(mst_round_pick, round), .metavar = "R",
     .help = "load round R's weights (of --round-weights, else random from seed + R)"},
    {0},
};

mst_status mst_round_pick_apply(const mst_round_pick *p, const mst_load_options *lo,
                                mst_graph *g)
{
    if (p->round == 0)
        return p->path != NULL ? mst_fail(MST_EUSAGE, "--round-weights needs --round R")
                               : MST_OK;
    mst_round_source src = {p->path, lo->seed, 0, lo->weight_type};
    return mst_round_weights_apply(&src, p->round, g);
}
