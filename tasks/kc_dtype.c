/* kc_dtype.c — storage types of tensors in DRAM: names, sizes, rounding to
 * the type (RNE, denormals flushed, as the hardware computes) and the
 * little-endian encoding. */
#include "kc_dtype.h"

#include "kc_fp.h"

const char *kc_dtype_name(kc_dtype t)
{
    return t == KC_DTYPE_BF16 ? "bf16" : t == KC_DTYPE_FP32 ? "fp32" : "?";
}

unsigned kc_dtype_size(kc_dtype t)
{
    return t == KC_DTYPE_BF16 ? 2 : 4;
}

static double fp32_bits_to_double(uint32_t bits)
{
    return (double)kc_fp_float(bits);
}

/* fp32 with denormals flushed to zero, as the hardware computes. */
static uint32_t fp32_ftz_bits(double v)
{
    uint32_t b = kc_fp_bits((float)v);
    if ((b & 0x7f800000u) == 0)
        b &= 0x80000000u;
    return b;
}

double kc_dtype_quantize(kc_dtype t, double v)
{
    if (t == KC_DTYPE_BF16)
        return fp32_bits_to_double(kc_fp_from_bf16(kc_fp_quantize_bf16(v)));
    return fp32_bits_to_double(fp32_ftz_bits(v));
}

void kc_dtype_store(kc_dtype t, double v, uint8_t *dst)
{
    if (t == KC_DTYPE_BF16) {
        uint16_t h = kc_fp_quantize_bf16(v);
        dst[0] = (uint8_t)h;
        dst[1] = (uint8_t)(h >> 8);
    } else {
        uint32_t b = fp32_ftz_bits(v);
        for (int i = 0; i < 4; i++)
            dst[i] = (uint8_t)(b >> (8 * i));
    }
}

double kc_dtype_load(kc_dtype t, const uint8_t *src)
{
    if (t == KC_DTYPE_BF16)
        return fp32_bits_to_double(kc_fp_from_bf16((uint16_t)(src[0] | src[1] << 8)));
    uint32_t b = (uint32_t)src[0] | (uint32_t)src[1] << 8 | (uint32_t)src[2] << 16 |
                 (uint32_t)src[3] << 24;
    return fp32_bits_to_double(b);
}
