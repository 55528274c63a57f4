/* kc_rng.c — deterministic random numbers (splitmix64) for task inputs. */
#include "kc_rng.h"

#include <math.h>

void kc_rng_seed(kc_rng *r, uint64_t seed)
{
    r->s = seed;
}

uint64_t kc_rng_next(kc_rng *r)
{
    uint64_t z = (r->s += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

double kc_rng_uniform(kc_rng *r)
{
    return (double)(kc_rng_next(r) >> 11) * (1.0 / 9007199254740992.0);
}

double kc_rng_normal(kc_rng *r)
{
    double u1 = kc_rng_uniform(r), u2 = kc_rng_uniform(r);
    if (u1 < 1e-300)
        u1 = 1e-300;
    return sqrt(-2.0 * log(u1)) * cos(6.283185307179586 * u2);
}
