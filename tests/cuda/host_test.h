/*
 * host_test.h: what the host tests of mst-cuda's hybrid (test-hybrid-host: hybrid_host.c,
 * kcore_host.c) share: a counting CHECK, a fixed random sequence and a graph builder.
 */
#ifndef MST_TESTS_HOST_TEST_H
#define MST_TESTS_HOST_TEST_H

#include <stdint.h>
#include <stdio.h>

#include "core.h"

extern int host_checks, host_failures;

/* Counts a check; prints "FAIL file:line: message" when cond is false. */
#define CHECK(cond, ...)                                                                         \
    do {                                                                                         \
        host_checks++;                                                                           \
        if (!(cond)) {                                                                           \
            host_failures++;                                                                     \
            printf("FAIL %s:%d: ", __FILE__, __LINE__);                                          \
            printf(__VA_ARGS__);                                                                 \
            printf("\n");                                                                        \
        }                                                                                        \
    } while (0)

/* splitmix64 from a fixed seed: the same sequence every run, so failures repeat. */
uint64_t rnd(void);

/* A graph under construction (uint32 weights: the keys themselves). */
typedef struct builder {
    mst_graph g;
    uint64_t cap;
} builder;

/* An empty graph of n vertices. */
void start(builder *b, uint32_t n);
/* Appends edge {u, v} with key `key`. */
void edge(builder *b, uint32_t u, uint32_t v, uint32_t key);
/* A clique on vertices first..first+k-1, random keys below key_range. */
void clique(builder *b, uint32_t first, uint32_t k, uint32_t key_range);
/* A path first, first+1, ..., first+len-1, random keys below key_range. */
void path(builder *b, uint32_t first, uint32_t len, uint32_t key_range);
/* n vertices: `cliques` cliques of 10..10+spread vertices on the first ones, then `sparse`
 * random edges anywhere (crossing and parallel edges among them), keys below key_range. */
void planted(builder *b, uint32_t n, uint32_t cliques, uint32_t spread, uint64_t sparse,
             uint32_t key_range);
/* New random keys below key_range for every edge. */
void random_keys(mst_graph *g, uint32_t key_range);
void free_graph(builder *b);

/* kcore_host.c: core numbers against the definition; the partition's invariants. */
void test_kcore(void);
void test_partition(void);

#endif
