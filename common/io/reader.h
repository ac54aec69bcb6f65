/*
 * reader.h: input for the loaders, from a file (plain, or gzip inflated by zlib) or from
 * memory (tests and fuzzers feed strings this way).
 *
 * A plain regular file is read in place: its long reads (the .msb and .egr arrays) are split
 * among the OpenMP threads, and the text parser (parse.h) maps it (mst_reader_map). A gzip
 * file, or any input that tells no size (a pipe, a FIFO), is read in order, once: the text
 * parser takes it in large blocks, the binary formats read exactly the bytes their header
 * announces, then ask whether anything follows: a stream longer than its header says is
 * refused after one more byte, never inflated to its end (docs/design.md, Errors).
 */
#ifndef MST_READER_H
#define MST_READER_H

#include <stddef.h>
#include <stdint.h>

#include "core.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct mst_reader mst_reader;

/*
 * Opens `path` for reading; a file that starts with the gzip magic is inflated, other files are
 * read as they are. The reader's name for messages is `path`.
 * Errors: MST_EINPUT if the file cannot be opened ("PATH: No such file or directory") or is a
 * directory; MST_ERESOURCE on allocation failure.
 */
mst_status mst_reader_open(const char *path, mst_reader **out);

/*
 * A reader over len bytes at data (not copied: data must outlive the reader; not inflated).
 * `name` is used in messages. Errors: MST_ERESOURCE.
 */
mst_status mst_reader_from_memory(const char *name, const void *data, size_t len,
                                  mst_reader **out);

/* The name given at open (the path). */
const char *mst_reader_name(const mst_reader *r);

/*
 * Reads the next len bytes into dst[len] and sets *got to how many came: fewer than len only at
 * the end of the input (*got = 0 there). Errors: MST_EINPUT for a read error, a truncated or
 * corrupt gzip stream ("name: truncated or corrupt gzip data (...)"), or bytes after the last
 * gzip member that start no other ("name: trailing data after the end of the gzip stream");
 * MST_ERESOURCE. *got counts what came before an error.
 */
mst_status mst_reader_read(mst_reader *r, void *dst, size_t len, size_t *got);

/*
 * Sets *more to 1 if at least one byte remains, 0 at the end of the input. It reads ahead one
 * byte (a gzip source inflates a little for it), consuming nothing. Errors as mst_reader_read.
 */
mst_status mst_reader_has_more(mst_reader *r, int *more);

/* Bytes of the (inflated) input handed out so far: the offset of the next. */
uint64_t mst_reader_offset(const mst_reader *r);

/*
 * The input's whole length in bytes where it is known before reading it (memory readers and
 * plain regular files), else UINT64_MAX (gzip: only inflating tells; a pipe).
 */
uint64_t mst_reader_size(const mst_reader *r);

/*
 * The whole input as one read-only byte array: a memory reader's bytes, or a plain regular file
 * mapped with mmap (kept until close). Returns 1 and sets *data, *len; returns 0 (nothing
 * changed) for gzip input, a pipe, an empty file, or a reader that has handed out bytes. Not
 * NUL-terminated.
 */
int mst_reader_map(mst_reader *r, const char **data, size_t *len);

/* Closes the reader; NULL is fine. */
void mst_reader_close(mst_reader *r);

#ifdef __cplusplus
}
#endif

#endif
