/*
 * args.h: mst-gen's command line. A preset is a stored command line that the user's own
 * options extend (the last occurrence of an option wins); FAMILY and its parameters come from
 * gen.h's family table.
 */
#ifndef MST_GEN_ARGS_H
#define MST_GEN_ARGS_H

#include <stdio.h>

#include "gen.h"
#include "solver.h"

typedef struct gen_cli {
    const gen_family *family;
    int components;       /* the components meta-family */
    uint64_t parts;
    gen_params params;
    int connected;
    gen_weights weights;
    double loop_rate, multi_rate;
    int keep_duplicates;
    const char *output;
    const char *format;
    const char *coordinates; /* --coordinates FILE: the vertices' points, DIMACS .co (or NULL) */
    uint64_t threads;     /* 0: OMP_NUM_THREADS or all cores */
    int quiet;
    int verbose;
    const char *preset;
    uint64_t per_rank;    /* --per-rank P: weak scaling, the size times P (0: not given) */
} gen_cli;

/*
 * Parses argv ("FAMILY ...", "components --parts P FAMILY ...", "preset NAME ...") into *c
 * and checks the options against the family; the output (-o) is mst-gen's to check. *action
 * says whether argv asks for --help or --describe, printed on `help` unless it is NULL. Prints
 * nothing else. Errors: MST_EUSAGE with a one-line message (the parser's own, about an option
 * or an argument, end in "(try --help)"), MST_ERESOURCE.
 */
mst_status gen_cli_read(int argc, char **argv, gen_cli *c, FILE *help, mst_cli_action *action);

/*
 * mst-gen's command line: gen_cli_read, then -o. Returns -1 when mst-gen should generate, else
 * its exit code: 0 after --help or --describe (printed), or the status of an error whose
 * one-line message it printed ("mst-gen: error: ...").
 */
int gen_cli_parse(int argc, char **argv, gen_cli *c);

#endif
