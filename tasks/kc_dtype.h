/* kc_dtype.h — storage types of tensors in DRAM (bf16 on npu and vliw, fp32 on
 * rvv): name, size, rounding and encoding. */
#ifndef KC_DTYPE_H
#define KC_DTYPE_H

#include <stdint.h>

typedef enum kc_dtype {
    KC_DTYPE_BF16 = 0,
    KC_DTYPE_FP32,
    KC_DTYPE_COUNT
} kc_dtype;

const char *kc_dtype_name(kc_dtype t);
unsigned kc_dtype_size(kc_dtype t);
/* Rounds v to the nearest value representable in t (RNE, denormals flushed). */
double kc_dtype_quantize(kc_dtype t, double v);
/* Encodes v (already representable) to little-endian bytes / decodes them. */
void kc_dtype_store(kc_dtype t, double v, uint8_t *dst);
double kc_dtype_load(kc_dtype t, const uint8_t *src);

#endif
