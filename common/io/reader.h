/*
 * reader.h: buffered input for the loaders, from a file (plain or gzip, through zlib) or from
 * memory (tests and fuzzers feed strings this way).
 *
 * Text formats read line by line: each line is handed out NUL-terminated in place, without its
 * '\n' or "\r\n", and the reader counts lines for error messages. Binary formats take the whole
 * content at once. Reads are large (8 MiB) so a loader costs about one pass over the bytes.
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
 * Reads everything not yet consumed into a new buffer *data of *len bytes (caller frees).
 * Errors as mst_reader_next_line.
 */
mst_status mst_reader_read_all(mst_reader *r, unsigned char **data, size_t *len);

/* Records "name:line: MESSAGE" as the last error and returns MST_EINPUT. */
mst_status mst_reader_fail(const mst_reader *r, const char *fmt, ...) MST_PRINTF(2, 3);

/* Closes the reader; NULL is fine. */
void mst_reader_close(mst_reader *r);

#ifdef __cplusplus
}
#endif

#endif
