/* graph.c: weight keys, totals and the CSR builder of the canonical graph (see graph.h). */
#include "graph.h"

#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

uint32_t mst_key_from_float(float w)
{
    uint32_t bits;
    memcpy(&bits, &w, sizeof bits);
    return (bits & 0x80000000u) ? ~bits : (bits | 0x80000000u);
}

float mst_key_to_float(uint32_t key)
{
    uint32_t bits = (key & 0x80000000u) ? (key & 0x7FFFFFFFu) : ~key;
    float w;
    memcpy(&w, &bits, sizeof w);
    return w;
}

double mst_key_to_double(mst_weight_type t, uint32_t key)
{
    switch (t) {
    case MST_WEIGHT_INT32: return (double)mst_key_to_int32(key);
    case MST_WEIGHT_UINT32: return (double)key;
    case MST_WEIGHT_FLOAT32: return (double)mst_key_to_float(key);
    }
    return 0.0;
}

char *mst_format_weight(mst_weight_type t, uint32_t key, char *buf, int len)
{
    switch (t) {
    case MST_WEIGHT_INT32: snprintf(buf, (size_t)len, "%" PRId32, mst_key_to_int32(key)); break;
    case MST_WEIGHT_UINT32: snprintf(buf, (size_t)len, "%" PRIu32, key); break;
    case MST_WEIGHT_FLOAT32: {
        float w = mst_key_to_float(key);
        /* Shortest %g form that reads back to the same float (9 digits always do). */
        for (int prec = 6; prec <= 9; prec++) {
            snprintf(buf, (size_t)len, "%.*g", prec, (double)w);
            if (strtof(buf, NULL) == w)
                break;
        }
        break;
    }
    }
    return buf;
}

const char *mst_weight_type_name(mst_weight_type t)
{
    switch (t) {
    case MST_WEIGHT_INT32: return "int32";
    case MST_WEIGHT_UINT32: return "uint32";
    case MST_WEIGHT_FLOAT32: return "float32";
    }
    return "unknown";
}

mst_weight_sum mst_weight_total(const mst_graph *g, const uint64_t *eid, uint64_t k)
{
    mst_weight_sum s = {g->weight_type == MST_WEIGHT_FLOAT32, 0, 0.0};
    for (uint64_t i = 0; i < k; i++) {
        uint32_t key = g->key[eid[i]];
        switch (g->weight_type) {
        case MST_WEIGHT_INT32: s.i += mst_key_to_int32(key); break;
        case MST_WEIGHT_UINT32: s.i += (int64_t)key; break;
        case MST_WEIGHT_FLOAT32: s.d += (double)mst_key_to_float(key); break;
        }
    }
    return s;
}

char *mst_format_total(mst_weight_sum s, char *buf, int len)
{
    if (s.is_float)
        snprintf(buf, (size_t)len, "%.17g", s.d);
    else
        snprintf(buf, (size_t)len, "%" PRId64, s.i);
    return buf;
}

void mst_graph_free(mst_graph *g)
{
    if (g == NULL)
        return;
    free(g->name);
    free(g->u);
    free(g->v);
    free(g->key);
    memset(g, 0, sizeof *g);
}

mst_status mst_csr_build(const mst_graph *g, mst_csr *c)
{
    mst_status st = MST_OK;
    memset(c, 0, sizeof *c);
    c->n = g->n;
    MST_CALLOC(c->offset, (size_t)g->n + 1);
    MST_ALLOC(c->adj, 2 * g->m);
    MST_ALLOC(c->eid, 2 * g->m);
    for (uint64_t e = 0; e < g->m; e++) {
        c->offset[g->u[e] + 1]++;
        c->offset[g->v[e] + 1]++;
    }
    for (uint32_t x = 0; x < g->n; x++)
        c->offset[x + 1] += c->offset[x];
    /* Fill with a moving cursor per row (offset[x] advances, then is shifted back). */
    for (uint64_t e = 0; e < g->m; e++) {
        uint64_t a = c->offset[g->u[e]]++, b = c->offset[g->v[e]]++;
        c->adj[a] = g->v[e];
        c->eid[a] = e;
        c->adj[b] = g->u[e];
        c->eid[b] = e;
    }
    for (uint32_t x = g->n; x > 0; x--)
        c->offset[x] = c->offset[x - 1];
    c->offset[0] = 0;
    return MST_OK;
fail:
    mst_csr_free(c);
    return st;
}

void mst_csr_free(mst_csr *c)
{
    if (c == NULL)
        return;
    free(c->offset);
    free(c->adj);
    free(c->eid);
    memset(c, 0, sizeof *c);
}
