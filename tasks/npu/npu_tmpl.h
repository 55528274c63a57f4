/* npu_tmpl.h — the npu template compiler: baseline kernels for all 23 tasks at
 * every config, for an npu of any size the templates serve, from parameterised
 * templates (npu_rows: ReLU/SiLU/GELU, Softmax/LayerNorm/RMSNorm, RoPE;
 * npu_matmul: GEMV, GEMM, BatchMatMul, Linear and SwiGLU on the systolic array;
 * npu_attn: attention; npu_conv: convolutions) over a shared tiling skeleton
 * (npu_skel: double/triple-buffered DMA, hardware loops, vmask/dlen/mrows
 * tails), chained through the scratch tensor for the composite tasks
 * (npu_block). */
#ifndef NPU_TMPL_H
#define NPU_TMPL_H

#include "kc_err.h"
#include "kc_hw.h"
#include "kc_task.h"
#include "npu_hw.h"

/* Emits the assembly text of the baseline kernel (malloc'd, caller frees) for
 * the npu build whose parameters are hw (NULL: the isa/npu.def defaults).
 * KC_ERR_USAGE when the task has no npu template, the config does not fit, or
 * the task's templates are not verified at hw's sizes ("baseline: conv2d is not
 * supported at VLEN=32 yet"); KC_ERR_RANGE when hw is not a valid npu. */
kc_status npu_tmpl_emit(const kc_task *t, int config, const kc_hw *hw, char **text,
                        kc_err *err);

/* 1 when the templates of `t` are verified at the sizes of `hw` (every task at
 * the default size; a subset at other sizes, see npu_tmpl.c). */
int npu_tmpl_supported(const kc_task *t, const npu_hw *hw);

#endif
