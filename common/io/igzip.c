/* igzip.c: ISA-L's streaming inflate behind igzip.h (or nothing, without MST_HAVE_ISAL). */
#include "igzip.h"

#include <stdlib.h>

#ifdef MST_HAVE_ISAL
#include <isa-l/igzip_lib.h>

struct mst_igzip {
    struct inflate_state s;
};

mst_igzip *mst_igzip_new(void)
{
    mst_igzip *z = malloc(sizeof *z);
    if (z != NULL)
        mst_igzip_reset(z);
    return z;
}

void mst_igzip_reset(mst_igzip *z)
{
    isal_inflate_init(&z->s);
    z->s.crc_flag = ISAL_GZIP; /* parse the gzip header, check the trailer */
}

int mst_igzip_inflate(mst_igzip *z, const unsigned char **in, size_t *avail_in,
                      unsigned char **out, size_t *avail_out)
{
    /* ISA-L counts in 32 bits: at most 1 GiB a call, the rest on the next. */
    uint32_t take_in = *avail_in > (1u << 30) ? 1u << 30 : (uint32_t)*avail_in;
    uint32_t take_out = *avail_out > (1u << 30) ? 1u << 30 : (uint32_t)*avail_out;
    z->s.next_in = (uint8_t *)*in;
    z->s.avail_in = take_in;
    z->s.next_out = *out;
    z->s.avail_out = take_out;
    int ret = isal_inflate(&z->s);
    *in += take_in - z->s.avail_in;
    *avail_in -= take_in - z->s.avail_in;
    *out += take_out - z->s.avail_out;
    *avail_out -= take_out - z->s.avail_out;
    if (ret < 0)
        return MST_IGZIP_ERROR;
    return z->s.block_state == ISAL_BLOCK_FINISH ? MST_IGZIP_MEMBER_END : MST_IGZIP_MORE;
}

void mst_igzip_free(mst_igzip *z)
{
    free(z);
}

#else

mst_igzip *mst_igzip_new(void)
{
    return NULL;
}

void mst_igzip_reset(mst_igzip *z)
{
    (void)z;
}

int mst_igzip_inflate(mst_igzip *z, const unsigned char **in, size_t *avail_in,
                      unsigned char **out, size_t *avail_out)
{
    (void)z, (void)in, (void)avail_in, (void)out, (void)avail_out;
    return MST_IGZIP_ERROR;
}

void mst_igzip_free(mst_igzip *z)
{
    (void)z;
}

#endif
