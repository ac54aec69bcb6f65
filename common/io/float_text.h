/*
 * float_text.h: fast text of float32 weights for the graph writers: the same bytes as
 * mst_format_weight(MST_WEIGHT_FLOAT32, ...) (graph.h), about 10x faster, so that writing
 * millions of float weights costs about as much as writing integers.
 */
#ifndef MST_FLOAT_TEXT_H
#define MST_FLOAT_TEXT_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/*
 * Writes the float32 weight encoded by `key` (graph.h: mst_key_from_float) into buf[48] exactly
 * as mst_format_weight does: the "%.Pg" text, for the smallest P in 6..9, that strtof reads
 * back to the same float. Returns the length (buf is NUL-terminated).
 * Algorithm: for 1e-4 <= |w| < 2^100, w = N 2^E is scaled, rounded (half to even, as printf) and
 * tested against the float's rounding interval (ties to even, as strtof) with exact 128-bit
 * integer arithmetic, and the %g layout is built by hand; other values (zero, tiny, huge,
 * infinite) go through mst_format_weight. O(1). Checked against mst_format_weight for every
 * non-negative float32 (all 2^31 bit patterns) and for random negative ones.
 */
int mst_format_float_text(uint32_t key, char *buf);

#ifdef __cplusplus
}
#endif

#endif
