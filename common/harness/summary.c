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

/* The lines --rounds adds (docs/rounds.md). */
static void print_rounds(FILE *f, const mst_rounds_result *x)
{
    fprintf(f, "  rounds           %" PRIu64 " (weights: %s)\n", x->rounds, x->weights);
    if (x->prepared)
        fprintf(f, "  setup time       %.6f s (prepare: once, from the topology)\n", x->setup_s);
    else
        fprintf(f, "  setup time       none (no prepared path: every round calls solve())\n");
    if (x->rounds == 0)
        return;
    fprintf(f, "  round times      median %.6f s, min %.6f s, max %.6f s\n", x->round_median_s,
            x->round_min_s, x->round_max_s);
    fprintf(f, "  cumulative time  %.6f s after %" PRIu64 " rounds (one-shot: %.6f s)\n",
            x->cumulative_s[x->rounds - 1], x->rounds, (double)x->rounds * x->oneshot_s);
    if (!x->prepared)
        fprintf(f, "  break-even round none (no prepared path)\n");
    else if (x->break_even > 0)
        fprintf(f, "  break-even round %" PRIu64 " (setup + rounds 1..%" PRIu64
                   " <= %" PRIu64 " one-shot times)\n", x->break_even, x->break_even,
                x->break_even);
    else
        fprintf(f, "  break-even round none within %" PRIu64 " rounds\n", x->rounds);
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
    fprintf(f, "  compute time     median %.6f s, min %.6f s (%d trials%s)\n",
            r->compute_median_s, r->compute_min_s, r->trials,
            r->rounds != NULL ? " of solve() on round 1's weights: the one-shot time" : "");
    if (r->kernel_median_s >= 0)
        fprintf(f, "  kernel time      median %.6f s, min %.6f s (graph already on the device)\n",
                r->kernel_median_s, r->kernel_min_s);
    if (r->rounds != NULL)
        print_rounds(f, r->rounds);
    if (r->show_phases && r->phases != NULL) {
        fprintf(f, "  phases           ");
        for (int i = 0; i < r->phases->count; i++)
            fprintf(f, "%s%s %.6f s", i ? ", " : "", r->phases->name[i], r->phases->seconds[i]);
        for (int i = 0; i < r->phases->counters; i++)
            fprintf(f, "%s%s %" PRIu64, (i || r->phases->count) ? ", " : "",
                    r->phases->counter_name[i], r->phases->counter[i]);
        fprintf(f, " (median %s)\n", r->rounds != NULL ? "round" : "trial");
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
    else if (r->verified && r->rounds != NULL)
        fprintf(f, "  verification     ok (%" PRIu64 " of %" PRIu64 " rounds, %.3f s)\n",
                r->rounds->verified_rounds, r->rounds->rounds, r->verify_s);
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

/* A JSON array of n times. */
static void json_times(FILE *f, const char *key, const double *v, uint64_t n)
{
    fprintf(f, ",\"%s\":[", key);
    for (uint64_t i = 0; i < n; i++)
        fprintf(f, "%s%.9f", i ? "," : "", v[i]);
    fprintf(f, "]");
}

/* The members --rounds adds (docs/rounds.md). */
static void json_rounds(FILE *f, const mst_rounds_result *x)
{
    char wbuf[64];
    fprintf(f, ",\"mst_rounds\":%" PRIu64 ",\"prepared\":%s,\"round_weights\":", x->rounds,
            x->prepared ? "true" : "false");
    mst_json_string(f, x->weights);
    fprintf(f, ",\"setup_s\":%.9f,\"oneshot_s\":%.9f", x->setup_s, x->oneshot_s);
    json_times(f, "rounds_s", x->round_s, x->rounds);
    json_times(f, "cumulative_s", x->cumulative_s, x->rounds);
    if (x->rounds > 0)
        fprintf(f, ",\"round_s_median\":%.9f,\"round_s_min\":%.9f,\"round_s_max\":%.9f",
                x->round_median_s, x->round_min_s, x->round_max_s);
    if (x->prepared && x->break_even > 0)
        fprintf(f, ",\"break_even_round\":%" PRIu64, x->break_even);
    else
        fprintf(f, ",\"break_even_round\":null");
    fprintf(f, ",\"round_msf_weight\":[");
    for (uint64_t i = 0; i < x->rounds; i++)
        fprintf(f, "%s%s", i ? "," : "", json_total(x->totals[i], wbuf, sizeof wbuf));
    fprintf(f, "],\"round_verified\":[");
    for (uint64_t i = 0; i < x->rounds; i++)
        fprintf(f, "%s%s", i ? "," : "",
                x->verified[i] < 0 ? "null" : x->verified[i] ? "true" : "false");
    fprintf(f, "]");
    if (x->setup_phases != NULL && x->setup_phases->count > 0) {
        fprintf(f, ",\"setup_phases\":{");
        for (int i = 0; i < x->setup_phases->count; i++) {
            fprintf(f, "%s", i ? "," : "");
            mst_json_string(f, x->setup_phases->name[i]);
            fprintf(f, ":%.9f", x->setup_phases->seconds[i]);
        }
        fprintf(f, "}");
    }
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
    if (r->rounds != NULL)
        json_rounds(f, r->rounds);
    if (r->extra != NULL)
        fprintf(f, ",%s", r->extra);
    fprintf(f, "}\n");
}
