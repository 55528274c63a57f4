/* kc_seeds.c — --seeds / --fresh-seeds (see kc_seeds.h). */
#include "kc_seeds.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>


const kc_args_opt kc_seeds_rows[] = {
    {KC_SEEDS_SEEDS, "seeds", 0, KC_ARGS_STRING, "a,b,...", 0, 0,
     "score on these seeds (e.g. replaying a record's seeds)"},
    {KC_SEEDS_FRESH, "fresh-seeds", 0, KC_ARGS_NUMBER, "N", 1, KC_EVAL_MAX_SEEDS,
     "score on N seeds drawn from the OS random source now (never the visible seed)"},
    {0},
};

/* Parses "a,b,c" into s->list; 0 on success, KC_ARGS_ERROR with a->err. */
static int parse_list(kc_seeds *s, kc_args *a, const char *v)
{
    char want[96];
    snprintf(want, sizeof want, "1..%d different seeds separated by commas", KC_EVAL_MAX_SEEDS);
    s->n = 0;
    for (const char *p = v;;) {
        const char *comma = strchr(p, ',');
        size_t len = comma ? (size_t)(comma - p) : strlen(p);
        char num[32];
        uint64_t seed;
        if (len == 0 || len >= sizeof num || s->n == KC_EVAL_MAX_SEEDS)
            return kc_args_bad_value(a, want);
        memcpy(num, p, len);
        num[len] = 0;
        if (!kc_args_u64(num, &seed))
            return kc_args_bad_value(a, want);
        for (size_t k = 0; k < s->n; k++)
            if (s->list[k] == seed)
                return kc_args_bad_value(a, want);
        s->list[s->n++] = seed;
        if (!comma)
            return 0;
        p = comma + 1;
    }
}

int kc_seeds_take(kc_seeds *s, kc_args *a, int id)
{
    if (id == KC_SEEDS_SEEDS) {
        if (parse_list(s, a, a->value))
            return KC_ARGS_ERROR;
    } else if (id == KC_SEEDS_FRESH)
        s->fresh = (unsigned)a->number;
    else
        return 0;
    if (s->n && s->fresh)
        return kc_args_usage_error(a, "--seeds and --fresh-seeds exclude each other");
    return 1;
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
