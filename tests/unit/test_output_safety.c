/*
 * test_output_safety.c: unit tests of where output files go (common/io/atomic_file.c):
 * exclusive temporaries with random names and a new file's mode, devices and stdout written in
 * place, dangling links refused, and the signal handler that removes the temporary of an
 * interrupted run (and leaves an ignored signal ignored).
 * Source: docs/design.md, Output and Errors; atomic_file.h.
 */
#include <criterion/criterion.h>
#include <limits.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "loader.h"
#include "tmpdir.h"

TestSuite(output_safety, .init = tmp_dir_make, .fini = tmp_dir_remove);

/* The whole content of a small file, '\0'-terminated, in a static buffer. */
static const char *slurp(const char *path)
{
    static char text[256];
    FILE *f = fopen(path, "rb");
    cr_assert(f != NULL, "%s", path);
    size_t k = fread(text, 1, sizeof text - 1, f);
    fclose(f);
    text[k] = '\0';
    return text;
}

Test(output_safety, temporaries_are_exclusive_random_and_in_the_targets_directory)
{
    const char *path = tmp_path("out.txt");
    char predictable[300];
    snprintf(predictable, sizeof predictable, "%s.tmp.%ld", path, (long)getpid());
    mst_out a, b;
    mode_t old = umask(022);
    cr_assert_eq(mst_out_open(&a, path, 0), MST_OK);
    cr_assert_eq(mst_out_open(&b, path, 0), MST_OK);
    umask(old);
    cr_assert_not_null(a.tmp_path);
    cr_assert_str_neq(a.tmp_path, b.tmp_path);
    cr_assert_str_neq(a.tmp_path, predictable);
    cr_assert_eq(strncmp(a.tmp_path, path, strlen(path)), 0, "next to the target");
    struct stat sb;
    cr_assert_eq(lstat(a.tmp_path, &sb), 0);
    cr_assert(S_ISREG(sb.st_mode));
    cr_assert_eq(sb.st_mode & 0777, 0644, "a new file's mode, not mkstemp's 0600");
    cr_assert_eq(tmp_dir_entries(), 2);
    cr_assert_eq(write(a.fd, "first\n", 6), 6);
    cr_assert_eq(write(b.fd, "second\n", 7), 7);
    cr_assert_eq(mst_out_commit(&a), MST_OK);
    cr_assert_str_eq(slurp(path), "first\n");
    cr_assert_eq(mst_out_commit(&b), MST_OK);
    cr_assert_str_eq(slurp(path), "second\n");
    cr_assert_eq(tmp_dir_entries(), 1);
}

/* A legal name of up to NAME_MAX bytes is written: the temporary, in the same directory, then
 * takes only the name's first bytes (issue 33, item 7). */
Test(output_safety, names_up_to_name_max_are_written)
{
    static const int lengths[] = {200, 238, 239, 250, NAME_MAX};
    for (size_t i = 0; i < sizeof lengths / sizeof lengths[0]; i++) {
        int len = lengths[i];
        char name[NAME_MAX + 1];
        memset(name, 'n', (size_t)len);
        name[len] = '\0';
        const char *path = tmp_path(name);
        mst_out a;
        cr_assert_eq(mst_out_open(&a, path, 0), MST_OK, "%d bytes: %s", len, mst_last_error());
        cr_assert_eq(strrchr(a.tmp_path, '/') - a.tmp_path, strrchr(path, '/') - path);
        cr_assert_leq(strlen(strrchr(a.tmp_path, '/') + 1), NAME_MAX);
        cr_assert_eq(write(a.fd, "x\n", 2), 2);
        cr_assert_eq(mst_out_commit(&a), MST_OK, "%d bytes: %s", len, mst_last_error());
        cr_assert_str_eq(slurp(path), "x\n");
        cr_assert_eq(unlink(path), 0);
    }
}

Test(output_safety, abort_removes_the_temporary_and_keeps_the_old_file)
{
    const char *path = tmp_path("kept.txt");
    FILE *f = fopen(path, "w");
    fputs("old\n", f);
    fclose(f);
    mst_out o;
    cr_assert_eq(mst_out_open(&o, tmp_path("kept.txt"), 0), MST_OK);
    cr_assert_eq(mst_out_printf(&o, "new\n"), MST_OK);
    cr_assert_eq(fflush(o.f), 0); /* the new text reaches the temporary */
    mst_out_abort(&o);
    mst_out_abort(&o); /* twice is fine */
    cr_assert_str_eq(slurp(path), "old\n");
    cr_assert_eq(tmp_dir_entries(), 1);
}

Test(output_safety, devices_and_stdout_are_written_in_place)
{
    const char *names[] = {"/dev/null", "-"};
    for (int i = 0; i < 2; i++) {
        mst_out a;
        cr_assert_eq(mst_out_open(&a, names[i], 0), MST_OK, "%s", mst_last_error());
        cr_assert_null(a.tmp_path, "%s: no temporary", names[i]);
        cr_assert_null(a.target);
        cr_assert_neq(a.fd, STDOUT_FILENO, "stdout itself stays open");
        cr_assert_eq(mst_out_commit(&a), MST_OK);
    }
    cr_assert_neq(fcntl(STDOUT_FILENO, F_GETFD), -1);
    struct stat sb;
    cr_assert_eq(stat("/dev/null", &sb), 0);
    cr_assert(S_ISCHR(sb.st_mode));
}

Test(output_safety, a_full_device_fails_with_the_reason)
{
    struct stat sb;
    if (stat("/dev/full", &sb) != 0 || !S_ISCHR(sb.st_mode))
        cr_skip_test("no /dev/full");
    mst_out o;
    cr_assert_eq(mst_out_open(&o, "/dev/full", 0), MST_OK);
    cr_assert_eq(mst_out_printf(&o, "x\n"), MST_OK);
    mst_clear_error();
    cr_assert_eq(mst_out_commit(&o), MST_EINPUT);
    cr_assert(strstr(mst_last_error(), "/dev/full: No space left on device") != NULL, "%s",
              mst_last_error());
}

Test(output_safety, dangling_links_and_directories_are_refused)
{
    cr_assert_eq(symlink(tmp_path("nowhere"), tmp_path("dangling")), 0);
    mst_out a;
    mst_clear_error();
    cr_assert_eq(mst_out_open(&a, tmp_path("dangling"), 0), MST_EINPUT);
    cr_assert(strstr(mst_last_error(), "dangling symbolic link") != NULL, "%s", mst_last_error());
    cr_assert_null(a.path, "zeroed on error");
    cr_assert_eq(mkdir(tmp_path("dir"), 0755), 0);
    cr_assert_eq(mst_out_open(&a, tmp_path("dir"), 0), MST_EINPUT);
    cr_assert_eq(access(tmp_path("nowhere"), F_OK), -1, "nothing created through the link");
    cr_assert_eq(tmp_dir_entries(), 2);
}

/* In a child: opens an output (gzip if gz), writes, raises sig; returns the child's status. */
static int interrupted_child(const char *path, int sig, int ignore)
{
    fflush(NULL);
    pid_t pid = fork();
    cr_assert_neq(pid, -1);
    if (pid == 0) {
        signal(sig, ignore ? SIG_IGN : SIG_DFL);
        mst_out o;
        if (mst_out_open(&o, path, strstr(path, ".gz") != NULL) != MST_OK ||
            mst_out_printf(&o, "0 1 5\n") != MST_OK || fflush(o.f) != 0)
            _exit(10);
        raise(sig);
        _exit(mst_out_commit(&o) == MST_OK ? 0 : 11);
    }
    int status;
    cr_assert_eq(waitpid(pid, &status, 0), pid);
    return status;
}

Test(output_safety, a_signal_removes_the_temporary_and_kills)
{
    const int sigs[] = {SIGTERM, SIGINT, SIGHUP};
    const char *names[] = {"t.wel", "t.wel.gz", "t.msf"};
    for (int i = 0; i < 3; i++) {
        int status = interrupted_child(tmp_path(names[i]), sigs[i], 0);
        cr_assert(WIFSIGNALED(status) && WTERMSIG(status) == sigs[i], "%s: status %d", names[i],
                  status);
        cr_assert_eq(tmp_dir_entries(), 0, "%s: nothing left", names[i]);
    }
}

Test(output_safety, an_ignored_signal_stays_ignored)
{
    int status = interrupted_child(tmp_path("nohup.wel"), SIGHUP, 1);
    cr_assert(WIFEXITED(status) && WEXITSTATUS(status) == 0, "status %d", status);
    cr_assert_str_eq(slurp(tmp_path("nohup.wel")), "0 1 5\n");
    cr_assert_eq(tmp_dir_entries(), 1);
}
