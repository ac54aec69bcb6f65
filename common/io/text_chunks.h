/*
 * text_chunks.h: the parallel parse of a line-oriented file. The input is cut into blocks of
 * whole lines, each block into one chunk per thread at line boundaries; the threads parse their
 * chunks side by side, then the chunks are merged in file order, so a loader's edges (and their
 * ids) come out in the order of the file whatever the thread count.
 *
 * The fast path never reports an input error itself: a chunk that meets anything it does not
 * take (a bad line, a line longer than the reader's limit, a NUL byte, a token it leaves to the
 * sequential parser) gives up, and the loader rewinds the reader and runs its sequential loop
 * (text_loader.h), which reports the first bad line of the file as it always has. Well-formed
 * files are read once; a bad one twice.
 *
 * Bytes come from mst_reader_map (a plain file mapped, or a memory reader: no copy) or, for
 * gzip, from large reads of the inflated stream, kept in a buffer between blocks.
 */
#ifndef MST_TEXT_CHUNKS_H
#define MST_TEXT_CHUNKS_H

#include <stddef.h>

#include "reader.h"
#include "status.h"

#ifdef __cplusplus
extern "C" {
#endif

/* What a loader hands the chunk loop. Every callback returns 0 to go on, nonzero to give up. */
typedef struct mst_chunk_ops {
    /* Sequential, before a block is split: may consume lines at its start (a header, the
     * first data line that decides the format's shape) by advancing *begin (<= end). */
    int (*block_start)(void *ctx, const char **begin, const char *end);
    /* In parallel: parses the lines [begin, end) into chunk slot k (0 <= k < threads). Every
     * line ends with '\n' (end[-1] == '\n' unless begin == end); nothing past end is read. */
    int (*parse)(void *ctx, int k, const char *begin, const char *end);
    /* Sequential, after the block: merges slots 0 .. count-1, in this order, and empties them. */
    int (*merge)(void *ctx, int count);
} mst_chunk_ops;

/*
 * Runs ops over every line of r, from its first byte, with `threads` chunks per block (1 to
 * MST_MAX_LOAD_THREADS) and blocks of about block_bytes (0: a default of 16 MiB per thread;
 * tests pass small sizes to cut many blocks). A final line without '\n' is handed out with one.
 * Returns MST_OK when every callback went on; MST_EINPUT when one gave up or a line is longer
 * than the reader's 64 MiB (the caller then rewinds r and parses it sequentially, which names
 * the problem); a read error of r (MST_EINPUT); MST_ERESOURCE. O(bytes) work over the threads.
 */
mst_status mst_text_chunks_run(mst_reader *r, int threads, size_t block_bytes,
                               const mst_chunk_ops *ops, void *ctx);

#ifdef __cplusplus
}
#endif

#endif
