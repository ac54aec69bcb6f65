/* dboruvka_redist.c: step 5 of a distributed Borůvka round (dboruvka.h): every arc to the owner
 * of its (new) source label, where parallel arcs are reduced to the lightest. */
#include "dboruvka_int.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

static inline uint64_t mix64(uint64_t z)
{
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

/* The arcs of s->send grouped by the owner of x (counts in s->count). */
static mst_status group_by_owner(dbv_state *s)
{
    int p = s->c->size;
    if (dbv_buf_reserve(&s->send, s->m * sizeof(dbv_arc)) != MST_OK ||
        dbv_buf_reserve(&s->tmp, s->m * sizeof(uint32_t)) != MST_OK)
        return MST_ERESOURCE;
    uint32_t *owner = s->tmp.p;
    dbv_arc *send = s->send.p;
    uint64_t *start = s->rcount; /* free until the exchange */
    memset(s->count, 0, (size_t)p * sizeof *s->count);
    for (uint64_t i = 0; i < s->m; i++) {
        owner[i] = (uint32_t)dbv_owner(s->g, s->arc[i].x);
        s->count[owner[i]]++;
    }
    uint64_t off = 0;
    for (int r = 0; r < p; r++)
        start[r] = off, off += s->count[r];
    for (uint64_t i = 0; i < s->m; i++)
        send[start[owner[i]]++] = s->arc[i];
    return MST_OK;
}

/* The k arcs of in[] into s->arc, one per (x, y) pair: the lightest by (key, id). The two arcs
 * of an edge meet the same rivals at their two owners, so both ends keep the same edge. An
 * open-addressing table of arc indices, twice as large as k rounded up to a power of two. */
static mst_status dedup(dbv_state *s, const dbv_arc *in, uint64_t k)
{
    uint64_t size = 2;
    while (size < 2 * k)
        size <<= 1;
    if (dbv_buf_reserve(&s->tmp, size * sizeof(uint32_t)) != MST_OK)
        return MST_ERESOURCE;
    if (k > s->arc_cap) {
        dbv_arc *a = mst_big_alloc((size_t)k, sizeof *a);
        if (a == NULL)
            return MST_ERESOURCE;
        free(s->arc);
        s->arc = a;
        s->arc_cap = k;
    }
    uint32_t *slot = s->tmp.p;
    uint64_t mask = size - 1;
    memset(slot, 0xFF, size * sizeof *slot);
    for (uint64_t i = 0; i < k; i++) {
        uint64_t h = mix64((uint64_t)in[i].x << 32 | in[i].y) & mask;
        for (;; h = (h + 1) & mask) {
            uint32_t t = slot[h];
            if (t == DBV_NONE) {
                slot[h] = (uint32_t)i;
                break;
            }
            if (in[t].x == in[i].x && in[t].y == in[i].y) {
                if (dbv_arc_less(&in[i], &in[t]))
                    slot[h] = (uint32_t)i;
                break;
            }
        }
    }
    uint64_t m = 0;
    for (uint64_t h = 0; h < size; h++)
        if (slot[h] != DBV_NONE)
            s->arc[m++] = in[slot[h]];
    s->m = m;
    return MST_OK;
}

mst_status dbv_redistribute(dbv_state *s)
{
    mst_status st = dist_agree(s->c, group_by_owner(s));
    uint64_t in = 0;
    if (st == MST_OK)
        st = dbv_exchange(s, s->send.p, s->count, sizeof(dbv_arc), &s->recv, s->rcount, &in);
    if (st != MST_OK)
        return st;
    return dist_agree(s->c, dedup(s, s->recv.p, in));
}
