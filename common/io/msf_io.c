/* msf_io.c: writing MSF files and mapping them back to edge ids (see msf_io.h). */
#include "msf_io.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "atomic_file.h"
#include "parse.h"
#include "radix_sort.h"
#include "reader.h"

mst_status mst_msf_write(const char *path, const mst_graph *g, uint64_t *eid, uint64_t k,
                         const char *producer)
{
    mst_status st = MST_OK;
    mst_atomic_file a = {0};
    MST_CHECK(mst_sort_u64(eid, k));
    MST_CHECK(mst_atomic_open(&a, path));
    mst_weight_sum total = mst_weight_total(g, eid, k);
    char wbuf[64], tbuf[64];
    fprintf(a.f, "# minimum spanning forest of %s by %s: %" PRIu64 " edges, weight %s\n",
            g->name ? g->name : "?", producer, k, mst_format_total(total, tbuf, sizeof tbuf));
    for (uint64_t i = 0; i < k; i++) {
        uint64_t e = eid[i];
        fprintf(a.f, "%" PRIu64 " %" PRIu64 " %s\n", (uint64_t)g->u[e] + (uint64_t)g->index_base,
                (uint64_t)g->v[e] + (uint64_t)g->index_base,
                mst_format_weight(g->weight_type, g->key[e], wbuf, sizeof wbuf));
    }
    return mst_atomic_commit(&a);
fail:
    mst_atomic_abort(&a);
    return st;
}

/* The key a parsed weight has in g's weight type, or 0 if it cannot be one of g's weights. */
static int weight_to_key(const mst_graph *g, double w, int is_real, uint32_t *key)
{
    switch (g->weight_type) {
    case MST_WEIGHT_INT32:
        if (is_real || w < (double)INT32_MIN || w > (double)INT32_MAX)
            return 0;
        *key = mst_key_from_int32((int32_t)w);
        return 1;
    case MST_WEIGHT_UINT32:
        if (is_real || w < 0 || w > (double)UINT32_MAX)
            return 0;
        *key = mst_key_from_uint32((uint32_t)w);
        return 1;
    case MST_WEIGHT_FLOAT32:
        *key = mst_key_from_float((float)w);
        return 1;
    }
    return 0;
}

mst_status mst_msf_read(const char *path, const mst_graph *g, uint64_t **eid_out, uint64_t *k_out)
{
    mst_status st = MST_OK;
    mst_reader *r = NULL;
    mst_csr c = {0};
    uint8_t *taken = NULL;
    uint64_t *eid = NULL, k = 0, cap = 1024;
    *eid_out = NULL;
    *k_out = 0;
    MST_CHECK(mst_csr_build(g, &c));
    MST_CALLOC(taken, g->m);
    MST_ALLOC(eid, cap);
    MST_CHECK(mst_reader_open(path, &r));
    for (;;) {
        char *line;
        size_t len;
        MST_CHECK(mst_reader_next_line(r, &line, &len));
        if (line == NULL)
            break;
        const char *p = mst_skip_blanks(line);
        if (*p == '\0' || *p == '#' || *p == '%')
            continue;
        uint64_t fu, fv;
        double w;
        int is_real;
        char tok[48], wtok[48];
        const char *wstart;
        if (mst_parse_u64(&p, &fu) != MST_TOK_OK || mst_parse_u64(&p, &fv) != MST_TOK_OK ||
            (wstart = p, mst_token_text(p, wtok), mst_parse_weight(&p, &w, &is_real)) != MST_TOK_OK ||
            !mst_at_eol(p)) {
            st = mst_reader_fail(r, "expected 'u v w', found %s", mst_token_text(p, tok));
            goto fail;
        }
        if (g->weight_type == MST_WEIGHT_FLOAT32) /* strtof keeps the sign of "-0" */
            w = (double)strtof(mst_skip_blanks(wstart), NULL), is_real = 1;
        uint32_t key;
        uint64_t base = (uint64_t)g->index_base, found = UINT64_MAX;
        if (fu >= base && fv >= base && fu - base < g->n && fv - base < g->n &&
            weight_to_key(g, w, is_real, &key)) {
            uint32_t a = (uint32_t)(fu - base), b = (uint32_t)(fv - base);
            if (c.offset[a + 1] - c.offset[a] > c.offset[b + 1] - c.offset[b]) {
                uint32_t t = a;
                a = b;
                b = t;
            }
            /* Rows list edges in increasing id: the first free match is the lowest id. */
            for (uint64_t j = c.offset[a]; j < c.offset[a + 1]; j++) {
                uint64_t e = c.eid[j];
                if (c.adj[j] == b && g->key[e] == key && !taken[e]) {
                    found = e;
                    break;
                }
            }
        }
        if (found == UINT64_MAX) {
            st = mst_reader_fail(r, "no edge %" PRIu64 "-%" PRIu64 " of weight %s left in the graph",
                                 fu, fv, wtok);
            goto fail;
        }
        taken[found] = 1;
        if (k == cap) {
            cap *= 2;
            MST_CHECK(mst_realloc((void **)&eid, cap, sizeof *eid));
        }
        eid[k++] = found;
    }
    mst_reader_close(r);
    mst_csr_free(&c);
    free(taken);
    *eid_out = eid;
    *k_out = k;
    return MST_OK;
fail:
    mst_reader_close(r);
    mst_csr_free(&c);
    free(taken);
    free(eid);
    return st;
}
