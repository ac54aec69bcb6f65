/*
 * igzip.h: gzip members inflated by ISA-L's igzip (Intel ISA-L, the Debian package libisal-dev)
 * where the build found it (MST_HAVE_ISAL), faster than zlib's inflate on the same data
 * (docs/formats.md, Compression). The reader (reader.c) uses it first and keeps zlib for
 * everything else: without ISA-L, and on any error, when it inflates the stream again with zlib
 * up to the same byte, so that messages are zlib's.
 */
#ifndef MST_IGZIP_H
#define MST_IGZIP_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct mst_igzip mst_igzip;

/* Outcomes of mst_igzip_inflate. */
enum { MST_IGZIP_MORE = 0, MST_IGZIP_MEMBER_END = 1, MST_IGZIP_ERROR = -1 };

/* A decoder at the start of a gzip member, or NULL (built without ISA-L, or no memory). */
mst_igzip *mst_igzip_new(void);

/* Back to the start of a member (the next one of a multi-member file). */
void mst_igzip_reset(mst_igzip *z);

/*
 * Inflates from (*in, *avail_in) into (*out, *avail_out), advancing both: MST_IGZIP_MORE when
 * it stopped for lack of input or room, MST_IGZIP_MEMBER_END when the member's trailer was read
 * and checked (CRC-32 and length, RFC 1952), MST_IGZIP_ERROR for corrupt data.
 */
int mst_igzip_inflate(mst_igzip *z, const unsigned char **in, size_t *avail_in,
                      unsigned char **out, size_t *avail_out);

void mst_igzip_free(mst_igzip *z);

#ifdef __cplusplus
}
#endif

#endif
