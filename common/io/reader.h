/*
 * reader.h: buffered input for the loaders, from a file (plain or gzip, through ISA-L's igzip
 * where the build has it, else zlib: igzip.h) or from
 * memory (tests and fuzzers feed strings this way).
 *
 * Text formats read line by line: each line is handed out NUL-terminated in place, without its
 * '\n' or "\r\n", and the reader counts lines for error messages. Binary formats read exactly
 * the bytes their header announces into their own arrays, then ask whether anything follows:
 * a stream longer than its header says is refused after one more buffer, never inflated to its
 * end (docs/design.md, Errors). Reads are large (8 MiB) so a loader costs about one pass over
 * the bytes, and a long direct read of a plain file is split among the OpenMP threads.
 */
#ifndef MST_READER_H
#define MST_READER_H

#include <stddef.h>
#include <stdint.h>

#include "status.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct mst_reader mst_reader;

/*
 * Opens `path` for reading; gzip files are inflated transparently (zlib's gzopen), other files
 * are read as they are. The reader's name for messages is `path`.
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

/*
 * Next line: sets *line to its first byte (NUL-terminated, valid until the next call) and *len
 * to its length, and returns MST_OK; at end of input sets *line = NULL. A final line without
 * '\n' is still a line. Errors: MST_EINPUT for a read error or a truncated/corrupt gzip stream
 * ("name: truncated or corrupt gzip data"), or a line longer than 64 MiB; MST_ERESOURCE.
 */
mst_status mst_reader_next_line(mst_reader *r, char **line, size_t *len);

/* 1-based number of the line last returned by mst_reader_next_line (0 before the first). */
uint64_t mst_reader_line(const mst_reader *r);

/* The name given at open (the path). */
const char *mst_reader_name(const mst_reader *r);

/*
 * Reads the next len bytes into dst[len] and sets *got to how many came: fewer than len only at
 * the end of the input (*got = 0 there). Bytes a line read buffered come first; the rest goes
 * straight from the source to dst. Errors as mst_reader_next_line (*got then counts what came).
 */
mst_status mst_reader_read(mst_reader *r, void *dst, size_t len, size_t *got);

/*
 * Sets *more to 1 if at least one byte remains, 0 at the end of the input. It reads ahead one
 * byte (a gzip source inflates at most one of zlib's buffers for it), consuming nothing, and
 * ends the validity of the last line handed out. Errors as mst_reader_next_line.
 */
mst_status mst_reader_has_more(mst_reader *r, int *more);

/* Bytes of the (inflated) input handed out so far, by lines or reads: the offset of the next. */
uint64_t mst_reader_offset(const mst_reader *r);

/*
 * The input's whole length in bytes where it is known before reading it (memory readers and
 * uncompressed regular files), else UINT64_MAX (gzip: only inflating tells).
 */
uint64_t mst_reader_size(const mst_reader *r);

/*
 * The whole input as one read-only byte array, for the parallel text loaders (text_chunks.h):
 * a memory reader's bytes, or a plain regular file mapped with mmap (kept until close). Returns
 * 1 and sets *data, *len; returns 0 (nothing changed) for gzip input, a non-regular or empty
 * file, a failed mapping, or a reader that has already handed out bytes. Not NUL-terminated.
 */
int mst_reader_map(mst_reader *r, const char **data, size_t *len);

/*
 * Starts the reader again at its first byte (line count 0), so that a loader's fast path can
 * hand the input to the sequential one (text_chunks.h). Errors: MST_EINPUT if the file cannot
 * be positioned ("PATH: cannot read it again: ..."); MST_ERESOURCE.
 */
mst_status mst_reader_rewind(mst_reader *r);

/* Records "name:line: MESSAGE" as the last error and returns MST_EINPUT. */
mst_status mst_reader_fail(const mst_reader *r, const char *fmt, ...) MST_PRINTF(2, 3);

/* Closes the reader; NULL is fine. */
void mst_reader_close(mst_reader *r);

#ifdef __cplusplus
}
#endif

#endif
