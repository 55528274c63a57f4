/* kc_task_conv.h — the convolution tasks: Conv2D and DepthwiseConv (level 1) and
 * ConvBlock (level 3: conv 3x3 + eval-mode BatchNorm + ReLU + 2x2 max-pool).
 *
 * Conventions (as PyTorch): NCHW activations, weights [Co][Ci/groups][K][K],
 * cross-correlation (F.conv2d does not flip the kernel), zero padding of `pad`
 * on every side, output size (H + 2 pad - K) / stride + 1 (floor). Each task has
 * a scratch tensor "ws" after its output (room for a zero-padded, channel-last
 * copy of x; docs/tasks.md, "Convolutions"). */
#ifndef KC_TASK_CONV_H
#define KC_TASK_CONV_H

#include <stddef.h>
#include <stdint.h>

#include "kc_task.h"

extern const kc_task kc_task_conv_conv2d;     /* "conv2d" Conv2D */
extern const kc_task kc_task_conv_dwconv;     /* "dwconv" DepthwiseConv */
extern const kc_task kc_task_conv_convblock;  /* "convblock" ConvBlock */

/* The geometry of a convolution task on a config, for the template compilers
 * and the tests. ABI positions: x 0, w 1, b 2; ConvBlock then gamma 3, beta 4,
 * mean 5, var 6; y = out_idx, ws = out_idx + 1. */
typedef struct kc_task_conv_dims {
    uint32_t n, ci, h, w, co, k, stride, pad;
    uint32_t groups;      /* 1, or ci (= co) for the depthwise task */
    uint32_t ho, wo;      /* convolution output size */
    uint32_t pool;        /* 2 for ConvBlock (max-pool 2x2 stride 2), else 1 */
    uint32_t yh, yw;      /* size of y: ho/pool, wo/pool */
    int bn;               /* ConvBlock: BatchNorm + ReLU between conv and pool */
    int out_idx;
    size_t ws_elems;      /* scratch: n (h + 2 pad) (w + 2 pad) ci + 512 + elements of w */
} kc_task_conv_dims;

/* Fills d for a convolution task; returns 0 when t is not one. */
int kc_task_conv_view(const kc_task *t, const kc_task_config *c, kc_task_conv_dims *d);

/* fp64 convolution y[n][co][oy][ox] = (b ? b[co] : 0) + sum over ci of the group,
 * ky, kx of w[co][ci'][ky][kx] * x[n][ci][oy*s + ky - pad][ox*s + kx - pad] (zero
 * outside x), with y of size ho x wo. */
void kc_task_conv_ref(const kc_task_conv_dims *d, const double *x, const double *w,
                      const double *b, double *y);

/* ConvBlock's eval-mode BatchNorm constant. */
#define KC_TASK_CONV_BN_EPS 1e-5

#endif
