/*
 * atomic_file.c: output files, placed as loader.h says; the stdio or zlib stream takes over the
 * descriptor (fdopen, gzdopen: gzopen would follow links). Source: POSIX.1-2017, open(),
 * rename(), mkstemp(), sigaction(), Section 2.4.3 (async-signal-safe: unlink, signal, raise);
 * the zlib manual.
 */
#include "loader.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <zlib.h>

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

/* Creates the temporary "TARGET.tmp-XXXXXX" with mkostemp (of a name too long for that, its
 * first NAME_MAX - 11 bytes) and gives it a new file's mode: mkostemp's is 0600. The name is
 * tracked for the signal handler before the file exists, untracked again on failure. */
static mst_status open_temporary(mst_out *o)
{
    mst_status st = MST_OK;
    const char *slash = strrchr(o->target, '/');
    int dir = slash != NULL ? (int)(slash + 1 - o->target) : 0;
    int base = (int)strlen(o->target + dir), keep = base < NAME_MAX - 11 ? base : NAME_MAX - 11;
    size_t len = (size_t)dir + (size_t)keep + sizeof ".tmp-XXXXXX";
    MST_ALLOC(o->tmp_path, len);
    snprintf(o->tmp_path, len, "%.*s%.*s.tmp-XXXXXX", dir, o->target, keep, o->target + dir);
    catch_signals();
    swap_tracked(NULL, o->tmp_path);
    mode_t mask = umask(0); /* umask can only be read by setting it */
    umask(mask);
    if ((o->fd = mkostemp(o->tmp_path, O_CLOEXEC)) >= 0 && fchmod(o->fd, 0666 & ~mask) == 0)
        return MST_OK;
    st = mst_fail(MST_EINPUT, "%s: %s", o->path, strerror(errno));
    if (o->fd >= 0) {
        unlink(o->tmp_path);
        close(o->fd);
        o->fd = -1;
    }
    swap_tracked(o->tmp_path, NULL);
fail: /* the name is not ours: mst_out_abort must not remove it */
    free(o->tmp_path);
    o->tmp_path = NULL;
    return st;
}

/* Standard output or error (fd 1 or 2) in place: a descriptor of its own (dup), so that closing
 * it leaves the stream open, sharing its offset; what stdio holds for it goes first. */
static mst_status open_standard(mst_out *o, int fd)
{
    fflush(fd == STDOUT_FILENO ? stdout : stderr);
    o->fd = dup(fd);
    if (o->fd < 0)
        return mst_fail(MST_EINPUT, "%s: %s", o->path, strerror(errno));
    return MST_OK;
}

/* Chooses and opens the destination of o->path as the header says. */
static mst_status open_destination(mst_out *o)
{
    struct stat sb, fsb;
    if (strcmp(o->path, "-") == 0)
        return open_standard(o, STDOUT_FILENO);
    if (lstat(o->path, &sb) != 0) {
        if (errno != ENOENT)
            return mst_fail(MST_EINPUT, "%s: %s", o->path, strerror(errno));
        sb.st_mode = S_IFREG; /* a new name: as a regular file */
    }
    int link = S_ISLNK(sb.st_mode);
    if (link && stat(o->path, &sb) != 0) {
        if (errno == ENOENT)
            return mst_fail(MST_EINPUT, "%s: a dangling symbolic link (outputs are never "
                            "created through a link)", o->path);
        return mst_fail(MST_EINPUT, "%s: %s", o->path, strerror(errno));
    }
    /* A link to this process's stdout or stderr (/dev/stdout, even redirected to a file). */
    for (int fd = STDOUT_FILENO; link && fd <= STDERR_FILENO; fd++)
        if (fstat(fd, &fsb) == 0 && fsb.st_dev == sb.st_dev && fsb.st_ino == sb.st_ino)
            return open_standard(o, fd);
    if (S_ISDIR(sb.st_mode))
        return mst_fail(MST_EINPUT, "%s: %s", o->path, strerror(EISDIR));
    if (!S_ISREG(sb.st_mode)) { /* in place: a regular file or folder found now is a race */
        o->fd = open(o->path, O_WRONLY | O_NOCTTY | O_CLOEXEC | (link ? 0 : O_NOFOLLOW));
        if (o->fd < 0)
            return mst_fail(MST_EINPUT, "%s: %s", o->path, strerror(errno));
        if (fstat(o->fd, &fsb) != 0 || S_ISREG(fsb.st_mode) || S_ISDIR(fsb.st_mode))
            return mst_fail(MST_EINPUT, "%s: changed while being opened", o->path);
        return MST_OK;
    }
    o->target = link ? realpath(o->path, NULL) : strdup(o->path);
    if (o->target == NULL)
        return mst_fail(errno == ENOMEM ? MST_ERESOURCE : MST_EINPUT, "%s: %s", o->path,
                        strerror(errno));
    return open_temporary(o);
}

/* Frees the names; the temporary must be untracked first (the handler reads it). */
static void release(mst_out *o)
{
    free(o->path);
    free(o->target);
    free(o->tmp_path);
    memset(o, 0, sizeof *o);
    o->fd = -1;
}

void mst_out_abort(mst_out *o)
{
    if (o->path == NULL)
        return;
    if (o->gz != NULL)
        gzclose(o->gz);
    else if (o->f != NULL)
        fclose(o->f);
    else if (o->fd >= 0)
        close(o->fd);
    if (o->tmp_path != NULL) {
        unlink(o->tmp_path);
        swap_tracked(o->tmp_path, NULL);
    }
    release(o);
}

mst_status mst_out_open(mst_out *o, const char *path, int gzip)
{
    memset(o, 0, sizeof *o);
    o->fd = -1;
    o->path = strdup(path);
    mst_status st = o->path != NULL ? open_destination(o)
                                    : mst_fail(MST_ERESOURCE, "%s: out of memory", path);
    if (st == MST_OK) {
        errno = 0;
        if (gzip)
            o->gz = gzdopen(o->fd, "wb1"); /* level 1: text compresses several times faster */
        else
            o->f = fdopen(o->fd, "wb");
        if (o->gz == NULL && o->f == NULL)
            st = mst_fail(errno == ENOMEM ? MST_ERESOURCE : MST_EINPUT, "%s: %s", path,
                          errno ? strerror(errno) : "cannot open for writing");
    }
    if (st != MST_OK)
        mst_out_abort(o);
    return st;
}

/* MST_OK if `ok`, else MST_EINPUT with the reason stdio or zlib gives. */
static mst_status result(mst_out *o, int ok)
{
    if (ok)
        return MST_OK;
    int errnum = Z_ERRNO;
    const char *msg = o->gz != NULL ? gzerror(o->gz, &errnum) : NULL;
    return mst_fail(MST_EINPUT, "%s: %s", o->path,
                    errnum == Z_ERRNO ? strerror(errno ? errno : EIO) : msg);
}

mst_status mst_out_printf(mst_out *o, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int k = o->gz != NULL ? gzvprintf(o->gz, fmt, ap) : vfprintf(o->f, fmt, ap);
    va_end(ap);
    return result(o, k >= 0 && (o->gz == NULL || k > 0 || *fmt == '\0'));
}

mst_status mst_out_write(mst_out *o, const void *data, size_t bytes)
{
    if (o->gz != NULL)
        return result(o, gzfwrite(data, 1, bytes, o->gz) == bytes);
    return result(o, fwrite(data, 1, bytes, o->f) == bytes);
}

mst_status mst_out_commit(mst_out *o)
{
    errno = 0;
    int ok = o->gz != NULL ? gzclose(o->gz) == Z_OK : fclose(o->f) == 0;
    o->gz = NULL;
    o->f = NULL;
    o->fd = -1;
    if (!ok || (o->tmp_path != NULL && rename(o->tmp_path, o->target) != 0)) {
        mst_status st = mst_fail(MST_EINPUT, "%s: %s", o->path,
                                 errno ? strerror(errno) : "gzip write failed");
        mst_out_abort(o);
        return st;
    }
    swap_tracked(o->tmp_path, NULL);
    release(o);
    return MST_OK;
}

mst_status mst_output_check(const char *out, const char *in)
{
    struct stat o, i;
    if (out == NULL || strcmp(out, "-") == 0)
        return MST_OK;
    if (stat(out, &o) == 0) {
        if (in != NULL && strcmp(in, "-") != 0 && stat(in, &i) == 0 && o.st_dev == i.st_dev &&
            o.st_ino == i.st_ino)
            return mst_fail(MST_EUSAGE, "%s: is the input file %s; write the output to another "
                            "name", out, in);
        if (S_ISDIR(o.st_mode))
            return mst_fail(MST_EINPUT, "%s: %s", out, strerror(EISDIR));
        if (!S_ISREG(o.st_mode))
            return MST_OK; /* a device or FIFO, written in place: its open tells */
    }
    /* A new file or a replaced one: its folder must let this process create files. */
    const char *slash = strrchr(out, '/');
    char dir[PATH_MAX];
    snprintf(dir, sizeof dir, "%.*s", slash == NULL ? 1 : slash == out ? 1 : (int)(slash - out),
             slash == NULL ? "." : out);
    if (access(dir, W_OK | X_OK) != 0)
        return mst_fail(MST_EINPUT, "%s: %s", out, strerror(errno));
    return MST_OK;
}
