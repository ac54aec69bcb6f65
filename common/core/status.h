/*
 * status.h: error codes and the error-message convention of mst-suite.
 *
 * Library code never prints and never exits: a function that fails records a one-line message
 * (file, line, problem) with mst_fail() and returns one of the codes below; only a program's
 * main() prints "PROGRAM: error: MESSAGE" and exits with the code. Style after igraph's
 * IGRAPH_ERROR / IGRAPH_CHECK: one `fail:` label per function for cleanup.
 */
#ifndef MST_STATUS_H
#define MST_STATUS_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Exit codes of every executable (docs/design.md, Errors and exit codes). */
typedef enum mst_status {
    MST_OK = 0,
    MST_EUSAGE = 1,    /* bad command line */
    MST_EINPUT = 2,    /* unreadable, malformed or unsupported input */
    MST_ERESOURCE = 3, /* out of memory, a size limit exceeded, no GPU/driver */
    MST_EVERIFY = 4,   /* verification failed */
    MST_EINTERNAL = 5  /* an invariant of the algorithm broken: a bug, never the input's fault */
} mst_status;

#if defined(__GNUC__)
#define MST_PRINTF(a, b) __attribute__((format(printf, a, b)))
#else
#define MST_PRINTF(a, b)
#endif

/*
 * Records a printf-style message as the thread's last error and returns `code`.
 * The message should name the file and line where it has them: "road.gr:17: expected 'a u v w'".
 */
mst_status mst_fail(mst_status code, const char *fmt, ...) MST_PRINTF(2, 3);

/* The calling thread's last recorded message ("" if none). Valid until the next mst_fail(). */
const char *mst_last_error(void);

/* Clears the calling thread's last message. */
void mst_clear_error(void);

/* Short name of a code ("bad input", ...), for summaries. */
const char *mst_status_name(mst_status code);

/*
 * Allocation that fails cleanly: returns NULL and records an MST_ERESOURCE message naming the
 * size when count * size overflows or malloc fails. count == 0 returns a valid 1-byte block so
 * that NULL always means failure. Free with free().
 */
void *mst_alloc(size_t count, size_t size);
/* As mst_alloc, zero-filled. */
void *mst_calloc(size_t count, size_t size);
/*
 * count * size bytes for a large, randomly accessed array, 64-byte aligned; from 4 MiB up it
 * is 2 MiB-aligned and advised to use transparent huge pages (fewer TLB misses and page
 * faults). Fails as mst_alloc does (NULL and an MST_ERESOURCE message, overflow included).
 * Free with free().
 */
void *mst_big_alloc(size_t count, size_t size);
/* Grows *ptr to count elements of size bytes; on failure *ptr is left as it was. */
mst_status mst_realloc(void **ptr, size_t count, size_t size);

/*
 * The memory this process can count on, in bytes: the machine's physical memory (sysconf
 * _SC_PHYS_PAGES x _SC_PAGE_SIZE), or the process's address-space or data limit (setrlimit
 * RLIMIT_AS, RLIMIT_DATA; `ulimit -v`, `ulimit -d`) where lower; UINT64_MAX if none is known.
 * *what (unless what is NULL) names it for messages: "the machine has" or "this process may
 * use". O(1).
 */
uint64_t mst_memory_limit(const char **what);

/*
 * Refuses early what cannot fit: when the estimate `bytes` exceeds mst_memory_limit(), records
 * "WHERE: WHAT needs about X GiB, the machine has Y GiB" and returns MST_ERESOURCE (exit 3),
 * else returns MST_OK. Loaders and mst-gen call it with a header's or the arguments' sizes
 * before allocating, so that a run too large for the machine ends at once rather than after
 * minutes of paging or at the OOM killer. where: "file:line" or NULL; what: "a graph of n = 5,
 * m = 7", say.
 */
mst_status mst_memory_check(const char *where, const char *what, double bytes);

/* Jumps to the function's `fail:` label with `st` set, after recording the message. */
#define MST_FAIL(code, ...)                                                                      \
    do {                                                                                         \
        st = mst_fail((code), __VA_ARGS__);                                                      \
        goto fail;                                                                               \
    } while (0)

/* Evaluates a status-returning call; on failure jumps to `fail:` with its status in `st`. */
#define MST_CHECK(expr)                                                                          \
    do {                                                                                         \
        st = (expr);                                                                             \
        if (st != MST_OK)                                                                        \
            goto fail;                                                                           \
    } while (0)

/* Allocates `count` elements for pointer `ptr` (typed by the pointer) or jumps to `fail:`. */
#define MST_ALLOC(ptr, count)                                                                    \
    do {                                                                                         \
        *(void **)&(ptr) = mst_alloc((count), sizeof *(ptr));                                    \
        if ((ptr) == NULL) {                                                                     \
            st = MST_ERESOURCE;                                                                  \
            goto fail;                                                                           \
        }                                                                                        \
    } while (0)

/* As MST_ALLOC, zero-filled. */
#define MST_CALLOC(ptr, count)                                                                   \
    do {                                                                                         \
        *(void **)&(ptr) = mst_calloc((count), sizeof *(ptr));                                   \
        if ((ptr) == NULL) {                                                                     \
            st = MST_ERESOURCE;                                                                  \
            goto fail;                                                                           \
        }                                                                                        \
    } while (0)

#ifdef __cplusplus
}
#endif

#endif
