/* kc_seeds.h — the scoring-seed options of kc bench, kc run and kc agent
 * (docs/scoring.md, "Hidden seeds"):
 *   --seeds a,b,c     explicit scoring seeds (e.g. replaying a record's seeds)
 *   --fresh-seeds N   N seeds drawn from the OS random source at scoring time
 * With neither, scoring uses the fixed hidden seeds (kc_eval_hidden_seeds). */
#ifndef KC_SEEDS_H
#define KC_SEEDS_H

#include <stddef.h>
#include <stdint.h>

#include "kc_err.h"
#include "kc_eval.h"

typedef struct kc_seeds {
    uint64_t list[KC_EVAL_MAX_SEEDS];   /* --seeds */
    size_t n;
    unsigned fresh;                     /* --fresh-seeds N (0 = not given) */
} kc_seeds;

/* Tries to parse the option at argv[i]: returns the argv entries used, 0 when it
 * is not one of ours, -1 when malformed or conflicting (a message was printed). */
int kc_seeds_parse(kc_seeds *s, int argc, char **argv, int i);

/* Where the scoring seeds come from, as records say it ("seeds_from"):
 * "fresh", "given" (--seeds) or "hidden" (the fixed default). */
const char *kc_seeds_from(const kc_seeds *s);

/* The scoring seeds into out[KC_EVAL_MAX_SEEDS]: the given ones, N fresh ones
 * drawn now (never `visible`), or the fixed hidden seeds. */
kc_status kc_seeds_resolve(const kc_seeds *s, uint64_t visible, uint64_t *out, size_t *n,
                           kc_err *err);

#endif
