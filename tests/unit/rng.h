/* rng.h: the unit tests' pseudo-random numbers (xorshift64, Marsaglia 2003), one stream per
 * test file, so that every run tests the same inputs. */
#ifndef MST_TEST_RNG_H
#define MST_TEST_RNG_H

#include <stdint.h>

static uint64_t rng_state = 88172645463325252ull;

static inline uint64_t rnd(void)
{
    rng_state ^= rng_state << 13;
    rng_state ^= rng_state >> 7;
    rng_state ^= rng_state << 17;
    return rng_state;
}

#endif
