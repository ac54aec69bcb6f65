/* tmpdir.c: the unit tests' temporary directory (tmpdir.h). */
#include "tmpdir.h"

#include <criterion/criterion.h>
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static char tmp_dir[64];

void tmp_dir_make(void)
{
    strcpy(tmp_dir, "/tmp/mst-test-XXXXXX");
    cr_assert(mkdtemp(tmp_dir) != NULL);
}

void tmp_dir_remove(void)
{
    DIR *d = opendir(tmp_dir);
    if (d == NULL)
        return;
    struct dirent *de;
    char p[512];
    while ((de = readdir(d)) != NULL) {
        if (strcmp(de->d_name, ".") == 0 || strcmp(de->d_name, "..") == 0)
            continue;
        snprintf(p, sizeof p, "%s/%s", tmp_dir, de->d_name);
        if (unlink(p) != 0)
            rmdir(p);
    }
    closedir(d);
    rmdir(tmp_dir);
}

const char *tmp_path(const char *name)
{
    static char p[4][256];
    static int turn;
    turn = (turn + 1) % 4;
    snprintf(p[turn], sizeof p[turn], "%s/%s", tmp_dir, name);
    return p[turn];
}

int tmp_dir_entries(void)
{
    DIR *d = opendir(tmp_dir);
    cr_assert(d != NULL);
    int count = 0;
    struct dirent *de;
    while ((de = readdir(d)) != NULL)
        count += strcmp(de->d_name, ".") != 0 && strcmp(de->d_name, "..") != 0;
    closedir(d);
    return count;
}
