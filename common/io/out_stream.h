/*
 * out_stream.h: the buffered output every graph writer shares (common/io/write_*.c, msb.c) and
 * the MSF writer (msf_io.c): a 1 MiB buffer filled with hand-written integer formatting (no
 * printf per number), drained into the destination atomic_file.h opens (a temporary renamed
 * when complete, or a device, FIFO or stdout written in place), plain or, for paths ending in
 * ".gz", through a zlib gzip stream on the same descriptor. A regular file appears under its
 * final name only when mst_out_commit() succeeds, so a failed or interrupted write leaves
 * nothing behind (docs/design.md, Output and Errors).
 *
 * Usage: reserve room for one line or token with mst_out_room(), then append with the inline
 * mst_out_* functions, which never check for space themselves:
 *     MST_CHECK(mst_out_room(&o, MST_OUT_LINE_BYTES));
 *     mst_out_u64(&o, u); mst_out_char(&o, ' '); mst_out_u64(&o, v); mst_out_char(&o, '\n');
 */
#ifndef MST_OUT_STREAM_H
#define MST_OUT_STREAM_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "atomic_file.h"
#include "graph.h"
#include "status.h"

#ifdef __cplusplus
extern "C" {
#endif

#define MST_OUT_BUFFER_BYTES (1u << 20)
/* Room enough for one "u v w" line or one METIS adjacency entry: three 20-digit numbers or a
 * float weight (mst_out_weight writes at most 48 bytes), separators and '\n'. */
#define MST_OUT_LINE_BYTES 128u

typedef struct mst_out {
    const char *path;     /* final name, for messages (the caller's string) */
    mst_atomic_file a;    /* the destination (its descriptor goes to zlib for ".gz") */
    struct gzFile_s *gz;  /* ".gz" files: zlib stream on a's descriptor */
    char *buf;            /* [MST_OUT_BUFFER_BYTES] pending bytes (owned) */
    size_t len;           /* bytes pending in buf */
} mst_out;

/*
 * Opens `path` for writing (atomic_file.h: a temporary renamed on commit for a regular or new
 * file, in place for "-", a device or a FIFO); gzip-compressed (zlib level 1: text compresses
 * 4-5x faster than at the default level 6, into files about 7% larger) when path ends in ".gz"
 * (any case). Errors: MST_EINPUT naming the path (a directory, a dangling link, a missing
 * directory, permissions); MST_ERESOURCE. On error *o is left zeroed (nothing to abort).
 */
mst_status mst_out_open(mst_out *o, const char *path);

/* As mst_out_open, gzip-compressed if and only if `gzip` whatever the name (MSF files are text:
 * docs/design.md, Output). */
mst_status mst_out_open_as(mst_out *o, const char *path, int gzip);

/* Hands the pending bytes to the file. Errors: MST_EINPUT ("PATH: No space left on device"). */
mst_status mst_out_flush(mst_out *o);

/*
 * Flushes the rest, closes, and renames the temporary file (if any) to the final name. The
 * stream is released in every case; on failure the temporary file is removed. Errors:
 * MST_EINPUT.
 */
mst_status mst_out_commit(mst_out *o);

/* Closes and removes the temporary file and releases the stream; safe on zeroed, failed and
 * committed streams. */
void mst_out_abort(mst_out *o);

/* Appends `bytes` bytes of any length (flushing as needed). Errors as mst_out_flush. */
mst_status mst_out_write(mst_out *o, const void *data, size_t bytes);

/* Appends printf output of at most 1 KiB (headers and comments, not per-edge data). */
mst_status mst_out_printf(mst_out *o, const char *fmt, ...) MST_PRINTF(2, 3);

/* Makes sure `bytes` (at most MST_OUT_BUFFER_BYTES) can be appended without a flush. */
static inline mst_status mst_out_room(mst_out *o, size_t bytes)
{
    return MST_OUT_BUFFER_BYTES - o->len >= bytes ? MST_OK : mst_out_flush(o);
}

/* The inline appenders below assume the room was reserved (mst_out_room). */

static inline void mst_out_char(mst_out *o, char c)
{
    o->buf[o->len++] = c;
}

/* Decimal digits of x (at most 20 bytes), two digits per step from a table. */
static inline void mst_out_u64(mst_out *o, uint64_t x)
{
    static const char pairs[] = "00010203040506070809101112131415161718192021222324"
                                "25262728293031323334353637383940414243444546474849"
                                "50515253545556575859606162636465666768697071727374"
                                "75767778798081828384858687888990919293949596979899";
    char tmp[20];
    char *end = tmp + sizeof tmp, *p = end;
    while (x >= 100) {
        unsigned d = (unsigned)(x % 100) * 2;
        x /= 100;
        p -= 2;
        p[0] = pairs[d];
        p[1] = pairs[d + 1];
    }
    if (x >= 10) {
        p -= 2;
        p[0] = pairs[x * 2];
        p[1] = pairs[x * 2 + 1];
    } else {
        *--p = (char)('0' + x);
    }
    memcpy(o->buf + o->len, p, (size_t)(end - p));
    o->len += (size_t)(end - p);
}

/* Signed decimal (at most 20 bytes). */
static inline void mst_out_i64(mst_out *o, int64_t x)
{
    if (x < 0) {
        mst_out_char(o, '-');
        mst_out_u64(o, 0 - (uint64_t)x);
    } else {
        mst_out_u64(o, (uint64_t)x);
    }
}

/* A 32-bit word, little-endian whatever the host (binary formats; a 64-bit word is two). */
static inline void mst_out_u32le(mst_out *o, uint32_t x)
{
    unsigned char *p = (unsigned char *)o->buf + o->len;
    p[0] = (unsigned char)x;
    p[1] = (unsigned char)(x >> 8);
    p[2] = (unsigned char)(x >> 16);
    p[3] = (unsigned char)(x >> 24);
    o->len += 4;
}

/*
 * Edge e's raw weight as text (at most 48 bytes): integers of every width by hand; float32
 * through mst_format_float_text and float64 through mst_format_value (the shortest form that
 * reads back to the same float / double), always with a '.' or an exponent ("3.0", "-0.0",
 * "1e+30"), so that text loaders read it as a real and the graph stays a float graph even when
 * every weight is a whole number.
 */
/* Internal: the float cases of mst_out_edge_weight (out_stream.c). */
void mst__out_float(mst_out *o, uint32_t key);
void mst__out_double(mst_out *o, uint64_t bits);

static inline void mst_out_edge_weight(mst_out *o, const mst_graph *g, uint64_t e)
{
    switch (g->weight_type) {
    case MST_WEIGHT_INT32: mst_out_i64(o, mst_key_to_int32(g->key[e])); break;
    case MST_WEIGHT_UINT32: mst_out_u64(o, g->key[e]); break;
    case MST_WEIGHT_FLOAT32: mst__out_float(o, g->key[e]); break;
    case MST_WEIGHT_INT64: mst_out_i64(o, (int64_t)g->raw[e]); break;
    case MST_WEIGHT_UINT64: mst_out_u64(o, g->raw[e]); break;
    case MST_WEIGHT_FLOAT64: mst__out_double(o, g->raw[e]); break;
    }
}

/*
 * Checks that g's weights fit a text format: MST_OK if !with_weights or they are integers or
 * finite floats. Errors: MST_EUSAGE naming `path` and the edge, for an infinite float32 or
 * float64 weight (an .msb file can hold one; the text loaders reject it). O(m).
 */
mst_status mst_out_check_finite(const mst_graph *g, int with_weights, const char *path);

/*
 * Checks that g's weights are integers when written (with_weights): MST_OK, or MST_EUSAGE
 * "PATH: WHAT holds integer weights only; ..." for float32 or float64 weights. O(1).
 */
mst_status mst_out_need_integers(const mst_graph *g, int with_weights, const char *path,
                                 const char *what);

/* 1 if path ends in ".gz" (any case). */
int mst_path_is_gz(const char *path);

#ifdef __cplusplus
}
#endif

#endif
