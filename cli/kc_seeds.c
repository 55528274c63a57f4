/* kc_seeds.c — --seeds / --fresh-seeds (see kc_seeds.h). */
#include "kc_seeds.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kc_opts.h"

/* Parses "a,b,c" into s->list; 0 on success, -1 with a message. */
static int parse_list(kc_seeds *s, const char *v)
{
    s->n = 0;
    for (const char *p = v;;) {
        const char *comma = strchr(p, ',');
        size_t len = comma ? (size_t)(comma - p) : strlen(p);
        char num[32];
        uint64_t seed;
        if (len == 0 || len >= sizeof num || s->n == KC_EVAL_MAX_SEEDS) {
            fprintf(stderr, "kc: --seeds takes 1..%d comma-separated numbers\n", KC_EVAL_MAX_SEEDS);
            return -1;
        }
        memcpy(num, p, len);
        num[len] = 0;
        if (!kc_opts_u64(num, &seed)) {
            fprintf(stderr, "kc: --seeds: '%s' is not a seed\n", num);
            return -1;
        }
        for (size_t k = 0; k < s->n; k++)
            if (s->list[k] == seed) {
                fprintf(stderr, "kc: --seeds: %s given twice\n", num);
                return -1;
            }
        s->list[s->n++] = seed;
        if (!comma)
            return 0;
        p = comma + 1;
    }
}

int kc_seeds_parse(kc_seeds *s, int argc, char **argv, int i)
{
    const char *a = argv[i];
    if (strcmp(a, "--seeds") && strcmp(a, "--fresh-seeds"))
        return 0;
    if (i + 1 >= argc) {
        fprintf(stderr, "kc: %s needs a value\n", a);
        return -1;
    }
    const char *v = argv[i + 1];
    if (!strcmp(a, "--seeds")) {
        if (parse_list(s, v))
            return -1;
    } else {
        uint64_t n;
        if (!kc_opts_u64(v, &n) || n < 1 || n > KC_EVAL_MAX_SEEDS) {
            fprintf(stderr, "kc: --fresh-seeds takes a number of seeds, 1..%d\n", KC_EVAL_MAX_SEEDS);
            return -1;
        }
        s->fresh = (unsigned)n;
    }
    if (s->n && s->fresh) {
        fprintf(stderr, "kc: --seeds and --fresh-seeds exclude each other\n");
        return -1;
    }
    return 2;
}

const char *kc_seeds_from(const kc_seeds *s)
{
    return s->fresh ? "fresh" : s->n ? "given" : "hidden";
}

kc_status kc_seeds_resolve(const kc_seeds *s, uint64_t visible, uint64_t *out, size_t *n,
                           kc_err *err)
{
    if (s->fresh) {
        *n = s->fresh;
        return kc_eval_fresh_seeds(out, s->fresh, visible, err);
    }
    const uint64_t *from = s->n ? s->list : kc_eval_hidden_seeds;
    *n = s->n ? s->n : KC_EVAL_NHIDDEN;
    memcpy(out, from, *n * sizeof *out);
    return KC_OK;
}
