/* args.c: mst-gen's command line (see args.h). */
#include "args.h"

#include <inttypes.h>
#include <math.h>
#include <omp.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "solver.h"

static const struct param_option {
    const char *name;
    gen_param_id id;
} param_options[] = {
    {"--vertices", GP_VERTICES}, {"--edges", GP_EDGES},     {"--scale", GP_SCALE},
    {"--edge-factor", GP_EDGE_FACTOR}, {"--abcd", GP_ABCD}, {"--rows", GP_ROWS},
    {"--cols", GP_COLS},         {"--side", GP_SIDE},       {"--k", GP_K},
    {"--cliques", GP_CLIQUES},   {"--size", GP_SIZE},       {"--degree", GP_DEGREE},
    {"--p", GP_P},               {"--connected", GP_CONNECTED},
    {"--max-clique", GP_MAX_CLIQUE}, {"--p-inter", GP_P_INTER},
    {"--max-parallel", GP_MAX_PARALLEL}, {"--max-weight", GP_MAX_WEIGHT},
};
#define PARAM_OPTIONS (sizeof param_options / sizeof param_options[0])

static const char *param_name(gen_param_id id)
{
    for (size_t i = 0; i < PARAM_OPTIONS; i++)
        if (param_options[i].id == id)
            return param_options[i].name;
    return "?";
}

/* Parses a real number (whole string). */
static mst_status parse_double(const char *option, const char *s, double *out)
{
    char *end = NULL;
    if (s == NULL)
        return mst_fail(MST_EUSAGE, "option %s needs a value", option);
    double x = strtod(s, &end);
    if (end == s || *end != '\0' || !isfinite(x))
        return mst_fail(MST_EUSAGE, "option %s: bad value '%s' (a number)", option, s);
    *out = x;
    return MST_OK;
}

/* A probability in [0, 1] into the double `field` (also --self-loops P, --multi-edges P). */
static mst_status parse_rate(const char *option, const char *s, void *field)
{
    double *out = field;
    mst_status st = parse_double(option, s, out);
    if (st == MST_OK && !(*out >= 0.0 && *out <= 1.0))
        return mst_fail(MST_EUSAGE, "option %s: '%s' is not a probability in [0, 1]", option, s);
    return st;
}

/* A family parameter (--vertices N, --p P, --abcd a,b,c ...) and the bit that says it was given;
 * the field is the whole gen_cli. */
static mst_status parse_param(const char *option, const char *value, void *field)
{
    gen_params *p = &((gen_cli *)field)->params;
    size_t k = 0;
    while (k < PARAM_OPTIONS && strcmp(option, param_options[k].name) != 0)
        k++;
    gen_param_id id = param_options[k].id;
    mst_status st = MST_OK;
    if (id == GP_P)
        st = parse_rate(option, value, &p->p);
    else if (id == GP_P_INTER)
        st = parse_rate(option, value, &p->p_inter);
    else if (id == GP_ABCD) {
        /* --abcd a,b,c[,d]: R-MAT quadrant probabilities. */
        char buf[256];
        int nx = 0;
        if (value == NULL)
            return mst_fail(MST_EUSAGE, "option --abcd needs a value");
        if (strlen(value) >= sizeof buf)
            return mst_fail(MST_EUSAGE, "option --abcd: value too long");
        strcpy(buf, value);
        for (char *save = NULL, *t = strtok_r(buf, ",", &save); t != NULL;
             t = strtok_r(NULL, ",", &save)) {
            if (nx == 4)
                return mst_fail(MST_EUSAGE, "option --abcd: '%s' has more than 4 numbers", value);
            char *end = NULL;
            double x = strtod(t, &end);
            if (end == t || *end != '\0' || !(x >= 0.0 && x <= 1.0))
                return mst_fail(MST_EUSAGE, "option --abcd: '%s' is not a probability in [0, 1]",
                                t);
            p->abcd[nx++] = x;
        }
        if (nx < 3)
            return mst_fail(MST_EUSAGE, "option --abcd: '%s' needs a,b,c or a,b,c,d", value);
        double abc = p->abcd[0] + p->abcd[1] + p->abcd[2];
        if (nx == 3) {
            if (abc > 1.0 + 1e-9)
                return mst_fail(MST_EUSAGE, "option --abcd: a + b + c = %g exceeds 1", abc);
            p->abcd[3] = abc < 1.0 ? 1.0 - abc : 0.0;
        } else if (fabs(abc + p->abcd[3] - 1.0) > 1e-6) {
            return mst_fail(MST_EUSAGE, "option --abcd: a + b + c + d = %g, not 1",
                            abc + p->abcd[3]);
        }
    }
    else if (mst_cli_parse_u64(option, value, UINT64_MAX, &p->u64[id]) != 0)
        st = MST_EUSAGE;
    if (st == MST_OK)
        p->given |= GP_BIT(id);
    return st;
}

static mst_status parse_weights(const char *option, const char *value, void *field)
{
    int mode = gen_weight_mode_parse(value);
    if (mode < 0)
        return mst_fail(MST_EUSAGE, "option %s: '%s' is not one of %s", option, value,
                        gen_weight_mode_names);
    ((gen_weights *)field)->mode = (gen_weight_mode)mode;
    return MST_OK;
}

/* --min A / --max B: a bound of the weights' range, and that it was given. */
static mst_status parse_bound(const char *option, const char *value, void *field)
{
    gen_weights *w = field;
    int is_min = strcmp(option, "--min") == 0;
    mst_status st = parse_double(option, value, is_min ? &w->min : &w->max);
    if (st == MST_OK)
        *(is_min ? &w->has_min : &w->has_max) = 1;
    return st;
}

#define PARAM(opt, var, text)                                                                  \
    {.name = opt, .kind = MST_OPT_CUSTOM, .parse = parse_param, .offset = 0, .metavar = var,   \
     .help = text}

static const mst_option family_options[] = {
    PARAM("--vertices", "N", "vertices"),
    PARAM("--edges", "M", "edges before duplicates are removed"),
    PARAM("--scale", "S", "R-MAT, Kronecker: 2^S vertices"),
    PARAM("--edge-factor", "F", "R-MAT, Kronecker: F 2^S edges"),
    PARAM("--abcd", "a,b,c[,d]", "R-MAT quadrant probabilities"),
    PARAM("--rows", "R", "grid2d rows"),
    PARAM("--cols", "C", "grid2d columns"),
    PARAM("--side", "K", "grid3d side"),
    PARAM("--k", "K", "kout: edges per vertex; circulant: neighbours per side"),
    PARAM("--cliques", "C", "caveman cliques"),
    PARAM("--size", "K", "caveman clique size"),
    PARAM("--degree", "D", "geometric: nearest neighbours per point"),
    PARAM("--p", "P", "gnp: probability of every pair"),
    PARAM("--max-clique", "K", "ssca2: largest clique (sizes uniform on 1..K)"),
    PARAM("--p-inter", "P", "ssca2: inter-clique edge probability at distance class 1"),
    PARAM("--max-parallel", "M", "ssca2: parallel edges per joined pair, uniform on 1..M"),
    PARAM("--max-weight", "W", "ssca2: the family's integer weights, uniform on 1..W"),
    {.name = "--connected", .kind = MST_OPT_FLAG, .flag = 1, .offset = offsetof(gen_cli, connected),
     .help = "random, gnp: the first n-1 edges form a random spanning tree"},
    {.name = "--parts", .kind = MST_OPT_COUNT, .offset = offsetof(gen_cli, parts), .metavar = "P",
     .help = "components: P disjoint copies of FAMILY"},
    {.name = "--per-rank", .kind = MST_OPT_COUNT, .max = 1u << 20,
     .offset = offsetof(gen_cli, per_rank), .metavar = "P",
     .help = "weak scaling: the sizes given are per rank, the graph is for P ranks:\n"
             "--vertices, --edges and --rows times P, --scale + log2 P (P a power\n"
             "of two); the same seed makes the same graph for the same P"},
    {0},
};

static const mst_option gen_options[] = {
    {.name = "--output", .alias = "-o", .kind = MST_OPT_STRING,
     .offset = offsetof(gen_cli, output), .metavar = "FILE",
     .help = "output file (required); format by extension"},
    {.name = "--format", .kind = MST_OPT_STRING, .offset = offsetof(gen_cli, format),
     .metavar = "F", .help = "override the format (edgelist mtx dimacs metis egr msb)"},
    {.name = "--coordinates", .kind = MST_OPT_STRING, .offset = offsetof(gen_cli, coordinates),
     .metavar = "FILE", .help = "geometric, grid2d: also write each vertex's point (x y) as a\n"
                                "DIMACS .co file"},
    {.name = "--seed", .kind = MST_OPT_UINT, .def = "1", .offset = offsetof(gen_cli, params.seed),
     .metavar = "S", .help = "seed of the structure and the weights"},
    {.name = "--weights", .kind = MST_OPT_CUSTOM, .parse = parse_weights,
     .offset = offsetof(gen_cli, weights), .metavar = "W",
     .help = "uniform (default; geometric: Euclidean float32; ssca2: 1..W), float,\nunit, "
             "distinct (a permutation of 1..m), none (unweighted file)"},
    {.name = "--min", .kind = MST_OPT_CUSTOM, .parse = parse_bound,
     .offset = offsetof(gen_cli, weights), .metavar = "A",
     .help = "lower end of uniform (int32, default 1) or float (default 0) weights"},
    {.name = "--max", .kind = MST_OPT_CUSTOM, .parse = parse_bound,
     .offset = offsetof(gen_cli, weights), .metavar = "B",
     .help = "upper end of uniform (default 2^20) or float (default 1) weights"},
    {.name = "--keep-duplicates", .kind = MST_OPT_FLAG, .flag = 1,
     .offset = offsetof(gen_cli, keep_duplicates),
     .help = "keep self-loops and repeated edges (default: keep the first\n"
             "occurrence of every pair, drop self-loops)"},
    {.name = "--self-loops", .kind = MST_OPT_CUSTOM, .parse = parse_rate,
     .offset = offsetof(gen_cli, loop_rate), .metavar = "P",
     .help = "add a self-loop after each edge with probability P"},
    {.name = "--multi-edges", .kind = MST_OPT_CUSTOM, .parse = parse_rate,
     .offset = offsetof(gen_cli, multi_rate), .metavar = "P",
     .help = "add a parallel copy of a random edge after each edge with probability P"},
    {.name = "--threads", .alias = "-t", .kind = MST_OPT_COUNT, .max = 4096,
     .offset = offsetof(gen_cli, threads), .metavar = "N",
     .help = "OpenMP threads (default: OMP_NUM_THREADS or all cores)"},
    {.name = "--quiet", .kind = MST_OPT_FLAG, .flag = 1, .offset = offsetof(gen_cli, quiet),
     .help = "no summary line"},
    {.name = "--verbose", .alias = "-v", .kind = MST_OPT_FLAG, .flag = 1,
     .offset = offsetof(gen_cli, verbose), .help = "time of every step on stderr"},
    {0},
};

/* --help's text after the options: every family's parameters and every preset. */
static const char *notes(void)
{
    static char buf[8192];
    size_t len = 0;
    len += (size_t)snprintf(buf, sizeof buf, "Families and their parameters:\n");
    for (const gen_family *f = gen_families; f->name != NULL && len < sizeof buf; f++)
        len += (size_t)snprintf(buf + len, sizeof buf - len, "  %-10s %s\n", f->name, f->usage);
    if (len < sizeof buf)
        len += (size_t)snprintf(buf + len, sizeof buf - len, "\nPresets (mst-gen preset NAME -o "
                                "FILE; seed 1 unless --seed):\n");
    for (const gen_preset *p = gen_presets; p->name != NULL && len < sizeof buf; p++)
        len += (size_t)snprintf(buf + len, sizeof buf - len, "  %-15s %s\n  %-15s   %s\n",
                                p->name, p->args, "", p->source);
    return buf;
}

/* --per-rank P (weak scaling, issue 21): the family's size parameters given times P, or log2 P
 * more for a scale. Errors: MST_EUSAGE when P is not a power of two for --scale, when a product
 * overflows, or when no size was given. */
static mst_status per_rank(gen_cli *c)
{
    uint64_t P = c->per_rank, *u = c->params.u64;
    unsigned given = c->params.given, scaled = 0;
    if (P <= 1)
        return MST_OK;
    static const gen_param_id times[] = {GP_VERTICES, GP_EDGES, GP_ROWS};
    for (size_t i = 0; i < sizeof times / sizeof *times; i++) {
        if (!(given & GP_BIT(times[i])))
            continue;
        if (u[times[i]] > UINT64_MAX / P)
            return mst_fail(MST_EUSAGE, "--per-rank %" PRIu64 ": %s times %" PRIu64 " overflows",
                            P, param_name(times[i]), P);
        u[times[i]] *= P;
        scaled = 1;
    }
    if (given & GP_BIT(GP_SCALE)) {
        if (P & (P - 1))
            return mst_fail(MST_EUSAGE, "--per-rank %" PRIu64 ": --scale needs a power of two",
                            P);
        for (uint64_t q = P; q > 1; q >>= 1)
            u[GP_SCALE]++;
        scaled = 1;
    }
    if (!scaled)
        return mst_fail(MST_EUSAGE, "--per-rank: give the size per rank with --vertices, "
                        "--edges, --rows or --scale");
    return MST_OK;
}

mst_status gen_cli_read(int argc, char **argv, gen_cli *c, FILE *help, mst_cli_action *action)
{
    char *buf = NULL, **words = NULL, **tok = argv;
    const char *args[2];
    int count = argc, nargs = 0;
    mst_status st = MST_OK;
    mst_cli cli;
    memset(c, 0, sizeof *c);
    *action = MST_CLI_RUN;
    c->weights.mode = GEN_W_DEFAULT;
    c->params.edge_bits = 32;

    memset(&cli, 0, sizeof cli);
    cli.program = "mst-gen";
    cli.kind = "tool";
    cli.parallelism = "threads";
    cli.usage = "FAMILY [family options] [options] -o FILE\n"
                "       mst-gen components --parts P FAMILY [family options] [options] -o FILE\n"
                "       mst-gen preset NAME [options] -o FILE";
    cli.description = "Writes a synthetic graph in the format of FILE's extension (.wel text, "
                      ".msb binary,\nany of them .gz). The same options and seed give the same "
                      "bytes whatever the number\nof threads (OMP_NUM_THREADS or -t).";
    cli.notes = notes();
    cli.max_args = 2;
    cli.variants_title = "families (FAMILY)";
    for (const gen_family *f = gen_families; f->name != NULL; f++)
        cli.variants[cli.nvariants++] = (mst_cli_variant){f->name, f->summary};
    cli.variants[cli.nvariants++] = (mst_cli_variant){"components",
                                                      "P disjoint copies of FAMILY (a forest)"};
    mst_cli_add_group(&cli, "family options", family_options, c);
    mst_cli_add_group(&cli, "options", gen_options, c);

    /* The words to parse: a preset's stored command line (split at spaces into words, their
     * text in buf), then the user's (argv[3..]); or argv. */
    if (argc >= 2 && strcmp(argv[1], "preset") == 0) {
        if (argc < 3 || argv[2][0] == '-')
            MST_FAIL(MST_EUSAGE, "preset needs a NAME (see mst-gen --help)");
        const gen_preset *p = gen_preset_find(argv[2]);
        if (p == NULL)
            MST_FAIL(MST_EUSAGE, "unknown preset '%s' (see mst-gen --help)", argv[2]);
        int nw = 0;
        size_t len = strlen(p->args);
        MST_ALLOC(buf, len + 1);
        memcpy(buf, p->args, len + 1);
        MST_ALLOC(words, len / 2 + 2);
        for (char *save = NULL, *t = strtok_r(buf, " ", &save); t != NULL;
             t = strtok_r(NULL, " ", &save))
            words[nw++] = t;
        MST_ALLOC(tok, (uint64_t)nw + (uint64_t)argc);
        tok[0] = argv[0];
        memcpy(tok + 1, words, (size_t)nw * sizeof *tok);
        for (int i = 3; i < argc; i++)
            tok[nw + i - 2] = argv[i];
        count = nw + argc - 2;
        c->preset = p->name;
    }
    st = mst_cli_parse(&cli, count, tok, args, &nargs, action);
    if (st != MST_OK) {
        char why[1024];
        snprintf(why, sizeof why, "%s", mst_last_error());
        MST_FAIL(st, "%s (try --help)", why);
    }
    if (*action != MST_CLI_RUN) {
        if (help != NULL)
            (*action == MST_CLI_HELP ? mst_cli_help : mst_cli_describe)(help, &cli);
        goto fail;
    }

    /* FAMILY, or "components FAMILY", from the positional arguments. */
    int i = 0;
    if (nargs > 0 && strcmp(args[0], "components") == 0)
        c->components = 1, i = 1;
    if (i < nargs) { /* else the checks below say what is missing */
        if (nargs - i > 1)
            MST_FAIL(MST_EUSAGE, "unexpected argument '%s'", args[i + 1]);
        if (c->components && strcmp(args[i], "components") == 0)
            MST_FAIL(MST_EUSAGE, "components takes a FAMILY to copy, not components itself");
        c->family = gen_family_find(args[i]);
        if (c->family == NULL)
            MST_FAIL(MST_EUSAGE, "unknown family '%s' (see mst-gen --help)", args[i]);
    }

    /* The options must fit the family and the rest be complete. */
    if (c->connected)
        c->params.given |= GP_BIT(GP_CONNECTED);
    if (c->family == NULL)
        MST_FAIL(MST_EUSAGE, c->components ? "components: no family given (mst-gen "
                 "components --parts P FAMILY ...)" : "no family given (see mst-gen --help)");
    const gen_family *f = c->family;
    unsigned extra = c->params.given & ~(f->required | f->optional);
    for (int id = 0; id < GP_COUNT; id++) {
        if (extra & GP_BIT(id))
            MST_FAIL(MST_EUSAGE, "family %s does not take %s (it takes %s)", f->name,
                     param_name((gen_param_id)id), f->usage);
        if ((f->required & GP_BIT(id)) && !(c->params.given & GP_BIT(id)))
            MST_FAIL(MST_EUSAGE, "family %s needs %s (usage: mst-gen %s %s)", f->name,
                     param_name((gen_param_id)id), f->name, f->usage);
    }
    if (c->components && c->parts == 0)
        MST_FAIL(MST_EUSAGE, "components needs --parts P");
    if (!c->components && c->parts != 0)
        MST_FAIL(MST_EUSAGE, "option --parts belongs to 'mst-gen components --parts P "
                 "FAMILY ...'");
    if (c->coordinates != NULL && (c->components || (f->generate != gen_geometric &&
                                                      f->range != gen_grid2d_range)))
        MST_FAIL(MST_EUSAGE, "option --coordinates: %s has no coordinates (geometric and "
                 "grid2d have)", c->components ? "components" : f->name);
    MST_CHECK(per_rank(c));
    if (c->weights.mode == GEN_W_DEFAULT && (c->weights.has_min || c->weights.has_max))
        c->weights.mode = GEN_W_UNIFORM;
    MST_CHECK(gen_weights_check(&c->weights));
fail:
    if (tok != argv)
        free(tok);
    free(words);
    free(buf);
    return st;
}

int gen_cli_parse(int argc, char **argv, gen_cli *c)
{
    mst_cli_action action;
    mst_status st = gen_cli_read(argc, argv, c, stdout, &action);
    if (st == MST_OK && action != MST_CLI_RUN)
        return 0;
    if (st == MST_OK && c->output == NULL)
        st = mst_fail(MST_EUSAGE, "no output file (-o FILE)");
    else if (st == MST_OK && c->coordinates != NULL && strcmp(c->coordinates, c->output) == 0)
        st = mst_fail(MST_EUSAGE, "option --coordinates: '%s' is the graph's output (-o)",
                      c->coordinates);
    if (st != MST_OK) {
        fprintf(stderr, "mst-gen: error: %s\n", mst_last_error());
        return (int)st;
    }
    if (c->threads > 0)
        omp_set_num_threads((int)c->threads);
    return -1;
}
