/* fp_gen.h — seeded test-vector generators shared by the fp model test (C) and
 * the RTL testbench (C++). Header-only, static functions: each test is one
 * translation unit. */
#ifndef FP_GEN_H
#define FP_GEN_H

#include <stdint.h>

typedef struct fp_rng {
    uint64_t s;
} fp_rng;

/* xorshift64*: fast, deterministic, good enough for vector generation. */
static inline uint64_t fp_rng_next(fp_rng *r)
{
    r->s ^= r->s >> 12;
    r->s ^= r->s << 25;
    r->s ^= r->s >> 27;
    return r->s * 0x2545F4914F6CDD1Dull;
}

static inline uint32_t fp_rng_u32(fp_rng *r) { return (uint32_t)(fp_rng_next(r) >> 32); }

/* uniform integer in [lo, hi] */
static inline int fp_rng_range(fp_rng *r, int lo, int hi)
{
    return lo + (int)(fp_rng_u32(r) % (uint32_t)(hi - lo + 1));
}

/* fp32 with the given biased exponent (clamped to 1..254), random sign and
 * mantissa. */
static inline uint32_t fp_gen_with_exp(fp_rng *r, int e)
{
    uint32_t x = fp_rng_u32(r);
    if (e < 1)
        e = 1;
    if (e > 254)
        e = 254;
    return (x & 0x807FFFFFu) | ((uint32_t)e << 23);
}

/* Edge values: zeros, denormals, smallest/largest normals, inf, NaNs, and a
 * few ordinary values around 1. */
static const uint32_t fp_edges[] = {
    0x00000000u, 0x80000000u, 0x00000001u, 0x807FFFFFu, 0x00400000u, 0x80000001u,
    0x00800000u, 0x80800000u, 0x00800001u, 0x80FFFFFFu, 0x01000000u, 0x7F7FFFFFu,
    0xFF7FFFFFu, 0x7F000000u, 0xFEFFFFFFu, 0x7F800000u, 0xFF800000u, 0x7FC00000u,
    0xFFC00000u, 0x7F800001u, 0xFFFFFFFFu, 0x3F800000u, 0xBF800000u, 0x3F800001u,
    0x3F7FFFFFu, 0x40000000u, 0xC0400000u, 0x3F000000u, 0x34000000u, 0xB3800000u,
    0x5F800000u, 0x1F800000u, 0x42B17218u, 0xC2AEAC50u, 0x4B000001u, 0xCB7FFFFFu,
};
#define FP_NEDGES ((int)(sizeof fp_edges / sizeof fp_edges[0]))

/* A binary-op pair (a, b) for add/min/max/lt, by mode:
 * 0 all bit patterns, 1 random normals, 2 clustered exponents (cancellation
 * when signs differ), 3 b ~ -a (massive cancellation), 4 near overflow,
 * 5 near underflow, 6 edge values mixed with randoms. */
#define FP_GEN_MODES 7
static inline void fp_gen_pair(fp_rng *r, int mode, uint32_t *a, uint32_t *b)
{
    int e;
    switch (mode) {
    case 0:
        *a = fp_rng_u32(r);
        *b = fp_rng_u32(r);
        break;
    case 1:
        *a = fp_gen_with_exp(r, fp_rng_range(r, 1, 254));
        *b = fp_gen_with_exp(r, fp_rng_range(r, 1, 254));
        break;
    case 2:
        e = fp_rng_range(r, 1, 254);
        *a = fp_gen_with_exp(r, e);
        *b = fp_gen_with_exp(r, e + fp_rng_range(r, -26, 26));
        break;
    case 3:
        *a = fp_gen_with_exp(r, fp_rng_range(r, 1, 254));
        *b = (*a ^ 0x80000000u) + (uint32_t)fp_rng_range(r, -40, 40);
        break;
    case 4:
        *a = fp_gen_with_exp(r, fp_rng_range(r, 250, 254));
        *b = fp_gen_with_exp(r, fp_rng_range(r, 250, 254));
        break;
    case 5:
        *a = fp_gen_with_exp(r, fp_rng_range(r, 1, 6));
        *b = fp_gen_with_exp(r, fp_rng_range(r, 1, 6));
        break;
    default:
        *a = (fp_rng_u32(r) & 1) ? fp_edges[fp_rng_u32(r) % FP_NEDGES] : fp_rng_u32(r);
        *b = (fp_rng_u32(r) & 1) ? fp_edges[fp_rng_u32(r) % FP_NEDGES] : fp_rng_u32(r);
        break;
    }
}

/* An fma triple (a, b, c), by mode as above but relative to the product:
 * 2 c's exponent near the product's, 3 c ~ -(a*b) to the last bits,
 * 4 product near overflow, 5 product near underflow. mul_round is a
 * function giving the rounded product bits (host or model), used for mode 3. */
static inline void fp_gen_triple(fp_rng *r, int mode, uint32_t *a, uint32_t *b, uint32_t *c,
                                 uint32_t (*mul_round)(uint32_t, uint32_t))
{
    int ea, eb, ep;
    switch (mode) {
    case 0:
        *a = fp_rng_u32(r);
        *b = fp_rng_u32(r);
        *c = fp_rng_u32(r);
        return;
    case 1:
        *a = fp_gen_with_exp(r, fp_rng_range(r, 1, 254));
        *b = fp_gen_with_exp(r, fp_rng_range(r, 1, 254));
        *c = fp_gen_with_exp(r, fp_rng_range(r, 1, 254));
        return;
    case 6:
        *a = (fp_rng_u32(r) & 1) ? fp_edges[fp_rng_u32(r) % FP_NEDGES] : fp_rng_u32(r);
        *b = (fp_rng_u32(r) & 1) ? fp_edges[fp_rng_u32(r) % FP_NEDGES] : fp_rng_u32(r);
        *c = (fp_rng_u32(r) & 1) ? fp_edges[fp_rng_u32(r) % FP_NEDGES] : fp_rng_u32(r);
        return;
    default:
        break;
    }
    /* choose a product exponent ep (biased), split it into ea + eb - 127 */
    ep = mode == 4 ? fp_rng_range(r, 245, 256) : mode == 5 ? fp_rng_range(r, -4, 8)
                                                            : fp_rng_range(r, 1, 254);
    ea = fp_rng_range(r, ep < 127 ? 1 : ep - 126, ep < 127 ? ep + 126 : 254);
    eb = ep - ea + 127;
    *a = fp_gen_with_exp(r, ea);
    *b = fp_gen_with_exp(r, eb);
    if (mode == 3) {
        uint32_t p = mul_round(*a, *b);
        *c = (p ^ 0x80000000u) + (uint32_t)fp_rng_range(r, -3, 3);
        if (((*c >> 23) & 0xFF) == 0 || ((*c >> 23) & 0xFF) == 0xFF)
            *c = fp_gen_with_exp(r, ep);
    } else {
        *c = fp_gen_with_exp(r, ep + fp_rng_range(r, -50, 50));
    }
}

#endif
