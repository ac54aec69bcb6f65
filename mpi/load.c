/*
 * load.c: each rank's slice of the canonical edge list and the GHS share built from it
 * (load.h). The .msb reader checks the header and its slice's edges with common/io/msb.c's
 * functions, so a bad file fails with the same line as under mst-seq; a generated graph is
 * made with mst-gen's own code (gen/), so that it is the file mst-gen writes.
 */
#include "load.h"

#include <ctype.h>
#include <inttypes.h>
#include <math.h>
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "args.h"
#include "gen.h"
#include "rng.h"


#define IO_CHUNK_BYTES (1u << 28)

/* What every rank must know about the graph (g's header), sent from rank 0 as bytes. */
typedef struct graph_header {
    uint64_t n, m, seed, self_loops, merged_arcs;
    int32_t weight_type, weight_origin, file_has_weights, index_base;
} graph_header;

static graph_header header_of(const mst_graph *g)
{
    graph_header h;
    memset(&h, 0, sizeof h);
    h.n = g->n, h.m = g->m, h.seed = g->seed, h.self_loops = g->self_loops;
    h.merged_arcs = g->merged_arcs, h.weight_type = (int32_t)g->weight_type;
    h.weight_origin = (int32_t)g->weight_origin, h.file_has_weights = g->file_has_weights;
    h.index_base = g->index_base;
    return h;
}

/* Fills g (no arrays) from h; g->name is a copy of path. */
static mst_status header_to_graph(const graph_header *h, const char *path, const char *format,
                                  mst_graph *g)
{
    mst_status st = MST_OK;
    memset(g, 0, sizeof *g);
    MST_ALLOC(g->name, strlen(path) + 1);
    strcpy(g->name, path);
    g->format = format;
    g->n = (uint32_t)h->n, g->m = h->m, g->seed = h->seed, g->self_loops = h->self_loops;
    g->merged_arcs = h->merged_arcs, g->weight_type = (mst_weight_type)h->weight_type;
    g->weight_origin = (mst_weight_origin)h->weight_origin;
    g->file_has_weights = h->file_has_weights, g->index_base = h->index_base;
    return MST_OK;
fail:
    return st;
}

/* Rank r's share [*lo, *hi) of `count` items split evenly over p ranks. */
static void split(uint64_t count, int p, int r, uint64_t *lo, uint64_t *hi)
{
    uint64_t base = count / (uint64_t)p, extra = count % (uint64_t)p, ur = (uint64_t)r;
    *lo = ur * base + (ur < extra ? ur : extra);
    *hi = *lo + base + (ur < extra ? 1 : 0);
}

static int slice_alloc(dist_slice *s, uint64_t count)
{
    s->count = count;
    s->u = mst_alloc(count, sizeof *s->u);
    s->v = mst_alloc(count, sizeof *s->v);
    s->key = mst_alloc(count, sizeof *s->key);
    return s->u != NULL && s->v != NULL && s->key != NULL;
}

void dist_slice_free(dist_slice *s)
{
    if (s == NULL)
        return;
    free(s->u);
    free(s->v);
    free(s->key);
    memset(s, 0, sizeof *s);
}

void dist_share_free(dist_share *sh)
{
    if (sh == NULL)
        return;
    free(sh->arc);
    memset(sh, 0, sizeof *sh);
}

/* Resolves the weight mode o->weights of a graph whose header is hv (no arrays: its file's
 * weights, file_has_weights and weight_type) as mst_apply_weight_mode() does, and gives s's
 * edges the random or unit keys it asks for (random ones by edge id, as the shared loader). */
static void slice_weights(const mst_load_options *o, mst_graph *hv, dist_slice *s)
{
    mst_apply_weight_mode(hv, o->weights, o->seed);
    if (hv->weight_origin == MST_WEIGHTS_RANDOM)
        for (uint64_t i = 0; i < s->count; i++)
            s->key[i] = mst_random_weight_key(hv->seed, s->eid0 + i);
    else if (hv->weight_origin == MST_WEIGHTS_UNIT)
        for (uint64_t i = 0; i < s->count; i++)
            s->key[i] = mst_key_from_int32(1);
}

/* ------------------------------------------------------------------------------------------ */
/* Plain .msb: MPI-IO slices                                                                   */

static inline uint32_t le32(const unsigned char *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

/* Reads count uint32 words at byte offset off into a (host order). */
static mst_status read_words(MPI_File fh, const char *path, MPI_Offset off, uint32_t *a,
                             uint64_t count)
{
    unsigned char *p = (unsigned char *)a;
    uint64_t bytes = 4 * count;
    for (uint64_t done = 0; done < bytes;) {
        int k = (int)(bytes - done < IO_CHUNK_BYTES ? bytes - done : IO_CHUNK_BYTES), got = 0;
        MPI_Status ms;
        if (MPI_File_read_at(fh, off + (MPI_Offset)done, p + done, k, MPI_BYTE, &ms) !=
                MPI_SUCCESS ||
            MPI_Get_count(&ms, MPI_BYTE, &got) != MPI_SUCCESS || got != k)
            return mst_fail(MST_EINPUT, "%s: read error at byte %" PRIu64 " (MPI-IO)", path,
                            (uint64_t)off + done);
        done += (uint64_t)k;
    }
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
    for (uint64_t i = 0; i < count; i++)
        a[i] = le32((const unsigned char *)&a[i]);
#endif
    return MST_OK;
}

/* Opens path with MPI-IO; rank 0 reads its size and header, which every rank then checks as
 * mst-seq does (mst_msb_read_header; the same verdict everywhere), the edge count against the
 * solver's limit (ranks hold slices: no whole-graph memory check). Errors (agreed): MST_EINPUT,
 * MST_ERESOURCE, the file closed after a failed check. */
static mst_status msb_open(const dist_ctx *c, const char *path, const mst_load_options *o,
                           MPI_File *fh, mst_msb_header *h)
{
    mst_status st = MST_OK;
    uint64_t len = 0, got = 0;
    unsigned char head[MST_MSB_HEADER_BYTES];
    memset(head, 0, MST_MSB_HEADER_BYTES);
    if (MPI_File_open(c->comm, path, MPI_MODE_RDONLY, MPI_INFO_NULL, fh) != MPI_SUCCESS) {
        *fh = MPI_FILE_NULL;
        st = mst_fail(MST_EINPUT, "%s: cannot open with MPI-IO", path);
    }
    if ((st = dist_agree(c, st)) != MST_OK)
        return st;
    if (c->rank == 0) {
        MPI_Offset size = 0;
        MPI_Status ms;
        MPI_File_get_size(*fh, &size);
        len = (uint64_t)size;
        got = len < MST_MSB_HEADER_BYTES ? len : MST_MSB_HEADER_BYTES;
        MPI_File_read_at(*fh, 0, head, (int)got, MPI_BYTE, &ms);
    }
    MPI_Bcast(&len, 1, MPI_UINT64_T, 0, c->comm);
    MPI_Bcast(&got, 1, MPI_UINT64_T, 0, c->comm);
    MPI_Bcast(head, MST_MSB_HEADER_BYTES, MPI_BYTE, 0, c->comm);
    st = mst_msb_read_header(path, head, got, len, o, h);
    if (st == MST_OK)
        st = mst_load_check_edges(path, o, h->m);
    if (st != MST_OK)
        MPI_File_close(fh);
    return st;
}

/* Reads file positions [lo, lo + k) of the file's arrays u and v into s and, if w is not NULL,
 * of its weights into w; the file holds m_file edges. Errors: MST_EINPUT. */
static mst_status msb_read_range(MPI_File fh, const char *path, uint64_t m_file, uint64_t lo,
                                 uint64_t k, dist_slice *s, uint32_t *w)
{
    const uint64_t at = MST_MSB_HEADER_BYTES;
    mst_status st = read_words(fh, path, (MPI_Offset)(at + 4 * lo), s->u, k);
    if (st == MST_OK)
        st = read_words(fh, path, (MPI_Offset)(at + 4 * (m_file + lo)), s->v, k);
    if (st == MST_OK && w != NULL)
        st = read_words(fh, path, (MPI_Offset)(at + 4 * (2 * m_file + lo)), w, k);
    return st;
}

/* Checks and compacts the k edges read from file position lo on, in file order, as mst-seq
 * does (mst_msb_edge_key: ids, stored weights of the header's type, w, NULL when unweighted, to
 * keys), self-loops dropped and counted in *loops; s->count becomes the edges kept. Errors:
 * MST_EINPUT, with mst-seq's messages. */
static mst_status msb_compact(const char *path, const mst_msb_header *h, uint64_t lo, uint64_t k,
                              const uint32_t *w, dist_slice *s, uint64_t *loops)
{
    mst_status st = MST_OK;
    uint64_t kept = 0;
    for (uint64_t i = 0; i < k; i++) {
        uint32_t a = s->u[i], b = s->v[i], key;
        if ((st = mst_msb_edge_key(path, h, lo + i, a, b, w != NULL ? w[i] : 0, &key)) != MST_OK)
            break;
        if (a == b) {
            (*loops)++;
            continue;
        }
        s->u[kept] = a, s->v[kept] = b, s->key[kept] = key;
        kept++;
    }
    s->count = kept;
    return st;
}

/* Collective, after every rank's slice is checked: numbers the kept edges after those of the
 * lower ranks (exclusive prefix sum), resolves the weight mode exactly as
 * mst_apply_weight_mode() does (on an empty graph) and fills *h from the file's header. */
static void msb_finish(const dist_ctx *c, const mst_load_options *o, const mst_msb_header *mh,
                       uint64_t loops, dist_slice *s, graph_header *h)
{
    uint32_t type = mh->type;
    uint64_t kept = s->count, before = 0, sums[2] = {kept, loops}, totals[2] = {0, 0};
    MPI_Exscan(&kept, &before, 1, MPI_UINT64_T, MPI_SUM, c->comm);
    MPI_Allreduce(sums, totals, 2, MPI_UINT64_T, MPI_SUM, c->comm);
    s->eid0 = c->rank == 0 ? 0 : before; /* MPI_Exscan leaves rank 0's result undefined */
    mst_graph hv;
    memset(&hv, 0, sizeof hv);
    hv.file_has_weights = type != MST_MSB_NONE;
    hv.weight_type = type == MST_MSB_NONE ? MST_WEIGHT_INT32 : (mst_weight_type)(type - 1);
    slice_weights(o, &hv, s);
    memset(h, 0, sizeof *h);
    h->n = mh->n, h->m = totals[0], h->self_loops = totals[1], h->seed = hv.seed;
    h->weight_type = (int32_t)hv.weight_type, h->weight_origin = (int32_t)hv.weight_origin;
    h->file_has_weights = hv.file_has_weights, h->index_base = (int32_t)(mh->flags & 1u);
}

/* Every rank reads its even share of the file positions, checks and compacts it (msb_compact),
 * then msb_finish numbers the edges and resolves the weights. Errors (agreed): as msb_open and
 * msb_compact; MST_ERESOURCE. */
static mst_status msb_slice(const dist_ctx *c, const char *path, const mst_load_options *o,
                            graph_header *h, dist_slice *s)
{
    MPI_File fh = MPI_FILE_NULL;
    mst_msb_header mh;
    uint64_t lo = 0, hi = 0, loops = 0;
    uint32_t *w = NULL;
    mst_status st = msb_open(c, path, o, &fh, &mh);
    if (st != MST_OK)
        return st;
    uint32_t type = mh.type;
    uint64_t m_file = mh.m;
    split(m_file, c->size, c->rank, &lo, &hi);
    uint64_t k = hi - lo;
    if (!slice_alloc(s, k) || (type != MST_MSB_NONE && (w = mst_alloc(k, sizeof *w)) == NULL))
        st = mst_fail(MST_ERESOURCE, "rank %d: out of memory for %" PRIu64 " edges", c->rank, k);
    if (st == MST_OK)
        st = msb_read_range(fh, path, m_file, lo, k, s, w);
    if (st == MST_OK)
        st = msb_compact(path, &mh, lo, k, w, s, &loops);
    free(w);
    if (type == MST_MSB_FLOAT32 && (o->weights == MST_WEIGHT_MODE_AUTO ||
                                o->weights == MST_WEIGHT_MODE_KEEP)) { /* every rank: collective */
        int inf[2] = {0, 0}, all[2];
        for (uint64_t i = 0; st == MST_OK && i < s->count; i++) {
            float x = mst_key_to_float(s->key[i]);
            if (isinf(x))
                inf[x < 0] = 1;
        }
        MPI_Allreduce(inf, all, 2, MPI_INT, MPI_MAX, c->comm);
        if (st == MST_OK && all[0] && all[1])
            st = mst_fail(MST_EINPUT, "%s: weights of both +inf and -inf: a forest holding "
                          "both would have no total weight", path);
    }
    if ((st = dist_agree(c, st)) == MST_OK)
        msb_finish(c, o, &mh, loops, s, h);
    else
        dist_slice_free(s);
    MPI_File_close(&fh);
    return st;
}

/* ------------------------------------------------------------------------------------------ */
/* Any other format: parsed on rank 0, slices sent from there                                  */

static mst_status scatter_slices(const dist_ctx *c, const char *path, const mst_load_options *o,
                                 mst_graph *g, int have_whole, graph_header *h, dist_slice *s,
                                 int *kept_whole)
{
    mst_status st = MST_OK;
    mst_graph tmp = {0};
    const mst_graph *src = have_whole ? g : &tmp;
    if (c->rank == 0 && !have_whole)
        st = mst_graph_load(path, o, &tmp);
    if ((st = dist_agree(c, st)) != MST_OK)
        return st;
    if (c->rank == 0)
        *h = header_of(src);
    MPI_Bcast(h, (int)sizeof *h, MPI_BYTE, 0, c->comm);
    uint64_t lo = 0, hi = 0;
    split(h->m, c->size, c->rank, &lo, &hi);
    s->eid0 = lo;
    if (!slice_alloc(s, hi - lo))
        st = mst_fail(MST_ERESOURCE, "rank %d: out of memory for %" PRIu64 " edges", c->rank,
                      hi - lo);
    if ((st = dist_agree(c, st)) != MST_OK)
        goto fail;
    if (c->rank == 0) {
        memcpy(s->u, src->u, s->count * sizeof *s->u);
        memcpy(s->v, src->v, s->count * sizeof *s->v);
        memcpy(s->key, src->key, s->count * sizeof *s->key);
        for (int q = 1; q < c->size; q++) {
            uint64_t qlo = 0, qhi = 0;
            split(h->m, c->size, q, &qlo, &qhi);
            dist_send_big(c, src->u + qlo, qhi - qlo, sizeof *src->u, q);
            dist_send_big(c, src->v + qlo, qhi - qlo, sizeof *src->v, q);
            dist_send_big(c, src->key + qlo, qhi - qlo, sizeof *src->key, q);
        }
    } else {
        dist_recv_big(c, s->u, s->count, sizeof *s->u, 0);
        dist_recv_big(c, s->v, s->count, sizeof *s->v, 0);
        dist_recv_big(c, s->key, s->count, sizeof *s->key, 0);
    }
    /* 64-bit weights: their keys are ranks, which say nothing of the forest's total, so rank 0
     * keeps the whole graph (its raw weights) for the harness to sum. */
    if (c->rank == 0 && !have_whole && mst_weight_is_wide(tmp.weight_type)) {
        *g = tmp;
        memset(&tmp, 0, sizeof tmp);
        *kept_whole = 1;
    }
    mst_graph_free(&tmp);
    return MST_OK;
fail:
    mst_graph_free(&tmp);
    dist_slice_free(s);
    return st;
}

/* Rank 0 decides: a plain .msb file (its magic at byte 0) is read in slices with MPI-IO, unless
 * it holds 64-bit weights (type 4..6 at byte 12), whose keys are ranks over the whole file, or
 * --weight-type asks for a conversion: the shared loader on rank 0 does those. */
static int is_plain_msb(const dist_ctx *c, const char *path, const mst_load_options *o)
{
    int yes = 0;
    if (c->rank == 0 && o->weight_type == 0) {
        const char *fmt = o->format != NULL ? o->format : mst_format_from_path(path);
        FILE *f = fmt != NULL && strcmp(fmt, "msb") == 0 ? fopen(path, "rb") : NULL;
        unsigned char head[16];
        if (f != NULL) {
            yes = fread(head, 1, sizeof head, f) == sizeof head &&
                  memcmp(head, MST_MSB_MAGIC, 8) == 0 && le32(head + 12) <= MST_MSB_FLOAT32;
            fclose(f);
        }
    }
    MPI_Bcast(&yes, 1, MPI_INT, 0, c->comm);
    return yes;
}

mst_status dist_load_slice(const dist_ctx *c, const char *path, const mst_load_options *lo,
                           mst_graph *g, int have_whole, dist_slice *s)
{
    mst_status st = MST_OK;
    graph_header h;
    memset(&h, 0, sizeof h);
    memset(s, 0, sizeof *s);
    const char *format = NULL;
    int kept_whole = 0;
    if (is_plain_msb(c, path, lo)) {
        format = "msb";
        st = msb_slice(c, path, lo, &h, s);
    } else {
        format = lo->format != NULL ? lo->format : mst_format_from_path(path);
        st = scatter_slices(c, path, lo, g, have_whole, &h, s, &kept_whole);
    }
    if (st != MST_OK)
        return st; /* already agreed */
    if (!have_whole && !kept_whole)
        st = header_to_graph(&h, path, format, g);
    if ((st = dist_agree(c, st)) != MST_OK)
        dist_slice_free(s);
    return st;
}

/* ------------------------------------------------------------------------------------------ */
/* Generated graphs (--generate): every rank makes its slice of mst-gen's file                */

/* mst-gen's options that say how to write its file, or make test inputs: not those of a graph
 * the ranks make (docs/mst-mpi.md). */
static const char *gen_only(const gen_cli *gc)
{
    return gc->output ? "--output" : gc->format ? "--format" : gc->coordinates ? "--coordinates"
         : gc->threads ? "--threads" : gc->quiet ? "--quiet" : gc->verbose ? "--verbose"
         : gc->keep_duplicates ? "--keep-duplicates" : gc->loop_rate > 0 ? "--self-loops"
         : gc->multi_rate > 0 ? "--multi-edges" : NULL;
}

/* Reads SPEC, FAMILY[:ITEM,...], as the mst-gen command line it stands for: FAMILY (a preset's
 * name: "preset NAME"), then --ITEM for each ITEM (NAME=VALUE or a flag NAME; a leading -- may
 * be given), where an item that starts with a digit or a '.' continues the value before it
 * after a comma (abcd=0.55,0.1,0.1). The loading options that describe a file are refused.
 * Errors: MST_EUSAGE "--generate SPEC: ..." (mst-gen's message), MST_ERESOURCE. */
static mst_status read_spec(const char *spec, const mst_load_options *lo, gen_cli *gc)
{
    mst_status st = MST_OK;
    size_t len = strlen(spec), flen = strcspn(spec, ":");
    char *buf = NULL, *out, **words = NULL, mst_gen[] = "mst-gen", preset[] = "preset";
    int count = 0, first_item;
    mst_cli_action action = MST_CLI_RUN;
    memset(gc, 0, sizeof *gc);
    MST_ALLOC(buf, 2 * len + 8); /* each item gains "--" and a NUL; items are 2 bytes apart */
    MST_ALLOC(words, len + 4);
    words[count++] = mst_gen;
    memcpy(buf, spec, flen);
    buf[flen] = '\0';
    if (gen_family_find(buf) == NULL && gen_preset_find(buf) != NULL)
        words[count++] = preset;
    if (strcmp(buf, "components") == 0)
        MST_FAIL(MST_EUSAGE, "components (disjoint copies) is mst-gen's alone");
    words[count++] = buf;
    out = buf + flen + 1;
    first_item = count;
    for (const char *item = spec[flen] ? spec + flen + 1 : NULL; item != NULL;) {
        size_t ilen = strcspn(item, ",");
        if (ilen == 0)
            MST_FAIL(MST_EUSAGE, "an empty item");
        if ((isdigit((unsigned char)item[0]) || item[0] == '.') && count > first_item) {
            out[-1] = ','; /* the previous word goes on */
        } else {
            words[count++] = out;
            if (item[0] != '-') {
                memcpy(out, "--", 2);
                out += 2;
            }
        }
        memcpy(out, item, ilen);
        out[ilen] = '\0';
        out += ilen + 1;
        item = item[ilen] ? item + ilen + 1 : NULL;
    }
    MST_CHECK(gen_cli_read(count, words, gc, NULL, &action));
    if (action != MST_CLI_RUN)
        MST_FAIL(MST_EUSAGE, "mst-gen --help lists the families and their options");
    if (gen_only(gc) != NULL)
        MST_FAIL(MST_EUSAGE, "option %s is mst-gen's alone", gen_only(gc));
    const char *file = lo->format ? "--format" : lo->one_based ? "--one-based"
                     : lo->has_vertices ? "--vertices" : lo->weight_type ? "--weight-type"
                                                                          : NULL;
    if (file != NULL)
        MST_FAIL(MST_EUSAGE, "option %s applies to a graph file", file);
fail:
    if (st == MST_EUSAGE) {
        char why[1024];
        snprintf(why, sizeof why, "%s", mst_last_error());
        mst_fail(st, "--generate %s: %s", spec, why);
    }
    free(buf);
    free(words);
    return st;
}

/* The pair {a, b} as one word, its smaller end first (never 0: the ends differ). */
static inline uint64_t pair_of(uint32_t a, uint32_t b)
{
    return a < b ? (uint64_t)a << 32 | b : (uint64_t)b << 32 | a;
}

/* The rank of p that judges a pair's copies. */
static inline int judge_of(uint64_t pair, int p)
{
    return (int)gen_below(gen_mix64(pair), (uint64_t)p);
}

/* mst-gen's duplicate removal (gen/dedup.c: self-loops dropped, each pair's first occurrence in
 * edge order kept, the survivors' order kept) over the ranks' slices s (edges in rank order),
 * compacted in place. The pair {a, b} (a < b, one word) goes to the rank that judges it, chosen
 * by its hash; the pairs arrive grouped by source rank, so in edge order, and the judge keeps
 * the first of each in a hash set and answers each source with the positions, in what it sent
 * there, of the repeats; the source walks its slice again, counting its pairs per judge, and
 * drops the ones named. Traffic: 8 bytes per edge and 8 per repeat. Memory per rank: 8 bytes
 * per edge sent, 8 received, 16 to 32 for the set and 1 bit for the repeats' marks. Errors
 * (agreed): MST_ERESOURCE, also where a rank would exchange more than 2^31 - 1 pairs
 * (dist_exchange). */
static mst_status drop_repeats(const dist_ctx *c, int threads, dist_slice *s)
{
    mst_status st = MST_OK;
    int p = c->size;
    uint64_t *count = NULL, *at = NULL, *recvcount = NULL, *backcount = NULL, *send = NULL;
    uint64_t *recv = NULL, *back = NULL, *set = NULL, *seen = NULL, total = 0, repeats = 0;
    uint64_t slots = 1, kept = 0;
    MST_CALLOC(count, p);
    MST_ALLOC(at, p);
    MST_ALLOC(recvcount, p);
    MST_ALLOC(backcount, p);
    for (uint64_t i = 0; i < s->count; i++)
        if (s->u[i] != s->v[i])
            count[judge_of(pair_of(s->u[i], s->v[i]), p)]++;
    for (int q = 0; q < p; q++)
        at[q] = q ? at[q - 1] + count[q - 1] : 0;
    MST_ALLOC(send, at[p - 1] + count[p - 1]);
    for (uint64_t i = 0; i < s->count; i++)
        if (s->u[i] != s->v[i]) {
            uint64_t pair = pair_of(s->u[i], s->v[i]);
            send[at[judge_of(pair, p)]++] = pair;
        }
fail:
    if ((st = dist_agree(c, st)) == MST_OK)
        st = dist_exchange(c, send, count, sizeof *send, (void **)&recv, recvcount, &total);
    free(send);
    send = NULL;
    if (st != MST_OK)
        goto done;
    /* The judge: a pair seen before is a repeat; its position in what its source sent here
     * goes back to the source, in place of the pairs already read. The set's slots are split
     * into 2^lg ranges (at most the rank's threads) by bits 32 on of the hash (its top bits
     * chose this judge, its low bits the slot), each filled by one thread, which reads every
     * pair in order and takes those hashed into its range: a pair still meets the pairs before
     * it in order, whatever the team; seen[] marks the repeats. */
    while (slots < 2 * total)
        slots <<= 1;
    int lg = 0;
    while ((1 << (lg + 1)) <= threads && ((uint64_t)1 << (lg + 1)) <= slots / 1024)
        lg++;
    uint64_t span = slots >> lg;
    if ((set = mst_calloc(slots, sizeof *set)) == NULL ||
        (seen = mst_calloc(total / 64 + 1, sizeof *seen)) == NULL)
        st = mst_fail(MST_ERESOURCE, "rank %d: out of memory for duplicate removal", c->rank);
    if (st == MST_OK) {
#pragma omp parallel for schedule(static, 1) num_threads(1 << lg)
        for (int t = 0; t < 1 << lg; t++) {
            uint64_t *mine = set + (uint64_t)t * span;
            for (uint64_t j = 0; j < total; j++) {
                uint64_t pair = recv[j], h = gen_mix64(pair), x = h & (span - 1);
                if ((int)(h >> 32 & ((1u << lg) - 1)) != t)
                    continue;
                while (mine[x] != 0 && mine[x] != pair)
                    x = (x + 1) & (span - 1);
                if (mine[x] == pair)
                    __atomic_fetch_or(&seen[j >> 6], (uint64_t)1 << (j & 63), __ATOMIC_RELAXED);
                mine[x] = pair;
            }
        }
    }
    free(set);
    uint64_t j = 0;
    for (int q = 0; st == MST_OK && q < p; q++) {
        uint64_t first = j, found = repeats;
        for (uint64_t end = j + recvcount[q]; j < end; j++)
            if (seen[j >> 6] >> (j & 63) & 1)
                recv[repeats++] = j - first;
        recvcount[q] = repeats - found;
    }
    free(seen);
    if ((st = dist_agree(c, st)) == MST_OK)
        st = dist_exchange(c, recv, recvcount, sizeof *recv, (void **)&back, backcount, &total);
    if (st != MST_OK)
        goto done;
    /* The source: at[q] counts its pairs sent to q, count[q] walks q's answer. */
    for (int q = 0; q < p; q++) {
        at[q] = 0;
        count[q] = q ? backcount[q - 1] : 0;
        backcount[q] += count[q]; /* where q's answer ends */
    }
    for (uint64_t i = 0; i < s->count; i++) {
        if (s->u[i] == s->v[i])
            continue;
        int q = judge_of(pair_of(s->u[i], s->v[i]), p);
        uint64_t sent = at[q]++;
        if (count[q] < backcount[q] && back[count[q]] == sent) {
            count[q]++;
            continue;
        }
        s->u[kept] = s->u[i];
        s->v[kept++] = s->v[i];
    }
    s->count = kept;
done:
    free(count);
    free(at);
    free(recvcount);
    free(backcount);
    free(send);
    free(recv);
    free(back);
    return st;
}

mst_status dist_generate(const dist_ctx *c, const char *spec, const mst_load_options *lo,
                         int threads, mst_graph *g, int whole, dist_slice *s)
{
    gen_cli gc;
    gen_edges all = {0};
    uint64_t n = 0, m = 0, removed = 0, lo_e = 0, hi_e = 0;
    mst_weight_type type = MST_WEIGHT_INT32;
    int saved = omp_get_max_threads();
    memset(s, 0, sizeof *s);
    mst_status st = read_spec(spec, lo, &gc);
    const gen_family *f = gc.family;
    gen_params *p = &gc.params;
    if (st == MST_OK) {
        p->edge_bits = f->range != NULL ? 63 : 32; /* mst-gen's dedup numbers edges in 32 bits */
        st = f->check(p, &n, &m);
    }
    if ((st = dist_agree(c, st)) != MST_OK)
        return st;
    int dedup = f->may_duplicate || (p->given & GP_BIT(GP_CONNECTED));
    omp_set_num_threads(threads); /* gen/'s parallel loops: the rank's -t threads */
    if (f->range != NULL) {
        /* Each rank makes its part of the list, the ranks drop the repeats together, and the
         * edges kept are numbered after those of the lower ranks. */
        split(m, c->size, c->rank, &lo_e, &hi_e);
        s->count = hi_e - lo_e;
        if ((s->u = mst_alloc(s->count, sizeof *s->u)) == NULL ||
            (s->v = mst_alloc(s->count, sizeof *s->v)) == NULL)
            st = mst_fail(MST_ERESOURCE, "rank %d: out of memory for %" PRIu64 " edges", c->rank,
                          s->count);
        if ((st = dist_agree(c, st)) == MST_OK) {
            f->range(p, lo_e, hi_e, s->u, s->v);
            if (dedup)
                st = drop_repeats(c, threads, s);
        }
        if (st == MST_OK) {
            MPI_Exscan(&s->count, &s->eid0, 1, MPI_UINT64_T, MPI_SUM, c->comm);
            MPI_Allreduce(&s->count, &m, 1, MPI_UINT64_T, MPI_SUM, c->comm);
            s->eid0 = c->rank == 0 ? 0 : s->eid0; /* MPI_Exscan leaves rank 0's undefined */
            if ((s->key = mst_alloc(s->count, sizeof *s->key)) == NULL)
                st = MST_ERESOURCE;
            else
                st = gen_weights_range(&gc.weights, p->seed, m, s->eid0, s->count, s->key, &type);
        }
    } else {
        /* The family's edges depend on each other: every rank makes the whole file, as mst-gen
         * does, and keeps its slice. */
        st = f->generate(p, &all);
        if (st == MST_OK && dedup)
            st = gen_dedup(&all, &removed);
        if (st == MST_OK)
            st = gen_weights_apply(&all, &gc.weights, p->seed);
        m = all.m;
        type = all.key_type;
        split(m, c->size, c->rank, &lo_e, &hi_e);
        s->eid0 = lo_e;
        s->count = st == MST_OK ? hi_e - lo_e : 0;
        if (st == MST_OK && ((s->u = mst_alloc(s->count, sizeof *s->u)) == NULL ||
                             (s->v = mst_alloc(s->count, sizeof *s->v)) == NULL ||
                             (s->key = mst_alloc(s->count, sizeof *s->key)) == NULL))
            st = MST_ERESOURCE;
        if (st == MST_OK) {
            memcpy(s->u, all.u + lo_e, s->count * sizeof *s->u);
            memcpy(s->v, all.v + lo_e, s->count * sizeof *s->v);
            memcpy(s->key, all.key + lo_e, s->count * sizeof *s->key);
        }
        gen_edges_free(&all);
    }
    omp_set_num_threads(saved);
    if ((st = dist_agree(c, st)) != MST_OK) {
        dist_slice_free(s);
        return st;
    }
    /* The file's weights (or --weights'), the header everywhere, and the whole graph gathered
     * on rank 0 where it is asked for. */
    mst_graph hv;
    memset(&hv, 0, sizeof hv);
    hv.file_has_weights = gc.weights.mode != GEN_W_NONE;
    hv.weight_type = type;
    slice_weights(lo, &hv, s);
    graph_header h = {.n = n, .m = m, .seed = hv.seed, .weight_type = (int32_t)hv.weight_type,
                      .weight_origin = (int32_t)hv.weight_origin,
                      .file_has_weights = hv.file_has_weights};
    st = header_to_graph(&h, spec, "generated", g);
    MPI_Bcast(&whole, 1, MPI_INT, 0, c->comm);
    if (st == MST_OK && whole && c->rank == 0 &&
        ((g->u = mst_alloc(m, sizeof *g->u)) == NULL ||
         (g->v = mst_alloc(m, sizeof *g->v)) == NULL ||
         (g->key = mst_alloc(m, sizeof *g->key)) == NULL))
        st = mst_fail(MST_ERESOURCE, "rank 0: out of memory for the whole graph (%" PRIu64
                      " edges) to verify or write; --no-verify needs none", m);
    if ((st = dist_agree(c, st)) == MST_OK && whole) {
        uint64_t got = 0;
        st = dist_gather_records(c, s->u, s->count, sizeof *s->u, g->u, m, &got);
        if (st == MST_OK)
            st = dist_gather_records(c, s->v, s->count, sizeof *s->v, g->v, m, &got);
        if (st == MST_OK)
            st = dist_gather_records(c, s->key, s->count, sizeof *s->key, g->key, m, &got);
    }
    if (st != MST_OK)
        dist_slice_free(s);
    return st;
}

/* ------------------------------------------------------------------------------------------ */
/* The GHS share                                                                               */

mst_status dist_share_build(const dist_ctx *c, const dist_partition *pt, const dist_slice *s,
                            dist_share *sh)
{
    mst_status st = MST_OK;
    int p = c->size;
    uint64_t *count = NULL, *start = NULL, *recvcount = NULL, total = 0;
    dist_arc *send = NULL;
    uint32_t n_local = dist_partition_count(pt, c->rank);
    memset(sh, 0, sizeof *sh);
    MST_CALLOC(count, p);
    MST_ALLOC(start, p);
    MST_ALLOC(recvcount, p);
    for (uint64_t i = 0; i < s->count; i++) {
        count[dist_owner(pt, s->u[i])]++;
        count[dist_owner(pt, s->v[i])]++;
    }
    for (int q = 0; q < p; q++)
        start[q] = q ? start[q - 1] + count[q - 1] : 0;
    MST_ALLOC(send, 2 * s->count);
    /* Arcs in slice order (increasing edge id), u's arc before v's. */
    for (uint64_t i = 0; i < s->count; i++) {
        uint64_t eid = s->eid0 + i;
        int ru = dist_owner(pt, s->u[i]), rv = dist_owner(pt, s->v[i]);
        dist_arc a = {s->u[i], (uint32_t)rv, s->key[i], (uint32_t)eid, (uint32_t)(eid >> 32)};
        send[start[ru]++] = a;
        a.x = s->v[i], a.y_rank = (uint32_t)ru;
        send[start[rv]++] = a;
    }
fail:
    if ((st = dist_agree(c, st)) == MST_OK) {
        void *recv = NULL;
        st = dist_exchange(c, send, count, sizeof *send, &recv, recvcount, &total);
        sh->arc = recv;
    }
    free(send);
    if (st == MST_OK) {
        /* Global ids of x to local ones. */
        for (uint64_t i = 0; i < total; i++)
            sh->arc[i].x = dist_partition_local(pt, c->rank, sh->arc[i].x);
        sh->arcs = total;
        sh->n_local = n_local;
    }
    free(count);
    free(start);
    free(recvcount);
    return st;
}
