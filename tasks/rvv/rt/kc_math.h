/* kc_math.h — freestanding fp32 math for the rvv kernels (no libm on the core).
 *
 * Every function is static inline and branch-free: range reduction by the
 * round-to-nearest magic constant, polynomials in Horner form, the exponent built
 * by integer arithmetic on the bits and the cases joined by selects. clang -O2
 * inlines them into a loop and its auto-vectoriser turns a loop calling them into
 * vector code (vfmul/vfmacc/vfcvt/vsll/vmerge...); nothing here needs errno,
 * tables or a trap. Only + - * /, fminf/fmaxf/fabsf/copysignf/sqrtf builtins and
 * int <-> float bit casts are used.
 *
 * Accuracy, measured against the host's libm (double precision) by
 * tests/rvv_tasks (test_rvv_math: every 97th float of the range, gcc -O2 without
 * fused multiply-adds; the test fails above the bounds below):
 *   kc_expf    x in [-86.6, 88.7]: <= 2 ulp (measured 1.05 over every 7th float;
 *              x < -86.6 gives e^-86.6, a tiny normal: the hardware flushes the
 *              smaller denormals anyway)
 *   kc_expm1f  x in [-86.6, 88.7]: <= 2.5 ulp (measured 1.76)
 *   kc_tanhf   |x| <= 100 (saturated beyond): <= 3.5 ulp (measured 2.50)
 *   kc_erff    |x| <= 100: absolute error <= 1e-6 (measured 6.6e-7, near
 *              |x| ~ 0.04 where fp32 cancels in 1 - t P(t) e^(-x^2); the
 *              approximation itself is 1.5e-7; not ulp-accurate near 0, where
 *              GELU multiplies it by x: its error there is < 1e-7)
 *   kc_sqrtf   correctly rounded (the F extension's fsqrt / vfsqrt).
 * The test's figures are printed by `ctest -R rvv_tasks.math -V`.
 */
#ifndef KC_MATH_H
#define KC_MATH_H

static inline float kc_sqrtf(float x)
{
    return __builtin_sqrtf(x);
}

static inline float kc_fabsf(float x)
{
    return __builtin_fabsf(x);
}

static inline float kc_fmaxf(float a, float b)
{
    return __builtin_fmaxf(a, b);
}

static inline float kc_fminf(float a, float b)
{
    return __builtin_fminf(a, b);
}

static inline int kc_float_bits(float f)
{
    int i;
    __builtin_memcpy(&i, &f, sizeof i);
    return i;
}

static inline float kc_bits_float(int i)
{
    float f;
    __builtin_memcpy(&f, &i, sizeof f);
    return f;
}

/* x = n ln2 + r with |r| <= ln2/2 (n integral, returned as a float): n by
 * adding and subtracting 1.5 * 2^23 (round to nearest, no conversion
 * instruction), r by a two-part ln2 (Cody & Waite) so n * ln2_hi is exact. */
static inline float kc_math_reduce(float x, float *r)
{
    const float shift = 12582912.0f;                /* 1.5 * 2^23 */
    float n = (x * 1.44269504088896341f + shift) - shift;
    *r = (x - n * 0.693145751953125f) - n * 1.42860682030941723e-6f;
    return n;
}

/* 2^n for integral n in [-126, 127]: the exponent field built directly. */
static inline float kc_math_pow2i(float n)
{
    return kc_bits_float(((int)n + 127) << 23);
}

/* e^r - 1 - r for |r| <= ln2/2: r^2 (1/2 + r/6 + ... + r^6/5040) (Taylor; the
 * first omitted term is r^9/9! < 1.9e-10 relative to e^r - 1). */
static inline float kc_math_expm1_tail(float r)
{
    float p = 1.98412698e-4f;               /* 1/5040 */
    p = p * r + 1.38888889e-3f;             /* 1/720 */
    p = p * r + 8.33333333e-3f;             /* 1/120 */
    p = p * r + 4.16666667e-2f;             /* 1/24 */
    p = p * r + 1.66666667e-1f;             /* 1/6 */
    p = p * r + 0.5f;
    return r * r * p;
}

/* e^x. x is clamped to [-86.6, 88.72] (so 2^(n-1) below is a normal float):
 * the result stays a normal float, or is +inf for x > 88.72 (as expf); inputs
 * below -86.6 give e^-86.6 ~ 2.5e-38 instead of a smaller value or 0
 * (negligible against any tolerance; the hardware flushes the denormals expf
 * would return there). */
static inline float kc_expf(float x)
{
    float r, big = x > 88.7228f ? __builtin_inff() : 1.0f;
    x = kc_fminf(kc_fmaxf(x, -86.6f), 88.7228f);
    float n = kc_math_reduce(x, &r);
    /* 2^n may be 2^128 for x near 88.72: scale by 2^(n-1) twice */
    float h = kc_math_pow2i(n - 1.0f);
    return ((1.0f + (r + kc_math_expm1_tail(r))) * h * 2.0f) * big;
}

/* e^x - 1, accurate near 0 (used by tanh). x clamped to [-86.6, 88.72]
 * (e^-86.6 - 1 is -1 in fp32). */
static inline float kc_expm1f(float x)
{
    float r;
    x = kc_fminf(kc_fmaxf(x, -86.6f), 88.7228f);
    float n = kc_math_reduce(x, &r);
    float em = r + kc_math_expm1_tail(r);   /* e^r - 1 */
    float h = kc_math_pow2i(n - 1.0f);      /* 2^(n-1) */
    /* 2^n (em + 1) - 1 = 2 h em + (2 h - 1); exact for n = 0 (2h - 1 = 0) */
    return 2.0f * h * em + (2.0f * h - 1.0f);
}

/* tanh(x) = -expm1(-2|x|) / (2 + expm1(-2|x|)), sign restored: no
 * cancellation near 0 (expm1 is accurate there), exactly +-1 for |x| > 9. */
static inline float kc_tanhf(float x)
{
    float e = kc_expm1f(-2.0f * kc_fabsf(x));
    return __builtin_copysignf(-e / (2.0f + e), x);
}

/* erf(x) = 1 - t P(t) e^(-x^2), t = 1 / (1 + p |x|) (Abramowitz & Stegun 7.1.26,
 * absolute error <= 1.5e-7 in exact arithmetic, <= 1e-6 in fp32), sign restored. */
static inline float kc_erff(float x)
{
    float a = kc_fabsf(x);
    float t = 1.0f / (1.0f + 0.3275911f * a);
    float p = 1.061405429f;
    p = p * t - 1.453152027f;
    p = p * t + 1.421413741f;
    p = p * t - 0.284496736f;
    p = p * t + 0.254829592f;
    return __builtin_copysignf(1.0f - t * p * kc_expf(-a * a), x);
}

#endif
