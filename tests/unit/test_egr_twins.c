/*
 * test_egr_twins.c: the .egr loader's fast path for the usual file, in which every reverse arc
 * has a forward twin (load_egr.c), gives exactly the builder's graph, and so does every other
 * file, through the loader alone.
 *
 * Hand-made CSRs: symmetric files, unmatched reverse arcs, parallel arcs of equal and of
 * different weights, weights swapped between the two directions (equal counts, equal key sums),
 * self-loops, empty rows, no rows, unit weights; random symmetric multigraphs with many ties and
 * a high-degree row, intact and with one arc changed. Each is loaded as an .egr image, weighted
 * and not, both ways the loader gets the arrays (in place from an aligned image, or read into
 * its own arrays from one a byte off), at 1 to 4 threads, and compared field by field with the
 * same image loaded with --weight-type int32, which always takes the builder. Which path a load
 * took is not visible from outside: a fast path taken where a twin is missing gives another
 * graph and fails here; one not taken where every twin is there costs only time. A file whose
 * hash sums agree while its counts differ would need a group whose two 64-bit mixes are both
 * 0: not constructible here, so the count check is exercised only where both differ.
 */
#include <criterion/criterion.h>
#include <criterion/new/assert.h>

#include <omp.h>
#include <stdlib.h>
#include <string.h>

#include "core.h"
#include "loader.h"
#include "testlib.h"

#define MAX_ARCS 20000

/* A CSR built from arcs listed row by row. */
typedef struct csr {
    int32_t nodes, edges;
    int32_t nindex[MAX_ARCS + 1], nlist[MAX_ARCS], eweight[MAX_ARCS];
} csr;

/* Starts an empty CSR of `nodes` rows; arcs are then added in row order with add_arc. */
static void csr_start(csr *c, int32_t nodes)
{
    c->nodes = nodes;
    c->edges = 0;
    for (int32_t x = 0; x <= nodes; x++)
        c->nindex[x] = 0;
}

/* Appends arc x -> y of weight w; x must not be below the last arc's row. */
static void add_arc(csr *c, int32_t x, int32_t y, int32_t w)
{
    cr_assert(c->edges < MAX_ARCS);
    c->nlist[c->edges] = y;
    c->eweight[c->edges++] = w;
    for (int32_t r = x + 1; r <= c->nodes; r++)
        c->nindex[r] = c->edges;
}

/* Two graphs must be equal in every field the loader sets. */
static void check_same(const mst_graph *a, const mst_graph *b, const char *what)
{
    cr_assert(eq(u32, b->n, a->n), "%s: n", what);
    cr_assert(eq(u64, b->m, a->m), "%s: m", what);
    cr_assert(eq(u64, b->self_loops, a->self_loops), "%s: self-loops", what);
    cr_assert(eq(u64, b->merged_arcs, a->merged_arcs), "%s: merged arcs", what);
    cr_assert(eq(int, b->weight_type, a->weight_type), "%s: weight type", what);
    cr_assert(eq(int, b->weight_origin, a->weight_origin), "%s: weight origin", what);
    cr_assert(eq(int, b->file_has_weights, a->file_has_weights), "%s: weighted", what);
    cr_assert(eq(int, b->index_base, a->index_base), "%s: index base", what);
    cr_assert(b->raw == NULL && a->raw == NULL, "%s: raw weights", what);
    for (uint64_t e = 0; e < a->m; e++)
        cr_assert(b->u[e] == a->u[e] && b->v[e] == a->v[e] && b->key[e] == a->key[e],
                  "%s: edge %llu differs", what, (unsigned long long)e);
}

/* Loads the .egr image at data[len] from memory; through the builder if `builder`. */
static void load_image(const void *data, size_t len, int builder, mst_graph *g)
{
    mst_reader *r = NULL;
    mst_load_options o = mst_load_options_default();
    if (builder)
        o.weight_type = 1 + MST_WEIGHT_INT32; /* the keys the file's int32 weights give anyway */
    cr_assert(eq(int, mst_reader_from_memory("m.egr", data, len, &r), MST_OK));
    cr_assert(eq(int, mst_load_egr(r, &o, g), MST_OK), "%s", mst_last_error());
    mst_reader_close(r);
}

/* The loader's graph of c must be the builder's, at 1 to 4 threads, weighted or not, read in
 * place from an aligned image or copied from one a byte off. */
static void check_csr(const csr *c, const char *what)
{
    size_t words = 2 + (size_t)c->nodes + 1 + 2 * (size_t)c->edges;
    int32_t *aligned = malloc(4 * words + 4);
    unsigned char *shifted = malloc(4 * words + 1);
    cr_assert(aligned != NULL && shifted != NULL);
    aligned[0] = c->nodes;
    aligned[1] = c->edges;
    memcpy(aligned + 2, c->nindex, 4 * ((size_t)c->nodes + 1));
    memcpy(aligned + 3 + c->nodes, c->nlist, 4 * (size_t)c->edges);
    memcpy(aligned + 3 + c->nodes + c->edges, c->eweight, 4 * (size_t)c->edges);
    memcpy(shifted + 1, aligned, 4 * words);
    for (int weighted = 0; weighted <= 1; weighted++) {
        size_t len = 4 * (words - (weighted ? 0 : (size_t)c->edges));
        mst_graph ref, got;
        omp_set_num_threads(1);
        load_image(aligned, len, 1, &ref);
        for (int t = 1; t <= 4; t++) {
            omp_set_num_threads(t);
            load_image(aligned, len, 0, &got);
            check_same(&ref, &got, what);
            mst_graph_free(&got);
            load_image(shifted + 1, len, 0, &got);
            check_same(&ref, &got, what);
            mst_graph_free(&got);
        }
        mst_graph_free(&ref);
    }
    free(aligned);
    free(shifted);
}

static csr c;

Test(egr_twins, symmetric_triangle)
{
    csr_start(&c, 3);
    add_arc(&c, 0, 1, 5), add_arc(&c, 0, 2, -7);
    add_arc(&c, 1, 2, 3), add_arc(&c, 1, 0, 5);
    add_arc(&c, 2, 1, 3), add_arc(&c, 2, 0, -7);
    check_csr(&c, "triangle");
}

Test(egr_twins, unmatched_reverse_and_forward_arcs)
{
    csr_start(&c, 3);
    add_arc(&c, 0, 1, 5);
    add_arc(&c, 1, 0, 5);
    add_arc(&c, 2, 0, 4); /* no 0 -> 2 */
    check_csr(&c, "unmatched reverse");
    csr_start(&c, 3);
    add_arc(&c, 0, 1, 5), add_arc(&c, 0, 2, 4); /* 0 -> 2 has no reverse */
    add_arc(&c, 1, 0, 5);
    check_csr(&c, "unmatched forward");
}

Test(egr_twins, parallel_arcs_of_equal_and_different_weights)
{
    csr_start(&c, 2); /* two equal parallel edges, both directions */
    add_arc(&c, 0, 1, 2), add_arc(&c, 0, 1, 2);
    add_arc(&c, 1, 0, 2), add_arc(&c, 1, 0, 2);
    check_csr(&c, "equal parallel");
    csr_start(&c, 2); /* one reverse short: a forward arc stays unmatched */
    add_arc(&c, 0, 1, 2), add_arc(&c, 0, 1, 2);
    add_arc(&c, 1, 0, 2);
    check_csr(&c, "equal parallel, one reverse");
    csr_start(&c, 2); /* different weights, reverse arcs in the other order */
    add_arc(&c, 0, 1, 1), add_arc(&c, 0, 1, 2);
    add_arc(&c, 1, 0, 2), add_arc(&c, 1, 0, 1);
    check_csr(&c, "different parallel");
    csr_start(&c, 2); /* a reverse arc of a third weight */
    add_arc(&c, 0, 1, 1), add_arc(&c, 0, 1, 2);
    add_arc(&c, 1, 0, 1), add_arc(&c, 1, 0, 3);
    check_csr(&c, "different parallel, other weight");
}

Test(egr_twins, swapped_weights_are_caught)
{
    /* Same counts, same pairs, same weights overall: only the groups differ. */
    csr_start(&c, 4);
    add_arc(&c, 0, 1, 10);
    add_arc(&c, 1, 0, 20);
    add_arc(&c, 2, 3, 20);
    add_arc(&c, 3, 2, 10);
    check_csr(&c, "swapped weights");
    csr_start(&c, 4); /* same weights, pairs swapped */
    add_arc(&c, 0, 1, 10), add_arc(&c, 0, 2, 20);
    add_arc(&c, 1, 0, 20);
    add_arc(&c, 2, 0, 10);
    check_csr(&c, "swapped pairs");
}

Test(egr_twins, self_loops_empty_rows_and_no_rows)
{
    csr_start(&c, 6); /* rows 1, 3 and 5 empty; loops in rows 0 and 4 */
    add_arc(&c, 0, 0, 9), add_arc(&c, 0, 4, 1), add_arc(&c, 0, 0, 8);
    add_arc(&c, 2, 4, 6);
    add_arc(&c, 4, 4, 1), add_arc(&c, 4, 2, 6), add_arc(&c, 4, 0, 1);
    check_csr(&c, "loops and empty rows");
    csr_start(&c, 3); /* only self-loops */
    add_arc(&c, 1, 1, 1);
    check_csr(&c, "only loops");
    csr_start(&c, 5); /* isolated vertices */
    check_csr(&c, "no arcs");
    csr_start(&c, 0);
    check_csr(&c, "no rows");
}

/* A random symmetric multigraph on `nodes` rows with weights in [0, wrange) (ties, parallel
 * edges), vertex 0 a hub of many edges; each row's arcs in a random order. */
static void random_symmetric(csr *out, int32_t nodes, int edges, int32_t wrange)
{
    static int32_t ax[MAX_ARCS], ay[MAX_ARCS], aw[MAX_ARCS];
    int count = 0;
    for (int e = 0; e < edges && count + 2 <= MAX_ARCS; e++) {
        int32_t x = e % 3 == 0 ? 0 : (int32_t)(rnd() % (uint64_t)nodes);
        int32_t y = (int32_t)(rnd() % (uint64_t)nodes), w = (int32_t)(rnd() % (uint64_t)wrange);
        ax[count] = x, ay[count] = y, aw[count++] = w;
        if (x != y)
            ax[count] = y, ay[count] = x, aw[count++] = w;
    }
    for (int i = count - 1; i > 0; i--) { /* shuffle, then a stable pass per row */
        int k = (int)(rnd() % (uint64_t)(i + 1));
        int32_t tx = ax[i], ty = ay[i], tw = aw[i];
        ax[i] = ax[k], ay[i] = ay[k], aw[i] = aw[k];
        ax[k] = tx, ay[k] = ty, aw[k] = tw;
    }
    csr_start(out, nodes);
    for (int32_t x = 0; x < nodes; x++)
        for (int i = 0; i < count; i++)
            if (ax[i] == x)
                add_arc(out, x, ay[i], aw[i]);
}

Test(egr_twins, random_symmetric_and_perturbed)
{
    for (int round = 0; round < 30; round++) {
        int32_t nodes = 2 + (int32_t)(rnd() % 200), wrange = 1 + (int32_t)(rnd() % 4);
        random_symmetric(&c, nodes, 50 + (int)(rnd() % 3000), wrange);
        check_csr(&c, "random symmetric");
        /* One non-loop arc's weight changed: its group loses a twin on one side. */
        for (int32_t j = (int32_t)(rnd() % (uint64_t)c.edges); j < c.edges; j++) {
            int32_t x = 0;
            while (c.nindex[x + 1] <= j)
                x++;
            if (c.nlist[j] != x) {
                c.eweight[j] += wrange;
                check_csr(&c, "random perturbed");
                break;
            }
        }
    }
}
