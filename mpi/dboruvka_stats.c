/* dboruvka_stats.c: --stats for --algo boruvka (dboruvka.h). */
#include "dboruvka.h"

#include <inttypes.h>

#include "stats.h"

/* A per-rank array as a JSON list or as " a b c" scaled by `scale`. */
static void per_rank(dist_text *t, const uint64_t *a, int ranks, int json, double scale)
{
    for (int q = 0; q < ranks; q++) {
        uint64_t v = a != NULL ? a[q] : 0;
        if (json)
            dist_text_add(t, "%s%" PRIu64, q ? "," : "", v);
        else
            dist_text_add(t, " %.1f", (double)v * scale);
    }
}

static uint64_t max_of(const uint64_t *a, int ranks)
{
    uint64_t max = 0;
    for (int q = 0; a != NULL && q < ranks; q++)
        max = a[q] > max ? a[q] : max;
    return max;
}

const char *dboruvka_stats_text(const mst_phases *ph, int json, const uint64_t *peak_rss_kib,
                                int ranks, const char *partition)
{
    static char buf[1u << 16];
    dist_text t = {buf, sizeof buf, 0};
    const uint64_t *bytes = dboruvka_bytes_sent();
    buf[0] = '\0';
    if (json) {
        dist_text_add(&t,
                      "\"stats\":{\"rounds\":%" PRIu64 ",\"jump_steps\":%" PRIu64
                      ",\"local_edges\":%" PRIu64 ",\"partition\":\"%s\",\"bytes_sent\":[",
                      mst_phase_counter(ph, "rounds"), mst_phase_counter(ph, "jump_steps"),
                      mst_phase_counter(ph, "local_edges"), partition);
        per_rank(&t, bytes, ranks, 1, 1);
        dist_text_add(&t,
                      "],\"bytes_sent_max\":%" PRIu64 ",\"bytes_sent_total\":%" PRIu64
                      ",\"peak_rss_kib\":[",
                      max_of(bytes, ranks), mst_phase_counter(ph, "bytes_sent_total"));
        per_rank(&t, peak_rss_kib, ranks, 1, 1);
        dist_text_add(&t, "],\"peak_rss_kib_max\":%" PRIu64 "}", max_of(peak_rss_kib, ranks));
        return buf;
    }
    dist_text_add(&t,
                  "  rounds           %" PRIu64 " Borůvka rounds, %" PRIu64
                  " pointer-doubling steps, "
                  "%" PRIu64 " forest edges found locally first (%s partition)\n",
                  mst_phase_counter(ph, "rounds"), mst_phase_counter(ph, "jump_steps"),
                  mst_phase_counter(ph, "local_edges"), partition);
    dist_text_add(&t, "  sent             max %.1f MiB to other ranks; per rank:",
                  (double)max_of(bytes, ranks) / 1048576);
    per_rank(&t, bytes, ranks, 0, 1.0 / 1048576);
    dist_text_add(&t, " MiB\n  peak RSS         max %.1f MiB; per rank:",
                  (double)max_of(peak_rss_kib, ranks) / 1024);
    per_rank(&t, peak_rss_kib, ranks, 0, 1.0 / 1024);
    dist_text_add(&t, " MiB\n");
    return buf;
}
