/*
 * atomic_file.c: output files written in place or through an exclusive temporary renamed when
 * complete, and the signal handler that removes the temporary of an interrupted run (see
 * atomic_file.h). Source: POSIX.1-2017 (IEEE Std 1003.1-2017), System Interfaces: open()
 * (O_CREAT | O_EXCL, O_NOFOLLOW), rename(), sigaction(), and Section 2.4.3, Signal Actions (the
 * async-signal-safe functions a handler may call: unlink, signal, raise).
 */
#include "atomic_file.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

/* ------------------------------------------------------------------------------------------ */
/* Temporaries removed on SIGINT, SIGTERM and SIGHUP                                           */

/* The temporaries that exist now. A handler runs in any thread at any moment, so the slots are
 * lock-free atomics holding strings that stay allocated until untracked. The suite writes one
 * file at a time; temporaries beyond the slots would only miss the clean-up on a signal. */
#define TRACKED_MAX 8
static _Atomic(char *) tracked[TRACKED_MAX];
static const int caught[] = {SIGINT, SIGTERM, SIGHUP};
#define CAUGHT_COUNT (sizeof caught / sizeof caught[0])

/* Removes the temporaries and dies of `sig`: the default action is restored and the signal,
 * blocked while its handler runs, is delivered again as soon as the handler returns. */
static void on_signal(int sig)
{
    for (int i = 0; i < TRACKED_MAX; i++) {
        char *p = atomic_load(&tracked[i]);
        if (p != NULL)
            unlink(p);
    }
    signal(sig, SIG_DFL);
    raise(sig);
}

/* Installs on_signal, once, for each caught signal whose action is the default: an ignored
 * one (nohup, a background job) or another handler (an MPI runtime's) is left as it is. */
static void catch_signals(void)
{
    static atomic_flag done = ATOMIC_FLAG_INIT;
    if (atomic_flag_test_and_set(&done))
        return;
    struct sigaction sa, old;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_signal;
    sigfillset(&sa.sa_mask);
    sa.sa_flags = SA_RESTART;
    for (size_t i = 0; i < CAUGHT_COUNT; i++)
        if (sigaction(caught[i], NULL, &old) == 0 && !(old.sa_flags & SA_SIGINFO) &&
            old.sa_handler == SIG_DFL)
            sigaction(caught[i], &sa, NULL);
}

static void track(char *tmp)
{
    for (int i = 0; i < TRACKED_MAX; i++) {
        char *expected = NULL;
        if (atomic_compare_exchange_strong(&tracked[i], &expected, tmp))
            return;
    }
}

static void untrack(const char *tmp)
{
    for (int i = 0; i < TRACKED_MAX; i++) {
        char *expected = (char *)tmp;
        if (atomic_compare_exchange_strong(&tracked[i], &expected, NULL))
            return;
    }
}

/* ------------------------------------------------------------------------------------------ */
/* Opening                                                                                     */

#define RANDOM_CHARS 12 /* of 62: 71 bits */

/* RANDOM_CHARS characters of [0-9A-Za-z] and a '\0'. From the kernel's generator, or where that
 * fails from the clock, the process id and a counter: O_EXCL keeps even a guessable name safe,
 * the randomness only keeps names planted in advance from being in the way. */
static void random_chars(char *out)
{
    static const char alphabet[] =
        "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
    static atomic_uint_fast64_t counter;
    unsigned char bytes[RANDOM_CHARS];
    if (getrandom(bytes, sizeof bytes, GRND_NONBLOCK) != (ssize_t)sizeof bytes) {
        struct timespec ts;
        clock_gettime(CLOCK_REALTIME, &ts);
        uint64_t x = (uint64_t)ts.tv_nsec ^ (uint64_t)ts.tv_sec << 30 ^
                     (uint64_t)getpid() << 40 ^ atomic_fetch_add(&counter, 1);
        for (int i = 0; i < RANDOM_CHARS; i++) {
            x = x * 6364136223846793005ull + 1442695040888963407ull; /* Knuth's MMIX LCG */
            bytes[i] = (unsigned char)(x >> 56);
        }
    }
    for (int i = 0; i < RANDOM_CHARS; i++)
        out[i] = alphabet[bytes[i] % 62];
    out[RANDOM_CHARS] = '\0';
}

/*
 * Creates a new temporary for a->target, tracked for the signal handler from before it exists:
 * the handler may run in any thread (an OpenMP worker, while this one is between open() and
 * any bookkeeping), so blocking signals here would not cover it. A name found taken (EEXIST: a
 * collision of 71 random bits, or a planted entry) is untracked at once.
 */
static mst_status open_temporary(mst_atomic_file *a)
{
    mst_status st = MST_OK;
    size_t len = strlen(a->target) + sizeof ".tmp-" + RANDOM_CHARS;
    MST_ALLOC(a->tmp_path, len);
    catch_signals();
    for (int attempt = 0; attempt < 100; attempt++) {
        char chars[RANDOM_CHARS + 1];
        random_chars(chars);
        snprintf(a->tmp_path, len, "%s.tmp-%s", a->target, chars);
        track(a->tmp_path);
        a->fd = open(a->tmp_path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0666);
        if (a->fd >= 0)
            return MST_OK;
        int err = errno;
        untrack(a->tmp_path);
        if (err != EEXIST)
            MST_FAIL(MST_EINPUT, "%s: %s", a->path, strerror(err));
    }
    MST_FAIL(MST_EINPUT, "%s: no free temporary name in its directory after 100 tries", a->path);
fail:
    free(a->tmp_path);
    a->tmp_path = NULL;
    return st;
}

/* Opens the existing non-regular file at a->path for writing in place; `follow` 0 refuses a
 * link put there since lstat. A regular file or directory found now is refused rather than
 * truncated: it appeared in a race. */
static mst_status open_in_place(mst_atomic_file *a, int follow)
{
    struct stat sb;
    a->fd = open(a->path, O_WRONLY | O_NOCTTY | O_CLOEXEC | (follow ? 0 : O_NOFOLLOW));
    if (a->fd < 0)
        return mst_fail(MST_EINPUT, "%s: %s", a->path, strerror(errno));
    if (fstat(a->fd, &sb) != 0 || S_ISREG(sb.st_mode) || S_ISDIR(sb.st_mode))
        return mst_fail(MST_EINPUT, "%s: changed while being opened", a->path);
    return MST_OK;
}

/* Standard output or error (fd 1 or 2), in place: a descriptor of its own (dup), so that
 * closing it or handing it to zlib leaves the stream open, sharing its offset (a shell's ">>"
 * appends); what stdio holds for it goes first. */
static mst_status open_standard(mst_atomic_file *a, int fd)
{
    fflush(fd == STDOUT_FILENO ? stdout : stderr);
    a->fd = dup(fd);
    if (a->fd < 0)
        return mst_fail(MST_EINPUT, "%s: %s", a->path, strerror(errno));
    return MST_OK;
}

/* 1 or 2 if the file `sb` describes is this process's stdout or stderr, else 0. */
static int standard_stream(const struct stat *sb)
{
    struct stat fsb;
    for (int fd = STDOUT_FILENO; fd <= STDERR_FILENO; fd++)
        if (fstat(fd, &fsb) == 0 && fsb.st_dev == sb->st_dev && fsb.st_ino == sb->st_ino)
            return fd;
    return 0;
}

/* Opens the destination of a path that is a symbolic link: stdout or stderr themselves for a
 * link to them (/dev/stdout, /dev/fd/2, even when redirected to a file); a temporary next to
 * the resolved target if that is a regular file; in place otherwise. */
static mst_status open_link(mst_atomic_file *a)
{
    struct stat sb;
    if (stat(a->path, &sb) != 0) {
        if (errno == ENOENT)
            return mst_fail(MST_EINPUT, "%s: a dangling symbolic link (outputs are never "
                            "created through a link)", a->path);
        return mst_fail(MST_EINPUT, "%s: %s", a->path, strerror(errno));
    }
    int fd = standard_stream(&sb);
    if (fd != 0)
        return open_standard(a, fd);
    if (S_ISDIR(sb.st_mode))
        return mst_fail(MST_EINPUT, "%s: %s", a->path, strerror(EISDIR));
    if (!S_ISREG(sb.st_mode))
        return open_in_place(a, 1);
    a->target = realpath(a->path, NULL);
    if (a->target == NULL)
        return mst_fail(errno == ENOMEM ? MST_ERESOURCE : MST_EINPUT, "%s: %s", a->path,
                        strerror(errno));
    return open_temporary(a);
}

/* Copies path into a->target, for a new name or a regular file. */
static mst_status target_is_path(mst_atomic_file *a)
{
    size_t len = strlen(a->path) + 1;
    a->target = mst_alloc(len, 1);
    if (a->target == NULL)
        return MST_ERESOURCE;
    memcpy(a->target, a->path, len);
    return MST_OK;
}

/* Chooses and opens the destination of a->path as the header's table says. */
static mst_status open_destination(mst_atomic_file *a)
{
    struct stat sb;
    if (strcmp(a->path, "-") == 0)
        return open_standard(a, STDOUT_FILENO);
    if (lstat(a->path, &sb) != 0) {
        if (errno != ENOENT)
            return mst_fail(MST_EINPUT, "%s: %s", a->path, strerror(errno));
    } else if (S_ISDIR(sb.st_mode)) {
        return mst_fail(MST_EINPUT, "%s: %s", a->path, strerror(EISDIR));
    } else if (S_ISLNK(sb.st_mode)) {
        return open_link(a);
    } else if (!S_ISREG(sb.st_mode)) {
        return open_in_place(a, 0);
    }
    mst_status st = target_is_path(a);
    return st != MST_OK ? st : open_temporary(a);
}

mst_status mst_atomic_open(mst_atomic_file *a, const char *path)
{
    memset(a, 0, sizeof *a);
    a->fd = -1;
    size_t len = strlen(path) + 1;
    a->path = mst_alloc(len, 1);
    if (a->path == NULL)
        return MST_ERESOURCE;
    memcpy(a->path, path, len);
    mst_status st = open_destination(a);
    if (st != MST_OK)
        mst_atomic_abort(a);
    return st;
}

/* ------------------------------------------------------------------------------------------ */
/* Writing, committing, aborting                                                               */

mst_status mst_atomic_write(mst_atomic_file *a, const void *data, size_t bytes)
{
    const char *p = data;
    while (bytes > 0) {
        ssize_t k = write(a->fd, p, bytes);
        if (k < 0 && errno == EINTR)
            continue;
        if (k <= 0)
            return mst_fail(MST_EINPUT, "%s: %s", a->path, strerror(k < 0 ? errno : EIO));
        p += k;
        bytes -= (size_t)k;
    }
    return MST_OK;
}

/* Frees the names; the temporary must be untracked first (the handler reads it). */
static void release(mst_atomic_file *a)
{
    free(a->path);
    free(a->target);
    free(a->tmp_path);
    memset(a, 0, sizeof *a);
    a->fd = -1;
}

mst_status mst_atomic_commit(mst_atomic_file *a)
{
    mst_status st = MST_OK;
    int fd = a->fd;
    a->fd = -1;
    if (fd >= 0 && close(fd) != 0)
        MST_FAIL(MST_EINPUT, "%s: %s", a->path, strerror(errno));
    if (a->tmp_path != NULL) {
        if (rename(a->tmp_path, a->target) != 0)
            MST_FAIL(MST_EINPUT, "%s: %s", a->path, strerror(errno));
        untrack(a->tmp_path);
    }
    release(a);
    return MST_OK;
fail:
    mst_atomic_abort(a);
    return st;
}

void mst_atomic_abort(mst_atomic_file *a)
{
    if (a == NULL || a->path == NULL)
        return;
    if (a->fd >= 0)
        close(a->fd);
    if (a->tmp_path != NULL) {
        unlink(a->tmp_path);
        untrack(a->tmp_path);
    }
    release(a);
}
