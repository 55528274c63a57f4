/* kc_npu_tmpl.h — the npu template compiler: baseline kernels for all 23
 * tasks at every config, from parameterised templates (eltwise: ReLU/SiLU/GELU;
 * rownorm: Softmax/LayerNorm/RMSNorm; matmul: GEMV, GEMM, BatchMatMul, Linear
 * and SwiGLU on the systolic array; rope; attention; conv) over a shared tiling
 * skeleton (double/triple-buffered DMA, hardware loops, vmask/dlen/mrows tails),
 * chained through the scratch tensor for the composite tasks (kc_npu_stage.h). */
#ifndef KC_NPU_TMPL_H
#define KC_NPU_TMPL_H

#include "kc_err.h"
#include "kc_task.h"

/* Emits the assembly text of the baseline kernel (malloc'd, caller frees).
 * KC_ERR_USAGE when the task has no npu template or the config does not fit. */
kc_status kc_npu_tmpl_emit(const kc_task *t, int config, char **text, kc_err *err);

#endif
