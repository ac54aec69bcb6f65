/*
 * atomic_file.c: output files written in place or through an exclusive temporary renamed when
 * complete, and the signal handler that removes the temporary of an interrupted run (see
 * atomic_file.h). Source: POSIX.1-2017 (IEEE Std 1003.1-2017), System Interfaces: open()
 * (O_CREAT | O_EXCL, O_NOFOLLOW), rename(), sigaction(), and Section 2.4.3, Signal Actions (the
 * async-signal-safe functions a handler may call: unlink, signal, raise); getrandom(2).
 */
#include "atomic_file.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>
#include <sys/stat.h>
#include <unistd.h>

/* The temporaries that exist now. A handler runs in any thread at any moment, so the slots are
 * lock-free atomics holding strings that stay allocated until untracked. The suite writes one
 * file at a time; temporaries beyond the slots would only miss the clean-up on a signal. */
#define TRACKED_MAX 8
static _Atomic(char *) tracked[TRACKED_MAX];

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

/* Installs on_signal, once, for SIGINT, SIGTERM and SIGHUP where the action is the default: an
 * ignored one (nohup, a background job) or another handler (an MPI runtime's) is left alone. */
static void catch_signals(void)
{
    static const int caught[] = {SIGINT, SIGTERM, SIGHUP};
    static atomic_flag done = ATOMIC_FLAG_INIT;
    if (atomic_flag_test_and_set(&done))
        return;
    struct sigaction sa, old;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_signal;
    sigfillset(&sa.sa_mask);
    sa.sa_flags = SA_RESTART;
    for (size_t i = 0; i < sizeof caught / sizeof *caught; i++)
        if (sigaction(caught[i], NULL, &old) == 0 && !(old.sa_flags & SA_SIGINFO) &&
            old.sa_handler == SIG_DFL)
            sigaction(caught[i], &sa, NULL);
}

/* Puts `tmp` in a free slot (track) or takes it out (untrack: tmp NULL, old the name). */
static void swap_tracked(char *old, char *tmp)
{
    for (int i = 0; i < TRACKED_MAX; i++) {
        char *expected = old;
        if (atomic_compare_exchange_strong(&tracked[i], &expected, tmp))
            return;
    }
}

/*
 * Creates the temporary "TARGET.tmp-XXXXXXXXXXXX" (12 characters of [0-9A-Za-z] from getrandom;
 * of a name too long for that, its first NAME_MAX - 17 bytes)
 * as mkostemp does, with O_CREAT | O_EXCL (and O_NOFOLLOW): a link or file planted at that name
 * is never followed nor reused, and a name found taken is drawn again. Unlike mkostemp's 0600,
 * the file has a new file's mode (0666 minus the umask) from the moment it exists. The name is
 * tracked for the signal handler before the file exists, untracked again if it was taken.
 */
static mst_status open_temporary(mst_atomic_file *a)
{
    static const char alphabet[] =
        "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
    mst_status st = MST_OK;
    /* A target name within 17 bytes of NAME_MAX lends the temporary only its first bytes. */
    const char *slash = strrchr(a->target, '/');
    int dir = slash != NULL ? (int)(slash + 1 - a->target) : 0;
    int base = (int)strlen(a->target + dir), keep = base < NAME_MAX - 17 ? base : NAME_MAX - 17;
    size_t len = (size_t)dir + (size_t)keep + sizeof ".tmp-XXXXXXXXXXXX";
    MST_ALLOC(a->tmp_path, len);
    catch_signals();
    for (int attempt = 0; attempt < 100; attempt++) {
        unsigned char r[12];
        char chars[sizeof r + 1] = {0};
        if (getrandom(r, sizeof r, 0) != (ssize_t)sizeof r)
            MST_FAIL(MST_EINPUT, "%s: no random temporary name: %s", a->path, strerror(errno));
        for (size_t i = 0; i < sizeof r; i++)
            chars[i] = alphabet[r[i] % 62];
        snprintf(a->tmp_path, len, "%.*s%.*s.tmp-%s", dir, a->target, keep, a->target + dir,
                 chars);
        swap_tracked(NULL, a->tmp_path);
        a->fd = open(a->tmp_path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0666);
        if (a->fd >= 0)
            return MST_OK;
        int err = errno;
        swap_tracked(a->tmp_path, NULL);
        if (err != EEXIST)
            MST_FAIL(MST_EINPUT, "%s: %s", a->path, strerror(err));
    }
    MST_FAIL(MST_EINPUT, "%s: no free temporary name in its directory", a->path);
fail: /* the name is not ours: mst_atomic_abort must not remove it */
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
 * closing it or handing it to stdio or zlib leaves the stream open, sharing its offset (a
 * shell's ">>" appends); what stdio holds for it goes first. */
static mst_status open_standard(mst_atomic_file *a, int fd)
{
    fflush(fd == STDOUT_FILENO ? stdout : stderr);
    a->fd = dup(fd);
    if (a->fd < 0)
        return mst_fail(MST_EINPUT, "%s: %s", a->path, strerror(errno));
    return MST_OK;
}

/* Chooses and opens the destination of a->path as the header's table says. */
static mst_status open_destination(mst_atomic_file *a)
{
    struct stat sb, fsb;
    if (strcmp(a->path, "-") == 0)
        return open_standard(a, STDOUT_FILENO);
    if (lstat(a->path, &sb) != 0) {
        if (errno != ENOENT)
            return mst_fail(MST_EINPUT, "%s: %s", a->path, strerror(errno));
        sb.st_mode = S_IFREG; /* a new name: as a regular file */
    }
    int link = S_ISLNK(sb.st_mode);
    if (link && stat(a->path, &sb) != 0) {
        if (errno == ENOENT)
            return mst_fail(MST_EINPUT, "%s: a dangling symbolic link (outputs are never "
                            "created through a link)", a->path);
        return mst_fail(MST_EINPUT, "%s: %s", a->path, strerror(errno));
    }
    /* A link to this process's stdout or stderr (/dev/stdout, even redirected to a file). */
    for (int fd = STDOUT_FILENO; link && fd <= STDERR_FILENO; fd++)
        if (fstat(fd, &fsb) == 0 && fsb.st_dev == sb.st_dev && fsb.st_ino == sb.st_ino)
            return open_standard(a, fd);
    if (S_ISDIR(sb.st_mode))
        return mst_fail(MST_EINPUT, "%s: %s", a->path, strerror(EISDIR));
    if (!S_ISREG(sb.st_mode))
        return open_in_place(a, link);
    a->target = link ? realpath(a->path, NULL) : strdup(a->path);
    if (a->target == NULL)
        return mst_fail(errno == ENOMEM ? MST_ERESOURCE : MST_EINPUT, "%s: %s", a->path,
                        strerror(errno));
    return open_temporary(a);
}

mst_status mst_atomic_open(mst_atomic_file *a, const char *path)
{
    memset(a, 0, sizeof *a);
    a->fd = -1;
    a->path = strdup(path);
    mst_status st = a->path != NULL ? open_destination(a)
                                    : mst_fail(MST_ERESOURCE, "%s: out of memory", path);
    if (st != MST_OK)
        mst_atomic_abort(a);
    return st;
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
    int fd = a->fd;
    a->fd = -1;
    if ((fd >= 0 && close(fd) != 0) ||
        (a->tmp_path != NULL && rename(a->tmp_path, a->target) != 0)) {
        mst_status st = mst_fail(MST_EINPUT, "%s: %s", a->path, strerror(errno));
        mst_atomic_abort(a);
        return st;
    }
    swap_tracked(a->tmp_path, NULL);
    release(a);
    return MST_OK;
}

void mst_atomic_abort(mst_atomic_file *a)
{
    if (a == NULL || a->path == NULL)
        return;
    if (a->fd >= 0)
        close(a->fd);
    if (a->tmp_path != NULL) {
        unlink(a->tmp_path);
        swap_tracked(a->tmp_path, NULL);
    }
    release(a);
}

mst_status mst_output_not_input(const char *out, const char *in)
{
    struct stat o, i;
    if (out == NULL || in == NULL || strcmp(out, "-") == 0 || strcmp(in, "-") == 0 ||
        stat(out, &o) != 0 || stat(in, &i) != 0 || o.st_dev != i.st_dev || o.st_ino != i.st_ino)
        return MST_OK;
    return mst_fail(MST_EUSAGE, "%s: is the input file %s; write the output to another name",
                    out, in);
}
