/*
 * main.c: the command line of mst-gen, the suite's synthetic graph generator.
 *
 *   mst-gen FAMILY [family options] [--weights W ...] [--seed S] -o FILE
 *   mst-gen components --parts P FAMILY [family options] ... -o FILE
 *   mst-gen preset NAME [options] -o FILE
 *
 * Reads the options (a preset is a stored command line, extended by the user's own options: the
 * last occurrence of an option wins), runs the pipeline of gen.h and writes FILE in the format
 * of its extension through mst_graph_write (.wel text, .msb binary, any of them .gz). Prints one
 * summary line (n, m, seed, times) on stdout unless --quiet. Errors: one line
 * "mst-gen: error: ..." on stderr and exit 1 (usage), 2 (the output cannot be written) or
 * 3 (memory, size limits), as DESIGN.md says.
 */
#include <math.h>
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "gen.h"
#include "timer.h"
#include "writer.h"

typedef struct gen_cli {
    const gen_family *family;
    int components;       /* the components meta-family */
    uint64_t parts;
    int has_parts;
    gen_params params;
    gen_weights weights;
    double loop_rate, multi_rate;
    int keep_duplicates;
    const char *output;
    const char *format;
    int quiet;
    int verbose;
    const char *preset;
} gen_cli;

static const struct param_option {
    const char *name;
    gen_param_id id;
} param_options[] = {
    {"--vertices", GP_VERTICES}, {"--edges", GP_EDGES},     {"--scale", GP_SCALE},
    {"--edge-factor", GP_EDGE_FACTOR}, {"--abcd", GP_ABCD}, {"--rows", GP_ROWS},
    {"--cols", GP_COLS},         {"--side", GP_SIDE},       {"--k", GP_K},
    {"--cliques", GP_CLIQUES},   {"--size", GP_SIZE},       {"--degree", GP_DEGREE},
    {"--p", GP_P},               {"--connected", GP_CONNECTED},
};
#define PARAM_OPTIONS (sizeof param_options / sizeof param_options[0])

static const char *param_name(gen_param_id id)
{
    for (size_t i = 0; i < PARAM_OPTIONS; i++)
        if (param_options[i].id == id)
            return param_options[i].name;
    return "?";
}

static void usage(FILE *f)
{
    fprintf(f,
            "usage: mst-gen FAMILY [family options] [options] -o FILE\n"
            "       mst-gen components --parts P FAMILY [family options] [options] -o FILE\n"
            "       mst-gen preset NAME [options] -o FILE\n"
            "Writes a synthetic graph in the format of FILE's extension (.wel text, .msb binary,\n"
            "any of them .gz). The same options and seed give the same bytes whatever the number\n"
            "of threads (OMP_NUM_THREADS or -t).\n\nFamilies:\n");
    for (const gen_family *fam = gen_families; fam->name != NULL; fam++)
        fprintf(f, "  %-10s %s\n  %-10s   %s\n", fam->name, fam->usage, "", fam->summary);
    fprintf(f, "  %-10s --parts P FAMILY ...\n  %-10s   P disjoint copies of FAMILY (a forest)\n",
            "components", "");
    fprintf(f,
            "\nOptions:\n"
            "  -o, --output FILE   output file (required); format by extension\n"
            "  --format F          override the format (edgelist mtx dimacs metis egr msb)\n"
            "  --seed S            seed of the structure and the weights (default 1)\n"
            "  --weights W         uniform (default; geometric: Euclidean float32), float, unit,\n"
            "                      distinct (a permutation of 1..m), none (unweighted file)\n"
            "  --min A, --max B    range of uniform (int32, default 1..2^20) or float weights\n"
            "                      (default (0, 1])\n"
            "  --keep-duplicates   keep self-loops and repeated edges (default: keep the first\n"
            "                      occurrence of every pair, drop self-loops)\n"
            "  --self-loops P      add a self-loop after each edge with probability P\n"
            "  --multi-edges P     add a parallel copy of a random edge after each edge with\n"
            "                      probability P\n"
            "  -t, --threads N     OpenMP threads (default: OMP_NUM_THREADS or all cores)\n"
            "  --quiet             no summary line\n"
            "  -v, --verbose       time of every step on stderr\n"
            "  -h, --help          this text\n"
            "\nPresets (mst-gen preset NAME -o FILE; seed 1 unless --seed):\n");
    for (const gen_preset *p = gen_presets; p->name != NULL; p++)
        fprintf(f, "  %-15s %s\n  %-15s   %s\n", p->name, p->args, "", p->source);
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

static mst_status parse_rate(const char *option, const char *s, double *out)
{
    mst_status st = parse_double(option, s, out);
    if (st == MST_OK && !(*out >= 0.0 && *out <= 1.0))
        return mst_fail(MST_EUSAGE, "option %s: '%s' is not a probability in [0, 1]", option, s);
    return st;
}

/* --abcd a,b,c[,d]: R-MAT quadrant probabilities. */
static mst_status parse_abcd(const char *s, double abcd[4])
{
    char buf[256];
    int k = 0;
    if (s == NULL)
        return mst_fail(MST_EUSAGE, "option --abcd needs a value");
    if (strlen(s) >= sizeof buf)
        return mst_fail(MST_EUSAGE, "option --abcd: value too long");
    strcpy(buf, s);
    for (char *save = NULL, *t = strtok_r(buf, ",", &save); t != NULL;
         t = strtok_r(NULL, ",", &save)) {
        if (k == 4)
            return mst_fail(MST_EUSAGE, "option --abcd: '%s' has more than 4 numbers", s);
        char *end = NULL;
        double x = strtod(t, &end);
        if (end == t || *end != '\0' || !(x >= 0.0 && x <= 1.0))
            return mst_fail(MST_EUSAGE, "option --abcd: '%s' is not a probability in [0, 1]", t);
        abcd[k++] = x;
    }
    if (k < 3)
        return mst_fail(MST_EUSAGE, "option --abcd: '%s' needs a,b,c or a,b,c,d", s);
    double abc = abcd[0] + abcd[1] + abcd[2];
    if (k == 3) {
        if (abc > 1.0 + 1e-9)
            return mst_fail(MST_EUSAGE, "option --abcd: a + b + c = %g exceeds 1", abc);
        abcd[3] = abc < 1.0 ? 1.0 - abc : 0.0;
    } else if (fabs(abc + abcd[3] - 1.0) > 1e-6) {
        return mst_fail(MST_EUSAGE, "option --abcd: a + b + c + d = %g, not 1", abc + abcd[3]);
    }
    return MST_OK;
}

/* Parses tokens tok[0..count-1] (the family name first) into c. */
static mst_status parse_tokens(gen_cli *c, char **tok, int count)
{
    mst_status st = MST_OK;
    int i = 0;
    const char *family_name = NULL;
    if (count > 0 && strcmp(tok[0], "components") == 0) {
        c->components = 1;
        i = 1;
    }
    for (; i < count; i++) {
        char namebuf[64];
        const char *value = NULL;
        const char *name = mst_cli_split(tok[i], namebuf, sizeof namebuf, &value);
        const char *next = value != NULL ? value : (i + 1 < count ? tok[i + 1] : NULL);
        int takes_value = 1;
        if (name[0] != '-') {
            if (family_name != NULL)
                return mst_fail(MST_EUSAGE, "unexpected argument '%s'", name);
            family_name = name;
            c->family = gen_family_find(name);
            if (c->family == NULL)
                return mst_fail(MST_EUSAGE, "unknown family '%s' (see mst-gen --help)", name);
            continue;
        }
        const struct param_option *po = NULL;
        for (size_t j = 0; j < PARAM_OPTIONS; j++)
            if (strcmp(name, param_options[j].name) == 0)
                po = &param_options[j];
        if (po != NULL) {
            gen_params *p = &c->params;
            if (po->id == GP_CONNECTED) {
                takes_value = 0;
            } else if (po->id == GP_P) {
                MST_CHECK(parse_rate(name, next, &p->p));
            } else if (po->id == GP_ABCD) {
                MST_CHECK(parse_abcd(next, p->abcd));
            } else if (mst_cli_parse_u64(name, next, UINT64_MAX, &p->u64[po->id]) != 0) {
                return MST_EUSAGE;
            }
            p->given |= GP_BIT(po->id);
        } else if (strcmp(name, "--parts") == 0) {
            if (!c->components)
                return mst_fail(MST_EUSAGE, "option --parts belongs to 'mst-gen components "
                                "--parts P FAMILY ...'");
            if (mst_cli_parse_u64(name, next, UINT64_MAX, &c->parts) != 0)
                return MST_EUSAGE;
            c->has_parts = 1;
        } else if (strcmp(name, "-o") == 0 || strcmp(name, "--output") == 0) {
            if (next == NULL)
                return mst_fail(MST_EUSAGE, "option %s needs a value", name);
            c->output = next;
        } else if (strcmp(name, "--format") == 0) {
            if (next == NULL)
                return mst_fail(MST_EUSAGE, "option %s needs a value", name);
            c->format = next;
        } else if (strcmp(name, "--seed") == 0) {
            if (mst_cli_parse_u64(name, next, UINT64_MAX, &c->params.seed) != 0)
                return MST_EUSAGE;
        } else if (strcmp(name, "--weights") == 0) {
            if (next == NULL)
                return mst_fail(MST_EUSAGE, "option %s needs a value", name);
            int mode = gen_weight_mode_parse(next);
            if (mode < 0)
                return mst_fail(MST_EUSAGE, "option --weights: '%s' is not one of %s", next,
                                gen_weight_mode_names);
            c->weights.mode = (gen_weight_mode)mode;
        } else if (strcmp(name, "--min") == 0) {
            MST_CHECK(parse_double(name, next, &c->weights.min));
            c->weights.has_min = 1;
        } else if (strcmp(name, "--max") == 0) {
            MST_CHECK(parse_double(name, next, &c->weights.max));
            c->weights.has_max = 1;
        } else if (strcmp(name, "--self-loops") == 0) {
            MST_CHECK(parse_rate(name, next, &c->loop_rate));
        } else if (strcmp(name, "--multi-edges") == 0) {
            MST_CHECK(parse_rate(name, next, &c->multi_rate));
        } else if (strcmp(name, "-t") == 0 || strcmp(name, "--threads") == 0) {
            uint64_t t;
            if (mst_cli_parse_u64(name, next, 4096, &t) != 0)
                return MST_EUSAGE;
            if (t == 0)
                return mst_fail(MST_EUSAGE, "option %s: at least 1 thread", name);
            omp_set_num_threads((int)t);
        } else if (strcmp(name, "--keep-duplicates") == 0) {
            c->keep_duplicates = 1;
            takes_value = 0;
        } else if (strcmp(name, "--quiet") == 0) {
            c->quiet = 1;
            takes_value = 0;
        } else if (strcmp(name, "-v") == 0 || strcmp(name, "--verbose") == 0) {
            c->verbose = 1;
            takes_value = 0;
        } else {
            return mst_fail(MST_EUSAGE, "unknown option '%s' (see mst-gen --help)", tok[i]);
        }
        if (takes_value && value == NULL)
            i++;
        else if (!takes_value && value != NULL)
            return mst_fail(MST_EUSAGE, "option %s takes no value", name);
    }
    return MST_OK;
fail:
    return st;
}

/* Checks that the options fit the family and the rest is complete. */
static mst_status validate(gen_cli *c)
{
    if (c->family == NULL)
        return mst_fail(MST_EUSAGE, c->components ? "components: no family given (mst-gen "
                        "components --parts P FAMILY ...)" : "no family given (see mst-gen --help)");
    const gen_family *f = c->family;
    unsigned extra = c->params.given & ~(f->required | f->optional);
    for (int id = 0; id < GP_COUNT; id++) {
        if (extra & GP_BIT(id))
            return mst_fail(MST_EUSAGE, "family %s does not take %s (it takes %s)", f->name,
                            param_name((gen_param_id)id), f->usage);
        if ((f->required & GP_BIT(id)) && !(c->params.given & GP_BIT(id)))
            return mst_fail(MST_EUSAGE, "family %s needs %s (usage: mst-gen %s %s)", f->name,
                            param_name((gen_param_id)id), f->name, f->usage);
    }
    if (c->components && !c->has_parts)
        return mst_fail(MST_EUSAGE, "components needs --parts P");
    if (c->components && c->parts == 0)
        return mst_fail(MST_EUSAGE, "option --parts: must be at least 1");
    if (c->output == NULL)
        return mst_fail(MST_EUSAGE, "no output file (-o FILE)");
    if (c->weights.mode == GEN_W_DEFAULT && (c->weights.has_min || c->weights.has_max))
        c->weights.mode = GEN_W_UNIFORM;
    return gen_weights_check(&c->weights);
}

/* With --verbose: prints the time since *t and the edge count after a step; resets *t. */
static void step_time(const gen_cli *c, const char *step, double *t, uint64_t m)
{
    double now = mst_now_s();
    if (c->verbose)
        fprintf(stderr, "mst-gen: %-10s %8.3f s  m=%llu\n", step, now - *t, (unsigned long long)m);
    *t = now;
}

/* Splits a preset's command line into words (owned by *buf). */
static mst_status split_words(const char *s, char **buf, char ***words, int *count)
{
    mst_status st = MST_OK;
    size_t len = strlen(s);
    MST_ALLOC(*buf, len + 1);
    memcpy(*buf, s, len + 1);
    MST_ALLOC(*words, len / 2 + 2);
    *count = 0;
    for (char *save = NULL, *t = strtok_r(*buf, " ", &save); t != NULL;
         t = strtok_r(NULL, " ", &save))
        (*words)[(*count)++] = t;
    return MST_OK;
fail:
    return st;
}

static mst_status run(int argc, char **argv)
{
    mst_status st = MST_OK;
    gen_cli c;
    gen_edges g;
    char *preset_buf = NULL;
    char **tok = NULL, **words = NULL;
    memset(&c, 0, sizeof c);
    memset(&g, 0, sizeof g);
    c.params.seed = 1;
    c.weights.mode = GEN_W_DEFAULT;

    if (argc < 2)
        return mst_fail(MST_EUSAGE, "no family given (see mst-gen --help)");
    int count = 0;
    if (strcmp(argv[1], "preset") == 0) {
        if (argc < 3 || argv[2][0] == '-')
            return mst_fail(MST_EUSAGE, "preset needs a NAME (see mst-gen --help)");
        const gen_preset *p = gen_preset_find(argv[2]);
        if (p == NULL)
            return mst_fail(MST_EUSAGE, "unknown preset '%s' (see mst-gen --help)", argv[2]);
        int nw = 0;
        MST_CHECK(split_words(p->args, &preset_buf, &words, &nw));
        MST_ALLOC(tok, (uint64_t)nw + (uint64_t)argc);
        memcpy(tok, words, (size_t)nw * sizeof *tok);
        for (int i = 3; i < argc; i++)
            tok[nw + i - 3] = argv[i];
        count = nw + argc - 3;
        c.preset = p->name;
    } else {
        MST_ALLOC(tok, (uint64_t)argc);
        for (int i = 1; i < argc; i++)
            tok[i - 1] = argv[i];
        count = argc - 1;
    }
    MST_CHECK(parse_tokens(&c, tok, count));
    MST_CHECK(validate(&c));

    uint64_t n = 0, m = 0, removed = 0;
    MST_CHECK(c.family->check(&c.params, &n, &m));
    uint64_t parts = c.components ? c.parts : 1;
    if ((n > 0 && parts > MST_MAX_VERTICES / n) || (m > 0 && parts > GEN_MAX_EDGES / m))
        MST_FAIL(MST_ERESOURCE, "components: %llu copies of n=%llu, m=%llu exceed 2^32 - 1 "
                 "vertices or edges", (unsigned long long)parts, (unsigned long long)n,
                 (unsigned long long)m);

    double t0 = mst_now_s(), tp = t0;
    MST_CHECK(c.family->generate(&c.params, &g));
    step_time(&c, "generate", &tp, g.m);
    int may_duplicate = c.family->may_duplicate || (c.params.given & GP_BIT(GP_CONNECTED));
    if (may_duplicate && !c.keep_duplicates) {
        MST_CHECK(gen_dedup(&g, &removed));
        step_time(&c, "dedup", &tp, g.m);
    }
    if (c.components) {
        MST_CHECK(gen_replicate(&g, c.parts));
        step_time(&c, "components", &tp, g.m);
    }
    if (c.loop_rate > 0 || c.multi_rate > 0) {
        MST_CHECK(gen_inject(&g, c.params.seed, c.loop_rate, c.multi_rate));
        step_time(&c, "inject", &tp, g.m);
    }
    MST_CHECK(gen_weights_apply(&g, &c.weights, c.params.seed));
    step_time(&c, "weights", &tp, g.m);
    double t1 = mst_now_s();

    mst_graph out;
    memset(&out, 0, sizeof out);
    out.n = g.n;
    out.m = g.m;
    out.u = g.u;
    out.v = g.v;
    out.key = g.key;
    out.weight_type = g.key_type;
    out.weight_origin = MST_WEIGHTS_FROM_FILE;
    out.seed = c.params.seed;
    out.file_has_weights = c.weights.mode != GEN_W_NONE;
    out.index_base = 0;
    MST_CHECK(mst_graph_write(c.output, c.format, &out, out.file_has_weights));
    step_time(&c, "write", &tp, g.m);
    double t2 = mst_now_s();
    if (!c.quiet) {
        printf("mst-gen: %s: %s%s%sfamily=%s%s n=%u m=%llu seed=%llu removed=%llu threads=%d "
               "generate_s=%.3f write_s=%.3f\n", c.output, c.preset ? "preset=" : "",
               c.preset ? c.preset : "", c.preset ? " " : "", c.components ? "components/" : "",
               c.family->name, g.n, (unsigned long long)g.m,
               (unsigned long long)c.params.seed, (unsigned long long)removed,
               omp_get_max_threads(), t1 - t0, t2 - t1);
        fflush(stdout);
    }
    gen_edges_free(&g);
    free(tok);
    free(words);
    free(preset_buf);
    return MST_OK;
fail:
    gen_edges_free(&g);
    free(tok);
    free(words);
    free(preset_buf);
    return st;
}

int main(int argc, char **argv)
{
    for (int i = 1; i < argc; i++)
        if (strcmp(argv[i], "-h") == 0 || strcmp(argv[i], "--help") == 0) {
            usage(stdout);
            return 0;
        }
    mst_status st = run(argc, argv);
    if (st != MST_OK)
        fprintf(stderr, "mst-gen: error: %s\n", mst_last_error());
    return (int)st;
}
