/* stats.c: mst-mpi's --stats text (see stats.h). */
#include "stats.h"

#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "ghs.h"

void dist_text_add(dist_text *t, const char *fmt, ...)
{
    va_list ap;
    if (t->len + 1 >= t->cap)
        return;
    va_start(ap, fmt);
    int k = vsnprintf(t->buf + t->len, t->cap - t->len, fmt, ap);
    va_end(ap);
    if (k > 0)
        t->len += (size_t)k < t->cap - t->len ? (size_t)k : t->cap - t->len - 1;
}

static void ghs_json(dist_text *t, const mst_phases *ph, const dist_stats_run *run)
{
    dist_text_add(t, "\"messages\":{");
    for (int k = 0; k < GHS_MSG_TYPES; k++)
        dist_text_add(t, "%s\"%s\":%" PRIu64, k ? "," : "", ghs_msg_names[k],
                      mst_phase_counter(ph, ghs_msg_names[k]));
    dist_text_add(
        t,
        "},\"messages_total\":%" PRIu64 ",\"ghs_bound\":%" PRIu64 ",\"test_window\":%" PRIu64
        ",\"bytes_between_ranks\":%" PRIu64 ",\"batches\":%" PRIu64 ",\"ring_batches\":%" PRIu64
        ",\"waves\":%" PRIu64 ",\"max_level\":%" PRIu64 ",\"halted_components\":%" PRIu64
        ",\"partition\":\"%s\",\"transport\":\"%s\",",
        mst_phase_counter(ph, "messages"), mst_phase_counter(ph, "ghs_bound"),
        mst_phase_counter(ph, "test_window"), mst_phase_counter(ph, "bytes_between_ranks"),
        mst_phase_counter(ph, "batches"), mst_phase_counter(ph, "ring_batches"),
        mst_phase_counter(ph, "waves"), mst_phase_counter(ph, "max_level"),
        mst_phase_counter(ph, "halted_components"), run->partition, run->transport);
}

static void ghs_lines(dist_text *t, const mst_phases *ph, const dist_stats_run *run)
{
    uint64_t k = mst_phase_counter(ph, "test_window");
    dist_text_add(t, "  messages         %" PRIu64 " (GHS bound 5 n log2 n + 2 m",
                  mst_phase_counter(ph, "messages"));
    if (k > 1)
        dist_text_add(t, ", + 2 min((K - 1) n log2 n, 2 m) for test window K = %" PRIu64, k);
    dist_text_add(t, ": %" PRIu64 "):", mst_phase_counter(ph, "ghs_bound"));
    for (int i = 0; i < GHS_MSG_TYPES; i++)
        dist_text_add(t, "%s %s %" PRIu64, i ? "," : "", ghs_msg_names[i],
                      mst_phase_counter(ph, ghs_msg_names[i]));
    dist_text_add(t,
                  "\n  between ranks    %" PRIu64 " bytes in %" PRIu64 " batches (%" PRIu64
                  " through shared-memory rings), %" PRIu64
                  " termination waves, highest level %" PRIu64 " (%s partition)\n"
                  "  halted           %" PRIu64
                  " components (a core pair, or an isolated vertex)\n",
                  mst_phase_counter(ph, "bytes_between_ranks"), mst_phase_counter(ph, "batches"),
                  mst_phase_counter(ph, "ring_batches"), mst_phase_counter(ph, "waves"),
                  mst_phase_counter(ph, "max_level"), run->partition,
                  mst_phase_counter(ph, "halted_components"));
}

void dist_text_ranks(dist_text *t, const uint64_t *a, int ranks, int json, double scale)
{
    for (int q = 0; q < ranks; q++) {
        uint64_t v = a != NULL ? a[q] : 0;
        if (json)
            dist_text_add(t, "%s%" PRIu64, q ? "," : "", v);
        else
            dist_text_add(t, " %.1f", (double)v * scale);
    }
}

uint64_t dist_max_of(const uint64_t *a, int ranks)
{
    uint64_t max = 0;
    for (int q = 0; a != NULL && q < ranks; q++)
        max = a[q] > max ? a[q] : max;
    return max;
}

void dist_text_peak_rss(dist_text *t, int json, const uint64_t *peak_rss_kib, int ranks)
{
    uint64_t max = dist_max_of(peak_rss_kib, ranks);
    if (json) {
        dist_text_add(t, "\"peak_rss_kib\":[");
        dist_text_ranks(t, peak_rss_kib, ranks, 1, 1);
        dist_text_add(t, "],\"peak_rss_kib_max\":%" PRIu64 "}", max);
        return;
    }
    dist_text_add(t, "  peak RSS         max %.1f MiB; per rank:", (double)max / 1024);
    dist_text_ranks(t, peak_rss_kib, ranks, 0, 1.0 / 1024);
    dist_text_add(t, " MiB\n");
}

const char *dist_stats_text(const mst_phases *ph, int json, const dist_stats_run *run)
{
    static char buf[1u << 16];
    dist_text t = {buf, sizeof buf, 0};
    buf[0] = '\0';
    if (json)
        dist_text_add(&t, "\"stats\":{");
    if (run->ghs)
        (json ? ghs_json : ghs_lines)(&t, ph, run);
    else if (json)
        dist_text_add(&t, "\"rounds\":%" PRIu64 ",\"allreduce_bytes\":%" PRIu64 ",",
                      mst_phase_counter(ph, "rounds"), mst_phase_counter(ph, "allreduce_bytes"));
    else
        dist_text_add(&t, "  rounds           %" PRIu64 ", %" PRIu64 " bytes allreduced per rank\n",
                      mst_phase_counter(ph, "rounds"), mst_phase_counter(ph, "allreduce_bytes"));
    dist_text_peak_rss(&t, json, run->peak_rss_kib, run->ranks);
    return buf;
}
