/* text_chunks.c: blocks of whole lines, cut into one chunk per thread (see text_chunks.h). */
#include "text_chunks.h"

#include <stdlib.h>
#include <string.h>

#define BLOCK_BYTES_PER_THREAD ((size_t)16 << 20)
#define MAX_LINE_BYTES ((size_t)64 << 20) /* the reader's limit (reader.c) */

/* The start of chunk k of `parts` over [begin, end) (end[-1] == '\n'): the first line that
 * starts at or after its share's first byte. */
static const char *chunk_start(const char *begin, const char *end, int k, int parts)
{
    size_t len = (size_t)(end - begin);
    if (k == 0)
        return begin;
    if (k == parts)
        return end;
    const char *at = begin + (size_t)((double)len * k / parts);
    const char *nl = memchr(at - 1, '\n', (size_t)(end - (at - 1)));
    return nl + 1; /* found: end[-1] is '\n' */
}

/* One block of whole lines: the loader's start, the chunks in parallel, the merge. */
static int run_block(const char *begin, const char *end, int threads, const mst_chunk_ops *ops,
                     void *ctx)
{
    if (begin == end)
        return 0;
    if (ops->block_start(ctx, &begin, end) != 0)
        return 1;
    int parts = (size_t)(end - begin) < (size_t)threads * 64 ? 1 : threads, gave_up = 0;
#pragma omp parallel for schedule(static, 1) num_threads(parts) reduction(| : gave_up)
    for (int k = 0; k < parts; k++) {
        const char *s = chunk_start(begin, end, k, parts), *e = chunk_start(begin, end, k + 1,
                                                                            parts);
        gave_up |= s < e ? ops->parse(ctx, k, s, e) != 0 : 0;
    }
    return gave_up || ops->merge(ctx, parts) != 0;
}

/* The last line of a mapped input that ends without '\n': copied with one added. */
static int run_tail(const char *begin, const char *end, int threads, const mst_chunk_ops *ops,
                    void *ctx)
{
    size_t len = (size_t)(end - begin);
    if (len > MAX_LINE_BYTES)
        return 1;
    char *copy = malloc(len + 1);
    if (copy == NULL)
        return 1;
    memcpy(copy, begin, len);
    copy[len] = '\n';
    int gave_up = run_block(copy, copy + len + 1, threads, ops, ctx);
    free(copy);
    return gave_up;
}

/* The mapped input, in blocks of about `block` bytes ending at a line's end. */
static int run_mapped(const char *data, size_t len, int threads, size_t block,
                      const mst_chunk_ops *ops, void *ctx)
{
    const char *p = data, *end = data + len;
    while (p < end) {
        const char *stop = (size_t)(end - p) <= block ? end : p + block;
        const char *nl = memchr(stop - 1, '\n', (size_t)(end - (stop - 1)));
        stop = nl != NULL ? nl + 1 : end;
        if (stop == end && end[-1] != '\n') { /* the last line has no '\n' */
            const char *last = memrchr(p, '\n', (size_t)(end - p));
            const char *tail = last != NULL ? last + 1 : p;
            return run_block(p, tail, threads, ops, ctx) ||
                   run_tail(tail, end, threads, ops, ctx);
        }
        if (run_block(p, stop, threads, ops, ctx) != 0)
            return 1;
        p = stop;
    }
    return 0;
}

/* The reader's (inflated) bytes, block by block, the partial last line kept for the next. */
static mst_status run_streamed(mst_reader *r, int threads, size_t block,
                               const mst_chunk_ops *ops, void *ctx)
{
    mst_status st = MST_OK;
    size_t cap = block + 1, carry = 0;
    char *buf = NULL;
    MST_ALLOC(buf, cap);
    for (;;) {
        if (carry > MAX_LINE_BYTES)
            MST_FAIL(MST_EINPUT, "%s: a line longer than %zu bytes", mst_reader_name(r),
                     MAX_LINE_BYTES);
        if (cap - 1 - carry < block / 2) { /* a long line: room for another half block */
            MST_CHECK(mst_realloc((void **)&buf, carry + block + 1, 1));
            cap = carry + block + 1;
        }
        size_t want = cap - 1 - carry, got = 0;
        MST_CHECK(mst_reader_read(r, buf + carry, want, &got));
        size_t fill = carry + got;
        if (got < want) { /* the end of the input */
            if (fill > 0 && buf[fill - 1] != '\n')
                buf[fill++] = '\n';
            if (run_block(buf, buf + fill, threads, ops, ctx) != 0)
                MST_FAIL(MST_EINPUT, "%s: left to the sequential parser", mst_reader_name(r));
            break;
        }
        char *last = memrchr(buf, '\n', fill);
        size_t whole = last != NULL ? (size_t)(last - buf) + 1 : 0;
        if (run_block(buf, buf + whole, threads, ops, ctx) != 0)
            MST_FAIL(MST_EINPUT, "%s: left to the sequential parser", mst_reader_name(r));
        carry = fill - whole;
        memmove(buf, buf + whole, carry);
    }
fail:
    free(buf);
    return st;
}

mst_status mst_text_chunks_run(mst_reader *r, int threads, size_t block_bytes,
                               const mst_chunk_ops *ops, void *ctx)
{
    const char *data;
    size_t len;
    if (block_bytes == 0)
        block_bytes = BLOCK_BYTES_PER_THREAD * (size_t)threads;
    if (mst_reader_map(r, &data, &len)) {
        if (len > 0 && run_mapped(data, len, threads, block_bytes, ops, ctx) != 0)
            return mst_fail(MST_EINPUT, "%s: left to the sequential parser", mst_reader_name(r));
        return MST_OK;
    }
    return run_streamed(r, threads, block_bytes, ops, ctx);
}
