/* kc_fp.h — bit-exact C model of the shared floating-point blocks (rtl/common).
 *
 * Every accelerator computes with these rules (docs/fp.md has the full text):
 * bf16 storage, fp32 arithmetic, round to nearest even, denormal inputs read as
 * signed zero (DAZ), results whose exact magnitude is below 2^-126 before
 * rounding flushed to signed zero, overflow to +-inf, every NaN result is the
 * canonical quiet NaN 0x7FC00000 (bf16 0x7FC0).
 *
 * All functions work on bit patterns: uint32_t is an fp32, uint16_t a bf16.
 * rtl/common/kc_fp_funcs.vh defines Verilog functions of the same names and
 * argument order that compute the same bits (tests/fp checks it).
 */
#ifndef KC_FP_H
#define KC_FP_H

#include <stdint.h>

#define KC_FP_QNAN 0x7FC00000u   /* canonical quiet NaN (fp32) */
#define KC_BF16_QNAN 0x7FC0u     /* canonical quiet NaN (bf16) */
#define KC_FP_ONE 0x3F800000u

/* Documented maximum errors of the special functions, in units in the last
 * place of the correctly rounded fp32 result (measured by tests/fp/fp_model_test
 * over all bf16 inputs and >= 1M random fp32 inputs; see docs/fp.md). */
#define KC_FP_EXP_MAX_ULP 1.0
#define KC_FP_RECIP_MAX_ULP 1.0
#define KC_FP_RSQRT_MAX_ULP 1.0

/* a * b + c with one rounding. */
uint32_t kc_fp_fma(uint32_t a, uint32_t b, uint32_t c);
/* a + b, a - b, a * b (exact special cases of kc_fp_fma). */
uint32_t kc_fp_add(uint32_t a, uint32_t b);
uint32_t kc_fp_sub(uint32_t a, uint32_t b);
uint32_t kc_fp_mul(uint32_t a, uint32_t b);
/* max/min order -0 < +0; a NaN operand gives the other operand (DAZ
 * applied), two NaNs give the canonical NaN. */
uint32_t kc_fp_max(uint32_t a, uint32_t b);
uint32_t kc_fp_min(uint32_t a, uint32_t b);
/* 1 when a < b in the same order as max/min (-0 < +0); 0 when either is NaN. */
int kc_fp_lt(uint32_t a, uint32_t b);
/* e^x, 1/x, 1/sqrt(x): fixed-point algorithms, errors bounded above. */
uint32_t kc_fp_exp(uint32_t x);
uint32_t kc_fp_recip(uint32_t x);
uint32_t kc_fp_rsqrt(uint32_t x);
/* int32 -> fp32, round to nearest even. */
uint32_t kc_fp_from_int(int32_t i);
/* fp32 -> bf16 (round to nearest even) and bf16 -> fp32 (exact; denormals
 * become signed zero, NaN becomes canonical). */
uint16_t kc_fp_to_bf16(uint32_t x);
uint32_t kc_fp_from_bf16(uint16_t h);
/* double -> nearest bf16 under the same rules (one rounding, no double
 * rounding through fp32): for task input generators. */
uint16_t kc_fp_quantize_bf16(double d);

/* Bit-pattern <-> host float (memcpy, no conversion). */
uint32_t kc_fp_bits(float f);
float kc_fp_float(uint32_t x);

#endif
