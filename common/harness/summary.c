/* summary.c: human and JSON output of a run (see summary.h). */
#include "summary.h"

#include <inttypes.h>
#include <math.h>

#include "options.h"

static const char *origin_name(const mst_graph *g)
{
    switch (g->weight_origin) {
    case MST_WEIGHTS_FROM_FILE: return "file";
    case MST_WEIGHTS_RANDOM: return "random";
    case MST_WEIGHTS_UNIT: return "unit";
    }
    return "?";
}

void mst_print_summary(FILE *f, const mst_run_result *r)
{
    const mst_graph *g = r->g;
    char wbuf[64];
    fprintf(f, "%s (%s) on %s [%s]\n", r->program, r->algo, g->name, g->format);
    fprintf(f, "  vertices         %" PRIu32 "\n", g->n);
    fprintf(f, "  edges            %" PRIu64 " (self-loops dropped: %" PRIu64
               ", reverse arcs merged: %" PRIu64 ")\n", g->m, g->self_loops, g->merged_arcs);
    fprintf(f, "  weights          %s %s", origin_name(g), mst_weight_type_name(g->weight_type));
    if (g->weight_origin == MST_WEIGHTS_RANDOM)
        fprintf(f, " (seed %" PRIu64 ")", g->seed);
    fprintf(f, "\n  objective        %s spanning forest\n", r->maximum ? "maximum" : "minimum");
    fprintf(f, "  components       %" PRIu64 "\n", r->components);
    fprintf(f, "  MSF edges        %" PRIu64 "\n", r->msf_edges);
    fprintf(f, "  MSF weight       %s\n", mst_format_total(r->msf_weight, wbuf, sizeof wbuf));
    if (r->ctx.device[0])
        fprintf(f, "  device           %s\n", r->ctx.device);
    if (r->ctx.threads > 1 || r->ctx.ranks > 1)
        fprintf(f, "  threads x ranks  %d x %d\n", r->ctx.threads, r->ctx.ranks);
    fprintf(f, "  load time        %.4f s\n", r->load_s);
    if (mst_weight_is_wide(g->weight_type))
        fprintf(f, "  rank time        %.4f s (64-bit weights ranked into 32-bit keys)\n",
                r->rank_s);
    fprintf(f, "  compute time     median %.6f s, min %.6f s (%d trials)\n",
            r->compute_median_s, r->compute_min_s, r->trials);
    if (r->kernel_median_s >= 0)
        fprintf(f, "  kernel time      median %.6f s, min %.6f s (graph already on the device)\n",
                r->kernel_median_s, r->kernel_min_s);
    if (r->show_phases && r->phases != NULL) {
        fprintf(f, "  phases           ");
        for (int i = 0; i < r->phases->count; i++)
            fprintf(f, "%s%s %.6f s", i ? ", " : "", r->phases->name[i], r->phases->seconds[i]);
        for (int i = 0; i < r->phases->counters; i++)
            fprintf(f, "%s%s %" PRIu64, (i || r->phases->count) ? ", " : "",
                    r->phases->counter_name[i], r->phases->counter[i]);
        fprintf(f, " (median trial)\n");
        if (r->phases->rounds > 0) {
            fprintf(f, "  rounds (n/m)     ");
            for (int i = 0; i < r->phases->rounds; i++)
                fprintf(f, "%s%" PRIu64 "/%" PRIu64, i ? ", " : "", r->phases->round_n[i],
                        r->phases->round_m[i]);
            fprintf(f, "\n");
        }
    }
    if (r->extra != NULL)
        fputs(r->extra, f);
    if (r->verified < 0)
        fprintf(f, "  verification     skipped\n");
    else if (r->verified)
        fprintf(f, "  verification     ok (%.3f s)\n", r->verify_s);
    else
        fprintf(f, "  verification     FAILED: %s\n", r->verify_message);
}

/* The total as a JSON number (exact for integers), or null for an infinite float total (an
 * .msb file may hold infinite weights; JSON has no infinity). */
static const char *json_total(mst_weight_sum s, char *buf, int len)
{
    if (s.is_float && !isfinite(mst_weight_sum_double(&s)))
        return "null";
    return mst_format_total(s, buf, len);
}

void mst_print_json(FILE *f, const mst_run_result *r)
{
    const mst_graph *g = r->g;
    char wbuf[64];
    fprintf(f, "{\"solver\":");
    mst_json_string(f, r->program);
    fprintf(f, ",\"algo\":");
    mst_json_string(f, r->algo);
    fprintf(f, ",\"graph\":");
    mst_json_string(f, g->name);
    fprintf(f, ",\"format\":\"%s\",\"n\":%" PRIu32 ",\"m\":%" PRIu64 ",\"self_loops\":%" PRIu64
               ",\"components\":%" PRIu64 ",\"msf_edges\":%" PRIu64 ",\"msf_weight\":%s",
            g->format, g->n, g->m, g->self_loops, r->components, r->msf_edges,
            json_total(r->msf_weight, wbuf, sizeof wbuf));
    fprintf(f, ",\"weight_type\":\"%s\",\"weights\":\"%s\",\"objective\":\"%s\"",
            mst_weight_type_name(g->weight_type), origin_name(g),
            r->maximum ? "maximum" : "minimum");
    if (g->weight_origin == MST_WEIGHTS_RANDOM)
        fprintf(f, ",\"seed\":%" PRIu64, g->seed);
    fprintf(f, ",\"load_s\":%.6f,\"rank_s\":%.6f,\"compute_s_median\":%.9f,"
               "\"compute_s_min\":%.9f,\"trials\":%d",
            r->load_s, r->rank_s, r->compute_median_s, r->compute_min_s, r->trials);
    if (r->kernel_median_s >= 0)
        fprintf(f, ",\"kernel_s_median\":%.9f,\"kernel_s_min\":%.9f", r->kernel_median_s,
                r->kernel_min_s);
    fprintf(f, ",\"threads\":%d,\"ranks\":%d,\"device\":", r->ctx.threads, r->ctx.ranks);
    if (r->ctx.device[0])
        mst_json_string(f, r->ctx.device);
    else
        fprintf(f, "null");
    fprintf(f, ",\"verified\":%s", r->verified < 0 ? "null" : r->verified ? "true" : "false");
    if (r->verified == 0) {
        fprintf(f, ",\"verify_error\":");
        mst_json_string(f, r->verify_message);
    }
    if (r->show_phases && r->phases != NULL) {
        fprintf(f, ",\"phases\":{");
        for (int i = 0; i < r->phases->count; i++) {
            fprintf(f, "%s", i ? "," : "");
            mst_json_string(f, r->phases->name[i]);
            fprintf(f, ":%.9f", r->phases->seconds[i]);
        }
        fprintf(f, "},\"counters\":{");
        for (int i = 0; i < r->phases->counters; i++) {
            fprintf(f, "%s", i ? "," : "");
            mst_json_string(f, r->phases->counter_name[i]);
            fprintf(f, ":%" PRIu64, r->phases->counter[i]);
        }
        fprintf(f, "},\"rounds\":[");
        for (int i = 0; i < r->phases->rounds; i++)
            fprintf(f, "%s[%" PRIu64 ",%" PRIu64 "]", i ? "," : "", r->phases->round_n[i],
                    r->phases->round_m[i]);
        fprintf(f, "]");
    }
    if (r->extra != NULL)
        fprintf(f, ",%s", r->extra);
    fprintf(f, "}\n");
}
