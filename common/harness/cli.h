/*
 * cli.h: command-line pieces shared by the solvers' harness and the tools (mst-verify, ...):
 * the graph-loading option table and number parsing, so every executable reads them alike.
 */
#ifndef MST_CLI_H
#define MST_CLI_H

#include <stdint.h>

#include "loader.h"
#include "options.h"

#ifdef __cplusplus
extern "C" {
#endif

/*
 * The graph-loading options of every executable that reads a graph, over an mst_load_options:
 * --format F, --one-based, --vertices N, --weights W, --seed S (options.h; defaults those of
 * mst_load_options_default()).
 */
extern const mst_option mst_load_option_table[];

/* One round's weights for a tool that checks a round of --rounds (mst-verify). */
typedef struct mst_round_pick {
    const char *path; /* --round-weights FILE (columns) or PATTERN ("{r}"), or NULL */
    uint64_t round;   /* --round R (1-based) */
} mst_round_pick;

/* --round-weights FILE and --round R over an mst_round_pick (docs/rounds.md). */
extern const mst_option mst_round_pick_table[];

/*
 * Sets g's weights to round p->round's: from the weights file where p->path is given (its
 * column count from its first line), else, with --round alone, random ones from lo->seed +
 * round (weights_file.h). Nothing without either. Errors: those of mst_round_weights_apply;
 * MST_EUSAGE for --round-weights without --round.
 */
mst_status mst_round_pick_apply(const mst_round_pick *p, const mst_load_options *lo,
                                mst_graph *g);

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
