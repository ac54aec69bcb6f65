/* options.c: the option-table parser, --help and --describe (see options.h). */
#include "options.h"

#include <float.h>
#include <inttypes.h>
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

/* The option called `name` (or its alias) and its group, or NULL. */
static const mst_option *find(const mst_cli *cli, const char *name, const mst_opt_group **group)
{
    for (int k = 0; k < cli->ngroups; k++)
        for (const mst_option *o = cli->groups[k].options; o->name != NULL; o++)
            if (strcmp(o->name, name) == 0 || (o->alias != NULL && strcmp(o->alias, name) == 0)) {
                *group = &cli->groups[k];
                return o;
            }
    return NULL;
}

/* Handles argv[*i], an option; advances *i past a separate value. */
static mst_status one_option(const mst_cli *cli, int argc, char **argv, int *i)
{
    char namebuf[64];
    const char *inline_value;
    const char *name = mst_cli_split(argv[*i], namebuf, sizeof namebuf, &inline_value);
    const mst_opt_group *g = NULL;
    const mst_option *o = find(cli, name, &g);
    if (o == NULL)
        return mst_fail(MST_EUSAGE, "unknown option '%s'", name);
    if (o->kind == MST_OPT_FLAG) {
        if (inline_value != NULL)
            return mst_fail(MST_EUSAGE, "option %s takes no value", name);
        return set_value(g, o, NULL);
    }
    const char *value = inline_value;
    if (value == NULL && *i + 1 < argc)
        value = argv[++*i];
    if (value == NULL)
        return mst_fail(MST_EUSAGE, "option %s needs a value", name);
    return set_value(g, o, value);
}

mst_status mst_cli_parse(const mst_cli *cli, int argc, char **argv, const char **args,
                         int *nargs, mst_cli_action *action)
{
    int cap = cli->max_args >= 0 ? cli->max_args : argc;
    *nargs = 0;
    *action = MST_CLI_RUN;
    mst_status st = apply_defaults(cli);
    for (int i = 1; i < argc && st == MST_OK; i++) {
        const char *a = argv[i];
        if (strcmp(a, "-h") == 0 || strcmp(a, "--help") == 0) {
            *action = MST_CLI_HELP;
            return MST_OK;
        }
        if (strcmp(a, "--describe") == 0) {
            *action = MST_CLI_DESCRIBE;
            return MST_OK;
        }
        if (a[0] != '-' || strcmp(a, "-") == 0) {
            if (*nargs == cap)
                return mst_fail(MST_EUSAGE, "too many arguments ('%s')", a);
            args[(*nargs)++] = a;
            continue;
        }
        st = one_option(cli, argc, argv, &i);
    }
    if (st == MST_OK && *nargs < cli->min_args)
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
