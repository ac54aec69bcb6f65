/* options.c: the option tables parsed with getopt_long (see solver.h). Source: POSIX.1-2017
 * getopt(); glibc's getopt_long (long options, "-" ordering, ":" for a missing value). */
#include "solver.h"

#include <float.h>
#include <getopt.h>
#include <pthread.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "loader.h"

/* Stores `value` (not NULL) for option o into its field. Returns MST_OK or MST_EUSAGE. */
static mst_status set_value(const mst_opt_group *g, const mst_option *o, const char *value)
{
    void *field = (char *)g->values + o->offset;
    uint64_t x = 0;
    switch (o->kind) {
    case MST_OPT_FLAG:
        *(int *)field = o->flag;
        return MST_OK;
    case MST_OPT_COUNT:
    case MST_OPT_UINT:
        if ((o->kind == MST_OPT_COUNT ? mst_cli_parse_count : mst_cli_parse_u64)(
                o->name, value, o->max ? o->max : UINT64_MAX, &x) != 0)
            return MST_EUSAGE;
        *(uint64_t *)field = x;
        return MST_OK;
    case MST_OPT_REAL:
        return mst_cli_parse_positive(o->name, value, o->max ? (double)o->max : DBL_MAX,
                                      (double *)field) == 0 ? MST_OK : MST_EUSAGE;
    case MST_OPT_CHOICE: {
        char list[512] = ""; /* "a, b or c" */
        size_t len = 0;
        for (int i = 0; o->choices[i] != NULL; i++)
            if (strcmp(value, o->choices[i]) == 0) {
                *(int *)field = i;
                return MST_OK;
            }
        for (int i = 0; o->choices[i] != NULL && len < sizeof list; i++) {
            int k = snprintf(list + len, sizeof list - len, "%s%s",
                             i == 0 ? "" : o->choices[i + 1] == NULL ? " or " : ", ",
                             o->choices[i]);
            len += k > 0 ? (size_t)k : 0;
        }
        return mst_fail(MST_EUSAGE, "option %s: '%s' is not %s", o->name, value, list);
    }
    case MST_OPT_STRING:
        *(const char **)field = value;
        return MST_OK;
    case MST_OPT_CUSTOM:
        return o->parse(o->name, value, field);
    }
    return mst_fail(MST_EINTERNAL, "option %s has an unknown kind", o->name);
}

/* getopt_long keeps its state in globals (optind, optarg, optopt, opterr), so parses take turns
 * here: libmst parses a solve's options on the caller's thread, several at once. */
static pthread_mutex_t getopt_lock = PTHREAD_MUTEX_INITIALIZER;

mst_status mst_cli_parse(const mst_cli *cli, int argc, char **argv, const char **args,
                         int *nargs, mst_cli_action *action)
{
    /* getopt_long's tables: option i of the tables is val 256 + i, its alias a short option;
     * optstring "-:" returns arguments in order (val 1) and a missing value as ':'. */
    struct option longs[MST_CLI_MAX_OPTIONS + 3];
    const mst_opt_group *at_group[MST_CLI_MAX_OPTIONS];
    const mst_option *at[MST_CLI_MAX_OPTIONS];
    char shorts[3 * MST_CLI_MAX_OPTIONS + 4] = "-:h";
    int count = 0, cap = cli->max_args >= 0 ? cli->max_args : argc, c;
    mst_status st = MST_OK;
    *nargs = 0;
    *action = MST_CLI_RUN;
    /* Every option's default first; a default that does not parse is a bug in the table. */
    for (int k = 0; k < cli->ngroups; k++)
        for (const mst_option *o = cli->groups[k].options; o->name != NULL; o++, count++) {
            int arg = o->kind == MST_OPT_FLAG ? no_argument : required_argument;
            if (count == MST_CLI_MAX_OPTIONS)
                return mst_fail(MST_EINTERNAL, "more than %d options", MST_CLI_MAX_OPTIONS);
            if (o->kind == MST_OPT_FLAG && o->def != NULL)
                *(int *)((char *)cli->groups[k].values + o->offset) = atoi(o->def);
            else if (o->def != NULL && o->kind != MST_OPT_FLAG &&
                     set_value(&cli->groups[k], o, o->def) != MST_OK)
                return mst_fail(MST_EINTERNAL, "bad default '%s' of option %s: %s", o->def,
                                o->name, mst_last_error());
            longs[count] = (struct option){o->name + 2, arg, NULL, 256 + count};
            at_group[count] = &cli->groups[k];
            at[count] = o;
            if (o->alias != NULL)
                strcat(strncat(shorts, o->alias + 1, 1), arg == no_argument ? "" : ":");
        }
    longs[count] = (struct option){"help", no_argument, NULL, 'h'};
    longs[count + 1] = (struct option){"describe", no_argument, NULL, 255};
    longs[count + 2] = (struct option){0};
    pthread_mutex_lock(&getopt_lock);
    optind = 0; /* glibc: start over, with the ordering of this optstring */
    opterr = 0;
    while (st == MST_OK && *action == MST_CLI_RUN &&
           (c = getopt_long(argc, argv, shorts, longs, NULL)) != -1) {
        int i = c >= 256 ? c - 256 : -1;
        for (int k = 0; i < 0 && c != 1 && c != ':' && c != '?' && k < count; k++)
            if (at[k]->alias != NULL && at[k]->alias[1] == c)
                i = k;
        if (c == 1 && *nargs == cap) {
            st = mst_fail(MST_EUSAGE, "too many arguments ('%s')", optarg);
        } else if (c == 1) {
            args[(*nargs)++] = optarg;
        } else if (c == 'h' || c == 255) {
            *action = c == 'h' ? MST_CLI_HELP : MST_CLI_DESCRIBE;
        } else if (c == ':' || c == '?') { /* optopt: the option, 0 for an unknown long one */
            char alias[3] = {'-', (char)optopt, '\0'};
            const char *name = optopt >= 256 ? at[optopt - 256]->name
                               : optopt > 0  ? alias
                                             : argv[optind - 1];
            if (c == ':')
                st = mst_fail(MST_EUSAGE, "option %s needs a value", name);
            else if (optopt >= 256) /* a value given to a flag */
                st = mst_fail(MST_EUSAGE, "option %s takes no value", name);
            else
                st = mst_fail(MST_EUSAGE, "unknown option '%.*s'", (int)strcspn(name, "="),
                              name);
        } else {
            st = set_value(at_group[i], at[i], optarg);
        }
    }
    for (; st == MST_OK && *action == MST_CLI_RUN && optind < argc; optind++) /* after "--" */
        if (*nargs == cap)
            st = mst_fail(MST_EUSAGE, "too many arguments ('%s')", argv[optind]);
        else
            args[(*nargs)++] = argv[optind];
    pthread_mutex_unlock(&getopt_lock);
    if (st == MST_OK && *action == MST_CLI_RUN && *nargs < cli->min_args)
        st = mst_fail(MST_EUSAGE, "missing arguments (usage: %s %s)", cli->program, cli->usage);
    return st;
}

int mst_options_with_default(mst_option *dst, size_t cap, const mst_option *src,
                             const char *name, const char *def)
{
    int found = 0;
    for (size_t i = 0; i < cap; i++) {
        dst[i] = src[i];
        if (src[i].name == NULL)
            return found ? 0 : -1;
        if (strcmp(src[i].name, name) == 0)
            dst[i].def = def, found = 1;
    }
    return -1;
}

int mst_cli_parse_main(const mst_cli *cli, int argc, char **argv, const char **args, int *nargs)
{
    mst_cli_action action;
    mst_status st = mst_cli_parse(cli, argc, argv, args, nargs, &action);
    if (st != MST_OK) {
        fprintf(stderr, "%s: error: %s (try --help)\n", cli->program, mst_last_error());
        return (int)st;
    }
    if (action == MST_CLI_RUN)
        return -1;
    (action == MST_CLI_HELP ? mst_cli_help : mst_cli_describe)(stdout, cli);
    return 0;
}

/* ---------------------------------------- help and describe */

/* A help text in the right column: every "\n" continues it there, whatever indent follows. */
static void right_column(FILE *f, const char *text)
{
    for (const char *p = text; *p; p++) {
        fputc(*p, f);
        if (*p == '\n') {
            fprintf(f, "  %-20s", "");
            while (p[1] == ' ')
                p++;
        }
    }
}

void mst_cli_help(FILE *f, const mst_cli *cli)
{
    fprintf(f, "usage: %s %s\n%s\n", cli->program, cli->usage, cli->description);
    if (cli->nvariants > 0) {
        fprintf(f, "\n%s:\n", cli->variants_title);
        for (int i = 0; i < cli->nvariants; i++) {
            fprintf(f, "  %-20s", cli->variants[i].name);
            right_column(f, cli->variants[i].help);
            fprintf(f, "%s\n", i == 0 && strcmp(cli->kind, "solver") == 0 ? " (default)" : "");
        }
    }
    for (int k = 0; k < cli->ngroups; k++) {
        fprintf(f, "\n%s:\n", cli->groups[k].title);
        for (const mst_option *o = cli->groups[k].options; o->name != NULL; o++) {
            char left[64]; /* "-a, --name METAVAR" */
            snprintf(left, sizeof left, "%s%s%s%s%s", o->alias ? o->alias : "",
                     o->alias ? ", " : "", o->name, o->metavar ? " " : "",
                     o->metavar ? o->metavar : "");
            fprintf(f, "  %-20s", left);
            if (strlen(left) > 19)
                fprintf(f, "\n  %-20s", "");
            right_column(f, o->help);
            if (o->def != NULL && o->kind != MST_OPT_FLAG)
                fprintf(f, " (default %s)", o->def);
            fputc('\n', f);
        }
    }
    fprintf(f, "  %-20s%s\n  %-20s%s\n", "-h, --help", "this text", "--describe",
            "one JSON object: variants and options with their defaults");
    if (cli->notes != NULL)
        fprintf(f, "\n%s", cli->notes);
}

void mst_json_string(FILE *f, const char *s)
{
    if (s == NULL) {
        fputs("null", f);
        return;
    }
    fputc('"', f);
    for (; *s; s++) {
        unsigned char c = (unsigned char)*s;
        if (c == '"' || c == '\\')
            fprintf(f, "\\%c", c);
        else if (c == '\n')
            fputs("\\n", f);
        else if (c < 0x20)
            fprintf(f, "\\u%04x", c);
        else
            fputc(c, f);
    }
    fputc('"', f);
}

void mst_json_member(FILE *f, const char *key, const char *value)
{
    fprintf(f, ",\"%s\":", key);
    mst_json_string(f, value);
}

void mst_cli_describe(FILE *f, const mst_cli *cli)
{
    fputs("{\"program\":", f);
    mst_json_string(f, cli->program);
    mst_json_member(f, "kind", cli->kind);
    mst_json_member(f, "parallelism", cli->parallelism);
    mst_json_member(f, "usage", cli->usage);
    mst_json_member(f, "description", cli->description);
    fputs(",\"variants\":[", f);
    for (int i = 0; i < cli->nvariants; i++) {
        fprintf(f, "%s{\"name\":", i ? "," : "");
        mst_json_string(f, cli->variants[i].name);
        fprintf(f, ",\"default\":%s", i == 0 ? "true" : "false");
        mst_json_member(f, "help", cli->variants[i].help);
        fputc('}', f);
    }
    fputs("],\"options\":[", f);
    static const char *const kinds[] = {"flag", "count", "uint", "real", "choice", "string",
                                        "value"};
    const char *sep = "";
    for (int k = 0; k < cli->ngroups; k++)
        for (const mst_option *o = cli->groups[k].options; o->name != NULL; o++, sep = ",") {
            fprintf(f, "%s{\"name\":", sep);
            mst_json_string(f, o->name);
            mst_json_member(f, "alias", o->alias);
            fprintf(f, ",\"kind\":\"%s\"", kinds[o->kind]);
            mst_json_member(f, "default", o->def);
            fputs(",\"choices\":", f);
            if (o->choices == NULL) {
                fputs("null", f);
            } else {
                fputc('[', f);
                for (int i = 0; o->choices[i] != NULL; i++) {
                    fputs(i ? "," : "", f);
                    mst_json_string(f, o->choices[i]);
                }
                fputc(']', f);
            }
            mst_json_member(f, "help", o->help);
            mst_json_member(f, "group", cli->groups[k].title);
            fputc('}', f);
        }
    fputs("]}\n", f);
}

int mst_cli_add_group(mst_cli *cli, const char *title, const mst_option *options, void *values)
{
    if (options == NULL)
        return 0;
    if (cli->ngroups == MST_CLI_MAX_GROUPS)
        return -1;
    cli->groups[cli->ngroups++] = (mst_opt_group){title, options, values};
    return 0;
}

/* ---------------------------------------- the shared tables and numbers */

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
    if (*s == '\0' || mst_scan_u64(&p, 0, &x) != MST_TOK_OK || *p != '\0' || x > max) {
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
