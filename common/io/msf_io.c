/* msf_io.c: writing forest files and checking what their first line claims (see loader.h;
 * reading them: msf_read.c). */
#include "loader.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "atomic_file.h"
#include "out_stream.h"
#include "core.h"

mst_status mst_msf_write(const char *path, const mst_graph *g, uint64_t *eid, uint64_t k,
                         const char *producer, mst_msf_format format, int maximum)
{
    mst_status st = MST_OK;
    mst_out o;
    memset(&o, 0, sizeof o);
    MST_CHECK(mst_output_not_input(path, g->name));
    MST_CHECK(mst_sort_u64(eid, k));
    MST_CHECK(mst_out_open_as(&o, path, 0));
    mst_weight_sum total = mst_weight_total(g, eid, k);
    char tbuf[64];
    MST_CHECK(mst_out_printf(&o, "# %s spanning forest of %s by %s: %" PRIu64 " edges, "
                             "weight %s\n", maximum ? "maximum" : "minimum",
                             g->name ? g->name : "?", producer, k,
                             mst_format_total(total, tbuf, sizeof tbuf)));
    for (uint64_t i = 0; i < k; i++) {
        uint64_t e = eid[i];
        char w[64];
        if (format == MST_MSF_IDS)
            MST_CHECK(mst_out_printf(&o, "%" PRIu64 "\n", e));
        else /* unlike the graph writers, a float weight 3 stays "3" */
            MST_CHECK(mst_out_printf(&o, "%" PRIu64 " %" PRIu64 " %s\n",
                                     (uint64_t)g->u[e] + (uint64_t)g->index_base,
                                     (uint64_t)g->v[e] + (uint64_t)g->index_base,
                                     mst_format_edge_weight(g, e, w, sizeof w)));
    }
    return mst_out_commit(&o);
fail:
    mst_out_abort(&o);
    return st;
}

/* 1 if the decimal integer text t (optional sign, digits) is x. */
static int integer_text_is(const char *t, mst_int128 x)
{
    int neg = *t == '-';
    t += *t == '-' || *t == '+';
    if (*t < '0' || *t > '9')
        return 0;
    unsigned __int128 mag = 0, limit = (unsigned __int128)1 << 127;
    for (; *t >= '0' && *t <= '9'; t++) {
        if (mag > limit / 10)
            return 0;
        mag = mag * 10 + (unsigned)(*t - '0');
    }
    if (*t != '\0' || mag > limit)
        return 0;
    unsigned __int128 xm = x < 0 ? (unsigned __int128)0 - (unsigned __int128)x
                                 : (unsigned __int128)x;
    return mag == xm && (neg == (x < 0) || mag == 0);
}

mst_status mst_msf_check_claims(const char *path, const mst_msf_claims *claims,
                                const mst_graph *g, const uint64_t *eid, uint64_t k,
                                int maximum)
{
    if (claims == NULL || claims->line == 0)
        return MST_OK;
    const unsigned long long line = (unsigned long long)claims->line;
    if (claims->maximum != (maximum != 0))
        return mst_fail(MST_EVERIFY, "%s:%llu: the file says it holds a %s spanning forest: "
                        "verify it %s", path, line, claims->maximum ? "maximum" : "minimum",
                        claims->maximum ? "with --maximum" : "without --maximum");
    mst_weight_sum s = mst_weight_total(g, eid, k);
    char *end = NULL;
    int same = s.is_float ? (strtod(claims->total, &end) == mst_weight_sum_double(&s) &&
                             end != claims->total && *end == '\0')
                          : integer_text_is(claims->total, s.i);
    if (!same) {
        char tbuf[64];
        return mst_fail(MST_EVERIFY, "%s:%llu: the file says weight %s, its edges weigh %s",
                        path, line, claims->total, mst_format_total(s, tbuf, sizeof tbuf));
    }
    return MST_OK;
}
