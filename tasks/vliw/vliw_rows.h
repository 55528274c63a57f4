/* vliw_rows.h — the vliw row templates on the streaming skeleton
 * (vliw_skel.h): element-wise ReLU / SiLU / GELU and the row reductions
 * Softmax / LayerNorm / RMSNorm. */
#ifndef VLIW_ROWS_H
#define VLIW_ROWS_H

#include "kc_err.h"
#include "kc_task.h"
#include "vliw_emit.h"

/* 1 when `name` is a task these templates serve. */
int vliw_rows_serves(const char *name);

/* A rows stage (vliw_emit.h): `name` (one of the tasks above, or the
 * element-wise binary "add" / "mul": out = in + in2 / in * in2, in fp32, one
 * rounding) over `rows` rows of `n` elements, row-major and contiguous;
 * element-wise ones see rows * n elements (out == in or in2 is fine: in
 * place). */
typedef struct vliw_rows_op {
    const char *name;
    uint32_t rows, n;
    double eps;                        /* layernorm, rmsnorm */
    vliw_opnd in, out, gamma, beta;    /* gamma: layernorm, rmsnorm; beta: layernorm */
    vliw_opnd in2;                     /* add, mul */
} vliw_rows_op;

/* The stage function: args is a const vliw_rows_op *. */
kc_status vliw_rows_stage(vliw_gen *g, const void *args, kc_err *err);

kc_status vliw_rows_gen(vliw_gen *g, const kc_task *t, const kc_task_config *c, kc_err *err);

#endif
