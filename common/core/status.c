/* status.c: the thread's last error message, allocation helpers and the progress line on a
 * terminal (see core.h). */
#include "core.h"

#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <unistd.h>

/* ---------------------------------------- status */

static _Thread_local char last_error[1024];

mst_status mst_fail(mst_status code, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(last_error, sizeof last_error, fmt, ap);
    va_end(ap);
    return code;
}

const char *mst_last_error(void)
{
    return last_error;
}

void mst_clear_error(void)
{
    last_error[0] = '\0';
}

const char *mst_status_name(mst_status code)
{
    switch (code) {
    case MST_OK: return "ok";
    case MST_EUSAGE: return "bad usage";
    case MST_EINPUT: return "bad input";
    case MST_ERESOURCE: return "out of resources";
    case MST_EVERIFY: return "verification failed";
    case MST_EINTERNAL: return "internal error";
    }
    return "unknown status";
}

mst_status mst_realloc(void **ptr, size_t count, size_t size)
{
    if (size != 0 && count > SIZE_MAX / size)
        return mst_fail(MST_ERESOURCE, "out of memory: %zu x %zu bytes overflows", count, size);
    size_t bytes = count * size;
    void *p = realloc(*ptr, bytes ? bytes : 1);
    if (p == NULL)
        return mst_fail(MST_ERESOURCE, "out of memory allocating %zu bytes", bytes);
    *ptr = p;
    return MST_OK;
}

void *mst_alloc(size_t count, size_t size)
{
    void *p = NULL;
    return mst_realloc(&p, count, size) == MST_OK ? p : NULL;
}

void *mst_calloc(size_t count, size_t size)
{
    void *p = mst_alloc(count, size);
    if (p != NULL)
        memset(p, 0, count * size > 0 ? count * size : 1);
    return p;
}

void *mst_big_alloc(size_t count, size_t size)
{
    const size_t huge = (size_t)2 << 20;
    if (size != 0 && count > (SIZE_MAX - huge) / size) {
        mst_fail(MST_ERESOURCE, "out of memory: %zu x %zu bytes overflows", count, size);
        return NULL;
    }
    size_t bytes = count * size;
    size_t align = bytes >= 2 * huge ? huge : 64;
    size_t rounded = (bytes + align - 1) / align * align;
    void *p = aligned_alloc(align, rounded ? rounded : align);
    if (p == NULL) {
        mst_fail(MST_ERESOURCE, "out of memory allocating %zu bytes", rounded);
        return NULL;
    }
#ifdef MADV_HUGEPAGE
    if (align == huge)
        madvise(p, rounded, MADV_HUGEPAGE); /* advice only: failure is fine */
#endif
    return p;
}

uint64_t mst_memory_limit(const char **what)
{
    uint64_t limit = UINT64_MAX;
    const char *who = "the machine has";
    long pages = sysconf(_SC_PHYS_PAGES), page = sysconf(_SC_PAGE_SIZE);
    if (pages > 0 && page > 0)
        limit = (uint64_t)pages * (uint64_t)page;
    static const int resources[] = {RLIMIT_AS, RLIMIT_DATA};
    for (size_t i = 0; i < sizeof resources / sizeof resources[0]; i++) {
        struct rlimit rl;
        if (getrlimit(resources[i], &rl) == 0 && rl.rlim_cur != RLIM_INFINITY &&
            (uint64_t)rl.rlim_cur < limit) {
            limit = (uint64_t)rl.rlim_cur;
            who = "this process may use";
        }
    }
    if (what != NULL)
        *what = who;
    return limit;
}

mst_status mst_memory_check(const char *where, const char *what, double bytes)
{
    const char *who;
    uint64_t limit = mst_memory_limit(&who);
    if (bytes <= (double)limit)
        return MST_OK;
    const double gib = (double)(1u << 30);
    return mst_fail(MST_ERESOURCE, "%s%s%s needs about %.1f GiB, %s %.1f GiB",
                    where != NULL ? where : "", where != NULL ? ": " : "", what, bytes / gib, who,
                    (double)limit / gib);
}

/* ---------------------------------------- progress */

static int enabled, shown;
static double last_s;

void mst_progress_enable(int on)
{
    enabled = on && isatty(STDERR_FILENO);
}

void mst_progress_bytes(const char *what, uint64_t done, uint64_t total)
{
    if (!enabled)
        return;
    double now = mst_now_s();
    if (shown && now - last_s < 0.25)
        return;
    last_s = now;
    shown = 1;
    if (total > 0)
        fprintf(stderr, "\r%s: %.0f of %.0f MiB ", what, done / 1048576.0, total / 1048576.0);
    else
        fprintf(stderr, "\r%s: %.0f MiB ", what, done / 1048576.0);
}

void mst_progress_step(const char *fmt, ...)
{
    if (!enabled)
        return;
    va_list ap;
    va_start(ap, fmt);
    fputs("\r\033[K", stderr);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fputs(fmt[strlen(fmt) - 1] == '\n' ? "" : " ", stderr);
    shown = fmt[strlen(fmt) - 1] != '\n';
    last_s = mst_now_s();
}

void mst_progress_done(void)
{
    if (shown)
        fprintf(stderr, "\r\033[K");
    shown = 0;
}
