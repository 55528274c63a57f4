/* npu_conv.h — npu baseline kernels of the convolution tasks (Conv2D,
 * DepthwiseConv, ConvBlock): a zero-padded channel-last copy of x in the
 * scratch tensor, then the convolution as GEMMs on the systolic array with the
 * im2col tiles transposed into the weight buffers by mldbt; the depthwise
 * convolution as Toeplitz tiles over input rows of a padded NCHW copy
 * (docs/tasks.md, "Convolutions"). */
#ifndef NPU_CONV_H
#define NPU_CONV_H

#include "kc_err.h"
#include "npu_emit.h"
#include "kc_task.h"

/* Emits the kernel body (everything after the header comment, halt included)
 * for a task of family "conv". KC_ERR_USAGE when the config does not fit. */
kc_status npu_conv_gen(npu_gen *g, const kc_task *t, const kc_task_config *c, kc_err *err);

#endif
