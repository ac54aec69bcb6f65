/*
 * chunk_build.h: what the parallel text loaders share around text_chunks.h: a main builder
 * and one builder per chunk slot (builder.h), merged in file order after each block, and the
 * finish that hands the file to the sequential parser where the parallel one cannot tell.
 */
#ifndef MST_CHUNK_BUILD_H
#define MST_CHUNK_BUILD_H

#include "builder.h"
#include "text_chunks.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct mst_chunk_build {
    mst_reader *r;
    const mst_load_options *o;
    int started;        /* the builders are initialized (the loader's block_start does it) */
    int threads;
    mst_builder main;
    mst_builder *chunk; /* [threads] */
    void *format;       /* the loader's own state */
    uint64_t records;   /* the data lines the header announces (UINT64_MAX: no header count):
                           another count is left to the sequential parser's message */
} mst_chunk_build;

/*
 * Starts the chunk builders like the main one (already initialized by the loader, and given
 * its header if any): index base, weightedness, options, Matrix Market's declared reals. Marks
 * c started. Returns 0, or 1 to give up (memory).
 */
int mst_chunk_build_start(mst_chunk_build *c);

/* Appends chunk slots 0 .. count-1 to the main builder, in order, and empties them (an
 * mst_chunk_ops merge; ctx is the mst_chunk_build). */
int mst_chunk_build_merge(void *ctx, int count);

/*
 * Runs ops over r with c as their ctx, then finishes the main builder into g (directed: arcs
 * to symmetrize). Returns MST_OK, or not MST_OK to leave the file to the sequential parser:
 * any give-up, no builder started (no data), and integers of no single type (their message
 * cites the lines of the first negative and the first huge weight, which only the sequential
 * parse counts), and a count of data lines other than c->records. c->r, c->o, c->format,
 * c->records must be set; c is freed in every case.
 */
mst_status mst_chunk_build_run(mst_chunk_build *c, const mst_chunk_ops *ops, int directed,
                               mst_graph *g);

#ifdef __cplusplus
}
#endif

#endif
