/* kc_fp.c — bit-exact C model of rtl/common/kc_fp_funcs.vh.
 *
 * Written integer-only, so that the Verilog functions can mirror it operation
 * by operation (same widths, same truncations) and agree bit for bit with no
 * dependence on the host FPU. Rules and error bounds: docs/fp.md.
 *
 * Widths used below match the Verilog: the fma window and the rounding input
 * are 80 bits (u128 masked to 80), the special-function datapaths are 64 bits.
 */
#include "kc_fp.h"

#include <string.h>

__extension__ typedef unsigned __int128 u128;

#define SIGN_BIT 0x80000000u
#define INF_BITS 0x7F800000u
#define MANT_MASK 0x007FFFFFu
#define HIDDEN 0x00800000u
#define W80 ((((u128)1) << 80) - 1)

static uint32_t fld_exp(uint32_t x) { return (x >> 23) & 0xFFu; }
static uint32_t fld_sign(uint32_t x) { return x >> 31; }
static int is_nan(uint32_t x) { return fld_exp(x) == 0xFFu && (x & MANT_MASK) != 0; }
static int is_inf(uint32_t x) { return fld_exp(x) == 0xFFu && (x & MANT_MASK) == 0; }
/* DAZ: a denormal reads as zero, so "zero" means exponent field 0. */
static int is_zero(uint32_t x) { return fld_exp(x) == 0; }
static uint32_t daz(uint32_t x) { return is_zero(x) ? (x & SIGN_BIT) : x; }
static uint32_t sig24(uint32_t x) { return (x & MANT_MASK) | HIDDEN; }

/* Arithmetic (floor) shift right of a signed value, as Verilog's >>> on a
 * signed reg; written out because >> of a negative int is
 * implementation-defined in C. */
static int64_t asr64(int64_t v, int s)
{
    return v >= 0 ? (int64_t)((uint64_t)v >> s) : (int64_t) ~(~(uint64_t)v >> s);
}

/* Rounds the value (mag + g) * 2^base to fp32, where 0 <= g < 1 and g > 0
 * exactly when st is set (st = "bits below mag were nonzero"). mag < 2^80.
 * Because mag is the integer part of the exact value, its leading one is the
 * exact value's leading one: the flush test below is exact tininess before
 * rounding (exact magnitude < 2^-126 -> signed zero). */
static uint32_t fp_pack(uint32_t sign, u128 mag, int base, int st)
{
    u128 norm = mag & W80;
    int lz = 0;
    int e;
    uint32_t mant;
    int rnd, stk;

    if (norm == 0)
        return sign << 31;
    /* Normalise in log steps (the Verilog reaches the same norm in 64-bit
     * pieces, kc_fp__pack). */
    if ((norm >> 16) == 0) { norm = (norm << 64) & W80; lz += 64; }
    if ((norm >> 48) == 0) { norm = (norm << 32) & W80; lz += 32; }
    if ((norm >> 64) == 0) { norm = (norm << 16) & W80; lz += 16; }
    if ((norm >> 72) == 0) { norm = (norm << 8) & W80; lz += 8; }
    if ((norm >> 76) == 0) { norm = (norm << 4) & W80; lz += 4; }
    if ((norm >> 78) == 0) { norm = (norm << 2) & W80; lz += 2; }
    if ((norm >> 79) == 0) { norm = (norm << 1) & W80; lz += 1; }
    /* leading one at bit 79 - lz of mag: biased exponent */
    e = 79 - lz + base + 127;
    if (e <= 0)
        return sign << 31;
    mant = (uint32_t)(norm >> 56);
    rnd = (int)((norm >> 55) & 1u);
    stk = (norm & ((((u128)1) << 55) - 1)) != 0 || st;
    if (rnd && (stk || (mant & 1u)))
        mant++;
    if (mant == (1u << 24)) {
        mant >>= 1;
        e++;
    }
    if (e >= 255)
        return (sign << 31) | INF_BITS;
    return (sign << 31) | ((uint32_t)e << 23) | (mant & MANT_MASK);
}

uint32_t kc_fp_fma(uint32_t a, uint32_t b, uint32_t c)
{
    uint32_t sp = fld_sign(a) ^ fld_sign(b), sc = fld_sign(c);
    int ea, eb, ec, d, base, st;
    uint64_t prod;
    uint32_t mc, su, sv;
    u128 u, v, mag;

    if (is_nan(a) || is_nan(b) || is_nan(c))
        return KC_FP_QNAN;
    if (is_inf(a) || is_inf(b)) {
        if (is_zero(a) || is_zero(b) || (is_inf(c) && sc != sp))
            return KC_FP_QNAN;
        return (sp << 31) | INF_BITS;
    }
    if (is_inf(c))
        return c;
    if (is_zero(a) || is_zero(b))
        return is_zero(c) ? ((sp & sc) << 31) : c;

    ea = (int)fld_exp(a);
    eb = (int)fld_exp(b);
    ec = (int)fld_exp(c);
    mc = is_zero(c) ? 0 : sig24(c);
    prod = (uint64_t)sig24(a) * sig24(b); /* value prod * 2^(ea+eb-300) */
    /* d: position of the addend's lsb relative to the product's lsb. */
    d = ec - ea - eb + 150;
    if (mc != 0 && d > 50) {
        /* The product is below 1/8 ulp of the addend's rounding position:
         * it only contributes a sticky bit. Addend lsb at window bit 3. */
        u = (u128)mc << 3;
        su = sc;
        v = 0;
        sv = sp;
        st = 1;
        base = ec - 153;
    } else {
        u = prod;
        su = sp;
        sv = sc;
        base = ea + eb - 300;
        if (d >= 0) {
            v = (u128)mc << d;
            st = 0;
        } else if (d <= -24) {
            v = 0;
            st = mc != 0;
        } else {
            v = mc >> -d;
            st = (mc & ((1u << -d) - 1u)) != 0;
        }
    }
    /* u is exact; v is the floor of the other operand and st its lost
     * fraction. When st is set, v is far smaller than u. Forming the floor of
     * the exact result keeps (mag, st) an exact description for fp_pack. */
    if (su == sv)
        mag = u + v;
    else if (u >= v + (u128)st) {
        mag = u - v - (u128)st;
    } else {
        mag = v - u; /* st is 0 here */
        su = sv;
    }
    if (mag == 0 && !st)
        return 0; /* exact cancellation: +0 in round to nearest */
    return fp_pack(su, mag, base, st);
}

uint32_t kc_fp_add(uint32_t a, uint32_t b) { return kc_fp_fma(a, KC_FP_ONE, b); }
uint32_t kc_fp_sub(uint32_t a, uint32_t b) { return kc_fp_fma(a, KC_FP_ONE, b ^ SIGN_BIT); }
uint32_t kc_fp_mul(uint32_t a, uint32_t b) { return kc_fp_fma(a, b, SIGN_BIT); }

/* Monotonic unsigned key of a non-NaN value: -0 sorts just below +0. */
static uint32_t order_key(uint32_t x) { return (x & SIGN_BIT) ? ~x : (x | SIGN_BIT); }

int kc_fp_lt(uint32_t a, uint32_t b)
{
    if (is_nan(a) || is_nan(b))
        return 0;
    return order_key(daz(a)) < order_key(daz(b));
}

uint32_t kc_fp_max(uint32_t a, uint32_t b)
{
    if (is_nan(a) && is_nan(b))
        return KC_FP_QNAN;
    if (is_nan(a))
        return daz(b);
    if (is_nan(b))
        return daz(a);
    return kc_fp_lt(a, b) ? daz(b) : daz(a);
}

uint32_t kc_fp_min(uint32_t a, uint32_t b)
{
    if (is_nan(a) && is_nan(b))
        return KC_FP_QNAN;
    if (is_nan(a))
        return daz(b);
    if (is_nan(b))
        return daz(a);
    return kc_fp_lt(a, b) ? daz(a) : daz(b);
}

uint32_t kc_fp_from_int(int32_t i)
{
    uint32_t s = i < 0;
    uint32_t mag = s ? 0u - (uint32_t)i : (uint32_t)i;
    return fp_pack(s, mag, 0, 0);
}

uint16_t kc_fp_to_bf16(uint32_t x)
{
    uint32_t up;
    if (is_nan(x))
        return KC_BF16_QNAN;
    if (is_zero(x))
        return (uint16_t)((x >> 16) & 0x8000u);
    if (is_inf(x))
        return (uint16_t)(x >> 16);
    /* RNE on the low half: up when it exceeds 0x8000, or equals it and the
     * kept lsb is odd. A carry out of the mantissa bumps the exponent and
     * reaches the inf pattern exactly when the result overflows. */
    up = ((x >> 15) & 1u) & (((x & 0x7FFFu) != 0) | ((x >> 16) & 1u));
    return (uint16_t)((x >> 16) + up);
}

uint32_t kc_fp_from_bf16(uint16_t h)
{
    uint32_t x = (uint32_t)h << 16;
    if (is_nan(x))
        return KC_FP_QNAN;
    return daz(x);
}

uint16_t kc_fp_quantize_bf16(double d)
{
    uint64_t bits, mant;
    uint32_t sign;
    int e;

    memcpy(&bits, &d, sizeof bits);
    sign = (uint32_t)(bits >> 63);
    e = (int)((bits >> 52) & 0x7FF);
    mant = bits & ((1ull << 52) - 1);
    if (e == 0x7FF)
        return mant ? KC_BF16_QNAN : (uint16_t)((sign << 15) | 0x7F80u);
    e -= 1023;
    if (e < -126) /* includes double zero and denormals: exact value < 2^-126 */
        return (uint16_t)(sign << 15);
    if (e > 127)
        return (uint16_t)((sign << 15) | 0x7F80u);
    /* keep 7 fraction bits of 52: RNE at bit 45 */
    {
        uint64_t keep = mant >> 45, rest = mant & ((1ull << 45) - 1);
        uint64_t half = 1ull << 44;
        if (rest > half || (rest == half && (keep & 1u)))
            keep++;
        if (keep == 0x80) {
            keep = 0;
            e++;
        }
        if (e > 127)
            return (uint16_t)((sign << 15) | 0x7F80u);
        return (uint16_t)((sign << 15) | ((uint32_t)(e + 127) << 7) | (uint32_t)keep);
    }
}

/* ---- special functions --------------------------------------------------
 * Fixed point: Qn means an unsigned/signed integer scaled by 2^n. The
 * constants are round(value * 2^n); docs/fp.md lists their derivation. */

/* 2/m for m in [1,2): linear seed (48 - 16m)/17 (relative error <= 1/17),
 * then three Newton steps y <- y*(2 - m*y/2); error ~2^-29 after truncation. */
#define RECIP_K1 3031741621ull /* 48/17 Q30 */
#define RECIP_K2 1010580540ull /* 16/17 Q30 */

uint32_t kc_fp_recip(uint32_t x)
{
    uint32_t s = fld_sign(x);
    uint64_t m, y, t;
    int i;

    if (is_nan(x))
        return KC_FP_QNAN;
    if (is_zero(x))
        return (s << 31) | INF_BITS;
    if (is_inf(x))
        return s << 31;
    m = (uint64_t)sig24(x) << 7; /* Q30 in [1,2) */
    if (m == (1ull << 30)) {
        y = 1ull << 31; /* exact power of two: 2/m = 2 */
    } else {
        y = RECIP_K1 - ((m * RECIP_K2) >> 30);
        for (i = 0; i < 3; i++) {
            t = (m * y) >> 30;             /* m*y ~ 2, Q30 */
            y = (y * ((1ull << 31) - (t >> 1))) >> 30;
        }
    }
    /* 1/x = (y/2^31) * 2^(127-e) */
    return fp_pack(s, y, 96 - (int)fld_exp(x), 0);
}

/* 1/sqrt(m') for m' in [1,4): linear seed per half ([1,2) and [2,4), relative
 * error <= 2.7%), then three Newton steps y <- y*(3 - m*y^2)/2. */
#define RSQRT_A0 1367947084ull /* 1.2740 Q30 */
#define RSQRT_B0 314491699ull  /* 1 - 1/sqrt2 Q30 */
#define RSQRT_A1 967284659ull  /* A0/sqrt2 */
#define RSQRT_B1 111189606ull  /* B0/(2 sqrt2) */

uint32_t kc_fp_rsqrt(uint32_t x)
{
    uint32_t s = fld_sign(x);
    int e, odd, i;
    uint64_t m, y, y2, t;

    if (is_nan(x))
        return KC_FP_QNAN;
    if (is_zero(x))
        return (s << 31) | INF_BITS;
    if (s)
        return KC_FP_QNAN;
    if (is_inf(x))
        return 0;
    e = (int)fld_exp(x) - 127;
    odd = e & 1; /* two's complement: odd for negative odd e too */
    m = (uint64_t)sig24(x) << (7 + odd); /* Q30 in [1,4); x = m * 2^(e-odd) */
    if (m == (1ull << 30)) {
        y = 1ull << 30;
    } else {
        y = odd ? RSQRT_A1 - ((m * RSQRT_B1) >> 30) : RSQRT_A0 - ((m * RSQRT_B0) >> 30);
        for (i = 0; i < 3; i++) {
            y2 = (y * y) >> 30;
            t = (m * y2) >> 30;            /* ~1, Q30 */
            y = (y * ((3ull << 30) - t)) >> 31;
        }
    }
    /* (e - odd) is even: 1/sqrt(x) = (y/2^30) * 2^(-(e-odd)/2) */
    return fp_pack(0, y, -30 - (e - odd) / 2, 0);
}

/* exp(x) = 2^t, t = x*log2(e) = n + f with n = round(t), f in [-1/2, 1/2);
 * 2^f by the degree-7 Taylor polynomial of e^(f ln2) in Q30 (Horner). */
#define EXP_LOG2E 396564993198ull /* log2(e) Q38 */
static const int64_t exp_coef[8] = {
    1073741824, 744261118, 257941248, 59597083, 10327387, 1431680, 165394, 16377,
}; /* ln2^k / k! Q30 */

uint32_t kc_fp_exp(uint32_t x)
{
    uint32_t s = fld_sign(x);
    int e, sh, k;
    uint64_t tmag;
    int64_t t, n, f, y;

    if (is_nan(x))
        return KC_FP_QNAN;
    if (is_inf(x))
        return s ? 0 : INF_BITS;
    if (is_zero(x))
        return KC_FP_ONE;
    e = (int)fld_exp(x) - 127;
    if (e >= 7) /* |x| >= 128: far outside the finite range */
        return s ? 0 : INF_BITS;
    /* |t| in Q30: sig24 (Q23) * log2e (Q38) = Q61, shift to Q30 and by e */
    sh = 31 - e;
    tmag = sh >= 64 ? 0 : ((uint64_t)sig24(x) * EXP_LOG2E) >> sh;
    t = s ? -(int64_t)tmag : (int64_t)tmag;
    n = asr64(t + (1ll << 29), 30);
    f = t - n * (1ll << 30);
    y = exp_coef[7];
    for (k = 6; k >= 0; k--)
        y = exp_coef[k] + asr64(y * f, 30);
    return fp_pack(0, (u128)(uint64_t)y, (int)n - 30, 0);
}

uint32_t kc_fp_bits(float f)
{
    uint32_t x;
    memcpy(&x, &f, sizeof x);
    return x;
}

float kc_fp_float(uint32_t x)
{
    float f;
    memcpy(&f, &x, sizeof f);
    return f;
}
