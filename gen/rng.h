/*
 * rng.h: counter-based random numbers for mst-gen. Every random choice of a generator is a pure
 * function of (seed, stream, counter), so a graph does not depend on how many threads made it or
 * in which order they ran (no shared sequential generator anywhere).
 *
 * - gen_mix64: the SplitMix64 output function (Steele, Lea, Flood: "Fast splittable pseudorandom
 *   number generators", OOPSLA 2014; constants of Stafford's "Mix13" variant, as in Java's
 *   SplittableRandom). gen_rand(k, i) is the i-th SplitMix64 output of a generator seeded with k,
 *   computed directly: mix(k + (i + 1) * golden gamma). Passes BigCrush for distinct counters.
 * - gen_stream: the key of one independent stream (a stream tag per use: structure, weights,
 *   permutations, ...), so changing e.g. the weight mode does not change the edges.
 * - gen_below: an unbiased-enough bounded integer, Lemire's multiply-high ("Fast random integer
 *   generation in an interval", ACM TOMACS 2019) without the rejection step: the bias is below
 *   bound / 2^64, far below anything a test can see.
 * - gen_perm: a keyed bijection of [0, N) for any N (random permutations without memory): four
 *   rounds of invertible operations on the ceil(log2 N)-bit word (multiply by an odd key, add a
 *   key, xor-shift), then cycle-walking (Black and Rogaway, "Ciphers with arbitrary finite
 *   domains", CT-RSA 2002) until the value falls in [0, N): at most ~2 steps on average.
 */
#ifndef MST_GEN_RNG_H
#define MST_GEN_RNG_H

#include <stdint.h>

#define GEN_GOLDEN 0x9e3779b97f4a7c15ull

/* SplitMix64's finalizer: a bijective avalanche mix of a 64-bit word. */
static inline uint64_t gen_mix64(uint64_t z)
{
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

/* Key of stream `tag` under `seed` (tags are small constants, one per use). */
static inline uint64_t gen_stream(uint64_t seed, uint64_t tag)
{
    return gen_mix64(gen_mix64(seed ^ 0x6a09e667f3bcc909ull) + tag * GEN_GOLDEN);
}

/* The i-th 64-bit random word of stream k. */
static inline uint64_t gen_rand(uint64_t k, uint64_t i)
{
    return gen_mix64(k + (i + 1) * GEN_GOLDEN);
}

/* A value in [0, bound) from a random word r (bound >= 1). */
static inline uint64_t gen_below(uint64_t r, uint64_t bound)
{
    return (uint64_t)(((unsigned __int128)r * bound) >> 64);
}

/* A double in [0, 1) with 53 random bits. */
static inline double gen_unit(uint64_t r)
{
    return (double)(r >> 11) * 0x1.0p-53;
}

/* A small sequential generator for the few draws of one item (one R-MAT edge, one row):
 * SplitMix64 started from a counter-based state, so items stay independent of each other. */
typedef struct gen_seq {
    uint64_t s;
} gen_seq;

static inline gen_seq gen_seq_at(uint64_t k, uint64_t item)
{
    gen_seq q = {gen_mix64(k ^ gen_mix64(item + GEN_GOLDEN))};
    return q;
}

static inline uint64_t gen_seq_next(gen_seq *q)
{
    q->s += GEN_GOLDEN;
    return gen_mix64(q->s);
}

/* A keyed bijection of [0, n) (see the header comment). */
typedef struct gen_perm {
    uint64_t n;      /* domain size */
    unsigned bits;   /* word width: smallest b >= 1 with 2^b >= n */
    uint64_t mask;   /* 2^bits - 1 */
    unsigned shift;  /* xor-shift distance, bits/2 + 1 */
    uint64_t mul[4]; /* odd multipliers */
    uint64_t add[4];
} gen_perm;

static inline gen_perm gen_perm_make(uint64_t n, uint64_t key)
{
    gen_perm p;
    p.n = n;
    p.bits = 1;
    while (p.bits < 64 && (1ull << p.bits) < n)
        p.bits++;
    p.mask = p.bits == 64 ? ~0ull : (1ull << p.bits) - 1;
    p.shift = p.bits / 2 + 1;
    for (int r = 0; r < 4; r++) {
        p.mul[r] = gen_rand(key, 2 * (uint64_t)r) | 1u;
        p.add[r] = gen_rand(key, 2 * (uint64_t)r + 1);
    }
    return p;
}

/* The image of x in [0, n) (x < n). */
static inline uint64_t gen_perm_apply(const gen_perm *p, uint64_t x)
{
    do { /* one pass of the bijection on the bits-wide word, until x is back in [0, n) */
        for (int r = 0; r < 4; r++) {
            x = (x * p->mul[r] + p->add[r]) & p->mask;
            x ^= x >> p->shift;
        }
    } while (x >= p->n);
    return x;
}

#endif
