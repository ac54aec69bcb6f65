/* options.c: the option tables parsed with getopt_long (see options.h). Source: POSIX.1-2017
 * getopt(); glibc's getopt_long (long options, "-" ordering, ":" for a missing value). */
#include "options.h"

#include <float.h>
#include <getopt.h>
#include <inttypes.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"

static void *field_of(const mst_opt_group *g, const mst_option *o)
{
    return (char *)g->values + o->offset;
}

/* "a, b or c" for a choice's error message, into buf. */
static const char *choice_list(const char *const *choices, char *buf, size_t cap)
{
    size_t len = 0;
    buf[0] = '\0';
    for (int i = 0; choices[i] != NULL && len < cap; i++) {
        const char *sep = i == 0 ? "" : choices[i + 1] == NULL ? " or " : ", ";
        int k = snprintf(buf + len, cap - len, "%s%s", sep, choices[i]);
        len += k > 0 ? (size_t)k : 0;
    }
    return buf;
}

/* Stores `value` (not NULL) for option o into its field. Returns MST_OK or MST_EUSAGE. */
static mst_status set_value(const mst_opt_group *g, const mst_option *o, const char *value)
{
    void *field = field_of(g, o);
    uint64_t x = 0;
    switch (o->kind) {
    case MST_OPT_FLAG:
        *(int *)field = o->flag;
        return MST_OK;
    case MST_OPT_COUNT:
        if (mst_cli_parse_count(o->name, value, o->max ? o->max : UINT64_MAX, &x) != 0)
            return MST_EUSAGE;
        *(uint64_t *)field = x;
        return MST_OK;
    case MST_OPT_UINT:
        if (mst_cli_parse_u64(o->name, value, o->max ? o->max : UINT64_MAX, &x) != 0)
            return MST_EUSAGE;
        *(uint64_t *)field = x;
        return MST_OK;
    case MST_OPT_REAL:
        return mst_cli_parse_positive(o->name, value, o->max ? (double)o->max : DBL_MAX,
                                      (double *)field) == 0 ? MST_OK : MST_EUSAGE;
    case MST_OPT_CHOICE:
        for (int i = 0; o->choices[i] != NULL; i++)
            if (strcmp(value, o->choices[i]) == 0) {
                *(int *)field = i;
                return MST_OK;
            }
        {
            char list[512];
            return mst_fail(MST_EUSAGE, "option %s: '%s' is not %s", o->name, value,
                            choice_list(o->choices, list, sizeof list));
        }
    case MST_OPT_STRING:
        *(const char **)field = value;
        return MST_OK;
    case MST_OPT_CUSTOM:
        return o->parse(o->name, value, field);
    }
    return mst_fail(MST_EINTERNAL, "option %s has an unknown kind", o->name);
}

/* Applies every option's default; a default that does not parse is a bug in the table. */
static mst_status apply_defaults(const mst_cli *cli)
{
    for (int k = 0; k < cli->ngroups; k++) {
        const mst_opt_group *g = &cli->groups[k];
        for (const mst_option *o = g->options; o->name != NULL; o++) {
            if (o->kind == MST_OPT_FLAG) {
                if (o->def != NULL)
                    *(int *)field_of(g, o) = (int)strtol(o->def, NULL, 10);
            } else if (o->def != NULL && set_value(g, o, o->def) != MST_OK) {
                return mst_fail(MST_EINTERNAL, "bad default '%s' of option %s: %s", o->def,
                                o->name, mst_last_error());
            }
        }
    }
    return MST_OK;
}

/* getopt_long keeps its state in globals (optind, optarg, optopt, opterr), so parses take turns
 * here: libmst parses a solve's options on the caller's thread, several at once. */
static pthread_mutex_t getopt_lock = PTHREAD_MUTEX_INITIALIZER;

/* The getopt_long loop over argv, with long[] and at[] built from the tables (see caller). */
static mst_status run_getopt(const mst_cli *cli, int argc, char **argv, const char **args,
                             int *nargs, mst_cli_action *action, const struct option *longs,
                             const char *shorts, const mst_opt_group **at_group,
                             const mst_option **at)
{
    int cap = cli->max_args >= 0 ? cli->max_args : argc, c;
    optind = 0; /* glibc: start over, with the ordering of this optstring */
    opterr = 0;
    while ((c = getopt_long(argc, argv, shorts, longs, NULL)) != -1) {
        int i = c >= 256 ? c - 256 : -1;
        for (int k = 0; i < 0 && c != 1 && c != ':' && c != '?' && at[k] != NULL; k++)
            if (at[k]->alias != NULL && at[k]->alias[1] == c)
                i = k;
        if (c == 1 && *nargs == cap)
            return mst_fail(MST_EUSAGE, "too many arguments ('%s')", optarg);
        if (c == 1) {
            args[(*nargs)++] = optarg;
        } else if (c == 'h' || c == 255) {
            *action = c == 'h' ? MST_CLI_HELP : MST_CLI_DESCRIBE;
            return MST_OK;
        } else if (c == ':' || c == '?') { /* optopt: the option, 0 for an unknown long one */
            char alias[3] = {'-', (char)optopt, '\0'};
            const char *name = optopt >= 256 ? at[optopt - 256]->name
                               : optopt > 0  ? alias
                                             : argv[optind - 1];
            if (c == ':')
                return mst_fail(MST_EUSAGE, "option %s needs a value", name);
            if (optopt >= 256) /* a value given to a flag */
                return mst_fail(MST_EUSAGE, "option %s takes no value", name);
            return mst_fail(MST_EUSAGE, "unknown option '%.*s'", (int)strcspn(name, "="), name);
        } else {
            mst_status st = set_value(at_group[i], at[i], optarg);
            if (st != MST_OK)
                return st;
        }
    }
    for (; optind < argc; optind++) /* after "--" */
        if (*nargs == cap)
            return mst_fail(MST_EUSAGE, "too many arguments ('%s')", argv[optind]);
        else
            args[(*nargs)++] = argv[optind];
    return MST_OK;
}

mst_status mst_cli_parse(const mst_cli *cli, int argc, char **argv, const char **args,
                         int *nargs, mst_cli_action *action)
{
    mst_status st = MST_OK;
    struct option *longs = NULL;
    const mst_opt_group **at_group = NULL;
    const mst_option **at = NULL;
    char *shorts = NULL;
    *nargs = 0;
    *action = MST_CLI_RUN;
    MST_CHECK(apply_defaults(cli));
    /* getopt_long's tables: option i of the tables is val 256 + i, its alias a short option;
     * optstring "-:" returns arguments in order (val 1) and a missing value as ':'. */
    int count = 0;
    for (int k = 0; k < cli->ngroups; k++)
        for (const mst_option *o = cli->groups[k].options; o->name != NULL; o++)
            count++;
    MST_ALLOC(longs, count + 3);
    MST_ALLOC(at_group, count + 1);
    MST_ALLOC(at, count + 1);
    MST_ALLOC(shorts, 3 * count + 4);
    strcpy(shorts, "-:h");
    count = 0;
    for (int k = 0; k < cli->ngroups; k++)
        for (const mst_option *o = cli->groups[k].options; o->name != NULL; o++, count++) {
            int arg = o->kind == MST_OPT_FLAG ? no_argument : required_argument;
            longs[count] = (struct option){o->name + 2, arg, NULL, 256 + count};
            at_group[count] = &cli->groups[k];
            at[count] = o;
            if (o->alias != NULL)
                strcat(strncat(shorts, o->alias + 1, 1), arg == no_argument ? "" : ":");
        }
    at[count] = NULL;
    longs[count] = (struct option){"help", no_argument, NULL, 'h'};
    longs[count + 1] = (struct option){"describe", no_argument, NULL, 255};
    memset(&longs[count + 2], 0, sizeof *longs);
    pthread_mutex_lock(&getopt_lock);
    st = run_getopt(cli, argc, argv, args, nargs, action, longs, shorts, at_group, at);
    pthread_mutex_unlock(&getopt_lock);
    if (st == MST_OK && *action == MST_CLI_RUN && *nargs < cli->min_args)
        st = mst_fail(MST_EUSAGE, "missing arguments (usage: %s %s)", cli->program, cli->usage);
fail:
    free(longs);
    free(at_group);
    free(at);
    free(shorts);
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
