/* progress.c: a rate-limited progress line on a terminal's stderr (see core.h). */
#include "core.h"

#include <stdio.h>
#include <unistd.h>


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

void mst_progress_done(void)
{
    if (shown)
        fprintf(stderr, "\r\033[K");
    shown = 0;
}
