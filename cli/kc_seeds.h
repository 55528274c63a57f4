/* kc_seeds.h — the scoring-seed options of kc bench, kc run and kc agent
 * (docs/scoring.md, "Hidden seeds"):
 *   --seeds a,b,c     explicit scoring seeds (e.g. replaying a record's seeds)
 *   --fresh-seeds N   N seeds drawn from the OS random source at scoring time
 * With neither, scoring uses the fixed hidden seeds (kc_eval_hidden_seeds). */
#ifndef KC_SEEDS_H
#define KC_SEEDS_H

#include <stddef.h>
#include <stdint.h>

#include "kc_args.h"
#include "kc_err.h"
#include "kc_eval.h"

/* Option ids of the rows (see kc_opts.h for the ranges). */
enum { KC_SEEDS_SEEDS = 1100, KC_SEEDS_FRESH };
extern const kc_args_opt kc_seeds_rows[];   /* --seeds, --fresh-seeds */

typedef struct kc_seeds {
    uint64_t list[KC_EVAL_MAX_SEEDS];   /* --seeds */
    size_t n;
    unsigned fresh;                     /* --fresh-seeds N (0 = not given) */
} kc_seeds;

/* Takes option id (just returned by kc_args_next) when it is one of
 * kc_seeds_rows: returns 1 (taken), 0 (not ours) or KC_ARGS_ERROR (malformed, or
 * both options given; a->err says which). */
int kc_seeds_take(kc_seeds *s, kc_args *a, int id);

/* Where the scoring seeds come from, as records say it ("seeds_from"):
 * "fresh", "given" (--seeds) or "hidden" (the fixed default). */
const char *kc_seeds_from(const kc_seeds *s);

/* The scoring seeds into out[KC_EVAL_MAX_SEEDS]: the given ones, N fresh ones
 * drawn now (never `visible`), or the fixed hidden seeds. */
kc_status kc_seeds_resolve(const kc_seeds *s, uint64_t visible, uint64_t *out, size_t *n,
                           kc_err *err);

#endif
