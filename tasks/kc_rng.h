/* kc_rng.h — deterministic random numbers: the same seed gives the same
 * stream on every machine (task inputs are seeded per task, config and seed). */
#ifndef KC_RNG_H
#define KC_RNG_H

#include <stdint.h>

/* splitmix64. */
typedef struct kc_rng {
    uint64_t s;
} kc_rng;

void kc_rng_seed(kc_rng *r, uint64_t seed);
uint64_t kc_rng_next(kc_rng *r);
double kc_rng_uniform(kc_rng *r);            /* [0, 1) */
double kc_rng_normal(kc_rng *r);             /* N(0, 1), Box-Muller */

#endif
