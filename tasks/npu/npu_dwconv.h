/* npu_dwconv.h — the Toeplitz path of the npu DepthwiseConv baseline. */
#ifndef NPU_DWCONV_H
#define NPU_DWCONV_H

#include "npu_conv_plan.h"

/* 1 when the Toeplitz path serves the plan (depthwise, stride <= 2,
 * K + stride (MLEN - 1) <= VLEN). */
int npu_dwconv_serves(const npu_conv_plan *p);

/* The kernel body (halt included). KC_ERR_USAGE when the config does not fit. */
kc_status npu_dwconv_gen(npu_gen *g, const npu_conv_plan *p, kc_err *err);

#endif
