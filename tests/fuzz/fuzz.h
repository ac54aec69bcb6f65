/*
 * fuzz.h: what the libFuzzer harnesses of tests/fuzz/ share (tests/fuzz/README.md). A harness
 * checks more than "no crash and no sanitizer report": the library's error contract
 * (docs/design.md, Errors and exit codes) and the shape of what it returns. A broken contract
 * aborts, which libFuzzer reports as a crash and saves the input that caused it.
 */
#ifndef MST_FUZZ_H
#define MST_FUZZ_H

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core.h"

/* libFuzzer's entry point: one input, data[0..size-1]; returns 0. */
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Aborts with `what` (and the last recorded message) on stderr unless `ok`. */
static inline void fuzz_require(int ok, const char *what)
{
    if (ok)
        return;
    fprintf(stderr, "fuzz: contract broken: %s (last error: '%s')\n", what, mst_last_error());
    abort();
}

/*
 * A failure must carry one of the codes in `allowed` (a bit per mst_status) and a message of one
 * non-empty line: main() prints it as the single line of an error, and an internal error (5) is
 * never the input's fault.
 */
static inline void fuzz_require_failure(mst_status st, unsigned allowed)
{
    const char *msg = mst_last_error();
    fuzz_require(st != MST_OK && (allowed >> st & 1u), "a failure's status is not allowed here");
    fuzz_require(msg[0] != '\0', "a failure recorded no message");
    fuzz_require(strchr(msg, '\n') == NULL, "a failure's message spans several lines");
}

#define FUZZ_CODE(st) (1u << (st))

#endif
