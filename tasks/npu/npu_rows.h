/* npu_rows.h — the npu row stages (element-wise, row normalisation, rotary
 * embedding) and the single-stage tasks they serve (relu, silu, gelu, softmax,
 * layernorm, rmsnorm, rope). Stage conventions: npu_emit.h. Each stage returns
 * KC_ERR_USAGE with a message when a shape does not fit. */
#ifndef NPU_ROWS_H
#define NPU_ROWS_H

#include "npu_emit.h"

/* out = f(in) element-wise over `elems` contiguous elements (recipe "relu",
 * "silu", "gelu"), or out = in + in2 (recipe "add"). out may equal in. Needs 2
 * working registers (3 for "add"). */
kc_status npu_rows_eltwise(npu_gen *g, const char *recipe, npu_opnd in, npu_opnd in2,
                           npu_opnd out, uint64_t elems, npu_work w, kc_err *err);

/* Row normalisation ("softmax", "layernorm", "rmsnorm") of m rows of n
 * elements (rows ld apart in in and out); gamma/beta when the recipe uses them.
 * Needs 2 working registers. */
kc_status npu_rows_norm(npu_gen *g, const char *recipe, npu_opnd in, npu_opnd gamma,
                        npu_opnd beta, npu_opnd out, uint32_t m, uint32_t n, double eps,
                        npu_work w, kc_err *err);

/* Rotate-half RoPE (the rope task) of x [S][H][Dh] into y (may equal x) with
 * cos/sin [S][Dh/2]. Needs 5 working registers. */
kc_status npu_rows_rope(npu_gen *g, npu_opnd x, npu_opnd cos, npu_opnd sin, npu_opnd y,
                        uint32_t s, uint32_t h, uint32_t dh, npu_work w, kc_err *err);

/* 1 when `task` is a single-stage row task. */
int npu_rows_serves(const char *task);

/* The kernel body of a single-stage row task: its stage on the ABI tensors
 * (inputs a0.., the output last, working registers after them), then halt. */
kc_status npu_rows_gen(npu_gen *g, const kc_task *task, const kc_task_config *c, kc_err *err);

#endif
