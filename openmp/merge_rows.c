/* merge_rows.c: one row's parallel arcs merged into the lightest (see merge_rows.h). */
#include "merge_rows.h"

/* Rows up to this length are insertion-sorted (most rows of sparse graphs). */
#define SHORT_ROW 24

static inline int arc_less(const uint32_t *adj, const uint64_t *ki, uint64_t i, uint64_t j)
{
    return adj[i] < adj[j] || (adj[i] == adj[j] && ki[i] < ki[j]);
}

static inline void arc_swap(uint32_t *adj, uint64_t *ki, uint64_t i, uint64_t j)
{
    uint32_t a = adj[i];
    uint64_t k = ki[i];
    adj[i] = adj[j];
    ki[i] = ki[j];
    adj[j] = a;
    ki[j] = k;
}

static void insertion_sort(uint32_t *adj, uint64_t *ki, uint64_t len)
{
    for (uint64_t i = 1; i < len; i++)
        for (uint64_t j = i; j > 0 && arc_less(adj, ki, j, j - 1); j--)
            arc_swap(adj, ki, j, j - 1);
}

/* Moves arc `root` down the max-heap [0, len). */
static void sift_down(uint32_t *adj, uint64_t *ki, uint64_t root, uint64_t len)
{
    for (uint64_t child; (child = 2 * root + 1) < len; root = child) {
        if (child + 1 < len && arc_less(adj, ki, child, child + 1))
            child++;
        if (!arc_less(adj, ki, root, child))
            return;
        arc_swap(adj, ki, root, child);
    }
}

static void heap_sort(uint32_t *adj, uint64_t *ki, uint64_t len)
{
    for (uint64_t i = len / 2; i-- > 0;)
        sift_down(adj, ki, i, len);
    for (uint64_t end = len; end-- > 1;) {
        arc_swap(adj, ki, 0, end);
        sift_down(adj, ki, 0, end);
    }
}

uint64_t par_merge_row(uint32_t *adj, uint64_t *ki, uint64_t len)
{
    if (len < 2)
        return len;
    if (len <= SHORT_ROW)
        insertion_sort(adj, ki, len);
    else
        heap_sort(adj, ki, len);
    uint64_t kept = 1;
    for (uint64_t i = 1; i < len; i++)
        if (adj[i] != adj[kept - 1]) {
            adj[kept] = adj[i];
            ki[kept++] = ki[i];
        }
    return kept;
}
