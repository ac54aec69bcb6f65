/* Unit tests of the option-table parser (options.h): defaults, every value kind, aliases,
 * inline values, positional arguments, --help/--describe, and the error messages. */
#include <criterion/criterion.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "solver.h"

typedef struct values {
    int flag;       /* --flag / --no-flag, default -1 */
    uint64_t count; /* --count N, default 5 */
    uint64_t uint;  /* --uint N */
    double real;    /* --real X, default 0.5 */
    int choice;     /* --choice a|bb|c, default bb */
    const char *text;
    uint64_t custom; /* --even N: an even number */
} values;

static mst_status parse_even(const char *option, const char *value, void *field)
{
    uint64_t x;
    if (mst_cli_parse_u64(option, value, 1000, &x) != 0 || x % 2)
        return mst_fail(MST_EUSAGE, "option %s: '%s' is not even", option, value);
    *(uint64_t *)field = x;
    return MST_OK;
}

static const char *const abc[] = {"a", "bb", "c", NULL};

static const mst_option table[] = {
    {.name = "--flag", .kind = MST_OPT_FLAG, .flag = 1, .def = "-1",
     .offset = offsetof(values, flag), .help = "on"},
    {.name = "--no-flag", .kind = MST_OPT_FLAG, .flag = 0, .def = "-1",
     .offset = offsetof(values, flag), .help = "off"},
    {.name = "--count", .alias = "-c", .kind = MST_OPT_COUNT, .max = 10, .def = "5",
     .offset = offsetof(values, count), .metavar = "N", .help = "a count"},
    {.name = "--uint", .kind = MST_OPT_UINT, .max = 7, .offset = offsetof(values, uint),
     .metavar = "N", .help = "a number"},
    {.name = "--real", .kind = MST_OPT_REAL, .max = 2, .def = "0.5",
     .offset = offsetof(values, real), .metavar = "X", .help = "a real"},
    {.name = "--choice", .kind = MST_OPT_CHOICE, .choices = abc, .def = "bb",
     .offset = offsetof(values, choice), .metavar = "C", .help = "a choice"},
    {.name = "--text", .kind = MST_OPT_STRING, .offset = offsetof(values, text), .metavar = "T",
     .help = "any text"},
    {.name = "--even", .kind = MST_OPT_CUSTOM, .parse = parse_even,
     .offset = offsetof(values, custom), .metavar = "N", .help = "an even number"},
    {0},
};

static values v;

static mst_cli make_cli(int max_args)
{
    mst_cli cli = {.program = "prog", .kind = "tool", .usage = "[options] A", .description = "d",
                   .min_args = 1, .max_args = max_args};
    cr_assert_eq(mst_cli_add_group(&cli, "options", table, &v), 0);
    return cli;
}

/* Parses the words of `line` (program name first); returns the status, *nargs and args. */
static mst_status parse(const char *line, const char **args, int *nargs, mst_cli_action *act)
{
    static char buf[512];
    static char *argv[32];
    int argc = 0;
    mst_cli cli = make_cli(2);
    snprintf(buf, sizeof buf, "prog %s", line);
    for (char *save = NULL, *t = strtok_r(buf, " ", &save); t; t = strtok_r(NULL, " ", &save))
        argv[argc++] = t;
    memset(&v, 0x5a, sizeof v);
    return mst_cli_parse(&cli, argc, argv, args, nargs, act);
}

static void expect_error(const char *line, const char *message)
{
    const char *args[2];
    int nargs;
    mst_cli_action act;
    cr_assert_eq(parse(line, args, &nargs, &act), MST_EUSAGE, "%s", line);
    cr_assert_str_eq(mst_last_error(), message);
}

Test(options, defaults_apply_before_parsing)
{
    const char *args[2];
    int nargs;
    mst_cli_action act;
    cr_assert_eq(parse("file", args, &nargs, &act), MST_OK);
    cr_assert_eq(act, MST_CLI_RUN);
    cr_assert_eq(nargs, 1);
    cr_assert_str_eq(args[0], "file");
    cr_assert_eq(v.flag, -1);
    cr_assert_eq(v.count, 5);
    cr_assert_eq(v.real, 0.5);
    cr_assert_eq(v.choice, 1);
    cr_assert_eq(v.uint, 0x5a5a5a5a5a5a5a5aull, "no default: the field is left as it was");
}

Test(options, every_kind_and_the_last_occurrence_wins)
{
    const char *args[2];
    int nargs;
    mst_cli_action act;
    cr_assert_eq(parse("--flag -c 3 --uint=0 --real 2 --choice c --text=a=b --even 8 x "
                       "--no-flag --count=9 -",
                       args, &nargs, &act), MST_OK, "%s", mst_last_error());
    cr_assert_eq(v.flag, 0);
    cr_assert_eq(v.count, 9);
    cr_assert_eq(v.uint, 0);
    cr_assert_eq(v.real, 2.0);
    cr_assert_eq(v.choice, 2);
    cr_assert_str_eq(v.text, "a=b");
    cr_assert_eq(v.custom, 8);
    cr_assert_eq(nargs, 2);
    cr_assert_str_eq(args[1], "-");
}

Test(options, errors_name_the_option)
{
    expect_error("--bogus f", "unknown option '--bogus'");
    expect_error("f --count", "option --count needs a value");
    expect_error("--count 0 f", "option --count: bad value '0' (1..10)");
    expect_error("--count 11 f", "option --count: bad value '11' (1..10)");
    expect_error("--uint x f", "option --uint: bad value 'x' (a whole number up to 7)");
    expect_error("--real 0 f", "option --real: bad value '0' (a number > 0)");
    expect_error("--choice d f", "option --choice: 'd' is not a, bb or c");
    expect_error("--even 3 f", "option --even: '3' is not even");
    expect_error("--flag=1 f", "option --flag takes no value");
    expect_error("a b c", "too many arguments ('c')");
    expect_error("--flag", "missing arguments (usage: prog [options] A)");
}

Test(options, help_and_describe_stop_the_parse)
{
    const char *args[2];
    int nargs;
    mst_cli_action act;
    cr_assert_eq(parse("--bogus-later-is-not-seen --help", args, &nargs, &act), MST_EUSAGE);
    cr_assert_eq(parse("-h --bogus", args, &nargs, &act), MST_OK);
    cr_assert_eq(act, MST_CLI_HELP);
    cr_assert_eq(parse("--describe", args, &nargs, &act), MST_OK);
    cr_assert_eq(act, MST_CLI_DESCRIBE);
}

Test(options, a_bad_default_is_an_internal_error)
{
    static const mst_option bad[] = {
        {.name = "--n", .kind = MST_OPT_COUNT, .max = 3, .def = "4", .offset = 0, .help = "n"},
        {0},
    };
    uint64_t n = 0;
    char *argv[] = {"prog", "x"};
    const char *args[1];
    int nargs;
    mst_cli_action act;
    mst_cli cli = {.program = "prog", .kind = "tool", .usage = "A", .description = "d",
                   .max_args = 1};
    mst_cli_add_group(&cli, "options", bad, &n);
    cr_assert_eq(mst_cli_parse(&cli, 2, argv, args, &nargs, &act), MST_EINTERNAL);
}

/* --help lists every option with its default; --describe is one line of JSON. */
Test(options, help_and_describe_text)
{
    char *text = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);
    mst_cli cli = make_cli(1);
    mst_cli_help(f, &cli);
    fclose(f);
    cr_assert(strstr(text, "  -c, --count N       a count (default 5)\n") != NULL, "%s", text);
    cr_assert(strstr(text, "--choice C          a choice (default bb)") != NULL, "%s", text);
    free(text);
    f = open_memstream(&text, &len);
    mst_cli_describe(f, &cli);
    fclose(f);
    cr_assert(strstr(text, "{\"name\":\"--count\",\"alias\":\"-c\",\"kind\":\"count\","
                           "\"default\":\"5\",\"choices\":null,\"help\":\"a count\","
                           "\"group\":\"options\"}") != NULL, "%s", text);
    cr_assert(strstr(text, "\"choices\":[\"a\",\"bb\",\"c\"]") != NULL, "%s", text);
    cr_assert_eq(strchr(text, '\n'), text + len - 1, "one line");
    free(text);
}

Test(options, a_shared_table_with_another_default)
{
    mst_option copy[8];
    cr_assert_eq(mst_options_with_default(copy, 8, mst_load_option_table, "--weights", "keep"), 0);
    int found = 0;
    for (const mst_option *o = copy; o->name != NULL; o++)
        if (strcmp(o->name, "--weights") == 0)
            found = strcmp(o->def, "keep") == 0;
    cr_assert(found);
    cr_assert_eq(mst_options_with_default(copy, 8, mst_load_option_table, "--nope", "x"), -1);
    cr_assert_eq(mst_options_with_default(copy, 2, mst_load_option_table, "--weights", "x"), -1);
}
