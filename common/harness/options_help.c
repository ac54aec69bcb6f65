/* options_help.c: --help and --describe from the option tables (see options.h). */
#include <inttypes.h>
#include <string.h>

#include "options.h"

static const char *kind_name(mst_opt_kind k)
{
    static const char *const names[] = {"flag", "count", "uint", "real", "choice", "string",
                                        "value"};
    return names[k];
}

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

/* One option's help: left column ("-a, --name METAVAR"), the help text, its default. */
static void help_option(FILE *f, const mst_option *o)
{
    char left[64];
    snprintf(left, sizeof left, "%s%s%s%s%s", o->alias ? o->alias : "", o->alias ? ", " : "",
             o->name, o->metavar ? " " : "", o->metavar ? o->metavar : "");
    fprintf(f, "  %-20s", left);
    if (strlen(left) > 19)
        fprintf(f, "\n  %-20s", "");
    right_column(f, o->help);
    if (o->def != NULL && o->kind != MST_OPT_FLAG)
        fprintf(f, " (default %s)", o->def);
    fputc('\n', f);
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
        for (const mst_option *o = cli->groups[k].options; o->name != NULL; o++)
            help_option(f, o);
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

static void describe_option(FILE *f, const mst_option *o, const char *group)
{
    fputs("{\"name\":", f);
    mst_json_string(f, o->name);
    fputs(",\"alias\":", f);
    mst_json_string(f, o->alias);
    fprintf(f, ",\"kind\":\"%s\",\"default\":", kind_name(o->kind));
    mst_json_string(f, o->def);
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
    fputs(",\"help\":", f);
    mst_json_string(f, o->help);
    fputs(",\"group\":", f);
    mst_json_string(f, group);
    fputc('}', f);
}

void mst_cli_describe(FILE *f, const mst_cli *cli)
{
    fputs("{\"program\":", f);
    mst_json_string(f, cli->program);
    fputs(",\"kind\":", f);
    mst_json_string(f, cli->kind);
    fputs(",\"parallelism\":", f);
    mst_json_string(f, cli->parallelism);
    fputs(",\"usage\":", f);
    mst_json_string(f, cli->usage);
    fputs(",\"description\":", f);
    mst_json_string(f, cli->description);
    fputs(",\"variants\":[", f);
    for (int i = 0; i < cli->nvariants; i++) {
        fprintf(f, "%s{\"name\":", i ? "," : "");
        mst_json_string(f, cli->variants[i].name);
        fprintf(f, ",\"default\":%s,\"help\":", i == 0 ? "true" : "false");
        mst_json_string(f, cli->variants[i].help);
        fputc('}', f);
    }
    fputs("],\"options\":[", f);
    int first = 1;
    for (int k = 0; k < cli->ngroups; k++)
        for (const mst_option *o = cli->groups[k].options; o->name != NULL; o++) {
            fputs(first ? "" : ",", f);
            describe_option(f, o, cli->groups[k].title);
            first = 0;
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
