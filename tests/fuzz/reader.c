/*
 * reader.c: the libFuzzer harness of the file reader under every loader (common/io/loader.c,
 * loader.h): a file opened by path, read in place when plain, inflated by zlib when it starts
 * with the gzip magic. Each input is the whole file, put in a memory file (memfd_create) and
 * opened through /proc/self/fd/N, then read in pieces whose sizes come from the input's own
 * bytes, with has_more asked between them (inputs of even size try the mapping first).
 *
 * The contract: the reader fails only with MST_EINPUT (a corrupt or truncated gzip stream,
 * trailing data) or MST_ERESOURCE and one line of message; a plain file comes back byte for
 * byte; the offset counts what was handed out; has_more agrees with the next read; nothing
 * leaks (the sanitizers watch).
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "fuzz.h"
#include "core.h"
#include "loader.h"

static int file_fd = -1;
static char file_path[64];

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (file_fd < 0) {
        file_fd = memfd_create("reader", 0);
        fuzz_require(file_fd >= 0, "memfd_create failed");
        snprintf(file_path, sizeof file_path, "/proc/self/fd/%d", file_fd);
    }
    fuzz_require(ftruncate(file_fd, 0) == 0 &&
                 (size == 0 || pwrite(file_fd, data, size, 0) == (ssize_t)size),
                 "the memory file could not be written");
    int gzip = size >= 2 && data[0] == 0x1f && data[1] == 0x8b;
    mst_reader *r = NULL;
    mst_status st = mst_reader_open(file_path, &r);
    if (st != MST_OK) {
        fuzz_require_failure(st, FUZZ_CODE(MST_EINPUT) | FUZZ_CODE(MST_ERESOURCE));
        return 0;
    }
    const char *map;
    size_t len;
    if (size % 2 == 0 && mst_reader_map(r, &map, &len)) { /* odd sizes take the reads */
        fuzz_require(!gzip && len == size && memcmp(map, data, size) == 0,
                     "the mapping is not the plain file");
        mst_reader_close(r);
        return 0;
    }
    /* Pieces of 1 to 65536 bytes, their sizes drawn from the input's bytes. */
    unsigned char *buf = malloc(65536);
    fuzz_require(buf != NULL, "out of memory");
    uint64_t total = 0;
    for (size_t k = 0;; k++) {
        int more = 0;
        st = mst_reader_has_more(r, &more);
        if (st != MST_OK)
            break;
        size_t want = size > 0 ? 1 + ((size_t)data[k % size] << (k % 9)) % 65536 : 1, got = 0;
        st = mst_reader_read(r, buf, want, &got);
        if (st != MST_OK)
            break;
        fuzz_require(more == (got > 0), "has_more disagrees with the next read");
        fuzz_require(gzip || (total + got <= size && memcmp(buf, data + total, got) == 0),
                     "a plain file's bytes came back changed");
        total += got;
        fuzz_require(mst_reader_offset(r) == total, "the offset is not the bytes handed out");
        if (got < want)
            break;
    }
    if (st != MST_OK)
        fuzz_require_failure(st, FUZZ_CODE(MST_EINPUT) | FUZZ_CODE(MST_ERESOURCE));
    else
        fuzz_require(gzip || total == size, "a plain file came back short");
    free(buf);
    mst_reader_close(r);
    return 0;
}
