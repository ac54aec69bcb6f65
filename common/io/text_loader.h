/*
 * text_loader.h: what the line-oriented loaders (edge list, DIMACS, Matrix Market, METIS) share:
 * the loop over lines, with comment and blank-line skipping, and the two messages every format
 * gives the same way (a token that fails to parse, and something left at the end of a line).
 *
 * A loader keeps its progress in a state struct of its own and hands the loop a handler that
 * reads one line into it; the loop costs one indirect call per line, none per token.
 */
#ifndef MST_TEXT_LOADER_H
#define MST_TEXT_LOADER_H

#include "parse.h"
#include "reader.h"
#include "status.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Which lines the loop keeps from the handler. */
typedef struct mst_line_syntax {
    const char *comment;  /* first non-blank characters that make a line a comment ("#%") */
    int blank_is_data;    /* 1: blank lines reach the handler (METIS: an isolated vertex) */
} mst_line_syntax;

/*
 * Reads one line into the loader's `state`. p is the line's first non-blank character and end
 * its terminating NUL (a NUL byte before end is part of the line: the handler must refuse it).
 * Errors: any mst_status, with the message recorded (mst_reader_fail gives it "name:line:").
 */
typedef mst_status (*mst_line_handler)(mst_reader *r, void *state, const char *p,
                                       const char *end);

/*
 * Hands every remaining line of r that is neither a comment nor blank (unless
 * syntax->blank_is_data) to handle(r, state, ...), in file order, until the input ends or the
 * handler fails. Afterwards mst_reader_line(r) is the number of the last line read, which
 * end-of-file messages cite. Errors: the reader's (MST_EINPUT for a read error or an over-long
 * line, MST_ERESOURCE) or the handler's first. O(line bytes) besides the handler.
 */
mst_status mst_text_for_each_line(mst_reader *r, const mst_line_syntax *syntax,
                                  mst_line_handler handle, void *state);

/*
 * Records the error for a field whose token at p failed to parse with result tok (MST_TOK_NONE,
 * MST_TOK_BAD or MST_TOK_RANGE of parse.h) and returns MST_EINPUT. The message is
 * "name:line: WHAT 'TOKEN' out of range" for MST_TOK_RANGE, else
 * "name:line: expected EXPECTED, found 'TOKEN'" ("found end of line" where the line ended).
 * what: the field's name ("vertex id"); expected: what the line or field should hold
 * ("'a u v w'").
 */
mst_status mst_text_field_fail(const mst_reader *r, int tok, const char *p, const char *what,
                               const char *expected);

/* The error of mst_text_line_end, kept out of line: p must be followed by more than blanks
 * before the line's end (another field, or a NUL byte). Returns MST_EINPUT. */
mst_status mst_text_line_end_fail(const mst_reader *r, const char *p, const char *expected);

/*
 * Checks that only blanks remain from p to the line's end: returns MST_OK, or MST_EINPUT with
 * "name:line: expected EXPECTED, found extra field 'TOKEN'" for another field, or
 * "name:line: NUL byte in line" for a NUL byte before end (the end of the line the reader gave).
 * Inline, as every data line ends with it.
 */
static inline mst_status mst_text_line_end(const mst_reader *r, const char *p, const char *end,
                                           const char *expected)
{
    return mst_skip_blanks(p) == end ? MST_OK : mst_text_line_end_fail(r, p, expected);
}

#ifdef __cplusplus
}
#endif

#endif
