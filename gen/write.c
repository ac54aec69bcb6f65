/*
 * write.c: the graph writers of mst-gen and mst-convert (see write.h). Each format is written the
 * way its loader reads it back as the same graph (docs/formats.md, Converting: what each keeps):
 *   edgelist  "# ..." then "u v [w]" lines, 0-based; an edge list has no header, so when the
 *             last vertices are isolated a final self-loop on vertex n-1 keeps n (the loaders
 *             drop self-loops; its weight 0 changes neither the weight type nor its range)
 *   mtx       Matrix Market coordinate symmetric, integer, real or pattern: each edge one
 *             lower-triangle entry (max, min), 1-based ('symmetric': each entry one edge, where
 *             'general' entries are arcs and would merge)
 *   dimacs    DIMACS-9 "p sp" with both arcs of every edge (the loader merges each pair back at
 *             the first arc's position), or PACE "p tw" one line per edge when unweighted; 1-based
 *   metis     METIS adjacency lists (every edge in both lists), fmt 1 when weighted; 1-based
 *   egr       ECL's binary CSR, int32 little-endian: n, 2m, offsets, neighbours, weights
 *   msb       the suite's own (loader.h): the edge list as it is in memory, little-endian
 * The edge order (edge ids, hence the MSF among ties and --weights random) survives all but metis
 * and egr, adjacency formats whose loader numbers the edges row by row. Text weights are exact:
 * integers as they are, floats in the shortest text that reads back to the same value, always
 * with a '.' or an exponent so that they read back as floats. The edge list and PACE list each
 * edge once as an arc, and the loader merges an arc with a later reverse arc of equal weight: the
 * edges of such a group are written in one orientation (mst_arc_flips).
 * What a format cannot hold is refused before anything is opened; then each format writes its
 * body into one loader.h output stream, gzip-compressed for a name ending in ".gz". Sources:
 * docs/references.md (each format's definition).
 */
#include "write.h"

#include <inttypes.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "loader.h"

/* ------------------------------------------------------------------------------------------ */
/* Arc flips                                                                                    */

/* The group hash of edge e: its endpoints in either order, and its key if `weights`. */
static inline uint64_t group_hash(const mst_graph *g, int weights, uint64_t e)
{
    uint32_t a = g->u[e], b = g->v[e];
    return mst_edge_group_hash(a < b ? a : b, a < b ? b : a, weights ? g->key[e] : 0);
}

/* 1 if edge e's group hash is marked in the bitmap `twice`; *hash gets the full hash. */
static inline int is_candidate(const mst_graph *g, int weights, const uint64_t *twice,
                               uint64_t mask, uint64_t e, uint64_t *hash)
{
    *hash = group_hash(g, weights, e);
    uint64_t h = *hash & mask;
    return (int)((twice[h >> 6] >> (h & 63)) & 1);
}

mst_status mst_arc_flips(const mst_graph *g, int with_weights, uint64_t **flips,
                         uint64_t *count)
{
    /* A slot of the exact table: a group's endpoints, key and its first edge's orientation
     * (state 0 empty, 1 (lo, hi), 2 (hi, lo)). */
    struct slot { uint32_t lo, hi, key, state; } *t = NULL;
    mst_status st = MST_OK;
    uint64_t *seen = NULL, *twice = NULL, bits = 64, candidates = 0, hash, size = 16, cap = 0;
    *flips = NULL;
    *count = 0;
    if (g->m < 2)
        return MST_OK;
    /* Bitmaps of about 8 bits per edge (at most 2^32 bits = 512 MiB each). */
    while (bits < 8 * g->m && bits < (1ull << 32))
        bits *= 2;
    uint64_t mask = bits - 1;
    MST_CALLOC(seen, bits / 64);
    MST_CALLOC(twice, bits / 64);
    for (uint64_t e = 0; e < g->m; e++) {
        uint64_t h = group_hash(g, with_weights, e) & mask, bit = 1ull << (h & 63);
        if (seen[h >> 6] & bit)
            twice[h >> 6] |= bit;
        seen[h >> 6] |= bit;
    }
    free(seen);
    seen = NULL;
    for (uint64_t e = 0; e < g->m; e++)
        candidates += (uint64_t)is_candidate(g, with_weights, twice, mask, e, &hash);
    while (size < 2 * candidates)
        size *= 2;
    if (candidates > 0)
        MST_CALLOC(t, size);
    /* The exact pass over the candidates, in edge order: a group's first edge fixes its
     * orientation; its later edges in the other orientation are flipped. */
    for (uint64_t e = 0; candidates > 0 && e < g->m; e++) {
        if (!is_candidate(g, with_weights, twice, mask, e, &hash))
            continue;
        uint32_t a = g->u[e], b = g->v[e], lo = a < b ? a : b, hi = a < b ? b : a;
        uint32_t key = with_weights ? g->key[e] : 0, state = a < b ? 1 : 2;
        uint64_t i = hash & (size - 1);
        while (t[i].state != 0 && !(t[i].lo == lo && t[i].hi == hi && t[i].key == key))
            i = (i + 1) & (size - 1);
        if (t[i].state == 0) {
            t[i] = (struct slot){lo, hi, key, state};
        } else if (t[i].state != state) {
            if (*count == cap) {
                cap = cap ? 2 * cap : 64;
                MST_CHECK(mst_realloc((void **)flips, cap, sizeof **flips));
            }
            (*flips)[(*count)++] = e;
        }
    }
    free(twice);
    free(t);
    return MST_OK;
fail:
    free(seen);
    free(twice);
    free(t);
    free(*flips);
    *flips = NULL;
    *count = 0;
    return st;
}

/* ------------------------------------------------------------------------------------------ */
/* The formats                                                                                  */

/* One write: the stream, the graph, and what the formats need besides it. */
typedef struct job {
    mst_out o;
    const mst_graph *g;
    int w;                         /* weights are written */
    char types[32];                /* ", weights TYPE" when they are, else "" */
    uint64_t *flips, nflips, next; /* edgelist, PACE: mst_arc_flips, and the cursor into them */
    mst_csr c;                     /* metis, egr: the CSR of g */
} job;

/* The endpoints of edge e as written: (u, v), or (v, u) if e is the next flipped edge (edges are
 * visited in increasing id). */
static inline void oriented(job *j, uint64_t e, uint32_t *a, uint32_t *b)
{
    int flip = j->next < j->nflips && j->flips[j->next] == e;
    *a = flip ? j->g->v[e] : j->g->u[e];
    *b = flip ? j->g->u[e] : j->g->v[e];
    j->next += (uint64_t)flip;
}

/* " W", edge e's raw weight after a blank, into buf[64], or "" when no weights are written:
 * integers as they are, floats as the shortest text that reads back to the same float or double,
 * with ".0" added where it has no '.' or exponent ("3.0", "-0.0"; "inf" stays). */
static const char *weight_field(const job *j, uint64_t e, char *buf)
{
    if (!j->w)
        return "";
    buf[0] = ' ';
    mst_format_edge_weight(j->g, e, buf + 1, 46);
    if (mst_weight_is_float(j->g->weight_type) && strpbrk(buf + 1, ".eEin") == NULL)
        strcat(buf, ".0");
    return buf;
}

/* The raw bits of edge e's weight as .msb stores a 32-bit one (int32 two's complement, uint32,
 * float32's IEEE bits), or the low word of a 64-bit one. */
static uint32_t raw32(const mst_graph *g, uint64_t e)
{
    float f;
    uint32_t x = g->key[e];
    if (g->raw != NULL)
        return (uint32_t)g->raw[e];
    if (g->weight_type == MST_WEIGHT_INT32)
        return (uint32_t)mst_key_to_int32(x);
    if (g->weight_type == MST_WEIGHT_FLOAT32) {
        f = mst_key_to_float(x);
        memcpy(&x, &f, sizeof x);
    }
    return x;
}

/* Appends x as 4 bytes, little-endian whatever the host. */
static mst_status put32(mst_out *o, uint32_t x)
{
    unsigned char p[4] = {(unsigned char)x, (unsigned char)(x >> 8), (unsigned char)(x >> 16),
                          (unsigned char)(x >> 24)};
    return mst_out_write(o, p, sizeof p);
}

static mst_status edgelist(job *j)
{
    mst_status st = MST_OK;
    const mst_graph *g = j->g;
    uint64_t top = 0; /* largest id written + 1 */
    char w[64];
    MST_CHECK(mst_out_printf(&j->o, "# mst-suite edge list: n=%" PRIu32 " m=%" PRIu64
                             ", 0-based 'u v%s' lines%s\n", g->n, g->m, j->w ? " w" : "",
                             j->types));
    for (uint64_t e = 0; e < g->m; e++) {
        uint32_t a, b;
        oriented(j, e, &a, &b);
        if (a >= top || b >= top)
            top = (uint64_t)(a > b ? a : b) + 1;
        MST_CHECK(mst_out_printf(&j->o, "%" PRIu32 " %" PRIu32 "%s\n", a, b,
                                 weight_field(j, e, w)));
    }
    if (top < g->n)
        MST_CHECK(mst_out_printf(&j->o, "# self-loop on the last vertex: keeps n = %" PRIu32
                                 " (loaders drop self-loops)\n%" PRIu32 " %" PRIu32 "%s\n", g->n,
                                 g->n - 1, g->n - 1,
                                 !j->w ? "" : mst_weight_is_float(g->weight_type) ? " 0.0" : " 0"));
fail:
    return st;
}

static mst_status mtx(job *j)
{
    mst_status st = MST_OK;
    const mst_graph *g = j->g;
    char w[64];
    MST_CHECK(mst_out_printf(&j->o, "%%%%MatrixMarket matrix coordinate %s symmetric\n"
                             "%% mst-suite graph: n=%" PRIu32 " m=%" PRIu64 "%s, one "
                             "lower-triangle entry per undirected edge, in edge order\n"
                             "%" PRIu32 " %" PRIu32 " %" PRIu64 "\n",
                             !j->w                                 ? "pattern"
                             : mst_weight_is_float(g->weight_type) ? "real"
                                                                   : "integer",
                             g->n, g->m, j->types, g->n, g->n, g->m));
    for (uint64_t e = 0; e < g->m; e++) {
        uint32_t a = g->u[e], b = g->v[e];
        MST_CHECK(mst_out_printf(&j->o, "%" PRIu64 " %" PRIu64 "%s\n",
                                 (uint64_t)(a > b ? a : b) + 1, (uint64_t)(a > b ? b : a) + 1,
                                 weight_field(j, e, w)));
    }
fail:
    return st;
}

static mst_status dimacs(job *j)
{
    mst_status st = MST_OK;
    const mst_graph *g = j->g;
    char w[64];
    MST_CHECK(mst_out_printf(&j->o, "c mst-suite graph: n=%" PRIu32 " m=%" PRIu64 " undirected "
                             "edges%s%s, in edge order\np %s %" PRIu32 " %" PRIu64 "\n", g->n,
                             g->m, j->w ? j->types : ", unweighted",
                             j->w ? ", each edge as its two arcs" : "", j->w ? "sp" : "tw", g->n,
                             j->w ? 2 * g->m : g->m));
    for (uint64_t e = 0; e < g->m; e++) {
        uint32_t a, b;
        oriented(j, e, &a, &b);
        uint64_t x = (uint64_t)a + 1, y = (uint64_t)b + 1;
        if (j->w)
            MST_CHECK(mst_out_printf(&j->o, "a %" PRIu64 " %" PRIu64 "%s\na %" PRIu64 " %" PRIu64
                                     "%s\n", x, y, weight_field(j, e, w), y, x, w));
        else
            MST_CHECK(mst_out_printf(&j->o, "%" PRIu64 " %" PRIu64 "\n", x, y));
    }
fail:
    return st;
}

static mst_status metis(job *j)
{
    mst_status st = MST_OK;
    const mst_graph *g = j->g;
    const mst_csr *c = &j->c;
    char w[64];
    MST_CHECK(mst_out_printf(&j->o, "%% mst-suite graph: n=%" PRIu32 " m=%" PRIu64 "%s; edge "
                             "ids follow the adjacency lists, not the source's order\n"
                             "%" PRIu32 " %" PRIu64 "%s\n", g->n, g->m,
                             j->w ? j->types : ", unweighted", g->n, g->m, j->w ? " 1" : ""));
    for (uint32_t x = 0; x < g->n; x++) {
        for (uint64_t i = c->offset[x]; i < c->offset[x + 1]; i++)
            MST_CHECK(mst_out_printf(&j->o, "%s%" PRIu64 "%s", i > c->offset[x] ? " " : "",
                                     (uint64_t)c->adj[i] + 1, weight_field(j, c->eid[i], w)));
        MST_CHECK(mst_out_printf(&j->o, "\n"));
    }
fail:
    return st;
}

static mst_status egr(job *j)
{
    mst_status st = MST_OK;
    const mst_graph *g = j->g;
    MST_CHECK(put32(&j->o, g->n));
    MST_CHECK(put32(&j->o, (uint32_t)(2 * g->m)));
    for (uint64_t x = 0; x <= g->n; x++)
        MST_CHECK(put32(&j->o, (uint32_t)j->c.offset[x]));
    for (uint64_t i = 0; i < 2 * g->m; i++)
        MST_CHECK(put32(&j->o, j->c.adj[i]));
    for (uint64_t i = 0; j->w && i < 2 * g->m; i++)
        MST_CHECK(put32(&j->o, raw32(g, j->c.eid[i]))); /* int32: checked before */
fail:
    return st;
}

static mst_status msb(job *j)
{
    mst_status st = MST_OK;
    const mst_graph *g = j->g;
    const uint32_t header[6] = {MST_MSB_VERSION, j->w ? 1u + (uint32_t)g->weight_type : 0, g->n,
                                g->index_base == 1, (uint32_t)g->m, (uint32_t)(g->m >> 32)};
    MST_CHECK(mst_out_write(&j->o, MST_MSB_MAGIC, 8));
    for (int i = 0; i < 6; i++)
        MST_CHECK(put32(&j->o, header[i]));
    for (uint64_t e = 0; e < g->m; e++)
        MST_CHECK(put32(&j->o, g->u[e]));
    for (uint64_t e = 0; e < g->m; e++)
        MST_CHECK(put32(&j->o, g->v[e]));
    for (uint64_t e = 0; j->w && e < g->m; e++) {
        MST_CHECK(put32(&j->o, raw32(g, e)));
        if (g->raw != NULL)
            MST_CHECK(put32(&j->o, (uint32_t)(g->raw[e] >> 32)));
    }
fail:
    return st;
}

/* ------------------------------------------------------------------------------------------ */

enum { EDGELIST, DIMACS, MTX, METIS, EGR, MSB, FORMATS };

mst_status mst_graph_write(const char *path, const char *format, const mst_graph *g,
                           int with_weights)
{
    static const char *const names[FORMATS] = {"edgelist", "dimacs", "mtx",
                                               "metis",    "egr",    "msb"};
    static const char *const integers_only[FORMATS] = {
        [DIMACS] = "DIMACS .gr", [METIS] = "METIS .graph", [EGR] = "ECL .egr"};
    static mst_status (*const body[FORMATS])(job *) = {edgelist, dimacs, mtx, metis, egr, msb};
    mst_status st = MST_OK;
    job j = {.g = g, .w = with_weights != 0};
    int f = 0;
    if (format == NULL && (format = mst_format_from_path(path)) == NULL)
        return mst_fail(MST_EUSAGE, "%s: cannot tell the output format from the file "
                        "extension (formats: %s)", path, mst_format_names());
    while (f < FORMATS && strcmp(format, names[f]) != 0)
        f++;
    if (f == FORMATS)
        return mst_fail(MST_EUSAGE, "unknown output format '%s' (formats: %s)", format,
                        mst_format_names());

    /* What the format cannot hold, refused before anything is opened. */
    if (f == EGR && (uint64_t)g->n > INT32_MAX)
        return mst_fail(MST_ERESOURCE, "%s: n = %" PRIu32 " exceeds the .egr limit of 2^31 - 1 "
                        "vertices (int32)", path, g->n);
    if (f == EGR && g->m > INT32_MAX / 2)
        return mst_fail(MST_ERESOURCE, "%s: m = %" PRIu64 " edges exceeds the .egr limit (2m "
                        "arcs must be below 2^31: int32)", path, g->m);
    int floats = j.w && mst_weight_is_float(g->weight_type);
    if (floats && integers_only[f] != NULL)
        return mst_fail(MST_EUSAGE, "%s: %s holds integer weights only; this graph has %s "
                        "weights (edge list, Matrix Market and .msb keep them)", path,
                        integers_only[f], mst_weight_type_name(g->weight_type));
    int finite = floats && (f == EDGELIST || f == MTX);
    int int32 = j.w && f == EGR && g->weight_type != MST_WEIGHT_INT32;
    for (uint64_t e = 0; (finite || int32) && e < g->m; e++) {
        uint64_t bits;
        char w[48];
        if (finite && isinf(mst_edge_weight(g, e).d))
            return mst_fail(MST_EUSAGE, "%s: edge %" PRIu64 " has an infinite weight, which "
                            "text formats cannot hold (the loaders reject it); .msb can", path, e);
        if (int32 && !mst_weight_value_fits(mst_edge_weight(g, e), MST_WEIGHT_INT32, &bits))
            return mst_fail(MST_EUSAGE, "%s: edge %" PRIu64 " has weight %s, outside int32: "
                            "ECL .egr holds int32 weights only", path, e,
                            mst_format_edge_weight(g, e, w, sizeof w));
    }

    if (j.w)
        snprintf(j.types, sizeof j.types, ", weights %s", mst_weight_type_name(g->weight_type));
    if (f == EDGELIST || (f == DIMACS && !j.w))
        MST_CHECK(mst_arc_flips(g, j.w, &j.flips, &j.nflips));
    if (f == METIS || f == EGR)
        MST_CHECK(mst_csr_build(g, &j.c));
    size_t len = strlen(path);
    MST_CHECK(mst_out_open(&j.o, path, len >= 3 && strcasecmp(path + len - 3, ".gz") == 0));
    MST_CHECK(body[f](&j));
    MST_CHECK(mst_out_commit(&j.o));
fail:
    mst_out_abort(&j.o); /* nothing left to abort after a commit */
    free(j.flips);
    mst_csr_free(&j.c);
    return st;
}
