/* vliw_conv.h — the vliw convolution templates: Conv2D and DepthwiseConv
 * (tasks/kc_task_conv.c), lane-wise MACs over input windows that the DMA
 * gathers into DM (im2col by buffer descriptors), every tile on its share of
 * the output channels (conv2d) or of the (image, channel) planes (dwconv). */
#ifndef VLIW_CONV_H
#define VLIW_CONV_H

#include "kc_err.h"
#include "kc_task.h"
#include "vliw_emit.h"

int vliw_conv_serves(const char *name);

/* KC_ERR_RANGE when the config's data does not fit a tile's DM (or its BDs). */
kc_status vliw_conv_gen(vliw_gen *g, const kc_task *t, const kc_task_config *c, kc_err *err);

#endif
