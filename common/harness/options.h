/*
 * options.h: the one command-line parser of every executable. An executable describes its
 * options as tables (name, value kind, default, help line, where the value goes); the same
 * tables drive parsing, `--help` and `--describe` (one JSON object for scripts and tests), so
 * usage text cannot drift from what is parsed.
 */
#ifndef MST_OPTIONS_H
#define MST_OPTIONS_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "core.h"

#ifdef __cplusplus
extern "C" {
#endif

/* What an option takes, and the C type of its field. */
typedef enum mst_opt_kind {
    MST_OPT_FLAG,   /* no value: stores `flag` (int) */
    MST_OPT_COUNT,  /* a whole number in 1..max (uint64_t) */
    MST_OPT_UINT,   /* a whole number in 0..max (uint64_t) */
    MST_OPT_REAL,   /* a real number x, 0 < x <= max (double) */
    MST_OPT_CHOICE, /* one of `choices`: its index (int) */
    MST_OPT_STRING, /* any text (const char *, pointing into argv or `def`) */
    MST_OPT_CUSTOM  /* parsed by `parse` into the field */
} mst_opt_kind;

/* One option. Tables end with an entry whose name is NULL. */
typedef struct mst_option {
    const char *name;            /* "--dsu" */
    const char *alias;           /* "-t", or NULL */
    mst_opt_kind kind;
    size_t offset;               /* of the field in the table's value struct (offsetof) */
    const char *def;             /* default in the option's own syntax, applied before parsing;
                                    FLAG: the int stored when neither flag is given ("-1");
                                    NULL: the field keeps what the caller set */
    const char *metavar;         /* "N" in "--trials N" */
    const char *help;            /* one line; "\n" continues it on the next line */
    const char *const *choices;  /* CHOICE: NULL-terminated */
    uint64_t max;                /* COUNT, UINT: largest value; REAL: too (0: no limit) */
    int flag;                    /* FLAG: value stored */
    /* CUSTOM: parses value into field; returns MST_OK or MST_EUSAGE with mst_fail's message */
    mst_status (*parse)(const char *option, const char *value, void *field);
} mst_option;

/* A table and the struct its offsets refer to, with the title --help prints above it. */
typedef struct mst_opt_group {
    const char *title;
    const mst_option *options;
    void *values;
} mst_opt_group;

/* A named variant (--algo of a solver, FAMILY of mst-gen) for --help and --describe. */
typedef struct mst_cli_variant {
    const char *name;
    const char *help;
} mst_cli_variant;

#define MST_CLI_MAX_GROUPS 6
#define MST_CLI_MAX_OPTIONS 64
#define MST_CLI_MAX_VARIANTS 32

/* Everything the parser, --help and --describe know of an executable. */
typedef struct mst_cli {
    const char *program;     /* "mst-seq" */
    const char *kind;        /* "solver" or "tool" (--describe) */
    const char *parallelism; /* "sequential", "threads", "gpu", "ranks", or NULL */
    const char *usage;       /* after the program name: "[options] GRAPH" */
    const char *description; /* one line */
    const char *notes;       /* more --help text, or NULL */
    int min_args, max_args;  /* positional arguments accepted (max < 0: any) */
    int ngroups;
    mst_opt_group groups[MST_CLI_MAX_GROUPS];
    int nvariants;
    const char *variants_title; /* "variants (--algo)" */
    mst_cli_variant variants[MST_CLI_MAX_VARIANTS];
} mst_cli;

/* What the command line asks for. */
typedef enum mst_cli_action { MST_CLI_RUN, MST_CLI_HELP, MST_CLI_DESCRIBE } mst_cli_action;

/*
 * Sets every field of every group to its option's default (mst_option.def), then parses
 * argv[1..argc) with getopt_long: options in any order ("--name value", "--name=value", a unique
 * prefix of a name, aliases as short options), positional arguments (anything not starting with
 * '-', "-", and everything after "--") into args[0..*nargs) in order (room for cli->max_args, or
 * argc entries when max_args < 0); argv is not reordered. "-h"/"--help" and "--describe" stop the
 * parse with *action set. Parses on several threads take turns (getopt_long's state is global).
 * Errors: MST_EUSAGE with a one-line message (unknown option, missing or bad value, a value
 * given to a flag, too few or too many arguments); MST_EINTERNAL for a programming error (a bad
 * default in a table, more than MST_CLI_MAX_OPTIONS options).
 */
mst_status mst_cli_parse(const mst_cli *cli, int argc, char **argv, const char **args,
                         int *nargs, mst_cli_action *action);

/*
 * mst_cli_parse for a tool's main(): prints --help, --describe or "PROGRAM: error: MESSAGE (try
 * --help)" itself. Returns -1 when the program should go on, else its exit code (0 after help
 * or describe, the error's status otherwise).
 */
int mst_cli_parse_main(const mst_cli *cli, int argc, char **argv, const char **args,
                       int *nargs);

/* Prints the usage, description, variants and every group's options with their defaults. */
void mst_cli_help(FILE *f, const mst_cli *cli);

/*
 * Prints one JSON object on one line: program, kind, parallelism, usage, description,
 * variants [{name, default, help}], options [{name, alias, kind, default, choices, help,
 * group}]. The first variant is the default.
 */
void mst_cli_describe(FILE *f, const mst_cli *cli);

/* Adds a group of options; returns 0, or -1 when the cli is full (a programming error). */
int mst_cli_add_group(mst_cli *cli, const char *title, const mst_option *options, void *values);

/*
 * Copies the table src (with its end entry) into dst[0..cap) and sets the default of the option
 * called `name` to `def`: for an executable whose default differs from a shared table's.
 * Returns 0, or -1 when dst is too small or has no such option (a programming error).
 */
int mst_options_with_default(mst_option *dst, size_t cap, const mst_option *src,
                             const char *name, const char *def);

/* Writes s as a JSON string (quotes, escapes). */
void mst_json_string(FILE *f, const char *s);

/* ---- What every executable shares, so that all read them alike. ---- */

/* The loading options (--format, --one-based, --vertices, --weights, --seed, --weight-type)
 * over an mst_load_options, with the defaults of mst_load_options_default(). */
extern const mst_option mst_load_option_table[];

/* Parses a whole decimal string into *out (at most `max`); returns 0 or -1 (message recorded
 * naming `option`). */
int mst_cli_parse_u64(const char *option, const char *s, uint64_t max, uint64_t *out);

/* Parses a count: a whole decimal number in 1..max, into *out; returns 0, or -1 with a usage
 * message recorded (MST_EUSAGE): "option NAME needs a value" for s NULL, else "option NAME:
 * bad value 'S' (1..max)". *out is left alone on failure. */
int mst_cli_parse_count(const char *option, const char *s, uint64_t max, uint64_t *out);

/* Parses a real number x with 0 < x <= max (strtod syntax, the whole string) into *out; returns
 * 0, or -1 with a usage message naming `option` recorded (MST_EUSAGE). */
int mst_cli_parse_positive(const char *option, const char *s, double max, double *out);

#ifdef __cplusplus
}
#endif

#endif
