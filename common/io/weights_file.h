/*
 * weights_file.h: the weights of one round of a repeated-MSF run (--rounds; docs/rounds.md):
 * Ma and Wan's workload ("Heterogeneous CPU-GPU Orchestration for Repeated Minimum Spanning
 * Tree Computation", section 4), where the topology stays and every round brings new weights.
 * A round's weights replace a loaded graph's keys (and raw weights), edge by edge id; the
 * endpoints are never touched.
 *
 * Weight files hold one weight per edge and line, line k (comments and blank lines aside) for
 * edge id k of the canonical edge list (docs/design.md, Data model: self-loops dropped, reverse
 * arcs merged; the ids of --output-format ids). Two layouts:
 *   columns: one file, every line holds R weights, column r for round r (1-based);
 *   per round: a path with "{r}", replaced by the round's number (1, 2, ...), one weight a line.
 * Numbers are read as the loaders read weights (docs/formats.md, Numbers); a round's type is
 * --weight-type's, or else inferred from that round's values as the loaders do (integers: the
 * smallest of int32, uint32, int64, uint64 that holds them; any real: float64). Lines starting
 * with '#' or '%' and blank lines are comments.
 */
#ifndef MST_WEIGHTS_FILE_H
#define MST_WEIGHTS_FILE_H

#include <stdint.h>

#include "core.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The placeholder of per-round file names. */
#define MST_ROUND_PLACEHOLDER "{r}"

/* Where the rounds' weights come from. */
typedef struct mst_round_source {
    const char *path;  /* NULL: random weights, round r from seed + r; else a weights file */
    uint64_t seed;     /* --seed */
    uint64_t rounds;   /* R: the column count of a columns file (0: its first line's) */
    int weight_type;   /* as mst_load_options.weight_type: 0 infer, else 1 + the type */
} mst_round_source;

/* 1 if a weights path names one file per round (it holds MST_ROUND_PLACEHOLDER). */
int mst_round_path_is_pattern(const char *path);

/*
 * Writes the path of round r's file into buf[cap]: the pattern with every "{r}" replaced by
 * the decimal r. Errors: MST_EUSAGE when it does not fit.
 */
mst_status mst_round_path(const char *pattern, uint64_t r, char *buf, size_t cap);

/*
 * Sets g's weights to those of round r (1-based) of src: random ones (int32 in 1..2^20 from
 * seed + r, the loader's mst_apply_weight_mode, converted to --weight-type when given), or the
 * file's (mst_graph_set_weights, which ranks 64-bit weights into keys). The whole file is
 * parsed each time (every column checked), so any bad line fails round 1, before a round is
 * timed. Errors, with g's weights unchanged: MST_EINPUT "FILE:LINE: problem" for an unreadable
 * file, a line with another number of weights than the layout's, a token that is no number or
 * does not fit --weight-type, integers mixing negatives and values above INT64_MAX, a NaN,
 * fewer or more weight lines than g->m; MST_EUSAGE for a pattern too long; MST_ERESOURCE.
 * O(file bytes + m) (+ ranking for 64-bit types).
 */
mst_status mst_round_weights_apply(const mst_round_source *src, uint64_t r, mst_graph *g);

#ifdef __cplusplus
}
#endif

#endif
