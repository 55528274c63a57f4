/* npu_conv_plan.h — the plan of an npu convolution baseline (npu_conv.c,
 * npu_dwconv.c): the shapes, the SRAM layout and the B-load geometry, and the
 * set-up stages both paths share (identity rows, per-channel rows).
 * Sizes come from p->hw; the 16s and 4s of the comments are VLEN and MLEN at
 * the default size. NPU_CONV_PLAN_WHALF and the 256 zero rows of npu_dwconv.c
 * are layout choices that fit every size from the default up. Conv2D is checked
 * at a second size, DepthwiseConv and ConvBlock are not yet (npu_tmpl.c). */
#ifndef NPU_CONV_PLAN_H
#define NPU_CONV_PLAN_H

#include <stdint.h>

#include "kc_task_conv.h"
#include "npu_emit.h"

#define NPU_CONV_PLAN_WHALF 512u   /* matrix row of the second half of a K = 5 weight load */

typedef struct npu_conv_plan {
    npu_hw hw;              /* the sizes the kernel is for */
    kc_task_conv_dims d;
    int dw;                 /* depthwise */
    int a_w, a_b, a_y, a_ws;
    uint32_t hp, wp, cb, kk, ntiles;
    int pk;                 /* packed taps: a tile is 16 consecutive (kx, c) of one ky */
    uint32_t tt;            /* pk: tiles per kernel row, ceil(K Ci / 16) */
    uint32_t stiles;        /* tiles per output group and set */
    uint64_t wbase;         /* pk: ws element offset of the re-laid-out weights */
    uint64_t sbase;         /* ws element offset of the selection matrices (512) */
    uint32_t sp;            /* s * P: pixel pitch of a B row, in xp columns */
    uint32_t pp;            /* P: output column phases computed (ConvBlock 2, or 1 with sel) */
    int sel;                /* ConvBlock pools columns by even/odd selection matrices */
    uint32_t rb, kyr;       /* output rows per block, input rows loaded per block */
    uint32_t nphi, lrows;   /* phases loaded, rows per (row, channel block, phase) */
    uint32_t cbp;           /* channel blocks in one B load (1 for depthwise) */
    uint32_t nu, ub, nrb;   /* pixel lanes per output row, pixel blocks, row blocks */
    uint32_t yh, yw;        /* y's rows and columns */
    uint32_t cc, nchunks;   /* output channels per chunk */
    /* vector SRAM rows */
    uint32_t v_e, v_t, v_bias, v_sh, v_o, v_r, v_a;
} npu_conv_plan;

/* The plan of a task of family "conv" at g's sizes; KC_ERR_USAGE when it does not fit. */
kc_status npu_conv_plan_make(const npu_gen *g, npu_conv_plan *p, const kc_task *t,
                             const kc_task_config *c, kc_err *err);

uint32_t npu_conv_plan_min(uint32_t a, uint32_t b);
uint32_t npu_conv_plan_ceil(uint32_t a, uint32_t b);      /* ceil(a / b) */
/* Lanes of VLEN-block `block` of `total` elements. */
uint32_t npu_conv_plan_lanes(const npu_conv_plan *p, uint32_t total, uint32_t block);
/* Matrix row of the selection matrices (the last 2 VLEN rows). */
uint32_t npu_conv_plan_smrow(const npu_conv_plan *p);

/* One DMA command: dlen, dstride, rows, then `op [row], a<areg>, r1`. */
void npu_conv_plan_dma(npu_gen *g, const char *op, uint32_t row, int areg, uint32_t rows,
                       uint32_t dlen, uint32_t dstride);

/* v_e + i = one-hot lane i; and the per-output-channel rows (bias, or
 * ConvBlock's BN scale and shift). */
void npu_conv_plan_identity(npu_gen *g, const npu_conv_plan *p);
void npu_conv_plan_params(npu_gen *g, const npu_conv_plan *p);

/* B-load geometry (matrix rows of an input row / channel block / phase, pk:
 * of an input row / column phase / tile), commands and rows of one load. */
uint32_t npu_conv_plan_brow(const npu_conv_plan *p, uint32_t kyr, uint32_t cbi, uint32_t phi);
uint32_t npu_conv_plan_brow_pk(const npu_conv_plan *p, uint32_t kyr, uint32_t psi, uint32_t t);
uint32_t npu_conv_plan_bload_cmds(const npu_conv_plan *p);
uint32_t npu_conv_plan_bload_rows(const npu_conv_plan *p);

#endif
