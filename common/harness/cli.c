/* cli.c: loading options and number parsing shared by every executable (see cli.h). */
#include "cli.h"

#include <stdlib.h>
#include <string.h>

#include "parse.h"

const char mst_cli_load_usage[] =
    "  --format F          input format: edgelist dimacs mtx metis egr msb (default: by extension)\n"
    "  --one-based         edge lists number vertices from 1\n"
    "  --vertices N        n = N (ids must be below it) instead of the header or largest id + 1\n"
    "  --weights W         auto (file's, else random), keep (file's, else unit), random, unit\n"
    "  --seed S            seed of random weights (default 1)\n";

int mst_cli_parse_count(const char *option, const char *s, uint64_t max, uint64_t *out)
{
    uint64_t x = 0;
    if (mst_cli_parse_u64(option, s, max, &x) != 0 || x == 0) {
        if (s != NULL)
            mst_fail(MST_EUSAGE, "option %s: bad value '%s' (1..%llu)", option, s,
                     (unsigned long long)max);
        return -1;
    }
    *out = x;
    return 0;
}

int mst_cli_parse_u64(const char *option, const char *s, uint64_t max, uint64_t *out)
{
    const char *p = s;
    uint64_t x;
    if (s == NULL) {
        mst_fail(MST_EUSAGE, "option %s needs a value", option);
        return -1;
    }
    if (*s == '\0' || mst_parse_u64(&p, &x) != MST_TOK_OK || *p != '\0' || x > max) {
        mst_fail(MST_EUSAGE, "option %s: bad value '%s' (a whole number up to %llu)", option, s,
                 (unsigned long long)max);
        return -1;
    }
    *out = x;
    return 0;
}

int mst_cli_load_option(mst_load_options *lo, const char *name, const char *value,
                        int *used_value)
{
    *used_value = 0;
    if (strcmp(name, "--one-based") == 0) {
        lo->one_based = 1;
        return 1;
    }
    if (strcmp(name, "--format") != 0 && strcmp(name, "--vertices") != 0 &&
        strcmp(name, "--weights") != 0 && strcmp(name, "--seed") != 0)
        return 0;
    if (value == NULL) {
        mst_fail(MST_EUSAGE, "option %s needs a value", name);
        return -1;
    }
    *used_value = 1;
    if (strcmp(name, "--format") == 0) {
        lo->format = value;
    } else if (strcmp(name, "--vertices") == 0) {
        if (mst_cli_parse_u64(name, value, 0xFFFFFFFFull, &lo->vertices) != 0)
            return -1;
        lo->has_vertices = 1;
    } else if (strcmp(name, "--weights") == 0) {
        int mode = mst_weight_mode_parse(value);
        if (mode < 0) {
            mst_fail(MST_EUSAGE, "option --weights: '%s' is not auto, keep, random or unit", value);
            return -1;
        }
        lo->weights = (mst_weight_mode)mode;
    } else if (mst_cli_parse_u64(name, value, UINT64_MAX, &lo->seed) != 0) {
        return -1;
    }
    return 1;
}

int mst_cli_parse_positive(const char *option, const char *s, double max, double *out)
{
    char *end = NULL;
    double x = s ? strtod(s, &end) : 0;
    if (s == NULL || end == s || *end != '\0' || !(x > 0 && x <= max)) {
        mst_fail(MST_EUSAGE, "option %s: bad value '%s' (a number > 0)", option, s ? s : "");
        return -1;
    }
    *out = x;
    return 0;
}

const char *mst_cli_split(const char *arg, char *buf, int len, const char **inline_value)
{
    const char *eq = strncmp(arg, "--", 2) == 0 ? strchr(arg, '=') : NULL;
    if (eq == NULL || eq - arg >= len) {
        *inline_value = NULL;
        return arg;
    }
    memcpy(buf, arg, (size_t)(eq - arg));
    buf[eq - arg] = '\0';
    *inline_value = eq + 1;
    return buf;
}
