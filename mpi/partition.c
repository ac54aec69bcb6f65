/* partition.c: the hash partition's multiplier (partition.h). */
#include "partition.h"

static uint64_t gcd(uint64_t a, uint64_t b)
{
    while (b != 0) {
        uint64_t t = a % b;
        a = b, b = t;
    }
    return a;
}

dist_partition dist_partition_make(dist_partition_kind kind, uint32_t n, int p)
{
    dist_partition pt = {kind, n, p, n / (uint32_t)p, n % (uint32_t)p, 1};
    if (kind == DIST_PART_HASH) {
        pt.mul = (uint64_t)((double)n * 0.6180339887498949); /* n (sqrt 5 - 1) / 2 */
        while (gcd(pt.mul, n) != 1)
            pt.mul++;
    }
    return pt;
}
